"""The move-suggestion service end to end: a real server on a loopback port and real clients.

Happy paths for each kind of posted position, the structured-state round trip, health, reflection,
deadlines, cancellation, overload, auth, TLS, message size, bad input and the per-call log line.
"""

from __future__ import annotations

import json
import logging
import shutil
import subprocess
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase
from service_helpers import DATA_DIR, client_for, running_server, wait_until

from gaia_ai.games.gaia.bgs import load_export
from gaia_ai.games.gaia.notation import Command
from gaia_ai.games.gaia.positions import demo, from_bgs
from gaia_ai.games.gaia.requests import (
    demo_position,
    position_from_bgs,
    position_from_log,
    position_from_record,
)
from gaia_ai.games.gaia.v1 import gaia_state_pb2
from gaia_ai.games.gaia.words import describe_line
from gaia_ai.service.client import ServiceError, SuggestClient
from gaia_ai.service.server import SERVICE_NAME, SuggestionServer
from gaia_ai.v1 import suggest_pb2 as pb
from gaia_ai.v1 import suggest_pb2_grpc as pb_grpc

try:
    from gaia_ai.games.gaia import structured
except ImportError:  # the structured-state importer comes with its own helper's work (issue 4)
    structured = None
needs_structured = pytest.mark.skipif(structured is None, reason="gaia_ai.games.gaia.structured is not in this build")

EXPORT = DATA_DIR / "exports" / "bot-000-at-60.json"


@pytest.fixture(scope="module")
def server() -> Iterator[SuggestionServer]:
    with running_server(max_concurrent=4, workers=8) as s:
        yield s


@pytest.fixture
def client(server: SuggestionServer) -> Iterator[SuggestClient]:
    with client_for(server) as c:
        yield c


def _code(call: object) -> tuple[grpc.StatusCode, str]:
    with pytest.raises(ServiceError) as info:
        call()  # type: ignore[operator]
    return info.value.code, info.value.details


def _check_suggestions(reply: pb.SuggestMovesResponse, state: object, top_k: int) -> None:
    """Ranked by visits; every suggestion is a legal line for the player to move in `state`."""
    assert 1 <= len(reply.suggestions) <= top_k
    visits = [s.visits for s in reply.suggestions]
    assert visits == sorted(visits, reverse=True) and visits[0] > 0
    for s in reply.suggestions:
        probe = state.copy()  # type: ignore[attr-defined]
        probe.apply_line(s.move)  # raises if the suggested line is not legal there
        assert [c.notation for c in s.commands] == [c.notation for c in s.pv[: len(s.commands)]]
        assert all(c.player == reply.player for c in s.commands)
        assert s.main_command.notation in [c.notation for c in s.commands]
        assert 0 <= s.win_probability <= 1 and 0 <= s.value <= 1
        # every command in words, as `gaia-ai suggest` says them; the suggestion's words are its turn's
        words = describe_line(state, [Command.parse(c.notation) for c in s.commands], [reply.player] * len(s.commands))
        assert [c.words for c in s.commands] == [w.words for w in words] and all(c.words for c in s.pv)
        assert s.main_command.words and s.main_command.words in s.words
        assert s.words == "; ".join(w.words for w in words if w.notation != "endturn")


# ---------------------------------------------------------------------------------------- happy paths

def test_suggest_on_a_move_log(client: SuggestClient) -> None:
    reply = client.suggest(demo_position(), simulations=200, top_k=3, seed=1)
    state = demo()
    assert reply.game == "gaia-project" and reply.player == state.current_player
    assert reply.faction == state.faction(state.current_player)
    assert reply.position.round == state.round and reply.position.phase == state.phase
    _check_suggestions(reply, state, 3)
    assert reply.stats.simulations == 200 and reply.stats.nodes > 0
    assert reply.budget.simulations == 200 and reply.budget.threads == 1 and not reply.budget.deadline_limited


