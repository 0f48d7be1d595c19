"""Cut-in (カットイン) — a go-out (ゴーアウト) game: one-lap turns, the cut-in single and the lock.

Sources: ../shared/rules/cutin.md (the reference; cited below as "cutin.md §…" and rulings C1–C5),
which follows the game designed at the end of ../shared/seeds/004_2cf7c204125085f8.txt (section
「これまでのルールをまとめると」, cited as "seed まとめ"; the design notes before it as "seed ③–⑥").
kirifuda's own rulings on gaps left by both are K1–K3 (docs/rules/cutin.md): K1 the deal goes one card
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

Legal sets are generated from precomputed tables (per strength and per 4-bit suit pattern) over a
rank-major view of the hand; tests/games/test_cutin.py checks them perft-style against a brute-force
enumeration of every subset of the hand filtered by the rule text.

Actions (../shared/spec/records.md): ``play 7S 7H`` (canonical card order ♠ ♥ ♦ ♣) and ``pass``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

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
    Options,
    deal_round,
    evolve,
    option,
    parse_words,
    require_cards,
)
from ..seats import Ring

DECK = C.DECK_52  # cutin.md "Cards and deal": 52 cards, no joker
HAND_SIZES = {3: 15, 4: 13, 5: 10}  # cutin.md "Cards and deal" / seed まとめ 「ゲームの準備」
MAX_SET = 4  # cutin.md "A hand": a set is 1–4 cards of one rank
CUT_IN_SIZES = (2, 3)  # cutin.md "A hand" 3: a set of 2 or 3 may be cut into, a set of 4 may not
OUT_BONUS = 5  # cutin.md "Scoring a hand": +5 for each player with no cards
PENALTY_BASE = 4  # cutin.md "Scoring a hand": −(4 + k) for each rank held k times

STRENGTHS = 13
STRENGTH = tuple((rank + STRENGTHS - 1) % STRENGTHS for rank in range(STRENGTHS))
"""Card rank (0 = 2 … 12 = A) → strength 0 (the 3, weakest) … 12 (the 2, strongest): 大富豪 order
(cutin.md "Cards and deal", seed 「ランクについて」 2>A>K>…>3)."""
RANK_OF_STRENGTH = tuple(STRENGTH.index(s) for s in range(STRENGTHS))

DEAL, PLAY, OVER = "deal", "play", "over"
ROTATE, WINNER = "rotate", "winner"


@dataclass(frozen=True, kw_only=True)
class CutinOptions(Options):
    players: int = option(4, 3, 5, doc="number of players (cutin.md: 3–5)")
    next_start: str = option(
        ROTATE,
        WINNER,
        doc='start player of later hands: "rotate" (the left of the previous '
        'one, C3) or "winner" (who went out first last hand)',
    )


# --- actions --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a set: ``cards`` is a card bitmask (legal sets are 1–4 cards of one rank)."""

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

# pattern 0 (no suit) holds None so that a pattern is its own index; no caller reads it
PLAYS = cast(
    tuple[tuple[Play, ...], ...],
    tuple(tuple(Play(_set_mask(st, p)) if p else None for p in range(16)) for st in range(STRENGTHS)),
)
"""``PLAYS[strength][pattern]``: the one interned :class:`Play` of every possible set (13 × 15)."""

SET_INFO = {PLAYS[st][p].cards: (st, p, p.bit_count()) for st in range(STRENGTHS) for p in range(1, 16)}
"""Card mask of a set → (strength, suit pattern, number of cards); absent: not a set."""

_PLAY_TEXT = {
    m: "play " + " ".join(C.text(C.make(RANK_OF_STRENGTH[st], s)) for s in _suits_of(p))
    for m, (st, p, _) in SET_INFO.items()
}


def _table(keep: Callable[..., bool]) -> tuple[tuple[tuple[Play, ...], ...], ...]:
    """``[strength][pattern in hand]`` → the plays of sub-patterns whose size passes ``keep(size)``."""
    return tuple(
        tuple(tuple(PLAYS[st][p] for p in SUB_PATTERNS[nib] if keep(p.bit_count())) for nib in range(16))
        for st in range(STRENGTHS)
    )


