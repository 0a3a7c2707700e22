"""The app's own answer: the InputResponse JSON object that the Terraforming Mars app's `/player/input` route
takes for the prompt of an imported player view (playerview.py), built from our moves.

    state, view = import_player_view(data)
    response, used = app_response(state, view, line)   # line: our moves from that prompt, best first

The response answers `view.waitingFor` exactly as the app's own client would: nested `or` / `and` with the
app's option indexes, `projectCard` with the whole payment object (every key the app has), `card` with every
card of the answer, `space` ids, `player` colours, `amount`, `colonyName`, `initialCards`. One app answer can
stand for several of our decisions: "Convert 8 plants into greenery" carries the space, "Sell patents" the
whole set of cards (our sell, each card, done). `used` says how many moves of the line the answer covers;
where the line stops before the answer is whole (a principal variation cut short), `complete` picks the rest
(by default the greedy bot's choice, seeded). Where the app asks in two prompts what we decide in one (a card
action and then its payment; Helion's milestone, award and research buy and then the heat it spends;
Stormcraft's heat and then its floaters), each prompt gets its part: the menu answer names the action, the
follow-up prompt's answer the payment.

The app's source (terraforming-mars/terraforming-mars, src/common/inputs/InputResponse.ts) defines the shapes;
../shared/tools/tm-app-server/SERVER.md lists them. ``canonical`` compares two answers as the app-prompts
corpus's README says: card lists as sets, payments by their nonzero entries. ``all_app_responses`` gives
the answers of our listed legal moves; ``unlisted_app_responses`` the answers our rules accept that the
move generator does not list (the app takes overpayments; we list no payment past the cost).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gaia_ai._core import tm_rules

from .errors import TmError
from .playerview import PlayerView, title_text
from .tables import AWARDS, COLONY_NAMES, CONST, CORPS, MILESTONES, SPACES, STANDARD_PROJECTS, card_name

K = tm_rules.MOVE_KINDS
KIND_NAMES = {v: k for k, v in K.items()}
# every key of the app's Payment object (src/common/inputs/Payment.ts); the route refuses a payment without all
PAYMENT_KEYS = ("megacredits", "heat", "steel", "titanium", "plants", "microbes", "floaters",
                "lunaArchivesScience", "spireScience", "seeds", "auroraiData", "graphene", "kuiperAsteroids")
# the units our core pays with, in its move's order (payment()'s mc, st, ti, he)
CORE_PAYMENT_KEYS = ("megacredits", "steel", "titanium", "heat")
# our standard projects by the names the app's "Standard projects" card list uses
STD_APP_NAMES = {"powerPlant": "Power Plant:SP", "asteroid": "Asteroid:SP", "aquifer": "Aquifer",
                 "greenery": "Greenery", "city": "City", "buildColony": "Build Colony:SP"}
# the action menu's option titles (their starts) that each top-level move kind answers
MENU_TITLES = {K["play"]: ("Play project card",), K["std"]: ("Standard projects",), K["sell"]: ("Sell patents",),
               K["milestone"]: ("Claim a milestone",), K["award"]: ("Fund an award",),
               K["plants"]: ("Convert", "plants"), K["heat"]: ("Convert", "heat"),
               K["action"]: ("Perform an action",), K["end"]: ("End Turn",),
               K["pass"]: ("Pass for this generation",), K["trade"]: ("Trade with a colony",),
               K["first"]: ("Take first action",)}
SKIP_TITLES = ("Skip", "Do not", "Don't", "Do nothing", "None")
TRADE_FEE_WORDS = {CONST["TP_MC"]: "M€", CONST["TP_ENERGY"]: "energy", CONST["TP_TITANIUM"]: "titanium",
                   CONST["TP_FLOATER"]: "floater"}
SKIPS = {(K["player"], CONST["SKIP_PLAYER"]), (K["option"], CONST["OPT_SKIP"])}


class AppResponseError(TmError, ValueError):
    """A line of moves that does not answer the view's prompt (another decision, or a prompt shape the
    mapping does not know); the message names the prompt and the move."""


class NeedMore(Exception):
    """The line stopped before the app's answer was whole; ``state`` is the position the next move is
    due at (raised by a ``complete`` that does not choose)."""

    def __init__(self, state: Any) -> None:
        super().__init__("the line stops before the answer is whole")
        self.state = state


def payment(mc: int = 0, st: int = 0, ti: int = 0, he: int = 0) -> dict[str, int]:
    """The app's whole Payment object (every key, zero where unused)."""
    out = dict.fromkeys(PAYMENT_KEYS, 0)
    out.update(megacredits=mc, steel=st, titanium=ti, heat=he)
    return out


