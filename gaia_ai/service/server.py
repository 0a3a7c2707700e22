"""The gRPC server: MoveSuggestionService (SuggestMoves, ValidateState), the standard health service
and server reflection, with bounded concurrency, budgets capped by the server's limits and the
call's deadline, token authentication, TLS, one JSON log line per call and graceful shutdown.

    server = SuggestionServer(ServerOptions(port=0)); port = server.start(); ...; server.stop(grace=5)
    serve(options)   # blocks until SIGTERM/SIGINT, then stops gracefully (`gaia-ai serve`)
"""

from __future__ import annotations

import errno
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from concurrent import futures
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
from google.protobuf.message import DecodeError
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from gaia_ai.errors import shorten_message
from gaia_ai.games.registry import load_game
from gaia_ai.search import CancelToken
from gaia_ai.service.auth import TokenAuthInterceptor
from gaia_ai.service.budget import DEFAULT_TOP_K, FinishTimes, Limits, plan_budget
from gaia_ai.service.calllog import LOGGER, CallLogInterceptor, configure_json_logging, note
from gaia_ai.service.errors import NoTimeError, RequestError
from gaia_ai.service.games import game_adapter, served_games
from gaia_ai.v1 import suggest_pb2 as pb
from gaia_ai.v1 import suggest_pb2_grpc as pb_grpc

SERVICE_NAME: str = pb.DESCRIPTOR.services_by_name["MoveSuggestionService"].full_name
STOPPING = "the server is stopping: call another replica"


@dataclass(frozen=True)
class ServerOptions:
    """How `gaia-ai serve` runs: the address, the worker threads, the limits, TLS and the token.

    workers: gRPC worker threads; also the most calls in progress at once (searches, checks, health):
    beyond it gRPC answers RESOURCE_EXHAUSTED without queueing. Keep it above limits.max_concurrent so
    that checks and health calls find a thread while searches run (default: limits.max_concurrent + 4).
    grace_s: on stop, seconds the calls in progress get to finish before they are cancelled.
    """

    host: str = "127.0.0.1"
    port: int = 50051
    workers: int | None = None
    limits: Limits = field(default_factory=Limits)
    tls_cert: Path | None = None
    tls_key: Path | None = None
    auth_token: str | None = None
    grace_s: float = 30.0

    def __post_init__(self) -> None:
        if self.workers is None:
            object.__setattr__(self, "workers", self.limits.max_concurrent + 4)
        assert self.workers is not None
        if self.workers < 1:
            raise ValueError(f"workers must be >= 1, got {self.workers}")
        if (self.tls_cert is None) != (self.tls_key is None):
            raise ValueError("TLS needs both a certificate and its key (--tls-cert and --tls-key)")
        if self.grace_s < 0:
            raise ValueError(f"grace must be >= 0 seconds, got {self.grace_s}")


