"""Anarchy (アナーキー), Anarchy Bomb (アナーキストの爆弾), Organised Chaos (秩序立った混乱).

David Parlett's games where **every player plays to each trick at once**: each chooses a card
face down, then all are revealed together and cards are captured suit by suit.
Sources: ../shared/rules/anarchy.md (the reference; cited below as "anarchy.md §1–§3" and its
rulings P1–P5), which follows ../shared/seeds/002_8a92f8203cc2801f.txt (a Japanese translation of
Parlett's "Anarchy: an original card game"; cited as "seed 「…」" by its section headings).

kirifuda rulings on gaps (docs/rules/anarchy.md, "kirifuda rulings"): KA1 how the deal is laid out
(the 3-player dummy is dealt after the dealer, its last card on top; the first card left over is the
first turn-up / the spare); KA2 the turn-ups lie face down until bidding ends; KA3 a face-down choice
is final and only *that* it was made is public; KA4 the dealer's pass goes under the dummy's stock in
canonical order; KA5 captured cards and known bids are public; KA6 ``bomb_wild``: the Joker follows the
spare's card (to the dummy: nobody's); KA7 the Joker is a card of the hand, so it is thrown by the last
trick at the latest; KA8 void and quartet bonuses belong to the Bomb and Chaos, not the original;
KA9 ``deals`` left out means one per player; KA10 two copies of a card are one name (a play takes the
first copy held); KA11 3 players without ``dummy_passes``: the players pass among themselves.

Three game ids share one engine (:class:`AnarchyFamily`):

* ``anarchy`` (:class:`Anarchy`, anarchy.md §1): 4 or 5 players, 52 cards; open bids in turn from
  the dealer's left (option ``bidding`` "secret": all at once); capture by suit (a lone card of its
  suit is kept); 5 players: the two turn-up cards (P1, option ``turnup``); misère never below 0.
* ``anarchy-bomb`` (:class:`AnarchyBomb`, §2): 3–5 players, the Joker held by the hidden Anarchist,
  the face-up spare, the 3-player dummy stock, singleton capture and its ties, the bomb (ranks
  reversed for one trick, the spare replaces the Joker), 10 bids, void and quartet bonuses, the
  5-player decks (P3, option ``deck5``) and the ``bomb_wild`` variation.
* ``organised-chaos`` (:class:`OrganisedChaos`, §3): the Bomb without the Joker; a simultaneous
  3-card pass to the left before bidding (3 players: option ``dummy_passes``); 10 deals in which
  every player makes each of the 10 bids exactly once; the score sheet.

Seats 0..n-1 run clockwise; "left" is the next seat clockwise (anarchy.md intro). The deal passes
clockwise each deal. In every simultaneous step (a trick, a secret bid round, the Chaos pass)
``to_act`` is every seat still to choose; a choice is kept face down in the state (hidden from
every other seat's observation) and the last choice triggers the reveal in the same ``apply``.

Actions (../shared/spec/records.md): ``bid spades`` (``clubs hearts diamonds nosuit misere`` /
``cards black red best spades clubs hearts diamonds over under``), ``play QS`` (``play JK``: the
bomb), ``give 3C 4D 5H`` (the Organised Chaos pass). Two copies of a card (double deck) share one
name; a seat holding either copy may name it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from typing import Any, ClassVar

from .. import cards as C
from ..cards import COPY, JOKER, CardSet
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
    evolve,
    line_totals,
    option,
    parse_words,
    replace_at,
    require_cards,
    scored_lines,
)
from ..seats import Ring
from ..tricks import Play

DEAL, PASS, BID, PLAY, OVER = "deal", "pass", "bid", "play", "over"

# anarchy.md's bid tables and §2 bonuses, as the score lines name them (docs/rules/anarchy.md "Score lines")
BID_RULE = ScoreRule("S1", "bid", "ビッド")
VOID_RULE = ScoreRule("S2", "voids", "ボイド")
QUARTET_RULE = ScoreRule("S3", "quartets", "カルテット")

NO_CARD = -1
"""``chosen[seat]`` while the seat has not chosen its card for the trick; ``spare`` once it is used."""
NOBODY = -1
"""No seat: ``turn`` outside open bidding, ``last_bomb`` in a trick without the bomb, ``wild_to``
while no seat holds the wild Joker."""

ANARCHY_BIDS = ("spades", "clubs", "hearts", "diamonds", "nosuit", "misere")
"""anarchy.md §1 bid table (seed 「オリジナルバージョン」「ビッド」)."""
BOMB_BIDS = ("cards", "black", "red", "best", "spades", "clubs", "hearts", "diamonds", "over", "under")
"""anarchy.md §2 bid table (seed 「アナーキストの爆弾」「ビッド」); also Organised Chaos (§3)."""
BID_SUIT = {"spades": C.SPADES, "hearts": C.HEARTS, "diamonds": C.DIAMONDS, "clubs": C.CLUBS}
BID_ALIASES = {"misère": "misere", "no-suit": "nosuit"}
BID_JA = {
    "spades": "スペード",
    "clubs": "クラブ",
    "hearts": "ハート",
    "diamonds": "ダイヤ",
    "nosuit": "ノースート",
    "misere": "ミゼール",
    "cards": "カード",
    "black": "ブラック",
    "red": "レッド",
    "best": "ベスト",
    "over": "オーバー",
    "under": "アンダー",
}
"""Each bid's Japanese name (seed 「ビッド」), for bilingual messages and the view."""
BLACK, RED = (C.SPADES, C.CLUBS), (C.HEARTS, C.DIAMONDS)

ANARCHY_SUIT_BID = 2  # §1: 2 per card of the bid suit
BOMB_COLOUR_BID = 2  # §2: black / red, 2 per card
BOMB_BEST_BID = 3  # §2: best, 3 per card of the most numerous suit
BOMB_SUIT_BID = 4  # §2: a suit, 4 per card
BOMB_OVER_UNDER = 5  # §2: over / under, 5 per card beyond 13 (12 with 5 players)
VOID_BONUS = 10  # §2 bonuses: 10 per suit of which no card was taken
QUARTET_BONUS = 20  # §2 bonuses: 20 per four cards of one rank
QUARTET = 4
CHAOS_DEALS = len(BOMB_BIDS)  # §3: exactly 10 deals, each bid once per player
PASS_SIZE = 3  # §3: 3 cards to the left

