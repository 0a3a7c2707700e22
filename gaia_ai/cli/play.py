"""``gaia-ai play``: a bot plays seats of a live game on the game's web app server, to the end.

The game gives its client (Game.live_app_client); this command names no game. The bot spec is the one
``gaia-ai match`` takes. Ctrl-C stops it cleanly (exit 130); run it again and it takes up the game where
the app has it (each decision is rebuilt from the view the app sends).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from gaia_ai.argtypes import positive_float, positive_int
from gaia_ai.cli.common import add_game_argument, fail
from gaia_ai.errors import ToolkitError
from gaia_ai.games.registry import load_game


def add_play_subparser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "play",
        help="play seats of a live game on the game's web app server",
        description="A bot plays one or more seats of a game running on the game's own web app server "
                    "(Terraforming Mars: the open-source app's HTTP API, e.g. a self-hosted server): it "
                    "polls whose turn it is, reads the seat's view, answers each prompt in the app's own "
                    "format and logs each decision, until the game ends. Ctrl-C stops it (exit 130); run "
                    "it again to go on.",
    )
    add_game_argument(parser)
    parser.add_argument("--app-url", required=True, metavar="URL",
                        help="the app server, e.g. http://127.0.0.1:8765")
    parser.add_argument("--player-id", required=True, action="append", metavar="ID",
                        help="a seat's secret player id (the app's p... id); repeat it to play several "
                             "seats of one game from this process")
    parser.add_argument("--bot", default="greedy", metavar="SPEC",
                        help="the bot, as gaia-ai match names bots (default greedy; e.g. mcts:sims=400)")
    parser.add_argument("--poll", type=positive_float, default=0.5, metavar="S",
                        help="seconds between polls while no seat has a prompt (default 0.5)")
    parser.add_argument("--max-decisions", type=positive_int, metavar="N",
                        help="stop after N answers in all (default: play to the end of the game)")
    parser.set_defaults(func=_play_handler)
    return parser


def _play_handler(args: argparse.Namespace) -> int:
    from gaia_ai.bots import make_bot

    def log(line: str) -> None:
        print(f"{time.strftime('%H:%M:%S')} {line}", flush=True)

    try:
        game = load_game(args.game)
        bot = make_bot(args.bot, game)
        client = game.live_app_client(args.app_url, args.player_id, bot, log=log, poll=args.poll,
                                      max_decisions=args.max_decisions)
    except (ToolkitError, ValueError) as e:
        return fail("play", e)
    start = time.monotonic()
    try:
        seats = client.run()
    except KeyboardInterrupt:
        print("gaia-ai play: stopped (Ctrl-C); run the same command again to go on", file=sys.stderr)
        return 130
    except (ToolkitError, OSError, ValueError) as e:
        return fail("play", e, status=1)
    elapsed = time.monotonic() - start
    done = sum(s.decisions for s in seats)
    for s in seats:
        log(f"{s.color or s.player_id}: {s.decisions} decisions, {s.refused} refused answers, "
            f"{s.fallbacks} prompts answered from the prompt alone"
            + ("; the game is over" if s.finished else ""))
    log(f"{done} decisions in {elapsed:.1f} s")
    return 0
