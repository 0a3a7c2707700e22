"""A suggestion's line is a whole line in boardgamers.space's terms: pasted into the site it is
accepted as complete (a lab with its tech tile and track, a terraforming action with its mine, a whole
income order, a Taklons charge with its brainstone choice).

Positions: just before sample-corpus lines that group several decisions of one player."""

from __future__ import annotations

import re

import pytest
from rules_helpers import corpus_state, sample_records

from gaia_ai.games.gaia.gamelog import left_incomplete
from gaia_ai.games.gaia.notation import parse_line
from gaia_ai.games.gaia.search import search_gaia, search_moves
from gaia_ai.search import SearchConfig

PATTERNS = {
    "income order": r" income \S+\. income ",
    "charge and brainstone": r" charge \S+\. brainstone ",
    "lab and tech": r" build lab \S+\. tech ",
    "terraforming action": r"action power6\. build m ",
}
# the search is restricted to the search moves that open the follow-up (it may prefer others)
ROOT = {"lab and tech": "build lab", "terraforming action": "action power6"}


def _position(pattern: str):
    for record in sample_records():
        for i, text in enumerate(record.move_history):
            if re.search(pattern, text):
                return record.id, i
    raise AssertionError(f"no sample line matches {pattern!r}")


@pytest.mark.parametrize("kind", sorted(PATTERNS))
def test_every_suggestion_is_a_complete_line(kind: str) -> None:
    game_id, i = _position(PATTERNS[kind])
    state = corpus_state(game_id, i)
    player = state.current_player
    prefix = state.faction(player)
    root = None
    if kind in ROOT:
        root = [m for m, commands in search_moves(state) if any(str(c).startswith(ROOT[kind]) for c in commands)]
        assert root
    result = search_gaia(state, SearchConfig(simulations=60, seed=3), root_moves=root, top_k=5)
    assert result.candidates
    for cand in result.candidates:
        line = parse_line(f"{prefix} {cand.line}")
        trial = state.copy()
        trial.apply_line(line)
        assert not left_incomplete(trial, player, line), (kind, cand.line)
        assert cand.turn[: len(cand.moves)] == cand.moves   # the search move first, then its follow-ups
    # the position needs a follow-up: some candidate is longer than its search move
    assert any(len(cand.turn) > len(cand.moves) for cand in result.candidates), kind
