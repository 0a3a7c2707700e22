"""The beta faction boards (factionVariant "beta", versions 0, 1 and 2): only the one-time starting income changes.

Numbers from shared/corpus/gaia/variants/README.md ("effect seen in the engine (start state)")."""

from __future__ import annotations

from typing import Any

import pytest

from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.replay import PLAYER_FIELDS
from gaia_ai.games.gaia.setup import GameSetup
from gaia_ai.games.gaia.variants import BETA_START_EXTRA, GameOptions

BETA = GameOptions(faction_variant="beta", faction_variant_version=2)
# a partner on another home planet for each faction tested
PARTNER = {"ambas": "nevlas", "taklons": "nevlas"}


def _row(snapshot: dict[str, Any], p: int) -> dict[str, int]:
    return dict(zip(PLAYER_FIELDS, snapshot["p"][p], strict=True))


def loaded(faction: str, options: GameOptions) -> GaiaState:
    """A 2-player game right after the boards are loaded (the last faction line)."""
    state = GaiaState.new(GameSetup.random(2, "beta-boards", options))
    state.apply_line(f"p1 faction {faction}")
    state.apply_line(f"p2 faction {PARTNER.get(faction, 'ambas')}")
    return state


def after_round1_income(faction: str, options: GameOptions) -> dict[str, int]:
    """p1's row at the first move of round 1 (setup played with the first legal move each time)."""
    state = loaded(faction, options)
    while state.phase != "move":
        state.apply(state.legal_moves()[0])
    return _row(state.snapshot(), 0)


# faction: (fields at load in beta, the same fields on the standard board)
START = {
    "baltaks": ({"int": 1, "qics": 1}, {"int": 0, "qics": 0}),
    "bescods": ({"sci": 2}, {"sci": 0}),
    "firaks": ({"eco": 1}, {"eco": 0}),
    "geodens": ({"terra": 2, "knowledge": 5}, {"terra": 1, "knowledge": 3}),
    "gleens": (
        {"nav": 3, "ores": 6, "area1": 0, "area2": 5, "area3": 1},
        {"nav": 1, "ores": 5, "area1": 2, "area2": 4, "area3": 0},
    ),
    "hadsch-hallas": ({"eco": 2}, {"eco": 1}),
    "lantids": ({"eco": 2}, {"eco": 0}),
    "xenos": ({"int": 2, "qics": 3}, {"int": 1, "qics": 2}),
}


@pytest.mark.parametrize("faction", sorted(START))
def test_beta_start_state(faction: str) -> None:
    beta, standard = START[faction]
    beta_row = _row(loaded(faction, BETA).snapshot(), 0)
    standard_row = _row(loaded(faction, GameOptions()).snapshot(), 0)
    assert {k: beta_row[k] for k in beta} == beta
    assert {k: standard_row[k] for k in standard} == standard
    # nothing else differs at load but what the README names (and the VP of nobody)
    changed = {k for k in PLAYER_FIELDS if beta_row[k] != standard_row[k]}
    assert changed == {k for k in beta if beta[k] != standard[k]}


# faction: round-1 income gained by the beta board over the standard one (README income columns)
INCOME_GAIN = {
    "bescods": {"knowledge": 2},                 # o,2k (standard o)
    "firaks": {"credits": 2},                    # 2c,o,2k,pw (standard o,2k)
    "hadsch-hallas": {"ores": 1},                # 5c,2o,k,2pw (standard 5c,o,k,pw)
    "lantids": {"credits": 2, "ores": 1},        # 2c,2o,k,2pw (standard o,k)
}


@pytest.mark.parametrize("faction", sorted(INCOME_GAIN))
def test_beta_research_start_raises_round_income(faction: str) -> None:
    beta, standard = after_round1_income(faction, BETA), after_round1_income(faction, GameOptions())
    for key in ("credits", "ores", "knowledge", "qics"):
        assert beta[key] - standard[key] == INCOME_GAIN[faction].get(key, 0), key


