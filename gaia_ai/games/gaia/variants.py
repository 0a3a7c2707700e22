"""The game options of boardgamers.space that change the rules, and which of them the engine models.

A record's or export's ``options`` (``layout``, ``auction``, ``factionVariant``,
``factionVariantVersion``, ``advancedRules``, ``expansions``, ``map``) are read by
:func:`parse_options` into a :class:`GameOptions`; an option the engine does not model (an
expansion, a value it does not know) raises :class:`UnsupportedOptionError` naming it, so such a
game is refused before any move is replayed instead of replaying into a wrong state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gaia_ai.games.gaia.errors import SetupError

__all__ = [
    "AUCTION_MODES",
    "BETA_BOARDS",
    "BETA_START_EXTRA",
    "BETA_VERSIONS",
    "FACTION_VARIANTS",
    "GameOptions",
    "UnsupportedOptionError",
    "beta_board_version",
    "parse_options",
]

# "choose-bid": factions are picked, then auctioned in a separate phase; "bid-while-choosing": each
# player either picks a new faction or outbids a held one (shared/corpus/gaia/variants/README.md)
AUCTION_MODES: tuple[str, ...] = ("choose-bid", "bid-while-choosing")
FACTION_VARIANTS: tuple[str, ...] = ("standard", "beta")
# The beta faction boards as the site ships them (gaia-engine's faction-boards/*.ts, variants of type
# "beta"): per faction, per board version, what its one-time starting income adds to the standard
# board's, in the site's income notation. Only the starting income changes. Ambas, Itars, Ivits,
# Nevlas and Taklons have no beta board; Terrans' version-2 board is the standard one again.
BETA_BOARDS: dict[str, dict[int, str]] = {
    "baltaks": {0: "up-int"},
    "bescods": {0: "up-sci", 2: "up-sci,up-sci"},
    "firaks": {0: "up-sci", 2: "up-eco"},
    "geodens": {0: "up-terra", 2: "2k,up-terra"},
    "gleens": {0: "up-nav", 2: "up-nav,up-nav"},
    "hadsch-hallas": {0: "up-eco"},
    "lantids": {0: "up-eco,up-eco"},
    "terrans": {0: "up-nav", 2: ""},
    "xenos": {0: "up-int"},
}
# The game versions (factionVariantVersion) the site has shipped: 0 (engine 4.8.x) and 2 (the newest);
# 1 was the newest boards' number for a day (September 2021) and, as on the site today, takes the
# version-0 boards. A game of version v plays each faction's latest board of version <= v.
BETA_VERSIONS: tuple[int, ...] = (0, 1, 2)


def beta_board_version(faction: str, version: int) -> int | None:
    """The version of the beta board `faction` plays in a beta game of `version` (None: its standard
    board): the latest at or below the game's version, as the site chooses."""
    versions = [v for v in BETA_BOARDS.get(faction, {}) if v <= version]
    return max(versions) if versions else None


# per game version: what each faction's board adds to its standard starting income ("" or absent: none)
BETA_START_EXTRA: dict[int, dict[str, str]] = {
    version: {
        faction: boards[board]
        for faction, boards in BETA_BOARDS.items()
        if (board := beta_board_version(faction, version)) is not None and boards[board]
    }
    for version in BETA_VERSIONS
}
_RESOURCE_UNITS = ("c", "o", "k", "q")
_TRACKS = ("terra", "nav", "int", "gaia", "eco", "sci")
_OFF = (None, False, "", 0, "none", "off", "disabled")  # values meaning "option not in use"
# keys that carry no rule change (the map is read by the setup)
_NEUTRAL_KEYS = frozenset({"map"})


class UnsupportedOptionError(SetupError):
    """A game option the engine does not model; the message names the option and its value."""


