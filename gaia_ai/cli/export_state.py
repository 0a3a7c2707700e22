"""``gaia-ai export-state``: the structured game state (JSON) of a position, as a template to edit."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from gaia_ai.cli.common import add_game_argument, add_position_arguments, fail
from gaia_ai.errors import ToolkitError
from gaia_ai.games.registry import load_game


def add_export_state_subparser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "export-state",
        help="write the structured game state (JSON) of a position",
        description="Write the full structured state of a position as JSON (for Gaia Project the message "
        "GaiaGameState of proto/gaia_ai/games/gaia/v1/gaia_state.proto in protobuf's JSON mapping): a "
        "template for 'gaia-ai suggest --state FILE'. Fields at their default (0, empty) are left out "
        "unless --all-fields is given. Eminent Domain and Terraforming Mars: the observation of the seat to "
        "move (what it sees; 'gaia-ai suggest --observation FILE' reads it).",
    )
    add_game_argument(parser)
    add_position_arguments(parser)
    parser.add_argument("--out", metavar="FILE", help="write to FILE instead of standard output")
    parser.add_argument(
        "--all-fields",
        action="store_true",
        help="also write the fields at their default value (a fuller template)",
    )
    parser.set_defaults(func=_export_state_handler)
    return parser


def _export_state_handler(args: argparse.Namespace) -> int:
    try:
        game = load_game(args.game)
        state = game.position_from_args(args, allow_finished=True)
        text = json.dumps(game.structured_state(state, all_fields=args.all_fields), indent=2) + "\n"
        if args.out:
            Path(args.out).write_text(text, encoding="utf-8")
        else:
            sys.stdout.write(text)
    except (ToolkitError, OSError, ValueError) as e:
        return fail("export-state", e)
    return 0
