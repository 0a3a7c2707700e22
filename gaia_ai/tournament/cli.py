"""``gaia-ai tournament``, ``gaia-ai report`` and ``gaia-ai export``: the tournament commands.

The runner, the plots and Ray are imported only when their command runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from gaia_ai.cli.common import HelpFormatter
from gaia_ai.errors import ToolkitError
from gaia_ai.games.registry import game_names, options_help, player_counts_help

EXAMPLE = """examples:
  gaia-ai tournament examples/tournament.toml             run (or resume) the tournament of a config file
  gaia-ai tournament --bots random greedy mcts:sims=100 --games 30 --db t.sqlite
  gaia-ai tournament t.toml --backend ray --address auto  on an existing Ray cluster
"""


def add_tournament_subparser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "tournament",
        help="many games between bots: ratings, head-to-head records, results in SQLite",
        description="Play a tournament between bots (round robin, or a gauntlet of one bot against the "
                    "field) with seats and factions rotated fairly, in parallel on local processes or a Ray "
                    "cluster. Every game is stored in a SQLite file as it ends: running the same command "
                    "again resumes where it stopped. Ends with the standings (openskill Plackett-Luce "
                    "ratings with 95% intervals) and head-to-head records. Settings come from CONFIG "
                    "(TOML; see examples/tournament.toml) and/or the flags, which override it.",
        epilog=EXAMPLE,
        formatter_class=HelpFormatter,
    )
    parser.add_argument("config", metavar="CONFIG", nargs="?", help="tournament settings (TOML)")
    what = parser.add_argument_group("the games (a change to these makes another tournament, except --games)")
    what.add_argument("--game", choices=game_names(), help="the game played (default gaia-project)")
    what.add_argument("--option", action="append", metavar="KEY=VALUE",
                      help=f"a variant option of the game, repeatable ({options_help()}); TOML: options = "
                           "{...}")
    what.add_argument("--bots", nargs="+", metavar="SPEC", help="bot specs (each named by its spec)")
    what.add_argument("--players", type=int, help=f"players per game (default 2; {player_counts_help()})")
    what.add_argument("--games", type=int, help="games at least; rounded up to whole deals (default 12)")
    what.add_argument("--format", help="round-robin (default) or gauntlet")
    what.add_argument("--challenger", metavar="NAME", help="the gauntlet's bot that faces the field")
    what.add_argument("--factions", metavar="LIST", help="'drawn' (default: a draw per deal) or one role "
                                                         "(faction, corporation) per seat, comma-separated")
    what.add_argument("--seatings", help="rotate (default: each bot each seat once per deal) or all (every order)")
    what.add_argument("--seed", type=int, help="master seed: same seed, same games (default 0)")
    what.add_argument("--name", help="the tournament's name")
    run = parser.add_argument_group("running them")
    run.add_argument("--db", help="SQLite results file (default: CONFIG with .sqlite, or tournament.sqlite)")
    run.add_argument("--backend", help="local (default: processes on this machine) or ray")
    run.add_argument("--address", help="Ray cluster address (e.g. auto or ray://host:10001); default: a local "
                                       "Ray instance started for the run")
    run.add_argument("--workers", type=int, help="parallel games (default: the CPU count)")
    run.add_argument("--max-games", type=int, metavar="N", help="play at most N more games this run, then stop")
    run.add_argument("--no-progress", action="store_true", help="no progress bar")
    run.add_argument("--json", action="store_true", help="end with one JSON line of the run and the standings")
    parser.set_defaults(func=_tournament_handler)
    return parser


def _tournament_handler(args: argparse.Namespace) -> int:
    from gaia_ai.tournament.config import load_config
    from gaia_ai.tournament.ratings import summary
    from gaia_ai.tournament.report import terminal_tables
    from gaia_ai.tournament.runner import run_tournament
    from gaia_ai.tournament.schedule import build_schedule
    from gaia_ai.tournament.store import TournamentStore

    flags = {key: getattr(args, key) for key in ("game", "bots", "players", "games", "format", "challenger", "factions",
                                                 "seatings", "seed", "name", "db", "backend", "address", "workers")}
    try:
        if args.option:
            from gaia_ai.bots.match import parse_options

            try:
                flags["options"] = parse_options(args.option)
            except ValueError as e:
                raise ToolkitError(str(e)) from None
        if args.config is None and args.bots is None:
            raise ToolkitError("give a CONFIG file or --bots")
        if args.max_games is not None and args.max_games < 1:
            raise ToolkitError("--max-games must be at least 1")
        config, options = load_config(args.config, flags)
        scheduled = len(build_schedule(config))
        if scheduled != config.games:
            print(f"{scheduled} games scheduled ({config.games} rounded up to whole deals: every table plays "
                  "every deal in every seating)", file=sys.stderr)
        result = run_tournament(config, options, max_games=args.max_games,
                                progress=False if args.no_progress else None)
        with TournamentStore(options.db, readonly=True) as store:
            games = store.games()
    except ToolkitError as e:
        print(f"gaia-ai tournament: {e}", file=sys.stderr)
        return 2
    rate = 60 * result.played / result.seconds if result.seconds > 0 else 0.0
    print(f"{result.played} games played this run in {result.seconds:.1f} s ({rate:.1f} games/min, "
          f"{options.workers} {options.backend} workers); {len(games)} of {result.scheduled} stored in {options.db}")
    if result.failures:
        print(f"{len(result.failures)} games failed (not stored: a re-run plays them again)", file=sys.stderr)
    if result.interrupted:
        print(f"interrupted: {result.remaining} games left; run the same command again to resume",
              file=sys.stderr)
    elif result.remaining:
        print(f"{result.remaining} games left; run the same command again to play them", file=sys.stderr)
    data = summary(games) if games else None
    if data is not None:
        print(terminal_tables(data))
    if args.json:
        run = {"scheduled": result.scheduled, "stored": len(games), "played": result.played,
               "failed": len(result.failures), "interrupted": result.interrupted,
               "seconds": round(result.seconds, 3), "db": str(options.db)}
        print(json.dumps({"run": run, **(data or {})}))
    if result.interrupted:
        return 130
    return 1 if result.failures else 0


def add_report_subparser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "report",
        help="write a tournament's report: Markdown summary and PNG plots",
        description="Write a report folder for the tournament database DB: report.md (settings, standings "
                    "with rating intervals, head-to-head records, seats, factions) and the plots "
                    "ratings.png, scores_by_bot.png, scores_by_faction.png and win_rate_by_seat.png.",
    )
    parser.add_argument("db", metavar="DB", help="tournament database (SQLite)")
    parser.add_argument("--out", metavar="DIR", help="report folder (default: DB's name with -report)")
    parser.set_defaults(func=_report_handler)
    return parser


def _report_handler(args: argparse.Namespace) -> int:
    from pathlib import Path

    from gaia_ai.tournament.report import write_report

    db = Path(args.db)
    out = Path(args.out) if args.out else db.with_name(db.stem + "-report")
    try:
        files = write_report(db, out)
    except ToolkitError as e:
        print(f"gaia-ai report: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"gaia-ai report: cannot write {out}: {e}", file=sys.stderr)
        return 2
    for path in files:
        print(path)
    return 0


def add_export_subparser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "export",
        help="write tournament games as corpus records (for gaia-ai replay)",
        description="Write games of the tournament database DB as corpus records (JSON lines, the format of "
                    "the shared corpus: setup, move log, a snapshot after every line, final VP and board), "
                    "which 'gaia-ai replay FILE' replays and checks.",
    )
    parser.add_argument("db", metavar="DB", help="tournament database (SQLite)")
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--game-id", metavar="ID", action="append", help="a game id (or a unique prefix); repeatable")
    which.add_argument("--all", action="store_true", help="every stored game")
    which.add_argument("--list", action="store_true", help="list the stored games (id, bots, factions, VP)")
    parser.add_argument("--out", metavar="FILE", help="output file, .jsonl or .jsonl.gz (default: standard output)")
    parser.set_defaults(func=_export_handler)
    return parser


def _export_handler(args: argparse.Namespace) -> int:
    from gaia_ai.tournament.export import game_record, write_records
    from gaia_ai.tournament.store import TournamentStore

    try:
        with TournamentStore(args.db, readonly=True) as store:
            name = (store.tournament() or {}).get("name", "tournament")
            game = store.game_name()
            if args.list:
                for g in store.games():
                    # a game that deals no roles (Eminent Domain) names the bots alone
                    seats = ", ".join(f"{b}{f' ({f})' if f else ''} {v}"
                                      for b, f, v in zip(g.bots, g.factions, g.scores, strict=True))
                    print(f"{g.id}  #{g.ordinal}  {seats}")
                return 0
            games = store.games() if args.all else [store.game(ref) for ref in args.game_id]
        records = [game_record(g, name, game) for g in games]
        write_records(args.out or sys.stdout, records)
        if args.out:
            print(f"{len(records)} game(s) written to {args.out}", file=sys.stderr)
    except ToolkitError as e:
        print(f"gaia-ai export: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"gaia-ai export: {e}", file=sys.stderr)
        return 2
    return 0
