"""``python -m gaia_ai``: the same command line as the ``gaia-ai`` script."""

from gaia_ai.cli import main

if __name__ == "__main__":   # not when a review's worker process (multiprocessing "spawn") imports it
    raise SystemExit(main())
