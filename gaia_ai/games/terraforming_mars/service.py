"""The service's Terraforming Mars adapter: a posted Position (a player view, one seat's observation or a
corpus record, each JSON text) to a TmState (errors name the field, the prompt or the action at fault),
and a search or a check of it to the response messages, each move also in words (words.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gaia_ai.search import CancelToken, SearchConfig
from gaia_ai.service.errors import RequestError
from gaia_ai.service.games import copy_stats
from gaia_ai.v1 import suggest_pb2 as pb

from .appresponse import suggestion_response
from .errors import TmError
from .positions import PositionError, from_observation_text, from_view_text, loads, pick_record, record_state
from .state import TmState
from .words import describe_line

GAME = "terraforming-mars"
SOURCES = ("tm_view_json", "tm_observation_json", "tm_log_json")
MAX_ACTS = 5_000          # a 5-player corpus game has about 600 actions


class TmAdapter:
    """Terraforming Mars for the service (the Game's service_adapter)."""

    name = GAME

    def decode(self, position: pb.Position, path: str = "position") -> TmState:
        source = position.WhichOneof("source")
        if source not in SOURCES:
            raise RequestError(f"{path}: set one of {', '.join(SOURCES)} for Terraforming Mars"
                               + (f" (not {source})" if source else ""))
        where = f"{path}.{source}"
        text = getattr(position, source)
        try:
            if source == "tm_view_json":
                return from_view_text(text)
            if source == "tm_observation_json":
                return from_observation_text(text)
            rec = loads(text, "the record")
            if isinstance(rec, dict) and isinstance(rec.get("acts"), list) and len(rec["acts"]) > MAX_ACTS:
                raise PositionError(f"more than {MAX_ACTS} acts")
            return record_state(rec, rec.get("cut") if isinstance(rec, dict) else None)
        except (TmError, ValueError) as e:
            raise RequestError(f"{where}: {e}") from None

    def suggest(self, state: TmState, config: SearchConfig, top_k: int,
                cancel: CancelToken | None = None) -> pb.SuggestMovesResponse:
        if state.is_terminal:
            raise RequestError(f"position: the game is over (final scores {state.final_scores()}): "
                               "there is no move to suggest")
        from .game import GAME as TM

        try:
            result = TM.search(state, config, cancel=cancel, top_k=top_k)
        except RuntimeError as e:
            # the rules core met a dead end in the search's lines (no move, a listed move that does not
            # apply) that positions.check_progress's probes missed: a position whose fields do not fit
            # together, refused as such (a real game's position never gets here: corpus judges, playouts)
            if not str(e).startswith(("search stopped:", "legal_moves listed no move")):
                raise
            raise RequestError(f"position: the game cannot be played on from this position ({e}): its "
                               "fields do not fit together") from None
        player = result.player
        corp = state.role(player) or ""
        response = pb.SuggestMovesResponse(game=GAME, player=player, position=_info(state), role=corp)
        line_root = state.determinize(player, config.seed)   # the sample the PV was read on
        for c in result.candidates[:top_k]:
            steps = describe_line(line_root, c.pv, c.pv_players, view=state.view)
            pv = [_command(str(m), p, steps[i]["words"] if i < len(steps) else "")
                  for i, (m, p) in enumerate(zip(c.pv, c.pv_players, strict=True))]
            command = pv[0] if pv else _command(str(c.move), player, "")
            app = suggestion_response(state, c.pv, c.pv_players, config.seed or 0)
            response.suggestions.add(
                move=str(c.move), words=command.words, commands=[command], main_command=command, visits=c.visits,
                value=c.value, win_probability=c.win_probability, expected_score=c.expected_score, pv=pv,
                app_response_json=json.dumps(app["response"], ensure_ascii=False) if app else "",
                app_moves=app["moves"] if app else [])
        copy_stats(response.stats, result.stats)
        return response

    def validate(self, state: TmState) -> pb.ValidateStateResponse:
        response = pb.ValidateStateResponse(game=GAME, position=_info(state))
        player = state.current_player
        for m in state.legal_moves():
            response.legal_moves.append(_command(str(m), player, ""))
        if state.is_terminal:
            response.final_scores.extend(state.final_scores() or [])
        return response


def _command(line: str, player: int, words: str) -> pb.Command:
    """"play Comet pay mc=12 ti=3" -> name "play", args ["Comet", "mc=12", "ti=3"]."""
    name, _, rest = line.partition(" ")
    subject, _, pay = rest.partition(" pay ") if not rest.startswith("pay ") else ("", "", rest[4:])
    args = ([subject] if subject else []) + pay.split()
    return pb.Command(player=player, name=name, args=args, notation=line, words=words)


def _info(state: TmState) -> pb.PositionInfo:
    n = state.num_players
    core = state.core
    pending = core.pending()
    phase = "over" if state.is_terminal else core.step + (f":{pending[0][0]}" if pending else "")
    corps = [state.role(p) or "" for p in range(n)]
    return pb.PositionInfo(num_players=n, factions=[""] * n, round=core.globals()[0], phase=phase,
                           terminal=state.is_terminal, current_player=state.current_player,
                           seats=[pb.Seat(seat=p, role=corps[p], role_kind="corporation") for p in range(n)])


def request_position(args: Any) -> pb.Position:
    """The Position message of the command line's --tm-view / --observation / --corpus (text as given)."""

    if getattr(args, "tm_view", None):
        return pb.Position(tm_view_json=Path(args.tm_view).read_text(encoding="utf-8"))
    if getattr(args, "observation", None):
        return pb.Position(tm_observation_json=Path(args.observation).read_text(encoding="utf-8"))
    if getattr(args, "corpus", None):
        rec = pick_record(args.corpus, args.game_id)
        if getattr(args, "move", None) is not None:
            rec = {**rec, "cut": args.move}
        return pb.Position(tm_log_json=json.dumps(rec))
    raise PositionError("no position given: --tm-view FILE, --observation FILE, or --corpus FILE "
                        "[--game-id ID] [--move K]")
