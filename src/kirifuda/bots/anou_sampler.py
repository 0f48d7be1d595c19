"""Anou: what a seat knows beyond its observation, and states drawn consistent with exactly that.

What a seat knows (../shared/rules/anou.md R2): its own hand; every wall, the trick, the pool and the 4-player
discards (all in its observation); and, from its history, the suits each seat has shown it lacks by failing to
follow (「ござらぬゆえ」, anou.md "A deal" 3) in the current deal — :class:`AnouKnowledge`. Hidden: the other
hands and the 3-player unused cards. Nothing else constrains them: a deal is uniformly random and every other
action is public.

The sampler draws the hidden cards **uniformly among all placements consistent with that knowledge** (every
hand its known size, no card of a suit a seat has shown void in; the unused pile takes anything), which is the
exact posterior of a uniformly random deal given the public facts. Method (exact, no rejection): the unseen
cards are grouped into *classes*, the suits that may go to the same places; a *split* says how many cards of
each class each place gets. The number of card placements of a split is the product over classes of the
multinomial ``k! / (k_1! … k_m!)``; every split that fills every place exactly is listed once per information
state with these weights (:class:`SamplingPlan`), so a sample is one weighted draw of a split and a shuffle of
each class into its places. The plan is built once per decision (cached on the information state), a sample
costs a few tens of microseconds.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from math import factorial
from typing import Any

from .. import cards as C
from ..core import Observation, Seen
from ..games.anou import PLAY, TAKE_FIRST, TAKE_SECOND, AnouObservation, AnouState, trick_order
from .info import InfoState, Knowledge

UNUSED = -1
"""The place of the 3-player unused cards among a plan's places."""


@dataclass(frozen=True)
class AnouKnowledge(Knowledge):
    """Per seat, the suits it has shown it lacks this deal: bit ``s`` of ``voids[seat]`` is set once the seat
    failed to follow suit ``s`` (ござらぬゆえ); cleared at every deal."""

    voids: tuple[int, ...]

    def update(self, seen: Seen, before: Observation, after: Observation) -> AnouKnowledge:
        if seen.actor == "deal":
            return replace(self, voids=(0,) * len(self.voids)) if any(self.voids) else self
        if not isinstance(seen.actor, int) or not seen.text.startswith("play "):
            return self
        assert isinstance(before, AnouObservation)
        if not before.trick or before.lead_suit is None:
            return self  # a lead
        lead = C.SUITS.index(before.lead_suit)
        if C.suit_of(C.parse(seen.text[5:])) == lead:
            return self
        voids = list(self.voids)
        voids[seen.actor] |= 1 << lead
        return replace(self, voids=tuple(voids))


@dataclass(frozen=True)
class SamplingPlan:
    """Everything a sample needs that does not depend on the draw (see the module docstring)."""

    fixed: dict[str, Any]  # AnouState fields known to the seat
    voids: tuple[int, ...]  # the seat's knowledge: suits each seat has shown it lacks this deal
    seat: int
    hand: int
    places: tuple[int, ...]  # other seats with cards, then UNUSED if any cards are unused
    classes: tuple[tuple[int, ...], ...]  # the unseen cards of each class, in canonical order
    splits: tuple[tuple[tuple[int, ...], ...], ...]  # split → class → place → count
    cumulative: tuple[int, ...]  # running totals of the splits' weights

    @property
    def placements(self) -> int:
        """How many placements of the unseen cards are consistent with the information."""
        return self.cumulative[-1] if self.cumulative else 0

    def draw(self, rng: random.Random) -> AnouState:
        splits = self.splits
        split = (
            splits[0]
            if len(splits) == 1
            else splits[bisect.bisect_right(self.cumulative, rng.randrange(self.placements))]
        )
        masks = [0] * len(self.places)
        for cards, counts in zip(self.classes, split, strict=True):
            pack = list(cards)
            shuffle(pack, rng)
            k = 0
            for j, count in enumerate(counts):
                if count:
                    m = masks[j]
                    for c in pack[k : k + count]:
                        m |= BITS[c]
                    masks[j] = m
                    k += count
        hands = [0] * len(self.fixed["walls"])
        hands[self.seat] = self.hand
        unused = 0
        for place, m in zip(self.places, masks, strict=True):
            if place == UNUSED:
                unused = m
            else:
                hands[place] = m
        return AnouState(hands=tuple(hands), unused=unused, **self.fixed)


FACTORIALS = tuple(factorial(k) for k in range(53))
BITS = tuple(1 << c for c in range(64))


def shuffle(pack: list[int], rng: random.Random) -> None:
    """Shuffle ``pack`` in place, uniformly: Fisher–Yates with its indices read from one uniform draw below
    ``len(pack)!`` (mixed radix), which costs half of ``random.shuffle``'s one draw per card."""
    r = rng.randrange(FACTORIALS[len(pack)])
    for i in range(len(pack) - 1, 0, -1):
        r, j = divmod(r, i + 1)
        pack[i], pack[j] = pack[j], pack[i]