@dataclass
class _Move:
    kind: int
    a: int
    b: int
    pay: tuple[int, int, int, int]        # mc, st, ti, he
    core: Any                             # the core before the move (its offers name setup/buy/keep cards)
    player: int


class _Line:
    """Our moves from the prompt, applied in turn to a copy of the state; past the line's end, complete()."""

    def __init__(self, state: Any, moves: Sequence[Any], complete: Callable[[Any], Any] | None) -> None:
        self.state = state.copy()
        self.moves = list(moves)
        self.used = 0
        self.complete = complete
        self._peeked: Any = None
        self.lines: list[str] = []             # the notation of the moves taken

    def _next(self) -> Any:
        if self._peeked is None:
            if self.used < len(self.moves):
                m = self.moves[self.used]
            elif self.complete is None:
                raise NeedMore(self.state)
            else:
                m = self.complete(self.state)
            self._peeked = _code(self.state, m)
        return self._peeked

    def peek(self) -> _Move:
        code = self._next()
        kind, a, b, mc, st, ti, he = tm_rules.decode(code)
        return _Move(kind, a, b, (mc, st, ti, he), self.state.core, self.state.current_player)

    def selling(self) -> bool:
        """Whether the decision due is still a sale of patents (a card or done)."""
        return any(tm_rules.decode(m)[0] in (K["sellCard"], K["sellDone"]) for m in self.state.legal_codes())

    def take(self) -> _Move:
        mv = self.peek()
        mv.core = self.state.core.copy()
        self.lines.append(self.state.format(self._peeked))
        self.state.apply(self._peeked)
        self._peeked = None
        self.used += 1
        return mv


def _code(state: Any, m: Any) -> int:
    if isinstance(m, int):
        return m
    if hasattr(m, "code"):
        return int(m.code)
    return int(state.parse_move(str(m)).code)


def greedy_completion(seed: int = 0) -> Callable[[Any], Any]:
    """The default ``complete``: the greedy bot's move (seeded) where a line stops mid-answer."""
    from .bots import GreedyBot

    bot = GreedyBot(seed)
    return bot.choose


def app_response(state: Any, view: PlayerView, line: Sequence[Any] = (),
                 complete: Callable[[Any], Any] | None | str = "greedy") -> tuple[dict[str, Any], int]:
    """(InputResponse, moves used): the app's answer to `view`'s prompt for our moves `line` from `state`
    (the imported position, or a determinization of it). complete="greedy" finishes a line that stops
    mid-answer with the greedy bot; None raises NeedMore there."""
    if complete == "greedy":
        complete = greedy_completion()
    cur = _Line(state, line, complete)          # type: ignore[arg-type]
    w = view.view.get("waitingFor")
    if not isinstance(w, dict):
        raise AppResponseError("the view has no prompt (waitingFor)")
    return _Answer(view).respond(w, cur, top=True), cur.used


def app_response_after(state: Any, view: PlayerView, line: Sequence[Any],
                       complete: Callable[[Any], Any]) -> tuple[dict[str, Any], list[str], Any]:
    """(InputResponse, the notation of the moves it covers, the position after them): app_response
    with our own continuation, for a follow-up the app asks next (liveapp.py)."""
    cur = _Line(state, line, complete)
    w = view.view.get("waitingFor")
    if not isinstance(w, dict):
        raise AppResponseError("the view has no prompt (waitingFor)")
    return _Answer(view).respond(w, cur, top=True), cur.lines, cur.state


