"""A real game's position from the Terraforming Mars web app's player view (the JSON of `/api/player`).

    from gaia_ai.games.terraforming_mars.playerview import read_player_view
    state = read_player_view(open("view.json").read(), seed=1)   # state.current_player is the decider

The view is what one player knows: their own hand, every tableau, resource and tile, the parameters,
milestones and awards, the counts of the other hands and of the piles, and the prompt they answer (with
Colonies also the colony tiles in play: track, colonies, the fleet on each this generation, whether
active; every fleet size, trades this generation, card price and corporation resources). The
rebuilt TmState holds exactly that. The cards the player cannot see (other hands, others' research
offers, the draw pile, the discard pile) are one seeded sample of the unseen cards, put where
``determinize`` resamples them, and the corporations of opponents who have not played theirs yet. The format is described in ../shared/corpus/tm/playerviews/README.md.

Prompts reproduced: every prompt of the base game, Corporate Era and Colonies that the app-prompts corpus
holds (92 classes, 1,924 of 1,924 views, issue 37): the initial selection, the research buy, the action menu,
a corporation's first action, the final greenery placement, and every follow-up. A follow-up is rebuilt as
the pending decision our core would hold at it; followups.py builds most from the prompt itself (which
tile on which rule, which resource on which cards, which option of which card, which colony tile, which
payment) and says what it assumed (nothing queued behind the prompt, unless the title says otherwise);
``PlayerView.prompt`` records the waitingFor answered (type, title, the listed choices in the app's order,
for an "or" each option's moves, the assumptions; followups.py's docstring has the structure). A prompt
that is not one of them raises PlayerViewError naming it; a view of a set we do not model (Venus, Prelude,
Turmoil, another board, a draft) is refused by name. Where the view does not say which reading holds, the
reading that gives the prompt's listed choices is taken (docs/terraforming-mars.md lists each).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from gaia_ai._core import tm_rules

from . import followups
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
    CONST,
    CORP_IDS,
    CORPS,
    MILESTONES,
    SPACE_IDS,
    SPACES,
    card_name,
)
from .viewcheck import check_view

PK = tm_rules.pending_kinds()
RESOURCES = ("megacredits", "steel", "titanium", "plants", "energy", "heat")
PRODUCTION_NAMES = ("megacredit", "steel", "titanium", "plant", "energy", "heat")
PRODUCTION_WORDS = {"megacredits": 0, "megacredit": 0, "M€": 0, "steel": 1, "titanium": 2, "plants": 3, "plant": 3,
                    "energy": 4, "heat": 5}
DECREASE_TITLE = r"Select player to decrease (\S+) production by (\d+) step\(s\)"
KEEP_TITLE = r"Select (\d+) card\(s\) to keep"                 # Invention Contest-style draw and keep
ENERGY_TITLE = "Select amount of energy to spend"               # Power Infrastructure's action
COLONY_TITLE = "Select where to build a colony"
COLONY_TITLES = r"Select where to build a colony|Select colony for (Pioneer Settlement|Minority Refuge)"
STEAL_GAIN = {"Energy Tapping": 4, "Power Supply Consortium": 4, "Asteroid Mining Consortium": 2,
              "Great Escarpment Consortium": 1}           # +1 production of this index, from the decrease
MARS_UNI_OPTIONS = ["Select a card to discard", "Do nothing"]   # Mars University after a science tag
RESEARCH_PAY_TITLE = r"Select how to spend (\d+) M€ for (\d+) cards"   # Helion paying its research buy
BUY_TOP_TITLE = r"Select card\(s\) to buy|You cannot afford any cards"   # a revealed card, in the action phase
RESEARCH_CARDS = 4
SUPPORTED_EXPANSIONS = {"corpera", "colonies"}
# cards whose discount is on the next card a player plays this generation (the app: getCardDiscount while
# the player's lastCardPlayed names the card)
NEXT_CARD_DISCOUNT = {"Indentured Workers": 8, "Conscription": 16}
FIRST_ACTION_CORPS = {"Tharsis Republic", "Inventrix", "Aridor", "Poseidon"}
# the core's tile codes are the app's tileType + 1 (0 is "no tile" in the core)
TILE_OFFSET = 1
TILE_WORDS = {"ocean": 2, "city": 3, "greenery": 1}


class PlayerViewError(TmError, ValueError):
    """A player view that cannot be rebuilt: not JSON, not a TM view, an unknown card or space, counts
    that do not add up, or a prompt the engine cannot reproduce. The message says which."""


@dataclass
class PlayerView:
    """The parsed facts of a view that the state itself does not carry."""

    view: dict[str, Any]
    seat: int                   # the deciding player's seat (0 = first player of generation 1)
    colors: list[str]           # colour of each seat
    kind: str                   # initial, research, action, firstAction, followup, finalGreenery
    prompt_title: str
    # which waitingFor the position answers: type, title, choices in the app's order, for "or" the
    # options with our moves, and what the import assumed (followups.py's docstring has the structure)
    prompt: dict[str, Any] = field(default_factory=dict)


def _load(view: str | bytes | dict[str, Any]) -> dict[str, Any]:
    if isinstance(view, str | bytes):
        try:
            data = json.loads(view)
        except (ValueError, TypeError) as e:
            raise PlayerViewError(f"the player view is not JSON: {e}") from None
    else:
        data = view   # parsed already (a list or a number is said below)
    if not isinstance(data, dict):
        raise PlayerViewError(f"the player view is a JSON {type(data).__name__}, not an object")
    missing = [k for k in ("game", "thisPlayer", "players", "cardsInHand") if k not in data]
    if missing:
        raise PlayerViewError(f"not a Terraforming Mars player view: no {', '.join(missing)}")
    game = data["game"]
    if not isinstance(game, dict) or "spaces" not in game or "generation" not in game:
        raise PlayerViewError("not a Terraforming Mars player view: game has no spaces or generation")
    if "waitingFor" not in data:
        raise PlayerViewError("the view has no prompt (waitingFor): the player has nothing to decide")
    check_view(data, PlayerViewError)   # every field read below: its type, range and the box's limits
    options = game.get("gameOptions", {})
    if options.get("boardName", "tharsis") != "tharsis":
        raise PlayerViewError(f"board {options.get('boardName')!r} is not supported (only Tharsis)")
    on = {k for k, v in options.get("expansions", {}).items() if v}
    if on - SUPPORTED_EXPANSIONS:
        raise PlayerViewError(f"expansions not supported: {', '.join(sorted(on - SUPPORTED_EXPANSIONS))}")
    if options.get("draftVariant") or options.get("initialDraftVariant"):
        raise PlayerViewError("draft games are not supported")
    return data


def title_text(title: Any) -> str:
    """A prompt title with its placeholders filled (players by colour, as the facts files do)."""
    if isinstance(title, str):
        return title
    if isinstance(title, dict) and "message" in title:
        out = title["message"]
        for i, d in enumerate(title.get("data", [])):
            out = out.replace(f"${{{i}}}", str(d.get("value", "")))
        return out
    return ""


def _card_id(name: str, where: str, colonies: bool = True) -> int:
    if name not in CARD_IDS or (not colonies and CARD_IDS[name] >= BASE_CARDS):
        raise PlayerViewError(f"unknown project card {name!r} in {where}"
                              + (" (a Colonies card in a game without Colonies)" if name in CARD_IDS else ""))
    return CARD_IDS[name]


def _corp_id(name: str, where: str, colonies: bool = True) -> int:
    if name not in CORP_IDS or (not colonies and CORP_IDS[name] >= BASE_CORPS):
        raise PlayerViewError(f"unknown corporation {name!r} in {where}"
                              + (" (a Colonies corporation in a game without Colonies)"
                                 if name in CORP_IDS else ""))
    return CORP_IDS[name]


def _seat_colors(data: dict[str, Any]) -> list[str]:
    """Seat order: awards' and milestones' scores list the players in seat order."""
    colors = [p["color"] for p in data["players"]]
    for entry in data["game"].get("awards", []) + data["game"].get("milestones", []):
        order = [s["color"] for s in entry.get("scores", [])]
        if order:
            if sorted(order) != sorted(colors):
                raise PlayerViewError(f"{entry.get('name')} scores name players {order}, not {colors}")
            return order
    raise PlayerViewError("the view gives no seat order (no award or milestone carries scores)")


def _classify(data: dict[str, Any]) -> tuple[str, str]:
    """(kind, title) of the prompt; PlayerViewError for a prompt the engine cannot reproduce."""
    w = data["waitingFor"]
    kind, title = w.get("type"), title_text(w.get("title"))
    phase = data["game"].get("phase")
    if kind == "initialCards":
        return "initial", title
    if phase == "research" and kind == "card" and ("to buy" in title or "cannot afford" in title):
        return "research", title
    if kind == "or" and title in ("Take your first action", "Take your next action"):
        return "action", title
    if kind == "or" and title == "Select one option" and any(
            title_text(o.get("title")).startswith("Take first action of") for o in w.get("options", [])):
        return "firstAction", title
    if kind == "or" and title == "Place any final greenery from plants":
        return "finalGreenery", title
    if phase == "action" and (
            (kind == "space" and re.fullmatch(r"Select space for .+ tile", title))
            or (kind == "or" and re.fullmatch(r"Select player to remove up to \d+ plants", title))
            or (kind == "player" and re.fullmatch(DECREASE_TITLE, title))
            or (kind == "card" and re.fullmatch(KEEP_TITLE, title))
            or (kind == "amount" and title == ENERGY_TITLE)
            or (kind == "colony" and re.fullmatch(COLONY_TITLES, title))
            or (kind == "or" and title == "Select one option"
                and [title_text(o.get("title")) for o in w.get("options", [])] == MARS_UNI_OPTIONS)):
        return "followup", title
    if phase == "research" and kind == "payment" and re.fullmatch(RESEARCH_PAY_TITLE, title):
        return "followup", title
    if phase == "action" and followups.find(kind, title) is not None:
        return "followup", title
    raise PlayerViewError(f"the engine cannot reproduce this prompt: {kind} {title!r}")


def parse_player_view(view: str | bytes | dict[str, Any]) -> PlayerView:
    """Check a view and read who decides what (no state is built)."""
    data = _load(view)
    colors = _seat_colors(data)
    me = data["thisPlayer"].get("color")
    if me not in colors:
        raise PlayerViewError(f"thisPlayer's colour {me!r} is not among the players")
    kind, title = _classify(data)
    return PlayerView(data, colors.index(me), colors, kind, title, _prompt_record(data["waitingFor"]))


def _listed_names(w: dict[str, Any], key: str) -> list[Any]:
    """The names of a prompt's listed cards or colonies (objects with a "name", or plain names)."""
    items = w.get(key, [])
    if not isinstance(items, list):
        raise PlayerViewError(f"waitingFor.{key}: a list, not {type(items).__name__}")
    out = []
    for i, c in enumerate(items):
        if isinstance(c, dict) and not isinstance(c.get("name"), str):
            raise PlayerViewError(f"waitingFor.{key}[{i}].name: a card or colony name is needed")
        out.append(c["name"] if isinstance(c, dict) else c)
    return out


