"""PettingZoo's api_test, parallel_api_test and seed_test, and Gymnasium's check_env, for every game id (issue 14)."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test, seed_test  # noqa: E402

from kirifuda.registry import available  # noqa: E402
from kirifuda.rl import env, gym_env, parallel_env  # noqa: E402

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


@pytest.mark.parametrize("game_id", GAMES)
def test_gym_environment_passes_gymnasium_check_env(game_id):
    # check_env steps unmasked random actions: with illegal="terminate" they end the episode instead of raising
    check_env(gym_env(game_id, opponents="random", illegal="terminate"), skip_render_check=True)
