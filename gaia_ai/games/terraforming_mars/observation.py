"""What one seat of a Terraforming Mars game sees, as JSON, and a state rebuilt from it (for suggestions).

    data = observation_json(state, seat)        # plain JSON data: nothing the seat cannot see
    state = state_from_observation(data, seed)  # a TmState the seat cannot tell from the real one

The rebuilt state puts the cards the seat cannot see (the other hands and research offers, the draw and
discard piles, the corporations the others are choosing from during the initial selection) in one seeded
sample of the cards nobody has shown; the search resamples the hands, offers, piles and the others'
setup corporations (determinize) for every simulation. The format (names as in the game's data files: cards, corporations, spaces "03".."63",
milestones, awards, colony tiles):

    {"format": "terraforming-mars-observation/1", "seat": 0, "players": 2, "colonies": false,
     "step": "action",             # setup, research, action, finalGreenery, over: the decision awaited
     "phase": "action",            # research, action, production, end (the corpus's phase)
     "generation": 5, "first_player": 0, "to_move": 0, "action_player": -1,
     "temperature": -20, "oxygen": 3, "oceans": 2,           # °C (even, -30..8), % (0..14), tiles (0..9)
     "seats": [{"corporation": "Ecoline", "tr": 24,          # null: not chosen (or not shown yet)
                "resources": {"megacredits": 12, "steel": 0, "titanium": 1, "plants": 5, "energy": 0, "heat": 3},
                "production": {"megacredits": 2, ...},       # the same six keys; M€ production from -5
                "tableau": ["Comet", ...],                   # project cards played, in the order played
                "hand": ["Mine", ...], "offer": [...],       # the seat's own; others: "hand_size", "offer_size"
                "corporation_offer": [...],                  # own: the 2 dealt (absent before the deal)
                "passed": false, "actions_this_turn": 1, "first_action_due": false, "setup_done": true,
                "bought": true, "final_greenery_done": false, "steel_value": 2, "titanium_value": 3,
                "requirement_bonus": 0, "requirement_bonus_next_card": 0, "tr_raised_this_generation": false,
                "next_card_discount": 0, "card_price": 3, "corporation_resources": 0,
                "corporation_action_used": false, "fleets": 1, "fleets_used": 0}],   # fleets: Colonies
     "card_resources": {"Tardigrades": 3}, "actions_used": ["Aquifer Pumping"],
     "board": [{"space": "25", "tile": "city", "owner": 0}],  # owner null: a neutral ocean
     "land_claims": [{"space": "31", "player": 1}],
     "milestones": [{"name": "Mayor", "player": 0}], "awards": [{"name": "Banker", "player": 1}],  # in order
     "draw_pile": 150, "discard_pile": 12,
     "pending": [{"kind": "tile", "player": 0, "card": "Comet", "args": [2, 0, -1]}],
     "colony_tiles": [{"name": "Luna", "active": true, "track": 2, "colonies": [0], "trader": null}]}

``pending`` is the queue of open follow-up decisions of the action under way (front first): its kind (the
core's names, tm_rules.PENDING_NAMES), who answers, the card that raised it and the core's three arguments
(src_cython/terraforming_mars/consts.pxi documents them per kind); a card another player is looking at
(buyTop) has its argument null. Every number is range-checked and every name looked up; an error names the
field (``seats[1].resources.heat: -2 is out of range [0, 100000]``).
"""

from __future__ import annotations

import random
from typing import Any

from gaia_ai._core import tm_rules

from .errors import TmError
from .state import TmState
from .tables import (
    AWARDS,
    BASE_CARDS,
    BASE_CORPS,
    CARD_IDS,
    CARDS,
    COLONY_IDS,
    COLONY_NAMES,
    CORP_IDS,
    CORPS,
    MILESTONES,
    SPACE_IDS,
    SPACES,
    TILE_NAMES,
)
from .viewcheck import check_board

