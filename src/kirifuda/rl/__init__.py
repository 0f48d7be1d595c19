"""Reinforcement-learning environments for every game id (docs/rl.md).

* ``env(game_id, options=None, render_mode=None)`` — a PettingZoo AEC environment;
* ``parallel_env(game_id, …)`` — a PettingZoo Parallel environment: native where seats choose at once (the Anarchy
  family), PettingZoo's turn-based wrapping of the AEC one elsewhere;
* ``gym_env(game_id, seat=0, opponents="heuristic", options=None, **option_values)`` — a Gymnasium environment: one
  seat learns, bots or policies hold the others; registered with Gymnasium on import as ``kirifuda/<game id>-v0``
  (``gymnasium.make("kirifuda/anou-v0", players=3)``; ``gymnasium.make("kirifuda.rl:kirifuda/anou-v0")`` imports
  this package first).

Observations are ``{"observation": Box, "action_mask": MultiBinary}`` built from the seat's information state only;
actions are indices of a fixed table of every action text of the game id with its options.
"""

from __future__ import annotations

from typing import Any

from ..extras import require

require("rl", "kirifuda.rl")  # first: a missing numpy, gymnasium or pettingzoo is named with its extra

from ..core import Options
from .aec import KirifudaAEC
from .parallel import KirifudaParallel, parallel_env
from .single import KirifudaGym, gym_env, gym_id, register_gym_envs
from .spec import IllegalIndex


def env(
    game_id: str, options: Options | dict[str, Any] | None = None, render_mode: str | None = None, episode: str = "game"
) -> KirifudaAEC:
    """The PettingZoo AEC environment of ``game_id`` with ``options`` (names as in kirifuda records)."""
    return KirifudaAEC(game_id, options, render_mode=render_mode, episode=episode)


register_gym_envs()

__all__ = [
    "IllegalIndex",
    "KirifudaAEC",
    "KirifudaGym",
    "KirifudaParallel",
    "env",
    "gym_env",
    "gym_id",
    "parallel_env",
]