ALL_SETS = _table(lambda k: True)  # a turn's start player plays any set (cutin.md "A hand")
AT_LEAST = tuple(_table(lambda k, c=c: k >= c) for c in range(MAX_SET + 1))  # [c]: same count (higher rank) or more
MORE_THAN = tuple(_table(lambda k, c=c: k > c) for c in range(MAX_SET + 1))  # [c]: more cards, any rank (C2)
SINGLES = _table(lambda k: k == 1)  # cut-in candidates (cutin.md "A hand" 3)


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
    """The hand (a card bitmask) as bits ``4 * strength + suit``: nibble ``st`` holds the suits of that rank."""
    return (
        SPREAD[0][hand & SUIT_BITS]
        | SPREAD[1][hand >> 16 & SUIT_BITS]
        | SPREAD[2][hand >> 32 & SUIT_BITS]
        | SPREAD[3][hand >> 48 & SUIT_BITS]
    )


def legal_sets(hand: int, top: int | None, lock_suit: int | None) -> list[Action]:
    """Every set of ``hand`` that may be played on the latest set ``top`` (a card mask; None: leading)
    under ``lock_suit`` (cutin.md "A hand"), as :class:`Play` actions. Table-driven; order: by strength,
    then size, then suits."""
    x = rank_major(hand)
    out: list[Action] = []
    if top is None:
        for st in range(STRENGTHS):
            nib = x >> 4 * st & 15
            if nib:
                out += ALL_SETS[st][nib]
        return out
    t, t_pattern, t_count = SET_INFO[top]
    if lock_suit is not None:
        # lock: singles of the lock suit only, order reversed (cutin.md "Lock", C5)
        single = 1 << lock_suit
        for st in range(t):
            if x >> (4 * st + lock_suit) & 1:
                out.append(PLAYS[st][single])
        return out
    cut_in = t_count in CUT_IN_SIZES
    more = MORE_THAN[t_count]
    at_least = AT_LEAST[t_count]
    for st in range(STRENGTHS):
        nib = x >> 4 * st & 15
        if not nib:
            continue
        if cut_in and st >= t:
            out += SINGLES[st][nib & ~t_pattern]  # rule 3: cut-in, a suit not in T, rank ≥ T's (C4)
        if st > t:
            out += at_least[st][nib]  # rule 1 (same count, higher) and rule 2 (more cards)
        else:
            out += more[st][nib]  # rule 2: more cards, any rank (C2)
    return out


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
    passed: tuple[int, ...]  # seats that passed this turn, in order
    lock_suit: int | None  # the locked suit, None while no lock is on
    last_turn: tuple[tuple[int, int], ...]  # the sets of the previous turn (public)
    played: int  # every card played this hand (out of play)
    rest: int  # the cards not dealt (face down, seen by nobody)
    first_out: int | None  # the first seat to run out of cards this hand
    scores: tuple[tuple[int, ...], ...]


def hand_score(hand: int) -> int:
    """cutin.md "Scoring a hand": no cards +5; else −(4 + k) for each rank held k times."""
    if not hand:
        return OUT_BONUS
    x = rank_major(hand)
    total = 0
    while x:
        nib = x & 15
        if nib:
            total -= PENALTY_BASE + nib.bit_count()
        x >>= 4
    return total


# --- observation -----------------------------------------------------------------------------


@dataclass(frozen=True)
class CutinObservation(Observation):
    """What one seat sees: its own hand, every hand's size, this turn's sets and passes, the lock."""

    players: int
    deal_number: int  # 1..players
    deals_total: int
    start_player: int  # of this hand
    leader: int  # the start player of this turn
    phase: str
    to_act: tuple[int, ...]
    hand: CardSet | None  # None for a spectator
    hand_sizes: tuple[int, ...]
    table: tuple[tuple[int, CardSet], ...]  # this turn's sets: (seat, cards) in play order
    passed: tuple[int, ...]
    lock: bool
    lock_suit: str | None  # "S" "H" "D" "C" while a lock is on
    last_turn: tuple[tuple[int, CardSet], ...]
    played: CardSet  # every card played this hand
    rest_count: int
    out: tuple[int, ...]  # seats with no cards left
    first_out: int | None
    deal_scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]


