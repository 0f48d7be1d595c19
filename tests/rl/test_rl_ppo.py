"""The training recipe: MaskablePPO (sb3-contrib) learns through action_masks(), and a saved policy plays in the
tournament as ``policy:PATH`` from its seat's information state (issue 22)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("pettingzoo")

from kirifuda.analysis.runner import GameSpec, play_spec  # noqa: E402
from kirifuda.analysis.tournament import complete_lineup  # noqa: E402
from kirifuda.core import KirifudaError  # noqa: E402
from kirifuda.registry import make  # noqa: E402
from kirifuda.rl.ppo import PolicyBot, train  # noqa: E402


@pytest.mark.slow
def test_a_trained_policy_is_saved_and_plays_a_tournament_game(tmp_path):
    path = tmp_path / "cutin.zip"
    done = train("cutin", steps=512, out=path, options={"players": 3}, save_every=256)
    assert path.is_file() and done["steps"] == 512
    assert {"cutin-256.zip", "cutin-512.zip", "cutin.zip"} <= {p.name for p in tmp_path.iterdir()}  # every 256 steps
    name = f"policy:{path}"
    seats = complete_lineup([name, "random"], 3)
    row = play_spec(GameSpec("cutin", make("cutin", {"players": 3}).options.to_dict(), seats, seed=4))
    assert row.seats[0] == name and len(row.totals) == 3 and row.decisions > 0
    with pytest.raises(KirifudaError):
        PolicyBot(path, make("cutin"))  # 4 players: another observation size


def test_a_missing_policy_file_is_refused_before_any_game():
    with pytest.raises(ValueError, match="no saved policy"):
        complete_lineup(["policy:/nonexistent/model.zip", "random"], 4)


def test_action_features_share_a_card_and_a_column_between_takes():
    from kirifuda.rl.ppo_policy import action_features

    texts = ["play KS", "take KS@4 TC@1", "take KS", "take QS@4"]
    f = action_features(texts).astype(bool)
    assert (f[1] & f[2]).sum() == 2  # verb:take and take:KS
    assert not (f[0] & f[1]).any()  # playing the King of spades is not taking it
    assert (f[1] & f[3]).sum() == 2  # verb:take and take:S@4 (a spade in column 4)
    assert f.sum(axis=1).tolist() == [2, 5, 2, 3]


@pytest.mark.slow
def test_a_feature_head_policy_saves_loads_and_picks_a_legal_action(tmp_path):
    import numpy as np
    from sb3_contrib import MaskablePPO

    from kirifuda.rl.ppo import make_env
    from kirifuda.rl.ppo_policy import FeaturePolicy

    env = make_env("anou", {"players": 3}, "random")
    model = MaskablePPO(
        FeaturePolicy, env, n_steps=32, batch_size=32, n_epochs=1, device="cpu",
        policy_kwargs={"net_arch": [16], "game_id": "anou", "game_options": {"players": 3}},
    )  # fmt: skip
    model.learn(total_timesteps=32)  # one update through the head's shared scores
    model.save(tmp_path / "anou.zip")
    loaded = MaskablePPO.load(tmp_path / "anou.zip", device="cpu")
    assert isinstance(loaded.policy, FeaturePolicy)
    observation, _ = env.reset(seed=2)
    mask = env.action_masks()
    action, _ = loaded.predict(observation, action_masks=mask, deterministic=True)
    assert mask[int(action)]
    assert np.isclose(
        loaded.policy.action_net.bias.detach().numpy(), model.policy.action_net.bias.detach().numpy()
    ).all()


def _random_masks(rng, samples, actions):
    import numpy as np

    masks = rng.random((samples, actions)) < rng.uniform(0.001, 0.3, size=(samples, 1))
    masks[np.arange(samples), rng.integers(actions, size=samples)] = True  # at least one legal action each
    masks[0] = False
    masks[0, actions - 1] = True  # a single legal action: probability 1, entropy 0
    return masks


def test_the_legal_distribution_equals_the_masked_full_softmax_on_random_inputs():
    import numpy as np
    import torch
    from sb3_contrib.common.maskable.distributions import MaskableCategorical

    from kirifuda.rl.ppo_policy import FeatureHead, LegalCategorical, legal_indices

    rng = np.random.default_rng(22)
    torch.manual_seed(22)
    for actions, features, samples in ((7, 3, 5), (500, 40, 64), (2_000, 122, 32)):
        multi_hot = (rng.random((actions, features)) < 0.1).astype(np.float32)
        multi_hot[np.arange(actions), rng.integers(features, size=actions)] = 1.0
        head = FeatureHead(16, multi_hot)
        torch.nn.init.normal_(head.scores.weight)  # far from uniform, so the comparison means something
        torch.nn.init.normal_(head.bias)
        latent = torch.randn(samples, 16)
        masks = _random_masks(rng, samples, actions)
        taken = torch.as_tensor([rng.choice(np.flatnonzero(row)) for row in masks])
        full = MaskableCategorical(logits=head(latent), masks=torch.as_tensor(masks))
        for given in (masks, torch.as_tensor(masks, dtype=torch.float32)):  # a rollout's array, a buffer's tensor
            indices, valid = legal_indices(given)
            assert valid.sum().item() == masks.sum()
            assert set(indices[valid].tolist()) <= set(np.flatnonzero(masks.any(axis=0)).tolist())
            legal = LegalCategorical(indices, valid, head.legal_logits(latent, indices))
            assert torch.allclose(legal.log_prob(taken), full.log_prob(taken), atol=1e-4)
            assert torch.allclose(legal.entropy(), full.entropy(), atol=1e-4)
        assert legal.entropy()[0].abs().item() < 1e-6 and legal.log_prob(taken)[0].abs().item() < 1e-6
        assert masks[np.arange(samples), legal.get_actions().numpy()].all()  # sampled actions are legal
        deterministic = legal.get_actions(deterministic=True)
        assert torch.equal(
            full.logits.gather(1, deterministic[:, None]).squeeze(1), full.logits.max(dim=1).values
        )  # the most likely action is the masked full softmax's


def test_the_legal_distributions_gradients_equal_the_masked_full_softmaxs():
    import numpy as np
    import torch
    from sb3_contrib.common.maskable.distributions import MaskableCategorical

    from kirifuda.rl.ppo_policy import FeatureHead, LegalCategorical, legal_indices

    rng = np.random.default_rng(5)
    torch.manual_seed(5)
    multi_hot = (rng.random((300, 20)) < 0.2).astype(np.float32)
    head = FeatureHead(8, multi_hot)
    latent = torch.randn(16, 8)
    masks = _random_masks(rng, 16, 300)
    taken = torch.as_tensor([rng.choice(np.flatnonzero(row)) for row in masks])
    grads = []
    for legal_only in (True, False):
        head.zero_grad()
        if legal_only:
            indices, valid = legal_indices(masks)
            d: Any = LegalCategorical(indices, valid, head.legal_logits(latent, indices))
        else:
            d = MaskableCategorical(logits=head(latent), masks=torch.as_tensor(masks))
        (d.log_prob(taken).sum() + 0.01 * d.entropy().sum()).backward()
        grads.append([p.grad.clone() for p in (head.scores.weight, head.scores.bias, head.bias)])
    for legal_only, full in zip(*grads, strict=True):
        assert torch.isfinite(legal_only).all()
        assert torch.allclose(legal_only, full, atol=1e-4)


def test_a_feature_policy_evaluates_and_samples_over_the_legal_actions():
    import numpy as np
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    from kirifuda.rl.ppo import make_env
    from kirifuda.rl.ppo_policy import FeaturePolicy

    env = make_env("anou", {"players": 3}, "random")
    model = MaskablePPO(
        FeaturePolicy, env, n_steps=32, batch_size=32, n_epochs=1, device="cpu", seed=1,
        policy_kwargs={"net_arch": [16], "game_id": "anou", "game_options": {"players": 3}},
    )  # fmt: skip
    policy = model.policy
    torch.nn.init.normal_(policy.action_net.scores.weight)
    observations, masks = [], []
    observation, _ = env.reset(seed=3)
    for _ in range(12):  # states of a real game: the 3-player Anou masks of its first decisions
        observations.append(observation)
        masks.append(env.action_masks())
        legal = np.flatnonzero(masks[-1])
        observation, _, done, _, _ = env.step(int(legal[len(legal) // 2]))
        if done:
            observation, _ = env.reset()
    obs = torch.as_tensor(np.array(observations))
    mask_array = np.array(masks)
    with torch.no_grad():
        actions, values, log_prob = policy(obs, action_masks=mask_array)
        assert mask_array[np.arange(len(masks)), actions.numpy()].all()
        ours = policy.evaluate_actions(obs, actions, torch.as_tensor(mask_array, dtype=torch.float32))
        full = MaskableActorCriticPolicy.evaluate_actions(policy, obs, actions, torch.as_tensor(mask_array))
    assert torch.allclose(ours[0], values) and torch.allclose(ours[0], full[0])
    assert torch.allclose(ours[1], log_prob, atol=1e-5) and torch.allclose(ours[1], full[1], atol=1e-4)
    assert torch.allclose(ours[2], full[2], atol=1e-4)
