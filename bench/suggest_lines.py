"""How many suggestions are complete lines in the site's terms (nothing of the turn left to play).

At N corpus positions (between lines, drawn with a seed), the search's top 3 at a fixed simulation
budget; a suggestion's line is applied to a copy of the position and checked with
gaia_ai.games.gaia.gamelog.left_incomplete (a sub-decision, an end of turn, the rest of an income
order or a brainstone choice still owed by the same player is what the site refuses as incomplete).

    python bench/suggest_lines.py ../shared/corpus/gaia/games.jsonl.gz --positions 50 --simulations 200
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from gaia_ai.games.gaia.corpus import read_corpus
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.gamelog import left_incomplete
from gaia_ai.games.gaia.notation import parse_line
from gaia_ai.games.gaia.search import search_gaia
from gaia_ai.games.gaia.setup import GameSetup
from gaia_ai.search import SearchConfig


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", type=Path)
    ap.add_argument("--positions", type=int, default=50)
    ap.add_argument("--simulations", type=int, default=200)
    ap.add_argument("--top", type=int, default=3)
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--search-move-only", action="store_true",
                    help="check the search move alone (what a suggestion was before it was completed)")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    records = list(read_corpus(args.corpus))
    total = complete = 0
    for _ in range(args.positions):
        record = rng.choice(records)
        cut = rng.randrange(record.num_players * 2 + 1, len(record.move_history))
        state = GaiaState.new(GameSetup.from_corpus(
            {"setup": record.setup, "seed": record.seed, "nbPlayers": record.num_players}))
        for text in record.move_history[1:cut]:
            state.apply_line(text)
        if state.is_terminal:
            continue
        player = state.current_player
        prefix = state.faction(player) or f"p{player + 1}"
        result = search_gaia(state, SearchConfig(simulations=args.simulations, seed=args.seed), top_k=args.top)
        for cand in result.candidates[: args.top]:
            total += 1
            text = cand.line
            if args.search_move_only:
                text = cand.__class__(cand.move, 0, 0, 0, 0, [], moves=cand.moves).line
            line = parse_line(f"{prefix} {text}")
            trial = state.copy()
            trial.apply_line(line)
            if left_incomplete(trial, player, line):
                print(f"{record.id} after line {cut}: {text!r} is incomplete")
            else:
                complete += 1
    print(f"{complete} of {total} suggestions (top {args.top}, {args.simulations} simulations) are complete lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
