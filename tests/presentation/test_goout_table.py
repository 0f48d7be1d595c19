"""The designed go-out table (presentation/goout.py) on each preset: every decision of a game drawn for every seat
and a spectator with the checks of tests/presentation/test_presentation.py, the same table in a world the seat
cannot tell apart, and the rules summary: the design in words, in both languages."""

from __future__ import annotations

import random

import pytest
from swaps import random_match, swapped
from test_presentation import walk

from kirifuda import design as D
from kirifuda.presentation import present, rules
from kirifuda.registry import make


@pytest.mark.parametrize("name", D.PRESETS)
def test_every_decision_of_a_preset_is_presented(name):
    game = make("goout", {"design": D.preset(name).with_values({"length.hands": 1})})
    assert walk(game, seed=1, steps=150) > 20


@pytest.mark.parametrize("name", D.PRESETS)
def test_a_world_the_seat_cannot_tell_apart_gives_the_same_table(name):
    game = make("goout", {"design": name})
    rng = random.Random(3)
    compared = 0
    for attempt in range(40):
        match = random_match(game, attempt, rng.randrange(1, 80), rng)
        waiting = sorted(match.to_act())
        if not waiting:
            continue
        seat = rng.choice(waiting)
        other = swapped(match, seat, rng)
        if other is None:
            continue
        assert present(game, other.observation(seat)) == present(game, match.observation(seat))
        compared += 1
        if compared == 3:
            break
    assert compared >= 2


def test_daifugo_table_shows_the_lock_and_the_revolution_in_both_languages():
    game = make("goout", {"design": "daifugo"})
    text = rules(game)
    assert "革命" in text.ja and "revolution" in text.en and "8切り" in text.ja
