"""Information-set MCTS on the toy card game (src_cython/testing/toy_cards.pyx):
``python bench/ismcts.py [--deals N] [--simulations N ...] [--repeats R] [--json]``.

Strength: the search plays 2-player games against the random and the greedy player, every deal twice
with the search in either seat (the luck of the deal shared out); printed per budget and opponent: the
win rate (ties count half) with its Wilson 95% interval and the mean score margin. Speed: simulations
per second of one search from the opening position of several deals, 1 thread and 2 threads (root and
tree parallel), medians with min-max spread over the repeats. Wall-clock figures: compare them, never
gate on them.
"""

from __future__ import annotations

import argparse
import json
import statistics
from typing import Any

from gaia_ai._core import mcts, toy_cards
from gaia_ai.search import SearchConfig
from gaia_ai.tournament.ratings import wilson_interval

MARGIN_SCALE = 20.0   # points: a trick with an ace and a ten is 21 of the deck's 120


def search(state: Any, **config: Any) -> dict[str, Any]:
    iface, owner = toy_cards.game_interface(state)
    result = mcts.search(iface, toy_cards.state_pointer(state),
                         SearchConfig(margin_scale=MARGIN_SCALE, **config).to_dict())
    del owner
    return result


def play(opponent: str, deal_seed: int, seat: int, simulations: int) -> tuple[float, int]:
    """One game of the search (at seat) against opponent: (1 / 0.5 / 0, score margin)."""
    state = toy_cards.deal(2, 5, seed=deal_seed)
    turn = 0
    while not state.is_terminal:
        if state.current_player == seat:
            move = search(state, simulations=simulations, seed=deal_seed * 1000 + turn)["candidates"][0]["move"]
        elif opponent == "greedy":
            move = state.greedy_move()
        else:
            move = state.random_move(deal_seed * 7919 + turn)
        state.apply(move)
        turn += 1
    margin = state.returns()[seat] - state.returns()[1 - seat]
    return (1.0 if margin > 0 else 0.5 if margin == 0 else 0.0), margin


def strength(opponent: str, deals: int, simulations: int) -> dict[str, Any]:
    games = [play(opponent, d + 1, seat, simulations) for d in range(deals) for seat in (0, 1)]
    wins = sum(g[0] for g in games)
    low, high = wilson_interval(wins, len(games))
    return {"opponent": opponent, "simulations": simulations, "games": len(games), "win_rate": wins / len(games),
            "interval": [low, high], "mean_margin": statistics.fmean(g[1] for g in games)}


def speed(simulations: int, repeats: int) -> list[dict[str, Any]]:
    rows = []
    for label, threads, parallelism in (("1 thread", 1, "root"), ("2 threads root", 2, "root"),
                                        ("2 threads tree", 2, "tree")):
        rates = [search(toy_cards.deal(2, 5, seed=100 + r), simulations=simulations, seed=r, threads=threads,
                        parallelism=parallelism)["stats"]["simulations_per_second"] for r in range(repeats)]
        rows.append({"mode": label, "median": statistics.median(rates), "min": min(rates), "max": max(rates)})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50, help="deals per opponent (2 games each)")
    parser.add_argument("--simulations", type=int, nargs="+", default=[300, 1000])
    parser.add_argument("--speed-simulations", type=int, default=20000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out = {"strength": [strength(o, args.deals, s) for s in args.simulations for o in ("random", "greedy")],
           "speed": speed(args.speed_simulations, args.repeats)}
    if args.json:
        print(json.dumps(out, indent=1))
        return
    for row in out["strength"]:
        low, high = row["interval"]
        print(f"ismcts sims={row['simulations']:>5} vs {row['opponent']:<6}: {row['games']} games, "
              f"win rate {row['win_rate']:.3f} (95% {low:.3f}-{high:.3f}), mean margin {row['mean_margin']:+.1f}")
    for row in out["speed"]:
        print(f"speed {row['mode']:<15}: {row['median']:>10,.0f} simulations/s (min {row['min']:,.0f}, "
              f"max {row['max']:,.0f})")


if __name__ == "__main__":
    main()