def _prompt_record(w: dict[str, Any]) -> dict[str, Any]:
    """Which waitingFor a position answers: its type, filled title and listed choices in the app's order."""
    kind = w.get("type")
    names = _listed_names(w, "cards")
    choices: Any = {"space": w.get("spaces"), "card": names, "player": w.get("players"),
                    "colony": _listed_names(w, "coloniesModel"),
                    "amount": [w.get("min"), w.get("max")],
                    "payment": {"amount": w.get("amount"), "options": w.get("paymentOptions")},
                    }.get(kind, [title_text(o.get("title")) for o in w.get("options", [])])
    return {"type": kind, "title": title_text(w.get("title")), "choices": choices, "assumed": []}


def read_player_view(view: str | bytes | dict[str, Any], seed: int = 0) -> TmState:
    """The position of a player view as its player knows it; ``seed`` draws the unseen cards' places."""
    return import_player_view(view, seed)[0]


def import_player_view(view: str | bytes | dict[str, Any], seed: int = 0) -> tuple[TmState, PlayerView]:
    """(state, parsed view): the rebuilt position and the facts the state does not carry (colours)."""
    pv = parse_player_view(view)
    data, seat, colors, kind = pv.view, pv.seat, pv.colors, pv.kind
    game = data["game"]
    n = len(colors)
    by_color = {p["color"]: p for p in data["players"]}
    seat_of = {c: i for i, c in enumerate(colors)}
    rng = random.Random(seed)
    gen = int(game["generation"])
    first = seat_of[data["players"][0]["color"]]
    colonies_on = bool(game.get("gameOptions", {}).get("expansions", {}).get("colonies"))
    if not colonies_on and game.get("colonies"):
        raise PlayerViewError("colony tiles in play, but the game options do not have Colonies")

    # what the decider sees: every tableau, its own hand and offer
    known: set[int] = set()
    tableaux, corps, cres, used, corp_used, corp_res = [], [], {}, [], [], []
    for p, color in enumerate(colors):
        pl = by_color[color]
        cards, corp = [], -1
        for i, card in enumerate(pl.get("tableau", [])):
            name = card["name"]
            if i == 0 and name in CORP_IDS:
                corp = _corp_id(name, f"{color}'s tableau", colonies_on)
                corp_res.append(int(card.get("resources", 0)))     # Arklight's animals, Stormcraft's floaters
                continue
            c = _card_id(name, f"{color}'s tableau", colonies_on)
            if c in known:
                raise PlayerViewError(f"{name!r} is in two places")
            known.add(c)
            cards.append(c)
            if card.get("resources"):
                cres[c] = int(card["resources"])
        for name in pl.get("actionsThisGeneration", []):
            if name in CORP_IDS:
                corp_used.append(p)
            else:
                used.append(_card_id(name, f"{color}'s actions this generation", colonies_on))
        tableaux.append(cards)
        corps.append(corp)
        if corp < 0:
            corp_res.append(0)
    hand = [_card_id(c["name"], "the hand", colonies_on) for c in data["cardsInHand"]]
    if len(hand) != data["thisPlayer"].get("cardsInHandNbr", len(hand)):
        raise PlayerViewError(f"cardsInHand lists {len(hand)} cards but cardsInHandNbr is "
                              f"{data['thisPlayer']['cardsInHandNbr']}")
    offer: list[int] = []
    corp_offer = [-1, -1]
    if kind == "research":
        offer = [_card_id(c["name"], "the research offer", colonies_on)
                 for c in data["waitingFor"].get("cards", [])]
    elif kind == "initial":
        offer = [_card_id(c["name"], "the dealt cards", colonies_on) for c in data.get("dealtProjectCards", [])]
        dealt = [_corp_id(c["name"], "the dealt corporations", colonies_on)
                 for c in data.get("dealtCorporationCards", [])]
        if len(dealt) != 2:
            raise PlayerViewError(f"expected 2 dealt corporations, the view has {len(dealt)}")
        corp_offer = dealt
    elif kind == "followup" and data["waitingFor"].get("type") == "card" and re.fullmatch(KEEP_TITLE, pv.prompt_title):
        # the drawn cards to keep
        offer = [_card_id(c["name"], "the prompt's cards", colonies_on) for c in data["waitingFor"]["cards"]]
    revealed = []
    if kind == "followup" and data["waitingFor"].get("type") == "card" and re.fullmatch(BUY_TOP_TITLE, pv.prompt_title):
        # the revealed card to buy (Business Network, Inventors' Guild): off the draw pile, in no other
        # place (as in our core, where the pending decision holds it)
        revealed = [_card_id(c["name"], "the prompt's card", colonies_on) for c in data["waitingFor"]["cards"]]
    paying = re.fullmatch(RESEARCH_PAY_TITLE, pv.prompt_title) if kind == "followup" else None
    for c in hand + offer + revealed:
        if c in known:
            raise PlayerViewError(f"{CARDS[c]['name']!r} is in two places")
        known.add(c)

    # the unseen cards of the game's sets (base + Corporate Era), in one seeded order, fill every hidden place
    pool = [c for c in range(len(CARDS) if colonies_on else BASE_CARDS) if c not in known]
    rng.shuffle(pool)
    hidden_corps = [i for i in range(len(CORPS) if colonies_on else BASE_CORPS)
                    if i not in corp_offer and i not in corps]
    rng.shuffle(hidden_corps)
    researching = kind == "research" or paying is not None
    undecided = _undecided(data, colors, seat, len(pool)) if kind == "initial" else set()
    players = []
    for p, color in enumerate(colors):
        pl = by_color[color]
        spec: dict[str, Any] = {
            "tr": int(pl["terraformRating"]),
            "res": [int(pl[r]) for r in RESOURCES],
            "prod": [int(pl[f"{r}Production"]) for r in PRODUCTION_NAMES],
            "corp": corps[p], "corp_offer": [-1, -1],
            "passed": int(color in game.get("passedPlayers", [])),
            # the app counts on while a player plays alone (every other one passed): our core counts a turn's
            "acts": min(int(pl.get("actionsTakenThisRound", 0)), 1 if _alone(game, color, colors) else 2)
            if game["phase"] == "action" else 0,
            "first_pending": 0, "setup_done": 1, "bought": 1,
            "steel_value": int(pl.get("steelValue", 2)), "ti_value": int(pl.get("titaniumValue", 3)),
            "req_bonus": sum(CARDS[c].get("requirementBonus", {}).get("steps", 0) for c in tableaux[p]
                             if not CARDS[c].get("requirementBonus", {}).get("nextCardOnly"))
            + (2 if corps[p] == CORP_IDS["Inventrix"] else 0),
            "req_next": 2 if pl.get("lastCardPlayed") == "Special Design" else 0,
            "tr_raised": 0,
            # the next card costs less after these (the app's getCardDiscount reads lastCardPlayed,
            # which it clears when the player passes)
            "next_discount": NEXT_CARD_DISCOUNT.get(pl.get("lastCardPlayed"), 0),
            "final_done": 0, "tableau": tableaux[p], "hand": [], "offer": [],
            "card_price": int(pl.get("cardCost", 3)), "corp_resources": corp_res[p],
        }
        if colonies_on:
            spec["fleets"] = int(pl.get("fleetSize", 1))
            spec["fleets_used"] = int(pl.get("tradesThisGeneration", 0))
        count = int(pl.get("cardsInHandNbr", 0))
        if p == seat:
            spec["hand"] = hand
            spec["offer"] = offer
            if kind == "initial":
                spec["corp_offer"] = corp_offer
                spec["setup_done"] = 0
            if researching:
                spec["bought"] = 0
            if paying is not None:
                # the 4 research cards are not in the view (the chosen ones reach the hand after the
                # payment, the others the discard pile): a sample of the unseen cards stands for them,
                # the chosen ones first (the draw and discard piles' counts show all 4 are still out)
                spec["offer"] = _take(pool, RESEARCH_CARDS)
        else:
            spec["hand"] = _take(pool, count)
            if kind == "initial" and p in undecided:
                # has not chosen yet (a player who kept no card looks the same): deal the hidden choice
                spec["setup_done"] = 0
                spec["corp_offer"] = [hidden_corps.pop(), hidden_corps.pop()]
                spec["offer"] = _take(pool, 10)
            elif kind == "initial":
                spec["corp"] = hidden_corps.pop()     # chosen, played when everyone has chosen
            if researching and pl.get("needsToResearch", True):
                spec["bought"] = 0
                spec["offer"] = _take(pool, 4)
        if (gen == 1 and game["phase"] == "action" and corps[p] >= 0
                and CORPS[corps[p]]["name"] in FIRST_ACTION_CORPS and not pl.get("actionsTakenThisGame")):
            spec["first_pending"] = 1           # its first action is still due
        players.append(spec)
    deck_n, discard_n = int(game.get("deckSize", 0)), int(game.get("discardPileSize", 0))
    if len(pool) != deck_n + discard_n:
        raise PlayerViewError(f"card counts do not add up: {len(pool)} cards unseen, but the draw pile has "
                              f"{deck_n} and the discard pile {discard_n}")
    deck, discard = pool[:deck_n], pool[deck_n:]

    # the board, milestones and awards
    tiles, claims = [], []
    for sp in game["spaces"]:
        if "tileType" not in sp and "color" not in sp:
            continue
        if sp["id"] not in SPACE_IDS:
            raise PlayerViewError(f"unknown space {sp['id']!r}")
        if "tileType" not in sp:                # a colour without a tile: reserved by Land Claim
            if sp["color"] not in seat_of:
                raise PlayerViewError(f"space {sp['id']} is claimed by {sp['color']!r}, not a player")
            claims.append((SPACE_IDS[sp["id"]], seat_of[sp["color"]]))
            continue
        tile = int(sp["tileType"]) + TILE_OFFSET
        if not 0 < tile < len(tm_rules.TILE_NAMES):
            raise PlayerViewError(f"unknown tileType {sp['tileType']} on space {sp['id']}")
        owner = seat_of.get(sp.get("color"), -1) if "color" in sp else -1
        if "color" in sp and sp["color"] not in seat_of:
            raise PlayerViewError(f"space {sp['id']} is owned by {sp['color']!r}, not a player")
        tiles.append((SPACE_IDS[sp["id"]], tile, owner))
    milestones = _claims(game.get("milestones", []), MILESTONES, seat_of, "milestone")
    awards = _claims(game.get("awards", []), AWARDS, seat_of, "award")

    # the prompt
    step, phase, cur, pending, action_player = PK["ST_ACTION"], PK["PH_ACTION"], seat, [], -1
    if kind == "initial":
        step, phase = PK["ST_SETUP"], PK["PH_RESEARCH"]
    elif kind == "research":
        step, phase = PK["ST_RESEARCH"], PK["PH_RESEARCH"]
    elif kind == "finalGreenery":
        step, phase = PK["ST_FINAL"], PK["PH_PRODUCTION"]
        for i in range(n):                      # those before the decider in turn order are done
            q = (first + i) % n
            if q == seat:
                break
            players[q]["final_done"] = 1
    elif kind == "firstAction":
        players[seat]["first_pending"] = 1
    elif kind == "followup":
        fu = _followup(pv, players)
        pending = fu.pending
        pv.prompt["assumed"] = fu.assumed
        if fu.options is not None:
            pv.prompt["options"] = fu.options
        if fu.first_done:
            players[seat]["first_pending"] = 0
        action_player = seat
        if fu.pending and fu.pending[0][0] == PK["PK_TOP"]:    # the choice is not made in the core yet
            action_player = -1
            used = [c for c in used if c != fu.undo_used]
            awards = [(a, q) for a, q in awards if a != fu.unfund]
        if paying is not None:
            step, phase, action_player = PK["ST_RESEARCH"], PK["PH_RESEARCH"], -1
    if kind == "action":
        corp = corps[seat]
        blue = [o for o in data["waitingFor"].get("options", []) if o.get("selectBlueCardAction")]
        if corp >= 0 and any(c["name"] == CORPS[corp]["name"] for o in blue for c in o.get("cards", [])):
            players[seat]["tr_raised"] = 1      # only UNMI's action asks it; otherwise harmless
    position = {
        "np": n, "step": step, "phase": phase, "gen": gen, "first": first, "cur": cur,
        "temp": (int(game["temperature"]) + 30) // 2, "oxy": int(game["oxygenLevel"]),
        "oceans": int(game["oceans"]), "seed": rng.getrandbits(64), "players": players,
        "card_resources": cres, "used": used, "corp_used": corp_used, "deck": deck, "discard": discard,
        "tiles": tiles, "claims": claims, "milestones": milestones, "awards": awards, "pending": pending,
        "action_player": action_player,
    }
    if colonies_on:
        position["colonies"] = _colonies(game, seat_of)
    readings = [(pending, fu.position), *fu.readings] if kind == "followup" else [(pending, {})]
    for i, (reading, extra) in enumerate([*readings, readings[0]]):
        state = TmState.new(n, seed)
        try:
            tm_rules.load_position(state.core, {**position, **extra, "pending": reading})
        except OverflowError:
            # a number read from the prompt (its title's data, an amount) past the core's fields
            raise PlayerViewError(f"waitingFor: a number of the prompt {pv.prompt_title[:80]!r} is out of "
                                  f"range for the prompt it asks ({reading})") from None
        state.view = pv
        # the first reading that gives the prompt's listed choices; none does: the first
        if len(readings) == 1 or i == len(readings) or compare_listed(state, pv)[0] is not False:
            break
    return state, pv


