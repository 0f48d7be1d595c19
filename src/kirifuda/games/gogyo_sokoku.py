"""Gogyō Sōkoku (五行相克) — take points, but never more than the one you count on.

Designer 黒宮公彦 (Kimihiko Kuromiya); TrickTakingParty Game Award 2017, second prize (準大賞).
Sources: ../shared/rules/gogyo-sokoku.md (the reference; cited below as "gogyo.md …"), which follows
../shared/seeds/001_0315aa0705a53994.txt, second half (「五行相克」 §1–§4, cited as "seed §n").
The kirifuda rulings on gaps are K1–K4 (docs/rules/gogyo-sokoku.md).

Exactly 5 players, seats 0..4 clockwise (A..E in the seed); play passes to the left (gogyo.md intro).
Spades are always trump; A K Q J 10 are worth 1 point each (gogyo.md "Cards", seed §1).

A deal (gogyo.md "A deal"):
1. the dealer deals 10 each one at a time, starting with their left; the two cards left over are the
   table cards, both face up: the first (upper) is the starting card 開始札 (deal pile ``rest``);
2. both table cards worth a point → double partnership (パートナー2人戦), else single (パートナー1人戦);
3. partners are one-way: single i → i+3, double i → i+2 and i+3;
4. trick 1 is led by the starting card: the dealer's left plays first and all five play; the starting
   card never wins; the winner takes the 5 cards played and both table cards (7) and leads trick 2;
5. tricks 2–10: must follow, spades trump, the winner leads;
6. captured point cards lie face up (every point total is public), zero cards face down.
Scoring (gogyo.md "Scoring a deal"): single — own if own ≤ partner's, else partner − own; double —
−|own + partners − 12|. A game is 5 deals, the dealer passing clockwise; ties share the win.

kirifuda rulings (docs/rules/gogyo-sokoku.md): K1 captured zero cards are hidden from everyone, the
observation holds no play history, but each seat's number of captured cards and tricks won is public;
K2 a completed trick stays in view until the next trick's first card; K3 both table cards stay public all
deal; K4 option ``players`` takes 5 only.

Action (../shared/spec/records.md): ``play QS``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .. import cards as C
from ..cards import CardSet, suit_cards
from ..core import (
    Action,
    Deal,
    DealError,
    Game,
    IllegalAction,
    NotationError,
    Observation,
    Options,
    ScoreLine,
    ScoreRule,
    deal_round,
    evolve,
    line_totals,
    option,
    parse_words,
    replace_at,
    require_cards,
    scored_lines,
)
from ..seats import Ring
from ..tricks import Play, trick_winner

PLAYERS = 5  # gogyo.md intro / seed 「プレイ人数：５人」
HAND_SIZE = 10  # gogyo.md "A deal" 1
TABLE_CARDS = 2  # gogyo.md "A deal" 1: two cards remain on the table
TRICKS_PER_DEAL = HAND_SIZE
DEALS_PER_GAME = 5  # gogyo.md "A game" / seed §4
TRUMP = C.SPADES  # gogyo.md "Cards": spades, always (seed §3 切り札はスペード固定)
DOUBLE_ORIGIN = 12  # gogyo.md "Scoring a deal": double mode measures from 12 (seed §4 12点を原点)

POINT_RANKS = (C.TEN, C.JACK, C.QUEEN, C.KING, C.ACE)  # gogyo.md "Cards": 1 point each, others 0
POINT_MASK = C.mask(C.make(r, s) for s in range(4) for r in POINT_RANKS)

SINGLE, DOUBLE = "single", "double"
"""The partnership modes: パートナー1人戦 and パートナー2人戦 (gogyo.md "A deal" 2)."""
PARTNER_STEPS = {SINGLE: (3,), DOUBLE: (2, 3)}
"""gogyo.md "A deal" 3: seats clockwise from a player to their partners (one-way)."""

DEAL, PLAY, OVER = "deal", "play", "over"

# gogyo.md "Scoring a deal", as the score lines name them (docs/rules/gogyo-sokoku.md "Score lines")
OWN_POINTS = ScoreRule("S1", "own points (single, not above the partner's)", "自分の点(1人戦・パートナー以下)")
ABOVE_PARTNER = ScoreRule("S2", "above the partner (single)", "パートナー超過(1人戦)")
FROM_TWELVE = ScoreRule("S3", "distance from 12 (double)", "12点からの差(2人戦)")


@dataclass(frozen=True, kw_only=True)
class GogyoOptions(Options):
    players: int = option(PLAYERS, PLAYERS, doc="number of players (exactly 5)")  # records.md: 5, the only value (K4)


# --- actions --------------------------------------------------------------------------------

_PLAYS = {c: Play(c) for c in C.DECK_52}


# --- rules as pure functions -------------------------------------------------------------------


def is_point(card: int) -> bool:
    return bool(POINT_MASK >> card & 1)


def points_of(cards: int) -> int:
    """Card points in a mask (gogyo.md "Cards")."""
    return (cards & POINT_MASK).bit_count()


def mode_of(table: tuple[int, ...]) -> str:
    """gogyo.md "A deal" 2: double iff both table cards are point cards."""
    return DOUBLE if all(is_point(c) for c in table) else SINGLE


def partners_of(seat: int, mode: str) -> tuple[int, ...]:
    """gogyo.md "A deal" 3: single i → i+3; double i → i+2, i+3 (one-way, mod 5)."""
    ring = Ring(PLAYERS)
    return tuple(ring.next(seat, k) for k in PARTNER_STEPS[mode])


PARTNER_MAPS = {mode: tuple(partners_of(s, mode) for s in range(PLAYERS)) for mode in (SINGLE, DOUBLE)}


def deal_score(points: tuple[int, ...], mode: str) -> tuple[int, ...]:
    """Each seat's score for a deal from the points each captured (gogyo.md "Scoring a deal", seed §4):
    single — own ≤ partner's → own, own > partner's → partner − own (negative);
    double — −|own + partner1 + partner2 − 12| (never positive)."""
    out = []
    for seat, partners in enumerate(PARTNER_MAPS[mode]):
        own = points[seat]
        if mode == SINGLE:
            partner = points[partners[0]]
            out.append(own if own <= partner else partner - own)
        else:
            out.append(-abs(own + sum(points[p] for p in partners) - DOUBLE_ORIGIN))
    return tuple(out)


def deal_lines(points: tuple[int, ...], mode: str) -> tuple[ScoreLine, ...]:
    """:func:`deal_score` as score lines (gogyo.md "Scoring a deal"): S1 own ≤ partner's, S2 own > partner's
    (partner − own), S3 the double partnership's −|own + partners − 12|."""
    out: list[ScoreLine] = []
    for seat, partners in enumerate(PARTNER_MAPS[mode]):
        own = points[seat]
        if mode == SINGLE:
            partner = points[partners[0]]
            part = (OWN_POINTS, own) if own <= partner else (ABOVE_PARTNER, partner - own)
        else:
            part = (FROM_TWELVE, -abs(own + sum(points[p] for p in partners) - DOUBLE_ORIGIN))
        out.extend(scored_lines(seat, (part,)))
    return tuple(out)


