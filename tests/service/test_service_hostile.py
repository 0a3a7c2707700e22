"""What a hostile or careless client sends gets INVALID_ARGUMENT with a short message naming the field,
never INTERNAL (issue 38): bodies that are not protobuf or not UTF-8, long text echoed back, integers of
thousands of digits, a text where a flag goes, any int64 seed, a list where a name goes, a payment
beyond its move field. The inputs are the repro files of ../shared/repro/service, copied small."""

from __future__ import annotations

import gzip
import json
import logging
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from service_helpers import DATA_DIR, running_server

from gaia_ai.errors import MESSAGE_LIMIT, QUOTE_LIMIT, shorten_message
from gaia_ai.search import SearchConfig
from gaia_ai.service.errors import RequestError
from gaia_ai.service.games import game_adapter
from gaia_ai.service.server import SuggestionServer
from gaia_ai.v1 import suggest_pb2 as pb

REPRO = DATA_DIR / "repro" / "service"
SUGGEST = "/gaia_ai.v1.MoveSuggestionService/SuggestMoves"


def repro_text(name: str) -> str:
    return gzip.decompress((REPRO / f"{name}.gz").read_bytes()).decode("utf-8")


@pytest.fixture(scope="module")
def server() -> Iterator[SuggestionServer]:
    with running_server(max_concurrent=2, workers=4) as s:
        yield s


def _raw_call(server: SuggestionServer, body: bytes, metadata: tuple = ()) -> tuple[grpc.StatusCode, str]:
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        raw = channel.unary_unary(SUGGEST, request_serializer=lambda b: b,
                                  response_deserializer=pb.SuggestMovesResponse.FromString)
        with pytest.raises(grpc.RpcError) as info:
            raw(body, timeout=30, metadata=metadata)
    return info.value.code(), info.value.details() or ""


def _ed_request(game: bytes = b"eminent-domain") -> bytes:
    return pb.SuggestMovesRequest(game=game.decode("latin-1") if game.isascii() else "@@@@",
                                  position=pb.Position(ed_log_json="{}"), simulations=10,
                                  viewer=0).SerializeToString()


def test_a_body_that_is_not_protobuf_is_invalid_argument(server: SuggestionServer,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="gaia_ai.service"):
        code, details = _raw_call(server, b"\xff\xff\xff")
    assert code == grpc.StatusCode.INVALID_ARGUMENT, details
    assert "not a SuggestMovesRequest" in details
    lines = [r for r in caplog.records if r.getMessage() == "call"]
    assert any(r.fields["status"] == "INVALID_ARGUMENT" for r in lines)   # the call log saw it


def test_a_string_field_that_is_not_utf8_is_invalid_argument(server: SuggestionServer) -> None:
    body = _ed_request(b"@@@@").replace(b"@@@@", b"\xff\xfe\xfd\xfc")
    code, details = _raw_call(server, body)
    assert code == grpc.StatusCode.INVALID_ARGUMENT, details


def test_the_token_is_checked_before_the_body_is_read() -> None:
    with running_server(auth_token="s3cret", workers=2) as server:
        assert _raw_call(server, b"\xff\xff\xff")[0] == grpc.StatusCode.UNAUTHENTICATED
        code, _ = _raw_call(server, b"\xff\xff\xff", metadata=(("authorization", "Bearer s3cret"),))
        assert code == grpc.StatusCode.INVALID_ARGUMENT


def test_a_long_game_name_comes_back_cut(server: SuggestionServer) -> None:
    body = pb.SuggestMovesRequest(game="x" * 100_000, simulations=10).SerializeToString()
    code, details = _raw_call(server, body)
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert "unknown game" in details and len(details) < 1000


def test_a_long_move_in_an_ed_log_comes_back_cut(server: SuggestionServer) -> None:
    record = json.loads(repro_text("ed_log_g0_cut41.json"))
    for size in (5_000, 100_000):
        record["moves"].append("p1 " + "z" * size)
        body = pb.SuggestMovesRequest(game="eminent-domain", position=pb.Position(ed_log_json=json.dumps(record)),
                                      simulations=10, viewer=0).SerializeToString()
        code, details = _raw_call(server, body)
        record["moves"].pop()
        assert code == grpc.StatusCode.INVALID_ARGUMENT
        assert "zzzz" in details and len(details) < 1000, len(details)


def test_shorten_message_cuts_each_long_quote_and_the_whole() -> None:
    short = shorten_message(f"move {'a' * 10_000!r} and {'b c ' * 100!r}: unknown")
    assert len(short) < 3 * QUOTE_LIMIT + 100 and short.startswith("move 'aaa") and short.endswith(": unknown")
    assert "[9802 characters]" in short
    assert shorten_message("x: fine 'short'") == "x: fine 'short'"
    assert len(shorten_message("word " * 10_000)) <= MESSAGE_LIMIT


# ---- the decoders: each repro answered INVALID_ARGUMENT naming the field ----------------------------------

CLEAR = [
    ("gaia-project", "bgs_export_json", "bgs_5000_digit_int.json", None, "more than 4300 digits"),
    ("eminent-domain", "ed_log_json", "ed_log_5000_digit_int.json", 0, "more than 4300 digits"),
    ("eminent-domain", "ed_observation_json", "ed_obs_5000_digit_int.json", 1, "more than 4300 digits"),
    ("eminent-domain", "ed_log_json", "ed_log_errata_x.json", 0, "setup.errata: expected true or false"),
    ("terraforming-mars", "tm_observation_json", "tm_obs_step_list.json", None, "step: expected one of"),
    ("terraforming-mars", "tm_log_json", "tm_log_pay_mc_2pow32.json", None,
     "act 118 (playCard p3 Wave Power): pay.mc: 4294967296 is not a payment of 0..255"),
]


@pytest.mark.parametrize(("game", "field", "name", "viewer", "said"), CLEAR, ids=[c[2] for c in CLEAR])
def test_repro_is_a_clear_error(game: str, field: str, name: str, viewer: int | None, said: str) -> None:
    with pytest.raises(RequestError, match="position." + field) as info:
        game_adapter(game).decode(pb.Position(**{field: repro_text(name)}))
    assert said in str(info.value)


@pytest.mark.parametrize("seed", [-1, -(2**63), 2**63 - 1])
def test_an_ed_search_takes_any_int64_seed(seed: int) -> None:
    adapter = game_adapter("eminent-domain")
    state = adapter.decode(pb.Position(ed_log_json=repro_text("ed_log_g0_cut41.json")))
    legal = {str(m) for m in state.legal_moves()}
    response = adapter.suggest(state, SearchConfig(simulations=20, seed=seed), 3)
    assert response.suggestions and all(s.move in legal for s in response.suggestions)


def test_the_same_seed_modulo_2_64_is_the_same_search() -> None:
    adapter = game_adapter("eminent-domain")
    state = adapter.decode(pb.Position(ed_log_json=repro_text("ed_log_g0_cut41.json")))
    a = adapter.suggest(state, SearchConfig(simulations=30, seed=-1), 3)
    b = adapter.suggest(state, SearchConfig(simulations=30, seed=2**64 - 1), 3)
    assert [(s.move, s.visits) for s in a.suggestions] == [(s.move, s.visits) for s in b.suggestions]


def test_the_repro_copies_exist() -> None:
    assert all((REPRO / f"{c[2]}.gz").is_file() for c in CLEAR)
    assert Path(REPRO / "fuzz").is_dir()