def _alone(game: dict[str, Any], color: str, colors: list[str]) -> bool:
    """Whether every player but ``color`` has passed this generation."""
    passed = set(game.get("passedPlayers", []))
    return all(c in passed for c in colors if c != color)


def _undecided(data: dict[str, Any], colors: list[str], seat: int, unseen: int) -> set[int]:
    """At the initial selection, the other seats that have not chosen yet. A seat with no card in hand has
    not chosen, or chose and kept none (its 10 cards went to the discard pile): the piles' counts tell how
    many kept none; those are taken among the seats before the decider first."""
    game = data["game"]
    by_color = {p["color"]: p for p in data["players"]}
    empty = [p for p, c in enumerate(colors) if p != seat and int(by_color[c].get("cardsInHandNbr", 0)) == 0]
    hands = sum(int(by_color[c].get("cardsInHandNbr", 0)) for p, c in enumerate(colors) if p != seat)
    piles = int(game.get("deckSize", 0)) + int(game.get("discardPileSize", 0))
    spare = unseen - hands - 10 * len(empty) - piles      # -10 for each empty seat that chose already
    kept_none = -spare // 10 if spare < 0 and spare % 10 == 0 else 0
    order = sorted(empty, key=lambda p: (p > seat, p))
    return set(order[kept_none:])


