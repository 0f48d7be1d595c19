"""MaskablePPO's policy with an action head that shares meaning between actions (docs/rl.md "Training").

Anou's 23,166 and Organised Chaos's 22,162 action indices are mostly combinations: ``take KS@4 TC@1`` places two
named cards in columns, ``give TS 3H TD`` passes three. A flat head learns one logit row per index, so a few
thousand training steps touch each row of a combination almost never, and the policy stays level with ``random``
(the runs of 2026-11-26). :class:`FeaturePolicy` gives each action a few features read from its text — its verb,
each card or word it names with that verb (``take:KS``), each suit placed in a column with that verb
(``take:S@4``) — and an action's logit is the sum of its features' scores (an affine map of the policy's latent
vector) plus a bias of its own: every ``take`` naming the King of spades learns from every other. This is how the
NumPy learner of ``kirifuda.rl.train`` scores Anou's actions, as a drop-in policy class for sb3-contrib.

Its distribution is over each sample's **legal actions only** (:class:`LegalCategorical`): the legal indices are
read from the mask, only their logits are computed (each the sum of a few gathered feature scores), and the
log-softmax, the taken action's log-probability and the entropy are taken over them. sb3-contrib's masked
distribution materialises every index's logit for every sample (23,166 per sample for Anou) and masks the rest; the
two are the same distribution (tests/rl/test_rl_ppo.py compares them on random inputs), but a 256-sample minibatch
of Anou no longer computes six million logits.

Imported only where sb3-contrib is installed (the ``train`` extra): by ``kirifuda.rl.ppo`` when it trains, and by
``MaskablePPO.load`` when a saved policy names this class.
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import torch
from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
from torch import nn

from .. import registry
from .registry import encoding_for


def action_features(texts: tuple[str, ...] | list[str]) -> np.ndarray:
    """A multi-hot matrix (actions × features) of the features named in the module docstring."""
    names: dict[str, int] = {}
    rows: list[list[int]] = []
    for text in texts:
        verb, *words = text.split()
        keys = [f"verb:{verb}"]
        for word in words:
            name, at, column = word.partition("@")
            keys.append(f"{verb}:{name}")
            if at:
                keys.append(f"{verb}:{name[-1]}@{column}")  # the card's suit (its name's last letter) in a column
        rows.append([names.setdefault(k, len(names)) for k in dict.fromkeys(keys)])
    out = np.zeros((len(texts), len(names)), dtype=np.float32)
    for i, row in enumerate(rows):
        out[i, row] = 1.0
    return out


def legal_indices(masks: Any) -> tuple[torch.Tensor, torch.Tensor]:
    """Each sample's legal action indices, padded to the most any sample has: ``(indices, valid)``, both
    (samples × that many), ``valid`` False on the padding (whose index is 0). ``masks``: (samples × actions), any
    dtype (non-zero is legal), a NumPy array or a tensor."""
    m = torch.as_tensor(masks)
    m = (m if m.dtype == torch.bool else m != 0).reshape(-1, m.shape[-1])
    rows, columns = m.nonzero(as_tuple=True)
    counts = m.sum(dim=1)
    width = max(int(counts.max()), 1) if len(counts) else 1
    position = torch.arange(len(rows)) - (counts.cumsum(0) - counts)[rows]
    indices = torch.zeros((m.shape[0], width), dtype=torch.long)
    valid = torch.zeros((m.shape[0], width), dtype=torch.bool)
    indices[rows, position] = columns
    valid[rows, position] = True
    return indices, valid


class LegalCategorical:
    """A categorical distribution over each sample's legal actions only (the module docstring): ``logits`` are
    the legal actions' (samples × width, as :func:`legal_indices` pads them); actions come and go as indices of
    the whole table."""

    def __init__(self, indices: torch.Tensor, valid: torch.Tensor, logits: torch.Tensor) -> None:
        self.indices, self.valid = indices, valid
        # the padding gets the least finite logit, not −inf: its probability is exactly 0, and 0 × log p stays 0 in
        # the entropy and its gradient (−inf would make them NaN)
        self.log_probs = torch.log_softmax(logits.masked_fill(~valid, torch.finfo(logits.dtype).min), dim=-1)

    def log_prob(self, actions: torch.Tensor) -> torch.Tensor:
        """The log-probability of each sample's action (an index of the whole table; it must be legal)."""
        at = (self.indices == actions.reshape(-1, 1).long()) & self.valid
        return self.log_probs.gather(1, at.to(torch.uint8).argmax(dim=1, keepdim=True)).squeeze(1)

    def entropy(self) -> torch.Tensor:
        p_log_p = self.log_probs.exp() * self.log_probs
        return -torch.where(self.valid, p_log_p, torch.zeros_like(p_log_p)).sum(dim=-1)

    def get_actions(self, deterministic: bool = False) -> torch.Tensor:
        """A sampled action (the most likely one if ``deterministic``) per sample, as an index of the table."""
        probs = self.log_probs.exp()
        at = self.log_probs.argmax(dim=1, keepdim=True) if deterministic else torch.multinomial(probs, 1)
        return self.indices.gather(1, at).squeeze(1)


