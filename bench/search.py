"""Search speed figures: ``python bench/search.py [--simulations N] [--repeats R] [--positions P] [--json]``.

For 2 and 4 players, on main-action positions of seeded random games (the same every run), one search
per (position, repeat) in each mode: 1 thread, 2 threads root-parallel, 2 threads tree-parallel.
Printed per mode: simulations/second and tree nodes/second (medians, with min-max spread), the speedup
over 1 thread, simulations per CPU-second (the cost of parallel overhead, whatever else the machine
runs), the median deepest path, bytes per node and the arena bytes the node budget reserves.

The last mode is the machine's own ceiling: two processes each running the 1-thread search at once
(their simulations/second summed). Two threads cannot beat two independent processes, so "of ceiling"
(a mode's speedup over the ceiling's) separates the search's parallel overhead from what the
machine gives (a second core shared with other work, or a hyperthread, gives much less than 2x).
Wall-clock figures: compare them, never gate on them.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from typing import Any

from gaia_ai._core import gaia_rules, mcts
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.setup import GameSetup
from gaia_ai.search import SearchConfig

MODES: tuple[tuple[str, int, str], ...] = (
    ("1 thread", 1, "root"),
    ("2 threads root", 2, "root"),
    ("2 threads tree", 2, "tree"),
    ("2 processes", 1, "processes"),   # two 1-thread searches at once: the machine's ceiling
)

_STATES: list[GaiaState] = []   # the positions, inherited by the forked ceiling workers


def positions(players: int, count: int) -> list[GaiaState]:
    """Positions of seeded random games a third of the way in (phase 'move') where the player to move
    has at least two search moves."""
    found: list[GaiaState] = []
    seed = 0
    while len(found) < count:
        seed += 1
        state = GaiaState.new(GameSetup.random(players, seed=f"bench{seed}"))
        moves = gaia_rules.random_game_moves(state._core.copy(), seed)
        core = state._core
        for m in moves[: len(moves) // 3]:
            core.apply_move(core.current_player, m)
        # a decision with a choice: a root with one move is a single simulation, not a search
        while not core.finished and len(gaia_rules.search_moves_int(core)) < 2:
            gaia_rules.apply_search_move(core, gaia_rules.search_moves_int(core)[0])
        if not state.is_terminal and state.phase == "move":
            found.append(state)
    return found


def measure(state: GaiaState, config: SearchConfig) -> dict[str, Any]:
    core = state._core.copy()
    iface, owner = gaia_rules.game_interface(core)
    cpu = time.process_time()
    stats = mcts.search(iface, gaia_rules.state_pointer(core), config.to_dict())["stats"]
    stats["cpu"] = time.process_time() - cpu
    del owner
    return stats


def _measure_child(job: tuple[int, SearchConfig]) -> dict[str, Any]:
    return measure(_STATES[job[0]], job[1])


def measure_processes(pool: Any, index: int, config: SearchConfig) -> dict[str, Any]:
    """The 1-thread search in each of the pool's 2 processes at once: summed rates."""
    both = pool.map(_measure_child, [(index, config), (index, config)], chunksize=1)
    return {
        "simulations_per_second": sum(s["simulations_per_second"] for s in both),
        "simulations": sum(s["simulations"] for s in both),
        "cpu": sum(s["cpu"] for s in both),
        "nodes": sum(s["nodes"] for s in both),
        "elapsed": max(s["elapsed"] for s in both),
        "max_depth": max(s["max_depth"] for s in both),
    }


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):>10,.0f}  ({min(values):,.0f}-{max(values):,.0f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--positions", type=int, default=3)
    parser.add_argument("--max-nodes", type=int, default=1_000_000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {
        "node_bytes": mcts.node_bytes(),
        "arena_bytes": mcts.node_bytes() * args.max_nodes,
    }
    for players in (2, 4):
        states = positions(players, args.positions)
        _STATES[:] = states
        pool = multiprocessing.get_context("fork").Pool(2)
        rows: dict[str, dict[str, list[float]]] = {
            name: {"sims_per_second": [], "sims_per_cpu_second": [], "nodes_per_second": [], "max_depth": []}
            for name, _, _ in MODES
        }
        for repeat in range(args.repeats):  # modes interleaved, so a change of machine load hits all
            for index, state in enumerate(states):
                for name, threads, parallelism in MODES:
                    config = SearchConfig(
                        simulations=args.simulations, threads=threads,
                        parallelism="root" if parallelism == "processes" else parallelism,
                        seed=repeat, max_nodes=args.max_nodes,
                    )  # fmt: skip
                    if parallelism == "processes":
                        stats = measure_processes(pool, index, config)
                    else:
                        stats = measure(state, config)
                    row = rows[name]
                    row["sims_per_second"].append(stats["simulations_per_second"])
                    row["sims_per_cpu_second"].append(stats["simulations"] / stats["cpu"])
                    row["nodes_per_second"].append(stats["nodes"] / stats["elapsed"])
                    row["max_depth"].append(stats["max_depth"])
        pool.close()
        pool.join()
        report[f"{players}p"] = rows
        if not args.json:
            base = statistics.median(rows["1 thread"]["sims_per_second"])
            ceiling = statistics.median(rows["2 processes"]["sims_per_second"]) / base
            print(f"{players} players, {args.positions} positions x {args.repeats} repeats, "
                  f"{args.simulations} simulations each")  # fmt: skip
            print(
                f"  {'mode':<16}{'simulations/s (min-max)':>30}{'speedup':>9}{'of ceiling':>11}{'sims/CPU-s':>12}"
                f"{'nodes/s (min-max)':>32}{'depth':>7}"
            )
            for name, row in rows.items():
                ratio = statistics.median(row["sims_per_second"]) / base
                print(
                    f"  {name:<16}{spread(row['sims_per_second']):>30}{ratio:>8.2f}x{100 * ratio / ceiling:>10.0f}%"
                    f"{statistics.median(row['sims_per_cpu_second']):>12,.0f}"
                    f"{spread(row['nodes_per_second']):>32}{statistics.median(row['max_depth']):>7.0f}"
                )
    if args.json:
        json.dump(report, sys.stdout, indent=1)
        print()
    else:
        print(f"bytes per node: {report['node_bytes']}; arena reserved for max_nodes={args.max_nodes:,}: "
              f"{report['arena_bytes'] / 2**20:.0f} MiB (touched only as nodes are created)")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
