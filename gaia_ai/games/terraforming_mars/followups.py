"""Follow-up prompts of the Terraforming Mars app, rebuilt from the prompt itself (issue 37, item 1).

A follow-up is a prompt inside an action already under way: where to put a tile, which card gets or
loses resources, which option of a card, which colony tile, how much. The app's view shows the prompt
(`waitingFor`: its type, title and the choices it lists) but neither what raised it nor what is still
queued behind it. Each prompt here is rebuilt as the pending decision our core would hold at it, read
from the prompt (the listed spaces, cards, options, the amount's range, the colony tiles), with these
assumptions, stated in ``Followup.assumed`` (and so in ``PlayerView.prompt["assumed"]``):

- nothing is queued behind the prompt (the rest of the action is done), except what the title itself
  says ("Select space for first ocean": a second ocean follows; Market Manipulation's increase: a
  decrease follows);
- the card that asks it is the one the title, the options or ``lastCardPlayed`` name, or the only card
  of the rules that asks it (it must be in the player's tableau);
- where a parameter of the decision is not in the view (which colony tile Market Manipulation raised),
  the reading that gives the app's listed choices is taken.

``PlayerView.prompt`` records which `waitingFor` the imported position answers, so that a move can be
mapped to the app's InputResponse:

    {"type": "space" | "card" | "player" | "colony" | "amount" | "or" | "payment" | "and" | ...,
     "title": the title with its placeholders filled,
     "choices": what the prompt lists, in the app's order: space ids, card names, player colours,
                colony names, [min, max] of an amount, or for "or" the option titles,
     "options": for "or" only, one entry per app option, in the app's order:
                {"index": i, "title": ..., "type": the option's own type ("option", "card", "player",
                 "amount", "space"), "moves": our moves that answer with this option, as
                 [kind name, a] pairs (kind names of tm_rules.MOVE_KINDS; a = option value, card id,
                 player seat or space), "cards"/"players": for a card or player sub-prompt, each listed
                 name with its move, "then": "amount" where our core asks the amount as a second
                 decision (Titan Shuttles: our option 1 then option N = the app's amount N)},
     "assumed": the assumptions above, in words}

The payment and Stormcraft heat prompts (``PK_TOP``) reopen the top-level choice they pay for: our move
is that choice with its payment (`action`, `milestone`, `award` with mc/steel/heat, or `heat` with the
floaters used), and the app's answer is its payment part only.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gaia_ai._core import tm_rules

from .tables import AWARDS, CARD_IDS, CARDS, COLONY_IDS, CONST, CORP_IDS, SPACE_IDS

PK = tm_rules.pending_kinds()
MK = tm_rules.MOVE_KINDS
RES_WORDS = {"M€": 0, "megacredits": 0, "steel": 1, "titanium": 2, "plants": 3, "plant": 3, "energy": 4, "heat": 5}
RTYPE_WORDS = {"microbe": "RT_MICROBE", "animal": "RT_ANIMAL", "floater": "RT_FLOATER", "science": "RT_SCIENCE",
               "fighter": "RT_FIGHTER", "camp": "RT_CAMP"}
NOTHING_BEHIND = "nothing is queued behind this prompt"
SKIP = CONST["OPT_SKIP"]
ATK_SABOTAGE, ATK_RAIDERS, ATK_VIRUS = 1, 2, 3     # consts.pxi ATK_* (PK_ATTACK a)


class FollowupError(ValueError):
    """A follow-up prompt the core cannot reproduce (PlayerViewError carries the message)."""


@dataclass
class Followup:
    pending: list[tuple[int, int, int, int, int, int]]
    assumed: list[str] = field(default_factory=list)
    options: list[dict[str, Any]] | None = None
    first_done: bool = False                             # a corporation's first action under way
    undo_used: int = -1                                  # a card action being paid: not used yet
    unfund: int = -1                                     # an award the view shows funded, its payment open
    # other readings of the prompt where the view does not tell which holds, each (pending, position
    # fields): the import takes the first of (pending, position) + readings whose legal choices are the
    # prompt's listed ones
    readings: list[tuple[list[tuple[int, int, int, int, int, int]], dict[str, Any]]] = field(default_factory=list)
    position: dict[str, Any] = field(default_factory=dict)


@dataclass
class Ctx:
    """What a follow-up handler reads: the prompt, the decider and the imported players' specs."""

    w: dict[str, Any]
    title: str
    seat: int
    colors: list[str]
    players: list[dict[str, Any]]
    view: dict[str, Any]
    title_text: Callable[[Any], str]

    def tableau_has(self, name: str) -> bool:
        return CARD_IDS.get(name, -1) in self.players[self.seat]["tableau"]

    def card(self, name: str, why: str) -> int:
        """A card of the decider's tableau (a corporation as ROBOT_CORP + id)."""
        if name in CORP_IDS and self.players[self.seat]["corp"] == CORP_IDS[name]:
            return CONST["ROBOT_CORP"] + CORP_IDS[name]
        c = CARD_IDS.get(name, -1)
        if c < 0:
            raise FollowupError(f"{why}: unknown card {name!r}")
        return c

    def acting(self, *names: str) -> int:
        """The one card among ``names`` in the decider's tableau that asks this prompt."""
        have = [n for n in names if self.tableau_has(n)]
        if not have:
            raise FollowupError(f"the engine cannot reproduce {self.title!r}: only {' or '.join(names)} asks "
                                f"it, and it is not in the player's tableau")
        last = self.view["thisPlayer"].get("lastCardPlayed")
        return CARD_IDS[last if last in have else have[0]]

    def last_card(self) -> int:
        last = self.view["thisPlayer"].get("lastCardPlayed")
        c = CARD_IDS.get(last, -1) if last else -1
        return c if c in self.players[self.seat]["tableau"] else -1

    def seat_of(self, color: str) -> int:
        if color not in self.colors:
            raise FollowupError(f"{self.title!r} names {color!r}, not a player")
        return self.colors.index(color)

    def option_titles(self) -> list[str]:
        return [self.title_text(o.get("title")) for o in self.w.get("options", [])]


