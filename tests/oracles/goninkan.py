"""Reference oracle for Gonin-kan (ゴニンカン), game id ``goninkan``.

Written only from ../shared/rules/goninkan.md, the seed ../shared/seeds/003_2a1676867efee935.txt
and ../shared/spec/records.md, never from kirifuda's own code. Interface: tests/oracles/README.md.

Vocabulary used below.  A *player* is a player id (their starting position); every seat argument
and every score list is indexed by player id.  A *position* is a place in the playing ring,
numbered in play order (counter-clockwise), so the next player is position + 1.  Players move
between positions (the adjacency swap); the dealer role belongs to a position.  With 6 players the
dealer's position is skipped by play and by every count; the *active* players are the 5 who hold
cards.  The Napoleon *pair* is the two active players holding the Joker and the trump Ace in the
battle-1 deal; with 6 players the Napoleon *side* also includes the dealer (for scoring only).

Decisions taken where the rules leave a gap (the harness surfaces any disagreement; the rules
text then decides):

 G1  Positions, dealer.  Player i starts at position i.  ``first_dealer`` is a player id, i.e.
     the dealer position of round 1.  Round r (0-based) has its dealer at position
     first_dealer + r (mod n) -- the role moves one *position* per round, whoever sits there now.
     With 5 players the "dealer" is only this reference position (the player there plays).
     Within a round the dealer stays that position (battles 2-3 use the same one).
 G2  Battle-1 trump by round: C, D, H, C, D, H, ... and the last round (index rounds-1) is S;
     with ``rounds`` = 1 the only round is S.  ``rounds`` accepts any positive integer.
 G3  Adjacency swap (battle 1 only, after the deal and after any 仮親 swap).  With P, Q the
     pair: if Q is the next active player after P, Q exchanges positions with the active player
     next after Q; else if P is the next active player after Q, P exchanges positions with the
     active player next after P.  (In a ring of 5 active players at most one case applies.)
     The dealer position never takes part.  Positions persist into later battles and rounds.
 G4  仮親 (one player holds both the Joker and the trump Ace): the partner is the second active
     player after the holder in play order.  ``pending()`` is "chance" and ``chance("swap X Y")``
     must name a card X of the partner's hand and Y in {JK, trump Ace}: X goes to the holder,
     Y to the partner.  The holder counts as "the player who held the trump Ace when battle 1
     was dealt" (passes first in battles 2-3); the partner is "the other Napoleon player"
     (declares trump).  The partner is never adjacent, so no seating swap follows.
     A malformed or impossible swap text raises Illegal and changes nothing.
 G5  Who calls 行く/来い: walking positions from the dealer position in play order, the dealer
     position counted first, the first position holding a member of the pair (the 6-player
     dealer is never a member).  ``go``: the caller leads trick 1; ``come``: the other member of
     the pair leads trick 1.  Same rule in every battle.
 G6  Battles 2-3: new deal (one ``deal`` each), then ``give`` x2 by the Ace-holder of the
     battle-1 deal (any card of his current hand, the Joker included; each card moves at once),
     then ``give`` x2 by the partner (any card of his current hand, including those just
     received), then ``trump S|H|D|C`` by the partner (the non-Ace-holder), then go/come.
 G7  Joker legality, trick t (1..10) of a battle, for its holder:
       - t = 1: joker_ban "play": never; "lead": only when following.
       - t = 10: last_trick_joker "weakest": always (leading or following); otherwise with
         joker_ban "lead" always (following, or leading as the only card left); with "play" the
         case cannot arise (see below).
       - joker_ban "play" with last_trick_joker "forbidden": a holder still holding the Joker in
         trick 9 must play it then (his only legal plays are the Joker), even when he could
         follow suit.
       - otherwise the Joker may be played at any time, even when able to follow suit.
     The Joker led always names a suit (any of the four), ``play JK:H``; following it is
     ``play JK``.  The named suit is the suit to follow.
 G8  Trick winner: the Joker; else the highest trump; else the highest card of the suit led (or
     named).  In trick 10 with last_trick_joker "weakest": a led Joker is a card of its named
     suit ranking below the 2 (so a trump when it names the trump suit), a following Joker never
     wins.  Honours (A K Q J of the 4 suits; not the Joker) of a trick go to the winner's side.
 G9  The result is decided after the first trick at which the Napoleon pair has >= target (9, 8,
     9 for battles 1, 2, 3) or the allies have >= 17 - target honours.  Skunk: the losers have 0
     honours at that moment.  With early_stop the battle ends there; without it play continues
     to trick 10 (the result and skunk stay as decided).
 G10 十六 / 逆十六: eligible in battles 2-3 (and 1 with sixteen_in_battle1) exactly when the
     decision is a skunk.  The player who won the deciding trick then chooses ``sixteen`` or
     ``stop`` (nobody else acts meanwhile).  ``stop``: as G9.  ``sixteen``: play goes on; after
     each trick, if the other side holds an honour it is a failure, else if the declaring side
     holds all 16 it is a success; either ends the battle at once, whatever early_stop says.
 G11 Scores (table value v for each Napoleon-side player, allies -v):
       Napoleon wins: 1 (battles 1-2) or 2 (battle 3), +1 skunk, +8 for a successful 十六.
       Napoleon loses: -1, -1 more on a skunk, -16 more for a successful 逆十六.
       十六 failed: -16 (instead of the result); 逆十六 failed: +32 (instead of the result).
     6 players: the dealer scores with Napoleon.  zero_sum (5 players only; ignored with 6, the
     6-player game being zero-sum already): Napoleon players score 3v, allies -2v.
 G12 After a battle: a failed 十六/逆十六 or a Napoleon loss (逆十六 success included) ends the
     round; a Napoleon win in battle 1 or 2 leads to the next battle; battle 3 ends the round.
     The game is over after ``rounds`` rounds.  ``deal_scores()`` has one list per completed
     battle.
 G13 Deals: ``hands`` indexed by player id, 10 cards to each active player, [] to the 6-player
     dealer, the 50 cards exactly once; other piles must be empty.  A bad deal raises ValueError.
 G14 Text input: verbs case-insensitive; cards accept lower case, ``10`` for ``T`` and the suit
     symbols on either side; a Joker's suit after ``:`` accepts a letter or symbol.  An action
     of a seat not awaited, or not in its legal set, raises Illegal and changes nothing.
"""


