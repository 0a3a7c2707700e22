"""Move notation (exact round trip, clear errors on bad input) and the packaged card facts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples

from gaia_ai.games.eminent_domain import EdMove, EdOptions, EdState, NotationError, SetupError
from gaia_ai.games.eminent_domain.cards import cards, cards_json
from gaia_ai.games.eminent_domain.notation import format_move, parse_move

ROOT = Path(__file__).resolve().parents[2]
SHARED = [ROOT.parent / "shared", ROOT.parent.parent / "shared"]   # beside the checkout or a worktree

WORDS = ["act", "role", "boost", "done", "skip", "follow", "dissent", "keep", "attack", "collect", "settle",
         "colonize", "tuck", "produce", "trade", "buy", "remove", "take", "name", "discard", "survey",
         "warfare", "F3", "SA1", "water", "fighter", "A2_streamlining", "A2_DS", "research", "x", "", "99"]


@pytest.mark.parametrize("text", [
    "skip", "act survey", "act warfare attack", "act produce_trade trade", "act A2_data_network",
    "role trade", "boost F1_improved_survey_SC", "done", "follow", "dissent", "keep M9", "attack SA2",
    "collect", "settle F1", "colonize", "tuck colonize F1", "tuck F2_terraforming SF1", "produce F3 water",
    "trade F3 food", "trade fighter", "buy A2_streamlining", "buy M1_improved_trade_TS", "remove politics",
    "take produce_trade", "name silicon", "discard research",
])
def test_round_trip(text):
    assert format_move(parse_move(text)) == text
    assert str(EdMove.parse(text)) == text


@pytest.mark.parametrize("text,match", [
    ("", "empty move"),
    ("fly", "unknown move 'fly'"),
    ("act", "act takes 1 argument"),
    ("act survey fast", "unknown variant 'fast'"),
    ("boost nothing", "unknown card 'nothing'"),
    ("keep Z9", "unknown planet 'Z9'"),
    ("produce F3 iron", "unknown resource slot of F3 'iron'"),
    ("buy A2_DS", "unknown technology 'A2_DS'"),   # a double-sided card is bought by its side
    ("role politics", "unknown role 'politics'"),
    ("done now", "done takes 0 argument"),
    ("attack", "attack needs a planet"),
])
def test_bad_notation_is_named(text, match):
    with pytest.raises(NotationError, match=match):
        parse_move(text)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=4))
def test_any_word_salad_parses_or_raises_notation_error(words):
    text = " ".join(words)
    try:
        code = parse_move(text)
    except NotationError:
        return
    assert parse_move(format_move(code)) == code


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(min_value=-(2**63), max_value=2**63 - 1))
def test_any_int_is_a_move_or_a_notation_error(code):
    state = EdState.new(2, 1)
    try:
        state.apply(code)
    except NotationError:
        return
    except ValueError as e:         # IllegalMoveError: a real move, not legal here
        assert "illegal move" in str(e)
        return
    assert code in [m.code for m in EdState.new(2, 1).legal_moves()]


def test_a_legal_code_with_stray_bits_is_no_move():
    state = EdState.new(2, 1)
    code = state.legal_moves()[0].code
    with pytest.raises(NotationError, match="not a move code"):
        state.apply(code | 1 << 40)
    with pytest.raises(NotationError, match="not a move code"):
        state.apply(code | 7 << 24)


def test_setup_errors():
    with pytest.raises(SetupError, match="2-4 players"):
        EdState.new(5)
    with pytest.raises(SetupError, match="stacks must be one of"):
        EdState.new(2, options=EdOptions(stacks="tiny"))
    with pytest.raises(SetupError, match="extended game is a 3-player option"):
        EdState.new(2, options=EdOptions(extended=True))
    with pytest.raises(SetupError, match="seed"):
        EdState.new(2, seed=-1)


def test_stack_sizes_by_option():
    assert EdState.new(2).snapshot()["stacks"] == {"survey": 12, "warfare": 12, "colonize": 12,
                                                   "produce_trade": 8, "research": 12}
    full = EdState.new(2, options=EdOptions(stacks="full")).snapshot()["stacks"]
    assert full == {"survey": 16, "warfare": 14, "colonize": 16, "produce_trade": 12, "research": 16}
    assert EdState.new(3).snapshot()["stacks"] == {"survey": 14, "warfare": 13, "colonize": 14,
                                                   "produce_trade": 10, "research": 14}


def test_setup_deals_the_starting_decks_and_a_face_down_start_planet():
    s = EdState.new(4, 9)
    snap = s.snapshot()
    for p in snap["players"]:
        assert sum(p["hand"].values()) == 5 and p["deck"] == 5
        assert len(p["face_down"]) == 1 and next(iter(p["face_down"])).startswith("S")
    assert snap["influence_supply"] == {"black": 24, "blue": 8} and snap["planet_deck"] == 27
    assert len(snap["techs"]) == 39


def test_packaged_cards_match_the_component_counts():
    c = cards()
    assert len(c.planets) == 33 and sum(p.id.startswith("S") for p in c.planets) == 6
    assert len(c.techs) == 39 and sum(bool(t.sides) for t in c.techs) == 6
    assert len(c.kinds) == 6 + 33


def test_packaged_cards_equal_the_shared_ones():
    shared = next((d / "data" / "eminent-domain" / "cards.json" for d in SHARED
                   if (d / "data" / "eminent-domain" / "cards.json").exists()), None)
    if shared is None:
        pytest.skip("../shared/data/eminent-domain is not beside this checkout")
    assert cards_json() == json.loads(shared.read_text())


def test_core_exposes_the_game_interface_and_its_estimate():
    from gaia_ai._core import ed_rules

    state = EdState.new(2, 3)
    capsule, owner = ed_rules.game_interface(state._core)
    assert type(capsule).__name__ == "PyCapsule" and owner is not None
    assert type(ed_rules.state_pointer(state._core)).__name__ == "PyCapsule"
    # the start: no score yet; each seat's face-down start planet (influence 2) counts 0.3 of it
    assert ed_rules.evaluate(state._core) == pytest.approx([0.6, 0.6])
