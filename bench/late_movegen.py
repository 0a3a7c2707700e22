"""Cold legal-move generation at late-game positions: ``python bench/late_movegen.py``.

Replays the corpus games (untimed) and keeps the main-action decisions of rounds 5-6 (phase move, no
sub-decision pending, main action not taken): all of them (``--all``, the median late position of a
real game) or the ``--count`` with the most occupied hexes (the default: where federation candidates
cost the most). Each is timed cold (the federation candidate cache emptied before every call, i.e. a
position never seen), ``--repeats`` C loops of ``--inner`` calls, the fastest loop per position (the
least disturbed by other load). Printed: median, p90 and max microseconds per position, and the
generations per second over the whole sample.

``--instructions N`` also counts instructions (valgrind's callgrind, repeatable on a loaded machine) of
one cold generation at each of N positions spread evenly over the sample: median, p90 and max. It runs
valgrind itself on the saved positions (``--callgrind`` is the inner run: one cold call per position,
callgrind dumping after each). ``--save FILE`` / ``--load FILE`` skip the replay:

    python bench/late_movegen.py --all --save late-all.json.gz
    python bench/late_movegen.py --load late-all.json.gz --instructions 200

``--slowest N`` counts the instructions of the N positions the timing found slowest (the tail an even
sample misses). ``--check`` times nothing: it compares, at every position, the listed moves and every player's
federation candidates computed cold with the exact shortcuts of the federation search on
(``gaia_rules.set_federation_fast_paths``, the default) and off, and exits 1 on any difference.

Never a test: wall time.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia.engine import GaiaState, set_federation_rule
from gaia_ai.games.gaia.positions import late_positions
from gaia_ai.games.gaia.structured import state_from_json, state_to_json

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "gaia" / "games.jsonl.gz"
LATE = Path(__file__).resolve().parents[1] / "gaia_ai" / "games" / "gaia" / "data" / "late-game"


def dense_positions(path: Path, count: int | None, players: int | None) -> list[GaiaState]:
    """The `count` main-action positions of rounds 5-6 with the most occupied hexes (ties: corpus order);
    count None: all of them, in corpus order."""
    found = []
    for state in late_positions(path, players=players):
        raw = state._core.raw_state()
        if raw["action_done"] or raw["bsq_player"] >= 0:
            continue
        occupied = sum(1 for h in state._core.hex_index.values() if raw["owner"][h] != -1)
        found.append((occupied, len(found), state))
    if count is None:
        return [state for _, _, state in found]
    found.sort(key=lambda t: (-t[0], t[1]))
    return [state for _, _, state in found[:count]]


def _quantiles(values: list[float]) -> tuple[float, float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[int(0.9 * (len(ordered) - 1))], ordered[-1]


# the C generator (Cython's name for gen_moves of fastgen.pxi): collected alone, a dump after each call
FUNCTION = "__pyx_f_7gaia_ai_5_core_10gaia_rules_gen_moves"


def instructions(positions: list[GaiaState], count: int) -> list[int]:
    """Instructions of one cold generation at each of `count` positions spread evenly over `positions`
    (callgrind collecting inside gen_moves only, a dump after each call; loading the positions calls it
    too, so the last `count` dumps are the benchmark's cold calls)."""
    step = max(1, len(positions) // max(1, count))
    sample = positions[::step][:count]
    with tempfile.TemporaryDirectory() as tmp:
        saved = Path(tmp) / "positions.json.gz"
        with gzip.open(saved, "wt") as f:
            json.dump([state_to_json(state) for state in sample], f)
        out = Path(tmp) / "cg.out"
        subprocess.run(["valgrind", "--tool=callgrind", f"--toggle-collect={FUNCTION}",
                        f"--dump-after={FUNCTION}", f"--callgrind-out-file={out}",
                        sys.executable, __file__, "--load", str(saved), "--callgrind"],
                       check=True, capture_output=True)
        dumps = sorted(Path(tmp).glob("cg.out.*"), key=lambda p: int(p.suffix[1:]))
        counts = []
        for dump in dumps[-len(sample):]:
            m = re.search(r"^totals: (\d+)", dump.read_text(), re.MULTILINE)
            if m:
                counts.append(int(m.group(1)))
    return counts


def _cold_answers(state: GaiaState) -> tuple[list[int], list[list[str]]]:
    """The listed moves (the state's candidate cache emptied, the thread's memo too) and every player's
    federation candidates computed afresh."""
    core = state._core.copy()
    raw = core.raw_state()
    core.load_raw_state(raw)    # empties the state's own federation cache
    gaia_rules.clear_federation_memo()
    moves = gaia_rules.legal_moves_int(core)
    labels = [gaia_rules.federation_labels(core, cached=False, player=p) for p in range(raw["num_players"])]
    return moves, labels


def check_fast_paths(positions: list[GaiaState]) -> int:
    """Positions whose listed moves or federation candidates differ with the fast paths on and off
    (each printed)."""
    differ = 0
    try:
        for i, state in enumerate(positions):
            answers = []
            for fast in (True, False):
                gaia_rules.set_federation_fast_paths(fast)
                answers.append(_cold_answers(state))
            if answers[0] != answers[1]:
                differ += 1
                print(f"position {i}: fast {answers[0]} != plain {answers[1]}")
    finally:
        gaia_rules.set_federation_fast_paths(True)
        gaia_rules.clear_federation_memo()
    return differ


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--count", type=int, default=300, help="positions kept (default 300)")
    parser.add_argument("--all", action="store_true", help="every round 5-6 main-action position, not the densest")
    parser.add_argument("--rule", choices=("site", "exact"), default=None,
                        help="the federation rule of the generator (default: the engine's, site)")
    parser.add_argument("--instructions", type=int, default=0, metavar="N",
                        help="also count instructions (callgrind) at N positions spread over the sample")
    parser.add_argument("--slowest", type=int, default=0, metavar="N",
                        help="also count instructions (callgrind) at the N positions the timing found slowest")
    parser.add_argument("--players", type=int, default=None, help="only games of N players")
    parser.add_argument("--inner", type=int, default=20, help="calls per timed loop (default 20)")
    parser.add_argument("--repeats", type=int, default=5, help="timed loops per position (default 5)")
    parser.add_argument("--callgrind", action="store_true", help="one cold call per position, untimed")
    parser.add_argument("--check", action="store_true",
                        help="compare the answers with the federation fast paths on and off; exit 1 if any differ")
    parser.add_argument("--save", type=Path, help="write the positions (structured states, .json.gz) and stop")
    parser.add_argument("--load", type=Path, help="read the positions --save wrote instead of replaying")
    args = parser.parse_args()
    if args.rule:
        set_federation_rule(args.rule)
        os.environ["GAIA_AI_FEDERATION_RULE"] = args.rule    # and in valgrind's run (--instructions)
    if args.load:
        with gzip.open(args.load, "rt") as f:
            positions = [state_from_json(data) for data in json.load(f)]
    elif not args.corpus.exists():
        # no corpus beside the checkout: the late-game positions shipped with the package
        print(f"{args.corpus} not found: the positions of gaia_ai/games/gaia/data/late-game")
        positions = [state_from_json(json.loads(f.read_text())) for f in sorted(LATE.glob("*.json"))]
    else:
        positions = dense_positions(args.corpus, None if args.all else args.count, args.players)
    if args.save:
        with gzip.open(args.save, "wt") as f:
            json.dump([state_to_json(state) for state in positions], f)
        print(f"{len(positions)} positions written to {args.save}")
        return
    if args.check:
        differ = check_fast_paths(positions)
        print(f"{len(positions)} positions: listed moves and federation candidates with the fast paths on "
              f"and off {'identical' if not differ else f'differ at {differ}'}")
        sys.exit(1 if differ else 0)
    if args.callgrind:
        for state in positions:
            gaia_rules.movegen_benchmark(state._core, 1, True)
        print(f"{len(positions)} positions, one cold generation each")
        return
    per = []
    start = time.perf_counter()
    for state in positions:
        per.append(min(gaia_rules.movegen_benchmark(state._core, args.inner, True)
                       for _ in range(args.repeats)))
    wall = time.perf_counter() - start
    per_us = [t * 1e6 for t in per]
    median, p90, worst = _quantiles(per_us)
    shipped = not args.load and not args.corpus.exists()
    source = args.load.name if args.load else ("data/late-game" if shipped else args.corpus.name)
    which = "dense " if not (args.all or args.load or shipped) else ""
    print(f"{len(per_us)} {which}round 5-6 main-action positions of {source}, federation rule "
          f"{gaia_rules.federation_rule()}, cold generation: "
          f"median {median:.2f} us, p90 {p90:.1f} us, max {worst:.0f} us (max/median {worst / median:.0f}x); "
          f"mean {statistics.fmean(per_us):.2f} us ({len(per_us) / sum(per):,.0f} gens/s); "
          f"{wall:.1f} s in all")
    if args.instructions:
        counts = instructions(positions, args.instructions)
        if not counts:
            print("callgrind gave no counts (is valgrind installed?)")
            return
        median, p90, worst = _quantiles(counts)
        print(f"instructions (callgrind) of one cold generation at {len(counts)} of these positions: "
              f"median {median:,.0f}, p90 {p90:,.0f}, max {worst:,.0f} (max/median {worst / median:.0f}x)")
    if args.slowest:
        order = sorted(range(len(per)), key=lambda i: -per[i])[:args.slowest]
        counts = instructions([positions[i] for i in order], len(order))
        if not counts:
            print("callgrind gave no counts (is valgrind installed?)")
            return
        print(f"instructions (callgrind) at the {len(counts)} slowest positions: max {max(counts):,}, "
              f"min {min(counts):,}; slowest first: {', '.join(f'{c:,}' for c in counts[:5])}")


if __name__ == "__main__":
    main()
