"""Stored tournament games as corpus records, so ``gaia-ai replay`` can judge them."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any

from gaia_ai.games.api import Deal
from gaia_ai.games.registry import DEFAULT_GAME, load_game
from gaia_ai.tournament.store import StoredGame


def game_record(game: StoredGame, tournament: str = "tournament", game_name: str = DEFAULT_GAME) -> dict[str, Any]:
    """The corpus record of a stored game: its log replayed for the snapshots, and the VP and board
    the game ended with when it was played as ``final`` (a replay checks the log reproduces them).
    The bots and tournament go in the extra key ``tournament``."""
    rules = load_game(game_name)
    deal = Deal(rules.setup_from_data(game.setup), tuple(f for f in game.factions if f), game.setup_seed)
    extra = {"tournament": {"name": tournament, "ordinal": game.ordinal, "deal": game.deal,
                            "bots": game.bots, "specs": game.specs}}
    return rules.record(deal, game.moves, game.scores, game.id, final_board=game.final_state.get("board", {}),
                        extra=extra)


def write_records(out: IO[str] | str | Path, records: Iterable[dict[str, Any]]) -> int:
    """Write records as JSON lines to a stream, or (over)write a file (gzip when it ends in .gz);
    returns how many were written."""
    if isinstance(out, (str, Path)):
        opener = gzip.open if str(out).endswith(".gz") else open
        with opener(out, "wt", encoding="utf-8") as fh:
            return write_records(fh, records)
    n = 0
    for record in records:
        out.write(json.dumps(record, separators=(",", ":")) + "\n")
        n += 1
    return n
