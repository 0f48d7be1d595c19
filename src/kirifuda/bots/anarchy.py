"""The bots' kit for the Anarchy family: ``anarchy``, ``anarchy-bomb``, ``organised-chaos`` (docs/bots/anarchy.md).

Rules: :mod:`kirifuda.games.anarchy` (../shared/rules/anarchy.md, rulings P1–P5, KA1–KA11). One kit serves the
three ids; what differs is read from the game's class flags (``original``, ``bomb``, ``chaos``).

**What a seat knows** (:class:`AnarchyKnowledge`). Play is simultaneous and there is no suit to follow, so no
void is ever shown: the observation already holds nearly everything — the seat's hand, every seat's captured
cards (KA5), the face-up spare and turn-up, hand sizes, who has chosen face down (KA3), the cards it passed and
received (Organised Chaos). The knowledge adds what the observation forgets: the cards each seat has played this
deal, the dummy's turned cards in order (3 players: with ``dummy_passes`` the dealer's pass lies at the bottom of
the stock in canonical order, KA4), the Anarchist once the bomb is thrown, and each past deal's bids (Organised
Chaos: each bid once, §3).

**The sampler** (:meth:`Kit.sample`) builds an :class:`~kirifuda.games.anarchy.AnarchyState` directly: the
unseen cards — the deck less the seat's hand and pending choice, every captured card, the spare, the live
turn-up and (once thrown) the Joker — are dealt uniformly into the places that hide them: other hands (each with
its pending face-down choice taken back, so the search makes it), the dummy stock, the face-down turn-ups
(Anarchy 5p, KA2) and the unused cards (Bomb "65"). Cards the seat knows are placed first: the cards it passed
and that have not been played since lie with its left neighbour (KA11; or at the bottom of the dummy's stock,
KA4); the Joker, until thrown, goes to another player's hand (P4), with weights by room. With ``dummy_passes``
and another dealer, the bottom of the dummy's stock is the dealer's pass in canonical order (KA4): three cards
that sort after the ones of it already turned. What else a state holds that the seat cannot know — the others'
passes (Chaos) — is drawn consistently with the placement. Every consistent placement can be drawn, and the
draw reads only the information state.

Copies (double decks, KA10) are interchangeable in play; the sampler keeps the flags the seat sees on its own
and captured cards and labels the unseen copies as they fall.

**The heuristic** bids from hand strength — an estimate of what each bid would score with this hand
(:func:`bid_values`) — and, in Organised Chaos, subtracts each bid's typical value (the value it keeps for a
later deal: every bid is used exactly once in ten deals). It plays toward its bid: each card is scored by what
it is expected to capture this trick against the cards still out (won suits it wants, shed cards it does not,
void bonuses kept), less what the same card is worth kept for later; the Anarchist throws the bomb when the
reversal helps it most, or by the last trick (KA7); passes give away what hurts its plan most.

**The inference-weighted sampler's model** (:meth:`Kit.log_likelihood`, the ``-infer`` levels): how likely the
other seats' bids and revealed cards of the deal were under the heuristic with ε of random choice, from the hands a
determinization gives them (then: now plus what they have played since), the sampler's own bid weights divided out.

**Rollouts** run on :class:`kirifuda.fast.anarchy.Position` (the fast engine, checked against the pure one) with
a cheap version of the same policy, each seat using only its hand and the table.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from typing import Any

from .. import cards as C
from ..cards import COPY, JOKER, CardSet
from ..core import Action, IllegalAction, Observation, Seen, evolve
from ..fast.anarchy import Position, names_of
from ..games.anarchy import (
    _GIVES,
    BID,
    BID_SUIT,
    BIDS,
    BLACK,
    DEAL,
    NO_CARD,
    NOBODY,
    OVER,
    PASS,
    PASS_SIZE,
    PLAY,
    PLAYS,
    QUARTET_BONUS,
    RED,
    VOID_BONUS,
    AnarchyFamily,
    AnarchyObservation,
    AnarchyState,
    Bid,
    Give,
    LastTrick,
    _gives,
    _names,
    _plays,
    bomb_bid_score,
    capture,
)
from ..tricks import Play
from .info import InfoState, Knowledge
from .kit import GameKit

SUIT_MASK = C.SUIT_MASKS
SUIT_BOTH = tuple(m | (m << COPY) for m in SUIT_MASK)
LOW = (1 << COPY) - 1
PRIOR_CACHE = 256
"""How many pass orderings :meth:`Kit.prior` keeps (one per hand it has seen at the pass)."""
PRIOR_TOP = 72
"""How many passes :meth:`Kit.prior` ranks (the rest follow in the legal order): a search widens to about
2·√visits of them (72 covers a 1,200-iteration search)."""
MODEL_CACHE = 1 << 14
"""How many modelled choices (bids, passes, card rankings) :class:`Kit` keeps, each keyed by everything the
heuristic reads to make it (a search reusing a determinization, :data:`REUSE`, meets each imagined hand several
times)."""
REUSE = 8
"""How many consecutive search iterations each determinization serves (:attr:`~kirifuda.bots.kit.GameKit.reuse`)."""
INFER_POOLS = {"anarchy-bomb": 256, "organised-chaos": 256}
"""The ids whose search levels weigh their determinizations by the other seats' bids, passes and revealed cards, and
the pool each weighs (:attr:`~kirifuda.bots.kit.GameKit.infer_pool`), each measured in a heuristic field against the
uniform sampler on the same seeds (docs/bots.md, "Issue 21"): Anarchy Bomb's ``normal`` with a pool of 256 ranks
0.802 against 0.675 over 40 seeds, paired difference +0.127 [+0.068, +0.186]; Organised Chaos's 0.925 against 0.758
over 20 seeds, +0.167 [+0.092, +0.241]. Anarchy's, with the same pool, +0.014 [−0.013, +0.040] over 20 seeds: not
adopted."""
OTHERS_EPSILON = {"anarchy-bomb": 0.85}
"""The ids whose flat search (the ``-flat`` names, :class:`~kirifuda.bots.ismcts.FlatSearch`) plays the *other*
seats' later cards at random with this probability in its rollouts, the searching seat's own at :data:`EPSILON`:
``normal``'s cards fit the heuristic's ranking worse than a uniform choice does (log likelihood −3.45 a card against
−1.88 over 1,152 Bomb decisions, bench/anarchy_model_fit.py), so rollouts whose other seats play the club player's
cards value the seat's choice against opponents who are not at the table. The Bomb's ``hard-flat`` so (6,000
iterations, :attr:`Kit.flat_budgets`) ranks 0.525 [0.489, 0.562] against ``normal`` over 68 seeds, the tree's
``hard`` 0.515 on the same seeds (paired +0.010 [−0.045, +0.065]): not an edge, so not the table's ``hard``
(docs/bots/issue21.md, "The Bomb's flat `hard` over 68 seeds")."""
DUMMY_PASS_AT = 10
"""KA4: the dealer's three cards go under the dummy's 13-card stock, so they are its cards 11 to 13."""


def _sort_key(card: int) -> int:
    """Canonical order as an int (♠ ♥ ♦ ♣, A first): smaller is nearer the top of a sorted pile."""
    return ((card >> 4) & 3) * 16 + 12 - (card & 15)


def _card_of_key(key: int) -> int:
    """The card name of a canonical key (:func:`_sort_key`)."""
    return (key & 0x30) | (12 - (key & 15))


# --- what a seat knows ------------------------------------------------------------------------


@dataclass(frozen=True)
class AnarchyKnowledge(Knowledge):
    """What one seat has seen that its observation no longer shows (see the module docstring)."""

    seat: int
    played: tuple[int, ...] = ()
    """Per seat: the cards it has played this deal (the bomb: the Joker, not the spare); a second copy as the
    captured cards show it (KA10)."""
    dummy_turned: tuple[int, ...] = ()
    """The 3-player dummy's cards turned this deal, in order."""
    anarchist: int = NOBODY
    """The seat that threw the bomb this deal (the Anarchist is hidden until then, §2)."""
    bomb_card: int = NO_CARD
    """The spare the bomb played in its place this deal (§2)."""
    turnups: tuple[int, ...] = ()
    """Anarchy 5p: the turn-ups taken this deal, in order (P1)."""
    bid_history: tuple[tuple[str, ...], ...] = ()
    """Each completed deal's bids by seat."""
    tricks: tuple[tuple[tuple[int, ...], tuple[int, ...], int, int], ...] = ()
    """Each revealed trick of this deal, in order: the card each seat played (the bomb: the Joker; copies labelled
    as in :attr:`played`), every place's captured cards before it, and the face-up spare and live turn-up when its
    cards were chosen (NO_CARD: none) — what the inference sampler's model of a play reads."""

    def update(self, seen: Seen, before: Observation, after: Observation) -> AnarchyKnowledge:
        assert isinstance(before, AnarchyObservation) and isinstance(after, AnarchyObservation)
        if seen.actor == "deal":
            return AnarchyKnowledge(self.seat, (0,) * after.players, bid_history=self.bid_history)
        if before.phase != PLAY or (after.phase == PLAY and after.trick_number == before.trick_number):
            return self
        # the trick was revealed by this event: every card is turned up (KA5), and lands in a captured pile
        piles = [*after.taken, *([after.dummy_taken] if after.dummy_taken is not None else [])]
        olds = [*before.taken, *([before.dummy_taken] if before.dummy_taken is not None else [])]
        new = [_mask(a) & ~_mask(b) for a, b in zip(piles, olds, strict=True)]
        turnups = self.turnups
        if after.last_turnup is not None:
            turnup = C.parse(after.last_turnup[0])
            turnups += (turnup,)
            new[after.last_turnup[1]] &= ~(1 << turnup)
        played = list(self.played or (0,) * after.players)
        dummy_turned, anarchist, bomb_card = self.dummy_turned, self.anarchist, self.bomb_card
        n = after.players
        cards = [NO_CARD] * n
        for revealed in after.last_trick:
            to = n if revealed.taken_by is None else revealed.taken_by
            name = C.parse(revealed.card)
            card = name if new[to] >> name & 1 else name | COPY
            new[to] &= ~(1 << card)
            if revealed.seat is None:
                dummy_turned += (card,)
            elif revealed.bomb:
                played[revealed.seat] |= 1 << JOKER
                anarchist, bomb_card = revealed.seat, card
                cards[revealed.seat] = JOKER
            else:
                played[revealed.seat] |= 1 << card
                cards[revealed.seat] = card
        history = self.bid_history
        if len(after.deal_scores) > len(before.deal_scores):
            history += (tuple(b or "" for b in after.bids),)
        spare = NO_CARD if before.spare is None else C.parse(before.spare)
        live = NO_CARD if before.turnup is None else C.parse(before.turnup)
        tricks = (*self.tricks, (tuple(cards), tuple([_mask(o) for o in olds]), spare, live))
        return AnarchyKnowledge(self.seat, tuple(played), dummy_turned, anarchist, bomb_card, turnups, history, tricks)


# --- the club player's reckoning -----------------------------------------------------------------

RHO = 0.5
"""How much of a suit's unseen cards a card played *later* is assumed to meet: playing a card now is worth what
it is expected to capture now less what it would capture kept for later (when about half as many cards are out:
low cards of a suit become safer, a master meets fewer cards of its suit)."""
EPSILON = 0.1
"""Rollouts: the share of cards chosen at random instead of by the cheap policy."""
BOMB_SINGLETON_KEEP = (0.4, 0.4)
"""Bomb / Chaos: a card alone in its suit is a *singleton* (§2): kept or capturing other singletons with a chance
growing with its rank (0.4 + 0.4·rank/12), where the original keeps it outright (§1). Tuned in heuristic-field
duels (one seat with the value, three without, the same deals: +0.7 points a deal over 0.2 + 0.6·rank/12)."""

ABOVE = tuple(
    tuple(sum((1 << (x * 16 + q)) | (1 << (x * 16 + q + COPY)) for q in range(r + 1, 13)) for r in range(13))
    for x in range(4)
)
"""``ABOVE[suit][rank]``: every card of the suit ranked above ``rank``, both copies."""
BELOW = tuple(
    tuple(sum((1 << (x * 16 + q)) | (1 << (x * 16 + q + COPY)) for q in range(r)) for r in range(13)) for x in range(4)
)
SUITS_OF_COLOUR = {"black": BLACK, "red": RED}


SUIT_VALUES_CACHE = 1 << 12
"""How many (bid, cards taken) :func:`suit_values` keeps (the rollouts rank every seat's hand by them)."""
_SUIT_VALUES: dict[tuple[bool, int, str | None, int], tuple[list[float], list[float]]] = {}


