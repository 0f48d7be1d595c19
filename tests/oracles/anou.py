"""Reference oracle for Anou (アノウ, 与左衛門).

Written only from ../shared/rules/anou.md, the seeds ../shared/seeds/000_aff2bc2853f334fc.txt
(2022 rules) and 001_0315aa0705a53994.txt (2017 booklet), ../shared/spec/records.md and
tests/oracles/README.md — never from kirifuda's own code.  Interface: tests/oracles/README.md.

Flow of one deal: [root stones: dealer, dealer+1, ... twice] → tricks (the dealer leads the
first) → after each trick the 1st ``take``s one card, the 2nd ``take``s two → after the last
trick the deal is scored and the next dealer chosen.  A game is 3 deals; ``pending()`` is
"deal" at the start of each.

Decisions taken where the rules text leaves a gap (the harness surfaces any disagreement; the
rules text then decides):

 A1  ``@n`` is required on every card whose suit has no column yet in the taker's wall, even
     when only one free column is left (records.md: "required only when the card's suit has no
     column yet"); a redundant ``@n`` on a bound suit is accepted only if it names that suit's
     column.  A wrong ``@n`` (a column bound to another suit, or not 1..4) is illegal.
 A2  The 2nd's two cards are placed together: a pair of the same new suit needs ``@n`` on at
     least one of the two cards (both may carry it if they agree); two different new suits need
     one ``@n`` each, naming two different free columns.
 A3  The 1st may take any card of the trick (R1), his own included.  In 3-player play the 2nd
     writes ``take`` with the two remaining cards (no choice but the columns).
 A4  Root stones (variant): a root stone is placed by the normal placement rules, so its text is
     ``root 7H@3`` for a new suit and ``root 7H`` for a suit already bound (e.g. the second root
     stone of the same suit).  The root-stone order is dealer, dealer+1, ..., then round again.
 A5  Trick order: lead-suit cards high first, then every other card by rank alone, high first,
     equal ranks by play order (earlier higher); the lead card is always a lead-suit card.
 A6  A deal's score floors at 0 per deal (not per column); the next dealer is the highest
     floored deal score, ties resolved clockwise from the previous dealer inclusive.
 A7  ``deal_scores()`` returns the floored deal totals, one list per completed deal.
 A8  Options: ``deck3`` is ignored with 4 players (always 52 cards, 13 each); unknown option
     names or values raise ValueError.  A deal with the wrong pile sizes or cards raises
     ValueError.
 A9  Action words are case-insensitive and separated by white space; ``take`` cards may be
     written in any order; a card appears at most once in a take.
"""

import itertools

from ._common import (
    Illegal,
    canonical_key,
    canonical_order,
    full_deck,
    option_bool,
    option_int,
    parse_card,
    rank_value,
    read_deal,
    seat_index,
    suit_of,
)

__all__ = ["Illegal", "Oracle"]

DEALS_PER_GAME = 3
PLANS = (1, 2, 3, 4)  # column n (1..4) has plan n
FULL_PLAN_BONUS = 2
ROOT_STONES_EACH = 2


class Wall:
    """One player's four columns; column n (1..4) is bound to the suit of its first card."""

    def __init__(self):
        self.column_suit = {n: None for n in PLANS}
        self.column_cards = {n: [] for n in PLANS}

    def __eq__(self, other):
        return (
            isinstance(other, Wall)
            and self.column_suit == other.column_suit
            and self.column_cards == other.column_cards
        )

    def __repr__(self):
        return f"Wall({self.column_suit!r}, {self.column_cards!r})"

    def column_of(self, suit):
        for n in PLANS:
            if self.column_suit[n] == suit:
                return n
        return None

    def free_columns(self):
        return [n for n in PLANS if self.column_suit[n] is None]

    def place(self, card, column):
        suit = suit_of(card)
        bound = self.column_of(suit)
        if bound is not None:
            assert column == bound, "placement checked before"
        else:
            assert self.column_suit[column] is None, "placement checked before"
            self.column_suit[column] = suit
        self.column_cards[column].append(card)

    def score(self):
        total = 0
        for plan in PLANS:
            height = len(self.column_cards[plan])
            total += height if height <= plan else -height
        if all(len(self.column_cards[plan]) == plan for plan in PLANS):
            total += FULL_PLAN_BONUS
        return max(0, total)


