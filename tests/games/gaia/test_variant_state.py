"""The structured state and the service carry the variant options; a state that does not match them
is refused, naming the field."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import grpc
import pytest
from service_helpers import DATA_DIR, client_for, running_server
from test_structured_state import _assert_same_position

from gaia_ai.games.gaia import GaiaState, GameSetup, StateError
from gaia_ai.games.gaia.corpus import CorpusRecord, read_corpus
from gaia_ai.games.gaia.requests import position_from_record
from gaia_ai.games.gaia.structured import state_from_json, state_to_json
from gaia_ai.service.client import ServiceError, SuggestClient
from gaia_ai.service.server import SuggestionServer
from gaia_ai.v1 import suggest_pb2 as pb

SAMPLE = DATA_DIR / "variants-sample.jsonl.gz"


@cache
def _records() -> dict[str, CorpusRecord]:
    return {r.id: r for r in read_corpus(SAMPLE)}


def _at(game_id: str, lines: int) -> GaiaState:
    record = _records()[game_id]
    state = GaiaState.new(GameSetup.from_corpus(record.to_dict()))
    for line in record.move_history[:lines]:
        state.apply_line(line)
    return state


def test_every_variant_sample_position_round_trips() -> None:
    checked = 0
    for record in _records().values():
        state = GaiaState.new(GameSetup.from_corpus(record.to_dict()))
        for i, line in enumerate(record.move_history):
            state.apply_line(line)
            if state.is_terminal:
                continue
            imported = state_from_json(state_to_json(state))
            _assert_same_position(state, imported, f"{record.id}@{i}")
            a, b = state.raw_state(), imported.raw_state()
            for key in ("table", "order", "auc_faction", "auc_holder", "auc_bid", "auc_n"):
                assert a[key] == b[key], f"{record.id}@{i}: {key}"
            assert [p["bid"] for p in a["pl"]] == [p["bid"] for p in b["pl"]]
            checked += 1
    assert checked > 900


def test_the_state_names_its_options_and_auction() -> None:
    value = state_to_json(_at("auction-3p-000", 6))    # p2 outbid p1 on nevlas; p3 to bid
    assert value["setup"]["options"] == {"auction": "choose-bid", "factionVariant": "standard"}
    assert value["phase"] == "PHASE_AUCTION"
    assert value["auction"] == [
        {"faction": "nevlas", "holder": 1, "bid": 3},
        {"faction": "taklons"},
        {"faction": "geodens"},
    ]
    beta = state_to_json(_at("beta-4p-001", 10))
    assert beta["setup"]["options"] == {"factionVariant": "beta", "factionVariantVersion": 2}
    assert "options" not in state_to_json(GaiaState.new(GameSetup.random(2, "std")))["setup"]


def _refused(value: dict[str, Any], path: str) -> None:
    with pytest.raises(StateError) as info:
        state_from_json(value)
    assert str(info.value).startswith(path), str(info.value)


def test_an_unmodelled_option_value_is_refused() -> None:
    value = state_to_json(_at("auction-3p-000", 5))
    bad = copy.deepcopy(value)
    bad["setup"]["options"]["auction"] = "dutch"
    _refused(bad, "setup.options.auction")
    bad = copy.deepcopy(value)
    bad["setup"]["options"].update(factionVariant="beta", factionVariantVersion=3)
    _refused(bad, "setup.options.factionVariantVersion")


def test_auction_data_without_the_auction_option_is_refused() -> None:
    value = state_to_json(_at("auction-3p-000", 5))
    bad = copy.deepcopy(value)
    del bad["setup"]["options"]
    _refused(bad, "auction: lots are given")
    bad["auction"] = []
    _refused(bad, "phase: PHASE_AUCTION")
    after = state_to_json(_at("auction-3p-000", 25))   # in round 1, bids made
    bad = copy.deepcopy(after)
    del bad["setup"]["options"]
    _refused(bad, "auction: lots are given")


def test_a_state_that_does_not_match_its_auction_is_refused() -> None:
    value = state_to_json(_at("auction-3p-000", 25))
    assert value["round"] == 1 and value["turnOrder"] != [0, 1, 2]
    bad = copy.deepcopy(value)
    bad["turnOrder"] = [0, 1, 2]
    _refused(bad, "turnOrder: the auction's pick order")
    bad = copy.deepcopy(value)
    holder = bad["auction"][0]["holder"]
    bad["auction"][0]["holder"], bad["auction"][1]["holder"] = bad["auction"][1]["holder"], holder
    _refused(bad, "players[")
    bad = copy.deepcopy(value)
    bad["auction"][0]["bid"] = -1
    _refused(bad, "auction[0].bid")


def test_a_beta_state_below_the_beta_start_is_refused() -> None:
    record = _records()["beta-4p-010"]
    value = state_to_json(_at("beta-4p-010", 12))
    p = record.factions.index("gleens")
    assert value["players"][p]["research"]["nav"] >= 3   # the beta board starts at navigation 3
    bad = copy.deepcopy(value)
    bad["players"][p]["research"]["nav"] = 2
    _refused(bad, f"players[{p}].research.nav: 2, but gleens start at level 3 on the beta v2 board")


@pytest.fixture(scope="module")
def server() -> Iterator[SuggestionServer]:
    with running_server(max_concurrent=2, workers=4) as s:
        yield s


@pytest.fixture
def client(server: SuggestionServer) -> Iterator[SuggestClient]:
    with client_for(server) as c:
        yield c


def test_the_service_validates_an_auction_position_and_its_state(client: SuggestClient) -> None:
    record = _records()["auction-3p-000"].to_dict()
    reply = client.validate(position_from_record(record, 5))
    state = _at("auction-3p-000", 5)
    assert [m.notation for m in reply.legal_moves] == [str(m) for m in state.legal_moves()]
    assert {m.notation.split()[0] for m in reply.legal_moves} == {"bid"}
    posted = pb.Position(gaia_state=reply.gaia_state)
    again = client.validate(posted)
    assert [m.notation for m in again.legal_moves] == [m.notation for m in reply.legal_moves]
    suggested = client.suggest(posted, simulations=100, seed=2, top_k=3)
    assert all(s.move.startswith("bid ") for s in suggested.suggestions)


def test_the_service_refuses_a_state_that_does_not_match_its_options(client: SuggestClient) -> None:
    record = _records()["auction-3p-000"].to_dict()
    reply = client.validate(position_from_record(record, 5))
    posted = pb.Position(gaia_state=reply.gaia_state)
    posted.gaia_state.setup.ClearField("options")
    with pytest.raises(ServiceError) as info:
        client.validate(posted)
    assert info.value.code == grpc.StatusCode.INVALID_ARGUMENT
    assert "auction" in info.value.details
    record["options"] = {**record["options"], "auction": "dutch"}
    with pytest.raises(ServiceError) as info:
        client.validate(position_from_record(record, 5))
    assert info.value.code == grpc.StatusCode.INVALID_ARGUMENT and "auction" in info.value.details


def test_sample_file_is_present() -> None:
    assert Path(SAMPLE).exists()
