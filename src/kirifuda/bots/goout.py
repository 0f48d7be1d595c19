"""The bots' kit of any designed go-out game (game id ``goout``): knowledge, sampler, a generic heuristic, rollouts.

Everything played in a go-out game is public and passing is always allowed, so a pass shows nothing (no voids).
What a seat cannot see is the other hands and the undealt rest; what it knows of them is their sizes, which
cards are gone, and — where the design starts a hand with the holder of ``turns.first_card`` — who held that card.

* **Knowledge** (:class:`GooutKnowledge`): the seat that made the hand's first play (the holder of
  ``turns.first_card`` where the design says so).
* **Sampler** (:meth:`Kit.sample`): the unseen cards (the pack less the seat's hand and every card played this
  hand) dealt at random into the other hands and the rest by their known sizes, the first card pinned to its
  known holder while unplayed.
* **Heuristic** (:meth:`Kit.heuristic`, also the rollouts' player): the generic club player of issue 20 — goes
  out when it can; sheds low cards first (in the order that holds now: the revolution turns it round); keeps
  combinations together (a play that splits a group of one rank or leaves a run short costs); holds
  pile-clearers (``play.clear_ranks``) and Jokers until the hand is short; leads its cheapest play, follows
  with a cheap one, and passes rather than spend a strong card while every other hand is still long.

The search levels (``easy`` / ``normal`` / ``hard``) are the generic ISMCTS over the game itself
(:mod:`kirifuda.bots.ismcts`); this kit gives it the sampler, the prior (the heuristic's order) and the rollouts,
played on the fast engine (:mod:`kirifuda.fast.goout`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .. import cards as C
from ..core import Action, Observation, Seen
from ..fast.goout import Position
from ..games.goout import JOKER_MASK, PLAY, Goout, GooutObservation, GooutState, Pass, Play
from .info import InfoState, Knowledge
from .kit import GameKit

SPLIT_COST = 3.0
"""Cost of leaving part of a group of one rank behind (the rest is weaker alone)."""
CLEARER_COST = 6.0
"""Cost of spending a pile-clearing card (8切り) or a Joker while the hand is long."""
SHORT_HAND = 4
"""A hand this short, or an opponent this close to going out, plays its strong cards."""
COST_MEMO = 1 << 16
"""Costs of plays remembered per kit (:meth:`Kit.cost`)."""
FOLLOW_LIMIT = 0.6
"""While every hand is long, a follow costs at most this share of the rank order per card; dearer: pass."""


@dataclass(frozen=True)
class GooutKnowledge(Knowledge):
    """What a seat has worked out beyond its observation: who made this hand's first play."""

    first_player: int | None = None

    def update(self, seen: Seen, before: Observation, after: Observation) -> GooutKnowledge:
        if seen.actor == "deal":
            return GooutKnowledge(None)
        if isinstance(seen.actor, int) and self.first_player is None and seen.text.startswith("play"):
            return GooutKnowledge(seen.actor)
        return self


