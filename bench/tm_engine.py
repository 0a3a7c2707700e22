"""Terraforming Mars rules-core speed: ``python bench/tm_engine.py [--players 2 4] [--seconds S] [--repeats R]
[--seed S] [--colonies] [--json]``, the same figures as ``gaia-ai bench engine --game terraforming-mars``
(gaia_ai/games/terraforming_mars/bench.py says what each one measures)."""

from gaia_ai.games.terraforming_mars.bench import main

if __name__ == "__main__":
    raise SystemExit(main())