@dataclass(frozen=True)
class GameOptions:
    """The rule options of one game. The default is the standard game.

    ``auction``: None or one of :data:`AUCTION_MODES`; ``faction_variant``: "standard" or "beta";
    ``faction_variant_version``: the beta boards' version (one of :data:`BETA_VERSIONS` for beta,
    0 for the standard boards)."""

    auction: str | None = None
    faction_variant: str = "standard"
    faction_variant_version: int = 0

    def __post_init__(self) -> None:
        if self.auction is not None and self.auction not in AUCTION_MODES:
            raise UnsupportedOptionError(
                f"unsupported option auction={self.auction!r}: the modelled auction modes are {list(AUCTION_MODES)}"
            )
        if self.faction_variant not in FACTION_VARIANTS:
            raise UnsupportedOptionError(
                f"unsupported option factionVariant={self.faction_variant!r}: "
                f"the modelled faction boards are {list(FACTION_VARIANTS)}"
            )
        v = self.faction_variant_version
        if not isinstance(v, int) or isinstance(v, bool):
            raise UnsupportedOptionError(f"unsupported option factionVariantVersion={v!r}: must be an integer")
        if self.faction_variant == "beta" and v not in BETA_VERSIONS:
            raise UnsupportedOptionError(
                f"unsupported option factionVariantVersion={v!r} for the beta boards: "
                f"the modelled versions are {list(BETA_VERSIONS)}"
            )
        if self.faction_variant == "standard":
            # the version means nothing for the standard boards: normalise so equal games compare equal
            object.__setattr__(self, "faction_variant_version", 0)

    @property
    def is_standard(self) -> bool:
        return self == GameOptions()

    @property
    def beta(self) -> bool:
        return self.faction_variant == "beta"

    def to_dict(self) -> dict[str, Any]:
        """The options in boardgamers.space's names (``auction`` only when on)."""
        out: dict[str, Any] = {
            "factionVariant": self.faction_variant,
            "factionVariantVersion": self.faction_variant_version,
        }
        if self.auction is not None:
            out["auction"] = self.auction
        return out

    def start_extra(self, factions: tuple[str, ...]) -> list[list[int]]:
        """Per faction (in ``factions`` order): what its board adds to the standard starting income,
        as [credits, ores, knowledge, qic, steps on terra, nav, int, gaia, eco, sci]."""
        extra = BETA_START_EXTRA[self.faction_variant_version] if self.beta else {}
        rows = []
        for faction in factions:
            row = [0] * (len(_RESOURCE_UNITS) + len(_TRACKS))
            for item in filter(None, extra.get(faction, "").split(",")):
                if item.startswith("up-"):
                    row[len(_RESOURCE_UNITS) + _TRACKS.index(item[3:])] += 1
                else:
                    amount, unit = item[:-1], item[-1]
                    row[_RESOURCE_UNITS.index(unit)] += int(amount or 1)
            rows.append(row)
        return rows

    def describe(self) -> str:
        """A short label: "standard", "auction choose-bid", "beta v2", ..."""
        parts = []
        if self.auction is not None:
            parts.append(f"auction {self.auction}")
        if self.beta:
            parts.append(f"beta v{self.faction_variant_version}")
        return ", ".join(parts) or "standard"


def parse_options(options: Mapping[str, Any] | None, where: str = "options") -> GameOptions:
    """Read boardgamers.space options; UnsupportedOptionError names any option that is not modelled.

    Accepted: ``layout`` "standard"; ``auction`` off or one of :data:`AUCTION_MODES`;
    ``factionVariant`` "standard" or "beta" with ``factionVariantVersion`` (beta: absent means the
    newest, 2); ``advancedRules`` and ``expansions`` off; ``map``. Any other key must be off."""
    if options is None:
        return GameOptions()
    if not isinstance(options, Mapping):
        raise UnsupportedOptionError(f"{where} must be an object, got {type(options).__name__}")
    layout = options.get("layout", "standard")
    if layout not in (None, "standard"):
        raise UnsupportedOptionError(
            f"unsupported option {where}.layout={layout!r}: only the standard layout is modelled"
        )
    for key, what in (("expansions", "expansions (Frontiers)"), ("advancedRules", "advanced rules (sector rotation)")):
        value = options.get(key)
        if value not in _OFF:
            raise UnsupportedOptionError(f"unsupported option {where}.{key}={value!r}: {what} are not modelled")
    auction = options.get("auction")
    if auction in _OFF:
        auction = None
    elif auction not in AUCTION_MODES:
        raise UnsupportedOptionError(
            f"unsupported option {where}.auction={auction!r}: the modelled auction modes are {list(AUCTION_MODES)}"
        )
    variant = options.get("factionVariant", "standard") or "standard"
    if variant not in FACTION_VARIANTS:
        raise UnsupportedOptionError(
            f"unsupported option {where}.factionVariant={variant!r}: "
            f"the modelled faction boards are {list(FACTION_VARIANTS)}"
        )
    version = options.get("factionVariantVersion")
    if version is None:
        version = max(BETA_VERSIONS) if variant == "beta" else 0   # the site takes the newest
    if variant == "beta" and version not in BETA_VERSIONS:
        raise UnsupportedOptionError(
            f"unsupported option {where}.factionVariantVersion={version!r}: "
            f"the modelled beta versions are {list(BETA_VERSIONS)}"
        )
    known = {"layout", "expansions", "advancedRules", "auction", "factionVariant", "factionVariantVersion"}
    for key, value in options.items():
        if key not in known and key not in _NEUTRAL_KEYS and value not in _OFF:
            raise UnsupportedOptionError(f"unsupported option {where}.{key}={value!r}: not modelled by the engine")
    try:
        return GameOptions(auction, variant, version)
    except UnsupportedOptionError as exc:
        raise UnsupportedOptionError(f"{where}: {exc}") from None