def test_suggest_on_a_bgs_export(client: SuggestClient) -> None:
    reply = client.suggest(position_from_bgs(EXPORT.read_text()), simulations=150, top_k=5)
    state = from_bgs(EXPORT)
    assert reply.player == state.current_player == 1
    _check_suggestions(reply, state, 5)


def test_same_seed_and_budget_give_the_same_answer(client: SuggestClient) -> None:
    first, second = (client.suggest(demo_position(), simulations=150, seed=9) for _ in range(2))
    assert list(first.suggestions) == list(second.suggestions)


def test_validate_lists_the_legal_moves_of_the_player_to_move(client: SuggestClient) -> None:
    reply = client.validate(position_from_bgs(EXPORT.read_text()))
    state = from_bgs(EXPORT)
    assert [m.notation for m in reply.legal_moves] == [str(m) for m in state.legal_moves()]
    assert {m.player for m in reply.legal_moves} == {state.current_player}
    assert list(reply.position.factions) == [state.faction(p) for p in range(3)]
    assert not reply.position.terminal and not reply.final_scores


def test_validate_a_finished_game_gives_its_final_scores(client: SuggestClient) -> None:
    text = (DATA_DIR / "exports" / "bot-001.json").read_text()
    reply = client.validate(position_from_bgs(text))
    assert reply.position.terminal and reply.position.current_player == -1 and not reply.legal_moves
    assert list(reply.final_scores) == load_export(DATA_DIR / "exports" / "bot-001.json").final_vp


@needs_structured
def test_a_validated_state_round_trips_to_suggest_moves(client: SuggestClient) -> None:
    checked = client.validate(demo_position())
    assert checked.HasField("gaia_state")
    posted = pb.Position(gaia_state=checked.gaia_state)
    again = client.validate(posted)
    assert [m.notation for m in again.legal_moves] == [m.notation for m in checked.legal_moves]
    assert again.position == checked.position
    from_state = client.suggest(posted, simulations=150, seed=3)
    from_log = client.suggest(demo_position(), simulations=150, seed=3)
    _check_suggestions(from_state, demo(), 5)
    assert [(s.move, s.visits) for s in from_state.suggestions] == [(s.move, s.visits) for s in from_log.suggestions]


@needs_structured
def test_a_structured_state_with_a_bad_field_is_rejected_naming_it(client: SuggestClient) -> None:
    state = client.validate(demo_position()).gaia_state
    state.players[1].power.area3 = -2
    code, details = _code(lambda: client.validate(pb.Position(gaia_state=state)))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert details.startswith("position.gaia_state") and "players[1]" in details


# ---------------------------------------------------------------------------------------- health, reflection

def test_health_reports_serving_for_the_server_and_the_service(client: SuggestClient) -> None:
    assert client.health() == "SERVING"
    assert client.health(SERVICE_NAME) == "SERVING"
    code, _ = _code(lambda: client.health("no.such.Service"))
    assert code == grpc.StatusCode.NOT_FOUND


def test_reflection_lists_the_service_and_its_messages(server: SuggestionServer) -> None:
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        database = ProtoReflectionDescriptorDatabase(channel)
        services = database.get_services()
        assert SERVICE_NAME in services and "grpc.health.v1.Health" in services
        proto = database.FindFileContainingSymbol("gaia_ai.v1.SuggestMovesRequest")
        assert proto.name == "gaia_ai/v1/suggest.proto" and "gaia_ai/games/gaia/v1/gaia_state.proto" in proto.dependency


# ---------------------------------------------------------------------------------------- deadlines, cancel, load

def test_a_search_stops_at_the_deadline_and_answers_what_it_has(client: SuggestClient) -> None:
    reply = client.suggest(demo_position(), time_ms=25_000, timeout=1.5)
    assert reply.budget.deadline_limited and reply.budget.time_ms < 1500
    assert reply.suggestions and reply.stats.simulations > 0
    assert "deadline" in " ".join(reply.budget.notes)


