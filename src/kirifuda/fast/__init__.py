"""Optional fast engines for bulk random play, one per supported game id.

A fast engine plays whole games of uniformly random legal play much faster than the pure protocol
allows (mutable ints and lists instead of immutable states and typed actions). It is never the
reference: each one is checked against its pure ``Game`` by perft counts on fixed deals and by
lockstep random games (tests/test_fast_<game>.py). ``kirifuda simulate`` uses one where it exists.

Every engine has ``play_random_game(seed, rng) -> (deal_scores, decisions)``: deal ``k`` is the pure
game's ``random_deal(..., chance_rng(seed, k))`` and every decision a uniform choice drawn from ``rng``.
"""

from __future__ import annotations

import random
from typing import Protocol

from ..core import Game


class FastEngine(Protocol):
    """What ``kirifuda simulate`` asks of a fast engine."""

    def play_random_game(self, seed: int, rng: random.Random) -> tuple[tuple[tuple[int, ...], ...], int]:
        """One whole game of uniformly random legal play: (deal scores, number of player decisions)."""
        ...


def engine_for(game: Game) -> FastEngine | None:
    """The fast engine for ``game`` (its id and options), or None where there is none."""
    if game.id == "anou":
        from .anou import FastAnou, supports

        return FastAnou(game) if supports(game) else None
    if game.id == "gogyo-sokoku":
        from ..games.gogyo_sokoku import GogyoSokoku
        from .gogyo_sokoku import FastGogyo
        from .gogyo_sokoku import supports as gogyo_supports

        return FastGogyo(game) if isinstance(game, GogyoSokoku) and gogyo_supports(game) else None
    if game.id == "goninkan":
        from ..games.goninkan import Goninkan
        from .goninkan import FastGoninkan
        from .goninkan import supports as goninkan_supports

        return FastGoninkan(game) if isinstance(game, Goninkan) and goninkan_supports(game) else None
    if game.id in ("anarchy", "anarchy-bomb", "organised-chaos"):
        from .anarchy import FastAnarchy
        from .anarchy import supports as anarchy_supports

        return FastAnarchy(game) if anarchy_supports(game) else None
    if game.id == "cutin":
        from ..games.cutin import Cutin
        from .cutin import FastCutin
        from .cutin import supports as cutin_supports

        assert isinstance(game, Cutin)
        return FastCutin(game) if cutin_supports(game) else None
    return None
