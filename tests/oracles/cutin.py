"""Reference oracle for Cut-in (カットイン), the go-out game of the design article.

Written only from ../shared/rules/cutin.md, the seed ../shared/seeds/004_2cf7c204125085f8.txt
(「これまでのルールをまとめると」), ../shared/spec/records.md and tests/oracles/README.md — never
from kirifuda's own code.  Interface: tests/oracles/README.md.

A turn (ターン): the start player plays a set, then each other player in clockwise order acts
exactly once (play on the latest set, or pass).  The player of the last set starts the next
turn.  The hand ends at the end of a turn in which someone has no cards left.  A game is as
many hands as players; ``pending()`` is "deal" at the start of each.

Decisions taken where the rules text leaves a gap (the harness surfaces any disagreement; the
rules text then decides):

 K1  Normal rank order, low to high: 3 4 5 6 7 8 9 T J Q K A 2.
 K2  Legal on the latest set T without a lock: (1) as many cards, strictly higher rank;
     (2) more cards, any rank (C2, T's rank included); (3) cut-in: T has 2 or 3 cards, one single
     card of a suit not among T's, rank >= T's (C4).  Nothing else, a 4-card set included.
 K3  Lock: once two consecutive *sets on the table* of this turn (passes ignored, C1) are both
     single cards of one suit, the rest of the turn allows only single cards of that suit with a
     strictly lower normal rank than the latest card (reversed order, C5).  The lock never ends
     within the turn; a new turn starts without one.
 K4  The start player of a turn may play any set (1-4 cards of one rank) and may not pass; every
     other player may always pass.
 K5  A player with no cards is skipped for the rest of the lap (can only be the start player, or a
     player who just went out, who has already acted anyway).
 K6  Start of the next hand: "rotate" → left of the previous hand's start player; "winner" → the
     first player to run out of cards in the previous hand (all go out in the last turn; the
     first in that lap's play order is the first in time).
 K7  Scores: +5 for each player with no cards; otherwise −(4 + k) for each rank held k times.
 K8  ``play`` cards may be written in any order and spelling; a card may appear only once.
     ``pass`` takes no argument.  Verbs are case-insensitive.
 K9  Options: ``players`` 4/3/5, ``next_start`` rotate/winner, ``first_dealer`` (the first hand's
     start player); anything else raises ValueError, as does a deal of the wrong shape.
"""

import itertools

from ._common import (
    Illegal,
    canonical_order,
    full_deck,
    option_int,
    parse_card,
    rank_of,
    read_deal,
    seat_index,
    suit_of,
)

__all__ = ["Illegal", "Oracle"]

RANKS_LOW_TO_HIGH = "3456789TJQKA2"
HAND_SIZES = {3: 15, 4: 13, 5: 10}
OUT_BONUS = 5
RANK_PENALTY_BASE = 4
MAX_SET = 4


def strength(card_or_rank):
    """Normal order (大富豪): 3 lowest, 2 highest."""
    return RANKS_LOW_TO_HIGH.index(card_or_rank[0])