def suggestion_response(state: Any, moves: Sequence[Any], players: Sequence[int] | None = None,
                        seed: int = 0) -> dict[str, Any] | None:
    """A suggestion's app answer at the prompt `state` was imported at (state.view): {"response": the
    InputResponse, "moves": the notation of the moves it covers}; None when the state has no view. The
    line's leading moves of the deciding seat are taken (a principal variation read on a sample of the
    hidden cards may stop early or name a move the position does not allow: from there the greedy bot,
    seeded, finishes the answer)."""
    view = getattr(state, "view", None)
    if view is None or state.is_terminal:
        return None
    seat = state.current_player
    own: list[Any] = []
    for i, m in enumerate(moves):
        if players is not None and i < len(players) and players[i] != seat:
            break
        own.append(m)
    complete = greedy_completion(seed)
    for line in (own, own[:1]):
        try:
            resp, _used, lines = _respond_lines(state, view, line, complete)
            return {"response": resp, "moves": lines}
        except TmError:
            continue
    return None


def _respond_lines(state: Any, view: PlayerView, line: Sequence[Any],
                   complete: Callable[[Any], Any]) -> tuple[dict[str, Any], int, list[str]]:
    cur = _Line(state, line, complete)
    w = view.view.get("waitingFor")
    if not isinstance(w, dict):
        raise AppResponseError("the view has no prompt (waitingFor)")
    resp = _Answer(view).respond(w, cur, top=True)
    return resp, cur.used, cur.lines


def all_app_responses(state: Any, view: PlayerView, wanted: Sequence[Any] = (), limit: int = 20000
                      ) -> tuple[list[tuple[dict[str, Any], list[int]]], list[int]]:
    """(answers, unanswered): every answer our legal moves give at the view's prompt, each with its moves,
    and the legal moves that no option of the prompt takes (the app does not offer them). A decision that
    leaves the app's answer open (convert plants, sell patents) branches over every legal continuation;
    with `wanted` (InputResponses) only over the continuations towards one of them (a sale: the cards it
    names, the last offered first, as the core sells them), so each wanted answer is found if it is legal
    for us, without the 2^n sales of a full hand."""
    out: list[tuple[dict[str, Any], list[int]]] = []
    open_: list[list[int]] = []
    unanswered: list[int] = []
    for m in state.legal_codes():
        try:
            resp, used = app_response(state, view, [m], complete=None)
            out.append((resp, [m]))
            out.extend((twin, [m]) for twin in _twin_options(view, resp, m))
        except NeedMore:
            open_.append([m])
        except AppResponseError:
            unanswered.append(m)
    texts = [json.dumps(w, ensure_ascii=False) for w in wanted] or [None]
    for text in texts:
        todo = list(open_)
        while todo:
            line = todo.pop()
            try:
                resp, used = app_response(state, view, line, complete=None)
            except NeedMore as more:
                todo.extend(line + [m] for m in _towards(more.state.legal_codes(), text))
                if len(todo) + len(out) > limit:
                    raise AppResponseError(f"more than {limit} answers at {view.prompt_title!r}") from None
                continue
            except AppResponseError:
                continue
            out.append((resp, line[:used]))
    return out, unanswered


