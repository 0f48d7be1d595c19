"""The bots' kit of designed go-out games (src/kirifuda/bots/goout.py) on each preset: the sampler gives the seat
exactly its observation, every bot plays whole hands, and no bot peeks (the check of tests/bots/test_no_peeking.py:
a world the seat cannot tell apart gives the same information state and the same decision at every level)."""

from __future__ import annotations

import random

import pytest
from test_no_peeking import positions

from kirifuda import design as D
from kirifuda.arena import Seating
from kirifuda.bots import BOT_NAMES, kit_for, make_bot
from kirifuda.bots.goout import Kit
from kirifuda.match import Match
from kirifuda.registry import make


def short(name: str):
    return make("goout", {"design": D.preset(name).with_values({"length.hands": 1})})


@pytest.mark.parametrize("name", D.PRESETS)
def test_the_sampler_gives_the_seat_its_observation(name):
    game = short(name)
    kit = kit_for(game)
    assert isinstance(kit, Kit)
    rng = random.Random(4)
    match = Match(game, seed=4)
    checked = 0
    while not match.finished:
        (seat,) = match.to_act()
        info = Seating(match, {}).info(seat)
        for k in range(3):
            state = kit.sample(info, random.Random(k))
            assert game.observation(state, seat) == info.observation
            assert sorted(map(str, game.legal_actions(state, seat))) == sorted(map(str, match.legal_actions(seat)))
        checked += 1
        match.act(seat, rng.choice(match.legal_actions(seat)))
    assert checked > 10


@pytest.mark.parametrize("name", D.PRESETS)
def test_the_heuristic_plays_a_whole_hand_and_beats_random(name):
    game = short(name)
    wins = 0
    for seed in range(6):
        match = Match(game, seed=seed)
        bots = [make_bot("heuristic" if s == 0 else "random", game, seed=seed + s) for s in range(game.seat_count)]
        while not match.finished:
            (seat,) = match.to_act()
            match.act(seat, bots[seat].act(Seating(match, {}).info(seat), match.legal_actions(seat)))
        totals = game.totals(match.state)
        wins += totals[0] >= sorted(totals)[len(totals) // 2]
    assert wins >= 4, "the club player should place in the upper half against random play most of the time"


QUICK = ("random", "heuristic", "easy")


@pytest.mark.parametrize(
    "name,bots",
    [(n, QUICK) for n in D.PRESETS] + [pytest.param(n, BOT_NAMES, marks=pytest.mark.slow) for n in D.PRESETS],
)
def test_no_bot_peeks(name, bots):
    game = make("goout", {"design": name})
    checked = 0
    for match, other, seat in positions(game, 2, 7):
        info = Seating(match, {}).info(seat)
        assert Seating(other, {}).info(seat) == info
        legal = match.legal_actions(seat)
        for bot in bots:
            if bot == "hard" and checked:
                continue
            first = make_bot(bot, game, seed=11, time_cap=None).act(info, legal)
            again = make_bot(bot, game, seed=11, time_cap=None).act(Seating(other, {}).info(seat), legal)
            assert str(first) == str(again), f"{bot} decides differently on a world the seat cannot tell apart"
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("name", D.PRESETS)
def test_the_fast_rollout_plays_as_the_pure_protocol(name):
    """Kit.rollout runs on the fast engine (kirifuda.fast.goout); from sampled states it gives the scores the pure
    protocol's rollout (GameKit.rollout with the same club player) gives."""
    from kirifuda.bots.kit import GameKit

    game = short(name)
    kit = kit_for(game)
    rng = random.Random(9)
    match = Match(game, seed=9)
    for step in range(30):
        (seat,) = match.to_act()
        if step % 5 == 0:
            state = kit.sample(Seating(match, {}).info(seat), random.Random(step))
            assert kit.rollout(state, random.Random(0)) == GameKit.rollout(kit, state, random.Random(0))
        match.act(seat, rng.choice(match.legal_actions(seat)))
