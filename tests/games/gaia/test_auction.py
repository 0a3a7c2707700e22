"""The faction auction (boardgamers.space option ``auction``): bids, the order they give, VP paid.

Rules as in shared/corpus/gaia/variants/README.md: a faction nobody holds is bid 0..8, a held one
b+1..b+9; an outbid player bids again; boards load when everyone holds a faction; the turn order is
the pick order of the factions; the bids are paid at the very end."""

from __future__ import annotations

from pathlib import Path

import pytest

from gaia_ai.games.gaia.corpus import read_corpus
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import IllegalMoveError
from gaia_ai.games.gaia.notation import Command, parse_line
from gaia_ai.games.gaia.setup import GameSetup
from gaia_ai.games.gaia.variants import GameOptions

CHOOSE_BID = GameOptions(auction="choose-bid")
BWC = GameOptions(auction="bid-while-choosing")


def game(players: int, options: GameOptions, lines: list[str]) -> GaiaState:
    state = GaiaState.new(GameSetup.random(players, "auction-test", options))
    for line in lines:
        state.apply_line(line)
    return state


def bids_of(state: GaiaState) -> set[str]:
    return {str(m) for m in state.legal_moves() if m.name == "bid"}


def test_bid_notation_round_trips() -> None:
    line = parse_line("p2 bid baltaks 2 (0/0/0/0 ⇒ 2/2/0/0)")
    assert line.player == "p2" and line.commands == (Command("bid", ("baltaks", "2")),)
    assert str(Command.parse("bid hadsch-hallas 11")) == "bid hadsch-hallas 11"
    state = game(2, CHOOSE_BID, ["p1 faction baltaks", "p2 faction ambas"])
    for move in state.legal_moves():
        assert Command.parse(str(move)) == move


def test_choose_bid_picks_then_bids_in_seat_order() -> None:
    state = game(2, CHOOSE_BID, ["p1 faction baltaks", "p2 faction ambas"])
    # the picks give nobody a faction: the auction phase starts with p1
    assert state.phase == "sa" and state.current_player == 0
    assert state.faction(0) is None and state.faction(1) is None
    # nobody holds either faction: 0..8 on each
    assert bids_of(state) == {f"bid {f} {n}" for f in ("baltaks", "ambas") for n in range(9)}
    state.apply_line("p1 bid ambas 0")
    assert state.current_player == 1
    # ambas is held at 0: 1..9
    assert bids_of(state) == {f"bid ambas {n}" for n in range(1, 10)} | {f"bid baltaks {n}" for n in range(9)}
    state.apply_line("p2 bid baltaks 2")
    # everyone holds a faction: boards loaded, the order is the pick order (baltaks first: p2)
    assert state.faction(0) == "ambas" and state.faction(1) == "baltaks"
    assert state._core.bids() == [0, 2]
    assert state.phase == "sB" and state.current_player == 1
    # VP are not paid during the game
    assert [row[0] for row in state.snapshot()["p"]] == [10, 10]


def test_an_outbid_player_bids_again() -> None:
    state = game(3, CHOOSE_BID, ["p1 faction terrans", "p2 faction xenos", "p3 faction nevlas"])
    state.apply_line("p1 bid xenos 1")
    state.apply_line("p2 bid xenos 3")          # takes xenos from p1
    assert state.current_player == 2             # p3 holds nothing: next in seat order
    state.apply_line("p3 bid nevlas 0")
    assert state.current_player == 0             # p1 lost xenos and bids again
    state.apply_line("p1 bid terrans 0")
    assert [state.faction(p) for p in range(3)] == ["terrans", "xenos", "nevlas"]
    assert state._core.bids() == [0, 3, 0]


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("p1 bid ambas 9", "0 to 8"),            # nobody holds it: 0..8
        ("p1 bid terrans 0", "not up for auction"),
        ("p2 bid ambas 0", "not this player's turn"),
    ],
)
def test_bids_outside_the_offered_range_are_refused(line: str, reason: str) -> None:
    state = game(2, CHOOSE_BID, ["p1 faction baltaks", "p2 faction ambas"])
    with pytest.raises(IllegalMoveError, match=reason):
        state.apply_line(line)


def test_a_held_faction_is_bid_one_to_nine_more() -> None:
    state = game(2, CHOOSE_BID, ["p1 faction baltaks", "p2 faction ambas", "p1 bid ambas 3"])
    with pytest.raises(IllegalMoveError, match="4 to 12"):
        state.apply_line("p2 bid ambas 3")
    with pytest.raises(IllegalMoveError, match="4 to 12"):
        state.apply_line("p2 bid ambas 13")
    state.apply_line("p2 bid ambas 12")
    assert state.current_player == 0 and state.phase == "sa"


def test_same_home_planet_cannot_be_picked_twice() -> None:
    state = game(2, CHOOSE_BID, ["p1 faction terrans"])
    with pytest.raises(IllegalMoveError, match="same home planet"):
        state.apply_line("p2 faction lantids")


def test_bid_while_choosing_picks_or_outbids() -> None:
    state = game(3, BWC, ["p1 faction gleens"])
    assert state.phase == "sf" and state.current_player == 1
    # p2 picks a new faction or outbids the held one (new picks are made with 'faction')
    assert bids_of(state) == {f"bid gleens {n}" for n in range(1, 10)}
    state.apply_line("p2 bid gleens 1")          # p1 loses gleens
    assert state.current_player == 2
    state.apply_line("p3 faction itars")
    assert state.current_player == 0
    state.apply_line("p1 faction ambas")         # the third and last new faction
    assert [state.faction(p) for p in range(3)] == ["ambas", "gleens", "itars"]
    # order: gleens (picked first, held by p2), itars (p3), ambas (p1)
    assert state.current_player == 1 and state._core.bids() == [0, 1, 0]


