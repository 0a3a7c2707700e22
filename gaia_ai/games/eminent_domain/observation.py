"""What one seat of an Eminent Domain game sees, as JSON, and a state rebuilt from it (for suggestions).

    data = observation_json(state, seat)        # plain JSON data: nothing the seat cannot see
    state = state_from_observation(data)        # an EdState the seat cannot tell from the real one

The rebuilt state puts the unseen cards somewhere consistent with what the seat sees (the others' hands
from the multiset of their hand and deck, the fronts of the others' face-down planets among the planets
with the same back, the planet deck in a fixed order); the search resamples all of it (determinize) for
every simulation, so the suggestion depends only on the observation. The format:

    {"format": "eminent-domain-observation/1", "seat": 0, "players": 2,
     "options": {"rules": "bga", "errata": true, "stacks": "bga", "extended": false, "extra_round": true},
     # (without "rules": an observation written before the bga rule set, read as rules "rulebook")
     "flow": {"leader": 0, "dec": 1, "actor": 0, ...},     # the turn's state (state.pxi names, all public)
     "stacks": {"survey": 12, ...}, "politics_out": 2,
     "influence_supply": {"black": 24, "blue": 8, "created": 0},
     "techs_available": ["A2_streamlining_DS", ...],        # action tech ids, double-sided card ids
     "seats": [{"hand": {"survey": 2, ...}, "hand_size": 5, "deck": {...}, "deck_size": 5,   # own seat
                "known_in_hand": {...}, "discard": {...}, "played_action": {...}, "played_role": {...}, "removed": {...},
                "fighters": 0, "influence": 0, "permanents": [], "abundance_pending": 0},
               {"hand_and_deck": {...}, "known_in_hand": {...}, "hand_size": 5, "deck_size": 5, ...}],
     "planets": [{"id": "SA1", "where": "face_up", "owner": 0, "resources": [0]},
                 {"back": {"type": "M", "colonize": 3, "warfare": 2, "start": false},
                  "where": "face_down", "owner": 1, "colonies": ["colonize"], "colony_value": 1}],
     "planet_deck": 21, "planet_deck_top": {"type": "F", "colonize": 4, "warfare": 5, "start": false}}

Cards are named by their kind ids (cards.json: "survey", "A2_streamlining", ...), planets by id; a planet
whose front the seat cannot see has a "back" instead of an "id". Planets in the deck and unused start
planets are not listed (the deck is a count).
"""

from __future__ import annotations

from typing import Any

from gaia_ai._core import ed_rules
from gaia_ai.games.eminent_domain.cards import PLANET_TYPES, STACK_NAMES, cards
from gaia_ai.games.eminent_domain.errors import EdError
from gaia_ai.games.eminent_domain.state import EdOptions, EdState

FORMAT = "eminent-domain-observation/1"
LOC = ed_rules.LOCATIONS
SIZES = ed_rules.SIZES
WHERE = {LOC["discard"]: "discard", LOC["look"]: "look"}
# the turn's state: every field is public (what was led, who decides what, what was picked last)
FLOW = ("leader", "start_player", "turns", "end_triggered", "extra_turn", "finished", "stage", "dec", "actor",
        "role", "role_card", "role_done", "actions_left", "follower", "strength", "left", "last", "sub_kind",
        "sub_stage", "mobilize", "diverse", "genetic", "specialized", "traded_mask", "produced_mask",
        "streamlined", "logistics_first", "extra_round_played")
# flow fields an older observation may lack, and their value then
FLOW_DEFAULTS = {"extra_round_played": 0}
ACTION_DECISION = ed_rules.DECISIONS.index("action")
BLACK_INFLUENCE, BLUE_INFLUENCE = 24, 8   # the influence supply of the box (core.pxi deals the same)
STALL_MOVES = 20_000   # random moves from a rebuilt position that must reach the end (a game takes ~400)

