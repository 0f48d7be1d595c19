"""Behaviour cloning as the training recipe's initialisation (``python -m kirifuda.rl.ppo train --bc BOT``): the
bot's decisions are recorded in the learning seat with their observations, masks and returns, and the policy fitted
to them chooses as the bot did (docs/rl.md "Training")."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

from kirifuda.rl.ppo import clone, expert_samples, make_env  # noqa: E402


def test_the_experts_decisions_are_legal_and_their_returns_are_what_followed():
    samples = expert_samples("cutin", {"players": 3}, "random", "deal", "heuristic", 120, seed=3)
    count = len(samples.actions)
    size = make_env("cutin", {"players": 3}, "random").observation_space.shape
    assert count == 120 and samples.observations.shape == (count, *size) and samples.masks.dtype == np.bool_
    assert samples.masks[np.arange(count), samples.actions].all()  # every choice is legal where it was made
    again = expert_samples("cutin", {"players": 3}, "random", "deal", "heuristic", 120, seed=3)
    assert np.array_equal(again.actions, samples.actions) and np.array_equal(again.returns, samples.returns)
    # a deal's return is paid at its end: within an episode the return to go does not change between decisions
    # until the last one, so it takes few distinct values, one per episode
    assert len(set(samples.returns.tolist())) < count // 4


def test_a_cloned_policy_chooses_as_the_bot_did():
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)  # as train() does: a 2-core machine shared by other jobs

    samples = expert_samples("cutin", {"players": 3}, "random", "deal", "heuristic", 160, seed=1)
    env = make_env("cutin", {"players": 3}, "random")
    model = MaskablePPO("MlpPolicy", env, n_steps=64, seed=0, device="cpu", policy_kwargs={"net_arch": [64]})
    fitted = clone(model, samples, epochs=30, seed=0, batch_size=32)
    assert fitted["accuracy"] >= 0.9, fitted  # it imitates the bot on what it was shown
    observation = samples.observations[5]
    action, _ = model.predict(observation, action_masks=samples.masks[5], deterministic=True)
    assert samples.masks[5][int(action)]


def test_train_clones_then_a_run_starts_from_the_saved_weights(tmp_path):
    import torch
    from sb3_contrib import MaskablePPO

    from kirifuda.core import KirifudaError
    from kirifuda.rl.ppo import train

    options = {"players": 3}
    cloned = tmp_path / "cloned.zip"
    done = train("cutin", steps=0, out=cloned, options=options, bc="heuristic", bc_steps=48, bc_epochs=2, net=(16,))
    assert done["bc"]["decisions"] == 48 and done["bc"]["bot"] == "heuristic" and cloned.is_file()
    again = tmp_path / "again.zip"
    assert train("cutin", steps=0, out=again, options=options, init=cloned, net=(16,))["init"] == str(cloned)
    weights = [MaskablePPO.load(path, device="cpu").policy.state_dict() for path in (cloned, again)]
    assert all(torch.equal(weights[0][name], weights[1][name]) for name in weights[0])
    with pytest.raises(KirifudaError, match="not a policy of this game"):
        train("cutin", steps=0, out=tmp_path / "other.zip", options=options, init=cloned, net=(32,))
