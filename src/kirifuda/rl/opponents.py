"""The other seats of the Gymnasium environment: bots by name, or policies given as callables.

``opponents`` is one of these for every other seat, or a sequence of them, one per other seat in seat order:

* a bot name — ``random``, ``heuristic``, ``easy``, ``normal``, ``hard`` (the cheating twins are refused);
* a callable ``policy(observation, mask) -> action``: ``observation`` is what that seat would be given as the
  learner (``{"observation": vector, "action_mask": mask}``, facing that seat), ``mask`` the same mask as a bool
  array, and the answer an action index (an ``int`` or a NumPy integer). A learning policy, a frozen copy of it, a
  league member: self-play is a callable that calls the model being trained.

Every opponent sees only its seat's information state. ``random`` draws uniformly from the seat's legal indices with
a generator seeded from the game's seed (no information state is built: it needs none). Where the encoding module
offers a fast bot on its fast referee (``FAST_BOTS``: Anou's ``heuristic`` on :class:`~kirifuda.rl.anou.FastReferee`)
that bot plays, making the same choices as the named bot (tests/rl/test_rl_opponents.py checks them in lockstep);
any other name plays through :class:`~kirifuda.bots.table.Seating`, which hands the bot its information state built
from the seat's own view of the pure match.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np

from ..bots import BotError, make_bot
from ..bots.table import Seating
from ..core import KirifudaError
from .referee import BaseReferee, as_index
from .registry import Encoding

Policy = Callable[[dict[str, np.ndarray], np.ndarray], Any]
OpponentSpec = str | Policy
"""A bot name or a policy callable."""


class Opponent(Protocol):
    """One seat's player in a game: its action index now (the seat is to act)."""

    def decide(self, referee: BaseReferee, seat: int) -> int: ...


class RandomOpponent:
    """A uniformly random legal index."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(f"kirifuda-rl/random/{seed}")

    def decide(self, referee: BaseReferee, seat: int) -> int:
        return referee.random_index(seat, self.rng)


class PolicyOpponent:
    """A callable ``(observation, mask) -> action`` (see the module docstring)."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def decide(self, referee: BaseReferee, seat: int) -> int:
        observation = referee.observe(seat)
        answer = self.policy(observation, observation["action_mask"].view(np.bool_))
        index = as_index(answer, len(referee.encoding.actions))
        if index not in referee.legal(seat):
            raise referee.refuse(seat, answer, referee.legal(seat))
        return index


class SeatedBot:
    """A kirifuda bot given its information state through :class:`Seating` on the referee's pure match."""

    def __init__(self, seating: Seating, encoding: Encoding) -> None:
        self.seating = seating
        self.encoding = encoding

    def decide(self, referee: BaseReferee, seat: int) -> int:
        referee.match  # noqa: B018 - a fast referee brings its pure match up to date when asked for it
        return self.encoding.actions.of(self.seating.decide(seat))


def check_opponents(encoding: Encoding, seat: int, opponents: OpponentSpec | Sequence[OpponentSpec]) -> dict[int, Any]:
    """Each other seat's opponent spec, checked now: a bot name must be a fair bot of the game."""
    game = encoding.game
    others = [s for s in range(game.seat_count) if s != seat]
    if isinstance(opponents, str) or callable(opponents):
        specs = [opponents] * len(others)
    elif isinstance(opponents, Sequence):
        specs = list(opponents)
    else:
        raise not_an_opponent(opponents)
    if len(specs) != len(others):
        raise KirifudaError(
            f"{len(others)} opponents are needed (one per other seat), not {len(specs)}",
            ja=f"相手は {len(others)} 人分必要です",
        )
    for spec in specs:
        if isinstance(spec, str):
            make_bot(spec, game)  # an unknown name or a cheating twin is refused now
        elif not callable(spec):
            raise not_an_opponent(spec)
    return dict(zip(others, specs, strict=True))


def not_an_opponent(spec: Any) -> BotError:
    return BotError(
        f"an opponent is a bot name or a callable (observation, mask) -> action, not {spec!r}",
        ja="相手はボット名か、(観測, マスク) から行動を返す関数です",
    )


def seat_opponents(encoding: Encoding, referee: BaseReferee, specs: dict[int, Any], seed: int) -> dict[int, Opponent]:
    """The opponents of one game (``seed``: the game's seed; each seat's bot is seeded from it)."""
    out: dict[int, Opponent] = {}
    bots: dict[int, Any] = {}
    fast = getattr(referee, "FAST_BOTS", {})
    for s, spec in specs.items():
        if callable(spec):
            out[s] = PolicyOpponent(spec)
        elif spec == "random":
            out[s] = RandomOpponent(seed * 16 + s)
        elif spec in fast:
            out[s] = fast[spec](referee, seed * 16 + s)
        else:
            bots[s] = make_bot(spec, encoding.game, seed=seed * 16 + s)
    if bots:
        seated = SeatedBot(Seating(referee.match, bots), encoding)
        out.update(dict.fromkeys(bots, seated))
    return out