def _tile(ctx: Ctx, tile: str, rule: str, card: int = -1, n: int = 1) -> Followup:
    return Followup([(PK["PK_TILE"], ctx.seat, card, PK[tile], PK[rule], -1)] * n, [NOTHING_BEHIND])


def _std_tile(ctx: Ctx, word: str) -> Followup:
    """'Select space for ocean/city/greenery tile': by the card played last if it places that tile (its
    own space rule), else a standard project, a conversion or a bonus: the standard rule."""
    tile = {"ocean": "TL_OCEAN", "city": "TL_CITY", "greenery": "TL_GREENERY"}[word]
    last = ctx.last_card()
    rule = {"ocean": "PR_OCEAN", "city": "PR_CITY", "greenery": "PR_GREENERY"}[word]
    standard = [(PK["PK_TILE"], ctx.seat, -1, PK[tile], PK[rule], -1)]
    if last >= 0 and (word in (CARDS[last].get("onPlay") or {}) or f"place a {word}" in CARDS[last]["text"].lower()):
        return Followup([(PK["PK_TILE"], ctx.seat, last, -1, PK[tile], 0)],
                        [NOTHING_BEHIND, (f"the {word} is {CARDS[last]['name']}'s (the card played last), else "
                         "one by the standard rule: the reading that gives the listed spaces")], readings=[(standard, {})])
    return Followup(standard, [NOTHING_BEHIND, (f"a {word} by the standard rule (a standard project, a "
                                               "conversion or a bonus)")])


