"""MCTS for Gaia Project positions: search_gaia(state, config) -> SearchResult with notation moves;
GaiaSearcher(config).search(state) for the consecutive decisions of a game, reusing its tree."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gaia_ai._core import gaia_rules, mcts
from gaia_ai._core.mcts import CancelToken
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import GaiaError
from gaia_ai.games.gaia.notation import ENDTURN, Command, LogLine, format_line
from gaia_ai.search.budget import RATES
from gaia_ai.search.config import NET_VERSION, SearchConfig, names_policy
from gaia_ai.search.core import SearchResult  # one result type for every game's search
from gaia_ai.search.stats import SearchStats


class GameOverError(GaiaError, ValueError):
    """Raised when asked to search a finished game."""


@dataclass(frozen=True)
class Candidate:
    """One move of the searching player with its statistics.

    value: mean simulation value for the searching player (config.value mode, in [0, 1]).
    win_probability: share of its simulations the searching player finished first (ties split).
    expected_score: mean final score (VP; evaluate() estimate for truncated rollouts) of that player.
    move: the main action of the search move (or the move itself at a sub-decision / other phase);
    moves: the whole atomic sequence the search move stands for (auto-payment conversions, the
    action, endturn), in notation, in the order they apply.
    turn: moves and the follow-ups the same player owes in the same line in the site's terms (a lab's
    tech tile and track, a terraforming action's mine, the rest of an income order, a charge's
    brainstone choice), taken from the principal variation (else the first search move).
    pv: principal variation flattened to atomic commands, this candidate's moves first, then the
    most visited reply at each step; pv_players[i] is the player who makes pv[i]. value,
    win_probability and expected_score are NaN for a move with no visits."""

    move: Command
    visits: int
    value: float
    win_probability: float
    expected_score: float
    pv: list[Command]
    pv_players: list[int] = field(default_factory=list)
    moves: list[Command] = field(default_factory=list)
    turn: list[Command] = field(default_factory=list)

    @property
    def line(self) -> str:
        """The whole turn as one notation line, as boardgamers.space accepts it: 'spend 2pw for 2c.
        build m 1A1.', 'build lab 1A1. tech free1. up gaia.', 'income 4pw. income 2t'."""
        moves = tuple(self.turn or self.moves)
        if len(moves) > 1 and moves[-1] == ENDTURN:
            return format_line(LogLine(None, moves[:-1], ends_turn=True))
        return format_line(LogLine(None, moves, ends_turn=bool(moves) and moves[-1] == ENDTURN))


def search_gaia(state: GaiaState, config: SearchConfig | None = None, *, cancel: CancelToken | None = None,
                root_moves: Sequence[int] | None = None, top_k: int | None = None,
                favoured: tuple[int, float] | None = None) -> SearchResult:
    """Search the decision of state.current_player in a fresh tree; state is not changed.

    cancel: a CancelToken; cancel() from another thread stops the search, which returns what it has
    (result.stats.cancelled). root_moves: search moves (ints from search_moves(state)) the root is
    restricted to, e.g. to evaluate a given move with the whole budget; ValueError if one is not legal.
    top_k: keep only the k most visited candidates (their notation and PV are built in Python, which a
    busy service should not spend on moves it will not show). favoured: (search move, share): that root
    move gets at least `share` of the simulations, in the same tree (gaia_ai._core.mcts.search)."""
    config = config or SearchConfig()
    return _searched(state, config, top_k, lambda iface, pointer, c_config: mcts.search(
        iface, pointer, c_config, cancel=cancel, root_moves=root_moves, favoured=favoured))


def _searched(state: GaiaState, config: SearchConfig, top_k: int | None,
              run: Callable[[Any, Any, Any], dict[str, Any]]) -> SearchResult:
    """What search_gaia and GaiaSearcher.search share: run(interface, state pointer, C config) searches a
    copy of the state's core (kept alive, with the interface's models, until it returns); the result in
    Python terms, its rate recorded for time budgets."""
    _check_not_over(state)
    core = state._core.copy()  # the search reads this core's C state: keep it alive until the end
    iface, owner = _interface(core, config)
    try:
        raw = run(iface, gaia_rules.state_pointer(core), _c_config(config))
    finally:
        del owner
    result = _result(raw, state, core, top_k, config.pv_length)
    RATES.record(config, result.stats)
    return result


