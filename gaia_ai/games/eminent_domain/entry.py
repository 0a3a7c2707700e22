"""A position a person types: a small JSON of what one seat sees at a real table or on Board Game Arena,
turned into that seat's full observation (observation.py), from which the search suggests moves.

    data = observation_from_entry(entry)        # ObservationError (EntryError) names the field at fault
    state = state_from_observation(data)

No online version exports its state, so the entry asks only for what a player can read off the table
and gives defaults for the rest. The format (every field but "seats" and "planets" optional):

    {"format": "eminent-domain-entry/1",
     "players": 2, "seat": 0,                          # how many play; whose view (and decision) it is
     "rules": "bga",                                   # or "rulebook"; also "errata", "extra_round",
                                                       #   "stacks" ("bga"|"full"), "extended" (the options)
     "turn": {"leader": 0, "decision": "action",       # action | role (the action is over) | follow
              "role": "warfare",                       # follow only: the role led ("produce"/"trade" too)
              "led": ["warfare"],                      # follow only: the cards the leader played for it
              "start_player": 0, "round": 1},          #   (default: the role card, when its stack has one)
     "stacks": {"survey": 12, ...},                    # role cards left in each stack (default: see below)
     "influence_supply": 20,                           # black tokens left (default: 24 less those held)
     "techs_available": [...],                         # default: every tech nobody owns
     "planet_deck": 21,                                # default: every deck planet not listed
     "planet_deck_top": {"type": "F", "colonize": 4, "warfare": 5},   # the top card's back (optional)
     "seats": [{"hand": {"survey": 2, "colonize": 1},   # own hand: cards ({kind: n} or a list of kinds)
                "deck": 5, "discard": ["warfare"],      # a count or cards; discard default: empty
                "fighters": 0, "influence": 0, "permanents": [], "removed": {}},
               {"hand": 5, "deck": 3, "discard": 2,           # another seat: its hand as a count, and
                "owns": ["A2_data_network"], ...}],           #   cards known in its hand or deck (bought)
     "planets": [{"id": "SA1", "owner": 0, "face_up": true, "resources": ["silicon"]},
                 {"id": "A4", "owner": 0, "colonies": 2},                  # face down, 2 colony cards
                 {"back": {"type": "M", "colonize": 3, "warfare": 2}, "owner": 1},   # a front you cannot see
                 {"back": {"start": true}, "owner": 1},                    # another seat's start planet
                 {"id": "F5", "where": "discard"}]}                         # the planet discard

Cards are kind ids of cards.json ("survey", "produce_trade", "politics", "A2_diverse_markets", ...);
planets are ids ("SA1", "F5"); resources are names ("food") or slot numbers; colonies are a count (of
Colonize cards) or a list of kinds. Defaults for what a player cannot know or would not type:

- Cards whose kinds are not given (another seat's hand and deck, a deck or discard given as a count) are
  taken, per seat, first from what its starting deck (2 survey, 1 warfare, 2 colonize, 2 produce/trade,
  2 research, 1 politics) lacks among the cards named in its zones, then from the role cards out of the
  stacks, in turn by kind. The search resamples the others' hands from their hand + deck in any case.
- Without "stacks", the stacks hold every role card of the game not in a zone; with them, the cards of
  the box must add up: a count that exceeds the box is refused by name, so is a box card left nowhere.
- Tokens, fighters, resources, removed cards: none unless given. The turn: the seat's own action phase.

Refused by name (EntryError, a ValueError): unknown fields, cards, planets or values; a card count that
exceeds the box; a planet in two places, or a back no unseen planet has; a tech owned twice or owned and
in the supply; a decision that is not the seat's.
"""

from __future__ import annotations

from typing import Any

from gaia_ai._core import ed_rules
from gaia_ai.games.eminent_domain.cards import (
    PLANET_TYPES,
    ROLE_KINDS,
    ROLE_NAMES,
    STACK_NAMES,
    SYMBOLS,
    cards,
)
from gaia_ai.games.eminent_domain.observation import FORMAT as OBSERVATION_FORMAT
from gaia_ai.games.eminent_domain.observation import ObservationError, state_from_observation
from gaia_ai.games.eminent_domain.state import RULE_SETS, STACK_MODES, EdOptions

