"""Game logs of our own Terraforming Mars games (matches, tournaments) and their replay.

The corpus records (replay.py) hold the web app's actions with a snapshot after each; our games are
logged in our notation, one line per decision, and the seed decides both deck orders, so the lines alone
replay a game. A record is one JSON object per line of a .jsonl[.gz] file:

    {"format": "terraforming-mars-log/1", "id": "club-3", "setup": {"players": 2, "seed": 7,
     "colonies": false}, "moves": ["p1 setup Ecoline keep 3 ...", "p2 ...", ...], "final_scores": [78, 64]}

The replay checks each line's seat is the one to decide, each move is legal, the game ends with the
last line and the scores are the recorded ones (``gaia-ai replay --game terraforming-mars FILE`` reads
both kinds of record).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .errors import TmError
from .game import TmSetup
from .state import TmState

FORMAT = "terraforming-mars-log/1"


class LogError(TmError, ValueError):
    """A log record that does not replay: the message names the line and why."""


def record(setup: TmSetup, lines: Sequence[str], scores: Sequence[int] | None, game_id: str,
           extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The record of a game played from ``TmState.new(setup...)`` with these log lines."""
    rec: dict[str, Any] = {"format": FORMAT, "id": game_id,
                           "setup": {"players": setup.players, "seed": setup.seed, "colonies": setup.colonies},
                           "moves": list(lines), "final_scores": list(scores) if scores is not None else None}
    rec.update(extra or {})
    return rec


def is_log(rec: Any) -> bool:
    """Whether a record is one of our logs (not a corpus record of the web app)."""
    return isinstance(rec, dict) and rec.get("format") == FORMAT


def log_state(rec: dict[str, Any], cut: int | None = None,
              on_step: Callable[[int, str, TmState], None] | None = None) -> TmState:
    """The position after the first `cut` lines of a log record (all when None); on_step(seat, move
    notation, state before it) is called before each line is applied. LogError names the first line
    that does not replay."""
    if not is_log(rec):
        raise LogError(f"not a {FORMAT} record (format {rec.get('format')!r})")
    setup = rec.get("setup")
    try:
        state = TmState.new(int(setup["players"]), int(setup["seed"]), colonies=bool(setup.get("colonies", False)))
    except (KeyError, TypeError, ValueError) as e:
        raise LogError(f"bad setup {setup!r}: {e}") from None
    moves = rec.get("moves")
    if not isinstance(moves, list):
        raise LogError(f"moves: expected a list of log lines, not {type(moves).__name__}")
    if cut is not None and not 0 <= cut <= len(moves):
        raise LogError(f"--move {cut}: the log has lines 0..{len(moves)}")
    for i, line in enumerate(moves[:cut]):
        seat, _, move = str(line).partition(" ")
        if state.is_terminal:
            raise LogError(f"move {i} {line!r}: the game is already over")
        want = f"p{state.current_player + 1}"
        if seat != want:
            raise LogError(f"move {i} {line!r}: the decision is {want}'s")
        if on_step is not None:
            on_step(state.current_player, move, state)
        try:
            state.apply(move)
        except (TmError, ValueError) as e:
            raise LogError(f"move {i} {line!r}: {e}") from None
    return state


def replay_log(rec: dict[str, Any]) -> TmState:
    """The final state of a log record; LogError names the first line that does not replay."""
    state = log_state(rec)
    scores = rec.get("final_scores")
    if scores is not None:
        if not state.is_terminal:
            raise LogError(f"the log ends before the game (at a {state.core.step} decision)")
        if state.final_scores() != list(scores):
            raise LogError(f"final scores {state.final_scores()} differ from the recorded {list(scores)}")
    return state
