"""The rules core's tables against the physical game's facts.

The core's numeric tables are C arrays, invisible from Python, so these tests check their effect:
small constructed games are played through ``GaiaState`` and the snapshot's player rows are compared
with the rulebook numbers. Those numbers are embedded below; when ``../shared/data`` is beside the
checkout, the embedded tables are first checked against ``factions.json`` / ``tiles.json`` (the facts
the corpus engine states about itself), so the two cannot drift apart.

Snapshot player rows have 28 fields (corpus README, "Snapshot"); the indexes used here are named below.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.setup import GameSetup

SHARED_DATA = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "gaia"

# Snapshot row indexes (corpus README): resources, power areas, brainstone, research, counts.
VP, CREDITS, ORES, KNOWLEDGE, QICS = 0, 1, 2, 3, 4
AREA1, AREA2, AREA3, GAIA_AREA, BRAINSTONE = 5, 6, 7, 8, 9
RESEARCH = slice(10, 16)  # terra, nav, int, gaia, eco, sci
BUILDINGS = slice(16, 24)  # m, ts, lab, PI, ac1, ac2, gf, sp
FED_TOKENS, GREEN_FED_TOKENS, SATELLITES, GAIAFORMERS = 24, 25, 26, 27
BRAINSTONE_CODES = {None: 0, "area1": 1, "area2": 2, "area3": 3, "gaia": 4}
TRACKS = ("terra", "nav", "int", "gaia", "eco", "sci")

# Home planets (rulebook faction boards; planet letters as in the notation).
HOME_PLANET: dict[str, str] = {
    "terrans": "r", "lantids": "r", "xenos": "d", "gleens": "d", "taklons": "s", "ambas": "s",
    "hadsch-hallas": "o", "ivits": "o", "geodens": "v", "baltaks": "v", "firaks": "t", "bescods": "t",
    "nevlas": "i", "itars": "i",
}  # fmt: skip

# State right after faction selection, before the starting mines (rulebook set-up, step "faction
# boards": the board's printed start resources plus the free research step some factions begin with,
# whose level-1 reward is already taken: Xenos/Ambas +1 qic, Gleens +1 ore instead of a qic,
# Geodens +2 ores, Terrans/Baltaks a gaia-former).
# faction: (vp, credits, ores, knowledge, qics, area1, area2, area3, brainstone area,
#           (terra, nav, int, gaia, eco, sci), gaia-formers)
START: dict[str, tuple[Any, ...]] = {
    "terrans":       (10, 15, 4, 3, 1, 4, 4, 0, None,    (0, 0, 0, 1, 0, 0), 1),
    "lantids":       (10, 13, 4, 3, 1, 4, 0, 0, None,    (0, 0, 0, 0, 0, 0), 0),
    "xenos":         (10, 15, 4, 3, 2, 2, 4, 0, None,    (0, 0, 1, 0, 0, 0), 0),
    "gleens":        (10, 15, 5, 3, 0, 2, 4, 0, None,    (0, 1, 0, 0, 0, 0), 0),
    "taklons":       (10, 15, 4, 3, 1, 2, 4, 0, "area1", (0, 0, 0, 0, 0, 0), 0),
    "ambas":         (10, 15, 4, 3, 2, 2, 4, 0, None,    (0, 1, 0, 0, 0, 0), 0),
    "hadsch-hallas": (10, 15, 4, 3, 1, 2, 4, 0, None,    (0, 0, 0, 0, 1, 0), 0),
    "ivits":         (10, 15, 4, 3, 1, 2, 4, 0, None,    (0, 0, 0, 0, 0, 0), 0),
    "geodens":       (10, 15, 6, 3, 1, 2, 4, 0, None,    (1, 0, 0, 0, 0, 0), 0),
    "baltaks":       (10, 15, 4, 3, 0, 2, 2, 0, None,    (0, 0, 0, 1, 0, 0), 1),
    "firaks":        (10, 15, 3, 2, 1, 2, 4, 0, None,    (0, 0, 0, 0, 0, 0), 0),
    "bescods":       (10, 15, 4, 1, 1, 2, 4, 0, None,    (0, 0, 0, 0, 0, 0), 0),
    "nevlas":        (10, 15, 4, 2, 1, 2, 4, 0, None,    (0, 0, 0, 0, 0, 1), 0),
    "itars":         (10, 15, 5, 3, 1, 4, 4, 0, None,    (0, 0, 0, 0, 0, 0), 0),
}  # fmt: skip

# Round-1 income in credits, ores, knowledge, qics, without the booster: the board's base income,
# the uncovered mine spaces (the first two mines each uncover +1 ore, the third none; Ivits start
# with their PI instead, which gives power only), and research income (economy 1: +2 credits,
# science 1: +1 knowledge).
ROUND1_INCOME: dict[str, tuple[int, int, int, int]] = {
    "terrans": (0, 3, 1, 0), "lantids": (0, 3, 1, 0), "xenos": (0, 3, 1, 0), "gleens": (0, 3, 1, 0),
    "taklons": (0, 3, 1, 0), "ambas": (0, 4, 1, 0), "hadsch-hallas": (5, 3, 1, 0), "ivits": (0, 1, 1, 1),
    "geodens": (0, 3, 1, 0), "baltaks": (0, 3, 1, 0), "firaks": (0, 3, 2, 0), "bescods": (0, 3, 0, 0),
    "nevlas": (0, 3, 2, 0), "itars": (0, 3, 1, 0),
}  # fmt: skip

# Boosters whose income is only credits/ores/knowledge/qics (no power), as (c, o, k, q).
BOOSTER_INCOME: dict[str, tuple[int, int, int, int]] = {
    "booster1": (0, 1, 1, 0), "booster3": (2, 0, 0, 1), "booster4": (2, 0, 0, 0), "booster6": (0, 1, 0, 0),
    "booster7": (0, 1, 0, 0), "booster8": (0, 0, 1, 0), "booster10": (4, 0, 0, 0),
}  # fmt: skip


def expected_start_row(faction: str) -> list[int]:
    vp, c, o, k, q, a1, a2, a3, brainstone, research, gaiaformers = START[faction]
    row = [0] * 28
    row[VP], row[CREDITS], row[ORES], row[KNOWLEDGE], row[QICS] = vp, c, o, k, q
    row[AREA1], row[AREA2], row[AREA3], row[BRAINSTONE] = a1, a2, a3, BRAINSTONE_CODES[brainstone]
    row[RESEARCH] = research
    row[GAIAFORMERS] = gaiaformers
    return row


def partner_of(faction: str) -> str:
    """A second faction for a 2-player game: a different home planet (one faction per colour)."""
    return next(
        f for f in HOME_PLANET if HOME_PLANET[f] != HOME_PLANET[faction] and f not in ("ivits", "xenos")
    )


def picked(factions: tuple[str, ...], seed: str = "tables") -> GaiaState:
    state = GaiaState.new(GameSetup.random(len(factions), seed))
    for seat, faction in enumerate(factions, start=1):
        state.apply_line(f"p{seat} faction {faction}")
    return state


def home_hexes(state: GaiaState, faction: str) -> Iterator[str]:
    return (h.label for h in state.setup.board.hexes if h.planet == HOME_PLANET[faction])


def started(factions: tuple[str, ...]) -> GaiaState:
    """Factions picked, starting buildings placed (engine's order), boosters without power taken."""
    for attempt in range(20):  # a random map may lack 3 free hexes of some colour; try another
        state = picked(factions, seed=f"tables-{attempt}")
        free = {f: list(home_hexes(state, f)) for f in factions}
        if all(len(hexes) >= 3 for hexes in free.values()):
            break
    else:
        pytest.fail(f"no map with 3 home planets each for {factions}")
    while state.phase == "sB":
        faction = state.faction(state.current_player)
        building = "PI" if faction == "ivits" else "m"
        state.apply_line(f"{faction} build {building} {free[faction].pop(0)}")
    offered = [b for b in state.setup.boosters if b in BOOSTER_INCOME]
    while state.phase == "sbo":
        state.apply_line(f"{state.faction(state.current_player)} booster {offered.pop(0)}")
    return state


def booster_of(state: GaiaState, player: int) -> str:
    return state.snapshot()["b"][player]


# ------------------------------------------------------------------------------------ name tables


def test_core_names_the_fourteen_base_factions() -> None:
    assert set(gaia_rules.FACTION_NAMES) == set(HOME_PLANET)
    assert len(gaia_rules.FACTION_NAMES) == 14


def test_core_names_seven_power_and_three_qic_board_actions() -> None:
    assert gaia_rules.ACTION_NAMES == tuple(f"power{i}" for i in range(1, 8)) + ("qic1", "qic2", "qic3")


def test_core_names_nine_basic_and_six_advanced_tech_positions() -> None:
    basic = (*TRACKS, "free1", "free2", "free3")
    assert gaia_rules.POSITION_NAMES == basic + tuple(f"adv-{t}" for t in TRACKS)


def test_core_names_six_federation_tokens_plus_the_gleens_token() -> None:
    assert gaia_rules.FED_NAMES[:6] == tuple(f"fed{i}" for i in range(1, 7))
    assert set(gaia_rules.FED_NAMES[6:]) == {"gleens"}


def test_core_names_six_final_scoring_tiles() -> None:
    assert len(set(gaia_rules.FINAL_NAMES)) == 6


def test_core_knows_seven_planet_colours_plus_gaia_transdim_empty_and_lost() -> None:
    assert sorted(gaia_rules.PLANET_LETTERS) == sorted("rovdstigmel")
    assert set(HOME_PLANET.values()) == set("rovdsti")


def test_every_colour_is_home_to_exactly_two_factions() -> None:
    colours = list(HOME_PLANET.values())
    assert all(colours.count(c) == 2 for c in set(colours))


# ----------------------------------------------------------- embedded numbers vs the shared data


def _shared(name: str) -> dict[str, Any]:
    path = SHARED_DATA / name
    if not path.is_file():
        pytest.skip(f"{path} not available (the embedded rulebook numbers are used instead)")
    return json.loads(path.read_text(encoding="utf-8"))


def _rewards(spec: str) -> dict[str, int]:
    """'+o,2k,3c' -> {'o': 1, 'k': 2, 'c': 3}; events such as '=> up-lowest' are ignored."""
    totals: dict[str, int] = {}
    for part in spec.lstrip("+").split(","):
        digits = "".join(ch for ch in part if ch.isdigit())
        unit = part[len(digits) :]
        if unit in ("c", "o", "k", "q"):
            totals[unit] = totals.get(unit, 0) + int(digits or 1)
    return totals


def test_embedded_start_states_match_shared_factions_json() -> None:
    data = {f["id"]: f for f in _shared("factions.json")["factions"]}
    assert set(data) == set(START)
    for faction, entry in data.items():
        start = entry["start"]
        power = start["power"]
        research = tuple(start["research"][t] for t in TRACKS)
        from_json = (
            start["victoryPoints"], start["credits"], start["ores"], start["knowledge"], start["qics"],
            power["area1"], power["area2"], power["area3"], start["brainstone"], research, start["gaiaformers"],
        )  # fmt: skip
        assert START[faction] == from_json, faction
        assert power["gaia"] == 0
        assert HOME_PLANET[faction] == entry["homePlanet"], faction


def test_embedded_round1_income_matches_shared_factions_json() -> None:
    data = {f["id"]: f for f in _shared("factions.json")["factions"]}
    tracks = _shared("tiles.json")["researchTracks"]
    for faction, entry in data.items():
        totals: dict[str, int] = {}
        specs = [s for s in entry["boardIncome"][1:] if s.startswith("+")]
        if faction == "ivits":
            specs += [s for s in entry["buildings"]["PI"]["incomePerBuilding"][0] if s.startswith("+")]
        else:
            mines = 3 if faction == "xenos" else 2
            specs += [s for per in entry["buildings"]["m"]["incomePerBuilding"][:mines] for s in per]
        for track, level in entry["start"]["research"].items():
            specs += [s for s in tracks[track][level] if s.startswith("+")]
        for spec in specs:
            for unit, n in _rewards(spec).items():
                totals[unit] = totals.get(unit, 0) + n
        assert ROUND1_INCOME[faction] == tuple(totals.get(u, 0) for u in "cokq"), faction


def test_embedded_booster_income_matches_shared_tiles_json() -> None:
    boosters = _shared("tiles.json")["boosters"]
    simple = {b: v["income"] for b, v in boosters.items() if not {"pw", "t"} & set(v["income"])}
    assert set(simple) == set(BOOSTER_INCOME)
    for booster, income in simple.items():
        assert BOOSTER_INCOME[booster] == tuple(income.get(u, 0) for u in "cokq"), booster


# ----------------------------------------------------------------------- behaviour of the core


@pytest.mark.parametrize("faction", sorted(HOME_PLANET))
def test_start_state_after_faction_pick_matches_the_rulebook(faction: str) -> None:
    state = picked((faction, partner_of(faction)))
    assert state.phase == "sB"
    assert state.snapshot()["p"][0] == expected_start_row(faction)


@pytest.mark.parametrize("faction", sorted(HOME_PLANET))
def test_start_state_does_not_depend_on_the_seat(faction: str) -> None:
    state = picked((partner_of(faction), faction))
    assert state.snapshot()["p"][1] == expected_start_row(faction)


def test_no_resources_are_given_before_every_faction_is_picked() -> None:
    state = GaiaState.new(GameSetup.random(2, "tables"))
    state.apply_line("p1 faction terrans")
    assert state.snapshot()["p"][0][CREDITS:] == [0] * 27


@pytest.mark.parametrize("faction", sorted(HOME_PLANET))
def test_starting_buildings_match_the_rulebook(faction: str) -> None:
    state = started((faction, partner_of(faction)))
    row = state.snapshot()["p"][0]
    mines, pi = row[BUILDINGS][0], row[BUILDINGS][3]
    expected = {"xenos": (3, 0), "ivits": (0, 1)}.get(faction, (2, 0))
    assert (mines, pi) == expected


@pytest.mark.parametrize("faction", sorted(HOME_PLANET))
def test_round1_income_in_credits_ores_knowledge_qics_matches_the_rulebook(faction: str) -> None:
    state = started((faction, partner_of(faction)))
    while state.phase == "inc":  # a player with both token and charge income orders them (Ivits' PI)
        state.apply_line(f"{state.faction(state.current_player)} income 4pw")
    assert (state.round, state.phase) == (1, "move")
    row = state.snapshot()["p"][0]
    start = expected_start_row(faction)
    income = [
        a + b for a, b in zip(ROUND1_INCOME[faction], BOOSTER_INCOME[booster_of(state, 0)], strict=True)
    ]
    assert row[CREDITS : QICS + 1] == [s + i for s, i in zip(start[CREDITS : QICS + 1], income, strict=True)]
