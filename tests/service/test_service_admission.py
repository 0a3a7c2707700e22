"""Admission control (issue 38, item 9): by default the server runs at most as many search threads as the
machine has cores, so each admitted search keeps its time budget; one more is refused at once with
RESOURCE_EXHAUSTED saying why. bench/service_load.py measures the latency it keeps."""

from __future__ import annotations

import logging
import os
import threading

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from service_helpers import client_for, running_server, wait_until

from gaia_ai.games.gaia.requests import demo_position
from gaia_ai.service.budget import Limits
from gaia_ai.service.client import ServiceError
from gaia_ai.service.server import ServerOptions
from gaia_ai.v1 import suggest_pb2 as pb
from gaia_ai.v1 import suggest_pb2_grpc as pb_grpc


def test_the_default_admits_as_many_search_threads_as_cores() -> None:
    assert Limits().max_concurrent == len(os.sched_getaffinity(0))
    options = ServerOptions(limits=Limits(max_concurrent=3))
    assert options.workers == 7   # checks and health calls still find a thread while 3 searches run


def test_a_search_of_two_threads_takes_two_of_the_slots() -> None:
    with running_server(max_concurrent=2, max_threads=2, workers=6) as server, client_for(server) as client:
        stub = pb_grpc.MoveSuggestionServiceStub(client._channel)
        long_call = stub.SuggestMoves.future(pb.SuggestMovesRequest(
            game="gaia-project", position=demo_position(), time_ms=20_000, threads=2), timeout=30)
        assert wait_until(lambda: server.servicer.active_searches == 1)
        with pytest.raises(ServiceError) as info:
            client.suggest(demo_position(), simulations=50)
        assert info.value.code == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert "1 searches already use 2 of the server's 2 search threads (--max-concurrent" in info.value.details
        long_call.cancel()
        assert wait_until(lambda: server.servicer.active_searches == 0, timeout=5)
        assert client.suggest(demo_position(), simulations=50).suggestions


def test_during_the_grace_health_says_not_serving_and_new_calls_unavailable() -> None:
    with running_server(max_concurrent=2) as server, client_for(server) as client:
        stub = pb_grpc.MoveSuggestionServiceStub(client._channel)
        running = stub.SuggestMoves.future(pb.SuggestMovesRequest(
            game="gaia-project", position=demo_position(), time_ms=1500), timeout=30)
        assert wait_until(lambda: server.servicer.active_searches == 1)
        stopper = threading.Thread(target=server.stop, args=(10.0,))
        stopper.start()
        assert wait_until(lambda: server.servicer.draining)
        health = health_pb2_grpc.HealthStub(client._channel)
        assert health.Check(health_pb2.HealthCheckRequest(), timeout=5).status == \
            health_pb2.HealthCheckResponse.NOT_SERVING
        with pytest.raises(ServiceError) as info:
            client.suggest(demo_position(), simulations=50)
        assert info.value.code == grpc.StatusCode.UNAVAILABLE and "stopping" in info.value.details
        assert running.result().suggestions   # the search in progress finished in its grace
        stopper.join(15)
        assert not stopper.is_alive()


def test_a_token_without_tls_is_warned_about(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="gaia_ai.service"), running_server(auth_token="s3cret", workers=2):
        pass
    assert any(r.levelno == logging.WARNING and "clear text" in r.getMessage() for r in caplog.records)


def test_the_default_counts_the_cores_this_process_may_use_not_the_machines() -> None:
    """Under taskset or a container's cpuset the searches get only the allowed cores: admit that many."""
    allowed = os.sched_getaffinity(0)
    one = {min(allowed)}
    os.sched_setaffinity(0, one)
    try:
        assert Limits().max_concurrent == 1
    finally:
        os.sched_setaffinity(0, allowed)
    assert Limits().max_concurrent == len(allowed)
