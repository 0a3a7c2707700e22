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
    assert match_tally.games(TM_LINES, "mcts") == [(201, 72), (201, 32)]


def test_gaia_lines_name_factions_and_the_prefix_picks_the_budget():
    assert match_tally.games(GAIA_LINES, "mcts:sims=1600") == [(55, -8), (55, 0), (89, 20)]
    assert match_tally.games(GAIA_LINES, "mcts:sims=400") == [(55, 8), (55, 0), (89, -20)]


def test_refuses_a_prefix_both_players_share():
    with pytest.raises(ValueError, match="exactly one player's spec"):
        match_tally.games(GAIA_LINES, "mcts")


def test_anywhere_picks_the_bot_by_a_part_of_its_spec():
    """Specs that differ only at the end (a policy generation against its parent) share every prefix."""
    lines = [
        "seed 101 game 1/2: p1 mcts:sims=400,prior=p2 (xenos) 98, p2 mcts:sims=400,prior=p1 (ambas) 113: ...",
        "seed 101 game 2/2: p1 mcts:sims=400,prior=p1 (xenos) 100, p2 mcts:sims=400,prior=p2 (ambas) 110: ...",
    ]
    assert match_tally.games(lines, "prior=p2", anywhere=True) == [(101, -15), (101, 10)]
    with pytest.raises(ValueError, match="must start with 'prior=p2'"):
        match_tally.games(lines, "prior=p2")
    with pytest.raises(ValueError, match="must contain 'sims=400'"):
        match_tally.games(lines, "sims=400", anywhere=True)


def test_refuses_a_game_twice_and_a_line_that_is_not_a_game():
    with pytest.raises(ValueError, match="twice"):
        match_tally.games(TM_LINES + TM_LINES[:1], "mcts")
    with pytest.raises(ValueError, match="line 2: not a 'seed S game"):
        match_tally.games([TM_LINES[0], "game 1/2: p1 greedy 1, p2 random 0:"], "mcts")


def test_main_prints_share_interval_and_margin(tmp_path, capsys):
    path = tmp_path / "games.txt"
    path.write_text("\n".join(GAIA_LINES) + "\n")
    assert match_tally.main([str(path), "--bot", "mcts:sims=1600"]) == 0
    out = capsys.readouterr().out
    # one win, one tie, one loss: 1.5 of 3
    assert out.startswith("3 games (seeds 55-89, 2 matches): mcts:sims=1600 wins 1.5, 50.0% [")
    assert "margin +4.0 VP" in out
