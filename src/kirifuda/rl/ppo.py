"""A training recipe with a standard library: sb3-contrib's MaskablePPO on any game id (docs/rl.md "Training").

    python -m kirifuda.rl.ppo train anou --steps 60000 --out models/anou-ppo.zip
    kirifuda tournament anou --bots policy:models/anou-ppo.zip,random --bots heuristic,random --bots random

``train`` fits a MaskablePPO policy (an MLP over the observation vector; illegal actions masked out through
``action_masks()``) for seat 0 of ``gym_env(game_id, opponents=..., episode="deal")``: an episode is one deal, its
reward the seat's deal score (Gonin-kan: a battle's), on CPU with one thread. ``--episode game`` trains on whole games
instead (each deal's score paid as it ends, ``gamma=1``): Gonin-kan's first battle has no pass, trump or 十六
decisions, which only its later battles and rounds bring. The saved policy then plays as
``policy:PATH`` wherever the tournament takes a bot name (:class:`PolicyBot`), so learned agents join the bots'
leaderboard under the tournament's protocol: every lineup over the same deal seeds in every rotation.

``--bc BOT`` starts from **behaviour cloning** (a standard recipe: imitation learning as the initialisation, then
reinforcement learning, as in AlphaGo's supervised policy network or the BC-then-PPO baselines of imitation
libraries): the bot named plays seat 0 for ``--bc-steps`` decisions against the same opponents, in the same
episodes; its choices, the seat's observations and masks and the returns that followed are recorded, the policy is
fitted to the bot's choices (cross-entropy over the legal actions) and the value head to the returns (squared
error) for ``--bc-epochs`` passes, and PPO goes on from there for ``--steps`` (0: the cloned policy alone).
``--bc-symmetries`` (Gonin-kan) clones each minibatch under a random relabelling of ♥ ♦ ♣, which the rules treat
alike.

Needs the ``train`` extra: ``pip install 'kirifuda[rl,train]'`` (sb3-contrib and a CPU build of torch).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

from .. import registry
from ..core import Action, Game, KirifudaError
from ..extras import require
from .registry import encoding_for
from .single import gym_env

HEADS = ("auto", "flat", "features")
FEATURES_ABOVE = 1_000
"""``head="auto"`` shares meaning between actions (:mod:`kirifuda.rl.ppo_policy`) above this many action indices:
Anou's 23,166 and Organised Chaos's 22,162."""

POLICY_PREFIX = "policy:"
"""A tournament player named ``policy:PATH`` is the policy saved at PATH (as ``analysis.runner`` reads names)."""


class VectorObservation(gymnasium.ObservationWrapper):
    """The observation vector alone (the mask goes through ``action_masks()``, as MaskablePPO asks for it)."""

    def __init__(self, env: gymnasium.Env) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]  # type: ignore[index]

    def observation(self, observation: dict[str, np.ndarray]) -> np.ndarray:
        return observation["observation"]

    def action_masks(self) -> np.ndarray:
        masks: np.ndarray = self.env.unwrapped.action_masks()  # type: ignore[attr-defined]
        return masks


def make_env(
    game_id: str, options: dict[str, Any] | None, opponents: str | Sequence[str], episode: str = "deal"
) -> gymnasium.Env:
    return VectorObservation(gym_env(game_id, 0, opponents, options, episode=episode))


def train(
    game_id: str,
    *,
    steps: int,
    out: Path,
    options: dict[str, Any] | None = None,
    opponents: str = "random",
    seed: int = 0,
    net: Sequence[int] = (128, 128),
    head: str = "auto",
    episode: str = "deal",
    save_every: int = 0,
    bc: str | None = None,
    init: Path | None = None,
    bc_steps: int = 0,
    bc_epochs: int = 10,
    learning_rate: float = 3e-4,
    bc_symmetries: bool = False,
) -> dict[str, Any]:
    """Fit and save a MaskablePPO policy for seat 0 (see the module docstring); what was done, for the docs.
    ``head``: ``flat`` (one logit per action index), ``features`` (:mod:`kirifuda.rl.ppo_policy`: logits from the
    features of each action's text, shared between actions) or ``auto`` (features above :data:`FEATURES_ABOVE`
    actions). ``save_every``: also save the policy every that many steps, as ``OUT-STEPS.zip`` beside ``out``
    (a long run leaves usable policies if it is stopped). ``bc``: a bot name whose play the policy clones first
    (:func:`expert_samples`, :func:`clone`), from ``bc_steps`` of its decisions in seat 0, over ``bc_epochs``
    passes; then ``steps`` of PPO at ``learning_rate``. ``init``: start from the weights of a policy saved with the
    same game, options and head (a cloned one, ``--bc BOT --steps 0``, say). ``bc_symmetries``: clone under the
    game's relabellings that change nothing (Gonin-kan's ♥ ♦ ♣: :func:`kirifuda.rl.goninkan.suit_symmetries`)."""
    require("train", "python -m kirifuda.rl.ppo")
    if steps < 0 or (bc is not None and bc_steps <= 0):
        raise KirifudaError(
            f"steps must be ≥ 0 and bc_steps > 0 with bc, not {steps} and {bc_steps}",
            ja="steps は 0 以上、bc のときは bc_steps を 1 以上にしてください",
        )
    if bc_symmetries and game_id != "goninkan":
        raise KirifudaError(
            f"bc_symmetries: only goninkan's suits are relabelled, not {game_id}'s",
            ja="bc_symmetries はゴニンカンのみです",
        )
    from sb3_contrib import MaskablePPO

    model, head = new_model(
        game_id, options, opponents, episode, net=net, head=head, seed=seed, learning_rate=learning_rate
    )
    if init is not None:
        saved = MaskablePPO.load(init, device="cpu")
        try:
            model.policy.load_state_dict(saved.policy.state_dict())
        except RuntimeError as error:
            raise KirifudaError(
                f"{init} is not a policy of this game, options and head: {error}",
                ja=f"{init} はこのゲーム・オプション・head の方策ではありません",
            ) from error
    start = time.process_time()
    cloned: dict[str, Any] = {}
    if bc is not None:
        samples = expert_samples(game_id, options, opponents, episode, bc, bc_steps, seed)
        symmetries = []
        if bc_symmetries:
            from .goninkan import suit_symmetries

            symmetries = suit_symmetries(encoding_for(registry.make(game_id, options)))
        cloned = clone(model, samples, epochs=bc_epochs, seed=seed, symmetries=symmetries)
        cloned["symmetries"] = len(symmetries)
        cloned.update(bot=bc, decisions=len(samples.actions), cpu_seconds=round(time.process_time() - start, 1))
    callback = None
    if save_every > 0:
        from stable_baselines3.common.callbacks import BaseCallback

        class Checkpoint(BaseCallback):
            def _on_step(self) -> bool:
                if self.num_timesteps % save_every == 0:
                    self.model.save(out.with_name(f"{out.stem}-{self.num_timesteps}{out.suffix}"))
                return True

        out.parent.mkdir(parents=True, exist_ok=True)
        callback = Checkpoint()
    if steps > 0:
        model.learn(total_timesteps=steps, callback=callback)
    out.parent.mkdir(parents=True, exist_ok=True)
    model.save(out)
    return {
        "game": game_id,
        "options": options or {},
        "opponents": opponents,
        "steps": steps,
        "head": head,
        "episode": episode,
        "cpu_seconds": round(time.process_time() - start, 1),
        "path": str(out),
        **({"bc": cloned} if cloned else {}),
        **({"init": str(init)} if init is not None else {}),
    }


def new_model(
    game_id: str,
    options: dict[str, Any] | None,
    opponents: str,
    episode: str,
    *,
    net: Sequence[int] = (128, 128),
    head: str = "auto",
    seed: int = 0,
    learning_rate: float = 3e-4,
) -> tuple[Any, str]:
    """The untrained MaskablePPO model :func:`train` fits, and its head (``auto`` resolved)."""
    require("train", "python -m kirifuda.rl.ppo")
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    env = make_env(game_id, options, opponents, episode)
    if head not in HEADS:
        raise KirifudaError(f"head must be one of {', '.join(HEADS)}, not {head!r}", ja=f"head は {'/'.join(HEADS)}")
    actions = len(encoding_for(registry.make(game_id, options)).actions)
    if head == "auto":
        head = "features" if actions > FEATURES_ABOVE else "flat"
    policy: Any = "MlpPolicy"
    policy_kwargs: dict[str, Any] = {"net_arch": list(net)}
    if head == "features":
        from .ppo_policy import FeaturePolicy

        policy = FeaturePolicy
        policy_kwargs.update(game_id=game_id, game_options=options or {})
    model = MaskablePPO(
        policy,
        env,
        n_steps=1024,
        batch_size=256,
        n_epochs=4,
        learning_rate=learning_rate,
        gamma=1.0,  # the return is the seat's score over the episode (one deal, or the game)
        ent_coef=0.01,
        policy_kwargs=policy_kwargs,
        seed=seed,
        device="cpu",
        verbose=0,
    )
    return model, head


@dataclass
class Samples:
    """An expert's decisions in the learning seat: observations, masks (bool), the actions chosen, and the return
    from each decision to the episode's end (the sum of the seat's rewards from that step on: ``gamma`` 1);
    ``second``: with ``second_opinion``, what another instance of the bot (another seed) chose on the same
    information state (how often a stochastic bot agrees with itself: bench/goninkan_clone.py)."""

    observations: np.ndarray
    masks: np.ndarray
    actions: np.ndarray
    returns: np.ndarray
    second: np.ndarray | None = None


def expert_samples(
    game_id: str,
    options: dict[str, Any] | None,
    opponents: str | Sequence[str],
    episode: str,
    bot: str,
    decisions: int,
    seed: int = 0,
    *,
    second_opinion: bool = False,
) -> Samples:
    """``decisions`` decisions of the bot ``bot`` playing seat 0 of the training environment (the same opponents
    and episodes): whole episodes from seeds ``seed * 1_000_003 + k``, the last one cut short. The bot decides from
    the seat's information state (:class:`~kirifuda.arena.Seating` on the referee's match), as in a tournament.
    ``second_opinion``: also ask a second instance of the bot (seed ``game_seed + 7_919``) on each decision
    (:attr:`Samples.second`); the first one's choice is played."""
    from ..arena import Seating
    from ..bots import make_bot

    env = gym_env(game_id, 0, opponents, options, episode=episode)
    actions = env.encoding.actions
    observations: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    chosen: list[int] = []
    returns: list[float] = []
    second: list[int] = []
    k = 0
    while len(chosen) < decisions:
        game_seed = seed * 1_000_003 + k
        k += 1
        observation, _ = env.reset(seed=game_seed)
        referee = env.referee
        assert referee is not None
        seating = Seating(referee.match, {0: make_bot(bot, env.game, seed=game_seed)})
        other = make_bot(bot, env.game, seed=game_seed + 7_919) if second_opinion else None
        rewards: list[float] = []
        done = False
        while not done and len(chosen) < decisions:
            referee.match  # noqa: B018 - a fast referee brings its pure match up to date when asked for it
            index = actions.of(seating.decide(0))
            if other is not None:
                second.append(actions.of(other.act(seating.info(0), referee.match.legal_actions(0))))
            observations.append(observation["observation"])
            masks.append(observation["action_mask"].astype(np.bool_))
            chosen.append(index)
            observation, reward, done, _, _ = env.step(index)
            rewards.append(float(reward))
        returns.extend(np.cumsum(rewards[::-1])[::-1].tolist())  # what followed each decision, to the episode's end
    return Samples(
        np.stack(observations),
        np.stack(masks),
        np.array(chosen, dtype=np.int64),
        np.array(returns),
        np.array(second, dtype=np.int64) if second_opinion else None,
    )


