"""Reference oracle for Anarchy, Anarchy Bomb and Organised Chaos (David Parlett).

Written only from ../shared/rules/anarchy.md and the seed ../shared/seeds/002_8a92f8203cc2801f.txt
(アナーキー / アナーキストの爆弾 / 秩序立った混乱), never from kirifuda's own code. Game ids:
``anarchy``, ``anarchy-bomb``, ``organised-chaos``. Interface: tests/oracles/README.md.

Every trick is played simultaneously: ``to_act()`` is every seat that has not yet chosen its card
for the current trick; the reveal and capture happen when the last seat chooses.

Decisions taken where the rules leave a gap (the harness surfaces any disagreement; the rules
text then decides):

 G1  Seats 0..n-1 run clockwise; a player's left neighbour is the next seat clockwise (seat+1).
     Organised Chaos passes therefore go from seat s to seat s+1 (mod n).
 G2  Anarchy turn-ups (5 players): rest[0] is live from trick 1.  "any": it is taken, in the first
     trick in which at least one card of its suit is played, by the player of that suit's
     highest card.  "contested": only in a trick with two or more cards of its suit.  Once taken,
     rest[1] is turned up at the end of that trick and is live from the next trick, under the
     same rule (so in "contested" the second waits until the first has been taken).  A turn-up
     not taken by the last trick scores for nobody; taken turn-ups count as cards taken for
     every bid, misère included.
 G3  Anarchy (original) has no void or quartet bonuses; its deal score is the bid score only.
     Misère scores max(0, N - cards taken), N = 10 (5 players) or 13 (4 players).
 G4  Bomb / Chaos capture: a suit played two or more times goes to its highest card; if that
     highest card is played twice (two identical copies, double deck), nobody captures that
     suit and every card of that suit (the lower ones too) is kept by whoever played it.
     Singletons (cards whose suit was played once): with two or more, the highest singleton
     takes all of them unless two singletons share the top rank, then each keeps its own; a lone
     singleton is kept.  Under the bomb, ranks are reversed (2 high, A low) for both steps.
 G5  The 3-player dummy is a fourth trick participant: its top card is turned after the players
     have chosen (no seat acts for it); what it captures goes to a dummy pile scoring for nobody.
     It never bids. deal_scores lists only the real seats.
 G6  The bomb: ``play JK`` is legal in any trick for the holder; the spare becomes the
     Anarchist's played card, the trick is reversed, the Joker leaves play.  The Joker is a card
     of the hand, so with as many tricks as cards the Anarchist must throw it by the last trick.
 G7  ``bomb_wild``: the Joker follows the spare card to whoever receives that card in the trick
     (nobody when that is the dummy).  At scoring its holder takes the best of five readings:
     not counted, or counted as one extra card of S, H, D or C (adding to cards taken for
     cards/over/under, to black/red, to "best", and cancelling that suit's void); it never
     counts towards a quartet.
 G8  Bomb / Chaos "best" = 3 x the count of the player's most numerous suit taken; over/under
     = 5 x (cards taken above / below N), never below 0, N = 13 (12 with 5 players).
     Void = 10 per suit (of the four) with no card taken; quartet = 20 x (copies of a rank // 4).
 G9  Organised Chaos: the pass is simultaneous (``give`` three cards held, any order accepted,
     canonical in legal sets).  Passed cards leave the hand at once and arrive only when every
     seat has given.  3 players with ``dummy_passes``: the dealer passes to the dummy, the dummy
     passes its top 3 stock cards to the dealer's left, and the 3 it receives are put under its
     stock in canonical order (S H D C, A..2), the first of them nearest the top, i.e.
     stock := stock[3:] + sorted(received).  The seat before the dealer's left passes normally.
 G10 Organised Chaos: always open bids from the dealer's left, 10 deals, and a seat may not
     repeat a bid it made in an earlier deal (its last deal's bid is forced).  Options
     ``bidding``/``deals``/``turnup``/``deck5``/``bomb_wild`` are not Chaos options: an error.
 G11 Secret bids: every seat without a bid acts at once; any bid is legal for each.  Open bids:
     one seat at a time clockwise from the dealer's left.  Several players may make the same bid
     (except the Chaos once-per-game rule, which is per player).
 G12 The dealer moves one seat clockwise each deal, starting from ``first_dealer``.
 G13 Deals are validated: right pile sizes, exactly the deck's cards, and in the Bomb the Joker
     in a player's hand (P4); a bad deal raises ValueError.  Actions out of turn, unparseable
     texts, cards not held, a give of the wrong size, a repeated Chaos bid raise Illegal and
     change nothing.
 G14 Text input: verbs and bid names are case-insensitive; cards accept lower case, ``10`` for
     ``T`` and the suit symbols on either side (``♠A``, ``A♠``, ``10♥``).
"""

