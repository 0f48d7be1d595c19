"""What one game contributes to the generic bots: data and policies, not a copy of the search.

Each game id's ``bots`` part (its registry entry, :func:`kirifuda.registry.part`) holds its kit: a
:class:`GameKit` subclass named ``Kit`` with

* its :class:`~kirifuda.bots.info.Knowledge` (what a seat deduces from its history: voids, passed cards, …);
* its **sampler** (:meth:`GameKit.sample`): a complete state consistent with exactly what an information state
  says, drawn with the caller's generator only (OpenSpiel's ``ResampleFromInfostate``);
* its **heuristic** (:meth:`GameKit.heuristic`): how a sensible club player chooses, from the information state
  (the ``heuristic`` bot, and the search's guide);
* its **rollout** (:meth:`GameKit.rollout`): a fast playout of an imagined (sampled) state to the end of its
  deal, by a cheap policy, possibly on a mutable fast path checked against the pure rules;
* its search **budgets** per level, calibrated to about 0.05 s / 0.25 s / 1 s a decision on one core.

The search (:mod:`kirifuda.bots.ismcts`) plays only on sampled states; a kit never sees a true state except
through :meth:`GameKit.undo_pending`, which the evaluation-only cheating twin uses.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

from ..core import Action, Game
from .info import InfoState, Knowledge

LEVELS = ("easy", "normal", "hard")
"""The search levels, weakest first."""


class SearchGame(Protocol):
    """The calls the search makes on imagined states: a :class:`~kirifuda.core.Game`, or a kit's fast stand-in."""

    @property
    def id(self) -> str: ...

    @property
    def seat_count(self) -> int: ...

    def to_act(self, state: Any) -> frozenset[int]: ...

    def legal_actions(self, state: Any, seat: int) -> Sequence[Any]: ...

    def apply(self, state: Any, seat: int, action: Any) -> Any: ...

    def deal_scores(self, state: Any) -> Sequence[tuple[int, ...]]: ...

    def chance(self, state: Any) -> str | None: ...

    def is_over(self, state: Any) -> bool: ...

    def seen(self, state: Any, seat: int | None, actor: int, action: Any) -> str: ...


