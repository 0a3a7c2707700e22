"""The ``gaia-ai`` command line: one argparse parser, one subcommand per job. Every command takes
``--game NAME`` (a registered game; default gaia-project) and reaches the game through the registry.

    gaia-ai suggest (--demo | --bgs F | --corpus F --game-id ID --move K | --state F) [--server H:P]
                                                  ranked move hints, searched here or by a server
    gaia-ai match BOT_A BOT_B                     two bots head to head
    gaia-ai review GAME_FILE                      per-decision analysis of a played game
    gaia-ai export-state ...                      a position's structured state (JSON)
    gaia-ai serve                                 the gRPC move-suggestion service
    gaia-ai play --app-url URL --player-id ID     a bot plays seats of a live game on the game's app server
    gaia-ai web                                   a local web page: paste a game, see the board and hints
    gaia-ai tournament | report | export          bot tournaments, their reports and games
    gaia-ai replay PATH                           judge the rules engine against recorded games
    gaia-ai bench engine                          rules-core speed figures
    gaia-ai train                                 fit Gaia's learned value (or move prior) on self-play games

Each subcommand registers itself with a ``func`` default that takes the parsed arguments and returns
the exit status. Heavy modules (the search, grpc, matplotlib, Ray) are imported only when their
subcommand runs, so ``gaia-ai --help`` stays quick.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from gaia_ai import __version__
from gaia_ai.argtypes import positive_float, positive_int
from gaia_ai.cli.common import HelpFormatter, add_game_argument, choose_game, fail
from gaia_ai.errors import ToolkitError
from gaia_ai.games.registry import game_names, load_game

DESCRIPTION = (
    "gaia-ai: game AI for heavy strategy board games (a Cython rules core per game, MCTS search and tools "
    f"around them). Games: {', '.join(game_names())} (choose with --game; default gaia-project). "
    "Run 'gaia-ai COMMAND --help' for the options of a command."
)

EPILOG = """examples:
  gaia-ai suggest --demo                              best moves on the position shipped with the package
  gaia-ai suggest --bgs game.json --time-ms 2000      best moves in a boardgamers.space game in progress
  gaia-ai match mcts:sims=400 greedy --games 20       two bots head to head, seats and factions rotated
  gaia-ai review game.json --out review-dir          analyse every decision of a played game
  gaia-ai export-state --demo --out state.json        the structured state of a position, as JSON
  gaia-ai suggest --state state.json                  best moves in a structured state (edited JSON)
  gaia-ai replay tests/data/corpus-sample.jsonl.gz   judge the rules engine on the test sample
  gaia-ai replay tests/data/exports                   judge it on boardgamers.space exports
  gaia-ai bench engine --players 2 --seconds 2        measure the rules core's speed
  gaia-ai serve --port 50051                          the gRPC move-suggestion service
  gaia-ai suggest --server localhost:50051 --demo     best moves, searched by that service
  gaia-ai tournament examples/tournament.toml         a tournament between bots (resumes when re-run)
  gaia-ai report tournament.sqlite                    its report: Markdown and PNG plots
  gaia-ai export tournament.sqlite --game ID          one of its games as a corpus record, for replay
  gaia-ai web                                         a page on http://127.0.0.1:8000: paste a game, see hints

moves are written in the boardgamers.space notation (5A9 is a hex, ts a trading station, power3 a
board action): docs/notation.md explains every term, and suggest and review print each move in words.
"""


def _bench_engine_handler(args: argparse.Namespace) -> int:
    try:
        from gaia_ai.bots.match import parse_options

        game = load_game(args.game).with_options(parse_options(args.option))
        if args.players is not None:
            game.check_players(args.players)
        return game.bench(args)
    except (ToolkitError, ValueError) as e:
        return fail("bench engine", e)


def _replay_handler(args: argparse.Namespace) -> int:
    try:
        return load_game(args.game).replay(args)
    except ToolkitError as e:
        return fail("replay", e)
    except BrokenPipeError:   # a reader that left early (| head): main() ends quietly with SIGPIPE's status
        raise
    except OSError as e:   # a file that cannot be read: one line, whichever game reads it
        return fail("replay", f"{e.filename or args.path}: {e.strerror or e}")
    except ValueError as e:   # a file that is not JSON lines (JSONDecodeError, bad text, JSON too deep)
        return fail("replay", f"{args.path}: not JSON records: {e}")


def add_replay_subparser(subparsers: Any) -> argparse.ArgumentParser:
    """``replay [--game NAME] PATH [--limit N] [--json]``: the rules judge of any game."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "replay",
        help="judge the rules engine against recorded games",
        description=(
            "Replay recorded games through the game's rules engine and compare its state with the "
            "recorded one after every move. For Gaia Project PATH is a corpus file (.jsonl.gz/.jsonl), a "
            "boardgamers.space export (.json) or a folder of them; for Terraforming Mars a corpus file of "
            "../shared/corpus/tm (recorded draws forced, every snapshot field compared) or our own game logs "
            "(gaia-ai export of a tournament: the seed and the lines, final scores compared). Prints one line per failing game and "
            "ends with 'N passed, M failed'; exit status 0 only when every game passes."
        ),
    )
    add_game_argument(parser)
    parser.add_argument("path", metavar="PATH", help="corpus file, export file or folder")
    parser.add_argument("--limit", type=positive_int, default=None, metavar="N", help="judge at most N games")
    parser.add_argument("--json", dest="as_json", action="store_true",
                        help="print one JSON object per game and a final {'passed', 'failed'} object")
    parser.set_defaults(func=_replay_handler)
    return parser


