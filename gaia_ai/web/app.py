"""The local web page of `gaia-ai web`: a Flask app over the same search as `gaia-ai suggest`.

Why Flask: a small, synchronous, long-maintained framework (Pallets) whose request model fits a search
that runs in a thread and is cancelled through a CancelToken; the page is one static HTML file with
plain JavaScript, so there is no JavaScript toolchain to build.

Nothing here names a game: what the page accepts (its instructions) and how a text is read come from
the game (Game.paste_kinds, Game.read_position), a hint's extras (TM's app_response) from
Game.hint_details.

JSON API (all on 127.0.0.1 by default):
  GET  /api/game                                -> {"name", "title", "kinds": [{"kind", "label", "how", "log"}],
                                                    "form": a PositionForm's fields, or null}
  POST /api/position {"text", "name", "move"?}  -> {"id", "kind", "summary", "to_move", "svg", "moves", "move",
                                                    "first", "last"} or 400 {"error"}; move: a log's cut
  POST /api/search {"position", "budget_ms" | "simulations", "threads", "top", "seed"} -> {"job"}
  GET  /api/search/<job>                        -> {"status", "elapsed", "progress", "hints"?, "stats"?, "error"?}
  POST /api/search/<job>/cancel                 -> the job's status
  GET  /api/search/<job>/board?hint=I&step=K    -> SVG: the board before step K of hint I's line, that step drawn
  GET  /api/position/<id>/board                 -> SVG of the position
"""

from __future__ import annotations

import json
import math
import threading
import time
import uuid
from dataclasses import dataclass, field
from html import escape
from importlib import resources
from typing import Any

from flask import Flask, Response, jsonify, request

from gaia_ai.errors import ToolkitError, UnsupportedError
from gaia_ai.games.registry import DEFAULT_GAME, game_names, load_game
from gaia_ai.jsontext import object_or_none

MAX_UPLOAD_BYTES = 8 << 20        # an export of a long 4-player game is ~2 MB
MAX_TIME_MS = 10 * 60 * 1000      # the page's longest search
MAX_SIMULATIONS = 1_000_000
MAX_JOBS = 64                     # finished searches kept for their boards; the oldest go first


@dataclass
class Job:
    """One search: running in a thread until done, cancelled or failed."""

    state: Any
    line_root: Any                # where the lines are read: for a hidden-information game the search's sample
    budget_ms: int | None
    simulations: int | None
    started: float = field(default_factory=time.monotonic)
    status: str = "running"
    hints: list[dict[str, Any]] = field(default_factory=list)
    lines: list[tuple[list[Any], list[int]]] = field(default_factory=list)   # each hint's PV and players
    stats: dict[str, Any] = field(default_factory=dict)
    error: str = ""
    finished: float | None = None
    cancel: Any = None

    def view(self) -> dict[str, Any]:
        elapsed = (self.finished or time.monotonic()) - self.started
        progress = min(1.0, elapsed * 1000 / self.budget_ms) if self.budget_ms else None
        out: dict[str, Any] = {"status": self.status, "elapsed": round(elapsed, 2),
                               "progress": 1.0 if self.status != "running" else progress}
        if self.status in ("done", "cancelled"):
            out |= {"hints": self.hints, "stats": self.stats}
        if self.error:
            out["error"] = self.error
        return out