SPACE_PROMPTS: list[tuple[str, Callable[[Ctx, re.Match[str]], Followup]]] = [
    (r"Select space for ocean from temperature increase", lambda c, m: _tile(c, "TL_OCEAN", "PR_OCEAN")),
    (r"Select space for first ocean", lambda c, m: Followup(
        [(PK["PK_TILE"], c.seat, c.last_card(), PK["TL_OCEAN"], PK["PR_OCEAN"], -1)] * 2,
        ["a second ocean follows (the title says first), nothing else"])),
    (r"Select space for second ocean", lambda c, m: Followup(
        [(PK["PK_TILE"], c.seat, c.last_card(), PK["TL_OCEAN"], PK["PR_OCEAN"], -1)], [NOTHING_BEHIND])),
    (r"Select space for (ocean|city|greenery) tile", lambda c, m: _std_tile(c, m.group(1))),
    (r"Select space for claim", lambda c, m: Followup(
        [(PK["PK_TILE"], c.seat, c.acting("Land Claim"), 0, PK["PR_CLAIM"], -1)], [NOTHING_BEHIND])),
    (r"Select space next to greenery for special tile", lambda c, m: _tile(
        c, "TL_ECOZONE", "PR_NEXT_GREENERY", c.acting("Ecological Zone"))),
    (r"Select space reserved for ocean to place greenery tile", lambda c, m: _tile(
        c, "TL_GREENERY", "PR_GREENERY_OCEANSPACE", c.acting("Mangrove", "Protected Valley"))),
    (r"Select either Tharsis Tholus, Ascraeus Mons, Pavonis Mons or Arsia Mons", lambda c, m: _tile(
        c, "TL_LAVA", "PR_VOLCANIC", c.acting("Lava Flows"))),
    (r"Select a space with a steel or titanium bonus", lambda c, m: _tile(
        c, "TL_MINING_RIGHTS", "PR_MINING_RIGHTS", c.acting("Mining Rights"))),
    (r"Select a space with a steel or titanium bonus adjacent to one of your tiles", lambda c, m: _tile(
        c, "TL_MINING_AREA", "PR_MINING_AREA", c.acting("Mining Area"))),
    (r"Select a land space to place an ocean tile", lambda c, m: _tile(
        c, "TL_OCEAN", "PR_OCEAN_ON_LAND", c.acting("Artificial Lake"))),
    (r"Select place next to no other tile for city", lambda c, m: _tile(
        c, "TL_CITY", "PR_ISOLATED", c.acting("Research Outpost"))),
    (r"Select space adjacent to a city tile", lambda c, m: _tile(
        c, "TL_INDUSTRIAL", "PR_NEXT_CITY", c.acting("Industrial Center"))),
    (r"Select space next to at least 2 other city tiles", lambda c, m: _tile(
        c, "TL_CITY", "PR_URBANIZED", c.acting("Urbanized Area"))),
]


def _rtype(word: str) -> int:
    key = word.lower().rstrip("s")
    if key not in RTYPE_WORDS:
        raise FollowupError(f"unknown resource {word!r}")
    return PK[RTYPE_WORDS[key]]


def _add_card(ctx: Ctx, m: re.Match[str]) -> Followup:
    n, word = int(m.group(1)), m.group(2)
    if word.lower() == "resources":          # CEO's Favorite Project: any card that holds resources
        return Followup([(PK["PK_ADD_ANY"], ctx.seat, ctx.acting("CEO's Favorite Project"), -1, n, 0)],
                        [NOTHING_BEHIND])
    return Followup([(PK["PK_ADD_ANY"], ctx.seat, -1, _rtype(word), n, 0)], [NOTHING_BEHIND])


def _add_jovian(ctx: Ctx, m: re.Match[str]) -> Followup:
    return Followup([(PK["PK_ADD_ANY"], ctx.seat, -1, PK["RT_FLOATER"], int(m.group(1)), 1)], [NOTHING_BEHIND])


