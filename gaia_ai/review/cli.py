"""``gaia-ai review``: the per-move analysis of a played game from the command line (a table and a
summary, review.json and review.png in --out DIR, or the JSON on stdout with --json)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from gaia_ai.argtypes import positive_int
from gaia_ai.cli.common import HelpFormatter, add_game_argument
from gaia_ai.errors import ToolkitError
from gaia_ai.review.jobs import default_jobs
from gaia_ai.review.labels import THRESHOLDS

EXAMPLES = """examples:
  gaia-ai review tests/data/exports/bot-001.json --out review-bot-001
  gaia-ai review --corpus tests/data/corpus-sample.jsonl.gz --game-id bot-001 --player terrans --moves 0:40
  gaia-ai review game.json --player p2 --simulations 400 --json > review.json
  gaia-ai review --game terraforming-mars --corpus tests/data/tm/games-sample.jsonl.gz --game-id b000 --player Ecoline

labels (the worse of the played move's two losses decides):
  best        the search's own choice
  good        a loss below every threshold
""" + "".join(
    f"  {name:<11} >= {t['vp_loss']:g} VP or >= {100 * t['win_probability_loss']:g}% win probability lost\n"
    for name, t in THRESHOLDS.items()
)


def add_review_subparser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "review",
        help="analyse every decision of a played game: the search's best move, the loss, a label",
        description="Review a played game: for each decision (log line) of the chosen player(s), the "
                    "search's best move and the played one, both valued for that player (win probability, "
                    "expected final VP), the loss and a label; then accuracy, top-1/top-3 agreement with "
                    "the search and the largest losses per player. A decision costs one or two searches, "
                    "with the game's hint search (the one gaia-ai suggest uses without --config). Ctrl-C "
                    "stops it and prints the decisions reviewed so far (exit status 130).",
        epilog=EXAMPLES,
        formatter_class=HelpFormatter,
    )
    parser.add_argument("game_file", nargs="?", metavar="GAME_FILE",
                        help="a boardgamers.space game export (JSON) or a corpus record (JSON, or a corpus "
                             "file holding one game; Terraforming Mars: a record of ../shared/corpus/tm)")
    add_game_argument(parser)
    parser.add_argument("--corpus", metavar="FILE", help="a corpus file (gzip JSONL); with --game-id")
    parser.add_argument("--game-id", metavar="ID", help="game id in --corpus (e.g. bot-001)")
    parser.add_argument("--player", default="all", metavar="NAME",
                        help="whose decisions: a faction (or corporation), p1..p5, a player name of the export "
                             "(or a TM record's colour), or 'all' "
                             "(default)")
    parser.add_argument("--simulations", type=positive_int, default=1000, metavar="N",
                        help="search budget per search (default 1000; fewer is faster and noisier)")
    parser.add_argument("--threads", type=positive_int, default=1, metavar="N",
                        help="search threads (root parallelism: the same seed and threads, the same review)")
    parser.add_argument("--jobs", type=positive_int, default=None, metavar="N",
                        help="decisions reviewed at once, each on its own process (default: one per core, "
                             f"{default_jobs()} here, divided by --threads); the review is the same for any N")
    parser.add_argument("--seed", type=int, default=0, help="search seed (default 0)")
    parser.add_argument("--moves", metavar="A:B",
                        help="review only log lines A to B-1 (0-based moveHistory indexes; Terraforming Mars: "
                             "atomic decisions of the record; A: or :B too)")
    parser.add_argument("--out", metavar="DIR", help="write DIR/review.json and DIR/review.png")
    parser.add_argument("--json", action="store_true", help="print the review as JSON instead of the table")
    parser.set_defaults(func=_review_handler)
    return parser


def _progress(items: Iterator[Any], total: int) -> Iterable[Any]:
    from tqdm import tqdm

    # on stderr, and only on a terminal (disable=None), so stdout stays the table or the JSON
    return tqdm(items, total=total, desc="reviewing", unit="decision", file=sys.stderr, disable=None)


def _review_handler(args: argparse.Namespace) -> int:
    from gaia_ai.games.registry import load_game
    from gaia_ai.review.model import ReviewError, parse_lines, resolve_players, review_config
    from gaia_ai.review.report import format_summary, format_table, review_dict
    from gaia_ai.search.interrupt import INTERRUPTED_STATUS, ctrl_c

    try:
        rules = load_game(args.game)
        if args.corpus is not None or args.game_id is not None:
            if args.game_file is not None or args.corpus is None or args.game_id is None:
                raise ReviewError("give either GAME_FILE, or --corpus FILE with --game-id ID")
            game = rules.load_played_game(args.corpus, args.game_id)
        elif args.game_file is None:
            raise ReviewError("give the game to review: GAME_FILE, or --corpus FILE --game-id ID")
        else:
            game = rules.load_played_game(args.game_file)
        players = resolve_players(game.players(), args.player)
        window = parse_lines(args.moves, len(game.lines)) if args.moves else None
        config = review_config(args.simulations, args.threads, args.seed, search=rules.hint_search())
        with ctrl_c():   # Ctrl-C: the review stops with the decisions reviewed so far
            review = rules.review_game(game, players, config, window, progress=_progress,
                                       jobs=args.jobs or max(1, default_jobs() // args.threads))
        if review.interrupted and not review.decisions:
            print("gaia-ai review: stopped by Ctrl-C before the first decision was reviewed", file=sys.stderr)
            return INTERRUPTED_STATUS
        if not review.decisions:
            who = ", ".join(review.players[p].label for p in players)
            raise ReviewError(f"no decision of {who} to review in log lines {review.lines[0]}-{review.lines[1] - 1}")
        document = review_dict(review)
        written = _write_outputs(review, document, Path(args.out)) if args.out else []
    except (ToolkitError, OSError, ValueError) as e:
        print(f"gaia-ai review: {e}", file=sys.stderr)
        return 2
    status = INTERRUPTED_STATUS if review.interrupted else 0
    if review.interrupted:
        print(f"gaia-ai review: stopped by Ctrl-C: the {len(review.decisions)} decisions reviewed so far",
              file=sys.stderr)
    if args.json:
        print(json.dumps(document, ensure_ascii=False))
        return status
    print(format_table(review))
    print()
    print(format_summary(review))
    for path in written:
        print(f"wrote {path}")
    return status


def _write_outputs(review: Any, document: dict[str, Any], out: Path) -> list[Path]:
    from gaia_ai.review.chart import write_chart

    out.mkdir(parents=True, exist_ok=True)
    json_path, png_path = out / "review.json", out / "review.png"
    json_path.write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    write_chart(review, png_path)
    return [json_path, png_path]
