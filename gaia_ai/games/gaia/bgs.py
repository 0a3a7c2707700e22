"""Import a boardgamers.space (BGS) game export: setup, moves and the players' recorded state.

Layout of an export (the BGS engine's JSON serialisation), as far as this module reads it:

* ``options``: ``layout``, ``factionVariant``, ``factionVariantVersion``, ``auction`` (absent when
  off), ``advancedRules``, ``expansions`` and ``map`` (the ``mapConfig``: sectors with rotation
  and centre). Top level also has ``expansions`` and ``factionCustomization.variant``.
* ``tiles``: ``boosters`` (id -> still available), ``techs`` (position -> ``{tile, count}``, basic
  ``terra..free3`` and advanced ``adv-*``), ``scorings.round`` (6 ids) / ``scorings.final`` (2 ids),
  ``federations`` (the *current* supply); the top-level ``terraformingFederation`` names the token
  on terraforming level 5.
* ``players[i]``: ``faction`` and ``data``: ``victoryPoints``, ``credits``, ``ores``, ``knowledge``,
  ``qics``, ``power.{area1,area2,area3,gaia}``, ``brainstone`` (null/"area1".."gaia"),
  ``research.{terra..sci}``, ``buildings.{m..sp}``, ``tiles.booster``, ``tiles.techs``
  (``{tile, pos, enabled}``), ``tiles.federations`` (``{tile, green}``), ``satellites``,
  ``gaiaformers``.
* ``map``: every hex ``{q, r, s, data: {planet, sector, building?, player?, additionalMine?,
  federations?}}`` with the *current* planet.
* ``moveHistory`` (the log lines, ``init`` first), ``round``, ``phase``, ``playerToMove`` (else ``currentPlayer``; absent
  at the end), ``boardActions`` (id -> null or player), ``ended``.

Anything malformed or unsupported raises :class:`~gaia_ai.games.gaia.errors.ExportError`
naming the offending key.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gaia_ai.games.gaia.board import Board, rotate, tables
from gaia_ai.games.gaia.errors import ExportError, GaiaError
from gaia_ai.games.gaia.setup import GameSetup, federation_supply_for
from gaia_ai.games.gaia.variants import GameOptions, UnsupportedOptionError, parse_options
from gaia_ai.jsontext import loads_bounded

__all__ = [
    "BOARD_ACTIONS",
    "BgsExport",
    "export_setup_fields",
    "load_export",
    "parse_export",
]

# BGS phase names -> the corpus snapshot's ``ph`` codes. Transient phases (beginGame,
# roundStart, roundFinish) never appear in a saved state, so they are not compared.
PHASES: dict[str, str] = {
    "setupFaction": "sf",
    "setupAuction": "sa",
    "setupBuilding": "sB",
    "setupBooster": "sbo",
    "roundIncome": "inc",
    "roundGaia": "gaia",
    "roundMove": "move",
    "roundLeech": "leech",
    "endGame": "end",
}

BOARD_ACTIONS: tuple[str, ...] = (*(f"power{i}" for i in range(1, 8)), "qic1", "qic2", "qic3")
_BRAINSTONE = {None: 0, "area1": 1, "area2": 2, "area3": 3, "gaia": 4}
_RESOURCES = ("victoryPoints", "credits", "ores", "knowledge", "qics")
_POWER = ("area1", "area2", "area3", "gaia")
_RESEARCH = ("terra", "nav", "int", "gaia", "eco", "sci")
_BUILDINGS = ("m", "ts", "lab", "PI", "ac1", "ac2", "gf", "sp")


@dataclass
class BgsExport:
    """A parsed export.

    ``expected`` is the export's final state in corpus snapshot form (keys r, ph, tm, p, b, t, ba;
    ``ph``/``tm`` only when the export states them), ``expected_board`` the occupied / federated
    hexes (label -> [planet, owner, building, guest mine, federations]); ``final_vp`` is set only
    for a finished game.
    """

    game_id: str
    setup: GameSetup
    moves: list[str]
    factions: list[str | None]
    players: list[dict[str, Any]]
    expected: dict[str, Any]
    expected_board: dict[str, list[Any]]
    map_planets: dict[str, str]
    ended: bool
    final_vp: list[int] | None
    options: dict[str, Any] = field(default_factory=dict)


# ---------------------------------------------------------------- typed access


def _get(obj: Any, key: str, path: str) -> Any:
    if not isinstance(obj, Mapping):
        raise ExportError(f"{path or 'export'} must be an object, got {type(obj).__name__}")
    if key not in obj:
        raise ExportError(f"missing key {_join(path, key)}")
    return obj[key]


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _typed(value: Any, types: type | tuple[type, ...], path: str) -> Any:
    if not isinstance(value, types) or (isinstance(value, bool) and types in (int, (int,))):
        raise ExportError(f"bad type at {path}: {type(value).__name__}")
    return value


def _int(obj: Any, key: str, path: str) -> int:
    return int(_typed(_get(obj, key, path), int, _join(path, key)))


def _str(obj: Any, key: str, path: str) -> str:
    return str(_typed(_get(obj, key, path), str, _join(path, key)))


def _dict(obj: Any, key: str, path: str) -> dict[str, Any]:
    return dict(_typed(_get(obj, key, path), dict, _join(path, key)))


def _list(obj: Any, key: str, path: str) -> list[Any]:
    return list(_typed(_get(obj, key, path), list, _join(path, key)))


# ---------------------------------------------------------------- options and setup


def _check_options(data: Mapping[str, Any]) -> tuple[dict[str, Any], GameOptions]:
    """The export's options and what they select; ExportError names an option the engine does not model."""
    options = _dict(data, "options", "")
    try:
        parsed = parse_options(options, "options")
    except UnsupportedOptionError as exc:
        raise ExportError(str(exc)) from None
    custom = data.get("factionCustomization")
    if isinstance(custom, Mapping) and custom.get("variant", "standard") != parsed.faction_variant:
        raise ExportError(
            f"unsupported option factionCustomization.variant={custom.get('variant')!r}: "
            f"options.factionVariant is {parsed.faction_variant!r}"
        )
    value = data.get("expansions")
    if value not in (None, 0, False, "", "none"):
        raise ExportError(f"unsupported option expansions={value!r}: expansions (Frontiers) are not modelled")
    return options, parsed