def add_bench_subparser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``bench engine [...]`` (a group so later benchmarks, e.g. ``bench search``, fit in)."""
    bench: argparse.ArgumentParser = subparsers.add_parser(
        "bench",
        help="measure speed (figures to compare, never a pass/fail test)",
        description="Benchmarks that print figures: medians over repeats, their spread, and a baseline ratio.",
    )
    kinds = bench.add_subparsers(dest="bench", required=True, metavar="BENCHMARK")
    engine: argparse.ArgumentParser = kinds.add_parser(
        "engine",
        help="rules core: legal-move generations, applied moves and random playouts per second",
        description=(
            "Measure a game's rules core on one core (Gaia Project: for 2, 3 and 4 players, or the count "
            "given): legal-move generations per second at main-action decisions (phase 'move'), "
            "moves applied per second when replaying the corpus sample's logged lines, and complete "
            "random playouts per second. Each figure is the median over the repeats, shown with the "
            "slowest and fastest repeat, and compared with the reference boardgamers.space engine "
            "(0.4 ms per legal-move generation, 0.5 ms per applied move): a ratio above 1 means "
            "gaia-ai is that many times faster. Terraforming Mars (default 2 and 4 players): random "
            "playouts, moves applied and legal-move generations per second in C, the Python API's calls, "
            "and the ratio to the corpus engine's 0.45 ms per decision."
        ),
    )
    add_game_argument(engine)
    engine.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a variant option of the game, repeatable (terraforming-mars: colonies=on "
                             "adds the figures of Colonies games beside the base ones)")
    engine.add_argument(
        "--players",
        type=int,
        default=None,
        metavar="N",
        help="measure only N-player games (Gaia Project: 2, 3 or 4; default: every count)",
    )
    engine.add_argument(
        "--seconds",
        type=positive_float,
        default=2.0,
        metavar="S",
        help="wall time spent on each figure, shared by its repeats (default: 2)",
    )
    engine.add_argument(
        "--repeats",
        type=positive_int,
        default=5,
        metavar="R",
        help="independent timed runs per figure; the median is reported (default: 5)",
    )
    engine.add_argument(
        "--seed",
        default="bench",
        metavar="S",
        help="seed for the random game setups and playouts (default: 'bench')",
    )
    engine.add_argument(
        "--corpus",
        default=None,
        metavar="PATH",
        help=(
            "corpus file whose games are replayed for the apply and legal-move figures "
            "(default: tests/data/corpus-sample.jsonl.gz of this checkout)"
        ),
    )
    engine.add_argument(
        "--json",
        dest="as_json",
        action="store_true",
        help=(
            "end with one JSON line, the same layout for every game: its name (game), then each figure "
            "(playouts_per_second, moves_per_second, api_movegen_per_second, ...) by player count, each "
            "with its median, min and max, and the ratios to the reference engine (baseline_ratio)"
        ),
    )
    engine.set_defaults(func=_bench_engine_handler)
    return bench


def build_parser() -> argparse.ArgumentParser:
    """The full ``gaia-ai`` parser (exposed for tests and for generating documentation)."""
    # the subcommands' modules use gaia_ai.cli.common: imported here, not at the top, so that each of
    # them can also be imported first (import gaia_ai.review.cli) without a circular import
    from gaia_ai.bots.match import add_match_subparser
    from gaia_ai.cli.export_state import add_export_state_subparser
    from gaia_ai.cli.play import add_play_subparser
    from gaia_ai.cli.suggest import add_suggest_subparser
    from gaia_ai.cli.train import add_train_subparser
    from gaia_ai.cli.web import add_web_subparser
    from gaia_ai.review.cli import add_review_subparser
    from gaia_ai.service.cli import add_serve_subparser
    from gaia_ai.tournament.cli import add_export_subparser, add_report_subparser, add_tournament_subparser

    parser = argparse.ArgumentParser(
        prog="gaia-ai",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"gaia-ai {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    add_replay_subparser(subparsers)
    add_bench_subparser(subparsers)
    add_match_subparser(subparsers)
    add_suggest_subparser(subparsers)
    add_play_subparser(subparsers)
    add_review_subparser(subparsers)
    add_export_state_subparser(subparsers)
    add_serve_subparser(subparsers)
    add_tournament_subparser(subparsers)
    add_report_subparser(subparsers)
    add_export_subparser(subparsers)
    add_web_subparser(subparsers)
    add_train_subparser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``gaia-ai`` with argv (default: sys.argv[1:]) and return the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    args.argv = argv   # the command as given, for the logs that record how they were made (train --gate)
    try:
        choose_game(args)
    except ToolkitError as e:
        return fail(args.command, e)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        # Ctrl-C outside a search (loading, a remote call): one line, the shell's status for SIGINT; the
        # commands that search keep their work themselves (gaia_ai.search.interrupt)
        print(f"gaia-ai {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader left (`gaia-ai replay ... | head`): stop quietly like other Unix tools, with the
        # shell's status for SIGPIPE; stdout goes to /dev/null so the exit's flush cannot fail again
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
