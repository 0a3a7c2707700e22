"""Research tracks: 4 knowledge a step, the rewards of each level, level 3's charge, level 5's green token.

Focal player = seat 1, playing alone after the opponent passes (rules_helpers.solo)."""

from __future__ import annotations

import pytest
from rules_helpers import corpus_state, delta, next_round, pl, record, solo, turn

from gaia_ai.games.gaia.errors import IllegalMoveError
from gaia_ai.games.gaia.replay import PLAYER_FIELDS

F = 1
TRACKS = ("terra", "nav", "int", "gaia", "eco", "sci")


def rich(factions, knowledge):
    s = solo(factions)
    while pl(s, F)["knowledge"] < knowledge:
        next_round(s)
    return s


def charge_delta(before, n):
    """Expected area changes of charging n power (area1 -> area2 first, then area2 -> area3)."""
    a1, a2 = before["area1"], before["area2"]
    up1 = min(n, a1)
    up2 = min(n - up1, a2 + up1)
    d = {"area1": -up1, "area2": up1 - up2, "area3": up2}
    return {k: v for k, v in d.items() if v}


def test_research_step_costs_4_knowledge():
    s = solo(["xenos", "terrans"])
    before = pl(s, F)
    turn(s, "up sci")
    assert delta(before, pl(s, F)) == {"knowledge": -4, "sci": 1}


def test_research_without_4_knowledge_is_illegal():
    s = solo(["xenos", "terrans"])
    turn(s, "up sci")
    assert pl(s, F)["knowledge"] < 4
    with pytest.raises(IllegalMoveError):
        s.apply("up eco")


def test_terraforming_level_1_gives_2_ore():
    s = solo(["xenos", "terrans"])
    before = pl(s, F)
    turn(s, "up terra")
    assert delta(before, pl(s, F)) == {"knowledge": -4, "terra": 1, "ores": 2}


def test_intelligence_levels_1_and_2_give_a_qic_each():
    s = rich(["xenos", "terrans"], 8)
    before = pl(s, F)
    turn(s, "up int")
    assert delta(before, pl(s, F)) == {"knowledge": -4, "int": 1, "qics": 1}
    before = pl(s, F)
    turn(s, "up int")
    assert delta(before, pl(s, F)) == {"knowledge": -4, "int": 1, "qics": 1}


def test_gaia_level_1_gives_a_gaiaformer():
    s = solo(["terrans", "xenos"])
    before = pl(s, F)
    turn(s, "up gaia")
    assert delta(before, pl(s, F)) == {"knowledge": -4, "gaia": 1, "gaiaformers": 1}


def test_gaia_level_2_gives_3_power_tokens_in_area1():
    s = solo(["xenos", "terrans"])  # Terrans start at gaia 1
    before = pl(s, F)
    turn(s, "up gaia")
    assert delta(before, pl(s, F)) == {"knowledge": -4, "gaia": 1, "area1": 3}


def test_level_3_charges_3_power_and_gaia_3_gives_a_gaiaformer():
    s = rich(["xenos", "terrans"], 8)
    turn(s, "up gaia")
    before = pl(s, F)
    turn(s, "up gaia")
    expected = {"knowledge": -4, "gaia": 1, "gaiaformers": 1, **charge_delta(before, 3)}
    assert delta(before, pl(s, F)) == expected


def test_economy_and_science_level_1_are_income_not_immediate():
    s = rich(["xenos", "terrans"], 8)
    before = pl(s, F)
    turn(s, "up eco")
    assert delta(before, pl(s, F)) == {"knowledge": -4, "eco": 1}
    before = pl(s, F)
    turn(s, "up sci")
    assert delta(before, pl(s, F)) == {"knowledge": -4, "sci": 1}


# ---- level 5 -------------------------------------------------------------------------------------------
def _first_level5(game_id):
    """(move index, player, track) of the first research step to level 5 in a sample game."""
    rec = record(game_id)
    for i, snap in enumerate(rec.snapshots):
        for p, row in enumerate(snap["p"]):
            for t in range(6):
                if row[10 + t] == 5:
                    return i, p, TRACKS[t]
    raise AssertionError("no level 5")


def test_reaching_level_5_flips_a_green_federation_token():
    """Level 5 needs a green federation token, which is turned grey (rulebook: research track level 5)."""
    i, p, track = _first_level5("bot-006")
    rec = record("bot-006")
    before = dict(zip(PLAYER_FIELDS, rec.snapshots[i - 1]["p"][p], strict=True))
    after = dict(zip(PLAYER_FIELDS, rec.snapshots[i]["p"][p], strict=True))
    assert before["green_fed_tokens"] >= 1
    s = corpus_state("bot-006", i)
    assert pl(s, p)[track] == 4
    s.apply_line(rec.move_history[i])
    got = pl(s, p)
    assert got[track] == 5
    assert got["green_fed_tokens"] == before["green_fed_tokens"] - 1 == after["green_fed_tokens"]
    assert got["fed_tokens"] == before["fed_tokens"]


def test_level_5_is_exclusive_and_needs_a_green_token():
    """Only one player may reach level 5 of a track; without a green token level 4 -> 5 is illegal."""
    rec = record("bot-006")
    i, p, track = _first_level5("bot-006")
    t = TRACKS.index(track)
    # Any later position where another player stands on level 4 of the same track with 4 knowledge.
    for j in range(i + 1, len(rec.snapshots)):
        snap = rec.snapshots[j]
        if snap["ph"] != "move":
            continue
        q = snap["tm"]
        row = snap["p"][q]
        if q != p and row[10 + t] == 4 and row[3] >= 4:
            s = corpus_state("bot-006", j + 1)
            assert f"up {track}" not in [str(c) for c in s.legal_moves()]
            with pytest.raises(IllegalMoveError):
                s.apply(f"up {track}")
            return
    # Otherwise: the level-5 player's own rival tracks at 4 without a green token.
    for j, snap in enumerate(rec.snapshots):
        if snap["ph"] != "move":
            continue
        q = snap["tm"]
        row = snap["p"][q]
        levels4 = [TRACKS[k] for k in range(6) if row[10 + k] == 4]
        if levels4 and row[3] >= 4 and row[25] == 0:
            s = corpus_state("bot-006", j + 1)
            for tr in levels4:
                with pytest.raises(IllegalMoveError):
                    s.copy().apply(f"up {tr}")
            return
    pytest.fail("no position found")


def test_no_green_token_blocks_level_5_in_any_sample_game():
    """Whenever a player at level 4 with >= 4k has no green token, 'up' to 5 is not legal."""
    checked = 0
    for gid in ("bot-002", "bot-048", "bot-010"):
        rec = record(gid)
        for j, snap in enumerate(rec.snapshots[:-1]):
            if snap["ph"] != "move":
                continue
            q = snap["tm"]
            row = snap["p"][q]
            tracks4 = [TRACKS[k] for k in range(6) if row[10 + k] == 4]
            if tracks4 and row[3] >= 4 and row[25] == 0:
                s = corpus_state(gid, j + 1)
                legal = {str(c) for c in s.legal_moves()}
                for tr in tracks4:
                    assert f"up {tr}" not in legal
                checked += 1
                break
    assert checked >= 1
