"""The PettingZoo AEC environment of every game id (docs/rl.md).

Agents are ``seat_0`` … ``seat_{n-1}`` (a record's seats). Each step one seat acts: the seat awaited by the rules,
or — where seats choose at once (the Anarchy family) — the lowest seat still to choose; a face-down choice stays
hidden from the others until the reveal, exactly as at the table. Observations are ``{"observation": Box,
"action_mask": MultiBinary}`` from the seat's information state only; actions are indices of the game's action
table. Rewards are each deal's scores (Gonin-kan: each battle's; team games already give a side one score), paid
to every seat when the deal ends and accumulated between a seat's turns (``last()`` gives the sum). An episode is
the whole game (``episode="deal"``: the first deal only).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .. import registry
from ..core import KirifudaError, Options
from .referee import BaseReferee, GameOver, referee_for
from .registry import Encoding, encoding_for

EPISODES = ("game", "deal")
RENDER_MODES = ("ansi",)


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


def observation_space(encoding: Encoding) -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(-1.0, 1.0, shape=(encoding.layout.size,), dtype=np.float32),
            "action_mask": spaces.MultiBinary(len(encoding.actions)),
        }
    )


def state_space(encoding: Encoding) -> spaces.Box:
    """The space of :meth:`~kirifuda.rl.referee.BaseReferee.state`: every seat's observation vector in seat order."""
    return spaces.Box(-1.0, 1.0, shape=(encoding.game.seat_count * encoding.layout.size,), dtype=np.float32)


def check_choice(name: str, value: Any, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        shown = ", ".join(repr(a) for a in allowed)
        raise KirifudaError(f"{name} takes one of {shown}, not {value!r}", ja=f"{name} は {shown} のどれかです")


class Seeds:
    """Match seeds: the one given to ``reset``, else the next of a generator seeded by the last one given."""

    def __init__(self) -> None:
        self._rng = random.Random()

    def next(self, seed: int | None) -> int:
        if seed is not None:
            self._rng = random.Random(seed)
            return int(seed)
        return self._rng.randrange(2**31)


class KirifudaAEC(AECEnv):  # type: ignore[misc]  # PettingZoo ships no types (no py.typed): AECEnv is Any
    """One game id with its options as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "kirifuda_v0", "is_parallelizable": False}

    def __init__(
        self,
        game_id: str,
        options: Options | dict[str, Any] | None = None,
        render_mode: str | None = None,
        episode: str = "game",
    ) -> None:
        super().__init__()
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
        self._seats = {a: s for s, a in enumerate(self.possible_agents)}
        self._seeds = Seeds()
        self.referee: BaseReferee | None = None
        self.agents: list[str] = []

    # the tables
    @property
    def action_texts(self) -> tuple[str, ...]:
        """The action table: index → action text (docs/rl.md)."""
        return self.encoding.actions.texts

    def action_index(self, text: str) -> int:
        """The index of an action text (canonical, as ``str(action)`` writes it)."""
        return self.encoding.actions.index[text]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # the episode
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` gives its deals (the same seed: the same game, as a kirifuda record's ``seed``)."""
        self.referee = referee_for(self.encoding, self._seeds.next(seed))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._rewarded = False
        self.agent_selection = agent_name(self.referee.to_act()[0])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        referee = self.referee
        if referee is None:
            raise GameOver("reset the environment before using it", ja="先に reset してください")
        return referee.observe(self._seats[agent])

    def state(self) -> np.ndarray:
        """The whole state as a vector (``state_space``), for centralised critics: every seat's observation vector
        in seat order — the referee's side, never an agent's observation."""
        return self._referee().state()

    def step(self, action: Any) -> None:
        """The selected agent acts: ``action`` is an index of the action table (``None`` once it is done)."""
        referee = self._referee()
        if not self.agents:
            raise GameOver("the game is over: reset the environment", ja="ゲームは終わっています。reset してください")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        referee.act(self._seats[agent], action)
        self._cumulative_rewards[agent] = 0
        if self._rewarded:  # rewards are nonzero only in the step that ends a deal
            self._clear_rewards()
            self._rewarded = False
        scores = referee.new_scores()
        if scores:
            for score in scores:
                for seat, points in enumerate(score):
                    self.rewards[self.possible_agents[seat]] += points
            self._accumulate_rewards()
            self._rewarded = True
        if referee.finished or (scores and self.episode == "deal"):
            for a in self.agents:
                self.terminations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[referee.next_to_act()]

    def _referee(self) -> BaseReferee:
        if self.referee is None:
            raise GameOver("reset the environment before using it", ja="先に reset してください")
        return self.referee

    # showing
    def render(self) -> str:
        """The table as the selected seat sees it, with its legal actions and their indices."""
        referee = self._referee()
        return render_table(referee, self._seats.get(self.agent_selection, 0))

    def close(self) -> None:
        self.referee = None

    def record(self) -> dict[str, Any]:
        """The game so far as a kirifuda record (every private choice in full: for after the game)."""
        return self._referee().record()


def render_table(referee: BaseReferee, seat: int) -> str:
    """A seat's view of the table (the presentation model drawn as text, as ``kirifuda play --plain`` draws it)
    and its legal actions by index."""
    from ..presentation import present
    from ..presentation.text import render

    game = referee.game
    table = present(game, referee.match.view(seat).observation())
    lines = [f"{game.title} ({game.title_ja}) — seat {seat}", render(table, "en")]
    legal = referee.legal(seat)
    if legal:
        texts = referee.encoding.actions.texts
        lines.append("legal: " + ", ".join(f"{i}={texts[i]}" for i in sorted(legal)))
    elif referee.finished:
        lines.append("game over; totals: " + " ".join(str(t) for t in game.totals(referee.match.state)))
    return "\n".join(lines)
