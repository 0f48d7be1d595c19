"""Every game id as an OpenSpiel Python game (docs/rl.md "OpenSpiel"): ``pip install 'kirifuda[openspiel]'``.

``load("anou", players=4)`` gives the ``pyspiel`` game, and ``import kirifuda.openspiel`` registers each id with
OpenSpiel as ``kirifuda_<game id with underscores>`` (``pyspiel.load_game("kirifuda_anou", {"players": 3})``). The
parameters are the game's options by their record names, and

* ``deal_seeds`` — chance outcomes per chance event (1,000 by default): outcome ``s`` of the ``k``-th chance event
  deals as ``chance_rng(s, k)``, so a game whose every chance outcome is ``s`` is the kirifuda record with seed
  ``s``. Small values make small games for solvers; the deals are then that many seeded shuffles;
* ``episode`` — ``"game"`` (every deal) or ``"deal"`` (the first deal only, as in the RL environments).

The game is sequential: where seats choose at once (the Anarchy family) the lowest seat still to choose acts, its
choice hidden from the others until the reveal — the AEC environment's convention. Actions are the indices of the
RL action table (``kirifuda.rl``); returns are each seat's total score at the end (a general-sum game). Every view
is built from the seat's information only:

* the information-state string is the seat's whole history as it saw it (each event's text as the seat saw it:
  perfect recall); the observation string is the seat's observation now (``game.observation(state, seat)``);
* both tensors are the seat's RL observation vector (docs/rl.md's tables), built by a fresh encoder from the seat's
  history as it saw it and its observation. The vector holds what the seat has worked out from its history (voids,
  cards played), not the sequence of every action: the perfect-recall view is the string.

``resample_from_infostate(player, sampler)`` (for OpenSpiel's ISMCTS) redistributes the cards the player cannot see
(``game.reshuffle_unseen``, each place keeping its size) using the sampler's draws; the other seats' histories in the
sampled state are the player's own view of the past (nothing the player does not know enters a sampled state).
"""

from __future__ import annotations

import json
import random
from typing import Any

from .extras import require

require("openspiel", "kirifuda.openspiel")  # first: a missing OpenSpiel is named with its extra

import numpy as np
import pyspiel

from . import registry
from .core import Game, OptionError, Seen, chance_rng
from .match import Event, seen_event
from .rl.registry import Encoding, encoding_for

PREFIX = "kirifuda_"
DEAL_SEEDS = 1000
EPISODES = ("game", "deal")
MAX_GAME_LENGTH = 10_000
"""A bound on the decisions of a game, for OpenSpiel's GameInfo (the longest game, Gonin-kan's 10 rounds, takes a
few hundred)."""


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a game id: ``kirifuda_`` and the id with underscores."""
    return PREFIX + game_id.replace("-", "_")


def _defaults(game_id: str) -> dict[str, Any]:
    return {**registry.make(game_id).options.to_dict(), "deal_seeds": DEAL_SEEDS, "episode": "game"}


def _game_type(game_id: str) -> pyspiel.GameType:
    game = registry.make(game_id)
    players = [f.default for f in type(game.options).__dataclass_fields__.values() if f.name == "players"]
    choices = type(game.options).__dataclass_fields__["players"].metadata.get("choices") or tuple(players)
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"kirifuda {game.title} ({game.title_ja})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(registry.make(game_id, {"players": p}).seat_count for p in choices),
        min_num_players=min(registry.make(game_id, {"players": p}).seat_count for p in choices),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(game_id),
    )


def _utility_bound(encoding: Encoding) -> float:
    """A bound on any seat's total: ten times the scale the observation divides totals by (docs/rl.md)."""
    scale = max((f.scale for f in encoding.layout.fields if f.name == "totals"), default=100.0)
    return 10.0 * scale


class KirifudaGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no types: pyspiel.Game is Any
    """One kirifuda game id with its options as a ``pyspiel`` game (see the module docstring)."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**_defaults(self.game_id), **(params or {})}
        self.deal_seeds = int(values.pop("deal_seeds"))
        self.episode = str(values.pop("episode"))
        if self.deal_seeds < 1 or self.episode not in EPISODES:
            raise OptionError(
                f"deal_seeds must be ≥ 1 and episode one of {', '.join(EPISODES)}",
                ja=f"deal_seeds は 1 以上、episode は {', '.join(EPISODES)} のどれかです",
            )
        self.encoding = encoding_for(registry.make(self.game_id, values))
        self.rules: Game = self.encoding.game
        bound = _utility_bound(self.encoding)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.encoding.actions),
            max_chance_outcomes=self.deal_seeds,
            num_players=self.rules.seat_count,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_TYPES[self.game_id], info, params or {})

    def new_initial_state(self) -> KirifudaState:
        return KirifudaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        perfect_recall = iig_obs_type is None or iig_obs_type.perfect_recall
        return Observer(self, perfect_recall=bool(perfect_recall))


class Shared:
    """What every state of one game shares (the game, its rules and encoding): never copied by ``clone()``, which
    deep-copies a Python state's attributes."""

    def __init__(self, game: KirifudaGame) -> None:
        self.game = game
        self.rules: Game = game.rules
        self.encoding = game.encoding

    def __deepcopy__(self, memo: Any) -> Shared:
        return self


class Track:
    """A game's progress: the rules' state (immutable), its events, each seat's history as it saw them. ``clone()``
    copies the lists and shares their immutable items."""

    def __init__(self, state: Any, seat_count: int) -> None:
        self.state = state
        self.events: list[Event] = []
        self.seen: list[list[Seen]] = [[] for _ in range(seat_count)]
        self.chance_count = 0

    def __deepcopy__(self, memo: Any) -> Track:
        out = Track.__new__(Track)
        out.state = self.state
        out.events = list(self.events)
        out.seen = [list(h) for h in self.seen]
        out.chance_count = self.chance_count
        return out