def unlisted_app_responses(state: Any, view: PlayerView, wanted: Sequence[Any],
                           answers: Sequence[tuple[dict[str, Any], list[int]]]
                           ) -> list[tuple[dict[str, Any], list[int]]]:
    """The answers of `wanted` (InputResponses) that our rules accept but no listed line gives ("accepted,
    not listed"), each with its move. The app takes any payment of units the player holds (less the
    units a card reserves) whose value, counted over the units the cost may be paid with, reaches the
    cost (its Player.canSpend and payingAmount): so it also takes overpayments, such as M€ beside steel or
    titanium that already cover the cost. Our core's payment check is the same (rules.pxi pay()), but
    the move generator lists only the payments that do not pay past the cost with a unit that alone
    would suffice, so a search does not spend more than needed. Each such answer is a listed one-move
    answer (`answers`, from all_app_responses) paid otherwise: that move with the answer's payment,
    applied by the core (which refuses it when the units are not held or the value falls short), must
    give the answer again."""
    listed = {canonical(a) for a, _ in answers}
    shapes: dict[str, list[int]] = {}
    for resp, line in answers:
        if len(line) == 1 and _payment_of(resp) is not None:
            shapes.setdefault(_shape(resp), []).append(line[0])
    out: list[tuple[dict[str, Any], list[int]]] = []
    for w in wanted:
        pay = _payment_of(w)
        if pay is None or canonical(w) in listed:
            continue
        try:
            parts = [int(pay.get(k, 0)) for k in CORE_PAYMENT_KEYS]
        except (TypeError, ValueError):
            continue
        if any(v for k, v in pay.items() if k not in CORE_PAYMENT_KEYS):
            continue                            # units our game does not have (microbes, floaters...)
        for m in shapes.get(_shape(w), []):
            kind, a, b = tm_rules.decode(m)[:3]
            try:
                code = tm_rules.encode(kind, a, b, *parts)
                resp, used = app_response(state, view, [code], complete=None)
            except (ValueError, TmError, NeedMore):     # out of the move's range, or refused by the core
                continue
            if used == 1 and canonical(resp) == canonical(w):
                out.append((resp, [code]))
                break
    return out


def _payment_of(response: Any) -> dict[str, Any] | None:
    """The payment object an answer carries (a card play's or a payment prompt's), or None."""
    while isinstance(response, dict):
        if isinstance(response.get("payment"), dict):
            return response["payment"]
        response = response.get("response")
    return None


def _shape(response: dict[str, Any]) -> str:
    """An answer with its payment left out (canonical), to pair an answer with another payment."""
    def strip(x: Any) -> Any:
        if isinstance(x, dict):
            return {k: strip(v) for k, v in x.items() if k != "payment"}
        return x
    return canonical(strip(response))


def _twin_options(view: PlayerView, resp: dict[str, Any], m: int) -> list[dict[str, Any]]:
    """The other plain options of an "or" prompt that the importer maps to the same move as `resp`: the
    app may list two titles for one outcome ("Skip removing plants" and "Skip removal"), and it takes
    either; a suggestion names the first (app_response), the legality check accepts every one."""
    options = (view.prompt or {}).get("options") or []
    if resp.get("type") != "or" or resp.get("response") != {"type": "option"}:
        return []
    kind, a = tm_rules.decode(m)[:2]
    key = [KIND_NAMES[kind], a]
    return [{"type": "or", "index": o["index"], "response": {"type": "option"}} for o in options
            if o.get("type") == "option" and o["index"] != resp.get("index")
            and key in [list(x) for x in o.get("moves", [])]]


def _towards(codes: list[int], text: str | None) -> list[int]:
    """The continuations that can lead to the answer `text` (all of them when None)."""
    if text is None:
        return codes
    keep, sales = [], []
    for m in codes:
        kind, a = tm_rules.decode(m)[:2]
        token = (card_name(a) if kind == K["sellCard"] else SPACES[a] if kind in (K["space"], K["finalGreenery"])
                 else None)
        if token is None:
            keep.append(m)
        elif json.dumps(token, ensure_ascii=False) in text:
            (sales if kind == K["sellCard"] else keep).append(m)
    if sales:                                   # sell the answer's cards, the last offered first
        return [sales[-1]]
    return keep


