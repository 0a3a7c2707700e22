"""How well the move priors predict the search's visits: ``python bench/policy_fit.py [--games N] [--seed S]
[--teacher SPEC] [--workers W]``.

Plays N held-out 2-player self-play games of the teacher search (gaia_ai.games.gaia.policy.self_play: the
shipped policy was trained on seed 0, so use another) and prints, for the value prior and the shipped
policy (as shipped, and before its flattening), over every searched decision: the cross-entropy of the
root's visit shares under the prior, its excess over their own entropy (KL, 0 for a perfect prior), how
often the prior's likeliest move is the most visited one (top-1), and the prior's mean entropy.
"""

from __future__ import annotations

import argparse

import numpy as np

from gaia_ai.games.gaia import policy, value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--teacher", default=policy.TEACHER)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    decisions = [d for game in policy.play_games(args.games, args.seed, args.teacher, args.workers) for d in game]
    start = value.check_model(value.load("v1"), "value-v1")
    model = policy.load()
    flatten = model["trained"]["flatten"]
    rows = {
        "value prior (v1, 4 VP)": (start, np.zeros((6, policy.CLASSES)), policy.VALUE_PRIOR_TEMPERATURE),
        f"policy {model['version']}": (model["weights"], model["bias"], model["temperature"]),
        f"policy {model['version']} before flattening": (model["weights"], np.array(model["bias"]) * flatten,
                                                         model["temperature"] / flatten),
    }
    print(f"{len(decisions)} searched decisions of {args.games} games (seed {args.seed}), teacher {args.teacher}")
    print(f"{'prior':40s} {'cross-entropy':>13s} {'KL':>7s} {'top-1':>7s} {'entropy':>8s}")
    for name, (weights, bias, temperature) in rows.items():
        s = policy.scores(decisions, weights, bias, temperature)
        h = policy.mean_entropy(decisions, weights, bias, temperature)
        print(f"{name:40s} {s['cross_entropy']:13.3f} {s['kl']:7.3f} {s['top1']:7.1%} {h:8.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