def _remove_card(ctx: Ctx, m: re.Match[str]) -> Followup:
    word = m.group(2)
    if word.lower().startswith("floater"):     # Air Raid: a floater off an own card
        return Followup([(PK["PK_REMOVE_FLOATER"], ctx.seat, ctx.acting("Air Raid"), 0, 0, 0)], [NOTHING_BEHIND])
    taker = ctx.acting("Predators") if word.lower().startswith("animal") else ctx.acting("Ants")
    return Followup([(PK["PK_REMOVE_RES"], ctx.seat, taker, _rtype(word), 0, 0)],
                    [NOTHING_BEHIND, f"{CARDS[taker]['name']}'s action takes it"])


def _buy_top(ctx: Ctx, m: re.Match[str]) -> Followup:
    cards = [c["name"] if isinstance(c, dict) else c for c in ctx.w.get("cards", [])]
    if len(cards) != 1:
        raise FollowupError(f"{ctx.title!r} lists {len(cards)} cards, not the 1 revealed card")
    c = CARD_IDS.get(cards[0], -1)
    if c < 0:
        raise FollowupError(f"unknown project card {cards[0]!r} in the prompt")
    taker = ctx.acting("Business Network", "Inventors' Guild")
    # the revealed card is in the decider's offer (playerview puts the prompt's card there)
    return Followup([(PK["PK_BUY_TOP"], ctx.seat, taker, 0, 0, c)], [NOTHING_BEHIND])


CARD_PROMPTS: list[tuple[str, Callable[[Ctx, re.Match[str]], Followup]]] = [
    (r"Select card to add (\d+) (\w+)", _add_card),
    (r"Add (\d+) floaters? to a Jovian card", _add_jovian),
    (r"Select card to remove (\d+) (\w+)\(s\)", _remove_card),
    (r"Select builder card to copy", lambda c, m: Followup(
        [(PK["PK_ROBOT"], c.seat, c.acting("Robotic Workforce"), 0, 0, 0)], [NOTHING_BEHIND])),
    (r"Select card\(s\) to buy|You cannot afford any cards", _buy_top),
    (r"Pluto colony bonus\. Select a card to discard", lambda c, m: Followup(
        [(PK["PK_DISCARD"], c.seat, -1, 0, 0, 0)], [NOTHING_BEHIND])),
]


def _opt(i: int, title: str, kind: str = "option", moves: list[tuple[str, int]] | None = None,
         **more: Any) -> dict[str, Any]:
    return {"index": i, "title": title, "type": kind, "moves": [list(m) for m in (moves or [])], **more}


def _sub_cards(ctx: Ctx, o: dict[str, Any]) -> dict[str, list[Any]]:
    return {(c["name"] if isinstance(c, dict) else c): ["card", ctx.card(c["name"] if isinstance(c, dict) else c,
                                                                        ctx.title)]
            for c in o.get("cards", [])}


def _card_opt(ctx: Ctx, i: int, t: str, o: dict[str, Any]) -> dict[str, Any]:
    """An option that is itself a card prompt: each listed card answers with our move on that card."""
    cards = _sub_cards(ctx, o)
    return _opt(i, t, "card", list(cards.values()), cards=cards)


def _or_act(ctx: Ctx, name: str) -> Followup:
    """A card action with an "or" of behaviours (its act list is the app's, in the app's order)."""
    card = ctx.acting(name)
    titles = ctx.option_titles()
    acts = CARDS[card]["action"]["or"]["behaviors"]
    if len(titles) != len(acts):
        raise FollowupError(f"{ctx.title!r} of {name}: {len(titles)} options, the card has {len(acts)}")
    opts = [_opt(i, t, moves=[("option", i)]) for i, t in enumerate(titles)]
    return Followup([(PK["PK_OR_ACT"], ctx.seat, card, 0, 0, 0)], [NOTHING_BEHIND], opts)


