"""Ratings and head-to-head statistics of a tournament's games, with 95% intervals.

* Ratings: openskill's Plackett-Luce model (a multiplayer rating with uncertainty: mean ``mu`` and
  standard deviation ``sigma`` per bot), updated game by game in schedule order with each game's
  final ranking (ties share a rank), so the same games give the same ratings whatever order they
  finished in. The interval is ``mu +- 1.96 sigma``.
* Pairwise, for every two bots that met: the share of games in which the first finished ahead of
  the second (ties count half) with a Wilson score interval, and the mean VP margin with a Student t
  interval.
* Per seat and per faction: games, average VP and win share (a sole winner 1; tied winners share it).
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, Protocol

Z95 = 1.959964
# two-sided 95% Student t quantiles for 1..30 degrees of freedom
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


class GameLike(Protocol):
    """What the statistics read from a game: bot name, faction and final VP per seat, schedule order."""

    @property
    def ordinal(self) -> int: ...
    @property
    def bots(self) -> Sequence[str]: ...
    @property
    def factions(self) -> Sequence[str]: ...
    @property
    def scores(self) -> Sequence[int]: ...


def t95(df: int) -> float:
    """Two-sided 95% quantile of Student's t with ``df`` degrees of freedom."""
    if df <= len(_T95):
        return _T95[df - 1]
    z = Z95   # Cornish-Fisher expansion: within 0.001 of the exact quantile beyond 30 df
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


