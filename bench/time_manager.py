"""What the time manager does with a time budget: ``python bench/time_manager.py [--time-ms T]
[--max-time-ms M] [--positions P] [--spec SPEC]``.

On 2-player main-action positions of seeded random games (bench/search.py's, the same every run), each
position is searched twice, one after the other so that load hits both alike: with a fixed budget of T
ms, and with the time manager (T, ceiling M). Printed: how the managed searches ended (early, on time,
extended, at the ceiling), the median time of each kind against T, the mean time of all against T, and
how often the two searches answered the same move (two time-budget searches differ anyway: the fixed
one is run twice to show that floor). Wall-clock figures: compare them, never gate on them.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from dataclasses import replace

from search import positions  # bench/search.py: python puts this script's folder on the path

from gaia_ai.bots.base import make_bot
from gaia_ai.games.gaia import value
from gaia_ai.games.gaia.search import search_gaia

FAST = "mcts:eval=v1,rollout_depth=0,selection=puct,prior=value,c_puct=0.75,fpu=0.2"
KINDS = {"early": "stopped early", "": "on time", "extended": "extended", "ceiling": "at the ceiling"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-ms", type=int, default=200)
    parser.add_argument("--max-time-ms", type=int, default=400)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--spec", default=FAST, help=f"the search, a bot spec (default the fast spec {FAST})")
    args = parser.parse_args()
    value.load()
    base = replace(make_bot(args.spec).config, simulations=None, time_ms=args.time_ms, reuse_tree=False)
    managed = replace(base, max_time_ms=args.max_time_ms)
    times: dict[str, list[float]] = defaultdict(list)
    fixed_ms, same, floor = [], 0, 0
    states = positions(2, args.positions)
    for state in states:
        fixed = search_gaia(state, base, top_k=1)
        again = search_gaia(state, base, top_k=1)
        result = search_gaia(state, managed, top_k=1)
        fixed_ms.append(1000 * fixed.stats.elapsed)
        times[result.stats.time_manager].append(1000 * result.stats.elapsed)
        same += result.candidates[0].move == fixed.candidates[0].move
        floor += again.candidates[0].move == fixed.candidates[0].move
    n = len(states)
    print(f"{n} positions, {args.spec}: fixed {args.time_ms} ms against the manager ({args.time_ms}, "
          f"ceiling {args.max_time_ms})")
    print(f"{'managed searches':18s} {'count':>6s} {'median ms':>10s}")
    for kind, label in KINDS.items():
        ms = times.get(kind, [])
        print(f"{label:18s} {len(ms):6d} {statistics.median(ms) if ms else float('nan'):10.0f}")
    every = [t for ms in times.values() for t in ms]
    print(f"mean time a search: managed {statistics.mean(every):.0f} ms, fixed {statistics.mean(fixed_ms):.0f} ms "
          f"({statistics.mean(every) / statistics.mean(fixed_ms):.2f}x)")
    print(f"same move as the fixed search: managed {same}/{n}; a second fixed search {floor}/{n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
