"""Everything drawn before the first move: map, scoring tiles, boosters, tech tiles, federations."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gaia_ai.games.gaia.board import Board, tables
from gaia_ai.games.gaia.errors import SetupError
from gaia_ai.games.gaia.variants import GameOptions, parse_options

ROUND_SCORING_TILES: tuple[str, ...] = tuple(f"score{i}" for i in range(1, 11))
FINAL_SCORING_TILES: tuple[str, ...] = ("structure", "structureFed", "planetType", "gaia", "sector", "satellite")
BOOSTERS: tuple[str, ...] = tuple(f"booster{i}" for i in range(1, 11))
TECH_TILES: tuple[str, ...] = tuple(f"tech{i}" for i in range(1, 10))
ADV_TECH_TILES: tuple[str, ...] = tuple(f"advtech{i}" for i in range(1, 16))
FEDERATIONS: tuple[str, ...] = tuple(f"fed{i}" for i in range(1, 7))
RESEARCH_TRACKS: tuple[str, ...] = ("terra", "nav", "int", "gaia", "eco", "sci")
TECH_POSITIONS: tuple[str, ...] = (*RESEARCH_TRACKS, "free1", "free2", "free3")
ADV_TECH_POSITIONS: tuple[str, ...] = tuple(f"adv-{t}" for t in RESEARCH_TRACKS)
FEDERATION_COPIES = 3


def federation_supply_for(terraforming_federation: str) -> dict[str, int]:
    """The supply at setup: 3 of each token, minus the one lying on terraforming level 5."""
    return {f: FEDERATION_COPIES - (f == terraforming_federation) for f in FEDERATIONS}


@dataclass(frozen=True)
class GameSetup:
    """The random draws of one game (the engine's ``setup`` minus per-player orders).

    Sequences are stored as tuples; construction validates every field and raises
    SetupError naming the bad one.
    """

    num_players: int
    seed: str
    board: Board
    round_scoring: tuple[str, ...]
    final_scoring: tuple[str, ...]
    boosters: tuple[str, ...]
    tech_tiles: Mapping[str, str]
    adv_tech_tiles: Mapping[str, str]
    terraforming_federation: str
    federation_supply: Mapping[str, int]
    options: GameOptions = field(default_factory=GameOptions)   # rule variants (auction, beta boards); default standard

    def __post_init__(self) -> None:
        n = self.num_players
        if not isinstance(n, int) or isinstance(n, bool) or n not in (2, 3, 4):
            raise SetupError(f"num_players must be 2, 3 or 4, got {n!r}")
        if not isinstance(self.seed, str):
            raise SetupError(f"seed must be a string, got {self.seed!r}")
        if not isinstance(self.board, Board):
            raise SetupError(f"board must be a Board, got {type(self.board).__name__}")
        # The 2-player map has 7 sectors, the 3-4 player map 10.
        expected_sectors = 7 if n == 2 else 10
        if len(self.board.placements) != expected_sectors:
            raise SetupError(
                f"board: a {n}-player map has {expected_sectors} sectors, got {len(self.board.placements)}"
            )
        _check_layout(n, self.board)
        # Freeze caller-provided lists/dicts so the setup cannot change under the engine.
        for name in ("round_scoring", "final_scoring", "boosters"):
            object.__setattr__(self, name, _as_tuple(name, getattr(self, name)))
        for name in ("tech_tiles", "adv_tech_tiles", "federation_supply"):
            object.__setattr__(self, name, _as_dict(name, getattr(self, name)))
        _check_draw("round_scoring", self.round_scoring, ROUND_SCORING_TILES, 6)
        _check_draw("final_scoring", self.final_scoring, FINAL_SCORING_TILES, 2)
        _check_draw("boosters", self.boosters, BOOSTERS, n + 3)
        _check_positions("tech_tiles", self.tech_tiles, TECH_POSITIONS, TECH_TILES)
        _check_positions("adv_tech_tiles", self.adv_tech_tiles, ADV_TECH_POSITIONS, ADV_TECH_TILES)
        if not isinstance(self.options, GameOptions):
            raise SetupError(f"options must be a GameOptions, got {type(self.options).__name__}")
        if self.terraforming_federation not in FEDERATIONS:
            raise SetupError(f"terraforming_federation: unknown token {self.terraforming_federation!r}")
        expected = federation_supply_for(self.terraforming_federation)
        if dict(self.federation_supply) != expected:
            raise SetupError(
                f"federation_supply must be {expected} (3 each minus the terraforming token), "
                f"got {dict(self.federation_supply)}"
            )

    @classmethod
    def random(cls, num_players: int, seed: str, options: GameOptions | None = None) -> GameSetup:
        """Our own seeded draw; every random choice comes from ``random.Random(seed)``."""
        if num_players not in (2, 3, 4):
            raise SetupError(f"num_players must be 2, 3 or 4, got {num_players!r}")
        rng = random.Random(seed)
        board = Board.random(num_players, rng)
        round_scoring = tuple(rng.sample(ROUND_SCORING_TILES, 6))
        final_scoring = tuple(rng.sample(FINAL_SCORING_TILES, 2))
        boosters = tuple(sorted(rng.sample(BOOSTERS, num_players + 3), key=BOOSTERS.index))
        tech = list(TECH_TILES)
        rng.shuffle(tech)
        adv = rng.sample(ADV_TECH_TILES, 6)
        fed = rng.choice(FEDERATIONS)
        return cls(
            num_players=num_players,
            seed=seed,
            board=board,
            round_scoring=round_scoring,
            final_scoring=final_scoring,
            boosters=boosters,
            tech_tiles=dict(zip(TECH_POSITIONS, tech, strict=True)),
            adv_tech_tiles=dict(zip(ADV_TECH_POSITIONS, adv, strict=True)),
            terraforming_federation=fed,
            federation_supply=federation_supply_for(fed),
            options=options or GameOptions(),
        )

    @classmethod
    def from_corpus(cls, record: Mapping[str, Any]) -> GameSetup:
        """From a corpus record (its ``setup``, ``seed``, ``nbPlayers`` and ``options``).

        An option the engine does not model raises UnsupportedOptionError (a SetupError) naming it."""
        options = parse_options(record.get("options"))
        try:
            return cls.from_dict(
                {**record["setup"], "num_players": record["nbPlayers"], "seed": record["seed"], "options": options}
            )
        except (KeyError, TypeError) as e:
            raise SetupError(f"corpus record lacks setup/seed/nbPlayers: {e!r}") from None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameSetup:
        """Inverse of :meth:`to_dict` (corpus ``setup`` field names; extra keys are ignored).

        ``options`` (absent: the standard game) is a GameOptions or boardgamers.space's option dict."""
        options = data.get("options")
        if not isinstance(options, GameOptions):
            options = parse_options(options)
        try:
            return cls(
                num_players=data["num_players"],
                seed=data["seed"],
                board=Board(data["mapConfig"]),
                round_scoring=data["roundScoring"],
                final_scoring=data["finalScoring"],
                boosters=data["boosters"],
                tech_tiles=data["techTiles"],
                adv_tech_tiles=data["advTechTiles"],
                terraforming_federation=data["terraformingFederation"],
                federation_supply=data["federationSupply"],
                options=options,
            )
        except KeyError as e:
            raise SetupError(f"setup dict lacks field {e.args[0]!r}") from None

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form: the corpus ``setup`` layout (no hexes) plus num_players, seed and, for a
        variant game, ``options`` in boardgamers.space's names."""
        out: dict[str, Any] = {
            "num_players": self.num_players,
            "seed": self.seed,
            "mapConfig": self.board.to_map_config(),
            "roundScoring": list(self.round_scoring),
            "finalScoring": list(self.final_scoring),
            "boosters": list(self.boosters),
            "techTiles": dict(self.tech_tiles),
            "advTechTiles": dict(self.adv_tech_tiles),
            "terraformingFederation": self.terraforming_federation,
            "federationSupply": dict(self.federation_supply),
        }
        if not self.options.is_standard:
            out["options"] = self.options.to_dict()
        return out


def _as_tuple(name: str, value: object) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise SetupError(f"{name} must be a list of tile ids, got {value!r}")
    return tuple(value)


def _as_dict(name: str, value: object) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise SetupError(f"{name} must be a dict, got {value!r}")
    return dict(value)


def _check_draw(name: str, drawn: tuple[str, ...], pool: tuple[str, ...], count: int) -> None:
    if len(drawn) != count:
        raise SetupError(f"{name} must hold {count} tiles, got {len(drawn)}: {list(drawn)}")
    unknown = [t for t in drawn if t not in pool]
    if unknown:
        raise SetupError(f"{name}: unknown tile id(s) {unknown}")
    if len(set(drawn)) != count:
        raise SetupError(f"{name}: duplicated tile in {list(drawn)}")


def _check_positions(name: str, placed: Mapping[str, str], positions: tuple[str, ...], pool: tuple[str, ...]) -> None:
    if set(placed) != set(positions):
        raise SetupError(f"{name} must have exactly the positions {list(positions)}, got {list(placed)}")
    _check_draw(name, tuple(placed[p] for p in positions), pool, len(positions))


def _check_layout(num_players: int, board: Board) -> None:
    """The map is a real arrangement of the sectors: the player count's sectors, each on one of its
    layout's centres, every centre used once (so no overlap and no gap)."""
    sector_ids, centres = tables().boards["2" if num_players == 2 else "3-4"]
    numbers = sorted(tables().sectors[sid].number for sid in sector_ids)
    free = set(centres)
    for k, p in enumerate(board.placements):
        if (p.q, p.r) not in free:
            where = "is used twice" if (p.q, p.r) in centres else "is not a centre of the layout"
            raise SetupError(f"board: sectors[{k}] ({p.sector}) at centre ({p.q}, {p.r}) {where}; "
                             f"a {num_players}-player map puts its sectors at {sorted(centres)}")
        free.discard((p.q, p.r))
    got = sorted(tables().sectors[p.sector].number for p in board.placements)
    if got != numbers:
        raise SetupError(f"board: a {num_players}-player map uses sectors {numbers}, got {got}")
