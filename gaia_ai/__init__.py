"""gaia-ai: a fast game-AI toolkit for heavy strategy board games (Gaia Project first)."""

__version__ = "0.1.0"