class WebApp:
    """The state behind the page: pasted positions and searches, by id. game: the registry name;
    server: "HOST:PORT" of a `gaia-ai serve` to search on instead of this process (its token and TLS
    CA in client_options)."""

    def __init__(self, game: str = DEFAULT_GAME, server: str | None = None,
                 client_options: dict[str, Any] | None = None) -> None:
        self.game = load_game(game)
        self.server = server
        self.client_options = client_options or {}
        self.positions: dict[str, Any] = {}   # what game.read_position gave: kind, state, request_position()
        self.jobs: dict[str, Job] = {}
        self.lock = threading.Lock()

    # ---- searches ----------------------------------------------------------------------------------
    def start(self, pasted: Any, budget_ms: int | None, simulations: int | None, threads: int, top: int,
              seed: int) -> str:
        state = pasted.state.copy()
        # a hidden-information game's line was read on the search's sample of what the seat cannot see
        # (drawn from the pasted state itself: it keeps what the pasted text says beside the position)
        root = (pasted.state.determinize(state.current_player, seed) if self.game.info.hidden_information
                else state)
        job = Job(state, root, budget_ms, simulations)
        job_id = uuid.uuid4().hex[:12]
        with self.lock:
            self._forget_old()
            self.jobs[job_id] = job
        target = self._remote if self.server else self._local
        threading.Thread(target=target, args=(job, pasted, threads, top, seed), daemon=True,
                         name=f"gaia-ai-web-{job_id}").start()
        return job_id

    def _forget_old(self) -> None:
        done = [k for k, j in self.jobs.items() if j.status != "running"]
        for k in done[: max(0, len(self.jobs) - MAX_JOBS + 1)]:
            del self.jobs[k]

    def _local(self, job: Job, pasted: Any, threads: int, top: int, seed: int) -> None:
        from gaia_ai.search import CancelToken, SearchConfig

        job.cancel = CancelToken()
        try:
            config = SearchConfig(**{**self.game.hint_search(), "simulations": job.simulations,
                                     "time_ms": job.budget_ms, "threads": threads, "seed": seed})
            result = self.game.search(job.state, config, cancel=job.cancel, top_k=top)
        except (ToolkitError, ValueError, RuntimeError) as e:
            self._fail(job, str(e))
            return
        st = result.stats
        lines = [(list(c.pv), list(c.pv_players)) for c in result.candidates[:top]]
        rows = [(c.line or str(c.move), c.visits, c.value, c.win_probability, c.expected_score,
                 len(c.turn or c.moves), self.game.hint_details(pasted.state, c))   # as pasted (a view's prompt)
                for c in result.candidates[:top]]
        self._finish(job, rows, lines, {"simulations": st.simulations, "nodes": st.nodes,
                                        "seconds": round(st.elapsed, 2), "budget_capped": False},
                     cancelled=bool(job.cancel.cancelled))

    def _remote(self, job: Job, pasted: Any, threads: int, top: int, seed: int) -> None:
        from gaia_ai.service.client import ServiceError, SuggestClient

        position = pasted.request_position()   # the text as pasted: the server judges it
        client = SuggestClient(self.server or "", **self.client_options)
        job.cancel = client   # closing the channel cancels the call in flight
        try:
            # a game of hidden information needs the seat asking: the seat to move of the pasted position
            viewer = job.state.current_player if self.game.info.hidden_information else None
            reply = client.suggest(position, game=self.game.name, viewer=viewer, simulations=job.simulations,
                                   time_ms=job.budget_ms, threads=threads, top_k=top, seed=seed,
                                   timeout=None if job.budget_ms is None else job.budget_ms / 1000 + 60)
        except (ServiceError, ValueError) as e:
            if job.status == "cancelled":
                self._finish(job, [], [], {}, cancelled=True)
            else:
                self._fail(job, f"{getattr(getattr(e, 'code', None), 'name', 'error')}: {getattr(e, 'details', e)}")
            return
        finally:
            client.close()
        lines = [self._read_line(job.line_root, [(c.notation, c.player) for c in s.pv]) for s in reply.suggestions]
        rows = [(s.move, s.visits, s.value, s.win_probability, s.expected_score, len(s.commands), _extras(s))
                for s in reply.suggestions]
        st = reply.stats
        applied = reply.budget
        capped = ((job.simulations is not None and applied.simulations and applied.simulations < job.simulations)
                  or (job.budget_ms is not None and applied.time_ms and applied.time_ms < job.budget_ms))
        self._finish(job, rows, lines, {"simulations": st.simulations, "nodes": st.nodes,
                                        "seconds": round(st.elapsed_seconds, 2), "budget_capped": bool(capped)},
                     cancelled=False)

    def _read_line(self, root: Any, line: list[tuple[str, int]]) -> tuple[list[Any], list[int]]:
        """A server's line as moves, each read at its own position (a game whose moves are read against
        the position); it stops at a move this process cannot read (a sample of hidden cards differs)."""
        state = root.copy()
        moves, players = [], []
        for notation, player in line:
            try:
                move = self.game.parse_move(notation, state)
                state.apply(move)
            except (ToolkitError, ValueError):
                break
            moves.append(move)
            players.append(player)
        return moves, players

    def _finish(self, job: Job, rows: list[tuple[Any, ...]], lines: list[tuple[list[Any], list[int]]],
                stats: dict[str, Any], cancelled: bool) -> None:
        hints = []
        for rank, ((move, visits, value, win, exp_vp, own, extras), (pv, players)) in enumerate(
                zip(rows, lines, strict=True)):
            try:
                steps = self.game.describe_moves(job.line_root, pv, players)
            except UnsupportedError:   # a game without words yet: the notation alone
                steps = [{"player": p + 1, "who": self.game.player_name(job.state, p), "notation": str(m),
                          "words": str(m)} for m, p in zip(pv, players, strict=False)]
            hints.append({
                "rank": rank + 1, "move": move, "visits": visits, "value": _num(value), "win_probability": _num(win),
                "expected_score": _num(exp_vp), "own": own,
                "words": [s["words"] for s in steps[:own] if s["notation"] != "endturn"],
                "line": steps, **extras,
            })
        job.hints, job.lines, job.stats = hints, lines, stats
        job.finished = time.monotonic()
        job.status = "cancelled" if cancelled else "done"

    def _fail(self, job: Job, message: str) -> None:
        job.error = message
        job.finished = time.monotonic()
        job.status = "error"

    def cancel(self, job: Job) -> None:
        if job.status != "running" or job.cancel is None:
            return
        if self.server:
            job.status = "cancelled"
            job.cancel.close()
        else:
            job.cancel.cancel()

    def step_state(self, job: Job, hint: int, step: int) -> tuple[Any, int]:
        """(the position before step `step` of hint `hint`'s line, that step clamped to the line)."""
        pv, _ = job.lines[hint]
        state = job.line_root.copy()
        step = max(0, min(step, len(pv)))
        for command in pv[:step]:   # each step is the move of the player whose decision it is
            state.apply(command)
        return state, step

    def board(self, job: Job, hint: int, step: int) -> bytes:
        """SVG of the position before step `step` of hint `hint`'s line, with that step drawn."""
        pv, players = job.lines[hint]
        state, step = self.step_state(job, hint, step)
        if step < len(pv):
            player = players[step]
            move = [pv[step]]
            title = f"Step {step + 1} of {len(pv)}: {self.game.player_name(state, player)} plays {pv[step]}"
            return self.game.draw(state, "svg", moves=move, player=player, title=title)
        return self.game.draw(state, "svg", title=f"After the {len(pv)} steps of the line")


