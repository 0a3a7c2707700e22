"""The board as a picture: a Gaia Project position drawn with matplotlib, PNG or SVG.

The map shows each hex's planet type (the game's colours), every building in its owner's colour (the
colour of the faction's home planet, as on the physical board; one shape per building type), gaia
formers, satellites and federations (the owner's colour around the hexes). A suggested move is drawn on
top: its target hex circled, the distance from the player's nearest building against the player's
range, a federation's outline. A panel beside the map lists each player's VP, resources, power bowls
and research levels.

    render_board(state, "board.png", move=[Command.parse("build m 1A1")], title="Suggestion 1")
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import GaiaError
from gaia_ai.games.gaia.notation import Command
from gaia_ai.games.gaia.words import BOOSTERS, HOME_PLANET, PLANET_NAMES, TRACK_NAMES, player_name

PLANET_LETTERS = "rovdstigmel"   # the core's planet order (gaia_rules.PLANET_LETTERS)
BUILDINGS = ("m", "ts", "lab", "PI", "ac1", "ac2", "gf", "sp")   # the core's building order
PLANET_COLOURS: dict[str, str] = {
    "r": "#2f6fd6", "o": "#d23a2a", "v": "#f08a24", "d": "#f2d43a", "s": "#8a5a2b", "t": "#8c8c8c",
    "i": "#eef3f7", "g": "#3aa655", "m": "#8e44ad", "e": "#101828", "l": "#1abc9c",
}
# building -> (matplotlib marker, size): bigger buildings, bigger marks
_MARKS: dict[str, tuple[str, float]] = {
    "m": ("o", 170), "ts": ("s", 210), "lab": ("^", 260), "PI": ("h", 380), "ac1": ("*", 480), "ac2": ("*", 480),
    "gf": ("D", 130), "sp": ("P", 200),
}
FORMATS = (".png", ".svg")
_METADATA: dict[str, dict[str, Any]] = {".png": {"Software": None}, ".svg": {"Date": None}}
_SQRT3 = math.sqrt(3)


def hex_centre(q: int, r: int) -> tuple[float, float]:
    """Pixel centre of axial (q, r) for pointy-top hexes of radius 1 (y grows upwards)."""
    return _SQRT3 * (q + r / 2), -1.5 * r


def player_colour(state: GaiaState, player: int) -> str:
    """The colour of the player's faction (its home planet), grey before the faction is chosen."""
    faction = state.faction(player)
    return PLANET_COLOURS[HOME_PLANET[faction]] if faction in HOME_PLANET else "#bbbbbb"


def render_board(state: GaiaState, path: str | Path | None = None, *, move: Sequence[Command] = (),
                 player: int | None = None, title: str | None = None, fmt: str | None = None) -> bytes:
    """Draw state (and move, the commands of a suggestion played by player, default whose decision it
    is); write the picture to path when given (its suffix, .png or .svg, picks the format) and return
    its bytes. ValueError for another format."""
    from matplotlib import rc_context
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fmt = (fmt or (Path(path).suffix if path else ".png")).lower()
    if not fmt.startswith("."):
        fmt = "." + fmt
    if fmt not in FORMATS:
        raise ValueError(f"board picture format {fmt!r}: use .png or .svg")
    figure = Figure(figsize=(15, 9), dpi=90, layout="constrained")
    FigureCanvasAgg(figure)
    grid = figure.add_gridspec(2, 2, width_ratios=(2.3, 1), height_ratios=(6, 1))
    board_axes = figure.add_subplot(grid[0, 0])
    panel_axes = figure.add_subplot(grid[:, 1])
    _legend(figure.add_subplot(grid[1, 0]))
    raw = state.raw_state()
    _draw_map(board_axes, state, raw)
    if move:
        _draw_move(board_axes, state, raw, list(move), state.current_player if player is None else player)
    _draw_panel(panel_axes, state, raw)
    figure.suptitle(title or _default_title(state), fontsize=14)
    buffer = io.BytesIO()
    with rc_context({"svg.fonttype": "none", "svg.hashsalt": "gaia-ai"}):   # SVG text stays text; same ids each run
        figure.savefig(buffer, format=fmt[1:], facecolor="white", metadata=_METADATA[fmt])
    data = buffer.getvalue()
    if path is not None:
        Path(path).write_bytes(data)
    return data


def _default_title(state: GaiaState) -> str:
    if state.is_terminal:
        return "Game over"
    return f"Round {state.round}, {player_name(state, state.current_player)} to play"


def _hexagon(axes: Any, x: float, y: float, **style: Any) -> None:
    from matplotlib.patches import RegularPolygon

    axes.add_patch(RegularPolygon((x, y), numVertices=6, radius=0.97, orientation=0, **style))