def suit_values(game: AnarchyFamily, bid: str | None, hand: int, taken: int) -> tuple[list[float], list[float]]:
    """What one more captured card of each suit is worth to a seat with ``bid`` (S H D C), and what breaking a
    void in it would cost (Bomb and Chaos: 10 for a suit of which it has taken none and does not want, §2
    bonuses). ``bid`` None (still to bid): every card counts one. The lists are shared: read them only."""
    if bid == "best" and not game.original:  # the one bid that reads the hand
        return _suit_values(game, bid, hand, taken)
    key = (game.original, game.hand_size, bid, taken)
    found = _SUIT_VALUES.get(key)
    if found is None:
        if len(_SUIT_VALUES) >= SUIT_VALUES_CACHE:
            _SUIT_VALUES.clear()
        found = _SUIT_VALUES[key] = _suit_values(game, bid, hand, taken)
    return found


def _suit_values(game: AnarchyFamily, bid: str | None, hand: int, taken: int) -> tuple[list[float], list[float]]:
    """:func:`suit_values`, reckoned."""
    counts = [(taken & m).bit_count() for m in SUIT_BOTH]
    total = sum(counts)
    values = [1.0] * 4
    if game.original:  # §1 bid table; misère stops costing once the par is reached (never below 0)
        if bid in BID_SUIT:
            values = [0.0] * 4
            values[BID_SUIT[bid]] = 2.0
        elif bid == "misere":
            values = [-1.0 if total < game.hand_size else 0.0] * 4
        return values, [0.0] * 4
    if bid in BID_SUIT:
        values = [0.0] * 4
        values[BID_SUIT[bid]] = 4.0
    elif bid in SUITS_OF_COLOUR:
        values = [0.0] * 4
        for x in SUITS_OF_COLOUR[bid]:
            values[x] = 2.0
    elif bid == "best":
        # the suit most likely to end as the most numerous: taken so far, and half of what is in hand
        held = [(hand & m).bit_count() for m in SUIT_BOTH]
        target = max(range(4), key=lambda x: 2 * counts[x] + held[x])
        values = [0.0] * 4
        values[target] = 3.0
    elif bid == "over":
        values = [5.0] * 4
    elif bid == "under":
        values = [-5.0 if total < game.hand_size else 0.0] * 4
    voids = [10.0 if counts[x] == 0 and values[x] <= 0 else 0.0 for x in range(4)]
    return values, voids


def expected_gain(val: float, void: float, hi: float, lower: float, p: float, keep: float) -> float:
    """What playing a card is expected to bring: it takes its suit if no higher card of it comes out (each of the
    ``hi`` higher and ``lower`` lower unseen cards of the suit coming out with probability ``p``), with the lower
    ones; alone in its suit it is kept with probability ``keep``. ``val`` per card of the suit taken, ``void``
    once if any is."""
    q = 1.0 - p
    no_higher: float = q**hi
    alone: float = no_higher * q**lower
    wins = no_higher - alone
    takes = wins + alone * keep
    return val * (wins * (1.0 + lower * p) + alone * keep) - void * takes


POWERS_CACHE = 256
"""How many chances of a card coming out :func:`card_scores` keeps the powers of (one per count of unseen cards)."""
_POWERS: dict[float, tuple[tuple[float, ...], tuple[float, ...]]] = {}


def card_scores(
    game: AnarchyFamily,
    names: Sequence[int],
    unseen: int,
    values: Sequence[float],
    voids: Sequence[float],
    plays: int,
    spare: int,
    turnup: int,
) -> list[float]:
    """Each card name's worth played now rather than kept (see :data:`RHO`): the expected gain now less the
    expected gain later. ``unseen``: the cards the seat cannot place (others' hands and choices, the stock, cards
    face down); ``plays``: how many of them come out in a trick (the other players, the 3-player dummy);
    ``spare``: the Bomb's face-up spare (the card the Joker plays, ranks reversed); ``turnup``: Anarchy's live
    turn-up (P1), taken with the highest card of its suit."""
    u_total = unseen.bit_count() or 1
    p = min(plays / u_total, 1.0)
    q = 1.0 - p
    keep_base, keep_rank = BOMB_SINGLETON_KEEP if not game.original else (1.0, 0.0)
    turnup_suit = (turnup >> 4) & 3 if turnup != NO_CARD else -1
    now_power, later_power = _powers(q)
    out = []
    for name in names:
        reverse = name == JOKER
        card = spare if reverse else name
        x, r = (card >> 4) & 3, card & 15
        if reverse:  # §2 the bomb: the spare plays with 2 high, A low
            hi = (unseen & BELOW[x][r]).bit_count()
            lower = (unseen & ABOVE[x][r]).bit_count()
            r = C.ACE - r
        else:
            hi = (unseen & ABOVE[x][r]).bit_count()
            lower = (unseen & BELOW[x][r]).bit_count()
        keep = keep_base + keep_rank * r / C.ACE
        val, void = values[x], voids[x]
        # expected_gain(now) - expected_gain(later, RHO of the cards out), inlined for the rollouts
        no_higher = now_power[hi]
        alone = now_power[hi + lower]
        wins = no_higher - alone
        now = val * (wins * (1.0 + lower * p) + alone * keep) - void * (wins + alone * keep)
        alone = later_power[hi + lower]
        wins = later_power[hi] - alone
        later = val * (wins * (1.0 + lower * RHO * p) + alone * keep) - void * (wins + alone * keep)
        score = now - later
        if x == turnup_suit:
            score += val * no_higher  # P1: the turn-up goes with the highest card of its suit
        out.append(score)
    return out


SUIT_SCORES_CACHE = 1 << 16
"""How many suit holdings :func:`_scores_by_suit` keeps the card scores of."""
_SUIT_SCORES: dict[tuple[int, int, float, float, float, bool, bool], list[float]] = {}


def _scores_by_suit(
    original: bool, hand: int, unseen: int, values: Sequence[float], voids: Sequence[float], plays: int, turnup: int
) -> list[float]:
    """:func:`card_scores` of a hand with neither the Joker nor a second copy, for its cards in canonical order
    (:func:`~kirifuda.fast.anarchy.names_of`): the same floats, each suit's read from a cache keyed by the suit's
    held and unseen cards (the rollouts rank every seat's imagined hand)."""
    u_total = unseen.bit_count() or 1
    p = min(plays / u_total, 1.0)
    turnup_suit = (turnup >> 4) & 3 if turnup != NO_CARD else -1
    out: list[float] = []
    for x in range(4):
        shift = 16 * x
        held = (hand >> shift) & C.RANK_MASK
        if held:
            key = (held, (unseen >> shift) & C.RANK_MASK, p, values[x], voids[x], x == turnup_suit, original)
            found = _SUIT_SCORES.get(key)
            if found is None:
                if len(_SUIT_SCORES) >= SUIT_SCORES_CACHE:
                    _SUIT_SCORES.clear()
                found = _SUIT_SCORES[key] = _suit_scores(*key)
            out.extend(found)
    return out


def _suit_scores(
    held: int, unseen: int, p: float, val: float, void: float, turnup_here: bool, original: bool
) -> list[float]:
    """:func:`card_scores` of one suit's held ranks (A first) against its unseen ranks (both as spades' masks)."""
    keep_base, keep_rank = BOMB_SINGLETON_KEEP if not original else (1.0, 0.0)
    now_power, later_power = _powers(1.0 - p)
    out = []
    for r in _ranks_down(held):
        hi = (unseen & ABOVE[0][r]).bit_count()
        lower = (unseen & BELOW[0][r]).bit_count()
        keep = keep_base + keep_rank * r / C.ACE
        # as card_scores, term by term
        no_higher = now_power[hi]
        alone = now_power[hi + lower]
        wins = no_higher - alone
        now = val * (wins * (1.0 + lower * p) + alone * keep) - void * (wins + alone * keep)
        alone = later_power[hi + lower]
        wins = later_power[hi] - alone
        later = val * (wins * (1.0 + lower * RHO * p) + alone * keep) - void * (wins + alone * keep)
        score = now - later
        if turnup_here:
            score += val * no_higher  # P1
        out.append(score)
    return out


def _powers(q: float) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """``q**k`` and ``q**(k·RHO)`` for every count ``k`` of a suit's unseen cards (both copies: up to 26), kept per
    chance (:data:`POWERS_CACHE`)."""
    powers = _POWERS.get(q)
    if powers is None:
        if len(_POWERS) >= POWERS_CACHE:
            _POWERS.clear()
        powers = _POWERS[q] = (tuple(q**k for k in range(2 * 13 + 1)), tuple(q ** (k * RHO) for k in range(2 * 13 + 1)))
    return powers


@cache
def _ranks_down(ranks: int) -> tuple[int, ...]:
    """The ranks of a suit's rank mask, A first (as :func:`~kirifuda.fast.anarchy.names_of` orders a suit)."""
    return tuple(r for r in range(C.ACE, -1, -1) if ranks >> r & 1)


def taken_estimates(game: AnarchyFamily, hand: int, unseen: int, plays: int) -> list[list[float]]:
    """Per suit, per card of the hand (S H D C; cards A first): how many cards of that suit the card is expected
    to take over the deal if played toward capture — the bidder's reckoning of :func:`bid_values`."""
    u_total = unseen.bit_count() or 1
    p = min(plays / u_total, 1.0)
    singles = not game.original
    out: list[list[float]] = [[], [], [], []]
    for name in names_of(hand):
        if name == JOKER:
            continue
        x, r = (name >> 4) & 3, name & 15
        hi = (unseen & ABOVE[x][r]).bit_count()
        lower = (unseen & BELOW[x][r]).bit_count()
        keep = BOMB_SINGLETON_KEEP[0] + BOMB_SINGLETON_KEEP[1] * r / C.ACE if singles else 1.0
        out[x].append(expected_gain(1.0, 0.0, hi, lower, p, keep))
    return out


SUIT_RECKONING_CACHE = 1 << 16
"""How many suit holdings :func:`bid_features` keeps the reckoning of (a search's modelled bidders meet the same
ones often; a few MB at most)."""
_SUIT_RECKONING: dict[tuple[float, bool], dict[int, tuple[float, float]]] = {}
"""Per chance of a card coming out and kind of game (singletons or not): the suit holdings' reckonings."""


def _suit_reckoning(held: int, unseen: int, p: float, singles: bool) -> tuple[float, float]:
    """Of one suit's cards (its masks shifted to spades): what the held cards are expected to take in all
    (:func:`taken_estimates`'s sum), and the chance that they take none (each card's estimate, capped at 1, as an
    independent chance)."""
    folded = (held & LOW) | (held >> COPY)
    taken = 0.0
    p_void = 1.0
    power = _powers(1.0 - p)[0]
    for r in _ranks_down(folded):  # A first, as names_of orders a suit
        hi = (unseen & ABOVE[0][r]).bit_count()
        lower = (unseen & BELOW[0][r]).bit_count()
        keep = BOMB_SINGLETON_KEEP[0] + BOMB_SINGLETON_KEEP[1] * r / C.ACE if singles else 1.0
        # expected_gain(1.0, 0.0, hi, lower, p, keep), term by term (its powers from the table: the same q**k)
        no_higher = power[hi]
        alone = no_higher * power[lower]
        e = (no_higher - alone) * (1.0 + lower * p) + alone * keep
        taken += e
        p_void *= max(0.0, 1.0 - min(e, 1.0))
    return taken, p_void


def _reckon_suits(game: AnarchyFamily, hand: int, unseen: int, plays: int) -> tuple[list[float], list[float]]:
    """Per suit (S H D C): :func:`_suit_reckoning` of the hand's cards of it, cached by the suit's own cards."""
    u_total = unseen.bit_count() or 1
    p = min(plays / u_total, 1.0)
    singles = not game.original
    table = _SUIT_RECKONING.get((p, singles))
    if table is None:
        table = _SUIT_RECKONING[(p, singles)] = {}
    if len(table) >= SUIT_RECKONING_CACHE:
        table.clear()
    taken, keeps_void = [], []
    get = table.get
    for mask, shift in SUIT_SHIFTS:
        # by the suit's own cards: the same reckoning for every suit (shifted), cached across searches; the key
        # is the suit's held cards above its unseen ones (each fits in 144 bits: both copies)
        held = (hand & mask) >> shift
        out = (unseen & mask) >> shift
        key = held << 144 | out
        found = get(key)
        if found is None:
            found = table[key] = _suit_reckoning(held, out, p, singles)
        taken.append(found[0])
        keeps_void.append(found[1])
    return taken, keeps_void