def _card_or(ctx: Ctx, name: str) -> Followup:
    """Jupiter Floating Station, Titan Shuttles, Titan Floating Launch-pad: option 0 is the app's first."""
    card = ctx.acting(name)
    first = 1 if name == "Titan Floating Launch-pad" else 0
    opts = []
    for i, o in enumerate(ctx.w.get("options", [])):
        extra = {"then": "amount"} if o.get("type") == "amount" else {}
        opts.append(_opt(i, ctx.title_text(o.get("title")), o.get("type", "option"), [("option", i)], **extra))
    if len(opts) != 2:
        raise FollowupError(f"{ctx.title!r} of {name}: {len(opts)} options, not 2")
    return Followup([(PK["PK_CARD_OR"], ctx.seat, card, first, 0, 0)], [NOTHING_BEHIND], opts)


ACTION_OR = [  # (first option's title pattern, card, handler)
    (r"Remove \d+ microbes to raise temperature", "GHG Producing Bacteria", _or_act),
    (r"Remove \d+ microbes to raise oxygen", "Regolith Eaters", _or_act),
    (r"Remove \d+ microbes to increase your terraform rating", "Nitrite Reducing Bacteria", _or_act),
    (r"Remove \d+ floaters? here to draw", "Red Spot Observatory", _or_act),
    (r"Remove \d+ floaters? to gain \d+ titanium", "Atmo Collectors", _or_act),
    (r"Spend \d+ plants? to gain", "Electro Catapult", _or_act),
    (r"Add \d+ floaters? to a Jovian card$", "Jupiter Floating Station", _card_or),
    (r"Add \d+ floaters to a Jovian card$", "Titan Shuttles", _card_or),
    (r"Remove \d+ floaters? on this card to trade for free", "Titan Floating Launch-pad", _card_or),
]


def _plants_or(ctx: Ctx, titles: list[str]) -> Followup:
    """Imported Hydrogen, Large Convoy, Local Heat Trapping: plants, or microbes / animals on a card."""
    plants = int(re.match(r"Gain (\d+) plants", titles[0]).group(1))
    microbes = animals = 0
    opts = [_opt(0, titles[0], moves=[("option", 0)])]
    for i, o in enumerate(ctx.w["options"][1:], 1):
        t = titles[i]
        m = re.search(r"(\d+) (microbes|animals)", t)
        if not m:
            raise FollowupError(f"unexpected option {t!r}")
        if m.group(2) == "microbes":
            microbes = int(m.group(1))
        else:
            animals = int(m.group(1))
        if o.get("type") == "card":
            opts.append(_card_opt(ctx, i, t, o))
        else:
            name = o["title"]["data"][1]["value"] if isinstance(o.get("title"), dict) else ""
            opts.append(_opt(i, t, moves=[("card", ctx.card(name, ctx.title))]))
    card = ctx.acting("Imported Hydrogen", "Large Convoy", "Local Heat Trapping")
    return Followup([(PK["PK_PLANTS_OR"], ctx.seat, card, plants, microbes, animals)], [NOTHING_BEHIND], opts)


def _attack(ctx: Ctx, titles: list[str], name: str, atk: int) -> Followup:
    card = ctx.acting(name)
    opts = []
    for i, (t, o) in enumerate(zip(titles, ctx.w["options"], strict=True)):
        m = re.fullmatch(r"(?:Remove|Steal) (\d+) (\S+) from (\w+)", t)
        if m:
            res = RES_WORDS.get(m.group(2))
            if res is None:
                raise FollowupError(f"unknown resource in {t!r}")
            opts.append(_opt(i, t, moves=[("option", ctx.seat_of(m.group(3)) * 8 + res)]))
        elif o.get("type") == "card":
            opts.append(_card_opt(ctx, i, t, o))
        else:                                   # Do not steal / Do not remove resource / Skip ...
            opts.append(_opt(i, t, moves=[("option", SKIP)]))
    return Followup([(PK["PK_ATTACK"], ctx.seat, card, atk, 0, 0)], [NOTHING_BEHIND], opts)


