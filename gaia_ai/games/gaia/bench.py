"""Speed of the Gaia Project rules core: the figures behind ``gaia-ai bench engine``.

Figures per player count, each measured on one core as the median over repeats:

* **legal-move generations per second** at main-action decisions (phase ``move``), on the positions
  reached while replaying the corpus games (the positions the reference figure was measured on), by
  the C generator (what the search calls) with its federation-candidate cache emptied before each
  call (a new position) and kept (a position seen before; the reference engine caches its
  federations per player too), and through ``GaiaState.legal_moves()`` (Python Command objects);
* **moves applied per second**: the int moves of random games from the corpus games' setups,
  re-applied by the C core (what the search does), and the corpus games' logged lines applied with
  ``GaiaState.apply_line`` (notation parsing included: the reference engine's replay figure);
* **complete random playouts per second** from a fresh setup (faction picks included), played in C.

The reference is the boardgamers.space engine's published cost on this kind of machine: 0.4 ms per
``generateAvailableCommands`` at a main-action decision and 0.5 ms per applied move. Ratios are
speeds, ours / theirs: 10 means ten times faster.

Why this module lives in the package and ``bench/engine.py`` is a thin script calling it: the CLI's
``gaia-ai bench engine`` must work wherever ``gaia-ai`` is installed, and ``bench/`` is not shipped in
the wheel. Importing it through a path computed from the checkout would make the command depend on
where it is run from; a module in the package needs no path tricks, and ``bench/`` keeps a runnable
entry beside the other benchmarks. Only the corpus sample is taken from the checkout, and ``--corpus``
names another file when there is none.
"""

from __future__ import annotations

import gc
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from importlib import resources
from pathlib import Path
from typing import IO, Any

from gaia_ai.games.gaia.corpus import read_corpus

REFERENCE_ENGINE = "boardgamers.space gaia-engine 4.9.0 (Node.js, one core)"
REFERENCE_MOVEGEN_MS = 0.4  # generateAvailableCommands at a main-action decision
REFERENCE_APPLY_MS = 0.5  # per move, replaying a whole game with new Engine(moves)
REFERENCE_MS = {
    "movegen": REFERENCE_MOVEGEN_MS,
    "movegen_cached": REFERENCE_MOVEGEN_MS,
    "apply": REFERENCE_APPLY_MS,
    "notation": REFERENCE_APPLY_MS,
}
LABELS = {
    "movegen_per_second": "legal-move gens/s",
    "movegen_cached_per_second": "  same, cached feds",
    "movegen_late_per_second": "  late game, cold",
    "api_movegen_per_second": "legal_moves() calls/s",
    "moves_per_second": "moves applied/s",
    "notation_lines_per_second": "notation lines/s",
    "playouts_per_second": "random playouts/s",
}
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4)
MAX_POSITIONS = 1000  # main-action positions kept per player count for the movegen figure
# the test sample and late 3-player positions (round 6, 32-35 occupied hexes, structured states from
# corpus games), shipped in the package so that an installed wheel can run the benchmark
SAMPLE_CORPUS = Path(str(resources.files("gaia_ai.games.gaia").joinpath("data/corpus-sample.jsonl.gz")))
LATE_POSITIONS = Path(str(resources.files("gaia_ai.games.gaia").joinpath("data/late-game")))


@dataclass(frozen=True)
class Figure:
    """Rates (units per second) of the repeats of one measurement.

    ``sample`` says what was timed ("389 positions of 5 games"); ``error`` why nothing was measured;
    ``note`` anything a reader must know to trust the figure.
    """

    rates: tuple[float, ...]
    sample: str = ""
    error: str | None = None
    note: str | None = None

    @property
    def median(self) -> float | None:
        return statistics.median(self.rates) if self.rates else None

    def to_dict(self) -> dict[str, Any]:
        def rounded(value: float | None) -> float | None:
            return None if value is None else round(value, 1)

        return {
            "median": rounded(self.median),
            "min": rounded(min(self.rates, default=None)),
            "max": rounded(max(self.rates, default=None)),
            "repeats": len(self.rates),
            "sample": self.sample,
            "error": self.error,
            "note": self.note,
        }


