"""The CPU cores this process may run on: the default of every 'one per core' setting (review jobs,
tournament workers, the service's concurrent searches)."""

from __future__ import annotations

import os


def usable_cores() -> int:
    """Cores in this process's CPU affinity (what `taskset` or a container's cpuset allows), at least 1;
    the machine's count where the platform has no affinity (not Linux)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)
