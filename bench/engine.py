"""Rules-core speed figures: ``python bench/engine.py [--players N] [--seconds S] [--repeats R] [--seed S] [--json]``.

The same as ``gaia-ai bench engine``; the measuring code is gaia_ai/games/gaia/bench.py (in the package, so
the installed command works from anywhere; see that module's docstring).
"""

import sys

from gaia_ai.cli import main

if __name__ == "__main__":
    raise SystemExit(main(["bench", "engine", *sys.argv[1:]]))
