"""What ValidateState accepts, SuggestMoves can search (issue 15): posted states with sub-decisions
pending (any kind, any player, repeated) and edited numbers are either refused with a StateError or
searched to an answer; never "rollout_move found no move" or another internal error."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples

from gaia_ai.games.gaia.errors import StateError
from gaia_ai.games.gaia.positions import from_record
from gaia_ai.games.gaia.search import search_gaia
from gaia_ai.games.gaia.structured import state_from_json, state_to_json
from gaia_ai.search import SearchConfig

ROOT = Path(__file__).resolve().parents[3]
REPRO = Path(__file__).resolve().parents[2] / "data" / "repro"
PENDING = ("PENDING_TECH", "PENDING_COVER", "PENDING_RESEARCH_STEP", "PENDING_BUILD_MINE", "PENDING_RANGE_BUILD",
           "PENDING_LOST_PLANET", "PENDING_FEDERATION_TILE", "PENDING_SWAP_PI", "PENDING_SPACE_STATION",
           "PENDING_DOWN_LAB", "PENDING_UP_LOWEST")
SPECIALS = ("SPECIAL_ACTION_FACTION", "SPECIAL_ACTION_BOOSTER")


@cache
def _bases() -> list[dict[str, Any]]:
    """Action-phase positions: the demo game's and the repro folder's late-game ones."""
    record = json.loads((ROOT / "gaia_ai/games/gaia/data/demo-position.json").read_text())
    out = []
    for k in range(8, len(record["moveHistory"]) + 1, 4):
        data = state_to_json(from_record(record, k))
        if data["phase"] == "PHASE_ACTIONS":
            out.append(data)
    for name in ("firaks_downlab_5th_ts_state.json", "before_bad_move_10_17800.json"):
        out.append(json.loads((REPRO / name).read_text()))
    return out


pending_entry = st.builds(
    lambda kind, track, amount: {"kind": kind, **({"track": track} if track and kind == "PENDING_RESEARCH_STEP"
                                                  else {}),
                                 **({"amount": amount} if kind in ("PENDING_BUILD_MINE", "PENDING_RANGE_BUILD")
                                    else {})},
    st.sampled_from(PENDING), st.sampled_from(("", "terra", "nav", "int", "gaia", "eco", "sci")),
    st.integers(0, 3))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.integers(0, 100), pending=st.lists(pending_entry, min_size=1, max_size=4),
       used=st.lists(st.sampled_from(("qic2", "power2", "power6")), max_size=2, unique=True),
       specials=st.lists(st.sampled_from(SPECIALS), max_size=2, unique=True),
       resources=st.dictionaries(st.sampled_from(("credits", "ores", "knowledge", "qic")), st.integers(0, 30),
                                 max_size=2))
def test_a_state_validation_accepts_is_searched(base: int, pending: list[dict[str, Any]], used: list[str],
                                                specials: list[str], resources: dict[str, int]) -> None:
    bases = _bases()
    data = copy.deepcopy(bases[base % len(bases)])
    p = data["decision"]["player"]
    data["decision"] = {"player": p, "mainActionDone": True, "pending": pending}
    data["usedActions"] = {**{k: v for k, v in data.get("usedActions", {}).items() if k not in used},
                           **{name: p for name in used}}
    player = data["players"][p]
    player["specialsUsed"] = sorted(set(player.get("specialsUsed", [])) | set(specials))
    player.update(resources)
    try:
        state = state_from_json(data)
    except StateError:
        event("refused")
        return
    event("accepted")
    result = search_gaia(state, SearchConfig(simulations=12, seed=1))
    assert result.candidates, f"accepted but no answer: {pending}"
