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
