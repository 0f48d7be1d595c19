"""Cut-in (カットイン) — a go-out (ゴーアウト) game: one-lap turns, the cut-in single and the lock.

Sources: ../shared/rules/cutin.md (the reference; cited below as "cutin.md §…" and rulings C1–C5),
which follows the game designed at the end of ../shared/seeds/004_2cf7c204125085f8.txt (section
「これまでのルールをまとめると」, cited as "seed まとめ"; the design notes before it as "seed ①–⑥", the
article's anatomy of go-out games as "seed 「カードについて」" etc.). kirifuda's own rulings on gaps are
K1–K3 for the game itself and K4–K15 for its design knobs (docs/rules/cutin.md): K1 the deal goes one card
at a time clockwise from the hand's start player; K2 the sets of the previous turn stay public (everyone
saw them), the undealt rest and the hands left at the end of a hand stay hidden (only the scores are
public); K3 a player can run out only in a hand's last turn (the hand ends with it), so "skipped" means
only that they are not asked again in that lap.

Seats are 0..n-1 clockwise; play passes clockwise (cutin.md intro).

* Cards and deal (cutin.md "Cards and deal", seed まとめ 「ゲームの準備」): 52 cards, no joker; 3 players 15
  each, 4 players 13, 5 players 10; the rest (7 / 0 / 2) face down, out of play (deal pile ``rest``).
  Rank order 3 low … K A 2 high, as in 大富豪 (seed 「ランクについて」).
* A **set** is 1–4 cards of one rank. A **turn** (ターン) is exactly one lap: its start player must play a
  set, then every other player once, clockwise, plays on the latest set or passes; then the table is
  cleared and the player who played the last set starts the next turn (cutin.md "A hand").
* Legal play on the latest set T (cutin.md "A hand"): same count strictly higher; more cards, any rank
  (C2); the **cut-in** (カットイン): on a set of 2 or 3, one single of a suit not in T at rank ≥ T's (C4).
* **Lock** (ロック): two consecutive sets of the turn (passes between do not count, C1) that are single
  cards of one suit → for the rest of the turn, only singles of that suit, in reversed order (C5: from
  the next play on).
* The hand ends at the end of a turn in which someone has no cards; +5 each for no cards, else
  −(4 + k) per rank held k times (cutin.md "Scoring a hand", seed ④). As many hands as players;
  ``next_start`` "rotate" (C3, default) or "winner" (cutin.md "A game").

The design knobs (issue 13; docs/rules/cutin.md "Design knobs"), each one of the six choices the article
teaches a go-out designer to make (seed 「ゴーアウトを作成するとしよう」), every default the game above:

* ``jokers`` 0/1/2 and ``deck`` "52"/"40"/"32" — the card set (seed ① and 「カードについて」: 「場合によっては
  ジョーカーが数枚入ることもあります。いわゆるどんな数字にもなるワイルドカード」, 「カードをすべて使うのか」);
  Jokers K8–K12, stripped packs K7, hand sizes K5, the smallest hand K6.
* ``players`` 3–6 — the player count (seed ② 「3~6人でもいいな。後でそれは考えよう」; six players K4).
* ``cut_in``, ``lock``, ``more_cards`` true/false — what may be played (seed ③ and 「カードの出し方」,
  「「同じ枚数で戦う」or「枚数が多ければ強い」という原則のどちらか」; K15).
* ``pass_style`` "lap"/"soft"/"hard" — the turn rotation and the pass (seed ⑤⑥ and 「手番の回り方とパス」; K13).
* ``scoring`` "rank"/"card"/"value" — the scoring (seed ④ and 「点数について」; K12, K14).
* ``next_start`` "rotate"/"winner" — who starts the next hand (C3).

Legal sets are generated from precomputed tables (per strength and per 4-bit suit pattern) over a
rank-major view of the hand; tests/games/test_cutin.py checks them perft-style against a brute-force
enumeration of every subset of the hand filtered by the rule text. Sets with Jokers are listed after the
natural sets, by strength, size and suits.

Actions (../shared/spec/records.md): ``play 7S 7H`` (canonical card order ♠ ♥ ♦ ♣, the Joker ``JK``
last: ``play 7S JK``, ``play JK JK``) and ``pass``.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from .. import cards as C
from ..cards import CardSet
from ..core import (
    Action,
    Deal,
    DealError,
    Game,
    IllegalAction,
    NotationError,
    Observation,
    OptionError,
    Options,
    ScoreLine,
    ScoreRule,
    deal_round,
    evolve,
    line_totals,
    option,
    parse_words,
    require_cards,
    scored_lines,
)
from ..seats import Ring

HAND_SIZES = {3: 15, 4: 13, 5: 10, 6: 8}
"""Cards per hand with the full pack: cutin.md "Cards and deal" / seed まとめ 「ゲームの準備」 for 3–5 players;
6 players: K4 (the largest equal share of 52)."""
SMALLEST_HAND = 8  # K6: a deal gives each player at least 8 cards (what the full pack gives six)
MAX_SET = 4  # cutin.md "A hand": a set is 1–4 cards of one rank
CUT_IN_SIZES = (2, 3)  # cutin.md "A hand" 3: a set of 2 or 3 may be cut into, a set of 4 may not
OUT_BONUS = 5  # cutin.md "Scoring a hand": +5 for each player with no cards
PENALTY_BASE = 4  # cutin.md "Scoring a hand": −(4 + k) for each rank held k times

STRENGTHS = 13
STRENGTH = tuple((rank + STRENGTHS - 1) % STRENGTHS for rank in range(STRENGTHS))
"""Card rank (0 = 2 … 12 = A) → strength 0 (the 3, weakest) … 12 (the 2, strongest): 大富豪 order
(cutin.md "Cards and deal", seed 「ランクについて」 2>A>K>…>3)."""
RANK_OF_STRENGTH = tuple(STRENGTH.index(s) for s in range(STRENGTHS))
TOP = STRENGTHS
"""The strength of Jokers played alone: above the 2 (K9)."""

DECKS = {"52": 0, "40": 3, "32": 5}
"""Option ``deck`` → how many of the weakest ranks are left out of the pack (K7: "40" without 3 4 5, "32"
without 3–7), so the rank order and the 2 on top stay."""

JOKER_BITS = (1 << C.JOKER, 1 << (C.JOKER | C.COPY))
JOKER_MASK = JOKER_BITS[0] | JOKER_BITS[1]
NATURAL_MASK = JOKER_BITS[0] - 1
JOKER_SETS = (0, JOKER_BITS[0], JOKER_MASK)
"""The canonical bits of a set's 0, 1 or 2 Jokers (the two Jokers share one name: a set names how many)."""

