"""A value network that corrects a game's heuristic (Terraforming Mars, Eminent Domain): its targets, the
figures that say how well an estimate foresees the final scores, and the fit over self-play games. The
game supplies the games: for each, its positions' inputs (one row per position and seat, from that
seat's view), the heuristic's estimates and the final scores that followed (positions x seats), and how
many of its positions are the game's own ("game_positions"; any after them are detours: positions off the
game's line, with their own final scores)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from gaia_ai.learn import mlp

TARGETS = ("final", "margin")


def targets(heuristic: np.ndarray, final: np.ndarray, target: str) -> np.ndarray:
    """The network's targets at positions (rows: positions, columns: seats; final: the final scores that
    followed each position, the same shape): the heuristic's error on each seat's final score, or with
    "margin" that less the table's mean error (the estimates' differences, what a search compares)."""
    error = final - heuristic
    if target == "margin":
        error = error - error.mean(1, keepdims=True)
    return error


def figures(estimate: np.ndarray, final: np.ndarray) -> dict[str, float]:
    """How well estimates (positions x seats) foresee the final scores (positions x seats): RMSE of each
    seat's final score, RMSE of its margin over the others' mean, the share of positions whose leader by
    the estimate has the most at the end (ties split), the mean error (bias)."""
    n = estimate.shape[1]

    def margin(a: np.ndarray) -> np.ndarray:
        return a - (a.sum(1, keepdims=True) - a) / (n - 1)

    best = final.max(1, keepdims=True)
    winners = (final == best) / (final == best).sum(1, keepdims=True)
    leader = estimate.argmax(1)
    return {"rmse": round(mlp.rmse(estimate, final), 3), "margin_rmse": round(mlp.rmse(margin(estimate), margin(final)), 3),
            "leader_wins": round(float(winners[np.arange(len(leader)), leader].mean()), 4),
            "bias": round(float((estimate - final).mean()), 3)}


def fit(played: Sequence[dict[str, np.ndarray]], held: Sequence[bool], seed: int, hidden: tuple[int, int],
        epochs: int, target: str, progress: Callable[[int], None] | None = None
        ) -> tuple[dict[str, Any], dict[str, dict[str, float]], tuple[int, int]]:
    """The network's parameters fitted (mlp.fit) on the games not `held` out, the held-out figures of the
    heuristic and of the network (figures(); with detours, theirs apart), and the held-out positions and
    detours."""
    x = np.vstack([p["inputs"] for p, h in zip(played, held, strict=True) if not h])
    y = np.concatenate([targets(p["heuristic"], p["final"], target).ravel()
                        for p, h in zip(played, held, strict=True) if not h])
    params = mlp.fit(x, y, seed, hidden, epochs, progress=progress)
    test = [p for p, h in zip(played, held, strict=True) if h]
    heuristic = np.vstack([p["heuristic"] for p in test])
    final = np.vstack([p["final"] for p in test])
    network = heuristic + mlp.forward(params, np.vstack([p["inputs"] for p in test])).reshape(heuristic.shape)
    main = np.concatenate([np.arange(len(p["heuristic"])) < p["game_positions"] for p in test])
    held_out = {"heuristic": figures(heuristic[main], final[main]), "network": figures(network[main], final[main])}
    if not main.all():
        held_out["detours: heuristic"] = figures(heuristic[~main], final[~main])
        held_out["detours: network"] = figures(network[~main], final[~main])
    return params, held_out, (int(main.sum()), int((~main).sum()))


def one_table(command: str, player: str | Sequence[str], options: dict[str, Any],
              allowed: set[str]) -> tuple[str, int, dict[str, Any]]:
    """A heuristic-correcting network's self-play from `gaia-ai train --net`'s arguments: the one
    --player that plays every seat, the one player count (default 2) and the other options, which must
    be among `allowed`; ValueError naming `command` (e.g. "train --net --game eminent-domain") else."""
    specs = [player] if isinstance(player, str) else list(player)
    if len(specs) != 1:
        raise ValueError(f"{command}: one --player plays every seat, got {specs}")
    unknown = sorted(set(options) - allowed - {"players"})
    if unknown:
        raise ValueError(f"{command}: no {', '.join('--' + k for k in unknown)}")
    rest = dict(options)
    counts = rest.pop("players", [2])
    counts = [counts] if isinstance(counts, int) else list(counts)
    if len(counts) != 1:
        raise ValueError(f"{command}: one player count, got {counts}")
    return specs[0], counts[0], rest