FORMAT = "eminent-domain-entry/1"
START_DECK = {"survey": 2, "warfare": 1, "colonize": 2, "produce_trade": 2, "research": 2, "politics": 1}
POLITICS = 4
DECISIONS = ("action", "role", "follow")
TOP = {"format", "players", "seat", "rules", "errata", "extra_round", "stacks", "stack_mode", "extended", "turn",
       "influence_supply", "techs_available", "planet_deck", "planet_deck_top", "seats", "planets"}
SEAT_FIELDS = {"hand", "deck", "discard", "fighters", "influence", "permanents", "removed", "owns"}
TURN_FIELDS = {"leader", "decision", "role", "led", "start_player", "round", "end_triggered", "extra_round_played"}
PLANET_FIELDS = {"id", "back", "owner", "face_up", "where", "resources", "colonies"}
MAX_CARDS = 136


class EntryError(ObservationError):
    """A typed position that is malformed or impossible; the message names the field."""


def _fields(data: Any, allowed: set[str], path: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise EntryError(f"{path}: expected an object, not {type(data).__name__}")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise EntryError(f"{path}.{unknown[0]}: unknown field (known: {', '.join(sorted(allowed))})")
    return data


def _int(value: Any, path: str, lo: int = 0, hi: int = 1000) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EntryError(f"{path}: expected an integer, not {value!r}")
    if not lo <= value <= hi:
        raise EntryError(f"{path}: {value} is out of range [{lo}, {hi}]")
    return value


def _bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise EntryError(f"{path}: expected true or false, not {value!r}")
    return value


def _cards(value: Any, path: str) -> dict[str, int]:
    """{kind: n} or [kind, ...] as {kind: n}; unknown kinds refused."""
    kinds = cards().kinds
    out: dict[str, int] = {}
    if isinstance(value, list):
        for i, name in enumerate(value):
            if name not in kinds:
                raise EntryError(f"{path}[{i}]: unknown card {name!r}")
            out[name] = out.get(name, 0) + 1
        return out
    if isinstance(value, dict):
        for name, n in value.items():
            if name not in kinds:
                raise EntryError(f"{path}.{name}: unknown card {name!r}")
            if n:
                out[name] = _int(n, f"{path}.{name}", 0, MAX_CARDS)
        return out
    raise EntryError(f"{path}: expected cards ({{kind: count}} or a list of kinds), not {value!r}")


def _cards_or_count(value: Any, path: str) -> tuple[dict[str, int], int]:
    """(named cards, count of cards of unknown kinds)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return {}, _int(value, path, 0, MAX_CARDS)
    return _cards(value, path), 0


def _options(e: dict[str, Any], players: int) -> EdOptions:
    rules = e.get("rules", "bga")
    if rules not in RULE_SETS:
        raise EntryError(f"rules: expected one of {', '.join(RULE_SETS)}, not {rules!r}")
    mode = e.get("stack_mode", "bga")
    if mode not in STACK_MODES:
        raise EntryError(f"stack_mode: expected one of {', '.join(STACK_MODES)}, not {mode!r}")
    opts = EdOptions(errata=_bool(e["errata"], "errata") if "errata" in e else None, stacks=mode,
                     extended=_bool(e.get("extended", False), "extended"), rules=rules,
                     extra_round=_bool(e["extra_round"], "extra_round") if "extra_round" in e else None)
    try:
        opts.validate(players)
    except ValueError as err:
        raise EntryError(f"rules: {err}") from None
    return opts


def _planets(e: dict[str, Any], players: int) -> tuple[list[dict[str, Any]], dict[int, dict[str, int]]]:
    """The observation's planet entries and the colony cards under each owner's planets."""
    c = cards()
    entries = e.get("planets", [])
    if not isinstance(entries, list):
        raise EntryError("planets: expected a list")
    ids = {p.id: i for i, p in enumerate(c.planets)}
    seen: dict[int, str] = {}
    checked = []
    for j, raw in enumerate(entries):          # first every id: a back takes a planet no id names
        path = f"planets[{j}]"
        pe = _fields(raw, PLANET_FIELDS, path)
        if "id" in pe:
            if pe["id"] not in ids:
                raise EntryError(f"{path}.id: unknown planet {pe['id']!r}")
            i = ids[pe["id"]]
            if i in seen:
                raise EntryError(f"{path}.id: {pe['id']} is in two places ({seen[i]} and {path})")
            seen[i] = path
        elif "back" not in pe:
            raise EntryError(f"{path}: a planet needs an id, or a back for one whose front you cannot see")
        checked.append((path, pe))
    taken = set(seen)
    out: list[dict[str, Any]] = []
    colonies: dict[int, dict[str, int]] = {p: {} for p in range(players)}
    for path, pe in checked:
        where = pe.get("where", "owned" if "owner" in pe else None)
        obs: dict[str, Any] = {}
        if where == "owned":
            owner = _int(pe.get("owner"), f"{path}.owner", 0, players - 1)
            up = _bool(pe.get("face_up", False), f"{path}.face_up")
            obs.update(where="face_up" if up else "face_down", owner=owner)
        elif where == "discard":
            if "owner" in pe or "face_up" in pe:
                raise EntryError(f"{path}: a planet in the discard has no owner")
            obs["where"] = "discard"
        else:
            raise EntryError(f"{path}.where: give an owner, or where 'discard', not {where!r}")
        if "id" in pe:
            i = ids[pe["id"]]
            obs = {"id": pe["id"]} | obs
        else:
            if obs["where"] != "face_down":
                raise EntryError(f"{path}.back: only a face-down planet hides its front")
            back = _fields(pe["back"], {"type", "colonize", "warfare", "start"}, f"{path}.back")
            start = _bool(back.get("start", False), f"{path}.back.start")
            if not start and back.get("type") not in PLANET_TYPES:
                raise EntryError(f"{path}.back.type: expected one of {', '.join(PLANET_TYPES)}, "
                                 f"not {back.get('type')!r}")
            if start:   # start planets' backs all look alike (type shown, costs 2/2)
                want = [k for k in range(6) if k not in taken and back.get("type", c.planets[k].type) ==
                        c.planets[k].type]
            else:
                want = [k for k in range(6, len(c.planets)) if k not in taken and c.planets[k].type == back["type"]
                        and c.planets[k].colonize_cost == back.get("colonize")
                        and c.planets[k].warfare_cost == back.get("warfare")]
            if not want:
                raise EntryError(f"{path}.back: no unseen planet is left with the back {pe['back']!r} "
                                 "(each planet is in one place only)")
            i = want[0]
            taken.add(i)
            q = c.planets[i]
            obs = {"back": {"type": q.type, "colonize": q.colonize_cost, "warfare": q.warfare_cost,
                            "start": i < 6}} | obs
        planet = c.planets[i]
        if "resources" in pe:
            if obs["where"] != "face_up":
                raise EntryError(f"{path}.resources: only a face-up planet holds resources")
            values = pe["resources"]
            if not isinstance(values, list):
                raise EntryError(f"{path}.resources: expected a list of resources or slot numbers")
            slots: list[int] = []
            for m, r in enumerate(values):
                free = [k for k, t in enumerate(planet.resource_slots) if k not in slots and
                        (r == t or (isinstance(r, int) and not isinstance(r, bool) and r == k))]
                if not free:
                    raise EntryError(f"{path}.resources[{m}]: {planet.id} has no free slot for {r!r} "
                                     f"(its slots: {', '.join(planet.resource_slots) or 'none'})")
                slots.append(free[0])
            if slots:
                obs["resources"] = sorted(slots)
        if "colonies" in pe:
            if obs["where"] != "face_down":
                raise EntryError(f"{path}.colonies: only a face-down planet holds colonies")
            named, count = _cards_or_count(pe["colonies"], f"{path}.colonies")
            kinds = [k for k, n in named.items() for _ in range(n)] + ["colonize"] * count
            if len(kinds) > ed_rules.SIZES["COLCAP"]:
                raise EntryError(f"{path}.colonies: at most {ed_rules.SIZES['COLCAP']} under one planet")
            if kinds:
                obs["colonies"] = kinds
                obs["_path"] = path
                for k in kinds:
                    colonies[obs["owner"]][k] = colonies[obs["owner"]].get(k, 0) + 1
        out.append(obs)
    return out, colonies


def _colony_value(kinds: list[str], perms: list[str], path: str) -> int:
    """Colonies the tucked cards count: their Colonize symbols (Adaptability: a research card shows one)."""
    syms = tables_symbols()
    value = 0
    for m, kind in enumerate(kinds):
        n = syms[kind][2]
        if kind == "research" and "A3_adaptability" in perms:
            n = 1
        if n == 0:
            raise EntryError(f"{path}.colonies[{m}]: {kind} shows no Colonize symbol, so it is never a colony")
        value += n
    return value


def tables_symbols() -> dict[str, list[int]]:
    """Each card kind's symbols per role (S W C P T R), from cards.json."""
    raw = cards().raw
    roles = {r["id"]: r["symbols"] for r in raw["role_cards"]}
    acts = {t["id"]: t["symbols"] for t in raw["technologies"]["cards"] if t["kind"] == "action"}
    return {k: [(roles | acts)[k].count(x) for x in SYMBOLS] for k in cards().kinds}


def observation_from_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """The full observation (eminent-domain-observation/1) of the typed position `entry` (the module's
    format), checked by rebuilding it (state_from_observation). EntryError names the field at fault."""
    c = cards()
    if isinstance(entry, dict) and entry.get("format", FORMAT) != FORMAT:   # before its fields: another format's
        raise EntryError(f"format: expected {FORMAT!r}, not {entry.get('format')!r}")
    e = _fields(entry, TOP, "entry")
    players = _int(e.get("players", 2), "players", 2, ed_rules.SIZES["MAXP"])
    seat = _int(e.get("seat", 0), "seat", 0, players - 1)
    opts = _options(e, players)
    totals, empty_to_end = opts.stack_setup(players)
    # ---- the seats' zones: named cards and counts of unknown kinds ----
    views = e.get("seats")
    if not isinstance(views, list) or len(views) != players:
        raise EntryError(f"seats: expected a list of {players} seats (one per player, in seat order)")
    planets, colonies = _planets(e, players)
    named: list[dict[str, dict[str, int]]] = []
    unknown: list[dict[str, int]] = []
    perms_of: list[list[str]] = []
    perm_owner: dict[str, str] = {}
    sizes: list[tuple[int, int]] = []
    for p, raw in enumerate(views):
        path = f"seats[{p}]"
        v = _fields(raw, SEAT_FIELDS, path)
        zones: dict[str, dict[str, int]] = {"hand": {}, "deck": {}, "discard": {}}
        counts = {"hand": 0, "deck": 0, "discard": 0}
        if p == seat:
            if "hand" not in v or isinstance(v["hand"], int):
                raise EntryError(f"{path}.hand: your own hand, as cards ({{kind: count}} or a list)")
            zones["hand"] = _cards(v["hand"], f"{path}.hand")
        else:
            if "hand" in v and not isinstance(v["hand"], int):
                raise EntryError(f"{path}.hand: another seat's hand is a count (you cannot see its cards)")
            counts["hand"] = _int(v.get("hand", 5), f"{path}.hand", 0, MAX_CARDS)
        if "deck" not in v:
            raise EntryError(f"{path}.deck: missing (the number of cards in the deck, or its cards)")
        for zone in ("deck", "discard"):
            if zone in v:
                zones[zone], counts[zone] = _cards_or_count(v[zone], f"{path}.{zone}")
        if p != seat and zones["deck"]:
            raise EntryError(f"{path}.deck: another seat's deck is a count")
        sizes.append((sum(zones["hand"].values()) + counts["hand"], sum(zones["deck"].values()) + counts["deck"]))
        if p != seat:
            # cards known to be among its hand and deck (the action techs it bought, the cards it took)
            zones["owns"] = _cards(v.get("owns", {}), f"{path}.owns")
            n_owns = sum(zones["owns"].values())
            if n_owns > counts["hand"] + counts["deck"]:
                raise EntryError(f"{path}.owns: {n_owns} cards, more than its hand and deck hold "
                                 f"({counts['hand'] + counts['deck']})")
            if counts["deck"] >= n_owns:
                counts["deck"] -= n_owns
            else:
                counts["hand"] -= n_owns - counts["deck"]
                counts["deck"] = 0
        elif "owns" in v:
            raise EntryError(f"{path}.owns: your own cards are named in your hand and deck")
        zones["removed"] = _cards(v.get("removed", {}), f"{path}.removed")
        zones["colonies"] = colonies[p]
        perms = v.get("permanents", [])
        if not isinstance(perms, list):
            raise EntryError(f"{path}.permanents: expected a list of permanent tech sides")
        for m, x in enumerate(perms):
            if x not in c.perms:
                raise EntryError(f"{path}.permanents[{m}]: unknown permanent {x!r} (e.g. {c.perms[0]})")
            card = next(t.id for t in c.techs if x in t.sides)
            if card in perm_owner:
                raise EntryError(f"{path}.permanents[{m}]: {card} ({x}) is owned twice ({perm_owner[card]})")
            perm_owner[card] = f"{path}.permanents[{m}]"
        perms_of.append(list(perms))
        named.append(zones)
        unknown.append(counts)
    for pe in planets:
        if "colonies" in pe:
            pe["colony_value"] = _colony_value(pe["colonies"], perms_of[pe["owner"]], pe.pop("_path"))
    # ---- the leader's played cards (a follow decision) ----
    turn = _fields(e.get("turn", {}), TURN_FIELDS, "turn")
    decision = turn.get("decision", "action")
    if decision not in DECISIONS:
        raise EntryError(f"turn.decision: expected one of {', '.join(DECISIONS)}, not {decision!r}")
    leader = _int(turn.get("leader", seat), "turn.leader", 0, players - 1)
    if decision in ("action", "role") and leader != seat:
        raise EntryError(f"turn.leader: an {decision} decision is the leader's, but seat is {seat}: enter the "
                         "position of the seat to decide")
    if decision == "follow" and leader == seat:
        raise EntryError("turn.leader: a follow decision is another seat's than the leader's")
    role = -1
    played: dict[str, int] = {}
    stacks_given = "stacks" in e
    if decision == "follow":
        if turn.get("role") not in ROLE_NAMES:
            raise EntryError(f"turn.role: expected the role led, one of {', '.join(ROLE_NAMES)}, "
                             f"not {turn.get('role')!r}")
        role = ROLE_NAMES.index(turn["role"])
        stack = role_stack(role)
        if "led" in turn:
            played = _cards(turn["led"], "turn.led")
        else:
            played = {stack: 1}
    elif "role" in turn or "led" in turn:
        raise EntryError(f"turn.{'role' if 'role' in turn else 'led'}: only a follow decision has a role led")
    named[leader]["played"] = played
    # ---- the box: role cards and politics in zones, techs owned ----
    known = {k: 0 for k in ROLE_KINDS}
    tech_owner: dict[str, str] = {}
    for p, zones in enumerate(named):
        for zone, cs in zones.items():
            for kind, n in cs.items():
                if kind in known:
                    known[kind] += n
                else:
                    where = f"seats[{p}].{zone}"
                    if n > 1 or kind in tech_owner:
                        raise EntryError(f"{where}: {kind} is in two places (the game has one)")
                    tech_owner[kind] = where
    box = {name: totals[i] for i, name in enumerate(STACK_NAMES)} | {"politics": players}
    stacks: dict[str, int] = {}
    if stacks_given:
        sv = _fields(e["stacks"], set(STACK_NAMES), "stacks")
        for name in STACK_NAMES:
            stacks[name] = _int(sv.get(name, 0), f"stacks.{name}", 0, box[name])
    pool = {k: box[k] - known[k] - stacks.get(k, 0) for k in ROLE_KINDS}
    for k in ROLE_KINDS:
        if pool[k] < 0:
            where = [f"seats[{p}].{zone} {cs[k]}" for p, zones in enumerate(named)
                     for zone, cs in zones.items() if cs.get(k)]
            if k in stacks:
                where.append(f"stacks.{k} {stacks[k]}")
            raise EntryError(f"{k}: {known[k] + stacks.get(k, 0)} cards ({', '.join(where)}) exceed the {box[k]} "
                             f"{k} cards of the game: a card count that exceeds the box")
    # ---- cards of unknown kinds: each seat's starting deck first, then the rest of the box ----
    filled: list[dict[str, int]] = [{} for _ in range(players)]
    for p in range(players):
        need = sum(unknown[p].values())
        mine = {k: sum(z.get(k, 0) for z in named[p].values()) for k in ROLE_KINDS}
        for k in ROLE_KINDS:
            take = min(need, max(0, START_DECK[k] - mine[k]), pool[k])
            if take:
                filled[p][k] = take
                pool[k] -= take
                need -= take
        order = list(STACK_NAMES)
        while need > 0:
            progress = False
            for k in order:
                if need and pool[k] > 0:
                    filled[p][k] = filled[p].get(k, 0) + 1
                    pool[k] -= 1
                    need -= 1
                    progress = True
            if not progress:
                raise EntryError(f"seats[{p}]: {sum(unknown[p].values())} cards of unknown kinds (its hand, deck "
                                 f"and discard counts), but only {sum(unknown[p].values()) - need} role cards of "
                                 "the box are left for them (outside the stacks and the cards named): a count "
                                 "that exceeds the box")
    if stacks_given:
        left = {k: n for k, n in pool.items() if n > 0 and k != "politics"}
        if left:
            raise EntryError(f"stacks: {', '.join(f'{n} {k}' for k, n in left.items())} card(s) of the game are "
                             "in no stack and no zone: the stacks and the hand, deck and discard sizes do not add up")
    else:
        stacks = {k: pool[k] for k in STACK_NAMES}
    if pool["politics"] > 0:
        raise EntryError(f"seats: {pool['politics']} politics card(s) of the starting decks are in no zone: name "
                         "them in a hand, deck, discard or removed (a played one is removed)")
    # ---- the observation ----
    held = 0
    seats: list[dict[str, Any]] = []
    for p, raw in enumerate(views):
        path = f"seats[{p}]"
        zones, counts, fill = named[p], unknown[p], dict(filled[p])
        fighters = _int(raw.get("fighters", 0), f"{path}.fighters", 0, 1000)
        influence = _int(raw.get("influence", 0), f"{path}.influence", 0, 1000)
        held += influence

        def draw(n: int, fill: dict[str, int] = fill) -> dict[str, int]:
            got: dict[str, int] = {}
            for k in ROLE_KINDS:
                t = min(n, fill.get(k, 0))
                if t:
                    got[k] = t
                    fill[k] -= t
                    n -= t
            return got

        hand = dict(zones["hand"]) if p == seat else {}
        deck = _add(zones["deck"], draw(counts["deck"])) if p == seat else {}
        discard = _add(zones["discard"], draw(counts["discard"]))
        view: dict[str, Any] = {"hand_size": sizes[p][0], "deck_size": sizes[p][1]}
        if p == seat:
            view.update(hand=hand, deck=deck)
        else:
            view["hand_and_deck"] = _add(zones["owns"], draw(counts["hand"] + counts["deck"]))
        view.update(known_in_hand={}, discard=discard, played_action={}, played_role=zones.get("played", {}),
                    removed=zones["removed"], fighters=fighters, influence=influence, permanents=perms_of[p],
                    abundance_pending=0)
        seats.append(view)
    black = _int(e["influence_supply"], "influence_supply", 0, 24) if "influence_supply" in e \
        else max(0, 24 - held)
    blue = max(0, 8 - max(0, held - 24)) if black == 0 else 8
    created = max(0, held - 32)
    owned_techs = set(tech_owner) | set(perm_owner)
    all_techs = [t.id for t in c.techs]
    if "techs_available" in e:
        techs = e["techs_available"]
        if not isinstance(techs, list):
            raise EntryError("techs_available: expected a list of tech card ids")
        for m, t in enumerate(techs):
            if t not in all_techs:
                raise EntryError(f"techs_available[{m}]: unknown tech card {t!r}")
            if t in owned_techs:
                raise EntryError(f"techs_available[{m}]: {t} is owned ({(tech_owner | perm_owner)[t]}) and in the "
                                 "supply")
        missing = [t for t in all_techs if t not in techs and t not in owned_techs]
        if missing:
            raise EntryError(f"techs_available: {missing[0]} is neither in the supply nor owned")
    else:
        techs = [t for t in all_techs if t not in owned_techs]
    # deck planets not listed: in the planet deck, except those the hidden fronts take (observation.py
    # gives each hidden front the first unseen planet with its back); with "planet_deck" fewer than
    # that, the last ones of the rest lie in the planet discard (face up: a default for an untyped pile)
    listed = {c.planet(pe["id"]) for pe in planets if "id" in pe}
    free = [i for i in range(6, len(c.planets)) if i not in listed]
    for pe in planets:
        if "back" in pe and not pe["back"]["start"]:
            b = pe["back"]
            free.remove(next(i for i in free if (c.planets[i].type, c.planets[i].colonize_cost,
                                                 c.planets[i].warfare_cost) == (b["type"], b["colonize"], b["warfare"])))
    deck_count = len(free)
    if "planet_deck" in e:
        deck_count = _int(e["planet_deck"], "planet_deck", 0, len(free))
        for i in free[deck_count:]:
            planets.append({"id": c.planets[i].id, "where": "discard"})
    flow = _flow(turn, decision, seat, leader, role, played, players, perms_of, stacks, black, empty_to_end)
    obs = {"format": OBSERVATION_FORMAT, "seat": seat, "players": players,
           "options": {"rules": opts.rules, "errata": opts.errata, "stacks": opts.stacks, "extended": opts.extended,
                       "extra_round": opts.extra_round},
           "flow": flow, "stacks": stacks, "politics_out": POLITICS - players,
           "influence_supply": {"black": black, "blue": blue, "created": created},
           "techs_available": techs, "seats": seats, "planets": planets, "planet_deck": deck_count}
    if "planet_deck_top" in e:
        top = _fields(e["planet_deck_top"], {"type", "colonize", "warfare"}, "planet_deck_top")
        obs["planet_deck_top"] = {"type": top.get("type"), "colonize": top.get("colonize"),
                                  "warfare": top.get("warfare"), "start": False}
    try:
        state_from_observation(obs)
    except EntryError:
        raise
    except ObservationError as err:
        if str(err).startswith("planet_deck_top"):
            raise EntryError(str(err)) from None
        raise EntryError(f"the position does not fit the rules: {err}") from None
    return obs


def role_stack(role: int) -> str:
    """The stack of a role (produce and trade share one)."""
    return STACK_NAMES[role if role <= 3 else role - 1]


def _add(a: dict[str, int], b: dict[str, int]) -> dict[str, int]:
    out = dict(a)
    for k, n in b.items():
        out[k] = out.get(k, 0) + n
    return out


def _flow(turn: dict[str, Any], decision: str, seat: int, leader: int, role: int, played: dict[str, int],
          players: int, perms_of: list[list[str]], stacks: dict[str, int], black: int,
          empty_to_end: int) -> dict[str, Any]:
    stages, decisions = ed_rules.STAGES, ed_rules.DECISIONS
    start = _int(turn.get("start_player", 0), "turn.start_player", 0, players - 1)
    rnd = _int(turn.get("round", 1), "turn.round", 1, 1000)
    turns = (rnd - 1) * players + (leader - start) % players
    triggered = black == 0 or sum(1 for n in stacks.values() if n == 0) >= empty_to_end
    if "end_triggered" in turn:
        triggered = _bool(turn["end_triggered"], "turn.end_triggered") or triggered
    flow = {"leader": leader, "start_player": start, "turns": turns, "end_triggered": int(triggered),
            "extra_turn": 0, "finished": 0, "stage": stages.index("action"), "dec": decisions.index("action"),
            "actor": seat, "role": -1, "role_card": 0, "role_done": 0,
            "actions_left": 2 if "M3_productivity" in perms_of[leader] else 1, "follower": 0, "strength": 0,
            "left": 0, "last": 0, "sub_kind": -1, "sub_stage": 0, "mobilize": 0, "diverse": 0, "genetic": 0,
            "specialized": -1, "traded_mask": 0, "produced_mask": 0, "streamlined": 0, "logistics_first": 0,
            "extra_round_played": int(_bool(turn.get("extra_round_played", False), "turn.extra_round_played"))}
    if decision == "role":
        flow.update(stage=stages.index("role"), dec=decisions.index("role"), actions_left=0)
    elif decision == "follow":
        stack = role_stack(role)
        flow.update(stage=stages.index("follow"), dec=decisions.index("follow"), actions_left=0, role=role,
                    role_card=int(played.get(stack, 0) > 0), follower=seat)
    return flow
