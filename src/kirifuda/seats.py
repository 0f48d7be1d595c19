"""Seat helpers: who sits next to whom, so rules never write ``(i + 1) % n`` themselves.

Seats are numbered ``0 .. n-1`` clockwise (every rules file in ../shared/rules/). "Left" is the
next seat clockwise. Gonin-kan plays counter-clockwise between *positions*; it uses
:class:`Ring` with its own direction.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Ring:
    """``n`` places around a table, counted in one direction (``step`` +1 clockwise, −1 counter)."""

    n: int
    step: int = 1

    def next(self, place: int, k: int = 1) -> int:
        """The place ``k`` steps on in this ring's direction (``left`` for a clockwise ring)."""
        return (place + self.step * k) % self.n

    def prev(self, place: int, k: int = 1) -> int:
        return (place - self.step * k) % self.n

    def order_from(self, start: int) -> Iterator[int]:
        """Every place once, starting with ``start`` and going in this ring's direction."""
        for k in range(self.n):
            yield (start + self.step * k) % self.n

    def distance(self, a: int, b: int) -> int:
        """How many steps from ``a`` to ``b`` in this ring's direction."""
        return ((b - a) * self.step) % self.n


def first_clockwise_from(start: int, n: int, candidates: set[int] | frozenset[int]) -> int:
    """The first of ``candidates`` met going clockwise from ``start`` inclusive."""
    for seat in Ring(n).order_from(start):
        if seat in candidates:
            return seat
    raise ValueError("no candidates")


def winners_of(totals: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """Every seat tied at the highest total (ties share the win in every game we have)."""
    best = max(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)
