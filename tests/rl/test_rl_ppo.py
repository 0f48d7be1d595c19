"""The training recipe: MaskablePPO (sb3-contrib) learns through action_masks(), and a saved policy plays in the
tournament as ``policy:PATH`` from its seat's information state (issue 22)."""

from __future__ import annotations

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
    done = train("cutin", steps=512, out=path, options={"players": 3})
    assert path.is_file() and done["steps"] == 512
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
