"""The box's limits in an Eminent Domain observation (issue 38): the influence the seats hold is what the
supply gave out, each tech and resource slot is listed once; the repro inputs of ../shared/repro/service
(copied to tests/data/repro/service) are refused naming the field."""

from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from gaia_ai.games.eminent_domain.bots import GreedyBot
from gaia_ai.games.eminent_domain.observation import (
    ObservationError,
    observation_json,
    state_from_observation,
)
from gaia_ai.games.eminent_domain.state import EdState

REPRO = Path(__file__).resolve().parents[1] / "data" / "repro" / "service"


def _repro(name: str) -> Any:
    return json.loads(gzip.decompress((REPRO / f"{name}.gz").read_bytes()))


@pytest.mark.parametrize(("name", "said"), [
    ("ed_obs_influence_1000.json", "seats[*].influence: the seats hold 1000 influence in all"),
    ("ed_obs_tech_listed_twice.json", "techs_available[39]: 'A1_improved_survey_ST' is listed twice"),
])
def test_repro_observation_is_refused(name: str, said: str) -> None:
    with pytest.raises(ObservationError) as info:
        state_from_observation(_repro(name))
    assert said in str(info.value)


def _late_observation() -> dict[str, Any]:
    """A position where influence has been taken (a game of the greedy bot, seeded)."""
    bot = GreedyBot(depth=2, seed=11)
    state = EdState.new(3, 11)
    while not state.is_terminal and state.raw_state()["supply_black"] == 24:
        state.apply(bot.choose(state))
    assert not state.is_terminal
    return observation_json(state, state.current_player)


def test_a_real_observation_keeps_the_influence_balance() -> None:
    data = _late_observation()
    state_from_observation(data)
    held = sum(s["influence"] for s in data["seats"])
    assert held == 24 - data["influence_supply"]["black"] > 0


@pytest.mark.parametrize(("edit", "said"), [
    (lambda d: d["seats"][0].update(influence=d["seats"][0]["influence"] + 1), "seats[*].influence: the seats hold"),
    (lambda d: d["influence_supply"].update(blue=7), "influence_supply.blue: 7, but the blue reserve is used only"),
    (lambda d: d["influence_supply"].update(created=2), "influence_supply.created: 2, but tokens are created only"),
    (lambda d: d["techs_available"].append(d["techs_available"][0]), "is listed twice"),
])
def test_an_observation_breaking_the_box_is_refused(edit: Any, said: str) -> None:
    data = copy.deepcopy(_late_observation())
    edit(data)
    with pytest.raises(ObservationError) as info:
        state_from_observation(data)
    assert said in str(info.value)


def test_flow_fields_that_lead_nowhere_are_refused() -> None:
    """bench/fuzz_tm_ed.py --seed 7, ed_obs #4008: flow.stage 0 -> 1, flow.strength 2 -> 255; accepted once,
    then the search stopped ("rollout_move found no move"); the probes on samples of the hidden cards
    find the dead end."""
    with pytest.raises(ObservationError, match="flow: the game does not progress"):
        state_from_observation(_repro("ed_obs_fuzz_stage_strength.json"))


def test_an_action_decision_without_an_action_left_is_refused() -> None:
    """fuzz seed 7, ed_obs #5187: flow.dec 4 -> 1 (an action decision, 0 actions left) passed every probe;
    acting took actions_left to -1 and legal_moves listed a code that is no move (-243)."""
    with pytest.raises(ObservationError, match=r"flow.actions_left: 0 at an action decision"):
        state_from_observation(_repro("ed_obs_fuzz_dec_1_at_stage_3.json"))
