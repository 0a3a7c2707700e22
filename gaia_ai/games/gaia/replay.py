"""The replay judge: replays recorded games through a rules engine and reports the first divergence.

Two kinds of input are judged:

* corpus records (``.jsonl.gz`` / ``.jsonl``): every ``moveHistory`` line is applied and the
  engine's state is compared after *every* line with the record's snapshot (``r``, ``ph``, ``tm``,
  ``p``, ``b``, ``t``, ``ba`` exactly, and the board); complete games also have their final VP and
  final board checked.
* boardgamers.space exports (``*.json``): the moves are applied and only the final state is
  compared with the export's own player data (see :mod:`gaia_ai.games.gaia.bgs`).

Move indexes are 0-based positions in ``moveHistory`` (the ``init`` line is move 0).
Field paths name what differs: ``r``, ``ph``, ``tm``, ``p[1].area1`` (the 28 player fields are
named by :data:`PLAYER_FIELDS`), ``b[0]``, ``t[2]``, ``ba``, ``board[5A3].owner``,
``final.vp[1]``, ``final.board[5A3]``; an engine exception is reported as field ``exception``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Protocol

from gaia_ai.argtypes import positive_int
from gaia_ai.games.gaia.corpus import CorpusError, CorpusRecord, read_corpus
from gaia_ai.games.gaia.variants import UnsupportedOptionError

if TYPE_CHECKING:
    from gaia_ai.games.gaia.bgs import BgsExport

__all__ = [
    "BOARD_ENTRY_FIELDS",
    "PLAYER_FIELDS",
    "EngineState",
    "Failure",
    "ReplayResult",
    "add_replay_subparser",
    "compare_snapshot",
    "main_replay",
    "replay_export",
    "replay_path",
    "replay_record",
    "run_replay_cli",
]

# Names of the 28 integers of a snapshot's p[player] (README "Snapshot"). Research tracks and
# buildings use the notation's own words (``up gaia``, ``build ac1``) so a report reads like a move.
PLAYER_FIELDS: tuple[str, ...] = (
    "vp", "credits", "ores", "knowledge", "qics",
    "area1", "area2", "area3", "gaia_area", "brainstone",
    "terra", "nav", "int", "gaia", "eco", "sci",
    "m", "ts", "lab", "PI", "ac1", "ac2", "gf", "sp",
    "fed_tokens", "green_fed_tokens", "satellites", "gaiaformers",
)  # fmt: skip

# Names of the fields of a board entry [planet, owner, building, lantidsGuestMine, federations].
BOARD_ENTRY_FIELDS: tuple[str, ...] = ("planet", "owner", "building", "guest_mine", "federations")

# Scalar / per-player snapshot keys compared after every line, in report order.
_STATE_KEYS: tuple[str, ...] = ("r", "ph", "tm", "p", "b", "t", "ba")

_MISSING = "<missing>"


class EngineState(Protocol):
    """What the judge needs from a game state (``gaia_ai.games.gaia.engine.GaiaState``)."""

    def apply_line(self, line: str) -> None: ...

    def snapshot(self) -> Mapping[str, Any]: ...

    def final_scores(self) -> list[int] | None: ...


EngineFactory = Callable[[Any], EngineState]
SetupFactory = Callable[[CorpusRecord], Any]


@dataclass(frozen=True)
class Failure:
    """The first divergence of a replay.

    ``move_index``/``line`` are None when the failure is not tied to one line
    (setup construction, unreadable input, end-of-game checks).
    """

    move_index: int | None
    line: str | None
    field: str
    expected: Any
    actual: Any

    def describe(self) -> str:
        if self.move_index is None:
            where = "end of game" if self.field.startswith("final") else "before the first move"
        else:
            where = f"move {self.move_index} {json.dumps(self.line, ensure_ascii=False)}"
        if self.field == "exception":
            return f"{where}: engine raised {self.actual}"
        return f"{where}: {self.field} expected {_show(self.expected)}, got {_show(self.actual)}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "move": self.move_index,
            "line": self.line,
            "field": self.field,
            "expected": _jsonable(self.expected),
            "actual": _jsonable(self.actual),
        }


@dataclass(frozen=True)
class ReplayResult:
    """Verdict on one game. ``moves_checked`` counts lines applied and matched."""

    game_id: str
    passed: bool
    moves_checked: int
    total_moves: int
    failure: Failure | None = None
    kind: str = "record"  # "record" (corpus game) or "export" (boardgamers.space export)

    def describe(self) -> str:
        if self.failure is None:
            return f"PASS {self.game_id}: {self.moves_checked}/{self.total_moves} moves"
        return f"FAIL {self.game_id}: {self.failure.describe()}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "kind": self.kind,
            "passed": self.passed,
            "moves_checked": self.moves_checked,
            "moves": self.total_moves,
            "failure": None if self.failure is None else self.failure.to_dict(),
        }


def _show(value: Any) -> str:
    return json.dumps(_jsonable(value), ensure_ascii=False)


def _jsonable(value: Any) -> Any:
    """Tuples -> lists etc., so reports are valid JSON whatever the engine returned."""
    try:
        return json.loads(json.dumps(value, default=repr))
    except (TypeError, ValueError):
        return repr(value)


# ---------------------------------------------------------------- comparison


def _plain(value: Any) -> Any:
    """Engines may return tuples or numpy ints; compare on plain lists/ints."""
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):
        try:
            return value.item()
        except (TypeError, ValueError):
            return value
    return value


def _norm_entry(entry: Any) -> Any:
    """A board entry as [planet, owner, building, guest, sorted federations].

    The federation list is a set of players; its order is engine bookkeeping, so it is sorted.
    Malformed entries are returned unchanged so the mismatch is reported, not hidden.
    """
    entry = _plain(entry)
    if isinstance(entry, list) and len(entry) == 5 and isinstance(entry[4], list):
        try:
            feds = sorted(entry[4])
        except TypeError:
            feds = entry[4]
        return [entry[0], entry[1], entry[2], entry[3], feds]
    return entry


def _default_entry(planet: str) -> list[Any]:
    return [planet, -1, None, -1, []]


def normalize_board(board: Any, map_planets: Mapping[str, str]) -> dict[str, Any]:
    """Board dict with entries equal to the empty default (for that hex's map planet) removed."""
    out: dict[str, Any] = {}
    if not isinstance(board, Mapping):
        return {"<board>": _plain(board)}
    for label, entry in board.items():
        norm = _norm_entry(entry)
        planet = map_planets.get(label)
        if planet is not None and norm == _default_entry(planet):
            continue
        out[str(label)] = norm
    return out


def apply_hx(board: dict[str, Any], hx: Iterable[Sequence[Any]], map_planets: Mapping[str, str]) -> None:
    """Update an expected board in place with a snapshot's ``hx`` (each entry replaces its hex)."""
    for item in hx:
        label, entry = str(item[0]), _norm_entry(list(item[1:]))
        planet = map_planets.get(label)
        if planet is not None and entry == _default_entry(planet):
            board.pop(label, None)
        else:
            board[label] = entry


def compare_boards(expected: Mapping[str, Any], actual: Mapping[str, Any], prefix: str) -> tuple[str, Any, Any] | None:
    """First differing hex (sorted by label) as (field, expected, actual); None when equal."""
    if expected == actual:
        return None
    for label in sorted(set(expected) | set(actual)):
        exp, act = expected.get(label), actual.get(label)
        if exp == act:
            continue
        if isinstance(exp, list) and isinstance(act, list) and len(exp) == len(act) == len(BOARD_ENTRY_FIELDS):
            for name, e, a in zip(BOARD_ENTRY_FIELDS, exp, act, strict=True):
                if e != a:
                    return f"{prefix}[{label}].{name}", e, a
        # one side has the hex empty (None), or the entry is malformed: show whole entries
        return f"{prefix}[{label}]", exp, act
    return None


def _compare_player_row(i: int, exp: Any, act: Any) -> tuple[str, Any, Any] | None:
    if not isinstance(act, list) or len(act) != len(exp):
        return f"p[{i}]", exp, act
    for k, (e, a) in enumerate(zip(exp, act, strict=True)):
        if e != a:
            name = PLAYER_FIELDS[k] if k < len(PLAYER_FIELDS) else str(k)
            return f"p[{i}].{name}", e, a
    return None


def compare_snapshot(expected: Mapping[str, Any], actual: Mapping[str, Any]) -> tuple[str, Any, Any] | None:
    """Compare the state keys present in ``expected`` (r, ph, tm, p, b, t, ba) with ``actual``.

    Returns the first difference as (field path, expected, actual), or None. The board is
    compared separately (:func:`compare_boards`) because its expected value is accumulated.
    """
    for key in _STATE_KEYS:
        if key not in expected:
            continue
        exp = _plain(expected[key])
        act = _plain(actual[key]) if key in actual else _MISSING
        if exp == act:
            continue
        if key in ("p", "b", "t") and isinstance(exp, list):
            if not isinstance(act, list) or len(act) != len(exp):
                return key, exp, act
            for i, (e, a) in enumerate(zip(exp, act, strict=True)):
                if e == a:
                    continue
                if key == "p" and isinstance(e, list):
                    diff = _compare_player_row(i, e, a)
                    if diff is not None:
                        return diff
                    continue
                return f"{key}[{i}]", e, a
        return key, exp, act
    return None


# ---------------------------------------------------------------- replaying records


def _default_setup_factory(record: CorpusRecord) -> Any:
    from gaia_ai.games.gaia.setup import GameSetup

    # from_corpus reads the raw record mapping (setup, seed, nbPlayers, options)
    return GameSetup.from_corpus(
        {"setup": record.setup, "seed": record.seed, "nbPlayers": record.num_players, "options": record.options}
    )


def _default_engine_factory(setup: Any) -> EngineState:
    from gaia_ai.games.gaia.engine import GaiaState

    return GaiaState.new(setup)


def _exc_text(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def map_planets_of(record: CorpusRecord) -> dict[str, str]:
    """label -> map planet letter, from the record's ``setup.hexes``."""
    hexes = record.setup.get("hexes") or []
    return {str(h["label"]): str(h["planet"]) for h in hexes if isinstance(h, Mapping) and "label" in h}


def replay_record(
    record: CorpusRecord,
    engine_factory: EngineFactory | None = None,
    setup_factory: SetupFactory | None = None,
) -> ReplayResult:
    """Replay one corpus record and judge the engine after every line.

    ``setup_factory(record)`` builds the setup (default ``GameSetup.from_corpus``) and
    ``engine_factory(setup)`` the initial state (default ``GaiaState.new``); tests inject fakes.
    A ``complete: false`` record is judged on its snapshots alone.
    """
    make_setup = setup_factory or _default_setup_factory
    make_engine = engine_factory or _default_engine_factory
    total = len(record.move_history)

    def fail(checked: int, failure: Failure) -> ReplayResult:
        return ReplayResult(record.id, False, checked, total, failure)

    try:
        state = make_engine(make_setup(record))
    except UnsupportedOptionError as exc:
        # refused before the first line: a variant the engine does not model would replay wrongly
        return fail(0, Failure(None, None, "options", "options the engine models", str(exc)))
    # any setup/engine construction error is a verdict on the engine, not a crash of the judge
    except Exception as exc:  # noqa: BLE001
        return fail(0, Failure(None, None, "exception", "setup accepted", _exc_text(exc)))

    planets = map_planets_of(record)
    expected_board: dict[str, Any] = {}
    for i, (line, snap) in enumerate(zip(record.move_history, record.snapshots, strict=True)):
        try:
            state.apply_line(line)
            actual = state.snapshot()
        except Exception as exc:  # noqa: BLE001 - engine errors are verdicts
            return fail(i, Failure(i, line, "exception", "line accepted", _exc_text(exc)))
        if not isinstance(actual, Mapping):
            return fail(i, Failure(i, line, "snapshot", "a dict", _plain(actual)))
        diff = compare_snapshot(snap, actual)
        if diff is None:
            apply_hx(expected_board, snap.get("hx") or (), planets)
            diff = compare_boards(expected_board, normalize_board(actual.get("board", {}), planets), "board")
        if diff is not None:
            return fail(i, Failure(i, line, *diff))

    if record.complete and record.final is not None:
        diff = _check_final(record, state, planets)
        if diff is not None:
            return fail(total, Failure(None, None, *diff))
    return ReplayResult(record.id, True, total, total)


def _check_final(record: CorpusRecord, state: EngineState, planets: Mapping[str, str]) -> tuple[str, Any, Any] | None:
    final = record.final or {}
    try:
        scores = state.final_scores()
        snap = state.snapshot()
    except Exception as exc:  # noqa: BLE001 - engine errors are verdicts
        return "exception", "final scores", _exc_text(exc)
    if "vp" in final:
        exp_vp = _plain(final["vp"])
        act_vp = _plain(scores)
        if not isinstance(act_vp, list) or len(act_vp) != len(exp_vp):
            return "final.vp", exp_vp, act_vp
        for i, (e, a) in enumerate(zip(exp_vp, act_vp, strict=True)):
            if e != a:
                return f"final.vp[{i}]", e, a
    if "board" in final:
        exp_board: dict[str, Any] = {}
        apply_hx(exp_board, final["board"], planets)
        act_board = normalize_board(snap.get("board", {}), planets)
        return compare_boards(exp_board, act_board, "final.board")
    return None


# ---------------------------------------------------------------- replaying exports


def replay_export(
    source: str | Path | Mapping[str, Any],
    engine_factory: EngineFactory | None = None,
    game_id: str | None = None,
) -> ReplayResult:
    """Replay a boardgamers.space export and compare the final state with the export's own data.

    Compared: round, phase, player to move, the 28 player fields (VP, resources, power areas,
    brainstone, research, buildings, federation tokens, satellites, gaia-formers), boosters,
    tech tiles, board actions and the board; for a finished game also ``final_scores()``.
    An unreadable or unsupported export gives a failed result with field ``export``.
    """
    from gaia_ai.games.gaia.bgs import load_export
    from gaia_ai.games.gaia.errors import ExportError

    gid = game_id or (Path(source).stem if isinstance(source, (str, Path)) else "export")
    try:
        export = load_export(source, game_id=gid)
    except (ExportError, OSError) as exc:
        return ReplayResult(gid, False, 0, 0, Failure(None, None, "export", "a supported export", str(exc)), "export")
    return replay_export_data(export, engine_factory)


def replay_export_data(export: BgsExport, engine_factory: EngineFactory | None = None) -> ReplayResult:
    """Judge an already parsed export (see :func:`replay_export`)."""
    make_engine = engine_factory or _default_engine_factory
    gid, moves = export.game_id, export.moves
    total = len(moves)

    def fail(checked: int, failure: Failure) -> ReplayResult:
        return ReplayResult(gid, False, checked, total, failure, "export")

    try:
        state = make_engine(export.setup)
    except Exception as exc:  # noqa: BLE001 - engine errors are verdicts
        return fail(0, Failure(None, None, "exception", "setup accepted", _exc_text(exc)))
    for i, line in enumerate(moves):
        try:
            state.apply_line(line)
        except Exception as exc:  # noqa: BLE001 - engine errors are verdicts
            return fail(i, Failure(i, line, "exception", "line accepted", _exc_text(exc)))
    last = total - 1 if total else None
    last_line = moves[-1] if moves else None
    try:
        actual = state.snapshot()
        scores = state.final_scores() if export.ended else None
    except Exception as exc:  # noqa: BLE001 - engine errors are verdicts
        return fail(total, Failure(last, last_line, "exception", "snapshot", _exc_text(exc)))
    diff = compare_snapshot(export.expected, actual)
    if diff is None:
        planets = export.map_planets
        diff = compare_boards(export.expected_board, normalize_board(actual.get("board", {}), planets), "board")
    if diff is None and export.final_vp is not None:
        exp_vp, act_vp = list(export.final_vp), _plain(scores)
        if act_vp != exp_vp:
            diff = ("final.vp", exp_vp, act_vp)
    if diff is not None:
        return fail(total, Failure(last, last_line, *diff))
    return ReplayResult(gid, True, total, total, None, "export")


# ---------------------------------------------------------------- paths and CLI


def _is_corpus_file(p: Path) -> bool:
    return p.name.endswith((".jsonl", ".jsonl.gz"))


def _corpus_results(
    p: Path, engine_factory: EngineFactory | None, setup_factory: SetupFactory | None
) -> Iterator[ReplayResult]:
    try:
        for record in read_corpus(p):
            yield replay_record(record, engine_factory, setup_factory)
    except CorpusError as exc:
        # a damaged file is reported as one failed "game" so the run still ends with a summary
        yield ReplayResult(p.name, False, 0, 0, Failure(None, None, "corpus", "a valid record", str(exc)))


def replay_path(
    path: str | Path,
    limit: int | None = None,
    engine_factory: EngineFactory | None = None,
    setup_factory: SetupFactory | None = None,
) -> Iterator[ReplayResult]:
    """Judge every game under ``path``: a corpus file (``.jsonl.gz``/``.jsonl``), an export
    (``.json``), or a folder of them (files in name order). ``limit`` caps the number of games."""
    p = Path(path)
    if not p.exists():
        raise FileNotFoundError(f"no such file or folder: {p}")
    if p.is_dir():
        files = sorted(f for f in p.iterdir() if f.is_file() and (f.suffix == ".json" or _is_corpus_file(f)))
    else:
        files = [p]

    def results() -> Iterator[ReplayResult]:
        for f in files:
            if _is_corpus_file(f):
                yield from _corpus_results(f, engine_factory, setup_factory)
            else:
                yield replay_export(f, engine_factory)

    def limited() -> Iterator[ReplayResult]:
        for n, result in enumerate(results()):
            if limit is not None and n >= limit:
                return
            yield result

    # a plain function returning a generator, so a missing path raises at the call, not on iteration
    return limited()


def _progress(results: Iterator[ReplayResult], limit: int | None) -> Iterator[ReplayResult]:
    """Wrap with a tqdm bar on stderr when tqdm is installed (it hides itself off a terminal)."""
    try:
        from tqdm import tqdm
    except ImportError:
        return results
    return iter(tqdm(results, total=limit, file=sys.stderr, unit="game", disable=None, leave=False))


def run_replay_cli(
    path: str | Path,
    limit: int | None = None,
    as_json: bool = False,
    out: IO[str] | None = None,
    engine_factory: EngineFactory | None = None,
    setup_factory: SetupFactory | None = None,
) -> int:
    """Judge the games under ``path`` and print a report; returns the exit status.

    Text output (default): one line per failing game,
    ``FAIL <game>: move <i> "<log line>": <field> expected <x>, got <y>``
    (or ``... engine raised <Error>: <message>``), then the last line ``N passed, M failed``.

    ``--json`` output: one JSON object per game, in order::

        {"game": "bot-001", "kind": "record", "passed": false, "moves_checked": 12, "moves": 76,
         "failure": {"move": 12, "line": "...", "field": "p[1].area1", "expected": 4, "actual": 3}}

    (``failure`` is null for a passing game; ``move``/``line`` are null for setup and end-of-game
    failures), then the summary line ``{"passed": N, "failed": M}``.

    Exit status: 0 when every game passed (and at least one was judged), 1 otherwise,
    2 when ``path`` does not exist.
    """
    stream = out if out is not None else sys.stdout
    try:
        results = replay_path(path, limit, engine_factory, setup_factory)
    except FileNotFoundError as exc:
        print(f"gaia-ai replay: {exc}", file=sys.stderr)
        return 2
    passed = failed = 0
    for result in _progress(results, limit):
        if result.passed:
            passed += 1
        else:
            failed += 1
        if as_json:
            print(json.dumps(result.to_dict(), ensure_ascii=False), file=stream)
        elif not result.passed:
            print(result.describe(), file=stream)
        stream.flush()
    if as_json:
        print(json.dumps({"passed": passed, "failed": failed}), file=stream)
    else:
        print(f"{passed} passed, {failed} failed", file=stream)
    return 0 if failed == 0 and passed > 0 else 1


def _replay_handler(args: argparse.Namespace) -> int:
    return run_replay_cli(args.path, limit=args.limit, as_json=args.as_json)


def add_replay_subparser(subparsers: Any) -> argparse.ArgumentParser:
    """Register ``replay PATH [--limit N] [--json]`` on an argparse subparsers object.

    The parser's ``func`` default is a handler taking the parsed args and returning the exit code.
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "replay",
        help="judge the rules engine against recorded games",
        description=(
            "Replay recorded Gaia Project games through the rules engine and compare its state "
            "with the recorded one after every move. PATH is a corpus file (.jsonl.gz/.jsonl), "
            "a boardgamers.space export (.json) or a folder of them. Prints one line per failing "
            "game and ends with 'N passed, M failed'; exit status 0 only when every game passes."
        ),
    )
    parser.add_argument("path", metavar="PATH", help="corpus file, export file or folder")
    parser.add_argument("--limit", type=positive_int, default=None, metavar="N", help="judge at most N games")
    parser.add_argument(
        "--json",
        dest="as_json",
        action="store_true",
        help="print one JSON object per game and a final {'passed', 'failed'} object",
    )
    parser.set_defaults(func=_replay_handler)
    return parser


def main_replay(argv: Sequence[str] | None = None) -> int:
    """Stand-alone entry point: ``python -m gaia_ai.games.gaia.replay PATH [--limit N] [--json]``."""
    parser = argparse.ArgumentParser(prog="gaia-ai")
    add_replay_subparser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["replay", *(sys.argv[1:] if argv is None else argv)])
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main_replay())
