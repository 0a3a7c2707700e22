"""Fuzz bench of the Terraforming Mars and Eminent Domain inputs:
``python bench/fuzz_tm_ed.py --kind tm_view|tm_obs|tm_log|ed_log|ed_obs|all --count N [--seed S] [--save DIR]``.

Mutated inputs of one kind, each answered by a worker subprocess exactly as the service answers a client:
the game's service adapter decodes the Position (JSON text), validates it (its legal moves) and, when it
is accepted and not over, searches it (a few simulations) and checks every suggestion is a legal move.
  tm_view   a player view of the TM web app (tests/data/tm-playerviews)       -> tm_view_json
  tm_obs    one seat's TM observation (written from those views)              -> tm_observation_json
  tm_log    a TM corpus record cut before an action (tests/data/tm)           -> tm_log_json
  ed_log    an ED game log (seeded random games, cut, and the repro log)      -> ed_log_json
            (a fifth of them only cut shorter: positions that reach the search)
  ed_obs    one seat's ED observation along those games                       -> ed_observation_json
The mutators are Gaia's bench/fuzz.py's (numbers, strings, deleted keys, duplicated items, deep nests,
moved values, truncated or deeply wrapped text); each input is drawn from random.Random(f"{seed}:{kind}:{i}").

Counted per input: clear (a RequestError naming what is wrong: INVALID_ARGUMENT), accepted (and searched,
every suggestion legal), internal (any other exception, or a suggestion that is not a legal move: what
the service would answer INTERNAL or get wrong), crash (the worker died: a sanitizer report, a segfault)
and hang (no answer within --timeout seconds). Exit status 1 when any input was internal, a crash or a
hang (CI runs a small count under the sanitizer build).
"""

from __future__ import annotations

import argparse
import copy
import gzip
import json
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz as gaia_fuzz  # Gaia's fuzz bench: its mutators and worker pool

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
KINDS = ("tm_view", "tm_obs", "tm_log", "ed_log", "ed_obs")
FIELDS = {"tm_view": "tm_view_json", "tm_obs": "tm_observation_json", "tm_log": "tm_log_json",
          "ed_log": "ed_log_json", "ed_obs": "ed_observation_json"}
GAMES = {"tm": "terraforming-mars", "ed": "eminent-domain"}
VERDICTS = gaia_fuzz.VERDICTS
SEARCH_SIMULATIONS = 8


# ---- inputs ---------------------------------------------------------------------------------------------

def _tm_views() -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted((DATA / "tm-playerviews").glob("*.json"))
            if not p.name.endswith(".facts.json")]


def _ed_games(count: int = 4) -> list[Any]:
    """Seeded random ED games (2-4 players), each as its EdState at every 25th decision."""
    from gaia_ai.games.eminent_domain.state import EdState

    states = []
    for g in range(count):
        rng = random.Random(f"ed-seed-game:{g}")
        state = EdState.new(2 + g % 3, 100 + g)
        k = 0
        while not state.is_terminal:
            if k % 25 == 10:
                states.append(state.copy())
            state.apply(rng.choice(state.legal_moves()))
            k += 1
    return states


def seed_inputs(kind: str) -> list[Any]:
    """The unmutated inputs a kind's mutations start from (JSON data)."""
    if kind == "tm_view":
        return _tm_views()
    if kind == "tm_obs":
        from gaia_ai.games.terraforming_mars.observation import observation_json
        from gaia_ai.games.terraforming_mars.playerview import import_player_view

        out = []
        for view in _tm_views():
            state, pv = import_player_view(view)
            out.append(observation_json(state, pv.seat))
        return out
    if kind == "tm_log":
        from gaia_ai.games.terraforming_mars.replay import read_records

        out = []
        for name in ("games-sample.jsonl.gz", "games-colonies-sample.jsonl.gz"):
            for n, rec in enumerate(read_records(DATA / "tm" / name)):
                if n >= 3:
                    break
                for frac in (0.1, 0.5, 0.9):
                    out.append({**rec, "cut": int(len(rec["acts"]) * frac)})
        return out
    from gaia_ai.games.eminent_domain.gamelog import record_of
    from gaia_ai.games.eminent_domain.observation import observation_json as ed_observation

    states = _ed_games()
    if kind == "ed_log":
        out = [record_of(s, f"seed-{i}") for i, s in enumerate(states)]
        repro = DATA / "repro" / "service" / "ed_log_g0_cut41.json.gz"
        out.append(json.loads(gzip.decompress(repro.read_bytes())))
        return [{**r, "final_scores": None} for r in out]
    return [ed_observation(s, s.current_player) for s in states]