@dataclass
class CorpusWork:
    """What the corpus gives one player count: games to replay and main-action positions."""

    games: list[tuple[Any, list[str]]]  # (state before the first move, lines that apply cleanly)
    positions: list[Any]  # states at phase "move"
    skipped_lines: int = 0  # lines after an engine error, left out of the apply figure


def measure(run_batch: Callable[[], int], seconds: float, repeats: int, sample: str) -> Figure:
    """Rates of `repeats` runs; each calls run_batch() (returns units done) until its time share is spent."""
    budget = seconds / repeats
    rates = []
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeats):
            done = 0
            start = time.perf_counter()
            while True:
                done += run_batch()
                elapsed = time.perf_counter() - start
                if elapsed >= budget:
                    break
            rates.append(done / elapsed)
    finally:
        if gc_was_enabled:
            gc.enable()
    return Figure(tuple(rates), sample)


def prepare_corpus(path: Path, players: int) -> CorpusWork:
    """Replay the corpus games of `players` players once (untimed), keeping what the timed runs need.

    A game is kept up to its first line the engine rejects, so an unfinished rule does not stop the
    benchmark; the number of lines left out is reported.
    """
    from gaia_ai.games.gaia.engine import GaiaState
    from gaia_ai.games.gaia.setup import GameSetup

    work = CorpusWork(games=[], positions=[])
    for record in read_corpus(path):
        if record.num_players != players:
            continue
        setup = GameSetup.from_corpus(record.to_dict())
        start = GaiaState.new(setup)
        lines = [line for line in record.move_history if not line.startswith("init ")]
        state = start.copy()
        for i, line in enumerate(lines):
            try:
                state.apply_line(line)
            except Exception:  # noqa: BLE001 - any engine failure ends this game's usable prefix
                work.skipped_lines += len(lines) - i
                lines = lines[:i]
                break
            if state.phase == "move" and len(work.positions) < MAX_POSITIONS:
                work.positions.append(state.copy())
        if lines:
            work.games.append((start, lines))
    return work


def bench_notation(work: CorpusWork, seconds: float, repeats: int) -> Figure:
    total = sum(len(lines) for _, lines in work.games)
    sample = f"{total} lines of {len(work.games)} games"
    if not total:
        return Figure((), sample, "no corpus line applies")
    games = _cycle(work.games)

    def one_game() -> int:
        start, lines = next(games)
        state = start.copy()
        for line in lines:
            state.apply_line(line)
        return len(lines)

    return measure(one_game, seconds, repeats, sample)


def bench_apply(work: CorpusWork, seconds: float, repeats: int, seed: str) -> Figure:
    from gaia_ai._core import gaia_rules

    games = [(start._core, gaia_rules.random_game_moves(start._core, _seed_int(seed, i)))
             for i, (start, _) in enumerate(work.games)]
    games = [(core, moves) for core, moves in games if moves]
    total = sum(len(moves) for _, moves in games)
    sample = f"{total} moves of {len(games)} random games from the corpus setups"
    if not total:
        return Figure((), sample, "no corpus game to start from")
    cycle = _cycle(games)

    def one_game() -> int:
        core, moves = next(cycle)
        gaia_rules.apply_benchmark(core, moves, 1)
        return len(moves)

    return measure(one_game, seconds, repeats, sample)


def bench_movegen(work: CorpusWork, seconds: float, repeats: int, cold: bool = True) -> Figure:
    """The C generator; cold empties the federation candidate cache before each call (a new position),
    warm keeps it (a position seen before, as the reference engine's own federation cache allows)."""
    from gaia_ai._core import gaia_rules

    positions = work.positions
    sample = f"{len(positions)} main-action positions of {len(work.games)} games"
    if not positions:
        return Figure((), sample, "no main-action position reached in the corpus games")
    inner = 20

    def all_positions() -> int:
        for state in positions:
            gaia_rules.movegen_benchmark(state._core, inner, cold)
        return inner * len(positions)

    return measure(all_positions, seconds, repeats, sample)


