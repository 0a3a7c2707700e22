"""Bots that play any seat through one interface: ``bot.choose(state) -> Command``.

Name a bot with a spec string, ``name`` or ``name:key=value,key=value`` (see ``make_bot``)::

    make_bot("random:seed=3")
    make_bot("greedy")
    make_bot("mcts:sims=800,threads=2")
"""

from gaia_ai.bots.base import Bot, BotSpecError, make_bot, parse_spec, with_seed

__all__ = ["Bot", "BotSpecError", "make_bot", "parse_spec", "with_seed"]
