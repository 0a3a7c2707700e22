"""Cold legal-move generation at dense late-game positions: ``python bench/late_movegen.py``.

Replays the corpus games (untimed), keeps the main-action decisions of rounds 5-6 (phase move, no
sub-decision pending, main action not taken) and takes the ``--count`` positions with the most
occupied hexes: where federation candidates cost the most. Each is timed cold (the federation
candidate cache emptied before every call, i.e. a position never seen), ``--repeats`` C loops of
``--inner`` calls, the fastest loop per position (the least disturbed by other load). Printed: median,
p90 and max microseconds per position, and the generations per second over the whole sample.
``--callgrind`` runs the sample once, for ``valgrind --tool=callgrind`` instruction counts (repeatable
on a loaded machine; ``--save FILE`` / ``--load FILE`` skip the replay, which valgrind makes slow):

    valgrind --tool=callgrind --toggle-collect='__pyx_pf_*movegen_benchmark*' \
        python bench/late_movegen.py --load late300.json.gz --callgrind

Never a test: wall time.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import time
from pathlib import Path

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia.corpus import read_corpus
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.setup import GameSetup
from gaia_ai.games.gaia.structured import state_from_json, state_to_json

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "gaia" / "games.jsonl.gz"


def dense_positions(path: Path, count: int, players: int | None) -> list[GaiaState]:
    """The `count` main-action positions of rounds 5-6 with the most occupied hexes (ties: corpus order)."""
    found = []
    for record in read_corpus(path):
        if players is not None and record.num_players != players:
            continue
        state = GaiaState.new(GameSetup.from_corpus(record.to_dict()))
        for line in record.move_history:
            if line.startswith("init "):
                continue
            try:
                state.apply_line(line)
            except Exception:  # noqa: BLE001 - a line the engine rejects ends the game's usable prefix
                break
            core = state._core
            if core.phase != "move" or core.round < 5 or core.pending:
                continue
            raw = core.raw_state()
            if raw["action_done"] or raw["bsq_player"] >= 0:
                continue
            occupied = sum(1 for h in core.hex_index.values() if raw["owner"][h] != -1)
            found.append((occupied, len(found), state.copy()))
    found.sort(key=lambda t: (-t[0], t[1]))
    return [state for _, _, state in found[:count]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--count", type=int, default=300, help="positions kept (default 300)")
    parser.add_argument("--players", type=int, default=None, help="only games of N players")
    parser.add_argument("--inner", type=int, default=20, help="calls per timed loop (default 20)")
    parser.add_argument("--repeats", type=int, default=5, help="timed loops per position (default 5)")
    parser.add_argument("--callgrind", action="store_true", help="one cold call per position, untimed")
    parser.add_argument("--save", type=Path, help="write the positions (structured states, .json.gz) and stop")
    parser.add_argument("--load", type=Path, help="read the positions --save wrote instead of replaying")
    args = parser.parse_args()
    if args.load:
        with gzip.open(args.load, "rt") as f:
            positions = [state_from_json(data) for data in json.load(f)]
    else:
        positions = dense_positions(args.corpus, args.count, args.players)
    if args.save:
        with gzip.open(args.save, "wt") as f:
            json.dump([state_to_json(state) for state in positions], f)
        print(f"{len(positions)} positions written to {args.save}")
        return
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
    per_us = sorted(t * 1e6 for t in per)
    p90 = per_us[int(0.9 * (len(per_us) - 1))]
    source = args.load.name if args.load else args.corpus.name
    print(f"{len(per_us)} dense round 5-6 main-action positions of {source}, cold generation: "
          f"median {statistics.median(per_us):.2f} us, p90 {p90:.1f} us, max {per_us[-1]:.0f} us; "
          f"mean {statistics.fmean(per_us):.2f} us ({len(per_us) / sum(per):,.0f} gens/s); "
          f"{wall:.1f} s in all")


if __name__ == "__main__":
    main()
