"""Bots: they see their seat's information state and the legal actions, nothing else (../shared/STYLE.md).

``make_bot(name, game, seed)`` gives a bot by name (:data:`~kirifuda.bots.registry.BOT_NAMES`);
``play_game`` seats bots at a match; :mod:`kirifuda.bots.info` builds information states;
:mod:`kirifuda.bots.ismcts` is the one search; ``kirifuda.bots.<game>`` is each game's kit;
:mod:`kirifuda.bots.review` judges a seat's decisions from its information states (``kirifuda review``).
"""

from .base import Bot, BotError, CheatingBot, HeuristicBot, RandomBot, SearchBot
from .info import InfoState, InfoTracker, Knowledge
from .registry import BOT_NAMES, CHEAT_NAMES, check_name, kit_for, make_bot, make_cheating_bot

__all__ = [
    "BOT_NAMES",
    "CHEAT_NAMES",
    "Bot",
    "BotError",
    "CheatingBot",
    "HeuristicBot",
    "InfoState",
    "InfoTracker",
    "Knowledge",
    "RandomBot",
    "SearchBot",
    "check_name",
    "kit_for",
    "make_bot",
    "make_cheating_bot",
]
