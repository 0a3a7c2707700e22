"""The validation pass of a Terraforming Mars player view (playerview.py runs it before it reads): every
field the importer reads has the right type and a value within the box's limits and the core's fields
(a number that does not fit would be an OverflowError in load_position; one beyond the game's limits a
position the search cannot play), and the board agrees with the global parameters. Each error names
the field's path, as ``players[1].titanium: 4294967296 is out of range [0, 100000]``.

check_board is shared with the observation decoder (observation.py): the ocean tiles on the board are
the ocean count, and there are 9 of them in the box."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gaia_ai._core import tm_rules
from gaia_ai.games.jsonfields import Field

from .tables import CARDS, TILE_NAMES

MAX_PLAYERS = 5
START_TR = 20                     # every player starts at 20; no card of these sets lowers a rating
AMOUNT = 100_000                  # resources (the observation's bound; the core holds ints)
PRODUCTION = 1_000
CARD_RESOURCES = tm_rules.CARD_RESOURCES   # resources on one card (the core's byte, held there)
MAX_CARDS = len(CARDS)
OCEANS = 9                        # ocean tiles in the box
OXYGEN = 14                       # the oxygen track's end (%)
TEMPERATURE = (-30, 8)            # the temperature track (°C, even steps)
OCEAN_TILE = TILE_NAMES.index("ocean")      # the core's tile code (the app's tileType + 1)
RESOURCES = ("megacredits", "steel", "titanium", "plants", "energy", "heat")
PRODUCTIONS = ("megacredit", "steel", "titanium", "plant", "energy", "heat")


def check_view(data: Any, error: type[Exception]) -> None:
    """Raise `error` naming the first field of the view the importer could not read or that breaks a
    limit of the game; return quietly otherwise (the importer then reads the raw data safely)."""
    root = Field(data, "", error)
    root.obj()
    _this_player(root["thisPlayer"])
    players = root["players"].items(MAX_PLAYERS)
    for p in players:
        _player(p)
    _cards(root["cardsInHand"], MAX_CARDS)
    for key in ("dealtProjectCards", "dealtCorporationCards"):
        if (f := root.get(key)) is not None:
            _cards(f, 10)
    game = root["game"]
    _game(game)
    _prompt(root["waitingFor"], depth=0)


def check_board(tiles: Iterable[int], oceans: int, board: str, count: str, error: type[Exception]) -> None:
    """The ocean tiles among `tiles` (core tile codes) are `oceans` and at most 9 (board and count: the
    fields' paths for the message)."""
    on_board = sum(1 for t in tiles if t == OCEAN_TILE)
    if on_board > OCEANS:
        raise error(f"{board}: {on_board} ocean tiles, but the box has {OCEANS}")
    if on_board != oceans:
        raise error(f"{count}: {oceans} oceans, but {board} holds {on_board} ocean tiles")


def _opt_int(f: Field, key: str, lo: int, hi: int) -> int | None:
    v = f.get(key)
    return None if v is None else v.int(lo, hi)


def _opt_str(f: Field, key: str) -> None:
    if (v := f.get(key)) is not None:
        v.str()


def _opt_bool(f: Field, key: str) -> None:
    if (v := f.get(key)) is not None:
        v.bool()


def _strings(f: Field | None, max_len: int) -> None:
    if f is not None:
        for v in f.items(max_len):
            v.str()


def _cards(f: Field, max_len: int) -> None:
    for c in f.items(max_len):
        c["name"].str()
        _opt_int(c, "resources", 0, CARD_RESOURCES)


def _this_player(f: Field) -> None:
    f["color"].str()
    _opt_int(f, "cardsInHandNbr", 0, MAX_CARDS)
    _opt_str(f, "lastCardPlayed")


def _player(f: Field) -> None:
    f["color"].str()
    f["terraformRating"].int(START_TR, 300)
    for r in RESOURCES:
        f[r].int(0, AMOUNT)
    for r in PRODUCTIONS:
        f[f"{r}Production"].int(-5 if r == "megacredit" else 0, PRODUCTION)
    _cards(f.get("tableau") or Field([], "", f.error), MAX_CARDS + 1)
    _strings(f.get("actionsThisGeneration"), MAX_CARDS + 1)
    _opt_int(f, "actionsTakenThisRound", 0, 127)   # the app counts on once the others have passed; a byte in the core
    if (v := f.get("actionsTakenThisGame")) is not None and not isinstance(v.value, bool):
        v.int(0, AMOUNT)
    _opt_int(f, "steelValue", 1, 10)
    _opt_int(f, "titaniumValue", 1, 10)
    _opt_int(f, "cardCost", 0, 10)
    _opt_int(f, "cardsInHandNbr", 0, MAX_CARDS)
    fleets = _opt_int(f, "fleetSize", 0, 10)
    _opt_int(f, "tradesThisGeneration", 0, 10 if fleets is None else fleets)
    _opt_str(f, "lastCardPlayed")
    _opt_bool(f, "needsToResearch")


def _game(f: Field) -> None:
    f["generation"].int(1, 100)
    f["phase"].str()
    t = f["temperature"].int(*TEMPERATURE)
    if t % 2:
        raise f["temperature"].fail(f"{t} is odd (the track moves in steps of 2 °C)")
    f["oxygenLevel"].int(0, OXYGEN)
    oceans = f["oceans"].int(0, OCEANS)
    _opt_int(f, "deckSize", 0, MAX_CARDS)
    _opt_int(f, "discardPileSize", 0, MAX_CARDS)
    _strings(f.get("passedPlayers"), MAX_PLAYERS)
    if (o := f.get("gameOptions")) is not None:
        o.obj()
        _opt_str(o, "boardName")
        if (e := o.get("expansions")) is not None:
            e.obj()
    tiles = []
    spaces = f["spaces"]
    for sp in spaces.items(200):
        sp["id"].str()
        if (t := sp.get("tileType")) is not None:
            tiles.append(t.int(0, len(TILE_NAMES) - 2) + 1)
        _opt_str(sp, "color")
    check_board(tiles, oceans, spaces.path, f"{f.path}.oceans", f.error)
    for key in ("milestones", "awards"):
        for entry in (f.get(key) or Field([], "", f.error)).items(20):
            entry["name"].str()
            _opt_str(entry, "color")
            if (scores := entry.get("scores")) is not None:
                for s in scores.items(MAX_PLAYERS):
                    s["color"].str()
    if (cols := f.get("colonies")) is not None:
        for col in cols.items(20):
            col["name"].str()
            _strings(col.get("colonies"), 3)
            _opt_str(col, "visitor")
            _opt_int(col, "trackPosition", 0, 6)
            _opt_bool(col, "isActive")


def _prompt(f: Field, depth: int) -> None:
    """A prompt (waitingFor, or an option of one): its type and title, its options (prompts too), cards,
    spaces, players and amounts, as far as the importer reads them."""
    if depth > 6:
        raise f.fail("prompts nested more than 6 deep")
    f.obj()
    _opt_str(f, "type")
    if (title := f.get("title")) is not None:
        if isinstance(title.value, dict):
            title["message"].str(1000)
            for d in (title.get("data") or Field([], "", f.error)).items(20):
                if (v := d.get("value")) is not None:
                    v.scalar()
        else:
            title.str(1000)
    if (options := f.get("options")) is not None:
        for o in options.items(100):
            _prompt(o, depth + 1)
            if (cards := o.get("cards")) is not None:
                _cards(cards, MAX_CARDS)
    if (cards := f.get("cards")) is not None:
        _cards(cards, MAX_CARDS)
    elif f.value.get("type") == "card":
        raise f.fail("a card prompt must list its cards ('cards' is missing)")
    for key in ("spaces", "players"):
        _strings(f.get(key), 200)
    for key in ("min", "max", "amount"):
        _opt_int(f, key, 0, 1000)
    if (models := f.get("coloniesModel")) is not None:
        for m in models.items(20):
            _strings(m.get("colonies"), 3)