def make_input(kind: str, seeds: list[Any], seed: int, i: int) -> dict[str, Any]:
    """Input i of a run: the game, the Position field and its text, handed to the worker as one line."""
    rng = random.Random(f"{seed}:{kind}:{i}")
    data = seeds[rng.randrange(len(seeds))]
    r = rng.random()
    if kind == "ed_log" and r < 0.2:   # a cut of a real log: a position no mutation broke, for the search
        data = {**data, "moves": data["moves"][: rng.randrange(len(data["moves"]) + 1)]}
    elif kind in ("tm_log", "ed_log") and r < 0.6:
        key = "acts" if kind == "tm_log" else "moves"
        data = copy.deepcopy(data)
        items = data[key]
        if items:
            k = rng.randrange(len(items))
            if isinstance(items[k], str):
                items[k] = gaia_fuzz._mutate_text(rng, items[k])
                data[key] = items[: k + 1 + rng.randrange(3)]
            else:
                items[k] = gaia_fuzz.mutate_json(rng, items[k])
                if kind == "tm_log" and rng.random() < 0.5:
                    data["cut"] = min(len(items), k + 1 + rng.randrange(3))
    else:
        data = gaia_fuzz.mutate_json(rng, data)
    text = json.dumps(data)
    if rng.random() < 0.03:
        text = text[: rng.randrange(len(text))]   # truncated text
    return {"kind": kind, "game": GAMES[kind[:2]], "field": FIELDS[kind], "text": gaia_fuzz._deep_wrap(rng, text)}


# ---- the worker -----------------------------------------------------------------------------------------

def answer(item: dict[str, Any]) -> str:
    """The verdict on one input (run in the worker): decode, validate, search, as the service does."""
    from gaia_ai.search import SearchConfig
    from gaia_ai.service.errors import RequestError
    from gaia_ai.service.games import game_adapter
    from gaia_ai.v1 import suggest_pb2 as pb

    adapter = game_adapter(item["game"])
    try:
        state = adapter.decode(pb.Position(**{item["field"]: item["text"]}))
        legal = {m.notation for m in adapter.validate(state).legal_moves}
        if not state.is_terminal:
            reply = adapter.suggest(state, SearchConfig(simulations=SEARCH_SIMULATIONS, seed=1), 3)
            wrong = [s.move for s in reply.suggestions if s.move not in legal]
            if wrong or not reply.suggestions:
                return f"internal suggestion {wrong[:1] or 'none'} not among {len(legal)} legal moves"
        return "accepted"
    except RequestError:
        return "clear"
    except Exception as e:  # noqa: BLE001 (the point: anything else is what the service answers INTERNAL)
        return f"internal {type(e).__name__}: {str(e)[:200]}"


def worker() -> None:
    """Read inputs (one JSON line each) from stdin; write one verdict line each, flushed at once."""
    for line in sys.stdin:
        sys.stdout.write(json.dumps(answer(json.loads(line))) + "\n")
        sys.stdout.flush()


class Pool(gaia_fuzz.Pool):
    """Gaia's worker pool, running this file's worker."""

    def _start(self) -> Any:
        if self.proc is None or self.proc.poll() is not None:
            import subprocess

            self.proc = subprocess.Popen([sys.executable, __file__, "--worker"], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                         env={**os.environ, "PYTHONUNBUFFERED": "1"})
            os.set_blocking(self.proc.stdout.fileno(), False)   # type: ignore[union-attr]
        return self.proc


def run(kind: str, count: int, seed: int, timeout: float, save: Path | None, seconds: float | None) -> Counter[str]:
    seeds = seed_inputs(kind)
    counts: Counter[str] = Counter()
    pool = Pool()
    start = time.perf_counter()
    n = 0
    try:
        for i in range(count):
            if seconds is not None and time.perf_counter() - start > seconds:
                break
            item = make_input(kind, seeds, seed, i)
            verdict, detail = pool.ask(item, timeout)
            counts[verdict] += 1
            n += 1
            if verdict in ("internal", "crash", "hang"):
                last = detail.strip().splitlines()[-1] if detail.strip() else ""
                print(f"  {kind} #{i}: {verdict} {last[:300]}", file=sys.stderr)
                if save is not None:
                    save.mkdir(parents=True, exist_ok=True)
                    (save / f"{kind}-{seed}-{i}-{verdict}.json").write_text(json.dumps(item))
    finally:
        pool.close()
    elapsed = time.perf_counter() - start
    line = "  ".join(f"{v} {counts[v]}" for v in VERDICTS)
    print(f"{kind:8s} {n} inputs in {elapsed:.1f} s ({1000 * elapsed / max(n, 1):.1f} ms each): {line}", flush=True)
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=(*KINDS, "all", "tm", "ed"), default="all")
    parser.add_argument("--count", type=int, default=200, help="inputs per kind (default 200)")
    parser.add_argument("--seconds", type=float, help="stop each kind after this long (whatever --count says)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds before an input counts as a hang")
    parser.add_argument("--save", type=Path, help="folder for the inputs that were internal, a crash or a hang")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker()
        return 0
    if args.count < 1:
        parser.error("--count must be at least 1")
    kinds = KINDS if args.kind == "all" else tuple(k for k in KINDS if k.startswith(args.kind))
    total: Counter[str] = Counter()
    for kind in kinds:
        total += run(kind, args.count, args.seed, args.timeout, args.save, args.seconds)
    bad = total["internal"] + total["crash"] + total["hang"]
    print(f"total: {sum(total.values())} inputs, {bad} internal/crash/hang")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
