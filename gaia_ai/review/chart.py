"""The review chart (review.png): each reviewed player's win probability and expected final VP after
each of their decisions (the played move, valued by the search), with the round boundaries marked and,
for a finished game, each player's final score as a star."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gaia_ai.review.labels import THRESHOLDS
from gaia_ai.review.model import Review


def decision_positions(review: Review) -> dict[int, float]:
    """x of each decision (by log index): round r spans [r, r + 1) (0: set-up) and its reviewed decisions
    share it evenly in play order, so the axis reads in rounds and turns rather than log lines."""
    by_round: dict[int, list[int]] = {}
    for d in sorted(review.decisions, key=lambda d: d.index):
        by_round.setdefault(d.round, []).append(d.index)
    return {index: r + k / len(indexes) for r, indexes in by_round.items() for k, index in enumerate(indexes)}


# label -> (marker, size, colour): the losses a reader looks for first
_MARKED = {"mistake": ("X", 70, "#f59e0b"), "blunder": ("X", 130, "#dc2626")}


def write_chart(review: Review, path: str | Path) -> None:
    """Save chart_figure(review) as a PNG."""
    chart_figure(review).savefig(Path(path), format="png")


def chart_figure(review: Review) -> Any:
    """The two panels (win probability, expected final VP) against rounds and turns, with the mistakes
    and blunders marked: a matplotlib Figure."""
    # imported here: matplotlib is slow to import and only the chart needs it; the Agg canvas draws
    # without a display and without touching pyplot's global state
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(11, 7), dpi=100, layout="constrained")
    FigureCanvasAgg(figure)
    win_axes, vp_axes = figure.subplots(2, 1, sharex=True)
    x_of = decision_positions(review)
    finals: list[Any] = []
    marked: dict[str, Any] = {}
    for player in review.reviewed:
        decisions = [d for d in review.decisions if d.player == player]
        if not decisions:
            continue
        xs = [x_of[d.index] for d in decisions]
        name = review.players[player].label
        win_axes.plot(xs, [d.played_estimate.win_probability for d in decisions], marker="o", markersize=3,
                      linewidth=1.2, label=name)
        line, = vp_axes.plot(xs, [d.played_estimate.expected_score for d in decisions], marker="o",
                             markersize=3, linewidth=1.2, label=name)
        for label, (marker, size, colour) in _MARKED.items():
            bad = [d for d in decisions if d.label == label]
            if not bad:
                continue
            for axes, values in ((win_axes, [d.played_estimate.win_probability for d in bad]),
                                 (vp_axes, [d.played_estimate.expected_score for d in bad])):
                marked[label] = axes.scatter([x_of[d.index] for d in bad], values, marker=marker, s=size,
                                             c=colour, edgecolors="black", linewidths=0.6, zorder=5)
        if review.final_scores and review.lines[1] == review.log_length:
            # the actual result at the end of the game, to read the estimates against
            end = max(x_of.values(), default=0.0) + 0.5
            finals += vp_axes.plot([end], [review.final_scores[player]], marker="*",
                                   markersize=10, color=line.get_color(), linestyle="none")
    rounds = sorted({d.round for d in review.decisions})
    for r in rounds:
        for axes in (win_axes, vp_axes):
            axes.axvline(r, color="grey", linestyle=":", linewidth=1)
    vp_axes.set_xticks([r + 0.5 for r in rounds],
                       ["set-up" if r == 0 else f"{review.round_name} {r}" for r in rounds])
    win_axes.set_ylim(0.0, 1.0)
    win_axes.set_ylabel("win probability")
    vp_axes.set_ylabel("expected final VP")
    vp_axes.set_xlabel(f"{review.round_name}: each {review.round_name}'s reviewed decisions in the order they "
                       "were played")
    for axes in (win_axes, vp_axes):
        axes.grid(True, axis="y", alpha=0.3)
    if review.decisions:
        handles, labels = win_axes.get_legend_handles_labels()
        for label in _MARKED:
            if label in marked:
                handles.append(marked[label])
                limits = THRESHOLDS[label]
                labels.append(f"{label} ({limits['vp_loss']:g} VP or {100 * limits['win_probability_loss']:g}% lost)")
        win_axes.legend(handles, labels, loc="best", fontsize=8)
    if finals:
        vp_axes.legend(handles=finals[:1], labels=["final score"], loc="best", fontsize=8)
    figure.suptitle(f"{review.game_id}: the played moves valued by the search "
                    f"({review.config.simulations} simulations)")
    return figure
