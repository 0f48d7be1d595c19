"""Optional fast engines for bulk random play, one per supported game id.

A fast engine plays whole games of uniformly random legal play much faster than the pure protocol
allows (mutable ints and lists instead of immutable states and typed actions). It is never the
reference: each one is checked against its pure ``Game`` by perft counts on fixed deals and by
lockstep random games (tests/test_fast_<game>.py). ``kirifuda simulate`` uses one where it exists.
A game's registry entry names its fast module (the ``fast`` layer), which defines ``engine(game)``.

Every engine has ``play_random_game(seed, rng) -> (deal_scores, decisions)``: deal ``k`` is the pure
game's ``random_deal(..., chance_rng(seed, k))`` and every decision a uniform choice drawn from ``rng``.
"""

from __future__ import annotations

import random
from typing import Protocol

from ..core import Game
from ..registry import UnknownGame, part


class FastEngine(Protocol):
    """What ``kirifuda simulate`` asks of a fast engine."""

    def play_random_game(self, seed: int, rng: random.Random) -> tuple[tuple[tuple[int, ...], ...], int]:
        """One whole game of uniformly random legal play: (deal scores, number of player decisions)."""
        ...


def engine_for(game: Game) -> FastEngine | None:
    """The fast engine for ``game`` (its id and options), or None where there is none: the ``fast`` part of the
    game's registry entry (:func:`kirifuda.registry.part`) decides with its ``engine(game)``."""
    try:
        module = part(game.id, "fast")
    except UnknownGame:
        return None
    if module is None:
        return None
    engine: FastEngine | None = module.engine(game)
    return engine
