"""Gymnasium's conventions: the registry with options as keywords, ``action_masks()``, never-empty masks once an
episode is over, and vector environments (sync and async) with autoreset (issue 22)."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.vector import AsyncVectorEnv, AutoresetMode, SyncVectorEnv  # noqa: E402

import kirifuda.rl  # noqa: E402, F401  (registers kirifuda/<game id>-v0)
from kirifuda.rl import gym_env  # noqa: E402


def test_make_takes_the_options_and_the_environment_arguments_as_keywords():
    made = gymnasium.make("kirifuda/anou-v0", players=3, opponents="random", seat=2, episode="deal")
    g = made.unwrapped
    assert g.game.options.players == 3 and g.seat == 2 and g.episode == "deal"
    assert g.opponents == {0: "random", 1: "random"}
    obs, _ = made.reset(seed=1)
    assert made.observation_space.contains(obs)


def test_the_default_opponents_are_heuristic_bots():
    assert set(gym_env("cutin").opponents.values()) == {"heuristic"}


def test_action_masks_is_the_observation_mask_and_never_empty_once_over():
    g = gym_env("cutin", opponents="random", episode="deal")
    obs, _ = g.reset(seed=2)
    done = False
    while not done:
        masks = g.action_masks()
        assert masks.dtype == np.bool_ and (masks == obs["action_mask"].astype(bool)).all()
        obs, _, done, _, _ = g.step(int(np.flatnonzero(masks)[0]))
    assert obs["action_mask"].all() and g.action_masks().all()


def masked_random_steps(envs, steps: int, seed: int) -> int:
    """Step random actions drawn from each sub-environment's mask; the episodes finished."""
    rng = np.random.default_rng(seed)
    obs, _ = envs.reset(seed=seed)
    finished = 0
    for _ in range(steps):
        actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in obs["action_mask"]])
        obs, rewards, terminated, truncated, _ = envs.step(actions)
        assert obs["action_mask"].any(axis=1).all()  # a terminal observation too: the next step resets
        finished += int(terminated.sum())
    return finished


@pytest.mark.parametrize("vector", [SyncVectorEnv, AsyncVectorEnv])
def test_vector_environments_autoreset_through_several_episodes(vector):
    envs = vector(
        [lambda: gym_env("cutin", opponents="random", episode="deal") for _ in range(2)],
        autoreset_mode=AutoresetMode.NEXT_STEP,
    )
    try:
        assert masked_random_steps(envs, 120, seed=4) >= 4
    finally:
        envs.close()


def test_make_vec_gives_registered_vector_environments():
    envs = gymnasium.make_vec("kirifuda/anou-v0", num_envs=2, players=3, opponents="random", episode="deal")
    try:
        assert masked_random_steps(envs, 60, seed=5) >= 2
    finally:
        envs.close()