def clone(
    model: Any,
    samples: Samples,
    *,
    epochs: int,
    seed: int = 0,
    batch_size: int = 256,
    symmetries: Sequence[tuple[np.ndarray, np.ndarray, np.ndarray]] = (),
) -> dict[str, Any]:
    """Fit ``model``'s policy to ``samples`` (behaviour cloning): the log-likelihood of the expert's actions
    under the masked distribution and the value head's squared error to the returns, with Adam, for ``epochs``
    passes over the samples in shuffled minibatches. Returns the final accuracy (the policy's most likely legal
    action is the expert's) and losses. ``symmetries``: relabellings of the game that change nothing
    (Gonin-kan's ♥ ♦ ♣ among themselves: :func:`kirifuda.rl.goninkan.suit_symmetries`), each as index arrays
    ``(slots, legal, action)`` — a relabelled sample is ``observation[slots]``, ``mask[legal]``,
    ``action[chosen]``; each minibatch is seen under one of them drawn at random (the identity among them), so
    the policy learns each situation in every guise."""
    import torch

    policy = model.policy
    policy.set_training_mode(True)
    optimizer = torch.optim.Adam(policy.parameters(), lr=1e-3)
    rng = np.random.default_rng(seed)
    observations = torch.as_tensor(samples.observations, dtype=torch.float32)
    masks = samples.masks
    actions = torch.as_tensor(samples.actions)
    returns = torch.as_tensor(samples.returns, dtype=torch.float32)
    count = len(samples.actions)
    policy_loss = value_loss = 0.0
    for _ in range(epochs):
        order = rng.permutation(count)
        for start in range(0, count, batch_size):
            batch = order[start : start + batch_size]
            batch_observations, batch_masks, batch_actions = observations[batch], masks[batch], actions[batch]
            if symmetries:
                slots, legal, action = symmetries[int(rng.integers(len(symmetries)))]
                batch_observations = batch_observations[:, torch.as_tensor(slots)]
                batch_masks = batch_masks[:, legal]
                batch_actions = torch.as_tensor(action)[batch_actions]
            distribution = policy.get_distribution(batch_observations, action_masks=batch_masks)
            log_likelihood = distribution.log_prob(batch_actions).mean()
            values = policy.predict_values(batch_observations).flatten()
            value_error = torch.nn.functional.mse_loss(values, returns[batch])
            loss = -log_likelihood + 0.5 * value_error
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            policy_loss, value_loss = -log_likelihood.item(), value_error.item()
    policy.set_training_mode(False)
    with torch.no_grad():
        distribution = policy.get_distribution(observations, action_masks=masks)
        best = distribution.distribution.probs.argmax(dim=1)
    return {
        "epochs": epochs,
        "accuracy": round(float((best == actions).float().mean()), 4),
        "policy_loss": round(policy_loss, 4),
        "value_loss": round(value_loss, 4),
    }