def mean_interval(xs: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (Student t); the interval is unbounded for fewer than 2 values."""
    if not xs:
        return math.nan, math.nan, math.nan
    mean = statistics.fmean(xs)
    if len(xs) < 2:
        return mean, -math.inf, math.inf
    half = t95(len(xs) - 1) * statistics.stdev(xs) / math.sqrt(len(xs))
    return mean, mean - half, mean + half


def wilson_interval(successes: float, n: int) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (successes may be fractional: ties count half)."""
    if n == 0:
        return math.nan, math.nan
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # the interval holds p in exact arithmetic; rounding can leave p a hair outside it at 0 or 1
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def win_shares(scores: Sequence[int]) -> list[float]:
    """Each seat's share of the win: 1 for a sole winner, split among tied winners, else 0."""
    best = max(scores)
    winners = sum(v == best for v in scores)
    return [1 / winners if v == best else 0.0 for v in scores]


@dataclass
class Standing:
    """A bot's rating (mu, sigma, 95% interval) and its record."""

    bot: str
    mu: float
    sigma: float
    low: float
    high: float
    games: int
    wins: float
    average_vp: float


@dataclass
class Pairing:
    """``a`` against ``b`` over the games both played: a's share of finishing ahead, a's VP margin."""

    a: str
    b: str
    games: int
    a_ahead: float
    win_rate: float
    win_low: float
    win_high: float
    margin: float
    margin_low: float
    margin_high: float


@dataclass
class GroupStat:
    """Games, average VP and win share of one group (a seat, a faction, a bot at a seat...)."""

    key: str
    games: int
    average_vp: float
    wins: float
    win_rate: float
    win_low: float
    win_high: float


def standings(games: Sequence[GameLike]) -> list[Standing]:
    """Plackett-Luce ratings of every bot, best first (by mu)."""
    from openskill.models import PlackettLuce

    # tau = 0: a bot does not learn between games, so its skill does not drift
    model = PlackettLuce(tau=0.0)
    ratings: dict[str, Any] = {}
    played: dict[str, int] = defaultdict(int)
    wins: dict[str, float] = defaultdict(float)
    vps: dict[str, list[int]] = defaultdict(list)
    for game in sorted(games, key=lambda g: g.ordinal):
        for bot in game.bots:
            ratings.setdefault(bot, model.rating(name=bot))
        teams = [[ratings[bot]] for bot in game.bots]
        ranks = [float(1 + sum(other > v for other in game.scores)) for v in game.scores]
        for bot, [new] in zip(game.bots, model.rate(teams, ranks=ranks), strict=True):
            ratings[bot] = new
        for bot, vp, share in zip(game.bots, game.scores, win_shares(game.scores), strict=True):
            played[bot] += 1
            wins[bot] += share
            vps[bot].append(vp)
    out = [Standing(bot, r.mu, r.sigma, r.mu - Z95 * r.sigma, r.mu + Z95 * r.sigma, played[bot], wins[bot],
                    statistics.fmean(vps[bot])) for bot, r in ratings.items()]
    return sorted(out, key=lambda s: (-s.mu, s.bot))


def pairings(games: Sequence[GameLike], order: Sequence[str]) -> list[Pairing]:
    """Head-to-head records of every two bots that met; ``a`` comes before ``b`` in ``order``."""
    rank = {bot: i for i, bot in enumerate(order)}
    ahead: dict[tuple[str, str], float] = defaultdict(float)
    margins: dict[tuple[str, str], list[float]] = defaultdict(list)
    for game in games:
        # a bot listed at several seats (not in tournaments; possible in stored data) counts by its mean VP
        vp_of: dict[str, list[int]] = defaultdict(list)
        for bot, vp in zip(game.bots, game.scores, strict=True):
            vp_of[bot].append(vp)
        met = sorted(vp_of, key=lambda b: (rank.get(b, len(rank)), b))
        for i, a in enumerate(met):
            for b in met[i + 1:]:
                va, vb = statistics.fmean(vp_of[a]), statistics.fmean(vp_of[b])
                ahead[a, b] += 1.0 if va > vb else 0.5 if va == vb else 0.0
                margins[a, b].append(va - vb)
    out = []
    for (a, b), ms in margins.items():
        n = len(ms)
        low, high = wilson_interval(ahead[a, b], n)
        mean, mlow, mhigh = mean_interval(ms)
        out.append(Pairing(a, b, n, ahead[a, b], ahead[a, b] / n, low, high, mean, mlow, mhigh))
    return sorted(out, key=lambda p: (rank.get(p.a, len(rank)), rank.get(p.b, len(rank)), p.a, p.b))


def group_stats(games: Sequence[GameLike], by: str) -> list[GroupStat]:
    """Per ``seat``, ``faction``, ``bot`` or ``bot-seat`` (a bot at a seat): games, VP and wins."""
    vps: dict[str, list[int]] = defaultdict(list)
    wins: dict[str, float] = defaultdict(float)
    for game in games:
        for seat, (bot, faction, vp, share) in enumerate(
                zip(game.bots, game.factions, game.scores, win_shares(game.scores), strict=True)):
            key = {"seat": f"p{seat + 1}", "faction": faction, "bot": bot, "bot-seat": f"{bot} @ p{seat + 1}"}[by]
            vps[key].append(vp)
            wins[key] += share
    out = []
    for key in sorted(vps):
        n = len(vps[key])
        low, high = wilson_interval(wins[key], n)
        out.append(GroupStat(key, n, statistics.fmean(vps[key]), wins[key], wins[key] / n, low, high))
    return out


def summary(games: Sequence[GameLike]) -> dict[str, Any]:
    """Everything above as plain data (the ``--json`` output and the report's source)."""
    table = standings(games)
    return {
        "games": len(games),
        "standings": [_plain(asdict(s)) for s in table],
        "pairwise": [_plain(asdict(p)) for p in pairings(games, [s.bot for s in table])],
        "seats": [_plain(asdict(g)) for g in group_stats(games, "seat")],
        "factions": [_plain(asdict(g)) for g in group_stats(games, "faction")]
        if any(f for g in games for f in g.factions) else [],   # none for a game that deals no roles
    }


def _plain(row: dict[str, Any]) -> dict[str, Any]:
    # JSON has no infinity: an unbounded interval end (a single game) becomes null
    return {k: (None if isinstance(v, float) and not math.isfinite(v) else v) for k, v in row.items()}