class _Answer:
    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.colors = view.colors

    def fail(self, w: dict[str, Any], mv: _Move | None, why: str) -> AppResponseError:
        what = f"{w.get('type')} {title_text(w.get('title'))!r}"
        move = "" if mv is None else f" (move kind {mv.kind}, {mv.a}, {mv.b})"
        return AppResponseError(f"no answer to the prompt {what}{move}: {why}")

    # ---- one input of the prompt tree ----
    def respond(self, w: dict[str, Any], cur: _Line, top: bool = False) -> dict[str, Any]:
        t = w.get("type")
        mv = cur.peek()
        if t == "or":
            listed = getattr(self.view, "prompt", None) or {}
            if top and listed.get("options") is not None:
                return self.respond_listed(w, listed["options"], cur)
            i = self.pick(w, mv)
            return {"type": "or", "index": i, "response": self.respond(w["options"][i], cur)}
        if t == "and":
            return self.respond_and(w, cur)
        if t == "initialCards":
            mv = cur.take()
            if mv.kind != K["setup"]:
                raise self.fail(w, mv, "not the initial selection")
            corp = CORPS[mv.core.corp_offer(mv.player)[mv.a]]["name"]
            kept = _offer_names(mv.core, mv.player, mv.b)
            out = []
            for o in w.get("options", []):
                title = title_text(o.get("title"))
                if "corporation" in title.lower():
                    out.append({"type": "card", "cards": [corp]})
                elif "initial cards" in title.lower() or "project" in title.lower():
                    out.append({"type": "card", "cards": kept})
                else:
                    raise self.fail(w, mv, f"an initial option {title!r} that the game does not model")
            return {"type": "initialCards", "responses": out}
        if t == "option":
            cur.take()
            return {"type": "option"}
        if t == "space":
            mv = cur.take()
            if mv.kind == K["plants"]:          # "Convert 8 plants into greenery" asks the space in one answer
                mv = cur.take()
            if mv.kind not in (K["space"], K["finalGreenery"]):
                raise self.fail(w, mv, "not a space")
            return {"type": "space", "spaceId": SPACES[mv.a]}
        if t == "card":
            return {"type": "card", "cards": self.cards(w, cur)}
        if t == "projectCard":
            mv = cur.take()
            if mv.kind == K["play"]:
                name = card_name(mv.a)
            elif mv.kind == K["std"]:
                name = _std_name(w, mv.a)
            else:
                raise self.fail(w, mv, "not a card play or a standard project")
            return {"type": "projectCard", "card": name, "payment": payment(*mv.pay)}
        if t == "payment":
            mv = cur.take()
            mc, st, ti, he = mv.pay
            if mc + st + ti + he == 0 and int(w.get("amount", 0)) > 0:
                mc = int(w["amount"])           # our "buy chosen" with no pay part: all in M€
            return {"type": "payment", "payment": payment(mc, st, ti, he)}
        if t == "player":
            mv = cur.take()
            if mv.kind != K["player"] or mv.a >= len(self.colors):
                raise self.fail(w, mv, "not a player")
            return {"type": "player", "player": self.colors[mv.a]}
        if t == "amount":
            mv = cur.take()
            if mv.kind == K["heat"]:
                return {"type": "amount", "amount": mv.a}
            if mv.kind != K["option"] or (mv.kind, mv.a) in SKIPS:
                raise self.fail(w, mv, "not an amount")
            return {"type": "amount", "amount": mv.a}
        if t == "colony":
            mv = cur.take()
            if mv.kind not in (K["colony"], K["trade"]):
                raise self.fail(w, mv, "not a colony tile")
            return {"type": "colony", "colonyName": COLONY_NAMES[mv.a]}
        raise self.fail(w, mv, "a prompt type the mapping does not know")

    def respond_listed(self, w: dict[str, Any], options: list[dict[str, Any]], cur: _Line) -> dict[str, Any]:
        """An "or" follow-up whose options the importer mapped to our moves (PlayerView.prompt's
        "options": per app option its index, type and the moves that answer with it; a card or player
        sub-prompt with each listed name's move; "then": "amount" where our core asks the amount next)."""
        mv = cur.peek()
        key = [KIND_NAMES[mv.kind], mv.a]
        for o in options:
            if key not in [list(m) for m in o.get("moves", [])]:
                continue
            sub = w["options"][o["index"]]
            kind = sub.get("type")
            if kind == "card" and o.get("cards"):
                cur.take()
                inner: dict[str, Any] = {"type": "card",
                                         "cards": [n for n, m in o["cards"].items() if list(m) == key][:1]}
            elif kind == "player" and o.get("players"):
                cur.take()
                inner = {"type": "player", "player": next(c for c, m in o["players"].items() if list(m) == key)}
            elif o.get("then") == "amount":
                cur.take()
                amount = cur.take()
                inner = {"type": "amount", "amount": amount.a}
            elif kind == "option":
                cur.take()
                inner = {"type": "option"}
            else:
                inner = self.respond(sub, cur)
            return {"type": "or", "index": o["index"], "response": inner}
        raise self.fail(w, mv, "no option of the prompt takes this move")

    def cards(self, w: dict[str, Any], cur: _Line) -> list[str]:
        mv = cur.take()
        if mv.kind == K["option"] and (mv.kind, mv.a) not in SKIPS and mv.a in (0, 1) and not any(
                m[0] in (K["card"], K["keep"], K["buy"]) for m in [tm_rules.decode(c) for c in
                                                                  mv.core.legal_moves()]):
            # a card revealed to buy or not (Business Network's research, the follow-up "Select card(s)
            # to buy"): option 1 buys the listed card(s), option 0 none
            return [c["name"] for c in w.get("cards", [])] if mv.a == 1 else []
        if mv.kind == K["sell"]:                # sell patents: every card sold, up to "sell done"
            sold: list[str] = []
            while True:
                if not cur.selling():           # the hand is empty: the sale ends by itself
                    return sold
                mv = cur.take()
                if mv.kind == K["sellDone"]:
                    return sold
                if mv.kind != K["sellCard"]:
                    raise self.fail(w, mv, "a sale that does not end with done")
                sold.append(card_name(mv.a))
        if mv.kind in (K["buy"], K["setup"]):
            return _offer_names(mv.core, mv.player, mv.b)
        if mv.kind == K["keep"]:
            pending = mv.core.pending()
            return _offer_names(mv.core, pending[0][1] if pending else mv.player, mv.b)
        if mv.kind in (K["card"], K["action"]):
            return [card_name(mv.a)]
        if (mv.kind, mv.a) in SKIPS:
            return []
        raise self.fail(w, mv, "not a card choice")

    def respond_and(self, w: dict[str, Any], cur: _Line) -> dict[str, Any]:
        mv = cur.take()
        options = w.get("options", [])
        out: list[dict[str, Any]] = []
        if mv.kind == K["trade"]:               # [Pay trade fee (or), Select colony tile (colony)]
            for o in options:
                if o.get("type") == "colony":
                    out.append({"type": "colony", "colonyName": COLONY_NAMES[mv.a]})
                elif o.get("type") == "or":
                    out.append({"type": "or", "index": self.trade_fee(o, mv), "response": {"type": "option"}})
                else:
                    raise self.fail(w, mv, f"a trade part of type {o.get('type')}")
            return {"type": "and", "responses": out}
        if mv.kind == K["heat"] and all(o.get("type") == "amount" for o in options):
            # Stormcraft: spend 8 heat as heat and floaters (2 heat each)
            for o in options:
                floaters = "floater" in title_text(o.get("title")).lower()
                out.append({"type": "amount", "amount": mv.a if floaters else 8 - 2 * mv.a})
            return {"type": "and", "responses": out}
        raise self.fail(w, mv, "an 'and' prompt the mapping does not know")

    def trade_fee(self, w: dict[str, Any], mv: _Move) -> int:
        word = TRADE_FEE_WORDS.get(mv.b, "")
        for i, o in enumerate(w.get("options", [])):
            if word and word in title_text(o.get("title")):
                return i
        raise self.fail(w, mv, f"no trade fee option paid in {word or mv.b}")

    # ---- which option of an "or" a move answers ----
    def pick(self, w: dict[str, Any], mv: _Move) -> int:
        options = w.get("options", [])
        for i, o in enumerate(options):
            if self.fits(o, mv):
                return i
        if mv.kind == K["option"] and (mv.kind, mv.a) not in SKIPS and 0 <= mv.a < len(options):
            return mv.a                         # a plain numbered option: the app's own order
        raise self.fail(w, mv, "no option of the prompt takes this move")

    def fits(self, o: dict[str, Any], mv: _Move) -> bool:
        t, title = o.get("type"), title_text(o.get("title"))
        menu = [k for k, want in MENU_TITLES.items()
                if title.startswith(want[0]) and all(word in title for word in want[1:])]
        if menu:                                # an option of the action menu: the move kind decides
            return mv.kind in menu
        if (mv.kind, mv.a) in SKIPS or mv.kind == K["finalDone"]:
            return t == "option" and title.startswith(SKIP_TITLES)
        names = {c.get("name") for c in o.get("cards", [])} if isinstance(o.get("cards"), list) else set()
        if t == "option":
            if mv.kind == K["player"] and mv.a < len(self.colors):
                data = o.get("title", {}).get("data", []) if isinstance(o.get("title"), dict) else []
                return any(d.get("value") == self.colors[mv.a] for d in data)
            if mv.kind == K["milestone"]:
                return title == MILESTONES[mv.a]
            if mv.kind == K["award"]:
                return title == AWARDS[mv.a]
            return False
        if t in ("or", "and"):
            return any(self.fits(sub, mv) for sub in o.get("options", []))
        if t == "space":
            return mv.kind in (K["space"], K["finalGreenery"]) and SPACES[mv.a] in o.get("spaces", [])
        if t == "card":
            if mv.kind in (K["card"], K["action"]):
                return card_name(mv.a) in names
            return False
        if t == "projectCard":
            return (mv.kind == K["play"] and card_name(mv.a) in names) or (
                mv.kind == K["std"] and _std_name(o, mv.a) in names)
        if t == "player":
            return mv.kind == K["player"] and mv.a < len(self.colors) and self.colors[mv.a] in o.get("players", [])
        if t == "colony":
            return mv.kind == K["colony"] and COLONY_NAMES[mv.a] in {c.get("name") for c in o.get("coloniesModel", [])}
        if t == "amount":
            return mv.kind == K["option"] and int(o.get("min", 0)) <= mv.a <= int(o.get("max", -1))
        if t == "payment":
            return mv.kind not in (K["option"], K["player"], K["space"], K["card"])
        return False


def _offer_names(core: Any, player: int, bits: int) -> list[str]:
    return [card_name(c) for i, c in enumerate(core.offer(player)) if bits >> i & 1]


def _std_name(w: dict[str, Any], project: int) -> str:
    """The app's name of our standard project `project` in the prompt's card list."""
    ours = STANDARD_PROJECTS[project]
    name = STD_APP_NAMES.get(ours, ours)
    names = [c.get("name") for c in w.get("cards", [])] if isinstance(w.get("cards"), list) else []
    for n in names:
        if n == name or n.split(":")[0] == name.split(":")[0]:
            return n
    return name


def canonical(response: Any) -> str:
    """An InputResponse as the corpus compares them: card lists as sets, payments and units by their
    nonzero entries, everything else as JSON (a string, so answers can be put in a set)."""
    def norm(x: Any, key: str = "") -> Any:
        if isinstance(x, dict):
            if key in ("payment", "units"):
                return {k: v for k, v in sorted(x.items()) if v}
            return {k: norm(v, k) for k, v in sorted(x.items())}
        if isinstance(x, list):
            items = [norm(v) for v in x]
            return sorted(items, key=json.dumps) if key == "cards" else items
        return x
    return json.dumps(norm(response), sort_keys=True, ensure_ascii=False)
