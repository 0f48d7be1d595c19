"""Each game's table, described once: ``present(game, observation)`` → :class:`~.model.Table`, and
``choices(game, observation, legal)`` → one :class:`~.model.Choice` per legal action.

A game's module ``kirifuda.presentation.<game module>`` (``anou``, ``gogyo_sokoku``, ``anarchy``, ``goninkan``,
``cutin``) defines ``present(game, obs)`` and ``choices(game, obs, legal)``. Adding a game means adding one such
module; the surfaces draw the model generically.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType

from ..core import Action, Game, Observation
from .model import Choice, Table


def module_for(game: Game) -> ModuleType:
    """The presentation module of ``game`` (named after its rules module)."""
    name = type(game).__module__.rsplit(".", 1)[-1]
    return importlib.import_module(f"{__name__}.{name}")


def present(game: Game, obs: Observation) -> Table:
    """The table as ``obs.seat`` sees it."""
    table: Table = module_for(game).present(game, obs)
    return table


def choices(game: Game, obs: Observation, legal: Sequence[Action]) -> list[Choice]:
    """Every legal action as a player chooses it, in the order of ``legal``."""
    out: list[Choice] = module_for(game).choices(game, obs, legal)
    return out
