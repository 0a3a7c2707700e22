"""Export of the structured game state: a GaiaState as GaiaGameState JSON (protobuf's JSON mapping).

Reads the engine's raw C state (GaiaState.raw_state()) and names everything as the .proto does
(proto/gaia_ai/games/gaia/v1/gaia_state.proto); the name tables here map the engine's codes both ways and are
shared with the importer (state_import.py).
"""

from typing import Any

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.setup import FEDERATIONS, GameSetup
from gaia_ai.games.gaia.state_schema import (
    BRAINSTONES,
    BSQ_KINDS,
    PENDING_KINDS,
    PHASES,
    PLANETS,
    SPECIALS,
    to_json,
)

K: dict[str, Any] = gaia_rules.RAW_CONSTANTS
FACTIONS: tuple[str, ...] = gaia_rules.FACTION_NAMES
BUILDINGS: tuple[str, ...] = gaia_rules.BUILDING_NAMES
TRACKS: tuple[str, ...] = gaia_rules.TRACK_NAMES
POSITIONS: tuple[str, ...] = gaia_rules.POSITION_NAMES
ACTIONS: tuple[str, ...] = gaia_rules.ACTION_NAMES
FED_TOKENS: tuple[str, ...] = gaia_rules.FED_NAMES
PLANET_OF_LETTER = {letter: i for i, letter in enumerate(gaia_rules.PLANET_LETTERS)}
NBASIC = K["NBASIC"]
M, TS, LAB, PI, AC1, AC2, GF, SP = range(8)
PL_GAIA, PL_TRANSDIM, PL_EMPTY, PL_LOST = K["PL_GAIA"], K["PL_TRANSDIM"], K["PL_EMPTY"], K["PL_LOST"]
# raw codes <-> enum names (PHASES etc. list the names in the raw enum order after their 0 value)
PHASE_NAME = dict(zip(K["PHASES"], PHASES[1:], strict=True))
PHASE_RAW = {name: raw for raw, name in PHASE_NAME.items()}
PENDING_NAME = dict(zip(K["PENDING"], PENDING_KINDS[1:], strict=True))
PENDING_RAW = {name: raw for raw, name in PENDING_NAME.items()}
BSQ_NAME = dict(zip(K["BSQ"], BSQ_KINDS[1:], strict=True))
BSQ_RAW = {name: raw for raw, name in BSQ_NAME.items()}
BS_NAME = dict(zip(K["BRAINSTONE"], BRAINSTONES, strict=True))
BS_RAW = {name: raw for raw, name in BS_NAME.items()}
SPECIAL_BIT = dict(zip(SPECIALS[1:], K["SPECIAL_BITS"], strict=True))


def planet_name(raw: int) -> str:
    """The Planet enum name of an engine planet code."""
    return PLANETS[raw + 1]


def tile_of(setup: GameSetup, pos: int) -> str:
    """The tile id at tech position pos (an engine index into POSITION_NAMES)."""
    name = POSITIONS[pos]
    return setup.tech_tiles[name] if pos < NBASIC else setup.adv_tech_tiles[name]


def state_to_json(state: GaiaState, all_fields: bool = False) -> dict[str, Any]:
    """The GaiaGameState of state in protobuf's JSON mapping (what json_format.MessageToDict gives;
    all_fields also writes the fields at their default value, a fuller template)."""
    r = state.raw_state()
    setup = state.setup
    labels = list(setup.board.labels)
    n = setup.num_players
    planet0 = [PLANET_OF_LETTER[h.planet] for h in setup.board.hexes]
    value = {
        "setup": _setup_json(setup),
        "board": {"hexes": _board_json(r, labels, planet0, n)},
        "players": [player_json(r, p, setup, labels) for p in range(n)],
        "round": r["round"],
        "phase": PHASE_NAME[r["phase"]],
        "turnOrder": r["order"][: r["norder"]],
        "passOrder": r["pass_order"][: r["npassed"]],
        "usedActions": {ACTIONS[a]: p for a, p in enumerate(r["actions_used"]) if p >= 0},
        "decision": _decision_json(r, labels),
        "supply": supply_json(r, setup),
        "engine": _engine_json(r, n),
        "auction": [
            {"faction": FACTIONS[r["auc_faction"][i]],
             "holder": r["auc_holder"][i] if r["auc_holder"][i] >= 0 else None,
             "bid": r["auc_bid"][i] if r["auc_holder"][i] >= 0 else 0}
            for i in range(r["auc_n"])
        ],
    }
    return to_json(value, all_fields=all_fields)