def test_a_simulation_budget_also_stops_at_the_deadline(server: SuggestionServer) -> None:
    with client_for(server) as client:
        reply = client.suggest(demo_position(), simulations=100_000, timeout=3.0)   # room for decoding on a loaded machine
    assert reply.budget.deadline_limited and reply.budget.simulations == 100_000
    assert 0 < reply.stats.simulations < 100_000


def test_a_deadline_shorter_than_the_margin_is_refused_without_searching() -> None:
    with running_server(deadline_margin_ms=5_000) as server, client_for(server) as client:
        code, _ = _code(lambda: client.suggest(demo_position(), simulations=100, timeout=2.0))
    assert code == grpc.StatusCode.DEADLINE_EXCEEDED


def test_a_cancelled_call_stops_its_search() -> None:
    with running_server(max_concurrent=1) as server, client_for(server) as client:
        stub = pb_grpc.MoveSuggestionServiceStub(client._channel)
        request = pb.SuggestMovesRequest(game="gaia-project", position=demo_position(), time_ms=20_000)
        call = stub.SuggestMoves.future(request, timeout=30)
        assert wait_until(lambda: server.servicer.active_searches == 1)
        call.cancel()
        # a 20 s search that kept running would hold its slot far longer than this
        assert wait_until(lambda: server.servicer.active_searches == 0, timeout=5)
        assert client.suggest(demo_position(), simulations=50).suggestions   # the slot is free again


def test_more_searches_than_allowed_answer_resource_exhausted_at_once() -> None:
    with running_server(max_concurrent=1, workers=6) as server, client_for(server) as client:
        stub = pb_grpc.MoveSuggestionServiceStub(client._channel)
        request = pb.SuggestMovesRequest(game="gaia-project", position=demo_position(), time_ms=20_000)
        long_call = stub.SuggestMoves.future(request, timeout=30)
        assert wait_until(lambda: server.servicer.active_searches == 1)
        with ThreadPoolExecutor(3) as pool:
            rejected = list(pool.map(lambda _: _code(lambda: client.suggest(demo_position(), simulations=50)),
                                     range(3)))
        assert not long_call.done()   # answered while the running search still holds its slot
        assert [code for code, _ in rejected] == [grpc.StatusCode.RESOURCE_EXHAUSTED] * 3
        assert "busy" in rejected[0][1]
        assert client.validate(demo_position()).legal_moves   # checks do not need a search slot
        long_call.cancel()


def test_stop_gives_calls_their_grace_then_cancels_them() -> None:
    with running_server(max_concurrent=2) as server, client_for(server) as client:
        stub = pb_grpc.MoveSuggestionServiceStub(client._channel)
        short = stub.SuggestMoves.future(pb.SuggestMovesRequest(
            game="gaia-project", position=demo_position(), time_ms=600), timeout=30)
        long = stub.SuggestMoves.future(pb.SuggestMovesRequest(
            game="gaia-project", position=demo_position(), time_ms=20_000), timeout=30)
        assert wait_until(lambda: server.servicer.active_searches == 2)
        watch = health_pb2_grpc.HealthStub(client._channel).Watch(health_pb2.HealthCheckRequest(), timeout=30)
        assert next(watch).status == health_pb2.HealthCheckResponse.SERVING
        stopper = threading.Thread(target=server.stop, args=(2.0,))
        stopper.start()
        assert next(watch).status == health_pb2.HealthCheckResponse.NOT_SERVING
        assert short.result().suggestions   # finished within the grace period
        with pytest.raises(grpc.RpcError):
            long.result()
        stopper.join(10)
        assert not stopper.is_alive()
        # the cancelled call's 20 s search stops too
        assert wait_until(lambda: server.servicer.active_searches == 0, timeout=5)