def bench_movegen_late(seconds: float, repeats: int, folder: Path = LATE_POSITIONS) -> Figure:
    """The C generator, cold, on the late-game positions of gaia_ai/games/gaia/data/late-game (many buildings: the
    federation candidates are the costly part); the note gives the median time per position."""
    from gaia_ai._core import gaia_rules
    from gaia_ai.games.gaia.structured import state_from_json

    files = sorted(folder.glob("*.json")) if folder.is_dir() else []
    if not files:
        return Figure((), "", f"no late-game positions in {folder}")
    positions = [state_from_json(json.loads(f.read_text())) for f in files]
    sample = f"{len(positions)} late positions (data/late-game)"
    inner = 20

    def all_positions() -> int:
        for state in positions:
            gaia_rules.movegen_benchmark(state._core, inner, True)
        return inner * len(positions)

    figure = measure(all_positions, seconds, repeats, sample)
    per_position = statistics.median(gaia_rules.movegen_benchmark(s._core, 200, True) for s in positions)
    return Figure(figure.rates, sample, note=f"median per position {per_position * 1e6:.1f} us, cold")


def bench_api_movegen(work: CorpusWork, seconds: float, repeats: int) -> Figure:
    positions = work.positions
    sample = f"{len(positions)} main-action positions of {len(work.games)} games"
    if not positions:
        return Figure((), sample, "no main-action position reached in the corpus games")

    def all_positions() -> int:
        for state in positions:
            state.legal_moves()
        return len(positions)

    return measure(all_positions, seconds, repeats, sample)


def bench_playouts(players: int, seed: str, seconds: float, repeats: int) -> Figure:
    from gaia_ai._core import gaia_rules
    from gaia_ai.games.gaia.engine import GaiaState
    from gaia_ai.games.gaia.setup import GameSetup

    sample = f"random games in C from one {players}-player setup, faction picks included"
    core = GaiaState.new(GameSetup.random(players, f"{seed}-{players}p"))._core
    rng = random.Random(f"{seed}-{players}p")
    played = finished = 0

    def batch() -> int:
        nonlocal played, finished
        done, _ = gaia_rules.random_playouts(core, 20, rng.getrandbits(64))
        played += 20
        finished += done
        return 20

    figure = measure(batch, seconds, repeats, sample)
    if finished < played:
        note = f"{played - finished} of {played} playouts stopped before the end of the game (no legal move)"
        figure = Figure(figure.rates, sample, note=note)
    return figure


def _seed_int(seed: str, index: int) -> int:
    return random.Random(f"{seed}-{index}").getrandbits(64)