def _other_game(game: Any, text: str) -> str:
    """For a refused text that another game recognises as its own: which page reads it."""
    document = object_or_none(text)
    if document is None:
        return ""
    others = [load_game(n) for n in game_names() if n != game.name]
    found = [g for g in others if g.recognises(document)]
    if not found:
        return ""
    return (f". It looks like a {found[0].info.title} text: the page for it is 'gaia-ai web --game "
            f"{found[0].name}'")


def _form_json(form: Any) -> dict[str, Any]:
    """A PositionForm as the page's JSON (the page builds the position's text from it)."""
    def field_json(f: Any) -> dict[str, Any]:
        return {"path": f.path, "label": f.label, "kind": f.kind, "help": f.help, "default": f.default,
                "seat_defaults": list(f.seat_defaults),
                "choices": [{"value": v, "label": lab} for v, lab in f.choices]}

    return {"title": form.title, "intro": form.intro, "fixed": form.fixed,
            "groups": [{"heading": h, "fields": [field_json(f) for f in fields]} for h, fields in form.fields],
            "seat_fields": [field_json(f) for f in form.seat_fields], "players_path": form.players_path,
            "max_players": form.max_players}


def _extras(suggestion: Any) -> dict[str, Any]:
    """A server's suggestion's extras: the app's own answer where the game gives one."""
    text = getattr(suggestion, "app_response_json", "")
    if not text:
        return {}
    try:
        return {"app_response": json.loads(text), "app_moves": list(getattr(suggestion, "app_moves", []))}
    except json.JSONDecodeError:
        return {}


def _num(x: float) -> float | None:
    return None if math.isnan(x) else round(float(x), 4)   # NaN (a move without visits) -> null


