"""Tournament results for people: the terminal tables, and a report folder (Markdown and PNG plots).

``write_report(db, folder)`` writes ``report.md`` (settings, standings with rating intervals,
head-to-head records, seats, factions) and four matplotlib plots: ``ratings.png`` (rating with its
95% interval per bot), ``scores_by_bot.png`` and ``scores_by_faction.png`` (final VP distributions)
and ``win_rate_by_seat.png`` (win share per seat and bot with 95% intervals).
"""

from __future__ import annotations

import math
import textwrap
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gaia_ai.tournament.ratings import group_stats, summary
from gaia_ai.tournament.store import StoredGame, StoreError, TournamentStore

PLOTS = ("ratings.png", "scores_by_bot.png", "scores_by_faction.png", "win_rate_by_seat.png")


def _num(x: float | None, digits: int = 1) -> str:
    return "-" if x is None or (isinstance(x, float) and not math.isfinite(x)) else f"{x:.{digits}f}"


def _interval(low: float | None, high: float | None, digits: int = 1) -> str:
    return f"[{_num(low, digits)}, {_num(high, digits)}]"


def _rows(data: dict[str, Any]) -> tuple[list[list[str]], list[list[str]]]:
    standings = [[str(i + 1), s["bot"], _num(s["mu"], 2), _interval(s["low"], s["high"], 2), str(s["games"]),
                  _num(s["wins"]), _num(100 * s["wins"] / s["games"]), _num(s["average_vp"])]
                 for i, s in enumerate(data["standings"])]
    pairwise = [[p["a"], p["b"], str(p["games"]), _num(100 * p["win_rate"]),
                 _interval(_pct(p["win_low"]), _pct(p["win_high"])), _num(p["margin"]),
                 _interval(p["margin_low"], p["margin_high"])] for p in data["pairwise"]]
    return standings, pairwise


def _pct(x: float | None) -> float | None:
    return None if x is None else 100 * x


STANDING_HEAD = ["#", "bot", "rating", "95% interval", "games", "wins", "win %", "avg VP"]
PAIR_HEAD = ["bot A", "bot B", "games", "A ahead %", "95% interval", "A margin VP", "95% interval"]


def _text_table(head: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True)))
             for row in [head, *rows]]
    return "\n".join(lines)


def terminal_tables(data: dict[str, Any]) -> str:
    """The standings and the head-to-head records as plain text tables."""
    standings, pairwise = _rows(data)
    parts = [f"{data['games']} games. Ratings: openskill Plackett-Luce mu, interval mu +- 1.96 sigma.",
             _text_table(STANDING_HEAD, standings)]
    if pairwise:
        parts += ["", "Head to head (ties count half; margin = A's VP minus B's):", _text_table(PAIR_HEAD, pairwise)]
    return "\n".join(parts)


