"""The facts of the game (cards, corporations, board, milestones and awards, colony tiles) from the JSON
files in ``data/``, with name <-> id maps; importing this module loads them into the C core's tables.

Card and corporation ids run over base + Corporate Era first, then Colonies (``BASE_CARDS`` and
``BASE_CORPS`` count the first part): a base game deals only those."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from gaia_ai._core import tm_rules

DATA_DIR = Path(__file__).resolve().parent / "data"
SETS = ("base", "corporateEra", "colonies")
BASE_SETS = ("base", "corporateEra")


@cache
def load_json(name: str) -> Any:
    """A data file of the package, parsed (``cards``, ``corporations``, ``board``, ...)."""
    return json.loads((DATA_DIR / f"{name}.json").read_text())


CARDS: list[dict[str, Any]] = [c for c in load_json("cards")["cards"] if c["set"] in SETS]
CORPS: list[dict[str, Any]] = [c for c in load_json("corporations")["corporations"] if c["set"] in SETS]
BASE_CARDS: int = sum(c["set"] in BASE_SETS for c in CARDS)
BASE_CORPS: int = sum(c["set"] in BASE_SETS for c in CORPS)
COLONY_TILES: list[dict[str, Any]] = load_json("colonies")["colonies"]
COLONY_NAMES: list[str] = [c["name"] for c in COLONY_TILES]
COLONY_IDS: dict[str, int] = {n: i for i, n in enumerate(COLONY_NAMES)}
BOARD: dict[str, Any] = load_json("board")
SPACES: list[str] = [s["id"] for s in BOARD["spaces"]]
MILESTONES: list[str] = [m["name"] for m in load_json("milestones_awards")["milestones"]]
AWARDS: list[str] = [a["name"] for a in load_json("milestones_awards")["awards"]]
TILE_NAMES: list[str] = list(tm_rules.TILE_NAMES)
STANDARD_PROJECTS: list[str] = ["", "powerPlant", "asteroid", "aquifer", "greenery", "city", "buildColony"]

CARD_IDS: dict[str, int] = {c["name"]: i for i, c in enumerate(CARDS)}
CORP_IDS: dict[str, int] = {c["name"]: i for i, c in enumerate(CORPS)}
SPACE_IDS: dict[str, int] = {s: i for i, s in enumerate(SPACES)}
CONST: dict[str, int] = tm_rules.constants()

tm_rules.load_tables(CARDS, CORPS, BOARD)
tm_rules.load_colonies(COLONY_TILES, CARDS, CORPS)


def card_name(card: int) -> str:
    """Name of a card id as moves use it (a corporation for the UNMI action and Robotic Workforce)."""
    if card == CONST["UNMI_ACTION"]:
        return "United Nations Mars Initiative"
    if card >= CONST["ROBOT_CORP"]:
        return CORPS[card - CONST["ROBOT_CORP"]]["name"]
    return CARDS[card]["name"]


def implemented_cards() -> list[str]:
    """Names of the project cards whose whole rule the core implements."""
    return [c["name"] for i, c in enumerate(CARDS) if tm_rules.card_implemented(i)]
