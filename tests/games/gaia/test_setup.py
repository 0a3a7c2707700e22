"""GameSetup: corpus import, seeded random draw, validation and dict round trip."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from gaia_ai.games.gaia.board import Board
from gaia_ai.games.gaia.errors import SetupError
from gaia_ai.games.gaia.setup import (
    ADV_TECH_POSITIONS,
    ADV_TECH_TILES,
    BOOSTERS,
    FINAL_SCORING_TILES,
    ROUND_SCORING_TILES,
    TECH_POSITIONS,
    TECH_TILES,
    GameSetup,
)

SHARED = Path(__file__).resolve().parents[3].parent / "shared"
CORPUS = SHARED / "corpus" / "gaia" / "games.jsonl.gz"


def _centre(q: int, r: int) -> dict[str, int]:
    return {"q": q, "r": r, "s": -q - r}


# The setup of corpus game bot-001 (hexes and per-player orders left out).
RECORD: dict[str, Any] = {
    "seed": "draco-29080-1",
    "nbPlayers": 2,
    "setup": {
        "mapConfig": {
            "sectors": [
                {"sector": "1", "rotation": 4, "center": _centre(0, 0)},
                {"sector": "7B", "rotation": 1, "center": _centre(5, -2)},
                {"sector": "5B", "rotation": 3, "center": _centre(2, 3)},
                {"sector": "3", "rotation": 2, "center": _centre(-3, 5)},
                {"sector": "2", "rotation": 3, "center": _centre(-5, 2)},
                {"sector": "6B", "rotation": 1, "center": _centre(-2, -3)},
                {"sector": "4", "rotation": 2, "center": _centre(3, -5)},
            ],
            "mirror": False,
        },
        "roundScoring": ["score3", "score10", "score5", "score7", "score1", "score4"],
        "finalScoring": ["structure", "planetType"],
        "boosters": ["booster2", "booster6", "booster7", "booster8", "booster10"],
        "techTiles": {
            "terra": "tech6",
            "nav": "tech2",
            "int": "tech7",
            "gaia": "tech8",
            "eco": "tech3",
            "sci": "tech5",
            "free1": "tech1",
            "free2": "tech4",
            "free3": "tech9",
        },
        "advTechTiles": {
            "adv-terra": "advtech7",
            "adv-nav": "advtech10",
            "adv-int": "advtech8",
            "adv-gaia": "advtech11",
            "adv-eco": "advtech1",
            "adv-sci": "advtech12",
        },
        "terraformingFederation": "fed4",
        "federationSupply": {"fed1": 3, "fed2": 3, "fed3": 3, "fed4": 2, "fed5": 3, "fed6": 3},
        "factionChoiceOrder": [0, 1],
        "setupBuildingOrder": [0, 1, 1, 0],
        "firstRoundOrder": [0, 1],
    },
}


def _check_matches_record(setup: GameSetup, record: dict[str, Any]) -> None:
    s = record["setup"]
    assert setup.num_players == record["nbPlayers"] and setup.seed == record["seed"]
    assert setup.board == Board(s["mapConfig"])
    assert setup.round_scoring == tuple(s["roundScoring"])
    assert setup.final_scoring == tuple(s["finalScoring"])
    assert setup.boosters == tuple(s["boosters"])
    assert setup.tech_tiles == s["techTiles"] and setup.adv_tech_tiles == s["advTechTiles"]
    assert setup.terraforming_federation == s["terraformingFederation"]
    assert setup.federation_supply == s["federationSupply"]


def test_from_corpus_sample() -> None:
    setup = GameSetup.from_corpus(RECORD)
    _check_matches_record(setup, RECORD)
    assert GameSetup.from_dict(json.loads(json.dumps(setup.to_dict()))) == setup


@pytest.mark.skipif(not CORPUS.exists(), reason="shared corpus not available (only on the development machine)")
def test_from_corpus_all() -> None:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
        for line in f:
            record = json.loads(line)
            setup = GameSetup.from_corpus(record)
            _check_matches_record(setup, record)
            assert GameSetup.from_dict(setup.to_dict()) == setup


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_random(num_players: int) -> None:
    setup = GameSetup.random(num_players, "seed-42")
    assert setup == GameSetup.random(num_players, "seed-42")  # every draw comes from the seed
    assert setup != GameSetup.random(num_players, "seed-43")
    assert setup.num_players == num_players and setup.seed == "seed-42"
    assert len(set(setup.round_scoring)) == 6 and set(setup.round_scoring) <= set(ROUND_SCORING_TILES)
    assert len(set(setup.final_scoring)) == 2 and set(setup.final_scoring) <= set(FINAL_SCORING_TILES)
    assert len(set(setup.boosters)) == num_players + 3 and set(setup.boosters) <= set(BOOSTERS)
    assert tuple(setup.tech_tiles) == TECH_POSITIONS and sorted(setup.tech_tiles.values()) == sorted(TECH_TILES)
    assert tuple(setup.adv_tech_tiles) == ADV_TECH_POSITIONS
    assert len(set(setup.adv_tech_tiles.values())) == 6 and set(setup.adv_tech_tiles.values()) <= set(ADV_TECH_TILES)
    assert setup.federation_supply[setup.terraforming_federation] == 2
    assert sum(setup.federation_supply.values()) == 17
    assert setup.board.is_balanced() and len(setup.board) == (133 if num_players == 2 else 190)
    data = setup.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert GameSetup.from_dict(data) == setup


def test_random_varies_with_seed() -> None:
    setups = [GameSetup.random(4, str(i)) for i in range(20)]
    assert len({s.board for s in setups}) == 20
    assert len({s.round_scoring for s in setups}) == 20
    assert len({s.terraforming_federation for s in setups}) > 1


def _setup_dict(**changes: Any) -> dict[str, Any]:
    data = json.loads(json.dumps({**RECORD["setup"], "num_players": 2, "seed": "x"}))
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"num_players": 5}, "num_players"),
        ({"num_players": 3}, "board"),  # a 7-sector map with 3 players
        ({"seed": 12}, "seed"),
        ({"roundScoring": ["score1"] * 6}, "round_scoring"),
        ({"roundScoring": ["score1", "score2", "score3", "score4", "score5"]}, "round_scoring"),
        ({"roundScoring": ["score1", "score2", "score3", "score4", "score5", "score11"]}, "round_scoring"),
        ({"finalScoring": ["structure", "bogus"]}, "final_scoring"),
        ({"finalScoring": "structure"}, "final_scoring"),
        ({"boosters": ["booster1", "booster2", "booster3", "booster4"]}, "boosters"),
        ({"techTiles": {**RECORD["setup"]["techTiles"], "free3": "tech1"}}, "tech_tiles"),
        ({"techTiles": {"terra": "tech1"}}, "tech_tiles"),
        ({"advTechTiles": {**RECORD["setup"]["advTechTiles"], "adv-sci": "advtech16"}}, "adv_tech_tiles"),
        ({"terraformingFederation": "fed7"}, "terraforming_federation"),
        ({"federationSupply": {f"fed{i}": 3 for i in range(1, 7)}}, "federation_supply"),
        ({"mapConfig": {"sectors": [], "mirror": False}}, "mapConfig"),
    ],
)
def test_validation(changes: dict[str, Any], field: str) -> None:
    with pytest.raises(SetupError, match=field):
        GameSetup.from_dict(_setup_dict(**changes))


def test_missing_field() -> None:
    data = _setup_dict()
    del data["boosters"]
    with pytest.raises(SetupError, match="boosters"):
        GameSetup.from_dict(data)
    with pytest.raises(SetupError, match="nbPlayers"):
        GameSetup.from_corpus({"setup": RECORD["setup"], "seed": "x"})
    with pytest.raises(SetupError, match="num_players"):
        GameSetup.random(1, "x")


def test_frozen_inputs() -> None:
    data = _setup_dict()
    setup = GameSetup.from_dict(data)
    data["techTiles"]["terra"] = "tech9"
    data["roundScoring"].append("score2")
    assert setup.tech_tiles["terra"] == "tech6" and len(setup.round_scoring) == 6
