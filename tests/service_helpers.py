"""A real move-suggestion server on a free loopback port, and positions to post to it."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from gaia_ai.service.budget import Limits
from gaia_ai.service.client import SuggestClient
from gaia_ai.service.server import ServerOptions, SuggestionServer

DATA_DIR = Path(__file__).resolve().parent / "data"


@contextmanager
def running_server(**options: Any) -> Iterator[SuggestionServer]:
    """A started server on 127.0.0.1:<free port>; ServerOptions fields as keywords, Limits fields too."""
    limit_names = set(Limits.__dataclass_fields__)
    limits = replace(Limits(), **{k: v for k, v in options.items() if k in limit_names})
    rest = {k: v for k, v in options.items() if k not in limit_names}
    server = SuggestionServer(ServerOptions(port=0, workers=rest.pop("workers", 8), limits=limits, **rest))
    server.start()
    try:
        yield server
    finally:
        server.stop(grace=0)


def client_for(server: SuggestionServer, **kwargs: Any) -> SuggestClient:
    return SuggestClient(f"127.0.0.1:{server.port}", **{"timeout": 60.0, **kwargs})


def wait_until(condition: Callable[[], bool], timeout: float = 10.0) -> bool:
    """Poll condition every 10 ms until it holds (True) or timeout seconds pass (False)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


def json_paths(node: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path (keys and indexes from the root; the root's is ()) of a JSON tree: where the mutation
    tests of posted positions change one field."""
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from json_paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from json_paths(v, (*prefix, i))
