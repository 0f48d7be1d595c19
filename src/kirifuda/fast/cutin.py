"""A lean, mutable Cut-in engine for bulk random play and the bots' rollouts, checked against the pure one.

Same rules as :mod:`kirifuda.games.cutin` (../shared/rules/cutin.md and the design knobs of
docs/rules/cutin.md): this module reads the pure module's tables and its legal-set generator
(:func:`~kirifuda.games.cutin.legal_sets`, so both list the same actions in the same order), and trades the
pure engine's immutable states and :class:`~kirifuda.match.Match` bookkeeping for one mutable
:class:`Position`. Every option combination is supported.

* :meth:`FastCutin.play_random_game` plays whole games of uniformly random legal play: game ``seed``'s deal
  ``k`` is the pure ``random_deal(..., chance_rng(seed, k))`` and every decision is ``rng.choice`` over the
  legal actions in the pure order, so with the same ``random.Random`` both engines play the same game
  (tests/test_fast_cutin.py checks it, and perft counts from fixed positions).
* :class:`Position` plays a hand from any pure state (a sampled one, in search) to its end, by any policy.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .. import cards as C
from ..core import Action, Game, chance_rng
from ..games.cutin import (
    HARD,
    JOKER_BITS,
    JOKER_MASK,
    LAP,
    NATURAL_MASK,
    PASS,
    SET_INFO,
    TOP,
    Cutin,
    CutinAction,
    CutinState,
    Pass,
    Play,
    hand_score,
    joker_count,
    legal_sets,
    rank_major,
    set_info,
)

Move = Callable[["Position", int, random.Random], Action]
"""A rollout player: (position, seat to act, rng) → a legal action of that seat (it may call
:meth:`Position.legal`, or work the move out from the hand)."""


class Position:
    """A mutable Cut-in hand in progress (phase "play"): the hands as card masks, the latest set and its seat,
    the lock, the passes of this turn, whose turn it is. Reads only what the rules read (the table's earlier
    sets matter only through the lock)."""

    __slots__ = (
        "n",
        "lap",
        "hard",
        "lock_on",
        "cut_in",
        "more_cards",
        "scoring",
        "hands",
        "leader",
        "turn",
        "top",
        "top_info",
        "last",
        "lock",
        "passed",
        "first_out",
        "played",
        "deck",
        "rm",
        "left",
    )

    def __init__(self, game: Cutin) -> None:
        o = game.options
        self.n = game.n
        self.lap = o.pass_style == LAP
        self.hard = o.pass_style == HARD
        self.lock_on = o.lock
        self.cut_in = o.cut_in
        self.more_cards = o.more_cards
        self.scoring = o.scoring
        self.hands: list[int] = [0] * self.n
        self.leader = self.turn = 0
        self.top = 0  # the latest set's cards (0: the turn's start player is to lead)
        self.top_info: tuple[int, int, int] | None = None
        self.last = -1  # the seat of the latest set
        self.lock = -1  # the locked suit, -1: none
        self.passed = 0  # seats (bits) that passed this turn
        self.first_out = -1
        self.played = 0
        self.deck = C.mask(game.deck())  # the pack: what a seat counts its unseen cards from
        self.rm: list[int] = [0] * self.n  # each hand's natural cards, rank-major (games.cutin.rank_major)
        self.left = 0  # the natural cards not played yet (in hands or the rest), rank-major

    @classmethod
    def from_state(cls, game: Cutin, state: CutinState) -> Position:
        """The position of a pure state in phase "play"."""
        p = cls(game)
        p.hands = list(state.hands)
        p.leader, p.turn = state.leader, state.turn
        if state.table:
            p.last, p.top = state.table[-1]
            p.top_info = SET_INFO.get(p.top) or set_info(p.top)
        p.lock = -1 if state.lock_suit is None else state.lock_suit
        for seat in state.passed:
            p.passed |= 1 << seat
        p.first_out = -1 if state.first_out is None else state.first_out
        p.played = state.played
        p.rm = [rank_major(h) for h in state.hands]
        p.left = rank_major(p.deck & ~state.played)
        return p

    def copy(self) -> Position:
        p = Position.__new__(Position)
        for name in self.__slots__:
            setattr(p, name, getattr(self, name))
        p.hands = self.hands[:]
        p.rm = self.rm[:]
        return p

    def legal(self) -> list[CutinAction]:
        """The legal actions of the seat to act, in the pure engine's order."""
        hand = self.hands[self.turn]
        if not self.top:
            return legal_sets(hand, None, None)
        out = legal_sets(
            hand, self.top, None if self.lock < 0 else self.lock, cut_in=self.cut_in, more_cards=self.more_cards
        )
        out.append(PASS)
        return out

    def play(self, action: Action) -> bool:
        """Apply the seat to act's legal ``action``; True when the hand is over (see :meth:`scores`)."""
        seat = self.turn
        if type(action) is Pass:
            self.passed |= 1 << seat
        else:
            assert type(action) is Play
            cards = action.cards
            hand = self.hands[seat]
            if cards & ~hand:  # a Joker held as the other copy (they share one name)
                held = hand & JOKER_MASK
                wanted = joker_count(cards)
                jokers = held if wanted == 2 else (JOKER_BITS[0] if held & JOKER_BITS[0] else JOKER_BITS[1])
                cards = (cards & NATURAL_MASK) | jokers
            info = SET_INFO.get(cards) or set_info(cards)
            assert info is not None
            top_info = self.top_info
            if (
                self.lock_on
                and self.lock < 0
                and top_info is not None
                and info[2] == 1
                and top_info[2] == 1
                and info[1]
                and top_info[1] == info[1]
            ):
                self.lock = info[1].bit_length() - 1  # cutin.md "Lock" (C1); a Joker never starts one (K10)
            hand &= ~cards
            self.hands[seat] = hand
            self.played |= cards
            if info[0] < TOP:
                bits = info[1] << 4 * info[0]  # the set's natural cards, rank-major
                self.rm[seat] ^= bits
                self.left ^= bits
            self.top, self.top_info, self.last = cards, info, seat
            if not self.lap:
                self.passed = self.passed if self.hard else 0
            if not hand and self.first_out < 0:
                self.first_out = seat
        return self._advance(seat)

    def _advance(self, seat: int) -> bool:
        n, hands = self.n, self.hands
        if self.lap:
            end = self.leader  # cutin.md "A hand": one lap (K3: players with no cards are skipped)
            nxt = (seat + 1) % n
            while nxt != end and not hands[nxt]:
                nxt = (nxt + 1) % n
        else:
            end = self.last  # K13: round until play comes back to the player of the latest set
            skip = self.passed if self.hard else 0
            nxt = (seat + 1) % n
            while nxt != end and (not hands[nxt] or skip >> nxt & 1):
                nxt = (nxt + 1) % n
        if nxt != end:
            self.turn = nxt
            return False
        if self.first_out >= 0:
            return True  # the hand ends at the end of a turn in which someone ran out
        self.leader = self.turn = self.last
        self.top, self.top_info, self.lock, self.passed = 0, None, -1, 0
        return False

    def scores(self) -> tuple[int, ...]:
        """Each seat's score for the hand (cutin.md "Scoring a hand"; option ``scoring``)."""
        scoring = self.scoring
        return tuple(hand_score(h, scoring) for h in self.hands)

    def run(self, move: Move, rng: random.Random) -> tuple[int, ...]:
        """Play the hand to its end with ``move`` for every seat; its scores."""
        while True:
            if self.play(move(self, self.turn, rng)):
                return self.scores()