FORMAT = "terraforming-mars-observation/1"
START_TR = 20   # every player starts at 20 and no card of these sets lowers a rating
RESOURCES = ("megacredits", "steel", "titanium", "plants", "energy", "heat")
PK = tm_rules.pending_kinds()
STEPS = {PK["ST_SETUP"]: "setup", PK["ST_RESEARCH"]: "research", PK["ST_ACTION"]: "action",
         PK["ST_FINAL"]: "finalGreenery", 4: "over"}
PHASES = {PK["PH_RESEARCH"]: "research", PK["PH_ACTION"]: "action", PK["PH_PRODUCTION"]: "production", 5: "end"}
PENDING = {name: code for code, name in tm_rules.PENDING_NAMES.items() if name}
C = tm_rules.constants()
NSPACE = len(SPACES)
# per follow-up kind: whether it may come from no card (-1: a standard project, a colony tile's bonus),
# and the ranges of its three arguments (the core indexes tables with some of them, so each is bounded)
_SMALL = (0, 20)
_NONE = (0, 0)
PENDING_ARGS: dict[str, tuple[bool, tuple[int, int], tuple[int, int], tuple[int, int]]] = {
    "tile": (True, (0, len(TILE_NAMES) - 1), (0, 16), (-1, NSPACE - 1)),
    "removePlants": (False, _SMALL, _NONE, _NONE),
    "decreaseProduction": (False, (0, 5), (1, 10), _NONE),
    "sell": (True, _SMALL, _NONE, _NONE),
    "or": (False, _NONE, _NONE, _NONE), "orAction": (False, _NONE, _NONE, _NONE),
    "addResources": (True, (-1, 6), _SMALL, (0, 1)),
    "removeResource": (False, (0, 6), _NONE, _NONE),
    "buyTop": (False, _NONE, _NONE, (0, len(CARDS) - 1)),
    "keep": (False, (0, 10), (0, 10), (0, 1)),
    "attack": (False, (1, 3), _NONE, _NONE),
    "marsUniversity": (False, _NONE, _NONE, _NONE), "olympusConference": (False, _NONE, _NONE, _NONE),
    "viralEnhancers": (False, _NONE, (0, len(CARDS) - 1), _NONE),
    "amount": (False, (0, 1000), _NONE, _NONE),
    "coldFungus": (False, _NONE, _NONE, _NONE),
    "plantsOr": (False, _SMALL, _SMALL, _SMALL),
    "flooding": (False, _NONE, _NONE, _NONE), "robot": (False, _NONE, _NONE, _NONE),
    "lose": (True, (0, 5), (0, 100), _NONE), "gain": (True, (0, 5), (0, 100), _NONE),
    "colony": (True, (0, 1), (0, 10), _NONE), "addColonyTile": (True, _NONE, _NONE, _NONE),
    "tradeOffset": (True, (0, len(COLONY_NAMES) - 1), (0, 6), _NONE), "discard": (True, _NONE, _NONE, _NONE),
    "marketManipulation": (False, (-1, len(COLONY_NAMES) - 1), _NONE, _NONE),
    "airRaid": (False, _NONE, _NONE, _NONE), "titanShuttles": (False, (0, 100), _NONE, _NONE),
    "cardOr": (False, (0, 1), _NONE, _NONE),      # a = 1: the card's other behaviour is its menu's first
    "freeTrade": (False, _NONE, _NONE, _NONE),
    "removeFloater": (False, _NONE, _NONE, _NONE), "stormcraftHeat": (False, _NONE, _NONE, _NONE),
    "researchPayment": (True, (1, 15), _NONE, _NONE),
    "payChoice": (True, (1, 31), (-1, 511), _NONE),     # a top-level choice (move kind, its a) to pay for
}


class ObservationError(TmError, ValueError):
    """An observation that is malformed or describes no position; the message names the field."""


# ---- writing --------------------------------------------------------------------------------------------

