"""Bots at the browser game's tables: their thinking runs in a small process pool, off the event loop.

A bot is given only its seat's :class:`~kirifuda.bots.info.InfoState` and legal actions (both pickle), exactly as
at any other table (:mod:`kirifuda.arena`); the worker makes the bot by name (``make_bot``, cached per
process) and answers with the action's record text. ``random`` needs no thinking and answers in the server's own
process. A bot that fails (a level whose game kit is not built yet raises ``NotImplementedError``) is replaced by
the next of :data:`FALLBACKS`, with a log line saying so.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
import signal
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import lru_cache
from typing import Any

from ..bots import InfoState, RandomBot, make_bot
from ..core import Action, Game
from ..registry import make

log = logging.getLogger("kirifuda.web")

FALLBACKS = ("heuristic", "random")
"""What plays a seat whose bot fails, in order."""


def fallbacks(name: str) -> list[str]:
    """``name`` and then the bots that replace it if it fails."""
    return [name, *(f for f in FALLBACKS if f != name)]


def bot_seed(table_seed: int, seat: int) -> int:
    """A bot's seed at a table: the table's deal seed and the seat, so a record and the bot names replay its
    decisions exactly."""
    return (table_seed * 31 + seat) % 2**31


@lru_cache(maxsize=64)
def _game(game_id: str, options: str) -> Game:
    return make(game_id, json.loads(options))


@lru_cache(maxsize=512)
def _bot(name: str, game_id: str, options: str, seed: int) -> Any:
    return make_bot(name, _game(game_id, options), seed)


def think(name: str, seed: int, info: InfoState, legal: Sequence[Action]) -> str:
    """A bot's decision (in a worker process): the record text of one of ``legal``."""
    options = json.dumps(info.options, sort_keys=True)
    bot = _bot(name, info.game, options, seed)
    return str(bot.act(info, list(legal)))


def _worker_start() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops the pool


class BotPool:
    """The worker processes bots think in (``workers`` of them, started on first use)."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = max(1, workers)
        self._executor: ProcessPoolExecutor | None = None

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=_worker_start
            )
        return self._executor

    def warm_up(self) -> None:
        """Start the workers now (each imports kirifuda once), so the first bot does not wait for them."""
        pool = self._pool()
        for _ in range(self.workers):
            pool.submit(os.getpid)

    async def think(self, name: str, seed: int, info: InfoState, legal: Sequence[Action]) -> str:
        """``name``'s decision; ``random`` in this process, every other bot in the pool."""
        if name == "random":
            return str(RandomBot(seed).act(info, list(legal)))
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool(), think, name, seed, info, tuple(legal))
        except BrokenProcessPool:
            log.error("the bots' process pool broke; starting a new one")
            self._executor = None
            raise

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
