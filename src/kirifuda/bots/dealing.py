"""Dealing unseen cards into hidden hands under what a seat knows: the core of a sampler.

A seat's knowledge of the hidden hands is, in the trick-taking games, a set of *exclusions*: a player who
failed to follow cannot hold that suit; a Gonin-kan player who did not play the forced Joker cannot hold it.
:class:`ConstrainedDeal` deals a pool of cards into places of fixed sizes so that no card lands where it is
excluded, and every such deal can be drawn.

Method, chosen per problem when it is built (an information state builds one and samples it many times):

* **free** — no card is excluded anywhere: a uniform shuffle, exactly uniform over all deals.
* **exact** — the cards are grouped by where they may go (cards with the same allowed places are
  interchangeable for counting). The number of deals is a sum over how many cards of each group go to each
  place, Σ ∏ multinomials, computed by dynamic programming over the groups with the largest group last in
  closed form; a deal is drawn group by group with probability proportional to the number of completions, and
  the cards of a group are shuffled into their counts. Exactly uniform over all consistent deals. Used while
  the counting is small (``EXACT_WORK``), which covers one or two constrained groups and every late position.
* **rejection, then sequential** — otherwise: up to ``REJECTION_TRIES`` uniform shuffles, the first with no
  excluded card kept (exactly uniform when it succeeds); failing that, the cards are dealt one at a time, the
  most constrained first, each to an allowed place with probability proportional to the room left there
  (restarting on a dead end). Every consistent deal keeps a positive probability (each of its choices has a
  positive weight at every step); the bias is towards deals that fill the roomier places first.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence
from math import comb, factorial

from ..cards import card_list

EXACT_WORK = 6000
"""The exact method is used while the product of the number of ways to split each group (but the last)
among its places stays below this."""
REJECTION_TRIES = 12
SEQUENTIAL_TRIES = 200

_FACT = tuple(factorial(k) for k in range(60))


class ImpossibleDeal(ValueError):
    """No deal satisfies the exclusions (an information state that contradicts itself)."""


class ConstrainedDeal:
    """Deal ``cards`` into places of sizes ``rooms``; card ``c`` may go only to the places in the bitmask
    ``allowed[c]`` (absent: anywhere). :meth:`sample` returns one card mask per place."""

    __slots__ = ("rooms", "method", "_cards", "_allowed", "_groups", "_last", "_memo", "_options", "_total")

    def __init__(self, cards: Sequence[int], rooms: Sequence[int], allowed: dict[int, int] | None = None) -> None:
        self.rooms = tuple(rooms)
        places = len(self.rooms)
        everywhere = (1 << places) - 1
        for p, room in enumerate(self.rooms):
            if room == 0:
                everywhere &= ~(1 << p)
        if sum(self.rooms) != len(cards):
            raise ImpossibleDeal(f"{len(cards)} cards for {sum(self.rooms)} places")
        allowed = allowed or {}
        self._cards = list(cards)
        self._allowed = {c: allowed.get(c, everywhere) & everywhere for c in cards}
        by_mask: dict[int, list[int]] = {}
        for c in self._cards:
            by_mask.setdefault(self._allowed[c], []).append(c)
        if 0 in by_mask:
            raise ImpossibleDeal("a card may go nowhere")
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self._options: dict[tuple[int, tuple[int, ...]], tuple[list[int], list[tuple[int, ...]]]] = {}
        self._total = 0
        if list(by_mask) == [everywhere] or not by_mask:
            self.method = "free"
            self._groups: list[tuple[list[int], tuple[int, ...]]] = []
            self._last: tuple[list[int], int] = (self._cards, everywhere)
            return
        # the largest group last (counted in closed form); the others by dynamic programming
        ordered = sorted(by_mask.items(), key=lambda kv: len(kv[1]))
        *head, last = ordered
        self._groups = [(cs, tuple(p for p in range(places) if mask >> p & 1)) for mask, cs in head]
        self._last = (last[1], last[0])
        work = 1
        for cs, where in self._groups:
            work *= comb(len(cs) + len(where) - 1, len(where) - 1)
        if work <= EXACT_WORK:
            self.method = "exact"
            self._total = self._count(0, self.rooms)
            if not self._total:
                raise ImpossibleDeal("no deal keeps every exclusion")
        else:
            self.method = "sequential"

    # counting (exact method)
    def count(self) -> int | None:
        """The number of consistent deals (None where the method does not count them)."""
        if self.method == "free":
            n = len(self._cards)
            out = _FACT[n]
            for room in self.rooms:
                out //= _FACT[room]
            return out
        return self._total if self.method == "exact" else None

    def _last_ways(self, rooms: tuple[int, ...]) -> int:
        cards, mask = self._last
        ways = _FACT[len(cards)]
        for p, room in enumerate(rooms):
            if room:
                if not mask >> p & 1:
                    return 0
                ways //= _FACT[room]
        return ways

    def _count(self, level: int, rooms: tuple[int, ...]) -> int:
        if level == len(self._groups):
            return self._last_ways(rooms)
        key = (level, rooms)
        found = self._memo.get(key)
        if found is not None:
            return found
        cards, where = self._groups[level]
        n = len(cards)
        cumulative: list[int] = []
        splits: list[tuple[int, ...]] = []
        total = 0
        for split in _splits(n, [rooms[p] for p in where]):
            after = list(rooms)
            ways = _FACT[n]
            for p, k in zip(where, split, strict=True):
                after[p] -= k
                ways //= _FACT[k]
            rest = self._count(level + 1, tuple(after))
            if rest:
                total += ways * rest
                cumulative.append(total)
                splits.append(split)
        self._memo[key] = total
        self._options[key] = (cumulative, splits)
        return total

    # sampling
    def sample(self, rng: random.Random) -> list[int]:
        """One deal: a card mask per place."""
        if self.method == "free":
            return _fill(self._cards, self.rooms, rng)
        if self.method == "exact":
            return self._sample_exact(rng)
        return self._sample_sequential(rng)

    def _sample_exact(self, rng: random.Random) -> list[int]:
        rooms = self.rooms
        out = [0] * len(rooms)
        for level, (cards, where) in enumerate(self._groups):
            cumulative, splits = self._options[(level, rooms)]
            split = splits[bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))]
            pack = cards[:]
            rng.shuffle(pack)
            after = list(rooms)
            k0 = 0
            for p, k in zip(where, split, strict=True):
                for c in pack[k0 : k0 + k]:
                    out[p] |= 1 << c
                k0 += k
                after[p] -= k
            rooms = tuple(after)
        for p, m in enumerate(_fill(self._last[0], rooms, rng)):
            out[p] |= m
        return out

    def _sample_sequential(self, rng: random.Random) -> list[int]:
        allowed = self._allowed
        for _ in range(REJECTION_TRIES):
            out = _fill(self._cards, self.rooms, rng)
            if all(allowed[c] >> p & 1 for p, m in enumerate(out) for c in card_list(m)):
                return out
        for _ in range(SEQUENTIAL_TRIES):
            order = self._cards[:]
            rng.shuffle(order)
            order.sort(key=lambda c: allowed[c].bit_count())
            left = list(self.rooms)
            out = [0] * len(left)
            for c in order:
                mask = allowed[c]
                places = [p for p in range(len(left)) if left[p] and mask >> p & 1]
                if not places:
                    break
                p = rng.choices(places, weights=[left[q] for q in places])[0]
                out[p] |= 1 << c
                left[p] -= 1
            else:
                return out
        raise ImpossibleDeal("no deal keeping every exclusion was found")


def _fill(cards: Sequence[int], rooms: Sequence[int], rng: random.Random) -> list[int]:
    pack = list(cards)
    rng.shuffle(pack)
    out = []
    k = 0
    for room in rooms:
        m = 0
        for c in pack[k : k + room]:
            m |= 1 << c
        out.append(m)
        k += room
    return out


def _splits(n: int, caps: Sequence[int]) -> list[tuple[int, ...]]:
    """Every way to write ``n`` as ordered parts ``k_i ≤ caps[i]``."""
    if len(caps) == 1:
        return [(n,)] if n <= caps[0] else []
    out = []
    rest_cap = sum(caps[1:])
    for k in range(max(0, n - rest_cap), min(n, caps[0]) + 1):
        for tail in _splits(n - k, caps[1:]):
            out.append((k, *tail))
    return out
