"""The search moves (src_cython/terraforming_mars/searchmoves.pxi): what the TM search branches over."""

from __future__ import annotations

import random

import pytest
from helpers import give, place, set_player, started

from gaia_ai._core import tm_rules
from gaia_ai.bots import make_bot
from gaia_ai.games.terraforming_mars import TmState
from gaia_ai.games.terraforming_mars.search import TmSearcher
from gaia_ai.games.terraforming_mars.tables import BOARD, SPACE_IDS
from gaia_ai.search import SearchConfig

K = tm_rules.MOVE_KINDS
PAID = {K["play"], K["std"], K["milestone"], K["award"], K["action"]}


def kind(code: int) -> int:
    return code & 31


def arg(code: int) -> int:
    return (code >> 5) & 511


def mask(code: int) -> int:
    return (code >> 14) & 4095


def is_subsequence(sub: list[int], full: list[int]) -> bool:
    it = iter(full)
    return all(any(x == y for y in it) for x in sub)


def decisions(players: int, seed: int, colonies: bool = False):
    """Every decision of a game played by the rollout policy (seeded)."""
    state = TmState.new(players, seed, colonies=colonies)
    rng = random.Random(seed)
    while not state.is_terminal:
        yield state
        state.apply(tm_rules.rollout_move(state.core, rng.getrandbits(63)))


@pytest.mark.parametrize(("players", "seed", "colonies"), [(2, 1, False), (4, 2, False), (3, 3, True)])
def test_search_moves_are_legal_ordered_and_keep_every_kind_of_action(players, seed, colonies):
    steps = smaller = 0
    for state in decisions(players, seed, colonies):
        legal, search = state.legal_codes(), state.search_codes()
        assert search and is_subsequence(search, legal), state.core.step
        assert state.search_codes() == search                     # deterministic
        assert [code for code, _ in state.search_moves()] == search
        if state.core.step == "action" and not state.core.pending():
            # one move per card, project, milestone, award and action; everything unpaid kept whole
            assert {(kind(m), arg(m)) for m in legal if kind(m) in PAID} == \
                   {(kind(m), arg(m)) for m in search if kind(m) in PAID}
            assert len({(kind(m), arg(m)) for m in search if kind(m) in PAID}) == \
                   len([m for m in search if kind(m) in PAID])
            assert [m for m in legal if kind(m) not in PAID] == [m for m in search if kind(m) not in PAID]
        spaces = [m for m in search if kind(m) in (K["space"], K["finalGreenery"])]
        assert len(spaces) <= 4
        if kind(legal[-1]) in (K["pass"], K["end"]):
            assert search[-1] == legal[-1]                         # pass (or end turn) always searched
        steps += 1
        smaller += len(search) < len(legal)
    assert steps > 100 and smaller > 10


def test_payments_spend_steel_titanium_and_helion_heat_before_megacredits():
    state = started("CrediCor", "Teractor")
    give(state, 0, "Mine")                            # building, 4 M€: 2 steel pay it all
    give(state, 0, "Technology Demonstration")        # space, 5 M€: a second titanium would overpay
    set_player(state, 0, res=[30, 2, 2, 0, 0, 0])
    lines = [state.format(m) for m in state.search_codes()]
    assert [x for x in lines if x.startswith("play")] == ["play Mine pay st=2",
                                                          "play Technology Demonstration pay mc=2 ti=1"]
    assert "std powerPlant pay mc=11" in lines and "pass" in lines
    helion = started("Helion", "Teractor")
    set_player(helion, 0, res=[30, 0, 0, 0, 0, 20])
    lines = [helion.format(m) for m in helion.search_codes()]
    assert "std powerPlant pay he=11" in lines and "std city pay mc=5 he=20" in lines
    assert not any("std city" in x and x != "std city pay mc=5 he=20" for x in lines)
    assert len(helion.legal_codes()) > 100 > len(lines)


def test_a_tile_goes_on_one_of_four_spaces_the_best_by_adjacency():
    state = started("CrediCor", "Teractor")
    place(state, 1, "21", "greenery")                 # another player's greenery: a city next to it scores
    set_player(state, 0, res=[40, 0, 0, 0, 0, 0])
    state.apply("std city pay mc=25")
    legal = [arg(m) for m in state.legal_codes()]
    search = [arg(m) for m in state.search_codes()]
    assert len(legal) > 20 and len(search) == 4 and set(search) <= set(legal)
    next_to_greenery = {SPACE_IDS[a] for a in BOARD["spaces"][SPACE_IDS["21"]]["adjacent"]}
    assert set(search) & next_to_greenery


def test_the_initial_selection_keeps_the_best_k_cards_for_each_k():
    state = TmState.new(2, 5)
    search = state.search_codes()
    assert len(state.legal_codes()) == 2048 and len(search) == 22
    for corp in (0, 1):
        masks = sorted((mask(m) for m in search if arg(m) == corp), key=lambda b: b.bit_count())
        assert [b.bit_count() for b in masks] == list(range(11))
        assert all(masks[k] & masks[k + 1] == masks[k] for k in range(10))    # nested: best k, then one more


def test_research_buys_the_best_k_of_the_four_drawn():
    state = TmState.new(2, 6)
    rng = random.Random(6)
    while state.core.step != "research":
        state.apply(tm_rules.rollout_move(state.core, rng.getrandbits(63)))
    set_player(state, state.current_player, res=[40, 0, 0, 0, 0, 0])
    search = state.search_codes()
    assert len(state.legal_codes()) == 16 and len(search) == 5
    masks = sorted((mask(m) for m in search), key=lambda b: b.bit_count())
    assert all(masks[k] & masks[k + 1] == masks[k] for k in range(4))


def test_selling_offers_the_least_valuable_card_and_done():
    state = started("CrediCor", "Teractor", keep=(0,))
    state.apply("sell")
    search = state.search_codes()
    assert len(state.legal_codes()) == 10 and len(search) == 1                   # nothing sold yet: no done
    assert kind(search[0]) == K["sellCard"]
    state.apply(search[0])
    search = state.search_codes()
    assert sorted(kind(m) for m in search) == [K["sellCard"], K["sellDone"]]


def test_the_search_answers_with_search_moves_and_mcts_atomic_with_any_legal_move():
    state = started("CrediCor", "Teractor")
    give(state, 0, "Mine")
    set_player(state, 0, res=[30, 2, 0, 0, 0, 0])
    config = SearchConfig(simulations=200, rollout_depth=20, seed=3)
    result = TmSearcher(config).search(state)
    search = set(state.search_codes())
    assert all(c.move.code in search for c in result.candidates)
    atomic = TmSearcher(config, atomic=True).search(state)
    assert all(c.move.code in set(state.legal_codes()) for c in atomic.candidates)
    bot = make_bot("mcts-atomic:sims=50,rollout_depth=10", "terraforming-mars")
    assert bot.choose(state).code in state.legal_codes()


def test_review_values_a_played_move_outside_the_search_moves():
    from gaia_ai.games.terraforming_mars.review import _PlayedOnly

    state = started("CrediCor", "Teractor")
    give(state, 0, "Mine")
    set_player(state, 0, res=[30, 2, 0, 0, 0, 0])
    played = state.parse("play Mine pay mc=4")                 # M€ where steel would do: no search move
    assert played in state.legal_codes() and played not in state.search_codes()
    config = SearchConfig(simulations=100, rollout_depth=10, seed=1)
    result = _PlayedOnly(config, played, atomic=True).search(state)
    assert [c.move.code for c in result.candidates] == [played]
    with pytest.raises(ValueError, match="not legal at the root"):
        _PlayedOnly(config, played).search(state)
