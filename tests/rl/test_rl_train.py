"""The Anou learning example runs end to end, writes its curve, and its policy only ever picks legal actions."""

from __future__ import annotations

import json

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from kirifuda.rl import gym_env  # noqa: E402
from kirifuda.rl.train import Learner, Policy, main  # noqa: E402


@pytest.mark.slow  # about 5–10 s: evaluation deals against bots, and matplotlib
def test_training_writes_the_curve_and_the_plot(tmp_path):
    main(
        ["--deals", "4", "--batch", "2", "--eval-every", "2", "--eval-deals", "2"]
        + ["--json", str(tmp_path / "curve.json"), "--plot", str(tmp_path / "curve.png")]
    )
    result = json.loads((tmp_path / "curve.json").read_text())
    assert [deals for deals, _, _ in result["curve"]] == [0, 2, 4]
    assert (tmp_path / "curve.png").stat().st_size > 1000


def test_an_update_moves_the_policy_towards_a_rewarded_action():
    env = gym_env("anou", opponents="random", episode="deal")
    learner = Learner(env, Policy(env.encoding.layout.size, hidden=16, seed=1))
    obs, _ = env.reset(seed=3)
    legal = np.flatnonzero(obs["action_mask"])
    feats = learner.features(legal)
    x = obs["observation"].astype(np.float64)
    before = learner.policy.logits(x, feats)
    for _ in range(20):
        learner.policy.update([(x, feats, 0, 10.0)], lr=0.01, entropy=0.0)
    after = learner.policy.logits(x, feats)
    assert after[0] - after[1:].max() > before[0] - before[1:].max()