def winning_index(cards: tuple[int, ...], lead_suit: int) -> int:
    """The winning card among those the players played: the highest spade, else the highest of the lead
    suit (gogyo.md "A deal" 4–5). In trick 1 ``cards`` are the five played — the starting card is not
    among them, so it never wins (gogyo.md 4)."""
    return trick_winner(cards, lead_suit, TRUMP)


# --- state ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GogyoState:
    """A Gogyō Sōkoku game at one moment. Hands and captured piles are card bitmasks."""

    phase: str
    deal_index: int  # the deal being played (0-based); DEALS_PER_GAME when over
    dealer: int
    turn: int | None  # the seat to play, in the play phase
    hands: tuple[int, ...]
    table: tuple[int, ...]  # (starting card, the other table card); () before the first deal
    mode: str  # SINGLE or DOUBLE
    trick_index: int  # 0..9 within the deal
    lead_suit: int | None  # the suit to follow (trick 1: the starting card's suit)
    trick: tuple[tuple[int, int], ...]  # (seat, card) in play order
    captured: tuple[int, ...]  # per seat, every card it has taken this deal
    tricks_won: tuple[int, ...]
    table_taker: int | None  # who won trick 1 and took the table cards
    last_trick: tuple[tuple[int, int], ...]  # the trick just completed, in view until the next lead (K2)
    last_winner: int | None
    scores: tuple[tuple[int, ...], ...]
    lines: tuple[tuple[ScoreLine, ...], ...] = ()  # each completed deal's score lines (sum: ``scores``)


# --- observation -----------------------------------------------------------------------------