def _parse_init(moves: list[str]) -> tuple[int, str]:
    if not moves:
        raise ExportError("moveHistory is empty (it must start with the init line)")
    parts = moves[0].split()
    if len(parts) < 3 or parts[0] != "init":
        raise ExportError(f"moveHistory[0] must be 'init <players> <seed>', got {moves[0]!r}")
    try:
        n = int(parts[1])
    except ValueError:
        raise ExportError(f"moveHistory[0]: bad player count {parts[1]!r}") from None
    return n, parts[2]


def _derive_map_config(data: Mapping[str, Any]) -> dict[str, Any]:
    """Rebuild ``mapConfig`` from the ``map`` hexes when ``options.map`` is absent.

    Each sector's centre is the mean of its 19 hexes; its rotation is the one whose rotated
    rotation-0 layout agrees with the hexes' planets (gaia-formed / lost-planet hexes may differ,
    so the best agreement wins).
    """
    hexes = _list(data, "map", "")
    t = tables()
    by_sector: dict[str, dict[tuple[int, int], str]] = {}
    for k, h in enumerate(hexes):
        path = f"map[{k}]"
        q, r = _int(h, "q", path), _int(h, "r", path)
        hd = _dict(h, "data", path)
        sid = _str(hd, "sector", f"{path}.data")
        by_sector.setdefault(sid, {})[(q, r)] = _str(hd, "planet", f"{path}.data")
    sectors = []
    for sid, cells in by_sector.items():
        if sid not in t.sectors or len(cells) != 19:
            raise ExportError(f"map: sector {sid!r} is unknown or incomplete ({len(cells)} hexes)")
        sq, sr = sum(q for q, _ in cells), sum(r for _, r in cells)
        if sq % 19 or sr % 19:
            raise ExportError(f"map: sector {sid!r} hexes do not form a sector")
        cq, cr = sq // 19, sr // 19
        scores = []
        for rot in range(6):
            score = 0
            for suffix, planet in t.sectors[sid].planets.items():
                dq, dr = rotate(*t.label_to_offset[suffix], rot)
                score += cells.get((cq + dq, cr + dr)) == str(planet)
            scores.append(score)
        best = max(scores)
        if scores.count(best) != 1:
            raise ExportError(f"map: cannot tell the rotation of sector {sid!r}; export needs options.map")
        sectors.append({"sector": sid, "rotation": scores.index(best), "center": {"q": cq, "r": cr, "s": -cq - cr}})
    return {"sectors": sectors, "mirror": False}


def _board(data: Mapping[str, Any], options: Mapping[str, Any]) -> tuple[Board, dict[str, Any]]:
    map_config = options.get("map")
    where = "options.map"
    if map_config is None:
        map_config, where = _derive_map_config(data), "map"
    try:
        return Board(map_config), map_config
    except (GaiaError, KeyError, TypeError, ValueError) as exc:
        raise ExportError(f"bad {where}: {exc}") from exc


