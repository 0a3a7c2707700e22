"""A federation offered to the generator at one position (gaia_rules.offer_federation, issue 40 item 4):
a review makes the generator list a played federation it leaves out, so the search values it in its
own tree. The positions are real decisions of the sample's bot-001, a game of the site's own engine:
line 35, where the Terrans federate on other satellite hexes than our candidates', and line 58, where
the Hadsch Hallas' shape is one of ours but their token is past the cap on federation moves."""

from __future__ import annotations

from pathlib import Path

import pytest

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.notation import Command, parse_line
from gaia_ai.games.gaia.positions import from_corpus
from gaia_ai.games.gaia.search import search_moves


def _played(data_dir: Path, index: int) -> tuple[GaiaState, Command]:
    """The position before bot-001's line `index` with the line's free actions applied, and its federation."""
    state = from_corpus(data_dir / "corpus-sample.jsonl.gz", "bot-001", index)
    line = parse_line(from_corpus_line(data_dir, index))
    for command in line.commands:
        if command.name == "federation":
            return state, command
        state.apply(command)
    raise AssertionError(f"no federation on line {index}")


def from_corpus_line(data_dir: Path, index: int) -> str:
    from gaia_ai.games.gaia.corpus import read_corpus

    record = next(r for r in read_corpus(data_dir / "corpus-sample.jsonl.gz") if r.id == "bot-001")
    return record.move_history[index]


def _hexes(state: GaiaState, federation: Command) -> list[int]:
    return [state._core.hex_index[h] for h in federation.hexes]


def _listed(state: GaiaState) -> list[str]:
    return [str(c) for c in state.legal_moves() if c.name == "federation"]


def test_an_offered_federation_is_listed_after_the_candidates_with_every_token(data_dir: Path) -> None:
    state, federation = _played(data_dir, 35)
    before = gaia_rules.federation_labels(state._core)
    assert federation.args[0] not in before and str(federation) not in _listed(state)
    offered = state.copy()
    hexes = gaia_rules.offer_federation(offered._core, state.current_player, _hexes(state, federation))
    assert hexes == sorted(_hexes(state, federation))
    assert gaia_rules.federation_labels(offered._core) == [*before, federation.args[0]]
    assert gaia_rules.federation_labels(offered._core, cached=False) == [*before, federation.args[0]]
    tokens = {c.args[1] for c in offered.legal_moves() if c.name == "federation" and c.args[0] == federation.args[0]}
    in_supply = {c.args[1] for c in state.legal_moves() if c.name == "federation"}
    assert federation.args[1] in tokens and tokens >= in_supply
    # a search move, as the search branches over it; the position it was offered on is unchanged
    assert any(federation in cmds for _m, cmds in search_moves(offered))
    assert gaia_rules.federation_labels(state._core) == before


def test_the_offer_is_the_player_s_and_goes_with_the_federation(data_dir: Path) -> None:
    state, federation = _played(data_dir, 35)
    offered = state.copy()
    gaia_rules.offer_federation(offered._core, state.current_player, _hexes(state, federation))
    formed = offered.copy()
    formed.apply(federation)
    assert federation.args[0] not in gaia_rules.federation_labels(formed._core, player=state.current_player)
    # it is the player's alone
    other = 1 - state.current_player
    assert gaia_rules.federation_labels(offered._core, player=other) == \
        gaia_rules.federation_labels(state._core, player=other)
    # the offer is part of the position, not of the derived candidate cache
    assert offered.key() != state.key()


def test_an_offered_shape_we_list_gets_the_tokens_past_the_cap(data_dir: Path) -> None:
    state, federation = _played(data_dir, 58)
    before = gaia_rules.federation_labels(state._core)
    assert federation.args[0] in before and str(federation) not in _listed(state)
    offered = state.copy()
    gaia_rules.offer_federation(offered._core, state.current_player, _hexes(state, federation))
    assert gaia_rules.federation_labels(offered._core) == before     # not listed twice
    assert str(federation) in _listed(offered)


def test_the_offer_at_a_later_position_is_keyed_by_that_position(data_dir: Path) -> None:
    """The played line's free actions come first: the offer is made on the line's start for the
    position where the federation is played."""
    start = from_corpus(data_dir / "corpus-sample.jsonl.gz", "bot-001", 35)
    at, federation = _played(data_dir, 35)
    offered = start.copy()
    gaia_rules.offer_federation(offered._core, start.current_player, _hexes(at, federation), at=at._core)
    offered.apply(Command.parse("spend 3pw for 1o"))
    assert federation.args[0] in gaia_rules.federation_labels(offered._core)


def test_an_offer_the_rules_refuse_is_refused_with_their_reason(data_dir: Path) -> None:
    state, federation = _played(data_dir, 35)
    p = state.current_player
    core = state._core.copy()
    with pytest.raises(ValueError, match="power|threshold|value"):
        gaia_rules.offer_federation(core, p, _hexes(state, federation)[:1])
    with pytest.raises(ValueError, match="player 7 is not in this game"):
        gaia_rules.offer_federation(core, 7, _hexes(state, federation))
    with pytest.raises(ValueError, match="not a federation's hexes"):
        gaia_rules.offer_federation(core, p, [10_000])
    other = from_corpus(data_dir / "corpus-sample.jsonl.gz", "bot-000", 10)
    with pytest.raises(ValueError, match="another map"):
        gaia_rules.offer_federation(core, p, _hexes(state, federation), at=other._core)
    assert gaia_rules.federation_labels(core) == gaia_rules.federation_labels(state._core)


def test_an_offer_the_player_cannot_pay_is_refused(data_dir: Path) -> None:
    """A played line may buy its satellites' tokens with free actions first (`spend 1o for 1t`), which
    the search moves do not: the offer is refused there, so the generator lists no move it cannot play."""
    state, federation = _played(data_dir, 35)
    p = state.current_player
    raw = state.raw_state()
    raw["pl"][p]["power"] = [0, 1, 1, *raw["pl"][p]["power"][3:]]   # two tokens in areas 1-3
    raw["pl"][p]["brainstone"] = 0
    poor = state.with_raw_state(raw)
    with pytest.raises(ValueError, match="more than the player can pay there"):
        gaia_rules.offer_federation(poor._core, p, _hexes(state, federation))
    assert str(federation) not in _listed(poor)
