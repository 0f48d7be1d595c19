"""A lean, mutable engine for any go-out design (game id ``goout``): bulk random play and the bots' rollouts.

Same rules as :mod:`kirifuda.games.goout` — it reads the pure engine's classification of combinations
(:meth:`~kirifuda.games.goout.Goout.combo`), its lock and follow rules (``_locks``, ``may_follow``) and its
scoring, and replaces the two things that made the pure engine slow:

* **legal plays from tables**, never by listing every combination of the hand and testing each: a hand is kept
  *place-major* (bit ``4 * place + suit``, ``place`` a rank's place in ``pack.ranks``), and the n of a kind of
  each place come from a table indexed by (place, the 4-bit suits held there, Jokers usable), already split by
  count and in the pure engine's order (:meth:`~kirifuda.games.goout.Goout.order`). A follow visits only the
  places and counts that can beat the latest combination (the same kind and count higher, more cards, the
  cut-in single); runs grow from each place while suits (or, any suits, cards) continue;
* **one mutable** :class:`Position` per hand instead of a new immutable state per action.

On top of that (docs/performance.md, "The speed-up of 2026-11-26" and "Issue 20's last bar"): what a lead reads
for a mask of the hand is remembered (``lead_chunks``, ``exactly_chunks``: three places at a time; ``same_memo``),
the lock and follow-suit filters are a mask of the hand, a play's classification, place bits and lock signature are
one lookup (:meth:`Tables.play_info`); the follows of an n of a kind are worked out once per (latest combination,
lock, reversal) and hand cards under the mask that can matter (:meth:`Tables.follow_state`); a seat's five-card
hands are built from the suits held at each place and the places held in each suit, keyed by arithmetic
(:meth:`Tables.five_card_hands`), and kept in key order, so a five-card follow is a bisection; and
:meth:`FastGoout.play_random_game` deals into masks and plays each hand in :meth:`Position.random_hand`, one loop on
local variables that makes ``rng.choice``'s and the shuffle's ``getrandbits`` draws itself (the same draws).

Both list the same actions in the same order, so :meth:`FastGoout.play_random_game` with the same
``random.Random`` plays the very game the pure protocol plays (tests/test_fast_goout.py checks :meth:`Position.legal`
and :meth:`Position.random_hand` decision by decision over the presets, Daifugō's switches and random designs).

This file is the Python source of the engine :mod:`kirifuda.fast.goout` runs: ``make setup`` compiles it with mypyc
into a top-level module (:mod:`kirifuda.fast.native`, docs/performance.md "third pass"), used only while it was built
from this very file. Keep it compilable: absolute imports; annotations true at run time (mypyc checks them: a value
typed ``list`` must be a list); no ``cls.__new__`` without ``__init__`` on its classes; nothing here pickled but
through :meth:`Tables.__reduce__`.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from functools import reduce
from itertools import combinations, compress, product
from operator import or_
from typing import Final

from kirifuda import cards as C
from kirifuda.core import Action, Game, chance_rng
from kirifuda.games.goout import (
    FINISH,
    FIVE,
    FIVE_STEP,
    JOKER_BITS,
    JOKER_MASK,
    JOKER_SETS,
    PASS,
    RUN,
    SET,
    Combo,
    Goout,
    GooutState,
    Pass,
    Play,
    joker_count,
)

MASK_64 = (1 << 64) - 1
HIGH: Final = 64
"""A card mask's bits from ``HIGH`` up are the Jokers and second copies (cards.JOKER, cards.COPY), so ``m >> HIGH`` is
0 for first-copy cards alone: tested before a mask operation with :data:`JOKER_MASK`, a number past 62 bits (each
such operation makes a new int, and takes the slow path in the compiled copy, kirifuda.fast.native)."""
PLAIN_DRAW = getattr(random.Random, "_randbelow", None) is getattr(random.Random, "_randbelow_with_getrandbits", 0)
"""Whether ``random.Random.choice(seq)`` is ``seq[r]`` for ``r`` the first ``getrandbits(len(seq).bit_length())``
below ``len(seq)`` (CPython's), so :meth:`FastGoout.play_random_game` may draw so itself."""

FOLLOW_MEMO = 1 << 18  # follows remembered per (latest combination, lock, reversal) and hand (Tables.follow_state)
LEFT_MEMO = 1 << 16  # cards-left penalties remembered (Tables.left_penalty)
FOLLOW_STATES = 1 << 14  # (latest combination, lock, reversal) remembered
NO_MEMO: tuple[int, None] = (0, None)  # Tables.follow_state where follows are read from the whole hand
KINDS = (SET, RUN, FIVE)
PASS_ONLY = (PASS,)
TABLES = f"_fast_tables_{__name__}"
"""Where :func:`tables` keeps a game's tables: one name per module, so this module and its compiled copy
(:mod:`kirifuda.fast.native`) never read each other's."""
SUITS_OF = tuple(tuple(s for s in range(4) if nib >> s & 1) for nib in range(16))


class _Flags:
    """The two fields of a state :meth:`Goout.may_follow` reads, for the rare plays checked through it."""

    __slots__ = ("lock", "reversed")

    def __init__(self, lock: int | None, reverse: bool) -> None:
        self.lock = lock
        self.reversed = reverse


class Tables:
    """The design's tables: interned plays and the n of a kind of every (place, suits held there, Jokers usable),
    split by count the ways a follow reads them, each in the pure engine's order."""

    def __init__(self, game: Goout) -> None:
        self.game = game
        g = game.key
        n_ranks = game.n_ranks
        self.bit = {c: 1 << (4 * game.place_of[c] + C.suit_of(c)) for c in game.place_of}
        self.card_at = {(game.place_of[c], C.suit_of(c)): c for c in game.place_of}
        self.plays: dict[int, Play] = Plays()
        sizes = game.set_sizes
        self.wild = game.jokers_in_sets
        top_count = max(sizes, default=0)
        self.top_count = top_count
        counts = range(top_count + 1)
        # [place][suits held][Jokers usable] → every set (leading) / [count] → exactly, at least, more than count
        self.all_sets: list[list[list[tuple[Play, ...]]]] = []
        self.exactly: list[list[list[list[tuple[Play, ...]]]]] = []
        self.at_least: list[list[list[list[tuple[Play, ...]]]]] = []
        self.more_than: list[list[list[list[tuple[Play, ...]]]]] = []
        # [place][suits held][suits of the latest set] → the cut-in singles: a suit not in it (play.cut_in)
        self.singles_not: list[list[list[tuple[Play, ...]]]] = []
        for place in range(n_ranks):
            all_row: list[list[tuple[Play, ...]]] = []
            exactly_row: list[list[list[tuple[Play, ...]]]] = []
            at_least_row: list[list[list[tuple[Play, ...]]]] = []
            more_row: list[list[list[tuple[Play, ...]]]] = []
            singles_row: list[list[tuple[Play, ...]]] = []
            for nib in range(16):
                all_row.append([])
                exactly_row.append([])
                at_least_row.append([])
                more_row.append([])
                for wild in range(3 if self.wild else 1):
                    plays = self._sets_at(place, nib, wild, sizes)
                    all_row[-1].append(tuple(a for _, a in plays))
                    exactly_row[-1].append([tuple(a for c, a in plays if c == n) for n in counts])
                    at_least_row[-1].append([tuple(a for c, a in plays if c >= n) for n in counts])
                    more_row[-1].append([tuple(a for c, a in plays if c > n) for n in counts])
                singles = [(s, self.play(1 << self.card_at[(place, s)])) for s in SUITS_OF[nib] if 1 in sizes]
                singles_row.append([tuple(a for s, a in singles if not t_suits >> s & 1) for t_suits in range(16)])
            self.all_sets.append(all_row)
            self.exactly.append(exactly_row)
            self.at_least.append(at_least_row)
            self.more_than.append(more_row)
            self.singles_not.append(singles_row)
        self.jokers_alone = tuple(
            tuple(self.play(JOKER_SETS[k]) for k in range(1, held + 1) if k in sizes) for held in range(3)
        )
        self.key_of = {a.cards: game.combo(a.cards).key for a in self.plays.values()}  # type: ignore[union-attr]
        self.runs = game.runs  # (min, max, suited) or None
        self.runs_of_three = bool(self.runs and self.runs[2] and self.runs[0] >= 3)  # suited, three places or more
        self.more_cards = bool(g("play.more_cards"))
        self.cut_in = bool(g("play.cut_in"))
        self.cut_in_sizes = frozenset(g("play.cut_in_sizes"))
        self.singles_lock = bool(g("play.lock.singles_only"))
        self.lock_reverse = bool(g("play.lock.reverse"))
        self.follow_suit = bool(g("play.follow_suit"))
        self.lock_on = bool(g("play.lock.enabled"))
        self.simple = not self.more_cards and not self.cut_in  # a set is followed by the same count only
        self.suit_order = bool(g("pack.suit_order"))
        self.n_ranks = n_ranks
        self.above = [((1 << 4 * n_ranks) - 1) >> 4 * (place + 1) << 4 * (place + 1) for place in range(n_ranks)]
        self.below = [(1 << 4 * place) - 1 for place in range(n_ranks)]
        self.revolution_size = game.revolution_size
        self.lap = game.pass_style == "lap"
        self.hard = game.pass_style == "hard"
        self.first_out = game.first_out_ends
        self.finish_turn = game.finish_turn
        self.clear = game.clear
        self.runs_of: dict[tuple[int, int, int], Play] = {}
        self.five = bool(game.five)
        self.place_suit = {c: (game.place_of[c], C.suit_of(c)) for c in game.place_of}
        self.five_parts: dict[int, tuple[int, ...]] = {}  # (a suit's places, the suit) → its flushes' orders
        self.suit_strength = game.suit_place  # [suit] → its place in pack.suit_order
        self.five_bases, self.straight_flush_as_flush = five_bases(game.five)
        self.col_bits = [  # [place][suits held] → the cards' bits, in suit order
            [tuple(1 << self.card_at[(place, s)] for s in SUITS_OF[nib]) for nib in range(16)]
            for place in range(n_ranks)
        ]
        self.suit_cards = [  # [suit][place] → the card's bit (0: not in the pack)
            [1 << self.card_at[(place, s)] if (place, s) in self.card_at else 0 for place in range(n_ranks)]
            for s in range(4)
        ]
        self.doubles = [[tuple(map(sum, combinations(col, 2))) for col in row] for row in self.col_bits]
        self.pair_sums = [  # [place][suits held there | suits held at the next place << 4] → one card of each, summed
            [
                tuple(a + b for a in self.col_bits[place][nibs & 15] for b in self.col_bits[place + 1][nibs >> 4])
                for nibs in range(256)
            ]
            for place in range(n_ranks - 1)
        ]
        straight = self.five_bases[0]
        self.straight_tops = [  # [top place][suits held there] → (key << 64 | the card) of a straight's top card
            [
                tuple(
                    (straight + place * 4 + self.suit_strength[s]) << 64 | self.suit_cards[s][place]
                    for s in SUITS_OF[nib]
                )
                if straight is not None
                else ()
                for nib in range(16)
            ]
            for place in range(n_ranks)
        ]
        self.triples = [[tuple(map(sum, combinations(col, 3))) for col in row] for row in self.col_bits]
        self.place_low = sum(1 << 4 * place for place in range(n_ranks))
        self.info: dict[int, tuple[Combo, int, int, bool]] = {}  # a play's cards → play_info
        # [Jokers usable][chunk][12 bits: the suits held at places 3 * chunk …] → every n of a kind there (filled
        # as hands are met: lead_chunk)
        self.lead_chunks: list[list[list[tuple[Play, ...] | None]]] = [
            [[None] * 4096 for _ in range((n_ranks + 2) // 3)] for _ in range(3 if self.wild else 1)
        ]
        self.same_memo: dict[int, tuple[Action, ...]] = {}  # (key, count, suits, Jokers, reversal) → _same_place
        self.suits_mask = [self.place_low * suits for suits in range(16)]  # the suits at every place
        # [Jokers usable][count] → [chunk][12 bits: the suits held at places 3 * chunk …] → exactly_at's plays there
        self.exactly_chunks: list[list[list[list[tuple[Play, ...] | None]] | None]] = [
            [None for _ in counts] for _ in range(3 if self.wild else 1)
        ]
        self.jokers_follow: dict[tuple[int, int, int | None, bool], tuple[Play, ...]] = {}
        # follow_key(latest combination, lock, reversal) → follow_state; the follows kept in all its memos
        self.follow_states: dict[int, tuple[int, dict[int, tuple[Action, ...]] | None]] = {}
        self.follows_kept = 0
        # scoring: the parts of Goout.hand_parts (Position.hand_scores)
        self.left_by_count = g("scoring.left") in ("card", "none")
        self.left_memo: dict[int, int] = {}
        self.went_out = sum(a for rule, a in game.hand_parts(0, 0, tuple(range(game.n))) if rule is not FINISH)
        self.finish_points = [  # [place in the finishing order] → scoring.finish_points' amount
            sum(
                a
                for rule, a in game.hand_parts(0, 0, (*range(1, place + 1), 0, *range(place + 1, game.n)))
                if rule is FINISH
            )
            for place in range(game.n)
        ]

    def _sets_at(self, place: int, nib: int, wild: int, sizes: frozenset[int]) -> list[tuple[int, Play]]:
        """(count, play) of every n of a kind from the suits ``nib`` held at ``place`` with up to ``wild`` Jokers,
        in the pure order: count, Jokers, suits."""
        found = []
        for sub in range(1, 16):
            if sub & nib == sub and all((place, s) in self.card_at for s in SUITS_OF[sub]):
                natural = sum(1 << self.card_at[(place, s)] for s in SUITS_OF[sub])
                for k in range(wild + 1):
                    if sub.bit_count() + k in sizes:
                        found.append(((sub.bit_count() + k, k, SUITS_OF[sub]), natural | JOKER_SETS[k]))
        found.sort()
        return [(key[0], self.play(cards)) for key, cards in found]

    def lead_chunk(self, chunk: int, bits: int, wild: int) -> tuple[Play, ...]:
        """Every n of a kind at the three places ``3 * chunk`` … whose suits held are ``bits`` (12 bits, place-major)
        with up to ``wild`` Jokers, by place; kept in :attr:`lead_chunks`."""
        found: tuple[Play, ...] = ()
        for k in range(3):
            place = 3 * chunk + k
            nib = bits >> 4 * k & 15
            if nib:
                found += self.all_sets[place][nib][wild]
        self.lead_chunks[wild][chunk][bits] = found
        return found

    def exactly_at(self, x: int, wild: int, count: int) -> tuple[Play, ...]:
        """The n of a kind of ``count`` cards at the places of ``x`` (place-major), with up to ``wild`` Jokers, by
        place: read three places at a time from :attr:`exactly_chunks` (filled as hands are met)."""
        chunks = self.exactly_chunks[wild][count]
        if chunks is None:
            chunks = self.exactly_chunks[wild][count] = [[None] * 4096 for _ in range((self.n_ranks + 2) // 3)]
        found: tuple[Play, ...] = ()
        chunk = 0
        while x:
            bits = x & 4095
            if bits:
                part = chunks[chunk][bits]
                if part is None:
                    part = chunks[chunk][bits] = self._exactly_chunk(chunk, bits, wild, count)
                found += part
            x >>= 12
            chunk += 1
        return found

    def _exactly_chunk(self, chunk: int, bits: int, wild: int, count: int) -> tuple[Play, ...]:
        """The n of a kind of ``count`` cards at the three places ``3 * chunk`` … whose suits held are ``bits``."""
        found: tuple[Play, ...] = ()
        for k in range(3):
            nib = bits >> 4 * k & 15
            if nib:
                found += self.exactly[3 * chunk + k][nib][wild][count]
        return found

    def five_card_hands(self, hand: int, x: int) -> tuple[tuple[Play, ...], tuple[int, ...]]:
        """The five-card hands of ``hand`` (place-major: ``x``; play.five_card_hands) in the pure order, and their
        keys (:meth:`five_card_table` without the cards)."""
        plays, keys, _ = self.five_card_table(hand, x)
        return plays, keys

    def five_card_table(self, hand: int, x: int) -> tuple[tuple[Play, ...], tuple[int, ...], tuple[int, ...]]:
        """The five-card hands of ``hand`` (place-major: ``x``; play.five_card_hands) in the pure order, their
        keys and their cards. Built from the hand's pieces — the suits held at each place, the places held in each
        suit — with each hand's order (key × 2⁶⁴ + mask, :meth:`Goout.order`) worked out by arithmetic (the rule of
        :meth:`Goout.five_card_key`, :attr:`five_bases`), never by classifying a candidate, then sorted: the
        straights of each five consecutive places held, one card a place (all of one suit: a straight flush); the
        flushes of each suit held at five places or more, five consecutive places left to the straights
        (remembered by the suit's places, :attr:`five_parts`); the full houses, a three of one place and a pair of
        another; four of a kind with each other card."""
        place_low = self.place_low
        cols = self.col_bits
        at = self.suit_cards
        strength = self.suit_strength
        straight, straight_flush, flush, full_house, four_kind = self.five_bases
        pair_sums, straight_tops = self.pair_sums, self.straight_tops
        orders: list[int] = []
        # bit 4 * place of b0 … b3: the place holds suit 0 … 3
        b0, b1, b2, b3 = x & place_low, x >> 1 & place_low, x >> 2 & place_low, x >> 3 & place_low
        if straight is not None or straight_flush is not None:
            held = b0 | b1 | b2 | b3
            lows = held & held >> 4 & held >> 8 & held >> 12 & held >> 16
            while lows:  # the five consecutive places from ``low``, one card at each
                bit = lows & -lows
                lows ^= bit
                low = (bit.bit_length() - 1) >> 2
                top = low + 4
                nibs = x >> 4 * low
                if straight is not None:  # keyed by the top card: its place, then its suit
                    orders += [
                        base + a + b
                        for base in straight_tops[top][nibs >> 16 & 15]
                        for a in pair_sums[low][nibs & 255]
                        for b in pair_sums[low + 2][nibs >> 8 & 255]
                    ]
                for suit in SUITS_OF[nibs & nibs >> 4 & nibs >> 8 & nibs >> 12 & nibs >> 16 & 15]:  # a straight flush
                    m = sum(at[suit][low : top + 1])
                    if straight is not None:
                        orders.remove((straight + top * 4 + strength[suit]) << 64 | m)
                    if straight_flush is not None:
                        if self.straight_flush_as_flush:  # keyed as a flush: its places from the top, then its suit
                            within = (((top * 16 + top - 1) * 16 + top - 2) * 16 + top - 3) * 16 + low
                        else:
                            within = top
                        orders.append((straight_flush + within * 4 + strength[suit]) << 64 | m)
        if flush is not None:
            parts = self.five_parts
            for suit, places in enumerate((b0, b1, b2, b3)):
                if places.bit_count() >= 5:
                    key = places << 2 | suit
                    part = parts.get(key)
                    if part is None:
                        part = parts[key] = self._flushes(flush, places, suit)
                    orders += part
        if full_house is not None or four_kind is not None:
            threes = (b0 & b1 & (b2 | b3)) | (b2 & b3 & (b0 | b1))
            if threes and full_house is not None:
                twos_at = (b0 & (b1 | b2 | b3)) | (b1 & (b2 | b3)) | (b2 & b3)
                doubles = self.doubles
                while threes:  # keyed by the place of the three
                    bit = threes & -threes
                    threes ^= bit
                    shift = bit.bit_length() - 1
                    others = twos_at & ~bit
                    twos: tuple[int, ...] = ()
                    while others:  # the pairs of every other place
                        pair = others & -others
                        others ^= pair
                        at_pair = pair.bit_length() - 1
                        twos += doubles[at_pair >> 2][x >> at_pair & 15]
                    base = (full_house + (shift >> 2)) << 64
                    orders += [
                        base + three + two for three in self.triples[shift >> 2][x >> shift & 15] for two in twos
                    ]
            fours = b0 & b1 & b2 & b3
            if fours and four_kind is not None:
                natural = hand & ~JOKER_MASK
                while fours:  # keyed by the place of the four
                    bit = fours & -fours
                    fours ^= bit
                    place = (bit.bit_length() - 1) >> 2
                    four = sum(cols[place][15])
                    base = (four_kind + place) << 64 | four
                    rest = natural & ~four
                    while rest:
                        card = rest & -rest
                        rest ^= card
                        orders.append(base + card)
        orders.sort()
        masks = tuple([order & MASK_64 for order in orders])
        return tuple(map(self.plays.__getitem__, masks)), tuple([order >> 64 for order in orders]), masks

    def _flushes(self, base: int, places: int, suit: int) -> tuple[int, ...]:
        """The orders of the flushes of ``suit`` held at ``places`` (bit 4 * place), but five consecutive places (a
        straight flush): keyed by their places from the top, then the suit."""
        held = []
        while places:
            bit = places & -places
            places ^= bit
            held.append((bit.bit_length() - 1) >> 2)
        at = self.suit_cards[suit]
        strength = self.suit_strength[suit]
        out = []
        for p0, p1, p2, p3, p4 in combinations(held, 5):
            if p4 - p0 != 4:
                within = (((p4 * 16 + p3) * 16 + p2) * 16 + p1) * 16 + p0
                out.append((base + within * 4 + strength) << 64 | at[p0] | at[p1] | at[p2] | at[p3] | at[p4])
        return tuple(out)

    def suited_run(self, low: int, length: int, suit: int) -> Play:
        """The run of ``suit`` over ``length`` places from ``low``."""
        key = (low, length, suit)
        found = self.runs_of.get(key)
        if found is None:
            found = self.runs_of[key] = self.play(sum(1 << self.card_at[(p, suit)] for p in range(low, low + length)))
        return found

    def play_info(self, cards: int) -> tuple[Combo, int, int, bool]:
        """What :meth:`Position.play` needs of a combination (kept in :attr:`info`): its :class:`Combo`, its
        place-major bits, its lock signature — nonzero and equal to the latest combination's exactly when the two
        lock (:meth:`Goout._locks`: play.lock on, natural suits, no Joker in either, the same suits, kind and
        count, a single where play.lock.singles_only) — and whether it reverses the order (play.revolution)."""
        found = self.info.get(cards)
        if found is None:
            game = self.game
            bits = 0
            m = cards & ~JOKER_MASK
            while m:
                low = m & -m
                bits |= self.bit[low.bit_length() - 1]
                m ^= low
            combo = self.five_card_combo(cards, bits) if self.five and not cards & JOKER_MASK else game.combo(cards)
            assert combo is not None
            locks = self.lock_on and combo.suits and not combo.jokers and (combo.count == 1 or not self.singles_lock)
            sig = (combo.suits | combo.count << 4 | (KINDS.index(combo.kind) + 1) << 12) if locks else 0
            revolution = combo.count >= self.revolution_size and combo.kind == SET
            found = self.info[cards] = (combo, bits, sig, revolution)
        return found

    def left_penalty(self, hand: int) -> int:
        """:meth:`Goout.left_penalty` of ``hand`` (scoring.left × scoring.multipliers), remembered: by the number of
        cards where only that counts (scoring.left "card", "none"), else by the hand."""
        key = hand.bit_count() if self.left_by_count else hand
        found = self.left_memo.get(key)
        if found is None:
            if len(self.left_memo) > LEFT_MEMO:
                self.left_memo.clear()
            found = self.left_memo[key] = self.game.left_penalty(hand)
        return found

    def five_card_combo(self, cards: int, bits: int) -> Combo | None:
        """The :class:`Combo` of five natural cards (place-major: ``bits``) that make a five-card hand, as
        :meth:`Goout.combo` classifies them, keyed by :meth:`five_card_hands` of those cards alone; None if they
        make no five-card hand (then :meth:`Goout.combo` says what they are)."""
        if cards.bit_count() == 5:
            plays, keys = self.five_card_hands(cards, bits)
            if plays:
                return Combo(FIVE, 5, (bits.bit_length() - 1) >> 2, keys[0], suits_of(cards), 0)
        return self.game.combo(cards)

    def follow_state(
        self, cards: int, top: Combo, lock: int | None, reverse: bool
    ) -> tuple[int, dict[int, tuple[Action, ...]] | None]:
        """What the follows of the latest combination ``cards`` (``top``) under ``lock`` and the reversal depend
        on: (mask, memo) — the follows of a hand are a function of its place-major cards under ``mask`` and its
        Jokers, so ``memo`` keeps them by ``x & mask | Jokers`` for every hand that meets this pile again. The
        mask of an n of a kind: the suits the lock and play.follow_suit allow; where only the same count follows
        (no play.more_cards, no play.cut_in) only the places that can beat it (above it, below it reversed) and
        its own place where suits rank (pack.suit_order); the Jokers alone: none. Where more cards or the cut-in
        follow, or the latest combination is a run or a five-card hand, follows are read from the whole hand: no
        memo (None)."""
        if top.kind != SET:
            return NO_MEMO  # not kept: a pack has thousands of five-card hands
        held = follow_key(cards, lock, reverse)
        found = self.follow_states.get(held)
        if found is not None:
            return found
        if lock is not None and self.singles_lock:
            found = (self.suits_mask[lock], {})  # play.lock.singles_only: singles of the locked suit
        else:
            allowed = 15 if lock is None else lock  # play.lock (縛り)
            if self.follow_suit and top.suits:
                allowed &= top.suits  # play.follow_suit
            mask = self.suits_mask[allowed]
            rank = top.rank
            if not self.simple:  # more cards of a kind at any place (play.more_cards), the cut-in: the whole hand
                found = NO_MEMO
            elif rank < self.n_ranks:
                mask &= (self.below[rank] if reverse else self.above[rank]) | (15 << 4 * rank if self.suit_order else 0)
                found = (mask, {})
            else:  # the Jokers alone: no n of a kind follows them
                found = (0, {})
        if len(self.follow_states) > FOLLOW_STATES:
            self.follow_states.clear()
        self.follow_states[held] = found
        return found

    def remember_follows(
        self, memo: dict[int, tuple[Action, ...]], key: int, follows: list[Action]
    ) -> tuple[Action, ...]:
        """``follows`` kept in ``memo`` (of :meth:`follow_state`) under ``key``; every memo is emptied after
        :data:`FOLLOW_MEMO` entries in all."""
        self.follows_kept += 1
        if self.follows_kept > FOLLOW_MEMO:
            self.follows_kept = 0
            for other in self.follow_states.values():
                if other[1] is not None:
                    other[1].clear()
        found = memo[key] = tuple(follows)
        return found

    def __reduce__(self) -> tuple[type[None], tuple[()]]:
        """A game pickled with its tables (kept on it, :func:`tables`) carries ``None`` in their place, built again
        where they are next needed: the tables are a cache (megabytes of it), and the compiled copy's could not be
        rebuilt from a pickle."""
        return type(None), ()

    def play(self, cards: int) -> Play:
        found = self.plays.get(cards)
        if found is None:
            found = self.plays[cards] = Play(cards)
        return found


class Plays(dict[int, Play]):
    """The plays of a design, one :class:`Play` per card mask, made as they are first asked for."""

    def __missing__(self, cards: int) -> Play:
        found = self[cards] = Play(cards)
        return found


def five_bases(five: Sequence[str]) -> tuple[tuple[int | None, ...], bool]:
    """play.five_card_hands: the base of the keys (place in the list × FIVE_STEP, None: not a hand of the design) of
    a straight, a straight flush, a flush, a full house, four of a kind; and whether a straight flush is keyed as a
    flush. As :meth:`Goout.five_card_key`: five cards are the strongest hand of the list they make; without
    "straight-flush" in it, a straight flush is a straight or a flush, whichever stands later."""

    def base(*names: str) -> int | None:
        found = [five.index(name) for name in names if name in five]
        return max(found) * FIVE_STEP if found else None

    straight_flush = base("straight-flush") if "straight-flush" in five else base("straight", "flush")
    as_flush = "straight-flush" not in five and straight_flush == base("flush") and straight_flush is not None
    bases = (base("straight"), straight_flush, base("flush"), base("full-house"), base("four-of-a-kind"))
    return bases, as_flush


def suits_of(cards: int) -> int:
    """The suits of ``cards`` (bit ``suit``), Jokers aside."""
    return sum(1 << suit for suit in range(4) if cards & C.SUIT_MASKS[suit])


def follow_key(cards: int, lock: int | None, reverse: bool) -> int:
    """One int for (the latest combination's cards, the lock or None, the reversal): the key of
    :meth:`Tables.follow_state`."""
    return cards << 6 | (16 if lock is None else lock) << 1 | reverse


def tables(game: Goout) -> Tables:
    """The tables of ``game``'s design (built once per game object, kept on it under :data:`TABLES`)."""
    found: Tables | None = vars(game).get(TABLES)
    if found is None:
        found = vars(game)[TABLES] = Tables(game)
    return found


class Position:
    """A mutable go-out hand in progress (phase "play"): the hands as card masks and place-major masks, the
    latest combination and its seat, the lock, the reversal, the passes of this turn, whose turn it is."""

    __slots__ = (
        "game",
        "t",
        "n",
        "hands",
        "rm",
        "leader",
        "turn",
        "top",
        "top_combo",
        "top_sig",
        "last",
        "lock",
        "reversed",
        "passed",
        "out",
        "must",
        "played",
        "plays",
        "fives",
        "five_cards",
        "follow",
    )

    def __init__(self, game: Goout) -> None:
        self.game = game
        self.t = tables(game)
        self.n = game.n
        self.hands: list[int] = [0] * self.n
        self.rm: list[int] = [0] * self.n
        self.leader = self.turn = 0
        self.top = 0
        self.top_combo: Combo | None = None
        self.top_sig = 0  # the lock signature of the latest combination (Tables.play_info)
        self.last = -1
        self.lock: int | None = None
        self.reversed = False
        self.passed = 0
        self.out: list[int] = []
        self.must = 0
        self.played = 0
        self.plays = 0  # combinations played this turn (0: the turn's start player is to lead)
        # each seat's five-card hands, their keys and cards, for the natural cards it held (Position._five_card_hands)
        self.fives: list[tuple[int, tuple[Play, ...], tuple[int, ...], tuple[int, ...]] | None] = [None] * self.n
        self.five_cards: list[int] = [0] * self.n  # the cards of each seat's five-card hands (all of them)
        self.follow: tuple[int, dict[int, tuple[Action, ...]] | None] | None = None  # Tables.follow_state

    @classmethod
    def from_state(cls, game: Goout, state: GooutState) -> Position:
        """The position of a pure state in phase "play"."""
        p = cls(game)
        p.hands = list(state.hands)
        p.rm = [p.place_major(h) for h in state.hands]
        p.leader, p.turn = state.leader, state.turn
        if state.table:
            p.last, p.top = state.table[-1]
            p.top_combo = game.combo(p.top)
            p.top_sig = p.t.play_info(p.top)[2]
        p.plays = len(state.table)
        p.lock = state.lock
        p.reversed = state.reversed
        for seat in state.passed:
            p.passed |= 1 << seat
        p.out = list(state.out)
        p.must = state.must_include
        p.played = state.played
        return p

    def place_major(self, cards: int) -> int:
        bit = self.t.bit
        out = 0
        m = cards & ~JOKER_MASK
        while m:
            low = m & -m
            out |= bit[low.bit_length() - 1]
            m ^= low
        return out

    def copy(self) -> Position:
        """An independent copy (field by field: the compiled copy of this module has no ``__new__`` to skip
        ``__init__``)."""
        p = Position(self.game)
        p.hands = self.hands[:]
        p.rm = self.rm[:]
        p.leader, p.turn, p.last, p.passed = self.leader, self.turn, self.last, self.passed
        p.top, p.top_combo, p.top_sig, p.lock, p.reversed = (
            self.top,
            self.top_combo,
            self.top_sig,
            self.lock,
            self.reversed,
        )
        p.out = self.out[:]
        p.must, p.played, p.plays = self.must, self.played, self.plays
        p.fives = self.fives[:]
        p.five_cards = self.five_cards[:]
        p.follow = self.follow
        return p

    # legal plays
    def legal(self) -> list[Action]:
        """The legal actions of the seat to act, in the pure engine's order."""
        return list(self.choices())

    def choices(self) -> Sequence[Action]:
        """:meth:`legal` without the copy: a list or a tuple the caller must not change (a follow's is shared by
        every hand that holds the same cards where they matter; the random player only reads it)."""
        seat = self.turn
        hand = self.hands[seat]
        if self.top_combo is None:
            return self._leads(seat, hand)
        follow = self.follow
        if follow is None:
            follow = self.follow = self.t.follow_state(self.top, self.top_combo, self.lock, self.reversed)
        mask, memo = follow
        if memo is None or self.must:
            return self._follows(seat, hand, self.rm[seat])
        # what follows depends on the cards of the hand under the mask and the Jokers only (Tables.follow_state)
        key = self.rm[seat] & mask | (hand & JOKER_MASK if hand >> HIGH else 0)
        found = memo.get(key)
        if found is None:
            found = self.t.remember_follows(memo, key, self._follows(seat, hand, key & mask))
        return found

    def _leads(self, seat: int, hand: int) -> list[Action]:
        """The plays of the turn's start player: every combination of the hand (turns.first_play_includes: those
        holding the first card)."""
        x = self.rm[seat]
        t = self.t
        jokers = (hand >> C.JOKER & 1) + (hand >> (C.JOKER | C.COPY) & 1) if hand >> HIGH and hand & JOKER_MASK else 0
        chunks = t.lead_chunks[jokers if t.wild else 0]
        out: list[Action] = []
        chunk = 0
        while x:
            bits = x & 4095
            if bits:
                found = chunks[chunk][bits]
                if found is None:
                    found = t.lead_chunk(chunk, bits, jokers if t.wild else 0)
                out += found
            x >>= 12
            chunk += 1
        if jokers:
            out += t.jokers_alone[jokers]
        if t.runs:
            x = self.rm[seat]
            if not t.runs_of_three or x & x >> 4 & x >> 8:  # else no suit runs three places
                out += self._runs(x, 0)
        if t.five:
            out += self._five_card_hands(seat, hand)[0]
        if self.must:
            must = self.must
            out = [a for a in out if a.cards & must]  # type: ignore[attr-defined]
        return out

    def _follows(self, seat: int, hand: int, x: int) -> list[Action]:
        """The plays that may follow the latest combination, then the pass, from the hand's place-major cards ``x``
        (those under :meth:`Tables.follow_state`'s mask suffice) and its Jokers."""
        t = self.t
        top = self.top_combo
        assert top is not None
        jokers = (hand >> C.JOKER & 1) + (hand >> (C.JOKER | C.COPY) & 1) if hand >> HIGH and hand & JOKER_MASK else 0
        wild = jokers if t.wild else 0
        out: list[Action] = []
        game = self.game
        lock = self.lock
        if lock is not None and t.singles_lock:
            out = self._locked_singles(x, hand, top)
        elif top.kind == SET:
            # play.lock (縛り): only the locked suits; play.follow_suit: only the latest combination's suits. An n
            # of a kind's suits are those of its natural cards, so the hand's other suits are left out at once: the
            # tables of the suits kept list the same plays in the same order as a filter of the full ones would
            allowed = 15 if lock is None else lock
            if t.follow_suit and top.suits:
                allowed &= top.suits
            if allowed != 15:
                x &= t.suits_mask[allowed]
            rank = top.rank
            if t.simple and rank < t.n_ranks:  # the same count, higher: only the places above (below, reversed)
                count = top.count
                reverse = self.reversed
                higher = x & (t.below[rank] if reverse else t.above[rank])
                same = x >> 4 * rank & 15 if t.suit_order else 0  # the same rank beats only by its top suit
                same_plays: tuple[Action, ...] | None = None
                if same:
                    same_key = (((top.key << 4 | count) << 4 | same) << 2 | wild) << 1 | reverse
                    same_plays = t.same_memo.get(same_key)
                    if same_plays is None:
                        same_list: list[Action] = []
                        self._same_place(same, wild, top, same_list, False)
                        same_plays = t.same_memo[same_key] = tuple(same_list)
                    if not reverse:
                        out += same_plays
                out += t.exactly_at(higher, wild, count)
                if same_plays is not None and reverse:
                    out += same_plays
            elif not t.simple:
                self._follow_sets(x, wild, top, out)
            if jokers:
                held = (jokers, self.top, lock, self.reversed)
                alone = t.jokers_follow.get(held)
                if alone is None:
                    flags = _Flags(lock, self.reversed)
                    alone = t.jokers_follow[held] = tuple(
                        a
                        for a in t.jokers_alone[jokers]
                        if game.may_follow(game.combo(a.cards), top, flags)  # type: ignore[arg-type]
                    )
                out += alone
        elif top.kind == RUN:  # runs of its length, higher (through the pure rule)
            flags = _Flags(lock, self.reversed)
            for a in self._runs(x, top.count):
                if game.may_follow(game.combo(a.cards), top, flags):  # type: ignore[arg-type]
                    out.append(a)
        else:  # a five-card hand: a higher one, of the suits the lock or play.follow_suit allow
            allowed = 15 if lock is None else lock
            if t.follow_suit and top.suits:
                allowed &= top.suits
            plays, keys = self._five_card_hands(seat, hand)
            # the seat's five-card hands are in key order: those above the latest one's key (below, reversed)
            key = top.key
            beating = plays[: bisect_left(keys, key)] if self.reversed else plays[bisect_right(keys, key) :]
            if allowed == 15:
                out += beating
            else:
                out += [a for a in beating if not suits_of(a.cards) & ~allowed]
        if self.must:
            must = self.must
            out = [a for a in out if a.cards & must]  # type: ignore[attr-defined]
        out.append(PASS)
        return out

    def _five_card_hands(self, seat: int, hand: int) -> tuple[tuple[Play, ...], tuple[int, ...]]:
        """The seat's five-card hands (play.five_card_hands) in the pure order, and their keys: listed once a deal,
        then only those whose cards are all still held (a hand only loses cards)."""
        natural = hand & ~JOKER_MASK if hand >> HIGH else hand
        known = self.fives[seat]
        if known is not None:
            was, plays, keys, masks = known
            if was == natural:
                return plays, keys
            if not natural & ~was:
                gone = was & ~natural
                if gone & self.five_cards[seat]:
                    kept = [not cards & gone for cards in masks]
                    plays, keys = tuple(compress(plays, kept)), tuple(compress(keys, kept))
                    masks = tuple(compress(masks, kept))
                    self.five_cards[seat] = reduce(or_, masks, 0)
                self.fives[seat] = (natural, plays, keys, masks)
                return plays, keys
        plays, keys, masks = self.t.five_card_table(hand, self.rm[seat])
        self.fives[seat] = (natural, plays, keys, masks)
        self.five_cards[seat] = reduce(or_, masks, 0)
        return plays, keys

    def _locked_singles(self, x: int, hand: int, top: Combo) -> list[Action]:
        """play.lock.singles_only: singles of the locked suit only, beating in the order the lock gives
        (play.lock.reverse), a Joker for any of them; nothing follows a Joker (cutin "Lock", C5, K11)."""
        game = self.game
        out: list[Action] = []
        if top.rank == game.top_rank:
            return out
        lock = self.lock
        assert lock is not None
        suit = lock.bit_length() - 1
        reverse = self.reversed != self.t.lock_reverse
        t = self.t
        key = top.key
        for place in range(game.n_ranks):
            if x >> (4 * place + suit) & 1:
                card = t.card_at[(place, suit)]
                if game._beats(t.key_of[1 << card], key, reverse):
                    out.append(t.play(1 << card))
        if hand & JOKER_MASK and 1 in game.set_sizes:
            out.append(t.play(JOKER_SETS[1]))
        return out

    def _follow_sets(self, x: int, wild: int, top: Combo, out: list[Action]) -> None:
        """The n of a kind of the hand that may follow the set ``top`` (no lock of singles): the same count
        higher, more cards (play.more_cards), the cut-in single (play.cut_in), in the pure order: by place, and
        at one place by count. Only the places that can give a play are visited."""
        t = self.t
        count = top.count
        t_rank = top.rank
        reverse = self.reversed
        more = t.more_cards
        cut = t.cut_in and count != 1 and count in t.cut_in_sizes
        if t_rank == self.game.top_rank:  # the Jokers alone: only more cards of a kind follow them
            if not more:
                return
            higher = 0
        elif reverse:
            higher = x & ((1 << 4 * t_rank) - 1)
        else:
            higher = x >> 4 * (t_rank + 1) << 4 * (t_rank + 1)
        same = x >> 4 * t_rank & 15 if t_rank < self.game.n_ranks else 0
        if not more and not cut:  # the same count, higher: only the places above (below, reversed) are visited
            if same and not reverse:
                self._same_place(same, wild, top, out, cut)
            exactly = t.exactly
            while higher:
                low = higher & -higher
                place = (low.bit_length() - 1) >> 2
                out += exactly[place][higher >> 4 * place & 15][wild][count]
                higher &= ~(15 << 4 * place)
            if same and reverse:
                self._same_place(same, wild, top, out, cut)
            return
        take = t.at_least if more else t.exactly
        more_than = t.more_than
        singles_not = t.singles_not
        t_suits = top.suits
        rest = x if more else higher | (same << 4 * t_rank)
        while rest:
            low = rest & -rest
            place = (low.bit_length() - 1) >> 2
            nib = rest >> 4 * place & 15
            rest &= ~(15 << 4 * place)
            if (higher >> 4 * place) & 15:
                if cut:
                    out += singles_not[place][nib][t_suits]
                out += take[place][nib][wild][count]
            elif place == t_rank and same:
                self._same_place(nib, wild, top, out, cut)
            elif more:
                out += more_than[place][nib][wild][count]

    def _same_place(self, nib: int, wild: int, top: Combo, out: list[Action], cut: bool) -> None:
        """The plays of the latest set's own place: the cut-in singles (its rank or higher), the same count with a
        higher top suit (pack.suit_order), more cards."""
        t = self.t
        place = top.rank
        if cut:
            out += t.singles_not[place][nib][top.suits]
        t_key = top.key
        key_of = t.key_of
        reverse = self.reversed
        for a in t.exactly[place][nib][wild][top.count]:
            k = key_of[a.cards]
            if (k < t_key) if reverse else (k > t_key):
                out.append(a)
        if t.more_cards:
            out += t.more_than[place][nib][wild][top.count]

    def _runs(self, x: int, length: int) -> list[Play]:
        """The runs of the hand (play.runs.*) in the pure order: by lowest place, length, suits; only those of
        ``length`` when following a run (0: every length). Runs are found for every place and suit at once: after
        ``r &= x >> 4 * (k - 1)``, bit ``4 * place + suit`` of ``r`` says that suit runs ``k`` places from there."""
        runs = self.t.runs
        assert runs is not None
        lo, hi, suited = runs
        if length:
            lo = hi = length
        t = self.t
        hand = x
        if not suited:
            x = (x | x >> 1 | x >> 2 | x >> 3) & t.place_low  # bit 4 * place: the place holds a card
        starts: list[tuple[int, int, int]] = []
        r = x
        for k in range(2, hi + 1):
            r &= x >> 4 * (k - 1)
            if not r:
                break
            if k >= lo:
                m = r
                while m:
                    low = m & -m
                    bit = low.bit_length() - 1
                    starts.append((bit >> 2, k, bit & 3))
                    m ^= low
        if not starts:
            return []
        starts.sort()
        if suited:
            return [t.suited_run(low, k, suit) for low, k, suit in starts]
        out = []
        card_at = t.card_at
        for low, k, _ in starts:
            columns = [[1 << card_at[(p, s)] for s in SUITS_OF[hand >> 4 * p & 15]] for p in range(low, low + k)]
            for chosen in product(*columns):
                out.append(t.play(sum(chosen)))
        return out

    # acting
    def play(self, action: Action) -> bool:
        """Apply the seat to act's legal ``action``; True when the hand is over (see :meth:`scores`)."""
        seat = self.turn
        hands = self.hands
        t = self.t
        n = self.n
        if type(action) is Pass:
            self.passed |= 1 << seat
            cleared = False
        else:
            cards = action.cards  # type: ignore[attr-defined]
            info = t.info.get(cards)
            if info is None:
                info = t.play_info(cards)
            combo, bits, sig, revolution = info
            hand = hands[seat]
            if cards >> HIGH and cards & JOKER_MASK and cards & ~hand:  # a Joker held as the other copy (one name)
                held = hand & JOKER_MASK
                jokers = held if (cards & JOKER_MASK) == JOKER_MASK else (held & JOKER_BITS[0] or JOKER_BITS[1])
                cards = (cards & ~JOKER_MASK) | jokers
            if sig and sig == self.top_sig and self.lock is None:
                self.lock = combo.suits  # play.lock (縛り): see Tables.play_info
            if revolution:
                self.reversed = not self.reversed  # play.revolution (革命)
            hand &= ~cards
            hands[seat] = hand
            self.rm[seat] &= ~bits
            self.played |= cards
            self.must = 0
            self.top, self.top_combo, self.top_sig, self.last = cards, combo, sig, seat
            self.follow = None
            self.plays += 1
            if not hand:
                out = self.out
                out.append(seat)
                # end.until "first-out" (without end.finish_turn) / "one-left": the hand ends at once
                if (not t.finish_turn) if t.first_out else len(out) >= n - 1:
                    return True
            cleared = bool(cards & t.clear)
        # the next player of the turn, or the end of the turn or hand (the pure ``_next``)
        if cleared:
            nxt = end = seat
        elif t.lap:
            end = self.leader
            nxt = seat + 1 if seat + 1 < n else 0
            while nxt != end and not hands[nxt]:
                nxt = nxt + 1 if nxt + 1 < n else 0
        else:
            end = self.last
            skip = self.passed if t.hard else 0
            nxt = seat + 1 if seat + 1 < n else 0
            while nxt != end and (not hands[nxt] or skip >> nxt & 1):
                nxt = nxt + 1 if nxt + 1 < n else 0
        if nxt != end:
            self.turn = nxt
            return False
        if t.first_out and self.out:
            return True  # end.finish_turn: the turn is played out, then the hand ends
        last = self.last
        while not hands[last]:
            last = last + 1 if last + 1 < n else 0
        self.leader = self.turn = last
        self.top, self.top_combo, self.top_sig, self.lock, self.passed, self.plays = 0, None, 0, None, 0, 0
        self.follow = None
        return False

    def random_hand(
        self, getrandbits: Callable[[int], int], trace: list[tuple[int, Sequence[Action], int]] | None = None
    ) -> int:
        """Play the hand to its end with uniformly random legal actions, drawn as ``random.Random.choice`` draws
        them from ``getrandbits`` (a plain generator's: :data:`PLAIN_DRAW`); the number of decisions. The same
        actions and transitions as :meth:`choices` and :meth:`play` (the position is left as :meth:`play` leaves
        it at the end of a hand), run on local variables: a lead's n of a kind are read from :attr:`Tables.lead_chunks`
        here, and so are the follows of an n of a kind where only the same count follows (:attr:`Tables.simple`) and
        they are not kept yet for the pile and the hand's cards that matter (:meth:`Tables.follow_state`); the rest
        through :meth:`_leads`' and :meth:`_follows`' parts. ``trace`` (tests) gets (seat, legal actions, index
        drawn) of every decision."""
        t = self.t
        n = self.n
        hands = self.hands
        rm = self.rm
        out = self.out
        infos = t.info
        clear = t.clear
        lap, hard, first_out, finish_turn = t.lap, t.hard, t.first_out, t.finish_turn
        ends = n - 1
        after = [seat + 1 if seat + 1 < n else 0 for seat in range(n)]  # the next seat clockwise
        follows = self._follows
        follow_state = t.follow_state
        states = t.follow_states
        remember = t.remember_follows
        # leads: n of a kind three places at a time, the Jokers alone, runs, five-card hands
        lead_chunks, lead_chunk, wild_sets = t.lead_chunks, t.lead_chunk, t.wild
        jokers_alone = t.jokers_alone
        runs = self._runs if t.runs else None
        runs_of_three = t.runs_of_three
        five_hands = self._five_card_hands if t.five else None
        # follows of an n of a kind, the same count higher (Tables.simple): see _follows
        simple, singles_lock, suit_order, n_ranks = t.simple, t.singles_lock, t.suit_order, t.n_ranks
        above, below = t.above, t.below
        follow_suit = t.follow_suit
        five_follow = False  # a five-card hand, no lock, no suit to follow: every higher one of the seat may follow
        exactly_chunks, exactly_at = t.exactly_chunks, t.exactly_at
        same_memo, jokers_follow = t.same_memo, t.jokers_follow
        turn, leader, last, passed = self.turn, self.leader, self.last, self.passed
        top, top_combo, top_sig, lock, reverse = self.top, self.top_combo, self.top_sig, self.lock, self.reversed
        played, plays = self.played, self.plays
        follow = self.follow
        must = self.must  # turns.first_play_includes: only the hand's first play (a lead) reads it
        jokers_mask = JOKER_MASK
        decisions = 0
        legal: Sequence[Action]  # a lead's list, or a follow's tuple kept per pile (never changed here)
        # the latest combination's follow state: mask, memo, whether read here (inline), the places that beat it,
        # its place's shift, count and same-place key (_follows' ``same_key`` without the suits, Jokers, reversal)
        fmask: int = 0
        fmemo: dict[int, tuple[Action, ...]] | None = None
        inline = False
        higher_mask = shift = fcount = same_base = 0
        follow = None  # worked out below, with the locals that go with it
        while True:
            decisions += 1
            hand = hands[turn]
            # the legal actions (choices)
            if top_combo is None:  # a lead (_leads)
                x = rm[turn]
                if hand >> HIGH and hand & jokers_mask:
                    jokers = (hand >> C.JOKER & 1) + (hand >> (C.JOKER | C.COPY) & 1)
                    wild = jokers if wild_sets else 0
                else:
                    jokers = wild = 0
                chunks = lead_chunks[wild]
                lead: list[Action] = []
                chunk = 0
                while x:
                    bits = x & 4095
                    if bits:
                        sets = chunks[chunk][bits]
                        if sets is None:
                            sets = lead_chunk(chunk, bits, wild)
                        lead += sets
                    x >>= 12
                    chunk += 1
                if jokers:
                    lead += jokers_alone[jokers]
                if runs is not None:
                    x = rm[turn]
                    if not runs_of_three or x & x >> 4 & x >> 8:  # else no suit runs three places
                        lead += runs(x, 0)
                if five_hands is not None:
                    lead += five_hands(turn, hand)[0]
                if must:
                    lead = [a for a in lead if a.cards & must]  # type: ignore[attr-defined]
                legal = lead
            else:
                if follow is None:
                    follow = states.get(top << 6 | (16 if lock is None else lock) << 1 | reverse)  # follow_key
                    if follow is None:
                        follow = follow_state(top, top_combo, lock, reverse)
                    fmask, fmemo = follow
                    five_follow = (
                        five_hands is not None
                        and top_combo.kind == FIVE
                        and lock is None
                        and not (follow_suit and top_combo.suits)
                    )
                    rank = top_combo.rank
                    inline = (
                        fmemo is not None
                        and simple
                        and top_combo.kind == SET
                        and rank < n_ranks
                        and (lock is None or not singles_lock)
                    )
                    if inline:
                        higher_mask = fmask & (below[rank] if reverse else above[rank])
                        shift = 4 * rank if suit_order else 4 * n_ranks  # no cards there: nothing of the same place
                        fcount = top_combo.count
                        same_base = (top_combo.key << 4 | fcount) << 4
                if fmemo is not None and not must:  # kept per pile and hand (Tables.follow_state)
                    key = rm[turn] & fmask | (hand & jokers_mask if hand >> HIGH else 0)
                    found = fmemo.get(key)
                    if found is None:
                        jokers = (
                            (hand >> C.JOKER & 1) + (hand >> (C.JOKER | C.COPY) & 1)
                            if hand >> HIGH and hand & jokers_mask
                            else 0
                        )
                        wild = jokers if wild_sets else 0
                        same = key >> shift & 15
                        same_plays = same_memo.get((((same_base | same) << 2 | wild) << 1) | reverse) if same else ()
                        part = exactly_chunks[wild][fcount] if inline else None
                        alone = jokers_follow.get((jokers, top, lock, reverse)) if jokers else ()
                        if part is None or same_plays is None or alone is None:
                            # not read here, or a part not worked out yet: _follows (which keeps them)
                            self.top, self.top_combo, self.lock, self.reversed = top, top_combo, lock, reverse
                            found = remember(fmemo, key, follows(turn, hand, key & fmask))
                        else:  # _follows' simple case: the same place, the places above (below, reversed), Jokers
                            built = [] if reverse else list(same_plays)
                            higher = key & higher_mask
                            chunk = 0
                            while higher:
                                bits = higher & 4095
                                if bits:
                                    sets = part[chunk][bits]
                                    if sets is None:
                                        sets = exactly_at(bits << 12 * chunk, wild, fcount)
                                    built += sets
                                higher >>= 12
                                chunk += 1
                            if reverse:
                                built += same_plays
                            built += alone
                            built.append(PASS)
                            found = remember(fmemo, key, built)
                    legal = found
                elif five_follow and not must:
                    # a five-card hand, no lock or suit to follow: the seat's higher ones (lower, reversed), as _follows
                    assert five_hands is not None
                    five_plays, five_keys = five_hands(turn, hand)
                    if reverse:
                        legal = five_plays[: bisect_left(five_keys, top_combo.key)] + PASS_ONLY
                    else:
                        legal = five_plays[bisect_right(five_keys, top_combo.key) :] + PASS_ONLY
                else:
                    self.top, self.top_combo, self.lock, self.reversed = top, top_combo, lock, reverse
                    legal = follows(turn, hand, rm[turn])
            # rng.choice's draw
            count = len(legal)
            if count == 1:
                while getrandbits(1):
                    pass
                r = 0
            else:
                bits = count.bit_length()
                r = getrandbits(bits)
                while r >= count:
                    r = getrandbits(bits)
            if trace is not None:
                trace.append((turn, tuple(legal), r))
            action = legal[r]
            # the action (play)
            if action is PASS:  # the one pass every list of legal actions holds
                passed |= 1 << turn
                cleared = 0
            else:
                cards = action.cards  # type: ignore[attr-defined]
                info = infos.get(cards)
                if info is None:
                    info = t.play_info(cards)
                combo, bits, sig, revolution = info
                if cards >> HIGH and cards & JOKER_MASK and cards & ~hand:  # a Joker held as the other copy (one name)
                    held = hand & JOKER_MASK
                    jokers = held if (cards & JOKER_MASK) == JOKER_MASK else (held & JOKER_BITS[0] or JOKER_BITS[1])
                    cards = (cards & ~JOKER_MASK) | jokers
                if sig and sig == top_sig and lock is None:
                    lock = combo.suits  # play.lock (縛り): see Tables.play_info
                if revolution:
                    reverse = not reverse  # play.revolution (革命)
                hand &= ~cards
                hands[turn] = hand
                rm[turn] &= ~bits
                played |= cards
                if must:
                    must = self.must = 0
                top, top_combo, top_sig, last = cards, combo, sig, turn
                follow = None
                plays += 1
                if not hand:
                    out.append(turn)
                    # end.until "first-out" (without end.finish_turn) / "one-left": the hand ends at once
                    if (not finish_turn) if first_out else len(out) >= ends:
                        break
                cleared = cards & clear
            # the next player of the turn, or the end of the turn or hand (the pure ``_next``)
            if cleared:
                nxt = end = turn
            elif lap:
                end = leader
                nxt = after[turn]
                while nxt != end and not hands[nxt]:
                    nxt = after[nxt]
            else:
                end = last
                nxt = after[turn]
                if hard:
                    while nxt != end and (not hands[nxt] or passed >> nxt & 1):
                        nxt = after[nxt]
                else:
                    while nxt != end and not hands[nxt]:
                        nxt = after[nxt]
            if nxt != end:
                turn = nxt
                continue
            if first_out and out:
                break  # end.finish_turn: the turn is played out, then the hand ends
            while not hands[last]:
                last = after[last]
            leader = turn = last
            top, top_combo, top_sig, lock, passed, plays, follow = 0, None, 0, None, 0, 0, None
        self.turn, self.leader, self.last, self.passed = turn, leader, last, passed
        self.top, self.top_combo, self.top_sig, self.lock, self.reversed = top, top_combo, top_sig, lock, reverse
        self.played, self.plays, self.follow = played, plays, follow
        return decisions

    def order(self) -> tuple[int, ...]:
        """The finishing order at the end of the hand: who ran out, in order, then those still holding cards."""
        return tuple(self.out) + tuple(s for s in range(self.n) if self.hands[s])

    def scores(self) -> tuple[int, ...]:
        """Each seat's score for the hand (scoring.*, through the pure engine's score lines)."""
        game = self.game
        order = self.order()
        hands = self.hands
        return tuple(sum(amount for _, amount in game.hand_parts(seat, hands[seat], order)) for seat in range(self.n))

    def hand_scores(self) -> tuple[int, ...]:
        """:meth:`scores` from the parts :meth:`Goout.hand_parts` sums, remembered: the cards left
        (:meth:`Tables.left_penalty`) or scoring.went_out, and the points of the finishing place
        (:attr:`Tables.finish_points`)."""
        t = self.t
        left = t.left_penalty
        went_out = t.went_out
        points = t.finish_points
        hands = self.hands
        order = self.order()
        return tuple(
            (left(hands[seat]) if hands[seat] else went_out) + points[order.index(seat)] for seat in range(self.n)
        )


class FastGoout:
    """Whole games of random play (the ``kirifuda simulate`` engine) and hands from a pure state (rollouts)."""

    def __init__(self, game: Goout) -> None:
        self.game = game
        self.t = tables(game)
        self.deck = game.deck()
        self.dealt_cards = len(self.deck) - game.rest_size
        self.card_bits = {c: (0 if 1 << c & JOKER_MASK else self.t.bit[c]) for c in self.deck}
        self.card_one = {c: 1 << c for c in self.deck}  # the cards of the pack are distinct: a sum is their mask
        # random.shuffle's steps: (i, i + 1, the bits getrandbits draws for a number below i + 1)
        self.shuffle_steps = tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(self.deck) - 1, 0, -1))
        g = game.key
        self.start_rules = (g("turns.first_start"), g("turns.next_start"))
        self.must_include = bool(g("turns.first_play_includes"))

    def deal(self, seed: int, k: int, start: int) -> Position:
        """Hand ``k``'s first position, the hand started by ``start``: the pure ``random_deal`` and ``dealt``
        (``chance_rng(seed, k)``, one card at a time clockwise from ``start``, the Jokers named by where they lie,
        the holder of turns.first_card leading where the rule says) without building the deal and the state."""
        game = self.game
        n = game.n
        pack = list(self.deck)
        rng = chance_rng(seed, k)
        if PLAIN_DRAW:  # rng.shuffle(pack), its draws made here without a call per card
            getrandbits = rng.getrandbits
            for i, below, bits in self.shuffle_steps:
                j = getrandbits(bits)
                while j >= below:
                    j = getrandbits(bits)
                pack[i], pack[j] = pack[j], pack[i]
        else:
            rng.shuffle(pack)
        dealt = self.dealt_cards
        card_bits = self.card_bits
        card_one = self.card_one
        p = Position(game)
        hands = p.hands
        rm = p.rm
        named = 0  # Jokers named so far: the first one met (hands by seat, then the rest) is JOKER (name_jokers)
        for seat in range(n):
            pile = pack[(seat - start) % n : dealt : n]
            m = sum(map(card_one.__getitem__, pile))
            if m >> HIGH and m & JOKER_MASK:
                held = joker_count(m)
                m = (m & ~JOKER_MASK) | (JOKER_MASK if held == 2 else JOKER_BITS[named])
                named += held
            hands[seat] = m
            rm[seat] = sum(map(card_bits.__getitem__, pile))
        leader = start
        if self.start_rules[k != 0] == "holder":  # turns.first_start / turns.next_start "holder"
            first = game.first_card
            for seat in range(n):
                if hands[seat] >> first & 1:
                    leader = seat
                    if self.must_include:
                        p.must = 1 << first
                    break
        p.leader = p.turn = leader
        return p

    def play_random_game(self, seed: int, rng: random.Random) -> tuple[tuple[tuple[int, ...], ...], int]:
        """(deal scores, decisions) of one game of uniformly random legal play, as the pure protocol plays it:
        ``rng.choice`` of the legal actions, its draws made here without the call where ``rng`` is a plain
        :class:`random.Random` (the same ``getrandbits`` calls, so the same game)."""
        game = self.game
        start = game.options.first_dealer
        scores: list[tuple[int, ...]] = []
        decisions = 0
        k = 0
        plain = type(rng) is random.Random and PLAIN_DRAW
        choice = rng.choice
        getrandbits = rng.getrandbits
        while True:
            p = self.deal(seed, k, start)
            if plain:
                decisions += p.random_hand(getrandbits)
            else:
                legal = p.choices
                play = p.play
                while True:
                    decisions += 1
                    if play(choice(legal())):
                        break
            scores.append(p.hand_scores())
            k += 1
            done = tuple(scores)
            if game.game_over(done):
                return done, decisions
            start = game.next_start(start, p.order())


def engine(game: Game) -> FastGoout | None:
    """The fast engine of ``game`` (every design the pure engine runs, of the keys it knows), or None."""
    if not isinstance(game, Goout) or not {key for key, _ in game.design.values} <= KNOWN_KEYS:
        return None
    return FastGoout(game)


KNOWN_KEYS = frozenset(
    (
        "game.name",
        "game.name_ja",
        "game.source",
        "pack.ranks",
        "pack.suits",
        "pack.suit_order",
        "pack.copies",
        "pack.jokers",
        "pack.jokers_in_sets",
        "pack.jokers_in_runs",
        "players.default",
        "players.allowed",
        "players.hand_sizes",
        "players.leftover",
        "players.min_hand",
        "play.set_sizes",
        "play.runs.enabled",
        "play.runs.suited",
        "play.runs.min_length",
        "play.runs.max_length",
        "play.full_house",
        "play.five_card_hands",
        "play.more_cards",
        "play.cut_in",
        "play.cut_in_sizes",
        "play.follow_suit",
        "play.lock.enabled",
        "play.lock.singles_only",
        "play.lock.reverse",
        "play.revolution.enabled",
        "play.revolution.size",
        "play.clear_ranks",
        "turns.pass",
        "turns.first_start",
        "turns.first_card",
        "turns.first_play_includes",
        "turns.next_start",
        "end.until",
        "end.finish_turn",
        "scoring.went_out",
        "scoring.left",
        "scoring.rank_base",
        "scoring.values",
        "scoring.finish_points",
        "scoring.multipliers",
        "scoring.collect",
        "length.hands",
        "length.target",
    )
)
"""The design keys this engine plays (every value :func:`kirifuda.design.unsupported` lets through); a key added to
the format later is never silently ignored (tests/test_fast_goout.py keeps this in step with the format)."""
