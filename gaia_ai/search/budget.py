"""What a time-budgeted search expects to run: the simulation rate of the process's last search of the
same kind, for SearchConfig's leaf weight budget rule (leaf_mix_per_doubling).

A simulation budget needs no memory (the rule reads it off the config). A time budget does: its
simulations depend on the machine, the threads and the position, so the rule takes the rate the last
search of the same kind measured here. Same kind: the same config but for its budget, seed and
principal variation length, which do not change the rate much. The first such search of a process has no
rate and runs at leaf_mix itself.
"""

from __future__ import annotations

import threading
from dataclasses import astuple, replace
from typing import Any

from gaia_ai.search.config import SearchConfig
from gaia_ai.search.stats import SearchStats


class SearchRates:
    """Simulations per second of the last search of each kind of config. Safe to share between threads
    (the service's searches run in several)."""

    def __init__(self, max_kinds: int = 256) -> None:
        self._rates: dict[tuple[Any, ...], float] = {}
        self._lock = threading.Lock()
        self.max_kinds = max_kinds   # a service's clients send configs: their kinds must not grow memory

    @staticmethod
    def kind(config: SearchConfig) -> tuple[Any, ...]:
        return astuple(replace(config, simulations=1, time_ms=None, max_time_ms=None, seed=0, pv_length=1))

    def expected(self, config: SearchConfig) -> float | None:
        """The last measured rate of config's kind, or None."""
        return self._rates.get(self.kind(config))

    def record(self, config: SearchConfig, stats: SearchStats) -> None:
        """Remember a finished search's rate, if its config has a budget rule (a cancelled or empty search
        says nothing of it). Past max_kinds kinds the oldest is forgotten."""
        if config.leaf_mix_per_doubling == 0 or stats.cancelled or stats.simulations <= 0 \
                or stats.simulations_per_second <= 0:
            return
        kind = self.kind(config)
        with self._lock:
            self._rates.pop(kind, None)   # re-inserted last: the dict's order is the order of use
            while len(self._rates) >= self.max_kinds:
                del self._rates[next(iter(self._rates))]
            self._rates[kind] = stats.simulations_per_second

    def config_for_search(self, config: SearchConfig) -> SearchConfig:
        """config.for_search() at this kind's last rate: the config the C core runs."""
        if config.leaf_mix_per_doubling == 0 or config.simulations is not None:
            return config.for_search()   # a simulation budget is counted alone: no rate to look up
        return config.for_search(self.expected(config))


# the process's searches: the service's stateless searches, the bots' searchers and the CLI's alike
RATES = SearchRates()
