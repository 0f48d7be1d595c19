"""MaskablePPO's policy with an action head that shares meaning between actions (docs/rl.md "Training").

Anou's 23,166 and Organised Chaos's 22,162 action indices are mostly combinations: ``take KS@4 TC@1`` places two
named cards in columns, ``give TS 3H TD`` passes three. A flat head learns one logit row per index, so a few
thousand training steps touch each row of a combination almost never, and the policy stays level with ``random``
(the runs of 2026-11-26). :class:`FeaturePolicy` gives each action a few features read from its text — its verb,
each card or word it names with that verb (``take:KS``), each suit placed in a column with that verb
(``take:S@4``) — and an action's logit is the sum of its features' scores (an affine map of the policy's latent
vector) plus a bias of its own: every ``take`` naming the King of spades learns from every other. This is how the
NumPy learner of ``kirifuda.rl.train`` scores Anou's actions, as a drop-in policy class for sb3-contrib.

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


class FeatureHead(nn.Module):
    """Logits = (latent → feature scores) · features of each action + the action's own bias."""

    def __init__(self, latent_dim: int, features: np.ndarray) -> None:
        super().__init__()
        self.register_buffer("features", torch.as_tensor(features).T.contiguous(), persistent=False)
        self.scores = nn.Linear(latent_dim, features.shape[1])
        self.bias = nn.Parameter(torch.zeros(features.shape[0]))
        nn.init.orthogonal_(self.scores.weight, gain=0.01)  # near-uniform at first, as sb3 starts its flat head
        nn.init.zeros_(self.scores.bias)

    def forward(self, latent: torch.Tensor) -> torch.Tensor:
        features = cast(torch.Tensor, self.features)
        out: torch.Tensor = self.scores(latent) @ features + self.bias
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

    def _get_constructor_parameters(self) -> dict[str, Any]:
        data: dict[str, Any] = super()._get_constructor_parameters()
        data.update(game_id=self.game_id, game_options=self.game_options)
        return data
