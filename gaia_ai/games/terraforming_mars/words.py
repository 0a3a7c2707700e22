"""Terraforming Mars moves in the words a player of the game uses: the card, the payment, the space, the
standard project, milestone or award, and at a prompt of a real game's player view the prompt's own
option title (the app's `waitingFor`).

    move_words(state, move)               # "Play Comet (21 M€ + 1 titanium)"
    describe_line(state, moves, players)  # each step of a line, the moves applied in turn to a copy

A space is named by the board's id with its row and place in the row, its kind and its placement bonus
("space 25 (row 3, 4th from the left, land; bonus 2 plants)"), as the app's board shows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gaia_ai._core import tm_rules
from gaia_ai.games.lines import describe_steps

from .errors import TmError
from .tables import AWARDS, BOARD, CARD_IDS, COLONY_NAMES, CONST, CORPS, MILESTONES, SPACES, card_name

if TYPE_CHECKING:
    from .playerview import PlayerView
    from .state import TmMove, TmState

K = tm_rules.MOVE_KINDS
PROJECT_NAMES = ["", "Power Plant", "Asteroid", "Aquifer", "Greenery", "City", "Build Colony"]
TILE_WORDS = [name.replace("_", " ") for name in tm_rules.TILE_NAMES]    # "mohole area"
BONUS_WORDS = {"plant": "plant", "draw_card": "card"}
RESOURCE_WORDS = ("M€", "steel", "titanium", "plant", "energy", "heat")
TRADE_WORDS = ("M€", "energy", "titanium", "floaters")
ORDINALS = ("1st", "2nd", "3rd")
POWER_INFRASTRUCTURE = CARD_IDS["Power Infrastructure"]


def payment(mc: int, st: int, ti: int, he: int) -> str:
    """"12 M€ + 2 titanium"; "nothing" for a free move."""
    parts = [f"{n} {what}" for n, what in ((mc, "M€"), (st, "steel"), (ti, "titanium"), (he, "heat")) if n]
    return " + ".join(parts) or "nothing"


def _paid(mc: int, st: int, ti: int, he: int) -> str:
    return f" ({payment(mc, st, ti, he)})" if mc or st or ti or he else ""


def _spaces_by_row() -> dict[str, tuple[int, int]]:
    rows: dict[int, list[dict[str, Any]]] = {}
    for sp in BOARD["spaces"]:
        if sp["y"] >= 0:
            rows.setdefault(sp["y"], []).append(sp)
    out = {}
    for y, spaces in rows.items():
        for i, sp in enumerate(sorted(spaces, key=lambda s: s["x"])):
            out[sp["id"]] = (y + 1, i + 1)
    return out


ROW_PLACE = _spaces_by_row()
SPACE_INFO = {sp["id"]: sp for sp in BOARD["spaces"]}


def _ordinal(n: int) -> str:
    return ORDINALS[n - 1] if n <= 3 else f"{n}th"


def space_words(space: int) -> str:
    """"space 25 (row 3, 4th from the left, land; bonus 2 plants)"; off-Mars spaces by their name."""
    sid = SPACES[space]
    sp = SPACE_INFO[sid]
    if sid not in ROW_PLACE:
        return f"space {sid} ({sp.get('name', 'off Mars')})"
    row, place = ROW_PLACE[sid]
    counts: dict[str, int] = {}
    for b in sp.get("bonus", []):    # plant, steel, titanium, draw_card
        word = BONUS_WORDS.get(b, b)
        counts[word] = counts.get(word, 0) + 1
    bonus = ", ".join(f"{n} {w}{'s' if n > 1 and w not in ('steel', 'titanium', 'heat') else ''}"
                      for w, n in counts.items())
    kind = {"ocean": "ocean space", "land": "land"}.get(sp["type"], sp["type"])
    where = f"space {sid} (row {row}, {_ordinal(place)} from the left, {kind}"
    return where + (f"; bonus {bonus})" if bonus else ")")


def _who(state: TmState, seat: int, view: PlayerView | None) -> str:
    corp = state.core.corp(seat)
    name = CORPS[corp]["name"] if corp >= 0 and state.core.step != "setup" else None
    color = view.colors[seat] if view is not None and seat < len(view.colors) else None
    extra = ", ".join(x for x in (color, name) if x)
    return f"p{seat + 1}" + (f" ({extra})" if extra else "")


def move_words(state: TmState, move: TmMove | int | str, view: PlayerView | None = None) -> str:
    """The move in words at `state` (the position it is a decision of); `view` (the player view the state
    was imported from, at its prompt) names players by colour and puts the prompt's option title first."""
    code = move if isinstance(move, int) else state.parse(move) if isinstance(move, str) else move.code
    kind, a, b, mc, st, ti, he = tm_rules.decode(code)
    core = state.core
    p = core.current_player
    pending = core.pending()
    front = pending[0] if pending else None
    words = _words(state, kind, a, b, (mc, st, ti, he), p, front, view)
    title = option_title(view, state, kind, a) if view is not None else None
    if not title:
        return words
    what = "option" if title in _options(view) else "prompt"
    return f'{words} (the {what} "{title}")'