class GaiaSearcher:
    """Searches the consecutive decisions of one game, keeping the tree between them when
    config.reuse_tree: the next search finds its position below the previous root (whatever moves
    all players made since, as long as they are search moves: the tree's positions are compared byte
    for byte with it, gaia_rules.state_derived_ranges() aside), keeps that subtree's statistics and
    adds its budget to them. A position from another game (another setup), or not found, starts a
    fresh tree. One tree per searcher: use one per bot.

        searcher = GaiaSearcher(SearchConfig(simulations=800, seed=1))
        result = searcher.search(state)       # result.stats.reused_visits
    """

    def __init__(self, config: SearchConfig | None = None) -> None:
        self.config = config or SearchConfig()
        self._searcher = mcts.Searcher(gaia_rules.state_derived_ranges())
        self._setup: Any = None

    def reset(self) -> None:
        """Forget the tree (and free its memory)."""
        self._searcher.reset()
        self._setup = None

    def search(self, state: GaiaState, *, cancel: CancelToken | None = None, top_k: int | None = None,
               favoured: tuple[int, float] | None = None, top_up: int | None = None,
               config: SearchConfig | None = None) -> SearchResult:
        """Search the decision of state.current_player; state is not changed. cancel, top_k,
        favoured: as search_gaia. top_up (with a simulation budget): the budget counts the root's
        visits, the reused ones included, with at least top_up new simulations (a review's
        consecutive decisions: each as deep as a fresh search, for less; gaia_ai._core.mcts).
        config: this search's, in place of the searcher's (the same threads and parallelism, or the
        tree starts afresh)."""
        config = config or self.config
        reuse = config.reuse_tree and (self._setup is state.setup or self._setup == state.setup)

        def run(iface: Any, pointer: Any, c_config: Any) -> dict[str, Any]:
            try:
                raw: dict[str, Any] = self._searcher.search(iface, pointer, c_config, reuse, cancel=cancel,
                                                            favoured=favoured, top_up=top_up)
            except BaseException:
                self._setup = None
                raise
            if config.reuse_tree:
                self._setup = state.setup
            else:
                self._searcher.reset()   # nothing to keep: free the tree's memory at once
            return raw

        return _searched(state, config, top_k, run)


def search_core(searcher: Any, core: Any, config: SearchConfig) -> dict[str, Any]:
    """The raw result of mcts.Searcher `searcher` searching the C position `core` with `config`, its tree
    reused (self-play's loops, one searcher per seat)."""
    iface, owner = _interface(core, config)
    try:
        result: dict[str, Any] = searcher.search(iface, gaia_rules.state_pointer(core), _c_config(config), True)
    finally:
        del owner
    return result


def _check_not_over(state: GaiaState) -> None:
    if state.is_terminal:
        raise GameOverError(f"cannot search a finished game (final scores {state.final_scores()})")


# search moves of principal variation asked of the C search at least, so that a candidate's whole turn
# (its follow-ups, read from the PV) does not depend on config.pv_length, which only trims the shown PV
TURN_PV = 8


def _interface(core: Any, config: SearchConfig) -> tuple[Any, Any]:
    """The game interface table for this search: the leaf evaluator config.evaluator ("learned", a
    pinned version "vN" or a value network "nN") and the move prior config.prior names (the value prior
    uses the evaluator's model, the newest shipped linear one under the heuristic or a network; the
    policy prior "policy" the default policy, policy.VERSION, and "pN" that version); the models'
    weights are loaded on first use."""
    learned = config.evaluator != "heuristic"
    prior, policy_slot = _policy(config)
    if NET_VERSION.fullmatch(config.evaluator):
        # a value network at the leaves (value_net.py); a value prior still uses the newest linear value
        from gaia_ai.games.gaia import value, value_net

        net_slot = value_net.slot(config.evaluator)
        value_slot = value.slot("learned") if prior == "value" else 0
        return gaia_rules.game_interface(core, "net", prior, value_slot, policy_slot, net_slot)
    if not learned and prior != "value":
        return gaia_rules.game_interface(core, "heuristic", prior, 0, policy_slot)
    from gaia_ai.games.gaia import value

    slot = value.slot(config.evaluator if learned else "learned")
    return gaia_rules.game_interface(core, "learned" if learned else "heuristic", prior, slot, policy_slot)


def _policy(config: SearchConfig) -> tuple[str, int]:
    """(the C core's prior name, the policy's slot): a policy ("policy", the default, or a pinned "pN")
    loaded into its slot, any other prior as it is (slot 0, unused)."""
    if names_policy(config.prior):
        from gaia_ai.games.gaia import policy

        return "policy", policy.slot(config.prior)
    return config.prior, 0


def search_prior(core: Any, config: SearchConfig) -> dict[int, float]:
    """The move prior the search `config` gives core's decision at expansion (before any root noise):
    each search move's probability, by move."""
    prior, policy_slot = _policy(config)
    value_slot = 0
    if prior == "value":
        from gaia_ai.games.gaia import value

        linear = config.evaluator != "heuristic" and not NET_VERSION.fullmatch(config.evaluator)
        value_slot = value.slot(config.evaluator if linear else "learned")
    return {int(m): float(p) for m, p in gaia_rules.move_prior(core, prior, value_slot, policy_slot)}


