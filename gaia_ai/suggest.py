"""``gaia-ai suggest``: ranked move suggestions for the player to move, from the command line."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from gaia_ai.games.gaia.errors import GaiaError
from gaia_ai.games.gaia.positions import demo, from_bgs, from_corpus, from_state_file, require_decision


def add_suggest_subparser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "suggest",
        help="rank the best moves for the player to move",
        description="Search a position and print the best moves of the player to move, with their visits, "
                    "value, win probability, expected final score and the line the search expects.",
    )
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--bgs", metavar="FILE", help="a boardgamers.space game export (JSON) of a game in progress")
    where.add_argument("--corpus", metavar="FILE", help="a corpus file (gzip JSONL); with --game and --move")
    where.add_argument("--demo", action="store_true", help="the position shipped with the package")
    where.add_argument("--state", metavar="FILE", help="a structured game state (GaiaGameState JSON, e.g. "
                       "from 'gaia-ai export-state')")
    parser.add_argument("--game", metavar="ID", help="game id in --corpus (e.g. bot-001)")
    parser.add_argument("--move", metavar="K", type=int, help="position after the first K log lines of --game")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--simulations", type=int, metavar="N", help="search budget in simulations (default 2000)")
    budget.add_argument("--time-ms", type=int, metavar="T", help="search budget in milliseconds")
    parser.add_argument("--threads", type=int, default=1, help="search threads (default 1)")
    parser.add_argument("--top", type=int, default=5, metavar="K", help="suggestions to show (default 5)")
    parser.add_argument("--seed", type=int, default=0, help="search seed: same seed and budget, same answer")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.set_defaults(func=_suggest_handler)
    return parser


def _position(args: argparse.Namespace) -> Any:
    if args.demo:
        return demo()
    if args.bgs:
        return from_bgs(args.bgs)
    if args.state:
        return from_state_file(args.state)
    if args.game is None or args.move is None:
        raise GaiaError("--corpus needs --game ID and --move K")
    return from_corpus(args.corpus, args.game, args.move)


def _suggest_handler(args: argparse.Namespace) -> int:
    from gaia_ai.search import SearchConfig
    from gaia_ai.search.gaia import search_gaia

    try:
        state = require_decision(_position(args))
        config = SearchConfig(
            simulations=None if args.time_ms else (args.simulations or 2000),
            time_ms=args.time_ms, threads=args.threads, seed=args.seed,
        )
        result = search_gaia(state, config)
    except (GaiaError, OSError, ValueError) as e:
        print(f"gaia-ai suggest: {e}", file=sys.stderr)
        return 2
    top = result.candidates[: max(1, args.top)]
    if args.json:
        print(json.dumps({
            "player": result.player,
            "faction": state.faction(result.player),
            "suggestions": [{
                "move": c.line, "visits": c.visits, "value": round(c.value, 4),
                "win_probability": round(c.win_probability, 4), "expected_score": round(c.expected_score, 2),
                "pv": [str(m) for m in c.pv],
            } for c in top],
            "stats": {
                "simulations": result.stats.simulations, "nodes": result.stats.nodes,
                "max_depth": result.stats.max_depth, "elapsed": round(result.stats.elapsed, 4),
                "simulations_per_second": round(result.stats.simulations_per_second, 1),
            },
        }))
        return 0
    print(f"{state!r}: suggestions for {state.faction(result.player)}")
    print(f"{'#':>2}  {'move':<44}{'visits':>8}{'value':>8}{'win %':>8}{'exp. VP':>9}  line")
    for i, c in enumerate(top, 1):
        pv = " | ".join(str(m) for m in c.pv[len(c.moves):len(c.moves) + 5])
        print(f"{i:>2}  {c.line:<44}{c.visits:>8}{c.value:>8.3f}{100 * c.win_probability:>7.1f}%"
              f"{c.expected_score:>9.1f}  {pv}")
    st = result.stats
    print(f"{st.simulations} simulations, {st.nodes} nodes, depth {st.max_depth}, {st.elapsed:.2f} s "
          f"({st.simulations_per_second:,.0f}/s)")
    return 0
