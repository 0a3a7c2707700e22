"""The service's Eminent Domain adapter: a posted Position (a game log or one seat's observation, both
JSON text) to an EdState (errors name the field or move at fault), and a search or a check of it to the
response messages."""

from __future__ import annotations

import json
from typing import Any

from gaia_ai.games.eminent_domain.errors import EdError
from gaia_ai.games.eminent_domain.gamelog import replay_record
from gaia_ai.games.eminent_domain.notation import EdMove
from gaia_ai.games.eminent_domain.observation import state_from_observation
from gaia_ai.games.eminent_domain.positions import check_seat
from gaia_ai.games.eminent_domain.state import EdState
from gaia_ai.games.eminent_domain.words import describe_line, move_words
from gaia_ai.jsontext import loads_bounded
from gaia_ai.search import CancelToken, SearchConfig
from gaia_ai.search.core import search
from gaia_ai.service.errors import RequestError
from gaia_ai.service.games import copy_stats
from gaia_ai.v1 import suggest_pb2 as pb

GAME = "eminent-domain"
MAX_MOVES = 20_000        # a 4-player game is a few thousand decisions
SOURCES = ("ed_log_json", "ed_observation_json")


class EdAdapter:
    """Eminent Domain for the service (the Game's service_adapter)."""

    name = GAME

    def decode(self, position: pb.Position, path: str = "position") -> EdState:
        source = position.WhichOneof("source")
        if source not in SOURCES:
            raise RequestError(f"{path}: set one of {', '.join(SOURCES)} for Eminent Domain"
                               + (f" (not {source})" if source else ""))
        where = f"{path}.{source}"
        try:
            data = loads_bounded(getattr(position, source), where, RequestError)
        except json.JSONDecodeError as e:
            raise RequestError(f"{where}: not JSON: {e}") from None
        try:
            if source == "ed_observation_json":
                state = state_from_observation(data)
                check_seat(state, data["seat"])     # so the viewer, the seat to move, is its seat
                return state
            if not isinstance(data, dict) or not isinstance(data.get("moves"), list):
                raise RequestError(f"{where}: expected an eminent-domain/1 record with a list of moves")
            if len(data["moves"]) > MAX_MOVES:
                raise RequestError(f"{where}: more than {MAX_MOVES} moves")
            return replay_record({**data, "final_scores": None})
        except EdError as e:
            raise RequestError(f"{where}: {e}") from None

    def suggest(self, state: EdState, config: SearchConfig, top_k: int,
                cancel: CancelToken | None = None) -> pb.SuggestMovesResponse:
        if state.is_terminal:
            raise RequestError(f"position: the game is over (final scores {state.final_scores()}): "
                               "there is no move to suggest")
        result = search(state, config, cancel=cancel, top_k=top_k)
        response = pb.SuggestMovesResponse(game=GAME, player=result.player, position=_info(state))
        line_root = state.determinize(result.player, config.seed)   # the sample the PV was read on
        for c in result.candidates[:top_k]:
            steps = [s["words"] for s in describe_line(line_root, c.pv, c.pv_players)]
            pv = [_command(m, p, steps[i] if i < len(steps) else "")
                  for i, (m, p) in enumerate(zip(c.pv, c.pv_players, strict=True))]
            command = pv[0] if pv else _command(c.move, result.player, move_words(state, c.move))
            response.suggestions.add(
                move=str(c.move), words=command.words, commands=[command], main_command=command, visits=c.visits,
                value=c.value, win_probability=c.win_probability, expected_score=c.expected_score, pv=pv)
        copy_stats(response.stats, result.stats)
        return response

    def validate(self, state: EdState) -> pb.ValidateStateResponse:
        response = pb.ValidateStateResponse(game=GAME, position=_info(state))
        player = state.current_player
        response.legal_moves.extend(_command(m, player) for m in state.legal_moves())
        if state.is_terminal:
            response.final_scores.extend(state.final_scores() or [])
        return response


def _command(move: EdMove, player: int, words: str = "") -> pb.Command:
    name, *args = str(move).split()
    return pb.Command(player=player, name=name, args=args, notation=str(move), words=words)


def _info(state: EdState) -> pb.PositionInfo:
    raw = state.raw_state()
    n = state.players
    return pb.PositionInfo(num_players=n, factions=[""] * n, round=raw["turns"] // n + 1,
                           phase="end" if state.is_terminal else state.decision, terminal=state.is_terminal,
                           current_player=state.current_player,
                           seats=[pb.Seat(seat=p, role="", role_kind="") for p in range(n)])


def request_position(args: Any) -> pb.Position:
    """The Position message of the command line's --log / --observation (the text sent as given)."""
    from pathlib import Path

    from gaia_ai.games.eminent_domain.positions import cut, pick_record

    if getattr(args, "observation", None):
        return pb.Position(ed_observation_json=Path(args.observation).read_text(encoding="utf-8"))
    if getattr(args, "position", None):      # a typed position: sent as the observation it gives
        from gaia_ai.games.eminent_domain.positions import observation_of_entry_file

        return pb.Position(ed_observation_json=json.dumps(observation_of_entry_file(args.position)))
    if getattr(args, "log", None):
        rec = cut(pick_record(args.log, args.game_id), args.move)
        return pb.Position(ed_log_json=json.dumps(rec))
    raise EdError("no position given: --log FILE [--game-id ID] [--move K], --observation FILE or --position FILE")
