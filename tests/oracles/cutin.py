"""Reference oracle for Cut-in (カットイン), the go-out game of the design article.

Written only from ../shared/rules/cutin.md, the seed ../shared/seeds/004_2cf7c204125085f8.txt
(「これまでのルールをまとめると」 and the anatomy of go-out games before it), the design knobs of
docs/rules/cutin.md (rulings K4–K15 as that rules file states them), ../shared/spec/records.md and
tests/oracles/README.md — never from kirifuda's own code.  Interface: tests/oracles/README.md.

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
 K9  Options: ``players``, ``next_start``, ``first_dealer`` and the design knobs below; anything
     else raises ValueError, as does a deal of the wrong shape.

The design knobs (docs/rules/cutin.md "Design knobs"), as this oracle reads them:

 D1  ``deck`` "52" / "40" (no 3 4 5) / "32" (no 3-7); ``jokers`` 0/1/2 are added, both named JK.
     Hand size: 15/13/10/8 for 3/4/5/6 players, or the pack divided equally (rounded down) when
     that is smaller; the rest lies aside.  Fewer than 8 cards a hand: the options are refused.
 D2  A Joker with natural cards of one rank is one more card of that rank (a set stays at most 4
     cards); Jokers alone rank above the 2.  A Joker has no suit: T's suits are its natural
     cards'; a lone Joker may cut in on any set of 2 or 3; it never makes or continues a lock.
     Under a lock a lone Joker may be played (it beats every card) and nothing may follow it.
 D3  ``cut_in`` false: no rule (3).  ``lock`` false: no lock ever.  ``more_cards`` false: no
     rule (2), a set must have T's number of cards (or be a cut-in single).
 D4  ``pass_style`` "lap": the one lap above.  "soft"/"hard": the turn goes on clockwise (players
     with no cards skipped) until every other player who still holds cards has passed — since the
     latest set ("soft", a passed player acts again when play comes round) or during this turn
     ("hard", a passed player is skipped until the turn ends).
 D5  ``scoring`` "rank" as K7, a Joker left in hand being a rank of its own; "card": −1 for each
     card; "value": each card its position in K1's order (3 = 1 … 2 = 13), a Joker 14.  +5 for no
     cards in every style.
"""

import itertools

from ._common import (
    Illegal,
    canonical_order,
    check_deal_piles,
    full_deck,
    option_bool,
    option_int,
    parse_card,
    rank_of,
    seat_index,
    suit_of,
)

__all__ = ["Illegal", "Oracle"]

RANKS_LOW_TO_HIGH = "3456789TJQKA2"
HAND_SIZES = {3: 15, 4: 13, 5: 10, 6: 8}
SMALLEST_HAND = 8
LEFT_OUT = {"52": "", "40": "345", "32": "34567"}
OUT_BONUS = 5
RANK_PENALTY_BASE = 4
MAX_SET = 4
JOKER = "JK"
JOKER_STRENGTH = len(RANKS_LOW_TO_HIGH)  # above the 2


def strength(card_or_rank):
    """Normal order (大富豪): 3 lowest, 2 highest; a Joker above them all."""
    if card_or_rank == JOKER:
        return JOKER_STRENGTH
    return RANKS_LOW_TO_HIGH.index(card_or_rank[0])


def naturals(cards):
    return [card for card in cards if card != JOKER]


def set_strength(cards):
    """A set's rank: its natural cards' rank, or the Jokers' when it has none."""
    natural = naturals(cards)
    return strength(natural[0]) if natural else JOKER_STRENGTH


def parse_any_card(token):
    if isinstance(token, str) and token.strip().upper() in ("JK", "JOKER"):
        return JOKER
    return parse_card(token)


def in_order(cards):
    """Canonical order: natural cards as usual, the Jokers last."""
    return canonical_order(naturals(cards)) + [JOKER] * (len(cards) - len(naturals(cards)))


