"""``python -m gaia_ai``: the same command line as the ``gaia-ai`` script."""

from gaia_ai.cli import main

raise SystemExit(main())
