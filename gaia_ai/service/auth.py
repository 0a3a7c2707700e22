"""Token authentication: a call must carry the metadata "authorization: Bearer <token>", or it answers
UNAUTHENTICATED. The health service stays open, so load balancers and probes need no token."""

from __future__ import annotations

import hmac
from collections.abc import Callable
from pathlib import Path
from typing import Any

import grpc

OPEN_PREFIXES = ("/grpc.health.v1.Health/",)


def read_token(path: str | Path) -> str:
    """The token in a file (surrounding whitespace dropped); ValueError if the file holds none."""
    token = Path(path).read_text(encoding="utf-8").strip()
    if not token:
        raise ValueError(f"{path}: the token file is empty")
    if any(c.isspace() for c in token) or not token.isprintable():
        raise ValueError(f"{path}: a token is one line of printable characters without spaces")
    return token


class TokenAuthInterceptor(grpc.ServerInterceptor):
    """Rejects calls without the right bearer token (compared in constant time)."""

    def __init__(self, token: str) -> None:
        self._expected = f"Bearer {token}".encode()

    def intercept_service(self, continuation: Callable[[Any], Any], details: Any) -> Any:
        if details.method.startswith(OPEN_PREFIXES) or self._authorised(details.invocation_metadata or ()):
            return continuation(details)
        handler = continuation(details)
        if handler is None:
            return None
        return _deny(handler)

    def _authorised(self, metadata: Any) -> bool:
        for key, value in metadata:
            if key == "authorization":
                given = value.encode() if isinstance(value, str) else bytes(value)
                return hmac.compare_digest(given, self._expected)
        return False


def _deny(handler: Any) -> Any:
    """A handler of the same kind as `handler` that answers UNAUTHENTICATED."""

    def abort(_request: Any, context: grpc.ServicerContext) -> Any:
        context.abort(grpc.StatusCode.UNAUTHENTICATED,
                      "missing or wrong token: send the metadata 'authorization: Bearer <token>'")

    for kind in ("unary_unary", "unary_stream", "stream_unary", "stream_stream"):
        if getattr(handler, kind):
            return getattr(grpc, f"{kind}_rpc_method_handler")(
                abort, request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer)
    return None
