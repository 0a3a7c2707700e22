"""Rules where we offered what the Terraforming Mars app does not (issue 37, item 3), each from the app's own
view (tests/data/tm/repro, copied from ../shared/repro/tm): the imported position's choices at the prompt are
the app's listed ones."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from gaia_ai._core import tm_rules
from gaia_ai.games.terraforming_mars.playerview import compare_listed, import_player_view, prompt_choices
from gaia_ai.games.terraforming_mars.tables import CARD_IDS, SPACES

REPRO = Path(__file__).resolve().parents[1] / "data" / "tm" / "repro"
K = tm_rules.MOVE_KINDS


def _view(name: str) -> dict:
    return json.loads((REPRO / f"{name}.json").read_text())


def _app_play(view: dict) -> list[str]:
    return sorted(c["name"] for o in view["waitingFor"]["options"] if o.get("title") == "Play project card"
                  for c in o["cards"])


def test_no_end_turn_when_every_other_player_has_passed():
    view = _view("end_after_all_passed")
    state, pv = import_player_view(view, seed=294)
    assert all(c in view["game"]["passedPlayers"] for c in pv.colors if c != pv.colors[pv.seat])
    choices = prompt_choices(state, pv)
    assert "end" not in choices and "pass" in choices
    assert view["thisPlayer"]["actionsTakenThisRound"] == 1
    # the same position with the opponent still in the generation: End Turn is offered after one action
    other = copy.deepcopy(view)
    other["game"]["passedPlayers"] = []
    state2, pv2 = import_player_view(other, seed=294)
    assert "end" in prompt_choices(state2, pv2)


def test_nitrophilic_moss_needs_two_plants():
    view = _view("nitrophilic_moss_one_plant")
    assert view["thisPlayer"]["plants"] == 1
    state, pv = import_player_view(view, seed=72)
    assert prompt_choices(state, pv)["play"] == _app_play(view)
    assert "Nitrophilic Moss" not in prompt_choices(state, pv)["play"]
    richer = copy.deepcopy(view)
    for p in [richer["thisPlayer"], *richer["players"]]:
        if p["color"] == view["thisPlayer"]["color"]:
            p["plants"] = 2
    state2, pv2 = import_player_view(richer, seed=72)
    assert "Nitrophilic Moss" in prompt_choices(state2, pv2)["play"]


def test_research_outpost_needs_a_space_next_to_no_other_tile():
    # the reason the app does not list it: no free land space of Mars has no tile next to it
    view = _view("research_outpost_not_playable")
    state, pv = import_player_view(view, seed=1)
    assert "Research Outpost" in [c["name"] for c in view["cardsInHand"]]
    assert prompt_choices(state, pv)["play"] == _app_play(view) == ["Greenhouses"]


def test_city_next_to_no_other_tile_is_next_to_no_tile():
    view = _view("city_next_to_no_tile")
    state, pv = import_player_view(view, seed=1)
    assert pv.kind == "followup" and compare_listed(state, pv) == (True, "")
    spaces = {SPACES[m[1]] for m in map(tm_rules.decode, state.legal_codes()) if m[0] == K["space"]}
    assert "15" not in spaces          # next to the greenery on 14
    assert spaces == set(view["waitingFor"]["spaces"])
    assert state.core.pending()[0][2] == CARD_IDS["Research Outpost"]
