"""Friction a new user met (issue 16), each with the test that would have caught it."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from gaia_ai.cli import main
from gaia_ai.games.gaia.bgs import load_export
from gaia_ai.games.gaia.errors import ExportError, IllegalMoveError
from gaia_ai.games.gaia.positions import from_bgs

EXPORT = Path(__file__).parent / "data" / "exports" / "bot-000-at-60.json"


def test_a_file_that_is_not_an_export_is_named_in_the_error(tmp_path: Path) -> None:
    notes = tmp_path / "notes.json"
    notes.write_text('{"shopping": ["milk"]}')
    with pytest.raises(ExportError, match=r"^notes\.json: not a boardgamers\.space export: missing key options"):
        load_export(notes)


def test_an_illegal_move_in_a_local_export_names_its_log_line(tmp_path: Path) -> None:
    data = json.loads(EXPORT.read_text())
    data["moveHistory"][20] = "gleens build m 9A9."
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(IllegalMoveError, match=r"^bad\.json: moveHistory\[20\] 'gleens build m 9A9\.': illegal move"):
        from_bgs(bad)


def test_suggest_reads_an_export_from_standard_input(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(EXPORT.read_text()))
    assert main(["suggest", "--bgs", "-", "--simulations", "20", "--top", "1"]) == 0
    assert "suggestions for bescods" in capsys.readouterr().out


def test_suggest_from_standard_input_that_is_not_json(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("hello"))
    assert main(["suggest", "--bgs", "-", "--simulations", "20"]) == 2
    assert "standard input: not valid JSON" in capsys.readouterr().err


def test_match_prints_each_game_with_bot_names_and_factions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "greedy", "random:seed=2", "--games", "2", "--seed", "1"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2
    for i, line in enumerate(err, 1):
        assert line.startswith(f"game {i}/2: p1 ")
        assert "greedy (" in line and "random:seed=2 (" in line and "[" not in line
        assert line.endswith(("greedy wins", "random:seed=2 wins", "tie"))


def test_a_game_reads_as_seats_bots_factions_and_the_winner() -> None:
    from gaia_ai.bots.match import GameResult, describe_game

    game = GameResult("s", seats=[1, 0], factions=["xenos", "terrans"], vp=[70, 70])
    assert describe_game(["mcts", "greedy"], game) == "p1 greedy (xenos) 70, p2 mcts (terrans) 70: greedy and mcts tie"
    game = GameResult("s", seats=[0, 1], factions=["xenos", "terrans"], vp=[83, 57])
    assert describe_game(["mcts", "greedy"], game) == "p1 mcts (xenos) 83, p2 greedy (terrans) 57: mcts wins"