def test_replicas_share_calls_behind_client_side_round_robin() -> None:
    with running_server() as one, running_server() as two:
        target = f"ipv4:127.0.0.1:{one.port},127.0.0.1:{two.port}"
        with SuggestClient(target, timeout=30, channel_options=[("grpc.lb_policy_name", "round_robin")]) as client:
            replies = [client.suggest(demo_position(), simulations=20, seed=1) for _ in range(6)]
        assert all(list(r.suggestions) == list(replies[0].suggestions) for r in replies)   # stateless
        assert one.servicer.finish_times.samples > 0 and two.servicer.finish_times.samples > 0


# ---------------------------------------------------------------------------------------- auth, TLS, size

def test_auth_token_required_when_configured() -> None:
    with running_server(auth_token="s3cret") as server:
        with client_for(server) as anonymous:
            code, details = _code(lambda: anonymous.validate(demo_position()))
            assert code == grpc.StatusCode.UNAUTHENTICATED and "Bearer" in details
            assert anonymous.health() == "SERVING"   # probes need no token
        with client_for(server, token="wrong") as wrong:
            assert _code(lambda: wrong.suggest(demo_position(), simulations=20))[0] == grpc.StatusCode.UNAUTHENTICATED
        with client_for(server, token="s3cret") as right:
            assert right.suggest(demo_position(), simulations=20).suggestions
            with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
                with pytest.raises(grpc.RpcError) as info:
                    ProtoReflectionDescriptorDatabase(channel).get_services()
                assert info.value.code() == grpc.StatusCode.UNAUTHENTICATED


def test_without_auth_a_token_is_not_needed_nor_refused(client: SuggestClient, server: SuggestionServer) -> None:
    assert client.validate(demo_position()).legal_moves
    with client_for(server, token="anything") as c:
        assert c.validate(demo_position()).legal_moves


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl is needed to make a test certificate")
def test_tls(tmp_path: Path) -> None:
    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"],
                   check=True, capture_output=True)
    with running_server(host="localhost", tls_cert=cert, tls_key=key) as server:
        with SuggestClient(f"localhost:{server.port}", tls_ca=cert, timeout=10) as secure:
            assert secure.validate(demo_position()).legal_moves
        with SuggestClient(f"localhost:{server.port}", timeout=5) as plain:
            assert _code(lambda: plain.validate(demo_position()))[0] == grpc.StatusCode.UNAVAILABLE


def test_a_message_over_the_size_cap_is_refused() -> None:
    with running_server(max_message_bytes=64 * 1024) as server, client_for(server) as client:
        code, _ = _code(lambda: client.validate(position_from_bgs(" " * 100_000 + EXPORT.read_text())))
        assert code == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert client.validate(position_from_bgs(EXPORT.read_text())).legal_moves


# ---------------------------------------------------------------------------------------- bad input

def _record() -> dict:
    return json.loads((Path(__file__).resolve().parents[2] / "gaia_ai/games/gaia/data/demo-position.json").read_text())


def _log(moves: list[str] | None = None, **setup_changes: object) -> pb.Position:
    record = _record()
    setup = {**record["setup"], "num_players": record["nbPlayers"], "seed": record["seed"], **setup_changes}
    return position_from_log(setup, record["moveHistory"] if moves is None else moves)


BAD_POSITIONS = [
    (pb.Position(), "position: set one of gaia_state, gaia_move_log, bgs_export_json"),
    (pb.Position(gaia_move_log=gaia_state_pb2.GaiaMoveLog(moves=["p1 faction terrans"])), "position.gaia_move_log.setup: required"),
    (_log(roundScoring=["score1"] * 6), "position.gaia_move_log.setup: round_scoring"),
    (_log(num_players=5), "position.gaia_move_log.setup: num_players"),
    (_log(terraformingFederation="fed9"), "position.gaia_move_log.setup: terraforming_federation"),
    (_log(_record()["moveHistory"][:3] + ["p2 build m 9A9."]), "position.gaia_move_log.moves[3] 'p2 build m 9A9.'"),
    (_log(_record()["moveHistory"][:5] + ["p1 fly to the moon"]), "position.gaia_move_log.moves[5]"),
    (_log(["p1 faction terrans", "p1 faction terrans"]), "moves[1] 'p1 faction terrans': illegal move"),
    (pb.Position(bgs_export_json=""), "position.bgs_export_json: empty"),
    (pb.Position(bgs_export_json="{"), "position.bgs_export_json: not valid JSON"),
    (pb.Position(bgs_export_json="[" * 50_000), "position.bgs_export_json: JSON nested 50000 levels deep, at most 64"),
    (pb.Position(bgs_export_json='{"options": {}}'), "position.bgs_export_json: missing key moveHistory"),
]


