"""Positions of Terraforming Mars named on the command line or posted to the service: a player view of the
web app (playerview.py), one seat's structured observation (observation.py), or a corpus record cut before
one of its actions (replayed with its recorded draws). Each gives a TmState; errors are TmErrors naming the
file, the field or the action at fault."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gaia_ai.games import records
from gaia_ai.jsontext import loads_bounded, object_or_none

from .errors import TmError
from .gamelog import LogError, is_log, log_state
from .observation import FORMAT as OBSERVATION_FORMAT
from .observation import ObservationError, state_from_observation
from .playerview import PlayerViewError, import_player_view
from .replay import Divergence, Replayer, read_records
from .state import TmState


class PositionError(TmError, ValueError):
    """A position that cannot be read: the message names the file, field or action."""


def loads(text: str, what: str) -> Any:
    """JSON text from a file or a client, bounded in size and nesting; PositionError naming `what`."""
    try:
        return loads_bounded(text, what, PositionError)
    except json.JSONDecodeError as e:
        raise PositionError(f"{what}: not JSON: {e}") from None


def _read(path: str | Path) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise PositionError(f"cannot read {path}: {getattr(e, 'strerror', None) or e}") from None


def check_seat(state: TmState, seat: int, what: str) -> None:
    """A seat's knowledge serves that seat's decision only (the others' hidden cards are unknown to it)."""
    if not state.is_terminal and state.current_player != seat:
        raise PositionError(f"{what} is p{seat + 1}'s, but the decision is p{state.current_player + 1}'s: "
                            "suggestions need the knowledge of the seat to move")


PROBE_MOVES = 20_000   # rollout moves a probe may take (a whole game from the start takes ~300-800)


def check_progress(state: TmState, seat: int, what: str) -> None:
    """A position rebuilt from a client's text must let the game go on as the search will play it: each
    legal move applies, and rollouts (on the position and on samples of what the seat cannot see) reach
    the end. Fields that each pass their own check can still not fit together (a fuzzed view's tile
    counts, a card's state); the search would then stop with the rules core's error, so refuse here."""
    if state.is_terminal:
        return
    codes = state.legal_codes()
    if not codes:
        raise PositionError(f"{what}: p{state.current_player + 1}'s decision ({state.core.step}) has no legal "
                            "move: its fields do not fit together")
    for m in codes:
        probe = state.core.copy()
        why = probe.apply(m)
        if why is not None:
            raise PositionError(f"{what}: the listed move {state.format(m)!r} does not apply ({why}): "
                                "its fields do not fit together")
    for probe_seed in (1, 2, 3, 4):
        probe = (state if probe_seed <= 2 else state.determinize(seat, probe_seed)).core.copy()
        moves = probe.random_playout(probe_seed, PROBE_MOVES)
        if not probe.is_terminal:
            why = (f"{PROBE_MOVES} moves and no end" if moves >= PROBE_MOVES
                   else f"after {moves} moves a decision has no move that applies")
            raise PositionError(f"{what}: the game does not go on from this position ({why}): "
                                "its fields do not fit together")


def from_view_text(text: str, seed: int = 0) -> TmState:
    """The position of a player view (its player decides; the unseen cards one sample drawn by seed)."""
    data = loads(text, "the player view")
    state, _view = import_player_view(data, seed=seed)
    check_progress(state, state.current_player, "the player view")
    return state


def from_observation_text(text: str, seed: int = 0) -> TmState:
    """The position of one seat's observation; the seat must be the one to move."""
    data = loads(text, "the observation")
    state = state_from_observation(data, seed=seed)
    check_seat(state, data["seat"], "the observation")
    check_progress(state, data["seat"], "the observation")
    return state


def pick_record(path: str | Path, game_id: str | None = None) -> dict[str, Any]:
    """The record `game_id` of a corpus file (.jsonl or .jsonl.gz), or its only one."""
    return records.pick_record(read_records, path, game_id, PositionError, "a corpus file")


def record_state(rec: Any, cut: int | None = None) -> TmState:
    """The position before action `cut` (0-based; all actions when None) of a corpus record, or after
    the first `cut` lines of one of our game logs (gamelog.py: gaia-ai match --save, a tournament)."""
    if is_log(rec):
        try:
            return log_state(rec, cut)
        except LogError as e:
            raise PositionError(str(e)) from None
    if not isinstance(rec, dict) or not isinstance(rec.get("acts"), list):
        raise PositionError("not a Terraforming Mars corpus record: no list of acts")
    acts = rec["acts"]
    if cut is None:
        cut = len(acts)
    if isinstance(cut, bool) or not isinstance(cut, int) or not 0 <= cut <= len(acts):
        raise PositionError(f"cut: {cut!r} is not an action of the record (it has acts 0..{len(acts)})")
    try:
        replayer = Replayer(rec)
    except (Divergence, ValueError, KeyError, TypeError, IndexError) as e:
        raise PositionError(f"the record's setup: {type(e).__name__}: {e}") from None
    for i, act in enumerate(acts[:cut]):
        try:
            replayer.step(act)
        except (Divergence, ValueError, KeyError, TypeError, IndexError, AttributeError, OverflowError) as e:
            what = act.get("card") or act.get("name") or "" if isinstance(act, dict) else ""
            head = f"act {i} ({act.get('k')} p{act.get('p')} {what})".replace(" )", ")") if isinstance(act, dict) \
                else f"act {i}"
            raise PositionError(f"{head}: {e}") from None
    return replayer.state


def _other_option(text: str, given: str) -> str:
    """For a refused file that the other position option reads (a player view given as --observation, an
    observation as --tm-view): which option to give it with."""
    data = object_or_none(text)
    if data is None:
        return ""
    if given != "tm_view" and "thisPlayer" in data and "game" in data:
        return " (it is a player view of the app: give it with --tm-view)"
    if given != "observation" and data.get("format") == OBSERVATION_FORMAT:
        return f" (its format is {OBSERVATION_FORMAT}: give it with --observation)"
    return ""


def from_args(args: Any) -> TmState:
    """The TmState of the command line's --tm-view, --observation or --corpus [--game-id] [--move K]."""
    seed = getattr(args, "seed", None) or 0
    if getattr(args, "tm_view", None):
        text = _read(args.tm_view)
        try:
            return from_view_text(text, seed)
        except (PlayerViewError, PositionError) as e:
            raise type(e)(f"{e}{_other_option(text, 'tm_view')}") from None
    if getattr(args, "observation", None):
        text = _read(args.observation)
        try:
            return from_observation_text(text, seed)
        except (ObservationError, PositionError) as e:
            raise PositionError(f"{args.observation}: {e}{_other_option(text, 'observation')}") from None
    if getattr(args, "corpus", None):
        return record_state(pick_record(args.corpus, args.game_id), getattr(args, "move", None))
    raise PlayerViewError("no position given: --tm-view FILE (a player's view from the web app), "
                          "--observation FILE, or --corpus FILE [--game-id ID] [--move K]")
