"""The review chart (review.png): each reviewed player's win probability and expected final VP after
each of their decisions (the played move, valued by the search), with the round boundaries marked and,
for a finished game, each player's final score as a star."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gaia_ai.review.model import Review


def write_chart(review: Review, path: str | Path) -> None:
    """Draw the two panels (win probability, expected final VP) against the log line and save a PNG."""
    # imported here: matplotlib is slow to import and only the chart needs it; the Agg canvas draws
    # without a display and without touching pyplot's global state
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    figure = Figure(figsize=(11, 7), dpi=100, layout="constrained")
    FigureCanvasAgg(figure)
    win_axes, vp_axes = figure.subplots(2, 1, sharex=True)
    finals: list[Any] = []
    for player in review.reviewed:
        decisions = [d for d in review.decisions if d.player == player]
        if not decisions:
            continue
        xs = [d.index for d in decisions]
        name = review.players[player].label
        win_axes.plot(xs, [d.played_estimate.win_probability for d in decisions], marker="o", markersize=3,
                      linewidth=1.2, label=name)
        line, = vp_axes.plot(xs, [d.played_estimate.expected_score for d in decisions], marker="o",
                             markersize=3, linewidth=1.2, label=name)
        if review.final_scores and review.lines[1] == review.log_length:
            # the actual result at the end of the log, to read the estimates against
            finals += vp_axes.plot([review.log_length], [review.final_scores[player]], marker="*",
                                   markersize=10, color=line.get_color(), linestyle="none")
    for round_number, index in sorted(review.round_starts.items()):
        if not review.lines[0] <= index < review.lines[1]:
            continue   # a round that starts outside the reviewed lines
        for axes in (win_axes, vp_axes):
            axes.axvline(index - 0.5, color="grey", linestyle=":", linewidth=1)
        win_axes.text(index - 0.5, 1.0, f" round {round_number}", transform=win_axes.get_xaxis_transform(),
                      fontsize=8, color="grey", va="bottom")
    win_axes.set_ylim(0.0, 1.0)
    win_axes.set_ylabel("win probability")
    vp_axes.set_ylabel("expected final VP")
    vp_axes.set_xlabel("log line (moveHistory index)")
    vp_axes.xaxis.set_major_locator(MaxNLocator(integer=True))   # log lines are whole numbers
    for axes in (win_axes, vp_axes):
        axes.grid(True, alpha=0.3)
    if review.decisions:
        win_axes.legend(loc="best", fontsize=8)
    if finals:
        vp_axes.legend(handles=finals[:1], labels=["final score"], loc="best", fontsize=8)
    figure.suptitle(f"{review.game_id}: the played moves valued by the search "
                    f"({review.config.simulations} simulations)")
    figure.savefig(Path(path), format="png")