SUIT_SHIFTS = tuple((SUIT_BOTH[x], 16 * x) for x in range(4))
"""Each suit's mask (both copies) and how far it lies from spades."""


FEATURES = ("reckoned", "total", "voids", "joker")
"""What the bid reckoning reads from a hand, per bid (:func:`bid_features`)."""


def bid_features(game: AnarchyFamily, hand: int, unseen: int, plays: int) -> dict[str, tuple[float, ...]]:
    """Per bid, what the hand promises, reckoned card by card (:func:`taken_estimates`): the bid's own points on the
    cards it can expect to take (over/under: beyond/short of the hand size, either sign), all the cards it can
    expect to take, the voids it can expect to keep among the suits the bid does not seek (Bomb, Chaos: 10
    each, §2), and whether it holds the Joker (the bomb, §2)."""
    taken, keeps_void = _reckon_suits(game, hand, unseen, plays)
    total = float(sum(taken))
    size = game.hand_size
    joker = float(hand >> JOKER & 1)
    out: dict[str, tuple[float, ...]]
    if game.original:  # §1
        out = {bid: (2.0 * taken[x], total, 0.0, 0.0) for bid, x in BID_SUIT.items()}
        out["nosuit"] = (total, total, 0.0, 0.0)
        out["misere"] = (size - total, total, 0.0, 0.0)
        return out
    # §2 bonuses: a void is likely where the hand holds little that takes

    # the expected voids among the suits a bid does not seek, summed in suit order (written out: the search's
    # modelled bidders reckon every hand they imagine)
    k0, k1, k2, k3 = keeps_void
    but = (k1 + k2 + k3, k0 + k2 + k3, k0 + k1 + k3, k0 + k1 + k2)
    out = {bid: (4.0 * taken[x], total, but[x], joker) for bid, x in BID_SUIT.items()}
    out["black"] = (2.0 * (taken[C.SPADES] + taken[C.CLUBS]), total, k1 + k2, joker)
    out["red"] = (2.0 * (taken[C.HEARTS] + taken[C.DIAMONDS]), total, k0 + k3, joker)
    best = max(range(4), key=taken.__getitem__)
    out["best"] = (3.0 * taken[best], total, but[best], joker)
    out["cards"] = (total, total, 0, joker)
    out["over"] = (5.0 * (total - size), total, 0, joker)
    out["under"] = (5.0 * (size - total), total, k0 + k1 + k2 + k3, joker)
    return out


UNCALIBRATED = (0.0, 1.0, 0.0, 10.0, 0.0)
"""A bid's coefficients before calibration: its reckoned points plus 10 per expected void."""

# coefficients: intercept, reckoned, total, voids, joker; then the mean score
CALIBRATION: dict[str, dict[str, tuple[float, ...]]] = {
    "anarchy": {
        "spades": (1.744, 1.182, -0.145, 0.0, 0.0, 5.44),  # n=8085 r2=0.362
        "clubs": (1.744, 1.182, -0.145, 0.0, 0.0, 5.44),  # n=8085 r2=0.362
        "hearts": (1.744, 1.182, -0.145, 0.0, 0.0, 5.44),  # n=8085 r2=0.362
        "diamonds": (1.744, 1.182, -0.145, 0.0, 0.0, 5.44),  # n=8085 r2=0.362
        "nosuit": (-10.253, 1.201, 1.201, 0.0, 0.0, 9.63),  # n=1921 r2=0.461
        "misere": (2.232, 0.204, -0.204, 0.0, 0.0, 0.9),  # n=1994 r2=0.152
    },
    "anarchy-bomb": {
        "cards": (6.912, 0.595, 0.595, 0.0, 1.177, 16.87),  # n=1187 r2=0.049
        "black": (1.604, 0.818, 0.931, 2.595, 0.745, 16.52),  # n=2357 r2=0.142
        "red": (1.604, 0.818, 0.931, 2.595, 0.745, 16.52),  # n=2357 r2=0.142
        "best": (4.174, -0.168, 1.929, 2.652, 1.188, 19.64),  # n=1173 r2=0.063
        "spades": (1.478, 1.005, 0.711, 2.197, 0.493, 16.32),  # n=4853 r2=0.228
        "clubs": (1.478, 1.005, 0.711, 2.197, 0.493, 16.32),  # n=4853 r2=0.228
        "hearts": (1.478, 1.005, 0.711, 2.197, 0.493, 16.32),  # n=4853 r2=0.228
        "diamonds": (1.478, 1.005, 0.711, 2.197, 0.493, 16.32),  # n=4853 r2=0.228
        "over": (31.587, 0.892, 0.178, 0.0, 2.986, 11.95),  # n=1172 r2=0.191
        "under": (-17.539, 1.384, -0.277, 1.964, -4.431, 13.97),  # n=1258 r2=0.288
    },
    "organised-chaos": {
        "cards": (13.09, 0.39, 0.39, 0.0, 0.0, 19.53),  # n=1187 r2=0.038
        "black": (0.424, 0.796, 1.231, 3.505, 0.0, 18.53),  # n=2357 r2=0.248
        "red": (0.424, 0.796, 1.231, 3.505, 0.0, 18.53),  # n=2357 r2=0.248
        "best": (-2.459, -0.635, 3.48, 5.533, 0.0, 23.14),  # n=1173 r2=0.198
        "spades": (-3.28, 0.996, 1.436, 2.46, 0.0, 18.14),  # n=4853 r2=0.339
        "clubs": (-3.28, 0.996, 1.436, 2.46, 0.0, 18.14),  # n=4853 r2=0.339
        "hearts": (-3.28, 0.996, 1.436, 2.46, 0.0, 18.14),  # n=4853 r2=0.339
        "diamonds": (-3.28, 0.996, 1.436, 2.46, 0.0, 18.14),  # n=4853 r2=0.339
        "over": (38.397, 0.964, 0.193, 0.0, 0.0, 17.79),  # n=1172 r2=0.33
        "under": (-3.452, 0.879, -0.176, 0.544, 0.0, 16.28),  # n=1258 r2=0.239
    },
}
"""Per game id and bid: the coefficients (intercept, then one per :data:`FEATURES`) of a least-squares fit of what
the bid scored in self-play of the heuristic to what the hand promised, and last the bid's mean score — its
typical value, Organised Chaos's cost of using it now (bench/fit_anarchy_bids.py writes this table)."""


def bid_values(game: AnarchyFamily, hand: int, unseen: int, plays: int) -> dict[str, float]:
    """The expected score of each bid with ``hand`` (calibrated, see :data:`CALIBRATION`)."""
    if game.original:
        table = CALIBRATION.get(game.id, {})
        out = {}
        for bid, (f0, f1, f2, f3) in bid_features(game, hand, unseen, plays).items():
            c = table.get(bid, UNCALIBRATED)
            out[bid] = c[0] + c[1] * f0 + c[2] * f1 + c[3] * f2 + c[4] * f3
        return out
    # Bomb and Chaos: bid_features' features applied as they are made (the same floats, the same order; the
    # search's modelled bidders reckon every hand they imagine)
    taken, keeps_void = _reckon_suits(game, hand, unseen, plays)
    total = float(sum(taken))
    size = game.hand_size
    joker = float(hand >> JOKER & 1)
    t0, t1, t2, t3 = taken
    k0, k1, k2, k3 = keeps_void
    but = (k1 + k2 + k3, k0 + k2 + k3, k0 + k1 + k3, k0 + k1 + k2)
    (s0, s1, s2, s3, s4), (h0, h1, h2, h3, h4), (d0, d1, d2, d3, d4), (c0, c1, c2, c3, c4), *rest = _coefficient_rows(
        game.id
    )
    (b0, b1, b2, b3, b4), (r0, r1, r2, r3, r4), (e0, e1, e2, e3, e4), (a0, a1, a2, _, a4) = rest[:4]
    (o0, o1, o2, _, o4), (u0, u1, u2, u3, u4) = rest[4:]
    best, most = 0, t0  # max(range(4), key=taken.__getitem__): the first of the most
    if t1 > most:
        best, most = 1, t1
    if t2 > most:
        best, most = 2, t2
    if t3 > most:
        best = 3
    if joker:
        return {  # each as c[0] + c[1]·feature + c[2]·total + c[3]·voids + c[4]·joker, as bid_features gives them
            "spades": s0 + s1 * (4.0 * t0) + s2 * total + s3 * but[0] + s4 * joker,
            "hearts": h0 + h1 * (4.0 * t1) + h2 * total + h3 * but[1] + h4 * joker,
            "diamonds": d0 + d1 * (4.0 * t2) + d2 * total + d3 * but[2] + d4 * joker,
            "clubs": c0 + c1 * (4.0 * t3) + c2 * total + c3 * but[3] + c4 * joker,
            "black": b0 + b1 * (2.0 * (t0 + t3)) + b2 * total + b3 * (k1 + k2) + b4 * joker,
            "red": r0 + r1 * (2.0 * (t1 + t2)) + r2 * total + r3 * (k0 + k3) + r4 * joker,
            "best": e0 + e1 * (3.0 * taken[best]) + e2 * total + e3 * but[best] + e4 * joker,
            "cards": a0 + a1 * total + a2 * total + a4 * joker,
            "over": o0 + o1 * (5.0 * (total - size)) + o2 * total + o4 * joker,
            "under": u0 + u1 * (5.0 * (size - total)) + u2 * total + u3 * (k0 + k1 + k2 + k3) + u4 * joker,
        }
    # without the Joker its terms are zeros (as are "cards" and "over"'s void terms): left out, the sums are the
    # same numbers (adding a zero changes at most the sign of a zero sum)
    return {
        "spades": s0 + s1 * (4.0 * t0) + s2 * total + s3 * but[0],
        "hearts": h0 + h1 * (4.0 * t1) + h2 * total + h3 * but[1],
        "diamonds": d0 + d1 * (4.0 * t2) + d2 * total + d3 * but[2],
        "clubs": c0 + c1 * (4.0 * t3) + c2 * total + c3 * but[3],
        "black": b0 + b1 * (2.0 * (t0 + t3)) + b2 * total + b3 * (k1 + k2),
        "red": r0 + r1 * (2.0 * (t1 + t2)) + r2 * total + r3 * (k0 + k3),
        "best": e0 + e1 * (3.0 * taken[best]) + e2 * total + e3 * but[best],
        "cards": a0 + a1 * total + a2 * total,
        "over": o0 + o1 * (5.0 * (total - size)) + o2 * total,
        "under": u0 + u1 * (5.0 * (size - total)) + u2 * total + u3 * (k0 + k1 + k2 + k3),
    }


ROW_BIDS = ("spades", "hearts", "diamonds", "clubs", "black", "red", "best", "cards", "over", "under")
"""The Bomb and Chaos bids in the order :func:`_coefficient_rows` gives their coefficients."""


@cache
def _coefficient_rows(game_id: str) -> tuple[tuple[float, ...], ...]:
    """:func:`_coefficients` of :data:`ROW_BIDS`, in that order, without the mean score (five each)."""
    table = _coefficients(game_id)
    return tuple(tuple(table[bid][:5]) for bid in ROW_BIDS)


@cache
def _coefficients(game_id: str) -> dict[str, tuple[float, ...]]:
    """:data:`CALIBRATION`'s coefficients of every Bomb / Chaos bid (:data:`UNCALIBRATED` where it has none)."""
    table = CALIBRATION.get(game_id, {})
    bids = [*BID_SUIT, "black", "red", "best", "cards", "over", "under"]
    return {bid: table.get(bid, UNCALIBRATED) for bid in bids}


def bid_class(bid: str) -> str:
    """The kind of a bid for what it tells of the bidder's hand: every suit bid alike, both colours alike."""
    if bid in BID_SUIT:
        return "suit"
    if bid in SUITS_OF_COLOUR:
        return "colour"
    return bid


def seeks(bid: str) -> tuple[int, ...]:
    """The suits a bid seeks (none: a bid on every card, or on the hand's best suit)."""
    if bid in BID_SUIT:
        return (BID_SUIT[bid],)
    return SUITS_OF_COLOUR.get(bid, ())


