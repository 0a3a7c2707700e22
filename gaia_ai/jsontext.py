"""JSON text from a client or a file, bounded before it is parsed (every game's positions, records and
observations): json.loads recurses once per nesting level, so a deeply nested document would raise
RecursionError (or exhaust the stack) instead of a clear error.

The nesting pre-check is one left-to-right pass that looks at each character once (scan_depth counts
its steps; tests/test_jsontext.py holds them to the text's length; bench/jsontext.py times it). A
string pattern that must find its closing quote would restart at every quote of an unterminated string
and rescan the rest: quadratic, an hour of CPU for a 1 MiB request of escaped quotes (issue 38)."""

from __future__ import annotations

import json
import re
import sys
from typing import Any

MAX_DEPTH = 64             # a game state or export nests about 8 levels
MAX_CHARS = 32_000_000     # the largest export of a finished 4-player game is a few MB
# The characters that matter outside a string and inside one: each search looks at the characters
# from where it starts to the first match, once (a one-character class has nothing to retry).
_OUTSIDE = re.compile(r'["\[\]{}]')
_INSIDE = re.compile(r'["\\]')


def scan_depth(text: str) -> tuple[int, int]:
    """(the deepest nesting of arrays and objects in text, brackets inside strings ignored; the steps
    the scan took: the characters its searches looked at plus the escaped characters it stepped over,
    at most len(text) + 1, as each search starts after the last character looked at)."""
    depth = deepest = steps = 0
    pos, n = 0, len(text)
    while pos < n:
        m = _OUTSIDE.search(text, pos)
        if m is None:
            return deepest, steps + n - pos
        i = m.start()
        steps += i - pos + 1
        pos = i + 1
        c = text[i]
        if c == '"':
            while True:   # to the closing quote, stepping over escapes; an unterminated string ends the text
                m = _INSIDE.search(text, pos)
                if m is None:
                    return deepest, steps + n - pos
                i = m.start()
                steps += i - pos + 1
                pos = i + 1
                if text[i] == '"':
                    break
                if pos < n:   # the escaped character
                    steps += 1
                    pos += 1
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest, steps


def nesting_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in text (brackets inside strings ignored)."""
    return scan_depth(text)[0]


def loads_bounded(text: str, what: str, error: type[Exception]) -> Any:
    """json.loads(text) once its size and nesting are within bounds; `error` (naming `what`) otherwise,
    also for an integer too long for Python to read (over 4,300 digits). A malformed document raises
    json.JSONDecodeError as json.loads does."""
    if len(text) > MAX_CHARS:
        raise error(f"{what}: {len(text)} characters of JSON, at most {MAX_CHARS}")
    depth = nesting_depth(text)
    if depth > MAX_DEPTH:
        raise error(f"{what}: JSON nested {depth} levels deep, at most {MAX_DEPTH}")
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except ValueError:   # int(): "Exceeds the limit (4300 digits) for integer string conversion"
        raise error(f"{what}: a number of more than {sys.get_int_max_str_digits()} digits") from None


def object_or_none(text: str) -> dict[str, Any] | None:
    """The JSON object `text` holds, within the same bounds as loads_bounded, or None for anything else
    (not JSON, too large or deep, not an object): for guessing what a refused text was meant to be."""
    try:
        document = loads_bounded(text, "text", ValueError)
    except (ValueError, RecursionError):
        return None
    return document if isinstance(document, dict) else None
