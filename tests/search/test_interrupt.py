"""The process-wide stop that Ctrl-C sets (gaia_ai._core.mcts.interrupt, gaia_ai.search.interrupt): every
search returns at once while it is set, says it was cut short, and runs its budget again once cleared."""

from __future__ import annotations

import signal

from gaia_ai._core import mcts
from gaia_ai.games.registry import load_game
from gaia_ai.search import SearchConfig
from gaia_ai.search.core import search
from gaia_ai.search.interrupt import ctrl_c


def _state():
    game = load_game("eminent-domain")
    return game.new_game(game.deal(2, seed=5))


def test_an_interrupted_search_stops_and_a_cleared_one_runs_its_budget() -> None:
    try:
        mcts.interrupt()
        stopped = search(_state(), SearchConfig(simulations=10**9, seed=1))
        assert stopped.stats.cancelled and stopped.stats.simulations < 10**9
    finally:
        mcts.clear_interrupt()
    whole = search(_state(), SearchConfig(simulations=200, seed=1))
    assert not whole.stats.cancelled and whole.stats.simulations == 200


def test_ctrl_c_block_puts_the_handlers_back_and_clears_the_stop() -> None:
    before = signal.getsignal(signal.SIGINT)
    with ctrl_c(raise_interrupt=False) as stop:
        assert signal.getsignal(signal.SIGINT) is not before   # Python's handler records, never raises
        mcts.interrupt()
    assert stop.requested
    assert signal.getsignal(signal.SIGINT) is before
    assert not mcts.interrupted()
