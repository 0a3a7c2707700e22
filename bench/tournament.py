"""Tournament throughput: ``python bench/tournament.py [--bots SPEC ...] [--workers N ...] [--repeats R]``.

For each bot spec, a 2-player tournament of the bot against a copy of itself (so the game's cost is
that bot's) is run on the local backend with each worker count, into a fresh database each repeat;
printed: games per minute of the whole run (process start-up and database writes included), as the
median over the repeats with the min-max spread, and the speedup of the most workers over one.
Wall-clock figures on a shared machine: compare them, never gate on them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from pathlib import Path
from typing import Any

from gaia_ai.tournament.config import load_config
from gaia_ai.tournament.runner import run_tournament

DEFAULT_GAMES = {"random": 60, "greedy": 60}


def games_per_minute(spec: str, games: int, workers: int, seed: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        config, options = load_config(None, {
            "bots": [{"name": "a", "spec": spec}, {"name": "b", "spec": spec}], "games": games, "seed": seed,
            "db": str(Path(folder) / "bench.sqlite"), "workers": workers})
        summary = run_tournament(config, options, progress=False)
    return 60 * summary.played / summary.seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", nargs="+", default=["random", "greedy", "mcts:sims=100"], metavar="SPEC")
    parser.add_argument("--workers", nargs="+", type=int, default=[1, 2], metavar="N")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games", type=int, default=None,
                        help="games per run (default: 60 for random and greedy, 4 for other bots)")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of the medians")
    args = parser.parse_args(argv)
    results: dict[str, Any] = {}
    print(f"{'bot (vs itself)':<20}{'workers':>8}  games/min median (min-max)")
    for spec in args.bots:
        games = args.games or DEFAULT_GAMES.get(spec, 4)
        results[spec] = {}
        for workers in args.workers:
            rates = [games_per_minute(spec, games, workers, seed) for seed in range(args.repeats)]
            median = statistics.median(rates)
            results[spec][workers] = median
            print(f"{spec:<20}{workers:>8}  {median:>9.1f} ({min(rates):.1f}-{max(rates):.1f}), {games} games a run")
        low, high = min(args.workers), max(args.workers)
        if low != high:
            print(f"{'':<20}speedup {high} vs {low} workers: {results[spec][high] / results[spec][low]:.2f}x")
    if args.json:
        print(json.dumps({"games_per_minute": results}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