class PolicyBot:
    """A saved MaskablePPO policy as a kirifuda bot: from the seat's information state (its history as it saw it
    and its observation) the RL encoder builds the seat's vector, the legal actions make the mask, and the policy
    picks the most likely legal action."""

    def __init__(self, path: str | Path, game: Game, seed: int = 0) -> None:
        require("train", "a policy:PATH player")
        from sb3_contrib import MaskablePPO

        path = Path(path)
        if not path.exists():
            raise KirifudaError(f"no saved policy at {path}", ja=f"{path} に保存された方策がありません")
        self.name = POLICY_PREFIX + str(path)
        self.model = MaskablePPO.load(path, device="cpu")
        self.encoding = encoding_for(game)
        expected = (self.encoding.layout.size,)
        if self.model.observation_space.shape != expected:
            raise KirifudaError(
                f"{path} was trained on observations of shape {self.model.observation_space.shape}, "
                f"not {game.id}'s {expected}",
                ja=f"{path} の方策は {game.id} のこのオプション用ではありません",
            )

    def act(self, info: Any, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        encoding = self.encoding
        encoder = encoding.encoder_for(info.seat)
        if encoder.uses_history:
            encoder.see_all(info.history)
        vector = encoder.vector(lambda: info.observation)
        indices = [encoding.actions.of(a) for a in legal]
        mask = np.zeros(len(encoding.actions), dtype=np.bool_)
        mask[indices] = True
        action, _ = self.model.predict(vector, action_masks=mask, deterministic=True)
        return legal[indices.index(int(action))]


def policy_bot(name: str, game: Game, seed: int = 0) -> PolicyBot:
    """The bot of a player name ``policy:PATH``."""
    return PolicyBot(name[len(POLICY_PREFIX) :], game, seed)


def main(argv: Sequence[str] | None = None) -> None:
    import json

    ap = argparse.ArgumentParser(prog="python -m kirifuda.rl.ppo", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    t = sub.add_parser("train", help="fit a MaskablePPO policy for seat 0 and save it")
    t.add_argument("game", choices=registry.available())
    t.add_argument("--steps", type=int, default=60_000)
    t.add_argument("--out", type=Path, required=True)
    t.add_argument("--options", type=json.loads, default=None, help="game options as JSON")
    t.add_argument("--opponents", default="random")
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--head", choices=HEADS, default="auto", help="the action head (see train())")
    t.add_argument(
        "--net", type=lambda text: tuple(int(w) for w in text.split(",")), default=(128, 128), help="hidden layers"
    )
    t.add_argument("--episode", choices=("deal", "game"), default="deal", help="an episode: one deal or the game")
    t.add_argument("--save-every", type=int, default=0, help="also save the policy every N steps (OUT-N.zip)")
    t.add_argument(
        "--bc",
        metavar="BOT",
        help="behaviour cloning first (a standard recipe: imitation, then PPO): fit the policy to BOT's choices in "
        "seat 0 and the value head to the returns that followed, then train with PPO for --steps",
    )
    t.add_argument("--init", type=Path, help="start from this saved policy's weights (same game, options, head)")
    t.add_argument("--bc-steps", type=int, default=20_000, help="BOT's decisions recorded for --bc")
    t.add_argument("--bc-epochs", type=int, default=10, help="passes over them")
    t.add_argument("--learning-rate", type=float, default=3e-4, help="PPO's learning rate")
    t.add_argument(
        "--bc-symmetries",
        action="store_true",
        help="clone each minibatch under a random relabelling of the suits the rules treat alike (goninkan: ♥ ♦ ♣)",
    )
    args = ap.parse_args(argv)
    print(
        json.dumps(
            train(
                args.game,
                steps=args.steps,
                out=args.out,
                options=args.options,
                opponents=args.opponents,
                seed=args.seed,
                head=args.head,
                net=args.net,
                episode=args.episode,
                save_every=args.save_every,
                bc=args.bc,
                init=args.init,
                bc_steps=args.bc_steps,
                bc_epochs=args.bc_epochs,
                learning_rate=args.learning_rate,
                bc_symmetries=args.bc_symmetries,
            )
        )
    )


if __name__ == "__main__":
    main()
