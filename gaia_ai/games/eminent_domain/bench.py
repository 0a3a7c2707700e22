"""Speed of the Eminent Domain rules core: ``python bench/ed_engine.py [--players 2 3 4] [--seconds S]
[--repeats R] [--seed S] [--json]``, also ``gaia-ai bench engine --game eminent-domain`` (in the package so
the installed command works anywhere; bench/ed_engine.py is the script beside the other benchmarks).

Figures per player count, on one core, as the median over repeats (with the min-max spread):

* **random playouts/s**: complete games of uniformly random moves (every decision, sub-choices
  included) played in C from fresh setups of different seeds (the C state copied, its chance stream
  reseeded), the way the search's rollouts run;
* **moves/s**: the moves of those playouts (legal-move generation + apply in C);
* **legal_moves() calls/s** and **apply() calls/s** through the Python API (EdState: EdMove objects,
  all-or-nothing apply with its legality check), on the positions of random games.

Target (issue 14): >= 5,000 random 2-player playouts/s on one core.
"""

from __future__ import annotations

import argparse
import json
import random

from gaia_ai._core import ed_rules
from gaia_ai.games.benchutil import api_rates, json_figures, rates, spread
from gaia_ai.games.eminent_domain.game import seed_int
from gaia_ai.games.eminent_domain.state import RULE_SETS, EdOptions, EdState

SETUPS = 16   # different deals per measurement


def measure(players: int, seconds: float, repeats: int, seed: int,
            options: EdOptions | None = None) -> dict[str, dict[str, float]]:
    cores = [EdState.new(players, seed + i, options)._core for i in range(SETUPS)]
    counter = iter(range(10**12))
    moves_per_game: list[int] = []

    def playouts() -> int:
        k = next(counter)
        ed_rules.playouts(cores[k % SETUPS], 20, seed * 7919 + k)
        return 20

    def moves() -> int:
        k = next(counter)
        n = ed_rules.playouts(cores[k % SETUPS], 20, seed * 7919 + k)
        moves_per_game.append(n / 20)
        return n

    rng = random.Random(seed)
    positions: list[EdState] = []
    state = EdState.new(players, seed, options)
    while len(positions) < 500:
        if state.is_terminal:
            state = EdState.new(players, rng.randrange(2**32), options)
        positions.append(state.copy())
        state.apply(rng.choice(state.legal_moves()))
    chosen = [(p, rng.choice(p.legal_moves())) for p in positions]

    figures = {
        "random playouts/s": rates(playouts, seconds, repeats),
        "moves/s (C)": rates(moves, seconds, repeats),
        **api_rates(chosen, seconds, repeats),
    }
    result = {name: spread(r) for name, r in figures.items()}
    result["moves per game"] = spread(moves_per_game)
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], choices=[2, 3, 4])
    ap.add_argument("--seconds", type=float, default=1.0, help="length of one repeat (default 1)")
    ap.add_argument("--repeats", type=int, default=5, help="repeats per figure (default 5)")
    ap.add_argument("--seed", default="1", help="seed of the setups and playouts (any string)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--rules", default="bga", choices=RULE_SETS,
                    help="the rule set (default bga, as Board Game Arena plays; rulebook: the rulebook reading)")
    args = ap.parse_args(argv)
    seed = seed_int(int(args.seed) if args.seed.isdigit() else args.seed) % 2**32
    results = {n: measure(n, args.seconds, args.repeats, seed, EdOptions(rules=args.rules)) for n in args.players}
    if args.json:   # one line, in every game's layout (benchutil.json_figures)
        print(json.dumps(json_figures("eminent-domain", results, args)))
        return 0
    for n, figures in results.items():
        print(f"{n} players (median of {args.repeats} x {args.seconds:g} s, min-max)")
        for name, f in figures.items():
            print(f"  {name:24s} {f['median']:>12,.0f}   ({f['min']:,.0f}-{f['max']:,.0f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