BID_WEIGHTS: dict[str, dict[str, tuple[tuple[float, ...], tuple[float, ...]]]] = {
    "anarchy": {
        "nosuit": (
            (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0),
            (0.82, 0.85, 0.85, 0.88, 0.91, 0.93, 0.97, 1.02, 1.06, 1.11, 1.16, 1.2, 1.25),
        ),
        "suit": (
            (1.56, 1.54, 1.59, 1.6, 1.59, 1.64, 1.66, 1.7, 1.72, 1.75, 1.79, 1.82, 1.85),
            (1.19, 1.15, 1.11, 1.05, 1.0, 0.93, 0.83, 0.74, 0.64, 0.54, 0.41, 0.29, 0.19),
        ),
    },
    "anarchy-bomb": {
        "best": (
            (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0),
            (0.81, 0.84, 0.87, 0.89, 0.9, 0.92, 0.95, 0.97, 1.03, 1.07, 1.08, 1.1, 1.1),
        ),
        "colour": (
            (0.79, 0.74, 0.81, 0.93, 1.03, 1.0, 1.09, 1.27, 1.34, 1.46, 1.59, 2.12, 2.32),
            (0.64, 0.63, 0.81, 0.76, 0.67, 0.74, 0.67, 0.7, 0.65, 0.72, 0.59, 0.7, 0.71),
        ),
        "over": (
            (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0),
            (0.16, 0.22, 0.35, 0.3, 0.62, 0.49, 0.62, 0.86, 0.86, 1.59, 1.95, 1.95, 2.76),
        ),
        "suit": (
            (0.86, 0.89, 0.98, 1.03, 1.15, 1.23, 1.33, 1.46, 1.61, 1.73, 1.95, 2.16, 2.45),
            (0.84, 0.84, 0.84, 0.85, 0.85, 0.84, 0.84, 0.84, 0.83, 0.83, 0.81, 0.78, 0.77),
        ),
        "under": (
            (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0),
            (1.38, 1.34, 1.26, 1.23, 1.15, 1.09, 1.03, 0.94, 0.86, 0.77, 0.66, 0.57, 0.45),
        ),
    },
    "organised-chaos": {
        "best": (
            (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0),
            (1.05, 0.91, 0.82, 0.8, 0.91, 0.93, 1.05, 1.05, 1.09, 1.04, 1.11, 1.02, 1.21),
        ),
        "cards": (
            (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0),
            (0.86, 0.91, 0.91, 1.11, 1.25, 1.16, 0.86, 0.86, 0.98, 1.32, 0.98, 1.0, 0.8),
        ),
        "colour": (
            (1.06, 1.13, 0.95, 1.22, 1.24, 1.39, 1.29, 1.48, 1.64, 1.76, 1.74, 1.76, 2.05),
            (0.78, 0.82, 0.84, 0.68, 0.69, 0.57, 0.54, 0.42, 0.43, 0.4, 0.49, 0.32, 0.29),
        ),
        "over": (
            (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0),
            (0.12, 0.16, 0.22, 0.33, 0.52, 0.73, 0.96, 1.19, 1.42, 1.66, 1.77, 1.91, 2.01),
        ),
        "suit": (
            (0.92, 0.99, 1.04, 1.13, 1.26, 1.36, 1.59, 1.77, 2.05, 2.28, 2.45, 2.59, 2.77),
            (0.91, 0.92, 0.91, 0.91, 0.89, 0.85, 0.79, 0.75, 0.69, 0.64, 0.62, 0.55, 0.51),
        ),
        "under": (
            (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0),
            (1.57, 1.53, 1.46, 1.39, 1.28, 1.15, 1.05, 0.9, 0.74, 0.61, 0.5, 0.45, 0.38),
        ),
    },
}
"""Per game id and kind of bid (:func:`bid_class`): how much likelier than at random a card is in the hand of a
seat that made such a bid, by rank (2 … A), in the suits the bid seeks and in the others — measured on the
heuristic's own bidding (bench/fit_anarchy_bids.py). The sampler deals the unseen cards with these weights."""


def bid_cost(game: AnarchyFamily, bid: str, deals_left: int) -> float:
    """Organised Chaos (§3: each bid once in ten deals): what using ``bid`` now costs — its typical score, kept
    for a later deal; nothing in the last deal (one bid is left) or in the other games."""
    if not game.chaos or deals_left <= 1:
        return 0.0
    return CALIBRATION.get(game.id, {}).get(bid, UNCALIBRATED)[-1]


CONTEST = 0.25
"""Anarchy and the Bomb, open bids: the share of a suit or colour bid's value lost when an earlier bidder
already seeks the same cards (they will fight for them)."""


def choose_bid(
    game: AnarchyFamily,
    legal: Sequence[str],
    hand: int,
    unseen: int,
    plays: int,
    others: Sequence[str | None],
    deals_left: int,
    values: dict[str, float] | None = None,
) -> str:
    """The bid a club player makes: the best of :func:`bid_worths` (the first of equals)."""
    worths = bid_worths(game, legal, hand, unseen, plays, others, deals_left, values)
    best, best_worth = legal[0], -math.inf
    for bid, worth in zip(legal, worths, strict=True):
        if worth > best_worth:
            best, best_worth = bid, worth
    return best


def bid_worths(
    game: AnarchyFamily,
    legal: Sequence[str],
    hand: int,
    unseen: int,
    plays: int,
    others: Sequence[str | None],
    deals_left: int,
    values: dict[str, float] | None = None,
) -> list[float]:
    """What each of ``legal`` is worth to a club player: its expected score, less what earlier bids contest (open
    bidding) and, in Organised Chaos, less what the bid would be worth kept for a later deal. ``values``:
    :func:`bid_values` of the hand where the caller has them already."""
    if values is None:
        values = bid_values(game, hand, unseen, plays)
    sought = frozenset(x for bid in others if bid is not None for x in seeks(bid))
    worths = []
    for bid, contested, cost in _bid_terms(game.id, game.chaos, deals_left, tuple(legal), sought):
        worth = values[bid]
        if contested:
            worth *= 1.0 - CONTEST
        worths.append(worth - cost)
    return worths


BID_TERMS_CACHE = 1 << 12
"""How many choices of bids :func:`_bid_terms` keeps the terms of."""


@lru_cache(maxsize=BID_TERMS_CACHE)
def _bid_terms(
    game_id: str, chaos: bool, deals_left: int, legal: tuple[str, ...], sought: frozenset[int]
) -> tuple[tuple[str, bool, float], ...]:
    """:func:`choose_bid`'s terms of each of ``legal``: whether an earlier bid seeks the cards it seeks (``sought``:
    the suits), and its cost (:func:`bid_cost`; nothing where it is uncalibrated)."""
    costs = _bid_costs(game_id, chaos, deals_left)
    return tuple((bid, bool(sought) and not sought.isdisjoint(seeks(bid)), costs.get(bid, 0.0)) for bid in legal)


@cache
def _bid_costs(game_id: str, chaos: bool, deals_left: int) -> dict[str, float]:
    """:func:`bid_cost` of every calibrated bid (uncalibrated ones cost nothing: see :data:`UNCALIBRATED`)."""
    if not chaos or deals_left <= 1:
        return {}
    return {bid: c[-1] for bid, c in CALIBRATION.get(game_id, {}).items()}


def pass_order(game: AnarchyFamily, hand: int, unseen: int, plays: int, bid: str) -> list[int]:
    """Organised Chaos: the hand's cards, the ones to pass first (those that help the planned ``bid`` least: for a
    bid that seeks cards, the ones least expected to take; for over/under, the ones most expected to)."""
    values, voids = suit_values(game, bid, hand, 0)
    u_total = unseen.bit_count() or 1
    p = min(plays / u_total, 1.0)
    if not hand >> JOKER:  # a single deck's cards, no Joker (Organised Chaos): each suit's gains cached, as below
        names: list[int] = []
        worth: list[float] = []
        for x in range(4):
            shift = 16 * x
            held = (hand >> shift) & C.RANK_MASK
            if held:
                suit_names, suit_worth = _pass_worths(
                    shift, held, (unseen >> shift) & C.RANK_MASK, p, values[x], voids[x]
                )
                names += suit_names
                worth += suit_worth
        order = sorted(range(len(names)), key=worth.__getitem__)
        return [names[i] for i in order]
    names = [c for c in C.sorted_cards(C.cards_in(hand))]
    worth = []
    for card in names:
        x, r = (card >> 4) & 3, card & 15
        hi = (unseen & ABOVE[x][r]).bit_count()
        lower = (unseen & BELOW[x][r]).bit_count()
        keep = BOMB_SINGLETON_KEEP[0] + BOMB_SINGLETON_KEEP[1] * r / C.ACE
        worth.append(expected_gain(values[x], voids[x], hi, lower, p, keep))
    order = sorted(range(len(names)), key=lambda i: worth[i])
    return [names[i] for i in order]


@lru_cache(maxsize=1 << 15)
def _pass_worths(
    shift: int, held: int, unseen: int, p: float, val: float, void: float
) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """:func:`pass_order`'s cards of one suit (``shift``: 16 × the suit; ``held``, ``unseen``: its ranks) and what
    each is worth to the plan: ``expected_gain(val, void, …)`` term by term from :func:`_pass_gains`."""
    gains = _pass_gains(held, unseen, p)
    return tuple(shift | r for r, _, _ in gains), tuple(val * gain - void * takes for _, gain, takes in gains)


@lru_cache(maxsize=1 << 14)
def _pass_gains(held: int, unseen: int, p: float) -> tuple[tuple[int, float, float], ...]:
    """:func:`pass_order`'s reckoning of one suit's held ranks (A first) against its unseen ranks: per rank, the
    two factors of :func:`expected_gain` — what a card of the suit taken is worth times the first, less the void's
    cost times the second."""
    power = _powers(1.0 - p)[0]  # q**k
    out = []
    for r in _ranks_down(held):
        hi = (unseen & ABOVE[0][r]).bit_count()
        lower = (unseen & BELOW[0][r]).bit_count()
        keep = BOMB_SINGLETON_KEEP[0] + BOMB_SINGLETON_KEEP[1] * r / C.ACE
        no_higher = power[hi]
        alone = no_higher * power[lower]
        wins = no_higher - alone
        out.append((r, wins * (1.0 + lower * p) + alone * keep, wins + alone * keep))
    return tuple(out)


# --- the kit ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Template:
    """The part of a sample that depends only on the information state (made once per search)."""

    base: dict[str, Any]  # AnarchyState fields that every sample shares
    hands: tuple[int, ...]  # the known cards of every hand (the seat's own: all of it)
    room: tuple[int, ...]  # per seat: unseen cards still to deal into its hand
    pool: tuple[int, ...]  # the unseen cards to deal
    dummy_known: tuple[int, ...]  # the bottom of the dummy's stock that the seat put there (KA4)
    dummy_hidden: int  # unseen cards on top of it
    gift_left: int  # dummy_passes, another dealer: cards of the dealer's pass still in the stock (KA4)
    gift_after: int  # … all sorting after this key (the last of the pass already turned; -1: none)
    rest_known: tuple[int, ...]  # the live turn-up (Anarchy 5p)
    rest_hidden: int
    joker: bool  # the Joker is unseen and must go to another player's hand (P4)
    weights: dict[int, tuple[float, ...]] | None  # per unseen card, its weight in each place (None: all alike)