def _offer_names(core: Any, p: int, mask: int) -> list[str]:
    return [card_name(c) for i, c in enumerate(core.offer(p)) if mask >> i & 1]


def _words(state: TmState, kind: int, a: int, b: int, pay: tuple[int, int, int, int], p: int,
           front: tuple[Any, ...] | None, view: PlayerView | None) -> str:
    core = state.core
    has_card = front is not None and 0 <= front[2] < CONST["NCARD"]
    on = f" for {card_name(front[2])}" if has_card else ""      # the card whose follow-up this is
    if kind == K["setup"]:
        corp = CORPS[core.corp_offer(p)[a]]["name"]
        kept = _offer_names(core, p, b)
        price = 5 if corp == "Polyphemos" else 3
        cards = f"keep {', '.join(kept)} ({len(kept) * price} M€)" if kept else "keep no card"
        return f"Start with {corp}; {cards}"
    if kind == K["buy"] and front is not None and front[0] == "researchPayment":
        # the cards were chosen at a prompt before this one (a player view does not name them)
        mc, _, _, he = pay
        return f"Pay for the {front[3].bit_count()} research cards" + (f" ({payment(mc, 0, 0, he)})" if mc or he
                                                           else " (all in M€)")
    if kind == K["buy"]:
        kept = _offer_names(core, p, b)
        return f"Buy {', '.join(kept)}{_paid(*pay)}" if kept else "Buy no card"
    if kind == K["play"]:
        return f"Play {card_name(a)}{_paid(*pay)}"
    if kind == K["std"]:
        return f"Standard project {PROJECT_NAMES[a]}{_paid(*pay)}"
    if kind == K["sell"]:
        return "Sell patents"
    if kind == K["sellCard"]:
        return f"Sell {card_name(a)} (1 M€)"
    if kind == K["sellDone"]:
        return "Stop selling"
    if kind == K["milestone"]:
        return f"Claim the {MILESTONES[a]} milestone{_paid(*pay)}"
    if kind == K["award"]:
        return f"Fund the {AWARDS[a]} award{_paid(*pay)}"
    if kind == K["plants"]:
        return "Convert plants into a greenery"
    if kind == K["heat"]:
        floaters = f" ({a} floaters of Stormcraft pay {2 * a})" if a else ""
        return "Convert 8 heat into a temperature step" + floaters
    if kind == K["first"]:
        corp = core.corp(p)
        return f"Take the first action of {CORPS[corp]['name']}" if corp >= 0 else "Take the first action"
    if kind == K["end"]:
        return "End the turn"
    if kind == K["pass"]:
        return "Pass for this generation"
    if kind == K["action"]:
        return f"Use the action of {card_name(a)}{_paid(*pay)}"
    if kind == K["trade"]:
        return f"Trade with {COLONY_NAMES[a]}, paying in {TRADE_WORDS[b]}" + _paid(*pay)
    if kind == K["colony"]:
        what = front[0] if front is not None else "colony"
        if what == "addColonyTile":
            return f"Put the {COLONY_NAMES[a]} colony tile into play"
        if what == "colony":
            return f"Build a colony on {COLONY_NAMES[a]}"
        return f"Choose the {COLONY_NAMES[a]} colony tile{on}"
    if kind == K["card"]:
        what = front[0] if front is not None else ""
        verb = {"addResources": "Add the resources to", "removeResource": "Remove the resource from",
                "attack": "Take the resources from", "robot": "Copy the production of",
                "marsUniversity": "Discard and draw one instead of", "discard": "Discard"}.get(what, "Choose")
        return f"{verb} {card_name(a)}{on}"
    if kind == K["keep"]:
        holder = front[1] if front is not None else p
        kept = _offer_names(core, holder, b)
        return f"Keep {', '.join(kept)}" if kept else "Keep no card"
    if kind == K["space"]:
        is_tile = front is not None and front[0] == "tile" and 0 < front[3] < len(TILE_WORDS)
        tile = TILE_WORDS[front[3]] if is_tile else "tile"
        return f"Place the {tile}{on} on {space_words(a)}"
    if kind == K["player"]:
        if a == CONST["SKIP_PLAYER"]:
            return f"Target no player{on}"
        what = front[0] if front is not None else ""
        if what == "removePlants":
            return f"Remove up to {front[3]} plants from {_who(state, a, view)}{on}"
        if what == "decreaseProduction" and 0 <= front[3] < 6:
            what = RESOURCE_WORDS[front[3]]
            return f"Decrease the {what} production of {_who(state, a, view)} by {front[4]}{on}"
        return f"Target {_who(state, a, view)}{on}"
    if kind == K["option"] and front is not None and front[0] == "amount" and a != CONST["OPT_SKIP"]:
        if front[2] == POWER_INFRASTRUCTURE:
            return f"Spend {a} energy for {a} M€{on}"
        return f"Turn {a} heat production into M€ production{on}"
    if kind == K["option"]:
        if a == CONST["OPT_SKIP"]:
            return f"Skip{on}"
        return f"Choose option {a + 1}{on}" + _paid(*pay)
    if kind == K["finalGreenery"]:
        return f"Place a final greenery on {space_words(a)}"
    if kind == K["finalDone"]:
        return "Place no more final greeneries"
    raise TmError(f"move kind {kind}: no words for it")