class Illegal(ValueError):
    """An action that is not legal now for that seat (the oracle's state is unchanged)."""


SUITS = "SHDC"
RANKS_HIGH_FIRST = "AKQJT98765432"
RANK_VALUE = {rank: 14 - i for i, rank in enumerate(RANKS_HIGH_FIRST)}  # A=14 ... 2=2
HONOUR_RANKS = "AKQJ"
JOKER = "JK"
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
BATTLE1_TRUMP_CYCLE = "CDH"
TARGETS = {1: 9, 2: 8, 3: 9}

DEFAULT_OPTIONS = {
    "players": 6,
    "rounds": 10,
    "joker_ban": "play",
    "last_trick_joker": "forbidden",
    "early_stop": True,
    "sixteen_in_battle1": False,
    "zero_sum": False,
    "first_dealer": 0,
}
CHOICES = {
    "players": (6, 5),
    "joker_ban": ("play", "lead"),
    "last_trick_joker": ("forbidden", "weakest"),
    "early_stop": (True, False),
    "sixteen_in_battle1": (False, True),
    "zero_sum": (False, True),
}

NAPOLEON = "napoleon"
ALLIES = "allies"


# ---------------------------------------------------------------------------------------------
# cards


def full_deck():
    """The 50 cards: 52 minus 2H 2D 2C, plus the Joker."""
    cards = []
    for suit in SUITS:
        for rank in RANKS_HIGH_FIRST:
            if rank == "2" and suit != "S":
                continue
            cards.append(rank + suit)
    cards.append(JOKER)
    return cards


DECK = full_deck()
DECK_SET = set(DECK)