def _colonies(game: dict[str, Any], seat_of: dict[str, int]) -> list[tuple[int, int, int, list[int], int]]:
    """The colony tiles in play as load_position takes them: (tile, active, track, owners, trader)."""
    out = []
    for col in game.get("colonies", []):
        name = col.get("name")
        if name not in COLONY_IDS:
            raise PlayerViewError(f"unknown colony tile {name!r}")
        who = list(col.get("colonies", [])) + ([col["visitor"]] if "visitor" in col else [])
        strangers = [c for c in who if c not in seat_of]
        if strangers:
            raise PlayerViewError(f"colony tile {name} names {strangers[0]!r}, not a player")
        track = int(col.get("trackPosition", 1))
        if not 0 <= track <= 6 or len(col.get("colonies", [])) > 3:
            raise PlayerViewError(f"colony tile {name}: track {track} or {len(col['colonies'])} colonies")
        out.append((COLONY_IDS[name], int(bool(col.get("isActive", True))), track,
                    [seat_of[c] for c in col.get("colonies", [])], seat_of.get(col.get("visitor"), -1)))
    return out


def _take(pool: list[int], count: int) -> list[int]:
    if count > len(pool):
        raise PlayerViewError(f"card counts do not add up: {count} more hidden cards needed, "
                              f"only {len(pool)} unseen left")
    return [pool.pop() for _ in range(count)]


