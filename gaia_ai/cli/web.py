"""`gaia-ai web`: serve the hint page (gaia_ai.web) on this computer (http://127.0.0.1:8000 by default)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from gaia_ai.argtypes import port
from gaia_ai.cli.common import add_game_argument


def add_web_subparser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "web",
        help="a local web page: paste a game, see the board and the hints in words",
        description="Serve a web page on this computer for one game (--game): paste or choose a position (Gaia: a "
                    "boardgamers.space export, a game log or a structured state; Terraforming Mars: your player "
                    "view from the app's /api/player, an observation or a log; Eminent Domain: a log, an "
                    "observation or a position typed in its form; a log gets a move slider), see it, the ranked "
                    "hints in words with win probability and expected score (for Terraforming Mars the app's "
                    "option titles and answer), "
                    "and step through the line the search expects. The search runs here, or on a `gaia-ai "
                    "serve` server with --server. The page for each game: docs/web.md.",
    )
    add_game_argument(parser)
    parser.add_argument("--port", type=port, default=8000, help="port (default 8000; 0 picks a free one)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this computer only)")
    parser.add_argument("--server", metavar="HOST:PORT", help="search on this `gaia-ai serve` server")
    parser.add_argument("--token-file", metavar="FILE", help="file holding the server's bearer token")
    parser.add_argument("--tls-ca", metavar="FILE", help="PEM CA certificate of the server's TLS certificate")
    parser.set_defaults(func=_web_handler)
    return parser


def _web_handler(args: argparse.Namespace) -> int:
    options: dict[str, Any] = {}
    try:
        if args.token_file:
            from gaia_ai.service.auth import read_token

            options["token"] = read_token(args.token_file)
        if args.tls_ca:
            with open(args.tls_ca, "rb") as f:
                options["tls_ca"] = f.read()
    except (OSError, ValueError) as e:
        print(f"gaia-ai web: {e}", file=sys.stderr)
        return 2
    try:
        from gaia_ai.web.server import make_server  # Flask is loaded only when the page is served

        httpd = make_server(args.host, args.port, args.server, options, game=args.game)
    except OSError as e:
        print(f"gaia-ai web: cannot listen on {args.host}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return 2
    where = f"searching on {args.server}" if args.server else "searching on this computer"
    print(f"gaia-ai web: open http://{args.host}:{httpd.server_port}/ ({where}); Ctrl-C stops it", flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0