class Kit(GameKit):
    """The kit of ``goout`` (see the module docstring)."""

    budgets: ClassVar[dict[str, int]] = {"easy": 60, "normal": 250, "hard": 800}
    widen_above: ClassVar[int] = 12

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        assert isinstance(game, Goout)
        self.goout: Goout = game
        self._deck = C.mask(game.deck())
        g = game.key
        self._holder_rule = "holder" in (g("turns.first_start"), g("turns.next_start"))
        self._first_bit = 1 << game.first_card
        self._costs: dict[tuple[int, int, bool], float] = {}
        self._card_costs = self._card_table()

    def knowledge(self, seat: int) -> GooutKnowledge:
        return GooutKnowledge()

    def sample(self, info: InfoState, rng: random.Random) -> GooutState:
        """The unseen cards dealt at random into the other hands and the rest, by their sizes; the first card
        (``turns.first_card``) in its holder's hand while unplayed, where the design starts with its holder."""
        obs = info.observation
        assert isinstance(obs, GooutObservation) and obs.hand is not None
        seat = info.seat
        hand = obs.hand.mask
        unseen_mask = self._deck & ~hand & ~obs.played.mask
        pinned: int | None = None
        knowledge = info.knowledge
        holder = knowledge.first_player if isinstance(knowledge, GooutKnowledge) else None
        if holder is None and obs.phase == PLAY and not obs.played.mask:
            holder = obs.leader  # nothing played yet: the turn's leader is the hand's first player
        if (
            self._holder_rule
            and holder is not None
            and holder != seat
            and unseen_mask & self._first_bit
            and (obs.rest_count == 0 or holder != obs.start_player)  # else it may lie in the rest
        ):
            pinned = holder
            unseen_mask &= ~self._first_bit
        unseen = list(C.cards_in(unseen_mask))
        rng.shuffle(unseen)
        hands = []
        k = 0
        for s, size in enumerate(obs.hand_sizes):
            if s == seat:
                hands.append(hand)
                continue
            take = size - (1 if s == pinned else 0)
            hands.append(C.mask(unseen[k : k + take]) | (self._first_bit if s == pinned else 0))
            k += take
        rest = C.mask(unseen[k:])
        lock = 0
        for letter in obs.lock_suits:
            lock |= 1 << C.SUITS.index(letter)
        must = 0
        g = self.goout.key
        if obs.phase == PLAY and not obs.played.mask and self._holder_rule and g("turns.first_play_includes"):
            must = self._first_bit & hands[obs.leader]
        return GooutState(
            phase=obs.phase,
            deal_index=obs.deal_number - 1,
            start_player=obs.start_player,
            leader=obs.leader,
            turn=obs.to_act[0] if obs.to_act else -1,
            hands=tuple(hands),
            table=tuple((s, m.mask) for s, m in obs.table),
            passed=obs.passed,
            lock=lock if obs.lock else None,
            reversed=obs.reversed,
            last_turn=tuple((s, m.mask) for s, m in obs.last_turn),
            played=obs.played.mask,
            rest=rest,
            out=obs.finish_order,
            must_include=must,
            scores=obs.deal_scores,
            lines=obs.deal_lines,
        )

    def heuristic(self, info: InfoState, legal: Sequence[Action], rng: random.Random) -> Action:
        obs = info.observation
        assert isinstance(obs, GooutObservation) and obs.hand is not None
        return self.choose(obs.hand.mask, obs.reversed, bool(obs.table), obs.hand_sizes, info.seat, legal)

    def prior(self, state: Any, seat: int, legal: Sequence[Action]) -> Sequence[Action]:
        hand = state.hands[seat]
        return sorted(legal, key=lambda a: self.cost(a, hand, state.reversed) if type(a) is Play else 1e9)

    def rollout_policy(self, state: Any, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        sizes = tuple(h.bit_count() for h in state.hands)
        return self.choose(state.hands[seat], state.reversed, bool(state.table), sizes, seat, legal)

    def rollout(self, state: Any, rng: random.Random) -> tuple[int, ...]:
        """The hand played to its end by the club player on the fast engine (:mod:`kirifuda.fast.goout`, checked
        against the pure rules decision by decision); the pure protocol's rollout outside play."""
        if state.phase != PLAY:
            return super().rollout(state, rng)
        position = Position.from_state(self.goout, state)
        while True:
            seat = position.turn
            sizes = tuple(h.bit_count() for h in position.hands)
            action = self.choose(
                position.hands[seat],
                position.reversed,
                position.top_combo is not None,
                sizes,
                seat,
                position.legal(),
            )
            if position.play(action):
                return position.scores()

    # the club player
    def choose(
        self, hand: int, reversed_order: bool, following: bool, sizes: Sequence[int], seat: int, legal: Sequence[Action]
    ) -> Action:
        """The generic go-out club player's choice (module docstring), from what the seat sees."""
        plays = [a for a in legal if type(a) is Play]
        if not plays:
            return legal[-1]
        size = hand.bit_count()
        for action in plays:
            if action.cards.bit_count() == size:
                return action  # going out
        best = plays[0]
        cost = self.cost(best, hand, reversed_order)
        for action in plays[1:]:  # the cheapest play, the first by its text among the cheapest
            c = self.cost(action, hand, reversed_order)
            if c < cost or (c == cost and str(action) < str(best)):
                best, cost = action, c
        assert isinstance(best, Play)
        if not following:
            return best  # the start player of a turn must play
        others = [n for s, n in enumerate(sizes) if s != seat and n]
        pressed = hand.bit_count() <= SHORT_HAND or (others and min(others) <= SHORT_HAND)
        per_card = cost / max(1, best.cards.bit_count())
        if pressed or per_card <= FOLLOW_LIMIT * self.goout.n_ranks:
            return best
        return next(a for a in legal if type(a) is Pass)

    def cost(self, action: Action, hand: int, reversed_order: bool) -> float:
        """What a play gives up: its cards' strength in the order that holds now, groups it splits, and the
        pile-clearers and Jokers it spends while the hand is long (remembered: a rollout asks again for the same
        hand after each pass, and a review's samples share the seat's own hand)."""
        assert isinstance(action, Play)
        held = (action.cards, hand, reversed_order)
        found = self._costs.get(held)
        if found is None:
            if len(self._costs) > COST_MEMO:
                self._costs.clear()
            found = self._costs[held] = self._cost(action.cards, hand, reversed_order)
        return found

    def _cost(self, cards: int, hand: int, reversed_order: bool) -> float:
        game = self.goout
        own = hand & cards
        if cards & JOKER_MASK and not own & JOKER_MASK:
            own |= hand & JOKER_MASK  # the canonical Joker bits stand for whichever the hand holds
        long_hand = hand.bit_count() > SHORT_HAND
        total = 0.0
        left = hand & ~own
        card_costs = self._card_costs
        m = own
        while m:  # the cards lowest first, as C.cards_in gives them (the same sums, so the same floats)
            low = m & -m
            m ^= low
            joker, up, down, clears, rank_cards = card_costs[low.bit_length() - 1]
            if joker:
                total += game.n_ranks + (CLEARER_COST if long_hand else 0)
                continue
            total += down if reversed_order else up  # the card's strength in the order that holds now
            if long_hand and clears:
                total += CLEARER_COST
            same_rank = left & rank_cards
            if same_rank:
                total += SPLIT_COST / same_rank.bit_count()
        return total

    def _card_table(self) -> dict[int, tuple[bool, int, int, bool, int]]:
        """Per card of the pack: a Joker?, its strength (place + 1) in the rank order and reversed, a pile-clearer?,
        the cards of its rank."""
        game = self.goout
        out = {}
        for c in (*game.deck(), C.JOKER, C.JOKER | C.COPY):
            if C.base(c) == C.JOKER:
                out[c] = (True, 0, 0, False, 0)
                continue
            place = game.rank_place[C.rank_of(c)]
            out[c] = (
                False,
                place + 1,
                game.n_ranks - 1 - place + 1,
                bool((1 << c) & game.clear),
                _RANK_CARDS[C.rank_of(c)],
            )
        return out


_RANK_CARDS = tuple(sum(1 << C.make(rank, s) for s in range(4)) for rank in range(13))
