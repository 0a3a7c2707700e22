"""The policy head (issue 41, item 1): the move prior corrected by the position as a value network sees it.

p1 (policy.py) ranks a move by the mover's linear margin one move later plus a bias per (round, move
class); it cannot tell when a kind of move suits a position: a research step when the economy is built,
passing when power is spent. The head adds to each move's logit

    head[class of the move] . h

where h is the last hidden layer of a value network (the trunk, e.g. n2) for the mover at the decision:
AlphaZero's two heads over one trunk, with the trunk trained for the value and kept fixed here. It is
fitted on the search's own self-play games (``gaia-ai train --net --data FILE`` keeps, at every searched
decision, the root's visit shares, the position and the search's prior of each move) by minimising the
cross-entropy between the visit shares and softmax(log prior + head . h): convex in the head, full-batch
Adam from zero for a fixed number of steps, so the same files give the same head. Like p1, the fitted
prior is then flattened back to the entropy of the prior it corrects (a sharper prior than the search's
own loses, docs/value-analysis.md): the head only moves probability between moves.

The document is a policy (data/policy-pN.json): the corrected policy's weights, bias and temperature, each
divided by the flattening, and ``head``: the trunk's version and the weights, one row per move class. The
C core applies it in policy_prior (net.pxi, policy_head_add): one trunk pass per expansion, no allocation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia import policy, search_play, value_net
from gaia_ai.learn import mlp
from gaia_ai.search.config import NET_VERSION, POLICY_VERSION

TRUNK = "n2"         # the default trunk: the shipped hint search's value network
BASE = "p1"          # the default policy corrected: the linear one (p2 is p1 with a head)
STEPS = 600          # Adam steps of the fit (full batch)
STEP_SIZE = 0.02
PULL = 1e-3          # L2 pull of the head's weights toward 0
HOLD_OUT = value_net.HOLD_OUT   # games with game % HOLD_OUT == HOLD_OUT - 1 are held out, as the value's


@dataclass(frozen=True)
class Decisions(policy.DecisionRows):
    """Searched decisions flattened to one row per move: `decision` each row's decision (0..count-1)."""

    count: int
    decision: np.ndarray    # (rows,)
    base: np.ndarray        # (rows,) log of the searched prior of the move (what the head corrects)
    classes: np.ndarray     # (rows,) gaia_rules.move_class of the move
    shares: np.ndarray      # (rows,) the move's share of the root's visits
    hidden: np.ndarray      # (count, units) the trunk's last hidden layer for the mover

    @cached_property
    def row_hidden(self) -> np.ndarray:
        """(rows, units): each row's decision's hidden layer (taken once: every step of the fit reads it)."""
        return self.hidden[self.decision]

    def logits(self, head: np.ndarray, scale: float = 1.0) -> np.ndarray:
        return (self.base + np.einsum("ij,ij->i", head[self.classes], self.row_hidden)) / scale

    def top1(self, logits: np.ndarray) -> float:
        """How often the likeliest move is the most visited one."""
        best_logit = np.full(self.count, -np.inf)
        np.maximum.at(best_logit, self.decision, logits)
        best_share = np.full(self.count, -np.inf)
        np.maximum.at(best_share, self.decision, self.shares)
        # a decision counts when a row holding its top logit also holds its top share (ties: any)
        hit = np.zeros(self.count, dtype=bool)
        rows = (logits == best_logit[self.decision]) & (self.shares == best_share[self.decision])
        hit[self.decision[rows]] = True
        return float(hit.mean())


def corrected_prior(game: search_play.SearchGame, decision: search_play.Decision,
                    base: str | None) -> np.ndarray | None:
    """The prior of policy `base` at a saved decision: the search's own (games searched with `base`) or
    the base prior saved beside it (games searched with a head over `base`, e.g. p2's over p1); None if
    the game holds neither. base None, or a game whose prior is unnamed (an archive older than the
    names, which train_from_data accepts as p1's): the search's own."""
    if base is None or game.prior in (base, ""):
        return decision.prior
    if game.base == base:
        return decision.base
    return None


def decisions(games: Sequence[search_play.SearchGame], trunk: dict[str, Any],
              base: str | None = None) -> Decisions:
    """The searched decisions of the games that a head can learn from: in an action phase of rounds 1-6
    (a position with network inputs) with the prior of policy `base` saved (corrected_prior); ValueError
    if there is none."""
    decision, base_logit, classes, shares, inputs = [], [], [], [], []
    for g in games:
        for d in g.decisions:
            prior = corrected_prior(g, d, base)
            if d.position < 0 or prior is None or len(d.moves) < 2 or not np.all(np.isfinite(prior)) \
                    or d.shares.sum() <= 0:
                continue
            index = len(inputs)
            inputs.append(g.inputs[d.position, d.seat])
            decision.append(np.full(len(d.moves), index))
            base_logit.append(np.log(np.maximum(np.asarray(prior, dtype=float), 1e-12)))
            classes.append([gaia_rules.move_class(int(m)) for m in d.moves])
            shares.append(np.asarray(d.shares, dtype=float))
    if not inputs:
        raise ValueError("policy head: no searched decision with its position and prior in these games "
                         "(save them with a search as --player: train --net --data)")
    return Decisions(len(inputs), np.concatenate(decision), np.concatenate(base_logit),
                     np.concatenate(classes).astype(int), np.concatenate(shares),
                     mlp.hidden(trunk, np.array(inputs, dtype=float)))


