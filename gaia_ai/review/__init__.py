"""Game review: the per-move analysis of a played game (``gaia-ai review``), for any game that offers one.

    from gaia_ai.games import load_game
    from gaia_ai.review import review_config
    game = load_game("gaia-project")
    played = game.load_played_game("game.json")
    review = game.review_game(played, config=review_config(simulations=1000, search=game.hint_search()))
    review.decisions[0].label, review.decisions[0].vp_loss

model.py holds what a review is made of, labels.py the thresholds, report.py the summary, JSON and
table, chart.py the PNG; the game maps its log onto search moves and values each decision (Gaia
Project: gaia_ai/games/gaia/review.py).
"""

from gaia_ai.review.model import Decision, Estimate, Player, Review, ReviewError, Skipped, review_config

__all__ = ["Decision", "Estimate", "Player", "Review", "ReviewError", "Skipped", "review_config"]
