"""How many examples a hypothesis test tries: its full budget by default (CI, the README's test command),
a tenth of it for a quick local run with HYPOTHESIS_PROFILE=dev (at least 5)."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("dev", max_examples=10, deadline=None)
DEV = os.environ.get("HYPOTHESIS_PROFILE") == "dev"
if DEV:
    settings.load_profile("dev")


def examples(full: int) -> int:
    """The example count of a test whose full budget is `full`."""
    return max(5, full // 10) if DEV else full