# --- the game --------------------------------------------------------------------------------


class Cutin(Game):
    """The rules of Cut-in (see the module docstring for sources)."""

    id = "cutin"
    title = "Cut-in"
    title_ja = "カットイン"
    Options = CutinOptions
    options: CutinOptions

    def __init__(self, options: CutinOptions | None = None, **values: Any):
        super().__init__(options, **values)
        self.n = self.options.players
        self.ring = Ring(self.n)
        self.hand_size = HAND_SIZES[self.n]
        self.rest_size = len(DECK) - self.n * self.hand_size
        self.deals_total = self.n  # cutin.md "A game": as many hands as players
        self._to_act = tuple(frozenset((s,)) for s in range(self.n))

    def deck(self) -> tuple[int, ...]:
        return DECK

    # lifecycle
    def initial(self) -> CutinState:
        # cutin.md "A game": the first hand's start player is option first_dealer
        return CutinState(
            phase=DEAL,
            deal_index=0,
            start_player=self.options.first_dealer,
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
            scores=(),
        )

    def chance(self, state: CutinState) -> str | None:
        return "deal" if state.phase == DEAL else None

    def to_act(self, state: CutinState) -> frozenset[int]:
        return self._to_act[state.turn] if state.phase == PLAY else frozenset()

    def is_over(self, state: CutinState) -> bool:
        return state.phase == OVER

    # dealing
    def random_deal(self, state: CutinState, rng: random.Random) -> Deal:
        # cutin.md "Cards and deal" (K1: one at a time clockwise from the start player); the rest face down
        hands, rest = deal_round(DECK, rng, self.n, state.start_player, self.hand_size)
        return Deal(tuple(tuple(h) for h in hands), rest=tuple(rest))

    def check_deal(self, state: CutinState, deal: Deal) -> None:
        if state.phase != DEAL:
            raise DealError("no deal is due now", ja="今は配札の時ではありません")
        deal.check(DECK, [self.hand_size] * self.n, {"rest": self.rest_size})

    def apply_deal(self, state: CutinState, deal: Deal) -> CutinState:
        self.check_deal(state, deal)
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
        )

    # actions
    def parse_action(self, text: str) -> Action:
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
            m = C.mask(cards)
            if m.bit_count() != len(cards):
                raise NotationError(f"the same card twice in {text!r}", ja="同じカードが2回書かれています")
            return Play(m)
        raise NotationError(
            f"not a Cut-in action: {text!r} (write e.g. 'play 7S 7H' or 'pass')",
            ja="カットインの手ではありません(例: play 7S 7H、pass)",
        )

    def legal_actions(self, state: CutinState, seat: int) -> list[Action]:
        if state.phase != PLAY or seat != state.turn:
            return []
        table = state.table
        if not table:
            return legal_sets(state.hands[seat], None, None)  # the start player may not pass
        out = legal_sets(state.hands[seat], table[-1][1], state.lock_suit)
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
            missing = " ".join(C.texts(C.cards_in(cards & ~hand)))
            raise IllegalAction(f"not in your hand: {missing}", ja=f"手札にありません: {_shown(cards & ~hand)}")
        info = SET_INFO.get(cards)
        if info is None:
            raise IllegalAction("a set is 1–4 cards of one rank (cutin.md)", ja="セットは同じ数字のカード1〜4枚です")
        lock = state.lock_suit
        if table:
            top = table[-1][1]
            _check_play(info, SET_INFO[top], top, lock)
            if lock is None and info[2] == 1 and SET_INFO[top][1] == info[1]:
                lock = C.suit_of(cards.bit_length() - 1)  # cutin.md "Lock" (C1): two singles of one suit
        hands = state.hands[:seat] + (hand & ~cards,) + state.hands[seat + 1 :]
        first_out = state.first_out
        if first_out is None and not hands[seat]:
            first_out = seat
        return self._next(
            state, seat, hands, table + ((seat, cards),), state.passed, lock, state.played | cards, first_out
        )

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
        """The state after ``seat`` acted: the next player of the lap, or the end of the turn or hand."""
        leader = state.leader
        nxt = self.ring.next(seat)
        # cutin.md "A hand": each player acts once per lap; one who ran out takes no further action (K3)
        while nxt != leader and not hands[nxt]:
            nxt = self.ring.next(nxt)
        if nxt != leader:
            return CutinState(
                phase=PLAY,
                deal_index=state.deal_index,
                start_player=state.start_player,
                leader=leader,
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
            )
        if first_out is None:
            # the lap is over: the table is cleared, the last to play starts the next turn (cutin.md "A hand")
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
            )
        return self._end_hand(state, hands, table, played, first_out)

    def _end_hand(
        self, state: CutinState, hands: tuple[int, ...], table: tuple[tuple[int, int], ...], played: int, first_out: int
    ) -> CutinState:
        # cutin.md "A hand": the hand ends at the end of a turn in which someone has no cards
        scores = state.scores + (tuple(hand_score(h) for h in hands),)
        index = state.deal_index + 1
        over = index == self.deals_total
        # cutin.md "A game": option next_start "winner": who went out first; else (C3) the left of the last start player
        start = first_out if self.options.next_start == WINNER else self.ring.next(state.start_player)
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