def _claims(entries: list[dict[str, Any]], names: list[str], seat_of: dict[str, int],
            what: str) -> list[tuple[int, int]]:
    out = []
    for e in entries:
        if e.get("name") not in names:
            raise PlayerViewError(f"unknown {what} {e.get('name')!r}")
        if "color" in e:
            if e["color"] not in seat_of:
                raise PlayerViewError(f"{what} {e['name']} is held by {e['color']!r}, not a player")
            out.append((names.index(e["name"]), seat_of[e["color"]]))
    return out


def _followup(pv: PlayerView, players: list[dict[str, Any]]) -> followups.Followup:
    """The pending decisions of a follow-up prompt, (kind, player, card, a, b, c) as the core queues them,
    with what was assumed. The prompts of followups.py are built from the prompt itself; the others here
    take the card the decider played last (the view names it), or the only card that asks the prompt."""
    title, seat, w = pv.prompt_title, pv.seat, pv.view["waitingFor"]
    one = _followup_one(pv, players)
    if one is not None:
        return followups.Followup([one], [followups.NOTHING_BEHIND], _or_options(pv, one))
    handler = followups.find(w.get("type"), title)
    if handler is None:
        raise PlayerViewError(f"the engine cannot reproduce this prompt: {w.get('type')} {title!r}")
    try:
        return handler(followups.Ctx(w, title, seat, pv.colors, players, pv.view, title_text))
    except followups.FollowupError as e:
        raise PlayerViewError(str(e)) from None


