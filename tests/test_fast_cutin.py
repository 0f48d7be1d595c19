"""The fast Cut-in engine (kirifuda.fast.cutin) against the pure one (kirifuda.games.cutin).

Lockstep: random games where at every decision both engines name the same legal actions in the same order and
reach the same position (hands, whose turn, the lock, who ran out first), ending with the same deal scores; the
random player ``play_random_game`` makes exactly the draws the pure protocol makes with ``rng.choice``. Perft:
from fixed deals and from positions reached by random play, the number of leaves of the action tree to a depth
is the same in both engines. Every option combination of the lockstep's covering set (tests/test_oracles.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from perft import pure_perft
from test_oracles import option_combos

from kirifuda import cards as C
from kirifuda.core import option
from kirifuda.fast import engine_for
from kirifuda.fast.cutin import FastCutin, Position
from kirifuda.games.cutin import Cutin, CutinOptions, CutinState, rank_major
from kirifuda.match import Match
from kirifuda.registry import make
from kirifuda.simulate import play_random_game as pure_random_game

COMBOS = option_combos("cutin")


def label(options: dict) -> str:
    return "-".join(str(v) for v in options.values())


def same_position(game: Cutin, state: CutinState, position: Position) -> None:
    assert position.hands == list(state.hands)
    assert (position.turn, position.leader) == (state.turn, state.leader)
    assert position.lock == (-1 if state.lock_suit is None else state.lock_suit)
    assert position.first_out == (-1 if state.first_out is None else state.first_out)
    assert position.top == (state.table[-1][1] if state.table else 0)
    assert position.played == state.played
    # the rank-major views the rollout player reads
    assert position.rm == [rank_major(h) for h in state.hands]
    assert position.left == rank_major(C.mask(game.deck()) & ~state.played)


@pytest.mark.parametrize("options", COMBOS, ids=label)
def test_random_games_in_lockstep(options):
    game = make("cutin", options)
    assert isinstance(engine_for(game), FastCutin)
    for seed in range(3):
        rng = random.Random(seed)
        match = Match(game, seed=seed)
        while not match.finished:
            position = Position.from_state(game, match.state)
            hand_over = False
            while not hand_over:
                (seat,) = match.to_act()
                legal = match.legal_actions(seat)
                assert [str(a) for a in position.legal()] == [str(a) for a in legal]
                action = rng.choice(legal)
                before = len(game.deal_scores(match.state))
                match.act(seat, action)
                hand_over = position.play(action)
                if hand_over:
                    assert game.deal_scores(match.state)[before] == position.scores()
                else:
                    same_position(game, match.state, position)


@pytest.mark.parametrize("options", COMBOS, ids=label)
def test_random_player_draws_as_the_pure_protocol(options):
    game = make("cutin", options)
    engine = FastCutin(game)
    for seed in range(4):
        assert engine.play_random_game(seed, random.Random(seed)) == pure_random_game(game, seed, random.Random(seed))


def fast_perft(position: Position, depth: int) -> int:
    actions = position.legal()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = position.copy()
        total += 1 if child.play(action) else fast_perft(child, depth - 1)
    return total


@pytest.mark.parametrize(
    "options,seed,walk,depth,count",
    [
        ({}, 7, 0, 3, 1295),  # tests/games/test_cutin.py counts the same from this deal
        ({"players": 5}, 2024, 0, 4, 3509),
        ({}, 5, 25, 5, None),
        ({"pass_style": "soft", "jokers": 2}, 11, 18, 4, None),
        ({"pass_style": "hard", "players": 6, "more_cards": False}, 3, 20, 5, None),
        ({"deck": "32", "players": 3, "jokers": 1, "cut_in": False}, 8, 12, 4, None),
    ],
)
def test_perft_fast_equals_pure(options, seed, walk, depth, count):
    game = make("cutin", options)
    match = Match(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(walk):
        (seat,) = match.to_act()
        match.act(seat, rng.choice(match.legal_actions(seat)))
    expected = pure_perft(game, match.state, depth)
    assert fast_perft(Position.from_state(game, match.state), depth) == expected
    if count is not None:
        assert expected == count


@dataclass(frozen=True, kw_only=True)
class HouseOptions(CutinOptions):
    house_rule: bool = option(False, True, doc="an option the fast engine does not know")


class HouseCutin(Cutin):
    Options = HouseOptions


def test_engine_for_declines_an_option_it_does_not_know():
    assert engine_for(HouseCutin()) is None  # an option added later is never silently ignored