import itertools
from collections import Counter


class Illegal(ValueError):
    """An action that is not legal now for that seat (the oracle's state is unchanged)."""


SUITS = "SHDC"  # canonical order ♠ ♥ ♦ ♣
RANKS_HIGH_FIRST = "AKQJT98765432"
RANK_VALUE = {rank: 14 - i for i, rank in enumerate(RANKS_HIGH_FIRST)}  # A=14 ... 2=2
JOKER = "JK"
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}

ANARCHY_BIDS = ["spades", "clubs", "hearts", "diamonds", "nosuit", "misere"]
BOMB_BIDS = ["cards", "black", "red", "best", "spades", "clubs", "hearts", "diamonds", "over", "under"]
SUIT_OF_BID = {"spades": "S", "clubs": "C", "hearts": "H", "diamonds": "D"}

DUMMY = "dummy"  # owner tag of the 3-player dummy's cards in a trick


# ---------------------------------------------------------------------------------------------
# cards


def parse_card(token):
    """Card text -> canonical name ('TH', 'JK'); raise Illegal when it is not a card."""
    text = token.strip().replace("\ufe0f", "")
    if text.upper() == JOKER:
        return JOKER
    if len(text) < 2:
        raise Illegal(f"not a card: {token!r}")
    if text[0] in SUIT_SYMBOLS:
        suit, rank = SUIT_SYMBOLS[text[0]], text[1:]
    elif text[-1] in SUIT_SYMBOLS:
        suit, rank = SUIT_SYMBOLS[text[-1]], text[:-1]
    else:
        suit, rank = text[-1].upper(), text[:-1]
    rank = rank.upper()
    if rank == "10":
        rank = "T"
    if suit not in SUITS or len(rank) != 1 or rank not in RANK_VALUE:
        raise Illegal(f"not a card: {token!r}")
    return rank + suit


def suit_of(card):
    return card[1]


def rank_of(card):
    return card[0]


def canonical_key(card):
    """Sort key of canonical card order: suits S H D C, high rank first, the Joker last."""
    if card == JOKER:
        return (4, 0)
    return (SUITS.index(suit_of(card)), -RANK_VALUE[rank_of(card)])


def canonical_sorted(cards):
    return sorted(cards, key=canonical_key)


def full_pack():
    return [rank + suit for suit in SUITS for rank in RANKS_HIGH_FIRST]


def extra_ranks(ranks):
    """The cards of the given ranks from a second pack (double-deck copies)."""
    return [rank + suit for suit in SUITS for rank in ranks]


# ---------------------------------------------------------------------------------------------
# scoring (module functions so the self-test can pin the seed's worked examples)


def suit_counts(cards):
    counts = {suit: 0 for suit in SUITS}
    for card in cards:
        if card != JOKER:
            counts[suit_of(card)] += 1
    return counts


def anarchy_bid_score(bid, cards, players):
    """Original Anarchy: the score of `bid` for the cards taken (turn-ups included)."""
    counts = suit_counts(cards)
    total = sum(counts.values())
    if bid in SUIT_OF_BID:
        return 2 * counts[SUIT_OF_BID[bid]]
    if bid == "nosuit":
        return total
    if bid == "misere":
        base = 10 if players == 5 else 13
        return max(0, base - total)
    raise ValueError(bid)


