"""How many examples a hypothesis test tries, and from what: by default (CI, the README's test command) its
full budget, derandomized (the same examples every run: a red CI is reproducible, never a dice roll);
with HYPOTHESIS_PROFILE=dev a tenth of it (at least 5), randomized, for a quick local run that explores."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("full", derandomize=True)
settings.register_profile("dev", max_examples=10, deadline=None)
DEV = os.environ.get("HYPOTHESIS_PROFILE") == "dev"
settings.load_profile("dev" if DEV else "full")


def examples(full: int) -> int:
    """The example count of a test whose full budget is `full`."""
    return max(5, full // 10) if DEV else full