def _c_config(config: SearchConfig) -> dict[str, Any]:
    """What the C core takes: the leaf weight's budget rule resolved (at the last rate, for a time
    budget), a principal variation long enough for a whole turn."""
    settings = RATES.config_for_search(config).to_dict()
    settings["pv_length"] = max(settings["pv_length"], TURN_PV)
    return settings


def _result(raw: dict[str, Any], state: GaiaState, core: Any, top_k: int | None = None,
            pv_length: int = TURN_PV) -> SearchResult:
    labels = list(state.setup.board.labels)
    ranked = raw["candidates"] if top_k is None else raw["candidates"][: max(1, top_k)]
    candidates = [_candidate(c, core, labels, pv_length) for c in ranked]
    return SearchResult(candidates, SearchStats.from_dict(raw["stats"]), int(raw["player"]))


# commands of an auto-payment (and the turn's end) around a search move's main action
_PAYMENT = ("spend", "burn", "brainstone", "endturn")


def _expand(line: Any, move: int, labels: list[str]) -> tuple[list[Command], list[int]]:
    """The atomic commands of search move `move` at line's position, applied to line, with the
    player of each."""
    commands, players = [], []
    for atomic in gaia_rules.expand_search_move(line, move):
        player = int(line.current_player)
        commands.append(Command(*gaia_rules.format_move(atomic, labels, gaia_rules.federation_labels(line))))
        players.append(player)
        line.apply_move(player, atomic)
    return commands, players


def search_moves(state: GaiaState) -> list[tuple[int, list[Command]]]:
    """The search moves of the player to move (what the search branches over), each with its atomic
    commands in notation; [] for a finished game."""
    if state.is_terminal:
        return []
    labels = list(state.setup.board.labels)
    return [(int(m), _expand(state._core.copy(), int(m), labels)[0])
            for m in gaia_rules.search_moves_int(state._core)]


def search_move_commands(state: GaiaState, move: int) -> list[Command]:
    """The atomic commands (notation) of search move `move` at state's position; state is unchanged."""
    return _expand(state._core.copy(), move, list(state.setup.board.labels))[0]


def _main_command(commands: list[Command]) -> Command:
    for command in commands:
        if command.name not in _PAYMENT:
            return command
    return commands[0]


_MV_BRAINSTONE, _MV_ENDTURN = 20, 21   # move kinds (the low byte of a Move)


def _unfinished(line: Any, player: int, last: Command) -> bool:
    """After `last`, player still owes a decision of the same site line: a brainstone choice (not the
    next round's, after a pass), the rest of an income order, a sub-decision or the end of the turn."""
    if line.finished or int(line.current_player) != player:
        return False
    kinds = {m & 0xFF for m in gaia_rules.legal_moves_int(line)}
    if _MV_BRAINSTONE in kinds:
        return last.name not in ("pass", "booster")
    if line.phase == "inc":
        return last.name == "income"
    return line.phase in ("move", "gaia") and bool(line.pending or _MV_ENDTURN in kinds)


def _whole_turn(root: Any, raw: dict[str, Any], labels: list[str]) -> list[Command]:
    """The candidate's commands completed into a whole line: follow-ups from the principal variation
    while the same player still owes part of the line, else the first search move there."""
    line = root.copy()
    player = int(line.current_player)
    commands, _ = _expand(line, raw["move"], labels)
    follow = [move for move, _ in raw["pv"][1:]] if raw["pv"] and raw["pv"][0][0] == raw["move"] else []
    while commands and _unfinished(line, player, commands[-1]):
        moves = list(gaia_rules.search_moves_int(line))
        if follow and follow[0] in moves:
            move = follow.pop(0)
        elif moves:
            follow, move = [], moves[0]
        else:
            break
        more, _ = _expand(line, int(move), labels)
        commands += more
    return commands


def _candidate(raw: dict[str, Any], root: Any, labels: list[str], pv_length: int = TURN_PV) -> Candidate:
    pv: list[Command] = []
    players: list[int] = []
    line = root.copy()
    moves, _ = _expand(root.copy(), raw["move"], labels)
    for move, _player in raw["pv"][:pv_length]:
        commands, who = _expand(line, move, labels)
        pv += commands
        players += who
    return Candidate(
        move=_main_command(moves),
        visits=int(raw["visits"]),
        value=float(raw["value"]),
        win_probability=float(raw["win_probability"]),
        expected_score=float(raw["expected_score"]),
        pv=pv,
        pv_players=players,
        moves=moves,
        turn=_whole_turn(root, raw, labels),
    )