def _setup_json(setup: GameSetup) -> dict[str, Any]:
    return {
        "numPlayers": setup.num_players,
        "seed": setup.seed,
        "sectors": [
            {"sector": p.sector, "rotation": p.rotation, "q": p.q, "r": p.r} for p in setup.board.placements
        ],
        "roundScoring": list(setup.round_scoring),
        "finalScoring": list(setup.final_scoring),
        "boosters": list(setup.boosters),
        "techTiles": dict(setup.tech_tiles),
        "advTechTiles": dict(setup.adv_tech_tiles),
        "terraformingFederation": setup.terraforming_federation,
        "options": None if setup.options.is_standard else {
            "auction": setup.options.auction or "",
            "factionVariant": setup.options.faction_variant,
            "factionVariantVersion": setup.options.faction_variant_version,
        },
    }


def _board_json(r: dict[str, Any], labels: list[str], planet0: list[int], n: int) -> dict[str, Any]:
    hexes = {}
    for h, label in enumerate(labels):
        owner, guest, fed, sat = r["owner"][h], r["guest"][h], r["fed_mask"][h], r["sat_mask"][h]
        if owner < 0 and guest < 0 and not fed and not sat and r["planet"][h] == planet0[h]:
            continue
        hexes[label] = {
            "planet": planet_name(r["planet"][h]),
            "owner": owner if owner >= 0 else None,
            "building": BUILDINGS[r["building"][h]] if owner >= 0 and r["building"][h] >= 0 else "",
            "guest": guest if guest >= 0 else None,
            "federations": [p for p in range(n) if (fed >> p) & 1],
            "satellites": [p for p in range(n) if (sat >> p) & 1],
        }
    return hexes


def _power_json(power: list[int], brainstone: int) -> dict[str, Any]:
    return {
        "area1": power[0],
        "area2": power[1],
        "area3": power[2],
        "gaiaArea": power[3],
        "brainstone": BS_NAME[brainstone],
    }


def _event_json(e: dict[str, Any]) -> dict[str, Any]:
    c, o, k, q = e["res"]
    return {
        "charge": e["amount"] if e["kind"] == K["R_PW"] else 0,
        "tokens": e["amount"] if e["kind"] == K["R_T"] else 0,
        "credits": c,
        "ores": o,
        "knowledge": k,
        "qic": q,
    }


def player_json(r: dict[str, Any], p: int, setup: GameSetup, labels: list[str]) -> dict[str, Any]:
    """Player p of the raw state as a Player message (all fields, before the proto3 pruning)."""
    pl = r["pl"][p]
    techs = pl["tech_order"][: pl["ntech"]]
    return {
        "faction": FACTIONS[pl["faction"]] if pl["faction"] >= 0 else "",
        "vp": pl["vp"],
        "credits": pl["credits"],
        "ores": pl["ores"],
        "knowledge": pl["knowledge"],
        "qic": pl["qic"],
        "power": _power_json(pl["power"], pl["brainstone"]),
        "research": dict(zip(TRACKS, pl["research"], strict=True)),
        "gaiaFormersInGaiaArea": pl["gf_spent"],
        "federationTokens": [
            {"token": FED_TOKENS[k], "used": j < pl["fed_grey"][k]}
            for k in range(len(FED_TOKENS))
            for j in range(pl["fed_held"][k])
        ],
        "booster": f"booster{pl['booster'] + 1}" if pl["booster"] >= 0 else "",
        "techs": [
            {
                "position": POSITIONS[pos],
                "tile": tile_of(setup, pos),
                "covered": bool(pl["covered"] >> pos & 1),
            }
            for pos in techs
        ],
        "passed": bool(pl["passed"]),
        "lostPlanet": labels[pl["lost_planet"]] if pl["lost_planet"] >= 0 else "",
        "specialsUsed": [name for name, bit in SPECIAL_BIT.items() if pl["specials_used"] & bit],
        "pendingIncome": [_event_json(e) for e in pl["inc"][: pl["ninc"]]],
        "totals": {
            "buildings": dict(zip(BUILDINGS, pl["nbuild"], strict=True)),
            "satellites": pl["satellites"],
            "gaiaFormers": pl["gf_owned"],
        },
    }


