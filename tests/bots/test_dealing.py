"""The constrained dealer every sampler uses (kirifuda.bots.dealing): exclusions kept, every consistent deal
drawn, the exact method uniform, impossible problems refused."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from kirifuda.bots import dealing
from kirifuda.bots.dealing import ConstrainedDeal, ImpossibleDeal


def brute_force(cards, rooms, allowed):
    """Every consistent deal, as a tuple of masks per place."""
    out = set()
    slots = [p for p, room in enumerate(rooms) for _ in range(room)]
    for order in itertools.permutations(cards):
        masks = [0] * len(rooms)
        ok = True
        for card, p in zip(order, slots, strict=True):
            if not allowed.get(card, (1 << len(rooms)) - 1) >> p & 1:
                ok = False
                break
            masks[p] |= 1 << card
        if ok:
            out.add(tuple(masks))
    return out


PROBLEMS = [
    # (cards, rooms, allowed): suits are card // 16 here; place 0 may not take suit 0, place 2 not suit 1
    ([0, 1, 2, 16, 17, 32, 33], (2, 3, 2), {0: 0b110, 1: 0b110, 2: 0b110, 16: 0b011, 17: 0b011}),
    ([0, 1, 16, 17, 32, 48], (1, 2, 3), {0: 0b100, 16: 0b011}),
    ([0, 1, 2, 3, 4, 5], (2, 2, 2), {}),
    ([5, 6, 21, 22, 37], (2, 0, 3), {5: 0b100}),
]


@pytest.mark.parametrize("cards,rooms,allowed", PROBLEMS)
@pytest.mark.parametrize("method", ["exact", "sequential"])
def test_every_consistent_deal_is_drawn_and_nothing_else(cards, rooms, allowed, method, monkeypatch):
    if method == "sequential":
        monkeypatch.setattr(dealing, "EXACT_WORK", 0)
    deal = ConstrainedDeal(cards, rooms, allowed)
    every = brute_force(cards, rooms, allowed)
    rng = random.Random(1)
    drawn = Counter(tuple(deal.sample(rng)) for _ in range(60 * len(every)))
    assert set(drawn) == every
    if deal.method in ("exact", "free"):
        assert deal.count() == len(every)
        # uniform: no deal drawn far more or less often than its fair share (60 each)
        assert max(drawn.values()) < 120 and min(drawn.values()) > 20


def test_a_card_that_may_go_nowhere_is_refused():
    with pytest.raises(ImpossibleDeal):
        ConstrainedDeal([0, 1], (1, 1), {0: 0b00})


def test_exclusions_that_leave_no_deal_are_refused():
    # two cards both barred from place 1, which has room for one
    with pytest.raises(ImpossibleDeal):
        ConstrainedDeal([0, 1], (1, 1), {0: 0b01, 1: 0b01})
