"""What `gaia-ai suggest` prints, from a local search (cli/suggest.py) or a server's answer
(service/cli.py): the hints, the table or JSON, the words and the pictures. Its own module, which both
import, so that neither imports the other."""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from typing import Any

from gaia_ai.cli.common import fail
from gaia_ai.errors import ToolkitError, UnsupportedError


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
    # the game's web app answer for the prompt (game.app_response: "response", "moves"); None without one
    app: dict[str, Any] | None = None

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
    notation_doc: str = "docs/notation.md"   # the game's notation page (GameInfo.notation_doc)


TIME_MANAGER_WORDS = {"early": "stopped early: the answer was settled",
                      "extended": "thought past --time-ms: the best moves were close",
                      "ceiling": "stopped at --max-time-ms: the best moves were still close"}


def describe_position(round_: int, phase: str, player: int, factions: list[str | None]) -> str:
    """The position in one line, as Gaia's Game.describe words it: round, phase, the seats and their
    factions ("round 3, move phase; p1 hadsch-hallas, p2 terrans")."""
    names = ", ".join(f"p{p + 1} {f}" if f else f"p{p + 1}" for p, f in enumerate(factions))
    return f"round {round_}, {phase} phase; {names}"


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
                **({"app_response": h.app["response"], "app_moves": h.app["moves"]} if h.app else {}),
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
        if h.app:
            print(f"    the app's answer: {json.dumps(h.app['response'], ensure_ascii=False)}")
    print("Ranked by visits. value: the mean result the search steers by (final score margin by default); "
          "win %: how often\nthe player won; exp. VP: the mean final score. A move can win more often by a "
          "smaller margin, so value\nand win % can order moves differently. The notation: "
          f"{report.notation_doc}.")
    print(f"{report.simulations} simulations, {report.nodes} nodes, depth {report.max_depth}, "
          f"{report.elapsed:.2f} s ({report.simulations_per_second:,.0f}/s)"
          f"{'; ' + TIME_MANAGER_WORDS[report.time_manager] if report.time_manager else ''}"
          f"{'; stopped by Ctrl-C: the best answer so far' if report.interrupted else ''}")


def _lower_after_first(words: list[str]) -> list[str]:
    return [w if i == 0 else w[:1].lower() + w[1:] for i, w in enumerate(words)]


DEFAULT_SIMULATIONS = 2000   # the budget when neither --simulations nor --time-ms (nor --config) sets one


def budget_from_args(args: argparse.Namespace) -> tuple[int | None, int | None]:
    """(simulations, time_ms) of --simulations / --time-ms (one at most), DEFAULT_SIMULATIONS if neither."""
    if args.time_ms is not None:
        return None, args.time_ms
    return (args.simulations if args.simulations is not None else DEFAULT_SIMULATIONS), None


def in_words(game: Any, state: Any, pv: list[Any], players: list[int]) -> list[dict[str, Any]]:
    """The PV in words (game.describe_moves), or [] for a game that has no words yet."""
    try:
        return game.describe_moves(state, pv, players)
    except UnsupportedError:
        return []


def refuse_missing_pictures(args: argparse.Namespace, game: Any) -> None:
    """--png / --svg of a game without a board picture: UnsupportedError, before any search (local or remote)."""
    for fmt in ("png", "svg"):
        if getattr(args, fmt, None) and fmt not in game.info.pictures:
            raise UnsupportedError(f"--{fmt}: {game.info.title} has no board picture yet")


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
