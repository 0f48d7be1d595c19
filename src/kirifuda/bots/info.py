"""Information states: everything one seat knows, and nothing else.

An :class:`InfoState` is built only from one seat's :class:`~kirifuda.match.SeatView` — each event as the
seat saw it and the seat's observations — so it cannot hold what the seat may not know: that is true by
construction, and tested mechanically (tests/bots/test_no_peeking.py). It holds

* ``history``: every event as the seat saw it (its hands as dealt, every public action in order, its own
  private choices in full, others' hidden ones as ``?``);
* ``observation``: the seat's observation now (the table, its hand, bids, captured cards, …);
* ``knowledge``: what the seat has worked out from the history that the observation no longer shows (voids
  shown by failing to follow, where a passed card went, …) — a game's :class:`Knowledge` subclass, kept up to
  date event by event by the game's kit (its registry entry's ``bots`` part).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from ..core import Observation, Seen, to_jsonable


class SeatHistory(Protocol):
    """One seat's view of a game, as the referee hands it to a bot's tracker (:class:`kirifuda.match.SeatView`
    is one): bots never import the match itself."""

    @property
    def seat(self) -> int | None: ...

    def history(self) -> tuple[Seen, ...]: ...

    def steps(self, start: int = 0) -> Iterator[tuple[Seen, Observation, Observation]]: ...

    def observation(self) -> Observation: ...


@dataclass(frozen=True)
class Knowledge:
    """What a seat has deduced from its history beyond its observation. The base knows nothing more; each
    game's kit subclasses it (a frozen dataclass) and overrides :meth:`update`."""

    def update(self, seen: Seen, before: Observation, after: Observation) -> Knowledge:
        """The knowledge after one more event: ``seen`` as the seat saw it, with its observations before and
        after the event."""
        return self

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = to_jsonable(self) if dataclasses.fields(self) else {}
        return out


@dataclass(frozen=True)
class InfoState:
    """Everything ``seat`` knows of a game at one moment (see the module docstring)."""

    game: str
    options: dict[str, Any]
    seat: int
    history: tuple[Seen, ...]
    observation: Observation
    knowledge: Knowledge

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "seat": self.seat,
            "history": [s.to_json() for s in self.history],
            "observation": self.observation.to_json(),
            "knowledge": self.knowledge.to_json(),
        }


class InfoTracker:
    """Keeps one seat's :class:`InfoState` up to date from its :class:`~kirifuda.match.SeatView`, reading only
    the events it has not seen yet."""

    __slots__ = ("_view", "_knowledge", "_done", "_game", "_options")

    def __init__(self, view: SeatHistory, knowledge: Knowledge, *, game: str, options: dict[str, Any]) -> None:
        if view.seat is None:
            raise ValueError("an information state belongs to a seat, not a spectator")
        self._view = view
        self._knowledge = knowledge
        self._done = 0
        self._game = game
        self._options = options

    @property
    def seat(self) -> int:
        seat = self._view.seat
        assert seat is not None
        return seat

    def info(self) -> InfoState:
        knowledge = self._knowledge
        for seen, before, after in self._view.steps(self._done):
            knowledge = knowledge.update(seen, before, after)
            self._done += 1
        self._knowledge = knowledge
        return InfoState(
            game=self._game,
            options=self._options,
            seat=self.seat,
            history=self._view.history(),
            observation=self._view.observation(),
            knowledge=knowledge,
        )