def _split_column(token):
    """``"7H@3"`` → (``"7H"``, 3); ``"7H"`` → (``"7H"``, None)."""
    if token.count("@") > 1:
        raise Illegal(f"bad card {token!r}")
    if "@" in token:
        card_text, column_text = token.split("@")
        if column_text not in ("1", "2", "3", "4"):
            raise Illegal(f"no column {column_text!r}")
        return parse_card(card_text), int(column_text)
    return parse_card(token), None


class Oracle:
    def __init__(self, game_id: str, options: dict):
        if game_id != "anou":
            raise ValueError(f"this oracle plays anou, not {game_id!r}")
        options = dict(options or {})
        known = {"players", "deck3", "root_stones", "first_dealer"}
        for name in options:
            if name not in known:
                raise ValueError(f"unknown option {name!r}")
        self.players = option_int(options.get("players", 4), "players", (4, 3))
        deck3 = str(options.get("deck3", "36"))
        if deck3 not in ("36", "52"):
            raise ValueError(f"option deck3: {deck3!r}")
        self.deck3 = deck3
        self.root_stones = option_bool(options.get("root_stones", False), "root_stones")
        self.dealer = option_int(options.get("first_dealer", 0), "first_dealer", range(self.players))

        if self.players == 4 or self.deck3 == "52":
            self.deck = full_deck()
        else:
            self.deck = full_deck("AKQJT9876")
        self.hand_size = 13 if self.players == 4 else 10

        self.completed_scores = []
        self.phase = "deal"  # deal | root | play | take1 | take2 | over
        self.hands = None
        self.walls = None
        self.root_order = []
        self.trick = []  # (seat, card) in play order
        self.leader = None
        self.first = None
        self.second = None
        self.remaining = []  # cards of the finished trick not yet taken

    # ----------------------------------------------------------------- the interface
    def pending(self) -> str:
        if self.phase == "deal":
            return "deal"
        if self.phase == "over":
            return "over"
        return "act"

    def deal(self, deal: dict) -> None:
        if self.phase != "deal":
            raise ValueError("no deal is expected now")
        hands, rest = read_deal(deal, self.players)
        for hand in hands:
            if len(hand) != self.hand_size:
                raise ValueError(f"each hand has {self.hand_size} cards")
        if len(rest) != len(self.deck) - self.players * self.hand_size:
            raise ValueError("wrong number of unused cards")
        everything = [card for hand in hands for card in hand] + rest
        if sorted(everything) != sorted(self.deck):
            raise ValueError("the deal does not use the deck exactly once")

        self.hands = hands
        self.walls = [Wall() for _ in range(self.players)]
        self.trick = []
        self.leader = self.dealer  # the dealer leads the first trick
        self.first = self.second = None
        self.remaining = []
        if self.root_stones:
            one_round = [(self.dealer + k) % self.players for k in range(self.players)]
            self.root_order = one_round * ROOT_STONES_EACH
            self.phase = "root"
        else:
            self.root_order = []
            self.phase = "play"

    def chance(self, text: str) -> None:
        raise ValueError("Anou has no chance events other than deals")

    def to_act(self) -> set:
        if self.phase == "root":
            return {self.root_order[0]}
        if self.phase == "play":
            return {(self.leader + len(self.trick)) % self.players}
        if self.phase == "take1":
            return {self.first}
        if self.phase == "take2":
            return {self.second}
        return set()

    def legal(self, seat: int) -> set:
        if seat not in self.to_act():
            return set()
        if self.phase == "root":
            return {
                "root " + text for card in self.hands[seat] for text in self._placements_of_one(self.walls[seat], card)
            }
        if self.phase == "play":
            return {"play " + card for card in self._playable(seat)}
        if self.phase == "take1":
            return {
                "take " + text for card in self.remaining for text in self._placements_of_one(self.walls[seat], card)
            }
        if self.phase == "take2":
            return {"take " + text for text in self._placements_of_two(self.walls[seat])}
        return set()

    def apply(self, seat: int, text: str) -> None:
        seat = seat_index(seat, self.players)
        if seat not in self.to_act():
            raise Illegal(f"seat {seat} is not to act")
        if not isinstance(text, str):
            raise Illegal("an action is a text")
        words = text.split()
        if not words:
            raise Illegal("empty action")
        verb, arguments = words[0].lower(), words[1:]
        if self.phase == "root":
            if verb != "root":
                raise Illegal("place a root stone: root CARD[@n]")
            self._apply_root(seat, arguments)
        elif self.phase == "play":
            if verb != "play":
                raise Illegal("play a card: play CARD")
            self._apply_play(seat, arguments)
        elif self.phase == "take1":
            if verb != "take":
                raise Illegal("the 1st takes one card: take CARD[@n]")
            self._apply_take_one(seat, arguments)
        elif self.phase == "take2":
            if verb != "take":
                raise Illegal("the 2nd takes two cards: take CARD[@n] CARD[@n]")
            self._apply_take_two(seat, arguments)
        else:
            raise Illegal("nobody acts now")

    def deal_scores(self) -> list:
        return [list(scores) for scores in self.completed_scores]

    # ----------------------------------------------------------------- placement texts
    @staticmethod
    def _placements_of_one(wall, card):
        """Canonical texts placing one card: ``7H`` (suit bound) or ``7H@n`` per free column."""
        if wall.column_of(suit_of(card)) is not None:
            return [card]
        return [f"{card}@{n}" for n in wall.free_columns()]

    def _placements_of_two(self, wall):
        texts = []
        for a, b in itertools.combinations(canonical_order(self.remaining), 2):
            a_new = wall.column_of(suit_of(a)) is None
            b_new = wall.column_of(suit_of(b)) is None
            free = wall.free_columns()
            if not a_new and not b_new:
                texts.append(f"{a} {b}")
            elif a_new and not b_new:
                texts += [f"{a}@{n} {b}" for n in free]
            elif b_new and not a_new:
                texts += [f"{a} {b}@{n}" for n in free]
            elif suit_of(a) == suit_of(b):
                texts += [f"{a}@{n} {b}" for n in free]
            else:
                texts += [f"{a}@{m} {b}@{n}" for m in free for n in free if m != n]
        return texts

    @staticmethod
    def _resolve_one(wall, card, column):
        """The column a single card goes to, checking a written ``@n``."""
        bound = wall.column_of(suit_of(card))
        if bound is not None:
            if column is not None and column != bound:
                raise Illegal(f"{card}: its suit's column is {bound}, not {column}")
            return bound
        if column is None:
            raise Illegal(f"{card}: a new suit needs its column, {card}@n")
        if wall.column_suit[column] is not None:
            raise Illegal(f"column {column} is already bound to another suit")
        return column

    # ----------------------------------------------------------------- the actions
    def _apply_root(self, seat, arguments):
        if len(arguments) != 1:
            raise Illegal("root stone: exactly one card")
        card, column = _split_column(arguments[0])
        if card not in self.hands[seat]:
            raise Illegal(f"{card} is not in your hand")
        column = self._resolve_one(self.walls[seat], card, column)
        self.hands[seat].remove(card)
        self.walls[seat].place(card, column)
        self.root_order.pop(0)
        if not self.root_order:
            self.phase = "play"

    def _playable(self, seat):
        hand = self.hands[seat]
        if not self.trick:
            return list(hand)
        lead_suit = suit_of(self.trick[0][1])
        following = [card for card in hand if suit_of(card) == lead_suit]
        return following if following else list(hand)  # void: ござらぬゆえ

    def _apply_play(self, seat, arguments):
        if len(arguments) != 1 or "@" in arguments[0]:
            raise Illegal("play exactly one card")
        card = parse_card(arguments[0])
        if card not in self.hands[seat]:
            raise Illegal(f"{card} is not in your hand")
        if card not in self._playable(seat):
            raise Illegal(f"must follow suit {suit_of(self.trick[0][1])}")
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) == self.players:
            ordered = self._trick_order()
            self.first, self.second = ordered[0][0], ordered[1][0]
            self.remaining = [card for _, card in self.trick]
            self.phase = "take1"

    def _trick_order(self):
        """Every (seat, card) of the trick, strongest first (rules "A deal" 4, seed 001 ①)."""
        lead_suit = suit_of(self.trick[0][1])
        played = list(enumerate(self.trick))  # (play index, (seat, card))
        followers = [entry for entry in played if suit_of(entry[1][1]) == lead_suit]
        others = [entry for entry in played if suit_of(entry[1][1]) != lead_suit]
        followers.sort(key=lambda entry: -rank_value(entry[1][1]))
        others.sort(key=lambda entry: (-rank_value(entry[1][1]), entry[0]))
        return [entry[1] for entry in followers + others]

    def _apply_take_one(self, seat, arguments):
        if len(arguments) != 1:
            raise Illegal("the 1st takes exactly one card")
        card, column = _split_column(arguments[0])
        if card not in self.remaining:
            raise Illegal(f"{card} is not in the trick")
        column = self._resolve_one(self.walls[seat], card, column)
        self.remaining.remove(card)
        self.walls[seat].place(card, column)
        self.phase = "take2"

    def _apply_take_two(self, seat, arguments):
        if len(arguments) != 2:
            raise Illegal("the 2nd takes exactly two cards")
        taken = sorted((_split_column(word) for word in arguments), key=lambda pair: canonical_key(pair[0]))
        (a, column_a), (b, column_b) = taken
        if a == b:
            raise Illegal("two different cards")
        for card in (a, b):
            if card not in self.remaining:
                raise Illegal(f"{card} is not in the trick")
        wall = self.walls[seat]
        a_new = wall.column_of(suit_of(a)) is None
        b_new = wall.column_of(suit_of(b)) is None
        if a_new and b_new and suit_of(a) == suit_of(b):
            # one new suit for both cards: @n on either card (or on both, agreeing)
            if column_a is not None and column_b is not None and column_a != column_b:
                raise Illegal("two columns for one suit")
            column = column_a if column_a is not None else column_b
            column = self._resolve_one(wall, a, column)
            where = [(a, column), (b, column)]
        else:
            where_a = self._resolve_one(wall, a, column_a)
            where_b = self._resolve_one(wall, b, column_b)
            if a_new and b_new and where_a == where_b:
                raise Illegal("two new suits cannot share a column")
            where = [(a, where_a), (b, where_b)]
        for card, column in where:
            self.remaining.remove(card)
            wall.place(card, column)
        self.remaining = []  # 4 players: the last card is discarded face down
        self._end_trick()

    def _end_trick(self):
        self.leader = self.first
        self.trick = []
        self.first = self.second = None
        if any(self.hands[seat] for seat in range(self.players)):
            self.phase = "play"
            return
        scores = [wall.score() for wall in self.walls]
        self.completed_scores.append(scores)
        best = max(scores)
        for k in range(self.players):  # clockwise from the previous dealer, inclusive
            seat = (self.dealer + k) % self.players
            if scores[seat] == best:
                self.dealer = seat
                break
        self.phase = "over" if len(self.completed_scores) == DEALS_PER_GAME else "deal"