def sampling_plan(info: InfoState, deck: Sequence[int]) -> SamplingPlan:
    """The plan of :func:`SamplingPlan.draw` for ``info`` (an Anou seat to act)."""
    obs = info.observation
    knowledge = info.knowledge
    assert isinstance(obs, AnouObservation) and isinstance(knowledge, AnouKnowledge)
    assert obs.hand is not None
    seat = info.seat
    n = obs.players
    trick = tuple((s, C.parse(t)) for s, t in obs.trick)
    last_trick = tuple((s, C.parse(t)) for s, t in obs.last_trick)
    walls = tuple(tuple(C.mask(col) for col in wall) for wall in obs.walls)
    hand = C.mask(obs.hand)
    discards = C.mask(obs.discards)
    seen = hand | discards | C.mask(c for _, c in trick)
    for wall in walls:
        for col in wall:
            seen |= col
    unseen = [c for c in C.sorted_cards(deck) if not seen >> c & 1]

    taking = obs.phase in (TAKE_FIRST, TAKE_SECOND)
    if taking:
        assert obs.first is not None and obs.second is not None
        first, second = obs.first, obs.second
    elif obs.phase == PLAY and last_trick:  # the state keeps the last trick's 1st and 2nd during play
        order = trick_order(last_trick)
        first, second = last_trick[order[0]][0], last_trick[order[1]][0]
    else:
        first = second = -1
    fixed = {
        "phase": obs.phase,
        "deal_index": obs.deal_number - 1,
        "dealer": obs.dealer,
        "turn": obs.to_act[0] if len(obs.to_act) == 1 else -1,
        "walls": walls,
        "trick": trick,
        "first": first,
        "second": second,
        "pool": C.mask(obs.pool),
        "last_trick": last_trick,
        "discards": discards,
        "roots_left": obs.root_stones_left,
        "scores": obs.deal_scores,
        "lines": obs.deal_lines,
    }

    places = [s for s in range(n) if s != seat and obs.hand_sizes[s]]
    capacity = [obs.hand_sizes[s] for s in places]
    if obs.unused_count:
        places.append(UNUSED)
        capacity.append(obs.unused_count)
    if sum(capacity) != len(unseen):
        raise ValueError(f"{len(unseen)} unseen cards for {sum(capacity)} places")
    # classes: the suits that may go to the same places (a seat void in a suit takes none of it)
    by_allowed: dict[tuple[int, ...], list[int]] = {}
    for suit in range(4):
        cards = [c for c in unseen if C.suit_of(c) == suit]
        if cards:
            allowed = tuple(j for j, p in enumerate(places) if p == UNUSED or not knowledge.voids[p] >> suit & 1)
            by_allowed.setdefault(allowed, []).extend(cards)
    # the least constrained class last: its split is whatever room is left
    groups = sorted(by_allowed.items(), key=lambda item: (len(item[0]), len(item[1])))
    classes = tuple(tuple(cards) for _, cards in groups)
    splits, weights = _splits([allowed for allowed, _ in groups], [len(c) for c in classes], capacity)
    if not splits:
        raise ValueError("no placement of the unseen cards is consistent with the information state")
    cumulative = []
    total = 0
    for w in weights:
        total += w
        cumulative.append(total)
    return SamplingPlan(
        fixed=fixed,
        voids=knowledge.voids,
        seat=seat,
        hand=hand,
        places=tuple(places),
        classes=classes,
        splits=tuple(splits),
        cumulative=tuple(cumulative),
    )


def _splits(
    allowed: Sequence[tuple[int, ...]], sizes: Sequence[int], capacity: Sequence[int]
) -> tuple[list[tuple[tuple[int, ...], ...]], list[int]]:
    """Every split of the classes into the places (class ``c`` only into ``allowed[c]``, ``sizes[c]`` cards,
    every place filled to its ``capacity``) with its number of card placements."""
    out: list[tuple[tuple[int, ...], ...]] = []
    weights: list[int] = []
    places = len(capacity)

    def place(c: int, room: list[int], done: tuple[tuple[int, ...], ...], weight: int) -> None:
        if c == len(sizes) - 1:  # the last class fills whatever room is left, if it may
            if sum(room) != sizes[c] or any(r and j not in allowed[c] for j, r in enumerate(room)):
                return
            w = factorial(sizes[c])
            for k in room:
                w //= factorial(k)
            out.append((*done, tuple(room)))
            weights.append(weight * w)
            return
        for counts in _compositions(sizes[c], allowed[c], room, places):
            w = factorial(sizes[c])
            for k in counts:
                w //= factorial(k)
            place(c + 1, [r - k for r, k in zip(room, counts, strict=True)], (*done, counts), weight * w)

    if sizes:
        place(0, list(capacity), (), 1)
    elif not any(capacity):
        out.append(())
        weights.append(1)
    return out, weights


def _compositions(total: int, allowed: tuple[int, ...], room: Sequence[int], places: int) -> list[tuple[int, ...]]:
    """Ways to put ``total`` cards into the ``allowed`` places, at most ``room`` each (counts by place)."""
    out: list[tuple[int, ...]] = []
    counts = [0] * places

    def fill(i: int, left: int) -> None:
        if i == len(allowed) - 1:
            if left <= room[allowed[i]]:
                counts[allowed[i]] = left
                out.append(tuple(counts))
                counts[allowed[i]] = 0
            return
        j = allowed[i]
        rest = sum(room[p] for p in allowed[i + 1 :])
        for k in range(max(0, left - rest), min(left, room[j]) + 1):
            counts[j] = k
            fill(i + 1, left - k)
        counts[j] = 0

    if not allowed:
        return [tuple(counts)] if total == 0 else []
    fill(0, total)
    return out