@dataclass(frozen=True)
class GogyoObservation(Observation):
    """What one seat sees (gogyo.md "A deal" 6, rulings K1–K3): its own hand, both table cards, the
    partnership mode and partners, the trick on the table (and the one just completed), every player's
    captured point cards, points and number of captured cards — not the identity of captured zero cards."""

    deal_number: int  # 1..5
    dealer: int
    hand: CardSet | None  # None for a spectator
    starting_card: str | None  # 開始札
    other_table_card: str | None
    table_taker: int | None  # who took the table cards (trick 1's winner)
    mode: str | None  # "single" (パートナー1人戦) / "double" (パートナー2人戦)
    partners: tuple[int, ...]  # this seat's partners (one-way); () for a spectator
    partner_map: tuple[tuple[int, ...], ...]  # every seat's partners
    trick_number: int  # 1..10
    lead_suit: str | None
    trick: tuple[tuple[int, str], ...]  # (seat, card) in play order; trick 1 is led by the starting card
    last_trick: tuple[tuple[int, str], ...]
    last_winner: int | None
    point_cards: tuple[CardSet, ...]  # captured point cards, face up (gogyo.md 6)
    points: tuple[int, ...]
    captured_counts: tuple[int, ...]  # cards captured, point and zero (K1)
    tricks_won: tuple[int, ...]
    scores_now: tuple[int, ...]  # each seat's score if the deal ended now


# --- the game --------------------------------------------------------------------------------


GogyoAction = Play
"""The actions of this game (what ``parse_action`` and ``legal_actions`` give)."""


