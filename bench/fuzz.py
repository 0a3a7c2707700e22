"""Fuzz bench: ``python bench/fuzz.py --kind state|log|export|line --count N [--seed S] [--save DIR]``.

Mutated inputs of one kind, each answered by a worker subprocess exactly as a client's input is:
  state   a structured state (GaiaGameState JSON) -> state_from_json, then a small search if accepted
  log     a setup and move log -> the service's decoder (GaiaAdapter), then a small search
  export  a boardgamers.space export (JSON text) -> the service's decoder, then a small search
  line    one notation line at a mid-game position -> GaiaState.apply_line
Inputs start from the demo position, the repro inputs and the test exports; each mutation is drawn from
random.Random(f"{seed}:{kind}:{i}"), so a given (seed, kind, i) is always the same input.

Counted per input: clear (a GaiaError / RequestError naming what is wrong), accepted (and searched),
internal (any other exception: what the service would answer INTERNAL), crash (the worker process
died, e.g. a sanitizer report or a segfault) and hang (no answer within --timeout seconds). A worker
answers many inputs in a row; after a crash or a hang a new one starts at the next input. The exit
status is 1 when any input was internal, a crash or a hang (CI runs a small count under the sanitizer).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
REPRO = ROOT / "tests" / "data" / "repro"
EXPORTS = ROOT / "tests" / "data" / "exports"
KINDS = ("state", "log", "export", "line")
VERDICTS = ("clear", "accepted", "internal", "crash", "hang")
SEARCH_SIMULATIONS = 8
INTERESTING = (0, 1, -1, 2, 3, 5, 6, 7, 8, 9, 15, 25, 30, 99, 100, 101, 255, 256, 999, 1000, 65535, 65536,
               2**31 - 1, 2**31, -(2**31), 2**32, 2**53, 2**63, -(2**63), 10**30)


# ---- inputs ---------------------------------------------------------------------------------------------

def _demo_record() -> dict[str, Any]:
    return json.loads((ROOT / "gaia_ai/games/gaia/data/demo-position.json").read_text())


def seed_inputs(kind: str) -> list[Any]:
    """The unmutated inputs a kind's mutations start from."""
    from gaia_ai.games.gaia.positions import demo, from_record
    from gaia_ai.games.gaia.structured import state_to_json

    record = _demo_record()
    if kind == "state":
        states = [state_to_json(demo())]
        for k in (2, 10, len(record["moveHistory"]) - 1):
            states.append(state_to_json(from_record(record, k)))
        states += [json.loads(p.read_text()) for p in sorted(REPRO.glob("*state*.json"))
                   if p.stat().st_size < 200_000 and "nested" not in p.name]
        return states
    if kind == "log":
        setup = {**record["setup"], "num_players": record["nbPlayers"], "seed": record["seed"]}
        logs = [{"setup": setup, "moves": record["moveHistory"]}]
        logs += [json.loads(p.read_text()) for p in sorted(REPRO.glob("movelog_*.json"))]
        return logs
    if kind == "export":
        return [json.loads(p.read_text()) for p in sorted(EXPORTS.glob("*.json"))]
    return list(record["moveHistory"])


def _mutate_number(rng: random.Random, value: float) -> Any:
    r = rng.random()
    if r < 0.6:
        return rng.choice(INTERESTING)
    if r < 0.8:
        return value + rng.choice((-2, -1, 1, 2))
    if r < 0.9:
        return str(value)
    return rng.choice((None, True, 1.5, [], {}))


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _get(value: Any, path: tuple) -> Any:
    for k in path:
        value = value[k]
    return value


def mutate_json(rng: random.Random, data: Any) -> Any:
    """One to three structural edits: a number, a string, a deleted key, a duplicated list item, a
    deep nest, or a value moved elsewhere."""
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = rng.choice(paths)
        parent, key = _get(data, path[:-1]), path[-1]
        value = parent[key]
        r = rng.random()
        if isinstance(value, bool) or value is None:
            parent[key] = rng.choice((True, False, None, 0, "x"))
        elif isinstance(value, (int, float)) and r < 0.85:
            parent[key] = _mutate_number(rng, value)
        elif isinstance(value, str) and r < 0.7:
            parent[key] = _mutate_text(rng, value) if rng.random() < 0.7 else rng.choice(
                ("", "PHASE_ACTIONS", "PENDING_TECH", "fed1", "booster1", "5A3", "ivits", "x" * 3000))
        elif isinstance(value, list) and value and r < 0.5:
            value.insert(rng.randrange(len(value) + 1), copy.deepcopy(rng.choice(value)))
        elif r < 0.93:
            if isinstance(parent, dict):
                del parent[key]
            else:
                parent.pop(key)
        elif r < 0.97:
            nest: Any = value
            for _ in range(rng.choice((3, 50))):
                nest = [nest]
            parent[key] = nest
        else:
            other = rng.choice(paths)
            try:
                parent[key] = copy.deepcopy(_get(data, other))
            except (KeyError, IndexError, TypeError):
                pass
    return data