class MoveSuggestionServicer(pb_grpc.MoveSuggestionServiceServicer):
    """The service's two methods; stateless apart from the count of searches running."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._lock = threading.Lock()
        self._active = 0           # searches running
        self._threads = 0          # their search threads (what max_concurrent bounds)
        self.finish_times = FinishTimes()
        self.draining = False      # set by SuggestionServer.stop: new calls answer UNAVAILABLE

    @property
    def active_searches(self) -> int:
        """Searches running now."""
        with self._lock:
            return self._active

    def SuggestMoves(self, request: pb.SuggestMovesRequest, context: grpc.ServicerContext) -> Any:
        """Search the posted position within the capped budget (see suggest.proto)."""
        start = time.perf_counter()
        kind = request.WhichOneof("budget")
        note(game=shorten_message(request.game), budget={"simulations": request.simulations if kind == "simulations" else None,
                                        "time_ms": request.time_ms if kind == "time_ms" else None,
                                        "threads": request.threads or 1})
        return _answer(context, lambda: self._suggest(request, context, start))

    def ValidateState(self, request: pb.ValidateStateRequest, context: grpc.ServicerContext) -> Any:
        """Decode and check the posted position; its legal moves, no search."""
        note(game=shorten_message(request.game))

        def check() -> Any:
            if self.draining:
                return _Abort(grpc.StatusCode.UNAVAILABLE, STOPPING)
            adapter = game_adapter(request.game)
            _require_viewer(request)
            state = adapter.decode(request.position)
            _check_viewer(request, state, to_move=False)
            return adapter.validate(state)

        return _answer(context, check)

    def _admit(self, threads: int) -> str | None:
        """Start a search of `threads` threads if the cores allow (None), else say why it is refused."""
        with self._lock:
            if self._active and self._threads + threads > self.limits.max_concurrent:
                return (f"busy: {self._active} searches already use {self._threads} of the server's "
                        f"{self.limits.max_concurrent} search threads (--max-concurrent; more at once would "
                        "overrun their time budgets); retry later or call another replica")
            self._active += 1
            self._threads += threads
            return None

    def _suggest(self, request: pb.SuggestMovesRequest, context: grpc.ServicerContext, start: float) -> Any:
        if self.draining:
            return _Abort(grpc.StatusCode.UNAVAILABLE, STOPPING)
        adapter = game_adapter(request.game)
        _require_viewer(request)
        threads = min(max(request.threads, 1), self.limits.max_threads)
        busy = self._admit(threads)
        if busy is not None:
            return _Abort(grpc.StatusCode.RESOURCE_EXHAUSTED, busy)
        try:
            state = adapter.decode(request.position)
            _check_viewer(request, state, to_move=True)
            kind = request.WhichOneof("budget")
            budget = plan_budget(
                simulations=request.simulations if kind == "simulations" else None,
                time_ms=request.time_ms if kind == "time_ms" else None,
                threads=request.threads, seed=request.seed, limits=self.limits,
                max_time_ms=request.max_time_ms or None, search=load_game(request.game).hint_search(),
                remaining_s=context.time_remaining(), spent_ms=(time.perf_counter() - start) * 1000,
                reserve_ms=self.finish_times.estimate(),
            )
            config = budget.config
            note(search={"simulations": config.simulations, "time_ms": config.time_ms,
                         "max_time_ms": config.max_time_ms, "threads": config.threads,
                         "deadline_limited": budget.deadline_limited})
            searched = time.perf_counter()
            response = adapter.suggest(state, config, request.top_k or DEFAULT_TOP_K, _cancel_token(context))
            # what the call took beyond its search's time cap: the search's overrun, then the answer
            cap_ms = config.max_time_ms or config.time_ms
            beyond = (time.perf_counter() - searched) * 1000 - min(cap_ms, response.stats.elapsed_seconds * 1000)
            self.finish_times.add(beyond)
        finally:
            with self._lock:
                self._active -= 1
                self._threads -= threads
        response.budget.CopyFrom(pb.AppliedBudget(
            simulations=config.simulations or 0, time_ms=config.time_ms or 0, max_time_ms=config.max_time_ms or 0,
            threads=config.threads,
            max_nodes=config.max_nodes, deadline_limited=budget.deadline_limited, notes=budget.notes))
        response.stats.server_ms = (time.perf_counter() - start) * 1000
        return response


def _require_viewer(request: Any) -> None:
    """A game of hidden information needs to know who asks: the search may use only what that seat sees."""
    info = load_game(request.game).info
    if info.hidden_information and not request.HasField("viewer"):
        raise RequestError(f"viewer: required for {info.title}, a game of hidden information (the seat "
                           "asking, 0 = p1)")


def _check_viewer(request: Any, state: Any, to_move: bool) -> None:
    """A given viewer is a seat of the game and, for a search, the seat whose decision it is."""
    if not request.HasField("viewer"):
        return
    seat, players = request.viewer, state.num_players
    if not 0 <= seat < players:
        raise RequestError(f"viewer: seat {seat} does not exist in a {players}-player game (0 = p1)")
    if to_move and not state.is_terminal and seat != state.current_player:
        raise RequestError(f"viewer: seat {seat} (p{seat + 1}) asks, but the decision is "
                           f"p{state.current_player + 1}'s")


@dataclass(frozen=True)
class _Abort:
    code: grpc.StatusCode
    message: str


def _answer(context: grpc.ServicerContext, work: Callable[[], Any]) -> Any:
    """Run a handler's work and map its errors to status codes; unexpected errors are logged and
    answered INTERNAL without their details (nothing of the server leaks to the client)."""
    try:
        result = work()
    except RequestError as e:
        result = _Abort(grpc.StatusCode.INVALID_ARGUMENT, str(e))
    except NoTimeError as e:
        result = _Abort(grpc.StatusCode.DEADLINE_EXCEEDED, str(e))
    except Exception:  # noqa: BLE001 (any other failure is a server bug: log it, answer INTERNAL, keep serving)
        LOGGER.exception("internal error", extra={"fields": {"peer": context.peer()}})
        result = _Abort(grpc.StatusCode.INTERNAL, "internal error (logged by the server)")
    if isinstance(result, _Abort):
        context.abort(result.code, shorten_message(result.message))
    return result


def _cancel_token(context: grpc.ServicerContext) -> CancelToken:
    """A token that stops the search when the call ends early (cancelled, deadline passed, server
    stopping); cancelling it after a normal end does nothing."""
    token = CancelToken()
    if not context.add_callback(token.cancel):
        token.cancel()   # the call already ended
    return token


def _parsed(behaviour: Callable[[Any, grpc.ServicerContext], Any], message: Any) -> Callable[..., Any]:
    """behaviour taking the request's bytes: a body that is not a `message` (not protobuf, or a string
    field that is not UTF-8) is answered INVALID_ARGUMENT by the handler, after the token check and
    with its call-log line (gRPC's own deserializer would answer INTERNAL before both)."""
    name = message.DESCRIPTOR.name

    def call(body: bytes, context: grpc.ServicerContext) -> Any:
        try:
            request = message.FromString(body)
        except DecodeError as e:
            note(error_kind="undecodable request")
            context.abort(grpc.StatusCode.INVALID_ARGUMENT,
                          f"the request is not a {name} message ({shorten_message(str(e))}): protobuf with UTF-8 strings")
        return behaviour(request, context)

    return call


def _add_servicer(servicer: MoveSuggestionServicer, server: grpc.Server) -> None:
    """As the generated add_MoveSuggestionServiceServicer_to_server, with each request parsed by _parsed."""
    handlers = {
        method: grpc.unary_unary_rpc_method_handler(_parsed(getattr(servicer, method), request),
                                                    response_serializer=response.SerializeToString)
        for method, request, response in (
            ("SuggestMoves", pb.SuggestMovesRequest, pb.SuggestMovesResponse),
            ("ValidateState", pb.ValidateStateRequest, pb.ValidateStateResponse))
    }
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE_NAME, handlers),))
    server.add_registered_method_handlers(SERVICE_NAME, handlers)


