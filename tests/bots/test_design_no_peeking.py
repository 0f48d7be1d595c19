"""No peeking on each design preset at a real decision (issue 20; the check of tests/bots/test_no_peeking.py):
positions where the seat has a choice to make (two legal actions or more — a forced pass would pass any bot), and
a world the seat cannot tell apart (two unseen cards swapped between other hands): every bot level decides the same
with the same seed."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from swaps import random_match, swapped

from kirifuda import design as D
from kirifuda.arena import Seating
from kirifuda.bots import BOT_NAMES, make_bot
from kirifuda.match import Match
from kirifuda.registry import make

QUICK = ("random", "heuristic")


def choices(game, count: int, seed: int) -> Iterator[tuple[Match, Match, int]]:
    """(match, swapped match, seat): the seat is to act in both, with at least two legal actions."""
    rng = random.Random(seed)
    found = 0
    for attempt in range(400):
        match = random_match(game, seed * 1000 + attempt, rng.randrange(1, 120), rng)
        waiting = [s for s in sorted(match.to_act()) if len(match.legal_actions(s)) >= 2]
        if not waiting:
            continue
        seat = rng.choice(waiting)
        other = swapped(match, seat, rng)
        if other is None:
            continue
        yield match, other, seat
        found += 1
        if found == count:
            return


@pytest.mark.parametrize(
    ("preset", "bots"),
    [(p, QUICK) for p in D.PRESETS]
    + [pytest.param(p, BOT_NAMES[2:], marks=pytest.mark.slow) for p in D.PRESETS],  # the searches: seconds each
)
def test_no_bot_peeks_at_a_real_choice_on_each_preset(preset, bots):
    game = make("goout", {"design": preset})
    checked = 0
    for match, other, seat in choices(game, 2, 5):
        info = Seating(match, {}).info(seat)
        assert Seating(other, {}).info(seat) == info
        legal = match.legal_actions(seat)
        assert other.legal_actions(seat) == legal and len(legal) >= 2
        for bot in bots:
            if bot == "hard" and checked:
                continue  # one position at the top level keeps it quick
            first = make_bot(bot, game, seed=11, time_cap=None).act(info, legal)
            again = make_bot(bot, game, seed=11, time_cap=None).act(Seating(other, {}).info(seat), legal)
            assert str(first) == str(again), f"{bot} decides differently on a world the seat cannot tell apart"
        checked += 1
    assert checked == 2