def export_setup_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """The export's setup in corpus ``setup`` field names (for comparison with a corpus record).

    Keys: mapConfig, roundScoring, finalScoring, boosters, techTiles, advTechTiles,
    terraformingFederation, federationSupply (the supply at setup, not the current one).
    """
    options, _ = _check_options(data)
    tiles = _dict(data, "tiles", "")
    scorings = _dict(tiles, "scorings", "tiles")
    round_scoring = _list(scorings, "round", "tiles.scorings")
    final_scoring = _list(scorings, "final", "tiles.scorings")
    boosters = _dict(tiles, "boosters", "tiles")
    techs = _dict(tiles, "techs", "tiles")
    tech_tiles: dict[str, str] = {}
    adv_tiles: dict[str, str] = {}
    for pos, entry in techs.items():
        tile = _str(entry, "tile", f"tiles.techs.{pos}")
        (adv_tiles if pos.startswith("adv-") else tech_tiles)[pos] = tile
    fed = _str(data, "terraformingFederation", "")
    _dict(tiles, "federations", "tiles")  # must exist; it holds the current supply only

    def booster_number(b: str) -> tuple[int, str]:
        digits = b.removeprefix("booster")
        return (int(digits) if digits.isdigit() else 1 << 30, b)

    for i, tile in enumerate(round_scoring):
        _typed(tile, str, f"tiles.scorings.round[{i}]")
    for i, tile in enumerate(final_scoring):
        _typed(tile, str, f"tiles.scorings.final[{i}]")
    map_config = options.get("map") if options.get("map") is not None else _derive_map_config(data)
    return {
        "mapConfig": map_config,
        "roundScoring": round_scoring,
        "finalScoring": final_scoring,
        # BGS keeps boosters in draw order; the corpus lists them by number
        "boosters": sorted(boosters, key=booster_number),
        "techTiles": tech_tiles,
        "advTechTiles": adv_tiles,
        "terraformingFederation": fed,
        # the export only has the current supply; at setup it is 3 each minus the terraforming token
        "federationSupply": federation_supply_for(fed),
    }


# ---------------------------------------------------------------- per-player state


def _player_row(pdata: Mapping[str, Any], path: str) -> list[int]:
    row = [_int(pdata, k, path) for k in _RESOURCES]
    power = _dict(pdata, "power", path)
    row += [_int(power, k, f"{path}.power") for k in _POWER]
    brainstone = pdata.get("brainstone")
    if not (brainstone is None or isinstance(brainstone, str)) or brainstone not in _BRAINSTONE:
        raise ExportError(f"bad value at {path}.brainstone: {brainstone!r}")
    row.append(_BRAINSTONE[brainstone])
    research = _dict(pdata, "research", path)
    row += [_int(research, k, f"{path}.research") for k in _RESEARCH]
    buildings = _dict(pdata, "buildings", path)
    row += [_int(buildings, k, f"{path}.buildings") for k in _BUILDINGS]
    feds = _list(_dict(pdata, "tiles", path), "federations", f"{path}.tiles")
    # every token counts, including Gleens' special PI token (the corpus counts it too)
    green = sum(bool(_typed(f, dict, f"{path}.tiles.federations[{i}]").get("green")) for i, f in enumerate(feds))
    row += [len(feds), green, _int(pdata, "satellites", path), _int(pdata, "gaiaformers", path)]
    return row


def _tech_string(pdata: Mapping[str, Any], path: str) -> str:
    techs = _list(_dict(pdata, "tiles", path), "techs", f"{path}.tiles")
    parts = []
    for i, t in enumerate(techs):
        tpath = f"{path}.tiles.techs[{i}]"
        pos = _str(t, "pos", tpath)
        # a covered basic tile is kept but disabled; the corpus marks it with "!"
        parts.append(pos if _get(t, "enabled", tpath) else f"{pos}!")
    return ",".join(parts)


def _expected_state(data: Mapping[str, Any], players: list[Any], ended: bool) -> dict[str, Any]:
    expected: dict[str, Any] = {"r": _int(data, "round", "")}
    phase = data.get("phase")
    if isinstance(phase, str) and phase in PHASES:
        expected["ph"] = PHASES[phase]
    # playerToMove is whose decision it is; during leech decisions currentPlayer stays the builder
    current = data.get("playerToMove", data.get("currentPlayer"))
    if ended:
        expected["tm"] = -1
    elif isinstance(current, int) and not isinstance(current, bool):
        expected["tm"] = current
    rows, boosters, techs = [], [], []
    for i, player in enumerate(players):
        path = f"players[{i}].data"
        pdata = _dict(player, "data", f"players[{i}]")
        rows.append(_player_row(pdata, path))
        booster = _dict(pdata, "tiles", path).get("booster")
        if booster is not None and not isinstance(booster, str):
            raise ExportError(f"bad type at {path}.tiles.booster: {type(booster).__name__}")
        boosters.append(booster)
        techs.append(_tech_string(pdata, path))
    actions = _dict(data, "boardActions", "")
    ba = []
    for name in BOARD_ACTIONS:
        used = actions.get(name)
        if used is not None and (not isinstance(used, int) or isinstance(used, bool)):
            raise ExportError(f"bad value at boardActions.{name}: {used!r}")
        ba.append("." if used is None else str(used))
    expected.update(p=rows, b=boosters, t=techs, ba="".join(ba))
    return expected