class Oracle:
    def __init__(self, game_id: str, options: dict):
        if game_id != "cutin":
            raise ValueError(f"this oracle plays cutin, not {game_id!r}")
        options = dict(options or {})
        for name in options:
            if name not in ("players", "next_start", "first_dealer"):
                raise ValueError(f"unknown option {name!r}")
        self.players = option_int(options.get("players", 4), "players", (4, 3, 5))
        self.next_start = str(options.get("next_start", "rotate"))
        if self.next_start not in ("rotate", "winner"):
            raise ValueError(f"option next_start: {self.next_start!r}")
        self.hand_start = option_int(options.get("first_dealer", 0), "first_dealer", range(self.players))
        self.hand_size = HAND_SIZES[self.players]

        self.completed_scores = []
        self.phase = "deal"  # deal | play | over
        self.hands = None
        self.turn_start = None
        self.waiting = []  # seats still to act in this turn's lap, in order
        self.table = []  # sets played this turn: (seat, [cards])
        self.lock_suit = None
        self.first_out = None

    # ----------------------------------------------------------------- the interface
    def pending(self) -> str:
        return {"deal": "deal", "play": "act", "over": "over"}[self.phase]

    def deal(self, deal: dict) -> None:
        if self.phase != "deal":
            raise ValueError("no deal is expected now")
        hands, rest = read_deal(deal, self.players)
        if any(len(hand) != self.hand_size for hand in hands):
            raise ValueError(f"each hand has {self.hand_size} cards")
        if len(rest) != 52 - self.players * self.hand_size:
            raise ValueError("wrong number of unused cards")
        if sorted(card for pile in hands + [rest] for card in pile) != sorted(full_deck()):
            raise ValueError("the deal does not use the deck exactly once")
        self.hands = hands
        self.first_out = None
        self._start_turn(self.hand_start)
        self.phase = "play"

    def chance(self, text: str) -> None:
        raise ValueError("Cut-in has no chance events other than deals")

    def to_act(self) -> set:
        if self.phase != "play":
            return set()
        return {self.waiting[0]}

    def legal(self, seat: int) -> set:
        if seat not in self.to_act():
            return set()
        texts = {"play " + " ".join(cards) for cards in self._all_sets(seat) if self._may_play(cards)}
        if self.table:  # only the start player (before any set this turn) may not pass
            texts.add("pass")
        return texts

    def apply(self, seat: int, text: str) -> None:
        seat = seat_index(seat, self.players)
        if seat not in self.to_act():
            raise Illegal(f"seat {seat} is not to act")
        if not isinstance(text, str):
            raise Illegal("an action is a text")
        words = text.split()
        if not words:
            raise Illegal("empty action")
        verb = words[0].lower()
        if verb == "pass":
            if len(words) != 1:
                raise Illegal("pass takes nothing else")
            if not self.table:
                raise Illegal("the start player of a turn must play")
            self._next_actor()
            return
        if verb != "play" or len(words) < 2:
            raise Illegal("play CARDS or pass")
        cards = [parse_card(word) for word in words[1:]]
        if len(set(cards)) != len(cards):
            raise Illegal("a card is named twice")
        if len(cards) > MAX_SET or len({rank_of(card) for card in cards}) != 1:
            raise Illegal("a set is 1-4 cards of one rank")
        for card in cards:
            if card not in self.hands[seat]:
                raise Illegal(f"{card} is not in your hand")
        cards = canonical_order(cards)
        if not self._may_play(cards):
            raise Illegal("this set may not be played on the latest set")
        for card in cards:
            self.hands[seat].remove(card)
        self.table.append((seat, cards))
        if self.first_out is None and not self.hands[seat]:
            self.first_out = seat
        if self.lock_suit is None and len(self.table) >= 2:
            previous, latest = self.table[-2][1], self.table[-1][1]
            if len(previous) == 1 and len(latest) == 1 and suit_of(previous[0]) == suit_of(latest[0]):
                self.lock_suit = suit_of(latest[0])
        self._next_actor()

    def deal_scores(self) -> list:
        return [list(scores) for scores in self.completed_scores]

    # ----------------------------------------------------------------- sets
    def _all_sets(self, seat):
        by_rank = {}
        for card in canonical_order(self.hands[seat]):
            by_rank.setdefault(rank_of(card), []).append(card)
        for cards in by_rank.values():
            for size in range(1, len(cards) + 1):
                for chosen in itertools.combinations(cards, size):
                    yield list(chosen)

    def _may_play(self, cards):
        if not self.table:
            return True
        latest = self.table[-1][1]
        if self.lock_suit is not None:
            return len(cards) == 1 and suit_of(cards[0]) == self.lock_suit and strength(cards[0]) < strength(latest[0])
        if len(cards) == len(latest):
            return strength(cards[0]) > strength(latest[0])
        if len(cards) > len(latest):
            return True
        if len(cards) == 1 and len(latest) in (2, 3):  # cut-in
            return suit_of(cards[0]) not in {suit_of(card) for card in latest} and strength(cards[0]) >= strength(
                latest[0]
            )
        return False

    # ----------------------------------------------------------------- turns and hands
    def _start_turn(self, start):
        self.turn_start = start
        self.table = []
        self.lock_suit = None
        self.waiting = [(start + k) % self.players for k in range(self.players)]

    def _next_actor(self):
        self.waiting.pop(0)
        while self.waiting and not self.hands[self.waiting[0]]:
            self.waiting.pop(0)  # out of cards: takes no further action
        if self.waiting:
            return
        # the lap is over
        if any(not hand for hand in self.hands):
            self._end_hand()
        else:
            self._start_turn(self.table[-1][0])

    def _end_hand(self):
        scores = []
        for hand in self.hands:
            if not hand:
                scores.append(OUT_BONUS)
                continue
            counts = {}
            for card in hand:
                counts[rank_of(card)] = counts.get(rank_of(card), 0) + 1
            scores.append(-sum(RANK_PENALTY_BASE + k for k in counts.values()))
        self.completed_scores.append(scores)
        if self.next_start == "winner":
            self.hand_start = self.first_out
        else:
            self.hand_start = (self.hand_start + 1) % self.players
        self.phase = "over" if len(self.completed_scores) == self.players else "deal"