def run_bench(
    players: Sequence[int], seconds: float, repeats: int, seed: str, corpus: Path, out: IO[str]
) -> dict[str, Any]:
    """Measure every figure for each player count, printing a table row as each is done."""
    result: dict[str, Any] = {
        "game": "gaia-project",   # every game's bench JSON: figure -> players -> median, min, max
        "players": list(players),
        "seconds": seconds,
        "repeats": repeats,
        "seed": seed,
        "movegen_per_second": {},
        "movegen_cached_per_second": {},
        "movegen_late_per_second": {},
        "api_movegen_per_second": {},
        "moves_per_second": {},
        "notation_lines_per_second": {},
        "playouts_per_second": {},
        "baseline": {
            "engine": REFERENCE_ENGINE,
            "movegen_ms": REFERENCE_MOVEGEN_MS,
            "apply_ms": REFERENCE_APPLY_MS,
        },
        "baseline_ratio": {"movegen": {}, "movegen_cached": {}, "apply": {}, "notation": {}},
    }
    print(
        f"gaia-ai bench engine: {seconds:g} s per figure over {repeats} repeats, seed {seed!r}, one core",
        file=out,
    )
    print(
        f"{'players':<8}{'figure':<24}{'median':>12}  {'spread (min-max)':<22}{'vs reference engine':<22}over",
        file=out,
    )
    for n in players:
        key = str(n)
        work = prepare_corpus(corpus, n)
        if work.skipped_lines:
            print(
                f"{n:<8}note: {work.skipped_lines} corpus lines after an engine error are left out", file=out
            )
        figures: tuple[tuple[str, str | None, Callable[[], Figure]], ...] = (
            ("movegen_per_second", "movegen", partial(bench_movegen, work, seconds, repeats)),
            ("movegen_cached_per_second", "movegen_cached", partial(bench_movegen, work, seconds, repeats, False)),
            ("api_movegen_per_second", None, partial(bench_api_movegen, work, seconds, repeats)),
            ("moves_per_second", "apply", partial(bench_apply, work, seconds, repeats, seed)),
            ("notation_lines_per_second", "notation", partial(bench_notation, work, seconds, repeats)),
            ("playouts_per_second", None, partial(bench_playouts, n, seed, seconds, repeats)),
        )
        if n == 3:
            figures = (*figures[:2], ("movegen_late_per_second", None, partial(bench_movegen_late, seconds, repeats)),
                       *figures[2:])
        for name, baseline, run in figures:
            figure = run()
            result[name][key] = figure.to_dict()
            reference_ms = REFERENCE_MS.get(baseline) if baseline else None
            ratio = None
            if reference_ms is not None and figure.median is not None:
                ratio = figure.median * reference_ms / 1000.0
                result["baseline_ratio"][baseline][key] = round(ratio, 2)
            print(_row(n, LABELS[name], figure, ratio, reference_ms), file=out)
            out.flush()
    return result


def run_bench_cli(
    players: int | None = None,
    seconds: float = 2.0,
    repeats: int = 5,
    seed: str = "bench",
    as_json: bool = False,
    corpus: str | Path | None = None,
    out: IO[str] | None = None,
) -> int:
    """``gaia-ai bench engine``: print the table (and the JSON line); 0 when every figure was measured."""
    stream = out if out is not None else sys.stdout
    path = Path(corpus) if corpus is not None else SAMPLE_CORPUS
    if not path.is_file():
        hint = "" if corpus is not None else " (it ships with the package: reinstall it); or pass --corpus PATH"
        print(f"gaia-ai bench engine: corpus file {path} not found{hint}", file=sys.stderr)
        return 2
    counts = (players,) if players is not None else PLAYER_COUNTS
    result = run_bench(counts, seconds, repeats, seed, path, stream)
    if as_json:
        print(json.dumps(result), file=stream)
    failed = any(
        entry["median"] is None
        for name in ("movegen_per_second", "moves_per_second", "playouts_per_second")
        for entry in result[name].values()
    )
    return 1 if failed else 0


def _row(players: int, label: str, figure: Figure, ratio: float | None, reference_ms: float | None) -> str:
    if figure.median is None:
        return f"{players:<8}{label:<24}{'n/a':>12}  {figure.error}"
    spread = f"{_fmt(min(figure.rates))}-{_fmt(max(figure.rates))}"
    versus = f"{ratio:.1f}x ({reference_ms} ms each)" if ratio is not None else "-"
    line = f"{players:<8}{label:<24}{_fmt(figure.median):>12}  {spread:<22}{versus:<22}{figure.sample}"
    return line if figure.note is None else f"{line}\n{'':<8}note: {figure.note}"


def _fmt(rate: float) -> str:
    return f"{rate:,.0f}" if rate >= 100 else f"{rate:.2f}"


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _cycle(items: list[Any]) -> Iterator[Any]:
    while True:
        yield from items
