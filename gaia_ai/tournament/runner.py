"""Running a tournament's games on local processes or a Ray cluster, storing each as it ends.

Backends take scheduled games and yield their outcomes as they finish, in any order; the main
process alone writes the database. ``local`` plays in this process (1 worker) or on a
``ProcessPoolExecutor``; ``ray`` sends each game as a Ray task to an existing cluster
(``address``) or to a local instance started for the run. A game's result depends only on the
scheduled game (bot seeds come from its id), so every backend stores the same games.
"""

from __future__ import annotations

import socket
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

from gaia_ai.bots.base import make_bot, parse_spec
from gaia_ai.bots.play import play_game
from gaia_ai.errors import ToolkitError
from gaia_ai.games.api import Deal
from gaia_ai.games.registry import load_game
from gaia_ai.parallel import ignore_sigint
from gaia_ai.tournament.config import RunOptions, TournamentConfig
from gaia_ai.tournament.schedule import ScheduledGame, build_schedule
from gaia_ai.tournament.store import StoredGame, TournamentStore


class BackendError(ToolkitError, RuntimeError):
    """A backend cannot start (Ray missing, no cluster at the address...)."""


@dataclass
class GameFailure:
    """A game that raised instead of ending: nothing is stored, so a re-run plays it again."""

    game: ScheduledGame
    error: str


def play_scheduled(game: ScheduledGame) -> StoredGame:
    """Play one scheduled game from scratch (fresh bots, one per seat). Runs in a worker."""
    rules = load_game(game.game).with_options(dict(game.options))
    deal = Deal(rules.setup(game.players, game.setup_seed), tuple(game.factions), game.setup_seed)
    bots = [make_bot(spec, rules) for spec in game.specs]
    played = play_game(rules, bots, list(range(game.players)), deal)
    return StoredGame(
        id=game.id, ordinal=game.ordinal, deal=game.deal, setup_seed=game.setup_seed, players=game.players,
        setup=rules.setup_to_data(deal.setup), bots=list(game.bots), specs=list(game.specs),
        # the roles dealt, else those the seats took in the game (corporations), else "" per seat
        factions=list(game.factions) or played.roles or [""] * game.players,
        scores=played.scores, moves=played.lines, final_state=played.final_state, n_moves=played.moves,
        seconds=round(played.seconds, 4),
    )


def _guarded(game: ScheduledGame) -> StoredGame | GameFailure:
    try:
        return play_scheduled(game)
    except Exception as e:   # noqa: BLE001 - a crashing game is reported and retried, not fatal
        return GameFailure(game, f"{type(e).__name__}: {e}")


Outcome = StoredGame | GameFailure


def run_local(games: Sequence[ScheduledGame], workers: int) -> Iterator[Outcome]:
    """Yield outcomes as games end; ``workers`` processes (1: in this process)."""
    if workers == 1:
        for game in games:
            yield _guarded(game)
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=ignore_sigint)
    finished = False
    try:
        games_of: dict[Future[Outcome], ScheduledGame] = {pool.submit(_guarded, game): game for game in games}
        pending = set(games_of)
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                try:
                    yield future.result()
                except Exception as e:   # noqa: BLE001 - a worker that died (BrokenProcessPool...)
                    yield GameFailure(games_of[future], f"{type(e).__name__}: {e}")
        finished = True
    finally:
        if finished:
            pool.shutdown()
        else:
            # stopped early (Ctrl-C): the games in progress are lost anyway, so end their processes
            # now rather than wait for them (shutdown forgets the processes: take them first)
            processes = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.terminate()


