"""Review of a played Eminent Domain game (``gaia-ai review --game eminent-domain LOG``): every decision of
the chosen seats with more than one legal move is searched from what that seat saw (the search
determinizes for it), the played move compared with the search's choice.

Each log line is one atomic decision, so a decision is one search. The search keeps the played move at
PLAYED_MIN_VISIT_SHARE of its simulations at least (favoured, gaia_ai._core.mcts.search), so the played
move's estimate is its own root candidate's, from the same tree as the best move's; a played move the
search does not branch over is valued, with the search's choice alike, by random playouts after each from
determinizations for the seat (like with like: a tree's value and playouts differ a little). Losses and labels as for every
game (gaia_ai/review/labels.py).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

from gaia_ai.games.eminent_domain.errors import EdError
from gaia_ai.games.eminent_domain.game import EdSetup
from gaia_ai.games.eminent_domain.gamelog import FORMAT, state_for
from gaia_ai.games.eminent_domain.positions import pick_record
from gaia_ai.games.eminent_domain.state import EdState
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
from gaia_ai.search.core import search

PLAYED_MIN_VISIT_SHARE = 0.1
PLAYOUTS = 200        # random playouts per move valued by playouts


@dataclass(frozen=True)
class PlayedGame:
    """A game log to review: lines[i] is "p1 act survey" (what `--move i` positions are cut before)."""

    game_id: str
    setup: EdSetup
    lines: tuple[str, ...]

    def players(self) -> list[Player]:
        return [Player(p, f"p{p + 1}", None, None) for p in range(self.setup.players)]


def load_played_game(path: str, game_id: str | None = None) -> PlayedGame:
    rec = pick_record(path, game_id)
    if rec.get("format") != FORMAT or not isinstance(rec.get("moves"), list):
        raise ReviewError(f"{path}: not an {FORMAT} game log (format {rec.get('format')!r})")
    try:
        setup = EdSetup.from_data(rec["setup"])
    except (KeyError, TypeError) as e:
        raise ReviewError(f"{path}: bad setup {rec.get('setup')!r}: {e}") from None
    return PlayedGame(str(rec.get("id", path)), setup, tuple(str(m) for m in rec["moves"]))


@dataclass
class _Pending:
    index: int
    player: int
    played: str
    state: EdState          # before the move
    choices: int


def review_game(game: PlayedGame, players: Iterable[int] | None = None, config: SearchConfig | None = None,
                lines: tuple[int, int] | None = None,
                progress: Callable[[Iterator[Any], int], Iterable[Any]] | None = None, jobs: int = 1) -> Review:
    """Review the decisions of `players` (all by default) in log lines lines[0] <= i < lines[1], `jobs`
    decisions at once (gaia_ai.review.jobs)."""
    seats = game.players()
    config, chosen = review_request(config, len(seats), players)
    window = lines or (0, len(game.lines))
    pending, skipped, round_starts, final = _plan(game, set(chosen), window)
    decisions, interrupted = evaluate_decisions(_evaluate, pending, config, progress, jobs,
                                                rebuild=partial(_pending_of, game, frozenset(chosen), window))
    return Review(game.game_id, seats, chosen, window, config, decisions, skipped, round_starts,
                  final, len(game.lines), interrupted)


def _pending_of(game: PlayedGame, chosen: frozenset[int], window: tuple[int, int]) -> list[_Pending]:
    """The decisions to evaluate (what a review's worker process rebuilds)."""
    return _plan(game, set(chosen), window)[0]


def _plan(game: PlayedGame, chosen: set[int], window: tuple[int, int]
          ) -> tuple[list[_Pending], list[Skipped], dict[int, int], list[int] | None]:
    """Replay the log: the decisions to evaluate, the forced ones, where rounds start, the final scores."""
    try:
        state = state_for(game.setup)
    except EdError as e:
        raise ReviewError(f"{game.game_id}: bad setup: {e}") from None
    pending: list[_Pending] = []
    skipped: list[Skipped] = []
    round_starts: dict[int, int] = {}
    for index, line in enumerate(game.lines):
        seat, _, move = line.partition(" ")
        if state.is_terminal:
            raise ReviewError(f"{game.game_id}: log line {index} {line!r}: the game is already over")
        player = state.current_player
        if seat != f"p{player + 1}":
            raise ReviewError(f"{game.game_id}: log line {index} {line!r}: the decision is p{player + 1}'s")
        round_starts.setdefault(_round(state), index)
        if window[0] <= index < window[1] and player in chosen:
            choices = len(state.legal_moves())
            if choices == 1:
                skipped.append(Skipped(index, player, move, "forced"))
            else:
                pending.append(_Pending(index, player, move, state.copy(), choices))
        try:
            state.apply(move)
        except EdError as e:
            raise ReviewError(f"{game.game_id}: log line {index} {line!r}: {e}") from None
    return pending, skipped, round_starts, state.final_scores()


def _round(state: EdState) -> int:
    """Rounds of turns from 1: every seat leads once a round."""
    return state.raw_state()["turns"] // state.players + 1


def _evaluate(p: _Pending, config: SearchConfig) -> Decision:
    # the played move is kept at PLAYED_MIN_VISIT_SHARE of the simulations at least: valued in the same
    # tree as the best move
    code = next((c for c, m in p.state.search_moves() if str(m[0]) == p.played), None)
    result = search(p.state, config, favoured=None if code is None else (int(code), PLAYED_MIN_VISIT_SHARE))
    ranked = [str(c.move) for c in result.candidates]
    rank = ranked.index(p.played) + 1 if p.played in ranked else None
    best = result.candidates[0]
    is_best = rank == 1
    played = result.candidates[rank - 1] if rank else None
    min_visits = math.ceil(PLAYED_MIN_VISIT_SHARE * (config.simulations or 0))
    if played is not None and (is_best or code is not None or played.visits >= min_visits):
        played_estimate, best_estimate, evaluation = Estimate.of(played), Estimate.of(best), "search"
    else:
        played_estimate = playout_estimate(p.state, p.played, p.player, config.seed)
        best_estimate = playout_estimate(p.state, str(best.move), p.player, config.seed)
        evaluation = "rollouts"
    vp_loss = max(0.0, best_estimate.expected_score - played_estimate.expected_score)
    win_loss = max(0.0, best_estimate.win_probability - played_estimate.win_probability)
    value_loss = max(0.0, best_estimate.value - played_estimate.value)
    if is_best:
        vp_loss = win_loss = value_loss = 0.0
    top = [{"move": str(c.move), "visits": c.visits, "win_probability": round(c.win_probability, 4),
            "expected_score": round(c.expected_score, 2)} for c in result.candidates[:3]]
    return Decision(
        index=p.index, round=_round(p.state), phase=p.state.decision, player=p.player, played=p.played,
        best=str(best.move), played_estimate=played_estimate, best_estimate=best_estimate,
        vp_loss=vp_loss, win_probability_loss=win_loss, value_loss=value_loss,
        severity=labels.severity(vp_loss, win_loss), label=labels.label(vp_loss, win_loss, is_best),
        rank=rank, evaluation=evaluation, choices=p.choices, top=top)


def playout_estimate(state: EdState, move: str, player: int, seed: int, playouts: int = PLAYOUTS) -> Estimate:
    """The move valued for player by random playouts after it, each from a determinization of what the
    player saw: win probability (ties split), mean final score, and the win probability as the value."""
    rng = random.Random(f"{seed}-{move}")
    wins = total = 0.0
    for _ in range(playouts):
        line = state.determinize(player, rng.randrange(2**63))
        line.apply(move)
        line._core.random_playout(rng.randrange(2**63))
        scores = line.scores()
        best = max(scores)
        if scores[player] == best:
            wins += 1 / scores.count(best)
        total += scores[player]
    return Estimate(wins / playouts, wins / playouts, total / playouts)
