"""How often Gaia search moves transpose (issue 18, item 4): ``python bench/transpositions.py [--positions P]``.

A transposition table pays when different lines of search moves reach the same position. On
2-player main-action positions of seeded random games (bench/search.py's, the same every run), every
line of 2 and 3 search moves is played out and the positions compared byte for byte (the state's
derived caches aside, as tree reuse compares them). Printed, per depth: the lines, the distinct
positions they reach, and the share of lines that reach a position another line reaches. Then the
same share at depth 3 weighted by the policy prior (a line's weight is the product of its moves'
priors, lines under 1e-4 left out): what a PUCT tree, which follows the prior, would meet.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from typing import Any

from search import positions  # bench/search.py: python puts this script's folder on the path

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia import policy


def lines(core: Any, depth: int) -> list[bytes]:
    """The positions (state bytes) at the end of every line of `depth` search moves from core."""
    frontier = [core]
    for _ in range(depth):
        nxt = []
        for c in frontier:
            for m in ([] if c.finished else gaia_rules.search_moves_int(c)):
                d = c.copy()
                gaia_rules.apply_search_move(d, m)
                nxt.append(d)
        frontier = nxt
    return [bytes(gaia_rules.state_bytes(c)) for c in frontier]


def weighted_share(core: Any, depth: int, policy_slot: int, floor: float = 1e-4) -> float:
    """The prior mass of the lines of `depth` moves that end where another line ends."""
    mass: dict[bytes, list[float]] = defaultdict(list)

    def walk(c: Any, left: int, weight: float) -> None:
        if left == 0:
            mass[bytes(gaia_rules.state_bytes(c))].append(weight)
            return
        if c.finished:
            return
        for m, p in gaia_rules.move_prior(c, "policy", policy_slot=policy_slot):
            if weight * p >= floor:
                d = c.copy()
                gaia_rules.apply_search_move(d, m)
                walk(d, left - 1, weight * p)

    walk(core, depth, 1.0)
    total = sum(sum(w) for w in mass.values())
    shared = sum(sum(w) for w in mass.values() if len(w) > 1)
    return shared / total if total else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    args = parser.parse_args()
    states = positions(2, args.positions)
    for depth in (2, 3):
        counts = []
        for state in states:
            keys = lines(state._core, depth)
            counts.append((len(keys), len(set(keys))))
        total, distinct = sum(n for n, _ in counts), sum(d for _, d in counts)
        per_position = [1 - d / n for n, d in counts if n]
        print(f"depth {depth}: {total} lines reach {distinct} positions: {100 * (1 - distinct / total):.1f}% "
              f"of lines transpose (per position: median {100 * statistics.median(per_position):.1f}%, "
              f"max {100 * max(per_position):.1f}%)")
    shares = [weighted_share(state._core, 3, policy.slot()) for state in states]
    print(f"depth 3, weighted by the policy prior: {100 * statistics.mean(shares):.1f}% of the mass transposes "
          f"(per position: median {100 * statistics.median(shares):.1f}%, max {100 * max(shares):.1f}%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
