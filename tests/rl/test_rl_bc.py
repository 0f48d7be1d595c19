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


def test_a_second_opinion_is_the_bot_asked_again_on_the_same_information_state():
    # Gonin-kan's heuristic decides its call, trump and passes from the hand alone (the same answer twice) and
    # plays its cards from sampled states (another seed may choose otherwise): bench/goninkan_clone.py's ceiling
    options = {"first_dealer": 1, "rounds": 10}
    samples = expert_samples("goninkan", options, "random", "game", "heuristic", 150, seed=2, second_opinion=True)
    assert samples.second is not None and samples.second.shape == samples.actions.shape
    assert samples.masks[np.arange(150), samples.second].all()
    texts = make_env("goninkan", options, "random").unwrapped.action_texts
    kinds = [texts[a].split()[0] for a in samples.actions]
    by_hand = [k in ("go", "come", "trump", "give") for k in kinds]
    assert any(by_hand) and (samples.second[by_hand] == samples.actions[by_hand]).all()
    plain = expert_samples("goninkan", options, "random", "game", "heuristic", 150, seed=2)
    assert plain.second is None and np.array_equal(plain.actions, samples.actions)  # the first bot's choice is played


def test_gonin_kans_suit_relabellings_move_the_vector_and_the_actions_together():
    from kirifuda import registry
    from kirifuda.rl.goninkan import suit_symmetries
    from kirifuda.rl.registry import encoding_for

    options = {"first_dealer": 1, "rounds": 10}
    encoding = encoding_for(registry.make("goninkan", options))
    symmetries = suit_symmetries(encoding)
    texts = encoding.actions.texts
    assert len(symmetries) == 6 and all((a == np.arange(len(a))).all() for a in symmetries[0])  # identity first
    samples = expert_samples("goninkan", options, "random", "game", "heuristic", 120, seed=4)
    hand = {label: i for i, label in enumerate(encoding.layout.fields[0].labels)}  # the first field: my hand
    trump = {
        label: encoding.layout.offsets()[i][0]
        for i, f in enumerate(encoding.layout.fields)
        for label in "S"
        if f.name == "trump"
    }["S"]
    for slots, legal, action in symmetries:
        assert sorted(slots) == list(range(len(slots))) and sorted(action) == list(range(len(texts)))
        observations, masks = samples.observations[:, slots], samples.masks[:, legal]
        chosen = action[samples.actions]
        assert masks[np.arange(len(chosen)), chosen].all()  # the bot's choice, relabelled, is legal there
        for vector, mask in zip(observations, masks, strict=True):
            for i in np.flatnonzero(mask):
                verb, _, word = texts[i].partition(" ")
                if verb in ("play", "give"):  # a card played or given is in the hand, relabelled alike
                    assert vector[hand[word.partition(":")[0]]] == 1, texts[i]
        # ♠ has its 2 and is never relabelled: neither is the ♠ trump flag nor a ♠ card
        assert slots[trump] == trump and slots[hand["2S"]] == hand["2S"]

    def to(symmetry, text):
        return texts[symmetry[2][texts.index(text)]]

    hearts_clubs = next(s for s in symmetries if to(s, "trump H") == "trump C" and to(s, "trump C") == "trump H")
    assert texts[hearts_clubs[2][texts.index("play JK:H")]] == "play JK:C"
    assert texts[hearts_clubs[2][texts.index("give 7C")]] == "give 7H"