@pytest.mark.parametrize("faction", ["terrans", "ambas", "itars", "ivits", "nevlas", "taklons"])
def test_factions_without_a_changed_beta_board_start_as_standard(faction: str) -> None:
    assert faction not in BETA_START_EXTRA[2]
    assert loaded(faction, BETA).snapshot()["p"] == loaded(faction, GameOptions()).snapshot()["p"]


def test_start_extra_rows_follow_the_income_strings() -> None:
    rows = dict(zip(["geodens", "gleens", "ambas"], BETA.start_extra(("geodens", "gleens", "ambas")), strict=True))
    assert rows["geodens"] == [0, 0, 2, 0, 1, 0, 0, 0, 0, 0]   # 2k, up-terra
    assert rows["gleens"] == [0, 0, 0, 0, 0, 2, 0, 0, 0, 0]    # up-nav twice
    assert rows["ambas"] == [0] * 10
    assert GameOptions().start_extra(("geodens",)) == [[0] * 10]


def test_the_game_with_factions_beta_deals_beta_games_that_replay() -> None:
    """`gaia-ai match/tournament --option factions=beta`: deals on the beta boards, recorded with the option,
    so the record of a played game replays with the beta starting income."""
    from gaia_ai.bots.base import make_bot
    from gaia_ai.bots.play import play_game
    from gaia_ai.games import load_game
    from gaia_ai.games.gaia.corpus import CorpusRecord
    from gaia_ai.games.gaia.replay import replay_record

    standard = load_game("gaia-project")
    game = standard.with_options({"factions": "beta"})
    assert game.with_options({"factions": "standard"}) is standard
    assert standard.with_options({"factions": "BETA"}) is game
    deal = game.deal(2, 7)
    assert deal.setup.options == BETA and deal.roles == standard.deal(2, 7).roles
    greedy = make_bot("greedy", game)
    played = play_game(game, [greedy, greedy], [0, 1], deal)
    record = game.record(deal, played.lines, played.scores, "beta-selfplay", final_board=played.final_state["board"])
    assert record["options"]["factionVariant"] == "beta"
    assert replay_record(CorpusRecord.from_dict(record)).passed
    with pytest.raises(ValueError, match="expected standard or beta"):
        standard.with_options({"factions": "balanced"})
    with pytest.raises(ValueError, match="no option prelude"):
        standard.with_options({"prelude": "on"})


# The site's version-0 beta boards (gaia-engine 4.8.x; faction-boards/*.ts, variants of version 0):
# faction: the fields at load that differ from the standard board, and their standard values
START_V0 = {
    "baltaks": ({"int": 1, "qics": 1}, {"int": 0, "qics": 0}),
    "bescods": ({"sci": 1}, {"sci": 0}),                       # one up-sci (v2: two)
    "firaks": ({"sci": 1}, {"sci": 0}),                        # up-sci (v2: up-eco)
    "geodens": ({"terra": 2}, {"terra": 1}),                   # two terra steps, 3k (v2: 5k)
    "gleens": ({"nav": 2}, {"nav": 1}),                        # two nav steps: no qic/ore at level 2
    "hadsch-hallas": ({"eco": 2}, {"eco": 1}),
    "lantids": ({"eco": 2}, {"eco": 0}),
    "terrans": ({"nav": 1, "qics": 2}, {"nav": 0, "qics": 1}),  # up-nav (level 1: a qic); v2: none
    "xenos": ({"int": 2, "qics": 3}, {"int": 1, "qics": 2}),
}
# round-1 income the version-0 board gains over the standard one
INCOME_GAIN_V0 = {
    "bescods": {"knowledge": 1},
    "firaks": {"knowledge": 1},
    "hadsch-hallas": {"ores": 1},
    "lantids": {"credits": 2, "ores": 1},
}


