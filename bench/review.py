"""Review speed: ``python bench/review.py [--simulations N] [--jobs 1,2] [--game NAME] [--corpus FILE --game-id ID] [--json]``.

Reviews a slice of a shipped game of each game (Gaia Project: tests/data/exports/bot-001.json;
Terraforming Mars: game b000 of tests/data/tm/games-sample.jsonl.gz; Eminent Domain:
tests/data/ed/match-3-1.jsonl) with `gaia-ai review`'s settings (the game's hint search, root
parallelism, the budget given: default 1000, the review's default), at each job count, and prints per
game and job count: decisions reviewed, wall seconds, decisions per second, CPU seconds per decision
(this process and its workers: what the review costs whatever else the machine runs), and the
projected wall time of a whole 200-decision game (200 / decisions per second, plus the workers' start
measured here). The reviews of every job count must agree (the same review for any count). With
--corpus and --game-id, a whole game of that corpus file instead (Gaia Project; e.g. bot-252 of
../shared/corpus/gaia/games.jsonl.gz, 4 players, 193 decisions: the figure of docs/search.md).
Wall-clock figures: compare them, never gate on them (the machine may be shared).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from pathlib import Path
from typing import Any

from gaia_ai.games.registry import load_game
from gaia_ai.review.model import review_config

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
# game -> (file, game id, log lines reviewed)
GAMES: dict[str, tuple[Path, str | None, tuple[int, int] | None]] = {
    "gaia-project": (DATA / "exports" / "bot-001.json", None, (20, 44)),
    "terraforming-mars": (DATA / "tm" / "games-sample.jsonl.gz", "b000", (40, 90)),
    "eminent-domain": (DATA / "ed" / "match-3-1.jsonl", None, (0, 120)),
}
WHOLE_GAME = 200   # decisions of the game the projection is for


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def measure(name: str, simulations: int, jobs: int) -> dict[str, Any]:
    """One review of the game's slice (lines None: the whole game) at `jobs`: its figures and the review."""
    rules = load_game(name)
    path, game_id, lines = GAMES[name]
    played = rules.load_played_game(str(path), game_id)
    config = review_config(simulations, 1, 0, search=rules.hint_search())
    cpu, start = _cpu(), time.perf_counter()
    review = rules.review_game(played, None, config, lines, jobs=jobs)
    wall, cpu = time.perf_counter() - start, _cpu() - cpu
    n = len(review.decisions)
    rate = n / wall if wall > 0 else 0.0
    return {"game": name, "jobs": jobs, "simulations": simulations, "decisions": n,
            "wall_s": round(wall, 2), "decisions_per_s": round(rate, 3),
            "cpu_s_per_decision": round(cpu / n, 3) if n else None,
            "whole_game_s": round(WHOLE_GAME / rate, 1) if rate else None,
            "review": [d.to_dict() for d in review.decisions]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--simulations", type=int, default=1000, help="search budget (default 1000)")
    ap.add_argument("--jobs", default="1,2", help="job counts, comma separated (default 1,2)")
    ap.add_argument("--game", action="append", choices=tuple(GAMES), help="only this game (repeatable)")
    ap.add_argument("--corpus", type=Path, help="a Gaia corpus file: review the whole game --game-id of it")
    ap.add_argument("--game-id", help="with --corpus: the game (e.g. bot-252)")
    ap.add_argument("--json", action="store_true", help="end with one JSON line of the figures")
    args = ap.parse_args(argv)
    if (args.corpus is None) != (args.game_id is None):
        ap.error("--corpus and --game-id go together")
    if args.corpus is not None:
        GAMES["gaia-project"] = (args.corpus, args.game_id, None)
        args.game = ["gaia-project"]
    jobs = [int(j) for j in args.jobs.split(",")]
    rows = []
    print(f"{'game':<19}{'jobs':>5}{'decisions':>10}{'wall s':>9}{'dec/s':>8}{'CPU s/dec':>10}"
          f"{f'{WHOLE_GAME}-dec game':>16}")
    for name in args.game or GAMES:
        reviews = []
        for j in jobs:
            row = measure(name, args.simulations, j)
            reviews.append(row.pop("review"))
            rows.append(row)
            print(f"{name:<19}{j:>5}{row['decisions']:>10}{row['wall_s']:>9.1f}{row['decisions_per_s']:>8.2f}"
                  f"{row['cpu_s_per_decision']:>10.2f}{row['whole_game_s']:>14.0f} s", flush=True)
        if any(r != reviews[0] for r in reviews):
            print(f"{name}: the reviews differ between job counts", file=sys.stderr)
            return 1
    if args.json:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
