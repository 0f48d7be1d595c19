"""RL environments for a designed go-out game (docs/design.md, docs/rl.md), built from the design alone: PettingZoo's
api_test and parallel_api_test and Gymnasium's check_env on each preset, the action table from the engine's own
combinations, and vectors built from the seat's information only."""

from __future__ import annotations

import random
import warnings

import pytest

pytest.importorskip("pettingzoo")
import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test  # noqa: E402
from swaps import random_match, swapped  # noqa: E402

from kirifuda import design as D  # noqa: E402
from kirifuda.core import OptionError  # noqa: E402
from kirifuda.registry import make  # noqa: E402
from kirifuda.rl import env, gym_env, parallel_env  # noqa: E402
from kirifuda.rl.referee import follow  # noqa: E402
from kirifuda.rl.registry import encoding_for  # noqa: E402

CYCLES = 25


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # PettingZoo's "should be Box" for dict observations
        yield


@pytest.mark.parametrize("preset", D.PRESETS)
def test_aec_environment_of_a_design_passes_pettingzoo_api_test(preset):
    api_test(env("goout", {"design": preset}), num_cycles=CYCLES)


@pytest.mark.parametrize("preset", D.PRESETS)
def test_parallel_environment_of_a_design_passes_pettingzoo_parallel_api_test(preset):
    parallel_api_test(parallel_env("goout", {"design": preset}), num_cycles=CYCLES)


@pytest.mark.parametrize("preset", D.PRESETS)
def test_gym_environment_of_a_design_passes_gymnasium_check_env(preset):
    check_env(gym_env("goout", design=preset, opponents="random"))


def test_gymnasium_make_takes_a_design_and_a_design_file_as_an_object():
    made = gymnasium.make("kirifuda/goout-v0", design="daifugo", players=5, opponents="random")
    g = made.unwrapped
    assert g.game.design == D.preset("daifugo") and g.game.seat_count == 5
    mine = D.preset("cutin").with_values({"turns.pass": "soft"})
    assert gym_env("goout", design=mine.to_json()).game.design == mine


@pytest.mark.parametrize("preset", D.PRESETS)
def test_the_action_table_is_every_combination_of_the_design_and_round_trips(preset):
    game = make("goout", {"design": preset})
    actions = encoding_for(game).actions
    assert actions.texts[0] == "pass"
    for i in range(0, len(actions), max(1, len(actions) // 200)):
        action = actions.action(i)
        assert str(action) == actions.texts[i] and actions.of(action) == i
    rng = random.Random(3)
    match = random_match(game, 4, 40, rng)  # every legal action of a game in progress has its index
    for seat in match.to_act():
        assert all(actions.texts[actions.of(a)] == str(a) for a in match.legal_actions(seat))


def test_a_design_with_too_many_plays_for_an_action_table_is_refused_with_the_key():
    wide = D.preset("big-two").with_values({"play.runs.max_length": 13})  # any-suit runs: 4 ** length of them
    with pytest.raises(OptionError, match="play.runs.max_length"):
        encoding_for(make("goout", {"design": wide}))


@pytest.mark.parametrize("preset", D.PRESETS)
def test_a_design_vector_is_the_same_in_a_world_the_seat_cannot_tell_apart(preset):
    game = make("goout", {"design": preset})
    encoding = encoding_for(game)
    rng = random.Random(17)
    checked = 0
    for attempt in range(40):
        match = random_match(game, 900 + attempt, rng.randrange(1, 80), rng)
        seat = rng.randrange(game.seat_count)
        other = swapped(match, seat, rng)
        if other is None:
            continue
        assert np.array_equal(follow(encoding, other, seat), follow(encoding, match, seat))
        checked += 1
        if checked == 4:
            break
    assert checked >= 3
