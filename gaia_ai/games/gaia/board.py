"""The Gaia Project map: planets, sectors, hex labels and distances.

Coordinates are axial ``(q, r)`` with ``s = -q - r``. A hex is named in the move
notation by ``<sector number><suffix>`` (e.g. ``5A3``) where the suffix is the hex's
offset from its sector centre *after* rotation; ``C`` is the centre, ``B0..B5`` the
inner ring and ``A0..A11`` the outer ring.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any

import numpy as np

from gaia_ai.games.gaia.errors import NotationError, SetupError


class Planet(StrEnum):
    """Planet letters of the boardgamers.space engine (a ``StrEnum``: ``Planet.TERRA == "r"``)."""

    TERRA = "r"
    OXIDE = "o"
    VOLCANIC = "v"
    DESERT = "d"
    SWAMP = "s"
    TITANIUM = "t"
    ICE = "i"
    GAIA = "g"
    TRANSDIM = "m"
    EMPTY = "e"
    LOST = "l"


# The seven home-planet types in terraforming-cycle order (r-o-v-d-s-t-i-r).
TERRAFORM_CYCLE: tuple[Planet, ...] = (
    Planet.TERRA,
    Planet.OXIDE,
    Planet.VOLCANIC,
    Planet.DESERT,
    Planet.SWAMP,
    Planet.TITANIUM,
    Planet.ICE,
)
HOME_PLANETS: frozenset[Planet] = frozenset(TERRAFORM_CYCLE)

# A label: sector number, then C / B0..B5 / A0..A11.
LABEL_RE = re.compile(r"([1-9]\d?)(C|B[0-5]|A(?:1[01]|\d))")
# Absolute coordinates written by old engine versions, e.g. "-1x2".
COORD_RE = re.compile(r"(-?\d+)x(-?\d+)")

# Unit steps to the six neighbours of a hex.
_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def terraform_distance(a: str, b: str) -> int:
    """Terraforming steps between two home-planet types (shorter way round the 7-cycle)."""
    try:
        i = TERRAFORM_CYCLE.index(Planet(a))
        j = TERRAFORM_CYCLE.index(Planet(b))
    except ValueError:
        raise ValueError(f"terraform_distance needs home-planet types, got {a!r} and {b!r}") from None
    d = abs(i - j)
    return min(d, 7 - d)


def hex_distance(q1: int, r1: int, q2: int, r2: int) -> int:
    """Axial hex distance."""
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(q: int, r: int, rotation: int) -> tuple[int, int]:
    """Rotate an offset by ``rotation`` 60-degree steps, ``(q, r) -> (-r, q + r)`` each."""
    for _ in range(rotation % 6):
        q, r = -r, q + r
    return q, r


def parse_label(label: str) -> tuple[int, str]:
    """Split a hex label into (sector number, suffix); NotationError if malformed."""
    m = LABEL_RE.fullmatch(label)
    if m is None:
        raise NotationError(f"bad hex label {label!r}: expected <sector><C|B0-B5|A0-A11>, e.g. '5A3'")
    return int(m.group(1)), m.group(2)


@dataclass(frozen=True)
class SectorData:
    """One sector side at rotation 0: planet per label suffix."""

    id: str
    number: int
    planets: Mapping[str, Planet]


@dataclass(frozen=True)
class _Tables:
    label_to_offset: Mapping[str, tuple[int, int]]
    offset_to_label: Mapping[tuple[int, int], str]
    sectors: Mapping[str, SectorData]
    # Player-count key ("2" / "3-4") -> (sector ids, centres in fill order).
    boards: Mapping[str, tuple[tuple[str, ...], tuple[tuple[int, int], ...]]]


@cache
def tables() -> _Tables:
    """The sector tables shipped in ``data/sectors.json`` (loaded once)."""
    raw = json.loads(resources.files("gaia_ai.games.gaia").joinpath("data/sectors.json").read_text("utf-8"))
    label_to_offset = {k: (v[0], v[1]) for k, v in raw["labelToOffset"].items()}
    sectors = {
        sid: SectorData(sid, int(sid.rstrip("AB")), {k: Planet(p) for k, p in hexes.items()})
        for sid, hexes in raw["sectors"].items()
    }
    boards = {key: (tuple(b["sectors"]), tuple((c[0], c[1]) for c in b["centers"])) for key, b in raw["boards"].items()}
    return _Tables(label_to_offset, {v: k for k, v in label_to_offset.items()}, sectors, boards)


@dataclass(frozen=True, slots=True)
class Hex:
    """One board hex. ``index`` is its position in :attr:`Board.hexes` (sorted by (q, r))."""

    index: int
    q: int
    r: int
    planet: Planet
    sector: str  # sector side id, e.g. "5A" or "1"
    sector_number: int
    label: str  # notation name, e.g. "5A3"

    @property
    def s(self) -> int:
        return -self.q - self.r


@dataclass(frozen=True, slots=True)
class SectorPlacement:
    """A sector side placed on the board."""

    sector: str
    rotation: int
    q: int
    r: int


def _board_key(num_players: int) -> str:
    if num_players == 2:
        return "2"
    if num_players in (3, 4):
        return "3-4"
    raise SetupError(f"num_players must be 2, 3 or 4, got {num_players!r}")


class Board:
    """The map of one game, built from an engine ``mapConfig``.

    ``Board(map_config)`` accepts ``{"sectors": [{"sector", "rotation", "center": {q, r[, s]}}],
    "mirror": bool}`` and raises SetupError when it is malformed.
    """

    __slots__ = ("_by_coord", "_by_label", "_neighbours", "hexes", "labels", "placements")

    def __init__(self, map_config: Mapping[str, Any]) -> None:
        self.placements = _parse_map_config(map_config)
        t = tables()
        cells: dict[tuple[int, int], tuple[Planet, str, int, str]] = {}
        for p in self.placements:
            data = t.sectors[p.sector]
            for suffix, planet in data.planets.items():
                dq, dr = rotate(*t.label_to_offset[suffix], p.rotation)
                coord = (p.q + dq, p.r + dr)
                if coord in cells:
                    raise SetupError(
                        f"mapConfig.sectors: sector {p.sector} overlaps sector {cells[coord][1]} at {coord}"
                    )
                # The label suffix names the *rotated* offset, so it differs from the rotation-0 suffix.
                label = f"{data.number}{t.offset_to_label[(dq, dr)]}"
                cells[coord] = (planet, p.sector, data.number, label)
        self.hexes: tuple[Hex, ...] = tuple(
            Hex(i, q, r, planet, sector, number, label)
            for i, ((q, r), (planet, sector, number, label)) in enumerate(sorted(cells.items()))
        )
        self.labels: tuple[str, ...] = tuple(h.label for h in self.hexes)
        self._by_label = {h.label: h.index for h in self.hexes}
        self._by_coord = {(h.q, h.r): h.index for h in self.hexes}
        self._neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                self._by_coord[(h.q + dq, h.r + dr)] for dq, dr in _DIRECTIONS if (h.q + dq, h.r + dr) in self._by_coord
            )
            for h in self.hexes
        )

    @classmethod
    def random(cls, num_players: int, rng: random.Random) -> Board:
        """A random standard map: the player count's sectors shuffled over its centres with
        random rotations, redrawn until no two adjacent hexes share a home-planet type."""
        sector_ids, centres = tables().boards[_board_key(num_players)]
        while True:
            order = list(sector_ids)
            rng.shuffle(order)
            board = cls(
                {
                    "sectors": [
                        {"sector": sid, "rotation": rng.randrange(6), "center": {"q": q, "r": r}}
                        for sid, (q, r) in zip(order, centres, strict=True)
                    ],
                    "mirror": False,
                }
            )
            if board.is_balanced():
                return board

    def is_balanced(self) -> bool:
        """True when no two adjacent hexes hold the same home-planet type."""
        for h in self.hexes:
            if h.planet in HOME_PLANETS and any(self.hexes[n].planet == h.planet for n in self._neighbours[h.index]):
                return False
        return True

    def to_map_config(self) -> dict[str, Any]:
        """The engine ``mapConfig`` of this board (JSON-friendly)."""
        return {
            "sectors": [
                {"sector": p.sector, "rotation": p.rotation, "center": {"q": p.q, "r": p.r, "s": -p.q - p.r}}
                for p in self.placements
            ],
            "mirror": False,
        }

    def index(self, label: str) -> int:
        """Index of the hex named ``label`` (or old-style ``QxR``); NotationError if unknown."""
        i = self._by_label.get(label)
        if i is not None:
            return i
        m = COORD_RE.fullmatch(label)
        if m is not None:
            i = self._by_coord.get((int(m.group(1)), int(m.group(2))))
            if i is None:
                raise NotationError(f"unknown hex {label!r}: no hex at these coordinates on this board")
            return i
        parse_label(label)  # raises on bad syntax
        raise NotationError(f"unknown hex {label!r}: not on this board")

    def hex(self, label: str) -> Hex:
        return self.hexes[self.index(label)]

    def at(self, q: int, r: int) -> Hex | None:
        """The hex at axial ``(q, r)``, or None off the board."""
        i = self._by_coord.get((q, r))
        return None if i is None else self.hexes[i]

    def neighbours(self, i: int) -> tuple[int, ...]:
        """Indices of the hexes adjacent to hex ``i``."""
        return self._neighbours[i]

    def distance(self, i: int, j: int) -> int:
        a, b = self.hexes[i], self.hexes[j]
        return hex_distance(a.q, a.r, b.q, b.r)

    def distance_table(self) -> list[list[int]]:
        """distance(i, j) for every pair, as rows: one numpy pass instead of n^2 Python calls (a new
        game's core needs it, and the service and the tournament make many)."""
        q = np.array([h.q for h in self.hexes], dtype=np.int32)
        r = np.array([h.r for h in self.hexes], dtype=np.int32)
        dq = q[:, None] - q[None, :]
        dr = r[:, None] - r[None, :]
        table: list[list[int]] = ((np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2).tolist()
        return table

    def __len__(self) -> int:
        return len(self.hexes)

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.hexes)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.placements == other.placements

    def __hash__(self) -> int:
        return hash(self.placements)

    def __repr__(self) -> str:
        return f"Board({' '.join(f'{p.sector}@{p.q},{p.r}r{p.rotation}' for p in self.placements)})"


def _parse_map_config(map_config: Mapping[str, Any]) -> tuple[SectorPlacement, ...]:
    if not isinstance(map_config, Mapping):
        raise SetupError(f"mapConfig must be a dict, got {type(map_config).__name__}")
    if map_config.get("mirror", False):
        # Every supported game (including the whole corpus) uses unmirrored sectors.
        raise SetupError("mapConfig.mirror: mirrored maps are not supported")
    sectors = map_config.get("sectors")
    if not isinstance(sectors, list) or not sectors:
        raise SetupError("mapConfig.sectors must be a non-empty list")
    known = tables().sectors
    placements = []
    numbers: set[int] = set()
    for k, entry in enumerate(sectors):
        where = f"mapConfig.sectors[{k}]"
        try:
            sid, rotation, centre = entry["sector"], entry["rotation"], entry["center"]
            q, r = centre["q"], centre["r"]
        except (KeyError, TypeError):
            raise SetupError(f"{where} needs 'sector', 'rotation' and 'center': {{q, r}}, got {entry!r}") from None
        if sid not in known:
            raise SetupError(f"{where}.sector: unknown sector {sid!r}")
        # A side A and a side B of the same sector would share labels.
        if known[sid].number in numbers:
            raise SetupError(f"{where}.sector: sector number {known[sid].number} used twice")
        numbers.add(known[sid].number)
        if not isinstance(rotation, int) or isinstance(rotation, bool) or not 0 <= rotation < 6:
            raise SetupError(f"{where}.rotation must be an integer 0..5, got {rotation!r}")
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (q, r)):
            raise SetupError(f"{where}.center must hold integer q and r, got {centre!r}")
        if "s" in centre and centre["s"] != -q - r:
            raise SetupError(f"{where}.center: s must equal -q-r, got {centre!r}")
        placements.append(SectorPlacement(sid, rotation, q, r))
    return tuple(placements)
