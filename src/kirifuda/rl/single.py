"""The Gymnasium environment: one seat learns, the others are bots or policies.

``gym_env(game_id, seat=0, opponents="heuristic", options=None, **option_values)``, or through Gymnasium's registry
``gymnasium.make("kirifuda/<game id>-v0", players=3, opponents="random")`` (registered on ``import kirifuda.rl`` and
through the ``gymnasium.envs`` entry point): the game's options are given as a dict ``options`` or as keywords by
their record names. ``opponents`` is described in :mod:`kirifuda.rl.opponents` (bot names, one per seat or for
all, or callables ``(observation, mask) -> action``). A step's reward is what the learning seat scored in the deals
that ended since its last decision (the first step also carries what it scored before its first decision: a
Gonin-kan dealer sits out whole rounds). The episode is the whole game (``episode="deal"``: the first deal).

An action outside the mask ends the episode with reward ``illegal_reward`` (−1 by default) and
``info["illegal_action"] = True`` (``illegal="terminate"``, the default: PettingZoo's classic games do the same, and
Gymnasium's ``check_env`` steps unmasked random actions); ``illegal="raise"`` raises
:class:`~kirifuda.rl.spec.IllegalIndex` naming the legal actions instead and changes nothing (for debugging).
``action_masks()`` is the learning seat's mask as booleans (what sb3-contrib's ``MaskablePPO`` asks for). Once the
episode is over the observation's mask allows every index: a sampler that reads it (a vector environment's next
step, which resets and ignores the action) never finds it empty. Stepping a finished episode is an error.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from .. import registry
from ..core import KirifudaError, Options
from .aec import EPISODES, RENDER_MODES, check_choice, observation_space, render_table
from .opponents import Opponent, OpponentSpec, RandomOpponent, check_opponents, seat_opponents
from .referee import BaseReferee, GameOver, as_index, referee_for
from .registry import encoding_for
from .spec import IllegalIndex

ILLEGAL = ("terminate", "raise")
DEFAULT_OPPONENTS = "heuristic"


class KirifudaGym(gymnasium.Env):
    """One seat of a game against opponents, as a Gymnasium environment (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(
        self,
        game_id: str,
        seat: int = 0,
        opponents: OpponentSpec | Sequence[OpponentSpec] = DEFAULT_OPPONENTS,
        options: Options | dict[str, Any] | None = None,
        *,
        render_mode: str | None = None,
        episode: str = "game",
        illegal: str = "terminate",
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
        self.seat = seat
        self.opponents = check_opponents(self.encoding, seat, opponents)
        self.render_mode = render_mode
        self.episode = episode
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.observation_space = observation_space(self.encoding)
        self.action_space = spaces.Discrete(len(self.encoding.actions))
        self.referee: BaseReferee | None = None
        self.players: dict[int, Opponent] = {}
        self._done = True
        self._all = np.ones(len(self.encoding.actions), dtype=np.int8)

    @property
    def action_texts(self) -> tuple[str, ...]:
        return self.encoding.actions.texts

    def action_index(self, text: str) -> int:
        """The index of an action text (canonical, as ``str(action)`` writes it)."""
        return self.encoding.actions.index[text]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        match_seed = int(self.np_random.integers(2**31)) if seed is None else int(seed)
        self.referee = referee = referee_for(self.encoding, match_seed, table=False)  # one seat observed
        self.players = players = seat_opponents(self.encoding, referee, self.opponents, match_seed)
        self._random_rngs = [  # by seat: a random opponent's generator, else None
            player.rng if type(player) is RandomOpponent else None
            for player in map(players.get, range(self.game.seat_count))
        ]
        self._done = False
        self._carry = self._others_play()
        if self._done:
            raise KirifudaError(
                f"seat {self.seat} has no decision in this episode (a Gonin-kan dealer sits out the round): "
                "choose another seat or first_dealer, or episode='game'",
                ja=f"席 {self.seat} はこのエピソードで手番がありません(ゴニンカンの親は休み)",
            )
        return self._observe(), {}

    def _others_play(self) -> float:
        """Let the others act until the learning seat is to act (or the episode ends); the seat's points meanwhile."""
        referee = self._referee()
        players, seat = self.players, self.seat
        reward = 0.0
        if not self.encoding.simultaneous:  # one seat acts at a time: no list of seats to build
            next_to_act, act, new_scores = referee.next_to_act, referee.act, referee.new_scores
            act_randoms = getattr(referee, "act_randoms", None)
            while not referee.finished:
                s = next_to_act()
                if s == seat:
                    break
                player = players[s]
                if type(player) is not RandomOpponent:
                    act(s, player.decide(referee, s))
                elif act_randoms is not None:  # a fast referee plays its random seats in a row, from its engine
                    act_randoms(self._random_rngs)
                else:
                    referee.act_random(s, player.rng)
                scores = new_scores()
                if scores:
                    reward += self._add(scores)
                    if self._done:
                        break
            if referee.finished:
                self._done = True
            return reward
        while not referee.finished:
            waiting = referee.to_act()
            if seat in waiting:
                break
            for s in waiting:
                referee.act(s, players[s].decide(referee, s))
            reward += self._scored()
            if self._done:
                break
        return reward

    def _scored(self) -> float:
        referee = self._referee()
        scores = referee.new_scores()
        if referee.finished:
            self._done = True
        return self._add(scores) if scores else 0.0

    def _add(self, scores: list[tuple[int, ...]]) -> float:
        """The learning seat's points in newly completed deals (an episode of one deal ends with it)."""
        if self.episode == "deal":
            self._done = True
        return float(sum(score[self.seat] for score in scores))

    def _observe(self) -> dict[str, np.ndarray]:
        referee = self._referee()
        if self._done:
            return {"observation": referee.vector(self.seat), "action_mask": self._all.copy()}
        return referee.observe(self.seat)

    def action_masks(self) -> np.ndarray:
        """The learning seat's legal actions as booleans (every index once the episode is over)."""
        if self._done:
            return np.ones(len(self.encoding.actions), dtype=np.bool_)
        return self._referee().mask(self.seat).view(np.bool_)

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        referee = self._referee()
        if self._done:
            raise GameOver(
                "the episode is over: reset the environment", ja="エピソードは終わっています。reset してください"
            )
        index = as_index(action, len(self.encoding.actions))
        if self.illegal == "terminate" and not referee.allows(self.seat, index):
            self._done = True
            return self._observe(), self.illegal_reward, True, False, {"illegal_action": True}
        referee.act(self.seat, index if index >= 0 else action)  # an action that is no index: refused, named as given
        reward = self._carry + self._scored()
        self._carry = 0.0
        if not self._done:
            reward += self._others_play()
        return self._observe(), reward, self._done, False, {}

    def _referee(self) -> BaseReferee:
        if self.referee is None:
            raise GameOver("reset the environment before using it", ja="先に reset してください")
        return self.referee

    def render(self) -> str:
        return render_table(self._referee(), self.seat)

    def close(self) -> None:
        self.referee = None


ENV_KEYWORDS = ("render_mode", "episode", "illegal", "illegal_reward")


def gym_env(
    game_id: str,
    seat: int = 0,
    opponents: OpponentSpec | Sequence[OpponentSpec] = DEFAULT_OPPONENTS,
    options: Options | dict[str, Any] | None = None,
    **keywords: Any,
) -> KirifudaGym:
    """The Gymnasium environment of ``game_id`` for ``seat`` (see the module docstring): ``keywords`` are the
    environment's own (``render_mode``, ``episode``, ``illegal``, ``illegal_reward``) and the game's options by
    their record names (``players=3``), which may not also be given in ``options``."""
    env_keywords = {k: v for k, v in keywords.items() if k in ENV_KEYWORDS}
    option_values = {k: v for k, v in keywords.items() if k not in ENV_KEYWORDS}
    if option_values:
        if isinstance(options, Options):
            options = options.to_dict()
        given = dict(options or {})
        twice = sorted(set(given) & set(option_values))
        if twice:
            raise KirifudaError(
                f"option {', '.join(twice)} is given twice (in options and as a keyword)",
                ja=f"オプション {', '.join(twice)} が二重に指定されています",
            )
        options = {**given, **option_values}
    return KirifudaGym(game_id, seat, opponents, options, **env_keywords)


GYM_NAMESPACE = "kirifuda"


def gym_id(game_id: str) -> str:
    """The Gymnasium id of a game id: ``kirifuda/<game id>-v0``."""
    return f"{GYM_NAMESPACE}/{game_id}-v0"


DESIGNED = "goout"
"""The game id of a design (not listed among the games, but an environment for any design it is given)."""


def register_gym_envs() -> None:
    """Register every game id with Gymnasium (``gymnasium.make("kirifuda/anou-v0", ...)``); done on import of
    :mod:`kirifuda.rl`, and by Gymnasium itself through the ``gymnasium.envs`` entry point. The designed go-out game
    too: ``gymnasium.make("kirifuda/goout-v0", design="daifugo")`` (docs/design.md)."""
    for game_id in [*registry.available(), DESIGNED]:
        name = gym_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(
                id=name,
                entry_point="kirifuda.rl.single:gym_env",
                kwargs={"game_id": game_id},
                disable_env_checker=False,
            )


__all__ = ["IllegalIndex", "KirifudaGym", "gym_env", "gym_id", "register_gym_envs"]