# the app's action menu: which option title each top-level move kind answers
MENU_TITLES: dict[int, tuple[str, ...]] = {
    K["play"]: ("Play project card",), K["std"]: ("Standard projects",),
    K["action"]: ("Perform an action from a played card",), K["milestone"]: ("Claim a milestone",),
    K["award"]: ("Fund an award",), K["plants"]: ("Convert", "plants"), K["heat"]: ("Convert", "heat"),
    K["end"]: ("End Turn",), K["pass"]: ("Pass for this generation",), K["sell"]: ("Sell patents",),
    K["trade"]: ("Trade with a colony tile",), K["first"]: ("Take first action",),
}


def _options(view: PlayerView) -> list[str]:
    from .playerview import title_text

    return [title_text(o.get("title")) for o in view.view["waitingFor"].get("options", [])]


def option_title(view: PlayerView, state: TmState, kind: int, a: int) -> str | None:
    """The title of the view's prompt option (or of the prompt itself) that a move of `state`'s decision
    answers: "Play project card", "Remove 2 plants from yellow", "Select space for greenery tile"; None when
    the state is not the view's prompt any more or the view names no such option."""
    if state.current_player != view.seat or state.core.pending() and view.kind not in ("followup",):
        return None
    options = _options(view)
    if view.kind in ("action", "firstAction"):
        want = MENU_TITLES.get(kind)
        if want is None:
            return None
        for t in options:
            if t.startswith(want[0]) and all(w in t for w in want[1:]):
                return t
        return None
    if view.kind == "finalGreenery":
        return options[0] if kind == K["finalGreenery"] and options else (
            options[-1] if kind == K["finalDone"] and options else None)
    if view.kind == "followup" and view.prompt.get("options"):
        # the import recorded which of our moves each app option stands for (followups.py)
        name = next((n for n, code in K.items() if code == kind), None)
        return next((o["title"] for o in view.prompt["options"] if [name, a] in o["moves"]), None)
    if view.kind == "followup" and options and kind in (K["card"], K["option"]) and len(options) > 1:
        # an "or" of a card choice and a plain option (Mars University: "Select a card to discard" or
        # "Do nothing"): the option of the answer's type
        want = "card" if kind == K["card"] else "option"
        types = [o.get("type") for o in view.view["waitingFor"].get("options", [])]
        return options[types.index(want)] if want in types else None
    if view.kind == "followup" and kind == K["player"] and options:
        if a == CONST["SKIP_PLAYER"]:
            return next((t for t in options if t.startswith("Skip")), None)
        color = view.colors[a]
        return next((t for t in options if t.endswith(f" {color}")), None)
    if view.kind == "initial":
        return "Select corporation and initial cards to buy"
    return view.prompt_title or None


# the kinds of move that choose among a seat's own unseen cards (its corporation and cards dealt, bought,
# kept, its hand): another seat's are sampled guesses
HIDDEN_CHOICES = frozenset({K["setup"], K["buy"], K["keep"], K["play"]})


def describe_line(state: TmState, moves: Sequence[Any], players: Sequence[int] | None = None,
                  view: PlayerView | None = None) -> list[dict[str, Any]]:
    """Each move of a line in words, applied in turn to a copy of `state` (the protocol's
    describe_moves): dicts with player (seat from 1), who, notation and words; the list stops at a move
    the position does not allow. `view`: the player view `state` is at the prompt of (its titles).
    Another seat's choice among cards the first seat cannot see (a corporation, research or kept cards, a
    card of its hand) was read on a sample of them, not on its real hand: its words say it is a guess."""
    observer = state.current_player

    def step(line: TmState, i: int, move: Any) -> tuple[int, str, str]:
        code = line.parse(str(move)) if not isinstance(move, int) else move
        words = move_words(line, code, view if i == 0 else None)
        if line.current_player != observer and tm_rules.decode(code)[0] in HIDDEN_CHOICES:
            words += f" (a guess: the cards are a sample of what p{observer + 1} cannot see)"
        return code, line.format(code), words

    return describe_steps(state, moves, players, step, lambda line, seat: _who(line, seat, view),
                          (TmError, ValueError, IndexError))
