"""The service's Gaia Project adapter: a posted Position to a GaiaState (errors name the field or
move at fault), and a search or a check of that state to the response messages."""

from __future__ import annotations

import argparse
import json
import sys
import threading
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from google.protobuf import json_format

from gaia_ai.games.gaia import structured
from gaia_ai.games.gaia.bgs import load_export
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import GaiaError
from gaia_ai.games.gaia.notation import ENDTURN, Command
from gaia_ai.games.gaia.search import search_gaia
from gaia_ai.games.gaia.setup import GameSetup, federation_supply_for
from gaia_ai.games.gaia.v1 import gaia_state_pb2
from gaia_ai.games.gaia.words import describe_line
from gaia_ai.jsontext import loads_bounded
from gaia_ai.search import CancelToken, SearchConfig
from gaia_ai.service.errors import RequestError
from gaia_ai.service.games import copy_stats
from gaia_ai.v1 import suggest_pb2 as pb

GAME = "gaia-project"
MAX_LOG_LINES = 5000     # a 4-player game logs well under 1,000 lines
MAX_LINE_CHARS = 2000    # the longest logged line (a federation with its annotations) is a few hundred
INITIAL_STATES = 64      # games whose start position is kept (a front end asks again and again)


class GaiaAdapter:
    """Gaia Project for the service (registered as "gaia-project" in games.py)."""

    name = GAME

    def decode(self, position: pb.Position, path: str = "position") -> GaiaState:
        """The GaiaState of a posted position; RequestError naming the field or move at fault."""
        source = position.WhichOneof("source")
        if source is None:
            raise RequestError(f"{path}: set one of {', '.join(_sources())}")
        where = f"{path}.{source}"
        if source == "gaia_move_log":
            return _from_move_log(position.gaia_move_log, where)
        if source == "bgs_export_json":
            return _from_bgs_json(position.bgs_export_json, where)
        if source == "gaia_state":
            return _from_structured(position.gaia_state, where)
        raise RequestError(f"{where}: not a Gaia Project position")

    def suggest(self, state: GaiaState, config: SearchConfig, top_k: int,
                cancel: CancelToken | None = None) -> pb.SuggestMovesResponse:
        """Search state's decision; the response without its budget (the server fills that in)."""
        if state.is_terminal:
            raise RequestError(f"position: the game is over (final scores {state.final_scores()}): "
                               "there is no move to suggest")
        result = search_gaia(state, config, cancel=cancel, top_k=top_k)
        role = state.faction(result.player) or ""
        response = pb.SuggestMovesResponse(game=GAME, player=result.player, faction=role, role=role,
                                           position=_info(state))
        for c in result.candidates[:top_k]:
            turn = list(c.turn or c.moves)   # the whole line, as c.line
            own_words = [s.words for s in describe_line(state, turn, [result.player] * len(turn))]
            own = [_command(m, result.player, w) for m, w in zip(turn, own_words + [""] * len(turn))]
            at = turn.index(c.move) if c.move in turn else len(own_words)
            main = _command(c.move, result.player, own_words[at] if at < len(own_words) else "")
            pv_words = [s.words for s in describe_line(state, c.pv, c.pv_players)]
            response.suggestions.add(
                move=c.line, words=_sentence(turn, own_words), commands=own, main_command=main, visits=c.visits,
                value=c.value, win_probability=c.win_probability, expected_score=c.expected_score,
                pv=[_command(m, p, w) for m, p, w in zip(c.pv, c.pv_players, pv_words + [""] * len(c.pv))],
            )
        copy_stats(response.stats, result.stats)
        return response

    def validate(self, state: GaiaState) -> pb.ValidateStateResponse:
        """Whose decision it is and the legal moves there."""
        response = pb.ValidateStateResponse(game=GAME, position=_info(state))
        player = state.current_player
        response.legal_moves.extend(_command(m, player) for m in state.legal_moves())
        if state.is_terminal:
            response.final_scores.extend(state.final_scores() or [])
        response.gaia_state.CopyFrom(_to_structured(state))
        return response


def _sources() -> list[str]:
    return [f.name for f in pb.Position.DESCRIPTOR.oneofs_by_name["source"].fields]


def _command(command: Command, player: int, words: str = "") -> pb.Command:
    return pb.Command(player=player, name=command.name, args=list(command.args), notation=str(command),
                      words=words)


def _sentence(turn: list[Command], words: list[str]) -> str:
    """The turn in words, one clause a command (the end of the turn left out)."""
    return "; ".join(w for m, w in zip(turn, words) if str(m) != str(ENDTURN) and w)


def _info(state: GaiaState) -> pb.PositionInfo:
    n = state.setup.num_players
    factions = [state.faction(p) or "" for p in range(n)]
    return pb.PositionInfo(num_players=n, factions=factions, round=state.round, phase=state.phase,
                           terminal=state.is_terminal, current_player=state.current_player,
                           seats=[pb.Seat(seat=p, role=f, role_kind="faction") for p, f in enumerate(factions)])


_initial: OrderedDict[str, GaiaState] = OrderedDict()
_initial_lock = threading.Lock()


