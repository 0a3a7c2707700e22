"""Eminent Domain moves in words (words.py): every legal move is named by the card, role, planet and
resource it involves; a face-down planet's front (its name) is never told."""

from __future__ import annotations

import random

from gaia_ai._core import ed_rules
from gaia_ai.games.eminent_domain import EdState
from gaia_ai.games.eminent_domain.cards import cards
from gaia_ai.games.eminent_domain.words import describe_line, move_words

LOC = ed_rules.LOCATIONS


def test_every_legal_move_of_random_games_has_words_naming_what_it_uses():
    rng = random.Random(4)
    c = cards()
    names = {p.id: p.name for p in c.planets}
    seen = set()
    for game in range(12):
        state = EdState.new(2 + game % 3, game)
        while not state.is_terminal:
            locs = state.raw_state()["planet_loc"]
            face_down = {c.planets[i].id for i, loc in enumerate(locs)
                         if loc >= LOC["owned"] and (loc - LOC["owned"]) % 2 == 0}
            for move in state.legal_moves():
                words = move_words(state, move)
                head, *args = str(move).split()
                seen.add(head)
                assert words and words != str(move), str(move)
                for arg in args:
                    if arg in names:   # a planet: named when showing, never when face down
                        assert (names[arg] in words) != (arg in face_down), (str(move), words)
                        assert arg in words
                    elif arg in c.kinds:
                        assert c.kind_names[c.kinds.index(arg)] in words, (str(move), words)
            state.apply(rng.choice(state.legal_moves()))
    assert {"act", "role", "boost", "follow", "dissent", "keep", "attack", "settle", "tuck", "produce", "trade",
            "buy", "done"} <= seen


def test_a_line_in_words_stops_at_a_move_the_position_does_not_allow():
    state = EdState.new(2, 3)
    line, probe = [], state.copy()
    for _ in range(3):
        move = probe.legal_moves()[-1]
        line.append(move)
        probe.apply(move)
    steps = describe_line(state, line)
    assert [s["notation"] for s in steps] == [str(m) for m in line] and all(s["words"] for s in steps)
    assert steps[0]["player"] == state.current_player + 1
    illegal = next(m for m in ("role warfare", "dissent", "collect") if not state.is_legal(m))
    assert describe_line(state, [illegal]) == []     # not this position's move: no words at all
