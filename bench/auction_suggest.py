"""Suggestions in auction games: ``python bench/auction_suggest.py [CORPUS] [--positions 20] [--simulations N]``.

Positions: from the auction games of CORPUS (default: the variant sample in tests/data), in file
order, the decisions during the faction picks and bids and the first decision after the boards load
(a starting mine), until --positions are taken. One search each (1 thread, fixed seed). Printed: one
line per position (game, line, phase, best move, its visits and expected VP, seconds), then the median
and spread of the time per suggestion. Wall-clock figures: compare them, never gate on them.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from gaia_ai.games.gaia.corpus import read_corpus
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.search import search_gaia
from gaia_ai.games.gaia.setup import GameSetup
from gaia_ai.search import SearchConfig

DEFAULT = Path(__file__).resolve().parents[1] / "tests" / "data" / "variants-sample.jsonl.gz"


def positions(path: Path, limit: int) -> list[tuple[str, int, GaiaState]]:
    out: list[tuple[str, int, GaiaState]] = []
    for record in read_corpus(path):
        if not record.options.get("auction"):
            continue
        state = GaiaState.new(GameSetup.from_corpus(record.to_dict()))
        for i, line in enumerate(record.move_history):
            if i > 0 and state.phase in ("sf", "sa", "sB"):
                out.append((record.id, i, state.copy()))
                if len(out) >= limit:
                    return out
            if state.phase == "sB" and i > 0:
                break   # the first decision after the auction is enough
            state.apply_line(line)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    times: list[float] = []
    for game_id, i, state in positions(args.corpus, args.positions):
        t0 = time.perf_counter()
        result = search_gaia(state, SearchConfig(simulations=args.simulations, seed=args.seed, threads=1))
        seconds = time.perf_counter() - t0
        times.append(seconds)
        best = result.best
        print(f"{game_id:>16} line {i:>3} {state.phase:>3} p{state.current_player + 1}  {best.move!s:<22}"
              f"{best.visits:>6} visits {best.expected_score:>6.1f} VP {seconds:>7.2f} s")
    print(f"{len(times)} positions, {args.simulations} simulations each: median {statistics.median(times):.2f} s "
          f"(min {min(times):.2f}, max {max(times):.2f})")


if __name__ == "__main__":
    main()
