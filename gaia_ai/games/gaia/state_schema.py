"""The shape of the GaiaGameState message (proto/gaia_ai/games/gaia/v1/gaia_state.proto) in protobuf's JSON mapping.

`parse(data)` checks a JSON value against the message's fields (unknown fields, wrong types, unknown enum
names, int32 range) and returns it normalised: every field present, at its proto3 default when omitted
(an absent `optional` field or sub-message is None). `to_json(value)` writes a normalised value the way
`json_format.MessageToDict` does: default scalars, empty lists and maps and absent optionals left out
(all_fields=True keeps the defaults, like its always_print_fields_with_no_presence).
Semantic checks belong to structured.py; both raise StateError with the field path.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from gaia_ai.games.gaia.errors import StateError

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
_INT_TEXT = re.compile(r"-?[0-9]{1,12}")


@dataclass(frozen=True)
class Field:
    """One field: kind is "int", "str", "bool", "enum" (ref: the enum's value names, 0 first) or "msg"
    (ref: the message name); label is "" (singular), "optional", "repeated" or "map" (string keys)."""

    kind: str
    ref: Any = None
    label: str = ""


def _f(kind: str, ref: Any = None, label: str = "") -> Field:
    return Field(kind, ref, label)


INT, STR, BOOL = _f("int"), _f("str"), _f("bool")
OPT_INT = _f("int", label="optional")
REP_INT, REP_STR = _f("int", label="repeated"), _f("str", label="repeated")
MAP_INT, MAP_STR = _f("int", label="map"), _f("str", label="map")


def msg(name: str, label: str = "") -> Field:
    return _f("msg", name, label)


def enum(values: tuple[str, ...], label: str = "") -> Field:
    return _f("enum", values, label)


PLANETS = (
    "PLANET_UNSPECIFIED",
    "PLANET_TERRA",
    "PLANET_OXIDE",
    "PLANET_VOLCANIC",
    "PLANET_DESERT",
    "PLANET_SWAMP",
    "PLANET_TITANIUM",
    "PLANET_ICE",
    "PLANET_GAIA",
    "PLANET_TRANSDIM",
    "PLANET_EMPTY",
    "PLANET_LOST",
)
BRAINSTONES = (
    "BRAINSTONE_NONE",
    "BRAINSTONE_AREA1",
    "BRAINSTONE_AREA2",
    "BRAINSTONE_AREA3",
    "BRAINSTONE_GAIA",
)
SPECIALS = (
    "SPECIAL_ACTION_UNSPECIFIED",
    "SPECIAL_ACTION_BOOSTER",
    "SPECIAL_ACTION_TECH_4PW",
    "SPECIAL_ACTION_ACADEMY",
    "SPECIAL_ACTION_ADV_QIC_5C",
    "SPECIAL_ACTION_ADV_3O",
    "SPECIAL_ACTION_ADV_3K",
    "SPECIAL_ACTION_FACTION",
)
PHASES = (
    "PHASE_UNSPECIFIED",
    "PHASE_FACTION_SELECTION",
    "PHASE_SETUP_MINES",
    "PHASE_SETUP_BOOSTERS",
    "PHASE_INCOME",
    "PHASE_GAIA",
    "PHASE_ACTIONS",
    "PHASE_LEECH",
    "PHASE_GAME_OVER",
    "PHASE_AUCTION",
)
PENDING_KINDS = (
    "PENDING_KIND_UNSPECIFIED",
    "PENDING_TECH",
    "PENDING_COVER",
    "PENDING_RESEARCH_STEP",
    "PENDING_BUILD_MINE",
    "PENDING_RANGE_BUILD",
    "PENDING_LOST_PLANET",
    "PENDING_FEDERATION_TILE",
    "PENDING_SWAP_PI",
    "PENDING_SPACE_STATION",
    "PENDING_DOWN_LAB",
    "PENDING_UP_LOWEST",
)
BSQ_KINDS = (
    "BRAINSTONE_QUESTION_UNSPECIFIED",
    "BRAINSTONE_QUESTION_CHARGE",
    "BRAINSTONE_QUESTION_SPEND",
    "BRAINSTONE_QUESTION_DISCARD",
    "BRAINSTONE_QUESTION_INCOME",
)

MESSAGES: dict[str, dict[str, Field]] = {
    "GaiaGameState": {
        "setup": msg("Setup"),
        "board": msg("Board"),
        "players": msg("Player", "repeated"),
        "round": INT,
        "phase": enum(PHASES),
        "turnOrder": REP_INT,
        "passOrder": REP_INT,
        "usedActions": MAP_INT,
        "decision": msg("Decision"),
        "supply": msg("Supply"),
        "engine": msg("EngineDetails"),
        "auction": msg("AuctionLot", "repeated"),
    },
    "AuctionLot": {"faction": STR, "holder": OPT_INT, "bid": INT},
    "Options": {"auction": STR, "factionVariant": STR, "factionVariantVersion": INT},
    "Setup": {
        "numPlayers": INT,
        "seed": STR,
        "sectors": msg("SectorPlacement", "repeated"),
        "roundScoring": REP_STR,
        "finalScoring": REP_STR,
        "boosters": REP_STR,
        "techTiles": MAP_STR,
        "advTechTiles": MAP_STR,
        "terraformingFederation": STR,
        "options": msg("Options"),
    },
    "SectorPlacement": {"sector": STR, "rotation": INT, "q": INT, "r": INT},
    "Board": {"hexes": msg("Hex", "map")},
    "Hex": {
        "planet": enum(PLANETS),
        "owner": OPT_INT,
        "building": STR,
        "guest": OPT_INT,
        "federations": REP_INT,
        "satellites": REP_INT,
    },
    "Player": {
        "faction": STR,
        "vp": INT,
        "credits": INT,
        "ores": INT,
        "knowledge": INT,
        "qic": INT,
        "power": msg("Power"),
        "research": msg("Research"),
        "gaiaFormersInGaiaArea": INT,
        "federationTokens": msg("FederationToken", "repeated"),
        "booster": STR,
        "techs": msg("Tech", "repeated"),
        "passed": BOOL,
        "lostPlanet": STR,
        "specialsUsed": enum(SPECIALS, "repeated"),
        "pendingIncome": msg("IncomeEvent", "repeated"),
        "totals": msg("PlayerTotals"),
    },
    "Power": {"area1": INT, "area2": INT, "area3": INT, "gaiaArea": INT, "brainstone": enum(BRAINSTONES)},
    "Research": {"terra": INT, "nav": INT, "int": INT, "gaia": INT, "eco": INT, "sci": INT},
    "FederationToken": {"token": STR, "used": BOOL},
    "Tech": {"position": STR, "tile": STR, "covered": BOOL},
    "IncomeEvent": {"charge": INT, "tokens": INT, "credits": INT, "ores": INT, "knowledge": INT, "qic": INT},
    "PlayerTotals": {"buildings": MAP_INT, "satellites": INT, "gaiaFormers": INT},
    "Decision": {
        "player": OPT_INT,
        "mainActionDone": BOOL,
        "pending": msg("Pending", "repeated"),
        "builtThisTurn": REP_STR,
        "downgradedLab": STR,
        "leechOffers": msg("LeechOffer", "repeated"),
        "brainstoneQuestion": msg("BrainstoneQuestion"),
    },
    "Pending": {"kind": enum(PENDING_KINDS), "track": STR, "amount": INT},
    "LeechOffer": {"player": OPT_INT, "hex": STR, "builder": OPT_INT},
    "BrainstoneQuestion": {
        "player": OPT_INT,
        "kind": enum(BSQ_KINDS),
        "amount": INT,
        "toGaiaArea": BOOL,
        "choices": enum(BRAINSTONES, "repeated"),
        "alternative": enum(BRAINSTONES, "optional"),
        "powerBefore": msg("Power"),
        "tokensGainedSince": INT,
        "incomeEvent": msg("IncomeEvent"),
    },
    "Supply": {
        "techTiles": MAP_INT,
        "advTechTiles": REP_STR,
        "federationTokens": MAP_INT,
        "terraformingFederationAvailable": BOOL,
        "boosters": REP_STR,
    },
    "EngineDetails": {"sequence": INT, "players": msg("IncomeSources", "repeated")},
    "IncomeSources": {
        "mines": REP_INT,
        "tradingStations": msg("IncomeSlot", "repeated"),
        "labs": msg("IncomeSlot", "repeated"),
        "planetaryInstitute": INT,
        "academy": INT,
        "booster": INT,
        "techs": MAP_INT,
        "eco": INT,
        "sci": INT,
    },
    "IncomeSlot": {"sequence": INT, "amount": INT},
}


def snake(name: str) -> str:
    """The proto field name of a JSON name ("turnOrder" -> "turn_order"), also accepted on input."""
    return "".join("_" + c.lower() if c.isupper() else c for c in name)


# JSON name or proto field name -> JSON name, per message
_BY_NAME = {m: {**{snake(k): k for k in fields}, **{k: k for k in fields}} for m, fields in MESSAGES.items()}


def _describe(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _scalar(field: Field, value: Any, path: str) -> Any:
    if field.kind == "int":
        # protobuf's JSON mapping also accepts integral floats and decimal strings for integers
        if isinstance(value, bool):
            raise StateError(f"{path}: expected an integer, got {_describe(value)}")
        if (isinstance(value, float) and value.is_integer()) or (
            isinstance(value, str) and _INT_TEXT.fullmatch(value)
        ):
            value = int(value)
        if not isinstance(value, int):
            raise StateError(f"{path}: expected an integer, got {_describe(value)}")
        if not INT32_MIN <= value <= INT32_MAX:
            raise StateError(f"{path}: {value} is out of the int32 range")
        return value
    if field.kind == "str":
        if not isinstance(value, str):
            raise StateError(f"{path}: expected a string, got {_describe(value)}")
        return value
    if field.kind == "bool":
        if not isinstance(value, bool):
            raise StateError(f"{path}: expected true or false, got {_describe(value)}")
        return value
    if field.kind == "enum":
        names: tuple[str, ...] = field.ref
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
            return names[value]
        if not isinstance(value, str) or value not in names:
            raise StateError(f"{path}: unknown value {_describe(value)} (expected one of {', '.join(names)})")
        return value
    return parse(value, field.ref, path)


def _default(field: Field) -> Any:
    if field.label == "repeated":
        return []
    if field.label == "map":
        return {}
    if field.label == "optional" or field.kind == "msg":
        return None
    return {"int": 0, "str": "", "bool": False}.get(
        field.kind, field.ref[0] if field.kind == "enum" else None
    )


# per message: the fields whose default is immutable (filled by one dict update) and the others
_DEFAULTS = {
    m: {n: _default(f) for n, f in fields.items() if f.label not in ("repeated", "map")}
    for m, fields in MESSAGES.items()
}
_MUTABLE_DEFAULTS = {
    m: [(n, f) for n, f in fields.items() if f.label in ("repeated", "map")] for m, fields in MESSAGES.items()
}


def parse(data: Any, message: str = "GaiaGameState", path: str = "") -> dict[str, Any]:
    """The normalised value of a JSON object holding `message`; StateError names the first bad field."""
    where = path or "state"
    if not isinstance(data, dict):
        raise StateError(f"{where}: expected a JSON object ({message}), got {_describe(data)}")
    fields = MESSAGES[message]
    by_name = _BY_NAME[message]
    out: dict[str, Any] = {name: _default(field) for name, field in _MUTABLE_DEFAULTS[message]}
    out.update(_DEFAULTS[message])
    seen: set[str] = set()
    for key, value in data.items():
        name = by_name.get(key) if isinstance(key, str) else None
        sub = f"{path}.{key}" if path else str(key)
        if name is None:
            raise StateError(f"{sub}: unknown field of {message} (known: {', '.join(fields)})")
        if name in seen:
            raise StateError(f"{sub}: field given twice (as {name} and {snake(name)})")
        seen.add(name)
        field = fields[name]
        if value is None:  # JSON null stands for the default, as in protobuf's parser
            continue
        if field.label == "repeated":
            if not isinstance(value, list):
                raise StateError(f"{sub}: expected a list, got {_describe(value)}")
            out[name] = [_scalar(field, v, f"{sub}[{i}]") for i, v in enumerate(value)]
        elif field.label == "map":
            if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
                raise StateError(f"{sub}: expected a JSON object with string keys, got {_describe(value)}")
            out[name] = {k: _scalar(field, v, f'{sub}["{k}"]') for k, v in value.items()}
        else:
            out[name] = _scalar(field, value, sub)
    return out


def _is_default(field: Field, value: Any) -> bool:
    if field.label in ("repeated", "map"):
        return not value
    if field.label == "optional" or field.kind == "msg":
        return value is None
    return value == _default(field)


def _emit(field: Field, value: Any, all_fields: bool) -> Any:
    return to_json(value, field.ref, all_fields) if field.kind == "msg" else value


def to_json(
    value: dict[str, Any], message: str = "GaiaGameState", all_fields: bool = False
) -> dict[str, Any]:
    """The proto3 JSON form of a (possibly partial) normalised value: defaults are left out, except with
    all_fields, which writes every field without presence (as MessageToDict's
    always_print_fields_with_no_presence): absent sub-messages and optionals stay out."""
    out: dict[str, Any] = {}
    for name, field in MESSAGES[message].items():
        v = value.get(name, _default(field))
        no_presence = field.label in ("repeated", "map") or (field.label == "" and field.kind != "msg")
        if _is_default(field, v) and not (all_fields and no_presence):
            continue
        if field.label == "repeated":
            out[name] = [_emit(field, x, all_fields) for x in v]
        elif field.label == "map":
            out[name] = {k: _emit(field, x, all_fields) for k, x in v.items()}
        else:
            out[name] = _emit(field, v, all_fields)
    return out