def _or_options(pv: PlayerView, pending: tuple[int, ...]) -> list[dict[str, Any]] | None:
    """The app's options of Mars University's and a plant removal's "or", each with our moves."""
    w = pv.view["waitingFor"]
    if w.get("type") != "or":
        return None
    opts = []
    for i, o in enumerate(w.get("options", [])):
        t = title_text(o.get("title"))
        if pending[0] == PK["PK_MARS_UNI"] and o.get("type") == "card":
            cards = {c["name"]: ["card", CARD_IDS[c["name"]]] for c in o.get("cards", []) if c["name"] in CARD_IDS}
            opts.append({"index": i, "title": t, "type": "card", "moves": list(cards.values()), "cards": cards})
        elif pending[0] == PK["PK_MARS_UNI"]:
            opts.append({"index": i, "title": t, "type": "option", "moves": [["option", CONST["OPT_SKIP"]]]})
        else:       # "Remove N plants from <colour>" / "Skip removing plants"
            color = t.rsplit(" ", 1)[-1]
            q = pv.colors.index(color) if not t.startswith("Skip") and color in pv.colors else CONST["SKIP_PLAYER"]
            opts.append({"index": i, "title": t, "type": "option", "moves": [["player", q]]})
    return opts


def _followup_one(pv: PlayerView, players: list[dict[str, Any]]) -> tuple[int, int, int, int, int, int] | None:
    """The follow-ups read from the card played last or a named card (None: not one of them)."""
    title, seat, w = pv.prompt_title, pv.seat, pv.view["waitingFor"]
    m = re.fullmatch(RESEARCH_PAY_TITLE, title)
    if m:
        chosen = int(m.group(2))
        if not 0 < chosen <= RESEARCH_CARDS or int(m.group(1)) != chosen * players[seat]["card_price"]:
            raise PlayerViewError(f"{title!r}: not {chosen} cards at {players[seat]['card_price']} M€ each")
        return (PK["PK_RESEARCH_PAY"], seat, -1, (1 << chosen) - 1, 0, 0)
    if title == ENERGY_TITLE:
        return (PK["PK_AMOUNT"], seat, _acting_card(pv, players, "Power Infrastructure", title), int(w["max"]), 0, 0)
    if w.get("type") == "or" and title == "Select one option" and [
            title_text(o.get("title")) for o in w.get("options", [])] == MARS_UNI_OPTIONS:
        return (PK["PK_MARS_UNI"], seat, _acting_card(pv, players, "Mars University", title), 0, 0, 0)
    last = pv.view["thisPlayer"].get("lastCardPlayed")
    card = CARD_IDS.get(last, -1) if last else -1
    named = re.fullmatch(COLONY_TITLES, title)
    if named and named.group(1):                # the card that builds it is in the title
        return _colony_followup(pv, followups.Ctx(w, title, seat, pv.colors, players, pv.view, title_text)
                                .acting(named.group(1)), True)
    if named:
        return _colony_followup(pv, card if card in players[seat]["tableau"] else -1)
    if followups.find(w.get("type"), title) is not None:
        return None
    if card < 0 or card not in players[seat]["tableau"]:
        raise PlayerViewError(f"the engine cannot reproduce {title!r}: the card that raised it is not known")
    m = re.fullmatch(r"Select space for (.+) tile", title)
    if m:
        word = m.group(1).lower()
        return (PK["PK_TILE"], seat, card, -1, TILE_WORDS.get(word, 0), 0)
    m = re.fullmatch(r"Select player to remove up to (\d+) plants", title)
    if m:
        return (PK["PK_REMOVE_PLANTS"], seat, card, int(m.group(1)), 0, 0)
    m = re.fullmatch(DECREASE_TITLE, title)
    if m and m.group(1) in PRODUCTION_WORDS:
        if CARDS[card]["name"] in STEAL_GAIN:
            # a stealing card's own gain comes after the decrease in the app (the view shows production
            # without it) and before it in our core: add it
            players[seat]["prod"][STEAL_GAIN[CARDS[card]["name"]]] += 1
        return (PK["PK_DEC_PROD"], seat, card, PRODUCTION_WORDS[m.group(1)], int(m.group(2)), 0)
    m = re.fullmatch(KEEP_TITLE, title)
    draw = CARDS[card].get("onPlay", {}).get("drawCard")
    if m and isinstance(draw, dict) and draw.get("keep"):
        # drawn already (c = 1): the cards are the prompt's, in the offer
        return (PK["PK_KEEP"], seat, card, int(m.group(1)), len(w.get("cards", [])), 1)
    raise PlayerViewError(f"the engine cannot reproduce {title!r} after {last!r}")


