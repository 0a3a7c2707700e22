"""Search time against the player's resources: ``python bench/token_cliff.py [--simulations N] [--repeats R] [--spec BOT]``.

tests/data/repro/state_area3_100.json is a round-6 position whose player to move (Firaks) holds 100
power tokens in area 3; main took 6-9 s for 200 simulations there. The same position is searched with
4, 20 and 100 tokens in area 3 (seed 1, one thread); printed: the median seconds of R searches, the
spread, the ratio to the 4-token position (target: 100 tokens within 2x) and how many moves random
play takes from there to the end (the rollouts' length: 5 with 4 tokens, ~66 with 100) and the search
moves at the root (22 with 4 tokens, 51 with 100: actions the power pays for, the conversions folded in).
--spec searches with a bot spec's config instead of the default one (e.g. the fast spec of
examples/search-fast.toml, which plays no rollouts). Each search starts with an empty federation memo
(the thread's, kept across searches otherwise). Never a test: wall time.
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics
import time
from dataclasses import replace
from pathlib import Path

from gaia_ai._core import gaia_rules
from gaia_ai.bots.base import make_bot
from gaia_ai.games.gaia.search import search_gaia
from gaia_ai.games.gaia.structured import state_from_json

STATE = Path(__file__).resolve().parents[1] / "tests" / "data" / "repro" / "state_area3_100.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--spec", default="mcts", help="the search's bot spec (default mcts: the default config)")
    args = parser.parse_args()
    config = replace(make_bot(args.spec).config, simulations=args.simulations, time_ms=None, seed=1, threads=1)
    data = json.loads(STATE.read_text())
    player = data["decision"]["player"]
    base = None
    for tokens in (4, 20, 100):
        edited = copy.deepcopy(data)
        edited["players"][player]["power"]["area3"] = tokens
        state = state_from_json(edited)
        times = []
        for _ in range(args.repeats):
            gaia_rules.clear_federation_memo()   # each search from scratch, as a new position's would be
            start = time.perf_counter()
            search_gaia(state, config)
            times.append(time.perf_counter() - start)
        median = statistics.median(times)
        base = base or median
        # the game left to play: more power buys more actions, so each rollout is longer
        length = statistics.median(len(gaia_rules.random_game_moves(state._core.copy(), seed)) for seed in range(50))
        print(f"area3 {tokens:3d} tokens: {args.simulations} simulations in {median:.3f} s median "
              f"(spread {min(times):.3f}-{max(times):.3f}), {median / base:.2f}x the 4-token position; "
              f"random play ends in {length:g} moves (median of 50); "
              f"{len(gaia_rules.search_moves_int(state._core))} search moves at the root")


if __name__ == "__main__":
    main()
