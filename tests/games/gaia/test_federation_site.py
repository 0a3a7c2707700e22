"""Federations the move generator lists are ones boardgamers.space offers (issue 40, item 1).

The site (gaia-engine 4.9) accepts a `federation` command only while it offers some federation; it
builds its offers from combinations of building groups that just reach the threshold and bounds each
combination's satellites by hex distances (federation.pxi: fed_site_playable). The repro is one of our
own games where Nevlas federated four buildings with a mine as a stepping stone: valid, but the site
lists nothing there and refuses the line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia.corpus import CorpusRecord
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.setup import GameSetup

REPRO_LINE = 49
REPRO_FEDERATION = "3A3,3A9,3B2,3B5,3C,5A4,5A5,5A6"


@pytest.fixture
def exact_rule() -> Iterator[None]:
    gaia_rules.set_federation_rule("exact")
    try:
        yield
    finally:
        gaia_rules.set_federation_rule("site")


def _before_line(data_dir: Path, line: int) -> tuple[GaiaState, str]:
    data = json.loads((data_dir / "federation-site-cannot-list.json").read_text())
    record = CorpusRecord.from_dict(data)
    state = GaiaState.new(GameSetup.from_corpus(data))
    for text in record.move_history[:line]:
        state.apply_line(text)
    return state, record.move_history[line]


def _federations(state: GaiaState) -> list[str]:
    return sorted({c.args[0] for c in state.legal_moves() if c.name == "federation"})


def test_the_site_rule_is_the_default() -> None:
    assert gaia_rules.federation_rule() == "site"


def test_an_unknown_rule_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'site' or 'exact'"):
        gaia_rules.set_federation_rule("rulebook")
    assert gaia_rules.federation_rule() == "site"


def test_the_repro_federation_is_not_listed_where_the_site_offers_none(data_dir: Path) -> None:
    state, line = _before_line(data_dir, REPRO_LINE)
    assert REPRO_FEDERATION in line
    assert _federations(state) == []
    assert gaia_rules.federation_labels(state._core, cached=False) == []
    # nor by the search's move list (hints and bots)
    assert not any(c.name == "federation" for _n, cmds in state.search_moves() for c in cmds)


def test_the_exact_rule_still_lists_it_and_the_command_is_accepted(data_dir: Path, exact_rule: None) -> None:
    state, line = _before_line(data_dir, REPRO_LINE)
    assert _federations(state) == [REPRO_FEDERATION]
    state.apply_line(line)      # the rules accept it: only the site's offers leave it out


def test_the_rule_does_not_leak_through_the_candidate_cache(data_dir: Path) -> None:
    """The state's cache and the thread's memo are keyed by the rule: switching it back and forth
    answers each rule's own list."""
    state, _line = _before_line(data_dir, REPRO_LINE)
    core = state._core
    assert gaia_rules.federation_labels(core) == []
    gaia_rules.set_federation_rule("exact")
    try:
        assert gaia_rules.federation_labels(core) == [REPRO_FEDERATION]
    finally:
        gaia_rules.set_federation_rule("site")
    assert gaia_rules.federation_labels(core) == []


def test_the_witness_refuses_the_repro_federation(data_dir: Path) -> None:
    """Its only combination the site can take in any order, PI+lab (5) and the lab 5A6 (2), is 6 hexes
    apart: the site's bound (5 satellites) exceeds the 4 Nevlas can pay, though the mine 3B5 between
    them makes 4 enough."""
    state, _line = _before_line(data_dir, REPRO_LINE)
    core = state._core
    index = core.hex_index
    p = state.current_player
    hexes = sorted(index[h] for h in REPRO_FEDERATION.split(","))
    assert gaia_rules.federation_problem_of(core, p, hexes) == 0      # valid under the exact rule
    assert not gaia_rules.federation_site_playable(core, p, hexes)


def test_site_candidates_are_exact_candidates_or_fewer_in_recorded_games(data_dir: Path) -> None:
    """On the sample's games the site rule only ever removes federations: where it lists any, the exact
    rule lists some too, and every site candidate is valid and passes the site witness."""
    from rules_helpers import record_positions

    from gaia_ai.games.gaia.corpus import read_corpus

    site_only = checked = listed = 0
    for record in read_corpus(data_dir / "corpus-sample.jsonl.gz"):
        for state, _where, _command in record_positions(record):
            core = state._core
            p = state.current_player
            site = gaia_rules.federation_labels(core, cached=False)
            gaia_rules.set_federation_rule("exact")
            try:
                exact = gaia_rules.federation_labels(core, cached=False)
            finally:
                gaia_rules.set_federation_rule("site")
            checked += 1
            listed += bool(site)
            site_only += bool(site) and not exact
            for label in site:
                hexes = sorted(core.hex_index[h] for h in label.split(","))
                assert gaia_rules.federation_problem_of(core, p, hexes) == 0
                assert gaia_rules.federation_site_playable(core, p, hexes)
    assert site_only == 0
    assert checked > 2000 and listed > 50, (checked, listed)


def test_the_environment_chooses_the_rule_and_names_itself_when_wrong() -> None:
    import os
    import subprocess
    import sys

    code = "from gaia_ai.games.gaia import engine; print(engine.federation_rule())"
    env = dict(os.environ, GAIA_AI_FEDERATION_RULE="exact")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "exact"
    env["GAIA_AI_FEDERATION_RULE"] = "rulebook"
    bad = subprocess.run([sys.executable, "-c", code], check=False, env=env, capture_output=True, text=True)
    assert bad.returncode != 0 and "GAIA_AI_FEDERATION_RULE: federation rule must be one of" in bad.stderr
