"""Cut-in's bots' kit (docs/bots/cutin.md): knowledge, sampler, the club player's heuristic, rollouts.

Cut-in (カットイン, ../shared/rules/cutin.md, docs/rules/cutin.md) is a go-out game: everything that is played is
public and passing is always allowed, so failing to play shows nothing (no voids). What a seat cannot see is
the other hands and the undealt rest; what it knows of them is their sizes and which cards are gone.

* **Knowledge** (:class:`CutinKnowledge`): the cards each seat has played this hand (the observation keeps only
  the hand's played cards in one pile and the last two turns' tables).
* **Sampler** (:meth:`Kit.sample`): the unseen cards (the pack less the seat's hand and every card played this
  hand) shuffled and dealt into the other hands and the rest by their known sizes — every placement equally
  likely, none excluded (there is nothing else to respect), built straight into a :class:`CutinState`.
* **Heuristic** (:meth:`Kit.heuristic`): the club player of docs/bots/cutin.md — goes out when it can, sheds whole
  groups of low ranks (the per-rank penalty makes a whole group worth far more than a split one), keeps its high
  cards (they win laps and cut in) and its lock breakers (the lowest cards left of a suit, the strongest under a
  lock), and weighs the chance that nobody after it can beat a set — counting what is left unseen — which would
  give it the lead of the next turn.
* **Rollout** (:meth:`Kit.rollout`): the hand played out on the fast mutable engine (:mod:`kirifuda.fast.cutin`)
  by the light player, a cheap version of the same club player (:meth:`Kit.rollout_policy`); the search's
  progressive widening is ordered by a cheaper quick value still (:meth:`Kit.prior`).

Every option combination (the design knobs of issue 13) is handled: the rules are the game's own (legal sets,
scores), and the heuristic reads the knobs (Jokers, the lock, the cut-in, pass styles, scoring styles).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from typing import Any, ClassVar

from .. import cards as C
from ..core import Action, Observation, Seen
from ..fast.cutin import Position
from ..games.cutin import (
    CUT_IN_SIZES,
    HARD,
    JOKER_MASK,
    LAP,
    MAX_SET,
    NATURAL_MASK,
    PASS,
    PLAY,
    PLAYS,
    RANK_OF_STRENGTH,
    SET_INFO,
    STRENGTH,
    STRENGTHS,
    TOP,
    Cutin,
    CutinObservation,
    CutinState,
    Pass,
    Play,
    hand_score,
    joker_count,
    rank_major,
    set_info,
)
from ..games.cutin import (
    RANK as RANK_SCORING,
)
from ..games.cutin import (
    VALUE as VALUE_SCORING,
)
from .info import InfoState, Knowledge
from .kit import GameKit

RANK_CARDS = tuple(sum(1 << C.make(rank, s) for s in range(4)) for rank in range(13))
"""A card rank → the card mask of its four suits."""
SUIT_OF_PATTERN = {1 << s: s for s in range(4)}

# the heuristic's weights (docs/bots/cutin.md "The heuristic", tuned in small tournaments)
HIGH_FROM = 3
"""Strengths above this (7 … 2) are the cards that win laps and cut in: spending them costs, the more the higher."""
HIGH_COST = 0.8
"""Cost of spending a card, per strength step above :data:`HIGH_FROM`, while the hand is young."""
JOKER_COST = 6.0
LOCK_BREAKER_COST = 1.5
"""Cost of spending the lowest card left of a suit (it wins any lock of that suit), off a lock."""
LEAD_SHARE = 0.4
"""The lead of the next turn is worth this share of the best group the seat could then shed."""
YOUNG = 8
"""Opponents' smallest hand size from which the hand counts as young (high cards fully worth keeping)."""


def _bits(mask: int) -> list[int]:
    return list(C.cards_in(mask))


@dataclass(frozen=True)
class CutinKnowledge(Knowledge):
    """What a seat has worked out beyond its observation: the cards each seat has played this hand."""

    played_by: tuple[int, ...] = ()

    def update(self, seen: Seen, before: Observation, after: Observation) -> CutinKnowledge:
        if seen.actor == "deal":
            assert isinstance(after, CutinObservation)
            return CutinKnowledge((0,) * after.players)
        if isinstance(seen.actor, int) and seen.text.startswith("play"):
            assert isinstance(after, CutinObservation) and isinstance(before, CutinObservation)
            cards = after.played.mask & ~before.played.mask
            played = list(self.played_by)
            played[seen.actor] |= cards
            return CutinKnowledge(tuple(played))
        return self


