"""The Gymnasium environment: one seat learns, kirifuda bots hold the others.

``gym_env(game_id, seat=0, opponents="normal", options=None)``: ``opponents`` is a bot name for every other seat or
a list of names, one per other seat in seat order (``random``, ``heuristic``, ``easy``, ``normal``, ``hard``; the
cheating twins are refused). Bots get only their seat's information state (``Seating``), and act until the learning
seat is to act. A step's reward is what the learning seat scored in the deals that ended since its last decision
(the first step also carries what it scored before its first decision: a Gonin-kan dealer sits out whole rounds).
The episode is the whole game (``episode="deal"``: the first deal).

An action outside the mask raises :class:`~kirifuda.rl.spec.IllegalIndex` naming the legal ones
(``illegal="raise"``, the default); ``illegal="terminate"`` ends the episode instead with reward ``illegal_reward``
(for agents that learn without masks, as PettingZoo's ``TerminateIllegalWrapper``; Gymnasium's ``check_env`` steps
unmasked random actions). Stepping a finished episode is an error.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from .. import registry
from ..arena import Seating
from ..bots import make_bot
from ..core import KirifudaError, Options
from .aec import EPISODES, RENDER_MODES, check_choice, observation_space, render_table
from .referee import GameOver, Referee, as_index
from .registry import encoding_for
from .spec import IllegalIndex

ILLEGAL = ("raise", "terminate")


class KirifudaGym(gymnasium.Env):
    """One seat of a game against bots, as a Gymnasium environment (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES)}

    def __init__(
        self,
        game_id: str,
        seat: int = 0,
        opponents: str | Sequence[str] = "normal",
        options: Options | dict[str, Any] | None = None,
        *,
        render_mode: str | None = None,
        episode: str = "game",
        illegal: str = "raise",
        illegal_reward: float = -1.0,
    ) -> None:
        if render_mode is not None:
            check_choice("render_mode", render_mode, RENDER_MODES)
        check_choice("episode", episode, EPISODES)
        check_choice("illegal", illegal, ILLEGAL)
        self.encoding = encoding_for(registry.make(game_id, options))
        self.game = game = self.encoding.game
        if type(seat) is not int or not 0 <= seat < game.seat_count:
            raise KirifudaError(
                f"seat must be 0..{game.seat_count - 1}, not {seat!r}", ja=f"席は 0〜{game.seat_count - 1} です"
            )
        others = [s for s in range(game.seat_count) if s != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise KirifudaError(
                f"{len(others)} opponents are needed (one per other seat), not {len(names)}",
                ja=f"相手は {len(others)} 人分必要です",
            )
        for name in names:
            make_bot(name, game)  # an unknown name or a cheating twin is refused now
        self.seat = seat
        self.opponents = dict(zip(others, names, strict=False))
        self.render_mode = render_mode
        self.episode = episode
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.observation_space = observation_space(self.encoding)
        self.action_space = spaces.Discrete(len(self.encoding.actions))
        self.referee: Referee | None = None
        self._done = True

    @property
    def action_texts(self) -> tuple[str, ...]:
        return self.encoding.actions.texts

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        match_seed = int(self.np_random.integers(2**31)) if seed is None else int(seed)
        self.referee = referee = Referee(self.encoding, match_seed)
        bots = {s: make_bot(name, self.game, seed=match_seed * 16 + s) for s, name in self.opponents.items()}
        self.seating = Seating(referee.match, bots)
        self._done = False
        self._carry = self._bots_play()
        return referee.observe(self.seat), {}

    def _bots_play(self) -> float:
        """Let the bots act until the learning seat is to act (or the episode ends); the seat's points meanwhile."""
        referee = self._referee()
        reward = 0.0
        while not referee.finished and self.seat not in referee.to_act():
            for s in referee.to_act():
                referee.match.act(s, self.seating.decide(s))
            reward += self._scored()
            if self._done:
                break
        return reward

    def _scored(self) -> float:
        referee = self._referee()
        scores = referee.new_scores()
        if referee.finished or (scores and self.episode == "deal"):
            self._done = True
        return float(sum(score[self.seat] for score in scores))

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        referee = self._referee()
        if self._done:
            raise GameOver(
                "the episode is over: reset the environment", ja="エピソードは終わっています。reset してください"
            )
        if self.illegal == "terminate" and as_index(action, len(self.encoding.actions)) not in referee.legal(self.seat):
            self._done = True
            return referee.observe(self.seat), self.illegal_reward, True, False, {"illegal_action": True}
        referee.act(self.seat, action)
        reward = self._carry + self._scored()
        self._carry = 0.0
        if not self._done:
            reward += self._bots_play()
        return referee.observe(self.seat), reward, self._done, False, {}

    def _referee(self) -> Referee:
        if self.referee is None:
            raise GameOver("reset the environment before using it", ja="先に reset してください")
        return self.referee

    def render(self) -> str:
        return render_table(self._referee(), self.seat)

    def close(self) -> None:
        self.referee = None


def gym_env(
    game_id: str,
    seat: int = 0,
    opponents: str | Sequence[str] = "normal",
    options: Options | dict[str, Any] | None = None,
    **kwargs: Any,
) -> KirifudaGym:
    """The Gymnasium environment of ``game_id`` for ``seat`` against bots (see the module docstring)."""
    return KirifudaGym(game_id, seat, opponents, options, **kwargs)


__all__ = ["IllegalIndex", "KirifudaGym", "gym_env"]
