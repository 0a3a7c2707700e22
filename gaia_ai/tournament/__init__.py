"""AI-vs-AI tournaments: a schedule of fair games between bots, run on local processes or Ray,
stored in SQLite, rated (openskill Plackett-Luce) and reported.

    from gaia_ai.tournament import load_config, run_tournament
    config, options = load_config("examples/tournament.toml")
    run_tournament(config, options)
"""

from gaia_ai.tournament.config import RunOptions, TournamentConfig, TournamentConfigError, load_config
from gaia_ai.tournament.runner import run_tournament
from gaia_ai.tournament.schedule import build_schedule
from gaia_ai.tournament.store import StoreError, TournamentStore

__all__ = [
    "RunOptions",
    "StoreError",
    "TournamentConfig",
    "TournamentConfigError",
    "TournamentStore",
    "build_schedule",
    "load_config",
    "run_tournament",
]
