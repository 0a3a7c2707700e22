"""One game record out of a file of records (a .json record or a .jsonl[.gz] file of them), for the
games' command-line positions and reviews: the game named by id, or the file's only one."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any


def pick_record(read_records: Callable[[Path], Iterable[Any]], path: str | Path, game_id: str | None,
                error: type[Exception], what: str) -> Any:
    """The record `game_id` of the file at path (read by the game's read_records), or its only one;
    `error` names the file (a `what`, e.g. "a game log") and the fault otherwise."""
    path = Path(path)
    if not path.is_file():
        raise error(f"{path}: no such file")
    try:
        records = list(read_records(path))
    except (OSError, EOFError, ValueError) as e:     # ValueError: bad JSON, bad text, JSON too deep
        raise error(f"{path}: cannot read {what}: {e}") from None
    if game_id is not None:
        for rec in records:
            if isinstance(rec, dict) and rec.get("id") == game_id:
                return rec
        ids = ", ".join(str(r.get("id")) for r in records[:8] if isinstance(r, dict))
        raise error(f"no game {game_id!r} in {path} (it holds {len(records)}: {ids}{'...' if len(records) > 8 else ''})")
    if len(records) != 1:
        raise error(f"{path} holds {len(records)} games: name one with --game-id ID")
    return records[0]