def _acting_card(pv: PlayerView, players: list[dict[str, Any]], name: str, title: str) -> int:
    """The card whose effect or action asks `title`: it must be in the decider's tableau."""
    card = CARD_IDS[name]
    if card not in players[pv.seat]["tableau"]:
        raise PlayerViewError(f"the engine cannot reproduce {title!r}: only {name} asks it, and it is not "
                              f"in the player's tableau")
    return card


def _colony_followup(pv: PlayerView, last: int, named: bool = False) -> tuple[int, int, int, int, int, int]:
    """Building a colony: by the card played last if that card builds one (Research Colony may join its
    own colony), else by the Build Colony standard project or Poseidon (the view does not say which: both
    build by the same rule). The prompt's tiles tell whether a second own colony on a tile is allowed."""
    me = pv.colors[pv.seat]
    builds = named or (last >= 0 and "buildColony" in (CARDS[last].get("onPlay") or {}).get("colonies", {}))
    offered = pv.view["waitingFor"].get("coloniesModel", [])
    dup = int(any(me in col.get("colonies", []) for col in offered))
    return (PK["PK_COLONY"], pv.seat, last if builds else -1, dup, 0, 0)


def _followup_choices(state: TmState, pv: PlayerView, moves: list[tuple[int, ...]]) -> dict[str, Any]:
    """A follow-up's legal answers in the app's terms: spaces, player colours, cards (to keep: with how
    many; to discard: with whether doing nothing is allowed), the amount's range, colony tiles, or the
    research payment's total."""
    core, k = state.core, tm_rules.MOVE_KINDS
    out: dict[str, Any] = {}
    of = {kind: [m for m in moves if m[0] == kind] for kind in {m[0] for m in moves}}
    if k["space"] in of:
        out["space"] = sorted(SPACES[m[1]] for m in of[k["space"]])
    if k["player"] in of:
        out["player"] = sorted(pv.colors[m[1]] if m[1] != CONST["SKIP_PLAYER"] else "skip" for m in of[k["player"]])
    if k["keep"] in of:
        out["keep"] = {"cards": sorted(card_name(c) for c in core.offer(pv.seat)),
                       "count": sorted({m[2].bit_count() for m in of[k["keep"]]})}
    if k["card"] in of:
        out["card"] = sorted(card_name(m[1]) for m in of[k["card"]])
    if k["colony"] in of:
        out["colony"] = sorted(COLONY_NAMES[m[1]] for m in of[k["colony"]])
    if k["buy"] in of:                          # a research buy already chosen: what it costs
        price = tm_rules.save_position(core)["players"][pv.seat]["card_price"]
        out["payment"] = sorted({price * m[2].bit_count() for m in of[k["buy"]]})
    options = [m[1] for m in of.get(k["option"], [])]
    if CONST["OPT_SKIP"] in options:
        out["skip"] = True
    amounts = [a for a in options if a != CONST["OPT_SKIP"]]
    if amounts:
        out["amount"] = [min(amounts), max(amounts)] if amounts == list(range(min(amounts), max(amounts) + 1)) \
            else amounts
    return out


KIND_NAMES = {v: k for k, v in tm_rules.MOVE_KINDS.items()}


def _names(items: Iterable[Any]) -> list[str]:
    return [x["name"] if isinstance(x, dict) else x for x in items]


def choices_difference(ours: set[Any], app: set[Any], sep: str = "; ") -> str:
    """What our choices and the app's do not share, in words ('' when they agree)."""
    out = []
    if ours - app:
        out.append(f"we offer {sorted(ours - app)} too")
    if app - ours:
        out.append(f"we lack {sorted(app - ours)}")
    return sep.join(out)


def _moves(state: Any) -> list[tuple[int, ...]]:
    return [tm_rules.decode(m) for m in state.legal_codes()]


