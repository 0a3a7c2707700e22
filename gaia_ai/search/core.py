"""MCTS for any game whose search moves are its atomic moves, through the C game interface.

A state hands the search its C interface with ``search_interface()`` (gaia_ai.games.api.CoreSearchable):
the interface table, a pointer to a private copy of the position, and an owner that keeps both alive.
The seat to move searches as the observer: for a game flagged INFO_HIDDEN / INFO_CHANCE the Cython
search (gaia_ai._core.mcts) builds a single-observer information-set tree over what that seat knows and
determinizes every simulation; open-information games get the plain search.

    searcher = CoreSearcher(SearchConfig(simulations=800, seed=1))
    result = searcher.search(state)    # result.best.move: a move value of the game

This module imports no game: moves come back as the state's own move values, found in its
search_moves().
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gaia_ai._core import mcts
from gaia_ai._core.mcts import CancelToken
from gaia_ai.errors import GameOverError, UnsupportedError
from gaia_ai.search.budget import RATES
from gaia_ai.search.config import SearchConfig
from gaia_ai.search.stats import SearchStats


@dataclass(frozen=True)
class Candidate:
    """One move of the searching player with its statistics (the fields of the Gaia search's Candidate).

    value: mean simulation value for the searching player (config.value mode, in [0, 1]).
    win_probability: share of its simulations the searching player finished first (ties split).
    expected_score: mean final score (evaluate() estimate for truncated rollouts) of that player.
    move: the move (a search move is one atomic move here); moves: [move].
    pv: principal variation, this candidate's move first, then the most visited reply at each step;
    pv_players[i] is the seat that makes pv[i]. For a hidden-information game the PV is read on a sample
    of the hidden cards consistent with what the searching seat sees (never on the true ones), and stops
    at the first move that sample does not allow. value, win_probability and expected_score are NaN for
    a move with no visits."""

    move: Any
    visits: int
    value: float
    win_probability: float
    expected_score: float
    pv: list[Any]
    pv_players: list[int] = field(default_factory=list)
    moves: list[Any] = field(default_factory=list)

    @property
    def turn(self) -> list[Any]:
        """The moves the player makes in this candidate's turn (the Gaia Candidate's field): its move."""
        return self.moves or [self.move]

    @property
    def line(self) -> str:
        """The candidate's move in the game's notation (the Gaia Candidate's whole-turn line)."""
        return str(self.move)


@dataclass(frozen=True)
class SearchResult:
    """Candidates sorted by visits (most first), the search statistics, and the searching player."""

    candidates: list[Candidate]
    stats: SearchStats
    player: int

    @property
    def best(self) -> Candidate:
        return self.candidates[0]


class CoreSearcher:
    """Searches the decisions of one game over its C interface. The Cython Searcher keeps its tree
    between consecutive decisions for open-information games (config.reuse_tree); an information-set
    tree is never kept (mcts.Searcher starts each hidden-information search afresh), so for those games
    every search is a fresh one. One searcher per bot."""

    def __init__(self, config: SearchConfig | None = None) -> None:
        self.config = config or SearchConfig()
        self._searcher = mcts.Searcher()
        self._game_key: Any = None

    def reset(self) -> None:
        """Forget the tree (and free its memory)."""
        self._searcher.reset()
        self._game_key = None

    def root_moves(self, state: Any) -> list[int] | None:
        """The root moves to search (a game's candidate set), or None for every legal move."""
        return None

    def supports_evaluator(self, evaluator: str) -> bool:
        """Whether interface() builds a table whose leaf value is config.evaluator: the game's heuristic
        only, unless a game's searcher says more (one with a value network: its "nN")."""
        return evaluator == "heuristic"

    def supports_prior(self, prior: str) -> bool:
        """Whether interface() builds a table with config.prior as PUCT's move prior: uniform priors
        only, unless a game's searcher says more."""
        return prior == "uniform"

    def interface(self, state: Any) -> tuple[Any, Any, Any]:
        """The C game interface the search runs on (the state's search_interface()), its leaf value
        the one config.evaluator names (supports_evaluator)."""
        return state.search_interface()

    def moves_by_code(self, state: Any) -> dict[int, Any]:
        """The move values of state's decision by their int code: what the interface branches over."""
        return _moves_by_code(state)

    def search(self, state: Any, *, cancel: CancelToken | None = None, top_k: int | None = None,
               favoured: tuple[int, float] | None = None) -> SearchResult:
        """Search the decision of state.current_player; state is not changed.

        cancel: a CancelToken whose cancel() (from another thread) stops the search early. top_k: keep
        only the k most visited candidates (their PV is built in Python). favoured: (move code, share):
        that root move gets at least `share` of the simulations, in the same tree (a review's played
        move; it must be one of root_moves(state) when those are restricted)."""
        if state.is_terminal:
            raise GameOverError(f"cannot search a finished game (final scores {state.final_scores()})")
        if not callable(getattr(state, "search_interface", None)):
            raise TypeError(f"{type(state).__name__} has no search_interface(): the core search cannot reach it")
        if not self.supports_evaluator(self.config.evaluator):
            # a game without that leaf value: say so rather than ignore it
            raise UnsupportedError(f"{type(state).__name__}: no {self.config.evaluator!r} evaluator for this game "
                                   "(evaluator=heuristic)")
        if not self.supports_prior(self.config.prior):
            raise UnsupportedError(f"{type(state).__name__}: no {self.config.prior!r} move prior for this game "
                                   "(prior=uniform)")
        iface, pointer, owner = self.interface(state)
        info = mcts.interface_info(iface)   # read while owner keeps the table alive
        # a tree is only worth keeping within one game: its seed and table size identify it
        game_key = (type(state), getattr(state, "seed", None), state.num_players)
        reuse = self.config.reuse_tree and self._game_key == game_key
        try:
            raw = self._searcher.search(iface, pointer, RATES.config_for_search(self.config).to_dict(), reuse,
                                        cancel=cancel, root_moves=self.root_moves(state), favoured=favoured)
        except BaseException:
            self._game_key = None
            raise
        finally:
            del owner
        if self.config.reuse_tree:
            self._game_key = game_key
        else:
            self._searcher.reset()
        result = _result(raw, state, top_k, info["hidden_information"] or info["chance"], self.config.seed,
                         self.moves_by_code)
        RATES.record(self.config, result.stats)
        return result


def search(state: Any, config: SearchConfig | None = None, *, cancel: CancelToken | None = None,
           top_k: int | None = None, favoured: tuple[int, float] | None = None) -> SearchResult:
    """One search of state's decision in a fresh tree (favoured: CoreSearcher.search)."""
    searcher = CoreSearcher(config)
    try:
        return searcher.search(state, cancel=cancel, top_k=top_k, favoured=favoured)
    finally:
        searcher.reset()


def _moves_by_code(state: Any) -> dict[int, Any]:
    """The state's search moves by their int code (each must be one atomic move)."""
    out = {}
    for code, atomic in state.search_moves():
        if len(atomic) != 1:
            raise ValueError(f"search move {code} stands for {len(atomic)} atomic moves: the core search "
                             "needs games whose search moves are atomic")
        out[int(code)] = atomic[0]
    return out


def _result(raw: dict[str, Any], state: Any, top_k: int | None, hidden: bool, seed: int,
            moves_by_code: Callable[[Any], dict[int, Any]] = _moves_by_code) -> SearchResult:
    player = int(raw["player"])
    # the PV is read on a sample of what the searching seat cannot see, never on the true hidden cards:
    # the result must not reveal them (nor depend on them)
    line_root = state.determinize(player, seed) if hidden else state
    root_moves = moves_by_code(state)
    # a root move of the search's samples that the position itself does not list is no suggestion: with
    # a consistent position the seat's own moves are the same in every sample, so this only drops the
    # moves of a position whose hidden part does not fit what the seat sees
    ranked = [c for c in raw["candidates"] if int(c["move"]) in root_moves]
    if raw["candidates"] and not ranked:
        raise RuntimeError("search stopped: no root move of the search is legal in the position itself")
    ranked = ranked if top_k is None else ranked[: max(1, top_k)]
    candidates = []
    for c in ranked:
        move = root_moves[int(c["move"])]
        pv, players = _pv(line_root, c["pv"], moves_by_code)
        candidates.append(Candidate(
            move=move, visits=int(c["visits"]), value=float(c["value"]),
            win_probability=float(c["win_probability"]), expected_score=float(c["expected_score"]),
            pv=pv or [move], pv_players=players or [player], moves=[move]))
    return SearchResult(candidates, SearchStats.from_dict(raw["stats"]), player)


def _pv(root: Any, raw_pv: list[tuple[int, int]],
        moves_by_code: Callable[[Any], dict[int, Any]]) -> tuple[list[Any], list[int]]:
    line = root.copy()
    pv: list[Any] = []
    players: list[int] = []
    for code, _player in raw_pv:
        if line.is_terminal:
            break
        move = moves_by_code(line).get(int(code))
        if move is None:
            break   # legal in the search's samples, not in this one
        players.append(int(line.current_player))
        pv.append(move)
        line.apply(move)
    return pv, players