@pytest.mark.parametrize(("position", "message"), BAD_POSITIONS, ids=[m[:40] for _, m in BAD_POSITIONS])
def test_bad_positions_answer_invalid_argument_naming_the_field(
    client: SuggestClient, position: pb.Position, message: str
) -> None:
    for call in (lambda: client.validate(position), lambda: client.suggest(position, simulations=20)):
        code, details = _code(call)
        assert code == grpc.StatusCode.INVALID_ARGUMENT
        assert message in details


def test_an_export_whose_log_breaks_names_the_move(client: SuggestClient) -> None:
    data = json.loads(EXPORT.read_text())
    data["moveHistory"][30] = "p1 build PI 1A1."
    code, details = _code(lambda: client.validate(position_from_bgs(json.dumps(data))))
    assert code == grpc.StatusCode.INVALID_ARGUMENT and "moveHistory[30] 'p1 build PI 1A1.'" in details


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "chess"}, "game: unknown game 'chess'; known games: 'gaia-project'"),
        ({"game": ""}, "game: missing; known games: 'gaia-project'"),
        ({"simulations": 0}, "simulations: must be at least 1"),
        ({"time_ms": 0}, "time_ms: must be at least 1"),
        ({"simulations": 50, "max_time_ms": 500}, "max_time_ms: the time manager's ceiling needs a time_ms"),
        ({"time_ms": 500, "max_time_ms": 200}, "got max_time_ms 200, time_ms 500"),
    ],
)
def test_bad_requests_answer_invalid_argument(client: SuggestClient, kwargs: dict, message: str) -> None:
    code, details = _code(lambda: client.suggest(demo_position(), **kwargs))
    assert code == grpc.StatusCode.INVALID_ARGUMENT and message in details


def test_seats_and_roles_describe_the_players(client: SuggestClient) -> None:
    reply = client.suggest(demo_position(), simulations=20)
    seats = list(reply.position.seats)
    assert [s.seat for s in seats] == list(range(reply.position.num_players))
    assert [s.role for s in seats] == list(reply.position.factions) and {s.role_kind for s in seats} == {"faction"}
    assert reply.role == reply.faction == seats[reply.player].role != ""


def test_a_viewer_is_checked_when_given(client: SuggestClient) -> None:
    to_move = client.validate(demo_position()).position.current_player
    assert client.suggest(demo_position(), simulations=10, viewer=to_move).player == to_move
    assert client.validate(demo_position(), viewer=(to_move + 1) % 2).position.current_player == to_move
    code, details = _code(lambda: client.suggest(demo_position(), simulations=10, viewer=(to_move + 1) % 2))
    assert code == grpc.StatusCode.INVALID_ARGUMENT and details.startswith("viewer: seat")
    code, details = _code(lambda: client.validate(demo_position(), viewer=7))
    assert code == grpc.StatusCode.INVALID_ARGUMENT and "viewer: seat 7 does not exist" in details


