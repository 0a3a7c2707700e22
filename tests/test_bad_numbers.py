"""Bad numbers are bad input (issue 15): amounts in the notation fit the engine's 8-bit move field
(a larger one would wrap round to a small legal amount), and a map is a real arrangement of sectors."""

from __future__ import annotations

import copy

import pytest

from gaia_ai.games.gaia import GameSetup
from gaia_ai.games.gaia.errors import NotationError, SetupError
from gaia_ai.games.gaia.notation import MAX_AMOUNT, Command


@pytest.mark.parametrize("text", ["charge 256pw", "decline 999999999999pw", "income 4294967296t", "burn 1000",
                                  "spend 300pw for 300c", "charge 2pw,300t", "spend 1o for 0000000000001c"])
def test_an_amount_past_the_move_field_is_refused_naming_it(text: str) -> None:
    with pytest.raises(NotationError, match=f"the amount [0-9]+ in .* is out of range 0..{MAX_AMOUNT}"):
        Command.parse(text)


@pytest.mark.parametrize("text", ["charge 255pw", "income 4pw", "burn 12", "spend 4pw for 1q", "spend 1t-a3 for 1k",
                                  "build m 10A11", "pass booster10", "action power7"])
def test_ordinary_amounts_and_names_with_digits_still_parse(text: str) -> None:
    assert str(Command.parse(text)) == text


def _setup_dict(players: int) -> dict:
    return GameSetup.random(players, "layout").to_dict()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_real_arrangement_is_accepted_whatever_the_order_of_centres(players: int) -> None:
    data = _setup_dict(players)
    sectors = data["mapConfig"]["sectors"]
    sectors[0]["center"], sectors[1]["center"] = sectors[1]["center"], sectors[0]["center"]
    try:
        GameSetup.from_dict(data)
    except SetupError as e:   # swapping two sectors can only break the overlap-free tiling, never the layout
        assert "overlaps" in str(e)


@pytest.mark.parametrize(("q", "r", "message"), [
    (2**31 - 1, -2, "is not a centre of the layout"),
    (100, 0, "is not a centre of the layout"),
    (0, 0, "overlaps|is used twice"),   # the map itself already finds the overlap
])
def test_a_sector_off_the_layout_is_refused(q: int, r: int, message: str) -> None:
    data = copy.deepcopy(_setup_dict(3))
    data["mapConfig"]["sectors"][1]["center"] = {"q": q, "r": r, "s": -q - r}
    if (q, r) == (0, 0):
        data["mapConfig"]["sectors"][0]["center"] = {"q": 0, "r": 0, "s": 0}
    with pytest.raises(SetupError, match=message):
        GameSetup.from_dict(data)


def test_a_two_player_map_uses_the_two_player_sectors() -> None:
    data = _setup_dict(2)
    data["mapConfig"]["sectors"][0]["sector"] = "9"    # not one of the 2-player map's sectors
    with pytest.raises(SetupError, match="a 2-player map uses sectors"):
        GameSetup.from_dict(data)