def compare_listed(state: Any, pv: Any) -> tuple[bool | None, str]:
    """Whether our legal decisions at a follow-up are the prompt's listed ones (None: not compared)."""
    if pv.kind != "followup":
        return None, ""
    w = pv.view["waitingFor"]
    kind = w.get("type")
    moves = _moves(state)
    if kind == "or" and pv.prompt.get("options") is not None:
        return _compare_or(moves, pv.prompt["options"])
    if kind == "space":
        ours = {SPACES[m[1]] for m in moves if m[0] == tm_rules.MOVE_KINDS["space"]}
        app = set(w.get("spaces", []))
    elif kind == "player":
        ours = {pv.colors[m[1]] for m in moves if m[0] == tm_rules.MOVE_KINDS["player"]}
        app = set(w.get("players", []))
    elif kind == "colony":
        ours = {COLONY_NAMES[m[1]] for m in moves if m[0] == tm_rules.MOVE_KINDS["colony"]}
        app = set(_names(w.get("coloniesModel", [])))
    elif kind == "amount":
        ours = {m[1] for m in moves if m[0] == tm_rules.MOVE_KINDS["option"]}
        app = set(range(int(w.get("min", 0)), int(w.get("max", 0)) + 1))
    elif kind == "card":
        cards = set(_names(w.get("cards", [])))
        if any(m[0] == tm_rules.MOVE_KINDS["keep"] for m in moves):
            ours = {card_name(c) for c in state.core.offer(pv.seat)}
            app = cards
        elif any(m[0] == tm_rules.MOVE_KINDS["option"] for m in moves):       # a revealed card: buy it (option 1) or not
            ours = cards if any(m[0] == tm_rules.MOVE_KINDS["option"] and m[1] == 1 for m in moves) else set()
            app = cards if int(w.get("max", 1)) > 0 else set()
        else:
            ours = {card_name(m[1]) for m in moves if m[0] == tm_rules.MOVE_KINDS["card"]}
            app = cards
    else:
        return None, ""
    return ours == app, choices_difference(ours, app)


def _compare_or(moves: list[tuple[int, ...]], options: list[dict[str, Any]]) -> tuple[bool, str]:
    legal = {(KIND_NAMES[m[0]], m[1]) for m in moves}
    listed: set[tuple[str, int]] = set()
    missing = []
    for o in options:
        mine = {tuple(m) for m in o["moves"]}
        listed |= mine
        if o.get("then") is None and not (mine & legal):
            missing.append(o["title"])
    extra = legal - listed
    msg = []
    if missing:
        msg.append(f"we do not offer {missing}")
    if extra:
        msg.append(f"we offer {sorted(extra)} that no option lists")
    return not msg, "; ".join(msg)



STD_TITLES = {1: "Power Plant:SP", 2: "Asteroid:SP", 3: "Aquifer", 4: "Greenery", 5: "City", 6: "Build Colony"}
TRADE_PAY = {CONST["TP_MC"]: "M€", CONST["TP_ENERGY"]: "energy", CONST["TP_TITANIUM"]: "titanium",
             CONST["TP_FLOATER"]: "floater (use Titan Floating Launch-pad action)"}
MENU_KEYS = {"milestone": "Claim a milestone", "plants": "Convert plants into greenery",
             "heat": "Convert 8 heat into temperature", "action": "Perform an action from a played card",
             "play": "Play project card", "end": "End Turn", "award": "Fund an award",
             "std": "Standard projects", "pass": "Pass for this generation", "sell": "Sell patents",
             "first": "Take first action", "trade": "Trade with a colony tile"}


def prompt_choices(state: TmState, pv: PlayerView) -> dict[str, Any]:
    """The engine's legal decisions at an imported view's prompt, in the app's terms: on the action
    menu one entry per top-level option (keys of MENU_KEYS) with the names it offers (cards, standard
    projects, milestones, awards) or None; for other prompts the cards, spaces or player colours."""
    core, seat, k = state.core, pv.seat, tm_rules.MOVE_KINDS
    moves = [tm_rules.decode(m) for m in state.legal_codes()]
    kinds = {m[0] for m in moves}
    if pv.kind == "initial":
        return {"corporation": sorted(CORPS[c]["name"] for c in core.corp_offer(seat) if c >= 0),
                "cards": sorted(CARDS[c]["name"] for c in core.offer(seat))}
    if pv.kind == "research":
        return {"cards": sorted(CARDS[c]["name"] for c in core.offer(seat)),
                "max": max(m[2].bit_count() for m in moves if m[0] == k["buy"])}
    if pv.kind == "finalGreenery":
        return {"space": sorted(SPACES[m[1]] for m in moves if m[0] == k["finalGreenery"]),
                "skip": k["finalDone"] in kinds}
    if pv.kind == "followup":
        return _followup_choices(state, pv, moves)
    out = {}
    for kind, a, _b, *_ in moves:
        if kind == k["milestone"]:
            out.setdefault("milestone", set()).add(MILESTONES[a])
        elif kind == k["award"]:
            out.setdefault("award", set()).add(AWARDS[a])
        elif kind == k["play"]:
            out.setdefault("play", set()).add(card_name(a))
        elif kind == k["action"]:
            out.setdefault("action", set()).add(card_name(a))
        elif kind == k["std"]:
            out.setdefault("std", set()).add(STD_TITLES[a])
        elif kind == k["sell"]:
            out["sell"] = {card_name(c) for c in core.hand(seat)}
        elif kind == k["trade"]:                # a = tile, b = what pays
            trade = out.setdefault("trade", {"pay": set(), "colony": set()})
            trade["pay"].add(TRADE_PAY[_b])
            trade["colony"].add(COLONY_NAMES[a])
        else:
            name = {k["plants"]: "plants", k["heat"]: "heat", k["end"]: "end", k["pass"]: "pass",
                    k["first"]: "first"}.get(kind)
            if name is None:
                raise PlayerViewError(f"unexpected move kind {kind} at the action menu")
            out[name] = None
    def plain(v: Any) -> Any:
        return sorted(v) if isinstance(v, set) else {x: plain(y) for x, y in v.items()} if isinstance(v, dict) else v

    return {key: plain(v) for key, v in out.items()}