def _expected_board(data: Mapping[str, Any], board: Board) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for k, h in enumerate(_list(data, "map", "")):
        path = f"map[{k}]"
        q, r = _int(h, "q", path), _int(h, "r", path)
        cell = board.at(q, r)
        if cell is None:
            raise ExportError(f"{path}: hex ({q}, {r}) is not on the board of the map config")
        hd = _dict(h, "data", path)
        planet = _str(hd, "planet", f"{path}.data")
        building = hd.get("building")
        if building is not None and not isinstance(building, str):
            raise ExportError(f"bad type at {path}.data.building: {type(building).__name__}")
        owner, guest = hd.get("player", -1), hd.get("additionalMine", -1)
        for name, value in (("player", owner), ("additionalMine", guest)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise ExportError(f"bad type at {path}.data.{name}: {type(value).__name__}")
        feds = hd.get("federations") or []
        if not isinstance(feds, list) or not all(isinstance(f, int) and not isinstance(f, bool) for f in feds):
            raise ExportError(f"bad value at {path}.data.federations: {feds!r}")
        entry = [planet, owner, building, guest, sorted(feds)]
        if entry != [str(cell.planet), -1, None, -1, []]:
            out[cell.label] = entry
    return out


# ---------------------------------------------------------------- entry points


def parse_export(data: Any, game_id: str = "export") -> BgsExport:
    """Parse an export already loaded from JSON; ExportError on anything malformed/unsupported."""
    if not isinstance(data, Mapping):
        raise ExportError(f"{game_id}: an export must be a JSON object, got {type(data).__name__}")
    options, game_options = _check_options(data)
    moves = _list(data, "moveHistory", "")
    for i, line in enumerate(moves):
        _typed(line, str, f"moveHistory[{i}]")
    num_players, seed = _parse_init(moves)
    players = _list(data, "players", "")
    if len(players) != num_players:
        raise ExportError(f"players: {len(players)} players but the init line says {num_players}")
    factions: list[str | None] = []
    for i, player in enumerate(players):
        faction = _get(player, "faction", f"players[{i}]")
        if faction is not None and not isinstance(faction, str):
            raise ExportError(f"bad type at players[{i}].faction: {type(faction).__name__}")
        factions.append(faction)
    fields = export_setup_fields(data)
    board, _ = _board(data, options)
    try:
        setup = GameSetup(
            num_players=num_players,
            seed=seed,
            board=board,
            round_scoring=tuple(fields["roundScoring"]),
            final_scoring=tuple(fields["finalScoring"]),
            boosters=tuple(fields["boosters"]),
            tech_tiles=fields["techTiles"],
            adv_tech_tiles=fields["advTechTiles"],
            terraforming_federation=fields["terraformingFederation"],
            federation_supply=fields["federationSupply"],
            options=game_options,
        )
    except (GaiaError, KeyError, TypeError, ValueError) as exc:
        raise ExportError(f"{game_id}: bad setup in tiles/options.map: {exc}") from exc
    ended = bool(data.get("ended", False))
    expected = _expected_state(data, players, ended)
    return BgsExport(
        game_id=game_id,
        setup=setup,
        moves=moves,
        factions=factions,
        players=[dict(p) for p in players],
        expected=expected,
        expected_board=_expected_board(data, board),
        map_planets={h.label: str(h.planet) for h in board},
        ended=ended,
        final_vp=[row[0] for row in expected["p"]] if ended else None,
        options=options,
    )


def load_export(source: str | Path | Mapping[str, Any], game_id: str | None = None) -> BgsExport:
    """Load an export from a path or an already decoded dict.

    ``game_id`` defaults to the file name without ``.json``.
    """
    if isinstance(source, Mapping):
        return parse_export(source, game_id or "export")
    path = Path(source)
    gid = game_id or path.stem
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ExportError(f"{path.name}: not UTF-8 text: {exc}") from exc
    try:
        data = loads_bounded(text, path.name, ExportError)
    except json.JSONDecodeError as exc:
        raise ExportError(f"{path.name}: not valid JSON: {exc}") from exc
    try:
        return parse_export(data, gid)
    except ExportError as exc:
        # name the file: "game.json: not a boardgamers.space export: missing key options"
        message = str(exc).removeprefix(f"{gid}: ")
        if "missing key" in message and isinstance(data, Mapping) and "moveHistory" not in data:
            message = f"not a boardgamers.space export: {message}"
        raise ExportError(f"{path.name}: {message}") from None