def _shown(cards: int) -> str:
    return " ".join(C.symbol(c) for c in C.sorted_cards(C.cards_in(cards)))


def _rank_name(strength: int) -> str:
    rank = C.RANKS[RANK_OF_STRENGTH[strength]]
    return "10" if rank == "T" else rank


def _check_play(info: tuple[int, int, int], top_info: tuple[int, int, int], top: int, lock: int | None) -> None:
    """Raise :class:`IllegalAction` unless a set (``info``: strength, suits, count) may go on ``top``."""
    st, pattern, count = info
    t, t_pattern, t_count = top_info
    if lock is not None:
        # cutin.md "Lock": singles of the locked suit only, rank order reversed (C5)
        if count == 1 and pattern == 1 << lock and st < t:
            return
        sym = C.SUIT_SYMBOLS[lock]
        if count != 1 or pattern != 1 << lock:
            raise IllegalAction(
                f"lock (ロック) on {sym}: only single {sym} cards may be played",
                ja=f"{sym} のロック中です。{sym} の1枚出ししかできません",
            )
        raise IllegalAction(
            f"lock (ロック) on {sym}: order is reversed, play a {sym} lower than {_shown(top)}",
            ja=f"{sym} のロック中は強弱が逆転します。{_shown(top)} より下の {sym} を出してください",
        )
    if count == t_count:
        if st > t:
            return  # rule 1
        raise IllegalAction(
            f"must beat {_shown(top)} with a higher rank, or play more cards",
            ja=f"{_shown(top)} より強い数字を同じ枚数で出すか、より多い枚数を出してください",
        )
    if count > t_count:
        return  # rule 2 (C2: any rank)
    top_text = _shown(top)
    if count == 1 and t_count in CUT_IN_SIZES:
        # rule 3, the cut-in (カットイン), C4: rank ≥ T's
        if pattern & t_pattern:
            raise IllegalAction(
                f"a cut-in single must be of a suit not in {top_text}",
                ja=f"カットインの1枚は {top_text} にないスートでなければなりません",
            )
        if st < t:
            raise IllegalAction(
                f"a cut-in single on {top_text} must be of rank {_rank_name(t)} or higher",
                ja=f"{top_text} へのカットインは {_rank_name(t)} 以上の1枚でなければなりません",
            )
        return
    if count == 1 and t_count == MAX_SET:
        raise IllegalAction(
            f"a set of 4 cannot be cut into: play 4 cards higher than {top_text}",
            ja=f"4枚のセットにはカットインできません。{top_text} より強い4枚を出してください",
        )
    cut_in = t_count in CUT_IN_SIZES
    raise IllegalAction(
        f"must play at least {t_count} cards on {top_text}" + (" (or a cut-in single)" if cut_in else ""),
        ja=f"{top_text} には{t_count}枚以上を出してください" + ("(またはカットインの1枚)" if cut_in else ""),
    )
