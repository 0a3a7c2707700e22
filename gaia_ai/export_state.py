"""``gaia-ai export-state``: write the structured state (GaiaGameState JSON) of a position.

The output is protobuf's JSON mapping of proto/gaia_ai/v1/gaia_state.proto, the same JSON that
``gaia-ai suggest --state FILE`` and the SuggestMoves service read: a template to edit by hand.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from gaia_ai.games.gaia.errors import GaiaError


def add_export_state_subparser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "export-state",
        help="write the structured game state (JSON) of a position",
        description="Write the full structured state of a position as JSON (message GaiaGameState of "
        "proto/gaia_ai/v1/gaia_state.proto in protobuf's JSON mapping): a template for "
        "'gaia-ai suggest --state FILE'. Fields at their default (0, empty) are left out "
        "unless --all-fields is given.",
    )
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--corpus", metavar="FILE", help="a corpus file (gzip JSONL); with --game and --move")
    where.add_argument("--bgs", metavar="FILE", help="a boardgamers.space game export (JSON)")
    where.add_argument("--demo", action="store_true", help="the position shipped with the package")
    parser.add_argument("--game", metavar="ID", help="game id in --corpus (e.g. bot-001)")
    parser.add_argument(
        "--move", metavar="K", type=int, help="position after the first K log lines of --game"
    )
    parser.add_argument("--out", metavar="FILE", help="write to FILE instead of standard output")
    parser.add_argument(
        "--all-fields",
        action="store_true",
        help="also write the fields at their default value (a fuller template)",
    )
    parser.set_defaults(func=_export_state_handler)
    return parser


def _export_state_handler(args: argparse.Namespace) -> int:
    from gaia_ai.games.gaia.structured import state_to_json
    from gaia_ai.suggest import position_from_args

    try:
        state = position_from_args(args, allow_finished=True)
        text = json.dumps(state_to_json(state, all_fields=args.all_fields), indent=2) + "\n"
        if args.out:
            Path(args.out).write_text(text, encoding="utf-8")
        else:
            sys.stdout.write(text)
    except (GaiaError, OSError, ValueError) as e:
        print(f"gaia-ai export-state: {e}", file=sys.stderr)
        return 2
    return 0
