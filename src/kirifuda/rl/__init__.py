"""Reinforcement-learning environments for every game id (docs/rl.md).

* ``env(game_id, options=None, render_mode=None)`` — a PettingZoo AEC environment;
* ``parallel_env(game_id, …)`` — a PettingZoo Parallel environment: native where seats choose at once (the Anarchy
  family), PettingZoo's turn-based wrapping of the AEC one elsewhere;
* ``gym_env(game_id, seat=0, opponents="normal", options=None)`` — a Gymnasium environment: one seat learns, kirifuda
  bots hold the others.

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
from .single import KirifudaGym, gym_env
from .spec import IllegalIndex


def env(
    game_id: str, options: Options | dict[str, Any] | None = None, render_mode: str | None = None, episode: str = "game"
) -> KirifudaAEC:
    """The PettingZoo AEC environment of ``game_id`` with ``options`` (names as in kirifuda records)."""
    return KirifudaAEC(game_id, options, render_mode=render_mode, episode=episode)


__all__ = ["IllegalIndex", "KirifudaAEC", "KirifudaGym", "KirifudaParallel", "env", "gym_env", "parallel_env"]
