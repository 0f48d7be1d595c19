"""One fair bot interface: a bot is given its seat's information state and the legal actions, and answers.

A :class:`Bot` never receives a game state — its one method takes an
:class:`~kirifuda.bots.info.InfoState`, built only from the seat's own view of the game. The same bot object
plays in the terminal, fills browser seats, runs in bulk simulation and serves as an RL opponent.

The one exception is the evaluation-only :class:`CheatingBot` (the search on the true state, for measuring how
much the fair search captures); it is a different type with a different method, which the tournament may call
and which ``play``, ``suggest`` and the server refuse.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from ..core import Action, KirifudaError
from .inference import POOL, InferenceSampler
from .info import InfoState
from .ismcts import ISMCTS, FlatSearch, SearchStats
from .kit import GameKit


class BotError(KirifudaError):
    """An unknown bot name, or a bot used where it may not be (a cheating bot at a real table)."""


@runtime_checkable
class Bot(Protocol):
    """A player: from what its seat knows and the legal actions, one of those actions."""

    name: str

    def act(self, info: InfoState, legal: Sequence[Action]) -> Action: ...


def decision_rng(seed: int, info: InfoState) -> random.Random:
    """The generator of one decision: a function of the bot's seed and what the seat knows publicly (the length
    of its history), so the same record, bot and seed always give the same action."""
    return random.Random(f"kirifuda-bot/{seed}/{info.seat}/{len(info.history)}")


class RandomBot:
    """A uniformly random legal action: the baseline."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, info: InfoState, legal: Sequence[Action]) -> Action:
        return decision_rng(self.seed, info).choice(list(legal))


class HeuristicBot:
    """The game's club-player policy (``GameKit.heuristic``)."""

    name = "heuristic"

    def __init__(self, kit: GameKit, seed: int = 0) -> None:
        self.kit = kit
        self.seed = seed

    def act(self, info: InfoState, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.kit.heuristic(info, legal, decision_rng(self.seed, info))


class SearchBot:
    """ISMCTS over states sampled from the information state, with an iteration budget."""

    def __init__(
        self,
        kit: GameKit,
        *,
        name: str,
        iterations: int,
        seed: int = 0,
        time_cap: float | None = None,
        infer: bool = False,
        pool: int = POOL,
        reuse: int | None = None,
        flat: bool = False,
        flat_iterations: int | None = None,
    ):
        self.kit = kit
        self.name = name
        self.seed = seed
        self.infer = infer
        """Whether determinizations are weighted by the other seats' plays (:mod:`kirifuda.bots.inference`)."""
        self.pool = pool
        """With ``infer``: how many determinizations are drawn and weighed per decision."""
        self.search = (
            FlatSearch(kit, iterations=iterations, flat_iterations=flat_iterations, time_cap=time_cap, reuse=reuse)
            if flat
            else ISMCTS(kit, iterations=iterations, time_cap=time_cap, reuse=reuse)
        )
        """``reuse``: iterations per determinization (None: the kit's :attr:`~kirifuda.bots.kit.GameKit.reuse`);
        ``flat``: flat Monte Carlo with common random numbers at the root instead of the tree, with
        ``flat_iterations`` (None: ``iterations``)."""
        self.last_stats = SearchStats(0, 0.0)

    def act(self, info: InfoState, legal: Sequence[Action]) -> Action:
        kit = self.kit
        rng = decision_rng(self.seed, info)
        if self.infer and len(legal) > 1:
            sample: Callable[[random.Random], Any] = InferenceSampler(kit, info, pool=self.pool)
        else:
            sample = lambda r: kit.sample(info, r)  # noqa: E731
        action, self.last_stats = self.search.search(sample, info.seat, legal, rng)
        return action


class CheatingBot:
    """The same search on the true state (others' simultaneous choices still unmade): evaluation only."""

    cheats = True

    def __init__(
        self,
        kit: GameKit,
        *,
        name: str,
        iterations: int,
        seed: int = 0,
        time_cap: float | None = None,
        flat: bool = False,
        flat_iterations: int | None = None,
    ):
        self.kit = kit
        self.name = name
        self.seed = seed
        self.search = (
            FlatSearch(kit, iterations=iterations, flat_iterations=flat_iterations, time_cap=time_cap)
            if flat
            else ISMCTS(kit, iterations=iterations, time_cap=time_cap)
        )
        self.last_stats = SearchStats(0, 0.0)

    def act_on_state(self, state: Any, seat: int, legal: Sequence[Action], history_length: int) -> Action:
        open_state = self.kit.undo_pending(state, seat)
        rng = random.Random(f"kirifuda-bot/{self.seed}/{seat}/{history_length}")
        action, self.last_stats = self.search.search(lambda _: open_state, seat, legal, rng)
        return action
