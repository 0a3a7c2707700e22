"""A review as a document and as text: the per-player summary, the JSON object (review.json) and the
terminal table.

Per player: the labels' counts; accuracy (share of decisions labelled best or good, labels.py);
top1_agreement / top3_agreement, the share of decisions whose played first choice is the search's most
visited candidate / among its three most visited (a line the search moves cannot express counts as a
disagreement); the mean losses. Shares are in 0..1 (None without decisions).
"""

from __future__ import annotations

from typing import Any

from gaia_ai.review import labels
from gaia_ai.review.model import Decision, Review

LARGEST_LOSSES = 3
_MOVE_WIDTH = 34


def _share(flags: list[bool]) -> float | None:
    return round(sum(flags) / len(flags), 4) if flags else None


def _mean(values: list[float], digits: int) -> float | None:
    return round(sum(values) / len(values), digits) if values else None


def player_summary(review: Review, player: int) -> dict[str, Any]:
    """The summary of one reviewed player (module doc)."""
    seat = review.players[player]
    decisions = [d for d in review.decisions if d.player == player]
    final = review.final_scores
    return {
        **seat.to_dict(),
        "decisions": len(decisions),
        "forced": sum(s.player == player and s.reason == "forced" for s in review.skipped),
        "labels": {name: sum(d.label == name for d in decisions) for name in labels.LABELS},
        "accuracy": None if not decisions else round(labels.accuracy(d.label for d in decisions) or 0.0, 4),
        "top1_agreement": _share([d.rank == 1 for d in decisions]),
        "top3_agreement": _share([d.rank is not None and d.rank <= 3 for d in decisions]),
        "mean_vp_loss": _mean([d.vp_loss for d in decisions], 2),
        "mean_win_probability_loss": _mean([d.win_probability_loss for d in decisions], 4),
        "final_score": final[player] if final else None,
    }


def largest_losses(review: Review, count: int = LARGEST_LOSSES) -> list[Decision]:
    """The `count` most severe decisions with a loss, most severe first (earlier first on ties)."""
    lossy = [d for d in review.decisions if d.severity > 0]
    return sorted(lossy, key=lambda d: (-d.severity, d.index))[:count]


def review_dict(review: Review) -> dict[str, Any]:
    """The whole review as one JSON-ready object: the same review gives the same object."""
    config = review.config
    return {
        "game": review.game_id,
        "lines": list(review.lines),
        "players": [p.to_dict() for p in review.players],
        "reviewed": list(review.reviewed),
        "config": config.to_dict(),
        "thresholds": labels.THRESHOLDS,
        "round_starts": [{"round": r, "index": i} for r, i in sorted(review.round_starts.items())],
        "final_scores": review.final_scores,
        "decisions": [d.to_dict() for d in review.decisions],
        "skipped": [s.to_dict() for s in review.skipped],
        **({"interrupted": True} if review.interrupted else {}),
        "summary": {
            "players": [player_summary(review, p) for p in review.reviewed],
            "largest_losses": [d.to_dict() for d in largest_losses(review)],
        },
    }


def _who(review: Review, player: int) -> str:
    return review.players[player].label


def format_table(review: Review) -> str:
    """One row per decision: line, round, player, played and best moves, the played and best expected
    final VP, the losses and the label."""
    who_width = max([len(_who(review, p)) for p in review.reviewed] + [6])
    # the move columns fit the longest move: a cut move cannot be played from the table
    played_width = max([len(d.played) for d in review.decisions] + [_MOVE_WIDTH])
    best_width = max([len(d.best) for d in review.decisions] + [_MOVE_WIDTH])
    head = (f"{'line':>4} {'rd':>2}  {'player':<{who_width}}  {'played':<{played_width}}  "
            f"{'best (search)':<{best_width}}  {'VP played/best':>14}  {'loss VP':>7}  {'loss win':>8}  label")
    rows = [head]
    for d in review.decisions:
        scores = f"{d.played_estimate.expected_score:.1f}/{d.best_estimate.expected_score:.1f}"
        rows.append(f"{d.index:>4} {d.round:>2}  {_who(review, d.player):<{who_width}}  "
                    f"{d.played:<{played_width}}  {d.best:<{best_width}}  {scores:>14}  "
                    f"{d.vp_loss:>7.1f}  {100 * d.win_probability_loss:>7.1f}%  {d.label}")
    return "\n".join(rows)


def _percent(share: float | None) -> str:
    return "-" if share is None else f"{100 * share:.0f}%"


def _then(words: list[str]) -> str:
    """Sentences of one decision as one: 'Burn 2 power; then convert 3 power into 1 ore'."""
    return "; then ".join(w if i == 0 else w[:1].lower() + w[1:] for i, w in enumerate(words))


def format_summary(review: Review) -> str:
    """Accuracy, labels, agreement and mean losses per player, then the largest losses."""
    config = review.config
    header = (f"{review.game_id}: log lines {review.lines[0]}-{review.lines[1] - 1}, "
              f"{config.simulations} simulations a search, seed {config.seed}")
    if review.interrupted and review.decisions:   # the figures below cover only the lines reviewed
        header += f" (stopped by Ctrl-C after line {review.decisions[-1].index})"
    lines = [header]
    if review.final_scores:
        lines.append("final scores: " + ", ".join(
            f"{p.label} {review.final_scores[p.index]}" for p in review.players))
    for player in review.reviewed:
        s = player_summary(review, player)
        counts = ", ".join(f"{name} {s['labels'][name]}" for name in labels.LABELS)
        losses = ("" if s["mean_vp_loss"] is None else
                  f"; mean loss {s['mean_vp_loss']:.1f} VP, {100 * s['mean_win_probability_loss']:.1f}% win")
        lines.append(f"  {_who(review, player)} ({s['seat']}): accuracy {_percent(s['accuracy'])} over "
                     f"{s['decisions']} decisions ({counts}); top-1 {_percent(s['top1_agreement'])}, "
                     f"top-3 {_percent(s['top3_agreement'])}{losses}")
    worst = largest_losses(review)
    if worst:
        lines.append("largest losses:")
        for d in worst:
            lines.append(f"  line {d.index} {_who(review, d.player)}: played \"{d.played}\", lost "
                         f"{d.vp_loss:.1f} VP and {100 * d.win_probability_loss:.1f}% win ({d.label}); "
                         f"the search preferred \"{d.best}\"")
            if d.played_words and d.best_words:
                lines.append(f"    played: {_then(d.played_words)}")
                lines.append(f"    the search: {_then(d.best_words)}")
    return "\n".join(lines)
