"""Moves the site lists that the generator leaves out on purpose (docs/corpus-engine-vs-rulebook.md):
they are dominated or duplicates, and the rules core still accepts them when played."""

from __future__ import annotations

from rules_helpers import record_positions, sample_records


def _first(predicate):
    for record in sample_records():
        for state, where, _command in record_positions(record):
            if predicate(state):
                return state, where
    raise AssertionError("no such position in the sample")


def test_nevlas_pi_half_token_conversions_are_accepted_but_not_listed() -> None:
    def nevlas_pi_main(state) -> bool:
        p = state.current_player
        raw = state._core.raw_state()["pl"][p]
        return state.phase == "move" and state.faction(p) == "nevlas" and raw["nbuild"][3] > 0 \
            and raw["power"][2] >= 2 and any(c.name == "spend" for c in state.legal_moves())

    state, where = _first(nevlas_pi_main)
    listed = {(c.name, *c.args) for c in state.legal_moves()}
    assert ("spend", "2pw", "2c") in listed, where
    assert ("spend", "1pw", "1c") not in listed and ("spend", "3pw", "1o") not in listed, where
    assert state.is_legal("spend 1pw for 1c"), where


def test_taklons_pi_decline_in_the_other_order_is_accepted_but_not_listed() -> None:
    def taklons_pi_offer(state) -> bool:
        return state.phase == "leech" and state.faction(state.current_player) == "taklons" \
            and any("," in " ".join(c.args) for c in state.legal_moves())

    state, where = _first(taklons_pi_offer)
    declines = [c for c in state.legal_moves() if c.name == "decline"]
    assert len(declines) == 1, where
    first, second = declines[0].args[0].split(",")
    assert state.is_legal(f"decline {second},{first}"), where