def _select_one(ctx: Ctx, m: re.Match[str] | None) -> Followup:
    titles = ctx.option_titles()
    first = titles[0] if titles else ""
    for pattern, name, handler in ACTION_OR:
        if re.match(pattern, first) and ctx.tableau_has(name):
            return handler(ctx, name)
    if re.match(r"Increase your (energy|M€) production", first):
        card = ctx.acting("Artificial Photosynthesis", "Lunar Exports")
        return Followup([(PK["PK_OR_PROD"], ctx.seat, card, 0, 0, 0)], [NOTHING_BEHIND],
                        [_opt(i, t, moves=[("option", i)]) for i, t in enumerate(titles)])
    if re.match(r"Add resource to card ", first) and titles[1:] == ["Gain plant"]:
        played = ctx.card(first[len("Add resource to card "):], ctx.title)
        return Followup([(PK["PK_VIRAL"], ctx.seat, ctx.acting("Viral Enhancers"), 0, played, 0)], [NOTHING_BEHIND],
                        [_opt(0, first, moves=[("option", 0)]), _opt(1, titles[1], moves=[("option", 1)])])
    if re.match(r"Gain \d+ plants$", first):
        return _plants_or(ctx, titles)
    if titles and re.fullmatch(r"Gain \d+ plant", titles[-1]) and len(titles) == 2:   # Extreme-Cold Fungus
        card = ctx.acting("Extreme-Cold Fungus")
        o = ctx.w["options"][0]
        if o.get("type") == "card":
            sub = _card_opt(ctx, 0, first, o)
        else:
            name = o["title"]["data"][1]["value"] if isinstance(o.get("title"), dict) else ""
            sub = _opt(0, first, moves=[("card", ctx.card(name, ctx.title))])
        return Followup([(PK["PK_COLD_FUNGUS"], ctx.seat, card, 0, 0, 0)], [NOTHING_BEHIND],
                        [sub, _opt(1, titles[1], moves=[("option", 0)])])
    if any(t.startswith("Steal") for t in titles) and "Do not steal" in titles:
        return _attack(ctx, titles, "Hired Raiders", ATK_RAIDERS)
    if "Do not remove resource" in titles:
        return _attack(ctx, titles, "Sabotage", ATK_SABOTAGE)
    if any(t in ("Skip removal", "Skip removing plants") for t in titles):
        return _attack(ctx, titles, "Virus", ATK_VIRUS)
    if len(titles) == 2 and titles[1] == "Don't remove M€ from adjacent player":
        return _flooding(ctx, titles)
    if all(re.fullmatch(r"Steal \d+ megacredits from \w+", t) for t in titles) and titles:
        card = ctx.acting("Air Raid")
        opts = [_opt(i, t, moves=[("player", ctx.seat_of(t.split()[-1]))]) for i, t in enumerate(titles)]
        return Followup([(PK["PK_AIR_RAID"], ctx.seat, card, 0, 0, 0)], [NOTHING_BEHIND], opts)
    raise FollowupError(f"the engine cannot reproduce this prompt: or 'Select one option' {titles}")


def _flooding(ctx: Ctx, titles: list[str]) -> Followup:
    """Flooding: the player next to its new ocean loses 4 M€, or no one. The view does not say which
    ocean is new: the first ocean whose neighbours' owners are the listed players."""
    o = ctx.w["options"][0]
    players = {c: ["player", ctx.seat_of(c)] for c in o.get("players", [])}
    opts = [_opt(0, titles[0], "player", list(players.values()), players=players),
            _opt(1, titles[1], moves=[("option", SKIP)])]
    oceans = [SPACE_IDS[sp["id"]] for sp in ctx.view["game"]["spaces"]
              if sp.get("tileType") == 1 and sp["id"] in SPACE_IDS]       # the app's tileType 1: ocean
    pending = [(PK["PK_FLOODING"], ctx.seat, CARD_IDS["Flooding"], 0, 0, 0)]
    if not oceans:
        raise FollowupError(f"{ctx.title!r} of Flooding: no ocean on the board")
    return Followup(pending, [NOTHING_BEHIND, ("Flooding's ocean is the first whose neighbours' owners are the "
                              "listed players")], opts, position={"last_space": oceans[0]},
                    readings=[(pending, {"last_space": sp}) for sp in oceans[1:]])