class SearchGame:
    """The family as the search walks it: the calls of :class:`~kirifuda.core.Game` the search makes
    (:class:`~kirifuda.bots.kit.SearchGame`), over the fast engine's mutable :class:`~kirifuda.fast.anarchy.Position`
    (``apply`` moves it in place and returns it) instead of the pure engine's immutable states. The legal actions
    are the pure engine's own values in its order (so a search draws the same choices on either), and what a seat
    sees of an action is the pure engine's :meth:`~kirifuda.games.anarchy.AnarchyFamily.seen`. ``apply`` checks
    that the seat is awaited and holds the cards it names (the search's modelled seats make their choices without
    listing them)."""

    def __init__(self, game: AnarchyFamily) -> None:
        self.family = game
        self.id = game.id
        self.seat_count = game.seat_count
        self.seen = game.seen
        self._alone = tuple(frozenset((seat,)) for seat in range(game.n))

    def to_act(self, p: Position) -> frozenset[int]:
        phase = p.phase
        if phase == PLAY:
            return frozenset(s for s, c in enumerate(p.chosen) if c == NO_CARD)
        if phase == BID:
            if self.family.secret_bids:
                return frozenset(s for s, b in enumerate(p.bids) if b is None)
            return self._alone[p.turn]
        if phase == PASS:
            return frozenset(s for s, g in enumerate(p.given) if not g)
        return frozenset()

    def _awaits(self, p: Position, seat: int) -> bool:
        phase = p.phase
        if phase == PLAY:
            return p.chosen[seat] == NO_CARD
        if phase == BID:
            return p.bids[seat] is None if self.family.secret_bids else seat == p.turn
        return phase == PASS and not p.given[seat]

    def legal_actions(self, p: Position, seat: int) -> Sequence[Action]:
        """The pure engine's ``legal_actions`` of the same state (the same values, in the same order)."""
        if not self._awaits(p, seat):
            return []
        phase = p.phase
        if phase == PLAY:
            return _plays(_names(p.hands[seat]))
        if phase == BID:
            return [BIDS[name] for name in p.bid_choices(seat)]
        return _gives(p.hands[seat])

    def apply(self, p: Position, seat: int, action: Action) -> Position:
        phase, hand = p.phase, p.hands[seat]
        if phase == PASS and type(action) is Give and not p.given[seat]:
            left = hand
            for name in action.cards:  # §3: three cards of the hand (a name twice: both copies)
                if left >> name & 1:
                    left ^= 1 << name
                elif left >> (name | COPY) & 1:
                    left ^= 1 << (name | COPY)
                else:
                    raise IllegalAction(f"{C.text(name)} is not in the hand", ja=f"{C.symbol(name)} は手札にありません")
            p.give(seat, action.cards)
        elif phase == BID and type(action) is Bid and self._awaits(p, seat):
            bid = action.name
            if bid not in self.family.bid_names or (self.family.chaos and any(b[seat] == bid for b in p.bid_history)):
                raise IllegalAction(f"{bid!r} is not a bid left", ja=f"{bid!r} は残りのビッドにありません")  # §3
            p.bid(seat, bid)
        elif phase == PLAY and isinstance(action, Play) and p.chosen[seat] == NO_CARD:
            name = action.card
            if not (hand >> name & 1 or (name != JOKER and hand >> (name | COPY) & 1)):
                raise IllegalAction(f"{C.text(name)} is not in the hand", ja=f"{C.symbol(name)} は手札にありません")
            p.choose(seat, name)
            if NO_CARD not in p.chosen:
                p.reveal()
        elif not self._awaits(p, seat):
            raise IllegalAction(f"seat {seat} is not to act", ja=f"席 {seat} の番ではありません")
        else:
            raise IllegalAction(f"{action} is not a {phase} action", ja=f"{action} は今できる行動ではありません")
        return p

    def deal_scores(self, p: Position) -> list[tuple[int, ...]]:
        return p.scores

    def chance(self, p: Position) -> str | None:
        return "deal" if p.phase == DEAL else None

    def is_over(self, p: Position) -> bool:
        return p.phase == OVER


