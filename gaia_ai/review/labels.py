"""How a reviewed decision is judged: the loss thresholds behind its label, and a player's accuracy.

A decision's losses compare the search's best move with the played one, both estimated for the player
who decided (a game's review, e.g. gaia_ai/games/gaia/review.py): the loss in expected final VP and the loss in win probability,
each clipped at 0 (a played move estimated better than the search's choice lost nothing; the JSON
keeps both estimates, so the raw difference stays visible).

Labels, by the worse of the two losses (VP matter in a game scored in VP; win probability matters in a
close game and saturates in a lopsided one, so neither alone is enough):

    best        the played decision is the search's preferred one (same action, same sub-choices)
    good        a loss below every threshold below
    inaccuracy  >= 3 VP or >= 10% win probability
    mistake     >= 6 VP or >= 20% win probability
    blunder     >= 12 VP or >= 30% win probability

The thresholds sit well above the search's noise: at 1000 simulations, repeated searches of a position
with other seeds spread the best move's estimate by about 0.6 VP and 0.03 win probability (one
standard deviation). A smaller budget is noisier: its labels say less.

Severity = max(VP loss / 12, win-probability loss / 0.30): 1 at the blunder thresholds; the summary's
largest losses are the most severe decisions.

Accuracy of a player = the share of their reviewed decisions labelled best or good (0..1).
"""

from __future__ import annotations

from collections.abc import Iterable

LABELS: tuple[str, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")

# (VP loss, win-probability loss) from which a decision gets each label; a loss reaching either
# threshold is enough.
INACCURACY_VP, INACCURACY_WIN = 3.0, 0.10
MISTAKE_VP, MISTAKE_WIN = 6.0, 0.20
BLUNDER_VP, BLUNDER_WIN = 12.0, 0.30

THRESHOLDS: dict[str, dict[str, float]] = {
    "inaccuracy": {"vp_loss": INACCURACY_VP, "win_probability_loss": INACCURACY_WIN},
    "mistake": {"vp_loss": MISTAKE_VP, "win_probability_loss": MISTAKE_WIN},
    "blunder": {"vp_loss": BLUNDER_VP, "win_probability_loss": BLUNDER_WIN},
}

ACCURATE: frozenset[str] = frozenset(("best", "good"))


def severity(vp_loss: float, win_probability_loss: float) -> float:
    """How bad a loss is on the label scale: 1.0 at the blunder thresholds (see the module doc)."""
    return max(vp_loss / BLUNDER_VP, win_probability_loss / BLUNDER_WIN, 0.0)


def label(vp_loss: float, win_probability_loss: float, is_best: bool) -> str:
    """The label of a decision with these (clipped, >= 0) losses; is_best: it is the search's choice."""
    if is_best:
        return "best"
    for name in ("blunder", "mistake", "inaccuracy"):
        limits = THRESHOLDS[name]
        if vp_loss >= limits["vp_loss"] or win_probability_loss >= limits["win_probability_loss"]:
            return name
    return "good"


def accuracy(labels: Iterable[str]) -> float | None:
    """Share of the labels that are best or good; None when there are none."""
    seen = list(labels)
    if not seen:
        return None
    return sum(lab in ACCURATE for lab in seen) / len(seen)
