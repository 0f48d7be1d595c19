"""Bots: they see a seat's observation and its legal actions, nothing else (../shared/STYLE.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..core import Action, Observation


class Bot(Protocol):
    """What a surface asks of a bot: one of ``legal``, chosen from the seat's observation alone."""

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action: ...