def observation_json(state: TmState, seat: int) -> dict[str, Any]:
    """Everything `seat` sees of the position, as JSON data (the module's format)."""
    if not 0 <= seat < state.num_players:
        raise ValueError(f"no seat {seat} in a {state.num_players}-player game")
    d = tm_rules.save_position(state.core)
    setup = d["step"] == PK["ST_SETUP"]
    seats = []
    for p, spec in enumerate(d["players"]):
        mine = p == seat
        corp = spec["corp"] if (mine or not setup) else -1
        view: dict[str, Any] = {
            "corporation": CORPS[corp]["name"] if corp >= 0 else None, "tr": spec["tr"],
            "resources": dict(zip(RESOURCES, spec["res"], strict=True)),
            "production": dict(zip(RESOURCES, spec["prod"], strict=True)),
            "tableau": [CARDS[c]["name"] for c in spec["tableau"]],
        }
        if mine:
            view["hand"] = [CARDS[c]["name"] for c in sorted(spec["hand"])]
            view["offer"] = [CARDS[c]["name"] for c in spec["offer"]]
            if min(spec["corp_offer"]) >= 0:
                view["corporation_offer"] = [CORPS[c]["name"] for c in spec["corp_offer"]]
        else:
            view["hand_size"] = len(spec["hand"])
            view["offer_size"] = len(spec["offer"])
        view.update({
            "passed": bool(spec["passed"]), "actions_this_turn": spec["acts"],
            "first_action_due": bool(spec["first_pending"]), "setup_done": bool(spec["setup_done"]),
            "bought": bool(spec["bought"]), "final_greenery_done": bool(spec["final_done"]),
            "steel_value": spec["steel_value"], "titanium_value": spec["ti_value"],
            "requirement_bonus": spec["req_bonus"], "requirement_bonus_next_card": spec["req_next"],
            "tr_raised_this_generation": bool(spec["tr_raised"]), "next_card_discount": spec["next_discount"],
            "card_price": spec["card_price"], "corporation_resources": spec["corp_resources"],
            "corporation_action_used": p in d["corp_used"],
        })
        if "fleets" in spec:
            view["fleets"], view["fleets_used"] = spec["fleets"], spec["fleets_used"]
        seats.append(view)
    pending = []
    for kind, p, card, a, b, c in d["pending"]:
        name = tm_rules.PENDING_NAMES[kind]
        hidden = name == "buyTop" and p != seat
        pending.append({"kind": name, "player": p, "card": CARDS[card]["name"] if card >= 0 else None,
                        "args": [a, b, None if hidden else c]})
    out: dict[str, Any] = {
        "format": FORMAT, "seat": seat, "players": d["np"], "colonies": "colonies" in d,
        "step": STEPS[d["step"]], "phase": PHASES[d["phase"]], "generation": d["gen"],
        "first_player": d["first"], "to_move": d["cur"], "action_player": d["action_player"],
        "temperature": -30 + 2 * d["temp"], "oxygen": d["oxy"], "oceans": d["oceans"],
        "seats": seats,
        "card_resources": {CARDS[c]["name"]: n for c, n in sorted(d["card_resources"].items())},
        "actions_used": [CARDS[c]["name"] for c in d["used"]],
        "board": [{"space": SPACES[sp], "tile": TILE_NAMES[t], "owner": o if o >= 0 else None}
                  for sp, t, o in d["tiles"]],
        "land_claims": [{"space": SPACES[sp], "player": p} for sp, p in d["claims"]],
        "milestones": [{"name": MILESTONES[i], "player": p} for i, p in d["milestones"]],
        "awards": [{"name": AWARDS[i], "player": p} for i, p in d["awards"]],
        "draw_pile": len(d["deck"]), "discard_pile": len(d["discard"]),
        "pending": pending,
    }
    if "colonies" in d:
        out["colony_tiles"] = [{"name": COLONY_NAMES[t], "active": bool(active), "track": track,
                                "colonies": owners, "trader": trader if trader >= 0 else None}
                               for t, active, track, owners, trader in d["colonies"]]
    return out


# ---- reading --------------------------------------------------------------------------------------------

