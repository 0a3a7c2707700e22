"""``gaia-ai suggest``: ranked move suggestions for the player to move, from the command line.

The search runs here, or on a `gaia-ai serve` server with ``--server HOST:PORT``; both print the
same table (or JSON) through Report and print_report.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from typing import Any

from gaia_ai.argtypes import positive_int
from gaia_ai.cli.common import add_game_argument, add_position_arguments, fail
from gaia_ai.errors import GameOverError, ToolkitError, UnsupportedError
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
    parser.set_defaults(func=_suggest_handler)
    return parser


@dataclass(frozen=True)
class Hint:
    """One printed suggestion. pv: the principal variation in notation, starting with the `own`
    commands of the move itself."""

    move: str
    visits: int
    value: float
    win_probability: float
    expected_score: float
    pv: list[str]
    own: int
    # the PV in words (game.describe_moves: player, who, notation, words); [] when not available
    steps: list[dict[str, Any]] = field(default_factory=list)

    @property
    def words(self) -> list[str]:
        """The move itself in words (its own commands, the end of the turn left out)."""
        return [s["words"] for s in self.steps[:self.own] if s["notation"] != "endturn"]


@dataclass(frozen=True)
class Report:
    """What `gaia-ai suggest` prints, from a local search or a server's answer."""

    position: str
    player: int
    faction: str | None
    hints: list[Hint]
    simulations: int
    nodes: int
    max_depth: int
    elapsed: float
    simulations_per_second: float
    time_manager: str = ""    # what --max-time-ms's manager did: "early", "extended", "ceiling" or ""
    interrupted: bool = False  # Ctrl-C stopped the search: the answer so far


TIME_MANAGER_WORDS = {"early": "stopped early: the answer was settled",
                      "extended": "thought past --time-ms: the best moves were close",
                      "ceiling": "stopped at --max-time-ms: the best moves were still close"}


def describe_position(round_: int, phase: str, player: int, factions: list[str | None]) -> str:
    """The position in one line, as GaiaState's repr: round, phase, player to move, factions."""
    names = ", ".join(f or f"p{p + 1}" for p, f in enumerate(factions))
    return f"<GaiaState round {round_} phase {phase} to move p{player + 1} [{names}]>"


def print_report(report: Report, as_json: bool) -> None:
    """The table, or one JSON object (player, faction, suggestions, stats)."""
    if as_json:
        print(json.dumps({
            "player": report.player,                 # 0-based index; "seat" is how the table names it
            "seat": f"p{report.player + 1}",
            "faction": report.faction,
            "suggestions": [{
                "move": h.move, "visits": h.visits, "value": round(h.value, 4),
                "win_probability": round(h.win_probability, 4), "expected_score": round(h.expected_score, 2),
                "pv": h.pv, **({"words": h.words, "line": h.steps} if h.steps else {}),
            } for h in report.hints],
            "stats": {
                "simulations": report.simulations, "nodes": report.nodes,
                "max_depth": report.max_depth, "elapsed": round(report.elapsed, 4),
                "simulations_per_second": round(report.simulations_per_second, 1),
                **({"time_manager": report.time_manager} if report.time_manager else {}),
                **({"interrupted": True} if report.interrupted else {}),
            },
        }))
        return
    seat = f"p{report.player + 1}"
    print(f"{report.position}: suggestions for {seat} {report.faction or ''}".rstrip())
    print(f"{'#':>2}  {'move':<44}{'visits':>8}{'value':>8}{'win %':>8}{'exp. VP':>9}  then")
    for i, h in enumerate(report.hints, 1):
        then = h.steps[h.own:] if h.steps else []
        pv = (" | ".join([f"p{s['player']} {s['notation']}" for s in then if s["notation"] != "endturn"][:4])
              if then else " | ".join(h.pv[h.own:h.own + 5]))
        print(f"{i:>2}  {h.move:<44}{h.visits:>8}{h.value:>8.3f}{100 * h.win_probability:>7.1f}%"
              f"{h.expected_score:>9.1f}  {pv}")
        if h.steps:
            print(f"    {seat}: {'; then '.join(_lower_after_first(h.words))}")
            for step in [s for s in then if s["notation"] != "endturn"][:3]:
                print(f"      then {step['who']}: {step['words']}")
    print("Ranked by visits. value: the mean result the search steers by (final score margin by default); "
          "win %: how often\nthe player won; exp. VP: the mean final score. A move can win more often by a "
          "smaller margin, so value\nand win % can order moves differently. The notation: docs/notation.md.")
    print(f"{report.simulations} simulations, {report.nodes} nodes, depth {report.max_depth}, "
          f"{report.elapsed:.2f} s ({report.simulations_per_second:,.0f}/s)"
          f"{'; ' + TIME_MANAGER_WORDS[report.time_manager] if report.time_manager else ''}"
          f"{'; stopped by Ctrl-C: the best answer so far' if report.interrupted else ''}")


