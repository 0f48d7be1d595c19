"""The fast Gonin-kan engine (kirifuda.fast.goninkan) against the pure one (kirifuda.games.goninkan).

Lockstep: random games, for every option that changes the rules, where at every decision both engines name the
same legal actions in the same (canonical) order, resolve the same chance events (deals, blind swaps), and end
with the same battle scores; the random player ``play_random_game`` makes exactly the draws the pure protocol
makes with ``rng.choice``. Perft: from positions of seeded games — the call, the passes and trump declaration
of battle 2, play, the end of a battle — the number of leaves of the full action tree to a depth is the same in
both engines.
"""

from __future__ import annotations

import random

import pytest
from perft import pure_perft

from kirifuda.fast import engine_for
from kirifuda.fast.goninkan import FastGoninkan, Position, Rules
from kirifuda.games.goninkan import Goninkan
from kirifuda.match import Match
from kirifuda.simulate import play_random_game as pure_random_game

OPTION_SETS = [
    {},
    {"players": 5},
    {"joker_ban": "lead"},
    {"last_trick_joker": "weakest"},
    {"joker_ban": "lead", "last_trick_joker": "weakest", "players": 5},
    {"early_stop": False},
    {"sixteen_in_battle1": True, "first_dealer": 4},
    {"players": 5, "zero_sum": True, "early_stop": False, "sixteen_in_battle1": True, "first_dealer": 2},
]


def label(options: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "default"


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


@pytest.mark.parametrize("options", OPTION_SETS, ids=label)
def test_random_games_equal_the_pure_engines_with_the_same_seed_and_rng(options):
    game = Goninkan(**options, rounds=4)
    fast = engine_for(game)
    assert isinstance(fast, FastGoninkan)
    for seed in range(8):
        assert fast.play_random_game(seed, random.Random(seed)) == pure_random_game(game, seed, random.Random(seed))


@pytest.mark.parametrize("options", OPTION_SETS[:4], ids=label)
def test_positions_name_the_pure_engines_legal_actions_in_lockstep(options):
    game = Goninkan(**options, rounds=3)
    rules = Rules(game)
    for seed in range(2):
        match = Match(game, seed=seed)
        position = Position(rules, game.options.first_dealer)
        rng = random.Random(seed)
        deals = 0
        while not match.finished:
            while position.phase in ("deal", "swap"):
                if position.phase == "deal":
                    position.deal_from(match.deals[deals])
                    deals += 1
                else:
                    chance = next(e for e in match.events if e.actor == "chance" and e.before.hands == position.hands)
                    card, power = (c for c in chance.after.setup.swap)
                    position.swap(card, power)
            (player,) = match.to_act()
            assert position.turn == player
            legal = match.legal_actions(player)
            assert position.texts() == [str(a) for a in legal]
            k = rng.randrange(len(legal))
            match.act(player, legal[k])
            position.play(k)
            assert position.scores == list(game.deal_scores(match.state))
        assert position.phase == "over"


def test_perft_from_positions_of_seeded_games():
    """From the call of battle 1, from battle 2's passes and trump declaration, and from play early and late
    (through the trick where the Joker is forced, into a battle's end), counted to depth 5."""
    game = Goninkan(rounds=3, early_stop=False)
    rules = Rules(game)
    wanted = {("call", 0), ("pass", 0), ("trump", 0), ("play", 2), ("play", 8), ("play", 9)}
    checked = set()
    for seed in range(40):
        match = Match(game, seed=seed)
        rng = random.Random(seed)
        while not match.finished and checked != wanted:
            state = match.state
            moment = (state.phase, len(state.history) if state.phase == "play" else 0)
            if moment in wanted - checked:
                position = Position.from_state(rules, state)
                assert fast_perft(position, 5) == pure_perft(game, state, 5), moment
                checked.add(moment)
            (player,) = match.to_act()
            match.act(player, rng.choice(match.legal_actions(player)))
        if checked == wanted:
            break
    assert checked == wanted