def create_app(game: str = DEFAULT_GAME, server: str | None = None,
               client_options: dict[str, Any] | None = None) -> Flask:
    """The Flask app of the page for a game of the registry; server: search on a `gaia-ai serve` at
    HOST:PORT instead of here."""
    app = Flask(__name__, static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = MAX_UPLOAD_BYTES
    web = WebApp(game, server, client_options)
    rules = web.game
    app.extensions["gaia_ai_web"] = web

    @app.get("/")
    def index() -> Response:
        html = resources.files("gaia_ai.web").joinpath("static/index.html").read_text("utf-8")
        where = f"on the server {server}" if server else "on this computer"
        html = html.replace("{{SEARCH_WHERE}}", where).replace("{{GAME}}", rules.info.title)
        return Response(html, mimetype="text/html")

    @app.get("/api/game")
    def game_info() -> Any:
        kinds = [{"kind": k.kind, "label": k.label, "how": k.how, "log": k.log} for k in rules.paste_kinds()]
        form = rules.position_form()
        return jsonify({"name": rules.info.name, "title": rules.info.title, "kinds": kinds,
                        "form": None if form is None else _form_json(form)})

    @app.post("/api/position")
    def position() -> Any:
        body = request.get_json(silent=True) or {}
        text, name = body.get("text"), str(body.get("name") or "the pasted text")
        if not isinstance(text, str):
            return _error("send {\"text\": ...}: the pasted position as text")
        try:
            move = _int(body, "move", 0, 10**7)
            pasted = rules.read_position(text, name, move)
        except (ToolkitError, ValueError) as e:
            return _error(str(e) + _other_game(rules, text))
        state = pasted.state
        pid = uuid.uuid4().hex[:12]
        with web.lock:
            web.positions[pid] = pasted
            for old in list(web.positions)[:-MAX_JOBS]:   # the oldest pastes go first
                del web.positions[old]
        n = state.num_players
        summary = f"{pasted.kind}: {n} players ({', '.join(rules.player_name(state, p) for p in range(n))})"
        to_move = None if state.is_terminal else rules.player_name(state, state.current_player)
        try:
            svg = rules.draw(state, "svg").decode("utf-8")
        except UnsupportedError:   # a game without a board picture yet: the position in a line
            svg = f'<p class="noboard">{escape(rules.describe(state))}</p>'
        moves = getattr(pasted, "moves", None)
        return jsonify({"id": pid, "kind": pasted.kind, "summary": summary, "to_move": to_move, "svg": svg,
                        "moves": moves, "move": getattr(pasted, "move", None), "first": getattr(pasted, "first", 0),
                        "last": getattr(pasted, "last", "")})

    @app.get("/api/position/<pid>/board")
    def position_board(pid: str) -> Any:
        pasted = web.positions.get(pid)
        if pasted is None:
            return _error(f"no position {pid!r}", 404)
        return Response(rules.draw(pasted.state, "svg"), mimetype="image/svg+xml")

    @app.post("/api/search")
    def search() -> Any:
        body = request.get_json(silent=True) or {}
        pasted = web.positions.get(str(body.get("position")))
        if pasted is None:
            return _error("no such position: paste one first", 404)
        if pasted.state.is_terminal:
            return _error("the game is over: there is no move to suggest")
        try:
            budget_ms = _int(body, "budget_ms", 1, MAX_TIME_MS)
            simulations = _int(body, "simulations", 1, MAX_SIMULATIONS)
            threads = _int(body, "threads", 1, 64) or 1
            top = _int(body, "top", 1, 20) or 5
            seed = _int(body, "seed", 0, 2**31 - 1) or 0
        except ValueError as e:
            return _error(str(e))
        if (budget_ms is None) == (simulations is None):
            return _error("give one budget: budget_ms (a time) or simulations")
        return jsonify({"job": web.start(pasted, budget_ms, simulations, threads, top, seed)})

    @app.get("/api/search/<job_id>")
    def status(job_id: str) -> Any:
        job = web.jobs.get(job_id)
        return _error(f"no search {job_id!r}", 404) if job is None else jsonify(job.view())

    @app.post("/api/search/<job_id>/cancel")
    def cancel(job_id: str) -> Any:
        job = web.jobs.get(job_id)
        if job is None:
            return _error(f"no search {job_id!r}", 404)
        web.cancel(job)
        return jsonify(job.view())

    @app.get("/api/search/<job_id>/board")
    def board(job_id: str) -> Any:
        job = web.jobs.get(job_id)
        if job is None or job.status not in ("done", "cancelled"):
            return _error(f"no finished search {job_id!r}", 404)
        try:
            hint = int(request.args.get("hint", "0"))
            step = int(request.args.get("step", "0"))
            if not 0 <= hint < len(job.lines):
                raise ValueError(f"hint {hint} is not between 0 and {len(job.lines) - 1}")
        except ValueError as e:
            return _error(str(e))
        try:
            return Response(web.board(job, hint, step), mimetype="image/svg+xml")
        except UnsupportedError as e:   # a game without a board picture yet: the position in a line
            return jsonify({"error": str(e), "text": rules.describe(web.step_state(job, hint, step)[0])}), 400

    @app.errorhandler(413)
    def too_large(_: Any) -> Any:
        return _error(f"the file is larger than {MAX_UPLOAD_BYTES >> 20} MB", 413)

    return app


def _int(body: dict[str, Any], key: str, lo: int, hi: int) -> int | None:
    value = body.get(key)
    if value is None or value == "":
        return None
    try:
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise TypeError
        number = int(value)
    except (TypeError, ValueError):
        raise ValueError(f"{key} must be a whole number, got {value!r}") from None
    if not lo <= number <= hi:
        raise ValueError(f"{key} must be between {lo} and {hi}, got {number}")
    return number


def _error(message: str, status: int = 400) -> Any:
    return jsonify({"error": message}), status