def _olympus(ctx: Ctx, m: re.Match[str]) -> Followup:
    card = ctx.acting("Olympus Conference")
    titles = ctx.option_titles()
    opts = [_opt(i, t, moves=[("option", 0 if t.startswith("Remove") else 1)]) for i, t in enumerate(titles)]
    return Followup([(PK["PK_OLYMPUS"], ctx.seat, card, 0, 0, 0)], [NOTHING_BEHIND], opts)


def _trade_offset(ctx: Ctx, m: re.Match[str]) -> Followup:
    name = m.group(1)
    tile = COLONY_IDS.get(name)
    if tile is None:
        raise FollowupError(f"unknown colony tile {name!r}")
    col = next((c for c in ctx.view["game"].get("colonies", []) if c.get("name") == name), None)
    if col is None:
        raise FollowupError(f"{ctx.title!r}: {name} is not in play")
    titles = ctx.option_titles()
    steps = re.fullmatch(r"Increase colony track (\d+) step\(s\)", titles[0]) if titles else None
    if not steps or len(titles) != 2:
        raise FollowupError(f"{ctx.title!r}: unexpected options {titles}")
    to = int(col.get("trackPosition", 1)) + int(steps.group(1))
    return Followup([(PK["PK_TRADE_OFFSET"], ctx.seat, -1, tile, to, 0)], [NOTHING_BEHIND],
                    [_opt(0, titles[0], moves=[("option", 0)]), _opt(1, titles[1], moves=[("option", 1)])])


OR_PROMPTS: list[tuple[str, Callable[[Ctx, re.Match[str]], Followup]]] = [
    (r"Select one option", _select_one),
    (r"Select an option for Olympus Conference", _olympus),
    (r"Increase (\w+) colony track before trade", _trade_offset),
]


def _market(ctx: Ctx, m: re.Match[str]) -> Followup:
    card = ctx.acting("Market Manipulation")
    if m.group(1) == "increase":
        return Followup([(PK["PK_MARKET"], ctx.seat, card, -1, 0, 0)], ["a decrease of another tile follows"])
    listed = {c["name"] for c in ctx.w.get("coloniesModel", [])}
    raised = [COLONY_IDS[c["name"]] for c in ctx.view["game"].get("colonies", []) if c["name"] not in listed]
    if not raised:
        raise FollowupError(f"{ctx.title!r}: every tile is listed, so none was raised")
    readings = [([(PK["PK_MARKET"], ctx.seat, card, t, 0, 0)], {}) for t in raised]
    return Followup(readings[0][0], [NOTHING_BEHIND, ("the raised tile is one the prompt does not list: the "
                                  "first whose reading gives the listed tiles")], readings=readings[1:])


COLONY_PROMPTS: list[tuple[str, Callable[[Ctx, re.Match[str]], Followup]]] = [
    (r"Select which colony tile track to (increase|decrease)", _market),
    (r"Select colony tile to trade with for free", lambda c, m: Followup(
        [(PK["PK_FREE_TRADE"], c.seat, c.acting("Titan Floating Launch-pad"), 0, 0, 0)], [NOTHING_BEHIND])),
    (r"Aridor first action - Select colony tile to add", lambda c, m: Followup(
        [(PK["PK_ARIDOR"], c.seat, -1, 0, 0, 0)], [NOTHING_BEHIND], first_done=True)),
]


