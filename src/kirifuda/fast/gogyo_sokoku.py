"""A lean, mutable Gogyō Sōkoku engine for bulk random play (and perft), checked against the pure one.

Same rules as :mod:`kirifuda.games.gogyo_sokoku` (../shared/rules/gogyo-sokoku.md, rulings K1–K4); this
module trades the pure engine's immutable states and typed actions for ints and lists changed in place, so
``kirifuda simulate`` and ``bench/bench.py`` play many thousand deals a second in CPython.

Representation (internal only — nothing leaves this module except scores, counts and action texts): cards
are kirifuda's ints (``suit*16 + rank``), a hand is a bitmask, so a suit of a hand is ``hand >> 16*suit &
0x1FFF``. Legal actions are numbered in exactly the order of the pure engine's ``legal_actions`` (♠ ♥ ♦ ♣,
high rank first), so an index drawn by ``rng.choice`` there is the same action here: with the same
``random.Random`` both engines play the same game (tests/test_fast_gogyo_sokoku.py checks this, and perft
counts from fixed deals and positions).
"""

from __future__ import annotations

import random

from .. import cards as C
from ..core import Deal, Game, chance_rng
from ..games.gogyo_sokoku import (
    DEAL,
    DEALS_PER_GAME,
    HAND_SIZE,
    OVER,
    PLAY,
    PLAYERS,
    POINT_MASK,
    TRICKS_PER_DEAL,
    GogyoSokoku,
    GogyoState,
    deal_score,
    mode_of,
)

HIGH_FIRST = tuple(tuple(r for r in range(12, -1, -1) if m >> r & 1) for m in range(1 << 13))
"""``HIGH_FIRST[m]``: the ranks of a 13-bit suit mask, highest first (the canonical order of a suit)."""
TOP = tuple(m.bit_length() - 1 for m in range(1 << 13))
"""``TOP[m]``: the highest rank of a 13-bit suit mask (−1 for none)."""
SUIT_BITS = 0x1FFF
LEFT = tuple((s + 1) % PLAYERS for s in range(PLAYERS))


def deal_hands(seed: int, index: int, dealer: int) -> tuple[list[int], tuple[int, int]]:
    """The hands (masks by seat) and table cards of chance event ``index`` of the game with ``seed``: exactly
    the pure ``random_deal`` (core.deal_round: shuffle the 52-card deck, one card at a time clockwise from
    the dealer's left, the two left over are the table cards, the starting card first)."""
    pack = list(C.DECK_52)
    chance_rng(seed, index).shuffle(pack)
    hands = [0] * PLAYERS
    first = LEFT[dealer]
    for k in range(HAND_SIZE * PLAYERS):
        hands[(first + k) % PLAYERS] |= 1 << pack[k]
    return hands, (pack[HAND_SIZE * PLAYERS], pack[HAND_SIZE * PLAYERS + 1])


