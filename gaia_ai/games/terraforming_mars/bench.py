"""Speed of the Terraforming Mars rules core: ``gaia-ai bench engine --game terraforming-mars [--players N]
[--seconds S] [--repeats R] [--seed S] [--json]``, also ``python bench/tm_engine.py [--colonies]`` (in the
package so the installed command works anywhere).

Figures per player count (default 2 and 4), on one core, as the median over repeats (min-max spread):

* **random playouts/s**: complete games of uniformly random legal moves, from setup to the final
  scoring, all in C (new deals of different seeds);
* **moves applied/s**: the moves of those playouts (legal-move generation + apply in C);
* **legal-move generations/s**: at action-phase decisions met in random games;
* **legal_moves() calls/s** and **apply() calls/s** through the Python API (TmMove values with their
  notation; all-or-nothing apply), on positions of random games.

With ``--colonies`` the same figures follow for Colonies games (all 257 cards, 5 colony tiles per deal at
2 players, trades and colonies in the playouts) beside the base ones.

The corpus engine needs about 0.45 ms per decision (146 ms per game; 0.49 ms with Colonies); issue 11's target is >= 1,000 random
2-player games per second on one core.
"""

from __future__ import annotations

import argparse
import json
import random

from gaia_ai.games.benchutil import api_rates, json_figures, rates, spread
from gaia_ai.games.terraforming_mars.state import TmState

REFERENCE_MS_PER_DECISION = 0.45
REFERENCE_MS_PER_DECISION_COLONIES = 0.49


def positions(players: int, seed: int, count: int, colonies: bool = False) -> list[TmState]:
    """Positions met in random games, action-phase decisions (where generation does the most work)
    first-class: every fifth position of another step is kept too."""
    rng = random.Random(seed)
    out: list[TmState] = []
    while len(out) < count:
        s = TmState.new(players, rng.getrandbits(32), colonies=colonies)
        while not s.is_terminal and len(out) < count:
            if (s.core.step == "action" or rng.random() < 0.2) and rng.random() < 0.05:
                out.append(s.copy())
            s.apply(rng.choice(s.legal_codes()))
    return out


def measure(players: int, seconds: float, repeats: int, seed: int,
            colonies: bool = False) -> dict[str, dict[str, float]]:
    counter = iter(range(10**12))
    moves_per_game: list[float] = []

    def playouts() -> int:
        k = next(counter)
        n = TmState.new(players, seed * 7919 + k, colonies=colonies).core.random_playout(seed + k)
        moves_per_game.append(n)
        return 1

    def moves() -> int:
        k = next(counter)
        return TmState.new(players, seed * 7919 + k, colonies=colonies).core.random_playout(seed + k)

    states = positions(players, seed, 200, colonies)
    actions = [s for s in states if s.core.step == "action"] or states
    rng = random.Random(seed)
    chosen = [(s, rng.choice(s.legal_moves())) for s in states]

    def generations() -> int:
        for s in actions:
            s.core.count_legal(20)
        return 20 * len(actions)

    figures = {
        "random playouts/s": rates(playouts, seconds, repeats),
        "moves applied/s (C)": rates(moves, seconds, repeats),
        "legal-move generations/s": rates(generations, seconds, repeats),
        **api_rates(chosen, seconds, repeats),
    }
    result = {name: spread(r) for name, r in figures.items()}
    result["moves per game"] = spread(moves_per_game)
    per_decision_ms = 1000 / result["moves applied/s (C)"]["median"]
    reference = REFERENCE_MS_PER_DECISION_COLONIES if colonies else REFERENCE_MS_PER_DECISION
    result["ratio to the corpus engine per decision"] = {
        "median": reference / per_decision_ms, "min": 0.0, "max": 0.0}
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4], choices=[2, 3, 4, 5])
    ap.add_argument("--seconds", type=float, default=1.0, help="length of one repeat (default 1)")
    ap.add_argument("--repeats", type=int, default=5, help="repeats per figure (default 5)")
    ap.add_argument("--seed", default="1", help="seed of the deals and playouts (any string)")
    ap.add_argument("--colonies", action="store_true", help="also measure Colonies games")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    from gaia_ai.games.terraforming_mars.game import seed_int

    seed = seed_int(int(args.seed) if args.seed.isdigit() else args.seed) % 2**32
    # keys "2", "4" (base; as before) and "2 colonies", ...
    results = {f"{n}{' colonies' if colonies else ''}": measure(n, args.seconds, args.repeats, seed, colonies)
               for colonies in ((False, True) if args.colonies else (False,)) for n in args.players}
    if args.json:   # one line, in every game's layout (benchutil.json_figures)
        print(json.dumps(json_figures("terraforming-mars", results, args,
                                      {"ratio to the corpus engine per decision": "apply"})))
        return 0
    for n, figures in results.items():
        label = n.replace(" colonies", " players, Colonies") if " " in n else f"{n} players"
        print(f"{label} (median of {args.repeats} x {args.seconds:g} s, min-max)")
        for name, f in figures.items():
            if name.startswith("ratio"):
                print(f"  {name:40s} {f['median']:>10,.0f}x")
            else:
                print(f"  {name:40s} {f['median']:>12,.0f}   ({f['min']:,.0f}-{f['max']:,.0f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
