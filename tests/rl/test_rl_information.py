"""Observation vectors are built from the seat's information state only, checked mechanically (tests/swaps.py):
in a world the seat cannot tell apart — two unplayed cards swapped between two other hands, the same actions
replayed — its vector does not change, for every game id."""

from __future__ import annotations

import random

import numpy as np
import pytest
from swaps import random_match, swapped

pytest.importorskip("pettingzoo")

from kirifuda.registry import available, make  # noqa: E402
from kirifuda.rl.referee import follow  # noqa: E402
from kirifuda.rl.registry import encoding_for  # noqa: E402

GAMES = available()


@pytest.mark.parametrize("game_id", GAMES)
def test_vector_is_the_same_in_a_world_the_seat_cannot_tell_apart(game_id):
    game = make(game_id)
    encoding = encoding_for(game)
    rng = random.Random(17)
    checked = differing = 0
    for attempt in range(60):
        match = random_match(game, 900 + attempt, rng.randrange(1, 120), rng)
        seat = rng.randrange(game.seat_count)
        other = swapped(match, seat, rng)
        if other is None:
            continue
        mine = follow(encoding, match, seat)
        assert np.array_equal(follow(encoding, other, seat), mine)
        # the swap is real: a seat holding one of the swapped cards sees its hand change
        holders = [s for s in range(game.seat_count) if s != seat]
        differing += any(not np.array_equal(follow(encoding, other, s), follow(encoding, match, s)) for s in holders)
        checked += 1
        if checked == 6:
            break
    assert checked >= 3
    assert differing == checked


@pytest.mark.parametrize("game_id", GAMES)
def test_environment_vector_is_the_fresh_encoders(game_id):
    """The environment's incremental vectors equal a fresh encoder's built from the seat's whole view."""
    from kirifuda.rl import env

    e = env(game_id)
    e.reset(seed=21)
    rng = random.Random(21)
    encoding = e.encoding
    for step in range(80):
        agent = e.agent_selection
        obs, _, done, _, _ = e.last()
        if done:
            break
        seat = e.possible_agents.index(agent)
        if step % 7 == 0:
            assert np.array_equal(obs["observation"], follow(encoding, e.referee.match, seat))
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))
