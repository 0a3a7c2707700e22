"""Game rules packages, one folder per game behind one protocol (api.py), found by name (registry.py).

    from gaia_ai.games import load_game
    game = load_game("gaia-project")
"""

from gaia_ai.games.api import Deal, FormField, Game, GameInfo, PasteKind, PositionForm, State
from gaia_ai.games.registry import DEFAULT_GAME, game_names, load_game

__all__ = ["DEFAULT_GAME", "Deal", "FormField", "Game", "GameInfo", "PasteKind", "PositionForm", "State", "game_names", "load_game"]
