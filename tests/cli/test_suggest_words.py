"""gaia-ai suggest as a player reads it: each hint in words with who plays each step, the JSON naming
the seat as the table does, the board picture of the first hint, and clear errors for bad numbers."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from service_helpers import running_server

from gaia_ai.cli import main

EXPORT = Path(__file__).resolve().parents[1] / "data" / "exports" / "bot-000-at-60.json"


def _suggest(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["suggest", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_table_gives_each_hint_in_words_and_who_plays_next(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _suggest(capsys, "--demo", "--simulations", "200", "--top", "2")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].endswith("suggestions for p1 hadsch-hallas")
    words = [line for line in lines if line.startswith("    p1: ")]
    assert len(words) == 2 and all(w[8].isupper() for w in words)
    assert any(line.startswith("      then p2 terrans: ") for line in lines)
    assert "value and win % can order moves differently" in out.replace("\n", " ")


def test_json_names_the_seat_and_gives_the_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _suggest(capsys, "--demo", "--simulations", "100", "--top", "1", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["player"] == 0 and doc["seat"] == "p1"
    hint = doc["suggestions"][0]
    assert hint["words"] and [s["notation"] for s in hint["line"]] == hint["pv"]
    assert hint["line"][0]["who"] == "p1 hadsch-hallas" and hint["line"][0]["player"] == 1


def test_png_and_svg_of_the_first_hint(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    png, svg = tmp_path / "board.png", tmp_path / "board.svg"
    code, out, err = _suggest(capsys, "--demo", "--simulations", "100", "--top", "1", "--json", "--png", str(png),
                              "--svg", str(svg))
    assert code == 0, err
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = " ".join(ET.fromstring(svg.read_bytes()).itertext())
    move = json.loads(out)["suggestions"][0]["move"]
    assert f"Hint 1 for p1 hadsch-hallas: {move}" in text


@pytest.mark.parametrize("args", [["--top", "0"], ["--simulations", "-5"], ["--time-ms", "0"], ["--threads", "-1"]])
@pytest.mark.parametrize("where", [[], ["--server", "127.0.0.1:1"]])
def test_bad_numbers_are_refused_by_name_locally_and_remotely(capsys: pytest.CaptureFixture[str], args: list[str],
                                                              where: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["suggest", "--demo", *where, *args])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {args[0]}: must be at least 1" in err and "Traceback" not in err


def test_remote_suggest_reads_standard_input(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(EXPORT.read_text()))
    with running_server() as server:
        code, out, err = _suggest(capsys, "--server", f"127.0.0.1:{server.port}", "--bgs", "-",
                                  "--simulations", "50", "--top", "1")
    assert code == 0, err
    assert "suggestions for p2 bescods" in out
