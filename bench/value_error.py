"""Where the value of a position is wrong: ``python bench/value_error.py [--games N] [--rollouts R]
[--player SPEC]``.

2-player self-play games (gaia_ai.games.gaia.value.self_play: seeded setups, factions in turn, played by
the rollout policy or a bot) and, at every action-phase decision, the position valued four ways against
each player's real final VP:
  evaluate  the leaf heuristic of the search (interface.pxi gi_evaluate: VP now, resources at fixed
            worths, income for the rounds left, structures, research at 3+);
  rollouts  the mean final VP of R rollout-policy games from the position (what MCTS backs up);
  linear    a ridge fit per round over the learned value's features (gaia_rules.VALUE_FEATURES), on
            the even games, scored on the odd ones (held out);
  shipped   the package's learned value (data/value-v1.json, trained on other games' seeds);
  network   the package's value network (data/value-n1.json, evaluated in C; trained on seed 0's games).
Printed per round: mean absolute error of the final-VP estimate, its bias, and how often the estimate's
leader is the real winner; then each estimate's RMSE over the held-out positions; then the fitted worth
of each feature per round. Issue 18 item 1; findings in
docs/value-analysis.md. Deterministic for a given --seed.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from typing import Any

import numpy as np

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia import value, value_net


def play(game: int, seed: int, rollouts: int, player: str) -> list[dict[str, Any]]:
    """One game's positions: the heuristic's and the rollouts' estimates, with the value's samples."""
    extra: list[tuple[list[float], list[float], list[float]]] = []
    net = value_net.slot()

    def on_position(core: Any, raw: dict[str, Any]) -> None:
        outs = gaia_rules.policy_playouts(core, rollouts, seed * 7919 + game * 131 + len(extra))
        extra.append((gaia_rules.evaluate(core), [float(np.mean([o[p] for o in outs])) for p in range(2)],
                      gaia_rules.evaluate_net(core, net)))

    samples = value.self_play(game, seed, player, on_position)
    rows = []
    for i, (heuristic, rolled, network) in enumerate(extra):
        pair = samples[2 * i: 2 * i + 2]
        rows.append({"game": game, "round": pair[0].round, "samples": pair, "final": [s.final for s in pair],
                     "evaluate": heuristic, "rollouts": rolled, "network": network})
    return rows


def _winner_share(rows: list[dict[str, Any]], estimate: Any) -> float:
    """Share of positions (of games with a winner) where the estimate's leader is the real winner."""
    hits = total = 0
    for r in rows:
        f = r["final"]
        if f[0] == f[1]:
            continue
        e = estimate(r)
        total += 1
        hits += (e[0] > e[1]) == (f[0] > f[1])
    return hits / total if total else float("nan")


def _cells(rows: list[dict[str, Any]], estimate: Any) -> tuple[float, float, float]:
    err = [estimate(r)[p] - r["final"][p] for r in rows for p in range(2)]
    return float(np.mean(np.abs(err))), float(np.mean(err)), _winner_share(rows, estimate)


def report(rows: list[dict[str, Any]]) -> None:
    shipped = value.check_model(value.load(), "value-v1.json")
    by_round: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_round[r["round"]].append(r)
    train = [s for r in rows if r["game"] % 2 == 0 for s in r["samples"]]
    fitted = value.fit(train)
    names = ("evaluate", "rollouts", "linear", "shipped", "network")
    estimates = {
        "evaluate": lambda r: r["evaluate"],
        "rollouts": lambda r: r["rollouts"],
        "linear": lambda r: [value.predict(fitted, s) for s in r["samples"]],
        "shipped": lambda r: [value.predict(shipped, s) for s in r["samples"]],
        "network": lambda r: r["network"],
    }
    print(f"{'round':>5} {'positions':>9} | " + " | ".join(f"{n + ' MAE':>13} {'bias':>6} {'winner':>6}" for n in names))
    for rnd in sorted(by_round):
        test = [r for r in by_round[rnd] if r["game"] % 2 == 1]
        cells = [_cells(test, estimates[n]) for n in names]
        print(f"{rnd:>5} {len(by_round[rnd]):>9} | " + " | ".join(
            f"{mae:>13.1f} {bias:>+6.1f} {win:>5.0%} " for mae, bias, win in cells))
    held = [r for r in rows if r["game"] % 2 == 1]
    print("\nRMSE of the final-VP estimate over the held-out positions (odd games), each player: " + ", ".join(
        f"{n} {np.sqrt(np.mean([(estimates[n](r)[p] - r['final'][p]) ** 2 for r in held for p in range(2)])):.2f}"
        for n in names))
    print("\nfitted worth of each feature per round (VP gained by the end per unit), even games:")
    print(f"{'feature':>28} " + " ".join(f"{'r' + str(r):>6}" for r in range(1, 7)))
    for i, name in enumerate(gaia_rules.VALUE_FEATURES):
        print(f"{name:>28} " + " ".join(f"{fitted[r][i]:>6.2f}" for r in range(6)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="self-play games (default 200)")
    parser.add_argument("--rollouts", type=int, default=8, help="rollouts per position (default 8)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games (default 1: the shipped "
                        "value was trained on seed 0)")
    parser.add_argument("--player", default="greedy",
                        help='who plays both seats: a bot spec (default greedy) or "policy" (the rollout '
                             "policy: the rollouts are then on-policy and look better than they are)")
    args = parser.parse_args()
    start = time.perf_counter()
    rows: list[dict[str, Any]] = []
    for game in range(args.games):
        rows += play(game, args.seed, args.rollouts, args.player)
    print(f"{args.games} games of {args.player}, {len(rows)} action-phase positions, "
          f"{args.rollouts} rollouts each, {time.perf_counter() - start:.0f} s\n")
    report(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
