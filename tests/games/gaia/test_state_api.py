"""The Python API of a Gaia Project position: apply, undo, copy, legality and clear errors."""

from __future__ import annotations

import pytest

from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import GaiaError, IllegalMoveError, NotationError
from gaia_ai.games.gaia.notation import Command
from gaia_ai.games.gaia.setup import GameSetup


@pytest.fixture
def state() -> GaiaState:
    return GaiaState.new(GameSetup.random(2, "api"))


def test_apply_then_undo_restores_the_position(state: GaiaState) -> None:
    before = state.snapshot()
    state.apply("faction terrans")
    assert state.faction(0) == "terrans" and state.current_player == 1
    state.undo()
    assert state.snapshot() == before and state.faction(0) is None


def test_undo_takes_back_a_whole_line(state: GaiaState) -> None:
    state.apply_line("p1 faction terrans")
    state.apply_line("p2 faction xenos")
    assert state.phase == "sB"
    state.undo()
    assert state.phase == "sf" and state.faction(1) is None


def test_nothing_to_undo_is_an_error(state: GaiaState) -> None:
    with pytest.raises(GaiaError, match="nothing to undo"):
        state.undo()


def test_illegal_move_names_the_move_the_player_and_the_reason(state: GaiaState) -> None:
    state.apply("faction terrans")
    with pytest.raises(IllegalMoveError, match=r"'faction lantids' for p2: .*same home planet"):
        state.apply("faction lantids")


def test_an_illegal_command_leaves_the_state_unchanged(state: GaiaState) -> None:
    state.apply_line("p1 faction terrans")
    before = state.snapshot()
    with pytest.raises(IllegalMoveError):
        state.apply_line("p2 faction xenos. faction gleens")   # the second pick is out of turn
    assert state.snapshot() == before


def test_copy_is_independent(state: GaiaState) -> None:
    other = state.copy()
    other.apply("faction terrans")
    assert state.faction(0) is None and other.faction(0) == "terrans"


def test_is_legal_does_not_change_the_state(state: GaiaState) -> None:
    assert state.is_legal("faction terrans")
    assert not state.is_legal(Command("pass", ("booster1",)))
    assert state.faction(0) is None


def test_unknown_player_prefix_is_a_notation_error(state: GaiaState) -> None:
    with pytest.raises(NotationError, match="no player 'p3'"):
        state.apply_line("p3 faction terrans")


def test_every_legal_move_at_the_start_is_a_faction_pick(state: GaiaState) -> None:
    moves = state.legal_moves()
    assert {m.name for m in moves} == {"faction"} and len(moves) == 14
