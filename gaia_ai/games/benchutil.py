"""What the rules cores' speed benchmarks share (gaia_ai/games/<game>/bench.py, reached by ``gaia-ai bench
engine --game NAME``): a unit rate measured over repeats, its median and spread, the Python-API figures
(legal_moves() and apply() calls/s) and the command line the CLI hook hands to a game's bench."""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any


def rates(fn: Callable[[], int], seconds: float, repeats: int) -> list[float]:
    """Units per second of fn() (which returns how many units it did) over repeats of ~seconds each."""
    out = []
    for _ in range(repeats):
        done, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            done += fn()
        out.append(done / elapsed)
    return out


def spread(values: Sequence[float]) -> dict[str, float]:
    """A figure as printed and written: the median with the min-max spread."""
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def api_rates(chosen: Sequence[tuple[Any, Any]], seconds: float, repeats: int) -> dict[str, list[float]]:
    """legal_moves() and apply() (+ undo()) calls per second through a game's Python API, over
    (state, one of its legal moves) pairs of positions met in random games."""

    def api_legal() -> int:
        for state, _ in chosen:
            state.legal_moves()
        return len(chosen)

    def api_apply() -> int:
        for state, move in chosen:
            state.apply(move)
            state.undo()
        return len(chosen)

    return {"legal_moves() calls/s": rates(api_legal, seconds, repeats),
            "apply() calls/s": rates(api_apply, seconds, repeats)}


def bench_argv(args: argparse.Namespace) -> list[str]:
    """The arguments of a game's bench main() for ``gaia-ai bench engine`` options: the CLI's --seconds
    is the time of a whole figure, shared by its repeats."""
    argv = ["--seconds", str(args.seconds / args.repeats), "--repeats", str(args.repeats), "--seed", str(args.seed)]
    if args.players:
        players = [args.players] if isinstance(args.players, int) else args.players
        argv += ["--players", *[str(p) for p in players]]
    if args.as_json:
        argv.append("--json")
    return argv


# the JSON keys of the figures every game's bench measures (Gaia's names): `gaia-ai bench engine --json`
# writes {figure key: {players key: {"median", "min", "max"}}} for every game
JSON_KEYS = {
    "random playouts/s": "playouts_per_second",
    "moves applied/s (C)": "moves_per_second",
    "moves/s (C)": "moves_per_second",
    "legal-move generations/s": "movegen_per_second",
    "legal_moves() calls/s": "api_movegen_per_second",
    "apply() calls/s": "api_apply_per_second",
    "moves per game": "moves_per_game",
}


def json_figures(game: str, results: dict[Any, dict[str, dict[str, float]]], run: argparse.Namespace,
                 ratios: dict[str, str] | None = None) -> dict[str, Any]:
    """The one JSON layout of every game's bench from {players key: {printed name: figure}}: the game's
    name and the run's settings (players, seconds a repeat, repeats, seed: from `run`, the bench's
    arguments), then each figure by its JSON_KEYS key, by players key; a figure named in `ratios`
    (printed name -> baseline name) goes under "baseline_ratio" instead, as its median."""
    out: dict[str, Any] = {"game": game, "players": list(run.players), "seconds": run.seconds,
                           "repeats": run.repeats, "seed": run.seed}
    for players, figures in results.items():
        for name, figure in figures.items():
            if ratios and name in ratios:
                out.setdefault("baseline_ratio", {}).setdefault(ratios[name], {})[str(players)] = \
                    round(figure["median"], 2)
            else:
                out.setdefault(JSON_KEYS.get(name, name), {})[str(players)] = figure
    return out
