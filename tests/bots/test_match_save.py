"""gaia-ai match --save DIR: each finished game's log in the game's own record format, which replay,
suggest and review read (the game picked from the file where it names one)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_ai.bots.match import run_match
from gaia_ai.cli import main

# the option that names a position of a saved log, per game
POSITION = {"gaia-project": "--corpus", "terraforming-mars": "--corpus", "eminent-domain": "--log"}


@pytest.mark.parametrize("game", sorted(POSITION))
def test_saved_logs_replay_and_are_read_by_suggest_and_review(game: str, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    run_match(["greedy", "random"], 2, 2, seed=4, game=game, save=tmp_path)
    saved = sorted(tmp_path.iterdir())
    assert [p.name for p in saved] == ["match-4-1.jsonl", "match-4-2.jsonl"]
    record = json.loads(saved[0].read_text())
    assert record["id"] == "match-4-1" and record["match"]["bots"] == ["greedy", "random"]
    capsys.readouterr()
    given = [] if game == "gaia-project" else ["--game", game]
    assert main(["replay", *given, str(tmp_path)]) == 0
    assert "2 passed, 0 failed" in capsys.readouterr().out
    assert main(["suggest", POSITION[game], str(saved[0]), "--game-id", "match-4-1", "--move", "12",
                 "--simulations", "10", "--json", *given]) == 0
    assert json.loads(capsys.readouterr().out)["suggestions"]
    assert main(["review", str(saved[1]), "--moves", "8:20", "--simulations", "10", "--json", *given]) == 0
    review = json.loads(capsys.readouterr().out)
    assert review["game"] == "match-4-2" and review["decisions"]
