"""The Terrans' gaia phase with the PI (issue 40, item 2): boardgamers.space keeps the Terrans to move
until every token of the gaia area is converted, so a search move there (hence a hint or a log line)
is a whole conversion of the area, never one `spend 4tg for 1q` that the site takes as half a turn."""

from __future__ import annotations

from rules_helpers import record_positions, sample_records

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia.search import search_move_commands

CAP = 15


def _terrans_gaia_positions():
    for record in sample_records():
        for state, where, _command in record_positions(record):
            if state.phase == "gaia" and state.faction(state.current_player) == "terrans" \
                    and state._core.raw_state()["pl"][state.current_player]["power"][3] > 0:
                yield state, where


def test_each_search_move_converts_the_whole_gaia_area_and_the_list_is_complete() -> None:
    checked = 0
    for state, where in _terrans_gaia_positions():
        core = state._core
        p = state.current_player
        before = core.raw_state()["pl"][p]
        tokens = before["power"][3]
        outcomes = set()
        for move in gaia_rules.search_moves_int(core):
            commands = search_move_commands(state, move)
            assert commands and all(c.name == "spend" and "tg" in c.args[0] for c in commands), (where, commands)
            # the notation replays to the same state as the search move
            by_search = core.copy()
            gaia_rules.apply_search_move(by_search, move)
            by_notation = state.copy()
            for command in commands:
                by_notation.apply(command, p)
            assert by_notation._core.raw_state() == by_search.raw_state(), (where, commands)
            after = by_search.raw_state()["pl"][p]
            assert after["power"][3] == 0, (where, commands)
            gained = (after["qic"] - before["qic"], after["ores"] - before["ores"],
                      after["knowledge"] - before["knowledge"])
            assert 4 * gained[0] + 3 * gained[1] + 4 * gained[2] <= tokens
            outcomes.add(gained)
        # every split of the tokens into qic, ore and knowledge (the rest credits) within the caps
        expected = {(q, o, k) for q in range(tokens // 4 + 1) for k in range(tokens // 4 + 1)
                    for o in range(tokens // 3 + 1)
                    if 4 * q + 3 * o + 4 * k <= tokens and before["ores"] + o <= CAP
                    and before["knowledge"] + k <= CAP}
        assert outcomes == expected, where
        checked += 1
    assert checked >= 3, checked


def test_a_whole_conversion_is_refused_elsewhere() -> None:
    state, _where = next(_terrans_gaia_positions())
    core = state._core
    move = gaia_rules.search_moves_int(core)[0]
    gaia_rules.apply_search_move(core, move)
    try:
        gaia_rules.apply_search_move(core, move)
    except gaia_rules.IllegalMove as exc:
        assert "gaia" in str(exc)
    else:
        raise AssertionError("a second whole conversion was accepted")