# lowest and highest value of each flow field (players - 1 stands for the last seat)
FLOW_RANGES: dict[str, tuple[int, int | str]] = {
    "leader": (0, "seat"), "start_player": (0, "seat"), "turns": (0, 10_000), "end_triggered": (0, 1),
    "extra_turn": (0, 1), "finished": (0, 1), "stage": (0, len(ed_rules.STAGES) - 1),
    "dec": (0, len(ed_rules.DECISIONS) - 1), "actor": (-1, "seat"), "role": (-1, 5), "role_card": (0, 1),
    "role_done": (0, 1), "actions_left": (0, 2), "follower": (0, "seat"), "strength": (0, 1000),
    "left": (0, 1000), "last": (-1, 2 * SIZES["NPLANET"] + 2), "sub_kind": (-2, SIZES["NKIND"] - 1),
    "sub_stage": (0, SIZES["NKIND"]), "mobilize": (0, 1), "diverse": (0, 1), "genetic": (0, 1),
    "specialized": (-1, 3), "traded_mask": (0, 31), "produced_mask": (0, 31), "streamlined": (0, 1),
    "logistics_first": (0, 1), "extra_round_played": (0, 1)}
ZONES = (("discard", "discard"), ("played_act", "played_action"), ("played_role", "played_role"),
         ("removed", "removed"))
POLITICS = 4          # politics cards in the game (one per starting deck, the rest out)
DECK_CAP = 136        # src_cython/eminent_domain/consts.pxi DECKCAP


class ObservationError(EdError, ValueError):
    """An observation that is malformed or describes no position; the message names the field."""


# ---- writing --------------------------------------------------------------------------------------------

def _kinds(counts: list[int]) -> dict[str, int]:
    names = cards().kinds
    return {names[k]: n for k, n in enumerate(counts) if n}


def _back(i: int) -> dict[str, Any]:
    p = cards().planets[i]
    return {"type": p.type, "colonize": p.colonize_cost, "warfare": p.warfare_cost, "start": i < 6}


def observation_json(state: EdState, seat: int) -> dict[str, Any]:
    """Everything `seat` sees of the position, as JSON data (the module's format)."""
    if not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat} in a {state.players}-player game")
    c = cards()
    raw = state.raw_state()
    seats = []
    for p in range(state.players):
        pl = raw["pl"][p]
        deck = [0] * SIZES["NKIND"]
        for k in pl["deck"][: pl["ndeck"]]:
            deck[k] += 1
        view: dict[str, Any] = {"hand_size": pl["nhand"], "deck_size": pl["ndeck"]}
        if p == seat:
            view["hand"] = _kinds(pl["hand"])
            view["deck"] = _kinds(deck)
        else:
            view["hand_and_deck"] = _kinds([h + d for h, d in zip(pl["hand"], deck, strict=True)])
        view["known_in_hand"] = _kinds(pl["known"])      # public: everyone saw them enter the hand
        for field, name in ZONES:
            view[name] = _kinds(pl[field])
        view.update(fighters=pl["fighters"], influence=pl["influence"],
                    permanents=[c.perms[i] for i in range(len(c.perms)) if (pl["perms"] >> i) & 1],
                    abundance_pending=pl["abund_pending"])
        seats.append(view)
    planets = []
    look_order = raw["look"][: raw["nlook"]]
    for i in sorted(range(len(c.planets)), key=lambda i: (look_order.index(i) if i in look_order else -1, i)):
        loc = raw["planet_loc"][i]
        if loc in (LOC["deck"], LOC["out"]):
            continue
        entry: dict[str, Any]
        if loc >= LOC["owned"]:
            owner, up = divmod(loc - LOC["owned"], 2)
            hidden = not up and owner != seat
            entry = {"where": "face_up" if up else "face_down", "owner": owner}
        else:
            hidden = loc == LOC["look"] and raw["actor"] != seat
            entry = {"where": WHERE[loc]}
        entry = ({"back": _back(i)} if hidden else {"id": c.planets[i].id}) | entry
        if raw["ncol"][i]:
            entry["colonies"] = [c.kinds[k] for k in raw["col"][i][: raw["ncol"][i]]]
            entry["colony_value"] = raw["colval"][i]
        slots = [k for k in range(2) if (raw["planet_res"][i] >> k) & 1]
        if slots:
            entry["resources"] = slots
        if raw["planet_scorched"][i]:
            entry["scorched"] = True
        planets.append(entry)
    # hidden planets in a canonical order (by what is seen), so equal knowledge gives equal JSON
    planets.sort(key=lambda e: (0, "") if "id" in e else (1, repr(sorted(e.items()))))
    return {
        "format": FORMAT, "seat": seat, "players": state.players,
        "options": {"rules": state.options.rules, "errata": state.options.errata, "stacks": state.options.stacks,
                    "extended": state.options.extended, "extra_round": state.options.extra_round},
        "flow": {k: raw[k] for k in FLOW},
        "stacks": dict(zip(STACK_NAMES, raw["stacks"][: len(STACK_NAMES)], strict=True)),
        "politics_out": raw["politics_out"],
        "influence_supply": {"black": raw["supply_black"], "blue": raw["supply_blue"],
                             "created": raw["influence_created"]},
        "techs_available": [t.id for i, t in enumerate(c.techs) if (raw["tech_avail"] >> i) & 1],
        "seats": seats,
        "planets": planets,
        "planet_deck": raw["npdeck"],
        # the back of the deck's top card shows (BGA draws it; at a table the backs show type and costs)
        "planet_deck_top": _back(raw["pdeck"][raw["npdeck"] - 1]) if raw["npdeck"] else None,
    }


