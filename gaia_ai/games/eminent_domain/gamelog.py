"""Game logs of Eminent Domain and their replay (the judge of our own games: matches, tournaments).

A record is one JSON object (a file holds one, or one per line: .jsonl, optionally gzipped):

    {"format": "eminent-domain/1", "id": "match-3", "setup": {"players": 2, "seed": 7, "errata": true,
     "stacks": "bga", "extended": false, "rules": "bga", "extra_round": true},
     "moves": ["p1 act survey", "p1 role warfare", ...], "final_scores": [21, 18]}

A setup without "rules" (a log written before the bga rule set) replays by the rulebook reading with the
errata and the extra round off unless it names them, as it was played.

The setup's seed decides every shuffle, so the moves alone replay the game. Each move line is the seat
(p1..p4) and the move's notation. The replay checks that each line's seat is the one to decide, that
each move is legal, that the game ends with the last move and the scores are the recorded ones.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gaia_ai.games.eminent_domain.errors import EdError, LogError
from gaia_ai.games.eminent_domain.game import EdSetup
from gaia_ai.games.eminent_domain.state import EdState
from gaia_ai.jsontext import loads_bounded

FORMAT = "eminent-domain/1"


def state_for(setup: EdSetup) -> EdState:
    return EdState.new(setup.players, setup.seed, setup.options())


def move_line(player: int, move: str) -> str:
    return f"p{player + 1} {move}"


def record(setup: EdSetup, lines: Sequence[str], scores: Sequence[int] | None, game_id: str,
           extra: dict[str, Any] | None = None) -> dict[str, Any]:
    rec: dict[str, Any] = {"format": FORMAT, "id": game_id, "setup": vars(setup).copy(), "moves": list(lines),
                           "final_scores": list(scores) if scores is not None else None}
    rec.update(extra or {})
    return rec


def record_of(state: EdState, game_id: str) -> dict[str, Any]:
    """The record of a game played from EdState.new (its log so far)."""
    setup = EdSetup.of(state.players, state.seed, state.options)
    return record(setup, [move_line(p, m) for p, m in state.log], state.final_scores(), game_id)


@dataclass
class Recorder:
    """A new game and its log: apply() plays and records one move (the protocol's recorder)."""

    setup: EdSetup
    state: EdState = field(init=False)
    lines: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.state = state_for(self.setup)

    @property
    def commands(self) -> int:
        return len(self.lines)

    def apply(self, move: Any) -> None:
        player = self.state.current_player
        self.state.apply(move)
        self.lines.append(move_line(player, self.state.log[-1][1]))

    def close(self) -> None:
        """Nothing to close: every move is one line."""


_SETUP_TYPES = {"players": int, "seed": int, "errata": bool, "stacks": str, "extended": bool, "rules": str,
                "extra_round": bool}


def _check_setup_types(setup: EdSetup) -> None:
    for name, kind in _SETUP_TYPES.items():
        value = getattr(setup, name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise LogError(f"setup.{name}: expected {'true or false' if kind is bool else kind.__name__}, "
                           f"not {type(value).__name__}")


def replay_record(rec: dict[str, Any]) -> EdState:
    """The final state of a record; LogError names the first line that does not replay."""
    if rec.get("format") != FORMAT:
        raise LogError(f"not an {FORMAT} record (format {rec.get('format')!r})")
    try:
        setup = EdSetup.from_data(rec["setup"])
        _check_setup_types(setup)
        state = state_for(setup)
    except (KeyError, TypeError, EdError) as e:
        raise LogError(f"bad setup {rec.get('setup')!r}: {e}") from None
    for i, line in enumerate(rec.get("moves", [])):
        seat, _, move = str(line).partition(" ")
        want = f"p{state.current_player + 1}"
        if seat != want:
            raise LogError(f"move {i} {line!r}: the decision is {want}'s")
        try:
            state.apply(move)
        except EdError as e:
            raise LogError(f"move {i} {line!r}: {e}") from None
    if rec.get("final_scores") is not None:
        if not state.is_terminal:
            raise LogError(f"the log ends before the game (at a {state.decision!r} decision)")
        if state.final_scores() != rec["final_scores"]:
            raise LogError(f"final scores {state.final_scores()} differ from the recorded {rec['final_scores']}")
    return state


def read_records(path: str | Path) -> Iterator[dict[str, Any]]:
    """Records of a .json file, a .jsonl(.gz) file, or every such file of a folder."""
    path = Path(path)
    if path.is_dir():
        for child in sorted(path.iterdir()):
            if child.name.endswith((".json", ".jsonl", ".jsonl.gz")):
                yield from read_records(child)
        return
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as f:
        if path.suffix == ".json":
            yield loads_bounded(f.read(), str(path), LogError)
            return
        for n, text in enumerate(f, 1):
            if text.strip():
                try:
                    yield loads_bounded(text, f"{path}:{n}", LogError)
                except json.JSONDecodeError as e:
                    raise LogError(f"{path}:{n}: not JSON: {e}") from None


def run_replay(path: str | Path, limit: int | None = None, as_json: bool = False) -> int:
    """Replay every record; print one line per failing game and 'N passed, M failed'. Exit status."""
    passed, failed = 0, []
    for i, rec in enumerate(read_records(path)):
        if limit is not None and i >= limit:
            break
        try:
            replay_record(rec)
            passed += 1
        except LogError as e:
            failed.append({"id": rec.get("id"), "error": str(e)})
    if as_json:
        print(json.dumps({"passed": passed, "failed": failed}))
    else:
        for f in failed:
            print(f"{f['id']}: {f['error']}")
        print(f"{passed} passed, {len(failed)} failed")
    return 0 if not failed else 1
