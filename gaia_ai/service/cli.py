"""The service on the command line: `gaia-ai serve`, and the remote half of `gaia-ai suggest --server`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from gaia_ai.argtypes import port
from gaia_ai.errors import ToolkitError
from gaia_ai.service.budget import DEADLINE_NOTE_END, TIME_SPENT_NOTE, Limits


def _at_least(minimum: int) -> Any:
    def parse(text: str) -> int:
        value = int(text)
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {value}")
        return value

    return parse


def add_serve_subparser(subparsers: Any) -> argparse.ArgumentParser:
    """Register `gaia-ai serve`."""
    d = Limits()
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve",
        help="run the gRPC move-suggestion service",
        description=(
            "Serve gaia_ai.v1.MoveSuggestionService (SuggestMoves, ValidateState), the standard gRPC health "
            "service and server reflection. Stateless: run replicas behind any gRPC load balancer. Logs one "
            "JSON line per call to stderr. SIGTERM or SIGINT stops it gracefully: health turns NOT_SERVING, "
            "new calls are refused and calls in progress get --grace seconds to finish."
        ),
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; 0.0.0.0 for all)")
    parser.add_argument("--port", type=port, default=50051, help="port (default 50051; 0 picks a free one)")
    parser.add_argument("--workers", type=_at_least(1), default=None, metavar="N",
                        help="gRPC worker threads = the most calls in progress at once, beyond which calls are "
                             "refused with RESOURCE_EXHAUSTED (default: --max-concurrent + 4)")
    parser.add_argument("--max-concurrent", type=_at_least(1), default=d.max_concurrent, metavar="N",
                        help="search threads running at once (a search of n threads counts n); one search more "
                             "answers RESOURCE_EXHAUSTED at once, so that those running keep their time budgets "
                             f"(default: the cores this process may use, {d.max_concurrent}; docs/service.md)")
    parser.add_argument("--max-simulations", type=_at_least(1), default=d.max_simulations, metavar="N",
                        help=f"cap on a request's simulations (default {d.max_simulations})")
    parser.add_argument("--max-time-ms", type=_at_least(1), default=d.max_time_ms, metavar="T",
                        help=f"cap on any search's wall time, in ms (default {d.max_time_ms})")
    parser.add_argument("--max-threads", type=_at_least(1), default=d.max_threads, metavar="N",
                        help=f"cap on a request's search threads (default {d.max_threads})")
    parser.add_argument("--max-nodes", type=_at_least(2), default=d.max_nodes, metavar="N",
                        help=f"node budget of each search tree, 56 bytes a node (default {d.max_nodes})")
    parser.add_argument("--max-message-bytes", type=_at_least(1024), default=d.max_message_bytes, metavar="B",
                        help=f"largest request or response (default {d.max_message_bytes})")
    parser.add_argument("--deadline-margin-ms", type=_at_least(0), default=d.deadline_margin_ms, metavar="T",
                        help="a search stops this long before the call's deadline, to answer in time "
                             f"(default {d.deadline_margin_ms})")
    parser.add_argument("--grace", type=float, default=30.0, metavar="S",
                        help="on SIGTERM/SIGINT, seconds the calls in progress get to finish (default 30)")
    parser.add_argument("--tls-cert", type=Path, metavar="FILE", help="PEM certificate (chain): serve TLS; with --tls-key")
    parser.add_argument("--tls-key", type=Path, metavar="FILE", help="PEM private key of --tls-cert")
    parser.add_argument("--auth-token-file", type=Path, metavar="F",
                        help="require 'authorization: Bearer <token>' with the token in this file (health stays open)")
    parser.set_defaults(func=_serve_handler)
    return parser


def _serve_handler(args: argparse.Namespace) -> int:
    from gaia_ai.service.auth import read_token
    from gaia_ai.service.server import ServerOptions, serve

    try:
        limits = Limits(max_concurrent=args.max_concurrent, max_simulations=args.max_simulations,
                        max_time_ms=args.max_time_ms, max_threads=args.max_threads, max_nodes=args.max_nodes,
                        max_message_bytes=args.max_message_bytes, deadline_margin_ms=args.deadline_margin_ms)
        token = read_token(args.auth_token_file) if args.auth_token_file else None
        for path in (args.tls_cert, args.tls_key):
            if path is not None and not path.is_file():
                raise ValueError(f"{path}: no such file")
        options = ServerOptions(host=args.host, port=args.port, workers=args.workers or args.max_concurrent + 4,
                                limits=limits, tls_cert=args.tls_cert, tls_key=args.tls_key, auth_token=token,
                                grace_s=args.grace)
        return serve(options)
    except (OSError, ValueError, RuntimeError) as e:
        print(f"gaia-ai serve: {e}", file=sys.stderr)
        return 2


def suggest_remote(args: argparse.Namespace) -> int:
    """`gaia-ai suggest --server`: send the position as given, print the answer as the local search
    would; on a failed call print the status code name and the server's message, exit status 1."""
    from gaia_ai.cli.report import (
        Hint,
        Report,
        budget_from_args,
        describe_position,
        in_words,
        print_report,
        refuse_missing_pictures,
        write_pictures,
    )
    from gaia_ai.service.client import ServiceError, SuggestClient

    if args.config:
        print("gaia-ai suggest: --config sets a local search; a server searches with its own settings "
              "(give --simulations or --time-ms, --threads and --seed instead)", file=sys.stderr)
        return 2
    try:
        from gaia_ai.games.registry import load_game

        refuse_missing_pictures(args, load_game(args.game))   # before the call, not after the server's search
        position = load_game(args.game).request_position(args)
        token = None
        if args.token_file:
            from gaia_ai.service.auth import read_token

            token = read_token(args.token_file)
    except (OSError, ValueError, KeyError, TypeError, ToolkitError) as e:
        print(f"gaia-ai suggest: {e}", file=sys.stderr)
        return 2
    timeout = args.timeout if args.timeout is not None else (args.max_time_ms or args.time_ms or 0) / 1000 + 60
    try:
        with SuggestClient(args.server, token=token, tls_ca=args.tls_ca, timeout=timeout) as client:
            simulations, time_ms = budget_from_args(args)
            reply = client.suggest(position, simulations=simulations, time_ms=time_ms, max_time_ms=args.max_time_ms,
                                   threads=args.threads or 1,
                                   top_k=max(1, args.top), seed=args.seed or 0, game=args.game,
                                   viewer=_viewer(args))
    except ServiceError as e:
        print(f"gaia-ai suggest: {e.code.name}: {e.details}{_hint(e, args)}", file=sys.stderr)
        return 1
    except OSError as e:   # the CA file
        print(f"gaia-ai suggest: {e}", file=sys.stderr)
        return 2
    for note in reply.budget.notes:   # the server capped the budget asked for: say so, the figures depend on it
        # routine, shown with --verbose: the time spent reading, and a cap by the deadline this client
        # chose itself (no --timeout: the budget's time plus a minute)
        routine = note.startswith(TIME_SPENT_NOTE) or (args.timeout is None and note.endswith(DEADLINE_NOTE_END))
        if args.verbose or not routine:
            print(f"gaia-ai suggest: note from the server: {note}", file=sys.stderr)
    info = reply.position
    game, state = _local_position(args)   # for the words and the pictures, when it reads here too
    hints = [Hint(s.move, s.visits, s.value, s.win_probability, s.expected_score, [c.notation for c in s.pv],
                  len(s.commands),
                  steps=in_words(game, state, [c.notation for c in s.pv], [c.player for c in s.pv]) if state else [],
                  app=_app_answer(s))
             for s in reply.suggestions]
    print_report(Report(
        position=(game.describe(state) if state is not None else
                  describe_position(info.round, info.phase, info.current_player, [f or None for f in info.factions])),
        player=reply.player,
        faction=reply.faction or (state.role(reply.player) if state is not None else None) or None,   # TM's corporation
        hints=hints,
        simulations=reply.stats.simulations, nodes=reply.stats.nodes, max_depth=reply.stats.max_depth,
        elapsed=reply.stats.elapsed_seconds, simulations_per_second=reply.stats.simulations_per_second,
        time_manager=reply.stats.time_manager, notation_doc=load_game(args.game).info.notation_doc,
    ), args.json)
    if state is None:
        if args.png or args.svg:
            print("gaia-ai suggest: --png/--svg: the position could not be read here to draw it", file=sys.stderr)
            return 2
        return 0
    return write_pictures(args, game, state, hints)