# ---- reading --------------------------------------------------------------------------------------------

def _obj(data: Any, path: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ObservationError(f"{path}: expected an object, not {type(data).__name__}")
    return data


def _int(data: dict[str, Any], key: str, path: str, lo: int = 0, hi: int = 1_000_000) -> int:
    if key not in data:
        raise ObservationError(f"{path}.{key}: missing")
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ObservationError(f"{path}.{key}: expected an integer, not {value!r}")
    if not lo <= value <= hi:
        raise ObservationError(f"{path}.{key}: {value} is out of range [{lo}, {hi}]")
    return value


def _counts(data: dict[str, Any], key: str, path: str) -> list[int]:
    """A {card kind: count} object as counts per kind id (missing: none)."""
    out = [0] * SIZES["NKIND"]
    value = _obj(data.get(key, {}), f"{path}.{key}")
    for name in value:
        try:
            k = cards().kind(name)
        except KeyError:
            raise ObservationError(f"{path}.{key}: unknown card {name!r}") from None
        out[k] = _int(value, name, f"{path}.{key}", 0, DECK_CAP)
    return out


def _seats(data: dict[str, Any], raw: dict[str, Any], seat: int, players: int) -> None:
    c = cards()
    views = data.get("seats")
    if not isinstance(views, list) or len(views) != players:
        raise ObservationError(f"seats: expected a list of {players} seats")
    for p, view in enumerate(views):
        path = f"seats[{p}]"
        view = _obj(view, path)
        pl = raw["pl"][p]
        nhand = _int(view, "hand_size", path, 0, DECK_CAP)
        ndeck = _int(view, "deck_size", path, 0, DECK_CAP)
        if p == seat:
            hand, deck = _counts(view, "hand", path), _counts(view, "deck", path)
            known = _counts(view, "known_in_hand", path)
            if any(k > h for k, h in zip(known, hand, strict=True)):
                raise ObservationError(f"{path}.known_in_hand: a card that is not in the hand")
            if sum(hand) != nhand:
                raise ObservationError(f"{path}.hand: {sum(hand)} cards, but hand_size is {nhand}")
            if sum(deck) != ndeck:
                raise ObservationError(f"{path}.deck: {sum(deck)} cards, but deck_size is {ndeck}")
        else:
            both, known = _counts(view, "hand_and_deck", path), _counts(view, "known_in_hand", path)
            if sum(both) != nhand + ndeck:
                raise ObservationError(f"{path}.hand_and_deck: {sum(both)} cards, but hand_size + deck_size "
                                       f"is {nhand + ndeck}")
            if any(k > b for k, b in zip(known, both, strict=True)) or sum(known) > nhand:
                raise ObservationError(f"{path}.known_in_hand: more cards than hand_and_deck or hand_size hold")
            # the hand: the known cards, then the first unknown ones in kind order (the search resamples it)
            hand, deck = list(known), [b - k for b, k in zip(both, known, strict=True)]
            need = nhand - sum(known)
            for k in range(len(deck)):
                take = min(need, deck[k])
                hand[k] += take
                deck[k] -= take
                need -= take
        pl["hand"], pl["known"], pl["nhand"], pl["ndeck"] = hand, known, nhand, ndeck
        pl["deck"] = [k for k, n in enumerate(deck) for _ in range(n)] + [0] * (DECK_CAP - ndeck)
        for field, name in ZONES:
            pl[field] = _counts(view, name, path)
        pl["fighters"] = _int(view, "fighters", path)
        pl["influence"] = _int(view, "influence", path)
        pl["abund_pending"] = _int(view, "abundance_pending", path, 0, 100)
        perms = view.get("permanents", [])
        if not isinstance(perms, list) or any(not isinstance(x, str) or x not in c.perms for x in perms):
            raise ObservationError(f"{path}.permanents: expected a list of permanent tech ids, not {perms!r}")
        _once(perms, f"{path}.permanents")
        pl["perms"] = sum(1 << c.perms.index(x) for x in set(perms))


def _planets(data: dict[str, Any], raw: dict[str, Any], players: int) -> None:
    c = cards()
    n = len(c.planets)
    raw["planet_loc"] = [-1] * n
    raw["planet_res"], raw["planet_scorched"], raw["ncol"], raw["colval"] = [0] * n, [0] * n, [0] * n, [0] * n
    raw["col"] = [[0] * SIZES["COLCAP"] for _ in range(n)]
    entries = data.get("planets")
    if not isinstance(entries, list):
        raise ObservationError("planets: expected a list")
    placed: list[tuple[int, dict[str, Any], str]] = []
    hidden: list[tuple[dict[str, Any], dict[str, Any], str]] = []
    for j, entry in enumerate(entries):
        path = f"planets[{j}]"
        entry = _obj(entry, path)
        if "id" in entry:
            try:
                i = c.planet(entry["id"])
            except (KeyError, TypeError):
                raise ObservationError(f"{path}.id: unknown planet {entry['id']!r}") from None
            if raw["planet_loc"][i] != -1:
                raise ObservationError(f"{path}.id: planet {entry['id']} is listed twice")
            raw["planet_loc"][i] = -2        # claimed; its place is set below
            placed.append((i, entry, path))
        else:
            hidden.append((_obj(entry.get("back"), f"{path}.back"), entry, path))
    for back, entry, path in hidden:
        want = (back.get("type"), back.get("colonize"), back.get("warfare"), back.get("start"))
        if want[0] not in PLANET_TYPES:
            raise ObservationError(f"{path}.back.type: expected one of {PLANET_TYPES}, not {want[0]!r}")
        free = [i for i in range(n) if raw["planet_loc"][i] == -1 and
                (c.planets[i].type, c.planets[i].colonize_cost, c.planets[i].warfare_cost, i < 6) == want]
        if not free:
            raise ObservationError(f"{path}.back: no unseen planet left with this back {back!r}")
        raw["planet_loc"][free[0]] = -2
        placed.append((free[0], entry, path))
    look = []
    for i, entry, path in placed:
        where = entry.get("where")
        if where in ("face_up", "face_down"):
            owner = _int(entry, "owner", path, 0, players - 1)
            raw["planet_loc"][i] = LOC["owned"] + 2 * owner + (where == "face_up")
        elif where in ("discard", "look"):
            raw["planet_loc"][i] = LOC[where]
            if where == "look":
                look.append(i)
        else:
            raise ObservationError(f"{path}.where: expected face_up, face_down, discard or look, not {where!r}")
        colonies = entry.get("colonies", [])
        if not isinstance(colonies, list) or len(colonies) > SIZES["COLCAP"]:
            raise ObservationError(f"{path}.colonies: expected a list of at most {SIZES['COLCAP']} cards")
        if colonies and where != "face_down":
            raise ObservationError(f"{path}.colonies: only a face-down planet holds colonies")
        for m, name in enumerate(colonies):
            try:
                raw["col"][i][m] = c.kind(name)
            except (KeyError, TypeError):
                raise ObservationError(f"{path}.colonies[{m}]: unknown card {name!r}") from None
        raw["ncol"][i] = len(colonies)
        raw["colval"][i] = _int(entry, "colony_value", path, 0, 100) if colonies else 0
        slots = entry.get("resources", [])
        if not isinstance(slots, list) or any(isinstance(s, bool) or not isinstance(s, int)
                                              or s not in range(len(c.planets[i].resource_slots)) for s in slots):
            raise ObservationError(f"{path}.resources: slots of {c.planets[i].id} are "
                                   f"{list(range(len(c.planets[i].resource_slots)))}, not {slots!r}")
        _once(slots, f"{path}.resources")
        raw["planet_res"][i] = sum(1 << s for s in set(slots))
        raw["planet_scorched"][i] = int(bool(entry.get("scorched", False)))
    rest = [i for i in range(n) if raw["planet_loc"][i] == -1]
    for i in rest:
        raw["planet_loc"][i] = LOC["out"] if i < 6 else LOC["deck"]
    deck = [i for i in rest if i >= 6]
    if _int(data, "planet_deck", "observation", 0, n) != len(deck):
        raise ObservationError(f"planet_deck: {data['planet_deck']} planets, but {len(deck)} deck planets are "
                               "not listed")
    top = data.get("planet_deck_top")        # older observations lack it: any deck planet on top
    if top is not None and deck:
        top = _obj(top, "planet_deck_top")
        want = (top.get("type"), top.get("colonize"), top.get("warfare"), top.get("start", False))
        match = [i for i in deck if (c.planets[i].type, c.planets[i].colonize_cost, c.planets[i].warfare_cost,
                                     i < 6) == want]
        if not match:
            raise ObservationError(f"planet_deck_top: no unlisted deck planet has the back {top!r}")
        deck.remove(match[0])
        deck.append(match[0])
    raw["pdeck"] = deck + [0] * (n - len(deck))
    raw["npdeck"] = len(deck)
    raw["look"] = look + [0] * (n - len(look))
    raw["nlook"] = len(look)


def _check_cards(raw: dict[str, Any], opt: dict[str, Any], players: int) -> None:
    """Every card in exactly one place: the role cards of each stack, the politics cards, one of each
    action tech (owned or in the supply), and no permanent owned while its card is in the supply."""
    c = cards()
    total = [0] * SIZES["NKIND"]
    for p in range(players):
        pl = raw["pl"][p]
        for field in ("hand", "discard", "played_act", "played_role", "removed"):
            total = [t + x for t, x in zip(total, pl[field], strict=True)]
        for k in pl["deck"][: pl["ndeck"]]:
            total[k] += 1
    for i in range(len(c.planets)):
        for k in raw["col"][i][: raw["ncol"][i]]:
            total[k] += 1
    for k, name in enumerate(STACK_NAMES):
        if total[k] + raw["stacks"][k] != opt["stack_total"][k]:
            raise ObservationError(f"stacks.{name}: {raw['stacks'][k]} in the stack and {total[k]} owned, but the "
                                   f"game has {opt['stack_total'][k]} {name} cards")
    if total[5] + raw["politics_out"] != POLITICS:
        raise ObservationError(f"politics_out: {raw['politics_out']} out and {total[5]} owned, but the game has "
                               f"{POLITICS} politics cards")
    for t, tech in enumerate(c.techs):
        available = (raw["tech_avail"] >> t) & 1
        if not tech.sides:
            owned = total[c.kind(tech.id)]
            if owned + available != 1:
                raise ObservationError(f"techs_available: {tech.id} is {'owned' if owned else 'missing'}"
                                       f"{' and in the supply' if available else ''} ({owned} owned)")
        else:
            sides = [c.perms.index(s) for s in tech.sides]
            owners = sum(1 for p in range(players) for s in sides if (raw["pl"][p]["perms"] >> s) & 1)
            if owners + available != 1:
                raise ObservationError(f"techs_available: {tech.id} is owned {owners} time(s)"
                                       f"{' and in the supply' if available else ''}")


def _once(values: list[Any], path: str) -> None:
    """Each piece of a list is listed once (a card, a tech or a resource slot is one piece of the box)."""
    seen: set[Any] = set()
    for j, v in enumerate(values):
        if v in seen:
            raise ObservationError(f"{path}[{j}]: {v!r} is listed twice")
        seen.add(v)


def _check_influence(raw: dict[str, Any], players: int) -> None:
    """The influence tokens the seats hold are those the supply gave out: the black ones first, then the
    blue reserve, then tokens created when both ran out (BGA's rule; the core pays them in that order)."""
    black, blue, created = raw["supply_black"], raw["supply_blue"], raw["influence_created"]
    if blue < BLUE_INFLUENCE and black:
        raise ObservationError(f"influence_supply.blue: {blue}, but the blue reserve is used only once the "
                               f"black supply is empty ({black} left)")
    if created and (black or blue):
        raise ObservationError(f"influence_supply.created: {created}, but tokens are created only once both "
                               f"supplies are empty ({black} black, {blue} blue left)")
    given = BLACK_INFLUENCE - black + BLUE_INFLUENCE - blue + created
    held = sum(raw["pl"][p]["influence"] for p in range(players))
    if held != given:
        raise ObservationError(f"seats[*].influence: the seats hold {held} influence in all, but the supply has "
                               f"given out {given} ({BLACK_INFLUENCE} - {black} black + {BLUE_INFLUENCE} - {blue} "
                               f"blue + {created} created)")


def state_from_observation(data: Any) -> EdState:
    """An EdState consistent with the observation (the seat's own cards as given, the unseen ones placed
    consistently: see the module's doc); ObservationError names the field at fault."""
    data = _obj(data, "observation")
    if data.get("format") != FORMAT:
        raise ObservationError(f"format: expected {FORMAT!r}, not {data.get('format')!r}")
    players = _int(data, "players", "observation", 2, SIZES["MAXP"])
    seat = _int(data, "seat", "observation", 0, players - 1)
    o = _obj(data.get("options", {}), "options")
    try:
        rules = o.get("rules", "rulebook")     # an observation without it predates the bga rule set
        options = EdOptions(bool(o.get("errata", rules == "bga")), str(o.get("stacks", "bga")),
                            bool(o.get("extended", False)), str(rules), bool(o.get("extra_round", rules == "bga")))
        state = EdState.new(players, 0, options)
    except EdError as e:
        raise ObservationError(f"options: {e}") from None
    raw = state.raw_state()
    flow = _obj(data.get("flow"), "flow")
    for key in FLOW:
        lo, hi = FLOW_RANGES[key]
        if key in FLOW_DEFAULTS and key not in flow:
            raw[key] = FLOW_DEFAULTS[key]
            continue
        raw[key] = _int(flow, key, "flow", lo, players - 1 if hi == "seat" else int(hi))
    stacks = _obj(data.get("stacks"), "stacks")
    raw["stacks"] = [_int(stacks, name, "stacks", 0, 100) for name in STACK_NAMES]
    raw["politics_out"] = _int(data, "politics_out", "observation", 0, POLITICS)
    supply = _obj(data.get("influence_supply"), "influence_supply")
    raw["supply_black"] = _int(supply, "black", "influence_supply", 0, BLACK_INFLUENCE)
    raw["supply_blue"] = _int(supply, "blue", "influence_supply", 0, BLUE_INFLUENCE)
    raw["influence_created"] = _int(supply, "created", "influence_supply", 0, 10_000)
    techs = data.get("techs_available")
    ids = [t.id for t in cards().techs]
    if not isinstance(techs, list) or any(not isinstance(t, str) or t not in ids for t in techs):
        raise ObservationError(f"techs_available: expected a list of tech card ids, not {techs!r}")
    _once(techs, "techs_available")
    raw["tech_avail"] = sum(1 << ids.index(t) for t in set(techs))
    _seats(data, raw, seat, players)
    _planets(data, raw, players)
    _check_cards(raw, raw["opt"], players)
    _check_influence(raw, players)
    if not raw["finished"] and raw["actor"] < 0:
        raise ObservationError("flow.actor: -1, but the game is not finished")
    if raw["dec"] == ACTION_DECISION and raw["actions_left"] < 1:
        raise ObservationError(f"flow.actions_left: {raw['actions_left']} at an action decision (dec "
                               f"{ACTION_DECISION}): the seat acting has an action left")
    raw["rng"] = 0x5EED
    rebuilt = state.with_raw_state(raw)
    # the seat's own decision must have moves (another seat's depends on cards placed here at random)
    if not rebuilt.is_terminal and rebuilt.current_player == seat and not rebuilt.legal_moves():
        raise ObservationError(f"flow: the {rebuilt.decision!r} decision of p{rebuilt.current_player + 1} has no "
                               "legal move: the flow fields do not fit the position")
    # flow fields that fit no real turn can also loop (a decision whose answers lead back to it), or lead
    # to a later decision with no legal move: a search would crawl through capped rollouts, or stop.
    # Random play from a real position ends within a few hundred moves, and never meets a decision
    # without moves; probes of STALL_MOVES each, on the position and on samples of what the seat cannot
    # see (as the search draws them), must end (a few ms)
    for probe_seed in (1, 2, 3, 4):
        probe = (rebuilt if probe_seed <= 2 else rebuilt.determinize(seat, probe_seed))._core.copy()
        moves = probe.random_playout(probe_seed, STALL_MOVES)
        if not probe.finished:
            why = (f"{STALL_MOVES} random moves and no end" if moves >= STALL_MOVES
                   else f"after {moves} random moves a decision has no legal move")
            raise ObservationError(f"flow: the game does not progress from this {rebuilt.decision!r} decision "
                                   f"({why}): the flow fields do not fit the position")
    return rebuilt