def fit(batch: Decisions, *, steps: int = STEPS, pull: float = PULL,
        progress: Callable[[int, float], None] | None = None) -> np.ndarray:
    """The head (classes, units) minimising the visit shares' cross-entropy plus pull * |head|^2."""
    head = np.zeros((gaia_rules.POLICY_CLASS_COUNT, batch.hidden.shape[1]))
    m, v = np.zeros_like(head), np.zeros_like(head)
    for t in range(1, steps + 1):
        logits = batch.logits(head)
        p, _ = batch.softmax(logits)
        g = (p - batch.shares) / batch.count
        grad = np.zeros_like(head)
        np.add.at(grad, batch.classes, g[:, None] * batch.row_hidden)
        grad += 2 * pull * head
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        head -= STEP_SIZE * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
        if progress is not None and t % 100 == 0:
            progress(t, batch.cross_entropy(logits))
    return head


def flatten_factor(batch: Decisions, head: np.ndarray) -> float:
    """The factor f by which dividing the corrected logits gives the mean entropy of the prior they
    correct (bisection)."""
    target = batch.mean_entropy(batch.base)
    low, high = 0.25, 8.0
    for _ in range(40):
        mid = (low * high) ** 0.5
        if batch.mean_entropy(batch.logits(head, mid)) < target:
            low = mid
        else:
            high = mid
    return round((low * high) ** 0.5, 4)


def scores(batch: Decisions, head: np.ndarray, scale: float) -> dict[str, dict[str, float]]:
    """How well the searched prior and the corrected one predict the visits: cross-entropy (nats) and how
    often the likeliest move is the most visited."""
    def score(logits: np.ndarray) -> dict[str, float]:
        return {"cross_entropy": round(batch.cross_entropy(logits), 4), "top1": round(batch.top1(logits), 4)}

    return {"prior": score(batch.base), "head": score(batch.logits(head, scale))}


def train_from_data(files: Sequence[str], *, version: str, trunk: str = TRUNK, base: str | None = None,
                    steps: int = STEPS, progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """A policy document with a head, fitted on the search games earlier runs saved (search_play.save,
    ``train --net --data``) over the trunk of the value network `trunk`, correcting the policy `base`
    (BASE by default), whose prior the files must hold: the games' search used it, or a head over it
    (p2's games keep p1's prior beside p2's, so the next head learns from both generations' games).
    Games with game % HOLD_OUT == HOLD_OUT - 1 are held out and scored."""
    if not files:
        raise ValueError("train --policy --from-data: name at least one file of saved games")
    if not POLICY_VERSION.fullmatch(version):
        raise ValueError(f"a policy's version is p1, p2, ..., got {version!r}")
    if not NET_VERSION.fullmatch(trunk):
        raise ValueError(f"a policy head's trunk is a value network (n1, n2, ...), got {trunk!r}")
    base = base or BASE
    corrected = policy.load(base)
    if corrected.get("head") is not None:
        raise ValueError(f"policy {base} already has a head: correct a policy without one")
    trunk_model = value_net.load(trunk)
    games = [g for path in files for g in search_play.load(path)]
    others = sorted({g.prior for g in games if g.prior not in (base, "") and g.base != base})
    if others:
        raise ValueError(f"train --policy --from-data: these games were searched with prior {', '.join(others)}, "
                         f"neither {base} nor a head over {base}: a head corrects the prior its games' "
                         f"search used or the one under that search's head (self-play with prior={base} "
                         f"or a policy whose head corrects {base})")
    train = [g for g in games if g.game % HOLD_OUT != HOLD_OUT - 1]
    held = [g for g in games if g.game % HOLD_OUT == HOLD_OUT - 1]
    if not train or not held:
        raise ValueError(f"train --policy --from-data: the split by game index (game % {HOLD_OUT} == "
                         f"{HOLD_OUT - 1} held out) leaves {'no held-out' if not held else 'no training'} "
                         f"games among these {len(games)}")
    batch, held_batch = decisions(train, trunk_model, base), decisions(held, trunk_model, base)
    head = fit(batch, steps=steps, progress=None if progress is None else
               lambda t, ce: progress(f"step {t}/{steps}: cross-entropy {ce:.4f}"))
    flatten = flatten_factor(batch, head)
    return {
        "version": version,
        "features": corrected["features"],
        "classes": corrected["classes"],
        "temperature": round(float(corrected["temperature"]) * flatten, 6),
        "weights": corrected["weights"],
        "bias": [[round(float(x) / flatten, 6) for x in row] for row in corrected["bias"]],
        "head": {"trunk": trunk, "units": int(batch.hidden.shape[1]),
                 "weights": [[round(float(x) / flatten, 6) for x in row] for row in head]},
        "trained": {"from_data": list(files), "games": len(games), "held_out_games": len(held),
                    "decisions": batch.count, "held_out_decisions": held_batch.count, "corrects": base,
                    "trunk": trunk, "steps": steps, "pull": PULL, "flatten": flatten,
                    "held_out": scores(held_batch, head, flatten)},
    }


def install(model: dict[str, Any], where: str, slot: int) -> None:
    """Give the policy just loaded into `slot` the document's head, if it has one (its trunk, a value
    network, loaded first); ValueError naming `where` if the head does not fit this build."""
    head = model.get("head")
    if head is None:
        return
    trunk = head.get("trunk") if isinstance(head, dict) else None
    if not isinstance(trunk, str) or not NET_VERSION.fullmatch(trunk):
        raise ValueError(f"{where}: its head names no value network as its trunk (head.trunk: n1, n2, ...)")
    try:
        gaia_rules.set_policy_head(slot, value_net.slot(trunk), head.get("weights"))
    except (TypeError, ValueError) as e:
        raise ValueError(f"{where}: {e}") from None
