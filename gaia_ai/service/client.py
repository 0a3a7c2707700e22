"""A small client of the move-suggestion service, for other programs and `gaia-ai suggest --server`.

    from gaia_ai.games.gaia.requests import position_from_bgs   # each game builds its own positions
    from gaia_ai.service.client import SuggestClient
    with SuggestClient("localhost:50051", token=None, timeout=30) as client:
        reply = client.suggest(position_from_bgs(Path("game.json").read_text()), simulations=800, top_k=3)
        print(reply.suggestions[0].move, reply.suggestions[0].win_probability)

Positions are sent as given: the server is the judge of their validity. A failed call raises
ServiceError with the gRPC status code and the server's message.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from gaia_ai.v1 import suggest_pb2 as pb
from gaia_ai.v1 import suggest_pb2_grpc as pb_grpc

GAIA = "gaia-project"


class ServiceError(Exception):
    """A call failed: `code` is the gRPC status code (code.name: "INVALID_ARGUMENT", ...), `details`
    the server's message."""

    def __init__(self, code: grpc.StatusCode, details: str) -> None:
        super().__init__(f"{code.name}: {details}")
        self.code = code
        self.details = details


class SuggestClient:
    """A channel to one server (or a load balancer). target: "host:port"; token: sent as
    "authorization: Bearer <token>"; tls_ca: PEM file (or bytes) of the CA that signed the server's
    certificate, which switches the channel to TLS (tls=True with no CA uses the system roots);
    timeout: default deadline of each call in seconds (None: none); channel_options: more gRPC channel
    options, e.g. [("grpc.lb_policy_name", "round_robin")] to spread calls over every address of a
    "dns:///host:port" target."""

    def __init__(
        self,
        target: str,
        *,
        token: str | None = None,
        tls_ca: str | Path | bytes | None = None,
        tls: bool = False,
        timeout: float | None = 60.0,
        max_message_bytes: int = 1 << 20,
        channel_options: Sequence[tuple[str, Any]] = (),
    ) -> None:
        options = [("grpc.max_receive_message_length", max_message_bytes),
                   ("grpc.max_send_message_length", max_message_bytes), *channel_options]
        if tls or tls_ca is not None:
            ca = Path(tls_ca).read_bytes() if isinstance(tls_ca, str | Path) else tls_ca
            self._channel = grpc.secure_channel(target, grpc.ssl_channel_credentials(root_certificates=ca), options)
        else:
            self._channel = grpc.insecure_channel(target, options)
        self._metadata = (("authorization", f"Bearer {token}"),) if token else ()
        self._stub = pb_grpc.MoveSuggestionServiceStub(self._channel)
        self._health = health_pb2_grpc.HealthStub(self._channel)
        self.timeout = timeout

    def suggest(
        self,
        position: pb.Position,
        *,
        game: str = GAIA,
        simulations: int | None = None,
        time_ms: int | None = None,
        max_time_ms: int | None = None,
        threads: int = 1,
        top_k: int = 5,
        seed: int = 0,
        viewer: int | None = None,
        timeout: float | None = -1.0,
    ) -> pb.SuggestMovesResponse:
        """Ranked suggestions for the player to move. Give simulations or time_ms (neither: the
        server's default); with time_ms, max_time_ms turns the time manager on (suggest.proto). viewer: the seat asking (required by games of hidden information).
        timeout: this call's deadline in seconds (-1: the client's default); the server stops its
        search in time to answer before it."""
        if simulations is not None and time_ms is not None:
            raise ValueError("give simulations or time_ms, not both")
        request = pb.SuggestMovesRequest(game=game, position=position, threads=threads, top_k=top_k, seed=seed)
        if viewer is not None:
            request.viewer = viewer
        if simulations is not None:
            request.simulations = simulations
        if time_ms is not None:
            request.time_ms = time_ms
        if max_time_ms is not None:
            request.max_time_ms = max_time_ms
        return self._call(self._stub.SuggestMoves, request, timeout)

    def validate(self, position: pb.Position, *, game: str = GAIA, viewer: int | None = None,
                 timeout: float | None = -1.0) -> pb.ValidateStateResponse:
        """Whose decision it is in the position and the legal moves there (no search)."""
        request = pb.ValidateStateRequest(game=game, position=position)
        if viewer is not None:
            request.viewer = viewer
        return self._call(self._stub.ValidateState, request, timeout)

    def health(self, service: str = "", timeout: float | None = -1.0) -> str:
        """The server's health status name ("SERVING", "NOT_SERVING", ...) for a service ("" = the server)."""
        reply = self._call(self._health.Check, health_pb2.HealthCheckRequest(service=service), timeout)
        return str(health_pb2.HealthCheckResponse.ServingStatus.Name(reply.status))

    def _call(self, method: Any, request: Any, timeout: float | None) -> Any:
        try:
            return method(request, timeout=self.timeout if timeout == -1.0 else timeout, metadata=self._metadata)
        except grpc.RpcError as e:
            raise ServiceError(e.code(), e.details() or "") from None

    def close(self) -> None:
        self._channel.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