class Kit(GameKit):
    """The Anarchy family's kit (see the module docstring)."""

    budgets = {"easy": 60, "normal": 300, "hard": 750}
    flat_budgets = {"hard": 6000}
    """A flat iteration here (one rollout on the fast engine) costs about an eighth of a tree's: 6,000 of them take
    the Bomb's ``hard-flat`` 0.32 s a decision at the median, 0.46 s at p95 (two tournaments side by side), about
    the tree's 750."""
    model_others = True  # the other seats' bids and cards come from their own imagined hands (the heuristic)
    reuse = REUSE

    def __init__(self, game: Any) -> None:
        if not isinstance(game, AnarchyFamily):
            raise TypeError(f"the Anarchy kit plays the Anarchy family, not {game.id}")
        super().__init__(game)
        self.family: AnarchyFamily = game
        self.infer_pool = INFER_POOLS.get(game.id, 0)
        self.others_epsilon: float | None = OTHERS_EPSILON.get(game.id)
        """The flat search's rollouts: the other seats' share of random cards (None: :data:`EPSILON`, as the seat's
        own; :data:`OTHERS_EPSILON`)."""
        self.deck_mask = C.mask(game.deck())
        self._template: tuple[InfoState, _Template] | None = None
        self._priors: dict[tuple[int, ...], Sequence[Action]] = {}
        self.search_game = SearchGame(game)
        self._bids: dict[tuple[Any, ...], str] = {}
        """:meth:`_bid_of`'s choices by (hand, unseen cards, bids left, the others' bids, deals left)."""
        self._bid_values: dict[tuple[int, int], dict[str, float]] = {}
        """:func:`bid_values` by (hand, unseen cards)."""
        self._passes: dict[tuple[Any, ...], tuple[int, ...]] = {}
        """:meth:`_pass_of`'s passes by (hand, unseen cards, bids left, deals left)."""
        self._orders: dict[tuple[Any, ...], tuple[int, ...]] = {}
        """:meth:`_order_of`'s card rankings by (hand, unseen cards, bid, cards taken, spare, turn-up)."""
        self._cards: dict[tuple[Any, ...], int] = {}
        self._past_cards: dict[tuple[Any, ...], int] = {}
        """:meth:`_past_card`'s cards by (hand, unseen cards, bid, cards taken, spare, turn-up)."""
        self._tilt_logs: tuple[_Template, dict[int, tuple[float, ...]]] | None = None
        """:meth:`_log_tilt`'s log weights of the template they were made for."""
        """:meth:`_card_of`'s best cards by (hand, unseen cards, bid, cards taken, spare, turn-up)."""

    def searchable(self, state: Any) -> Position:
        """A sampled (or true) pure state as the fast position the search walks (a private copy, which writes no
        score lines: the search reads the scores only)."""
        pos = Position.from_state(self.family, state) if isinstance(state, AnarchyState) else state.copy()
        pos.keep_lines = False
        return pos

    def knowledge(self, seat: int) -> AnarchyKnowledge:
        return AnarchyKnowledge(seat)

    # --- the sampler ------------------------------------------------------------------------
    def sample(self, info: InfoState, rng: random.Random) -> AnarchyState:
        cached = self._template
        if cached is not None and cached[0] is info:
            t = cached[1]
        else:
            t = self._make_template(info)
            self._template = (info, t)
        game = self.family
        n = game.n
        pool = list(t.pool)
        hands = list(t.hands)
        room = list(t.room)
        if t.joker:
            pick = rng.randrange(sum(room))
            for s in range(n):
                if pick < room[s]:
                    hands[s] |= 1 << JOKER
                    room[s] -= 1
                    break
                pick -= room[s]
        gift: list[int] = []
        if t.gift_left:
            eligible = [c for c in pool if _sort_key(c) > t.gift_after]
            gift = sorted(rng.sample(eligible, t.gift_left), key=_sort_key)
            for c in gift:
                pool.remove(c)
        _shuffle(pool, rng)
        if t.weights is None:  # every placement alike: deal the shuffled cards out in order
            k = 0
            for s in range(n):
                size = room[s]
                if size:
                    m = hands[s]
                    for c in pool[k : k + size]:
                        m |= 1 << c
                    hands[s] = m
                    k += size
            dummy_cards = pool[k : k + t.dummy_hidden]
            rest_cards = pool[k + t.dummy_hidden :]
        else:
            places = _deal_weighted(pool, [*room, t.dummy_hidden, t.rest_hidden], t.weights, rng.random)
            for s in range(n):
                for c in places[s]:
                    hands[s] |= 1 << c
            dummy_cards, rest_cards = places[n], places[n + 1]
        dummy = tuple(dummy_cards) + tuple(gift) + t.dummy_known
        rest = t.rest_known + tuple(rest_cards)
        state = AnarchyState(hands=tuple(hands), dummy=dummy, rest=rest, **t.base)
        obs = info.observation
        assert isinstance(obs, AnarchyObservation)
        if game.chaos and state.phase != PASS and obs.passed is not None:
            state = self._draw_passes(info, state, gift, rng)
        return state

    def _make_template(self, info: InfoState) -> _Template:
        game = self.family
        obs = info.observation
        assert isinstance(obs, AnarchyObservation) and obs.hand is not None
        know = info.knowledge
        assert isinstance(know, AnarchyKnowledge)
        n, me, phase = game.n, info.seat, obs.phase
        hand = _mask(obs.hand)
        taken = [_mask(t) for t in obs.taken] + ([_mask(obs.dummy_taken)] if obs.dummy_taken is not None else [])
        all_taken = 0
        for m in taken:
            all_taken |= m
        seen = hand | all_taken
        chosen = [NO_CARD] * n
        given = [0] * n
        my = obs.my_choice
        if phase == PLAY and isinstance(my, Play):
            chosen[me] = _unseen_copy(my.card, seen)
            seen |= 1 << chosen[me]
        elif phase == PASS and isinstance(my, Give):
            for name in my.cards:
                card = _unseen_copy(name, seen)
                given[me] |= 1 << card
                seen |= 1 << card
        spare = NO_CARD
        if obs.spare is not None:
            spare = _unseen_copy(C.parse(obs.spare), seen)
            seen |= 1 << spare
        rest_known: tuple[int, ...] = ()
        if obs.turnup is not None:
            rest_known = (C.parse(obs.turnup),)
            seen |= 1 << rest_known[0]
        if obs.bomb_thrown:
            seen |= 1 << JOKER
        # cards the seat knows the place of: its pass (Chaos), with its receiver unless played since
        hands = [0] * n
        hands[me] = hand
        dummy_known: tuple[int, ...] = ()
        gift_left, gift_after = 0, -1
        dealer = obs.dealer
        dummy_passes = game.has_dummy and bool(getattr(game.options, "dummy_passes", False))
        received = [0] * n
        if obs.passed is not None:
            given[me] = _mask(obs.passed)
            received[me] = _mask(obs.received) if obs.received is not None else 0
            still = _mask(obs.passed) & ~all_taken
            if dummy_passes and me == dealer:
                dummy_known = tuple(sorted(C.cards_in(still), key=_sort_key))  # KA4: under the stock
            else:
                hands[(me + 1) % n] |= still  # KA11 / §3: to the left
            seen |= still
            if dummy_passes and me != dealer:
                done = obs.trick_number - 1 if phase == PLAY else 0
                turned = know.dummy_turned[DUMMY_PASS_AT:] if isinstance(know, AnarchyKnowledge) else ()
                gift_left = min(PASS_SIZE, game.hand_size - max(done, DUMMY_PASS_AT))
                gift_after = _sort_key(turned[-1]) if turned else -1
        pool = tuple(C.cards_in(self.deck_mask & ~seen & ~(1 << JOKER)))
        joker = game.bomb and not seen >> JOKER & 1
        room = [0] * n
        for s in range(n):
            if s == me:
                continue
            size = obs.hand_sizes[s]
            if obs.ready[s]:
                size += 1 if phase == PLAY else PASS_SIZE if phase == PASS else 0
            room[s] = size - hands[s].bit_count()
        dummy_hidden = obs.dummy_stock - len(dummy_known) - gift_left
        rest_hidden = obs.turnups_face_down if game.original else obs.out_of_play
        bids: list[str | None] = list(obs.bids)
        if phase == BID and game.secret_bids:
            bids = [b if s == me else None for s, b in enumerate(bids)]  # others' face-down bids: unmade
        base = {
            "phase": phase,
            "dealer": dealer,
            "turn": obs.to_act[0] if phase == BID and not game.secret_bids else NOBODY,
            "given": tuple(given),
            "received": tuple(received),
            "bids": tuple(bids),
            "chosen": tuple(chosen),
            "taken": tuple(taken),
            "spare": spare,
            "wild_to": NOBODY if obs.wild_joker is None else obs.wild_joker,
            "tricks_done": obs.trick_number - 1 if phase == PLAY else 0,
            "last": _last_trick(obs, taken, n),
            "bid_history": know.bid_history if isinstance(know, AnarchyKnowledge) else (),
            "scores": obs.deal_scores,
            "lines": obs.deal_lines,
        }
        return _Template(
            weights=self._weights(pool, bids, me, len(obs.deal_scores)),
            base=base,
            hands=tuple(hands),
            room=tuple(room),
            pool=pool,
            dummy_known=dummy_known,
            dummy_hidden=dummy_hidden,
            gift_left=gift_left,
            gift_after=gift_after,
            rest_known=rest_known,
            rest_hidden=rest_hidden,
            joker=joker,
        )

    def _weights(
        self, pool: Sequence[int], bids: Sequence[str | None], me: int, deals_done: int
    ) -> dict[int, tuple[float, ...]] | None:
        """Per unseen card, how likely each place is to hide it, by what the bids made tell of the bidders' hands
        (:data:`BID_WEIGHTS`; places: the seats, then the dummy's stock and the cards aside); None where no bid
        tells anything."""
        game = self.family
        table = BID_WEIGHTS.get(game.id)
        if table is None or not any(b is not None for s, b in enumerate(bids) if s != me):
            return None
        rows: list[tuple[tuple[tuple[float, ...], tuple[float, ...]], tuple[int, ...]] | None] = []
        for s, bid in enumerate(bids):
            if s == me or bid is None or bid_class(bid) not in table:
                rows.append(None)
            else:
                rows.append((table[bid_class(bid)], seeks(bid)))
        # Organised Chaos: a bid tells less as the bids left run out (the last deal's is forced, §3)
        strength = (game.total_deals - deals_done - 1) / (game.total_deals - 1) if game.chaos else 1.0
        out = {}
        for c in pool:
            x, r = (c >> 4) & 3, c & 15
            w = [1.0 if row is None else row[0][0 if x in row[1] else 1][r] ** strength for row in rows]
            out[c] = (*w, 1.0, 1.0)
        return out

    def _draw_passes(self, info: InfoState, state: AnarchyState, gift: list[int], rng: random.Random) -> AnarchyState:
        """Organised Chaos after the pass: the passes the seat did not see, drawn to fit the sampled hands — each
        seat received three cards it holds or has played (§3; 3 players: KA4 / KA11)."""
        game = self.family
        n, me, dealer = game.n, info.seat, state.dealer
        know = info.knowledge
        assert isinstance(know, AnarchyKnowledge)
        dummy_passes = game.has_dummy and bool(getattr(game.options, "dummy_passes", False))
        dealers_left = (dealer + 1) % n

        def receiver(s: int) -> int:  # NOBODY: the dummy
            return NOBODY if dummy_passes and s == dealer else (s + 1) % n

        def giver(t: int) -> int:
            return NOBODY if dummy_passes and t == dealers_left else (t - 1) % n

        given, received = list(state.given), list(state.received)
        if receiver(me) != NOBODY:
            received[receiver(me)] = given[me]
        if giver(me) != NOBODY:
            given[giver(me)] = received[me]
        for t in range(n):
            if t == me or received[t]:
                continue
            holdings = state.hands[t] | (know.played[t] if know.played else 0)
            received[t] = C.mask(rng.sample(C.card_list(holdings), PASS_SIZE))
            if giver(t) != NOBODY:
                given[giver(t)] = received[t]
        if dummy_passes and me != dealer:
            given[dealer] = C.mask(list(know.dummy_turned[DUMMY_PASS_AT:]) + gift)  # KA4: under the stock
        return evolve(state, given=tuple(given), received=tuple(received))

    # --- the inference-weighted sampler's model ------------------------------------------------
    def log_likelihood(self, info: InfoState, state: Any, epsilon: float) -> float | None:
        """How likely the other seats' bids of the current deal were with the hands the determinization ``state``
        gives them (the inference-weighted sampler, :mod:`kirifuda.bots.inference`; a deal of simultaneous face-down
        plays does not replay from a determinization, so the generic model does not serve here). Each bid made that
        the seat sees is scored under the heuristic's bid (:meth:`_bid_of`) for the hand its bidder held when it bid —
        its hand in ``state`` and the cards it has played since (public after each reveal; Organised Chaos: the hand
        after the pass; the Bomb's Anarchist still with the Joker) — against the unseen cards from its view then
        (the deck less its hand and the face-up spare), the bids before it (open bidding, P2) and its bids left
        (Organised Chaos, §3): probability ``1 − ε`` to the heuristic's bid and ``ε`` shared among the legal bids
        (:attr:`bid_model` "softmax": a softmax of the heuristic's bid worths at :attr:`bid_temperature` instead).
        The sampler already deals the unseen cards by what the bids tell (:data:`BID_WEIGHTS`); that tilt is
        divided out (:attr:`untilt`), so the weights do not count the bids twice. Reads ``info`` and ``state``
        only."""
        game = self.family
        obs = info.observation
        know = info.knowledge
        assert isinstance(obs, AnarchyObservation) and isinstance(know, AnarchyKnowledge)
        me, n = info.seat, game.n
        bids = obs.bids
        if not any(b is not None for s, b in enumerate(bids) if s != me):
            return 0.0
        spare_then = know.bomb_card if obs.bomb_thrown else (NO_CARD if obs.spare is None else C.parse(obs.spare))
        deals_left = game.total_deals - len(obs.deal_scores)
        order = list(game.ring.order_from(game.ring.next(obs.dealer)))
        played = know.played or (0,) * n
        total = 0.0
        softmax = self.bid_model == "softmax"
        before: list[str | None] = [None] * n
        for s in order:
            bid = bids[s]
            if bid is None:
                continue
            if s != me:
                hand = state.hands[s] | played[s]
                unseen = self.deck_mask & ~hand
                if spare_then != NO_CARD:
                    unseen &= ~(1 << spare_then)
                used = {past[s] for past in know.bid_history} if game.chaos else ()
                legal = tuple([b for b in game.bid_names if b not in used])
                if len(legal) > 1:
                    others = () if game.secret_bids else tuple([b for t, b in enumerate(before) if t != s])
                    if softmax:
                        total += self._bid_log_softmax(hand, unseen, legal, others, deals_left, bid)
                    else:
                        chosen = self._bid_of(hand, unseen, legal, others, deals_left)
                        total += math.log(epsilon / len(legal) + (1.0 - epsilon if chosen == bid else 0.0))
            before[s] = bid
        if self.model_plays:
            play_epsilon = epsilon if self.play_epsilon is None else self.play_epsilon
            total += self._plays_log_likelihood(me, state, know, bids, play_epsilon)
        if self.untilt:
            total -= self._log_tilt(info, state)
        return total

    model_plays = True
    """Whether :meth:`log_likelihood` scores the other seats' revealed cards too (:meth:`_plays_log_likelihood`)."""
    play_epsilon: float | None = None
    """The plays' ε (None: the sampler's, as the bids')."""

    def _plays_log_likelihood(
        self, me: int, state: Any, know: AnarchyKnowledge, bids: Sequence[str | None], epsilon: float
    ) -> float:
        """The log-probability of the cards the other seats played in this deal's revealed tricks under the
        heuristic's card (:func:`card_scores`' best, as :meth:`heuristic` plays it) with ``1 − ε``, ``ε`` shared among
        the card names the hand held: each from the hand its player held then (its hand in ``state`` and the cards
        it played in that trick and after), the cards captured before, its bid and the face-up spare and turn-up."""
        game = self.family
        tricks = know.tricks
        if not tricks:
            return 0.0
        n = game.n
        later = [state.hands[s] for s in range(n)]  # each hand with the cards of the tricks from t on
        copies = self.deck_mask >> COPY != 0
        total = 0.0
        log = math.log
        for cards, before, spare, turnup in reversed(tricks):
            public = 0
            for m in before:
                public |= m
            if spare != NO_CARD:
                public |= 1 << spare
            if turnup != NO_CARD:
                public |= 1 << turnup
            if game.bomb and spare == NO_CARD:
                public |= 1 << JOKER  # thrown before this trick
            for s in range(n):
                card = cards[s]
                if card == NO_CARD:
                    continue
                hand = later[s] | (1 << card)
                later[s] = hand
                if s == me:
                    continue
                count = len(names_of(hand)) if copies else hand.bit_count()  # the card names held (the choices)
                if count < 2:
                    continue
                best = self._past_card(hand, self.deck_mask & ~hand & ~public, bids[s], before[s], spare, turnup)
                name = card if card == JOKER else C.base(card)
                total += log(epsilon / count + (1.0 - epsilon if best == name else 0.0))
        return total

    def _past_card(self, hand: int, unseen: int, bid: str | None, taken: int, spare: int, turnup: int) -> int:
        """The heuristic's card name (:meth:`heuristic`) for a hand at a trick already played, cached by all it
        reads."""
        key = (hand, unseen, bid, taken, spare, turnup)
        best = self._past_cards.get(key)
        if best is None:
            game = self.family
            values, voids = suit_values(game, bid, hand, taken)
            names = names_of(hand)
            if self.deck_mask >> COPY or hand >> JOKER:
                scores = card_scores(game, names, unseen, values, voids, self._plays(), spare, turnup)
            else:  # the same floats, each suit's cached (:meth:`_order_of`)
                scores = _scores_by_suit(game.original, hand, unseen, values, voids, self._plays(), turnup)
            best = names[_best(scores)]
            if len(self._past_cards) >= MODEL_CACHE:
                self._past_cards.clear()
            self._past_cards[key] = best
        return best

    bid_model = "epsilon"
    """The inference sampler's model of a bid: "epsilon" (the heuristic's bid with ``1 − ε``) or "softmax"."""
    bid_temperature = 2.0
    """"softmax": the temperature, in points of the bid worths :func:`choose_bid` compares."""
    untilt = True
    """Whether :meth:`log_likelihood` divides out the sampler's bid-weighted deal (:data:`BID_WEIGHTS`)."""

    def _bid_log_softmax(
        self, hand: int, unseen: int, legal: tuple[str, ...], others: tuple[str | None, ...], deals_left: int, bid: str
    ) -> float:
        """The log-probability of ``bid`` under a softmax of :func:`choose_bid`'s worths at :attr:`bid_temperature`."""
        values = self._bid_values.get((hand, unseen))
        if values is None:
            if len(self._bid_values) >= MODEL_CACHE:
                self._bid_values.clear()
            values = self._bid_values[(hand, unseen)] = bid_values(self.family, hand, unseen, self._plays())
        sought = frozenset(x for b in others if b is not None for x in seeks(b))
        worths = {}
        for name, contested, cost in _bid_terms(self.family.id, self.family.chaos, deals_left, legal, sought):
            worths[name] = (values[name] * (1.0 - CONTEST if contested else 1.0) - cost) / self.bid_temperature
        top = max(worths.values())
        return worths[bid] - top - math.log(sum(math.exp(w - top) for w in worths.values()))

    def _log_tilt(self, info: InfoState, state: Any) -> float:
        """The log of how much likelier the sampler's bid-weighted deal (:meth:`_weights`) makes the hidden cards
        of the other hands in ``state`` than a uniform deal would (the product of their weights)."""
        cached = self._template
        if cached is not None and cached[0] is info:
            t = cached[1]
        else:
            t = self._make_template(info)
            self._template = (info, t)
        if t.weights is None:
            return 0.0
        logs = self._tilt_logs
        if logs is None or logs[0] is not t:
            table = {c: tuple([math.log(x) for x in w]) for c, w in t.weights.items()}
            logs = self._tilt_logs = (t, table)
        table = logs[1]
        total = 0.0
        for s in range(self.family.n):
            if s == info.seat:
                continue
            m = state.hands[s]
            while m:
                low = m & -m
                row = table.get(low.bit_length() - 1)
                if row is not None:
                    total += row[s]
                m ^= low
        return total

    # --- how to play ------------------------------------------------------------------------
    def _plays(self) -> int:
        """How many cards a seat cannot see come out in each trick: the other players', and the dummy's top card."""
        game = self.family
        return game.n - 1 + (1 if game.has_dummy else 0)

    def _unseen(self, hand: int, taken: Sequence[int], spare: int, turnup: int, bomb_thrown: bool) -> int:
        public = hand
        for m in taken:
            public |= m
        if spare != NO_CARD:
            public |= 1 << spare
        if turnup != NO_CARD:
            public |= 1 << turnup
        if bomb_thrown:
            public |= 1 << JOKER
        return self.deck_mask & ~public

    def heuristic(self, info: InfoState, legal: Sequence[Action], rng: random.Random) -> Action:
        obs = info.observation
        assert isinstance(obs, AnarchyObservation) and obs.hand is not None
        scored = self.model_scores(info, legal)
        if scored is not None:  # a card or a bid: the best of the scores (the first of equals)
            kind, scores = scored
            return [a for a in legal if isinstance(a, Play if kind == "play" else Bid)][_best(scores)]
        hand = _mask(obs.hand)
        unseen = self._unseen(hand, *self._table(obs))
        plan = self._plan(hand, unseen, self._bids_left(info.knowledge, info.seat), obs.deals - obs.deal_number + 1)
        return _give(legal, pass_order(self.family, hand, unseen, self._plays(), plan)[:PASS_SIZE])

    def model_scores(self, info: InfoState, legal: Sequence[Action]) -> tuple[str, list[float]] | None:
        """What the club player scores each of ``legal`` by, from ``info``: ``("play", card_scores)`` in a trick,
        ``("bid", bid_worths)`` in the bidding; None at Organised Chaos's pass (it ranks cards, not passes). The
        heuristic takes the best; ``bench/anarchy_model_fit.py`` asks how well they predict a search's choices."""
        game = self.family
        obs = info.observation
        assert isinstance(obs, AnarchyObservation) and obs.hand is not None
        hand = _mask(obs.hand)
        taken, spare, turnup, bomb_thrown = self._table(obs)
        unseen = self._unseen(hand, taken, spare, turnup, bomb_thrown)
        if obs.phase == PLAY:
            values, voids = suit_values(game, obs.bids[info.seat], hand, taken[info.seat])
            names = [a.card for a in legal if isinstance(a, Play)]
            return "play", card_scores(game, names, unseen, values, voids, self._plays(), spare, turnup)
        if obs.phase == BID:
            bids = [a.name for a in legal if isinstance(a, Bid)]
            others = [b for s, b in enumerate(obs.bids) if s != info.seat]
            deals_left = obs.deals - obs.deal_number + 1
            return "bid", bid_worths(game, bids, hand, unseen, self._plays(), others, deals_left)
        return None

    @staticmethod
    def _table(obs: AnarchyObservation) -> tuple[list[int], int, int, bool]:
        """What the observation shows of the cards out of the hands: the cards each seat (and the dummy) took, the
        spare, the live turn-up, whether the bomb is thrown."""
        taken = [_mask(t) for t in obs.taken] + ([_mask(obs.dummy_taken)] if obs.dummy_taken is not None else [])
        spare = NO_CARD if obs.spare is None else C.parse(obs.spare)
        turnup = NO_CARD if obs.turnup is None else C.parse(obs.turnup)
        return taken, spare, turnup, obs.bomb_thrown

    def _bids_left(self, knowledge: Knowledge, seat: int) -> list[str]:
        used = {bids[seat] for bids in knowledge.bid_history} if isinstance(knowledge, AnarchyKnowledge) else set()
        return [b for b in self.family.bid_names if b not in used]

    def _plan(self, hand: int, unseen: int, bids: Sequence[str], deals_left: int) -> str:
        """Organised Chaos, before the pass: the bid the seat means to make (its pass serves it)."""
        return choose_bid(self.family, bids, hand, unseen, self._plays(), (), deals_left)

    def rollout_policy(self, state: Any, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        game = self.family
        hand = state.hands[seat]
        turnup = state.rest[0] if game.original and state.phase != BID and state.rest else NO_CARD
        bomb_thrown = game.bomb and state.spare == NO_CARD
        unseen = self._unseen(hand, state.taken, state.spare, turnup, bomb_thrown)
        deals_left = game.total_deals - len(state.scores)
        if state.phase == PLAY:
            if rng.random() < EPSILON:
                return rng.choice(list(legal))
            values, voids = suit_values(game, state.bids[seat], hand, state.taken[seat])
            names = [a.card for a in legal if isinstance(a, Play)]
            scores = card_scores(game, names, unseen, values, voids, self._plays(), state.spare, turnup)
            return PLAYS[names[_best(scores)]]
        if state.phase == BID:
            bids = [a.name for a in legal if isinstance(a, Bid)]
            others = [b for s, b in enumerate(state.bids) if s != seat]
            return BIDS[choose_bid(game, bids, hand, unseen, self._plays(), others, deals_left)]
        used = {bids[seat] for bids in state.bid_history}
        plan = self._plan(hand, unseen, [b for b in game.bid_names if b not in used], deals_left)
        return _give(legal, pass_order(game, hand, unseen, self._plays(), plan)[:PASS_SIZE])

    def model_choice(self, state: Any, seat: int, rng: random.Random) -> Action:
        """Another seat's choice in the search: :meth:`rollout_policy`'s, made without listing the legal actions
        where it need not: a bid straight from the bids left, and at Organised Chaos's pass the three cards it gives
        (not the hand's 286 passes)."""
        game = self.family
        if state.phase == BID:  # rollout_policy's bid (it draws nothing from rng)
            hand = state.hands[seat]
            unseen = self._unseen(hand, state.taken, state.spare, NO_CARD, game.bomb and state.spare == NO_CARD)
            used = {bids[seat] for bids in state.bid_history} if game.chaos else ()  # §3: each bid once
            others = tuple([b for s, b in enumerate(state.bids) if s != seat])
            deals_left = game.total_deals - len(state.scores)
            bids = tuple([b for b in game.bid_names if b not in used])
            return BIDS[self._bid_of(hand, unseen, bids, others, deals_left)]
        if state.phase == PLAY:
            return self._card_of(state, seat, rng)
        if state.phase != PASS:
            return super().model_choice(state, seat, rng)
        hand = state.hands[seat]
        used = {bids[seat] for bids in state.bid_history}
        unseen = self._unseen(hand, state.taken, state.spare, NO_CARD, False)
        bids = tuple([b for b in game.bid_names if b not in used])
        names = self._pass_of(hand, unseen, bids, game.total_deals - len(state.scores))
        return _GIVES.get(names) or Give(names)

    def _card_of(self, state: Any, seat: int, rng: random.Random) -> Action:
        """:meth:`rollout_policy`'s card for ``seat`` among its legal plays (the same draws from ``rng``), the card
        scores' best cached by everything they read."""
        game = self.family
        hand = state.hands[seat]
        turnup = state.rest[0] if game.original and state.rest else NO_CARD
        spare = state.spare
        unseen = self._unseen(hand, state.taken, spare, turnup, game.bomb and spare == NO_CARD)
        if rng.random() < EPSILON:
            legal: list[Action] = list(self.search_game.legal_actions(state, seat))
            return rng.choice(legal)
        bid, taken = state.bids[seat], state.taken[seat]
        key = (hand, unseen, bid, taken, spare, turnup)
        best = self._cards.get(key)
        if best is None:
            if self.deck_mask >> COPY or hand >> JOKER:
                values, voids = suit_values(game, bid, hand, taken)
                names = [a.card for a in self.search_game.legal_actions(state, seat) if isinstance(a, Play)]
                scores = card_scores(game, names, unseen, values, voids, self._plays(), spare, turnup)
                best = names[_best(scores)]
            else:  # one deck, no Joker: the legal plays are the hand's names in canonical order (names_of), and the
                # best of them is the first of the rollout's ranking of the same hand (stable: the first of equals)
                order = self._orders.get(key)
                if order is None:
                    if len(self._orders) >= MODEL_CACHE:
                        self._orders.clear()
                    order = self._orders[key] = self._order_of(names_of(hand), hand, unseen, bid, taken, spare, turnup)
                best = order[0]
            if len(self._cards) >= MODEL_CACHE:
                self._cards.clear()
            self._cards[key] = best
        return PLAYS[best]

    def prior(self, state: Any, seat: int, legal: Sequence[Action]) -> Sequence[Action]:
        """Organised Chaos's pass (up to 286 choices): the passes of the cards that serve the seat's planned bid
        least first (progressive widening opens them in this order)."""
        if state.phase != PASS:
            return legal
        key = (seat, state.hands[seat], len(state.scores), state.dealer)
        cached = self._priors.get(key)
        if cached is not None and len(cached) == len(legal):
            return cached
        game = self.family
        hand = state.hands[seat]
        unseen = self.deck_mask & ~hand
        used = {bids[seat] for bids in state.bid_history}
        deals_left = game.total_deals - len(state.scores)
        plan = self._plan(hand, unseen, [b for b in game.bid_names if b not in used], deals_left)
        keys = [_sort_key(C.base(c)) for c in pass_order(game, hand, unseen, self._plays(), plan)]
        gives = _GIVES
        ordered: list[Action] = []
        first: set[int] = set()
        for i, j, k in _triples_by_rank(len(keys))[:PRIOR_TOP]:
            action = gives.get(tuple(_card_of_key(key) for key in sorted((keys[i], keys[j], keys[k]))))
            if action is not None and id(action) not in first:
                ordered.append(action)
                first.add(id(action))
        ordered.extend(a for a in legal if id(a) not in first)  # the rest, in the legal order
        if len(self._priors) > PRIOR_CACHE:
            self._priors.clear()
        self._priors[key] = ordered
        return ordered

    def rollout(self, state: Any, rng: random.Random) -> tuple[int, ...]:
        """The deal played out on the fast engine by the cheap policy: passes and bids as the heuristic makes them
        (:meth:`pass_all`, :meth:`bid_for`), then the cards (:meth:`play_out`). A position of the search is played
        in place."""
        return self._play_deal(state, rng)[0]

    def evaluate(self, state: Any, deal: int, rng: random.Random, seat: int | None = None) -> Sequence[float]:
        """A search leaf's value per seat: the deal's scores (a rollout's where it is not over), less in Organised
        Chaos what each seat's bid is typically worth (:func:`bid_cost`): a bid used now is not there for a later
        deal (§3), so the search bids where its hand suits the bid best, not where the bid scores most. The
        generic search values every leaf through it (:meth:`GameKit.evaluate`); with ``seat`` (the flat search's),
        the rollout plays the other seats' cards at :attr:`others_epsilon`."""
        scores = self.family.deal_scores(state)
        if len(scores) > deal:
            result, bids = scores[deal], state.bid_history[deal]
        else:
            result, bids = self._play_deal(state, rng, seat)
        game = self.family
        deals_left = game.total_deals - deal
        if not game.chaos or deals_left <= 1:
            return result
        costs = _bid_costs(game.id, game.chaos, deals_left)  # bid_cost of each bid
        return tuple(score - costs.get(bid, 0.0) for score, bid in zip(result, bids, strict=True))

    def _play_deal(
        self, state: Any, rng: random.Random, seat: int | None = None
    ) -> tuple[tuple[int, ...], tuple[str, ...]]:
        """The rollout: the deal's scores and bids. A :class:`Position` (the search's own copy, :meth:`searchable`)
        is played in place; a pure state on a copy. ``seat``: see :meth:`evaluate`."""
        if isinstance(state, Position):
            pos = state
        else:
            pos = Position.from_state(self.family, state)
            pos.keep_lines = False  # the rollout reads the scores only
        deal = len(pos.scores)
        if pos.phase == PASS:
            self.pass_all(pos)
        while pos.phase == BID:
            bidder = pos.seat_to_act()
            pos.bid(bidder, self.bid_for(pos, bidder))
        others = self.others_epsilon
        if seat is None or others is None:
            self.play_out(pos, rng)
        else:
            self.play_out(pos, rng, [EPSILON if s == seat else others for s in range(self.family.n)])
        return pos.scores[deal], pos.bid_history[deal]

    def pass_all(self, pos: Position) -> None:
        """Organised Chaos: every seat still to pass gives the three cards that serve its planned bid least."""
        game = self.family
        deals_left = game.total_deals - len(pos.scores)
        for s in range(game.n):
            if not pos.given[s]:
                hand = pos.hands[s]
                pos.give(s, self._pass_of(hand, self.deck_mask & ~hand, tuple(pos.bid_choices(s)), deals_left))

    def _pass_of(self, hand: int, unseen: int, bids: tuple[str, ...], deals_left: int) -> tuple[int, ...]:
        """Organised Chaos: the three cards (names, canonical order) a seat with ``hand`` gives, planning its bid
        among ``bids`` (:meth:`_plan`, :func:`pass_order`); cached by everything it reads."""
        key = (hand, unseen, bids, deals_left)
        found = self._passes.get(key)
        if found is None:
            plan = self._plan(hand, unseen, bids, deals_left)
            cards = pass_order(self.family, hand, unseen, self._plays(), plan)[:PASS_SIZE]
            found = tuple(C.sorted_cards(C.base(c) for c in cards))
            if len(self._passes) >= MODEL_CACHE:
                self._passes.clear()
            self._passes[key] = found
        return found

    def _bid_of(
        self, hand: int, unseen: int, bids: tuple[str, ...], others: tuple[str | None, ...], deals_left: int
    ) -> str:
        """The heuristic's bid among ``bids`` (:func:`choose_bid`), cached by everything it reads."""
        key = (hand, unseen, bids, others, deals_left)
        found = self._bids.get(key)
        if found is None:
            # the hand's bid values do not depend on the others' bids (only the contest does): found again when
            # another seat's bid differs
            values = self._bid_values.get((hand, unseen))
            if values is None:
                if len(self._bid_values) >= MODEL_CACHE:
                    self._bid_values.clear()
                values = self._bid_values[(hand, unseen)] = bid_values(self.family, hand, unseen, self._plays())
            found = choose_bid(self.family, bids, hand, unseen, self._plays(), others, deals_left, values)
            if len(self._bids) >= MODEL_CACHE:
                self._bids.clear()
            self._bids[key] = found
        return found

    def bid_for(self, pos: Position, seat: int) -> str:
        """The heuristic's bid for ``seat`` of a position in its bidding."""
        game = self.family
        hand = pos.hands[seat]
        unseen = self._unseen(hand, pos.taken, pos.spare, NO_CARD, False)
        others = tuple([b for t, b in enumerate(pos.bids) if t != seat])
        deals_left = game.total_deals - len(pos.scores)
        return self._bid_of(hand, unseen, tuple(pos.bid_choices(seat)), others, deals_left)

    def play_out(self, pos: Position, rng: random.Random, epsilon: float | Sequence[float] = EPSILON) -> None:
        """Play the position's deal to its end: each seat's cards ranked once by :func:`card_scores` and played in
        that order, a random card instead with probability ``epsilon`` (one for every seat, or each seat's)."""
        game = self.family
        n, taken = game.n, pos.taken
        copies = self.deck_mask >> COPY != 0
        orders: list[list[int]] = []
        turnup = pos.rest[0] if game.original and pos.rest else NO_CARD
        out = self._unseen(0, taken, pos.spare, turnup, game.bomb and pos.spare == NO_CARD)  # but the hands
        found_orders, spare, bids = self._orders, pos.spare, pos.bids
        for s in range(n):
            hand = pos.hands[s]
            unseen = out & ~hand  # what _unseen gives the seat
            key = (hand, unseen, bids[s], taken[s], spare, turnup)
            found = found_orders.get(key)
            if found is None:
                found = self._order_of(pos.names[s], hand, unseen, bids[s], taken[s], spare, turnup)
                if len(found_orders) >= MODEL_CACHE:
                    found_orders.clear()
                found_orders[key] = found
            orders.append(list(found))
        eps = [epsilon] * n if isinstance(epsilon, float | int) else list(epsilon)
        if copies or game.has_dummy:
            random_ = rng.random
            while pos.phase == PLAY:
                chosen = pos.chosen
                for s in range(n):
                    if chosen[s] == NO_CARD:
                        order = orders[s]
                        pos.choose(s, order.pop(int(random_() * len(order)) if random_() < eps[s] else 0))
                pos.reveal()
        else:
            _play_tricks(pos, orders, rng.random, eps)

    def _order_of(
        self, names: Sequence[int], hand: int, unseen: int, bid: str | None, taken: int, spare: int, turnup: int
    ) -> tuple[int, ...]:
        """:meth:`play_out`'s ranking of a hand (``names``: its cards as the position lists them): by
        :func:`card_scores`, best first, a name held twice (double deck, KA10) twice."""
        game = self.family
        values, voids = suit_values(game, bid, hand, taken)
        copies = self.deck_mask >> COPY != 0
        if copies or hand >> JOKER:  # a double deck, or the Joker in hand
            scores = card_scores(game, names, unseen, values, voids, self._plays(), spare, turnup)
        else:
            scores = _scores_by_suit(game.original, hand, unseen, values, voids, self._plays(), turnup)
        order = [names[i] for i in sorted(range(len(names)), key=scores.__getitem__, reverse=True)]
        if copies:  # a name held twice (double deck, KA10) is played twice
            order = [c for c in order for _ in range(2 if c != JOKER and hand >> c & hand >> (c | COPY) & 1 else 1)]
        return tuple(order)

    def undo_pending(self, state: Any, seat: int) -> Any:
        """Other seats' face-down choices taken back: a trick's card to the hand, a pass to the hand, a secret
        bid unmade (KA3: the cheating twin may see the cards, not choices made at the same moment as its own)."""
        game = self.family
        n = game.n
        hands = list(state.hands)
        if state.phase == PLAY:
            chosen = list(state.chosen)
            for s in range(n):
                if s != seat and chosen[s] != NO_CARD:
                    hands[s] |= 1 << chosen[s]
                    chosen[s] = NO_CARD
            return _replace(state, hands=tuple(hands), chosen=tuple(chosen))
        if state.phase == PASS:
            given = list(state.given)
            for s in range(n):
                if s != seat and given[s]:
                    hands[s] |= given[s]
                    given[s] = 0
            return _replace(state, hands=tuple(hands), given=tuple(given))
        if state.phase == BID and game.secret_bids:
            return _replace(state, bids=tuple(b if s == seat else None for s, b in enumerate(state.bids)))
        return state


# --- helpers ----------------------------------------------------------------------------------


def _play_tricks(pos: Position, orders: list[list[int]], random_: Any, epsilon: Sequence[float]) -> None:
    """:meth:`Kit.play_out`'s tricks where no card is held twice and there is no dummy: each seat's next card from
    its order (a random one with its probability in ``epsilon``), the trick revealed and captured — what
    :meth:`Position.choose` and :meth:`Position.reveal` do, on local variables (the same draws from ``random_``,
    the same captures, the same deal end), without keeping the hands' card names that no one reads afterwards."""
    game = pos.game
    n = pos.n
    taken = pos.taken
    singles, bomb, bomb_wild = not game.original, game.bomb, game.bomb_wild
    rest = pos.rest if game.original else []
    need = 2 if getattr(game.options, "turnup", "any") == "contested" else 1
    spare, wild_to = pos.spare, pos.wild_to
    cards = pos.chosen[:]
    for s in range(n):  # the trick under way: the seats still to choose
        if cards[s] == NO_CARD:
            order = orders[s]
            cards[s] = order.pop(int(random_() * len(order)) if random_() < epsilon[s] else 0)
    revealed = pos.revealed
    last = game.hand_size - 1
    for trick in range(pos.tricks_done, game.hand_size):
        if trick > pos.tricks_done:  # every seat in turn: a random card with its probability epsilon, else its next
            cards = [
                o.pop(int(random_() * len(o))) if random_() < e else o.pop(0)
                for o, e in zip(orders, epsilon, strict=True)
            ]
        bomb_seat = NOBODY
        if bomb and JOKER in cards:
            bomb_seat = cards.index(JOKER)  # §2 "The bomb": the spare is the Anarchist's card
            cards[bomb_seat] = spare
            spare = NO_CARD
        if bomb_seat == NOBODY and trick < last:
            _capture_into(cards, taken, singles)  # the last trick's receivers are kept (revealed), so not there
        else:
            receivers = capture(cards, singles, bomb_seat != NOBODY)
            for card, r in zip(cards, receivers, strict=True):
                taken[r] |= 1 << card
            if bomb_seat != NOBODY and bomb_wild:
                taker = receivers[bomb_seat]
                wild_to = taker if taker < n else NOBODY  # KA6
        turnup: tuple[int, ...] = ()
        if rest:
            suit = (rest[0] >> 4) & 3
            of_suit = [i for i, c in enumerate(cards) if (c >> 4) & 3 == suit]
            if len(of_suit) >= need:  # P1
                winner = max(of_suit, key=lambda i: cards[i] & 15)
                taken[winner] |= 1 << rest[0]
                turnup = (rest.pop(0), winner)
        if trick == last:
            revealed = (cards, receivers, bomb_seat, turnup)
    pos.hands = [0] * n  # every card played
    pos.names = [[] for _ in range(n)]
    pos.chosen = [NO_CARD] * n
    pos.spare, pos.wild_to, pos.revealed = spare, wild_to, revealed
    pos.tricks_done = game.hand_size
    if game.original or wild_to != NOBODY:
        pos.end_deal()
        return
    size = game.hand_size
    bids = pos.bids
    pos.end_deal(tuple(_deal_score_one_deck(bids[s], taken[s], size) for s in range(n)))  # type: ignore[arg-type]


SUIT_LANES = 0x0001000100010001
"""Bit 0 of each suit's 16 bits (a rank's place in every suit)."""


def _capture_into(cards: list[int], taken: list[int], singletons: bool) -> None:
    """:func:`~kirifuda.games.anarchy.capture` of a trick of distinct cards (one deck) without the bomb, straight into
    the captured piles ``taken`` (by seat): every suit played two or more times to the player of its highest card;
    with ``singletons`` two or more lone cards to the player of the highest of them unless its rank is tied, else
    each kept (§1 "Capture", §2). On the trick's bits: a suit's cards are one field of the trick's mask."""
    trick = 0
    for c in cards:
        trick |= 1 << c
    lone = 0
    for shift in (0, 16, 32, 48):
        suit = (trick >> shift) & C.RANK_MASK
        if suit & (suit - 1):  # two or more: to its highest card's player
            taken[cards.index(suit.bit_length() - 1 + shift)] |= suit << shift
        else:
            lone |= suit << shift
    if not lone:
        return
    if singletons and lone & (lone - 1):
        rank = ((lone | lone >> 16 | lone >> 32 | lone >> 48) & C.RANK_MASK).bit_length() - 1
        at_top = (lone >> rank) & SUIT_LANES  # the suits whose lone card has the top rank
        if not at_top & (at_top - 1):  # one: it takes every lone card
            taken[cards.index(at_top.bit_length() - 1 + rank)] |= lone
            return
    for s, c in enumerate(cards):  # kept
        if lone >> c & 1:
            taken[s] |= 1 << c


def _deal_score_one_deck(bid: str, taken: int, target: int) -> int:
    """:func:`~kirifuda.games.anarchy.bomb_deal_score` of a one-deck pile without the wild Joker: the bid's score
    on the suits' counts, 10 per suit of which none was taken, 20 per rank of which all four were (§2)."""
    counts = [(taken & m).bit_count() for m in SUIT_MASK]
    all_four = taken & taken >> 16 & taken >> 32 & taken >> 48 & C.RANK_MASK
    voids = (counts[0] == 0) + (counts[1] == 0) + (counts[2] == 0) + (counts[3] == 0)
    return bomb_bid_score(bid, counts, target) + VOID_BONUS * voids + QUARTET_BONUS * all_four.bit_count()


@cache
def _triples_by_rank(size: int) -> tuple[tuple[int, ...], ...]:
    """Every three positions of ``size`` cards ranked best first, the triples of best total rank first."""
    return tuple(sorted(combinations(range(size), PASS_SIZE), key=lambda t: (sum(t), t)))


def _mask(cards: CardSet) -> int:
    """A card set's bitmask (``CardSet`` keeps it in its one slot)."""
    mask: int = cards.mask
    return mask


def _shuffle(cards: list[int], rng: random.Random) -> None:
    """``rng.shuffle(cards)``, written out: the same Fisher–Yates swaps with the same draws (CPython's ``shuffle``
    draws each index below ``i + 1`` as ``_randbelow`` does, by ``getrandbits`` of its bit length, again while it is
    too large), without a method call per card (the sampler shuffles the unseen cards every search iteration)."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _deal_weighted(
    cards: Sequence[int], rooms: list[int], weights: dict[int, tuple[float, ...]], random_: Any
) -> list[list[int]]:
    """Deal ``cards`` (in the order given, already shuffled) into places of the sizes ``rooms``, each card to a place
    with probability proportional to the room left there times its weight for that place. Every placement that
    fills the rooms exactly can come out (every weight is positive)."""
    places: list[list[int]] = [[] for _ in rooms]
    count = len(rooms)
    for c in cards:
        w = weights[c]
        total = 0.0
        for i in range(count):
            total += rooms[i] * w[i]
        x = random_() * total
        pick = -1
        for i in range(count):
            if rooms[i]:
                pick = i
                x -= rooms[i] * w[i]
                if x < 0:
                    break
        places[pick].append(c)
        rooms[pick] -= 1
    return places


def _best(scores: Sequence[float]) -> int:
    """The index of the best score (the first of equals)."""
    best, value = 0, scores[0]
    for i in range(1, len(scores)):
        if scores[i] > value:
            best, value = i, scores[i]
    return best


def _give(legal: Sequence[Action], cards: Sequence[int]) -> Action:
    """The pass of ``cards`` among ``legal`` (a name twice where both copies go)."""
    names = tuple(C.sorted_cards(C.base(c) for c in cards))
    for action in legal:
        if isinstance(action, Give) and action.cards == names:
            return action
    raise ValueError(f"no pass of {names} among the legal actions")


def _replace(state: AnarchyState, **changes: Any) -> AnarchyState:
    result: AnarchyState = evolve(state, **changes)
    return result


def _unseen_copy(name: int, seen: int) -> int:
    """The copy of card ``name`` not among ``seen`` (the first copy where both are unseen: KA10)."""
    name = C.base(name)
    if name == JOKER or not seen >> name & 1:
        return name
    return name | COPY


def _last_trick(obs: AnarchyObservation, taken: list[int], n: int) -> LastTrick | None:
    """The last revealed trick as a state holds it, from what the observation shows of it."""
    if not obs.last_trick:
        return None
    cards = []
    bomb = NOBODY
    for r in obs.last_trick:
        place = n if r.seat is None else r.seat
        to = n if r.taken_by is None else r.taken_by
        name = C.parse(r.card)
        card = name if taken[to] >> name & 1 else name | COPY
        cards.append((place, card, to))
        if r.bomb:
            bomb = place
    turnup: tuple[int, ...] = ()
    if obs.last_turnup is not None:
        turnup = (C.parse(obs.last_turnup[0]), obs.last_turnup[1])
    return LastTrick(tuple(cards), bomb, turnup)