def points(captured: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    return tuple((m & POINT_MASK).bit_count() for m in captured)


class Position:
    """A mutable Gogyō Sōkoku game: number the legal actions of the seat to act (``count``), name them
    (``texts``, the pure engine's canonical texts in its order), play one by index (``play``), ``copy``.
    Built from a pure state (:meth:`from_state`) or dealt by the caller (:meth:`deal`)."""

    __slots__ = (
        "phase",
        "deal_index",
        "dealer",
        "turn",
        "hands",
        "table",
        "mode",
        "trick_index",
        "lead",
        "trick",
        "captured",
        "scores",
    )

    def __init__(self, first_dealer: int = 0) -> None:
        self.phase = DEAL
        self.deal_index = 0
        self.dealer = first_dealer
        self.turn = -1
        self.hands = [0] * PLAYERS
        self.table: tuple[int, ...] = ()
        self.mode = ""
        self.trick_index = 0
        self.lead = -1
        self.trick: list[tuple[int, int]] = []
        self.captured = [0] * PLAYERS
        self.scores: list[tuple[int, ...]] = []

    @classmethod
    def from_state(cls, state: GogyoState) -> Position:
        p = cls(state.dealer)
        p.phase = state.phase
        p.deal_index = state.deal_index
        p.turn = -1 if state.turn is None else state.turn
        p.hands = list(state.hands)
        p.table = state.table
        p.mode = state.mode
        p.trick_index = state.trick_index
        p.lead = -1 if state.lead_suit is None else state.lead_suit
        p.trick = list(state.trick)
        p.captured = list(state.captured)
        p.scores = list(state.scores)
        return p

    def copy(self) -> Position:
        p = Position.__new__(Position)
        p.phase, p.deal_index, p.dealer, p.turn = self.phase, self.deal_index, self.dealer, self.turn
        p.hands = self.hands[:]
        p.table, p.mode, p.trick_index, p.lead = self.table, self.mode, self.trick_index, self.lead
        p.trick = self.trick[:]
        p.captured = self.captured[:]
        p.scores = self.scores[:]
        return p

    def deal(self, hands: list[int], table: tuple[int, int]) -> None:
        """Start the next deal (gogyo.md "A deal" 1–4): hands by seat, the starting card first in ``table``."""
        assert self.phase == DEAL
        self.hands = list(hands)
        self.table = table
        self.mode = mode_of(table)
        self.trick_index = 0
        self.lead = table[0] >> 4
        self.trick = []
        self.captured = [0] * PLAYERS
        self.turn = LEFT[self.dealer]
        self.phase = PLAY

    def deal_from(self, deal: Deal) -> None:
        self.deal([C.mask(h) for h in deal.hands], (deal.rest[0], deal.rest[1]))

    def _choices(self) -> list[int]:
        hand = self.hands[self.turn]
        if self.lead >= 0:
            follow = hand >> (16 * self.lead) & SUIT_BITS
            if follow:
                return [16 * self.lead + r for r in HIGH_FIRST[follow]]
        return [16 * s + r for s in range(4) for r in HIGH_FIRST[hand >> (16 * s) & SUIT_BITS]]

    def count(self) -> int:
        return len(self._choices()) if self.phase == PLAY else 0

    def texts(self) -> list[str]:
        return [f"play {C.text(c)}" for c in self._choices()]

    def play(self, k: int) -> None:
        """Play the ``k``-th legal card (canonical order) of the seat to act."""
        self.play_card(self._choices()[k])

    def play_card(self, card: int) -> None:
        seat = self.turn
        self.hands[seat] &= ~(1 << card)
        trick = self.trick
        if not trick and self.lead < 0:
            self.lead = card >> 4
        trick.append((seat, card))
        if len(trick) < PLAYERS:
            self.turn = LEFT[seat]
            return
        winner = trick_winner(trick, self.lead)
        taken = 0
        for _, c in trick:
            taken |= 1 << c
        if self.trick_index == 0:
            taken |= 1 << self.table[0] | 1 << self.table[1]  # gogyo.md 4: the table cards go to trick 1's winner
        self.captured[winner] |= taken
        self.trick = []
        self.lead = -1
        self.trick_index += 1
        self.turn = winner
        if self.trick_index < TRICKS_PER_DEAL:
            return
        self.scores.append(deal_score(points(self.captured), self.mode))
        self.deal_index += 1
        self.turn = -1
        if self.deal_index == DEALS_PER_GAME:
            self.phase = OVER
        else:
            self.phase = DEAL
            self.dealer = LEFT[self.dealer]


def trick_winner(trick: list[tuple[int, int]], lead: int) -> int:
    """The seat of the highest spade, else of the highest card of the suit led (gogyo.md 4–5); in trick 1 the
    starting card is not among the cards played, so it never wins."""
    best_seat, best = -1, -1
    for seat, card in trick:
        suit = card >> 4
        key = (card & 15) + (32 if suit == 0 else 16 if suit == lead else 0)
        if key > best:
            best, best_seat = key, seat
    return best_seat


class FastGogyo:
    """Random play of whole Gogyō Sōkoku games at speed; ``engine_for`` hands this to ``kirifuda simulate``."""

    def __init__(self, game: GogyoSokoku) -> None:
        self.game = game
        self.first_dealer = game.options.first_dealer

    def position(self) -> Position:
        return Position(self.first_dealer)

    def play_random_game(self, seed: int, rng: random.Random) -> tuple[tuple[tuple[int, ...], ...], int]:
        """One whole game (5 deals) of uniformly random legal play: deal ``k`` is the pure engine's
        ``random_deal`` with ``chance_rng(seed, k)``; each decision is ``rng.choice`` over the legal actions in
        canonical order, drawn as ``rng._randbelow(count)`` (what ``choice`` does). Returns (deal scores,
        number of player decisions)."""
        randbelow = rng._randbelow  # type: ignore[attr-defined]
        high_first = HIGH_FIRST
        left = LEFT
        scores = []
        dealer = self.first_dealer
        for deal_index in range(DEALS_PER_GAME):
            hands, table = deal_hands(seed, deal_index, dealer)
            captured = [0, 0, 0, 0, 0]
            lead = table[0] >> 4
            seat = left[dealer]
            for trick_index in range(TRICKS_PER_DEAL):
                best, winner = -1, -1
                taken = 0
                for k in range(PLAYERS):
                    hand = hands[seat]
                    if k == 0 and trick_index:
                        lead = -1
                    follow = hand >> (16 * lead) & SUIT_BITS if lead >= 0 else 0
                    if follow:
                        ranks = high_first[follow]
                        card = 16 * lead + ranks[randbelow(len(ranks))]
                    else:
                        i = randbelow(hand.bit_count())
                        for suit in range(4):
                            ranks = high_first[hand >> (16 * suit) & SUIT_BITS]
                            if i < len(ranks):
                                break
                            i -= len(ranks)
                        card = 16 * suit + ranks[i]
                        if lead < 0:
                            lead = suit
                    hands[seat] = hand & ~(1 << card)
                    taken |= 1 << card
                    suit = card >> 4
                    key = (card & 15) + (32 if suit == 0 else 16 if suit == lead else 0)
                    if key > best:
                        best, winner = key, seat
                    seat = left[seat]
                if trick_index == 0:
                    taken |= 1 << table[0] | 1 << table[1]
                captured[winner] |= taken
                seat = winner
            scores.append(deal_score(points(captured), mode_of(table)))
            dealer = left[dealer]
        return tuple(scores), DEALS_PER_GAME * TRICKS_PER_DEAL * PLAYERS


SUPPORTED_OPTIONS = ("players", "first_dealer")


def supports(game: GogyoSokoku) -> bool:
    """True when every option of ``game`` is one this engine implements (an option added to the pure game
    later makes this False, and the pure engine is used)."""
    return isinstance(game, GogyoSokoku) and tuple(game.options.to_dict()) == SUPPORTED_OPTIONS


__all__ = ["DEAL", "OVER", "PLAY", "FastGogyo", "Position", "deal_hands", "supports", "trick_winner"]


def engine(game: Game) -> FastGogyo | None:
    """The fast engine of ``game``, or None where this engine does not implement it (its id or options)."""
    return FastGogyo(game) if isinstance(game, GogyoSokoku) and supports(game) else None
