"""The board picture (gaia_ai.games.gaia.render): PNG and SVG of a position, the suggested move drawn
on it, every player's panel, and a clear error for another format."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gaia_ai.games.gaia.notation import Command, parse_line
from gaia_ai.games.gaia.positions import demo, from_corpus
from gaia_ai.games.gaia.render import render_board
from gaia_ai.games.gaia.words import BOOSTERS

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "corpus-sample.jsonl.gz"


def _svg_text(data: bytes) -> str:
    root = ET.fromstring(data)
    return " ".join(t.strip() for t in root.itertext() if t.strip())


def test_png_is_written_to_the_file_and_returned(tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    data = render_board(demo(), out)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert out.read_bytes() == data


def test_svg_shows_every_hex_label_and_each_players_panel() -> None:
    state = demo()
    text = _svg_text(render_board(state, fmt="svg"))
    for label in state.setup.board.labels:
        assert label in text
    raw = state.raw_state()
    for p, name in enumerate(("p1 hadsch-hallas", "p2 terrans")):
        assert name in text
        pl = raw["pl"][p]
        assert f"{pl['vp']} VP   {pl['credits']} credits   {pl['ores']} ore" in text
        assert f"power bowls I {pl['power'][0]} | II {pl['power'][1]} | III {pl['power'][2]}" in text
    assert "Round 3, p1 hadsch-hallas to play" in text


def test_svg_shows_the_boosters_and_the_scoring_tiles() -> None:
    state = demo()
    text = _svg_text(render_board(state, fmt="svg"))
    held = [f"booster{state.raw_state()['pl'][p]['booster'] + 1}" for p in range(2)]
    assert "booster6: income 1 ore; on passing 1 VP per mine" in text and held == ["booster6", "booster2"]
    assert f"round scoring: 1 {state.setup.round_scoring[0]}, 2 {state.setup.round_scoring[1]}, >3 " in text
    assert f"final scoring: {', '.join(state.setup.final_scoring)}" in text
    words = " ".join(text.split())   # a long line is wrapped
    free = [b for b in state.setup.boosters if b not in held]
    assert "boosters free: " + "; ".join(f"{b} ({BOOSTERS[b]})" for b in free) in words


def test_a_built_hex_is_filled_with_its_owners_colour() -> None:
    plain = render_board(demo(), fmt="svg").decode()
    # one tinted hexagon per built hex (the owner's colour at 0.45 opacity) under the planet
    state = demo()
    raw = state.raw_state()
    built = sum(1 for h in state.setup.board.hexes if raw["owner"][h.index] >= 0 and raw["building"][h.index] >= 0)
    assert built > 0 and plain.count("opacity: 0.45") == built


def test_the_suggested_build_shows_its_hex_and_the_distance_against_the_range() -> None:
    # Demo: hadsch-hallas' lab on 1A2 is next to 1A1 (distance 1); navigation level 0 gives range 1.
    text = _svg_text(render_board(demo(), fmt="svg", move=[Command.parse("build m 1A1")]))
    assert "build m 1A1" in text
    assert "distance 1, range 1" in text


def test_a_federation_is_outlined_and_named() -> None:
    line = "ivits federation 2A10,2A11,2A7,2B3,2B4,2B5,7A5,7B1,7B3,7B5,7C fed3."
    state = from_corpus(SAMPLE, "bot-003", 108)
    text = _svg_text(render_board(state, fmt="svg", move=list(parse_line(line).commands)))
    assert "federation fed3" in text
    assert "p2 ivits" in text


def test_same_position_same_svg() -> None:
    assert render_board(demo(), fmt="svg") == render_board(demo(), fmt="svg")


def test_another_format_is_refused_with_the_formats_that_work(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="use .png or .svg"):
        render_board(demo(), tmp_path / "board.jpg")
