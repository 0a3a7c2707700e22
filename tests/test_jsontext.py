"""The JSON pre-check (gaia_ai/jsontext.py): the right depth, and one look at each character whatever
the text (issue 38: an unterminated string of escaped quotes was scanned in quadratic time)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gaia_ai.jsontext import MAX_DEPTH, loads_bounded, nesting_depth, scan_depth

HOSTILE = {
    "escaped quotes, unterminated": '"' + '\\"' * 5000,
    "escaped quotes, then closed": '"' + '\\"' * 5000 + '"',
    "backslash runs": '"' + "\\" * 9999,
    "quotes only": '"' * 10000,
    "brackets in an unterminated string": '["' + "[{" * 5000,
    "open brackets": "[" * 10000,
    "escaped quote then brackets": ('"\\"[' * 2500),
    "many short strings": '["a\\"b",' * 1200 + "]",
}


def _depth(value: object) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_the_scan_looks_at_each_character_once(name: str) -> None:
    text = HOSTILE[name]
    _, steps = scan_depth(text)
    assert steps <= len(text) + 1, (name, steps, len(text))
    doubled = text * 2   # twice the text, twice the steps at most (the quadratic scan took four times)
    assert scan_depth(doubled)[1] <= len(doubled) + 1


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='ab"\\[]{}é\n', max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(alphabet='k"\\[]{', max_size=4),
                                                                       children, max_size=4),
    max_leaves=30)


@given(json_values)
def test_depth_is_the_documents_nesting(value: object) -> None:
    text = json.dumps(value)
    depth, steps = scan_depth(text)
    assert depth == _depth(value)
    assert steps <= len(text) + 1


def test_brackets_inside_strings_and_escapes_do_not_count() -> None:
    assert nesting_depth('{"a": "[[[\\"]]]", "b": [{"c": "\\\\"}]}') == 3
    assert nesting_depth('"\\') == 0   # a lone escape at the end of the text


def test_bounds_give_the_callers_error() -> None:
    with pytest.raises(ValueError, match="nested 65 levels deep"):
        loads_bounded("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "x", ValueError)
    with pytest.raises(json.JSONDecodeError):
        loads_bounded('"' + '\\"' * 5000, "x", ValueError)   # unterminated: json's own error, at once


def test_an_integer_over_4300_digits_is_the_callers_error() -> None:
    with pytest.raises(LookupError, match="x: a number of more than 4300 digits"):
        loads_bounded('{"n": ' + "7" * 5000 + "}", "x", LookupError)
    assert loads_bounded("[" + "7" * 4000 + "]", "x", LookupError) == [int("7" * 4000)]