def _initial_state(setup: GameSetup) -> GaiaState:
    """A fresh start position of the setup. Building one computes the map's distance tables (~10 ms),
    so the last INITIAL_STATES are kept and copied (one memcpy); they are never changed."""
    key = json.dumps(setup.to_dict(), sort_keys=True)
    with _initial_lock:
        start = _initial.get(key)
        if start is not None:
            _initial.move_to_end(key)
            return start.copy()
    start = GaiaState.new(setup)
    with _initial_lock:
        _initial[key] = start
        while len(_initial) > INITIAL_STATES:
            _initial.popitem(last=False)
    return start.copy()


def _replay(setup: GameSetup, lines: Iterable[str], path: str) -> GaiaState:
    """The state after the log lines; a bad line is named by path[i] and quoted."""
    state = _initial_state(setup)
    for i, line in enumerate(lines):
        if i >= MAX_LOG_LINES:
            raise RequestError(f"{path}: more than {MAX_LOG_LINES} log lines")
        if len(line) > MAX_LINE_CHARS:
            raise RequestError(f"{path}[{i}]: a line of {len(line)} characters (at most {MAX_LINE_CHARS})")
        try:
            state.apply_line(line)
        except GaiaError as e:
            raise RequestError(f"{path}[{i}] {line!r}: {e}") from None
    return state


def _from_move_log(log: gaia_state_pb2.GaiaMoveLog, path: str) -> GaiaState:
    if not log.HasField("setup"):
        raise RequestError(f"{path}.setup: required (the game's map, tiles and boosters)")
    s = log.setup
    data = {
        "num_players": s.num_players,
        "seed": s.seed,
        "mapConfig": {
            "sectors": [{"sector": p.sector, "rotation": p.rotation, "center": {"q": p.q, "r": p.r, "s": -p.q - p.r}}
                        for p in s.sectors],
            "mirror": False,
        },
        "roundScoring": list(s.round_scoring),
        "finalScoring": list(s.final_scoring),
        "boosters": list(s.boosters),
        "techTiles": dict(s.tech_tiles),
        "advTechTiles": dict(s.adv_tech_tiles),
        "terraformingFederation": s.terraforming_federation,
        "federationSupply": federation_supply_for(s.terraforming_federation),
    }
    if s.HasField("options"):
        # boardgamers.space's option names; GameSetup.from_dict refuses what the engine does not model
        data["options"] = {
            "auction": s.options.auction or None,
            "factionVariant": s.options.faction_variant or "standard",
            "factionVariantVersion": s.options.faction_variant_version,
        }
    try:
        setup = GameSetup.from_dict(data)
    except (GaiaError, KeyError, TypeError, ValueError) as e:
        raise RequestError(f"{path}.setup: {e}") from None
    return _replay(setup, log.moves, f"{path}.moves")


def _from_bgs_json(text: str, path: str) -> GaiaState:
    if not text.strip():
        raise RequestError(f"{path}: empty (the JSON text of a boardgamers.space export)")
    try:
        data = loads_bounded(text, path, GaiaError)
    except GaiaError as e:
        raise RequestError(str(e)) from None
    except json.JSONDecodeError as e:
        raise RequestError(f"{path}: not valid JSON: {e}") from None
    if not isinstance(data, dict):
        raise RequestError(f"{path}: an export must be a JSON object, got {type(data).__name__}")
    try:
        export = load_export(data)
    except (GaiaError, KeyError, TypeError, ValueError) as e:
        raise RequestError(f"{path}: {e}") from None
    return _replay(export.setup, export.moves, f"{path}: moveHistory")


def _to_structured(state: GaiaState) -> gaia_state_pb2.GaiaGameState:
    return json_format.ParseDict(structured.state_to_json(state), gaia_state_pb2.GaiaGameState())


def _from_structured(message: Any, path: str) -> GaiaState:
    try:
        return structured.state_from_json(json_format.MessageToDict(message))
    except (GaiaError, KeyError, TypeError, ValueError) as e:
        raise RequestError(f"{path}: {e}") from None


def position_from_args(args: argparse.Namespace) -> Any:
    """The position named on the command line, as a Position message (not checked here)."""
    from pathlib import Path

    from google.protobuf import json_format

    from gaia_ai.games.gaia.requests import demo_position, position_from_bgs, position_from_record
    from gaia_ai.games.gaia.v1.gaia_state_pb2 import GaiaGameState
    from gaia_ai.v1 import suggest_pb2 as pb

    if args.demo:
        return demo_position()
    if args.bgs:   # "-": the export on standard input, as for a local search
        text = sys.stdin.read() if args.bgs == "-" else Path(args.bgs).read_text(encoding="utf-8")
        return position_from_bgs(text)
    if args.state:
        text = Path(args.state).read_text(encoding="utf-8")
        try:
            return pb.Position(gaia_state=json_format.Parse(text, GaiaGameState()))
        except json_format.ParseError as e:
            raise ValueError(f"{args.state}: not a GaiaGameState in protobuf's JSON mapping: {e}") from None
    if args.game_id is None or args.move is None:
        raise ValueError("--corpus needs --game-id ID and --move K")
    from gaia_ai.games.gaia.corpus import read_corpus

    for record in read_corpus(args.corpus):
        if record.id == args.game_id:
            return position_from_record({"id": record.id, "setup": record.setup, "seed": record.seed,
                                         "nbPlayers": record.num_players, "moveHistory": record.move_history},
                                        args.move)
    raise ValueError(f"no game {args.game_id!r} in {args.corpus}")