LOW = (1 << COPY) - 1
SUIT_BOTH = tuple(m | (m << COPY) for m in C.SUIT_MASKS)
"""Both copies of every card of a suit (double decks, anarchy.md §2–§3)."""
RANK_BOTH = tuple(sum((1 << (s * 16 + r)) | (1 << (s * 16 + r + COPY)) for s in range(4)) for r in range(13))
CANONICAL = tuple(C.sorted_cards(list(C.DECK_52) + [JOKER]))
"""Every card name once, in canonical order (tests/oracles/README.md): ♠ ♥ ♦ ♣, A first, Joker last."""


# --- options --------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class _ChosenLengthOptions(Options):
    """Options of a game whose length is the players' choice (../shared/spec/records.md: ``deals``).

    ``deals`` left out (or ``null``) means one deal per player (anarchy.md §1 "Game", §2 "Game");
    it is resolved here, so an options value — and every record — holds the actual number.
    """

    # given as None (or left out) it is derived below, so an options value always holds an int
    deals: int = option(None, kind=int, doc="number of deals, at least 1 (default: one per player, KA9)")

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.deals is None:
            object.__setattr__(self, "deals", self.players)  # KA9: one deal per player
        if self.deals < 1:
            raise OptionError(
                f"option 'deals' takes a whole number of deals, at least 1, not {self.deals!r}",
                ja=f"オプション deals は1以上のディール数です({self.deals!r} は不可)",
            )


@dataclass(frozen=True, kw_only=True)
class AnarchyOptions(_ChosenLengthOptions):
    players: int = option(5, 4, doc="number of players (5 best)")
    bidding: str = option("open", "secret", doc='"open": in turn from the dealer\'s left (P2); "secret": all at once')
    turnup: str = option(
        "any",
        "contested",
        doc='5 players, P1: "any" card of its suit takes the turn-up; '
        '"contested": only a trick with 2+ cards of its suit',
    )


@dataclass(frozen=True, kw_only=True)
class AnarchyBombOptions(_ChosenLengthOptions):
    players: int = option(4, 3, 5, doc="number of players (3: with the dummy stock)")
    bidding: str = option("open", "secret", doc='"open": in turn from the dealer\'s left (P2); "secret": all at once')
    deck5: str = option(
        "61", "65", doc='5 players, P3: "61" (7s and 8s of a second pack) or "65" (6s, 7s, 8s; 4 unused)'
    )
    bomb_wild: bool = option(False, True, doc="variation: the thrown Joker stays with the spare and counts as any suit")


@dataclass(frozen=True, kw_only=True)
class OrganisedChaosOptions(Options):
    players: int = option(4, 3, 5, doc="number of players (3: with the dummy stock)")
    dummy_passes: bool = option(False, True, doc="3 players: the dummy takes part in the pass (anarchy.md §3)")


# --- actions --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Announce the bid the deal will be scored by."""

    name: str

    def __str__(self) -> str:
        return f"bid {self.name}"