def test_no_bids_once_every_player_holds_a_faction() -> None:
    state = game(3, BWC, ["p1 faction gleens", "p2 faction itars", "p3 faction ambas"])
    assert state.phase == "sB" and state._core.bids() == [0, 0, 0]
    with pytest.raises(IllegalMoveError, match="no bids in phase sB"):
        state.apply_line("p1 bid gleens 1")


def test_no_bids_without_the_auction_option() -> None:
    state = game(2, GameOptions(), ["p1 faction baltaks"])
    with pytest.raises(IllegalMoveError, match="only in an auction game"):
        state.apply_line("p2 bid baltaks 1")


def test_bids_are_paid_last_and_match_the_record(data_dir: Path) -> None:
    for record in read_corpus(data_dir / "variants-sample.jsonl.gz"):
        if record.options.get("auction") is None:
            continue
        state = GaiaState.new(GameSetup.from_corpus(record.to_dict()))
        for line in record.move_history[:-1]:
            state.apply_line(line)
        assert state._core.bids() == record.extra["gen"]["bids"]
        before = [row[0] for row in state.snapshot()["p"]]
        state.apply_line(record.move_history[-1])
        assert state.final_scores() == record.final["vp"]
        assert before != state.final_scores()


def test_evaluation_counts_the_bids_before_and_after_the_boards_load() -> None:
    from gaia_ai._core import gaia_rules

    state = game(2, CHOOSE_BID, ["p1 faction baltaks", "p2 faction ambas", "p1 bid ambas 3"])
    assert gaia_rules.evaluate(state._core) == [7.0, 10.0]
    standard = game(2, GameOptions(), ["p1 faction ambas", "p2 faction baltaks"])
    state.apply_line("p2 bid baltaks 0")
    # the same boards as a standard game with seats alike: only the 3 VP bid differ
    ev, ev_standard = gaia_rules.evaluate(state._core), gaia_rules.evaluate(standard._core)
    assert ev[0] == pytest.approx(ev_standard[0] - 3) and ev[1] == pytest.approx(ev_standard[1])


@pytest.mark.parametrize("lines", [
    ["p1 faction baltaks", "p2 faction ambas"],                        # the first bid
    ["p1 faction baltaks", "p2 faction ambas", "p1 bid ambas 2"],      # outbid or take the other
    ["p1 faction baltaks", "p2 faction ambas", "p1 bid ambas 0", "p2 bid baltaks 1"],   # right after
])
def test_search_works_during_and_after_the_auction(lines: list[str]) -> None:
    from gaia_ai.games.gaia.search import search_gaia
    from gaia_ai.search.config import SearchConfig

    state = game(2, CHOOSE_BID, lines)
    result = search_gaia(state, SearchConfig(simulations=200, seed=3, threads=1))
    legal = {str(m) for m in state.legal_moves()}
    assert result.player == state.current_player
    assert sum(c.visits for c in result.candidates) > 0
    for candidate in result.candidates:
        assert str(candidate.move) in legal
    if state.phase == "sa":
        assert {c.move.name for c in result.candidates} == {"bid"}
    # the same seed and budget give the same answer
    again = search_gaia(state, SearchConfig(simulations=200, seed=3, threads=1))
    assert [(str(c.move), c.visits) for c in again.candidates] == [(str(c.move), c.visits) for c in result.candidates]


def test_the_game_with_an_auction_has_the_bots_pick_and_bid() -> None:
    """`gaia-ai match/tournament --option auction=choose-bid`: no faction is dealt, the players pick and bid
    in play, and the record of a played game (bid lines, the picked factions) replays."""
    from gaia_ai.bots.base import make_bot
    from gaia_ai.bots.play import play_game
    from gaia_ai.games import load_game
    from gaia_ai.games.gaia.corpus import CorpusRecord
    from gaia_ai.games.gaia.replay import replay_record

    standard = load_game("gaia-project")
    for mode in ("choose-bid", "bid-while-choosing"):
        game = standard.with_options({"auction": mode})
        assert game.with_options({"factions": "beta"}).auction == mode   # an option not given is kept
        assert game.with_options({"auction": "off"}) is standard
        deal = game.deal(2, 5)
        assert deal.roles == () and deal.setup.options.auction == mode
        bots = [make_bot("greedy", game), make_bot("mcts:sims=30", game)]
        played = play_game(game, bots, [0, 1], deal)
        # choose-bid: every picked faction is then bid for; bid-while-choosing: picking a new one is a fine answer
        assert any(" bid " in line for line in played.lines) or mode == "bid-while-choosing"
        assert len(set(played.roles)) == 2 and all(played.roles)
        record = game.record(deal, played.lines, played.scores, f"auction-{mode}", final_board=played.final_state["board"])
        assert record["options"]["auction"] == mode and record["factions"] == played.roles
        assert replay_record(CorpusRecord.from_dict(record)).passed
        with pytest.raises(ValueError, match="pick and bid for their factions"):
            game.check_roles(["terrans", "xenos"])
    with pytest.raises(ValueError, match="auction='on': expected off, choose-bid or bid-while-choosing"):
        standard.with_options({"auction": "on"})