def _draw_map(axes: Any, state: GaiaState, raw: dict[str, Any]) -> None:
    board = state.setup.board
    for h in board.hexes:
        x, y = hex_centre(h.q, h.r)
        letter = PLANET_LETTERS[raw["planet"][h.index]]
        owner, building = raw["owner"][h.index], raw["building"][h.index]
        built = owner >= 0 and building >= 0
        _hexagon(axes, x, y, facecolor="#0b1120", edgecolor="#33415c", linewidth=0.6)
        if built:   # the owner's colour fills a built hex: a mine stands out from an empty planet
            _hexagon(axes, x, y, facecolor=player_colour(state, owner), edgecolor="none", alpha=0.45)
        if letter != "e":
            # an empty planet is a smaller disc than a built one
            axes.add_patch(_circle((x, y), 0.5 if built else 0.4, facecolor=PLANET_COLOURS[letter],
                                   edgecolor="black", lw=0.6))
        axes.text(x, y - 0.72, h.label, ha="center", va="center", fontsize=7.5, color="#f1f5f9",
                  fontweight="bold")
        for p in range(state.setup.num_players):
            bit = 1 << p
            if raw["fed_mask"][h.index] & bit:   # federated hex: a ring of the owner's colour
                _hexagon(axes, x, y, facecolor="none", edgecolor=player_colour(state, p), linewidth=2.5)
            if raw["sat_mask"][h.index] & bit:
                axes.scatter([x + 0.3 * (p - 1)], [y + 0.25], s=30, marker="o", c=player_colour(state, p),
                             edgecolors="white", linewidths=0.6, zorder=4)
        if built:
            name = BUILDINGS[building]
            marker, size = _MARKS[name]
            # a black halo, then the owner's colour edged in white: readable on a planet of the same colour
            axes.scatter([x], [y], s=size * 1.6, marker=marker, c="black", zorder=5)
            axes.scatter([x], [y], s=size, marker=marker, c=player_colour(state, owner), edgecolors="white",
                         linewidths=1.8, zorder=5)
            if name.startswith("ac"):
                axes.text(x, y + 0.62, name, ha="center", fontsize=6, color="white", zorder=6)
        guest = raw["guest"][h.index]
        if guest >= 0:   # a Lantids mine beside the owner's building
            axes.scatter([x + 0.45], [y - 0.35], s=50, marker="o", c=player_colour(state, guest),
                         edgecolors="black", linewidths=1, zorder=6)
    xs = [hex_centre(h.q, h.r)[0] for h in board.hexes]
    ys = [hex_centre(h.q, h.r)[1] for h in board.hexes]
    axes.set_xlim(min(xs) - 1.2, max(xs) + 1.2)
    axes.set_ylim(min(ys) - 1.2, max(ys) + 1.2)
    axes.set_aspect("equal")
    axes.axis("off")


def _circle(centre: tuple[float, float], radius: float, **style: Any) -> Any:
    from matplotlib.patches import Circle

    return Circle(centre, radius, **style)


def _legend(axes: Any) -> None:
    from matplotlib.lines import Line2D

    marks = [Line2D([], [], marker=_MARKS[b][0], linestyle="none", markersize=math.sqrt(_MARKS[b][1]) * 0.7,
                    markerfacecolor="white", markeredgecolor="black", label=label)
             for b, label in (("m", "mine"), ("ts", "trading station"), ("lab", "research lab"),
                              ("PI", "planetary institute"), ("ac1", "academy"), ("gf", "gaia former"),
                              ("sp", "space station"))]
    planets = [Line2D([], [], marker="o", linestyle="none", markersize=8, markerfacecolor=PLANET_COLOURS[p],
                      markeredgecolor="black", label=PLANET_NAMES[p]) for p in "rovdstigm"]
    axes.axis("off")
    axes.legend(handles=marks + planets, loc="center", fontsize=8, ncol=8, frameon=True,
                title="buildings (in the owner's colour; a ring of that colour marks a federation); planets",
                title_fontsize=8)


