"""Bad input to the RL environments: a clear error naming the legal actions, and nothing changes (issue 14)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from kirifuda.bots import BotError  # noqa: E402
from kirifuda.core import KirifudaError  # noqa: E402
from kirifuda.registry import UnknownGame  # noqa: E402
from kirifuda.rl import IllegalIndex, env, gym_env, parallel_env  # noqa: E402
from kirifuda.rl.referee import GameOver  # noqa: E402


def illegal_index(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask == 0)[0])


def test_an_action_outside_the_mask_names_the_legal_ones_and_changes_nothing():
    e = env("anou")
    e.reset(seed=1)
    obs, *_ = e.last()
    before = len(e.referee.match.events)
    with pytest.raises(IllegalIndex) as info:
        e.step(illegal_index(obs["action_mask"]))
    legal = np.flatnonzero(obs["action_mask"])
    assert f"{legal[0]} 'play" in str(info.value) and info.value.ja
    assert len(e.referee.match.events) == before
    e.step(int(legal[0]))  # the environment goes on
    assert len(e.referee.match.events) == before + 1


@pytest.mark.parametrize("action", [None, -1, 10**6, 2.5, "play AS", True])
def test_actions_that_are_not_indices_are_refused(action):
    e = env("cutin")
    e.reset(seed=2)
    with pytest.raises(IllegalIndex):
        e.step(action)


def test_numpy_integers_are_indices():
    e = env("gogyo-sokoku")
    e.reset(seed=2)
    obs, *_ = e.last()
    e.step(np.int64(np.flatnonzero(obs["action_mask"])[0]))
    assert len(e.referee.match.actions) == 1


def test_stepping_a_finished_aec_environment_is_an_error():
    e = env("anou", episode="deal")
    e.reset(seed=1)
    for _agent in e.agent_iter():
        obs, _, done, _, _ = e.last()
        e.step(None if done else int(np.flatnonzero(obs["action_mask"])[0]))
    assert not e.agents
    with pytest.raises(GameOver):
        e.step(0)


def test_stepping_before_reset_is_an_error():
    with pytest.raises(GameOver):
        env("anou").step(0)
    with pytest.raises(GameOver):
        gym_env("anou", opponents="random").step(0)


def test_stepping_a_finished_gym_episode_is_an_error():
    g = gym_env("cutin", opponents="random", episode="deal")
    obs, _ = g.reset(seed=3)
    done = False
    while not done:
        obs, _, done, _, _ = g.step(int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(GameOver):
        g.step(int(np.flatnonzero(obs["action_mask"])[0]) if obs["action_mask"].any() else 0)


def test_gym_illegal_action_terminates_by_default_and_raises_on_request():
    g = gym_env("gogyo-sokoku", opponents="random")
    obs, _ = g.reset(seed=4)
    obs, reward, done, _, info = g.step(illegal_index(obs["action_mask"]))
    assert (reward, done, info) == (-1.0, True, {"illegal_action": True})
    assert obs["action_mask"].all()  # once over, the mask is never empty (a vector env's next step resets)
    g = gym_env("gogyo-sokoku", opponents="random", illegal_reward=-5)
    obs, _ = g.reset(seed=4)
    assert g.step(illegal_index(obs["action_mask"]))[1] == -5.0
    g = gym_env("gogyo-sokoku", opponents="random", illegal="raise")
    obs, _ = g.reset(seed=4)
    with pytest.raises(IllegalIndex):
        g.step(illegal_index(obs["action_mask"]))
    assert g.referee is not None and len(g.referee.match.actions) == len(g.referee.record()["actions"])


def test_parallel_step_checks_every_choice_before_applying_any():
    p = parallel_env("organised-chaos")
    obs, _ = p.reset(seed=5)
    good = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in p.agents}
    bad = dict(good, seat_3=illegal_index(obs["seat_3"]["action_mask"]))
    with pytest.raises(IllegalIndex):
        p.step(bad)
    assert p.referee.match.events[-1].actor == "deal"  # nobody's pass was applied
    with pytest.raises(IllegalIndex):
        p.step({"seat_0": good["seat_0"]})  # the others' passes are missing
    p.step(good)


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: env("hearts"), UnknownGame),
        (lambda: env("anou", {"players": 7}), KirifudaError),
        (lambda: env("anou", episode="trick"), KirifudaError),
        (lambda: env("anou", render_mode="human"), KirifudaError),
        (lambda: gym_env("anou", seat=4), KirifudaError),
        (lambda: gym_env("anou", opponents=["random"]), KirifudaError),
        (lambda: gym_env("anou", opponents="hard-cheat"), BotError),
        (lambda: gym_env("anou", opponents="grandmaster"), BotError),
        (lambda: gym_env("anou", opponents="random", illegal="ignore"), KirifudaError),
        (lambda: gym_env("anou", opponents=3), BotError),
        (lambda: gym_env("anou", {"players": 3}, players=4), KirifudaError),
        (lambda: gym_env("anou", colour="red"), KirifudaError),
    ],
)
def test_bad_arguments_are_refused(make, error):
    with pytest.raises(error):
        make()


def test_render_shows_the_table_and_the_legal_actions_by_index():
    e = env("anou", render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    obs, *_ = e.last()
    first = int(np.flatnonzero(obs["action_mask"])[0])
    assert "アノウ" in text and f"{first}={e.action_texts[first]}" in text
