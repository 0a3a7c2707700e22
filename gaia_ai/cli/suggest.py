"""``gaia-ai suggest``: ranked move suggestions for the player to move, from the command line.

The search runs here, or on a `gaia-ai serve` server with ``--server HOST:PORT``; both print the
same table (or JSON) through Report and print_report.
"""

from __future__ import annotations

import argparse
from typing import Any

from gaia_ai.argtypes import positive_int
from gaia_ai.cli.common import add_game_argument, add_position_arguments, fail
from gaia_ai.cli.report import (
    DEFAULT_SIMULATIONS,
    Hint,
    Report,
    budget_from_args,
    in_words,
    print_report,
    refuse_missing_pictures,
    write_pictures,
)
from gaia_ai.errors import GameOverError, ToolkitError
from gaia_ai.games.registry import load_game


def add_suggest_subparser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "suggest",
        help="rank the best moves for the player to move",
        description="Search a position and print the best moves of the player to move, with their visits, "
                    "value, win probability, expected final score and the line the search expects. Ctrl-C "
                    "stops the search at once and prints the best answer so far (exit status 130).",
    )
    add_game_argument(parser)
    add_position_arguments(parser)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--simulations", type=positive_int, metavar="N",
                        help="search budget in simulations (default 2000)")
    budget.add_argument("--time-ms", type=positive_int, metavar="T", help="search budget in milliseconds")
    parser.add_argument("--max-time-ms", type=positive_int, metavar="T",
                        help="with --time-ms: the time manager's ceiling (at least --time-ms). The search stops "
                             "early once its answer is settled and out of reach, and thinks on past --time-ms, "
                             "up to T, while the best moves are close")
    parser.add_argument("--threads", type=positive_int, help="search threads (default 1)")
    parser.add_argument("--top", type=positive_int, default=5, metavar="K", help="suggestions to show (default 5)")
    parser.add_argument("--seed", type=int,
                        help="search seed (default 0): the same seed and simulation budget give the same answer "
                             "with one thread, or with several under parallelism = \"root\" (--config); the "
                             "default tree parallelism with 2+ threads, and a time budget, vary from run to run")
    parser.add_argument("--config", metavar="FILE",
                        help="search settings (TOML of SearchConfig fields, see examples/search.toml) for a "
                             "local search; the options above win over it. Without it the game's hint search "
                             "(Gaia: examples/search-strong.toml's, the strongest measured)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    picture = parser.add_argument_group("the board as a picture", "the position with the first hint drawn on it")
    picture.add_argument("--png", metavar="FILE", help="write the picture as a PNG")
    picture.add_argument("--svg", metavar="FILE", help="write the picture as an SVG")
    remote = parser.add_argument_group(
        "remote search", "search on a `gaia-ai serve` server: the position is sent as given and the server "
                         "judges it; on an error the status code and the server's message are printed")
    remote.add_argument("--server", metavar="HOST:PORT", help="the server (or its load balancer)")
    remote.add_argument("--token-file", metavar="FILE", help="file holding the server's bearer token")
    remote.add_argument("--tls-ca", metavar="FILE", help="PEM CA certificate of the server's TLS certificate (TLS on)")
    remote.add_argument("--timeout", type=float, metavar="S",
                        help="deadline of the call in seconds (default: the time budget plus 60)")
    remote.add_argument("--verbose", action="store_true",
                        help="print every note of the server, the routine ones too (the time a time budget "
                             "lost to reading the position)")
    parser.set_defaults(func=_suggest_handler)
    return parser


def position_from_args(args: argparse.Namespace, allow_finished: bool = False) -> Any:
    """The state named by the game's position options (for Gaia: --demo, --bgs, --state or
    --corpus/--game-id/--move); allow_finished: accept a finished game."""
    return load_game(args.game).position_from_args(args, allow_finished=allow_finished)


def require_decision(state: Any) -> Any:
    if state.is_terminal:
        raise GameOverError("the game is over: there is no move to suggest")
    return state


def _config(args: argparse.Namespace, game: Any) -> Any:
    """The local search's SearchConfig: --config's file (or the game's hint search at DEFAULT_SIMULATIONS),
    then the options."""
    from gaia_ai.search import SearchConfig

    overrides: dict[str, Any] = {}
    if args.simulations is not None or args.time_ms is not None:
        overrides["simulations"], overrides["time_ms"] = budget_from_args(args)
    if args.max_time_ms is not None:
        overrides["max_time_ms"] = args.max_time_ms
    if args.threads is not None:
        overrides["threads"] = args.threads
    if args.seed is not None:
        overrides["seed"] = args.seed
    if args.config:
        return SearchConfig.from_toml(args.config, **overrides)
    return SearchConfig(**{**game.hint_search(), "simulations": DEFAULT_SIMULATIONS, **overrides})


def _suggest_handler(args: argparse.Namespace) -> int:
    if args.server:
        from gaia_ai.service.cli import suggest_remote  # grpc is loaded only for a remote search

        return suggest_remote(args)
    from gaia_ai.search.interrupt import INTERRUPTED_STATUS, ctrl_c

    try:
        game = load_game(args.game)
        state = require_decision(position_from_args(args))
        config = _config(args, game)
        refuse_missing_pictures(args, game)   # before the search, not after it
        with ctrl_c(raise_interrupt=False) as stop:   # Ctrl-C: the search returns what it has
            result = game.search(state, config, top_k=args.top)
    except (ToolkitError, OSError, ValueError) as e:
        return fail("suggest", e)
    st = result.stats
    # a hidden-information game's PV was read on a sample of what the seat cannot see: its words too
    line_root = state.determinize(result.player, config.seed) if game.info.hidden_information else state
    # a Gaia candidate's line is its whole turn; a game whose search moves are atomic, the move alone
    hints = [Hint(c.line or str(c.move), c.visits, c.value, c.win_probability, c.expected_score, [str(m) for m in c.pv],
                  len(c.turn or c.moves), steps=in_words(game, line_root, c.pv, c.pv_players),
                  app=game.app_response(state, c.pv, c.pv_players))
             for c in result.candidates[:args.top]]
    print_report(Report(
        position=game.describe(state),
        player=result.player,
        faction=state.role(result.player),
        hints=hints,
        simulations=st.simulations, nodes=st.nodes, max_depth=st.max_depth, elapsed=st.elapsed,
        simulations_per_second=st.simulations_per_second, time_manager=st.time_manager,
        interrupted=stop.requested, notation_doc=game.info.notation_doc,
    ), args.json)
    if stop.requested:
        return INTERRUPTED_STATUS
    return write_pictures(args, game, state, hints)


