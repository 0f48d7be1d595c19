"""Bots: they see their seat's information state and the legal actions, nothing else (../shared/STYLE.md).

``make_bot(name, game, seed)`` gives a bot by name (:data:`~kirifuda.bots.registry.BOT_NAMES`);
:mod:`kirifuda.bots.info` builds information states; :mod:`kirifuda.bots.ismcts` is the one search; each game's
kit is its registry entry's ``bots`` part; :mod:`kirifuda.bots.review` judges a seat's decisions from its information
states (``kirifuda review``). The referee's side — seating bots at a match — is :mod:`kirifuda.arena`, outside this
package.
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