def parse_suit(text):
    text = text.strip().replace("\ufe0f", "")
    if text in SUIT_SYMBOLS:
        return SUIT_SYMBOLS[text]
    if len(text) == 1 and text.upper() in SUITS:
        return text.upper()
    return None


def parse_card(token):
    """Card text -> canonical name ('TH', 'JK'), or None when it is not a card of this deck."""
    text = token.strip().replace("\ufe0f", "")
    if text.upper() == JOKER:
        return JOKER
    if len(text) < 2:
        return None
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
        return None
    card = rank + suit
    return card if card in DECK_SET else None


def is_honour(card):
    return card != JOKER and card[0] in HONOUR_RANKS


def battle1_trump(round_index, rounds):
    if round_index == rounds - 1:
        return "S"
    return BATTLE1_TRUMP_CYCLE[round_index % 3]


# ---------------------------------------------------------------------------------------------
# scoring (a module function so the self-test can check every row of the table)


def table_value(battle, winner, skunk, sixteen=None):
    """The table value for each Napoleon-side player (allies get minus it, before zero_sum).

    winner: NAPOLEON or ALLIES (the side that won the battle).
    sixteen: None (not declared), "success" or "failure" (declared by the winner)."""
    if sixteen == "failure":
        return -16 if winner == NAPOLEON else 32
    if winner == NAPOLEON:
        value = 2 if battle == 3 else 1
        if skunk:
            value += 1
        if sixteen == "success":
            value += 8
        return value
    value = 1
    if skunk:
        value += 1
    if sixteen == "success":
        value += 16
    return -value


def player_scores(value, napoleon_side, players, zero_sum):
    """Per-player scores of one battle from the table value."""
    nap_mult, ally_mult = (3, 2) if (zero_sum and players == 5) else (1, 1)
    return [value * nap_mult if p in napoleon_side else -value * ally_mult for p in range(players)]


# ---------------------------------------------------------------------------------------------