class FastCutin:
    """Whole games of random play (the ``kirifuda simulate`` engine) and hands from a pure state (rollouts)."""

    def __init__(self, game: Cutin) -> None:
        self.game = game

    def play_random_game(self, seed: int, rng: random.Random) -> tuple[tuple[tuple[int, ...], ...], int]:
        """(deal scores, decisions) of one game of uniformly random legal play, as the pure protocol plays it."""
        game = self.game
        state = game.initial()
        scores: list[tuple[int, ...]] = []
        decisions = 0
        start = state.start_player
        for k in range(game.deals_total):
            # the deal of chance event k (Cut-in's only chance events are deals), applied by the pure rules
            dealt = game.apply_deal(state, game.random_deal(state, chance_rng(seed, k)))
            p = Position.from_state(game, dealt)
            choice = rng.choice
            while True:
                decisions += 1
                if p.play(choice(p.legal())):
                    break
            scores.append(p.scores())
            # the next hand's start player and the state awaiting its deal, as the pure rules give them
            start = game.next_start(start, p.first_out)
            state = game.awaiting_deal(k + 1, start, tuple(scores))
        return tuple(scores), decisions


KNOWN_OPTIONS = frozenset(
    ("players", "first_dealer", "next_start", "jokers", "deck", "cut_in", "lock", "more_cards", "pass_style", "scoring")
)
"""The options this engine plays (every value of each); an option added to the rules later is never ignored."""


def supports(game: Cutin) -> bool:
    """Whether this engine plays ``game``'s options (all of today's, every value)."""
    return set(game.options.to_dict()) <= KNOWN_OPTIONS


def engine(game: Game) -> FastCutin | None:
    """The fast engine of ``game``, or None where this engine does not implement it (its id or options)."""
    return FastCutin(game) if isinstance(game, Cutin) and supports(game) else None
