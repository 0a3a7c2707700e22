"""Stored tournament games as corpus records, so ``gaia-ai replay`` can judge them."""

from __future__ import annotations

from typing import Any

from gaia_ai.games.gaia.gamelog import corpus_record
from gaia_ai.games.gaia.setup import GameSetup
from gaia_ai.tournament.store import StoredGame


def game_record(game: StoredGame, tournament: str = "tournament") -> dict[str, Any]:
    """The corpus record of a stored game: its log replayed for the snapshots, and the VP and board
    the game ended with when it was played as ``final`` (a replay checks the log reproduces them).
    The bots and tournament go in the extra key ``tournament``."""
    setup = GameSetup.from_dict(game.setup)
    extra = {"tournament": {"name": tournament, "ordinal": game.ordinal, "deal": game.deal,
                            "bots": game.bots, "specs": game.specs}}
    return corpus_record(game.id, setup, game.moves, final_vp=game.scores,
                         final_board=game.final_state.get("board", {}), extra=extra)