def _mutate_text(rng: random.Random, text: str) -> str:
    """Character- and number-level edits of a notation line (or any string)."""
    alphabet = " .,0123456789abcdefghijklmnopqrstuvwxyzABP-+/()⇒\x00é"
    for _ in range(rng.randint(1, 3)):
        r = rng.random()
        digits = [i for i, ch in enumerate(text) if ch.isdigit()]
        if r < 0.35 and digits:
            i = rng.choice(digits)
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            text = text[:i] + str(rng.choice(INTERESTING)).lstrip("-") + text[j:]
        elif r < 0.6 and text:
            i = rng.randrange(len(text))
            text = text[:i] + rng.choice(alphabet) + text[i + 1:]
        elif r < 0.8:
            i = rng.randrange(len(text) + 1)
            text = text[:i] + rng.choice(alphabet) + text[i:]
        elif text:
            words = text.split(" ")
            if len(words) > 1:
                words.pop(rng.randrange(len(words)))
            else:
                words.append(rng.choice(("charge", "burn", "spend", "income", "build", "pass")))
            text = " ".join(words)
    return text


def _deep_wrap(rng: random.Random, text: str) -> str:
    """Now and then the JSON text nested thousands of levels deep (as text: json.dumps would recurse)."""
    if rng.random() < 0.03:
        depth = rng.choice((70, 5000, 100_000))
        return '{"a":' * depth + text + "}" * depth if rng.random() < 0.5 else "[" * depth + text + "]" * depth
    return text


def make_input(kind: str, seeds: list[Any], seed: int, i: int) -> dict[str, Any]:
    """Input i of a run: JSON-serialisable, handed to the worker as one line."""
    rng = random.Random(f"{seed}:{kind}:{i}")
    base = rng.randrange(len(seeds))
    if kind == "state":
        return {"kind": kind, "data": _deep_wrap(rng, json.dumps(mutate_json(rng, seeds[base])))}
    if kind == "log":
        log = copy.deepcopy(seeds[base])
        if rng.random() < 0.6 and log["moves"]:
            k = rng.randrange(len(log["moves"]))
            log["moves"][k] = _mutate_text(rng, log["moves"][k])
            log["moves"] = log["moves"][: k + 1 + rng.randrange(3)]
        else:
            log["setup"] = mutate_json(rng, log["setup"])
        return {"kind": kind, "data": log}
    if kind == "export":
        export = seeds[base]
        if rng.random() < 0.5 and export.get("moveHistory"):
            export = copy.deepcopy(export)
            k = rng.randrange(len(export["moveHistory"]))
            export["moveHistory"][k] = _mutate_text(rng, export["moveHistory"][k])
        else:
            export = mutate_json(rng, export)
        text = json.dumps(export)
        if rng.random() < 0.05:
            text = text[: rng.randrange(len(text))]   # truncated text
        return {"kind": kind, "data": _deep_wrap(rng, text)}
    k = rng.randrange(1, len(seeds))
    return {"kind": kind, "moves": k, "data": _mutate_text(rng, seeds[k])}


# ---- the worker -----------------------------------------------------------------------------------------

