"""Every input of tests/data/repro (issue 15: found by fuzzing main at a9d92e9) answered as its README
says: through the service's decoder (INVALID_ARGUMENT with the field or line at fault, or a search
that answers) and through the command line (one line and exit 2, never a traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from google.protobuf import json_format

from gaia_ai.cli import main
from gaia_ai.games.gaia.requests import position_from_bgs, position_from_log
from gaia_ai.games.gaia.service import GaiaAdapter
from gaia_ai.games.gaia.v1.gaia_state_pb2 import GaiaGameState
from gaia_ai.search import SearchConfig
from gaia_ai.service.errors import RequestError
from gaia_ai.v1 import suggest_pb2 as pb

REPRO = Path(__file__).resolve().parent / "data" / "repro"

# file -> the start of the INVALID_ARGUMENT message, or None for a position that must be searched
EXPECTED: dict[str, str | None] = {
    # supplies (the search must answer without the illegal move: tests/test_rules_supply.py)
    "firaks_downlab_5th_ts_state.json": None,
    "asan_ts_credits_overflow_state.json": None,
    "before_bad_move_10_17800.json": None,
    "before_bad_move_10_7908.json": "position.gaia_state: decision.pending[0].kind: PENDING_DOWN_LAB",
    # sector centres: a real arrangement of the sectors only
    "state_sector_q_int32max.json": "position.gaia_state: setup.sectors: sectors[1] (1) at centre (2147483647, -2)",
    "state_sector_q_r_2pow30.json": "position.gaia_state: setup.sectors: sectors[1] (1) at centre (1073741824",
    "state_sectors_100_apart.json": "position.gaia_state: setup.sectors: sectors[1] (1) at centre (100, 0)",
    "movelog_sector_q_int32max.json": "position.gaia_move_log.setup: board: sectors[1] (7B) at centre (2147483647",
    "bgs_sector_q_2147483647.json": "position.bgs_export_json: export: bad setup",
    # amounts in the notation
    "movelog_overflow_charge_2147483648pw.json": "position.gaia_move_log.moves[106] 'geodens charge 2147483648pw'",
    "movelog_overflow_charge_4294967296pw.json": "position.gaia_move_log.moves[54] 'ambas charge 4294967296pw'",
    "movelog_overflow_charge_999999999999.json": "position.gaia_move_log.moves[54]",
    "movelog_overflow_decline_999999999999.json": "position.gaia_move_log.moves[80]",
    "movelog_overflow_income_4294967296t.json": "position.gaia_move_log.moves[91] 'geodens income 4294967296t'",
    "bgs_overflow_30_82.json": "position.bgs_export_json: moveHistory[68]",
    # sub-decisions checked against the player, duplicates refused
    "state_16x_pending_build_mine.json": "position.gaia_state: decision.pending[1]: sub-decision 'PENDING_BUILD_MINE'",
    "state_16x_pending_tech.json": "position.gaia_state: decision.pending[1]: sub-decision 'PENDING_TECH'",
    "state_pending_swap_pi_non_ambas.json": "position.gaia_state: decision.pending[0].kind: PENDING_SWAP_PI",
    "state_pending_space_station_non_ivits.json": "position.gaia_state: decision.pending[0].kind: PENDING_SPACE",
    "state_pending_lost_planet_nav0.json": "position.gaia_state: decision.pending[0].kind: PENDING_LOST_PLANET",
    "state_pending_fedtile_no_token.json": "position.gaia_state: decision.pending[0].kind: PENDING_FEDERATION_TILE",
    "state_24_leech_offers_same.json": "position.gaia_state: decision.leechOffers[1]: offer (player, hex)",
    "state_built_same_hex_8x.json": "position.gaia_state: decision.builtThisTurn[1]: hex '5A6' is listed twice",
    # a performance case, not an error (bench/search.py --state-bench)
    "state_area3_100.json": None,
}


def test_every_repro_file_has_an_expected_answer() -> None:
    files = {p.name for p in REPRO.glob("*.json")} - {"state_nested_seed.json"}
    assert files == set(EXPECTED)


def _position(name: str) -> pb.Position:
    text = (REPRO / name).read_text()
    if name.startswith("movelog"):
        data = json.loads(text)
        return position_from_log(data["setup"], data["moves"])
    if name.startswith("bgs"):
        return position_from_bgs(text)
    return pb.Position(gaia_state=json_format.Parse(text, GaiaGameState()))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_service_answers_each_repro_input(name: str) -> None:
    adapter = GaiaAdapter()
    expected = EXPECTED[name]
    if expected is not None:
        with pytest.raises(RequestError) as info:
            adapter.decode(_position(name), "position")
        assert str(info.value).startswith(expected), str(info.value)
        return
    state = adapter.decode(_position(name), "position")
    response = adapter.suggest(state, SearchConfig(simulations=60, seed=1), 3)
    assert response.suggestions


def test_deeply_nested_json_is_refused_before_parsing(capsys: pytest.CaptureFixture[str]) -> None:
    # state_nested_seed.json nests 5,003 levels: json.loads raised RecursionError (a traceback)
    assert main(["suggest", "--state", str(REPRO / "state_nested_seed.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "nested 5003 levels deep, at most 64" in err
    export = "[" * 100_000 + "]" * 100_000
    with pytest.raises(RequestError, match="JSON nested 100000 levels deep"):
        GaiaAdapter().decode(position_from_bgs(export), "position")


@pytest.mark.parametrize("name", [n for n, e in EXPECTED.items() if e and e.startswith("position.gaia_state")])
def test_the_command_line_refuses_each_bad_state_in_one_line(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["suggest", "--state", str(REPRO / name), "--simulations", "10"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("gaia-ai suggest: ") and "\n" not in err, err