class FeatureHead(nn.Module):
    """Logits = (latent → feature scores) · features of each action + the action's own bias."""

    def __init__(self, latent_dim: int, features: np.ndarray) -> None:
        super().__init__()
        self.register_buffer("features", torch.as_tensor(features).T.contiguous(), persistent=False)
        # each action's features as a padded list of ids (a multi-hot row has a few ones): the padding names an
        # extra feature whose score is always 0
        named = [np.flatnonzero(row) for row in features]
        width = max((len(ids) for ids in named), default=1)
        ids = np.full((features.shape[0], width), features.shape[1], dtype=np.int64)
        for i, row_ids in enumerate(named):
            ids[i, : len(row_ids)] = row_ids
        self.register_buffer("feature_ids", torch.as_tensor(ids), persistent=False)
        self.scores = nn.Linear(latent_dim, features.shape[1])
        self.bias = nn.Parameter(torch.zeros(features.shape[0]))
        nn.init.orthogonal_(self.scores.weight, gain=0.01)  # near-uniform at first, as sb3 starts its flat head
        nn.init.zeros_(self.scores.bias)

    def forward(self, latent: torch.Tensor) -> torch.Tensor:
        features = cast(torch.Tensor, self.features)
        out: torch.Tensor = self.scores(latent) @ features + self.bias
        return out

    def legal_logits(self, latent: torch.Tensor, indices: torch.Tensor) -> torch.Tensor:
        """The logits of ``indices`` only (samples × width): for each, the sum of its features' scores plus its
        bias — :meth:`forward`'s value at those indices, without computing the others."""
        scores = self.scores(latent)
        scores = torch.cat([scores, scores.new_zeros((scores.shape[0], 1))], dim=1)  # the padding feature's 0
        ids = cast(torch.Tensor, self.feature_ids)[indices]  # samples × width × features named
        named = scores.gather(1, ids.reshape(ids.shape[0], -1)).reshape(ids.shape)
        out: torch.Tensor = named.sum(dim=-1) + self.bias[indices]
        return out


class FeaturePolicy(MaskableActorCriticPolicy):
    """:class:`MaskableActorCriticPolicy` with a :class:`FeatureHead` for ``game_id`` with ``game_options`` (given
    as policy keywords, so a saved policy rebuilds the same head)."""

    def __init__(self, *args: Any, game_id: str, game_options: dict[str, Any] | None = None, **kwargs: Any) -> None:
        self.game_id = game_id
        self.game_options = game_options or {}
        super().__init__(*args, **kwargs)

    def _build(self, lr_schedule: Any) -> None:
        super()._build(lr_schedule)
        texts = encoding_for(registry.make(self.game_id, self.game_options)).actions.texts
        self.action_net = FeatureHead(self.mlp_extractor.latent_dim_pi, action_features(texts))
        self.optimizer = self.optimizer_class(  # type: ignore[call-arg]
            self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs
        )

    def legal_distribution(self, latent_pi: torch.Tensor, action_masks: Any) -> LegalCategorical:
        """The policy's distribution over the legal actions of ``action_masks`` (the module docstring)."""
        indices, valid = legal_indices(action_masks)
        head = cast(FeatureHead, self.action_net)
        return LegalCategorical(indices, valid, head.legal_logits(latent_pi, indices))

    def _latents(self, obs: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        features = self.extract_features(obs)
        if self.share_features_extractor:
            latent_pi, latent_vf = self.mlp_extractor(features)
        else:
            pi_features, vf_features = features
            latent_pi = self.mlp_extractor.forward_actor(pi_features)
            latent_vf = self.mlp_extractor.forward_critic(vf_features)
        return latent_pi, latent_vf

    def forward(
        self, obs: torch.Tensor, deterministic: bool = False, action_masks: np.ndarray | None = None
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """Action, value and log-probability (sb3's contract), sampled from the legal actions only."""
        if action_masks is None:
            return super().forward(obs, deterministic)
        latent_pi, latent_vf = self._latents(obs)
        distribution = self.legal_distribution(latent_pi, action_masks)
        actions = distribution.get_actions(deterministic)
        log_prob = distribution.log_prob(actions)
        return actions.reshape((-1, *self.action_space.shape)), self.value_net(latent_vf), log_prob  # type: ignore[misc]

    def evaluate_actions(
        self, obs: torch.Tensor, actions: torch.Tensor, action_masks: torch.Tensor | None = None
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor | None]:
        """Value, log-probability of ``actions`` and entropy (sb3's contract), over the legal actions only."""
        if action_masks is None:
            return super().evaluate_actions(obs, actions)
        latent_pi, latent_vf = self._latents(obs)
        distribution = self.legal_distribution(latent_pi, action_masks)
        return self.value_net(latent_vf), distribution.log_prob(actions), distribution.entropy()

    def _get_constructor_parameters(self) -> dict[str, Any]:
        data: dict[str, Any] = super()._get_constructor_parameters()
        data.update(game_id=self.game_id, game_options=self.game_options)
        return data
