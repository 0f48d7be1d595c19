"""The PettingZoo Parallel environment: native where seats choose at once, PettingZoo's turn-based wrapping elsewhere.

In the Anarchy family every seat still to choose acts in the same step (a trick, a secret bid, the Organised Chaos
pass), each face down until all have chosen; open bidding is one seat a step. A seat not to act has an all-zero
mask, and whatever it is given is not used (PettingZoo's convention for turn-based play). For the other games,
``parallel_env`` is ``turn_based_aec_to_parallel`` of the AEC environment.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from .. import registry
from ..core import Options
from .aec import (
    EPISODES,
    RENDER_MODES,
    KirifudaAEC,
    Seeds,
    agent_name,
    check_choice,
    observation_space,
    render_table,
    state_space,
)
from .referee import BaseReferee, GameOver, as_index, referee_for
from .registry import encoding_for
from .spec import IllegalIndex


class KirifudaParallel(ParallelEnv):  # type: ignore[misc]  # PettingZoo ships no types: ParallelEnv is Any
    """A game whose seats choose at once, as a PettingZoo Parallel environment (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "kirifuda_v0"}

    def __init__(
        self,
        game_id: str,
        options: Options | dict[str, Any] | None = None,
        render_mode: str | None = None,
        episode: str = "game",
    ) -> None:
        if render_mode is not None:
            check_choice("render_mode", render_mode, RENDER_MODES)
        check_choice("episode", episode, EPISODES)
        self.encoding = encoding_for(registry.make(game_id, options))
        self.game = self.encoding.game
        self.render_mode = render_mode
        self.episode = episode
        self.metadata = {**self.metadata, "name": f"kirifuda_{game_id.replace('-', '_')}_v0"}
        self.possible_agents = [agent_name(s) for s in range(self.game.seat_count)]
        space = observation_space(self.encoding)
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(len(self.encoding.actions)) for a in self.possible_agents}
        self.state_space = state_space(self.encoding)
        self._seeds = Seeds()
        self.referee: BaseReferee | None = None
        self.agents: list[str] = []

    @property
    def action_texts(self) -> tuple[str, ...]:
        return self.encoding.actions.texts

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        self.referee = referee_for(self.encoding, self._seeds.next(seed))
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        referee = self._referee()
        return {a: referee.observe(s) for s, a in enumerate(self.possible_agents) if a in self.agents}

    def state(self) -> np.ndarray:
        """The whole state as a vector (``state_space``): every seat's observation vector in seat order."""
        return self._referee().state()

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, dict[str, np.ndarray]],
        dict[str, int],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Every seat still to choose acts (in seat order); the others' entries are not used."""
        referee = self._referee()
        if not self.agents:
            raise GameOver("the game is over: reset the environment", ja="ゲームは終わっています。reset してください")
        waiting = referee.to_act()
        missing = [agent_name(s) for s in waiting if agent_name(s) not in actions]
        if missing:
            raise IllegalIndex(
                f"no action for {', '.join(missing)}, whose choice is awaited",
                ja=f"{', '.join(missing)} の行動がありません",
            )
        size = len(self.encoding.actions)
        for seat in waiting:  # every choice is checked before any is applied: a bad one changes nothing
            if as_index(actions[agent_name(seat)], size) not in referee.legal(seat):
                referee.act(seat, actions[agent_name(seat)])  # raises, naming the legal actions
        for seat in waiting:
            referee.act(seat, actions[agent_name(seat)])
        rewards = {a: 0 for a in self.agents}
        scores = referee.new_scores()
        for score in scores:
            for seat, points in enumerate(score):
                rewards[self.possible_agents[seat]] += points
        done = referee.finished or bool(scores and self.episode == "deal")
        terminations = {a: done for a in self.agents}
        truncations = {a: False for a in self.agents}
        observations = self._observations()
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if done:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _referee(self) -> BaseReferee:
        if self.referee is None:
            raise GameOver("reset the environment before using it", ja="先に reset してください")
        return self.referee

    def render(self) -> str:
        referee = self._referee()
        waiting = referee.to_act()
        return render_table(referee, waiting[0] if waiting else 0)

    def close(self) -> None:
        self.referee = None


def parallel_env(
    game_id: str, options: Options | dict[str, Any] | None = None, render_mode: str | None = None, episode: str = "game"
) -> ParallelEnv:
    """The PettingZoo Parallel environment of ``game_id`` (see the module docstring)."""
    encoding = encoding_for(registry.make(game_id, options))
    if encoding.simultaneous:
        return KirifudaParallel(game_id, options, render_mode=render_mode, episode=episode)
    return turn_based_aec_to_parallel(KirifudaAEC(game_id, options, render_mode=render_mode, episode=episode))