def _obj(data: Any, path: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ObservationError(f"{path}: expected an object, not {type(data).__name__}")
    return data


def _list(data: dict[str, Any], key: str, path: str, default: Any = None) -> list[Any]:
    value = data.get(key, default)
    if not isinstance(value, list):
        raise ObservationError(f"{path}.{key}: expected a list" + ("" if key in data else ", missing"))
    return value


def _int(data: dict[str, Any], key: str, path: str, lo: int = 0, hi: int = 100_000) -> int:
    if key not in data:
        raise ObservationError(f"{path}.{key}: missing")
    return _value(data[key], f"{path}.{key}", lo, hi)


def _value(value: Any, path: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ObservationError(f"{path}: expected an integer, not {value!r}")
    if not lo <= value <= hi:
        raise ObservationError(f"{path}: {value} is out of range [{lo}, {hi}]")
    return value


def _bool(data: dict[str, Any], key: str, path: str) -> int:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise ObservationError(f"{path}.{key}: expected true or false, not {value!r}")
    return int(value)


def _name(value: Any, table: dict[str, int], limit: int, what: str, path: str) -> int:
    if not isinstance(value, str) or value not in table or table[value] >= limit:
        extra = " (not in this game's sets)" if isinstance(value, str) and value in table else ""
        raise ObservationError(f"{path}: unknown {what} {value!r}{extra}")
    return table[value]


def _step(value: Any, names: dict[int, str], path: str) -> int:
    codes = {v: k for k, v in names.items()}
    if not isinstance(value, str) or value not in codes:
        raise ObservationError(f"{path}: expected one of {', '.join(codes)}, not {value!r}")
    return codes[value]


class _Cards:
    """Card places as they are read: each card in one place at most."""

    def __init__(self, ncard: int) -> None:
        self.ncard = ncard
        self.where: dict[int, str] = {}

    def take(self, value: Any, path: str) -> int:
        c = _name(value, CARD_IDS, self.ncard, "project card", path)
        if c in self.where:
            raise ObservationError(f"{path}: {value} is also in {self.where[c]}")
        self.where[c] = path
        return c

    def names(self, data: dict[str, Any], key: str, path: str, hi: int = 400) -> list[int]:
        values = _list(data, key, path)
        if len(values) > hi:
            raise ObservationError(f"{path}.{key}: more than {hi} cards")
        return [self.take(v, f"{path}.{key}[{i}]") for i, v in enumerate(values)]


def state_from_observation(data: Any, seed: int = 0) -> TmState:
    """A TmState consistent with the observation (the seat's own cards as given, the unseen ones one
    sample drawn by ``seed``); ObservationError names the field at fault."""
    data = _obj(data, "observation")
    if data.get("format") != FORMAT:
        raise ObservationError(f"format: expected {FORMAT!r}, not {data.get('format')!r}")
    n = _int(data, "players", "observation", 2, 5)
    seat = _int(data, "seat", "observation", 0, n - 1)
    colonies = _bool(data, "colonies", "observation")
    ncard, ncorp = (len(CARDS), len(CORPS)) if colonies else (BASE_CARDS, BASE_CORPS)
    step = _step(data.get("step"), STEPS, "step")
    setup = step == PK["ST_SETUP"]
    rng = random.Random(seed)
    cards = _Cards(ncard)
    seats = _list(data, "seats", "observation")
    if len(seats) != n:
        raise ObservationError(f"seats: expected {n} seats, not {len(seats)}")
    players: list[dict[str, Any]] = []
    hidden_counts: list[tuple[int, int]] = []       # (hand, offer) of each other seat
    corps_seen: set[int] = set()
    for p, view in enumerate(seats):
        path = f"seats[{p}]"
        view = _obj(view, path)
        corp = -1
        if view.get("corporation") is not None:
            corp = _name(view["corporation"], CORP_IDS, ncorp, "corporation", f"{path}.corporation")
            if corp in corps_seen:
                raise ObservationError(f"{path}.corporation: {view['corporation']} is another seat's too")
            corps_seen.add(corp)
        res, prod = _obj(view.get("resources"), f"{path}.resources"), _obj(view.get("production"),
                                                                         f"{path}.production")
        spec: dict[str, Any] = {
            "tr": _int(view, "tr", path, START_TR, 300), "corp": corp, "corp_offer": [-1, -1],
            "res": [_int(res, r, f"{path}.resources") for r in RESOURCES],
            "prod": [_int(prod, r, f"{path}.production", -5 if r == "megacredits" else 0, 1000) for r in RESOURCES],
            "tableau": cards.names(view, "tableau", path),
            "passed": _bool(view, "passed", path), "acts": _int(view, "actions_this_turn", path, 0, 2),
            "first_pending": _bool(view, "first_action_due", path), "setup_done": _bool(view, "setup_done", path),
            "bought": _bool(view, "bought", path), "final_done": _bool(view, "final_greenery_done", path),
            "steel_value": _int(view, "steel_value", path, 1, 10),
            "ti_value": _int(view, "titanium_value", path, 1, 10),
            "req_bonus": _int(view, "requirement_bonus", path, 0, 10),
            "req_next": _int(view, "requirement_bonus_next_card", path, 0, 10),
            "tr_raised": _bool(view, "tr_raised_this_generation", path),
            "next_discount": _int(view, "next_card_discount", path, 0, 50),
            "card_price": _int(view, "card_price", path, 0, 10),
            "corp_resources": _int(view, "corporation_resources", path, 0, tm_rules.CARD_RESOURCES),
            "corp_used": _bool(view, "corporation_action_used", path),
        }
        if colonies:
            spec["fleets"] = _int(view, "fleets", path, 0, 10)
            spec["fleets_used"] = _int(view, "fleets_used", path, 0, spec["fleets"])
        if p == seat:
            spec["hand"] = cards.names(view, "hand", path)
            spec["offer"] = cards.names(view, "offer", path, hi=10)
            if "corporation_offer" in view:
                offer = _list(view, "corporation_offer", path)
                if len(offer) != 2:
                    raise ObservationError(f"{path}.corporation_offer: expected the 2 corporations dealt")
                spec["corp_offer"] = [_name(c, CORP_IDS, ncorp, "corporation", f"{path}.corporation_offer[{i}]")
                                      for i, c in enumerate(offer)]
                corps_seen.update(spec["corp_offer"])
            hidden_counts.append((0, 0))
        else:
            hidden_counts.append((_int(view, "hand_size", path, 0, ncard), _int(view, "offer_size", path, 0, 10)))
            spec["hand"], spec["offer"] = [], []
        players.append(spec)

    pending = _pending(data, n, seat, ncard, cards)
    for i, (kind, p, _card, a, _b, _c) in enumerate(pending):
        size = len(players[p]["offer"]) if p == seat else hidden_counts[p - (p > seat)][1]
        if kind == PENDING["researchPayment"] and a >> size:
            raise ObservationError(f"pending[{i}].args[0]: the cards paid for ({a:b}) are not all in "
                                   f"the research offer of {size}")
    card_resources = {}
    for name, count in _obj(data.get("card_resources", {}), "card_resources").items():
        c = _name(name, CARD_IDS, ncard, "project card", f"card_resources[{name!r}]")
        if not any(c in spec["tableau"] for spec in players):
            raise ObservationError(f"card_resources[{name!r}]: the card is in no tableau")
        card_resources[c] = _value(count, f"card_resources[{name!r}]", 0, tm_rules.CARD_RESOURCES)
    used = []
    for i, name in enumerate(_list(data, "actions_used", "observation", [])):
        c = _name(name, CARD_IDS, ncard, "project card", f"actions_used[{i}]")
        if not any(c in spec["tableau"] for spec in players):
            raise ObservationError(f"actions_used[{i}]: {name} is in no tableau")
        used.append(c)

    # the unseen cards, in one seeded order, fill every hidden place: others' hands and offers, the piles
    pool = [c for c in range(ncard) if c not in cards.where]
    rng.shuffle(pool)
    deck_n = _int(data, "draw_pile", "observation", 0, ncard)
    discard_n = _int(data, "discard_pile", "observation", 0, ncard)
    hidden_top = [e for e in pending if e[5] is None]
    need = sum(h + o for h, o in hidden_counts) + deck_n + discard_n + len(hidden_top)
    if need != len(pool):
        raise ObservationError(f"draw_pile: the cards do not add up: {len(pool)} cards unseen, but the other "
                               f"hands and offers ({need - deck_n - discard_n - len(hidden_top)}), the draw pile "
                               f"({deck_n}), the discard pile ({discard_n}) and the cards looked at "
                               f"({len(hidden_top)}) hold {need}")
    hidden_corps = [c for c in range(ncorp) if c not in corps_seen]
    rng.shuffle(hidden_corps)
    for p, (h, o) in enumerate(hidden_counts):
        if p == seat:
            continue
        players[p]["hand"] = [pool.pop() for _ in range(h)]
        players[p]["offer"] = [pool.pop() for _ in range(o)]
        if setup and players[p]["corp"] < 0:
            if players[p]["setup_done"]:
                players[p]["corp"] = hidden_corps.pop()        # chosen, shown when everyone has chosen
            elif len(hidden_corps) >= 2:
                players[p]["corp_offer"] = [hidden_corps.pop(), hidden_corps.pop()]
    pending = [(k, p, card, a, b, pool.pop() if c is None else c) for k, p, card, a, b, c in pending]
    deck, discard = pool[:deck_n], pool[deck_n:]

    position = {
        "np": n, "step": step, "phase": _step(data.get("phase"), PHASES, "phase"),
        "gen": _int(data, "generation", "observation", 1, 100),
        "first": _int(data, "first_player", "observation", 0, n - 1),
        "cur": _int(data, "to_move", "observation", 0, n - 1),
        "temp": _temperature(data), "oxy": _int(data, "oxygen", "observation", 0, 14),
        "oceans": _int(data, "oceans", "observation", 0, 9), "seed": rng.getrandbits(64),
        "players": players, "card_resources": card_resources, "used": used,
        "corp_used": [p for p, spec in enumerate(players) if spec.pop("corp_used")],
        "deck": deck, "discard": discard, "pending": pending,
        "action_player": _int(data, "action_player", "observation", -1, n - 1),
        "tiles": _board(data, n), "claims": _claims(data, n),
        "milestones": _funded(data, "milestones", MILESTONES, n), "awards": _funded(data, "awards", AWARDS, n),
    }
    if colonies:
        position["colonies"] = _colony_tiles(data, n)
    check_board([t for _, t, _ in position["tiles"]], position["oceans"], "board", "oceans", ObservationError)
    state = TmState.new(n, 0, colonies=bool(colonies))
    try:
        tm_rules.load_position(state.core, position)
    except (ValueError, KeyError, IndexError, TypeError) as e:
        raise ObservationError(f"the observation describes no position: {e}") from None
    if not state.is_terminal and state.current_player == seat and not state.legal_codes():
        raise ObservationError(f"step: the {data['step']!r} decision of p{seat + 1} has no legal move: the "
                               "fields do not fit together")
    return state


def _temperature(data: dict[str, Any]) -> int:
    t = _int(data, "temperature", "observation", -30, 8)
    if t % 2:
        raise ObservationError(f"observation.temperature: {t} is odd (it moves in steps of 2 °C)")
    return (t + 30) // 2


def _pending(data: dict[str, Any], n: int, seat: int, ncard: int,
             cards: _Cards) -> list[tuple[int, int, int, int, int, int | None]]:
    out = []
    entries = _list(data, "pending", "observation", [])
    if len(entries) > 24:
        raise ObservationError("pending: more than 24 open follow-ups")
    for i, e in enumerate(entries):
        path = f"pending[{i}]"
        e = _obj(e, path)
        kind = e.get("kind")
        if not isinstance(kind, str) or kind not in PENDING_ARGS:
            raise ObservationError(f"{path}.kind: unknown follow-up {kind!r}")
        no_card, *ranges = PENDING_ARGS[kind]
        player = _int(e, "player", path, 0, n - 1)
        card = -1
        if e.get("card") is not None:
            card = _name(e["card"], CARD_IDS, ncard, "project card", f"{path}.card")
        elif not no_card:
            raise ObservationError(f"{path}.card: a {kind} follow-up comes from a card")
        args = e.get("args")
        if not isinstance(args, list) or len(args) != 3:
            raise ObservationError(f"{path}.args: expected 3 arguments")
        values: list[int | None] = []
        for j, (v, (lo, hi)) in enumerate(zip(args, ranges, strict=True)):
            if kind == "buyTop" and j == 2 and v is None and player != seat:
                values.append(None)             # the card the other player looks at
            elif kind == "buyTop" and j == 2:
                values.append(cards.take(CARDS[_value(v, f"{path}.args[2]", lo, min(hi, ncard - 1))]["name"],
                                         f"{path}.args[2]"))
            else:
                values.append(_value(v, f"{path}.args[{j}]", lo, hi))
        a, b, c = values
        assert a is not None and b is not None
        out.append((PENDING[kind], player, card, a, b, c))
    return out


def _board(data: dict[str, Any], n: int) -> list[tuple[int, int, int]]:
    out, seen = [], set()
    for i, t in enumerate(_list(data, "board", "observation", [])):
        path = f"board[{i}]"
        t = _obj(t, path)
        sp = _name(t.get("space"), SPACE_IDS, NSPACE, "space", f"{path}.space")
        if sp in seen:
            raise ObservationError(f"{path}.space: {t['space']} holds another tile")
        seen.add(sp)
        if t.get("tile") not in TILE_NAMES[1:]:
            raise ObservationError(f"{path}.tile: expected one of {', '.join(TILE_NAMES[1:])}, not {t.get('tile')!r}")
        owner = -1 if t.get("owner") is None else _int(t, "owner", path, 0, n - 1)
        out.append((sp, TILE_NAMES.index(t["tile"]), owner))
    return out


def _claims(data: dict[str, Any], n: int) -> list[tuple[int, int]]:
    out = []
    for i, t in enumerate(_list(data, "land_claims", "observation", [])):
        path = f"land_claims[{i}]"
        t = _obj(t, path)
        out.append((_name(t.get("space"), SPACE_IDS, NSPACE, "space", f"{path}.space"),
                    _int(t, "player", path, 0, n - 1)))
    return out


def _funded(data: dict[str, Any], key: str, names: list[str], n: int) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for i, t in enumerate(_list(data, key, "observation", [])):
        path = f"{key}[{i}]"
        t = _obj(t, path)
        if t.get("name") not in names or any(names.index(t["name"]) == x for x, _ in out):
            raise ObservationError(f"{path}.name: unknown or repeated {key[:-1]} {t.get('name')!r}")
        out.append((names.index(t["name"]), _int(t, "player", path, 0, n - 1)))
    if len(out) > 3:
        raise ObservationError(f"{key}: at most 3 are {'claimed' if key == 'milestones' else 'funded'}")
    return out


def _colony_tiles(data: dict[str, Any], n: int) -> list[tuple[int, int, int, list[int], int]]:
    out = []
    tiles = _list(data, "colony_tiles", "observation")
    for i, t in enumerate(tiles):
        path = f"colony_tiles[{i}]"
        t = _obj(t, path)
        tile = _name(t.get("name"), COLONY_IDS, len(COLONY_NAMES), "colony tile", f"{path}.name")
        if any(tile == x[0] for x in out):
            raise ObservationError(f"{path}.name: {t['name']} is listed twice")
        owners = _list(t, "colonies", path)
        if len(owners) > 3:
            raise ObservationError(f"{path}.colonies: at most 3 colonies on a tile")
        seats = [_value(o, f"{path}.colonies[{j}]", 0, n - 1) for j, o in enumerate(owners)]
        trader = -1 if t.get("trader") is None else _int(t, "trader", path, 0, n - 1)
        out.append((tile, _bool(t, "active", path), _int(t, "track", path, 0, 6), seats, trader))
    return out