@dataclass(frozen=True, slots=True)
class Give(Action):
    """Organised Chaos: pass three cards to the left, in canonical order (a name twice: both copies)."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return "give " + " ".join(C.text(c) for c in self.cards)


PLAYS = {c: Play(c) for c in CANONICAL}
_GIVES: dict[tuple[int, ...], Give] = {}
"""Give actions by their cards, made once (the pass lists up to 286 of them per seat)."""
BIDS = {name: Bid(name) for name in ANARCHY_BIDS + BOMB_BIDS}


# --- state ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LastTrick:
    """The last revealed trick of a deal."""

    cards: tuple[tuple[int, int, int], ...]  # (place, card, receiving place), seats in order, then the dummy
    bomb: int  # the seat that threw the bomb, else NOBODY
    turnup: tuple[int, ...]  # Anarchy: (card, seat) of a turn-up taken, else ()


@dataclass(frozen=True, slots=True)
class AnarchyState:
    """A game of the Anarchy family at one moment. Hands and piles are card bitmasks; a *place* is a
    seat, or (3-player Bomb and Chaos) the dummy, which is place ``players``."""

    phase: str
    dealer: int
    turn: int  # open bidding: the seat to bid; else NOBODY
    hands: tuple[int, ...]
    given: tuple[int, ...]  # Chaos: the cards each seat passed (face down until every seat has given)
    received: tuple[int, ...]  # Chaos: the cards each seat received
    bids: tuple[str | None, ...]  # None: not yet bid (secret bids stay hidden until all have bid)
    chosen: tuple[int, ...]  # each seat's face-down card for this trick, NO_CARD if not chosen
    taken: tuple[int, ...]  # per place: the cards captured this deal
    dummy: tuple[int, ...]  # the 3-player dummy stock, top first
    rest: tuple[int, ...]  # Anarchy 5p: turn-ups not yet taken, top first; Bomb "65": out of play
    spare: int  # Bomb: the face-up spare; NO_CARD once the bomb is thrown
    wild_to: int  # bomb_wild: the seat that took the spare with the Joker, else NOBODY
    tricks_done: int
    last: LastTrick | None  # the last revealed trick of this deal
    bid_history: tuple[tuple[str, ...], ...]  # each completed deal's bids by seat
    scores: tuple[tuple[int, ...], ...]  # each completed deal's scores by seat
    lines: tuple[tuple[ScoreLine, ...], ...] = ()  # each completed deal's score lines (sum: ``scores``)


# --- capture and scoring (module functions: the seed's examples are pinned on them) -------------


def capture(cards: Sequence[int], singletons: bool, reverse: bool = False) -> list[int]:
    """Who receives each card of a revealed trick: for every index, the index of the card whose player
    takes it (its own index: kept).

    Every suit played two or more times goes to the player of its highest card (anarchy.md §1
    "Capture", §2 "Play"); two identical top cards (double deck) → nobody captures that suit, each
    keeps their own (§2). Cards whose suit appears once are *singletons*: kept by their players in
    Anarchy; with ``singletons`` (Bomb, Chaos, §2) two or more go to the highest singleton unless its
    rank is tied, and a lone singleton is kept. ``reverse``: the bomb's trick, 2 high and A low (§2).
    """
    receivers = list(range(len(cards)))
    by_suit: tuple[list[int], ...] = ([], [], [], [])
    for i, c in enumerate(cards):
        by_suit[(c >> 4) & 3].append(i)
    lone = []
    for group in by_suit:
        if len(group) == 1:
            lone.append(group[0])
        elif group:
            top = _top(cards, group, reverse)
            if top is not None:
                for i in group:
                    receivers[i] = top
    if singletons and len(lone) >= 2:
        top = _top(cards, lone, reverse)
        if top is not None:
            for i in lone:
                receivers[i] = top
    return receivers


def _top(cards: Sequence[int], group: list[int], reverse: bool) -> int | None:
    """The index of the strongest card of ``group``, or None when its rank is tied."""
    best, best_strength, tied = None, -1, False
    for i in group:
        rank = cards[i] & 15
        strength = C.ACE - rank if reverse else rank
        if strength > best_strength:
            best, best_strength, tied = i, strength, False
        elif strength == best_strength:
            tied = True
    return None if tied else best


def suit_counts(taken: int) -> list[int]:
    """Cards taken per suit (S H D C), both copies counted."""
    return [(taken & m).bit_count() for m in SUIT_BOTH]


def anarchy_bid_score(bid: str, taken: int, par: int) -> int:
    """anarchy.md §1 scoring: a suit 2 per card of it, no-suit 1 per card, misère 1 per card fewer
    than ``par`` (10; 13 with 4 players), never below 0 (seed 「得点」, P5)."""
    total = taken.bit_count()
    if bid in BID_SUIT:
        return ANARCHY_SUIT_BID * (taken & SUIT_BOTH[BID_SUIT[bid]]).bit_count()
    if bid == "nosuit":
        return total
    if bid == "misere":
        return max(0, par - total)
    raise ValueError(f"not an Anarchy bid: {bid!r}")


def bomb_bid_score(bid: str, counts: Sequence[int], target: int) -> int:
    """anarchy.md §2 bid table on per-suit counts (S H D C); ``target`` is 13 (12 with 5 players)."""
    total = sum(counts)
    if bid == "cards":
        return total
    if bid == "black":
        return BOMB_COLOUR_BID * (counts[C.SPADES] + counts[C.CLUBS])
    if bid == "red":
        return BOMB_COLOUR_BID * (counts[C.HEARTS] + counts[C.DIAMONDS])
    if bid == "best":
        return BOMB_BEST_BID * max(counts)
    if bid in BID_SUIT:
        return BOMB_SUIT_BID * counts[BID_SUIT[bid]]
    if bid == "over":
        return BOMB_OVER_UNDER * max(0, total - target)  # P5: never negative
    if bid == "under":
        return BOMB_OVER_UNDER * max(0, target - total)  # P5
    raise ValueError(f"not an Anarchy Bomb bid: {bid!r}")


def void_bonus(counts: Sequence[int]) -> int:
    """anarchy.md §2 bonuses: 10 per suit of which no card was taken."""
    return VOID_BONUS * sum(1 for n in counts if n == 0)


def quartet_bonus(taken: int) -> int:
    """anarchy.md §2 bonuses: 20 per four cards of one rank (double deck: copies ÷ 4)."""
    return QUARTET_BONUS * sum((taken & m).bit_count() // QUARTET for m in RANK_BOTH)


def bomb_deal_parts(bid: str, taken: int, target: int, wild_joker: bool = False) -> tuple[int, int, int]:
    """A Bomb / Chaos deal score in parts: (the bid, the void bonus, the quartet bonus) (§2). ``wild_joker``
    (``bomb_wild``): the Joker counts as one more card of any suit, or not at all — the reading whose sum
    scores best (the first such: not counted, then S H D C); it never completes a quartet (anarchy.md §2
    "Variation")."""
    counts = suit_counts(taken)
    quartets = quartet_bonus(taken)
    best = (bomb_bid_score(bid, counts, target), void_bonus(counts), quartets)
    if wild_joker:
        for suit in range(4):
            counts[suit] += 1
            reading = (bomb_bid_score(bid, counts, target), void_bonus(counts), quartets)
            if sum(reading) > sum(best):
                best = reading
            counts[suit] -= 1
    return best


def bomb_deal_score(bid: str, taken: int, target: int, wild_joker: bool = False) -> int:
    """A Bomb / Chaos deal score: the bid plus void and quartet bonuses (:func:`bomb_deal_parts`)."""
    return sum(bomb_deal_parts(bid, taken, target, wild_joker))


# --- observation -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Revealed:
    """One card of the last revealed trick."""

    seat: int | None  # who played it; None: the 3-player dummy's turned card
    card: str
    taken_by: int | None  # who captured it; None: the dummy
    bomb: bool = False  # the Anarchist's spare, played by throwing the bomb (Joker)


@dataclass(frozen=True)
class AnarchyObservation(Observation):
    """What one seat may know. Other seats' face-down choices show only *that* they have chosen
    (``ready``); captured cards are public (every card is revealed in its trick)."""

    game: str
    players: int
    deal_number: int  # 1-based
    deals: int
    dealer: int
    bidding: str  # "open" or "secret"
    hand: CardSet | None  # None for a spectator
    ready: tuple[bool, ...]  # seats whose face-down choice (card, pass or secret bid) is made
    my_choice: Action | None  # this seat's own face-down choice, until the reveal
    bids: tuple[str | None, ...]  # None: not made, or still secret
    trick_number: int  # the trick being chosen now (1-based)
    tricks: int  # tricks per deal
    turnup: str | None  # Anarchy 5p: the live face-up turn-up card
    turnups_face_down: int  # Anarchy 5p: cards aside still face down
    spare: str | None  # Bomb: the face-up spare (None once the bomb is thrown)
    bomb_thrown: bool
    wild_joker: int | None  # bomb_wild: the seat holding the thrown Joker with the spare's card
    out_of_play: int  # Bomb deck5 "65": cards unseen all deal
    dummy_stock: int  # 3 players: cards left in the dummy stock
    last_trick: tuple[Revealed, ...]
    last_trick_reversed: bool  # the bomb was thrown in the last trick
    last_turnup: tuple[str, int] | None  # (card, seat) of a turn-up taken in the last trick
    taken: tuple[CardSet, ...]
    dummy_taken: CardSet | None
    passed: CardSet | None  # Chaos: the cards this seat gave
    received: CardSet | None  # Chaos: the cards this seat received
    bid_scores: tuple[int | None, ...]  # what each known bid scores with the cards taken so far
    score_sheet: tuple[tuple[str, tuple[int | None, ...]], ...]  # Chaos: (bid, score per seat) rows


# --- the engine ------------------------------------------------------------------------------


AnarchyAction = Bid | Give | Play
"""The actions of this game (what ``parse_action`` and ``legal_actions`` give)."""


class AnarchyFamily(Game[AnarchyState, AnarchyAction, AnarchyObservation]):
    """The engine the three games share; each subclass sets its cards, piles, bids and length."""

    bid_names: ClassVar[tuple[str, ...]]
    original: ClassVar[bool] = False  # Anarchy §1: singletons kept, turn-ups, misère
    bomb: ClassVar[bool] = False  # Anarchy Bomb §2: the Joker
    chaos: ClassVar[bool] = False  # Organised Chaos §3: the pass, each bid once

    # set by each subclass's _setup
    hand_size: int
    rest_size: int = 0
    spare_size: int = 0
    has_dummy: bool = False
    total_deals: int
    secret_bids: bool = False
    contested_turnup: bool = False  # Anarchy option ``turnup`` "contested"
    bomb_wild: bool = False  # Anarchy Bomb option ``bomb_wild``
    dummy_passes: bool = False  # Organised Chaos, 3 players, option ``dummy_passes``
    _deck: tuple[int, ...]

    def __init__(self, options: Options | None = None, **values: Any):
        super().__init__(options, **values)
        self.n = self.options.players
        self.ring = Ring(self.n)
        self._setup()
        self.dummy_size = self.hand_size if self.has_dummy else 0
        self.dummy_place = self.n  # the dummy's place index (only with a dummy)
        self.places = self.n + (1 if self.has_dummy else 0)
        self._no_choices = (NO_CARD,) * self.n

    def _setup(self) -> None:
        raise NotImplementedError

    def deck(self) -> tuple[int, ...]:
        return self._deck

    # lifecycle
    def initial(self) -> AnarchyState:
        n = self.n
        return AnarchyState(
            phase=DEAL,
            dealer=self.options.first_dealer,
            turn=NOBODY,
            hands=(0,) * n,
            given=(0,) * n,
            received=(0,) * n,
            bids=(None,) * n,
            chosen=(NO_CARD,) * n,
            taken=(0,) * self.places,
            dummy=(),
            rest=(),
            spare=NO_CARD,
            wild_to=NOBODY,
            tricks_done=0,
            last=None,
            bid_history=(),
            scores=(),
        )

    def chance(self, state: AnarchyState) -> str | None:
        return "deal" if state.phase == DEAL else None

    def _awaits(self, state: AnarchyState, seat: int) -> bool:
        """``seat in to_act(state)``, without building the set."""
        if type(seat) is not int or not 0 <= seat < self.n:
            return False
        phase = state.phase
        if phase == PLAY:
            return state.chosen[seat] == NO_CARD
        if phase == BID:
            return state.bids[seat] is None if self.secret_bids else seat == state.turn
        return phase == PASS and not state.given[seat]

    def to_act(self, state: AnarchyState) -> frozenset[int]:
        phase = state.phase
        if phase == PLAY:
            return frozenset(s for s, c in enumerate(state.chosen) if c == NO_CARD)
        if phase == BID:
            if self.secret_bids:
                return frozenset(s for s, b in enumerate(state.bids) if b is None)
            return frozenset((state.turn,))
        if phase == PASS:
            return frozenset(s for s, g in enumerate(state.given) if not g)
        return frozenset()

    def is_over(self, state: AnarchyState) -> bool:
        return state.phase == OVER

    # dealing
    def random_deal(self, state: AnarchyState, rng: random.Random) -> Deal:
        pack = list(self._deck)
        rng.shuffle(pack)
        # anarchy.md intro: the dealer deals one at a time from their left; KA1: the 3-player dummy
        # sits between the dealer and the dealer's left (§3), so its card comes after the dealer's.
        order = list(self.ring.order_from(self.ring.next(state.dealer)))
        if self.has_dummy:
            order.append(self.dummy_place)
        piles: list[list[int]] = [[] for _ in range(self.places)]
        dealt = self.hand_size * len(order)
        for k in range(dealt):
            piles[order[k % len(order)]].append(pack[k])
        left = pack[dealt:]
        hands = piles[: self.n]
        dummy = piles[self.n][::-1] if self.has_dummy else []  # KA1: dealt face down, the last card on top
        # §2: the one card left is the spare; KA1: "65" — the first left over is the spare, 4 out of play;
        # §1 Anarchy: the 2 left over lie aside, the first to be turned up first
        spare, rest = left[: self.spare_size], left[self.spare_size :]
        if self.bomb:
            # P4 / §2: the Joker never starts as the spare, in the dummy or among the unused cards: it
            # changes places with the dealer's last card.
            for pile in (spare, rest, dummy):
                if JOKER in pile:
                    hand = hands[state.dealer]
                    pile[pile.index(JOKER)], hand[-1] = hand[-1], JOKER
        return Deal(tuple(tuple(h) for h in hands), rest=tuple(rest), spare=tuple(spare), dummy=tuple(dummy))

    def check_deal(self, state: AnarchyState, deal: Deal) -> None:
        if state.phase != DEAL:
            raise DealError("no deal is due now", ja="今は配札の時ではありません")
        deal.check(
            self._deck,
            [self.hand_size] * self.n,
            {"rest": self.rest_size, "spare": self.spare_size, "dummy": self.dummy_size},
        )
        if self.bomb and not any(C.base(c) == JOKER for h in deal.hands for c in h):
            raise DealError(
                "the Joker must start in a player's hand, never as the spare, in the dummy "
                "or among the unused cards (anarchy.md P4)",
                ja="ジョーカーは必ずプレイヤーの手札から始まります(余り札・ダミー・未使用札には入りません、P4)",
            )

    def apply_deal(self, state: AnarchyState, deal: Deal) -> AnarchyState:
        self.check_deal(state, deal)
        deal = _name_copies(deal)
        n = self.n
        first_bidder = self.ring.next(state.dealer)  # P2: bids from the dealer's left
        return AnarchyState(
            phase=PASS if self.chaos else BID,
            dealer=state.dealer,
            turn=NOBODY if self.chaos or self.secret_bids else first_bidder,
            hands=tuple(C.mask(h) for h in deal.hands),
            given=(0,) * n,
            received=(0,) * n,
            bids=(None,) * n,
            chosen=(NO_CARD,) * n,
            taken=(0,) * self.places,
            dummy=deal.dummy,
            rest=deal.rest,
            spare=deal.spare[0] if deal.spare else NO_CARD,
            wild_to=NOBODY,
            tricks_done=0,
            last=None,
            bid_history=state.bid_history,
            scores=state.scores,
            lines=state.lines,
        )

    # actions
    def parse_action(self, text: str) -> AnarchyAction:
        words = parse_words(text)
        if not words:
            raise NotationError(
                f"empty action (write e.g. {self._examples()})", ja=f"手が空です(例: {self._examples()})"
            )
        verb, args = words[0].lower(), words[1:]
        if verb == "play" and len(args) == 1:
            return PLAYS[require_cards(args)[0]]
        if verb == "bid" and len(args) == 1:
            name = args[0].lower()
            name = BID_ALIASES.get(name, name)
            if name not in self.bid_names:
                raise NotationError(
                    f"not a bid of {self.title}: {args[0]!r} (bids: {' '.join(self.bid_names)})",
                    ja=f"{args[0]!r} は{self.title_ja}のビッドではありません"
                    f"(ビッド: {' '.join(f'{b}({BID_JA[b]})' for b in self.bid_names)})",
                )
            return BIDS[name]
        if verb == "give" and self.chaos:
            if len(args) != PASS_SIZE:
                raise NotationError(
                    f"a pass gives exactly three cards (e.g. 'give 3C 4D 5H'), not {len(args)}",
                    ja=f"パスはちょうど3枚です(例: 'give 3C 4D 5H')。{len(args)}枚は不可",
                )
            return Give(tuple(C.sorted_cards(require_cards(args))))
        raise NotationError(
            f"not an action of {self.title}: {text!r} (write e.g. {self._examples()})",
            ja=f"{text!r} は{self.title_ja}の手ではありません(例: {self._examples()})",
        )

    def _examples(self) -> str:
        bid = "'bid spades'" if self.original else "'bid black'"
        return f"{bid}, 'play QS'" + (", 'give 3C 4D 5H'" if self.chaos else "")

    def legal_actions(self, state: AnarchyState, seat: int) -> list[AnarchyAction]:
        if not self._awaits(state, seat):
            return []
        phase = state.phase
        if phase == PLAY:
            return list(_plays(_names(state.hands[seat])))
        if phase == BID:
            used = self._used_bids(state, seat)
            return [BIDS[name] for name in self.bid_names if name not in used]
        return list(_gives(state.hands[seat]))

    def _used_bids(self, state: AnarchyState, seat: int) -> set[str]:
        # §3: each of the 10 bids exactly once per player (Anarchy and Bomb: no limit)
        return {bids[seat] for bids in state.bid_history} if self.chaos else set()

    def apply(self, state: AnarchyState, seat: int, action: Action | str) -> AnarchyState:
        action = self._action(action)
        if not self._awaits(state, seat):
            self._check_turn(state, seat)
            # a seat value equal to an awaited seat but not a seat number (e.g. True for 1)
            raise IllegalAction(f"not a seat: {seat!r}", ja=f"{seat!r} は席ではありません")
        phase = state.phase
        if phase == PLAY:
            if not isinstance(action, Play):
                raise IllegalAction(
                    "it is time to choose a card for the trick (e.g. 'play QS')",
                    ja="今はトリックに出すカードを伏せて選ぶ番です(例: 'play QS')",
                )
            return self._play(state, seat, action.card)
        if phase == BID:
            if not isinstance(action, Bid):
                example = self._examples().split(",")[0]
                raise IllegalAction(f"it is time to bid (e.g. {example})", ja=f"今はビッドの番です(例: {example})")
            return self._bid(state, seat, action.name)
        if not isinstance(action, Give):
            raise IllegalAction(
                "it is time to pass three cards to your left (e.g. 'give 3C 4D 5H')",
                ja="今は左隣へ3枚を渡す番です(例: 'give 3C 4D 5H')",
            )
        return self._give(state, seat, action.cards)

    def _bid(self, state: AnarchyState, seat: int, name: str) -> AnarchyState:
        if name not in self.bid_names:
            raise IllegalAction(
                f"{name!r} is not a bid of {self.title}", ja=f"{name!r} は{self.title_ja}のビッドではありません"
            )
        if name in self._used_bids(state, seat):
            raise IllegalAction(
                f"seat {seat} has already bid {name} in an earlier deal "
                "(Organised Chaos: each bid exactly once, anarchy.md §3)",
                ja=f"席 {seat} は前のディールで{BID_JA[name]}({name})をビッド済みです"
                "(秩序立った混乱:各ビッドはちょうど1回)",
            )
        bids = replace_at(state.bids, seat, name)
        if None in bids:
            # P2: open bids go round clockwise; secret bids stay face down until all have bid (KA3)
            turn = NOBODY if self.secret_bids else self.ring.next(seat)
            return evolve(state, bids=bids, turn=turn)
        # anarchy.md §1 "Turn-up": the dealer turns the first card aside just before trick 1 (KA2)
        return evolve(state, phase=PLAY, bids=bids, turn=NOBODY)

    def _give(self, state: AnarchyState, seat: int, cards: tuple[int, ...]) -> AnarchyState:
        # §3: three cards of the hand, passed face down (KA3) until every seat has given
        hand = state.hands[seat]
        given = 0
        for card in cards:
            actual = _held_copy(hand & ~given, card)
            if actual == NO_CARD:
                times = cards.count(card)
                raise IllegalAction(
                    f"{C.text(card)} is not in your hand" + (f" {times} times" if times > 1 else ""),
                    ja=f"{C.symbol(card)} は手札に" + (f"{times}枚" if times > 1 else "") + "ありません",
                )
            given |= 1 << actual
        hands = replace_at(state.hands, seat, hand & ~given)
        gifts = replace_at(state.given, seat, given)
        if 0 in gifts:
            return evolve(state, hands=hands, given=gifts)
        return self._exchange(state, list(hands), gifts)

    def _exchange(self, state: AnarchyState, hands: list[int], gifts: tuple[int, ...]) -> AnarchyState:
        """§3: everyone passes 3 cards left and receives 3 from the right, all at once."""
        received = [0] * self.n
        dealer, dealers_left = state.dealer, self.ring.next(state.dealer)
        dummy = state.dummy
        dummy_passes = self.dummy_passes  # KA11 when it does not
        for s in range(self.n):
            if dummy_passes and s == dealer:
                continue
            to = self.ring.next(s)
            hands[to] |= gifts[s]
            received[to] = gifts[s]
        if dummy_passes:
            # §3 / KA4: the dummy sits between the dealer and the dealer's left: it passes its top 3 to
            # the dealer's left, and the dealer's 3 go under its stock in canonical order (S H D C, A…2),
            # the first of them nearest the top.
            from_dummy = C.mask(dummy[:PASS_SIZE])
            dummy = dummy[PASS_SIZE:] + tuple(C.sorted_cards(C.cards_in(gifts[dealer])))
            hands[dealers_left] |= from_dummy
            received[dealers_left] = from_dummy
        return evolve(
            state, phase=BID, turn=dealers_left, hands=tuple(hands), given=gifts, received=tuple(received), dummy=dummy
        )

    def _play(self, state: AnarchyState, seat: int, card: int) -> AnarchyState:
        hand = state.hands[seat]
        actual = _held_copy(hand, card)  # KA10
        if actual == NO_CARD:
            # §1 "Play" / §2: any card of the hand, no suit to follow; §2: only the Anarchist holds the bomb
            raise IllegalAction(f"{C.text(card)} is not in your hand", ja=f"{C.symbol(card)} は手札にありません")
        # KA3: the card is laid face down (it leaves the hand, final) until every seat has chosen
        hands = replace_at(state.hands, seat, hand & ~(1 << actual))
        chosen = replace_at(state.chosen, seat, actual)
        if NO_CARD in chosen:
            return evolve(state, hands=hands, chosen=chosen)
        return self._reveal(state, hands, chosen)

    def _reveal(self, state: AnarchyState, hands: tuple[int, ...], chosen: tuple[int, ...]) -> AnarchyState:
        """All cards are chosen: turn them up together and capture (anarchy.md §1 "Capture", §2 "Play")."""
        cards = list(chosen)
        owners = list(range(self.n))
        spare, bomb_seat, wild_to = state.spare, NOBODY, state.wild_to
        if JOKER in chosen:
            # KA7: the Joker is one of the hand's cards, so it comes out by the last trick at the latest.
            # §2 "The bomb": ranks reversed for this trick; the spare is the Anarchist's card; the Joker
            # leaves play (bomb_wild: it stays attached to the spare's card).
            bomb_seat = chosen.index(JOKER)
            cards[bomb_seat], spare = spare, NO_CARD
        dummy = state.dummy
        if self.has_dummy:
            # §2 "Play": with 3 players the dummy's top card is turned as a fourth card
            cards.append(dummy[0])
            owners.append(self.dummy_place)
            dummy = dummy[1:]
        receivers = capture(cards, singletons=not self.original, reverse=bomb_seat != NOBODY)
        taken = list(state.taken)
        for card, r in zip(cards, receivers, strict=True):
            taken[owners[r]] |= 1 << card
        if bomb_seat != NOBODY and self.bomb_wild:
            # KA6: the Joker goes with the spare's card; taken by the dummy it scores for nobody
            taker = owners[receivers[bomb_seat]]
            wild_to = taker if taker < self.n else NOBODY
        rest = state.rest
        last_turnup: tuple[int, ...] = ()
        if self.original and rest:
            rest, last_turnup = self._turnup(rest, cards, taken)
        last = LastTrick(
            tuple((o, c, owners[r]) for o, c, r in zip(owners, cards, receivers, strict=True)), bomb_seat, last_turnup
        )
        after = evolve(
            state,
            hands=hands,
            chosen=self._no_choices,
            taken=tuple(taken),
            dummy=dummy,
            rest=rest,
            spare=spare,
            wild_to=wild_to,
            tricks_done=state.tricks_done + 1,
            last=last,
        )
        if after.tricks_done < self.hand_size:
            return after
        return self._end_deal(after)

    def _turnup(
        self, rest: tuple[int, ...], cards: list[int], taken: list[int]
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """P1: the live turn-up (``rest[0]``) goes to the highest card of its suit in the first trick
        that has one (``turnup`` "contested": two or more); the next card aside is then turned up,
        live from the next trick."""
        suit = C.suit_of(rest[0])
        of_suit = [i for i, c in enumerate(cards) if C.suit_of(c) == suit]
        if len(of_suit) < (2 if self.contested_turnup else 1):
            return rest, ()
        winner = max(of_suit, key=lambda i: cards[i] & 15)  # a single deck: no equal ranks in a suit
        taken[winner] |= 1 << rest[0]
        return rest[1:], (rest[0], winner)

    def _end_deal(self, state: AnarchyState) -> AnarchyState:
        bids = tuple(b for b in state.bids if b is not None)
        assert len(bids) == self.n  # every seat bids before the play
        deal_lines = self.deal_lines(bids, state.taken, state.wild_to)
        deal_score = line_totals(deal_lines, self.n)
        over = len(state.scores) + 1 == self.total_deals
        # anarchy.md intro: the deal passes clockwise
        return evolve(
            state,
            phase=OVER if over else DEAL,
            dealer=state.dealer if over else self.ring.next(state.dealer),
            bid_history=state.bid_history + (bids,),
            scores=state.scores + (deal_score,),
            lines=state.lines + (deal_lines,),
        )

    def _score(self, state: AnarchyState, seat: int, bid: str) -> int:
        """What ``bid`` scores for ``seat`` with the cards it has taken (the deal score at the end)."""
        if self.original:  # KA8: the original has no bonuses; misère counts from the hand size (10 / 13)
            return anarchy_bid_score(bid, state.taken[seat], self.hand_size)
        # §2: over/under measure from 13 (12 with 5 players) — the hand size
        return bomb_deal_score(bid, state.taken[seat], self.hand_size, wild_joker=state.wild_to == seat)

    def deal_lines(self, bids: Sequence[str], taken: Sequence[int], wild_to: int) -> tuple[ScoreLine, ...]:
        """A deal's score lines from each seat's bid and cards taken (``wild_to``: the seat holding the wild
        Joker, else NOBODY): S1 the bid, S2 the voids, S3 the quartets (KA8: Bomb and Chaos only)."""
        out: list[ScoreLine] = []
        for seat in range(self.n):
            if self.original:
                parts: Sequence[int] = (anarchy_bid_score(bids[seat], taken[seat], self.hand_size),)
            else:
                parts = bomb_deal_parts(bids[seat], taken[seat], self.hand_size, wild_joker=wild_to == seat)
            out.extend(scored_lines(seat, zip((BID_RULE, VOID_RULE, QUARTET_RULE), parts, strict=False)))
        return tuple(out)

    # views
    def observation(self, state: AnarchyState, seat: int | None) -> AnarchyObservation:
        # KA3: others' face-down choices show only as ``ready``; KA5: captured cards are public (every
        # card is turned up in its trick); KA2: the live turn-up is face up once bidding is over.
        n, phase = self.n, state.phase
        secret = phase == BID and self.secret_bids
        bids = tuple(b if not secret or s == seat else None for s, b in enumerate(state.bids))
        if phase == PLAY:
            ready = tuple(c != NO_CARD for c in state.chosen)
        elif phase == PASS:
            ready = tuple(bool(g) for g in state.given)
        elif secret:
            ready = tuple(b is not None for b in state.bids)
        else:
            ready = (False,) * n
        my_choice: Action | None = None
        if seat is not None:
            if phase == PLAY and state.chosen[seat] != NO_CARD:
                my_choice = PLAYS[C.base(state.chosen[seat])]
            elif phase == PASS and state.given[seat]:
                my_choice = Give(tuple(C.sorted_cards(C.base(c) for c in C.cards_in(state.given[seat]))))
            elif secret and (bid := state.bids[seat]) is not None:
                my_choice = BIDS[bid]
        turnup_up = self.original and phase != BID and state.rest
        last = state.last
        passed = received = None  # Chaos, after the pass: what this seat gave and received
        if self.chaos and phase not in (PASS, DEAL) and seat is not None:
            passed, received = CardSet(state.given[seat]), CardSet(state.received[seat])
        return AnarchyObservation(
            seat=seat,
            game=self.id,
            players=n,
            deal_number=min(len(state.scores) + 1, self.total_deals),
            deals=self.total_deals,
            dealer=state.dealer,
            phase=phase,
            to_act=tuple(sorted(self.to_act(state))),
            bidding="secret" if self.secret_bids else "open",
            hand=None if seat is None else CardSet(state.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in state.hands),
            ready=ready,
            my_choice=my_choice,
            bids=bids,
            trick_number=min(state.tricks_done + 1, self.hand_size),
            tricks=self.hand_size,
            turnup=C.text(state.rest[0]) if turnup_up else None,
            turnups_face_down=len(state.rest) - (1 if turnup_up else 0) if self.original else 0,
            spare=C.text(state.spare) if state.spare != NO_CARD else None,
            bomb_thrown=self.bomb and state.spare == NO_CARD,
            wild_joker=state.wild_to if state.wild_to != NOBODY else None,
            out_of_play=0 if self.original else len(state.rest),
            dummy_stock=len(state.dummy),
            last_trick=tuple(
                Revealed(seat=o if o < n else None, card=C.text(c), taken_by=r if r < n else None, bomb=o == last.bomb)
                for o, c, r in last.cards
            )
            if last
            else (),
            last_trick_reversed=last is not None and last.bomb != NOBODY,
            last_turnup=(C.text(last.turnup[0]), last.turnup[1]) if last and last.turnup else None,
            taken=tuple(CardSet(state.taken[s]) for s in range(n)),
            dummy_taken=CardSet(state.taken[n]) if self.has_dummy else None,
            passed=passed,
            received=received,
            bid_scores=tuple(None if b is None else self._score(state, s, b) for s, b in enumerate(bids)),
            deal_scores=state.scores,
            totals=self.totals(state),
            score_sheet=self.score_sheet(state),
            deal_lines=state.lines,
        )

    def seen(self, state: AnarchyState, seat: int | None, actor: int, action: Action) -> str:
        """KA3: a card, a secret bid or a pass is chosen face down; the others see only that it was made
        (the cards of a trick are seen at the reveal, in the observation; secret bids once all have bid)."""
        if actor == seat:
            return str(action)
        if isinstance(action, Play):
            return "play ?"
        if isinstance(action, Give):
            return "give ? ? ?"
        if isinstance(action, Bid) and self.secret_bids:
            return "bid ?"
        return str(action)

    def score_sheet(self, state: AnarchyState) -> tuple[tuple[str, tuple[int | None, ...]], ...]:
        """Organised Chaos (§3): a row per bid, a column per player — the deal score of the deal in which
        the player made that bid (None: not yet made). The total row is ``totals``. Other games: ()."""
        if not self.chaos:
            return ()
        rows: dict[str, list[int | None]] = {name: [None] * self.n for name in self.bid_names}
        for bids, score in zip(state.bid_history, state.scores, strict=True):
            for s in range(self.n):
                rows[bids[s]][s] = score[s]
        return tuple((name, tuple(rows[name])) for name in self.bid_names)

    def reshuffle_unseen(self, state: AnarchyState, seat: int | None, rng: random.Random) -> AnarchyState:
        """Redistribute what ``seat`` cannot see: other seats' hands together with their face-down
        choices (a card, a pass, a secret bid), the dummy stock, the cards aside still face down and
        the unused cards — keeping what ``seat`` knows: the cards it passed stay with their receiver
        (under the dummy's stock: the last ones), and the Joker stays in a player's hands (P4)."""
        if state.phase == DEAL and not state.scores:
            return state
        n, phase = self.n, state.phase
        others = [s for s in range(n) if s != seat]
        held = {}
        for s in others:
            m = state.hands[s]
            if phase == PLAY and state.chosen[s] != NO_CARD:
                m |= 1 << state.chosen[s]
            elif phase == PASS:
                m |= state.given[s]
            held[s] = m
        known = {s: 0 for s in others}
        dummy_known = 0  # cards at the bottom of the dummy stock that ``seat`` put there
        if self.chaos and seat is not None and phase not in (PASS, DEAL):
            if self.dummy_passes and seat == state.dealer:
                dummy_known = min(PASS_SIZE, len(state.dummy))
            else:
                to = self.ring.next(seat)
                known[to] = state.given[seat] & held[to]
        dummy_hidden = len(state.dummy) - dummy_known
        rest_hidden = len(state.rest) - (1 if self.original and phase != BID and state.rest else 0)
        pool = [c for s in others for c in C.cards_in(held[s] & ~known[s])]
        pool += state.dummy[:dummy_hidden]
        pool += state.rest[len(state.rest) - rest_hidden :]
        free = [(held[s] & ~known[s]).bit_count() for s in others]
        joker_to = None
        if JOKER in pool:
            pool.remove(JOKER)
            pick = rng.randrange(sum(free))
            for i, size in enumerate(free):
                if pick < size:
                    joker_to = i
                    break
                pick -= size
        rng.shuffle(pool)
        hands, chosen, given, bids = list(state.hands), list(state.chosen), list(state.given), list(state.bids)
        k = 0
        for i, s in enumerate(others):
            size = free[i] - (1 if joker_to == i else 0)
            new = known[s] | C.mask(pool[k : k + size]) | ((1 << JOKER) if joker_to == i else 0)
            k += size
            if phase == PLAY and state.chosen[s] != NO_CARD:
                chosen[s] = rng.choice(C.card_list(new))
                new &= ~(1 << chosen[s])
            elif phase == PASS and state.given[s]:
                given[s] = C.mask(rng.sample(C.card_list(new), PASS_SIZE))
                new &= ~given[s]
            hands[s] = new
            if phase == BID and self.secret_bids and state.bids[s] is not None:
                bids[s] = rng.choice(self.bid_names)
        dummy = tuple(pool[k : k + dummy_hidden]) + state.dummy[dummy_hidden:]
        k += dummy_hidden
        rest = state.rest[: len(state.rest) - rest_hidden] + tuple(pool[k:])
        return evolve(
            state,
            hands=tuple(hands),
            chosen=tuple(chosen),
            given=tuple(given),
            bids=tuple(bids),
            dummy=dummy,
            rest=rest,
        )

    def all_cards(self, state: AnarchyState) -> list[int]:
        if state.phase == DEAL and not state.scores:
            return []
        masks = [*state.hands, *state.taken]
        if state.phase == PASS:
            masks.extend(state.given)
        out = [c for m in masks for c in C.cards_in(m)]
        out.extend(c for c in state.chosen if c != NO_CARD)
        out.extend(state.dummy)
        out.extend(state.rest)
        if state.spare != NO_CARD:
            out.append(state.spare)
        if self.bomb and state.spare == NO_CARD:
            out.append(JOKER)  # §2: discarded for the deal (bomb_wild: attached to the spare's card)
        return out

    def deal_scores(self, state: AnarchyState) -> tuple[tuple[int, ...], ...]:
        return state.scores

    def score_lines(self, state: AnarchyState) -> tuple[tuple[ScoreLine, ...], ...]:
        return state.lines


class Anarchy(AnarchyFamily):
    """The original game (anarchy.md §1)."""

    id = "anarchy"
    title = "Anarchy"
    title_ja = "アナーキー"
    Options = AnarchyOptions
    options: AnarchyOptions
    bid_names = ANARCHY_BIDS
    original = True

    def _setup(self) -> None:
        o = self.options
        # §1 "Deal": 5 players 10 each, 2 aside face down (the turn-ups); 4 players 13 each
        self._deck = C.DECK_52
        self.hand_size = 10 if self.n == 5 else 13
        self.rest_size = len(self._deck) - self.n * self.hand_size
        self.total_deals = o.deals
        self.secret_bids = o.bidding == "secret"
        self.contested_turnup = o.turnup == "contested"


class AnarchyBomb(AnarchyFamily):
    """The refined version with the Joker (anarchy.md §2)."""

    id = "anarchy-bomb"
    title = "Anarchy Bomb"
    title_ja = "アナーキストの爆弾"
    Options = AnarchyBombOptions
    options: AnarchyBombOptions
    bid_names = BOMB_BIDS
    bomb = True

    def _setup(self) -> None:
        o = self.options
        # §2 "Deck" / P3: 3–4 players 53 cards; 5 players 61 (or 65), 12 each
        if self.n == 5:
            self._deck = C.DECK_BOMB_61 if o.deck5 == "61" else C.DECK_BOMB_65
            self.hand_size = 12
        else:
            self._deck, self.hand_size = C.DECK_BOMB_53, 13
        self.has_dummy = self.n == 3  # §2 "Deal": 3 players, a fourth hand face down as a stock
        self.spare_size = 1  # §2 "Deal": the one card left over, face up
        dealt = self.hand_size * (self.n + (1 if self.has_dummy else 0))
        self.rest_size = len(self._deck) - dealt - self.spare_size  # deck5 "65": 4 out of play, unseen
        self.total_deals = o.deals
        self.secret_bids = o.bidding == "secret"
        self.bomb_wild = o.bomb_wild


class OrganisedChaos(AnarchyFamily):
    """The Bomb without the Joker, with the pass and each bid once (anarchy.md §3)."""

    id = "organised-chaos"
    title = "Organised Chaos"
    title_ja = "秩序立った混乱"
    Options = OrganisedChaosOptions
    options: OrganisedChaosOptions
    bid_names = BOMB_BIDS
    chaos = True

    def _setup(self) -> None:
        # §3: 3–4 players 52 cards, 13 each (3p: and the dummy); 5 players 60, 12 each
        if self.n == 5:
            self._deck, self.hand_size = C.DECK_CHAOS_60, 12
        else:
            self._deck, self.hand_size = C.DECK_52, 13
        self.has_dummy = self.n == 3
        self.dummy_passes = self.has_dummy and self.options.dummy_passes
        self.total_deals = CHAOS_DEALS  # §3: always 10 deals, always open bids


# --- helpers ---------------------------------------------------------------------------------


def _names(m: int) -> int:
    """A mask's card names: second copies folded onto their first."""
    return (m & LOW) | (m >> COPY)


@lru_cache(maxsize=1 << 14)
def _plays(names: int) -> tuple[Play, ...]:
    """The plays of a hand's card names, in canonical order (cached: a search asks for the same hands often)."""
    out: list[Play] = []
    for suit in range(4):
        ranks = (names >> (16 * suit)) & C.RANK_MASK
        if ranks:
            out.extend(_suit_plays(suit, ranks))
    if names >> JOKER & 1:
        out.append(PLAYS[JOKER])
    return tuple(out)


@cache
def _suit_plays(suit: int, ranks: int) -> tuple[Play, ...]:
    return tuple(PLAYS[C.make(r, suit)] for r in range(C.ACE, -1, -1) if ranks >> r & 1)


@lru_cache(maxsize=1 << 10)
def _gives(hand: int) -> tuple[Give, ...]:
    """§3 the pass: every three cards of ``hand``, a name twice when both copies are held, in the order of
    ``combinations`` over the hand's names in canonical order (cached: a search asks for the same hands often)."""
    names = [c for c in CANONICAL for copy in (c, c | COPY) if c != JOKER and hand >> copy & 1]
    gives = _GIVES
    return tuple(
        gives.get(trio) or gives.setdefault(trio, Give(trio)) for trio in dict.fromkeys(combinations(names, PASS_SIZE))
    )


def _held_copy(hand: int, card: int) -> int:
    """The copy of ``card`` in ``hand`` that a play names (the first copy before the second), or NO_CARD."""
    card = C.base(card)
    if hand >> card & 1:
        return card
    if card != JOKER and hand >> (card | COPY) & 1:
        return card | COPY
    return NO_CARD


def _name_copies(deal: Deal) -> Deal:
    """The deal with copy flags given by position (hands by seat, then rest, spare, dummy), as a record
    reads it (core.Deal.from_json), so a state depends only on the card names of its deal."""
    seen: set[int] = set()

    def name(pile: tuple[int, ...]) -> tuple[int, ...]:
        out = []
        for c in pile:
            b = C.base(c)
            out.append(b | COPY if b in seen else b)
            seen.add(b)
        return tuple(out)

    hands = tuple(name(h) for h in deal.hands)
    return Deal(hands, rest=name(deal.rest), spare=name(deal.spare), dummy=name(deal.dummy))