class Kit(GameKit):
    """The kit of ``cutin`` (see the module docstring)."""

    budgets: ClassVar[dict[str, int]] = {"easy": 250, "normal": 1000, "hard": 1800}
    widen_above: ClassVar[int] = 12
    model_epsilon: float | None = 0.1
    """The inference model's weight of a split group (:meth:`log_likelihood`; None: the sampler's ``epsilon``)."""
    infer_pool: int = 2048
    infer_levels: ClassVar[tuple[str, ...]] = ("hard",)

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        assert isinstance(game, Cutin)
        self.cutin: Cutin = game
        o = game.options
        self._deck = C.mask(game.deck())
        self._pass_style = o.pass_style
        self._scoring = o.scoring
        self._lock_on = o.lock
        self._cut_in = o.cut_in
        self._more_cards = o.more_cards

    # what a seat knows
    def knowledge(self, seat: int) -> CutinKnowledge:
        return CutinKnowledge((0,) * self.cutin.n)

    def sample(self, info: InfoState, rng: random.Random) -> CutinState:
        """The unseen cards dealt at random into the other hands and the rest, by their sizes (every placement
        equally likely); the table, the lock, the passes and the scores as the seat sees them."""
        obs = info.observation
        assert isinstance(obs, CutinObservation) and obs.hand is not None
        seat = info.seat
        hand = obs.hand.mask
        unseen = _bits(self._deck & ~hand & ~obs.played.mask)
        rng.shuffle(unseen)
        hands = []
        k = 0
        for s, size in enumerate(obs.hand_sizes):
            if s == seat:
                hands.append(hand)
                continue
            m = 0
            for c in unseen[k : k + size]:
                m |= 1 << c
            hands.append(m)
            k += size
        rest = 0
        for c in unseen[k:]:
            rest |= 1 << c
        return CutinState(
            phase=obs.phase,
            deal_index=obs.deal_number - 1,
            start_player=obs.start_player,
            leader=obs.leader,
            turn=seat,
            hands=tuple(hands),
            table=tuple((s, cs.mask) for s, cs in obs.table),
            passed=obs.passed,
            lock_suit=None if obs.lock_suit is None else C.SUITS.index(obs.lock_suit),
            last_turn=tuple((s, cs.mask) for s, cs in obs.last_turn),
            played=obs.played.mask,
            rest=rest,
            first_out=obs.first_out,
            scores=obs.deal_scores,
            lines=obs.deal_lines,
        )

    # the club player
    def heuristic(self, info: InfoState, legal: Sequence[Action], rng: random.Random) -> Action:
        obs = info.observation
        assert isinstance(obs, CutinObservation) and obs.hand is not None
        seat = info.seat
        hand = obs.hand.mask
        unseen = self._deck & ~hand & ~obs.played.mask
        top = obs.table[-1][1].mask if obs.table else 0
        lock = None if obs.lock_suit is None else C.SUITS.index(obs.lock_suit)
        after_me = self._still_to_act(obs, seat)
        sizes = obs.hand_sizes
        smallest = min((sizes[s] for s in range(len(sizes)) if s != seat and sizes[s]), default=0)
        young = min(1.0, max(0.0, (smallest - 2) / (YOUNG - 2)))
        threat = _Threat(unseen, [sizes[s] for s in after_me])
        breakers = _lock_breakers(hand, unseen) if self._lock_on else 0
        now = hand_score(hand, self._scoring)
        # passing keeps everything (only the turn's start player may not pass: it plays its best set)
        best: Action = legal[-1]
        best_value = 0.0 if type(best) is Pass else -1e9
        for action in legal:
            if type(action) is not Play:
                continue
            cards = action.cards
            left = hand & ~cards if not cards & ~hand else _without(hand, cards)
            if not left:
                return action  # going out: +5, and the hand ends with this turn
            info_set = SET_INFO.get(cards) or set_info(cards)
            assert info_set is not None
            gain = hand_score(left, self._scoring) - now
            cost = young * self._keep_cost(cards, breakers, lock is not None)
            p_last = threat.nobody_beats(info_set, self._lock_after(info_set, top, lock), self)
            lead = LEAD_SHARE * self._best_group(left)
            value = gain - cost + p_last * lead + rng.random() * 1e-6
            if value > best_value:
                best, best_value = action, value
        return best

    def _still_to_act(self, obs: CutinObservation, seat: int) -> list[int]:
        """The other seats that may still answer a set played now, this turn."""
        n = obs.players
        sizes = obs.hand_sizes
        if self._pass_style == LAP:
            out = []
            s = (seat + 1) % n
            while s != obs.leader:  # to the end of the lap (leading: the whole lap)
                if sizes[s]:
                    out.append(s)
                s = (s + 1) % n
            return out
        passed = set(obs.passed) if self._pass_style == HARD else set()
        return [s for s in range(n) if s != seat and sizes[s] and s not in passed]

    def _lock_after(self, info: tuple[int, int, int], top: int, lock: int | None) -> int | None:
        """The lock in force after playing a set of ``info`` on ``top``."""
        if lock is not None or not self._lock_on or not top or info[2] != 1 or not info[1]:
            return lock
        t_info = SET_INFO.get(top) or set_info(top)
        if t_info is not None and t_info[2] == 1 and t_info[1] == info[1]:
            return SUIT_OF_PATTERN[info[1]]
        return None

    def _keep_cost(self, cards: int, breakers: int, locked: bool) -> float:
        """What spending ``cards`` gives up: high cards (they win laps and cut in), Jokers, lock breakers."""
        cost = JOKER_COST * joker_count(cards)
        for c in C.cards_in(cards & NATURAL_MASK):
            st = STRENGTH[C.rank_of(c)]
            if st > HIGH_FROM:
                cost += HIGH_COST * (st - HIGH_FROM)
            if not locked and breakers >> c & 1:
                cost += LOCK_BREAKER_COST
        return cost

    def _best_group(self, hand: int) -> float:
        """The most a lead could shed from ``hand``: the best whole-group gain."""
        now = hand_score(hand, self._scoring)
        x = rank_major(hand)
        best = 0.0
        for st in range(STRENGTHS):
            if x >> 4 * st & 15:
                best = max(best, hand_score(hand & ~RANK_CARDS[RANK_OF_STRENGTH[st]], self._scoring) - now)
        return best

    # the search's parts
    def prior(self, state: Any, seat: int, legal: Sequence[Action]) -> Sequence[Action]:
        hand = state.hands[seat]
        return sorted(legal, key=lambda a: -_quick_value(a, hand))

    def rollout_policy(self, state: Any, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        """The light player's move (what :meth:`rollout` plays) in a pure state."""
        assert isinstance(state, CutinState)
        return _rollout_move(Position.from_state(self.cutin, state), seat, rng)

    def log_likelihood(self, info: InfoState, state: Any, epsilon: float) -> float | None:
        """The inference-weighted sampler's model (:mod:`kirifuda.bots.inference`, docs/bots/cutin.md "Reading the
        plays"): **the club player sheds whole groups** — a rank's penalty is −(4 + k) for k cards, so a split group
        saves 1 point where a whole one saves 4 + k — so a seat that played cards of a rank this hand is taken to
        hold no more of it. Each rank that another seat has played from and still holds in ``state`` is a split,
        ``ε`` times as likely as none (:attr:`model_epsilon` where set, else ``epsilon``). Reads ``info`` and
        ``state`` only: the cards each seat played this hand are public (K2)."""
        knowledge = info.knowledge
        assert isinstance(knowledge, CutinKnowledge) and isinstance(state, CutinState)
        eps = epsilon if self.model_epsilon is None else self.model_epsilon
        splits = 0
        for s, played in enumerate(knowledge.played_by):
            held = state.hands[s] & NATURAL_MASK if s != info.seat and played else 0
            if not held:
                continue
            for rank_cards in RANK_CARDS:
                if played & rank_cards and held & rank_cards:
                    splits += 1
        return splits * math.log(eps)

    def rollout(self, state: Any, rng: random.Random) -> tuple[int, ...]:
        """The hand played to its end on the fast engine by the light player."""
        assert isinstance(state, CutinState) and state.phase == PLAY
        return Position.from_state(self.cutin, state).run(_rollout_move, rng)


class _Threat:
    """How likely the seats still to act are to beat a set, counting the unseen cards (each seat holds each
    unseen card with the chance its hand size / the unseen count)."""

    __slots__ = ("by_strength", "singles", "jokers", "shares")

    def __init__(self, unseen: int, sizes: list[int]) -> None:
        x = rank_major(unseen)
        self.by_strength = [(x >> 4 * st & 15) for st in range(STRENGTHS)]
        self.jokers = joker_count(unseen)
        total = unseen.bit_count()
        self.shares = [size / total for size in sizes] if total else []
        self.singles = x

    def nobody_beats(self, info: tuple[int, int, int], lock: int | None, kit: Kit) -> float:
        st, pattern, count = info
        p_none = 1.0
        for p in self.shares:
            p_none *= 1.0 - self._can_beat(p, st, pattern, count, lock, kit)
        return p_none

    def _can_beat(self, p: float, st: int, pattern: int, count: int, lock: int | None, kit: Kit) -> float:
        q = 1.0 - p
        miss = q**self.jokers if count == 1 or (kit._cut_in and count in (2, 3)) else 1.0
        if lock is not None:
            if st == TOP:
                return 0.0
            lower = sum(self.singles >> (4 * s + lock) & 1 for s in range(st))
            return 1.0 - q**lower * miss
        for s in range(STRENGTHS):
            nib = self.by_strength[s]
            if not nib:
                continue
            u = nib.bit_count()
            if s > st and st != TOP:
                miss *= _fewer_than(count, u, p)
            elif kit._more_cards:
                miss *= _fewer_than(count + 1, u, p)
            if kit._cut_in and count in (2, 3) and s >= st and st != TOP:
                miss *= q ** (nib & ~pattern).bit_count()
        return 1.0 - miss


def _fewer_than(need: int, u: int, p: float) -> float:
    """P(a seat holds fewer than ``need`` of ``u`` unseen cards), each held with chance ``p``."""
    if need > u:
        return 1.0
    q = 1.0 - p
    return sum(comb(u, i) * p**i * q ** (u - i) for i in range(need))


def _lock_breakers(hand: int, unseen: int) -> int:
    """The cards of ``hand`` that are the lowest of their suit still in play: each wins a lock of its suit."""
    out = 0
    for suit in range(4):
        for st in range(STRENGTHS):
            card = C.make((st + 1) % 13, suit)
            if hand >> card & 1:
                out |= 1 << card
                break
            if unseen >> card & 1:
                break
    return out


def _without(hand: int, cards: int) -> int:
    """``hand`` less a set whose Joker bits may name the other copy (the two share one name)."""
    left = hand & ~(cards & NATURAL_MASK)
    for _ in range(joker_count(cards)):
        held = left & JOKER_MASK
        left &= ~(held & -held)
    return left


# --- the quick player (rollouts and widening order) --------------------------------------------------------

EXPLORE = 0.08
"""The quick player's share of uniformly random moves (rollouts stay varied)."""
STRENGTH_COST = 0.45
"""The quick player's cost of spending a card, per strength step (a set of 2s is worth keeping)."""


def _quick_value(action: Action, hand: int) -> float:
    """A cheap score of an action from the hand alone: going out first, then whole groups of low ranks, then
    split groups, then the pass (0), then high cards."""
    if type(action) is not Play:
        return 0.0
    cards = action.cards
    if not hand & ~cards & ~JOKER_MASK and joker_count(hand) <= joker_count(cards):
        return 100.0
    info = SET_INFO.get(cards) or set_info(cards)
    assert info is not None
    st, _, count = info
    natural = cards & NATURAL_MASK
    whole = st == TOP or not hand & RANK_CARDS[RANK_OF_STRENGTH[st]] & ~natural
    return _group_value(st, count, whole) - 2.0 * joker_count(cards)


def _group_value(st: int, count: int, whole: bool) -> float:
    return (4.0 + count if whole else 0.5 * count) - STRENGTH_COST * st


def _quick_choice(hand: int, legal: Sequence[Action], rng: random.Random) -> Action:
    if rng.random() < EXPLORE:
        return rng.choice(list(legal))
    best, best_value = legal[-1], -1e9
    for action in legal:
        value = _quick_value(action, hand)
        if value > best_value:
            best, best_value = action, value
    return best


def _rollout_move(position: Position, seat: int, rng: random.Random) -> Action:
    """The light player's move in a rollout (a cheap version of :meth:`Kit.heuristic`), from what the acting
    seat sees: its hand, the table, the hand sizes and the cards played. It works from the hand's rank groups
    without listing every legal set; hands with Jokers (rare) use the quick player over the listed sets."""
    hand = position.hands[seat]
    if hand & JOKER_MASK or rng.random() < EXPLORE:
        legal = position.legal()
        return rng.choice(legal) if not hand & JOKER_MASK else _quick_choice(hand, legal, rng)
    x = position.rm[seat]
    view = _LightView(position, seat, hand, x)
    info = position.top_info
    best: Action = PASS
    best_value = 0.0 if info is not None else -1e9
    if info is None:  # leading: any whole group (cutin.md "A hand")
        for st in range(STRENGTHS):
            nib = x >> 4 * st & 15
            if nib:
                if x == nib << 4 * st:
                    return PLAYS[st][nib]  # the last group: out
                value = view.value(st, nib, True, -1)
                if value > best_value:
                    best, best_value = PLAYS[st][nib], value
        return best
    t, t_pattern, t_count = info
    lock = position.lock
    if lock >= 0:  # singles of the locked suit below the latest (cutin.md "Lock"); none after a Joker (K11)
        single = 1 << lock
        for st in range(t if t < TOP else 0):
            nib = x >> 4 * st & 15
            if nib & single:
                if x == single << 4 * st:
                    return PLAYS[st][single]
                value = view.value(st, single, nib == single, lock)
                if value > best_value:
                    best, best_value = PLAYS[st][single], value
        return best
    cut_in = position.cut_in and t_count in CUT_IN_SIZES
    more = position.more_cards
    # a single on a single of its suit starts a lock (cutin.md "Lock")
    lock_suit = SUIT_OF_PATTERN.get(t_pattern, -1) if t_count == 1 and position.lock_on else -1
    for st in range(STRENGTHS):
        nib = x >> 4 * st & 15
        if not nib:
            continue
        count = POPCOUNT[nib]
        play: Action = PASS
        value = 0.0
        if (count == t_count and st > t) or (count > t_count and more):
            if x == nib << 4 * st:
                return PLAYS[st][nib]  # out
            play, value = PLAYS[st][nib], view.value(st, nib, True, -1)  # the whole group (rules 1, 2)
        elif count > t_count and st > t:
            pattern = LOWEST[nib][t_count]  # split (rule 1)
            play, value = PLAYS[st][pattern], view.value(st, pattern, False, -1)
        if play is not PASS and lock_suit >= 0 and PLAYS[st][1 << lock_suit] is play:
            value = view.value(st, 1 << lock_suit, count == 1, lock_suit)  # it starts a lock
        if cut_in and st >= t and nib & ~t_pattern:
            single = nib & ~t_pattern & -(nib & ~t_pattern)
            cut_value = view.value(st, single, count == 1, -1)  # rule 3, the cut-in
            if cut_value > value:
                if count == 1 and x == nib << 4 * st:
                    return PLAYS[st][single]  # out
                play, value = PLAYS[st][single], cut_value
        if value > best_value:
            best, best_value = play, value
    return best


class _LightView:
    """What the light player reads for one decision: its hand, what is unseen to it, how young the hand is."""

    __slots__ = ("x", "unseen", "counts", "young", "rank_scoring", "value_scoring", "jokers_out", "cut_in", "more")

    def __init__(self, position: Position, seat: int, hand: int, x: int) -> None:
        self.x = x
        u = position.left & ~x
        self.unseen = u
        # every nibble's bit count at once (SWAR): nibble st of ``counts`` = unseen cards of strength st
        c = u - (u >> 1 & FIVES)
        self.counts = (c & THREES) + (c >> 2 & THREES)
        deck = position.deck
        self.jokers_out = joker_count(deck & ~position.played) - joker_count(hand) if deck & JOKER_MASK else 0
        smallest = YOUNG
        for s, h in enumerate(position.hands):
            if s != seat and h:
                size = h.bit_count()
                if size < smallest:
                    smallest = size
        self.young = YOUNG_FACTOR[smallest]
        self.rank_scoring = position.scoring == RANK_SCORING
        self.value_scoring = position.scoring == VALUE_SCORING
        self.cut_in = position.cut_in
        self.more = position.more_cards

    def value(self, st: int, pattern: int, whole: bool, lock: int) -> float:
        """The light player's value of playing the cards ``pattern`` of strength ``st`` (``whole``: the rank's
        whole group); ``lock``: the suit locked after it, or -1."""
        count = POPCOUNT[pattern]
        if self.rank_scoring:
            value = 4.0 + count if whole else float(count)
        else:
            value = float(count * (st + 1)) if self.value_scoring else float(count)
        cost = HIGH_COST * (st - HIGH_FROM) * count if st > HIGH_FROM else 0.0
        u = self.unseen
        if lock >= 0:
            beaten = bool(u & LOWER[st] & SUIT_COLUMN[lock]) or self.jokers_out > 0
        else:
            # a nibble holds at least k unseen cards ⇔ its count + (8 - k) reaches 8
            counts = self.counts
            beaten = (
                bool((counts + AT_LEAST_ADD[count]) & EIGHTS & ~LOWER[st + 1])  # same count, higher
                or (self.more and bool((counts + AT_LEAST_ADD[count + 1]) & EIGHTS))  # more cards
                or (self.cut_in and count in CUT_IN_SIZES and bool(u & ~LOWER[st] & ~COLUMNS[pattern]))
                or (count == 1 and self.jokers_out > 0)
            )
            if count == 1 and not (u | self.x) & LOWER[st] & COLUMNS[pattern]:
                cost += LOCK_BREAKER_COST  # the lowest card of its suit left: it wins a lock of its suit
        if cost:
            value -= self.young * cost
        return value + (LIGHT_LEAD_BEATEN if beaten else LIGHT_LEAD_UNBEATEN)


FIVES = int("5" * STRENGTHS, 16)
THREES = int("3" * STRENGTHS, 16)
EIGHTS = int("8" * STRENGTHS, 16)
AT_LEAST_ADD = tuple(int(f"{8 - k:x}" * STRENGTHS, 16) for k in range(MAX_SET + 2))
"""``AT_LEAST_ADD[k]``: 8 − k in every nibble (a nibble's count + 8 − k has its bit 3 set ⇔ count ≥ k)."""
LOWER = tuple((1 << 4 * st) - 1 for st in range(STRENGTHS + 1))
"""Rank-major mask of every card weaker than strength ``st``."""
SUIT_COLUMN = tuple(sum(1 << (4 * st + suit) for st in range(STRENGTHS)) for suit in range(4))
"""Rank-major mask of every card of one suit."""
YOUNG_FACTOR = tuple(min(1.0, max(0.0, (size - 2) / (YOUNG - 2))) for size in range(YOUNG + 1))
"""The smallest opponent hand (capped at :data:`YOUNG`) → how much the light player still keeps its high cards."""
LIGHT_LEAD_UNBEATEN = LEAD_SHARE * 6 * 0.9
"""The light player's lead term for a set no unseen cards can beat (6: a typical whole group, 0.9: nearly sure)."""
LIGHT_LEAD_BEATEN = LEAD_SHARE * 6 * 0.1


COLUMNS = tuple(sum(SUIT_COLUMN[suit] for suit in range(4) if pattern >> suit & 1) for pattern in range(16))
"""Rank-major mask of every card of the suits of a pattern."""


def _first_suits(pattern: int, k: int) -> int:
    """The ``k`` first suits (♠ ♥ ♦ ♣ order) of a suit pattern."""
    out = 0
    for s in range(4):
        if pattern >> s & 1 and out.bit_count() < k:
            out |= 1 << s
    return out


POPCOUNT = tuple(p.bit_count() for p in range(16))
LOWEST = tuple(tuple(_first_suits(nib, k) for k in range(MAX_SET + 1)) for nib in range(16))
