"""Each game id's RL encoding: the ``rl`` part of its registry entry (:func:`kirifuda.registry.part`).

A module defines ``layout(game) -> Layout`` (the observation vector), ``action_texts(game) -> (texts, spans)`` (the
action index) and ``Encoder`` (one seat's vector from its history and observation); ``SIMULTANEOUS = True`` where
seats choose at once (the Anarchy family); optionally ``FastReferee``, a referee on a fast engine with a
``supports(game)`` class method (:mod:`kirifuda.rl.referee`). Adding a game means adding one such module and
naming it in the game's registry entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from ..core import Game
from ..registry import require
from .spec import ActionIndex, Encoder, Layout


@dataclass(frozen=True)
class Encoding:
    """A game id with its options, as the RL environments see it."""

    game: Game
    layout: Layout
    actions: ActionIndex
    encoder: type[Encoder]
    simultaneous: bool
    fast_referee: Any = None
    """The module's ``FastReferee`` class, or None (see :func:`kirifuda.rl.referee.referee_for`)."""

    def encoder_for(self, seat: int, shared: Any = None) -> Encoder:
        return self.encoder(self.game, self.layout, seat, shared)

    def encoders(self) -> list[Encoder]:
        """One encoder per seat of a game, sharing what they may (:meth:`Encoder.shared`)."""
        shared = self.encoder.shared(self.game, self.layout)
        return [self.encoder_for(s, shared) for s in range(self.game.seat_count)]


_CACHE: dict[tuple[str, Any], Encoding] = {}


def module_for(game: Game) -> ModuleType:
    return require(game.id, "rl")


def encoding_for(game: Game) -> Encoding:
    """The encoding of ``game`` (built once per game id and options: the action table of Organised Chaos alone
    holds 22,100 texts)."""
    key = (game.id, game.options)
    found = _CACHE.get(key)
    if found is None:
        module = module_for(game)
        texts, spans = module.action_texts(game)
        found = _CACHE[key] = Encoding(
            game=game,
            layout=module.layout(game),
            actions=ActionIndex(game, texts, spans),
            encoder=module.Encoder,
            simultaneous=getattr(module, "SIMULTANEOUS", False),
            fast_referee=getattr(module, "FastReferee", None),
        )
    return found
