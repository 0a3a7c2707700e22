"""The C contract's information fields, the toy card game (src_cython/testing/toy_cards.pyx) and the
information-set search on it: it must not use what its player cannot see, and must beat the random and
greedy players."""

from __future__ import annotations

from typing import Any

import pytest

from gaia_ai._core import gaia_rules, mcts, toy_cards, toy_game
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.setup import GameSetup
from gaia_ai.search import SearchConfig

# card id = 8 * suit + rank; suit 0 is trumps; rank points 0, 0, 0, 2, 3, 4, 10, 11
ACE, TEN, KING = 7, 6, 5


def card(suit: int, rank: int) -> int:
    return 8 * suit + rank


def cards_search(state: Any, root_moves: list[int] | None = None, **config: Any) -> dict[str, Any]:
    iface, owner = toy_cards.game_interface(state)
    config.setdefault("margin_scale", 20.0)
    result = mcts.search(iface, toy_cards.state_pointer(state), SearchConfig(**config).to_dict(),
                         root_moves=root_moves)
    del owner
    return result


def answer(result: dict[str, Any]) -> list[Any]:
    """Everything of a result but the timings."""
    return [(c["move"], c["visits"], c["value"], c["win_probability"], c["expected_score"], c["pv"])
            for c in result["candidates"]] + [result["stats"]["nodes"], result["stats"]["max_depth"]]


def rearranged(state: Any, seat: int, shift: int) -> Any:
    """The same position for `seat` with the other hands and the stock dealt differently: the cards
    seat has not seen, rotated by `shift`, refill the hidden places (hand sizes kept)."""
    hidden_hands = [state.hand(p) if p != seat else [] for p in range(state.num_players)]
    pool = [c for hand in hidden_hands for c in hand] + state.stock
    pool = pool[shift:] + pool[:shift]
    hands, k = [], 0
    for hand in hidden_hands:
        hands.append(pool[k:k + len(hand)])
        k += len(hand)
    return state.with_hidden(seat, hands, pool[k:])


# ---- the contract fields ------------------------------------------------------------------------------


def test_interfaces_declare_their_information_and_move_count() -> None:
    core = GaiaState.new(GameSetup.random(2, seed="c1"))._core
    iface, _owner = gaia_rules.game_interface(core)   # each table lives as long as its owner
    gaia = mcts.interface_info(iface)
    assert not gaia["hidden_information"] and not gaia["chance"]
    assert gaia["max_moves"] == 2048   # 1024 main actions as they stand + 1024 after auto-payment
    iface, _owner = toy_cards.game_interface(toy_cards.deal(3))
    cards = mcts.interface_info(iface)
    assert cards["hidden_information"] and cards["chance"] and cards["max_moves"] == 8
    assert cards["num_players"] == 3
    iface, _owner = toy_game.game_interface(toy_game.new_state("count", max_step=5))
    assert mcts.interface_info(iface)["max_moves"] == 5
    iface, _owner = toy_game.game_interface(toy_game.new_state("cards"))
    assert mcts.interface_info(iface)["hidden_information"]


def test_gaia_info_key_is_the_position() -> None:
    state = GaiaState.new(GameSetup.random(2, seed="c2"))
    core = state._core
    keys = {gaia_rules.info_key(core, seat) for seat in range(2)}
    assert len(keys) == 1   # open information: every seat knows the same
    assert gaia_rules.info_key(core.copy(), 0) == gaia_rules.info_key(core, 0)
    state.apply_line("p1 faction terrans")
    assert gaia_rules.info_key(state._core, 0) not in keys


# ---- the toy card game's rules ------------------------------------------------------------------------------


def test_deal_sizes_and_errors() -> None:
    for players, hand, stock in [(2, 5, 22), (3, 5, 15), (4, 8, 0), (4, 5, 12)]:
        state = toy_cards.deal(players, hand, seed=3)
        assert [len(state.hand(p)) for p in range(players)] == [hand] * players
        dealt = [c for p in range(players) for c in state.hand(p)] + state.stock
        assert sorted(dealt) == list(range(32))
        # 3 players: 32 - 15 = 17 cards, 15 to draw (five rounds of three), 2 set aside
        assert len(state.stock) == stock + (2 if players == 3 else 0)
    assert toy_cards.deal(2, 5, seed=3).hand(0) == toy_cards.deal(2, 5, seed=3).hand(0)
    assert toy_cards.deal(2, 5, seed=3).hand(0) != toy_cards.deal(2, 5, seed=4).hand(0)
    with pytest.raises(ValueError, match="players must be 2..4"):
        toy_cards.deal(5)
    with pytest.raises(ValueError, match="hand must be 1..8"):
        toy_cards.deal(4, 9)
    with pytest.raises(ValueError, match="multiple of the players"):
        toy_cards.from_cards([[0], [1]], [2])
    with pytest.raises(ValueError, match="distinct"):
        toy_cards.from_cards([[0], [0]], [])