def bomb_bid_score(bid, counts, target):
    """Anarchy Bomb / Organised Chaos bid score from per-suit counts of cards taken.

    `target` is N of over/under (13, or 12 with 5 players)."""
    total = sum(counts.values())
    if bid == "cards":
        return total
    if bid == "black":
        return 2 * (counts["S"] + counts["C"])
    if bid == "red":
        return 2 * (counts["H"] + counts["D"])
    if bid == "best":
        return 3 * max(counts.values())
    if bid in SUIT_OF_BID:
        return 4 * counts[SUIT_OF_BID[bid]]
    if bid == "over":
        return 5 * max(0, total - target)
    if bid == "under":
        return 5 * max(0, target - total)
    raise ValueError(bid)


def void_bonus(counts):
    return 10 * sum(1 for suit in SUITS if counts[suit] == 0)


def quartet_bonus(cards):
    by_rank = Counter(rank_of(card) for card in cards if card != JOKER)
    return 20 * sum(copies // 4 for copies in by_rank.values())


def bomb_deal_score(bid, cards, target, wild_joker=False):
    """Bid score plus void and quartet bonuses; with a wild Joker, its best reading (G7)."""
    base_counts = suit_counts(cards)
    quartets = quartet_bonus(cards)
    readings = [None] + (list(SUITS) if wild_joker else [])
    best = None
    for reading in readings:
        counts = dict(base_counts)
        if reading is not None:
            counts[reading] += 1
        score = bomb_bid_score(bid, counts, target) + void_bonus(counts) + quartets
        if best is None or score > best:
            best = score
    return best


# ---------------------------------------------------------------------------------------------
# trick capture


def capture(entries, singleton_rule, reversed_order=False):
    """Who receives each card of a trick.

    entries: list of (owner, card) in any order; returns a list of receivers, one per entry.
    singleton_rule: the Bomb / Chaos rule for cards whose suit was played once (G4); without it
    (original Anarchy) such a card is kept by its player."""

    def strength(card):
        value = RANK_VALUE[rank_of(card)]
        return -value if reversed_order else value

    receivers = [None] * len(entries)
    positions_by_suit = {}
    for position, (_, card) in enumerate(entries):
        positions_by_suit.setdefault(suit_of(card), []).append(position)

    singletons = []
    for suit in SUITS:
        positions = positions_by_suit.get(suit, [])
        if not positions:
            continue
        if len(positions) == 1:
            singletons.append(positions[0])
            continue
        top = max(strength(entries[p][1]) for p in positions)
        holders_of_top = [p for p in positions if strength(entries[p][1]) == top]
        if len(holders_of_top) == 1:
            winner = entries[holders_of_top[0]][0]
            for p in positions:
                receivers[p] = winner
        else:  # two identical top cards: nobody captures the suit
            for p in positions:
                receivers[p] = entries[p][0]

    if singleton_rule and len(singletons) >= 2:
        top = max(strength(entries[p][1]) for p in singletons)
        holders_of_top = [p for p in singletons if strength(entries[p][1]) == top]
        if len(holders_of_top) == 1:
            winner = entries[holders_of_top[0]][0]
            for p in singletons:
                receivers[p] = winner
        else:
            for p in singletons:
                receivers[p] = entries[p][0]
    else:
        for p in singletons:
            receivers[p] = entries[p][0]
    return receivers


# ---------------------------------------------------------------------------------------------
# the oracle

GAME_OPTIONS = {
    "anarchy": {
        "players": [5, 4],
        "bidding": ["open", "secret"],
        "turnup": ["any", "contested"],
        "deals": None,
        "first_dealer": None,
    },
    "anarchy-bomb": {
        "players": [4, 3, 5],
        "bidding": ["open", "secret"],
        "deck5": ["61", "65"],
        "bomb_wild": [False, True],
        "deals": None,
        "first_dealer": None,
    },
    "organised-chaos": {"players": [4, 3, 5], "dummy_passes": [False, True], "first_dealer": None},
}


class Oracle:
    """Anarchy family rules, plainly: lists of card names, one mutable object."""

    def __init__(self, game_id, options):
        if game_id not in GAME_OPTIONS:
            raise ValueError(f"unknown game {game_id!r}")
        allowed = GAME_OPTIONS[game_id]
        options = dict(options or {})
        for name in options:
            if name not in allowed:
                raise ValueError(f"unknown option {name!r} for {game_id}")
        self.game_id = game_id
        self.bomb = game_id == "anarchy-bomb"
        self.chaos = game_id == "organised-chaos"
        self.original = game_id == "anarchy"

        self.players = self._choice(options, "players", allowed)
        n = self.players
        self.bidding = self._choice(options, "bidding", allowed) if "bidding" in allowed else "open"
        self.turnup_rule = self._choice(options, "turnup", allowed) if "turnup" in allowed else "any"
        deck5 = str(options.get("deck5", "61"))
        if "deck5" in allowed and deck5 not in ("61", "65"):
            raise ValueError(f"bad deck5 {deck5!r}")
        self.deck5 = deck5
        self.bomb_wild = self._choice(options, "bomb_wild", allowed) if "bomb_wild" in allowed else False
        self.dummy_passes = self._choice(options, "dummy_passes", allowed) if "dummy_passes" in allowed else False
        first_dealer = options.get("first_dealer", 0)
        if not isinstance(first_dealer, int) or isinstance(first_dealer, bool) or not 0 <= first_dealer < n:
            raise ValueError(f"bad first_dealer {first_dealer!r}")
        if self.chaos:
            self.total_deals = 10
        else:
            deals = options.get("deals")
            if deals is None:
                deals = n  # default: one deal per player
            if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
                raise ValueError(f"bad deals {deals!r}")
            self.total_deals = deals

        self.hand_size = {("anarchy", 5): 10, ("anarchy", 4): 13}.get((game_id, n), 12 if n == 5 else 13)
        self.has_dummy = (self.bomb or self.chaos) and n == 3
        self.target = 12 if n == 5 else 13  # N of over/under (Bomb, Chaos)
        self.bid_names = ANARCHY_BIDS if self.original else BOMB_BIDS

        self.dealer = first_dealer
        self.completed_scores = []
        self.used_bids = [set() for _ in range(n)]  # Organised Chaos: each bid once per game
        self.phase = "deal"  # deal | pass | bid | play | over

    @staticmethod
    def _choice(options, name, allowed):
        choices = allowed[name]
        value = options.get(name, choices[0])
        if name == "players":
            try:
                value = int(value)
            except (TypeError, ValueError):
                raise ValueError(f"bad players {value!r}") from None
        if value not in choices or (isinstance(value, bool) != isinstance(choices[0], bool)):
            raise ValueError(f"bad {name} {value!r}")
        return value

    # --- the deck and the deal --------------------------------------------------------------

    def deck(self):
        cards = full_pack()
        if self.bomb:
            if self.players == 5:
                cards += extra_ranks("87" if self.deck5 == "61" else "876")
            cards.append(JOKER)
        elif self.chaos and self.players == 5:
            cards += extra_ranks("87")
        return cards

    def _pile_sizes(self):
        n = self.players
        rest = spare = dummy = 0
        if self.original and n == 5:
            rest = 2
        if self.bomb:
            spare = 1
            if n == 5 and self.deck5 == "65":
                rest = 4
        if self.has_dummy:
            dummy = 13
        return rest, spare, dummy

    def pending(self):
        if self.phase in ("deal", "over"):
            return self.phase
        return "act"

    def deal(self, deal):
        if self.phase != "deal":
            raise Illegal("no deal is awaited")
        for key in deal:
            if key not in ("hands", "rest", "spare", "dummy"):
                raise ValueError(f"unknown deal pile {key!r}")
        hands = [[self._deal_card(c) for c in hand] for hand in deal.get("hands", [])]
        rest = [self._deal_card(c) for c in deal.get("rest", []) or []]
        spare = [self._deal_card(c) for c in deal.get("spare", []) or []]
        dummy = [self._deal_card(c) for c in deal.get("dummy", []) or []]
        want_rest, want_spare, want_dummy = self._pile_sizes()
        if len(hands) != self.players or any(len(h) != self.hand_size for h in hands):
            raise ValueError("wrong hand sizes")
        if (len(rest), len(spare), len(dummy)) != (want_rest, want_spare, want_dummy):
            raise ValueError("wrong pile sizes")
        everything = [c for h in hands for c in h] + rest + spare + dummy
        if Counter(everything) != Counter(self.deck()):
            raise ValueError("the deal does not use the deck exactly once")
        if self.bomb and not any(JOKER in h for h in hands):
            raise ValueError("the Joker must start in a player's hand (P4)")

        n = self.players
        self.hands = hands
        self.rest = rest
        self.spare = spare[0] if spare else None
        self.dummy = dummy
        self.bids = [None] * n
        self.passes = [None] * n
        self.pass_choices = {}  # seat -> its legal give texts (a cache for the pass)
        self.chosen = {}
        self.tricks_played = 0
        self.taken = [[] for _ in range(n)]
        self.dummy_taken = []
        self.reversed_tricks = []
        self.turnup = None
        self.turnup_queue = []
        self.joker_thrown = False
        self.wild_joker_owner = None  # seat, DUMMY, or None
        self.bid_turn = (self.dealer + 1) % n
        self.phase = "pass" if self.chaos else "bid"

    @staticmethod
    def _deal_card(text):
        try:
            return parse_card(str(text))
        except Illegal as error:
            raise ValueError(str(error)) from None

    # --- whose decision, and what is legal ----------------------------------------------------

    def to_act(self):
        n = self.players
        if self.phase == "pass":
            return {s for s in range(n) if self.passes[s] is None}
        if self.phase == "bid":
            if self.bidding == "secret" and not self.chaos:
                return {s for s in range(n) if self.bids[s] is None}
            return {self.bid_turn}
        if self.phase == "play":
            return {s for s in range(n) if s not in self.chosen}
        return set()

    def legal(self, seat):
        if not self._awaits(seat):
            return set()
        if self.phase == "pass":
            # the hand does not change until the seat gives, so its set is computed once
            if seat not in self.pass_choices:
                hand = canonical_sorted(self.hands[seat])
                self.pass_choices[seat] = {"give " + " ".join(trio) for trio in itertools.combinations(hand, 3)}
            return set(self.pass_choices[seat])
        if self.phase == "bid":
            return {"bid " + name for name in self.bid_names if name not in self.used_bids[seat]}
        if self.phase == "play":
            return {"play " + card for card in set(self.hands[seat])}
        return set()

    def _awaits(self, seat):
        return isinstance(seat, int) and not isinstance(seat, bool) and seat in self.to_act()

    # --- applying an action -------------------------------------------------------------------

    def apply(self, seat, text):
        if self.phase in ("deal", "over"):
            raise Illegal("no decision is awaited")
        if not self._awaits(seat):
            raise Illegal(f"seat {seat!r} is not to act")
        if not isinstance(text, str):
            raise Illegal("not an action text")
        words = text.split()
        if not words:
            raise Illegal("empty action")
        verb = words[0].lower()
        if self.phase == "pass":
            if verb != "give" or len(words) != 4:
                raise Illegal("expected: give <three cards>")
            cards = [parse_card(w) for w in words[1:]]
            if not self._holds(seat, cards):
                raise Illegal("you do not hold those cards")
            self._give(seat, cards)
        elif self.phase == "bid":
            if verb != "bid" or len(words) != 2:
                raise Illegal("expected: bid <name>")
            name = words[1].lower()
            if name not in self.bid_names:
                raise Illegal(f"no such bid {name!r}")
            if name in self.used_bids[seat]:
                raise Illegal(f"bid {name} already made in an earlier deal")
            self._bid(seat, name)
        elif self.phase == "play":
            if verb != "play" or len(words) != 2:
                raise Illegal("expected: play <card>")
            card = parse_card(words[1])
            if card not in self.hands[seat]:
                raise Illegal(f"you do not hold {card}")
            self._play(seat, card)

    def _holds(self, seat, cards):
        have = Counter(self.hands[seat])
        need = Counter(cards)
        return all(have[c] >= k for c, k in need.items())

    # Organised Chaos pass (G1, G9)
    def _give(self, seat, cards):
        for card in cards:
            self.hands[seat].remove(card)
        self.passes[seat] = cards
        if any(p is None for p in self.passes):
            return
        n = self.players
        left_of_dealer = (self.dealer + 1) % n
        if self.has_dummy and self.dummy_passes:
            from_dummy = self.dummy[:3]
            self.dummy = self.dummy[3:] + canonical_sorted(self.passes[self.dealer])
            for s in range(n):
                if s != self.dealer:
                    self.hands[(s + 1) % n].extend(self.passes[s])
            self.hands[left_of_dealer].extend(from_dummy)
        else:
            for s in range(n):
                self.hands[(s + 1) % n].extend(self.passes[s])
        self.phase = "bid"
        self.bid_turn = left_of_dealer

    def _bid(self, seat, name):
        self.bids[seat] = name
        if self.chaos:
            self.used_bids[seat].add(name)
        if any(b is None for b in self.bids):
            if not (self.bidding == "secret" and not self.chaos):
                self.bid_turn = (self.bid_turn + 1) % self.players
            return
        self.phase = "play"
        if self.original and self.rest:
            self.turnup = self.rest[0]  # the dealer turns up the first card aside (G2)
            self.turnup_queue = self.rest[1:]

    def _play(self, seat, card):
        self.hands[seat].remove(card)
        self.chosen[seat] = card
        if len(self.chosen) == self.players:
            self._reveal()

    def _reveal(self):
        entries = []
        reversed_order = False
        bomb_position = None
        for seat in range(self.players):
            card = self.chosen[seat]
            if card == JOKER:  # the bomb (G6)
                reversed_order = True
                card = self.spare
                self.spare = None
                self.joker_thrown = True
                bomb_position = len(entries)
            entries.append((seat, card))
        if self.has_dummy:
            entries.append((DUMMY, self.dummy.pop(0)))

        receivers = capture(entries, singleton_rule=not self.original, reversed_order=reversed_order)
        for (_, card), receiver in zip(entries, receivers, strict=True):
            self._give_card(receiver, card)
        if bomb_position is not None and self.bomb_wild:
            self.wild_joker_owner = receivers[bomb_position]
        if reversed_order:
            self.reversed_tricks.append(self.tricks_played)

        if self.original and self.turnup is not None:
            self._turnup_capture(entries)

        self.chosen = {}
        self.tricks_played += 1
        if self.tricks_played == self.hand_size:
            self._score_deal()

    def _give_card(self, receiver, card):
        if receiver == DUMMY:
            self.dummy_taken.append(card)
        else:
            self.taken[receiver].append(card)

    def _turnup_capture(self, entries):
        suit = suit_of(self.turnup)
        of_suit = [(owner, card) for owner, card in entries if suit_of(card) == suit]
        needed = 1 if self.turnup_rule == "any" else 2
        if len(of_suit) < needed:
            return
        winner = max(of_suit, key=lambda entry: RANK_VALUE[rank_of(entry[1])])[0]
        self.taken[winner].append(self.turnup)
        self.turnup = self.turnup_queue.pop(0) if self.turnup_queue else None

    def _score_deal(self):
        scores = []
        for seat in range(self.players):
            cards = self.taken[seat]
            bid = self.bids[seat]
            if self.original:
                scores.append(anarchy_bid_score(bid, cards, self.players))
            else:
                wild = self.bomb_wild and self.wild_joker_owner == seat
                scores.append(bomb_deal_score(bid, cards, self.target, wild_joker=wild))
        self.completed_scores.append(scores)
        self.dealer = (self.dealer + 1) % self.players
        self.phase = "over" if len(self.completed_scores) == self.total_deals else "deal"

    def deal_scores(self):
        return [list(scores) for scores in self.completed_scores]