class GameKit:
    """The per-game part of the bots (see the module docstring). Bound to one :class:`~kirifuda.core.Game`."""

    budgets: ClassVar[dict[str, int]] = {"easy": 60, "normal": 300, "hard": 1200}
    """Search iterations per decision by level (each kit calibrates its own: docs/bots.md)."""
    model_others: ClassVar[bool] = False
    """Whether the search lets :meth:`rollout_policy` choose for the other seats (from their imagined hands) instead
    of branching on their choices: in games where a seat's choice depends mostly on its own hidden cards (the
    Anarchy family's bids and face-down cards), a tree node shared by every determinization cannot model that."""
    reuse: ClassVar[int] = 1
    """How many consecutive search iterations each determinization serves (1: a new one every iteration). Above 1,
    the :meth:`searchable` copies of one sampled state are walked ``reuse`` times, so what a kit computes once per
    imagined hand (the modelled seats' plans, a hand's card ranking) can be cached and found again; fewer distinct
    worlds per search, so a kit sets it only where a paired tournament shows it plays as well (docs/bots.md)."""
    infer_pool: int = 0
    """How many determinizations the plain search levels draw and weigh per decision with the inference-weighted
    sampler (:mod:`kirifuda.bots.inference`); 0: they draw from the uniform sampler. A kit sets it only where a
    paired tournament shows the weighted sampler wins at that level (docs/bots.md); the ``-infer`` names weigh a
    pool of this size (or :data:`~kirifuda.bots.inference.POOL`), the ``-uniform`` names never do."""
    infer_levels: ClassVar[tuple[str, ...]] = LEVELS
    """The levels whose plain names weigh their determinizations where :attr:`infer_pool` is set (Cut-in: ``hard``
    only, where its paired tournament was run; Gonin-kan: none, its pool sizing the ``-infer`` names alone); the
    others draw from the uniform sampler."""
    flat_levels: ClassVar[tuple[str, ...]] = ()
    """The levels whose plain names search flat at the root with common random numbers
    (:class:`~kirifuda.bots.ismcts.FlatSearch`) instead of the tree, where a paired tournament showed it stronger
    (docs/bots.md); the ``-flat`` names always do."""
    flat_budgets: ClassVar[dict[str, int]] = {}
    """The flat search's iterations per decision by level where they differ from :attr:`budgets` (its choices among
    more than :attr:`widen_above`, the tree's, keep :attr:`budgets`): a flat iteration is one rollout after one of the
    seat's choices, with no tree to walk, so it can value several times as many worlds in the same time."""
    span_trim: ClassVar[float] = 0.0
    """The share of the searching seat's leaf rewards left out at each end of the range that normalises the search's
    rewards (UCB1's exploration; 0: the full range seen): where rare leaves are worth far more than the rest
    (Gonin-kan's 十六), the full range would make every decision of that search nearly uniform."""
    widen_above: ClassVar[int] = 16
    """Progressive widening: a node with more legal choices than this opens them a few at a time, best first
    by :meth:`prior` (Cut-in's sets, Organised Chaos's 286 passes)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.search_game: SearchGame = game
        """What the search walks imagined states with: the game itself, or a kit's fast stand-in with the same
        calls (``to_act``, ``legal_actions``, ``apply``, ``deal_scores``, ``chance``, ``is_over``, ``seen``,
        ``seat_count``, ``id``) over the states :meth:`searchable` makes; its ``apply`` may change a state in
        place and return it. Its legal actions must print (``str``) as the game's do."""

    def searchable(self, state: Any) -> Any:
        """The state one search iteration walks, from a sampled state (or the cheating twin's true one): the
        state itself by default; with a fast :attr:`search_game`, a private mutable copy of it (of a state it made
        too: :attr:`reuse` walks copies of one)."""
        return state

    # what a seat knows
    def knowledge(self, seat: int) -> Knowledge:
        """The knowledge of ``seat`` before the game starts."""
        return Knowledge()

    def sample(self, info: InfoState, rng: random.Random) -> Any:
        """A complete state consistent with ``info``: the observation it gives ``info.seat`` is
        ``info.observation``, every card is where the history allows (voids, passes, reveals), and every
        placement of the unseen cards that the information allows can be drawn. Uses ``rng`` only — never the
        true state. Other seats' face-down choices still pending (a simultaneous trick, secret bids, a pass)
        are left unmade: the seat cannot know them, and the search makes them."""
        raise NotImplementedError(f"{self.game.id} has no sampler yet")

    def deal_start(self, info: InfoState, state: Any) -> Any | None:
        """The current deal's first state as the determinization ``state`` of ``info`` has it (its hidden cards
        where ``state`` puts them, the cards played since given back), from which the seat's history since the
        deal replays to ``state``: the inference-weighted sampler's replay (:mod:`kirifuda.bots.inference`).
        None where the kit cannot rebuild it (the default)."""
        return None

    def log_likelihood(self, info: InfoState, state: Any, epsilon: float) -> float | None:
        """The inference-weighted sampler's weight of the determinization ``state`` of ``info``, as a log: how likely
        the other seats' public actions of the current deal were, were the hidden cards where ``state`` puts them,
        under a model of those seats with ``epsilon`` of uniformly random choice (:mod:`kirifuda.bots.inference`).
        It may read ``info`` and ``state`` only. By default the deal's public actions replayed from
        :meth:`deal_start` under :meth:`rollout_policy` (None where the kit cannot rebuild the deal: no model); a kit
        may model fewer choices where its deals cannot be replayed (the Anarchy family: the bids)."""
        from .inference import replay_log_likelihood  # the generic model lives with the sampler

        return replay_log_likelihood(self, info, state, epsilon)

    def undo_pending(self, state: Any, seat: int) -> Any:
        """``state`` with the face-down choices of seats other than ``seat`` still pending taken back (for the
        cheating twin, which searches the true state but not choices made at the same moment as its own)."""
        return state

    # how to play
    def heuristic(self, info: InfoState, legal: Sequence[Action], rng: random.Random) -> Action:
        """The club player's choice among ``legal`` (the ``heuristic`` bot)."""
        return rng.choice(list(legal))

    def prior(self, state: Any, seat: int, legal: Sequence[Action]) -> Sequence[Action]:
        """``legal`` ordered best first for progressive widening (default: as given). A kit may return the same
        sequence again for the same hand (a cache); it must not change it afterwards: the search reuses what it made
        of a sequence it has seen."""
        return legal

    def rollout_policy(self, state: Any, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        """A cheap choice on an imagined state, used by the default :meth:`rollout`. It should use only what
        ``seat`` could see in that state (its hand and the table)."""
        return rng.choice(list(legal))

    def model_choice(self, state: Any, seat: int, rng: random.Random) -> Action:
        """Another seat's choice on an imagined state where the search models the other seats
        (:attr:`model_others`): by default :meth:`rollout_policy` among its legal actions. A kit may make it
        without listing them (Organised Chaos's 286 passes); the state's ``apply`` still checks it."""
        return self.rollout_policy(state, seat, self.search_game.legal_actions(state, seat), rng)

    def rollout(self, state: Any, rng: random.Random) -> tuple[int, ...]:
        """Play an imagined state to the end of its deal (Gonin-kan: its battle); that deal's scores by seat.
        The default plays :meth:`rollout_policy` through :attr:`search_game`'s protocol."""
        game = self.search_game
        done = len(game.deal_scores(state))
        while len(game.deal_scores(state)) == done:
            waiting = game.to_act(state)
            if not waiting:
                raise RuntimeError("a rollout reached a chance event before the end of its deal")
            for seat in sorted(waiting):
                legal = game.legal_actions(state, seat)
                state = game.apply(state, seat, self.rollout_policy(state, seat, legal, rng))
        return game.deal_scores(state)[done]

    def evaluate(self, state: Any, deal: int, rng: random.Random, seat: int | None = None) -> Sequence[float]:
        """What a search leaf stands for, per seat: deal ``deal``'s scores once it is over in ``state``, else a
        :meth:`rollout`'s. A kit may add what a deal's score leaves out (Organised Chaos: a bid used now is not
        available later), so that every leaf of one search — a rollout's or a finished deal's — counts alike.
        ``seat``: the one seat whose reward the caller reads (the flat search's), so that a kit may play that seat's
        later choices otherwise than the other seats' (the Anarchy family's ``others_epsilon``); None where every
        seat's reward is read (the tree backs a leaf up through every seat's nodes)."""
        scores = self.search_game.deal_scores(state)
        if len(scores) > deal:
            return scores[deal]
        return self.rollout(state, rng)

    def rewards(self, scores: Sequence[float]) -> tuple[float, ...]:
        """What each seat's search maximises, from one deal's scores: its score above the table's mean (a
        team game's scores already give every member of a side the same)."""
        mean = sum(scores) / len(scores)
        return tuple([s - mean for s in scores])

    def roles(self, state: Any) -> tuple[str, ...] | None:
        """Each seat's role in the deal just completed in ``state`` (team games, for per-role tournament
        tables), or None where seats have no roles."""
        return None
