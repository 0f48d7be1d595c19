"""The range that normalises the search's rewards, trimmed of rare extreme leaves (``GameKit.span_trim``, issue 21:
Gonin-kan's ±16 十六 leaves)."""

from __future__ import annotations

import random
from typing import Any

from kirifuda.bots.ismcts import ISMCTS
from kirifuda.bots.kit import GameKit

SCORES = {"a": 1, "b": -1, "c": -16}
"""One choice for seat 0: ``a`` scores +1, ``b`` −1, ``c`` −16 (the rare extreme leaf: the search tries it once)."""


class OneChoice:
    """A two-seat game of one decision, seat 0's, over the search protocol (:class:`~kirifuda.bots.kit.SearchGame`)."""

    id = "one-choice"
    seat_count = 2

    def to_act(self, state: Any) -> frozenset[int]:
        return frozenset() if state else frozenset({0})

    def legal_actions(self, state: Any, seat: int) -> list[str]:
        return list(SCORES)

    def apply(self, state: Any, seat: int, action: str) -> Any:
        return (action,)

    def deal_scores(self, state: Any) -> list[tuple[int, ...]]:
        return [(SCORES[state[0]], -SCORES[state[0]])] if state else []

    def chance(self, state: Any) -> str | None:
        return None

    def is_over(self, state: Any) -> bool:
        return bool(state)

    def seen(self, state: Any, seat: int | None, actor: int, action: Any) -> str:
        return str(action)


class Kit(GameKit):
    def __init__(self, trim: float) -> None:
        super().__init__(OneChoice())  # type: ignore[arg-type]
        self.span_trim = trim  # type: ignore[misc]


def visits(trim: float, iterations: int = 400) -> dict[str, int]:
    search = ISMCTS(Kit(trim), iterations=iterations)
    _, values, _ = search.evaluate(lambda rng: (), 0, list(SCORES), random.Random(1))
    return {text: value.visits for text, value in values.items()}


def test_a_rare_extreme_leaf_no_longer_flattens_the_search_where_the_kit_trims_the_range():
    full, trimmed = visits(0.0), visits(0.02)
    assert sum(full.values()) == sum(trimmed.values()) == 400
    assert 1 <= trimmed["c"] <= full["c"] <= 10  # the extreme leaf is tried, and rarely again
    # over the full range (17) +1 and −1 are 0.12 apart and the worse choice keeps many visits; over the range
    # without the one −16 leaf (2) they are a whole range apart
    assert trimmed["b"] < full["b"] / 2
    assert trimmed["a"] > full["a"]


def test_without_trimming_the_range_is_the_full_range_seen():
    search = ISMCTS(Kit(0.0), iterations=50)
    search.search(lambda rng: (), 0, list(SCORES), random.Random(2))
    assert search._span == search._hi - search._lo == 32  # seat 0's −16 and seat 1's +16


def test_the_trimmed_range_leaves_out_the_share_at_each_end_and_is_never_wider_than_the_full_one():
    search = ISMCTS(Kit(0.1), iterations=0)
    search._run(lambda rng: (), 0, random.Random(0))
    values = [-16.0] + [1.0, -1.0] * 9 + [10.0]  # 20 leaves: two of them (10 %) at each end are cut
    search._lo, search._hi = -16.0, 10.0
    spans = [search._trimmed_span(v, 0.1) for v in values]
    assert spans[-1] == 2.0
    assert all(span <= 26.0 for span in spans)
