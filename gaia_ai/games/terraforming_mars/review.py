"""Review of a played Terraforming Mars game (``gaia-ai review --game terraforming-mars``): a corpus record
(../shared/corpus/tm/games-*.jsonl.gz; --corpus FILE --game-id ID, or a file of one record) replayed with
its recorded draws; every decision of the chosen seats with more than one legal move is searched from
what that seat knew then, and the played move compared with the search's choice.

A record's action (a card play with its payment, then its follow-ups: spaces, targets, options) is a run
of atomic decisions; each is one log line here ("p1 play Comet pay mc=21", "p1 space 25") and one review
decision, so `--moves A:B` counts these lines. The position searched is rebuilt from the seat's
observation (observation.py: its own hand and offer, everything public, the others' hands and the piles
as counts), so the review uses nothing the seat could not see. A played search move is kept among the
root's candidates at PLAYED_MIN_VISIT_SHARE of the simulations at least (favoured,
gaia_ai._core.mcts.search), so its estimate is its own root candidate's, from the same tree as the best
move's; a played move outside the search moves (another payment, a tile space the heuristic leaves out)
is valued by a second search of the same budget and seed over every legal move, its root restricted to
that move. Losses and labels
as for every game (gaia_ai/review/labels.py).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from gaia_ai.review import labels
from gaia_ai.review.jobs import evaluate_decisions
from gaia_ai.review.model import (
    Decision,
    Estimate,
    Player,
    Review,
    ReviewError,
    Skipped,
    review_request,
)
from gaia_ai.search import SearchConfig

from .errors import TmError
from .gamelog import FORMAT as LOG_FORMAT
from .gamelog import LogError, is_log, log_state
from .observation import observation_json, state_from_observation
from .positions import pick_record
from .replay import Divergence, Replayer
from .search import TmSearcher
from .state import TmState
from .words import describe_line

PLAYED_MIN_VISIT_SHARE = 0.1


@dataclass
class _Step:
    """One atomic decision of the record: who, its line, the state before it, the record action."""

    player: int
    text: str
    before: TmState
    act: int


class _RecordingReplayer(Replayer):
    """The judge's replayer, keeping each atomic decision it applies with the position before it."""

    def __init__(self, rec: dict[str, Any]) -> None:
        super().__init__(rec)
        self.steps: list[_Step] = []
        self.act = -1

    def apply(self, move: int, what: str) -> None:
        before = self.state.copy()
        player, text = before.current_player, before.format(move)
        super().apply(move, what)
        self.steps.append(_Step(player, text, before, self.act))


@dataclass(frozen=True)
class PlayedGame:
    """A corpus record to review: lines[i] is "p1 play Comet pay mc=21" (every atomic decision)."""

    game_id: str
    record: dict[str, Any]
    lines: tuple[str, ...]
    steps: tuple[_Step, ...] = field(repr=False)
    final: TmState = field(repr=False)

    def players(self) -> list[Player]:
        colors = self.record.get("colors") or [None] * self.final.num_players
        return [Player(p, f"p{p + 1}", self.final.role(p), colors[p]) for p in range(self.final.num_players)]


def load_played_game(path: str, game_id: str | None = None) -> PlayedGame:
    """The record `game_id` of a corpus file (or the only one; a .json file of one record), replayed."""
    if str(path).endswith(".json"):
        try:
            rec = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise ReviewError(f"{path}: cannot read a record: {e}") from None
    else:
        try:
            rec = pick_record(path, game_id)
        except TmError as e:
            raise ReviewError(str(e)) from None
    if not is_log(rec) and (not isinstance(rec, dict) or not isinstance(rec.get("acts"), list)):
        raise ReviewError(f"{path}: not a Terraforming Mars corpus record (no list of acts) nor a "
                          f"{LOG_FORMAT} game log")
    return played_game(rec, str(rec.get("id", path)))


def played_game(rec: dict[str, Any], name: str) -> PlayedGame:
    """A corpus record or one of our logs, replayed for review."""
    if is_log(rec):
        return _played_log(rec, name)
    try:
        replayer = _RecordingReplayer(rec)
    except (Divergence, ValueError, KeyError, TypeError) as e:
        raise ReviewError(f"{name}: bad setup: {e}") from None
    for i, act in enumerate(rec["acts"]):
        replayer.act = i
        try:
            replayer.step(act)
        except (Divergence, ValueError, KeyError, TypeError) as e:
            what = f"{act.get('k')} p{act.get('p')}" if isinstance(act, dict) else ""
            raise ReviewError(f"{name}: act {i} ({what}): {e}") from None
    steps = tuple(replayer.steps)
    lines = tuple(f"p{s.player + 1} {s.text}" for s in steps)
    return PlayedGame(name, rec, lines, steps, replayer.state)


def _played_log(rec: dict[str, Any], name: str) -> PlayedGame:
    """One of our game logs (gaia-ai match --save, a tournament's export) to review: a line is a decision."""
    steps: list[_Step] = []
    try:
        final = log_state(rec, on_step=lambda seat, move, before: steps.append(_Step(seat, move, before.copy(), -1)))
    except LogError as e:
        raise ReviewError(f"{name}: {e}") from None
    return PlayedGame(name, rec, tuple(f"p{s.player + 1} {s.text}" for s in steps), tuple(steps), final)


class _Favouring(TmSearcher):
    """The search with the played search move among the root's candidates (the search favours it)."""

    def __init__(self, config: SearchConfig, move: int) -> None:
        super().__init__(config)
        self.move = move

    def root_moves(self, state: Any) -> list[int] | None:
        kept = super().root_moves(state)
        return kept if kept is None or self.move in kept else [*kept, self.move]


