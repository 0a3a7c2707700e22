"""A small stand-in for the Terraforming Mars app server (loopback, port 0) for the live client's tests:
each player id is served a sequence of recorded prompts of the app-prompts corpus (the exact views),
answers are posted as the real app takes them (/player/input with runId), and each posted answer is
checked against the record: one of its accepted answers moves the seat to its next prompt (HTTP 200 with
the next view), anything else is refused (HTTP 400, with the engine's message when the corpus has the
answer among the refused ones). After its last prompt a seat's view has phase "end" and no prompt."""

from __future__ import annotations

import copy
import json
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self

from gaia_ai.games.terraforming_mars.appresponse import all_app_responses, canonical
from gaia_ai.games.terraforming_mars.playerview import PlayerViewError, import_player_view

RUN_ID = "r0123456789ab"


def judgeable(record: dict[str, Any]) -> bool:
    """Whether the fake app can judge our answers at this record: its view imports and one of the answers
    we list is among the recorded accepted ones (the fake app knows only those; an overpayment the app
    took, accepted but not listed by us, is one it could not: b2p-s311-g1-d254)."""
    try:
        state, view = import_player_view(record["view"], seed=0)
    except PlayerViewError:
        return False
    accepted = [record["answer"], *record.get("also_accepted", [])]
    known = {canonical(a) for a in accepted}
    return any(canonical(a) in known for a, _ in all_app_responses(state, view, accepted)[0])


class FakeApp:
    def __init__(self, seats: dict[str, list[dict[str, Any]]], wait_forever: tuple[str, ...] = ()) -> None:
        self.seats = seats
        self.at = dict.fromkeys(seats, 0)
        self.wait_forever = set(wait_forever)       # ids that never get a prompt (WAIT, views without one)
        self.posts: list[tuple[str, str, str]] = []  # (player id, record id, "accepted" / "refused" / "unknown")
        self.lock = threading.Lock()
        self.run_id = RUN_ID
        self.polls = 0                               # GET /api/waitingfor requests served
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> Self:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def view(self, pid: str) -> dict[str, Any]:
        records = self.seats[pid]
        i = self.at[pid]
        view = copy.deepcopy(records[min(i, len(records) - 1)]["view"])
        view["runId"] = self.run_id
        view["game"]["gameAge"] = i
        if i >= len(records):
            view.pop("waitingFor", None)
            view["game"]["phase"] = "end"
        elif pid in self.wait_forever:
            view.pop("waitingFor", None)
        return view

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        app = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _send(self, status: int, body: Any) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _pid(self) -> str | None:
                query = urllib.parse.parse_qs(urllib.parse.urlparse(self.path).query)
                pid = query.get("id", [None])[0]
                return pid if pid in app.seats else None

            def do_GET(self) -> None:
                path, pid = urllib.parse.urlparse(self.path).path, self._pid()
                if pid is None:
                    return self._send(404, {"message": "Not found: cannot find game for that player"})
                with app.lock:
                    if path == "/api/waitingfor":
                        app.polls += 1
                        result = "WAIT" if pid in app.wait_forever else "GO"
                        return self._send(200, {"result": result, "waitingFor": []})
                    if path == "/api/player":
                        return self._send(200, app.view(pid))
                return self._send(404, {"message": "no such route"})

            def do_POST(self) -> None:
                path, pid = urllib.parse.urlparse(self.path).path, self._pid()
                if path != "/player/input" or pid is None:
                    return self._send(404, {"message": "Not found"})
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"null")
                with app.lock:
                    if body.get("runId") != app.run_id:
                        return self._send(400, {"id": "#invalid-run-id",
                                                "message": "The server has restarted. Click OK to refresh this page."})
                    response = {k: v for k, v in body.items() if k != "runId"}
                    if app.at[pid] >= len(app.seats[pid]):
                        return self._send(400, {"message": "Not waiting for anything"})
                    rec = app.seats[pid][app.at[pid]]
                    key = canonical(response)
                    if key in {canonical(a) for a in [rec["answer"], *rec.get("also_accepted", [])]}:
                        app.posts.append((pid, rec["id"], "accepted"))
                        app.at[pid] += 1
                        return self._send(200, app.view(pid))
                    refused = [f["error"] for f in rec.get("refused", []) if canonical(f["answer"]) == key]
                    app.posts.append((pid, rec["id"], "refused" if refused else "unknown"))
                    return self._send(400, {"message": refused[0] if refused else "not a recorded answer"})

        return Handler
