"""JSON text from a client or a file, bounded before it is parsed (every game's positions, records and
observations): json.loads recurses once per nesting level, so a deeply nested document would raise
RecursionError (or exhaust the stack) instead of a clear error."""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 64             # a game state or export nests about 8 levels
MAX_CHARS = 32_000_000     # the largest export of a finished 4-player game is a few MB
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def nesting_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in text (brackets inside strings ignored)."""
    depth = deepest = 0
    for m in _BRACKET.finditer(_STRING.sub('""', text)):
        if m.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def loads_bounded(text: str, what: str, error: type[Exception]) -> Any:
    """json.loads(text) once its size and nesting are within bounds; `error` (naming `what`) otherwise.
    A malformed document raises json.JSONDecodeError as json.loads does."""
    if len(text) > MAX_CHARS:
        raise error(f"{what}: {len(text)} characters of JSON, at most {MAX_CHARS}")
    depth = nesting_depth(text)
    if depth > MAX_DEPTH:
        raise error(f"{what}: JSON nested {depth} levels deep, at most {MAX_DEPTH}")
    return json.loads(text)
