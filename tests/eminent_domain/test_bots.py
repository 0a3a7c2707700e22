"""Eminent Domain's own bots (flat Monte Carlo, greedy): legal, seeded, blind to hidden cards, better than
random."""

from __future__ import annotations

import pytest

from gaia_ai.bots.base import make_bot
from gaia_ai.errors import BotSpecError
from gaia_ai.games.eminent_domain import EdState

from .helpers import planet, position


def play(bots: list, seed: int) -> EdState:
    state = EdState.new(2, seed)
    while not state.is_terminal:
        move = bots[state.current_player].choose(state)
        assert move in state.legal_moves()
        state.apply(move)
    return state


def test_flat_bot_is_seeded():
    a = play([make_bot("flat:playouts=4,seed=1", "eminent-domain"), make_bot("random:seed=2", "eminent-domain")], 7)
    b = play([make_bot("flat:playouts=4,seed=1", "eminent-domain"), make_bot("random:seed=2", "eminent-domain")], 7)
    assert a.log == b.log


def test_flat_bot_never_reads_hidden_cards():
    # two positions p0 cannot tell apart (p1's hand and deck dealt differently): the same move
    state = EdState.new(2, 5)
    while state.current_player != 0:
        state.apply(state.legal_moves()[-1])
    twin = state.determinize(0, 77)
    bot = "flat:playouts=8,seed=3"
    assert make_bot(bot, "eminent-domain").choose(state) == make_bot(bot, "eminent-domain").choose(twin)


def test_flat_bot_beats_random():
    margins = []
    for seed in range(4):
        seat = seed % 2
        bots = [make_bot(f"random:seed={seed}", "eminent-domain")] * 2
        bots[seat] = make_bot(f"flat:playouts=10,seed={seed}", "eminent-domain")
        scores = play(bots, 40 + seed).final_scores()
        margins.append(scores[seat] - scores[1 - seat])
    assert all(m > 0 for m in margins), margins


def test_flat_bot_settles_a_ready_planet():
    s = position(hands={0: {"colonize": 1}}, down={0: ["M9"]},
                 edit=lambda r: r["colval"].__setitem__(planet("M9"), 3))   # Idroyos: 5 influence, cost 3
    assert str(make_bot("flat:playouts=10", "eminent-domain").choose(s)) == "act colonize settle"


def test_bad_flat_spec():
    with pytest.raises(BotSpecError, match="playouts must be at least 1"):
        make_bot("flat:playouts=0", "eminent-domain")
    with pytest.raises(BotSpecError, match="unknown parameter"):
        make_bot("flat:depth=2", "eminent-domain")


# ---- greedy -------------------------------------------------------------------------------------------

def test_greedy_bot_is_seeded():
    bots = ["greedy:seed=1", "random:seed=2"]
    a = play([make_bot(b, "eminent-domain") for b in bots], 9)
    b = play([make_bot(b, "eminent-domain") for b in bots], 9)
    assert a.log == b.log


def test_greedy_bot_never_reads_hidden_cards():
    state = EdState.new(2, 5)
    while state.current_player != 0:
        state.apply(state.legal_moves()[-1])
    twin = state.determinize(0, 77)
    a = make_bot("greedy:seed=3", "eminent-domain").values(state)
    b = make_bot("greedy:seed=3", "eminent-domain").values(twin)
    assert a == b


def test_greedy_bot_beats_random():
    margins = []
    for seed in range(6):
        seat = seed % 2
        bots = [make_bot(f"random:seed={seed}", "eminent-domain")] * 2
        bots[seat] = make_bot(f"greedy:seed={seed}", "eminent-domain")
        scores = play(bots, 60 + seed).final_scores()
        margins.append(scores[seat] - scores[1 - seat])
    assert all(m > 0 for m in margins), margins


def test_greedy_bot_settles_a_ready_planet():
    s = position(hands={0: {"colonize": 1}}, down={0: ["M9"]},
                 edit=lambda r: r["colval"].__setitem__(planet("M9"), 3))   # Idroyos: 5 influence, cost 3
    bot = make_bot("greedy", "eminent-domain")
    values = {str(m): v for m, v in bot.values(s)}
    assert str(bot.choose(s)) == "act colonize settle"
    assert values["act colonize settle"] > values["skip"]


def test_greedy_heuristic_is_the_score_at_game_end():
    from gaia_ai._core import ed_rules

    state = play([make_bot("random:seed=1", "eminent-domain")] * 2, 3)
    scores = state.final_scores()
    best = [s > max(o for q, o in enumerate(scores) if q != p) for p, s in enumerate(scores)]
    assert ed_rules.heuristic_values(state._core) == [s + 2.0 * b for s, b in zip(scores, best, strict=True)]


def test_bad_greedy_spec():
    with pytest.raises(BotSpecError, match="depth must be at least 1"):
        make_bot("greedy:depth=0", "eminent-domain")
    with pytest.raises(BotSpecError, match="unknown parameter"):
        make_bot("greedy:playouts=2", "eminent-domain")