def _viewer(args: argparse.Namespace) -> int | None:
    """The seat asking, for a game of hidden information: the seat to move of the position read here
    (the server checks it against the position it decodes)."""
    from gaia_ai.games.registry import load_game

    if not load_game(args.game).info.hidden_information:
        return None
    _, state = _local_position(args)
    if state is None:
        return None
    return 0 if state.is_terminal else state.current_player   # a finished game: the server says so


def _local_position(args: argparse.Namespace) -> tuple[Any, Any]:
    """(game, state) of the position the server was sent, read here; state None when it cannot be
    (the export came on standard input, or this side cannot read it)."""
    from gaia_ai.games.registry import load_game

    game = load_game(args.game)
    if getattr(args, "bgs", None) == "-":
        return game, None
    try:
        return game, game.position_from_args(args)
    except (ToolkitError, OSError, ValueError):
        return game, None


def _hint(error: Any, args: argparse.Namespace) -> str:
    """What to try when the message alone does not say: a TLS server called in plain text answers
    only "Socket closed"."""
    if error.code.name == "UNAVAILABLE" and not args.tls_ca and "Socket closed" in error.details:
        return (" (the server may use TLS: pass --tls-ca with its CA certificate; or check that "
                f"{args.server} is a gaia-ai server)")
    return ""


def _app_answer(suggestion: Any) -> dict[str, Any] | None:
    """A suggestion's app_response_json (the game's web app answer) as Hint.app, None when unset."""
    import json

    if not suggestion.app_response_json:
        return None
    return {"response": json.loads(suggestion.app_response_json), "moves": list(suggestion.app_moves)}
