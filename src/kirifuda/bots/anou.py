"""Anou (アノウ): the bots' kit — knowledge, sampler, heuristic, playout and search budgets.

* Knowledge and sampler: :mod:`kirifuda.bots.anou_sampler` (voids shown by 「ござらぬゆえ」; hidden cards drawn
  uniformly among the placements consistent with them).
* Heuristic, rollout policy and the evaluation of truncated playouts: :mod:`kirifuda.bots.anou_playout`, on the
  fast engine's positions (:mod:`kirifuda.fast.anou`, checked against the pure rules by perft and lockstep tests).
* The search walks its imagined states on the fast engine too: :attr:`Kit.search_game` is a stand-in for the
  game with the same calls over mutable positions, and :meth:`Kit.searchable` loads a sampled state into one.

Rules: ../shared/rules/anou.md (cited as anou.md and its rulings R1–R3); docs/bots/anou.md explains the bots.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, ClassVar, TypeVar

from ..cards import cards_in
from ..core import Action, Deal, evolve
from ..fast.anou import PLAYING, Position, option_text
from ..games.anou import DEAL, OVER, PLAY, ROOT, Anou, AnouOptions, AnouState, Root
from ..tricks import Play
from .anou_playout import OPEN, ClubPlayer, Playout, WallValues, suit_remaining
from .anou_sampler import AnouKnowledge, SamplingPlan, sampling_plan
from .info import InfoState
from .kit import GameKit

_NOBODY: frozenset[int] = frozenset()
SAMPLES_KEPT = 256
"""Samples whose voids the kit still knows (the inference sampler's pool is 64)."""
PRIORS_KEPT = 4096
"""Take orders remembered for progressive widening (cleared when full)."""


class SearchGame:
    """The game as the search walks it: the calls of :class:`~kirifuda.core.Game` the search makes, over the fast
    engine's mutable positions (``apply`` moves the position in place and returns it). Actions are their
    canonical texts, which are also how every seat sees them (anou.md R2: every action is public)."""

    def __init__(self, game: Anou) -> None:
        self.id = game.id
        self.seat_count = game.seat_count
        self._waiting = tuple(frozenset((seat,)) for seat in range(game.n))

    def to_act(self, p: Position) -> frozenset[int]:
        return self._waiting[p.turn] if p.phase in PLAYING else _NOBODY

    def legal_actions(self, p: Position, seat: int) -> list[str]:
        return p.legal_texts() if seat == p.turn else []

    def apply(self, p: Position, seat: int, action: str) -> Position:
        p.apply_text(action)
        return p

    def deal_scores(self, p: Position) -> list[tuple[int, ...]]:
        return p.scores

    def chance(self, p: Position) -> str | None:
        return "deal" if p.phase == "deal" else None

    def is_over(self, p: Position) -> bool:
        return p.phase == OVER

    def seen(self, p: Position, seat: int | None, actor: int, action: str) -> str:
        return action


class Kit(GameKit):
    """Anou's part of the bots (see the module docstring)."""

    budgets: ClassVar[dict[str, int]] = {"easy": 500, "normal": 2500, "hard": 6000}
    horizon: ClassVar[int] = 0
    """Whole tricks a playout plays after the current one before the walls are valued (docs/bots/anou.md)."""

    def __init__(self, game: Anou) -> None:
        super().__init__(game)
        options = game.options
        assert isinstance(options, AnouOptions)
        self.anou = game
        self.search_game = SearchGame(game)
        self._template = Position(game)
        self._policy = ClubPlayer(game.n)
        values = WallValues.load(WallValues.config(options.players, options.deck3, options.root_stones))
        self._playout = ClubPlayer(game.n, values, self.horizon)
        self._plan_for: InfoState | None = None
        self._plan: SamplingPlan | None = None
        self._sampled: OrderedDict[int, AnouState] = OrderedDict()
        """The last samples by id (kept, so an id is not reused), whose seat's knowledge of voids is the plan's: a
        search walks the last one, the inference sampler any of its pool."""
        self._priors: dict[tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]], list[int]] = {}

    # what a seat knows
    def knowledge(self, seat: int) -> AnouKnowledge:
        return AnouKnowledge(voids=(0,) * self.anou.n)

    def plan(self, info: InfoState) -> SamplingPlan:
        """The sampling plan of ``info`` (built once per information state: a search samples it every iteration)."""
        if self._plan_for is not info or self._plan is None:
            self._plan = sampling_plan(info, self.anou.deck())
            self._plan_for = info
            self._sampled.clear()  # earlier samples are another information state's
        return self._plan

    def sample(self, info: InfoState, rng: random.Random) -> AnouState:
        plan = self.plan(info)
        state = plan.draw(rng)
        self._sampled[id(state)] = state
        if len(self._sampled) > SAMPLES_KEPT:
            self._sampled.popitem(last=False)
        return state

    def searchable(self, state: Any) -> Any:
        """A sampled (or true) pure state as the fast position the search walks (a private copy)."""
        return self.position(state) if isinstance(state, AnouState) else state.copy()

    def position(self, state: AnouState | Position) -> Position:
        """``state`` as a fast position (a position is returned as it is); the voids shown earlier in the deal
        are the sampling seat's knowledge where ``state`` is one of its recent samples (public facts the policy
        uses)."""
        if not isinstance(state, AnouState):
            return state
        drawn = self._sampled.get(id(state)) is state
        voids = self._plan.voids if drawn and self._plan is not None else None
        return self._template.load(state, voids)

    # how to play
    def heuristic(self, info: InfoState, legal: Sequence[Action], rng: random.Random) -> Action:
        # the policy reads only the seat's own hand and the table, so any consistent state will do
        p = self.position(self.sample(info, rng))
        return _by_text(legal, option_text(*self._policy.choose(p)))

    def rollout_policy(self, state: Any, seat: int, legal: Sequence[Any], rng: random.Random) -> Any:
        return _by_text(legal, option_text(*self._policy.choose(self.position(state))))

    def prior(self, state: Any, seat: int, legal: Sequence[Any]) -> Sequence[Any]:
        """Takes best first by the exact score change they make (the 2nd's up to 36 choices are widened), root
        stones by the policy's liking (13 cards × 4 columns at first)."""
        p = self.position(state)
        if p.phase == PLAY:
            return legal
        # a take's choices are public (the pool, the wall): one order per pool and wall, whatever the sample;
        # a root stone's depend on the hand, which is the seat's own
        hand = tuple(p.hands[seat]) if p.phase == ROOT else ()
        key = (seat, tuple(p.pool), tuple(p.walls[seat]), hand)
        order = self._priors.get(key)
        if order is None:
            options = p.options()
            if p.phase == ROOT:
                value = self._policy.root_value
                remaining = suit_remaining(p, seat)
                stones = [what[0] for _, what in options]  # (card, column)
                free = p.free[seat]
                order = sorted(
                    range(len(options)),
                    key=lambda i: -value(p, seat, stones[i][0], stones[i][1], OPEN[free][remaining[stones[i][0] >> 4]]),
                )
            else:
                gain = Playout.take_gain
                order = sorted(range(len(options)), key=lambda i: -gain(p, seat, options[i][1]))
            if len(self._priors) > PRIORS_KEPT:
                self._priors.clear()
            self._priors[key] = order
        if len(order) != len(legal):
            return legal
        return [legal[i] for i in order]

    def deal_start(self, info: InfoState, state: Any) -> AnouState | None:
        """The deal as ``state`` (a pure determinization) has it: each hand now plus the cards its seat has
        played or placed as root stones since the deal (anou.md "A deal"; every action is public, R2), and the
        unused cards (3 players) where ``state`` puts them."""
        if not isinstance(state, AnouState):
            return None
        game = self.anou
        hands = list(state.hands)
        for event in reversed(info.history):
            if event.actor == "deal":
                break
            if isinstance(event.actor, int):
                action = game.parse_action(event.text)
                if isinstance(action, (Play, Root)):
                    hands[event.actor] |= 1 << action.card
        deal = Deal(tuple(tuple(cards_in(h)) for h in hands), rest=tuple(cards_in(state.unused)))
        return game.apply_deal(evolve(state, phase=DEAL), deal)

    def rollout(self, state: Any, rng: random.Random) -> tuple[int, ...]:
        """The deal's scores after a playout of the policy; where the playout stops early (``horizon``), each
        wall's measured value, rounded up or down at random in proportion (an unbiased whole-point estimate)."""
        p = self.searchable(state) if isinstance(state, AnouState) else state
        values = self._playout.playout(p)
        out = []
        for v in values:
            whole = int(v)
            out.append(whole + 1 if rng.random() < v - whole else whole)
        return tuple(out)


T = TypeVar("T")


def _by_text(legal: Sequence[T], text: str) -> T:
    for action in legal:
        if str(action) == text:
            return action
    raise RuntimeError(f"{text!r} is not among the legal actions")