def test_a_hidden_information_game_needs_a_viewer(client: SuggestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from gaia_ai.games import load_game

    game = load_game("gaia-project")
    to_move = client.validate(demo_position()).position.current_player
    monkeypatch.setattr(game, "info", dataclasses.replace(game.info, hidden_information=True))
    code, details = _code(lambda: client.suggest(demo_position(), simulations=10))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert details == "viewer: required for Gaia Project, a game of hidden information (the seat asking, 0 = p1)"
    assert client.suggest(demo_position(), simulations=10, viewer=to_move).player == to_move


def test_a_finished_game_has_nothing_to_suggest(client: SuggestClient) -> None:
    code, details = _code(lambda: client.suggest(position_from_bgs((DATA_DIR / "exports" / "bot-001.json").read_text())))
    assert code == grpc.StatusCode.INVALID_ARGUMENT and "the game is over" in details


def test_limits_cap_the_requested_budget() -> None:
    with running_server(max_simulations=100, max_threads=1, max_time_ms=5_000) as server, client_for(server) as c:
        reply = c.suggest(demo_position(), simulations=5_000, threads=4)
        assert reply.stats.simulations == 100
        assert (reply.budget.simulations, reply.budget.threads, reply.budget.time_ms) == (100, 1, 5_000)
        assert any("simulations capped at 100" in n for n in reply.budget.notes)
        assert any("threads capped at 1" in n for n in reply.budget.notes)


def test_the_time_manager_is_asked_for_with_max_time_ms(client: SuggestClient) -> None:
    reply = client.suggest(demo_position(), time_ms=50, max_time_ms=400)
    # both less the time the server spent reading the position
    assert reply.budget.time_ms <= 50 < reply.budget.max_time_ms <= 400
    assert reply.stats.time_manager in ("", "early", "extended", "ceiling")
    assert client.suggest(demo_position(), time_ms=50).budget.max_time_ms == 0
    assert client.suggest(demo_position(), time_ms=50).stats.time_manager == ""


def test_an_internal_failure_answers_internal_without_leaking(
    server: SuggestionServer, client: SuggestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gaia_ai.service import games

    def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(games.game_adapter("gaia-project"), "suggest", broken)
    code, details = _code(lambda: client.suggest(demo_position(), simulations=10))
    assert code == grpc.StatusCode.INTERNAL and "secret" not in details
    assert server.servicer.active_searches == 0    # the slot was given back
    monkeypatch.undo()
    assert client.suggest(demo_position(), simulations=10).suggestions


def test_corpus_record_positions_are_cut_after_k_lines(client: SuggestClient) -> None:
    record = _record()
    for k in (10, 4, 10):   # the server keeps start positions: a later, shorter log must not see an earlier one
        reply = client.validate(position_from_record(record, k))
        state = demo().__class__.new(demo().setup)
        for line in record["moveHistory"][:k]:
            state.apply_line(line)
        assert [m.notation for m in reply.legal_moves] == [str(m) for m in state.legal_moves()]
    with pytest.raises(ValueError, match="out of range"):
        position_from_record(record, 10_000)


# ---------------------------------------------------------------------------------------- log lines

def test_one_structured_log_line_per_call(client: SuggestClient, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="gaia_ai.service"):
        client.suggest(demo_position(), simulations=30)
        _code(lambda: client.validate(pb.Position()))
    calls = [r.fields for r in caplog.records if r.getMessage() == "call"]   # type: ignore[attr-defined]
    assert [c["method"].rsplit("/", 1)[1] for c in calls] == ["SuggestMoves", "ValidateState"]
    ok, bad = calls
    assert {"method", "game", "budget", "latency_ms", "status", "peer"} <= set(ok)
    assert ok["status"] == "OK" and ok["game"] == "gaia-project" and ok["budget"]["simulations"] == 30
    assert ok["search"]["simulations"] == 30 and ok["search"]["time_ms"] > 0
    assert ok["peer"].startswith("ipv4:127.0.0.1") and ok["latency_ms"] > 0
    assert bad["status"] == "INVALID_ARGUMENT" and bad["error"].startswith("position:")
    json.dumps(ok)   # JSON-serialisable as the formatter writes it