def answer(item: dict[str, Any]) -> str:
    """The verdict on one input (run in the worker)."""
    from gaia_ai.games.gaia.errors import GaiaError
    from gaia_ai.games.gaia.service import GaiaAdapter
    from gaia_ai.search import SearchConfig
    from gaia_ai.service.errors import RequestError

    adapter = GaiaAdapter()
    config = SearchConfig(simulations=SEARCH_SIMULATIONS, seed=1)
    kind, data = item["kind"], item["data"]
    try:
        if kind == "state":
            from gaia_ai.games.gaia.errors import StateError
            from gaia_ai.games.gaia.structured import state_from_json
            from gaia_ai.jsontext import loads_bounded

            try:   # as `gaia-ai suggest --state FILE` reads it
                value = loads_bounded(data, "state", StateError)
            except json.JSONDecodeError:
                return "clear"
            state = state_from_json(value)
        elif kind == "log":
            from gaia_ai.games.gaia.requests import position_from_log

            try:
                position = position_from_log(data["setup"], data["moves"])
            except (TypeError, ValueError, AttributeError, KeyError):
                return "clear"   # the client cannot even build the request
            state = adapter.decode(position)
        elif kind == "export":
            from gaia_ai.games.gaia.requests import position_from_bgs

            state = adapter.decode(position_from_bgs(data))
        else:
            from gaia_ai.games.gaia.positions import from_record

            state = from_record(_RECORD, item["moves"])
            state.apply_line(data)
            return "accepted"
        if not state.is_terminal:
            adapter.suggest(state, config, 3)
        return "accepted"
    except (GaiaError, RequestError):
        return "clear"
    except Exception as e:  # noqa: BLE001 (the point: anything else is what the service answers INTERNAL)
        return f"internal {type(e).__name__}: {str(e)[:200]}"


_RECORD: dict[str, Any] = {}


def worker() -> None:
    """Read inputs (one JSON line each) from stdin; write one verdict line each, flushed at once."""
    _RECORD.update(_demo_record())
    for line in sys.stdin:
        verdict = answer(json.loads(line))
        sys.stdout.write(json.dumps(verdict) + "\n")
        sys.stdout.flush()


# ---- the parent -----------------------------------------------------------------------------------------

class Pool:
    """One worker process, restarted after a crash or a hang."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[str] | None = None

    def _start(self) -> subprocess.Popen[str]:
        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen([sys.executable, __file__, "--worker"], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                         env={**os.environ, "PYTHONUNBUFFERED": "1"})
            os.set_blocking(self.proc.stdout.fileno(), False)   # type: ignore[union-attr]
        return self.proc

    def ask(self, item: dict[str, Any], timeout: float) -> tuple[str, str]:
        proc = self._start()
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(json.dumps(item) + "\n")
            proc.stdin.flush()
        except BrokenPipeError:
            return "crash", self._kill()
        deadline = time.monotonic() + timeout
        buf = ""
        while time.monotonic() < deadline:
            chunk = proc.stdout.readline()
            if chunk:
                buf += chunk
                if buf.endswith("\n"):
                    verdict = json.loads(buf)
                    return ("internal", verdict) if verdict.startswith("internal") else (verdict, "")
                continue
            if proc.poll() is not None:
                return "crash", self._kill()
            time.sleep(0.002)
        return "hang", self._kill()

    def _kill(self) -> str:
        """Stop the worker; the tail of its stderr (a sanitizer report, a traceback)."""
        proc, self.proc = self.proc, None
        if proc is None:
            return ""
        if proc.poll() is None:
            proc.kill()
        try:
            _, err = proc.communicate(timeout=10)
        except (subprocess.TimeoutExpired, ValueError):
            err = ""
        return (err or "")[-2000:]

    def close(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.stdin.close()   # type: ignore[union-attr]
            self.proc.wait(timeout=30)


def run(kind: str, count: int, seed: int, timeout: float, save: Path | None) -> Counter[str]:
    seeds = seed_inputs(kind)
    counts: Counter[str] = Counter()
    pool = Pool()
    start = time.perf_counter()
    try:
        for i in range(count):
            item = make_input(kind, seeds, seed, i)
            verdict, detail = pool.ask(item, timeout)
            counts[verdict] += 1
            if verdict in ("internal", "crash", "hang"):
                print(f"  {kind} #{i}: {verdict} {detail.strip().splitlines()[-1] if detail.strip() else ''}",
                      file=sys.stderr)
                if save is not None:
                    save.mkdir(parents=True, exist_ok=True)
                    (save / f"{kind}-{seed}-{i}-{verdict}.json").write_text(json.dumps(item))
    finally:
        pool.close()
    elapsed = time.perf_counter() - start
    line = "  ".join(f"{v} {counts[v]}" for v in VERDICTS)
    print(f"{kind:7s} {count} inputs in {elapsed:.1f} s ({1000 * elapsed / max(count, 1):.1f} ms each): {line}")
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=(*KINDS, "all"), default="all")
    parser.add_argument("--count", type=int, default=200, help="inputs per kind (default 200)")
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
    total: Counter[str] = Counter()
    for kind in KINDS if args.kind == "all" else (args.kind,):
        total += run(kind, args.count, args.seed, args.timeout, args.save)
    bad = total["internal"] + total["crash"] + total["hang"]
    print(f"total: {sum(total.values())} inputs, {bad} internal/crash/hang")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
