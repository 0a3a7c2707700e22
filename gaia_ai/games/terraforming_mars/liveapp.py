"""A bot for seats of a live game on a Terraforming Mars app server (the open-source app's own HTTP API).

    client = LiveAppClient("http://127.0.0.1:8765", ["p1a2b3c4d5e6f"], bot, log=print)
    client.run()          # plays every listed seat until the game ends (phase "end")

Each seat is the browser client's loop (../shared/tools/tm-app-server/SERVER.md, "What a bot must do"):
poll ``GET /api/waitingfor?id=P&gameAge=A&undoCount=U``; on GO or REFRESH read the view
(``GET /api/player?id=P``); when it holds a prompt, import the view (playerview.py), let the bot choose
and post the app's answer (appresponse.py) to ``POST /player/input?id=P`` with the view's runId. The reply
is the next view, answered at once when it holds the next prompt (a follow-up). Nothing is kept between
prompts but the view and our own position after the last answer: every decision is rebuilt from the view
the app sends, so a restarted bot takes up where the game is. A refused answer (HTTP 400) is logged and the
next one tried: the bot's other legal answers, best first by the greedy evaluation; a stale runId (the
server restarted) reads the view again. A follow-up the importer cannot reproduce is answered from our own
position after the answer that raised it (what we decided), and failing that from the prompt alone (the
first choices it lists, logged as such), so one unknown prompt does not stop the game.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .appresponse import canonical, payment
from .errors import TmError
from .playerview import PlayerViewError, import_player_view, title_text

MAX_TRIES = 12             # answers tried at one prompt before the seat gives up on it
HTTP_TIMEOUT = 30.0


class LiveAppError(TmError, RuntimeError):
    """The app server cannot be reached, answers in a way the bot cannot read, or refuses every answer."""


@dataclass
class SeatStats:
    player_id: str
    color: str = ""
    decisions: int = 0
    refused: int = 0
    fallbacks: int = 0
    finished: bool = False
    game_age: int = 0
    undo_count: int = 0
    view: dict[str, Any] | None = field(default=None, repr=False)
    # our position after the last answer taken, with that view's PlayerView: a follow-up the importer
    # cannot reproduce is answered from it
    continuation: Any = field(default=None, repr=False)


class LiveAppClient:
    """Plays the seats `player_ids` of one game on the app server at `url` with `bot` (an object with
    ``choose(state)``, e.g. gaia_ai.bots.make_bot's). `log` gets one line per decision and per refusal."""

    def __init__(self, url: str, player_ids: Sequence[str], bot: Any, log: Callable[[str], None] = print,
                 poll: float = 0.5, max_decisions: int | None = None, max_tries: int = MAX_TRIES) -> None:
        if not player_ids:
            raise LiveAppError("no player id given")
        parsed = urllib.parse.urlparse(url)
        if parsed.scheme not in ("http", "https") or not parsed.netloc:
            raise LiveAppError(f"--app-url {url!r}: expected http://HOST:PORT (the app server's address)")
        self.url = url.rstrip("/")
        self.seats = [SeatStats(pid) for pid in player_ids]
        self.bot = bot
        self.log = log
        self.poll = poll
        self.max_decisions = max_decisions
        self.max_tries = max_tries

    # ---- HTTP ----
    def _request(self, path: str, query: dict[str, Any], body: Any = None) -> tuple[int, Any]:
        url = f"{self.url}{path}?{urllib.parse.urlencode(query)}"
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(url, data=data, method="POST" if body is not None else "GET",
                                     headers={"Content-Type": "application/json"} if data else {})
        try:
            with urllib.request.urlopen(req, timeout=HTTP_TIMEOUT) as r:
                return r.status, json.loads(r.read().decode() or "null")
        except urllib.error.HTTPError as e:
            text = e.read().decode(errors="replace")
            try:
                return e.code, json.loads(text)
            except ValueError:
                return e.code, {"message": text}
        except (urllib.error.URLError, OSError, ValueError) as e:
            raise LiveAppError(f"{url}: {getattr(e, 'reason', e)}") from None

    def _view(self, seat: SeatStats) -> dict[str, Any]:
        status, view = self._request("/api/player", {"id": seat.player_id})
        if status != 200 or not isinstance(view, dict):
            raise LiveAppError(f"GET /api/player for {seat.player_id}: HTTP {status} {view}")
        self._saw(seat, view)
        return view

    def _saw(self, seat: SeatStats, view: dict[str, Any]) -> None:
        seat.view = view
        game = view.get("game", {})
        seat.game_age = int(game.get("gameAge", seat.game_age))
        seat.undo_count = int(game.get("undoCount", seat.undo_count))
        seat.color = view.get("thisPlayer", {}).get("color", seat.color)
        if game.get("phase") == "end":
            if not seat.finished:
                self.log(f"{seat.color or seat.player_id}: the game is over")
            seat.finished = True

    # ---- the loop ----
    def run(self) -> list[SeatStats]:
        """Play until every seat's game is over (or max_decisions answers in all); the seats' counts."""
        for seat in self.seats:                 # a (re)start: each seat's view as the app has it now
            self._play(seat, self._view(seat))
        while not all(s.finished for s in self.seats) and not self._spent():
            moved = False
            for seat in self.seats:
                if seat.finished:
                    continue
                status, reply = self._request("/api/waitingfor", {
                    "id": seat.player_id, "gameAge": seat.game_age, "undoCount": seat.undo_count})
                if status != 200 or not isinstance(reply, dict):
                    raise LiveAppError(f"GET /api/waitingfor for {seat.player_id}: HTTP {status} {reply}")
                if reply.get("result") in ("GO", "REFRESH"):
                    moved = self._play(seat, self._view(seat)) or moved
            if not moved and not all(s.finished for s in self.seats):
                time.sleep(self.poll)
        return self.seats

    def _spent(self) -> bool:
        return self.max_decisions is not None and sum(s.decisions for s in self.seats) >= self.max_decisions

    def _play(self, seat: SeatStats, view: dict[str, Any]) -> bool:
        """Answer the view's prompt and each follow-up the replies bring; whether any answer was posted."""
        posted = False
        while isinstance(view.get("waitingFor"), dict) and not seat.finished and not self._spent():
            nxt = self._answer(seat, view)
            if nxt is None:
                return posted
            posted = True
            view = nxt
        return posted

    def _answer(self, seat: SeatStats, view: dict[str, Any]) -> dict[str, Any] | None:
        """Post answers to the view's prompt until one is taken; the reply's view (None: none taken)."""
        w = view["waitingFor"]
        title = title_text(w.get("title")).strip() or w.get("type", "")
        tried: set[str] = set()
        for words, response, after in self._candidates(seat, view):
            key = canonical(response)
            if key in tried:
                continue
            tried.add(key)
            if len(tried) > self.max_tries:
                break
            body = {"runId": view.get("runId"), **response} if view.get("runId") else response
            status, reply = self._request("/player/input", {"id": seat.player_id}, body)
            if status == 200 and isinstance(reply, dict):
                seat.decisions += 1
                seat.continuation = None if after is None else (after, self._pv_of(view))
                self.log(f"{seat.color}: gen {view['game'].get('generation')} {title!r}: {words} -> "
                         f"{json.dumps(response, ensure_ascii=False)}")
                self._saw(seat, reply)
                return reply
            message = reply.get("message") if isinstance(reply, dict) else reply
            if isinstance(reply, dict) and reply.get("id") == "#invalid-run-id":
                self.log(f"{seat.color}: the server restarted; reading the view again")
                return self._view(seat)
            seat.refused += 1
            self.log(f"{seat.color}: refused {json.dumps(response, ensure_ascii=False)}: {message}")
        raise LiveAppError(f"{seat.color or seat.player_id}: no answer to {title!r} was taken "
                           f"({len(tried)} tried)")

    def _candidates(self, seat: SeatStats, view: dict[str, Any]):
        """(words, InputResponse, our position after it or None) to try, best first: the bot's move, then
        our other legal answers by the greedy evaluation, then answers from the prompt alone. A prompt the
        importer cannot reproduce is answered from our own position after the previous answer when that
        position is at a follow-up of ours (what we decided raised it), else from the prompt alone."""
        from .appresponse import app_response_after, greedy_completion
        from .bots import GreedyBot

        try:
            state, pv = import_player_view(view, seed=seat.decisions)
        except PlayerViewError as e:
            state, pv = self._continuation(seat, view)
            if state is None:
                seat.fallbacks += 1
                self.log(f"{seat.color}: cannot import the view ({e}); answering from the prompt alone")
                for response in prompt_answers(view["waitingFor"]):
                    yield "(from the prompt alone)", response, None
                return
            self.log(f"{seat.color}: the view does not import ({e}); answering from our own position")
        complete = greedy_completion(seat.decisions)
        ranked = [m for m, _v in sorted(GreedyBot(seat.decisions).values(state), key=lambda mv: -mv[1])]
        try:
            ranked.insert(0, self.bot.choose(state))
        except TmError as e:
            self.log(f"{seat.color}: the bot has no move ({e}); trying the others")
        for m in ranked[:self.max_tries]:
            try:
                response, lines, after = app_response_after(state, pv, [m], complete)
            except TmError:
                continue                        # a move no option of the app's prompt takes
            yield " then ".join(lines), response, after
        # the imported position may not be the app's (a follow-up read from the prompt alone): then what
        # the prompt lists
        for response in prompt_answers(view["waitingFor"]):
            yield "(from the prompt alone)", response, None

    @staticmethod
    def _pv_of(view: dict[str, Any]) -> Any:
        from .playerview import parse_player_view

        try:
            return parse_player_view(view)
        except PlayerViewError:
            return None

    def _continuation(self, seat: SeatStats, view: dict[str, Any]) -> tuple[Any, Any]:
        """Our own position after the previous answer, with the new view, when it is a follow-up of ours."""
        from .playerview import PlayerView

        state, old = seat.continuation if seat.continuation is not None else (None, None)
        if state is None or old is None or state.is_terminal or state.current_player != old.seat or not state.core.pending():
            return None, None
        w = view["waitingFor"]
        return state, PlayerView(view, old.seat, old.colors, "followup", title_text(w.get("title")))


def prompt_answers(w: dict[str, Any], depth: int = 0) -> list[dict[str, Any]]:
    """Answers built from a prompt alone (no position): its first choices, for a prompt the importer
    cannot reproduce. The app judges them; the caller tries them in turn."""
    t = w.get("type")
    if depth > 6:
        return []
    if t == "option":
        return [{"type": "option"}]
    if t == "or":
        out = []
        for i, o in enumerate(w.get("options", [])):
            out += [{"type": "or", "index": i, "response": r} for r in prompt_answers(o, depth + 1)[:2]]
        return out
    if t == "and":
        parts = [prompt_answers(o, depth + 1)[:1] for o in w.get("options", [])]
        return [{"type": "and", "responses": [p[0] for p in parts]}] if all(parts) else []
    if t == "space":
        return [{"type": "space", "spaceId": s} for s in w.get("spaces", [])]
    if t == "card":
        names = [c["name"] for c in w.get("cards", []) if not c.get("isDisabled")]
        lo = int(w.get("min", 0))
        return [{"type": "card", "cards": names[i:i + lo]} for i in range(max(1, min(3, len(names) - lo + 1)))]
    if t == "projectCard":
        cards = [c for c in w.get("cards", []) if not c.get("isDisabled")]
        return [{"type": "projectCard", "card": c["name"], "payment": payment(int(c.get("calculatedCost", 0)))}
                for c in cards[:3]]
    if t == "player":
        return [{"type": "player", "player": p} for p in w.get("players", [])[:3]]
    if t == "amount":
        return [{"type": "amount", "amount": int(w.get(k, 0))} for k in ("min", "max")]
    if t == "colony":
        return [{"type": "colony", "colonyName": c["name"]} for c in w.get("coloniesModel", [])[:3]]
    if t == "payment":
        return [{"type": "payment", "payment": payment(int(w.get("amount", 0)))}]
    return []
