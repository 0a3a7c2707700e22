"""Every search parameter in one place: SearchConfig, used by the bots, the CLI, the service and the
tournament runner alike.

Budgets: give ``simulations`` (exact count, reproducible), ``time_ms`` (wall clock, for the service),
or both (the search stops at whichever comes first). ``max_nodes`` always bounds memory.
"""

from __future__ import annotations

import math
import re
import tomllib
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Literal

Parallelism = Literal["root", "tree"]
Selection = Literal["uct", "puct"]
ValueMode = Literal["margin", "rank"]
Evaluator = str   # "heuristic", "learned", a learned value's version "v1", "v2", ... or a network's "n1", ...
Prior = str   # "uniform", "rollout", "value", "policy" or a shipped policy's version "p1", "p2", ...
POLICY_VERSION = re.compile(r"p[1-9][0-9]{0,3}")   # a prior that pins a policy version
NET_VERSION = re.compile(r"n[1-9][0-9]{0,3}")      # an evaluator that names a value network (Gaia: value_net)


def names_policy(prior: str) -> bool:
    """Whether a search's prior is a learned policy: the shipped default ("policy") or a pinned "pN"."""
    return prior == "policy" or POLICY_VERSION.fullmatch(prior) is not None


@dataclass(frozen=True)
class SearchConfig:
    """Parameters of one MCTS search (gaia_ai._core.mcts). Immutable; validated on construction.

    Budget
      simulations    Simulations to run (>= 1), or None for a time budget only. With threads=1, or
                     parallelism="root", the same (seed, simulations, threads) gives the same result.
                     Cost: linear in time.
      time_ms        Wall-clock budget in milliseconds (>= 1), or None. Checked between simulations, so
                     one simulation (a rollout to the end: ~0.1-0.4 ms for Gaia) may overrun it.
      max_time_ms    The time manager (needs time_ms, >= it; None: off, time_ms is a fixed budget). It
                     spends the time where the choice is close: it stops before time_ms once the most
                     visited root move (the answer) is settled - also the best valued of the moves with
                     a quarter of its visits or more - and leads by more visits than the time left can
                     add; past time_ms it goes on while the leader is not settled, up to max_time_ms.
                     Bot spec mcts:ms=1000,maxms=2000; measured in docs/value-analysis.md.
      max_nodes      Tree nodes allocated up front (>= 2; 56 bytes each, so the default 1,000,000 is
                     56 MB). Split evenly between the trees of root parallelism. When full, leaves stop
                     being expanded and simulations continue from them. It must hold the root's moves.

    Parallelism
      threads        OpenMP threads (>= 1). More threads: more simulations per second, not the same
                     search (tree: nondeterministic; root: deterministic per thread count).
      parallelism    "tree" (default): one shared tree with atomic updates and virtual loss; as strong
                     per simulation as one thread's tree, nondeterministic with threads > 1. "root": an
                     independent tree per thread, merged at the root by move; deterministic for a given
                     (seed, simulations, threads), but each tree sees only its share of the simulations,
                     so it is weaker per simulation. Both reach the same simulations per second and per
                     CPU-second (bench/search.py), so the stronger one is the default. With threads=1
                     both are the same deterministic search.
      virtual_loss   Tree parallelism only (>= 0): each thread's path counts this many extra visits
                     worth a loss until its backup, steering other threads to other moves. 0 disables it.

    Selection and values
      selection      "uct": q + c_uct * sqrt(ln N / n). "puct": q + c_puct * p * sqrt(N) / (1 + n) with
                     the move's prior p (uniform 1/k unless `prior` names one; an unvisited move is
                     valued at its siblings' mean).
      c_uct          UCT exploration constant (> 0; values lie in [0, 1], so ~0.7 = sqrt(2)/2 is
                     classic). Higher explores more moves more evenly.
      c_puct         PUCT exploration constant (> 0).
      fpu_reduction  PUCT's first-play urgency (>= 0): an unvisited move is valued at its visited
                     siblings' mean minus fpu_reduction * sqrt(the prior mass of those siblings), so
                     that once the likely moves are tried the unlikely ones wait (KataGo's FPU). 0 (the
                     default): the siblings' mean. Bot spec mcts:fpu=0.2. Open information only (a
                     hidden-information game's search refuses it).
      prior          PUCT's move prior, computed in C once per expanded node (needs selection="puct"):
                     "uniform" (1/k, every game), or for Gaia "rollout" (the rollout policy's move
                     weights, normalized: cheap) or "value" (a softmax, at 4 VP, over the mover's
                     learned-value margin one search move later: one apply and evaluation per child, so
                     an expansion costs ~k leaf evaluations), or "policy" (the value prior's form with
                     weights and a per-move-class bias distilled from the search's own root visits,
                     gaia_ai.games.gaia.policy, `gaia-ai train --policy`; the same cost: the shipped
                     default, or a shipped version pinned, "p1", "p2", to rate generations). Bot spec
                     mcts:selection=puct,prior=value; matches and the c_puct measured with it (0.75):
                     docs/value-analysis.md. Terraforming Mars: "value" too (the same softmax, at 4
                     VP, over the mover's margin one search move later by the search's leaf value,
                     the heuristic or eval=nN), asked on the search's sample of the hidden cards
                     for each move new to a node (it weighs each move alone, by its gain in margin);
                     docs/terraforming-mars.md. Eminent Domain: "value" too, in the same form over
                     the greedy bot's heuristic at 1 influence; docs/eminent-domain.md.
      widening       Progressive widening (>= 0; 0, the default: off). Needs selection="puct" and a move
      widening_power prior: a node's children are kept in prior order, and one with N visits selects
                     only among its ceil(widening * (N + 1) ** widening_power) likeliest (at least one;
                     widening_power in (0, 1], default 0.5), so a wide node (federations, conversions)
                     spends its first visits on its likely moves and opens the rest as it is visited
                     more (Coulom 2007; Chaslot et al. 2008). The root of a search restricted to given
                     moves (root_moves) considers them all. Bot spec mcts:pw=2,pwp=0.5. Open
                     information only (an information-set node's children come as samples list them).
      prior_temperature  Sharpens (< 1) or flattens (> 1) the game's move prior: each prior is raised
                     to 1 / prior_temperature and the priors renormalized (a softmax prior at
                     temperature t becomes the same softmax at t * prior_temperature; Leela's policy
                     softmax temperature). 1 (the default): the game's prior as it is. Needs a prior
                     other than "uniform". Bot spec mcts:ptemp=2.
      prior_after    Weighs a node's moves by the game's prior only once the node has this many visits
                     (>= 0; 0, the default: at once); before, PUCT weighs them uniformly. Most nodes
                     of a tree are visited a few times, and a prior that applies and evaluates every
                     move costs several leaf evaluations a node: Chaslot et al. 2008's progressive
                     bias, given once a node has T visits for the same reason. The root is weighed at
                     once. Information-set search with a prior that weighs each move alone only
                     (the "value" priors of Terraforming Mars and Eminent Domain). Bot spec
                     mcts:pafter=8.
      root_noise     AlphaZero's root noise, for self-play's exploration (0 to 1; 0, the default: off,
      root_noise_alpha  the plain search bit for bit). Once per search the root's priors p (the game's,
                     tempered, or uniform 1/k) become (1 - root_noise) * p + root_noise * eta, eta a
                     Dirichlet(root_noise_alpha) draw over the root's moves (alpha > 0, default 0.3, Go's
                     0.03 scaled to Gaia's fewer moves: smaller puts the noise on fewer moves); deeper
                     nodes keep their priors. The draw has a stream of its own, from the seed and the
                     root's moves (a root-parallel tree t: (seed, t, moves)), so the same seed and budget
                     give the same search, and the decisions of a game searched with one seed (self-play)
                     each their own draw.
                     Needs selection="puct" (UCT has no prior to mix; a ValueError otherwise) and open
                     information; with widening, the root opens its moves in the game's prior order and
                     the noise reweighs those open. Not for play: it spends visits on moves the prior
                     doubts. Bot spec mcts:noise=0.25,alpha=0.3 (gaia-ai train --net --player ...).
      value          What a simulation is worth to a player. "margin": 0.5 + 0.5 * tanh((own score -
                     best other score) / margin_scale), rewards winning by more. "rank": 1 for the sole
                     winner, 0 for the last, ties split ((players beaten + ties / 2) / (players - 1)).
      margin_scale   Score margin (VP) that maps to tanh(1) ~ 0.88 of the way to a sure win (> 0).
      rollout_depth  Moves of random playout after the tree before the game's evaluate() heuristic is
                     used instead of the final score; None plays to the end (exact but slower), 0
                     evaluates the leaf at once.
      leaf_mix       Weight (0 to 1) of the evaluator's value of the tree's leaf itself against the
                     rollout's outcome, AlphaGo's mixed leaf: value = leaf_mix * evaluate(leaf) +
                     (1 - leaf_mix) * value(rollout). 0 (the default): the rollout alone; 1: the
                     evaluator alone (rollouts still run, for win_probability and expected_score). One
                     evaluation more per simulation; no effect with rollout_depth=0. Bot spec
                     mcts:mix=0.5.
      leaf_mix_per_doubling  The budget rule of leaf_mix (0, the default: off; a number in [-1, 1]).
      leaf_mix_reference     A search of n simulations, n above leaf_mix_reference (>= 1, default 400),
                     weighs its leaf at leaf_mix + leaf_mix_per_doubling * log2(n / leaf_mix_reference),
                     clamped to [0, 1]; up to leaf_mix_reference, at leaf_mix. A negative rule leans on
                     the rollouts more as the tree grows (a deeper tree's leaves are later positions,
                     where the rollout is short and exact); below the reference the weight does not rise
                     (at 400 simulations mix=0.7 measured worse than 0.5). n is the simulation budget
                     (a time_ms beside it does not count, so the search stays reproducible); for a time
                     budget alone, time_ms times the simulations per second of the process's last
                     search of the same config (gaia_ai.search.budget), leaf_mix before there is one. One spec
                     is thus one bot at every budget (Gaia's hint search: 0.5 at 400 falling 0.1 a
                     doubling, 0.3 at 1600, measured in docs/value-analysis.md). for_search() resolves
                     it into the leaf_mix the C core runs. Bot spec mcts:mix=0.5,mixd=-0.1,mixref=400.
      minimax        Weight (0 to 1) of the implicit minimax value in selection (Lanctot et al. 2014): each
                     node also keeps the evaluator's value of its position, backed up through the tree
                     (an expanded node takes its best child's for the player to move there), and a
                     child is ranked by (1 - minimax) * its mean + minimax * that value. 0 (the
                     default): off. One apply and evaluation per child at each expansion (like
                     prior="value"), 4 bytes a node more. Two players exactly; with more, a value's
                     complement stands for the opponents' (paranoid). Open information only. Bot spec
                     mcts:mm=0.3.
      evaluator      The leaf value used after rollout_depth moves (and at the leaf, with leaf_mix): "heuristic" (the game's hand-set
                     evaluate), "learned" (Gaia: the newest shipped per-round linear value fitted on
                     self-play games, gaia_ai.games.gaia.value) or a shipped version pinned, "v1", "v2"
                     (bot spec mcts:eval=v2,rollout_depth=0), or a shipped value network "n1" (Gaia:
                     a small MLP evaluated in C, gaia_ai.games.gaia.value_net; bot spec mcts:eval=n1).
                     Unused when rollout_depth is None, leaf_mix is 0 (every simulation is played to
                     the end) and minimax is 0; prior="value" uses its model (the newest linear one
                     under the heuristic or a network).

    Tree reuse
      reuse_tree     Keep the tree between the searches of one game (GaiaSearcher, the MCTS bot): the
                     next search looks for its position below the previous root (the moves played
                     since, by all players), keeps that subtree and its statistics, and adds its own
                     budget to them (reported as reused_nodes / reused_visits); a position not found
                     starts a fresh tree. Deterministic like a fresh search (same seed, positions and
                     budgets, same results). The kept tree holds its memory (within max_nodes) between
                     moves. search_gaia (stateless) always searches a fresh tree.

    Output and randomness
      pv_length      Moves of principal variation per candidate, its own move included (>= 1).
      seed           Seed of the random playouts (any int; thread t of root parallelism derives its own
                     from (seed, t)).
    """

    simulations: int | None = 1000
    time_ms: int | None = None
    max_time_ms: int | None = None
    threads: int = 1
    parallelism: Parallelism = "tree"
    selection: Selection = "uct"
    c_uct: float = 0.7
    c_puct: float = 1.5
    fpu_reduction: float = 0.0
    value: ValueMode = "margin"
    margin_scale: float = 20.0
    rollout_depth: int | None = None
    leaf_mix: float = 0.0
    leaf_mix_per_doubling: float = 0.0
    leaf_mix_reference: int = 400
    minimax: float = 0.0
    prior_temperature: float = 1.0
    prior_after: int = 0
    widening: float = 0.0
    widening_power: float = 0.5
    evaluator: Evaluator = "heuristic"
    prior: Prior = "uniform"
    root_noise: float = 0.0
    root_noise_alpha: float = 0.3
    max_nodes: int = 1_000_000
    pv_length: int = 8
    seed: int = 0
    virtual_loss: int = 1
    reuse_tree: bool = True

    def __post_init__(self) -> None:
        _check_int(self, "simulations", 1, optional=True)
        _check_int(self, "time_ms", 1, optional=True)
        if self.simulations is None and self.time_ms is None:
            raise ValueError("SearchConfig: give a budget: simulations or time_ms (both None)")
        _check_int(self, "max_time_ms", 1, optional=True)
        if self.max_time_ms is not None and (self.time_ms is None or self.max_time_ms < self.time_ms):
            raise ValueError(f"SearchConfig.max_time_ms (the time manager's ceiling) needs a time_ms no larger "
                             f"than it, got max_time_ms={self.max_time_ms}, time_ms={self.time_ms}")
        _check_int(self, "threads", 1)
        _check_choice(self, "parallelism", ("root", "tree"))
        _check_choice(self, "selection", ("uct", "puct"))
        _check_positive(self, "c_uct")
        _check_positive(self, "c_puct")
        _check_nonnegative(self, "fpu_reduction")
        if not isinstance(self.prior, str) or not (self.prior in ("uniform", "rollout", "value")
                                                   or names_policy(self.prior)):
            raise ValueError(f"SearchConfig.prior must be uniform, rollout, value, policy or a policy version "
                             f"p1, p2, ..., got {self.prior!r}")
        if self.prior != "uniform" and self.selection != "puct":
            raise ValueError(f"SearchConfig.prior={self.prior!r} needs selection='puct' (UCT uses no prior)")
        _check_positive(self, "prior_temperature")
        _check_int(self, "prior_after", 0)
        if self.prior_after != 0 and self.prior == "uniform":
            raise ValueError(f"SearchConfig.prior_after={self.prior_after!r} needs a move prior "
                             "(prior='uniform' weighs nothing)")
        if self.prior_temperature != 1.0 and self.prior == "uniform":
            raise ValueError(f"SearchConfig.prior_temperature={self.prior_temperature!r} needs a move prior "
                             "(prior='uniform' has nothing to temper)")
        _check_between(self, "root_noise", 0, 1)
        _check_positive(self, "root_noise_alpha")
        if self.root_noise != 0 and self.selection != "puct":
            raise ValueError(f"SearchConfig.root_noise={self.root_noise!r} needs selection='puct' (it mixes noise "
                             "into the root's priors; UCT uses none)")
        _check_nonnegative(self, "widening")
        if isinstance(self.widening_power, bool) or not isinstance(self.widening_power, int | float) \
                or not 0 < self.widening_power <= 1:
            raise ValueError(f"SearchConfig.widening_power must be a number in (0, 1], got {self.widening_power!r}")
        if self.widening != 0 and self.prior == "uniform":
            raise ValueError(f"SearchConfig.widening={self.widening!r} needs selection='puct' and a move prior "
                             "(it opens a node's likeliest moves first; prior='uniform' has no order)")
        _check_choice(self, "value", ("margin", "rank"))
        _check_positive(self, "margin_scale")
        _check_int(self, "rollout_depth", 0, optional=True)
        _check_between(self, "leaf_mix", 0, 1)
        _check_between(self, "leaf_mix_per_doubling", -1, 1)
        _check_int(self, "leaf_mix_reference", 1)
        _check_between(self, "minimax", 0, 1)
        if not isinstance(self.evaluator, str) or not (re.fullmatch(r"heuristic|learned|v[1-9][0-9]{0,3}", self.evaluator)
                                                       or NET_VERSION.fullmatch(self.evaluator)):
            raise ValueError(f"SearchConfig.evaluator must be heuristic, learned or a version v1, v2, ... (a value "
                             f"network: n1, n2, ...), got {self.evaluator!r}")
        _check_int(self, "max_nodes", 2)
        _check_int(self, "pv_length", 1)
        _check_int(self, "seed", None)
        _check_int(self, "virtual_loss", 0)
        if not isinstance(self.reuse_tree, bool):
            raise ValueError(f"SearchConfig.reuse_tree must be a bool, got {self.reuse_tree!r}")  # noqa: TRY004

    def leaf_mix_at(self, simulations: float | None) -> float:
        """The leaf weight of a search of `simulations` simulations by the budget rule
        (leaf_mix_per_doubling); leaf_mix when the rule is off, the budget unknown (None) or no larger
        than leaf_mix_reference."""
        if self.leaf_mix_per_doubling == 0 or simulations is None or simulations <= self.leaf_mix_reference:
            return self.leaf_mix
        doublings = math.log2(simulations / self.leaf_mix_reference)
        return min(1.0, max(0.0, self.leaf_mix + self.leaf_mix_per_doubling * doublings))

    def expected_simulations(self, simulations_per_second: float | None = None) -> float | None:
        """The simulations the budget rule counts: the simulation budget when there is one (a time_ms
        beside it is a safety bound, and the weight must not depend on the machine's speed: the same
        seed and simulations give the same search), else time_ms at the given rate; None for a time
        budget without a rate."""
        if self.simulations is not None:
            return float(self.simulations)
        if self.time_ms is not None and simulations_per_second is not None and simulations_per_second > 0:
            return self.time_ms / 1000.0 * simulations_per_second
        return None

    def for_search(self, simulations_per_second: float | None = None) -> SearchConfig:
        """The config one search runs, as the C core takes it: the budget rule resolved into leaf_mix
        (leaf_mix_at the expected simulations, at simulations_per_second for a time budget) and turned
        off. Itself when the rule is off."""
        if self.leaf_mix_per_doubling == 0:
            return self
        weight = self.leaf_mix_at(self.expected_simulations(simulations_per_second))
        return replace(self, leaf_mix=weight, leaf_mix_per_doubling=0.0)

    def to_dict(self) -> dict[str, Any]:
        """The config as the plain dict gaia_ai._core.mcts.search takes (and JSON can hold)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SearchConfig:
        """Inverse of to_dict(); unknown keys are a ValueError naming them."""
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"SearchConfig: unknown field(s) {sorted(unknown)}")
        return cls(**data)

    @classmethod
    def from_toml(cls, path: str | Path, **overrides: Any) -> SearchConfig:
        """A config from a TOML file of SearchConfig fields (examples/search.toml documents each), at
        the top level or under a [search] table; fields it leaves out keep their defaults, and
        `overrides` (e.g. from command-line options) win over both. TOML has no null: "none" stands
        for None (simulations = "none" for a time budget only). ValueError names the file and field."""
        try:
            with open(path, "rb") as f:
                data = tomllib.load(f)
        except tomllib.TOMLDecodeError as e:
            raise ValueError(f"{path}: not valid TOML: {e}") from None
        data = data.get("search", data)
        if not isinstance(data, dict):
            raise ValueError(f"{path}: [search] must be a table of SearchConfig fields")  # noqa: TRY004 (the contract: ValueError)
        fields = {k: (None if isinstance(v, str) and v.lower() == "none" else v) for k, v in data.items()}
        fields.update(overrides)
        try:
            return cls.from_dict(fields)
        except (TypeError, ValueError) as e:
            raise ValueError(f"{path}: {e}") from None


def _check_int(config: SearchConfig, name: str, minimum: int | None, optional: bool = False) -> None:
    value = getattr(config, name)
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        kind = "an int or None" if optional else "an int"
        raise ValueError(f"SearchConfig.{name} must be {kind}, got {value!r}")  # noqa: TRY004 (the contract: ValueError)
    if minimum is not None and value < minimum:
        raise ValueError(f"SearchConfig.{name} must be >= {minimum}, got {value}")


def _check_positive(config: SearchConfig, name: str) -> None:
    value = getattr(config, name)
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or value <= 0
    ):
        raise ValueError(f"SearchConfig.{name} must be a finite number > 0, got {value!r}")


def _check_nonnegative(config: SearchConfig, name: str) -> None:
    """A finite number >= 0 (NaN is not)."""
    value = getattr(config, name)
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < math.inf:
        raise ValueError(f"SearchConfig.{name} must be a number >= 0, got {value!r}")


def _check_between(config: SearchConfig, name: str, low: int, high: int) -> None:
    """A number in [low, high] (NaN is not): a mixing weight in [0, 1], a step of one in [-1, 1]."""
    value = getattr(config, name)
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ValueError(f"SearchConfig.{name} must be a number in [{low}, {high}], got {value!r}")


def _check_choice(config: SearchConfig, name: str, choices: tuple[str, ...]) -> None:
    value = getattr(config, name)
    if value not in choices:
        raise ValueError(f"SearchConfig.{name} must be one of {', '.join(map(repr, choices))}, got {value!r}")
