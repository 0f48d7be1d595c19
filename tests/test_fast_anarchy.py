"""The fast Anarchy-family engine (kirifuda.fast.anarchy) against the pure one (kirifuda.games.anarchy).

Lockstep: random games where at every decision both engines name the same legal actions in the same order and
reach equal states, ending with the same deal scores; and the random player ``play_random_game`` makes exactly
the draws (number of legal actions, index chosen) that the pure protocol makes with ``rng.choice``. Perft: from
seeded deals, the number of leaves of the decision tree to a depth (every seat's face-down choice one ply, the
lowest awaited seat first) is the same in both engines — through the Chaos pass, the bids and the tricks.
"""

from __future__ import annotations

import random

import pytest
from perft import pure_perft

from kirifuda.fast import engine_for
from kirifuda.fast.anarchy import FastAnarchy, Position
from kirifuda.match import Match
from kirifuda.registry import make

OPTIONS = [  # every option that changes the rules, with seats and dealers varied
    ("anarchy", {}),
    ("anarchy", {"players": 4, "first_dealer": 2}),
    ("anarchy", {"bidding": "secret", "turnup": "contested", "deals": 2}),
    ("anarchy-bomb", {}),
    ("anarchy-bomb", {"players": 3, "bidding": "secret"}),
    ("anarchy-bomb", {"players": 3, "bomb_wild": True, "first_dealer": 1}),
    ("anarchy-bomb", {"players": 5, "bomb_wild": True}),
    ("anarchy-bomb", {"players": 5, "deck5": "65", "deals": 2}),
    ("organised-chaos", {}),
    ("organised-chaos", {"players": 3}),
    ("organised-chaos", {"players": 3, "dummy_passes": True, "first_dealer": 2}),
    ("organised-chaos", {"players": 5}),
]


def label(case: tuple[str, dict]) -> str:
    game_id, options = case
    return game_id + "".join(f",{k}={v}" for k, v in options.items())


def pure_game(game, seed: int, rng: random.Random):
    """``kirifuda simulate``'s loop through the pure protocol, recording each draw (count, index)."""
    match = Match(game, seed=seed)
    trace = []
    while not match.finished:
        for seat in sorted(match.to_act()):
            legal = match.legal_actions(seat)
            k = rng._randbelow(len(legal))
            trace.append((len(legal), k))
            match.act(seat, legal[k])
    return game.deal_scores(match.state), trace


@pytest.mark.parametrize("case", OPTIONS, ids=label)
def test_random_games_make_the_pure_engines_draws_and_scores(case):
    game = make(*case)
    engine = FastAnarchy(game)
    for seed in range(3):
        scores, trace = pure_game(game, seed, random.Random(seed))
        fast_trace: list[tuple[int, int]] = []
        fast_scores, decisions = engine.play_random_game(seed, random.Random(seed), fast_trace)
        assert fast_scores == scores
        assert fast_trace == trace
        assert decisions == len(trace)


@pytest.mark.parametrize("case", OPTIONS, ids=label)
def test_every_step_lists_the_same_actions_and_reaches_the_same_state(case):
    game = make(*case)
    rng = random.Random(5)
    match = Match(game, seed=17)
    position = Position.from_state(game, match.state)
    while not match.finished:
        if position.phase == "deal":
            position.deal_seeded(17)
        assert position.to_state() == match.state
        seat = min(match.to_act())
        assert position.seat_to_act() == seat
        legal = match.legal_actions(seat)
        assert position.texts() == [str(a) for a in legal]
        assert position.count() == len(legal)
        k = rng.randrange(len(legal))
        match.act(seat, legal[k])
        position.play(k)
    assert position.to_state() == match.state


def fast_perft(position: Position, depth: int) -> int:
    count = position.count()
    if depth == 0 or not count:
        return 1
    if depth == 1:
        return count
    total = 0
    for k in range(count):
        child = position.copy()
        child.play(k)
        total += fast_perft(child, depth - 1)
    return total


def positions(game, seed: int):
    """States from a seeded game: its deal, then after the pass / the bids, then in mid-deal."""
    rng = random.Random(seed)
    match = Match(game, seed=seed)
    yield match.state
    for steps in (game.n, 2 * game.n, 5 * game.n):
        for _ in range(steps):
            seat = min(match.to_act())
            match.act(seat, rng.choice(match.legal_actions(seat)))
        yield match.state


@pytest.mark.parametrize("case", OPTIONS, ids=label)
def test_perft_counts_agree_with_the_pure_engine(case):
    game = make(*case)
    for state in positions(game, 3):
        depth = 2 if state.phase == "pass" else 4
        assert fast_perft(Position.from_state(game, state), depth) == pure_perft(game, state, depth)


def test_simulate_uses_the_fast_engine_for_every_family_id():
    for game_id in ("anarchy", "anarchy-bomb", "organised-chaos"):
        assert isinstance(engine_for(make(game_id)), FastAnarchy)