def run_ray(games: Sequence[ScheduledGame], workers: int, address: str | None) -> Iterator[Outcome]:
    """Yield outcomes as games end, each game a Ray task on the cluster at ``address`` or on a local
    instance with ``workers`` CPUs."""
    try:
        import ray
    except ImportError:
        raise BackendError("the ray backend needs Ray: pip install 'gaia-ai[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        if address is not None:
            _check_reachable(address)
        try:
            if address is None:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
            else:
                ray.init(address=address, log_to_driver=False, configure_logging=False)
        except Exception as e:   # noqa: BLE001 - Ray raises many kinds; all mean "cannot start"
            where = f"the Ray cluster at {address}" if address else "a local Ray instance"
            raise BackendError(f"cannot start {where}: {type(e).__name__}: {e}") from None
    task = ray.remote(num_cpus=1)(_guarded)
    cluster_cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    pending = {task.options(num_cpus=min(game_cpus(game), cluster_cpus)).remote(game): game for game in games}
    refs = list(pending)
    try:
        while refs:
            done, refs = ray.wait(refs, num_returns=1)
            for ref in done:
                game = pending.pop(ref)
                try:
                    yield ray.get(ref)
                except Exception as e:   # noqa: BLE001 - a lost worker or node: retried on a re-run
                    yield GameFailure(game, f"{type(e).__name__}: {e}")
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started_here:
            ray.shutdown()


def game_cpus(game: ScheduledGame) -> int:
    """CPUs one game keeps busy: the most search threads of its bots (they move one at a time), so a
    Ray scheduler does not pack two 2-thread MCTS games onto two cores."""
    threads = 1
    for spec in game.specs:
        raw = parse_spec(spec)[1].get("threads", "1")
        threads = max(threads, int(raw) if raw.isdigit() else 1)
    return threads


def _check_reachable(address: str) -> None:
    """Fail fast on a host:port nobody answers at (ray.init would retry for minutes)."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return   # "auto" and the like: Ray resolves them itself
    try:
        socket.create_connection((host, int(port)), timeout=5).close()
    except OSError as e:
        raise BackendError(f"no Ray cluster answers at {address}: {e}") from None


@dataclass
class RunSummary:
    """What one run did: ``scheduled`` games in all, ``stored_before`` found already finished,
    ``played`` this run, ``failures`` that raised; ``interrupted`` by Ctrl-C."""

    scheduled: int
    stored_before: int
    played: int = 0
    failures: list[GameFailure] = field(default_factory=list)
    interrupted: bool = False
    seconds: float = 0.0

    @property
    def remaining(self) -> int:
        return self.scheduled - self.stored_before - self.played


def run_tournament(config: TournamentConfig, options: RunOptions, *, max_games: int | None = None,
                   progress: bool | None = None, on_game: Callable[[StoredGame], Any] | None = None,
                   ) -> RunSummary:
    """Play the tournament's games not yet in ``options.db`` (at most ``max_games`` of them).

    ``progress``: a tqdm bar on stderr (None: only on a terminal). ``on_game`` is called after each
    game is stored. Ctrl-C (KeyboardInterrupt) stops the run with the finished games kept; the
    summary says so. Raises StoreError / BackendError when the database or backend cannot be used."""
    from tqdm import tqdm

    schedule = build_schedule(config)
    start = time.perf_counter()
    with ExitStack() as stack:
        store = stack.enter_context(TournamentStore(options.db))
        store.bind(config.name, config.fingerprint(), config.content())
        done = store.finished_ids()
        todo = [g for g in schedule if g.id not in done]
        summary = RunSummary(len(schedule), len(schedule) - len(todo))
        if max_games is not None:
            todo = todo[:max_games]
        bar = stack.enter_context(tqdm(total=len(schedule), initial=summary.stored_before, unit="game",
                                       desc=config.name, file=sys.stderr, disable=_disable(progress),
                                       dynamic_ncols=True))
        if options.backend == "ray":
            outcomes = run_ray(todo, options.workers, options.address)
        else:
            outcomes = run_local(todo, options.workers)
        stack.callback(_close, outcomes)
        try:
            for outcome in outcomes:
                if isinstance(outcome, GameFailure):
                    summary.failures.append(outcome)
                    bar.write(f"game {outcome.game.id} ({' vs '.join(outcome.game.bots)}) failed: {outcome.error}",
                              file=sys.stderr)
                    continue
                store.add_game(outcome)
                summary.played += 1
                bar.update(1)
                if on_game is not None:
                    on_game(outcome)
        except KeyboardInterrupt:
            summary.interrupted = True
    summary.seconds = time.perf_counter() - start
    return summary


def _disable(progress: bool | None) -> bool | None:
    return None if progress is None else not progress


def _close(outcomes: Iterator[Outcome]) -> None:
    close = getattr(outcomes, "close", None)
    if close is not None:
        close()
