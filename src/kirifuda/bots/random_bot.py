"""The random bot: a uniformly random legal action. The baseline for simulation and tests."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..core import Action, Observation


class RandomBot:
    name = "random"

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng or random.Random()

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` (the observation is not needed by this policy)."""
        return self.rng.choice(legal)