def _check_free(host: str, port: int) -> None:
    """OSError "port P is in use" when another program listens there: said before gRPC tries to bind,
    which would print its internal log instead."""
    if port == 0:
        return
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as e:
        raise OSError(f"cannot listen on {host}:{port}: unknown host ({e.strerror})") from None
    for family, kind, proto, _, sockaddr in infos[:1]:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)   # as gRPC binds: TIME_WAIT is no obstacle
            try:
                probe.bind(sockaddr)
            except OSError as e:
                if e.errno == errno.EADDRINUSE:
                    raise OSError(f"port {port} is in use on {host}: stop the program using it or choose "
                                  "another --port") from None
                raise OSError(f"cannot listen on {host}:{port}: {e.strerror}") from None


class SuggestionServer:
    """A running gRPC server with the service, health and reflection."""

    def __init__(self, options: ServerOptions) -> None:
        self.options = options
        self.servicer = MoveSuggestionServicer(options.limits)
        self.health = health.HealthServicer(experimental_non_blocking=True,
                                            experimental_thread_pool=futures.ThreadPoolExecutor(max_workers=1))
        interceptors: list[grpc.ServerInterceptor] = [CallLogInterceptor()]
        if options.auth_token is not None:
            interceptors.append(TokenAuthInterceptor(options.auth_token))
        size = options.limits.max_message_bytes
        self._server = grpc.server(
            futures.ThreadPoolExecutor(max_workers=options.workers, thread_name_prefix="gaia-ai-rpc"),
            interceptors=interceptors,
            options=[("grpc.max_receive_message_length", size), ("grpc.max_send_message_length", size),
                     ("grpc.so_reuseport", 0)],
            maximum_concurrent_rpcs=options.workers,
        )
        _add_servicer(self.servicer, self._server)
        health_pb2_grpc.add_HealthServicer_to_server(self.health, self._server)
        reflection.enable_server_reflection(
            (SERVICE_NAME, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name, reflection.SERVICE_NAME),
            self._server)
        self.port: int | None = None

    def start(self) -> int:
        """Bind and start serving; the bound port (useful with port 0)."""
        o = self.options
        address = f"{o.host}:{o.port}"
        _check_free(o.host, o.port)
        try:
            if o.tls_cert is not None and o.tls_key is not None:
                credentials = grpc.ssl_server_credentials([(o.tls_key.read_bytes(), o.tls_cert.read_bytes())])
                port = self._server.add_secure_port(address, credentials)
            else:
                port = self._server.add_insecure_port(address)
        except RuntimeError:   # gRPC's "Failed to bind": a bad host, or a port taken since the check
            port = 0
        if port == 0:
            raise OSError(f"cannot listen on {address}")
        self._server.start()
        for service in ("", SERVICE_NAME):
            self.health.set(service, health_pb2.HealthCheckResponse.SERVING)
        self.port = port
        if o.auth_token is not None and o.tls_cert is None:
            LOGGER.warning("the auth token travels in clear text: without --tls-cert and --tls-key anyone on the "
                           "network path can read it", extra={"fields": {"address": f"{o.host}:{port}"}})
        LOGGER.info("serving", extra={"fields": {
            "address": f"{o.host}:{port}", "tls": o.tls_cert is not None, "auth": o.auth_token is not None,
            "workers": o.workers, "games": list(served_games()), "limits": o.limits.__dict__}})
        return port

    def stop(self, grace: float | None = None) -> None:
        """Report NOT_SERVING, refuse new calls, give calls in progress `grace` seconds (default: the
        options' grace), then cancel the rest (their searches stop) and return. While the searches in
        progress finish, the health service still answers (NOT_SERVING, so balancers and probes see the
        server leave) and new searches and checks answer UNAVAILABLE; then gRPC stops taking calls."""
        self.health.enter_graceful_shutdown()
        self.servicer.draining = True
        grace = self.options.grace_s if grace is None else grace
        LOGGER.info("stopping", extra={"fields": {"grace_s": grace}})
        end = time.monotonic() + grace
        while self.servicer.active_searches and time.monotonic() < end:
            time.sleep(0.02)
        self._server.stop(max(0.0, end - time.monotonic())).wait()
        LOGGER.info("stopped")


def serve(options: ServerOptions) -> int:
    """Run the server until SIGTERM or SIGINT, then stop gracefully; the exit status."""
    configure_json_logging()
    # Searches run without the GIL; what needs it (decoding a position, building an answer) is short.
    # A 1 ms switch interval instead of 5 ms lets a finishing call take the GIL sooner from a thread
    # decoding a long move log: it trims the latency tail of time-budgeted calls under load.
    sys.setswitchinterval(0.001)
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):   # before start: a signal just after it still stops gracefully
        signal.signal(sig, lambda signum, _frame: stop.set())
    server = SuggestionServer(options)
    server.start()
    while not stop.wait(0.5):
        pass
    server.stop()
    return 0