class KirifudaState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no types: pyspiel.State is Any
    """A game in progress (see :class:`Track`)."""

    def __init__(self, game: KirifudaGame) -> None:
        super().__init__(game)
        self.shared = Shared(game)
        self.track = Track(game.rules.initial(), game.rules.seat_count)

    # whose turn
    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        rules, state = self.shared.rules, self.track.state
        if rules.chance(state) is not None:
            return int(pyspiel.PlayerId.CHANCE)
        return min(rules.to_act(state))

    def is_terminal(self) -> bool:
        rules, state = self.shared.rules, self.track.state
        if rules.is_over(state):
            return True
        return self.shared.game.episode == "deal" and bool(rules.deal_scores(state))

    def _legal_actions(self, player: int) -> list[int]:
        actions = self.shared.encoding.actions
        return sorted(actions.of(a) for a in self.shared.rules.legal_actions(self.track.state, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self.shared.game.deal_seeds
        return [(s, 1.0 / n) for s in range(n)]

    # acting
    def _apply_action(self, action: int) -> None:
        rules, track = self.shared.rules, self.track
        before = track.state
        kind = rules.chance(before)
        if kind is not None:
            rng = chance_rng(int(action), track.chance_count)
            track.chance_count += 1
            if kind == "deal":
                track.state = rules.apply_deal(before, rules.random_deal(before, rng))
                event = Event("deal", None, before, track.state)
            else:
                text = rules.random_chance(before, rng)
                track.state = rules.apply_chance(before, text)
                event = Event("chance", text, before, track.state)
        else:
            seat = min(rules.to_act(before))
            move = self.shared.encoding.actions.action(int(action))
            track.state = rules.apply(before, seat, move)
            event = Event(seat, move, before, track.state)
        track.events.append(event)
        for seat, history in enumerate(track.seen):
            history.append(seen_event(rules, event, seat))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal seed {action}"
        return self.shared.encoding.actions.texts[action]

    def returns(self) -> list[float]:
        rules = self.shared.rules
        if not self.is_terminal():
            return [0.0] * rules.seat_count
        return [float(t) for t in rules.totals(self.track.state)]

    def __str__(self) -> str:
        return "\n".join(f"{e.actor}: {e.action if e.action is not None else 'deal'}" for e in self.track.events)

    # views (each from one seat's information only)
    def information_state_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        return history_string(seat, self.track.seen[seat])

    def observation_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        return observation_string(self.shared.rules, self.track.state, seat)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        seat = self.current_player() if player is None else player
        shared, track = self.shared, self.track
        out: list[float] = vector_of(shared.encoding, shared.rules, track.state, track.seen[seat], seat).tolist()
        return out

    def observation_tensor(self, player: int | None = None) -> list[float]:
        return self.information_state_tensor(player)

    # search
    def resample_from_infostate(self, player: int, sampler: Any) -> KirifudaState:
        """A state ``player`` cannot tell from this one (see the module docstring); ``sampler()`` gives the draws."""
        rng = random.Random(int(sampler() * 2**53) if callable(sampler) else random.random())
        out: KirifudaState = self.clone()  # pyspiel's clone(): untyped
        out.track.state = self.shared.rules.reshuffle_unseen(self.track.state, player, rng)
        mine = self.track.seen[player]
        out.track.seen = [list(mine) for _ in self.track.seen]
        return out


def history_string(seat: int, history: list[Seen]) -> str:
    """A seat's information state: its history as it saw it, one event a line."""
    return f"seat {seat}\n" + "\n".join(f"{s.actor}: {s.text}" for s in history)


def observation_string(rules: Game, state: Any, seat: int) -> str:
    return json.dumps(rules.observation(state, seat).to_json(), ensure_ascii=False, sort_keys=True)


def vector_of(encoding: Encoding, rules: Game, state: Any, history: list[Seen], seat: int) -> np.ndarray:
    """The seat's RL observation vector from its history as it saw it and its observation (a fresh encoder)."""
    encoder = encoding.encoder_for(seat)
    if encoder.uses_history:
        for seen in history:
            encoder.see(seen)
    return encoder.vector(lambda: rules.observation(state, seat))


class Observer:
    """OpenSpiel's PyObserver for one game: the tensor is the seat's observation vector; the string is its history
    (``perfect_recall``, an information state) or its observation now."""

    def __init__(self, game: KirifudaGame, *, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(game.encoding.layout.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: KirifudaState, player: int) -> None:
        track = state.track
        self.tensor[:] = vector_of(self.game.encoding, self.game.rules, track.state, track.seen[player], player)

    def string_from(self, state: KirifudaState, player: int) -> str:
        if self.perfect_recall:
            return history_string(player, state.track.seen[player])
        return observation_string(self.game.rules, state.track.state, player)


_TYPES: dict[str, pyspiel.GameType] = {}


def register() -> None:
    """Register every game id with OpenSpiel (done on import)."""
    for game_id in registry.available():
        if game_id in _TYPES:
            continue
        _TYPES[game_id] = game_type = _game_type(game_id)
        cls = type(f"Kirifuda_{game_id.replace('-', '_')}", (KirifudaGame,), {"game_id": game_id})
        pyspiel.register_game(game_type, cls)


def load(game_id: str, **params: Any) -> KirifudaGame:
    """The OpenSpiel game of ``game_id`` with its options (and ``deal_seeds``, ``episode``) as keywords."""
    register()
    game: KirifudaGame = pyspiel.load_game(short_name(game_id), params)
    return game


register()

__all__ = ["KirifudaGame", "KirifudaState", "load", "register", "short_name"]