DEAL, PLAY, OVER = "deal", "play", "over"
ROTATE, WINNER = "rotate", "winner"
LAP, SOFT, HARD = "lap", "soft", "hard"
RANK, CARD, VALUE = "rank", "card", "value"

# cutin.md "Scoring a hand" and K14, as the score lines name them (docs/rules/cutin.md "Score lines")
WENT_OUT = ScoreRule("S1", "went out", "上がり")
LEFT_RULES = {
    RANK: ScoreRule("S2", "cards left, by rank", "残り札(数字ごと)"),
    CARD: ScoreRule("S3", "cards left, 1 each", "残り札(1枚ごと)"),
    VALUE: ScoreRule("S4", "cards left, by strength", "残り札(強さ)"),
}


@dataclass(frozen=True, kw_only=True)
class CutinOptions(Options):
    players: int = option(4, 3, 5, 6, doc="number of players (cutin.md: 3–5; 6: K4)")
    next_start: str = option(
        ROTATE,
        WINNER,
        doc='start player of later hands: "rotate" (the left of the previous '
        'one, C3) or "winner" (who went out first last hand)',
    )
    jokers: int = option(0, 1, 2, doc="Jokers in the pack, wild cards (seed ①; K8–K12)")
    deck: str = option("52", "40", "32", doc='the pack: "52" every card, "40" without 3 4 5, "32" without 3–7 (K7)')
    cut_in: bool = option(True, False, doc="the cut-in single on a set of 2 or 3 (cutin.md rule 3)")
    lock: bool = option(True, False, doc='the lock after two singles of one suit (cutin.md "Lock")')
    more_cards: bool = option(
        True, False, doc="more cards may be played on fewer, any rank (rule 2); false: the same number only (K15)"
    )
    pass_style: str = option(
        LAP,
        SOFT,
        HARD,
        doc='a turn: "lap" one lap (cutin.md); "soft" until all others pass in a row, a pass is for '
        'one go; "hard" until all others pass, a pass is for the turn (K13)',
    )
    scoring: str = option(
        RANK,
        CARD,
        VALUE,
        doc='cards left: "rank" −(4 + k) per rank held k times (seed ④); "card" −1 a card; '
        '"value" each card its place in the rank order, 3 = 1 … 2 = 13 (K14)',
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        cards = pack_size(self.deck, self.jokers)
        if hand_size(self.players, cards) < SMALLEST_HAND:
            share = cards // self.players
            raise OptionError(
                f'a pack of {cards} cards (deck "{self.deck}", jokers {self.jokers}) gives {self.players} players '
                f"only {share} cards each; a hand needs at least {SMALLEST_HAND} (K6)",
                ja=f"{cards}枚の山札を{self.players}人で分けると1人{share}枚で、"
                f"手札には最低{SMALLEST_HAND}枚が必要です(K6)",
            )


def pack_size(deck: str, jokers: int) -> int:
    return len(C.DECK_52) - 4 * DECKS[deck] + jokers


def hand_size(players: int, cards: int) -> int:
    """K5: the article's hand size for the player count, or the largest equal share of a smaller pack."""
    return min(HAND_SIZES[players], cards // players)


def make_deck(deck: str, jokers: int) -> tuple[int, ...]:
    """The pack of options ``deck`` and ``jokers``: ``DECK_52`` order without the left-out ranks, Jokers last."""
    left_out = DECKS[deck]
    natural = tuple(c for c in C.DECK_52 if STRENGTH[C.rank_of(c)] >= left_out)
    return natural + (C.JOKER, C.JOKER | C.COPY)[:jokers]


def joker_count(cards: int) -> int:
    """How many Jokers a card mask holds."""
    return (cards >> C.JOKER & 1) + (cards >> (C.JOKER | C.COPY) & 1)


# --- actions --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a set: ``cards`` is a card bitmask (legal sets are 1–4 cards of one rank, Jokers among them as the
    canonical bits :data:`JOKER_SETS` whichever Joker a hand holds)."""

    cards: int

    def __str__(self) -> str:
        text = _PLAY_TEXT.get(self.cards)
        return text if text is not None else "play " + " ".join(C.texts(C.cards_in(self.cards)))


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass for this turn (cutin.md "A hand": any player but the turn's start player may)."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()


# --- the tables legal-action generation reads -------------------------------------------------
# The hand's rank-major view: bit 4 * strength + suit. A "pattern" is a 4-bit suit set (bit s = suit s).


def _suits_of(pattern: int) -> tuple[int, ...]:
    return tuple(s for s in range(4) if pattern >> s & 1)


def _set_mask(strength: int, pattern: int) -> int:
    rank = RANK_OF_STRENGTH[strength]
    return sum(1 << C.make(rank, s) for s in _suits_of(pattern))


SUB_PATTERNS = tuple(
    tuple(sorted((p for p in range(1, 16) if p & nib == p), key=lambda p: (p.bit_count(), _suits_of(p))))
    for nib in range(16)
)
"""Every non-empty sub-pattern of a pattern, smaller sets first, then in suit order ♠ ♥ ♦ ♣."""

PLAYS = tuple(tuple(Play(_set_mask(st, p)) for p in range(16)) for st in range(STRENGTHS))
"""``PLAYS[strength][pattern]``: the one interned :class:`Play` of every possible set (13 × 15; pattern 0 is an
empty placeholder, never a set)."""

SET_INFO = {PLAYS[st][p].cards: (st, p, p.bit_count()) for st in range(STRENGTHS) for p in range(1, 16)}
"""Card mask of a natural set → (strength, suit pattern, number of cards); absent: not a set."""

_PLAY_TEXT = {
    m: "play " + " ".join(C.text(C.make(RANK_OF_STRENGTH[st], s)) for s in _suits_of(p))
    for m, (st, p, _) in SET_INFO.items()
}


def _table(keep: Callable[[int], bool]) -> tuple[tuple[tuple[Play, ...], ...], ...]:
    """``[strength][pattern in hand]`` → the plays of sub-patterns whose size passes ``keep``."""
    return tuple(
        tuple(tuple(PLAYS[st][p] for p in SUB_PATTERNS[nib] if keep(p.bit_count())) for nib in range(16))
        for st in range(STRENGTHS)
    )


SIZES = range(MAX_SET + 1)
ALL_SETS = _table(partial(operator.le, 1))  # a turn's start player plays any set (cutin.md "A hand")
AT_LEAST = tuple(_table(partial(operator.le, c)) for c in SIZES)  # [c]: same count (higher rank) or more
MORE_THAN = tuple(_table(partial(operator.lt, c)) for c in SIZES)  # [c]: more cards, any rank (C2)
EXACTLY = tuple(_table(partial(operator.eq, c)) for c in SIZES)  # [c]: the same count (more_cards false, K15)
NOTHING = EXACTLY[0]
SINGLES = EXACTLY[1]  # cut-in candidates (cutin.md "A hand" 3)


def _spread_table(suit: int) -> tuple[int, ...]:
    """A suit's 13-bit rank mask → its bits in the rank-major view."""
    out = [0] * (1 << STRENGTHS)
    for m in range(1, 1 << STRENGTHS):
        low = m & -m
        out[m] = out[m ^ low] | 1 << (4 * STRENGTH[low.bit_length() - 1] + suit)
    return tuple(out)


SPREAD = tuple(_spread_table(s) for s in range(4))
SUIT_BITS = C.RANK_MASK


def rank_major(hand: int) -> int:
    """The hand's natural cards (a card bitmask) as bits ``4 * strength + suit``: nibble ``st`` holds the suits
    of that rank (Jokers are not in this view)."""
    return (
        SPREAD[0][hand & SUIT_BITS]
        | SPREAD[1][hand >> 16 & SUIT_BITS]
        | SPREAD[2][hand >> 32 & SUIT_BITS]
        | SPREAD[3][hand >> 48 & SUIT_BITS]
    )


def set_info(cards: int) -> tuple[int, int, int] | None:
    """(strength, suit pattern of the natural cards, number of cards) of a set, or None if ``cards`` is not
    one. With Jokers (K8, K9): natural cards of one rank plus Jokers, at most 4 in all, or Jokers alone
    (strength :data:`TOP`, no suit)."""
    info = SET_INFO.get(cards)
    if info is not None or not cards & JOKER_MASK:
        return info
    jokers = joker_count(cards)
    natural = cards & NATURAL_MASK
    if not natural:
        return (TOP, 0, jokers)
    info = SET_INFO.get(natural)
    if info is None or info[2] + jokers > MAX_SET:
        return None
    return (info[0], info[1], info[2] + jokers)


def may_follow(
    info: tuple[int, int, int],
    top: tuple[int, int, int],
    lock_suit: int | None,
    *,
    cut_in: bool = True,
    more_cards: bool = True,
) -> bool:
    """Whether a set (``info``: strength, suits, count) may be played on the latest set (``top``): the rule
    text of cutin.md "A hand" with the knobs ``cut_in``, ``more_cards`` and the Joker rulings K9–K11.
    (:func:`legal_sets` reads tables that give the same answers.)"""
    st, pattern, count = info
    t, t_pattern, t_count = top
    if lock_suit is not None:
        # cutin.md "Lock": singles of the locked suit only, order reversed (C5); a Joker stands for one of
        # them and beats every card (K11): nothing follows a Joker
        if count != 1 or t == TOP:
            return False
        return st < t if pattern == 1 << lock_suit else st == TOP
    if count == t_count:
        return st > t  # rule 1
    if count > t_count:
        return more_cards  # rule 2 (C2: any rank); K15
    # rule 3, the cut-in (C4: rank ≥ T's); a single Joker is of any suit not in T (K10)
    return cut_in and count == 1 and t_count in CUT_IN_SIZES and not pattern & t_pattern and st >= t


def legal_sets(
    hand: int,
    top: int | None,
    lock_suit: int | None,
    *,
    cut_in: bool = True,
    more_cards: bool = True,
) -> list[CutinAction]:
    """Every set of ``hand`` that may be played on the latest set ``top`` (a card mask; None: leading)
    under ``lock_suit`` (cutin.md "A hand"; knobs ``cut_in`` and ``more_cards``). Table-driven for natural
    sets; order: by strength, then size, then suits; sets with Jokers after them (:func:`joker_sets`)."""
    x = rank_major(hand)
    out: list[CutinAction] = []
    if top is None:
        for st in range(STRENGTHS):
            nib = x >> 4 * st & 15
            if nib:
                out += ALL_SETS[st][nib]
    else:
        info = SET_INFO.get(top) or set_info(top)
        assert info is not None, "the latest set is a set"
        t, t_pattern, t_count = info
        if lock_suit is not None:
            # lock: singles of the locked suit only, order reversed (cutin.md "Lock", C5); none after a Joker (K11)
            single = 1 << lock_suit
            for st in range(t if t < TOP else 0):
                if x >> (4 * st + lock_suit) & 1:
                    out.append(PLAYS[st][single])
        else:
            cut = cut_in and t_count in CUT_IN_SIZES
            below = MORE_THAN[t_count] if more_cards else NOTHING  # rule 2 (C2), K15
            above = AT_LEAST[t_count] if more_cards else EXACTLY[t_count]  # rule 1 (and rule 2)
            for st in range(STRENGTHS):
                nib = x >> 4 * st & 15
                if not nib:
                    continue
                if cut and st >= t:
                    out += SINGLES[st][nib & ~t_pattern]  # rule 3: cut-in, a suit not in T, rank ≥ T's (C4)
                if st > t:
                    out += above[st][nib]
                else:
                    out += below[st][nib]
    if hand & JOKER_MASK:
        out += joker_sets(hand, top, lock_suit, cut_in=cut_in, more_cards=more_cards)
    return out


def joker_sets(
    hand: int, top: int | None, lock_suit: int | None, *, cut_in: bool = True, more_cards: bool = True
) -> list[Play]:
    """The sets of ``hand`` holding Jokers that may be played on ``top`` (K8–K11): the natural cards of one
    rank with one or two Jokers, by strength, size and suits, then the Jokers alone (one, then two)."""
    jokers = joker_count(hand)
    x = rank_major(hand)
    candidates: list[tuple[tuple[int, int, int], int]] = []
    for st in range(STRENGTHS):
        nib = x >> 4 * st & 15
        for p in SUB_PATTERNS[nib]:
            size = p.bit_count()
            for k in range(1, min(jokers, MAX_SET - size) + 1):
                candidates.append(((st, p, size + k), PLAYS[st][p].cards | JOKER_SETS[k]))
    candidates.sort(key=lambda c: (c[0][0], c[0][2]))  # by strength, then size (suits: stable)
    candidates += [((TOP, 0, k), JOKER_SETS[k]) for k in range(1, jokers + 1)]
    if top is None:
        return [Play(cards) for _, cards in candidates]
    t_info = set_info(top)
    assert t_info is not None, "the latest set is a set"
    return [
        Play(cards)
        for info, cards in candidates
        if may_follow(info, t_info, lock_suit, cut_in=cut_in, more_cards=more_cards)
    ]


# --- state ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CutinState:
    """A Cut-in game at one moment. Hands, sets and piles are card bitmasks."""

    phase: str
    deal_index: int  # the hand being played (0-based); the number of hands when over
    start_player: int  # the start player of this hand (of the next one, between hands)
    leader: int  # the start player of the current turn (phase PLAY; else -1)
    turn: int  # the seat to act (phase PLAY; else -1)
    hands: tuple[int, ...]
    table: tuple[tuple[int, int], ...]  # this turn's sets: (seat, cards) in play order
    passed: tuple[int, ...]  # every pass of this turn, by seat, in order (pass_style "soft": a seat may recur)
    lock_suit: int | None  # the locked suit, None while no lock is on
    last_turn: tuple[tuple[int, int], ...]  # the sets of the previous turn (public)
    played: int  # every card played this hand (out of play)
    rest: int  # the cards not dealt (face down, seen by nobody)
    first_out: int | None  # the first seat to run out of cards this hand
    scores: tuple[tuple[int, ...], ...]
    lines: tuple[tuple[ScoreLine, ...], ...] = ()  # each completed hand's score lines (sum: ``scores``)


def hand_score(hand: int, scoring: str = RANK) -> int:
    """The score of a hand left at the end (cutin.md "Scoring a hand"): no cards +5; else by option ``scoring``:
    "rank" −(4 + k) for each rank held k times, Jokers a rank of their own (K12); "card" −1 a card; "value"
    each card its place in the rank order, 3 = 1 … 2 = 13, a Joker 14 (K14)."""
    if not hand:
        return OUT_BONUS
    jokers = joker_count(hand)
    x = rank_major(hand)
    if scoring == CARD:
        return -hand.bit_count()
    total = 0
    if scoring == VALUE:
        for st in range(STRENGTHS):
            total -= (st + 1) * (x >> 4 * st & 15).bit_count()
        return total - (TOP + 1) * jokers
    while x:
        nib = x & 15
        if nib:
            total -= PENALTY_BASE + nib.bit_count()
        x >>= 4
    return total - (PENALTY_BASE + jokers if jokers else 0)


def hand_lines(seat: int, hand: int, scoring: str = RANK) -> tuple[ScoreLine, ...]:
    """:func:`hand_score` as a score line: S1 went out (+5, K14), else the cards left by the option ``scoring``
    (S2 "rank", S3 "card", S4 "value")."""
    return scored_lines(seat, ((LEFT_RULES[scoring] if hand else WENT_OUT, hand_score(hand, scoring)),))


def finish_order(hands: tuple[int, ...], sets: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """The seats with no cards, in the order they went out: by their last set in ``sets``, the turn in which
    they ran out (a player can run out only in a hand's last turn, K3)."""
    last = {seat: i for i, (seat, _) in enumerate(sets)}
    return tuple(sorted((s for s, h in enumerate(hands) if not h), key=lambda s: last.get(s, -1)))


# --- observation -----------------------------------------------------------------------------


@dataclass(frozen=True)
class CutinObservation(Observation):
    """What one seat sees: its own hand, every hand's size, this turn's sets and passes, the lock."""

    players: int
    deal_number: int  # 1..players
    deals_total: int
    start_player: int  # of this hand
    leader: int  # the start player of this turn
    hand: CardSet | None  # None for a spectator
    table: tuple[tuple[int, CardSet], ...]  # this turn's sets: (seat, cards) in play order
    passed: tuple[int, ...]
    lock: bool
    lock_suit: str | None  # "S" "H" "D" "C" while a lock is on
    last_turn: tuple[tuple[int, CardSet], ...]
    played: CardSet  # every card played this hand
    rest_count: int
    out: tuple[int, ...]  # seats with no cards left
    first_out: int | None
    finish_order: tuple[int, ...]  # the seats out of cards, in the order they went out


# --- the game --------------------------------------------------------------------------------


CutinAction = Play | Pass
"""The actions of this game (what ``parse_action`` and ``legal_actions`` give)."""


class Cutin(Game[CutinState, CutinAction, CutinObservation]):
    """The rules of Cut-in (see the module docstring for sources)."""

    id = "cutin"
    title = "Cut-in"
    title_ja = "カットイン"
    Options = CutinOptions
    options: CutinOptions

    def __init__(self, options: CutinOptions | None = None, **values: Any):
        super().__init__(options, **values)
        o = self.options
        self.n = o.players
        self.ring = Ring(self.n)
        self._deck = make_deck(o.deck, o.jokers)  # seed ①: the card set (K7, K8)
        self.hand_size = hand_size(self.n, len(self._deck))  # K5
        self.rest_size = len(self._deck) - self.n * self.hand_size
        self.deals_total = self.n  # cutin.md "A game": as many hands as players
        self.cut_in, self.lock, self.more_cards = o.cut_in, o.lock, o.more_cards  # seed ③ (K15)
        self.lap = o.pass_style == LAP  # seed ⑤⑥ (K13)
        self.hard = o.pass_style == HARD
        self.scoring = o.scoring  # seed ④ (K12, K14)
        self._to_act = tuple(frozenset((s,)) for s in range(self.n))

    def deck(self) -> tuple[int, ...]:
        return self._deck

    # lifecycle
    def initial(self) -> CutinState:
        # cutin.md "A game": the first hand's start player is option first_dealer
        return self.awaiting_deal(0, self.options.first_dealer, ())

    def awaiting_deal(
        self,
        deal_index: int,
        start_player: int,
        scores: tuple[tuple[int, ...], ...],
        lines: tuple[tuple[ScoreLine, ...], ...] = (),
    ) -> CutinState:
        """The state before hand ``deal_index`` (0-based) is dealt, ``start_player`` to lead it, ``scores`` (and
        their ``lines``) the hands played; the game is over once every hand is played (cutin.md "A game": as many
        hands as players). The fast engine, which keeps scores only, steps from hand to hand through it too."""
        return CutinState(
            phase=DEAL if deal_index < self.deals_total else OVER,
            deal_index=deal_index,
            start_player=start_player,
            leader=-1,
            turn=-1,
            hands=(0,) * self.n,
            table=(),
            passed=(),
            lock_suit=None,
            last_turn=(),
            played=0,
            rest=0,
            first_out=None,
            scores=scores,
            lines=lines,
        )

    def next_start(self, start_player: int, first_out: int) -> int:
        """Who starts the hand after one started by ``start_player`` in which ``first_out`` went out first."""
        # cutin.md "A game": next_start "winner" (who went out first), else (C3) the left of the last start player
        return first_out if self.options.next_start == WINNER else self.ring.next(start_player)

    def chance(self, state: CutinState) -> str | None:
        return "deal" if state.phase == DEAL else None

    def to_act(self, state: CutinState) -> frozenset[int]:
        return self._to_act[state.turn] if state.phase == PLAY else frozenset()

    def is_over(self, state: CutinState) -> bool:
        return state.phase == OVER

    # dealing
    def random_deal(self, state: CutinState, rng: random.Random) -> Deal:
        # cutin.md "Cards and deal" (K1: one at a time clockwise from the start player); the rest face down
        hands, rest = deal_round(self._deck, rng, self.n, state.start_player, self.hand_size)
        return Deal(tuple(tuple(h) for h in hands), rest=tuple(rest))

    def check_deal(self, state: CutinState, deal: Deal) -> None:
        if state.phase != DEAL:
            raise DealError("no deal is due now", ja="今は配札の時ではありません")
        deal.check(self._deck, [self.hand_size] * self.n, {"rest": self.rest_size})

    def apply_deal(self, state: CutinState, deal: Deal) -> CutinState:
        self.check_deal(state, deal)
        if self.options.jokers == 2:
            deal = _name_jokers(deal)
        start = state.start_player
        return CutinState(
            phase=PLAY,
            deal_index=state.deal_index,
            start_player=start,
            leader=start,
            turn=start,
            hands=tuple(C.mask(h) for h in deal.hands),
            table=(),
            passed=(),
            lock_suit=None,
            last_turn=(),
            played=0,
            rest=C.mask(deal.rest),
            first_out=None,
            scores=state.scores,
            lines=state.lines,
        )

    # actions
    def parse_action(self, text: str) -> CutinAction:
        words = parse_words(text)
        if not words:
            raise NotationError(
                "empty action (write e.g. 'play 7S 7H' or 'pass')", ja="手が空です(例: play 7S 7H、pass)"
            )
        verb, args = words[0].lower(), words[1:]
        if verb == "pass" and not args:
            return PASS
        if verb == "play" and args:
            cards = require_cards(args)
            natural = [c for c in cards if c != C.JOKER]
            jokers = len(cards) - len(natural)
            m = C.mask(natural)
            if m.bit_count() != len(natural):
                raise NotationError(f"the same card twice in {text!r}", ja="同じカードが2回書かれています")
            if jokers > len(JOKER_BITS):
                raise NotationError(f"more than two Jokers in {text!r}", ja="ジョーカーは2枚までです")
            return Play(m | JOKER_SETS[jokers])
        raise NotationError(
            f"not a Cut-in action: {text!r} (write e.g. 'play 7S 7H' or 'pass')",
            ja="カットインの手ではありません(例: play 7S 7H、pass)",
        )

    def legal_actions(self, state: CutinState, seat: int) -> list[CutinAction]:
        if state.phase != PLAY or seat != state.turn:
            return []
        table = state.table
        if not table:
            return legal_sets(state.hands[seat], None, None)  # the start player may not pass
        out = legal_sets(
            state.hands[seat], table[-1][1], state.lock_suit, cut_in=self.cut_in, more_cards=self.more_cards
        )
        out.append(PASS)
        return out

    def apply(self, state: CutinState, seat: int, action: Action | str) -> CutinState:
        if type(action) is str:
            action = self.parse_action(action)
        if state.phase != PLAY or seat != state.turn:
            self._check_turn(state, seat)
        table = state.table
        if type(action) is Pass:
            if not table:  # cutin.md "A hand": the start player of a turn may not pass
                raise IllegalAction(
                    "the start player of a turn must play a set; only the others may pass",
                    ja="ターンのスタートプレイヤーはパスできません。セットを出してください",
                )
            return self._next(
                state, seat, state.hands, table, state.passed + (seat,), state.lock_suit, state.played, state.first_out
            )
        if type(action) is not Play:
            raise IllegalAction(
                "play a set (e.g. 'play 7S 7H') or 'pass'", ja="セットを出すか(例: play 7S 7H)パスしてください"
            )
        cards = action.cards
        hand = state.hands[seat]
        if cards & ~hand:
            cards = self._own_jokers(cards, hand)
        info = SET_INFO.get(cards) or set_info(cards)
        if info is None:
            raise IllegalAction(
                "a set is 1–4 cards of one rank (cutin.md)"
                + (", Jokers among them (K8)" if self.options.jokers else ""),
                ja="セットは同じ数字のカード1〜4枚です"
                + ("(ジョーカーを含めてよい、K8)" if self.options.jokers else ""),
            )
        lock = state.lock_suit
        if table:
            top = table[-1][1]
            top_info = SET_INFO.get(top) or set_info(top)
            assert top_info is not None
            _check_play(info, top_info, top, lock, cut_in=self.cut_in, more_cards=self.more_cards)
            if (
                lock is None
                and info[2] == 1
                and top_info[2] == 1
                and top_info[1] == info[1]
                and info[1]  # a Joker has no suit and never starts a lock (K10)
                and self.lock
            ):
                lock = C.suit_of(cards.bit_length() - 1)  # cutin.md "Lock" (C1): two singles of one suit
        hands = state.hands[:seat] + (hand & ~cards,) + state.hands[seat + 1 :]
        first_out = state.first_out
        if first_out is None and not hands[seat]:
            first_out = seat
        return self._next(
            state, seat, hands, table + ((seat, cards),), state.passed, lock, state.played | cards, first_out
        )

    def _own_jokers(self, cards: int, hand: int) -> int:
        """``cards`` with its canonical Joker bits replaced by the Jokers ``hand`` holds (the two share one
        name); :class:`IllegalAction` if the hand does not hold every card."""
        missing = cards & ~hand & NATURAL_MASK
        wanted = joker_count(cards)
        held = hand & JOKER_MASK
        if wanted > joker_count(held):
            missing |= JOKER_BITS[0]
        if missing:
            if missing & JOKER_MASK and not self.options.jokers:
                raise IllegalAction(
                    "this game has no Jokers (option jokers 0)", ja="このゲームにジョーカーはありません(jokers 0)"
                )
            shown = " ".join(C.texts(C.cards_in(missing)))
            raise IllegalAction(f"not in your hand: {shown}", ja=f"手札にありません: {_shown(missing)}")
        if wanted == 1:
            held = JOKER_BITS[0] if held & JOKER_BITS[0] else JOKER_BITS[1]  # the hand's Joker, whichever copy
        return (cards & NATURAL_MASK) | (held if wanted else 0)

    def _next(
        self,
        state: CutinState,
        seat: int,
        hands: tuple[int, ...],
        table: tuple[tuple[int, int], ...],
        passed: tuple[int, ...],
        lock: int | None,
        played: int,
        first_out: int | None,
    ) -> CutinState:
        """The state after ``seat`` acted: the next player of the turn, or the end of the turn or hand."""
        if self.lap:
            # cutin.md "A hand": each player acts once per lap; one who ran out takes no further action (K3)
            end = state.leader
            nxt = self.ring.next(seat)
            while nxt != end and not hands[nxt]:
                nxt = self.ring.next(nxt)
        else:
            # K13: the turn goes on until play comes round to the player of the latest set; "hard": one who
            # passed is skipped for the rest of the turn; players with no cards are skipped
            end = table[-1][0]
            nxt = self.ring.next(seat)
            while nxt != end and (not hands[nxt] or (self.hard and nxt in passed)):
                nxt = self.ring.next(nxt)
        if nxt != end:
            return CutinState(
                phase=PLAY,
                deal_index=state.deal_index,
                start_player=state.start_player,
                leader=state.leader,
                turn=nxt,
                hands=hands,
                table=table,
                passed=passed,
                lock_suit=lock,
                last_turn=state.last_turn,
                played=played,
                rest=state.rest,
                first_out=first_out,
                scores=state.scores,
                lines=state.lines,
            )
        if first_out is None:
            # the turn is over: the table is cleared, the last to play starts the next turn (cutin.md "A hand")
            last = table[-1][0]
            return CutinState(
                phase=PLAY,
                deal_index=state.deal_index,
                start_player=state.start_player,
                leader=last,
                turn=last,
                hands=hands,
                table=(),
                passed=(),
                lock_suit=None,
                last_turn=table,
                played=played,
                rest=state.rest,
                first_out=None,
                scores=state.scores,
                lines=state.lines,
            )
        return self._end_hand(state, hands, table, played, first_out)

    def _end_hand(
        self, state: CutinState, hands: tuple[int, ...], table: tuple[tuple[int, int], ...], played: int, first_out: int
    ) -> CutinState:
        # cutin.md "A hand": the hand ends at the end of a turn in which someone has no cards
        scoring = self.scoring
        deal_lines = tuple(line for seat, hand in enumerate(hands) for line in hand_lines(seat, hand, scoring))
        scores = state.scores + (line_totals(deal_lines, self.n),)
        index = state.deal_index + 1
        over = index == self.deals_total
        start = self.next_start(state.start_player, first_out)
        return CutinState(
            phase=OVER if over else DEAL,
            deal_index=index,
            start_player=state.start_player if over else start,
            leader=-1,
            turn=-1,
            hands=hands,
            table=(),
            passed=(),
            lock_suit=None,
            last_turn=table,
            played=played,
            rest=state.rest,
            first_out=first_out,
            scores=scores,
            lines=state.lines + (deal_lines,),
        )

    # views
    def observation(self, state: CutinState, seat: int | None) -> CutinObservation:
        lock = state.lock_suit
        return CutinObservation(
            seat=seat,
            players=self.n,
            deal_number=min(state.deal_index + 1, self.deals_total),
            deals_total=self.deals_total,
            start_player=state.start_player,
            leader=state.leader,
            phase=state.phase,
            to_act=tuple(sorted(self.to_act(state))),
            hand=None if seat is None else CardSet(state.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in state.hands),
            table=tuple((s, CardSet(m)) for s, m in state.table),
            passed=state.passed,
            lock=lock is not None,
            lock_suit=None if lock is None else C.SUITS[lock],
            last_turn=tuple((s, CardSet(m)) for s, m in state.last_turn),
            played=CardSet(state.played),
            rest_count=state.rest.bit_count(),
            out=tuple(s for s, h in enumerate(state.hands) if not h) if state.phase != DEAL or state.scores else (),
            first_out=state.first_out,
            deal_scores=state.scores,
            totals=self.totals(state),
            finish_order=finish_order(state.hands, state.table if state.phase == PLAY else state.last_turn)
            if state.phase != DEAL or state.scores
            else (),
            deal_lines=state.lines,
        )

    def reshuffle_unseen(self, state: CutinState, seat: int | None, rng: random.Random) -> CutinState:
        # hidden: the other hands and the undealt rest (cutin.md "Cards and deal": face down; K2)
        places = [s for s in range(self.n) if s != seat]
        *others, rest = C.shuffle_among(rng, [state.hands[s] for s in places] + [state.rest])
        hands = list(state.hands)
        for s, hand in zip(places, others, strict=True):
            hands[s] = hand
        return evolve(state, hands=tuple(hands), rest=rest)

    def all_cards(self, state: CutinState) -> list[int]:
        if state.phase == DEAL and not state.scores:
            return []
        return [c for m in (*state.hands, state.played, state.rest) for c in C.cards_in(m)]

    def deal_scores(self, state: CutinState) -> tuple[tuple[int, ...], ...]:
        return state.scores

    def score_lines(self, state: CutinState) -> tuple[tuple[ScoreLine, ...], ...]:
        return state.lines


def _name_jokers(deal: Deal) -> Deal:
    """The deal with the two Jokers told apart by position (hands by seat, then the rest), as a record reads it
    (core.Deal.from_json): the two share one name, so a state must depend only on where the name lies."""
    first = True

    def name(pile: tuple[int, ...]) -> tuple[int, ...]:
        nonlocal first
        out = []
        for c in pile:
            if C.base(c) == C.JOKER:
                c, first = (C.JOKER if first else C.JOKER | C.COPY), False
            out.append(c)
        return tuple(out)

    hands = tuple(name(h) for h in deal.hands)
    return Deal(hands, rest=name(deal.rest))


def _shown(cards: int) -> str:
    return " ".join(C.symbol(c) for c in C.sorted_cards(C.cards_in(cards)))


def _rank_name(strength: int) -> str:
    if strength == TOP:
        return "JK"
    rank = C.RANKS[RANK_OF_STRENGTH[strength]]
    return "10" if rank == "T" else rank


def _check_play(
    info: tuple[int, int, int],
    top_info: tuple[int, int, int],
    top: int,
    lock: int | None,
    *,
    cut_in: bool = True,
    more_cards: bool = True,
) -> None:
    """Raise :class:`IllegalAction`, saying why, unless a set (``info``: strength, suits, count) may go on
    ``top`` (:func:`may_follow`)."""
    if may_follow(info, top_info, lock, cut_in=cut_in, more_cards=more_cards):
        return
    st, pattern, count = info
    t, t_pattern, t_count = top_info
    top_text = _shown(top)
    if lock is not None:
        # cutin.md "Lock": singles of the locked suit only, rank order reversed (C5); K11
        sym = C.SUIT_SYMBOLS[lock]
        if count != 1 or (pattern and pattern != 1 << lock):
            raise IllegalAction(
                f"lock (ロック) on {sym}: only single {sym} cards may be played",
                ja=f"{sym} のロック中です。{sym} の1枚出ししかできません",
            )
        if t == TOP:
            raise IllegalAction(
                f"lock (ロック) on {sym}: nothing may follow the Joker",
                ja=f"{sym} のロック中、ジョーカーの後には何も出せません",
            )
        raise IllegalAction(
            f"lock (ロック) on {sym}: order is reversed, play a {sym} lower than {top_text}",
            ja=f"{sym} のロック中は強弱が逆転します。{top_text} より下の {sym} を出してください",
        )
    if count == t_count:
        if more_cards:
            raise IllegalAction(
                f"must beat {top_text} with a higher rank, or play more cards",
                ja=f"{top_text} より強い数字を同じ枚数で出すか、より多い枚数を出してください",
            )
        raise IllegalAction(
            f"must beat {top_text} with the same number of cards of a higher rank (more_cards false)",
            ja=f"{top_text} より強い数字を同じ枚数で出してください(more_cards false)",
        )
    if count > t_count:  # more_cards false (K15)
        raise IllegalAction(
            f"must play exactly {t_count} card{'s' if t_count > 1 else ''} on {top_text} (more_cards false)",
            ja=f"{top_text} にはちょうど{t_count}枚を出してください(more_cards false)",
        )
    cut_in_here = cut_in and t_count in CUT_IN_SIZES
    if count == 1 and cut_in_here:
        # rule 3, the cut-in (カットイン), C4: rank ≥ T's
        if pattern & t_pattern:
            raise IllegalAction(
                f"a cut-in single must be of a suit not in {top_text}",
                ja=f"カットインの1枚は {top_text} にないスートでなければなりません",
            )
        raise IllegalAction(
            f"a cut-in single on {top_text} must be of rank {_rank_name(t)} or higher",
            ja=f"{top_text} へのカットインは {_rank_name(t)} 以上の1枚でなければなりません",
        )
    if count == 1 and t_count == MAX_SET and cut_in:
        raise IllegalAction(
            f"a set of 4 cannot be cut into: play 4 cards higher than {top_text}",
            ja=f"4枚のセットにはカットインできません。{top_text} より強い4枚を出してください",
        )
    if not more_cards:
        raise IllegalAction(
            f"must play exactly {t_count} cards on {top_text}" + (" (or a cut-in single)" if cut_in_here else ""),
            ja=f"{top_text} にはちょうど{t_count}枚を出してください"
            + ("(またはカットインの1枚)" if cut_in_here else ""),
        )
    raise IllegalAction(
        f"must play at least {t_count} cards on {top_text}" + (" (or a cut-in single)" if cut_in_here else ""),
        ja=f"{top_text} には{t_count}枚以上を出してください" + ("(またはカットインの1枚)" if cut_in_here else ""),
    )
