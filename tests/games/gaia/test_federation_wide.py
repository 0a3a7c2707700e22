"""The wide federation candidates (issue 40, item 4): set_federation_candidates("wide") also lists the
other satellite trees of the same buildings (one satellite moved at a time, 8 shapes at most) with every
token, which is where most federations the site offers and we do not differ from ours
(bench/federations_played.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from gaia_ai._core import gaia_rules
from gaia_ai.bots.base import make_bot
from gaia_ai.errors import BotSpecError
from gaia_ai.games.gaia import engine
from gaia_ai.games.gaia.corpus import read_corpus
from gaia_ai.games.gaia.engine import GaiaState


@pytest.fixture
def wide() -> Iterator[None]:
    engine.set_federation_candidates("wide")
    try:
        yield
    finally:
        engine.set_federation_candidates("narrow")


def _labels(state: GaiaState, mode: str) -> list[str]:
    with engine.federation_candidates_set(mode):
        return gaia_rules.federation_labels(state._core, cached=False)


def _satellites(state: GaiaState, label: str) -> int:
    board = state.setup.board
    return sum(board.hexes[state._core.hex_index[h]].planet == "e" for h in label.split(","))


def _federation_positions(data_dir: Path) -> Iterator[tuple[GaiaState, str, int]]:
    """Positions of the sample where a federation was played: (state, the played hexes, the player)."""
    from rules_helpers import record_positions

    for record in read_corpus(data_dir / "corpus-sample.jsonl.gz"):
        for state, _where, command in record_positions(record):
            if command.name == "federation":
                yield state.copy(), command.args[0], state.current_player


def test_narrow_is_the_default_and_an_unknown_mode_is_refused_by_name() -> None:
    assert engine.federation_candidates() == "narrow"
    with pytest.raises(ValueError, match="must be one of narrow, wide, not 'all'"):
        engine.set_federation_candidates("all")
    with pytest.raises(ValueError, match="'narrow' or 'wide'"):
        gaia_rules.set_federation_candidates("all")
    assert engine.federation_candidates() == "narrow"


def test_wide_lists_the_narrow_candidates_and_more_trees_of_as_many_satellites(data_dir: Path) -> None:
    narrow_hits = wide_hits = positions = 0
    for state, played, p in _federation_positions(data_dir):
        narrow, wide_ = _labels(state, "narrow"), _labels(state, "wide")
        assert wide_[: len(narrow)] == narrow and len(wide_) <= 8
        counts = {_satellites(state, label) for label in narrow}
        for label in wide_[len(narrow):]:
            hexes = sorted(state._core.hex_index[h] for h in label.split(","))
            assert gaia_rules.federation_problem_of(state._core, p, hexes) == 0
            assert gaia_rules.federation_site_playable(state._core, p, hexes)
            assert _satellites(state, label) in counts
        narrow_hits += played in narrow
        wide_hits += played in wide_
        positions += 1
    # the site's bots chose other trees than ours at about half of these; wide lists most of them
    assert positions > 25 and wide_hits > narrow_hits, (positions, narrow_hits, wide_hits)


def test_every_wide_federation_move_is_legal_with_every_token(data_dir: Path, wide: None) -> None:
    checked = 0
    for state, _played, _p in _federation_positions(data_dir):
        moves = [c for c in state.legal_moves() if c.name == "federation"]
        tokens = {c.args[1] for c in moves}
        shapes = {c.args[0] for c in moves}
        assert len(moves) == len(tokens) * len(shapes)      # no cap on federation moves
        for command in moves:
            after = state.copy()
            after.apply(command)
            checked += 1
    assert checked > 100


def test_the_mode_is_in_the_candidate_cache_key(data_dir: Path) -> None:
    state, _played, _p = next(s for s in _federation_positions(data_dir) if len(_labels(s[0], "wide")) > 1)
    core = state._core
    narrow = gaia_rules.federation_labels(core)
    with engine.federation_candidates_set("wide"):
        assert len(gaia_rules.federation_labels(core)) > len(narrow)
    assert gaia_rules.federation_labels(core) == narrow


def test_the_environment_chooses_the_mode_and_names_itself_when_wrong() -> None:
    code = "from gaia_ai.games.gaia import engine; print(engine.federation_candidates())"
    env = dict(os.environ, GAIA_AI_FEDERATION_CANDIDATES="wide")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "wide"
    env["GAIA_AI_FEDERATION_CANDIDATES"] = "all"
    bad = subprocess.run([sys.executable, "-c", code], check=False, env=env, capture_output=True, text=True)
    assert bad.returncode != 0 and "GAIA_AI_FEDERATION_CANDIDATES: federation candidates must be one of" in bad.stderr


def test_the_mcts_fed_bot_searches_with_its_mode_and_restores_the_process_s(data_dir: Path) -> None:
    state, _played, _p = next(s for s in _federation_positions(data_dir) if len(_labels(s[0], "wide")) > 1)
    bot = make_bot("mcts-fed:fed=wide,sims=30,seed=1")
    seen: list[str] = []
    search = bot.searcher.search

    def spy(position: GaiaState, **kwargs: object) -> object:
        seen.append(engine.federation_candidates())
        return search(position, **kwargs)

    bot.searcher.search = spy   # type: ignore[method-assign]
    command = bot.choose(state)
    state.copy().apply(command)
    assert seen == ["wide"] and engine.federation_candidates() == "narrow"
    assert make_bot("mcts-fed:fed=narrow,sims=30").mode == "narrow"   # type: ignore[attr-defined]
    with pytest.raises(BotSpecError, match="parameter 'fed' of bot spec 'mcts-fed:fed=all' must be one of"):
        make_bot("mcts-fed:fed=all")