def _md_table(head: list[str], rows: list[list[str]]) -> str:
    return "\n".join(["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
                     + ["| " + " | ".join(r) + " |" for r in rows])


def _group_rows(stats: Sequence[Any]) -> list[list[str]]:
    return [[g.key, str(g.games), _num(g.average_vp), _num(100 * g.win_rate),
             _interval(100 * g.win_low, 100 * g.win_high)] for g in stats]


def _settings(config: dict[str, Any], roles: bool = True) -> list[str]:
    lines = []
    for key, value in sorted(config.items()):
        if key == "factions" and not roles:
            continue
        if key == "bots":
            value = ", ".join(b["name"] if b["name"] == b["spec"] else f"{b['name']} (`{b['spec']}`)" for b in value)
        elif key == "factions" and value is None:
            value = "drawn per deal"
        elif key == "options":
            value = ", ".join(f"{k}={v}" for k, v in value)
        elif value is None:
            continue
        elif isinstance(value, list):
            value = ", ".join(map(str, value))
        lines.append(f"- {key}: {value}")
    return lines


def markdown(tournament: dict[str, Any] | None, games: Sequence[StoredGame], data: dict[str, Any]) -> str:
    """The report's Markdown text."""
    standings, pairwise = _rows(data)
    name = tournament["name"] if tournament else "tournament"
    config = tournament["config"] if tournament else {}
    minutes = sum(g.seconds for g in games) / 60
    group_head = ["", "games", "avg VP", "win %", "95% interval"]
    lines = [
        f"# Tournament report: {name}", "",
        (f"{len(games)} games stored, {minutes:.1f} minutes of play in all "
        f"({sum(g.n_moves for g in games) / max(len(games), 1):.0f} moves a game on average)."), "",
        "## Settings", "", *_settings(config, has_roles(games)), "",
        "## Standings", "",
        ("Ratings: openskill's Plackett-Luce model over each game's final ranking (ties share a rank), "
        "games taken in schedule order; the interval is mu +- 1.96 sigma. Wins: a sole winner scores 1, "
        "tied winners share it."), "",
        _md_table(STANDING_HEAD, standings), "", "![ratings](ratings.png)", "",
        "## Head to head", "",
        ("A ahead: the share of the games both played in which A finished with more VP than B (ties count "
        "half), with a Wilson 95% interval; margin: A's VP minus B's, with a Student t 95% interval."), "",
        _md_table(PAIR_HEAD, pairwise) if pairwise else "(no two bots met)", "",
        "## Final scores", "", "![scores by bot](scores_by_bot.png)", "",
        *([f"![scores by {_role_name(tournament)}](scores_by_faction.png)", ""] if has_roles(games) else []),
        "## Seats", "", "Win share by seat (a seat advantage shows here), with Wilson 95% intervals.", "",
        _md_table(["seat", *group_head[1:]], _group_rows(group_stats(games, "seat"))), "",
        "![win rate by seat](win_rate_by_seat.png)", "",
    ]
    if has_roles(games):
        role = _role_name(tournament)
        lines += [f"## {role.capitalize()}s", "",
                  _md_table([role, *group_head[1:]], _group_rows(group_stats(games, "faction"))), ""]
    return "\n".join(lines)


def _role_name(tournament: dict[str, Any] | None) -> str:
    """What a seat plays in the tournament's game: "faction" (Gaia Project), "corporation" (TM)."""
    from gaia_ai.errors import UnknownGameError
    from gaia_ai.games.registry import DEFAULT_GAME, load_game

    try:
        return load_game((tournament or {}).get("game") or DEFAULT_GAME).info.role_name
    except UnknownGameError:   # a game no longer registered: the report still reads
        return "faction"


def has_roles(games: Sequence[StoredGame]) -> bool:
    """Whether the games dealt roles (factions, corporations): Eminent Domain deals none."""
    return any(f for g in games for f in g.factions)


def _plots(games: Sequence[StoredGame], data: dict[str, Any], folder: Path, role: str = "faction") -> None:
    """The report's plots; role: what a seat plays, as the game names it (a faction, a corporation)."""
    import matplotlib

    matplotlib.use("Agg")   # files only: no display needed
    import matplotlib.pyplot as plt

    bots = [s["bot"] for s in data["standings"]]

    fig, ax = plt.subplots(figsize=(7, 1.2 + 0.5 * len(bots)))
    ys = list(range(len(bots)))[::-1]
    mus = [s["mu"] for s in data["standings"]]
    errs = [[s["mu"] - s["low"] for s in data["standings"]], [s["high"] - s["mu"] for s in data["standings"]]]
    ax.errorbar(mus, ys, xerr=errs, fmt="o", capsize=4)
    ax.set_yticks(ys, bots)
    ax.set_xlabel("rating (Plackett-Luce mu, 95% interval)")
    ax.set_title("Ratings")
    ax.grid(axis="x", alpha=0.3)
    _save(plt, fig, folder / "ratings.png")

    vp_by_bot: dict[str, list[int]] = defaultdict(list)
    for g in games:
        for bot, vp in zip(g.bots, g.scores, strict=True):
            vp_by_bot[bot].append(vp)
    fig, ax = plt.subplots(figsize=(max(5, 1.2 * len(bots)), 4.4))
    ax.boxplot([vp_by_bot[b] for b in bots], showmeans=True)
    ax.set_xticks(range(1, len(bots) + 1), [f"{b}\n({len(vp_by_bot[b])} scores)" for b in bots],
                  rotation=20, ha="right")
    ax.set_ylabel("final VP")
    ax.set_title("Final scores by bot")
    ax.grid(axis="y", alpha=0.3)
    _box_note(fig)
    _save(plt, fig, folder / "scores_by_bot.png")

    width = 0.8 / len(bots)
    if has_roles(games):
        cell: dict[tuple[str, str], list[int]] = defaultdict(list)
        for g in games:
            for bot, faction, vp in zip(g.bots, g.factions, g.scores, strict=True):
                cell[faction, bot].append(vp)
        factions = sorted({f for f, _ in cell})
        # room for each label (long names wrapped on two lines), so that neighbours never overlap
        fig, ax = plt.subplots(figsize=(max(6, 1.1 * len(factions) * max(1, len(bots) / 2)), 5))
        colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
        for i, bot in enumerate(bots):
            positions = [k + (i - (len(bots) - 1) / 2) * width for k, f in enumerate(factions) if cell[f, bot]]
            values = [cell[f, bot] for f in factions if cell[f, bot]]
            if values:
                parts = ax.boxplot(values, positions=positions, widths=width * 0.9, patch_artist=True, showmeans=True,
                                   manage_ticks=False)
                for box in parts["boxes"]:
                    box.set_facecolor(colors[i % len(colors)])
                    box.set_alpha(0.6)
            ax.plot([], [], "s", color=colors[i % len(colors)], label=bot)
        counts = {f: sum(len(cell[f, b]) for b in bots) for f in factions}
        ax.set_xticks(range(len(factions)),
                      [f"{textwrap.fill(f, 14)}\n({counts[f]} scores)" for f in factions], fontsize="small")
        ax.set_ylabel("final VP")
        ax.set_title(f"Final scores by {role} and bot")
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))   # beside the boxes, never on them
        ax.grid(axis="y", alpha=0.3)
        _box_note(fig)
        _save(plt, fig, folder / "scores_by_faction.png")

    seats = max((g.players for g in games), default=2)
    stats = {g.key: g for g in group_stats(games, "bot-seat")}
    fig, ax = plt.subplots(figsize=(max(5, 1.5 * seats), 4))
    for i, bot in enumerate(bots):
        xs, rates, lows, highs = [], [], [], []
        for seat in range(seats):
            stat = stats.get(f"{bot} @ p{seat + 1}")
            if stat is not None:
                xs.append(seat + (i - (len(bots) - 1) / 2) * width)
                rates.append(stat.win_rate)
                lows.append(stat.win_rate - stat.win_low)
                highs.append(stat.win_high - stat.win_rate)
        bars = ax.bar(xs, rates, width=width * 0.9, yerr=[lows, highs], capsize=3, label=bot, alpha=0.8,
                      edgecolor="black", linewidth=0.6)
        # the value on each bar: a share of 0 is a visible "0.00" under its interval, not an orphan error bar
        ax.bar_label(bars, labels=[f"{r:.2f}" for r in rates], padding=2, fontsize=7)
    ax.set_xticks(range(seats), [f"p{s + 1}" for s in range(seats)])
    ax.set_ylim(0, 1.15)   # room above a 1.0 bar for its label
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1.0])
    ax.set_ylabel("win share (95% interval)")
    ax.set_title("Win rate by seat")
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))   # beside the bars, never on them
    ax.grid(axis="y", alpha=0.3)
    _save(plt, fig, folder / "win_rate_by_seat.png")


BOX_NOTE = ("box: middle half of the scores; line: median; triangle: mean; whiskers: up to 1.5 box "
            "lengths; circles: scores beyond")


def _box_note(fig: Any) -> None:
    fig.text(0.01, 0.005, BOX_NOTE, fontsize=7, color="#555555", va="bottom")


def _save(plt: Any, fig: Any, path: Path) -> None:
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)   # pyplot keeps every open figure alive until closed


def write_report(db: str | Path, folder: str | Path) -> list[Path]:
    """Write ``report.md`` and the plots into ``folder`` (created if needed); returns the files.
    Raises StoreError when ``db`` is not a tournament database or holds no finished game."""
    with TournamentStore(db, readonly=True) as store:
        tournament = store.tournament()
        games = store.games()
    if not games:
        raise StoreError(f"{db} holds no finished game yet: nothing to report")
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    data = summary(games)
    (out / "report.md").write_text(markdown(tournament, games, data), encoding="utf-8")
    _plots(games, data, out, _role_name(tournament))
    return [out / "report.md", *(out / name for name in PLOTS if name != "scores_by_faction.png" or has_roles(games))]
