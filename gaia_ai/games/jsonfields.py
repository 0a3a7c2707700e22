"""Typed access to a client's JSON that knows each value's path: every wrong type, missing key or number
beyond its range is the caller's error class with a message that names the field
(``players[1].titanium: 4294967296 is out of range [0, 100000]``), never a KeyError, a TypeError or an
OverflowError from deeper down. Any game's importer uses it for a validation pass before it reads.

    root = Field(data, "", PlayerViewError)
    for p in root["players"].items(max_len=5):
        p["color"].str(); p["heat"].int(0, 100_000)
        if (v := p.get("steelValue")) is not None: v.int(1, 10)
"""

from __future__ import annotations

from typing import Any

from gaia_ai.errors import shorten_message

_TYPE_NAMES = {dict: "an object", list: "a list", str: "a string", bool: "true or false", int: "an integer",
               float: "a number", type(None): "null"}


def describe(value: Any) -> str:
    """A short description of a JSON value for a message: its type and (for a scalar) the value, cut."""
    if value is None or isinstance(value, bool | int | float):
        return "null" if value is None else repr(value) if not isinstance(value, bool) else str(value).lower()
    if isinstance(value, str):
        return shorten_message(f"the string {value!r}")
    return f"{_TYPE_NAMES.get(type(value), type(value).__name__)} of {len(value)}" if isinstance(
        value, dict | list) else type(value).__name__


class Field:
    """One JSON value at its path; the accessors check and return it, or raise `error` naming the path."""

    __slots__ = ("error", "path", "value")

    def __init__(self, value: Any, path: str, error: type[Exception]) -> None:
        self.value, self.path, self.error = value, path, error

    def fail(self, what: str) -> Exception:
        """The error for this field (raise it): the path, then what is wrong."""
        return self.error(shorten_message(f"{self.path or 'the document'}: {what}"))

    def _child(self, key: str | int) -> str:
        return f"{self.path}[{key}]" if isinstance(key, int) else f"{self.path}.{key}" if self.path else key

    def obj(self) -> dict[str, Any]:
        if not isinstance(self.value, dict):
            raise self.fail(f"expected an object, not {describe(self.value)}")
        return self.value

    def __getitem__(self, key: str) -> Field:
        """A required key of an object."""
        data = self.obj()
        if key not in data:
            raise self.error(f"{self._child(key)}: missing")
        return Field(data[key], self._child(key), self.error)

    def get(self, key: str) -> Field | None:
        """An optional key of an object (None when absent; a null value is a Field holding None)."""
        data = self.obj()
        return Field(data[key], self._child(key), self.error) if key in data else None

    def items(self, max_len: int = 10_000) -> list[Field]:
        """The items of a list of at most max_len."""
        if not isinstance(self.value, list):
            raise self.fail(f"expected a list, not {describe(self.value)}")
        if len(self.value) > max_len:
            raise self.fail(f"{len(self.value)} items, at most {max_len}")
        return [Field(v, self._child(i), self.error) for i, v in enumerate(self.value)]

    def int(self, lo: int, hi: int) -> int:
        value = self.value
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"expected an integer, not {describe(value)}")
        if not lo <= value <= hi:
            raise self.fail(f"{value} is out of range [{lo}, {hi}]")
        return value

    def str(self, max_len: int = 200) -> str:
        if not isinstance(self.value, str):
            raise self.fail(f"expected a string, not {describe(self.value)}")
        if len(self.value) > max_len:
            raise self.fail(f"a string of {len(self.value)} characters, at most {max_len}")
        return self.value

    def bool(self) -> bool:
        if not isinstance(self.value, bool):
            raise self.fail(f"expected true or false, not {describe(self.value)}")
        return self.value

    def scalar(self) -> Any:
        """A string, number, true/false or null (a value a message may show)."""
        if isinstance(self.value, dict | list):
            raise self.fail(f"expected a string or a number, not {describe(self.value)}")
        if isinstance(self.value, str):
            self.str(10_000)
        return self.value
