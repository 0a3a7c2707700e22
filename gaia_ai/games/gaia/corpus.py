"""Reading and writing the Gaia Project game corpus (gzip-JSONL, one game a line).

A record holds everything needed to replay one game and judge a rules engine:
the setup, the exact ``moveHistory`` lines, a state snapshot after every line and
the final result. The format is documented in ``shared/corpus/gaia/README.md``.
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from gaia_ai.games.gaia.errors import GaiaError

__all__ = [
    "CorpusError",
    "CorpusRecord",
    "open_text",
    "read_corpus",
    "write_corpus",
    "write_record",
]


class CorpusError(GaiaError, ValueError):
    """A corpus file or record is malformed (message names file and line)."""


# Keys of the JSON record that CorpusRecord stores in dedicated fields; anything
# else (``gen``, future additions) is kept in ``extra`` so a read/write round trip is lossless.
_KNOWN_KEYS = (
    "id",
    "source",
    "variant",
    "complete",
    "seed",
    "nbPlayers",
    "factions",
    "engineVersion",
    "options",
    "setup",
    "moveHistory",
    "snapshots",
    "final",
)


@dataclass
class CorpusRecord:
    """One game of the corpus.

    ``setup`` is the raw ``setup`` dict of the record (mapConfig, hexes, tiles...);
    ``snapshots[i]`` is the state after ``move_history[i]``; ``final`` is the raw
    ``final`` dict (``vp``, ``ranks``, ``rounds``, ``board``) or None.
    """

    id: str
    num_players: int
    seed: str
    factions: list[str]
    variant: dict[str, Any] | None
    complete: bool
    options: dict[str, Any]
    setup: dict[str, Any]
    move_history: list[str]
    snapshots: list[dict[str, Any]]
    final: dict[str, Any] | None
    source: str = "bot"
    engine_version: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: Any, where: str = "record") -> CorpusRecord:
        """Validate the JSON shape of one record and build it.

        ``where`` prefixes error messages (e.g. ``"games.jsonl.gz line 7"``).
        """
        if not isinstance(data, dict):
            raise CorpusError(f"{where}: a record must be a JSON object, got {type(data).__name__}")

        def need(key: str, types: type | tuple[type, ...]) -> Any:
            if key not in data:
                raise CorpusError(f"{where}: missing key {key!r}")
            value = data[key]
            # bool is an int subclass: refuse it where a count is expected
            if not isinstance(value, types) or (types is int and isinstance(value, bool)):
                raise CorpusError(f"{where}: key {key!r} has type {type(value).__name__}")
            return value

        game_id = need("id", str)
        where = f"{where} ({game_id})"
        num_players = need("nbPlayers", int)
        moves = need("moveHistory", list)
        snapshots = need("snapshots", list)
        factions = need("factions", list)
        if not all(isinstance(m, str) for m in moves):
            raise CorpusError(f"{where}: moveHistory must hold strings")
        if not all(isinstance(s, dict) for s in snapshots):
            raise CorpusError(f"{where}: snapshots must hold objects")
        if len(snapshots) != len(moves):
            raise CorpusError(
                f"{where}: {len(snapshots)} snapshots for {len(moves)} moveHistory lines"
            )
        final = data.get("final")
        if final is not None and not isinstance(final, dict):
            raise CorpusError(f"{where}: key 'final' has type {type(final).__name__}")
        variant = data.get("variant")
        if variant is not None and not isinstance(variant, dict):
            raise CorpusError(f"{where}: key 'variant' has type {type(variant).__name__}")
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise CorpusError(f"{where}: key 'options' has type {type(options).__name__}")
        return cls(
            id=game_id,
            num_players=num_players,
            seed=str(need("seed", str)),
            factions=list(factions),
            variant=variant,
            complete=bool(data.get("complete", True)),
            options=options,
            setup=need("setup", dict),
            move_history=list(moves),
            snapshots=list(snapshots),
            final=final,
            source=str(data.get("source", "bot")),
            engine_version=str(data.get("engineVersion", "")),
            extra={k: v for k, v in data.items() if k not in _KNOWN_KEYS},
        )

    def to_dict(self) -> dict[str, Any]:
        """The record as the corpus JSON object (inverse of :meth:`from_dict`)."""
        out: dict[str, Any] = {
            "id": self.id,
            "source": self.source,
            "variant": self.variant,
            "complete": self.complete,
            "seed": self.seed,
            "nbPlayers": self.num_players,
            "factions": list(self.factions),
            "engineVersion": self.engine_version,
            "options": self.options,
            "setup": self.setup,
            "moveHistory": list(self.move_history),
            "snapshots": list(self.snapshots),
            "final": self.final,
        }
        out.update(self.extra)
        return out


def open_text(path: str | Path, mode: str = "rt") -> IO[str]:
    """Open a text file, transparently gzip-compressed when the name ends in ``.gz``."""
    p = Path(path)
    if p.suffix == ".gz":
        return gzip.open(p, mode, encoding="utf-8")  # type: ignore[return-value]
    return open(p, mode.replace("t", ""), encoding="utf-8")


def read_corpus(path: str | Path) -> Iterator[CorpusRecord]:
    """Yield the records of a ``.jsonl.gz`` or ``.jsonl`` corpus file, in file order.

    Blank lines are skipped. A line that is not JSON or not a valid record raises
    :class:`CorpusError` naming the file and the 1-based line number; a damaged gzip
    stream raises it too (naming the line reached).
    """
    p = Path(path)
    lineno = 0
    try:
        with open_text(p) as fh:
            for lineno, line in enumerate(fh, start=1):
                if not line.strip():
                    continue
                where = f"{p.name} line {lineno}"
                try:
                    data = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise CorpusError(f"{where}: not valid JSON: {exc}") from exc
                yield CorpusRecord.from_dict(data, where)
    except (OSError, EOFError, UnicodeDecodeError, zlib.error) as exc:
        # FileNotFoundError is an OSError too, but it should surface unchanged
        if isinstance(exc, FileNotFoundError):
            raise
        raise CorpusError(f"{p.name} line {lineno + 1}: cannot read: {exc}") from exc


def _record_json(record: CorpusRecord | dict[str, Any]) -> str:
    data = record.to_dict() if isinstance(record, CorpusRecord) else record
    # ensure_ascii=False keeps the annotation arrow (⇒) readable, as in the corpus
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def write_record(out: IO[str] | str | Path, record: CorpusRecord | dict[str, Any]) -> None:
    """Write one record as a single JSON line.

    ``out`` is an open text stream, or a path that is opened in append mode
    (gzip when it ends in ``.gz``; appending gzip members stays readable by
    :func:`read_corpus`), so tournament code can add games one at a time.
    """
    line = _record_json(record) + "\n"
    if isinstance(out, (str, Path)):
        with open_text(out, "at") as fh:
            fh.write(line)
    else:
        out.write(line)


def write_corpus(path: str | Path, records: Iterable[CorpusRecord | dict[str, Any]]) -> int:
    """(Over)write a corpus file with ``records``; returns how many were written."""
    n = 0
    with open_text(path, "wt") as fh:
        for rec in records:
            write_record(fh, rec)
            n += 1
    return n
