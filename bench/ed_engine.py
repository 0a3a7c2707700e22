"""Eminent Domain rules-core speed: ``python bench/ed_engine.py [--players 2 3 4] [--seconds S] [--repeats R]
[--seed S] [--json]`` (the measuring code is gaia_ai/games/eminent_domain/bench.py)."""

from gaia_ai.games.eminent_domain.bench import main

if __name__ == "__main__":
    raise SystemExit(main())
