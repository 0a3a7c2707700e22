"""One structured (JSON) log line per call: method, game, budget (as requested), search (the budget
applied), latency_ms, status, peer, and error (the message) when the status is not OK.

CallLogInterceptor wraps every method (ours, health, reflection); a handler adds its own fields
(the game, the budget) with note(). JsonFormatter writes each record as one JSON object.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any

import grpc

LOGGER = logging.getLogger("gaia_ai.service")

# fields of the call running in this thread (handlers run on the thread that called the wrapper)
_FIELDS: ContextVar[dict[str, Any] | None] = ContextVar("gaia_ai_service_call", default=None)


def note(**fields: Any) -> None:
    """Add fields to the current call's log line (no effect outside a call)."""
    current = _FIELDS.get()
    if current is not None:
        current.update(fields)


class JsonFormatter(logging.Formatter):
    """A record as one JSON line: ts (UTC, ISO 8601), level, logger, msg, then the record's `fields`."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
        }
        line.update(getattr(record, "fields", {}))
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str)


def configure_json_logging(level: int = logging.INFO) -> None:
    """Send the service's records to stderr as JSON lines (once; `gaia-ai serve` calls it)."""
    if not any(getattr(h, "_gaia_ai_json", False) for h in LOGGER.handlers):
        handler = logging.StreamHandler()
        handler.setFormatter(JsonFormatter())
        handler._gaia_ai_json = True  # type: ignore[attr-defined]
        LOGGER.addHandler(handler)
    LOGGER.setLevel(level)
    LOGGER.propagate = False


def _status(context: grpc.ServicerContext, failed: bool) -> str:
    code = context.code()
    if code is not None:
        return str(code.name)
    if not context.is_active():
        remaining = context.time_remaining()
        return "DEADLINE_EXCEEDED" if remaining is not None and remaining <= 0 else "CANCELLED"
    return "UNKNOWN" if failed else "OK"


class CallLogInterceptor(grpc.ServerInterceptor):
    """Logs one line per call when it ends, whatever its kind (unary or streaming)."""

    def intercept_service(self, continuation: Callable[[Any], Any], details: Any) -> Any:
        handler = continuation(details)
        if handler is None:
            return None
        method = details.method
        kind = ("unary_unary" if handler.unary_unary else "unary_stream" if handler.unary_stream
                else "stream_unary" if handler.stream_unary else "stream_stream")
        behaviour = getattr(handler, kind)
        make = getattr(grpc, f"{kind}_rpc_method_handler")
        wrapped = _wrap_stream(behaviour, method) if kind.endswith("_stream") else _wrap_unary(behaviour, method)
        return make(wrapped, request_deserializer=handler.request_deserializer,
                    response_serializer=handler.response_serializer)


def _log(method: str, context: grpc.ServicerContext, fields: dict[str, Any], start: float, failed: bool) -> None:
    status = _status(context, failed)
    line = {"method": method, **fields, "latency_ms": round((time.perf_counter() - start) * 1000, 2),
            "status": status, "peer": context.peer()}
    details = context.details()
    if status != "OK" and details:
        line["error"] = details.decode("utf-8", "replace") if isinstance(details, bytes) else str(details)
    LOGGER.info("call", extra={"fields": line})


def _wrap_unary(behaviour: Callable[..., Any], method: str) -> Callable[..., Any]:
    def call(request: Any, context: grpc.ServicerContext) -> Any:
        fields: dict[str, Any] = {}
        token = _FIELDS.set(fields)
        start, failed = time.perf_counter(), True
        try:
            response = behaviour(request, context)
            failed = False
            return response
        finally:
            _FIELDS.reset(token)
            _log(method, context, fields, start, failed)

    return call


def _wrap_stream(behaviour: Callable[..., Iterator[Any]], method: str) -> Callable[..., Iterator[Any]]:
    def call(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
        fields: dict[str, Any] = {}
        start, failed = time.perf_counter(), True
        try:
            yield from behaviour(request, context)
            failed = False
        finally:
            _log(method, context, fields, start, failed)

    return call