@pytest.mark.parametrize("version", [0, 1])
@pytest.mark.parametrize("faction", sorted(START_V0))
def test_version_0_boards_start_state(faction: str, version: int) -> None:
    """Version 1 takes the version-0 boards, as the site chooses (the latest board at or below it)."""
    options = GameOptions(faction_variant="beta", faction_variant_version=version)
    beta, standard = START_V0[faction]
    beta_row = _row(loaded(faction, options).snapshot(), 0)
    standard_row = _row(loaded(faction, GameOptions()).snapshot(), 0)
    assert {k: beta_row[k] for k in beta} == beta
    assert {k: standard_row[k] for k in standard} == standard
    changed = {k for k in PLAYER_FIELDS if beta_row[k] != standard_row[k]}
    assert changed == {k for k in beta if beta[k] != standard[k]}


@pytest.mark.parametrize("faction", sorted(INCOME_GAIN_V0))
def test_version_0_research_start_raises_round_income(faction: str) -> None:
    options = GameOptions(faction_variant="beta", faction_variant_version=0)
    beta, standard = after_round1_income(faction, options), after_round1_income(faction, GameOptions())
    for key in ("credits", "ores", "knowledge", "qics"):
        assert beta[key] - standard[key] == INCOME_GAIN_V0[faction].get(key, 0), key


@pytest.mark.parametrize("faction", ["ambas", "itars", "ivits", "nevlas", "taklons"])
@pytest.mark.parametrize("version", [0, 1, 2])
def test_factions_without_a_beta_board_start_as_standard_in_every_version(faction: str, version: int) -> None:
    options = GameOptions(faction_variant="beta", faction_variant_version=version)
    assert loaded(faction, options).snapshot()["p"] == loaded(faction, GameOptions()).snapshot()["p"]


def test_the_board_of_a_version_is_the_latest_at_or_below_it() -> None:
    from gaia_ai.games.gaia.variants import BETA_VERSIONS, beta_board_version, parse_options

    assert BETA_VERSIONS == (0, 1, 2)
    assert [beta_board_version("gleens", v) for v in BETA_VERSIONS] == [0, 0, 2]
    assert [beta_board_version("xenos", v) for v in BETA_VERSIONS] == [0, 0, 0]
    assert beta_board_version("nevlas", 2) is None
    # absent: the newest, as the site takes it; a version the site never shipped is refused
    assert parse_options({"factionVariant": "beta"}).faction_variant_version == 2
    assert parse_options({"factionVariant": "beta", "factionVariantVersion": 0}).faction_variant_version == 0
    with pytest.raises(ValueError, match="factionVariantVersion=3"):
        parse_options({"factionVariant": "beta", "factionVariantVersion": 3})


def test_a_version_0_game_of_bots_replays_from_its_record() -> None:
    """A beta v0 game played through (every faction with a v0 board that differs from v2 seated in turn)
    replays from its record: the record carries version 0 and the replay loads the same boards."""
    from gaia_ai.bots.base import make_bot
    from gaia_ai.bots.play import play_game
    from gaia_ai.games import load_game
    from gaia_ai.games.api import Deal
    from gaia_ai.games.gaia.corpus import CorpusRecord
    from gaia_ai.games.gaia.replay import replay_record

    game = load_game("gaia-project").with_options({"factions": "beta"})
    options = GameOptions(faction_variant="beta", faction_variant_version=0)
    deal = Deal(setup=GameSetup.random(2, "beta-v0", options), roles=("terrans", "gleens"), seed="beta-v0")
    greedy = make_bot("greedy", game)
    played = play_game(game, [greedy, greedy], [0, 1], deal)
    record = game.record(deal, played.lines, played.scores, "beta-v0", final_board=played.final_state["board"])
    assert record["options"]["factionVariantVersion"] == 0
    assert sorted(record["factions"]) == ["gleens", "terrans"]
    assert replay_record(CorpusRecord.from_dict(record)).passed
    # the same lines on the version-2 boards are another game: the replay judges them wrong
    v2 = {**record, "options": {**record["options"], "factionVariantVersion": 2}}
    assert not replay_record(CorpusRecord.from_dict(v2)).passed
