"""No peeking, mechanically, for every game id and every bot level (issue 10).

Positions come from random games; in each, two unplayed cards are swapped between two other seats' hands of
the current deal where the seat cannot tell (the same actions replay legally and the table looks the same:
tests/swaps.py). The seat's information state, and every bot's decision with the same seed, must not change —
the ``-infer`` levels' too, whose sampler weights determinizations by the other seats' plays (and bids), and the
``-fresh`` levels where a kit reuses determinizations, and the ``-flat`` levels' search.
"""

from __future__ import annotations

import random

import pytest
from swaps import random_match, swapped

from kirifuda.arena import Seating
from kirifuda.bots import BOT_NAMES, kit_for, make_bot
from kirifuda.bots.kit import GameKit
from kirifuda.bots.registry import FLAT_NAMES, FRESH_NAMES, INFER_NAMES
from kirifuda.registry import available, make

GAMES = available()


def positions(game, count: int, seed: int):
    """(match, swapped match, seat) triples: seat is to act in both."""
    rng = random.Random(seed)
    found = 0
    for attempt in range(200):
        match = random_match(game, seed * 1000 + attempt, rng.randrange(1, 150), rng)
        waiting = sorted(match.to_act())
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


@pytest.mark.parametrize("game_id", GAMES)
def test_information_state_and_decisions_ignore_what_the_seat_cannot_see(game_id):
    game = make(game_id)
    if type(kit_for(game)) is GameKit:
        pytest.skip(f"{game_id} has no bots' kit yet")
    checked = 0
    for match, other, seat in positions(game, 3, 7):
        info = Seating(match, {}).info(seat)
        assert Seating(other, {}).info(seat) == info
        legal = match.legal_actions(seat)
        assert other.legal_actions(seat) == legal
        # the inference-weighted sampler reads the history too (where a kit has no model of the other seats — it
        # neither rebuilds a deal nor scores the choices itself, as the Anarchy family's bids and revealed cards —
        # it is the uniform sampler, already checked; a kit's own model weighs the same pool at every level, so its
        # cheapest level keeps the suite quick)
        kit = type(kit_for(game))
        infers = INFER_NAMES if kit.deal_start is not GameKit.deal_start else ()
        if kit.log_likelihood is not GameKit.log_likelihood:
            infers = INFER_NAMES[:1]
        # where a kit reuses each determinization for several iterations, the plain search too (``-fresh``: the
        # levels' search before the reuse, already checked as such; its cheapest level keeps the suite quick)
        fresh = FRESH_NAMES[:1] if kit_for(game).reuse > 1 else ()
        # the flat search at the root (``-flat``: the same sampler and leaves, its cheapest level)
        for name in (*BOT_NAMES, *infers, *fresh, *FLAT_NAMES[:1]):
            if name.startswith("hard") and checked:
                continue  # one position at the top level keeps the suite quick
            first = make_bot(name, game, seed=11, time_cap=None).act(info, legal)
            again = make_bot(name, game, seed=11, time_cap=None).act(Seating(other, {}).info(seat), legal)
            assert str(first) == str(again), f"{name} decides differently on a world the seat cannot tell apart"
        checked += 1
    assert checked >= 2