def _two_player_trick() -> Any:
    """Player 0 holds the ace and 9 of suit 1 and the 7 of trumps; player 1 the 10 and 7 of suit 1
    and the ace of suit 2; four cards in the stock."""
    return toy_cards.from_cards([[card(1, ACE), card(1, 2), card(0, 0)], [card(1, TEN), card(1, 0), card(2, ACE)]],
                                [card(3, 0), card(3, 1), card(3, 2), card(3, 3)])


def test_follow_suit_trumps_and_points() -> None:
    state = _two_player_trick()
    assert state.hand(0) == sorted([card(1, ACE), card(1, 2), card(0, 0)])
    assert state.hand(1) == sorted([card(1, TEN), card(1, 0), card(2, ACE)])
    assert state.legal_moves() == state.hand(0)   # the leader plays any card
    state.apply(card(1, 2))
    assert state.legal_moves() == [card(1, 0), card(1, TEN)]   # suit 1 must be followed
    with pytest.raises(ValueError, match="illegal card"):
        state.apply(card(2, ACE))
    state.apply(card(1, TEN))   # 10 beats 2 in the led suit: player 1 takes 10 points, draws first
    assert state.returns() == [0, 10]
    assert state.current_player == 1 and len(state.hand(0)) == len(state.hand(1)) == 3


def test_trump_takes_and_void_is_public() -> None:
    state = _two_player_trick()
    state.apply(card(1, ACE))
    state.apply(card(1, 0))
    assert state.returns() == [11, 0] and state.current_player == 0
    # player 0 draws first; whatever it drew, a trump lead beats a plain ace
    state = _two_player_trick()
    state.apply(card(0, 0))
    assert state.legal_moves() == state.hand(1)   # no trump in hand: any card
    state.apply(card(2, ACE))   # the lowest trump beats a plain ace: 11 points to player 0
    assert state.returns() == [11, 0] and state.current_player == 0


def test_game_ends_when_the_hands_are_empty() -> None:
    state = toy_cards.deal(2, 5, seed=8)
    moves = 0
    while not state.is_terminal:
        state.apply(state.legal_moves()[0])
        moves += 1
    assert moves == 32 and sum(state.returns()) == 120 and state.current_player == -1
    assert state.legal_moves() == []


def test_greedy_takes_the_most_points_at_once() -> None:
    state = _two_player_trick()
    state.apply(card(1, 2))
    assert state.greedy_move() == card(1, TEN)   # taking 10 points beats giving away 0
    state = _two_player_trick()
    assert state.greedy_move() == card(1, 2)     # leading gains nothing: the cheapest card


def test_determinize_keeps_what_the_observer_sees_and_reads_nothing_hidden() -> None:
    state = toy_cards.deal(3, 5, seed=4)
    for _ in range(7):
        state.apply(state.legal_moves()[-1])
    for seat in range(3):
        twin = rearranged(state, seat, 5)
        assert twin.info_key(seat) == state.info_key(seat)
        assert twin.hand(seat) == state.hand(seat)
        assert any(twin.hand(p) != state.hand(p) for p in range(3) if p != seat) or twin.stock != state.stock
        for seed in range(20):
            sample = state.determinize(seat, seed)
            assert sample.info_key(seat) == state.info_key(seat)
            assert sample.hand(seat) == state.hand(seat)
            # the sample depends only on what seat sees: the rearranged twin gives the same one
            other = twin.determinize(seat, seed)
            assert [other.hand(p) for p in range(3)] == [sample.hand(p) for p in range(3)]
            assert other.stock == sample.stock
    assert any(state.determinize(0, seed).hand(1) != state.hand(1) for seed in range(5))