def _lower_after_first(words: list[str]) -> list[str]:
    return [w if i == 0 else w[:1].lower() + w[1:] for i, w in enumerate(words)]


def position_from_args(args: argparse.Namespace, allow_finished: bool = False) -> Any:
    """The state named by the game's position options (for Gaia: --demo, --bgs, --state or
    --corpus/--game-id/--move); allow_finished: accept a finished game."""
    return load_game(args.game).position_from_args(args, allow_finished=allow_finished)


def require_decision(state: Any) -> Any:
    if state.is_terminal:
        raise GameOverError("the game is over: there is no move to suggest")
    return state


DEFAULT_SIMULATIONS = 2000   # the budget when neither --simulations nor --time-ms (nor --config) sets one


def budget_from_args(args: argparse.Namespace) -> tuple[int | None, int | None]:
    """(simulations, time_ms) of --simulations / --time-ms (one at most), DEFAULT_SIMULATIONS if neither."""
    if args.time_ms is not None:
        return None, args.time_ms
    return (args.simulations if args.simulations is not None else DEFAULT_SIMULATIONS), None


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
        with ctrl_c(raise_interrupt=False) as stop:   # Ctrl-C: the search returns what it has
            result = game.search(state, config, top_k=args.top)
    except (ToolkitError, OSError, ValueError) as e:
        return fail("suggest", e)
    st = result.stats
    # a hidden-information game's PV was read on a sample of what the seat cannot see: its words too
    line_root = state.determinize(result.player, config.seed) if game.info.hidden_information else state
    # a Gaia candidate's line is its whole turn; a game whose search moves are atomic, the move alone
    hints = [Hint(c.line or str(c.move), c.visits, c.value, c.win_probability, c.expected_score, [str(m) for m in c.pv],
                  len(c.turn or c.moves), steps=in_words(game, line_root, c.pv, c.pv_players))
             for c in result.candidates[:args.top]]
    print_report(Report(
        position=game.describe(state),
        player=result.player,
        faction=state.role(result.player),
        hints=hints,
        simulations=st.simulations, nodes=st.nodes, max_depth=st.max_depth, elapsed=st.elapsed,
        simulations_per_second=st.simulations_per_second, time_manager=st.time_manager,
        interrupted=stop.requested,
    ), args.json)
    if stop.requested:
        return INTERRUPTED_STATUS
    return write_pictures(args, game, state, hints)


def in_words(game: Any, state: Any, pv: list[Any], players: list[int]) -> list[dict[str, Any]]:
    """The PV in words (game.describe_moves), or [] for a game that has no words yet."""
    try:
        return game.describe_moves(state, pv, players)
    except UnsupportedError:
        return []


def write_pictures(args: argparse.Namespace, game: Any, state: Any, hints: list[Hint]) -> int:
    """--png / --svg: the position with the first hint's own moves drawn; exit status."""
    for fmt in ("png", "svg"):
        path = getattr(args, fmt, None)
        if not path:
            continue
        player = state.current_player
        moves = [s["notation"] for s in hints[0].steps[:hints[0].own]] if hints and hints[0].steps else []
        title = f"Hint 1 for {game.player_name(state, player)}: {hints[0].move}" if hints else None
        try:
            data = game.draw(state, fmt, moves=moves, player=player, title=title)
            with open(path, "wb") as f:
                f.write(data)
        except (ToolkitError, OSError, ValueError) as e:
            return fail("suggest", f"--{fmt} {path}: {e}")
    return 0
