"""The package's card, corporation and board facts: complete, and equal to ../shared/data/tm."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_ai._core import tm_rules
from gaia_ai.games.terraforming_mars.tables import (
    BASE_CARDS,
    BASE_CORPS,
    CARDS,
    CORPS,
    DATA_DIR,
    SPACES,
    implemented_cards,
)

# ../shared beside the checkout (or beside the folder of worktrees)
_ROOT = Path(__file__).resolve().parents[2]
_SHARED = next((d / "shared" for d in (_ROOT.parent, _ROOT.parent.parent) if (d / "shared").is_dir()),
               _ROOT.parent / "shared")
SHARED = _SHARED / "data" / "tm"
FILES = ["cards", "corporations", "board", "milestones_awards", "standard_projects", "colonies"]


def test_tables_hold_base_corporate_era_then_colonies():
    assert len(CARDS) == 257 and len(CORPS) == 17 and len(SPACES) == 63
    assert BASE_CARDS == 208 and BASE_CORPS == 12
    assert {c["set"] for c in CARDS[:BASE_CARDS]} == {"base", "corporateEra"}
    assert {c["set"] for c in CARDS[BASE_CARDS:]} == {"colonies"}
    assert {c["set"] for c in CORPS[BASE_CORPS:]} == {"colonies"}
    assert len({c["name"] for c in CARDS}) == 257


@pytest.mark.parametrize("name", FILES)
def test_package_data_matches_shared(name):
    shared = SHARED / f"{name}.json"
    if not shared.is_file():
        pytest.skip(f"{shared} not available")
    assert json.loads((DATA_DIR / f"{name}.json").read_text()) == json.loads(shared.read_text())


def test_printed_numbers_reach_the_core():
    ids = {c["name"]: i for i, c in enumerate(CARDS)}
    s = tm_rules.Core(2, list(range(208)), list(range(12)))
    assert s.card_cost(0, ids["Comet"]) == 21
    assert s.card_cost(0, ids["Big Asteroid"]) == 27
    assert tm_rules.action_cost(ids["Aquifer Pumping"]) == 8


def test_implemented_cards_are_reported():
    done = implemented_cards()
    assert "Comet" in done and "Birds" in done
    assert len(done) <= 257