class GogyoSokoku(Game[GogyoState, GogyoAction, GogyoObservation]):
    """The rules of Gogyō Sōkoku (see the module docstring for sources)."""

    id = "gogyo-sokoku"
    title = "Gogyō Sōkoku"
    title_ja = "五行相克"
    Options = GogyoOptions
    options: GogyoOptions

    def __init__(self, options: GogyoOptions | None = None, **values: Any):
        super().__init__(options, **values)
        self.n = PLAYERS
        self.ring = Ring(PLAYERS)
        self._left = tuple(self.ring.next(s) for s in range(PLAYERS))  # play passes clockwise (gogyo.md)

    def deck(self) -> tuple[int, ...]:
        return C.DECK_52  # gogyo.md "Cards": 52 cards, no Joker

    # lifecycle
    def initial(self) -> GogyoState:
        return GogyoState(
            phase=DEAL,
            deal_index=0,
            dealer=self.options.first_dealer,
            turn=None,
            hands=(0,) * PLAYERS,
            table=(),
            mode=SINGLE,
            trick_index=0,
            lead_suit=None,
            trick=(),
            captured=(0,) * PLAYERS,
            tricks_won=(0,) * PLAYERS,
            table_taker=None,
            last_trick=(),
            last_winner=None,
            scores=(),
        )

    def chance(self, state: GogyoState) -> str | None:
        return "deal" if state.phase == DEAL else None

    def to_act(self, state: GogyoState) -> frozenset[int]:
        if state.phase != PLAY:
            return frozenset()
        assert state.turn is not None  # a seat is to play throughout the play phase
        return frozenset((state.turn,))

    def is_over(self, state: GogyoState) -> bool:
        return state.phase == OVER

    # dealing
    def random_deal(self, state: GogyoState, rng: random.Random) -> Deal:
        # gogyo.md "A deal" 1: one at a time clockwise from the dealer's left, 10 each; the 2 left over
        # are the table cards, the upper (the next card of the pack) being the starting card
        hands, rest = deal_round(C.DECK_52, rng, PLAYERS, self.ring.next(state.dealer), HAND_SIZE)
        return Deal(tuple(tuple(h) for h in hands), rest=tuple(rest))

    def check_deal(self, state: GogyoState, deal: Deal) -> None:
        if state.phase != DEAL:
            raise DealError("no deal is due now", ja="今は配札の時ではありません")
        deal.check(C.DECK_52, [HAND_SIZE] * PLAYERS, {"rest": TABLE_CARDS})

    def apply_deal(self, state: GogyoState, deal: Deal) -> GogyoState:
        self.check_deal(state, deal)
        table = tuple(deal.rest)
        return GogyoState(
            phase=PLAY,
            deal_index=state.deal_index,
            dealer=state.dealer,
            turn=self.ring.next(state.dealer),  # gogyo.md 4: the dealer's left plays first to trick 1
            hands=tuple(C.mask(h) for h in deal.hands),
            table=table,
            mode=mode_of(table),
            trick_index=0,
            lead_suit=C.suit_of(table[0]),  # gogyo.md 4: the starting card is the opening lead
            trick=(),
            captured=(0,) * PLAYERS,
            tricks_won=(0,) * PLAYERS,
            table_taker=None,
            last_trick=(),
            last_winner=None,
            scores=state.scores,
            lines=state.lines,
        )

    # actions
    def parse_action(self, text: str) -> GogyoAction:
        words = parse_words(text)
        if len(words) == 2 and words[0].lower() == "play":
            card = require_cards(words[1:])[0]
            if card not in _PLAYS:
                raise NotationError(
                    f"{words[1]}: not a card of Gogyō Sōkoku (52 cards, no Joker)",
                    ja=f"{words[1]}: 五行相克のカードではありません(52枚、ジョーカーなし)",
                )
            return _PLAYS[card]
        raise NotationError(
            f"not a Gogyō Sōkoku action: {text!r} (write 'play QS')", ja="五行相克の手ではありません(例: play QS)"
        )

    def legal_actions(self, state: GogyoState, seat: int) -> list[GogyoAction]:
        if state.phase != PLAY or seat != state.turn:
            return []
        hand = state.hands[seat]
        lead = state.lead_suit
        if lead is not None:
            # must follow (gogyo.md 4–5, seed §3): the lead suit if held, else anything
            follow = suit_cards(hand, lead)
            if follow:
                hand = follow
        out: list[GogyoAction] = []
        for suit_mask in C.SUIT_MASKS:  # canonical order: ♠ ♥ ♦ ♣, high rank first
            m = hand & suit_mask
            while m:
                top = m.bit_length() - 1
                out.append(_PLAYS[top])
                m ^= 1 << top
        return out

    def apply(self, state: GogyoState, seat: int, action: Action | str) -> GogyoState:
        action = self._action(action)
        if state.phase != PLAY or seat != state.turn:
            self._check_turn(state, seat)  # raises, saying whose turn it is
        if not isinstance(action, Play):
            raise IllegalAction(
                "it is time to play a card to the trick (e.g. 'play QS')",
                ja="今はトリックにカードを出す番です(例: play QS)",
            )
        card = action.card
        hand = state.hands[seat]
        if not hand >> card & 1:
            raise IllegalAction(f"{C.text(card)} is not in your hand", ja=f"{C.symbol(card)} は手札にありません")
        lead = state.lead_suit
        if lead is not None and (card >> 4) & 3 != lead and suit_cards(hand, lead):
            # gogyo.md 4–5: a player holding the suit led (trick 1: the starting card's suit) must play it
            sym = C.SUIT_SYMBOLS[lead]
            if state.trick_index == 0:
                raise IllegalAction(
                    f"must follow the starting card's suit (開始札) {sym}",
                    ja=f"開始札のスート {sym} を持っているのでフォローが必要です",
                )
            raise IllegalAction(f"must follow suit {sym}", ja=f"{sym} を持っているのでフォローが必要です")
        hands = state.hands[:seat] + (hand & ~(1 << card),) + state.hands[seat + 1 :]
        trick = state.trick + ((seat, card),)
        if len(trick) < PLAYERS:
            # K2: the trick just completed stays in view until the next trick's first card is played
            leading = len(trick) == 1
            return GogyoState(
                phase=PLAY,
                deal_index=state.deal_index,
                dealer=state.dealer,
                turn=self._left[seat],
                hands=hands,
                table=state.table,
                mode=state.mode,
                trick_index=state.trick_index,
                lead_suit=(card >> 4) & 3 if lead is None else lead,
                trick=trick,
                captured=state.captured,
                tricks_won=state.tricks_won,
                table_taker=state.table_taker,
                last_trick=() if leading else state.last_trick,
                last_winner=None if leading else state.last_winner,
                scores=state.scores,
                lines=state.lines,
            )
        return self._finish_trick(state, hands, trick)

    def _finish_trick(
        self, state: GogyoState, hands: tuple[int, ...], trick: tuple[tuple[int, int], ...]
    ) -> GogyoState:
        assert state.lead_suit is not None  # set since the trick's first card (trick 1: the starting card)
        winner = trick[winning_index(tuple(c for _, c in trick), state.lead_suit)][0]
        taken = C.mask(c for _, c in trick)
        table_taker = state.table_taker
        if state.trick_index == 0:
            # gogyo.md 4: trick 1's winner also takes both table cards (7 cards)
            taken |= C.mask(state.table)
            table_taker = winner
        captured = replace_at(state.captured, winner, state.captured[winner] | taken)
        tricks_won = replace_at(state.tricks_won, winner, state.tricks_won[winner] + 1)
        index = state.trick_index + 1
        if index < TRICKS_PER_DEAL:
            # gogyo.md 4–5: the winner leads the next trick
            return GogyoState(
                phase=PLAY,
                deal_index=state.deal_index,
                dealer=state.dealer,
                turn=winner,
                hands=hands,
                table=state.table,
                mode=state.mode,
                trick_index=index,
                lead_suit=None,
                trick=(),
                captured=captured,
                tricks_won=tricks_won,
                table_taker=table_taker,
                last_trick=trick,
                last_winner=winner,
                scores=state.scores,
                lines=state.lines,
            )
        lines = deal_lines(tuple(points_of(m) for m in captured), state.mode)
        scores = state.scores + (line_totals(lines, PLAYERS),)
        deal_index = state.deal_index + 1
        over = deal_index == DEALS_PER_GAME
        return GogyoState(
            phase=OVER if over else DEAL,
            deal_index=deal_index,
            dealer=state.dealer if over else self.ring.next(state.dealer),  # gogyo.md "A game": clockwise
            turn=None,
            hands=hands,
            table=state.table,
            mode=state.mode,
            trick_index=index,
            lead_suit=None,
            trick=(),
            captured=captured,
            tricks_won=tricks_won,
            table_taker=table_taker,
            last_trick=trick,
            last_winner=winner,
            scores=scores,
            lines=state.lines + (lines,),
        )

    # views
    def observation(self, state: GogyoState, seat: int | None) -> GogyoObservation:
        dealt = bool(state.table)
        points = tuple(points_of(m) for m in state.captured)
        partner_map = PARTNER_MAPS[state.mode] if dealt else ()
        return GogyoObservation(
            seat=seat,
            deal_number=min(state.deal_index + 1, DEALS_PER_GAME),
            dealer=state.dealer,
            phase=state.phase,
            to_act=tuple(sorted(self.to_act(state))),
            hand=None if seat is None else CardSet(state.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in state.hands),
            starting_card=C.text(state.table[0]) if dealt else None,
            other_table_card=C.text(state.table[1]) if dealt else None,
            table_taker=state.table_taker,
            mode=state.mode if dealt else None,
            partners=partner_map[seat] if dealt and seat is not None else (),
            partner_map=partner_map,
            trick_number=min(state.trick_index + 1, TRICKS_PER_DEAL),
            lead_suit=None if state.lead_suit is None else C.SUITS[state.lead_suit],
            trick=tuple((s, C.text(c)) for s, c in state.trick),
            last_trick=tuple((s, C.text(c)) for s, c in state.last_trick),
            last_winner=state.last_winner,
            point_cards=tuple(CardSet(m & POINT_MASK) for m in state.captured),
            points=points,
            captured_counts=tuple(m.bit_count() for m in state.captured),
            tricks_won=state.tricks_won,
            scores_now=deal_score(points, state.mode) if dealt else (0,) * PLAYERS,
            deal_scores=state.scores,
            totals=self.totals(state),
            deal_lines=state.lines,
        )

    def reshuffle_unseen(self, state: GogyoState, seat: int | None, rng: random.Random) -> GogyoState:
        # Hidden places: the other seats' hands, and every captured pile's face-down zero cards (gogyo.md 6,
        # K1) — except the table cards and the trick in view (K2, K3). A face-down pile may only receive
        # zero cards, so those piles are filled first from the hidden zero cards, the hands from the rest.
        seen = C.mask(state.table) | C.mask(c for _, c in state.last_trick)
        others = [s for s in range(PLAYERS) if s != seat]
        face_down = [m & ~POINT_MASK & ~seen for m in state.captured]
        pool = 0
        for s in others:
            pool |= state.hands[s]
        for m in face_down:
            pool |= m
        zeros = C.card_list(pool & ~POINT_MASK)
        rng.shuffle(zeros)
        captured = list(state.captured)
        k = 0
        for s, m in enumerate(face_down):
            size = m.bit_count()
            captured[s] = (captured[s] & ~m) | C.mask(zeros[k : k + size])
            k += size
        rest = zeros[k:] + C.card_list(pool & POINT_MASK)
        rng.shuffle(rest)
        hands = list(state.hands)
        k = 0
        for s in others:
            size = hands[s].bit_count()
            hands[s] = C.mask(rest[k : k + size])
            k += size
        return evolve(state, hands=tuple(hands), captured=tuple(captured))

    def all_cards(self, state: GogyoState) -> list[int]:
        if not state.table:
            return []
        held = 0
        for m in state.hands:
            held |= m
        for m in state.captured:
            held |= m
        held |= C.mask(c for _, c in state.trick)
        if state.table_taker is None:  # still on the table until trick 1 is won
            held |= C.mask(state.table)
        return list(C.cards_in(held))

    def deal_scores(self, state: GogyoState) -> tuple[tuple[int, ...], ...]:
        return state.scores

    def score_lines(self, state: GogyoState) -> tuple[tuple[ScoreLine, ...], ...]:
        return state.lines
