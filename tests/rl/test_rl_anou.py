"""Anou's encoder follows the table from the history alone (kirifuda/rl/anou.py): its table must be the rules' own
at every step, and its slot-by-slot vector the one packed from that table, for every option."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from kirifuda import cards as C  # noqa: E402
from kirifuda.rl.anou import NO_PHASE, PHASES  # noqa: E402

OPTIONS = [
    None,
    {"players": 3},
    {"players": 3, "deck3": "52"},
    {"root_stones": True},
    {"players": 3, "root_stones": True},
]


@pytest.mark.parametrize("options", OPTIONS)
def test_tracked_table_is_the_observation_and_the_vector_is_its_packing(options):
    from kirifuda.registry import make
    from kirifuda.rl.referee import Referee
    from kirifuda.rl.registry import encoding_for

    encoding = encoding_for(make("anou", options))
    game = encoding.game
    rng = random.Random(3)
    for seed in range(2):
        referee = Referee(encoding, seed)  # the pure referee: its encoders follow the table from the history
        while True:
            for seat in range(game.n):
                vector = referee.vector(seat)
                encoder = referee.encoders[seat]
                assert np.array_equal(vector, encoder.layout.pack(encoder.values(None)))
                obs = game.observation(referee.match.state, seat)
                table = encoder.table
                assert encoder.hand == obs.hand.mask
                assert [[m for m in w] for w in table.walls] == [[cs.mask for cs in w] for w in obs.walls]
                assert [(s, C.text(c)) for s, c in table.trick] == list(obs.trick)
                assert table.pool == obs.pool.mask
                assert table.gone == obs.discards.mask | sum(cs.mask for w in obs.walls for cs in w)
                assert tuple(table.totals) == obs.totals
                assert table.dealer == obs.dealer
                assert (PHASES[table.phase] if table.phase != NO_PHASE else obs.phase) == obs.phase
                assert ((table.turn,) if table.turn >= 0 else ()) == obs.to_act
                assert table.roots_left == obs.root_stones_left
            if referee.finished:
                break
            seat = referee.next_to_act()
            referee.act(seat, rng.choice(sorted(referee.legal(seat))))


@pytest.mark.parametrize("table", [True, False], ids=["table", "engine-vectors"])
@pytest.mark.parametrize("options", OPTIONS)
def test_the_fast_referee_steps_in_lockstep_with_the_pure_one(options, table):
    """FastReferee (on kirifuda.fast.anou) and Referee (on Match): the same seats to act, vectors, masks, legal
    indices, deal scores and record at every step of random games, and the same refusal of an illegal index — the
    fast referee following the shared table at every action, or working each vector out from the engine's position
    when asked (EngineVectors, the Gymnasium environment's)."""
    from kirifuda.registry import make
    from kirifuda.rl.anou import FastReferee
    from kirifuda.rl.referee import Referee, referee_for
    from kirifuda.rl.registry import encoding_for
    from kirifuda.rl.spec import IllegalIndex

    encoding = encoding_for(make("anou", options))
    assert encoding.fast_referee is FastReferee
    rng = random.Random(11)
    for seed in range(2):
        fast, pure = referee_for(encoding, seed, table=table), Referee(encoding, seed)
        assert isinstance(fast, FastReferee)
        steps = 0
        while not pure.finished:
            assert not fast.finished
            assert fast.to_act() == pure.to_act()
            for seat in range(encoding.game.seat_count):
                assert np.array_equal(fast.vector(seat), pure.vector(seat)), (seed, steps, seat)
                assert np.array_equal(fast.mask(seat), pure.mask(seat)), (seed, steps, seat)
            seat = pure.next_to_act()
            legal = sorted(pure.legal(seat))
            assert sorted(fast.legal(seat)) == legal
            illegal = next(i for i in range(len(encoding.actions)) if i not in legal)
            with pytest.raises(IllegalIndex):
                fast.act(seat, illegal)
            index = rng.choice(legal)
            fast.act(seat, index)
            pure.act(seat, index)
            assert fast.deal_scores() == pure.deal_scores()
            steps += 1
            if steps % 97 == 0:
                assert fast.record() == pure.record()
        assert fast.finished
        assert fast.record() == pure.record()


@pytest.mark.parametrize("table", [True, False], ids=["table", "engine-vectors"])
@pytest.mark.parametrize("options", OPTIONS)
def test_a_random_opponents_draw_is_the_draw_from_the_list_of_options(options, table):
    """FastReferee draws a random opponent's action from the engine's state without listing the options
    (draw_option): random_index gives the index the pure referee draws from its list of legal indices with the same
    generator state, and act_random plays that action, act_randoms every action of the seats given a generator in
    a row — the same vectors for every seat at every step, the same record."""
    from kirifuda.registry import make
    from kirifuda.rl.anou import FastReferee
    from kirifuda.rl.referee import Referee
    from kirifuda.rl.registry import encoding_for

    encoding = encoding_for(make("anou", options))
    seats = range(encoding.game.seat_count)
    for seed in range(3):
        fast, pure = FastReferee(encoding, seed, table=table), Referee(encoding, seed)
        rng, fast_rng = random.Random(seed), random.Random(seed)
        steps = 0
        while not pure.finished:
            seat = pure.next_to_act()
            if seed == 2:  # act_randoms: every seat random, in a row until a deal is scored
                played = len(fast.entries)
                fast.act_randoms([fast_rng] * len(seats))
                for _ in range(len(fast.entries) - played - 1):
                    seat = pure.next_to_act()
                    pure.act(seat, pure.random_index(seat, rng))
                seat = pure.next_to_act()
                index = pure.random_index(seat, rng)
                assert rng.getstate() == fast_rng.getstate()
            elif seed == 0:  # random_index: the same index from the same generator state, one draw (none if forced)
                index = fast.random_index(seat, fast_rng)
                assert pure.random_index(seat, rng) == index and rng.getstate() == fast_rng.getstate()
                assert fast.legal(seat)[index] == fast._pick[1]
                fast.act(seat, index)
            else:  # act_random: the action random_index would draw, played
                index = pure.random_index(seat, rng)
                fast.act_random(seat, fast_rng)
                assert rng.getstate() == fast_rng.getstate()
            pure.act(seat, index)
            steps += 1
            if seed != 0 or steps % 5 == 0:
                for s in seats:
                    assert np.array_equal(fast.vector(s), pure.vector(s)), (seed, steps, s)
        assert fast.finished
        assert fast.record() == pure.record()


@pytest.mark.parametrize("options", OPTIONS)
def test_the_legal_indices_worked_out_from_the_engine_are_its_options_indexed(options):
    """IndexTables.legal (the mask's indices, from the engine's state) is the engine's list of options looked up in
    the action table, in its order, at every step of random games; and the pure rules' legal actions."""
    from kirifuda.registry import make
    from kirifuda.rl.anou import FastReferee, IndexTables, option_index
    from kirifuda.rl.registry import encoding_for

    encoding = encoding_for(make("anou", options))
    game = encoding.game
    tables, index = IndexTables.of(game), option_index(game)
    rng = random.Random(7)
    for seed in range(3):
        referee = FastReferee(encoding, seed)
        position = referee.position
        while not referee.finished:
            expected = [index[o] for o in position.options()]
            assert tables.legal(position) == expected
            if seed == 0:
                state = referee.match.state
                assert sorted(expected) == sorted(
                    encoding.actions.of(a) for a in game.legal_actions(state, position.turn)
                )
            referee.act(position.turn, rng.choice(expected))


@pytest.mark.parametrize("players", [3, 4])
def test_the_gym_learners_mask_is_the_pure_rules_legal_set_at_every_step(players):
    """Against random opponents (played in a row on the engine between two learner steps) the learner's mask and
    action_masks() are the pure rules' legal actions of the replayed match at every step, and an observation handed
    out is never changed by later steps."""
    from kirifuda.rl import gym_env

    env = gym_env("anou", 0, "random", players=players)
    game, actions = env.game, env.encoding.actions
    rng = random.Random(players)
    kept: list[tuple[np.ndarray, np.ndarray]] = []
    for seed in range(2):
        observation, _ = env.reset(seed=seed)
        done = False
        while not done:
            mask = observation["action_mask"]
            legal = sorted(actions.of(a) for a in game.legal_actions(env.referee.match.state, 0))
            assert np.flatnonzero(mask).tolist() == legal
            assert np.array_equal(env.action_masks(), mask.astype(bool))
            kept.append((observation["action_mask"], mask.copy()))
            observation, _, done, _, _ = env.step(rng.choice(legal))
    assert all(np.array_equal(given, copy) for given, copy in kept)