class _PlayedOnly(TmSearcher):
    """The search with its root restricted to one move: that move's value under the same budget. A move
    outside the search moves (another payment, a space the heuristic leaves out) is searched over every
    legal move (atomic), since the search-move tree has no such child."""

    def __init__(self, config: SearchConfig, move: int, atomic: bool = False) -> None:
        super().__init__(config, atomic=atomic)
        self.move = move

    def root_moves(self, state: Any) -> list[int] | None:
        return [self.move]


def review_game(game: PlayedGame, players: Iterable[int] | None = None, config: SearchConfig | None = None,
                lines: tuple[int, int] | None = None,
                progress: Callable[[Iterator[Any], int], Iterable[Any]] | None = None, jobs: int = 1) -> Review:
    """Review the decisions of `players` (all by default) in log lines lines[0] <= i < lines[1], `jobs`
    decisions at once (gaia_ai.review.jobs)."""
    seats = game.players()
    config, chosen = review_request(config, len(seats), players)
    window = lines or (0, len(game.lines))
    pending, skipped, round_starts = _plan(game, set(chosen), window)
    decisions, interrupted = evaluate_decisions(
        _evaluate_pending, pending, config, progress, jobs,
        rebuild=partial(_pending_of, game.record, game.game_id, frozenset(chosen), window))
    return Review(game.game_id, seats, chosen, window, config, decisions, skipped, round_starts,
                  game.final.final_scores(), len(game.lines), interrupted, round_name="generation")


def _pending_of(rec: dict[str, Any], name: str, chosen: frozenset[int], window: tuple[int, int]
                ) -> list[tuple[int, _Step, int]]:
    """The decisions to evaluate, from the record (what a review's worker process rebuilds)."""
    return _plan(played_game(rec, name), set(chosen), window)[0]


def _plan(game: PlayedGame, chosen: set[int], window: tuple[int, int]
          ) -> tuple[list[tuple[int, _Step, int]], list[Skipped], dict[int, int]]:
    """The decisions to evaluate (index, step, choices), the forced ones, where generations start."""
    pending: list[tuple[int, _Step, int]] = []
    skipped: list[Skipped] = []
    round_starts: dict[int, int] = {}
    for index, step in enumerate(game.steps):
        round_starts.setdefault(step.before.core.globals()[0], index)
        if not (window[0] <= index < window[1] and step.player in chosen):
            continue
        choices = len(step.before.legal_codes())
        if choices == 1:
            skipped.append(Skipped(index, step.player, step.text, "forced"))
        else:
            pending.append((index, step, choices))
    return pending, skipped, round_starts


def seat_position(state: TmState, seat: int, seed: int) -> TmState:
    """The position as `seat` knew it: rebuilt from its observation (the unseen cards a seeded sample)."""
    return state_from_observation(observation_json(state, seat), seed=seed)


def _evaluate_pending(pending: tuple[int, _Step, int], config: SearchConfig) -> Decision:
    return _evaluate(*pending, config)


def _evaluate(index: int, step: _Step, choices: int, config: SearchConfig) -> Decision:
    seen = seat_position(step.before, step.player, config.seed)
    played_code = seen.parse(step.text)
    # a played search move is kept among the root's candidates at PLAYED_MIN_VISIT_SHARE of the
    # simulations at least: valued in the same tree as the best move
    favoured = played_code in seen.search_codes()
    if favoured:
        result = _Favouring(config, played_code).search(seen, favoured=(played_code, PLAYED_MIN_VISIT_SHARE))
    else:
        result = TmSearcher(config).search(seen)
    ranked = [str(c.move) for c in result.candidates]
    rank = ranked.index(step.text) + 1 if step.text in ranked else None
    best = result.candidates[0]
    is_best = rank == 1
    played = result.candidates[rank - 1] if rank else None
    min_visits = math.ceil(PLAYED_MIN_VISIT_SHARE * (config.simulations or 0))
    if played is not None and (is_best or favoured or played.visits >= min_visits):
        played_estimate, evaluation = Estimate.of(played), "search"
    else:
        alone = _PlayedOnly(config, played_code, atomic=played_code not in seen.search_codes()).search(seen)
        played_estimate, evaluation = Estimate.of(alone.candidates[0]), "restricted search"
    best_estimate = Estimate.of(best)
    vp_loss = max(0.0, best_estimate.expected_score - played_estimate.expected_score)
    win_loss = max(0.0, best_estimate.win_probability - played_estimate.win_probability)
    value_loss = max(0.0, best_estimate.value - played_estimate.value)
    if is_best:
        vp_loss = win_loss = value_loss = 0.0
    top = [{"move": str(c.move), "visits": c.visits, "win_probability": round(c.win_probability, 4),
            "expected_score": round(c.expected_score, 2)} for c in result.candidates[:3]]
    core = step.before.core
    pending = core.pending()
    return Decision(
        index=index, round=core.globals()[0], phase=core.step + (f":{pending[0][0]}" if pending else ""),
        player=step.player, played=step.text, best=str(best.move), played_estimate=played_estimate,
        best_estimate=best_estimate, vp_loss=vp_loss, win_probability_loss=win_loss, value_loss=value_loss,
        severity=labels.severity(vp_loss, win_loss), label=labels.label(vp_loss, win_loss, is_best),
        rank=rank, evaluation=evaluation, choices=choices, top=top,
        played_words=[s["words"] for s in describe_line(seen, [played_code])],
        best_words=[s["words"] for s in describe_line(seen, [best.move])])