def _insulation(ctx: Ctx, m: re.Match[str]) -> Followup:
    return Followup([(PK["PK_AMOUNT"], ctx.seat, ctx.acting("Insulation"), int(ctx.w["max"]), 0, 0)],
                    [NOTHING_BEHIND])


AMOUNT_PROMPTS: list[tuple[str, Callable[[Ctx, re.Match[str]], Followup]]] = [
    (r"Select amount of heat production to decrease", _insulation),
]

def _pay_action(ctx: Ctx, m: re.Match[str]) -> Followup:
    card = ctx.acting(m.group(1))
    return Followup([(PK["PK_TOP"], ctx.seat, card, MK["action"], card, 0)],
                    [NOTHING_BEHIND, (f"{m.group(1)}'s action is chosen and not done: our move is that action "
                     "with its payment")], undo_used=card)


def _pay_claim(ctx: Ctx, m: re.Match[str]) -> Followup:
    what = m.group(1)
    me = ctx.colors[ctx.seat]
    if what == "award":     # the view shows the award funded already; which of the decider's, it does not say
        mine = [a["name"] for a in ctx.view["game"].get("awards", []) if a.get("color") == me]
        if not mine or mine[0] not in AWARDS:
            raise FollowupError(f"{ctx.title!r}: the player has funded no award")
        aw = AWARDS.index(mine[0])
        return Followup([(PK["PK_TOP"], ctx.seat, -1, MK["award"], aw, 0)],
                        [NOTHING_BEHIND, (f"the award paid for is {mine[0]}, funded by the player in the view "
                         "(any of the player's funded awards gives the same position after the payment)")],
                        unfund=aw)
    return Followup([(PK["PK_TOP"], ctx.seat, -1, MK[what], -1, 0)],
                    [NOTHING_BEHIND, (f"the view does not name the {what}: any one the player may {what} now "
                     "(the payment is the same for each)")])


PAYMENT_PROMPTS: list[tuple[str, Callable[[Ctx, re.Match[str]], Followup]]] = [
    (r"Select how to pay for (.+) action", _pay_action),
    (r"Select how to pay for (milestone|award)", _pay_claim),
]


def _storm_heat(ctx: Ctx, m: re.Match[str]) -> Followup:
    """Stormcraft pays heat with floaters (2 heat each): the app asks the heat and the floaters; our move
    is the floaters used (the heat is the rest)."""
    heat = int(m.group(1))
    if ctx.players[ctx.seat]["corp"] != CORP_IDS["Stormcraft Incorporated"]:
        raise FollowupError(f"{ctx.title!r}: only Stormcraft Incorporated asks it")
    if heat == 8:                               # converting 8 heat into temperature, not done yet
        return Followup([(PK["PK_TOP"], ctx.seat, -1, MK["heat"], -1, 0)],
                        [NOTHING_BEHIND, ("the heat converts into a temperature step: our move is `heat` with "
                         "the floaters used")])
    return Followup([(PK["PK_STORM_HEAT"], ctx.seat, -1, heat, 0, 0)], [NOTHING_BEHIND])


AND_PROMPTS: list[tuple[str, Callable[[Ctx, re.Match[str]], Followup]]] = [
    (r"Select how to spend (\d+) heat", _storm_heat),
]

TABLES = {"space": SPACE_PROMPTS, "card": CARD_PROMPTS, "or": OR_PROMPTS, "colony": COLONY_PROMPTS,
          "amount": AMOUNT_PROMPTS, "payment": PAYMENT_PROMPTS, "and": AND_PROMPTS}


def find(kind: str, title: str) -> Callable[[Ctx], Followup] | None:
    """The handler of a follow-up prompt (its type and filled title), or None."""
    for pattern, handler in TABLES.get(kind, ()):
        m = re.fullmatch(pattern, title)
        if m:
            return lambda ctx, m=m, handler=handler: handler(ctx, m)
    return None


__all__ = ["NOTHING_BEHIND", "Ctx", "Followup", "FollowupError", "find"]
