"""Game review: the per-move analysis of a played game (``gaia-ai review``).

    from gaia_ai.review import load_game, review_config, review_game
    review = review_game(load_game("game.json"), config=review_config(simulations=1000))
    review.decisions[0].label, review.decisions[0].vp_loss

game.py reads the game, played.py maps its log lines onto search moves, analysis.py searches and values
each decision, labels.py holds the thresholds, report.py the summary, JSON and table, chart.py the PNG.
"""

from gaia_ai.review.analysis import Decision, Review, ReviewError, review_config, review_game
from gaia_ai.review.game import GameFileError, ReviewGame, load_game

__all__ = ["Decision", "GameFileError", "Review", "ReviewError", "ReviewGame", "load_game", "review_config",
           "review_game"]