class Oracle:
    """Gonin-kan rules, plainly: lists of card names, one mutable object."""

    def __init__(self, game_id, options):
        if game_id != "goninkan":
            raise ValueError(f"unknown game {game_id!r}")
        options = dict(options or {})
        for name in options:
            if name not in DEFAULT_OPTIONS:
                raise ValueError(f"unknown option {name!r}")
        values = dict(DEFAULT_OPTIONS)
        values.update(options)
        for name, allowed in CHOICES.items():
            value = values[name]
            if not any(value == a and isinstance(value, bool) == isinstance(a, bool) for a in allowed):
                raise ValueError(f"bad {name} {value!r}")
        self.n = values["players"]
        rounds = values["rounds"]
        if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
            raise ValueError(f"bad rounds {rounds!r}")
        self.rounds = rounds
        first_dealer = values["first_dealer"]
        if not isinstance(first_dealer, int) or isinstance(first_dealer, bool) or not 0 <= first_dealer < self.n:
            raise ValueError(f"bad first_dealer {first_dealer!r}")
        self.joker_ban = values["joker_ban"]
        self.last_trick_joker = values["last_trick_joker"]
        self.early_stop = values["early_stop"]
        self.sixteen_in_battle1 = values["sixteen_in_battle1"]
        self.zero_sum = values["zero_sum"]

        # seating: position -> player and player -> position
        self.pos_player = list(range(self.n))
        self.round_index = 0
        self.dealer_pos = first_dealer
        self.battle = 1
        self.trump = None
        self.hands = [[] for _ in range(self.n)]
        self.ace_holder = None  # the pair member who held the trump Ace in the battle-1 deal
        self.other_member = None  # the other pair member (held the Joker / 仮親's partner)
        self.scores = []
        self.phase = "deal"  # deal chance gocome give trump play sixteen over
        self._reset_battle()

    # --- seating helpers ----------------------------------------------------------------------

    def position_of(self, player):
        return self.pos_player.index(player)

    def is_active_pos(self, pos):
        return not (self.n == 6 and pos == self.dealer_pos)

    def next_active_pos(self, pos):
        nxt = (pos + 1) % self.n
        while not self.is_active_pos(nxt):
            nxt = (nxt + 1) % self.n
        return nxt

    def dealer_player(self):
        return self.pos_player[self.dealer_pos]

    def active_players(self):
        return [self.pos_player[p] for p in range(self.n) if self.is_active_pos(p)]

    def pair(self):
        return (self.ace_holder, self.other_member)

    def napoleon_side(self):
        side = set(self.pair())
        if self.n == 6:
            side.add(self.dealer_player())
        return side

    def partner_of(self, player):
        return self.other_member if player == self.ace_holder else self.ace_holder

    def side_of(self, player):
        return NAPOLEON if player in self.pair() else ALLIES

    # --- battle state -------------------------------------------------------------------------

    def _reset_battle(self):
        self.give_queue = []  # players still to give one card each, in order
        self.caller = None
        self.leader = None
        self.trick = []  # list of (player, card, named suit or None)
        self.trick_no = 1
        self.honours = {NAPOLEON: 0, ALLIES: 0}
        self.decided = None  # winning side once the result is certain
        self.skunk = False
        self.chooser = None  # the player choosing sixteen/stop
        self.sixteen_side = None  # side that declared 十六 / 逆十六
        self.sixteen_result = None

    # --- interface ----------------------------------------------------------------------------

    def pending(self):
        if self.phase in ("deal", "chance", "over"):
            return self.phase
        return "act"

    def deal(self, deal):
        if self.phase != "deal":
            raise ValueError("no deal expected now")
        for key in deal:
            if key not in ("hands", "rest", "spare", "dummy"):
                raise ValueError(f"unknown pile {key!r}")
            if key != "hands" and deal[key]:
                raise ValueError(f"pile {key!r} must be empty")
        hands_in = deal.get("hands")
        if not isinstance(hands_in, list) or len(hands_in) != self.n:
            raise ValueError("one hand per player expected")
        hands = []
        seen = []
        for player, hand in enumerate(hands_in):
            cards = []
            for text in hand:
                card = parse_card(str(text))
                if card is None:
                    raise ValueError(f"bad card {text!r}")
                cards.append(card)
            want = 0 if (self.n == 6 and player == self.dealer_player()) else 10
            if len(cards) != want:
                raise ValueError(f"player {player} must get {want} cards")
            hands.append(cards)
            seen.extend(cards)
        if sorted(seen) != sorted(DECK):
            raise ValueError("the deal must use the 50 cards exactly once")

        self._reset_battle()
        self.hands = hands
        if self.battle == 1:
            self.trump = battle1_trump(self.round_index, self.rounds)
            ace = "A" + self.trump
            jk_holder = next(p for p in range(self.n) if JOKER in hands[p])
            ace_holder = next(p for p in range(self.n) if ace in hands[p])
            self.ace_holder = ace_holder
            if jk_holder == ace_holder:
                pos = self.position_of(ace_holder)
                partner_pos = self.next_active_pos(self.next_active_pos(pos))
                self.other_member = self.pos_player[partner_pos]
                self.phase = "chance"
                return
            self.other_member = jk_holder
            self._seat_pair()
            self._start_gocome()
        else:
            self.trump = None
            self.give_queue = [self.ace_holder, self.ace_holder, self.other_member, self.other_member]
            self.phase = "give"

    def chance(self, text):
        if self.phase != "chance":
            raise Illegal("no chance event expected now")
        parts = str(text).split()
        if len(parts) != 3 or parts[0].lower() != "swap":
            raise Illegal(f"bad chance text {text!r}")
        theirs, power = parse_card(parts[1]), parse_card(parts[2])
        holder, partner = self.ace_holder, self.other_member
        if theirs is None or theirs not in self.hands[partner]:
            raise Illegal(f"{parts[1]!r} is not a card of the partner")
        if power not in (JOKER, "A" + self.trump) or power not in self.hands[holder]:
            raise Illegal(f"{parts[2]!r} is not the Joker or the trump Ace")
        self.hands[partner].remove(theirs)
        self.hands[holder].remove(power)
        self.hands[partner].append(power)
        self.hands[holder].append(theirs)
        self._seat_pair()
        self._start_gocome()

    def to_act(self):
        if self.phase == "gocome":
            return {self.caller}
        if self.phase == "give":
            return {self.give_queue[0]}
        if self.phase == "trump":
            return {self.other_member}
        if self.phase == "play":
            return {self._player_to_play()}
        if self.phase == "sixteen":
            return {self.chooser}
        return set()

    def legal(self, seat):
        if seat not in self.to_act():
            return set()
        if self.phase == "gocome":
            return {"go", "come"}
        if self.phase == "give":
            return {"give " + c for c in self.hands[seat]}
        if self.phase == "trump":
            return {"trump " + s for s in SUITS}
        if self.phase == "sixteen":
            return {"sixteen", "stop"}
        return self._legal_plays(seat)

    def apply(self, seat, text):
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise Illegal(f"bad seat {seat!r}")
        canon = self._canonical(text)
        if canon is None or canon not in self.legal(seat):
            raise Illegal(f"seat {seat}: {text!r} is not legal now")
        verb, _, arg = canon.partition(" ")
        if verb in ("go", "come"):
            self.leader = self.caller if verb == "go" else self.partner_of(self.caller)
            self.trick = []
            self.trick_no = 1
            self.phase = "play"
        elif verb == "give":
            self.give_queue.pop(0)
            self.hands[seat].remove(arg)
            self.hands[self.partner_of(seat)].append(arg)
            if not self.give_queue:
                self.phase = "trump"
        elif verb == "trump":
            self.trump = arg
            self._start_gocome()
        elif verb == "sixteen":
            self.sixteen_side = self.decided
            self._continue_after_decision()
        elif verb == "stop":
            if self.early_stop or self.trick_no > 10:
                self._end_battle()
            else:
                self.phase = "play"
        else:  # play
            card, _, named = arg.partition(":")
            self.hands[seat].remove(card)
            self.trick.append((seat, card, named or None))
            if len(self.trick) == 5:
                self._finish_trick()

    def deal_scores(self):
        return [list(s) for s in self.scores]

    # --- internals ----------------------------------------------------------------------------

    @staticmethod
    def _canonical(text):
        if not isinstance(text, str):
            return None
        parts = text.split()
        if not parts:
            return None
        verb = parts[0].lower()
        if verb in ("go", "come", "sixteen", "stop"):
            return verb if len(parts) == 1 else None
        if len(parts) != 2:
            return None
        arg = parts[1]
        if verb == "trump":
            suit = parse_suit(arg)
            return None if suit is None else "trump " + suit
        if verb == "give":
            card = parse_card(arg)
            return None if card is None else "give " + card
        if verb == "play":
            if ":" in arg:
                card_text, _, suit_text = arg.partition(":")
                if parse_card(card_text) != JOKER:
                    return None
                suit = parse_suit(suit_text)
                return None if suit is None else "play JK:" + suit
            card = parse_card(arg)
            return None if card is None else "play " + card
        return None

    def _seat_pair(self):
        """Rules step 2: the pair must not sit next to each other in the playing ring."""
        p_pos = self.position_of(self.ace_holder)
        q_pos = self.position_of(self.other_member)
        if self.next_active_pos(p_pos) == q_pos:
            self._swap_positions(q_pos, self.next_active_pos(q_pos))
        elif self.next_active_pos(q_pos) == p_pos:
            self._swap_positions(p_pos, self.next_active_pos(p_pos))

    def _swap_positions(self, a, b):
        self.pos_player[a], self.pos_player[b] = self.pos_player[b], self.pos_player[a]

    def _start_gocome(self):
        pos = self.dealer_pos
        while self.pos_player[pos] not in self.pair():
            pos = (pos + 1) % self.n
        self.caller = self.pos_player[pos]
        self.phase = "gocome"

    def _player_to_play(self):
        pos = self.position_of(self.leader)
        for _ in range(len(self.trick)):
            pos = self.next_active_pos(pos)
        return self.pos_player[pos]

    def _joker_allowed(self, leading):
        t = self.trick_no
        if t == 1:
            return self.joker_ban == "lead" and not leading
        if t == 10:
            return self.last_trick_joker == "weakest" or self.joker_ban == "lead"
        return True

    def _joker_forced(self):
        return self.trick_no == 9 and self.joker_ban == "play" and self.last_trick_joker == "forbidden"

    def _led_suit(self):
        player, card, named = self.trick[0]
        return named if card == JOKER else card[1]

    def _legal_plays(self, player):
        hand = self.hands[player]
        leading = not self.trick
        has_joker = JOKER in hand
        joker_texts = {"play JK:" + s for s in SUITS} if leading else {"play JK"}
        if has_joker and self._joker_forced():
            return joker_texts
        others = [c for c in hand if c != JOKER]
        if not leading:
            led = self._led_suit()
            following = [c for c in others if c[1] == led]
            if following:
                others = following
        result = {"play " + c for c in others}
        if has_joker and self._joker_allowed(leading):
            result |= joker_texts
        if not result:
            raise AssertionError("no legal play (should be impossible)")
        return result

    def _trick_winner(self):
        led = self._led_suit()
        weak_joker = self.trick_no == 10 and self.last_trick_joker == "weakest"
        best, best_key = None, None
        for index, (player, card, named) in enumerate(self.trick):
            if card == JOKER:
                if not weak_joker:
                    key = (3, 0)
                elif index == 0:
                    key = (2, 1) if named == self.trump else (1, 1)
                else:
                    key = (0, 0)
            elif card[1] == self.trump:
                key = (2, RANK_VALUE[card[0]])
            elif card[1] == led:
                key = (1, RANK_VALUE[card[0]])
            else:
                key = (0, 0)
            if best_key is None or key > best_key:
                best, best_key = player, key
        return best

    def _finish_trick(self):
        winner = self._trick_winner()
        won = sum(1 for _, card, _ in self.trick if is_honour(card))
        side = self.side_of(winner)
        self.honours[side] += won
        self.trick = []
        self.trick_no += 1
        self.leader = winner

        if self.sixteen_side is not None:
            self._check_sixteen()
            return
        if self.decided is None:
            target = TARGETS[self.battle]
            if self.honours[NAPOLEON] >= target:
                self.decided = NAPOLEON
            elif self.honours[ALLIES] >= 17 - target:
                self.decided = ALLIES
            if self.decided is not None:
                loser = ALLIES if self.decided == NAPOLEON else NAPOLEON
                self.skunk = self.honours[loser] == 0
                eligible = self.battle >= 2 or self.sixteen_in_battle1
                if self.skunk and eligible:
                    self.chooser = winner
                    self.phase = "sixteen"
                    return
                if self.early_stop:
                    self._end_battle()
                    return
        if self.trick_no > 10:
            self._end_battle()

    def _check_sixteen(self):
        other = ALLIES if self.sixteen_side == NAPOLEON else NAPOLEON
        if self.honours[other] > 0:
            self.sixteen_result = "failure"
            self._end_battle()
        elif self.honours[self.sixteen_side] == 16:
            self.sixteen_result = "success"
            self._end_battle()
        elif self.trick_no > 10:
            raise AssertionError("sixteen undecided after 10 tricks (impossible)")
        else:
            self.phase = "play"

    def _continue_after_decision(self):
        self._check_sixteen()

    def _end_battle(self):
        value = table_value(self.battle, self.decided, self.skunk, self.sixteen_result)
        self.scores.append(player_scores(value, self.napoleon_side(), self.n, self.zero_sum))
        if self.sixteen_result == "failure" or self.decided == ALLIES or self.battle == 3:
            self._end_round()
        else:
            self.battle += 1
            self.phase = "deal"

    def _end_round(self):
        self.round_index += 1
        self.battle = 1
        self.ace_holder = None
        self.other_member = None
        if self.round_index >= self.rounds:
            self.phase = "over"
            return
        self.dealer_pos = (self.dealer_pos + 1) % self.n
        self.phase = "deal"
