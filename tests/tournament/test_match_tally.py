"""bench/match_tally.py: the game lines of matches measured across sessions (docs/results/)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("match_tally", ROOT / "bench" / "match_tally.py")
match_tally = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(match_tally)

TM_LINES = [
    "seed 201 game 1/2: p1 mcts:ms=1000,rollout_depth=60 139, p2 greedy 67: mcts:ms=1000,rollout_depth=60 wins",
    "seed 201 game 2/2: p1 greedy 106, p2 mcts:ms=1000,rollout_depth=60 138: mcts:ms=1000,rollout_depth=60 wins",
]
GAIA_LINES = [
    "seed 55 game 1/10: p1 mcts:sims=1600 (terrans) 108, p2 mcts:sims=400 (hadsch-hallas) 116: ... wins",
    "seed 55 game 2/10: p1 mcts:sims=400 (terrans) 99, p2 mcts:sims=1600 (hadsch-hallas) 99: ... tie",
    "seed 89 game 1/10: p1 mcts:sims=1600 (bescods) 120, p2 mcts:sims=400 (lantids) 100: ... wins",
]


def test_margins_of_terraforming_mars_lines():
    assert match_tally.games(TM_LINES, "mcts") == [(201, 1, 72, 72, None), (201, 2, 32, -32, None)]


def test_gaia_lines_name_factions_and_the_prefix_picks_the_budget():
    assert [g[:3] for g in match_tally.games(GAIA_LINES, "mcts:sims=1600")] == [(55, 1, -8), (55, 2, 0), (89, 1, 20)]
    assert [g[:3] for g in match_tally.games(GAIA_LINES, "mcts:sims=400")] == [(55, 1, 8), (55, 2, 0), (89, 1, -20)]
    assert match_tally.games(GAIA_LINES, "mcts:sims=400")[2].factions == ("bescods", "lantids")


def test_refuses_a_prefix_both_players_share():
    with pytest.raises(ValueError, match="exactly one player's spec"):
        match_tally.games(GAIA_LINES, "mcts")
    # the error names the file's line, not the game's number in its match (game 1/10 is on line 3)
    lines = [*GAIA_LINES[:2], "seed 89 game 1/10: p1 greedy (bescods) 120, p2 random (lantids) 100: ..."]
    with pytest.raises(ValueError, match="^line 3: exactly one player's spec"):
        match_tally.games(lines, "mcts:sims=1600")


def test_anywhere_picks_the_bot_by_a_part_of_its_spec():
    """Specs that differ only at the end (a policy generation against its parent) share every prefix."""
    lines = [
        "seed 101 game 1/2: p1 mcts:sims=400,prior=p2 (xenos) 98, p2 mcts:sims=400,prior=p1 (ambas) 113: ...",
        "seed 101 game 2/2: p1 mcts:sims=400,prior=p1 (xenos) 100, p2 mcts:sims=400,prior=p2 (ambas) 110: ...",
    ]
    assert [g[:3] for g in match_tally.games(lines, "prior=p2", anywhere=True)] == [(101, 1, -15), (101, 2, 10)]
    with pytest.raises(ValueError, match="must start with 'prior=p2'"):
        match_tally.games(lines, "prior=p2")
    with pytest.raises(ValueError, match="must contain 'sims=400'"):
        match_tally.games(lines, "sims=400", anywhere=True)


def test_refuses_a_game_twice_and_a_line_that_is_not_a_game():
    with pytest.raises(ValueError, match="twice"):
        match_tally.games(TM_LINES + TM_LINES[:1], "mcts")
    with pytest.raises(ValueError, match="line 2: not a '\\[seed S\\] game N/M"):
        match_tally.games([TM_LINES[0], "game 1/2: p1 greedy 1, p2 random 0, p3 random 2:"], "mcts")
    with pytest.raises(ValueError, match="line 2: a game line without 'seed S'"):
        match_tally.games([TM_LINES[0], "game 1/2: p1 greedy 1, p2 mcts 0:"], "mcts")


def test_a_match_as_printed_takes_its_seed_from_the_header(tmp_path, capsys):
    """`gaia-ai match`'s own lines (no 'seed S' prefix, games out of order with --workers) under a header
    that names its command: one match, its deals paired by game number."""
    path = tmp_path / "match.txt"
    lines = [line.split(" ", 2)[2] for line in GAIA_LINES[:2]] + [
        "game 4/10: p1 mcts:sims=400 (bescods) 90, p2 mcts:sims=1600 (lantids) 110: ... wins",
        "game 3/10: p1 mcts:sims=1600 (bescods) 120, p2 mcts:sims=400 (lantids) 100: ... wins"]
    summary = "4 games, 2 players\nA's share of the wins 62.5% (...)\nbot  wins  avg VP ...\n"
    path.write_text("# G=...; gaia-ai match ... --games 10 --seed 55\n" + "\n".join(lines) + "\n" + summary)
    assert match_tally.main([str(path), "--bot", "mcts:sims=1600"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("4 games (seed 55, 1 match): mcts:sims=1600 wins 2.5")
    assert "2 deals: mcts:sims=1600 won 1 twice, the other bot 0; 0 split" in out
    assert "paired margin +8.0 VP" in out   # deals (-8 + 0) / 2 and (20 + 20) / 2
    assert match_tally.main([str(path), "--bot", "mcts:sims=1600", "--seed", "7"]) == 0
    assert "(seed 7, 1 match)" in capsys.readouterr().out
    path.write_text("\n".join(lines) + "\n")   # no header, no --seed: which match is unknown
    assert match_tally.main([str(path), "--bot", "mcts:sims=1600"]) == 2
    assert "without 'seed S'" in capsys.readouterr().err


def test_main_prints_share_interval_and_margin(tmp_path, capsys):
    path = tmp_path / "games.txt"
    path.write_text("\n".join(GAIA_LINES) + "\n")
    assert match_tally.main([str(path), "--bot", "mcts:sims=1600"]) == 0
    out = capsys.readouterr().out
    # one win, one tie, one loss: 1.5 of 3
    assert out.startswith("3 games (seeds 55-89, 2 matches): mcts:sims=1600 wins 1.5, 50.0% [")
    assert "margin +4.0 VP" in out


def test_main_skips_the_files_header_lines(tmp_path, capsys):
    path = tmp_path / "games.txt"
    path.write_text("# 2026-12-06, 2 local cores\n# gaia-ai match ...\n" + "\n".join(GAIA_LINES) + "\n")
    assert match_tally.main([str(path), "--bot", "mcts:sims=1600"]) == 0
    assert capsys.readouterr().out.startswith("3 games (seeds 55-89, 2 matches): mcts:sims=1600 wins 1.5")


def test_deals_pair_games_2k_minus_1_and_2k_of_a_match():
    G = match_tally.Game
    found = [G(7, 1, 10), G(7, 2, 4),     # swept by the bot
             G(7, 3, -5), G(7, 4, 9),     # split: each won once
             G(7, 5, -1), G(7, 6, -3),    # lost twice
             G(7, 7, 0), G(7, 8, 6),      # a tie in it
             G(8, 1, 12), G(8, 2, -2),    # split, in another match (seed 8)
             G(8, 3, 5)]                  # its partner missing: not a deal
    d = match_tally.deals(found)
    assert (d.swept, d.lost, d.split, d.other) == (1, 1, 2, 1)
    assert d.margins == [7.0, 2.0, -2.0, 3.0, 5.0]
    assert d.factions == {}   # no faction named


def test_a_factions_advantage_is_its_seats_mean_margin_over_the_deal():
    lines = [
        "seed 3 game 1/2: p1 mcts:sims=1600 (ivits) 130, p2 mcts:sims=400 (lantids) 100: ...",
        "seed 3 game 2/2: p1 mcts:sims=400 (ivits) 120, p2 mcts:sims=1600 (lantids) 110: ...",
    ]
    d = match_tally.deals(match_tally.games(lines, "mcts:sims=1600"))
    # ivits' seat won by 30 and by 10: +20; lantids' the opposite. The 1600 bot: +30 and -10, +10.
    assert d.factions == {"ivits": [20.0], "lantids": [-20.0]}
    assert d.margins == [10.0]


def test_main_prints_the_deals(tmp_path, capsys):
    lines = [
        "seed 3 game 1/4: p1 mcts:sims=1600 (terrans) 120, p2 mcts:sims=400 (ivits) 100: ...",
        "seed 3 game 2/4: p1 mcts:sims=400 (terrans) 110, p2 mcts:sims=1600 (ivits) 104: ...",
        "seed 3 game 3/4: p1 mcts:sims=1600 (xenos) 90, p2 mcts:sims=400 (gleens) 95: ...",
        "seed 3 game 4/4: p1 mcts:sims=400 (xenos) 80, p2 mcts:sims=1600 (gleens) 99: ...",
    ]
    path = tmp_path / "games.txt"
    path.write_text("\n".join(lines) + "\n")
    assert match_tally.main([str(path), "--bot", "mcts:sims=1600", "--factions"]) == 0
    out = capsys.readouterr().out
    assert "  terrans         +13.0 over 1 deals" in out   # seat 1 won by 20 and by 6
    assert "  gleens          +12.0 over 1 deals" in out   # seat 1 lost by 5 and by 19
    # deal 1: +20 and -6 (split, mean +7); deal 2: -5 and +19 (split, mean +7)
    assert "2 deals: mcts:sims=1600 won 0 twice, the other bot 0; 2 split" in out
    assert "paired margin +7.0 VP" in out


def test_a_deal_whose_games_picked_different_factions_counts_in_no_factions_advantage(tmp_path, capsys):
    """In an auction match the bots pick their factions in play, so a deal's two games may differ: no pair
    of games cancels the bots' strength out, and the faction table leaves that deal out (and says so)."""
    lines = [
        "seed 4 game 1/4: p1 mcts:sims=1600 (ivits) 130, p2 mcts:sims=400 (lantids) 100: ...",
        "seed 4 game 2/4: p1 mcts:sims=400 (ivits) 120, p2 mcts:sims=1600 (lantids) 110: ...",
        "seed 4 game 3/4: p1 mcts:sims=1600 (terrans) 120, p2 mcts:sims=400 (xenos) 100: ...",
        "seed 4 game 4/4: p1 mcts:sims=400 (nevlas) 90, p2 mcts:sims=1600 (xenos) 104: ...",
    ]
    d = match_tally.deals(match_tally.games(lines, "mcts:sims=1600"))
    assert d.factions == {"ivits": [20.0], "lantids": [-20.0]}
    assert d.unmatched == 1
    assert d.margins == [10.0, 17.0]   # the paired margin still counts both deals
    path = tmp_path / "games.txt"
    path.write_text("\n".join(lines) + "\n")
    assert match_tally.main([str(path), "--bot", "mcts:sims=1600", "--factions"]) == 0
    out = capsys.readouterr().out
    assert "terrans" not in out and "nevlas" not in out
    assert "(1 deals left out of the factions: their two games had different factions" in out