def test_determinize_respects_shown_voids() -> None:
    for seed in range(30):
        state = toy_cards.deal(4, 8, seed=seed)   # no stock: a shown void stays
        voids: dict[int, set[int]] = {p: set() for p in range(4)}
        while not state.is_terminal and not any(voids.values()):
            led = state.trick[0] // 8 if state.trick else None
            player = state.current_player
            move = state.legal_moves()[-1]
            if led is not None and move // 8 != led:
                voids[player].add(led)
            state.apply(move)
        if state.is_terminal:
            continue
        for p, suits in voids.items():
            for sample_seed in range(10):
                sample = state.determinize((p + 1) % 4, sample_seed)
                assert not any(c // 8 in suits for c in sample.hand(p))


# ---- information-set search ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("threads", "moves_in"), [(1, 0), (1, 9), (2, 0), (2, 5)])
def test_search_ignores_what_its_player_cannot_see(threads: int, moves_in: int) -> None:
    state = toy_cards.deal(2, 5, seed=11)
    for _ in range(moves_in):
        state.apply(state.greedy_move())
    seat = state.current_player
    config = {"simulations": 1500, "seed": 5, "threads": threads, "parallelism": "root"}
    base = answer(cards_search(state, **config))
    for shift in (1, 4, 9):
        twin = rearranged(state, seat, shift)
        assert twin.hand(1 - seat) != state.hand(1 - seat) or twin.stock != state.stock
        assert answer(cards_search(twin, **config)) == base


def test_search_is_deterministic_and_the_seed_matters() -> None:
    state = toy_cards.deal(2, 5, seed=12)
    a = answer(cards_search(state, simulations=800, seed=1))
    assert a == answer(cards_search(state, simulations=800, seed=1))
    assert a != answer(cards_search(state, simulations=800, seed=2))


@pytest.mark.parametrize("selection", ["uct", "puct"])
@pytest.mark.parametrize(("threads", "parallelism"), [(1, "root"), (2, "root"), (2, "tree")])
def test_search_over_moves_that_depend_on_hidden_cards(selection: str, threads: int, parallelism: str) -> None:
    # the opponent's replies depend on its hidden hand: the tree grows them lazily, sample by sample
    state = toy_cards.deal(3, 5, seed=13)
    result = cards_search(state, simulations=1200, seed=3, threads=threads, parallelism=parallelism,
                          selection=selection, pv_length=6)
    assert result["stats"]["hidden_information"] and result["stats"]["simulations"] == 1200
    assert sorted(c["move"] for c in result["candidates"]) == state.legal_moves()
    assert sum(c["visits"] for c in result["candidates"]) == 1200
    assert result["stats"]["max_depth"] >= 3
    for c in result["candidates"]:
        assert 0.0 <= c["value"] <= 1.0
        assert [player for _, player in c["pv"]][:3] == [0, 1, 2][: len(c["pv"])]


def test_search_restricted_root_and_small_arena() -> None:
    state = toy_cards.deal(2, 5, seed=14)
    move = state.legal_moves()[2]
    result = cards_search(state, simulations=300, seed=1, root_moves=[move])
    assert [(c["move"], c["visits"]) for c in result["candidates"]] == [(move, 300)]
    small = cards_search(state, simulations=2000, seed=1, max_nodes=50)
    assert small["stats"]["nodes"] <= 50 and small["stats"]["simulations"] == 2000


def test_searcher_does_not_reuse_an_information_set_tree() -> None:
    state = toy_cards.deal(2, 5, seed=15)
    iface, _owner = toy_cards.game_interface(state)   # the table lives as long as its owner
    searcher = mcts.Searcher()
    config = SearchConfig(simulations=500, seed=2, margin_scale=20.0).to_dict()
    first = searcher.search(iface, toy_cards.state_pointer(state), config)
    assert not searcher.has_tree
    again = searcher.search(iface, toy_cards.state_pointer(state), config)
    assert answer(again) == answer(first) and again["stats"]["reused_visits"] == 0


def play(opponent: str, deal_seed: int, seat: int, simulations: int) -> float:
    """One 2-player game of the search (at `seat`) against random or greedy: 1 won, 0.5 tied, 0 lost."""
    state = toy_cards.deal(2, 5, seed=deal_seed)
    turn = 0
    while not state.is_terminal:
        if state.current_player == seat:
            move = cards_search(state, simulations=simulations, seed=deal_seed * 1000 + turn)["candidates"][0]["move"]
        elif opponent == "greedy":
            move = state.greedy_move()
        else:
            move = state.random_move(deal_seed * 7919 + turn)
        state.apply(move)
        turn += 1
    mine, theirs = state.returns()[seat], state.returns()[1 - seat]
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def win_rate(opponent: str, deals: int, simulations: int) -> float:
    """Each deal played twice, the search in either seat (luck of the deal shared out)."""
    return sum(play(opponent, d + 1, seat, simulations) for d in range(deals) for seat in (0, 1)) / (2 * deals)


@pytest.mark.parametrize(("opponent", "least"), [("random", 0.75), ("greedy", 0.6)])
def test_search_beats_random_and_greedy_small_sample(opponent: str, least: float) -> None:
    assert win_rate(opponent, deals=10, simulations=300) >= least


@pytest.mark.slow
@pytest.mark.parametrize(("opponent", "least"), [("random", 0.8), ("greedy", 0.65)])
def test_search_beats_random_and_greedy(opponent: str, least: float) -> None:
    # 100 games each; bench/ismcts.py prints the rates with their intervals at several budgets
    assert win_rate(opponent, deals=50, simulations=300) >= least


def test_first_play_urgency_is_refused_by_the_information_set_search() -> None:
    """Its selection values an unvisited move at its siblings' mean with no prior mass to reduce it by:
    an fpu_reduction would be ignored, so it is refused by name."""
    with pytest.raises(ValueError, match="fpu_reduction needs open information"):
        cards_search(toy_cards.deal(2, 5, seed=3), simulations=10, selection="puct", fpu_reduction=0.2)
    assert cards_search(toy_cards.deal(2, 5, seed=3), simulations=10, selection="puct")["candidates"]