def _draw_move(axes: Any, state: GaiaState, raw: dict[str, Any], move: list[Command], player: int) -> None:
    """The suggested move: target hexes circled, a dashed line from the nearest own building with the
    distance and the player's range, a federation's hexes outlined."""
    board = state.setup.board
    colour = "#ff2fd0"
    owned = [h for h in board.hexes if raw["owner"][h.index] == player or raw["guest"][h.index] == player]
    for command in move:
        try:
            targets = [board.hex(label) for label in command.hexes]
        except GaiaError:
            continue
        if command.name == "federation":
            for h in targets:
                _hexagon(axes, *hex_centre(h.q, h.r), facecolor="none", edgecolor=colour, linewidth=3,
                         linestyle="--", zorder=7)
            top = max(targets, key=lambda h: hex_centre(h.q, h.r)[1])
            x, y = hex_centre(top.q, top.r)
            axes.annotate(f"federation {command.args[1]}", (x, y + 0.95), ha="center", va="bottom", fontsize=9,
                          zorder=9, bbox={"boxstyle": "round", "fc": colour, "ec": "none", "alpha": 0.9})
            continue
        for h in targets:
            x, y = hex_centre(h.q, h.r)
            axes.add_patch(_circle((x, y), 0.92, facecolor="none", edgecolor=colour, lw=3.5, zorder=8))
            axes.annotate(str(command), (x, y + 0.95), ha="center", va="bottom", fontsize=9, color="black",
                          zorder=9, bbox={"boxstyle": "round", "fc": colour, "ec": "none", "alpha": 0.9})
            others = [o for o in owned if o.index != h.index]
            if command.name in ("build", "lostPlanet") and others and raw["owner"][h.index] != player:
                near = min(others, key=lambda o: _axial_distance(o, h))
                d = _axial_distance(near, h)
                nx, ny = hex_centre(near.q, near.r)
                axes.plot([nx, x], [ny, y], linestyle="--", color=colour, linewidth=2, zorder=7)
                rng = _player_range(raw, player)
                axes.text((nx + x) / 2, (ny + y) / 2, f"distance {d}, range {rng}", fontsize=8, color="black",
                          ha="center", zorder=9, bbox={"boxstyle": "round", "fc": "white", "ec": colour})


def _axial_distance(a: Any, b: Any) -> int:
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _player_range(raw: dict[str, Any], player: int) -> int:
    """Navigation range by level (rulebook: 1, 1, 2, 2, 3, 4)."""
    return (1, 1, 2, 2, 3, 4)[raw["pl"][player]["research"][1]]


def _draw_panel(axes: Any, state: GaiaState, raw: dict[str, Any]) -> None:
    axes.axis("off")
    n = state.setup.num_players
    tracks = list(TRACK_NAMES)
    y = 0.98
    for p in range(n):
        pl = raw["pl"][p]
        colour = player_colour(state, p)
        marker = "  <- to play" if p == state.current_player else ""
        passed = " (passed)" if pl["passed"] else ""
        axes.text(0.0, y, f"{player_name(state, p)}{passed}{marker}", fontsize=12, fontweight="bold",
                  color="black", transform=axes.transAxes, va="top",
                  bbox={"boxstyle": "round", "fc": colour, "ec": "black", "alpha": 0.35})
        y -= 0.055
        power = pl["power"]
        brainstone = ("", " +brainstone in I", " +brainstone in II", " +brainstone in III", " +brainstone in gaia")
        booster = f"booster{pl['booster'] + 1}" if pl["booster"] >= 0 else None
        lines = [
            (f"{pl['vp']} VP   {pl['credits']} credits   {pl['ores']} ore   {pl['knowledge']} knowledge   "
            f"{pl['qic']} QIC"),
            f"{booster}: {BOOSTERS.get(booster, '?')}" if booster else "no booster",
            (f"power bowls I {power[0]} | II {power[1]} | III {power[2]} | gaia {power[3]}"
            f"{brainstone[pl['brainstone']] if 0 <= pl['brainstone'] < 5 else ''}"),
        ]
        for line in lines:
            axes.text(0.02, y, line, fontsize=9.5, transform=axes.transAxes, va="top", family="monospace")
            y -= 0.04
        # research levels as small bars 0..5
        for i, track in enumerate(tracks):
            level = pl["research"][i]
            x0 = 0.02 + i * 0.16
            axes.text(x0, y, track, fontsize=8, transform=axes.transAxes, va="top")
            for k in range(5):
                axes.add_patch(_rect(axes, x0 + k * 0.026, y - 0.055, 0.022, 0.022,
                                     colour if k < level else "#e5e7eb"))
        y -= 0.1
        y -= 0.02
    axes.text(0.0, max(y, 0.0), "research bars: levels 1-5 per track; power bowls: tokens in areas I, II, III",
              fontsize=7.5, color="#555555", transform=axes.transAxes, va="top")
    y -= 0.035
    for line in _tiles(state, raw):
        axes.text(0.0, max(y, 0.0), line, fontsize=8, transform=axes.transAxes, va="top", wrap=True)
        y -= 0.03


def _tiles(state: GaiaState, raw: dict[str, Any]) -> list[str]:
    """The scoring tiles (this round's marked) and the boosters still free, in words."""
    rounds = ", ".join(f"{'>' if r == state.round else ''}{r} {tile}"
                       for r, tile in enumerate(state.setup.round_scoring, 1))
    free = [b for b in state.setup.boosters if raw["booster_free"][int(b[7:]) - 1]]
    return [f"round scoring: {rounds}", f"final scoring: {', '.join(state.setup.final_scoring)}",
            "boosters free: " + ("; ".join(f"{b} ({BOOSTERS[b]})" for b in free) if free else "none")]


def _rect(axes: Any, x: float, y: float, w: float, h: float, colour: str) -> Any:
    from matplotlib.patches import Rectangle

    return Rectangle((x, y), w, h, facecolor=colour, edgecolor="black", linewidth=0.5, transform=axes.transAxes)
