"""Terraforming Mars positions from text a person pastes (``gaia-ai web``): the player view the web app's
``/api/player`` route sends (the usual one: a hint at the app's own prompt), one seat's observation, or a
game log (our own terraforming-mars-log/1 record, or a corpus record of the app's actions) cut after K
moves. The kind is recognised by its keys or its format; anything else is refused, naming what was found."""

from __future__ import annotations

import json
from typing import Any

from gaia_ai.games.api import PasteKind
from gaia_ai.games.pasted import Pasted, PastedError, cut, json_object, unknown
from gaia_ai.v1 import suggest_pb2 as pb

from .errors import TmError
from .gamelog import FORMAT as LOG_FORMAT
from .gamelog import replay_log
from .observation import FORMAT as OBSERVATION_FORMAT
from .observation import observation_json
from .positions import from_observation_text, from_view_text, record_state

KINDS = (
    PasteKind("player view", "Your player view (the app's /api/player JSON)",
              "In the Terraforming Mars app, your game page's address ends in /player?id=<your player id>. "
              "Open the same address with /api/player?id=<your player id> in place of /player?id=... (same "
              "server, same id), select the whole page (Ctrl-A) and copy it (Ctrl-C). Or open the browser's "
              "developer tools (F12), Network tab, reload your game page, click the request "
              "'player?id=...' under api and copy its Response. The hint answers the prompt the app shows you "
              "now (base game, Corporate Era and Colonies; Tharsis; no draft)."),
    PasteKind("observation", "One seat's observation (terraforming-mars-observation/1)",
              "What 'gaia-ai export-state --game terraforming-mars' writes: what the seat to move sees."),
    PasteKind("game log", "A game log (terraforming-mars-log/1, or a corpus record of the app's actions)",
              "A game saved by 'gaia-ai export' from a tournament database, or one record of a corpus file "
              "(tests/data/tm/games-sample.jsonl.gz); the slider picks the position after K moves.", log=True),
)
EXPECTED = ("a Terraforming Mars player view (the JSON of the app's /api/player?id=...: game, thisPlayer, "
            "players, waitingFor), an observation (format terraforming-mars-observation/1) or a game log "
            "(format terraforming-mars-log/1, or a corpus record with its acts)")


def position_from_text(text: str, name: str = "the pasted text", move: int | None = None) -> Pasted:
    """The position of pasted text; PastedError naming `name` and what is wrong otherwise."""
    data = json_object(text, name, EXPECTED)
    kind = _kind(data)
    if kind is None:
        raise unknown(data, name, EXPECTED)
    if move is not None and kind in ("player view", "observation"):
        raise PastedError(f"{name} is a {kind}, one position: it has no moves to choose from")
    try:
        if kind == "player view":
            state = from_view_text(text)
            return Pasted(kind, state, lambda: pb.Position(tm_view_json=text))
        if kind == "observation":
            state = from_observation_text(text)
            return Pasted(kind, state, lambda: pb.Position(tm_observation_json=text))
        if kind == "corpus record":
            acts = data["acts"]
            k = cut(move, len(acts), name, kind)
            state = record_state(data, k)
            act = acts[k - 1] if k else None
            last = ""
            if isinstance(act, dict):   # a corpus action: its kind, its seat (0-based there) and its card
                seat = act.get("p")
                who = f"p{seat + 1} " if isinstance(seat, int) and not isinstance(seat, bool) else ""
                last = f"{who}{act.get('k')} {act.get('card') or act.get('name') or ''}".strip()
            return Pasted("game log", state, lambda: pb.Position(tm_log_json=json.dumps({**data, "cut": k})),
                          len(acts), k, 0, last)
        lines = data.get("moves")
        if not isinstance(lines, list):
            raise PastedError(f"{name} (game log): moves is not a list of log lines")
        k = cut(move, len(lines), name, "game log")
        state = replay_log({**data, "moves": lines[:k], "final_scores": None if k < len(lines)
                            else data.get("final_scores")})
        # the service reads corpus records only: a log's position is sent as what the seat to move sees
        seat = max(state.current_player, 0)
        return Pasted("game log", state,
                      lambda: pb.Position(tm_observation_json=json.dumps(observation_json(state, seat))),
                      len(lines), k, 0, str(lines[k - 1]) if k else "")
    except PastedError:
        raise
    except (TmError, ValueError, KeyError, TypeError) as e:
        raise PastedError(f"{name} ({kind}): {e}") from None


def _kind(data: dict[str, Any]) -> str | None:
    fmt = data.get("format")
    if fmt == OBSERVATION_FORMAT:
        return "observation"
    if fmt == LOG_FORMAT:
        return "game log"
    if "thisPlayer" in data or "waitingFor" in data or ("game" in data and "players" in data):
        return "player view"
    if isinstance(data.get("acts"), list):
        return "corpus record"
    return None