class Oracle:
    def __init__(self, game_id: str, options: dict):
        if game_id != "cutin":
            raise ValueError(f"this oracle plays cutin, not {game_id!r}")
        options = dict(options or {})
        known = ("players", "next_start", "first_dealer", "jokers", "deck", "cut_in", "lock", "more_cards")
        for name in options:
            if name not in known + ("pass_style", "scoring"):
                raise ValueError(f"unknown option {name!r}")
        self.players = option_int(options.get("players", 4), "players", (4, 3, 5, 6))
        self.next_start = self._choice(options, "next_start", ("rotate", "winner"))
        self.jokers = option_int(options.get("jokers", 0), "jokers", (0, 1, 2))
        self.deck = self._choice(options, "deck", ("52", "40", "32"))
        self.cut_in = option_bool(options.get("cut_in", True), "cut_in")
        self.lock = option_bool(options.get("lock", True), "lock")
        self.more_cards = option_bool(options.get("more_cards", True), "more_cards")
        self.pass_style = self._choice(options, "pass_style", ("lap", "soft", "hard"))
        self.scoring = self._choice(options, "scoring", ("rank", "card", "value"))
        self.hand_start = option_int(options.get("first_dealer", 0), "first_dealer", range(self.players))
        self.pack = [c for c in full_deck() if c[0] not in LEFT_OUT[self.deck]] + [JOKER] * self.jokers
        self.hand_size = min(HAND_SIZES[self.players], len(self.pack) // self.players)
        if self.hand_size < SMALLEST_HAND:
            raise ValueError(f"{len(self.pack)} cards give {self.players} players fewer than {SMALLEST_HAND} each")

        self.completed_scores = []
        self.phase = "deal"  # deal | play | over
        self.hands = None
        self.turn_start = None
        self.waiting = []  # "lap": seats still to act in this turn's lap, in order
        self.actor = None  # "soft" / "hard": the seat to act
        self.passed = set()  # "soft": passed since the latest set; "hard": passed this turn
        self.table = []  # sets played this turn: (seat, [cards])
        self.lock_suit = None
        self.first_out = None

    @staticmethod
    def _choice(options, name, choices):
        value = options.get(name, choices[0])
        if value not in choices:
            raise ValueError(f"option {name}: {value!r}")
        return value

    # ----------------------------------------------------------------- the interface
    def pending(self) -> str:
        return {"deal": "deal", "play": "act", "over": "over"}[self.phase]

    def deal(self, deal: dict) -> None:
        if self.phase != "deal":
            raise ValueError("no deal is expected now")
        check_deal_piles(deal)
        hands_given = deal.get("hands") or []
        if len(hands_given) != self.players:
            raise ValueError(f"{self.players} hands expected")
        try:
            hands = [[parse_any_card(card) for card in hand] for hand in hands_given]
            rest = [parse_any_card(card) for card in deal.get("rest") or []]
        except Illegal as error:
            raise ValueError(str(error)) from None
        if any(len(hand) != self.hand_size for hand in hands):
            raise ValueError(f"each hand has {self.hand_size} cards")
        if len(rest) != len(self.pack) - self.players * self.hand_size:
            raise ValueError("wrong number of unused cards")
        if sorted(card for pile in hands + [rest] for card in pile) != sorted(self.pack):
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
        if self.pass_style == "lap":
            return {self.waiting[0]}
        return {self.actor}

    def legal(self, seat: int) -> set:
        if seat not in self.to_act():
            return set()
        may_play = self._rule()
        texts = {"play " + " ".join(cards) for cards in self._all_sets(seat) if may_play(cards)}
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
            self.passed.add(seat)
            self._after(seat)
            return
        if verb != "play" or len(words) < 2:
            raise Illegal("play CARDS or pass")
        cards = [parse_any_card(word) for word in words[1:]]
        natural = naturals(cards)
        if len(set(natural)) != len(natural):
            raise Illegal("a card is named twice")
        if len(cards) > MAX_SET or len({rank_of(card) for card in natural}) > 1:
            raise Illegal("a set is 1-4 cards of one rank (Jokers among them)")
        for card in natural:
            if card not in self.hands[seat]:
                raise Illegal(f"{card} is not in your hand")
        if cards.count(JOKER) > self.hands[seat].count(JOKER):
            raise Illegal("not that many Jokers in your hand")
        cards = in_order(cards)
        if not self._rule()(cards):
            raise Illegal("this set may not be played on the latest set")
        for card in cards:
            self.hands[seat].remove(card)
        self.table.append((seat, cards))
        self.passed = self.passed if self.pass_style == "hard" else set()
        if self.first_out is None and not self.hands[seat]:
            self.first_out = seat
        if self.lock and self.lock_suit is None and len(self.table) >= 2:
            previous, latest = self.table[-2][1], self.table[-1][1]
            if (
                len(previous) == 1
                and len(latest) == 1
                and JOKER not in (previous[0], latest[0])
                and suit_of(previous[0]) == suit_of(latest[0])
            ):
                self.lock_suit = suit_of(latest[0])
        self._after(seat)

    def deal_scores(self) -> list:
        return [list(scores) for scores in self.completed_scores]

    # ----------------------------------------------------------------- sets
    def _all_sets(self, seat):
        by_rank = {}
        for card in canonical_order(naturals(self.hands[seat])):
            by_rank.setdefault(rank_of(card), []).append(card)
        jokers = self.hands[seat].count(JOKER)
        for cards in by_rank.values():
            for size in range(1, len(cards) + 1):
                for chosen in itertools.combinations(cards, size):
                    for extra in range(0, min(jokers, MAX_SET - size) + 1):
                        yield list(chosen) + [JOKER] * extra
        for extra in range(1, jokers + 1):
            yield [JOKER] * extra

    def _rule(self):
        """Whether a set (canonical card list) may be played now: a predicate for the current table."""
        if not self.table:
            return lambda cards: True
        latest = self.table[-1][1]
        count, rank = len(latest), set_strength(latest)
        if self.lock_suit is not None:
            if latest == [JOKER]:
                return lambda cards: False  # nothing follows a Joker under a lock
            lock = self.lock_suit
            return lambda cards: (
                len(cards) == 1 and (cards[0] == JOKER or (suit_of(cards[0]) == lock and strength(cards[0]) < rank))
            )
        taken = {suit_of(card) for card in naturals(latest)}
        cut_in = self.cut_in and count in (2, 3)

        def may_play(cards):
            if len(cards) == count:
                return set_strength(cards) > rank
            if len(cards) > count:
                return self.more_cards
            if cut_in and len(cards) == 1:  # cut-in
                card = cards[0]
                return card == JOKER or (suit_of(card) not in taken and strength(card) >= rank)
            return False

        return may_play

    # ----------------------------------------------------------------- turns and hands
    def _start_turn(self, start):
        self.turn_start = start
        self.table = []
        self.lock_suit = None
        self.passed = set()
        self.waiting = [(start + k) % self.players for k in range(self.players)]
        self.actor = start

    def _after(self, seat):
        if self.pass_style == "lap":
            self.waiting.pop(0)
            while self.waiting and not self.hands[self.waiting[0]]:
                self.waiting.pop(0)  # out of cards: takes no further action
            if self.waiting:
                return
        else:
            last = self.table[-1][0]
            others = [s for s in range(self.players) if s != last and self.hands[s]]
            if not all(s in self.passed for s in others):
                seat = (seat + 1) % self.players
                while not self.hands[seat] or (self.pass_style == "hard" and seat in self.passed):
                    seat = (seat + 1) % self.players
                self.actor = seat
                return
        # the turn is over
        if any(not hand for hand in self.hands):
            self._end_hand()
        else:
            self._start_turn(self.table[-1][0])

    def _end_hand(self):
        scores = []
        for hand in self.hands:
            if not hand:
                scores.append(OUT_BONUS)
            elif self.scoring == "card":
                scores.append(-len(hand))
            elif self.scoring == "value":
                scores.append(-sum(strength(card) + 1 for card in hand))
            else:
                counts = {}
                for card in hand:
                    key = JOKER if card == JOKER else rank_of(card)
                    counts[key] = counts.get(key, 0) + 1
                scores.append(-sum(RANK_PENALTY_BASE + k for k in counts.values()))
        self.completed_scores.append(scores)
        if self.next_start == "winner":
            self.hand_start = self.first_out
        else:
            self.hand_start = (self.hand_start + 1) % self.players
        self.phase = "over" if len(self.completed_scores) == self.players else "deal"
