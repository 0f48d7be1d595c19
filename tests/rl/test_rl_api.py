"""PettingZoo's api_test, parallel_api_test and seed_test, and Gymnasium's check_env, for every game id (issue 14)."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")
import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test, seed_test, state_test  # noqa: E402
from pettingzoo.utils.wrappers import TerminateIllegalWrapper  # noqa: E402

from kirifuda.registry import available  # noqa: E402
from kirifuda.rl import env, gym_env, gym_id, parallel_env  # noqa: E402

GAMES = available()
CYCLES = 25  # a few cycles keep the suite quick; full games are played in test_envs.py


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        # PettingZoo warns for every dict observation ("should be Box"); the masks are the standard pattern
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("game_id", GAMES)
def test_aec_environment_passes_pettingzoo_api_test(game_id):
    api_test(env(game_id), num_cycles=CYCLES)


@pytest.mark.parametrize("game_id", GAMES)
def test_parallel_environment_passes_pettingzoo_parallel_api_test(game_id):
    parallel_api_test(parallel_env(game_id), num_cycles=CYCLES)


@pytest.mark.parametrize("game_id", GAMES)
def test_aec_environment_passes_pettingzoo_seed_test(game_id):
    seed_test(lambda: env(game_id), num_cycles=CYCLES)


SLOW_DEFAULTS = {"goninkan"}  # its heuristic opponents sample hands each decision: a 6-seat round takes seconds


@pytest.mark.parametrize(
    "game_id", [pytest.param(g, marks=pytest.mark.slow) if g in SLOW_DEFAULTS else g for g in GAMES]
)
def test_gym_environment_passes_gymnasium_check_env_with_its_defaults(game_id):
    # check_env steps unmasked random actions: by default an illegal one ends the episode with a penalty
    check_env(gym_env(game_id))


@pytest.mark.parametrize("game_id", GAMES)
def test_gymnasium_make_gives_every_id_and_passes_check_env(game_id):
    made = gymnasium.make(gym_id(game_id), opponents="random", render_mode="ansi")
    assert made.spec is not None and made.spec.id == f"kirifuda/{game_id}-v0"
    check_env(made.unwrapped)


@pytest.mark.parametrize("game_id", GAMES)
def test_state_passes_pettingzoo_state_test(game_id):
    # state_test steps unmasked random actions: PettingZoo's classic games wrap their env in TerminateIllegalWrapper,
    # and so does this test (the AEC env itself raises on an illegal action)
    state_test(TerminateIllegalWrapper(env(game_id), illegal_reward=-1), parallel_env(game_id), num_cycles=CYCLES)


@pytest.mark.parametrize("game_id", GAMES)
def test_state_is_every_seats_observation_in_seat_order(game_id):
    e = env(game_id)
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(12):
        obs, *_ = e.last()
        state = e.state()
        assert e.state_space.contains(state)
        size = e.encoding.layout.size
        for seat, name in enumerate(e.possible_agents):
            assert np.array_equal(state[seat * size : (seat + 1) * size], e.observe(name)["observation"])
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    p = parallel_env(game_id)
    p.reset(seed=2)
    assert p.state_space.contains(p.state())
