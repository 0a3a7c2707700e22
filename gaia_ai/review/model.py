"""What a game review is made of, for any game: the players, each decision's estimates, losses and label,
the review itself, and the helpers every game's review shares (its search settings, a line range, the
players a name designates). A game's own review (Gaia Project: gaia_ai/games/gaia/review.py) maps its
log onto search moves and fills these in; report.py and chart.py show them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gaia_ai.errors import ToolkitError
from gaia_ai.search.config import SearchConfig


class ReviewError(ToolkitError, ValueError):
    """A review cannot be made as asked (bad player, range or budget, a line the engine rejects)."""


@dataclass(frozen=True)
class Player:
    """A seat of the game: index (0-based), seat name (p1..), faction or other role (None before its
    pick), the player's name where the game file has one."""

    index: int
    seat: str
    faction: str | None
    name: str | None

    @property
    def label(self) -> str:
        """How tables and charts name the player: the faction (else the seat), with the name if known."""
        who = self.faction or self.seat
        return f"{who} ({self.name})" if self.name else who

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.index, "seat": self.seat, "faction": self.faction, "name": self.name}


@dataclass(frozen=True)
class Estimate:
    """What a decision is worth to the player who took it: value (the search's value mode, 0..1), win
    probability (ties split) and expected final VP."""

    value: float
    win_probability: float
    expected_score: float

    @classmethod
    def of(cls, candidate: Any) -> Estimate:
        """The estimate of a search candidate (gaia_ai.search result: value, win_probability, expected_score)."""
        return cls(candidate.value, candidate.win_probability, candidate.expected_score)

    def to_dict(self) -> dict[str, float]:
        return {"value": round(self.value, 4), "win_probability": round(self.win_probability, 4),
                "expected_score": round(self.expected_score, 2)}


@dataclass(frozen=True)
class Decision:
    """One reviewed log line. index: its 0-based position in the log (the init line is 0); played: the
    line as logged (annotations removed); best: the search's preferred decision (its search move and
    sub-choices); rank: where the played first choice stands among the search's candidates by visits
    (1 = the search's choice; None: not a search candidate); evaluation: how `played_estimate` was
    obtained (module doc); choices: search moves at the decision; top: the most visited candidates;
    played_visits: the played first choice's simulations in the decision's search (None: not one of
    its candidates, or a game's review that does not say)."""

    index: int
    round: int
    phase: str
    player: int
    played: str
    best: str
    played_estimate: Estimate
    best_estimate: Estimate
    vp_loss: float
    win_probability_loss: float
    value_loss: float
    severity: float
    label: str
    rank: int | None
    evaluation: str
    choices: int
    top: list[dict[str, Any]] = field(default_factory=list)
    # the played and the best move in plain words (the game's describe_moves), [] when it has none
    played_words: list[str] = field(default_factory=list)
    best_words: list[str] = field(default_factory=list)
    played_visits: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index, "round": self.round, "phase": self.phase, "player": self.player,
            "played": self.played, "best": self.best,
            "played_estimate": self.played_estimate.to_dict(), "best_estimate": self.best_estimate.to_dict(),
            "vp_loss": round(self.vp_loss, 2), "win_probability_loss": round(self.win_probability_loss, 4),
            "value_loss": round(self.value_loss, 4), "severity": round(self.severity, 3), "label": self.label,
            "rank": self.rank, "evaluation": self.evaluation, "choices": self.choices, "top": self.top,
            "played_words": self.played_words, "best_words": self.best_words,
            "played_visits": self.played_visits,
        }


@dataclass(frozen=True)
class Skipped:
    """A line of a reviewed player that is not reviewed, and why: "faction pick", "forced" (one search
    move at each step), or, should the engine disagree with the log, "not the player to move in the
    engine" / "no search move to compare with"."""

    index: int
    player: int
    line: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "player": self.player, "line": self.line, "reason": self.reason}


@dataclass
class Review:
    """A game's review: decisions in log order, of the lines lines[0] <= index < lines[1] of a log of
    log_length lines; round_starts maps each round to the index of its first log line; final_scores is
    set for a finished game."""

    game_id: str
    players: list[Player]
    reviewed: list[int]
    lines: tuple[int, int]
    config: SearchConfig
    decisions: list[Decision]
    skipped: list[Skipped]
    round_starts: dict[int, int]
    final_scores: list[int] | None
    log_length: int
    interrupted: bool = False   # Ctrl-C stopped it: `decisions` are the ones reviewed before
    round_name: str = "round"   # what the game calls a round (Terraforming Mars: generation), for charts


def review_config(simulations: int = 1000, threads: int = 1, seed: int = 0,
                  search: Mapping[str, Any] | None = None) -> SearchConfig:
    """The search configuration of a review: a simulation budget and root parallelism (deterministic
    for a given seed and thread count, so a review can be reproduced), over `search`: SearchConfig
    fields of the search itself (`gaia-ai review` passes the game's Game.hint_search(), so a review
    judges moves with the search a hint would; none: SearchConfig's defaults)."""
    return SearchConfig(**{**(search or {}), "simulations": simulations, "threads": threads,
                           "parallelism": "root", "seed": seed})


def review_request(config: SearchConfig | None, seats: int, players: Iterable[int] | None,
                   search: Mapping[str, Any] | None = None) -> tuple[SearchConfig, list[int]]:
    """The checked config (by default review_config() over `search`, the game's hint search; a review
    needs a simulation budget) and the sorted seats to review (all `seats` by default) of a game's
    review_game; ReviewError otherwise."""
    config = config or review_config(search=search)
    if config.simulations is None:
        raise ReviewError("a review needs a simulation budget (SearchConfig.simulations), not a time budget")
    chosen = sorted(set(range(seats) if players is None else players))
    if not chosen or any(not 0 <= p < seats for p in chosen):
        raise ReviewError(f"players must be indexes 0..{seats - 1}, got {chosen}")
    return config, chosen


def parse_lines(text: str, total: int) -> tuple[int, int]:
    """A range of log-line indexes 'A:B' (A <= index < B; either may be omitted) within 0..total."""
    start_text, colon, stop_text = text.partition(":")
    try:
        if not colon:
            raise ValueError
        start = int(start_text) if start_text.strip() else 0
        stop = int(stop_text) if stop_text.strip() else total
    except ValueError:
        raise ReviewError(f"bad line range {text!r}: write A:B (log lines A to B-1; A: or :B also work)") from None
    if not 0 <= start < stop <= total:
        raise ReviewError(f"bad line range {text!r}: the game has log lines 0..{total - 1}, and A < B is needed")
    return start, stop


def resolve_players(players: list[Player], name: str) -> list[int]:
    """The player indexes `name` designates: 'all', a seat (p1..), a faction or an export's player name
    (case-insensitive); ReviewError listing the valid names otherwise."""
    wanted = name.strip().lower()
    if wanted == "all":
        return [p.index for p in players]
    for player in players:
        if wanted in (player.seat, (player.faction or "").lower(), (player.name or "").lower()):
            return [player.index]
    valid = [p.seat for p in players] + [p.faction for p in players if p.faction]
    valid += [p.name for p in players if p.name] + ["all"]
    raise ReviewError(f"no player {name!r} in this game: give one of {', '.join(valid)}")
