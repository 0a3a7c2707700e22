"""Board construction, labels and distances; full check against the shared corpus when present."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path
from typing import Any

import pytest

from gaia_ai.games.gaia.board import (
    HOME_PLANETS,
    TERRAFORM_CYCLE,
    Board,
    Planet,
    parse_label,
    terraform_distance,
)
from gaia_ai.games.gaia.errors import GaiaError, NotationError, SetupError

SHARED = Path(__file__).resolve().parents[3].parent / "shared"
CORPUS = SHARED / "corpus" / "gaia" / "games.jsonl.gz"


def _centre(q: int, r: int) -> dict[str, int]:
    return {"q": q, "r": r, "s": -q - r}


# bot-001 (2 players, seed draco-29080-1) and bot-000 (3 players) from the corpus.
MAP_2P: dict[str, Any] = {
    "sectors": [
        {"sector": "1", "rotation": 4, "center": _centre(0, 0)},
        {"sector": "7B", "rotation": 1, "center": _centre(5, -2)},
        {"sector": "5B", "rotation": 3, "center": _centre(2, 3)},
        {"sector": "3", "rotation": 2, "center": _centre(-3, 5)},
        {"sector": "2", "rotation": 3, "center": _centre(-5, 2)},
        {"sector": "6B", "rotation": 1, "center": _centre(-2, -3)},
        {"sector": "4", "rotation": 2, "center": _centre(3, -5)},
    ],
    "mirror": False,
}
HEXES_2P = [
    ("2A6", -7, 2, "t", "2"),
    ("6A7", -3, -4, "m", "6B"),
    ("3A10", -1, 3, "d", "3"),
    ("1A11", 2, -1, "m", "1"),
    ("7A8", 5, -4, "t", "7B"),
]
MAP_3P: dict[str, Any] = {
    "sectors": [
        {"sector": "8", "rotation": 5, "center": _centre(0, 0)},
        {"sector": "7A", "rotation": 5, "center": _centre(5, -2)},
        {"sector": "5A", "rotation": 4, "center": _centre(2, 3)},
        {"sector": "9", "rotation": 0, "center": _centre(-3, 5)},
        {"sector": "2", "rotation": 5, "center": _centre(-5, 2)},
        {"sector": "6A", "rotation": 5, "center": _centre(-2, -3)},
        {"sector": "4", "rotation": 3, "center": _centre(3, -5)},
        {"sector": "10", "rotation": 3, "center": _centre(-1, 8)},
        {"sector": "1", "rotation": 0, "center": _centre(-6, 10)},
        {"sector": "3", "rotation": 3, "center": _centre(-8, 7)},
    ],
    "mirror": False,
}
HEXES_3P = [
    ("3A6", -10, 7, "m", "3"),
    ("2B3", -6, 2, "s", "2"),
    ("9B2", -4, 6, "g", "9"),
    ("8A5", -2, 1, "m", "8"),
    ("6A11", 0, -4, "m", "6A"),
    ("4A3", 2, -3, "i", "4"),
    ("5A10", 4, 1, "m", "5A"),
]


@pytest.mark.parametrize(("config", "size", "expected"), [(MAP_2P, 133, HEXES_2P), (MAP_3P, 190, HEXES_3P)])
def test_embedded_sample(config: dict[str, Any], size: int, expected: list[tuple[str, int, int, str, str]]) -> None:
    board = Board(config)
    assert len(board) == size
    assert len(set(board.labels)) == size
    assert [(h.q, h.r) for h in board.hexes] == sorted((h.q, h.r) for h in board.hexes)
    for label, q, r, planet, sector in expected:
        h = board.hex(label)
        assert (h.q, h.r, h.planet, h.sector, h.label) == (q, r, planet, sector, label)
        assert h.sector_number == int(sector.rstrip("AB"))
        assert board.index(label) == h.index and board.hexes[h.index] is h
        assert board.index(f"{q}x{r}") == h.index  # old absolute notation
        assert board.at(q, r) is h


@pytest.mark.skipif(not CORPUS.exists(), reason="shared corpus not available (only on the development machine)")
def test_reproduces_every_corpus_board() -> None:
    count = 0
    with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
        for line in f:
            record = json.loads(line)
            board = Board(record["setup"]["mapConfig"])
            got = [(h.q, h.r, h.planet, h.sector, h.label) for h in board.hexes]
            want = [(h["q"], h["r"], h["planet"], h["sector"], h["label"]) for h in record["setup"]["hexes"]]
            assert got == want, record["id"]
            assert board.is_balanced(), record["id"]
            assert Board(board.to_map_config()) == board
            count += 1
    assert count == 320


def test_terraform_distance() -> None:
    assert terraform_distance("r", "r") == 0
    assert terraform_distance("r", "o") == 1
    assert terraform_distance("r", "i") == 1  # the cycle wraps round
    assert terraform_distance("r", "d") == 3
    assert terraform_distance(Planet.OXIDE, Planet.TITANIUM) == 3
    for a in TERRAFORM_CYCLE:
        for b in TERRAFORM_CYCLE:
            assert terraform_distance(a, b) == terraform_distance(b, a) <= 3
    with pytest.raises(ValueError):
        terraform_distance("g", "r")
    assert set("rovdsti") == HOME_PLANETS


def test_distance_and_neighbours() -> None:
    board = Board(MAP_3P)
    a, b = board.index("8C"), board.index("3A6")
    assert board.distance(a, a) == 0
    assert board.distance(a, b) == board.distance(b, a) == 10  # (0,0) to (-10,7)
    for i in range(len(board)):
        assert all(board.distance(i, j) == 1 for j in board.neighbours(i))
        assert 2 <= len(board.neighbours(i)) <= 6
    assert len(board.neighbours(board.index("8C"))) == 6


def test_distance_table_agrees_with_distance() -> None:
    board = Board(MAP_3P)
    table = board.distance_table()
    assert table[board.index("8C")][board.index("3A6")] == 10
    assert table == [[board.distance(i, j) for j in range(len(board))] for i in range(len(board))]


@pytest.mark.parametrize("label", ["", "5", "5D3", "5A12", "5B6", "0A1", "A1", "5a1", "11A1x", "5A01"])
def test_bad_label_syntax(label: str) -> None:
    with pytest.raises(NotationError, match=repr(label).replace("\\", "\\\\")):
        Board(MAP_2P).hex(label)


@pytest.mark.parametrize("label", ["8A1", "10C", "99x99"])
def test_label_not_on_board(label: str) -> None:
    with pytest.raises(NotationError, match=label):
        Board(MAP_2P).index(label)


def test_parse_label() -> None:
    assert parse_label("10A11") == (10, "A11")
    assert parse_label("5C") == (5, "C")
    with pytest.raises(NotationError):
        parse_label("5A12")


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_random_board(num_players: int) -> None:
    board = Board.random(num_players, random.Random(7))
    assert board == Board.random(num_players, random.Random(7))  # deterministic
    assert board.is_balanced()
    sectors = sorted(p.sector for p in board.placements)
    if num_players == 2:
        assert sectors == sorted(["1", "2", "3", "4", "5B", "6B", "7B"]) and len(board) == 133
    else:
        assert sectors == sorted(["1", "2", "3", "4", "5A", "6A", "7A", "8", "9", "10"]) and len(board) == 190
    config = board.to_map_config()
    assert json.loads(json.dumps(config)) == config
    assert Board(config) == board and Board(config).labels == board.labels


def test_random_boards_differ() -> None:
    rng = random.Random(1)
    assert len({Board.random(3, rng) for _ in range(10)}) == 10
    with pytest.raises(SetupError, match="num_players"):
        Board.random(5, rng)


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda c: c.update(mirror=True), "mirror"),
        (lambda c: c.update(sectors=[]), "sectors"),
        (lambda c: c["sectors"][0].update(sector="11"), r"sectors\[0\].sector"),
        (lambda c: c["sectors"][1].update(rotation=6), r"sectors\[1\].rotation"),
        (lambda c: c["sectors"][1].update(center={"q": 0, "r": 1}), "overlaps"),
        (lambda c: c["sectors"][2].update(center={"q": 2, "r": 3, "s": 0}), r"sectors\[2\].center"),
        (lambda c: c["sectors"][2].update(sector="7A"), "used twice"),
        (lambda c: c["sectors"][3].pop("center"), r"sectors\[3\]"),
    ],
)
def test_bad_map_config(mutate: Any, field: str) -> None:
    config = json.loads(json.dumps(MAP_2P))
    mutate(config)
    with pytest.raises(SetupError, match=field) as info:
        Board(config)
    assert isinstance(info.value, GaiaError) and isinstance(info.value, ValueError)