def _decision_json(r: dict[str, Any], labels: list[str]) -> dict[str, Any]:
    pending = []
    for e in r["pend"][: r["npend"]]:
        kind = PENDING_NAME[e["kind"]]
        track = TRACKS[e["arg"]] if kind == "PENDING_RESEARCH_STEP" and e["arg"] < len(TRACKS) else ""
        amount = e["arg"] if kind in ("PENDING_BUILD_MINE", "PENDING_RANGE_BUILD") else 0
        pending.append({"kind": kind, "track": track, "amount": amount})
    question = None
    if r["bsq_player"] >= 0:
        kind = BSQ_NAME[r["bsq_kind"]]
        income = kind == "BRAINSTONE_QUESTION_INCOME"
        discard = kind == "BRAINSTONE_QUESTION_DISCARD"
        question = {
            "player": r["bsq_player"],
            "kind": kind,
            "amount": r["bsq_amount"] // 2 if discard else r["bsq_amount"],
            "toGaiaArea": bool(discard and r["bsq_amount"] % 2),
            "choices": [BS_NAME[c] for c in r["bsq_choices"][: r["bsq_nchoices"]]],
            "alternative": BS_NAME[r["bsq_alt"]] if r["bsq_alt"] >= 0 else None,
            # the payment to redo on the alternative answer; an income question keeps its event instead
            "powerBefore": None if income else _power_json(r["bsq_pre_power"], r["bsq_pre_bs"]),
            "tokensGainedSince": 0 if income else r["bsq_post_tokens"],
            "incomeEvent": _event_json(r["bsq_event"]) if income else None,
        }
    return {
        "player": r["current"] if r["current"] >= 0 else None,
        "mainActionDone": bool(r["action_done"]),
        "pending": pending,
        "builtThisTurn": [labels[h] for h in r["built"][: r["nbuilt"]]],
        "downgradedLab": labels[r["downlab_hex"]] if r["downlab_hex"] >= 0 else "",
        "leechOffers": [
            {"player": o["player"], "hex": labels[o["hex"]], "builder": o["builder"]}
            for o in r["leech"][r["leech_pos"] : r["nleech"]]
        ],
        "brainstoneQuestion": question,
    }


def supply_json(r: dict[str, Any], setup: GameSetup) -> dict[str, Any]:
    """The supplies of the raw state as a Supply message (all fields)."""
    return {
        "techTiles": {POSITIONS[i]: r["tech_supply"][i] for i in range(NBASIC)},
        "advTechTiles": [POSITIONS[NBASIC + i] for i in range(len(TRACKS)) if not r["adv_taken"][i]],
        "federationTokens": {FEDERATIONS[k]: r["fed_supply"][k] for k in range(len(FEDERATIONS))},
        "terraformingFederationAvailable": not r["terra_fed_taken"],
        "boosters": [f"booster{b + 1}" for b, free in enumerate(r["booster_free"]) if free],
    }


def _engine_json(r: dict[str, Any], n: int) -> dict[str, Any]:
    players = []
    for pl in r["pl"][:n]:
        players.append(
            {
                "mines": pl["mine_ev"][: pl["nmine_ev"]],
                "tradingStations": [{"sequence": s, "amount": a} for s, a in zip(pl["ts_ev"], pl["ts_amt"])][
                    : pl["nts_ev"]
                ],
                "labs": [{"sequence": s, "amount": a} for s, a in zip(pl["lab_ev"], pl["lab_amt"])][
                    : pl["nlab_ev"]
                ],
                "planetaryInstitute": pl["seq_pi"],
                "academy": pl["seq_ac1"],
                "booster": pl["seq_booster"],
                "techs": {POSITIONS[pos]: pl["seq_tech"][pos] for pos in pl["tech_order"][: pl["ntech"]]},
                "eco": pl["seq_eco"],
                "sci": pl["seq_sci"],
            }
        )
    return {"sequence": r["seq"], "players": players}
