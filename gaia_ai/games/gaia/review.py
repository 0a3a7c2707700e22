"""Gaia Project's game review (gaia-ai review --game gaia-project): per-decision analysis of a played game: for each log line of the reviewed players, the search's best
decision, the played one, both estimated for the player who decided, the losses and a label.

A decision is one log line of a reviewed player (a turn, a leech, an income choice, a setup placement
or booster). Faction picks are not reviewed (a choice before the game, which the search does not
weigh), nor forced lines (every step had a single search move). The line is mapped onto search moves
(gaia_ai.games.gaia.played); its first real choice is the decision's position, where the search runs.

Estimates (value, win probability, expected final VP) of the player who decided:
  best     the search's most visited candidate at the decision's position. The decisions go in runs
           of RUN_LENGTH consecutive ones; within a run the search keeps its tree (GaiaSearcher): a
           decision's position, found below the previous decision's root, starts with that subtree's
           visits and the search tops its root up to the budget (at least TOP_UP_SHARE of it new), so
           each decision is searched as deep as a fresh search of the budget, for less. A run starts
           afresh, and one process takes a whole run (gaia_ai.review.jobs): the same review for any
           number of jobs.
  played   "search": the played search move's own statistics in that search, when it is the best or
           the line has one real choice: the search keeps the played move at PLAYED_SHARE of its
           simulations at least (favoured, gaia_ai._core.mcts.search), so both moves are valued in
           the same tree and one search per decision does;
           "line": otherwise (a line with sub-choices) a second search in the same tree, at the
           position of the line's last real choice (the earlier ones played), with the leaf evaluation
           of the first and as many simulations at its root as the best candidate got (like with like;
           PLAYED_SHARE of the budget at least), the played choice kept at PLAYED_SHARE of the budget:
           its statistics value the whole played line;
           A played federation the search moves leave out (outside the generator's candidates, or a
           token past its cap) is offered to the generator at its position (played.py), so it is a
           search move there, searched and favoured like any other;
           "rollouts": a line the search moves cannot express even so (played.py) is valued from the position
           after the played line by config.simulations playouts of the search's own rollout policy,
           scored as the search scores a simulation (value mode, wins with ties split, final VP); its
           best estimate then comes from the same playouts after the search's best line, not from the
           tree, as playouts and a tree value a position a little differently (by 1-2 VP).
Losses = best - played, clipped at 0 (labels.py); the played line is "best" when its search moves
are the search's best candidate followed by its principal variation (the same sub-choices).

Every search is seeded (config.seed) and runs a simulation budget with root parallelism, and a run's
decisions are searched in order, so the same game, players, budget, threads and seed give the same
review.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import GaiaError
from gaia_ai.games.gaia.game import HINT_SEARCH
from gaia_ai.games.gaia.notation import ENDTURN, Command, LogLine, format_line, parse_line, strip_annotations
from gaia_ai.games.gaia.played import PlayedLine, Step, match_line
from gaia_ai.games.gaia.review_game import ReviewGame
from gaia_ai.games.gaia.search import Candidate, GaiaSearcher, SearchResult, search_gaia, search_moves
from gaia_ai.games.gaia.words import describe_line
from gaia_ai.review import labels
from gaia_ai.review.jobs import evaluate_decisions
from gaia_ai.review.model import (
    Decision,
    Estimate,
    Review,
    ReviewError,
    Skipped,
    review_request,
)
from gaia_ai.search.config import SearchConfig

# The played move is kept at this share of a search's simulations at least (favoured), so it is valued in
# the same tree as the best move, with enough simulations for its estimate.
PLAYED_SHARE = 0.1
TOP_CANDIDATES = 3   # candidates kept per decision (and the top-k of the agreement measure)
# Decisions searched in one tree, one after another (the first of a run starts a fresh tree); the new
# simulations of a decision whose position the previous tree already searched: at least this share.
RUN_LENGTH = 8
TOP_UP_SHARE = 0.25


@dataclass
class _Pending:
    """A line to evaluate: the position before it, its mapping onto search moves, the position after."""

    index: int
    player: int
    text: str
    state: GaiaState
    played: PlayedLine
    after: GaiaState
    run: int = 0    # the run of consecutive decisions searched in one tree (RUN_LENGTH)


def review_game(
    game: ReviewGame,
    players: Iterable[int] | None = None,
    config: SearchConfig | None = None,
    lines: tuple[int, int] | None = None,
    progress: Callable[[Iterator[Any], int], Iterable[Any]] | None = None,
    jobs: int = 1,
) -> Review:
    """Review the decisions of `players` (indexes; all by default) in log lines lines[0] <= i < lines[1]
    (all by default) with `config` (by default review_config() over the hint search, as `gaia-ai review`
    searches; it needs a simulation budget). progress(iterator, total) may wrap the evaluation loop (a
    progress bar); jobs: decisions evaluated at once, on as many processes (gaia_ai.review.jobs)."""
    seats = game.players()
    config, chosen = review_request(config, len(seats), players, search=HINT_SEARCH)
    window = lines or (0, len(game.lines))
    pending, skipped, round_starts, final = _plan(game, set(chosen), window)
    _RUN.clear()   # every review starts with fresh trees
    decisions, interrupted = evaluate_decisions(_evaluate, pending, config, progress, jobs,
                                                rebuild=partial(_pending_of, game, frozenset(chosen), window),
                                                run_of=lambda p: p.run)
    return Review(game.game_id, seats, chosen, window, config, decisions, skipped, round_starts, final,
                  len(game.lines), interrupted)


def _pending_of(game: ReviewGame, chosen: frozenset[int], window: tuple[int, int]) -> list[_Pending]:
    """The lines to evaluate (what a review's worker process rebuilds)."""
    return _plan(game, set(chosen), window)[0]


def _plan(game: ReviewGame, chosen: set[int], window: tuple[int, int]
          ) -> tuple[list[_Pending], list[Skipped], dict[int, int], list[int] | None]:
    """Replay the game: the lines to evaluate, the lines skipped, where rounds start, the final scores."""
    state = GaiaState.new(game.setup)
    pending: list[_Pending] = []
    skipped: list[Skipped] = []
    round_starts: dict[int, int] = {}
    for index, text in enumerate(game.lines):
        before: tuple[int, str, GaiaState, PlayedLine] | None = None
        try:
            line = parse_line(text)
            if line.commands[0].name == "init":
                continue
            if state.is_terminal:
                raise GaiaError("the game is already over")
            if state.round >= 1:
                round_starts.setdefault(state.round, index)
            player = state.player_of(line.player)
            shown = format_line(LogLine(None, line.commands, line.ends_turn))
            if window[0] <= index < window[1] and player in chosen:
                if line.commands[0].name == "faction":
                    skipped.append(Skipped(index, player, shown, "faction pick"))
                elif player != state.current_player:
                    skipped.append(Skipped(index, player, shown, "not the player to move in the engine"))
                else:
                    played = match_line(state, line, player)
                    if played.matched and not played.choice_steps:
                        skipped.append(Skipped(index, player, shown, "forced"))
                    elif not played.matched and not search_moves(state):
                        skipped.append(Skipped(index, player, shown, "no search move to compare with"))
                    else:
                        before = (player, shown, state.copy(), played)
            state.apply_line(line)
        except GaiaError as e:
            raise ReviewError(f"{game.game_id}: log line {index} {strip_annotations(text)!r}: {e}") from None
        if before is not None:
            pending.append(_Pending(index, *before, after=state.copy(), run=len(pending) // RUN_LENGTH))
    return pending, skipped, round_starts, state.final_scores()


def _rank(result: SearchResult, commands: list[Command]) -> int | None:
    for i, candidate in enumerate(result.candidates, 1):
        if candidate.moves == commands:
            return i
    return None


def _best_line(state: GaiaState, best: Candidate) -> list[Command]:
    """The best candidate's commands and, when its action opened sub-decisions (a move-phase action
    whose search move does not end the turn, pass aside), the principal variation's answers to them."""
    commands = list(best.moves)
    if state.phase != "move" or not commands or commands[-1] == ENDTURN or best.move.name == "pass":
        return commands
    for command, who in zip(best.pv[len(commands):], best.pv_players[len(commands):], strict=False):
        if who != state.current_player:
            break
        commands.append(command)
        if command == ENDTURN:
            break
    return commands


def _show(commands: list[Command]) -> str:
    body = [c for c in commands if c != ENDTURN]
    return format_line(LogLine(None, tuple(body), ends_turn=bool(commands) and commands[-1] == ENDTURN))


def follows_best(steps: list[Step], best: Candidate, player: int) -> bool:
    """The played steps (from the decision's first real choice) are the best candidate's search move and
    then its principal variation's choices, all `player`'s: the played line is the search's."""
    played = [c for step in steps for c in step.commands]
    n = min(len(played), len(best.pv))
    return played[:n] == best.pv[:n] and all(who == player for who in best.pv_players[:n])


# the searcher of the run being evaluated in this process: {"run": run, "searcher": GaiaSearcher}
_RUN: dict[str, Any] = {}


def _run_searcher(run: int, config: SearchConfig) -> GaiaSearcher:
    """The search tree of run `run`: kept from the run's previous decision, fresh at its first."""
    if _RUN.get("run") != run or _RUN.get("config") != config:
        _RUN.update(run=run, config=config, searcher=GaiaSearcher(replace(config, reuse_tree=True)))
    searcher: GaiaSearcher = _RUN["searcher"]
    return searcher


def _like_config(config: SearchConfig, simulations: int) -> SearchConfig:
    """config with `simulations` (no more than its own) and the leaf evaluation config's budget gives."""
    return replace(config, simulations=min(simulations, config.simulations or simulations),
                   leaf_mix=config.leaf_mix_at(config.simulations), leaf_mix_per_doubling=0.0)


def _evaluate(p: _Pending, config: SearchConfig) -> Decision:
    played = p.played
    if played.matched:
        first, last = played.choice_steps[0], played.choice_steps[-1]
        root = played.steps[first]
        searcher = _run_searcher(p.run, config)
        budget = config.simulations or 0
        # the played move kept at PLAYED_SHARE: valued in the best move's tree, where its subtree also
        # serves the line's later choices and the next decision
        result = searcher.search(root.state, favoured=(root.move, PLAYED_SHARE),
                                 top_up=math.ceil(TOP_UP_SHARE * budget))
        rank = _rank(result, root.commands)
        is_best = rank == 1 and follows_best(played.steps[first:], result.best, p.player)
        candidate = result.candidates[rank - 1] if rank else None
        played_visits = candidate.visits if candidate is not None else None
        if candidate is not None and (first == last or is_best):
            played_estimate, evaluation = Estimate.of(candidate), "search"
        else:
            # a line with sub-choices: the position of its last choice, below the played move in the
            # same tree, searched as deep as the best candidate was (like with like), the played
            # choice kept at PLAYED_SHARE of the budget
            step = played.steps[last]
            depth = max(result.best.visits, math.ceil(PLAYED_SHARE * budget))
            like = _like_config(config, depth)
            share = min(1.0, PLAYED_SHARE * budget / (like.simulations or 1))
            line = searcher.search(step.state, config=like, favoured=(step.move, share),
                                   top_up=math.ceil(TOP_UP_SHARE * (like.simulations or 0)))
            line_rank = _rank(line, step.commands)
            played_estimate = Estimate.of(line.candidates[line_rank - 1] if line_rank else line.best)
            evaluation = "line"
        decision_state, choices = root.state, root.choices
        best_line = _best_line(decision_state, result.best)
        best = Estimate.of(result.best)
    else:
        decision_state = p.state
        moves = [move for move, _ in search_moves(decision_state)]
        choices = len(moves)
        # a lone search move gets the whole budget through a restricted root (not a single simulation)
        result = search_gaia(decision_state, config, root_moves=None if choices > 1 else moves)
        rank = _rank(result, played.steps[0].commands) if played.steps else None
        played_visits = result.candidates[rank - 1].visits if rank else None
        is_best = False
        played_estimate, evaluation = rollout_estimate(p.after, p.player, config), "rollouts"
        # the best line is valued the same way, so the loss compares like with like (playouts value a
        # position a little differently from a search's tree)
        best_line = _best_line(decision_state, result.best)
        after_best = decision_state.copy()
        for command in best_line:
            after_best.apply(command)
        best = rollout_estimate(after_best, p.player, config)
    vp_loss = max(0.0, best.expected_score - played_estimate.expected_score)
    win_loss = max(0.0, best.win_probability - played_estimate.win_probability)
    value_loss = max(0.0, best.value - played_estimate.value)
    if is_best:
        vp_loss = win_loss = value_loss = 0.0
    return Decision(
        index=p.index, round=p.state.round, phase=p.state.phase, player=p.player, played=p.text,
        best=_show(best_line),
        played_estimate=played_estimate, best_estimate=best,
        vp_loss=vp_loss, win_probability_loss=win_loss, value_loss=value_loss,
        severity=labels.severity(vp_loss, win_loss), label=labels.label(vp_loss, win_loss, is_best),
        rank=rank, evaluation=evaluation, choices=choices,
        top=[{"move": c.line, "visits": c.visits, **Estimate.of(c).to_dict()}
             for c in result.candidates[:TOP_CANDIDATES]],
        played_words=_words(p.state, list(parse_line(p.text).commands), p.player),
        best_words=_words(p.state, best_line, p.player),
        played_visits=played_visits,
    )


def _words(state: GaiaState, commands: list[Command], player: int) -> list[str]:
    """A decision's commands in plain words (the end of the turn left out)."""
    steps = describe_line(state, commands, [player] * len(commands))
    return [s.words for s in steps if s.notation != str(ENDTURN)]


def rollout_estimate(state: GaiaState, player: int, config: SearchConfig) -> Estimate:
    """`player`'s estimate of `state` from config.simulations playouts of the search's rollout policy
    (seeded by config.seed), each scored as a search simulation is (gaia_ai._core.mcts)."""
    if state.is_terminal:
        games = [list(state.final_scores() or [])]
    else:
        seed = config.seed & 0xFFFFFFFFFFFFFFFF
        games = gaia_rules.policy_playouts(state._core, config.simulations or 1, seed)
    values, wins, scores = [], [], []
    for vp in games:
        own, others = vp[player], [v for q, v in enumerate(vp) if q != player]
        above = sum(v > own for v in others)
        tied = sum(v == own for v in others)
        wins.append(1.0 / (tied + 1) if above == 0 else 0.0)
        if config.value == "rank":
            values.append((sum(v < own for v in others) + 0.5 * tied) / max(1, len(others)))
        else:
            values.append(0.5 + 0.5 * math.tanh((own - max(others)) / config.margin_scale))
        scores.append(float(own))
    n = len(games)
    return Estimate(sum(values) / n, sum(wins) / n, sum(scores) / n)
