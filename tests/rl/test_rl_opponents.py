"""The Gymnasium environment's opponents: bot names, one per seat, callables (self-play), and Anou's heuristic on the
fast engine choosing exactly as the heuristic bot does from its information state (issue 22)."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from kirifuda.bots import make_bot  # noqa: E402
from kirifuda.bots.table import Seating  # noqa: E402
from kirifuda.registry import make  # noqa: E402
from kirifuda.rl import IllegalIndex, gym_env  # noqa: E402
from kirifuda.rl.anou import FastHeuristic, FastReferee, seat_view  # noqa: E402
from kirifuda.rl.registry import encoding_for  # noqa: E402


def test_callable_opponents_get_their_own_seat_observation_and_play_its_answer():
    calls = []

    def first_legal(observation, mask):
        assert mask.dtype == np.bool_ and (observation["action_mask"].view(np.bool_) == mask).all()
        calls.append(observation["observation"].copy())
        return np.int64(np.flatnonzero(mask)[-1])

    g = gym_env("cutin", seat=1, opponents=[first_legal, "random", first_legal], episode="deal")
    obs, _ = g.reset(seed=3)
    done = False
    while not done:
        obs, _, done, _, _ = g.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert calls
    seats = {seat for seat, _ in g.referee.match.actions if seat != "chance"}
    assert {0, 2} <= seats


def test_self_play_a_frozen_copy_of_the_learners_policy_holds_every_other_seat():
    rng = np.random.default_rng(0)

    def policy(observation, mask):
        return rng.choice(np.flatnonzero(mask))

    g = gym_env("anou", opponents=policy, players=3, episode="deal")
    obs, _ = g.reset(seed=1)
    done = False
    while not done:
        obs, _, done, _, _ = g.step(policy(obs, g.action_masks()))
    assert len(g.referee.new_scores()) == 0 and len(g.referee.deal_scores()) == 1


def test_a_callable_answering_an_illegal_index_is_refused_naming_the_legal_ones():
    g = gym_env("gogyo-sokoku", seat=4, opponents=lambda observation, mask: int(np.flatnonzero(~mask)[0]))
    with pytest.raises(IllegalIndex, match="legal"):
        g.reset(seed=2)


@pytest.mark.parametrize("options", [{}, {"players": 3}, {"root_stones": True}, {"players": 3, "first_dealer": 2}])
def test_anou_fast_heuristic_chooses_as_the_heuristic_bot_at_every_decision(options):
    game = make("anou", options)
    encoding = encoding_for(game)
    assert FastReferee.supports(game)
    referee = FastReferee(encoding, seed=11)
    fast = FastHeuristic(referee, seed=0)
    bots = {s: make_bot("heuristic", game, seed=s) for s in range(game.seat_count)}
    seating = Seating(referee.match, bots)
    rng = random.Random(1)
    decisions = 0
    while not referee.finished and decisions < 400:
        seat = referee.next_to_act()
        referee.match  # noqa: B018 - brings the pure match up to date
        expected = encoding.actions.of(seating.decide(seat))
        assert fast.decide(referee, seat) == expected
        # the game goes on by a random legal action half the time, so the bots meet positions of every kind
        legal = list(referee.legal(seat))
        referee.act(seat, expected if rng.random() < 0.5 else legal[rng.randrange(len(legal))])
        decisions += 1
    assert decisions >= 100


def test_anou_seat_view_does_not_depend_on_how_the_hidden_cards_lie():
    game = make("anou")
    referee = FastReferee(encoding_for(game), seed=5)
    for _ in range(9):
        referee.act(referee.next_to_act(), next(iter(referee.legal(referee.next_to_act()))))
    position = referee.position
    seat = referee.next_to_act()
    a, b = [s for s in range(game.n) if s != seat][:2]
    swapped = position.copy()
    swapped.hands[a], swapped.hands[b] = (
        sorted(position.hands[a][:-1] + position.hands[b][-1:]),
        sorted(position.hands[b][:-1] + position.hands[a][-1:]),
    )
    mine, theirs = seat_view(position, seat), seat_view(swapped, seat)
    assert mine.hands == theirs.hands and mine.suits == theirs.suits
    assert mine.hands[seat] == position.hands[seat]
