"""Reference oracle for Gogyō Sōkoku (五行相克, 黒宮公彦).

Written only from ../shared/rules/gogyo-sokoku.md, the seed ../shared/seeds/001_0315aa0705a53994.txt
(second half), ../shared/spec/records.md and tests/oracles/README.md — never from kirifuda's own
code.  Interface: tests/oracles/README.md.

A deal: the harness gives 10 cards per seat and ``rest`` = the two table cards, the first being
the starting card (開始札).  Trick 1 is played to the starting card by the dealer's left and then
everyone else (five cards from hands); the winner takes those five and both table cards and
leads trick 2.  Ten tricks; five deals, the dealer passing clockwise.

Decisions taken where the rules text leaves a gap (the harness surfaces any disagreement; the
rules text then decides):

 G1  In trick 1 the lead suit is the starting card's suit for must-follow purposes; the winner is
     the highest spade among the five played cards if any, else the highest card of the
     starting card's suit among them.  The starting card itself never competes.
 G2  Mode is decided by the two table cards only (both point cards → double partnership).
 G3  The table cards count for the winner of trick 1 like any captured card.
 G4  ``deal_scores()`` lists, per completed deal, each seat's score under the deal's mode.
 G5  Options: only ``players`` (must be 5) and ``first_dealer``; anything else raises ValueError.
     A deal with wrong pile sizes or cards raises ValueError.
 G6  Actions: ``play CARD`` (verb case-insensitive, card in any accepted spelling).
"""

from ._common import (
    Illegal,
    full_deck,
    option_int,
    parse_card,
    rank_value,
    read_deal,
    seat_index,
    suit_of,
)

__all__ = ["Illegal", "Oracle"]

PLAYERS = 5
DEALS_PER_GAME = 5
HAND_SIZE = 10
TRICKS = 10
TRUMP = "S"
POINT_RANKS = "AKQJT"
DOUBLE_TARGET = 12


def card_points(card):
    return 1 if card[0] in POINT_RANKS else 0


def single_partner(seat):
    """A→D, B→E, C→A, D→B, E→C: the right-hand neighbour's right-hand neighbour."""
    return (seat + 3) % PLAYERS


def double_partners(seat):
    """Both players who are not neighbours: A→C,D; B→D,E; ..."""
    return (seat + 2) % PLAYERS, (seat + 3) % PLAYERS


class Oracle:
    def __init__(self, game_id: str, options: dict):
        if game_id != "gogyo-sokoku":
            raise ValueError(f"this oracle plays gogyo-sokoku, not {game_id!r}")
        options = dict(options or {})
        for name in options:
            if name not in ("players", "first_dealer"):
                raise ValueError(f"unknown option {name!r}")
        option_int(options.get("players", PLAYERS), "players", (PLAYERS,))
        self.dealer = option_int(options.get("first_dealer", 0), "first_dealer", range(PLAYERS))
        self.deals_started = 0
        self.completed_scores = []
        self.phase = "deal"  # deal | play | over
        self.hands = None
        self.table_cards = []
        self.double = False
        self.captured = None
        self.trick = []  # (seat, card) in play order
        self.first_to_play = None
        self.tricks_done = 0

    # ----------------------------------------------------------------- the interface
    def pending(self) -> str:
        return {"deal": "deal", "play": "act", "over": "over"}[self.phase]

    def deal(self, deal: dict) -> None:
        if self.phase != "deal":
            raise ValueError("no deal is expected now")
        hands, rest = read_deal(deal, PLAYERS)
        if any(len(hand) != HAND_SIZE for hand in hands) or len(rest) != 2:
            raise ValueError("10 cards per seat and 2 table cards")
        if sorted(card for pile in hands + [rest] for card in pile) != sorted(full_deck()):
            raise ValueError("the deal does not use the deck exactly once")
        self.hands = hands
        self.table_cards = rest  # rest[0] is the starting card
        self.double = all(card_points(card) for card in rest)
        self.captured = [[] for _ in range(PLAYERS)]
        self.trick = []
        self.first_to_play = (self.dealer + 1) % PLAYERS  # the dealer's left plays to the starting card
        self.tricks_done = 0
        self.deals_started += 1
        self.phase = "play"

    def chance(self, text: str) -> None:
        raise ValueError("Gogyō Sōkoku has no chance events other than deals")

    def to_act(self) -> set:
        if self.phase != "play":
            return set()
        return {(self.first_to_play + len(self.trick)) % PLAYERS}

    def legal(self, seat: int) -> set:
        if seat not in self.to_act():
            return set()
        return {"play " + card for card in self._playable(seat)}

    def apply(self, seat: int, text: str) -> None:
        seat = seat_index(seat, PLAYERS)
        if seat not in self.to_act():
            raise Illegal(f"seat {seat} is not to act")
        if not isinstance(text, str):
            raise Illegal("an action is a text")
        words = text.split()
        if len(words) != 2 or words[0].lower() != "play":
            raise Illegal("play a card: play CARD")
        card = parse_card(words[1])
        if card not in self.hands[seat]:
            raise Illegal(f"{card} is not in your hand")
        if card not in self._playable(seat):
            raise Illegal(f"must follow suit {self._lead_suit()}")
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) == PLAYERS:
            self._end_trick()

    def deal_scores(self) -> list:
        return [list(scores) for scores in self.completed_scores]

    # ----------------------------------------------------------------- the play
    def _lead_suit(self):
        if self.tricks_done == 0:
            return suit_of(self.table_cards[0])  # the starting card acts as the opening lead
        if self.trick:
            return suit_of(self.trick[0][1])
        return None

    def _playable(self, seat):
        hand = self.hands[seat]
        lead_suit = self._lead_suit()
        if lead_suit is None:
            return list(hand)
        following = [card for card in hand if suit_of(card) == lead_suit]
        return following if following else list(hand)

    def _end_trick(self):
        lead_suit = self._lead_suit()
        trumps = [(seat, card) for seat, card in self.trick if suit_of(card) == TRUMP]
        contenders = trumps or [(seat, card) for seat, card in self.trick if suit_of(card) == lead_suit]
        winner = max(contenders, key=lambda entry: rank_value(entry[1]))[0]
        self.captured[winner] += [card for _, card in self.trick]
        if self.tricks_done == 0:
            self.captured[winner] += self.table_cards
        self.tricks_done += 1
        self.trick = []
        self.first_to_play = winner
        if self.tricks_done < TRICKS:
            return
        self.completed_scores.append(self._score())
        self.dealer = (self.dealer + 1) % PLAYERS
        self.phase = "over" if len(self.completed_scores) == DEALS_PER_GAME else "deal"

    def _score(self):
        own = [sum(card_points(card) for card in pile) for pile in self.captured]
        scores = []
        for seat in range(PLAYERS):
            if self.double:
                p1, p2 = double_partners(seat)
                scores.append(-abs(own[seat] + own[p1] + own[p2] - DOUBLE_TARGET))
            else:
                partner = own[single_partner(seat)]
                scores.append(own[seat] if own[seat] <= partner else partner - own[seat])
        return scores
