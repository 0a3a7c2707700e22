"""The learned move prior of Gaia's search (issue 18, prior="policy"): distilled from the search's own root
visit counts.

The model has the value prior's form (gaia_rules.value_prior: a softmax over the mover's estimated margin
one search move later) with weights of its own: a move's logit is

    (margin after the move) / temperature + bias[decision round][move class]

where the margin is the mover's VP now plus policy_W[round after] . features (gaia_rules.VALUE_FEATURES)
minus the best other player's, and the move class (gaia_rules.move_class) is the move's kind, a build by
building, a research step by track. Training (``gaia-ai train --policy``) plays self-play games of a
search (by default S, the search with the value prior that p1 was distilled from), keeps at each searched
decision the share of the root's visits of every search move, and fits the weights (from the learned value's, toward which they are pulled) and the
biases (toward 0) by minimising the cross-entropy between those shares and the softmax: a convex problem
in two players, solved by a fixed number of Adam steps, so a seed gives the same model.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from gaia_ai._core import gaia_rules, mcts
from gaia_ai.games.gaia.engine import GaiaState, GameSetup
from gaia_ai.games.gaia.value import ROUNDS, check_model, two_factions
from gaia_ai.games.models import ShippedModels

# the shipped default policy: what prior=policy uses (prior=pN pins one): p3, p1 with a head over n2's trunk
# (policy_head.py, issue 41) fitted on p2's self-play, which beat p2 in 58.8% of 200 games of the hint
# search (its gate; p2 had beaten p1 in 59.8%)
VERSION = "p3"
# the search whose visits are distilled by default: S of docs/value-analysis.md (p1's teacher)
TEACHER = "mcts:sims=400,selection=puct,prior=value,c_puct=0.75,fpu=0.2,eval=v1,mix=0.5"
TEMPERATURE = 3.0    # VP of margin per logit unit in the fit (the fit prefers it to 4 or 2)
VALUE_PRIOR_TEMPERATURE = 4.0   # gaia_rules' value prior's softmax temperature (its PRIOR_TEMPERATURE)
PULL = 1e-4          # L2 pull of the weights toward the learned value's and of the biases toward 0
STEPS = 3000         # Adam steps of the fit (full batch)
STEP_SIZE = 0.01
CLASSES = gaia_rules.POLICY_CLASS_COUNT
NFEATURES = len(gaia_rules.VALUE_FEATURES)


@dataclass(frozen=True)
class Decision:
    """One searched decision of a 2-player self-play game, with what each of its search moves leads to."""

    game: int
    round: int              # the decision's round, 1-6
    shares: np.ndarray      # each move's share of the root's visits (sums to 1)
    classes: np.ndarray     # gaia_rules.move_class of each move
    rows: np.ndarray        # the round (0-5) after each move: the row of weights its margin uses
    vp_margin: np.ndarray   # mover's VP minus the other's after each move
    feature_margin: np.ndarray   # (moves, features): mover's features minus the other's after each move


def self_play(game: int, seed: int, teacher: str = TEACHER) -> list[Decision]:
    """The searched decisions (two or more search moves, rounds 1-6) of one 2-player game that the teacher
    search plays against itself (setup and factions from (seed, game); the search's seed from both), each
    with the visit shares of its root."""
    from gaia_ai.bots.base import make_bot
    from gaia_ai.games.gaia.search import search_core

    bot = make_bot(teacher)
    config = getattr(bot, "config", None)
    if config is None:
        raise ValueError(f"policy teacher {teacher!r}: name an mcts search (its root visits are the targets)")
    config = type(config)(**{**config.to_dict(), "seed": seed * 1_000_003 + game})
    state = GaiaState.new(GameSetup.random(2, f"policy-{seed}-{game}"))
    for faction in two_factions(game):
        state.apply(f"faction {faction}")
    core = state._core.copy()
    searchers = [mcts.Searcher(gaia_rules.state_derived_ranges()) for _ in range(2)]
    decisions: list[Decision] = []
    while not core.finished:
        player = int(core.current_player)
        result = search_core(searchers[player], core, config)
        moves = list(gaia_rules.search_moves_int(core))
        if len(moves) >= 2 and 1 <= core.round <= ROUNDS:
            visits = {int(c["move"]): int(c["visits"]) for c in result["candidates"]}
            decisions.append(_decision(game, core, player, moves, visits))
        gaia_rules.apply_search_move(core, int(result["candidates"][0]["move"]))
    return decisions


def _decision(game: int, core: Any, player: int, moves: list[int], visits: dict[int, int]) -> Decision:
    other = 1 - player
    rows, vp_margin, feature_margin = [], [], []
    for move in moves:
        after = core.copy()
        gaia_rules.apply_search_move(after, move)
        raw = after.raw_state()
        vp = [raw["pl"][q]["vp"] - raw["pl"][q]["bid"] for q in range(2)]
        features = gaia_rules.value_features_of(after)
        rows.append(min(max(raw["round"], 1), ROUNDS) - 1)
        vp_margin.append(vp[player] - vp[other])
        feature_margin.append(np.subtract(features[player], features[other]))
    counts = np.array([visits.get(m, 0) for m in moves], dtype=float)
    return Decision(game, int(core.round), counts / max(counts.sum(), 1.0),
                    np.array([gaia_rules.move_class(m) for m in moves]), np.array(rows),
                    np.array(vp_margin, dtype=float), np.array(feature_margin, dtype=float))


class DecisionRows:
    """Moves flattened to one row each, grouped by decision: `decision` each row's decision (0..count-1),
    `shares` each row's share of its root's visits. The softmax within each decision and the scores of
    logits over it, for every fit over visit shares (this p1's, the policy head's)."""

    count: int
    decision: np.ndarray
    shares: np.ndarray

    def softmax(self, logits: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each move's probability within its decision, and each decision's log-sum-exp."""
        top = np.full(self.count, -np.inf)
        np.maximum.at(top, self.decision, logits)
        e = np.exp(logits - top[self.decision])
        total = np.zeros(self.count)
        np.add.at(total, self.decision, e)
        return e / total[self.decision], np.log(total) + top

    def mean_entropy(self, logits: np.ndarray) -> float:
        """The mean over decisions of the softmax's entropy (nats)."""
        p, _ = self.softmax(logits)
        entropy = np.zeros(self.count)
        np.add.at(entropy, self.decision, -p * np.log(np.maximum(p, 1e-300)))
        return float(entropy.mean())

    def cross_entropy(self, logits: np.ndarray) -> float:
        """Mean over decisions of -sum(share * log p)."""
        _, lse = self.softmax(logits)
        return float((lse.sum() - (self.shares * logits).sum()) / self.count)


class _Batch(DecisionRows):
    """Decisions flattened: one row per move, `decision` its decision's index."""

    def __init__(self, decisions: list[Decision]) -> None:
        kept = [d for d in decisions if d.shares.sum() > 0]
        if not kept:
            raise ValueError("policy: no searched decision to fit")
        self.kept = kept
        self.count = len(kept)
        self.decision = np.concatenate([np.full(len(d.shares), i) for i, d in enumerate(kept)])
        self.round = np.concatenate([np.full(len(d.shares), d.round - 1) for d in kept])
        self.shares = np.concatenate([d.shares for d in kept])
        self.classes = np.concatenate([d.classes for d in kept])
        self.rows = np.concatenate([d.rows for d in kept])
        self.vp_margin = np.concatenate([d.vp_margin for d in kept])
        self.features = np.concatenate([d.feature_margin for d in kept])

    def logits(self, weights: np.ndarray, bias: np.ndarray, temperature: float) -> np.ndarray:
        margin = self.vp_margin + np.einsum("ij,ij->i", weights[self.rows], self.features)
        return margin / temperature + bias[self.round, self.classes]


def fit(decisions: list[Decision], start: list[list[float]], *, temperature: float = TEMPERATURE,
        pull: float = PULL, steps: int = STEPS,
        progress: Callable[[int, float], None] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(weights, bias) minimising the visit shares' cross-entropy plus pull * (|weights - start|^2 +
    |bias|^2); start: the learned value's weights (6 rows), where the fit begins."""
    batch = _Batch(decisions)
    w0 = np.array(start, dtype=float)
    weights, bias = w0.copy(), np.zeros((ROUNDS, CLASSES))
    # Adam, each weight's step scaled by its feature's typical size (features range from 0/1 to ~100)
    scale = 1.0 / np.maximum(np.abs(batch.features).mean(axis=0), 1e-3)
    moments = [[np.zeros_like(weights), np.zeros_like(weights)], [np.zeros_like(bias), np.zeros_like(bias)]]
    for t in range(1, steps + 1):
        logits = batch.logits(weights, bias, temperature)
        p, _ = batch.softmax(logits)
        g = (p - batch.shares) / batch.count
        grad_w = np.zeros_like(weights)
        np.add.at(grad_w, batch.rows, g[:, None] * batch.features / temperature)
        grad_b = np.zeros_like(bias)
        np.add.at(grad_b, (batch.round, batch.classes), g)
        grad_w += 2 * pull * (weights - w0)
        grad_b += 2 * pull * bias
        for param, grad, (m, v), step in ((weights, grad_w, moments[0], scale), (bias, grad_b, moments[1], 1.0)):
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            param -= STEP_SIZE * step * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
        if progress is not None and t % 500 == 0:
            progress(t, batch.cross_entropy(logits))
    return weights, bias


def mean_entropy(decisions: list[Decision], weights: Any, bias: Any, temperature: float) -> float:
    """The mean entropy (nats) of a model's prior over the decisions."""
    batch = _Batch(decisions)
    return batch.mean_entropy(batch.logits(np.asarray(weights, float), np.asarray(bias, float), temperature))


def flatten_factor(decisions: list[Decision], weights: Any, bias: Any, start: Any) -> float:
    """The factor f by which dividing the fitted logits gives the prior the mean entropy of the value
    prior it started from (bisection). The fit matches the visits, which a search concentrates on its
    best moves: used as it is, that sharper prior lost (47% of 52 games against the value prior), the
    same prior flattened to the value prior's entropy won (docs/value-analysis.md)."""
    batch = _Batch(decisions)
    weights, bias = np.asarray(weights, float), np.asarray(bias, float)
    target = batch.mean_entropy(batch.logits(np.asarray(start, float), np.zeros((ROUNDS, CLASSES)),
                                             VALUE_PRIOR_TEMPERATURE))
    low, high = 0.25, 8.0
    for _ in range(40):
        mid = (low * high) ** 0.5
        if batch.mean_entropy(batch.logits(weights, bias / mid, TEMPERATURE * mid)) < target:
            low = mid
        else:
            high = mid
    return round((low * high) ** 0.5, 4)


def scores(decisions: list[Decision], weights: Any, bias: Any, temperature: float) -> dict[str, float]:
    """How well a model predicts the visits: cross-entropy, its excess over the shares' own entropy (the
    KL divergence), and how often its likeliest move is the most visited one."""
    batch = _Batch(decisions)
    logits = batch.logits(np.asarray(weights, float), np.asarray(bias, float), temperature)
    kept = batch.kept
    entropy = float(np.mean([-(d.shares[d.shares > 0] * np.log(d.shares[d.shares > 0])).sum() for d in kept]))
    starts = np.r_[0, np.cumsum([len(d.shares) for d in kept])]
    top1 = np.mean([np.argmax(logits[a:b]) == np.argmax(d.shares) for a, b, d in zip(starts, starts[1:], kept)])
    ce = batch.cross_entropy(logits)
    return {"cross_entropy": ce, "kl": ce - entropy, "top1": float(top1)}


def play_games(games: int, seed: int, teacher: str = TEACHER, workers: int = 1,
               progress: Callable[[int], None] | None = None) -> list[list[Decision]]:
    """self_play of games 0..games-1, in game order; workers > 1 plays them in that many processes (each
    game is seeded on its own: the same list either way)."""
    from gaia_ai.parallel import run_jobs

    count = [0]

    def done(_index: int, _decisions: list[Decision]) -> None:
        count[0] += 1
        if progress is not None:
            progress(count[0])

    played = run_jobs(self_play, [(game, seed, teacher) for game in range(games)], workers, done=done)
    return [played[game] for game in range(games)]


def train(games: int, seed: int, teacher: str = TEACHER, *, version: str = "p1", value_version: str = "v1",
          workers: int = 1, progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """A policy document (data/policy-<version>.json) from `games` self-play games of the teacher search
    (in `workers` processes), its fit starting from (and pulled toward) the learned value `value_version`."""
    from gaia_ai.games.gaia import value

    if games < 2:
        raise ValueError("train: at least 2 games")
    start = check_model(value.load(value_version), f"value-{value_version}")
    decisions = [d for game in play_games(games, seed, teacher, workers, progress) for d in game]
    weights, bias = fit(decisions, start)
    flatten = flatten_factor(decisions, weights, bias, start)
    return {
        "version": version,
        "features": list(gaia_rules.VALUE_FEATURES),
        "classes": CLASSES,
        "temperature": round(TEMPERATURE * flatten, 6),
        "weights": [[round(float(x), 6) for x in row] for row in weights],
        "bias": [[round(float(x) / flatten, 6) for x in row] for row in bias],
        "trained": {"games": games, "seed": seed, "teacher": teacher, "decisions": len(decisions),
                    "start": value_version, "pull": PULL, "steps": STEPS, "fit_temperature": TEMPERATURE,
                    "flatten": flatten, "players": 2},
    }


def model_path(version: str = VERSION) -> Path:
    return MODELS.path(version)


def check_policy(model: dict[str, Any], where: str) -> tuple[list[list[float]], list[list[float]], float]:
    """(weights, bias, temperature) of a policy document; ValueError naming `where` if it does not fit
    this build."""
    weights = check_model(model, where)
    bias = model.get("bias")
    if model.get("classes") != CLASSES or not isinstance(bias, list) or len(bias) != ROUNDS:
        raise ValueError(f"{where}: expected {ROUNDS} rows of {CLASSES} move-class biases (retrain it)")
    return weights, bias, float(model.get("temperature", 0))


def _install(model: dict[str, Any], where: str, slot: int) -> None:
    from gaia_ai.games.gaia import policy_head

    gaia_rules.set_policy_weights(*check_policy(model, where), slot=slot)
    policy_head.install(model, where, slot)   # a head over a value network's trunk (p2 on), if it has one


MODELS = ShippedModels("gaia_ai.games.gaia", "policy-", "p", "policy", gaia_rules.POLICY_SLOT_COUNT, _install)


def shipped_versions() -> list[str]:
    """The versions of the policies in the package, oldest first (p1, p2, ...)."""
    return MODELS.versions()


def version_of(prior: str) -> str:
    """The policy version a search's prior names: "policy" is the shipped default (VERSION), "pN" that
    version (load() refuses one the package does not ship)."""
    return VERSION if prior == "policy" else prior


def load(version: str = VERSION) -> dict[str, Any]:
    """Load the shipped policy of that version ("policy": the default) into a slot of its own in the C
    core (once per process: a match of prior=p2 against prior=p1 holds both) and return its document."""
    return MODELS.load(version_of(version))


def slot(version: str = VERSION) -> int:
    """The C core's slot of that policy version (loading it first)."""
    return MODELS.slot(version_of(version))
