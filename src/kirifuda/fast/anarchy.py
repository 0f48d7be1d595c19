"""A lean, mutable engine for the Anarchy family (bulk random play, perft, the bots' rollouts), checked
against the pure one.

Same rules as :mod:`kirifuda.games.anarchy` (../shared/rules/anarchy.md, rulings P1–P5 and KA1–KA11), for
all three ids — ``anarchy``, ``anarchy-bomb``, ``organised-chaos`` — and every option. This module trades the
pure engine's immutable states and typed actions for a :class:`Position` changed in place: hands, piles and
captures are the same card bitmasks (a second copy is ``card | COPY``), a seat's card names are kept as a
list in canonical order, and an action is an index into the seat's legal actions.

Legal actions are numbered exactly as the pure engine's ``legal_actions`` lists them (cards ♠ ♥ ♦ ♣, A to 2,
the Joker last; bids in the bid table's order; passes in the order of ``itertools.combinations`` over the
hand's card names), and the seat to act is always the lowest seat the pure engine awaits — the order in
which ``kirifuda simulate`` asks them. So an index drawn by ``rng.choice`` there is the same action here,
and with the same ``random.Random`` both engines play the same game (tests/test_fast_anarchy.py checks it
decision by decision, and by perft counts from fixed deals).

Besides whole random games (:class:`FastAnarchy`), a :class:`Position` can be built from any pure state
(:meth:`Position.from_state`) and driven card by card (:meth:`Position.choose`, :meth:`Position.reveal`):
that is the bots' rollout path (``kirifuda.bots.anarchy``).
"""

from __future__ import annotations

import random
from functools import cache, lru_cache
from itertools import combinations
from typing import TypeGuard

from .. import cards as C
from ..cards import COPY, JOKER
from ..core import Game, ScoreLine, chance_rng, evolve
from ..games.anarchy import (
    BID,
    DEAL,
    NO_CARD,
    NOBODY,
    OVER,
    PASS,
    PASS_SIZE,
    PLAY,
    AnarchyFamily,
    AnarchyState,
    LastTrick,
    _name_copies,
    anarchy_bid_score,
    bomb_deal_score,
    capture,
)

RANKS_HIGH_FIRST = tuple(range(C.ACE, -1, -1))
SUIT_OF = tuple((c >> 4) & 3 for c in range(1 << 8))
"""``SUIT_OF[card]`` for every card int, second copies included (the Joker's entry is never used)."""
LOW = (1 << COPY) - 1


@cache
def suit_names(suit: int, ranks: int) -> tuple[int, ...]:
    """The card names of a suit's rank mask, A first (canonical order)."""
    return tuple(suit * 16 + r for r in RANKS_HIGH_FIRST if ranks >> r & 1)


def names_of(hand: int) -> list[int]:
    """A hand's distinct card names (second copies folded) in canonical order, the Joker last: the pure
    engine's play order (``_plays``)."""
    folded = (hand & LOW) | (hand >> COPY)
    out: list[int] = []
    for suit in range(4):
        ranks = (folded >> (16 * suit)) & C.RANK_MASK
        if ranks:
            out.extend(suit_names(suit, ranks))
    if folded >> JOKER & 1:
        out.append(JOKER)
    return out


@cache
def triples(size: int) -> tuple[tuple[int, int, int], ...]:
    """Index triples of ``combinations(range(size), 3)``, in its order."""
    return tuple(combinations(range(size), PASS_SIZE))  # type: ignore[arg-type]


class Position:
    """A game of the family at one moment, mutable (see the module docstring). Field names follow
    :class:`~kirifuda.games.anarchy.AnarchyState`; ``names`` are each seat's card names in canonical order (during
    Organised Chaos's pass they are not kept: the exchange makes them, and the passes are listed from the hands);
    ``used`` each seat's bids in earlier deals (Organised Chaos: each once, §3)."""

    __slots__ = (
        "game",
        "n",
        "phase",
        "dealer",
        "turn",
        "hands",
        "names",
        "given",
        "received",
        "bids",
        "chosen",
        "taken",
        "dummy",
        "rest",
        "spare",
        "wild_to",
        "tricks_done",
        "bid_history",
        "scores",
        "lines",
        "last",
        "revealed",
        "_gives",
        "_blank",
        "_copies",
        "keep_lines",
    )

    def __init__(self, game: AnarchyFamily) -> None:
        self.game = game
        self.n = n = game.n
        self.phase = DEAL
        self.dealer = game.options.first_dealer
        self.turn = NOBODY
        self.hands = [0] * n
        self.names: list[list[int]] = [[] for _ in range(n)]
        self.given = [0] * n
        self.received = [0] * n
        self.bids: list[str | None] = [None] * n
        self.chosen = [NO_CARD] * n
        self.taken = [0] * game.places
        self.dummy: list[int] = []
        self.rest: list[int] = []
        self.spare = NO_CARD
        self.wild_to = NOBODY
        self.tricks_done = 0
        self.bid_history: list[tuple[str, ...]] = []
        self.scores: list[tuple[int, ...]] = []
        self.lines: tuple[tuple[ScoreLine, ...], ...] = ()  # the score lines of completed deals (a shared tuple)
        self.last: LastTrick | None = None
        self.revealed: tuple[list[int], list[int], int, tuple[int, ...]] | None = None
        """The last trick as revealed (cards, receivers, bomb seat, turn-up taken); ``last`` is built from it
        only when a state is asked for."""
        self._gives: tuple[int, list[tuple[int, ...]]] | None = None  # (seat, its passes) while it is asked
        self._blank, self._copies = _constants(game)
        self.keep_lines = True
        """Whether a deal's end writes its score lines (a rollout, which reads only the scores, turns it off)."""

    # --- conversion ---------------------------------------------------------------------------
    @classmethod
    def from_state(cls, game: AnarchyFamily, state: AnarchyState) -> Position:
        p = cls.__new__(cls)  # every field is set here (the bots' search makes one per iteration)
        p.game, p.n = game, game.n
        p._gives, p.keep_lines = None, True
        p._blank, p._copies = _constants(game)
        p.phase, p.dealer, p.turn = state.phase, state.dealer, state.turn
        p.hands = list(state.hands)
        p.names = [names_of(h) for h in state.hands] if state.phase != PASS else [[] for _ in state.hands]
        p.given, p.received = list(state.given), list(state.received)
        p.bids, p.chosen, p.taken = list(state.bids), list(state.chosen), list(state.taken)
        p.dummy, p.rest = list(state.dummy), list(state.rest)
        p.spare, p.wild_to, p.tricks_done = state.spare, state.wild_to, state.tricks_done
        p.bid_history, p.scores, p.lines = list(state.bid_history), list(state.scores), state.lines
        p.last, p.revealed = state.last, None
        return p

    def to_state(self) -> AnarchyState:
        return AnarchyState(
            phase=self.phase,
            dealer=self.dealer,
            turn=self.turn,
            hands=tuple(self.hands),
            given=tuple(self.given),
            received=tuple(self.received),
            bids=tuple(self.bids),
            chosen=tuple(self.chosen),
            taken=tuple(self.taken),
            dummy=tuple(self.dummy),
            rest=tuple(self.rest),
            spare=self.spare,
            wild_to=self.wild_to,
            tricks_done=self.tricks_done,
            last=self.last_trick(),
            bid_history=tuple(self.bid_history),
            scores=tuple(self.scores),
            lines=self.lines,
        )

    def last_trick(self) -> LastTrick | None:
        if self.revealed is not None:
            cards, receivers, bomb_seat, turnup = self.revealed
            self.last = LastTrick(tuple(zip(range(len(cards)), cards, receivers, strict=True)), bomb_seat, turnup)
            self.revealed = None
        return self.last

    def copy(self) -> Position:
        p = Position.__new__(Position)
        p.game, p.n, p.phase, p.dealer, p.turn = self.game, self.n, self.phase, self.dealer, self.turn
        p.hands = self.hands[:]
        p.names = [list(x) for x in self.names]
        p.given, p.received = self.given[:], self.received[:]
        p.bids, p.chosen, p.taken = self.bids[:], self.chosen[:], self.taken[:]
        p.dummy, p.rest = self.dummy[:], self.rest[:]
        p.spare, p.wild_to, p.tricks_done = self.spare, self.wild_to, self.tricks_done
        p.bid_history, p.scores, p.lines = self.bid_history[:], self.scores[:], self.lines
        p.last, p.revealed = self.last, self.revealed
        p._gives, p._blank, p._copies, p.keep_lines = None, self._blank, self._copies, self.keep_lines
        return p

    # --- dealing ------------------------------------------------------------------------------
    def deal_seeded(self, seed: int) -> None:
        """The deal the pure engine draws for this game's next deal (``chance_rng(seed, k)``, k deals done)."""
        game = self.game
        rng = chance_rng(seed, len(self.scores))
        deal = game.random_deal(evolve(self._blank, dealer=self.dealer), rng)
        if self._copies:
            deal = _name_copies(deal)  # KA10: copy flags by position, as apply_deal gives them
        n = self.n
        self.hands = [C.mask(h) for h in deal.hands]
        self.names = [names_of(h) for h in self.hands] if not game.chaos else [[] for _ in self.hands]
        self.given, self.received = [0] * n, [0] * n
        self.bids, self.chosen = [None] * n, [NO_CARD] * n
        self.taken = [0] * game.places
        self.dummy, self.rest = list(deal.dummy), list(deal.rest)
        self.spare = deal.spare[0] if deal.spare else NO_CARD
        self.wild_to, self.tricks_done, self.last, self.revealed = NOBODY, 0, None, None
        first_bidder = (self.dealer + 1) % n  # P2: bids from the dealer's left
        self.phase = PASS if game.chaos else BID
        self.turn = NOBODY if game.chaos or game.secret_bids else first_bidder

    # --- the decision sequence ----------------------------------------------------------------
    def seat_to_act(self) -> int:
        """The lowest seat the pure engine awaits (-1: none, a deal or the end is due)."""
        phase = self.phase
        if phase == PLAY:
            chosen = self.chosen
            for s in range(self.n):
                if chosen[s] == NO_CARD:
                    return s
        elif phase == BID:
            if not self.game.secret_bids:
                return self.turn
            bids = self.bids
            for s in range(self.n):
                if bids[s] is None:
                    return s
        elif phase == PASS:
            given = self.given
            for s in range(self.n):
                if not given[s]:
                    return s
        return -1

    def bid_choices(self, seat: int) -> list[str]:
        game = self.game
        if game.chaos:
            used = {bids[seat] for bids in self.bid_history}  # §3: each bid once
            return [b for b in game.bid_names if b not in used]
        return list(game.bid_names)

    def pass_choices(self, seat: int) -> list[tuple[int, ...]]:
        """The seat's passes, as the pure engine lists them (card names; a name twice: both copies)."""
        cached = self._gives
        if cached is not None and cached[0] == seat:
            return cached[1]
        names = self._pass_names(seat)
        gives: list[tuple[int, ...]]
        if len(names) == len(set(names)):
            gives = [(names[i], names[j], names[k]) for i, j, k in triples(len(names))]
        else:
            gives = list(dict.fromkeys(combinations(names, PASS_SIZE)))
        self._gives = (seat, gives)
        return gives

    def _pass_names(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        return [c for c in names_of(hand) for copy in (c, c | COPY) if hand >> copy & 1]

    def pass_count(self, seat: int) -> int:
        names = self._pass_names(seat)
        if len(names) == len(set(names)):
            size = len(names)
            return size * (size - 1) * (size - 2) // 6
        return len(self.pass_choices(seat))

    def pass_at(self, seat: int, k: int) -> tuple[int, ...]:
        """The seat's ``k``-th pass, without listing them all where no name is held twice."""
        names = self._pass_names(seat)
        if len(names) == len(set(names)):
            i, j, m = triples(len(names))[k]
            return (names[i], names[j], names[m])
        return self.pass_choices(seat)[k]

    def count(self) -> int:
        """How many legal actions the seat to act has (0: none to act)."""
        seat = self.seat_to_act()
        if seat < 0:
            return 0
        phase = self.phase
        if phase == PLAY:
            return len(self.names[seat])
        if phase == BID:
            return len(self.bid_choices(seat))
        return len(self.pass_choices(seat))

    def texts(self) -> list[str]:
        """The legal actions' record texts, in order (tests compare them with the pure engine's)."""
        seat = self.seat_to_act()
        if seat < 0:
            return []
        if self.phase == PLAY:
            return ["play " + C.text(c) for c in self.names[seat]]
        if self.phase == BID:
            return ["bid " + b for b in self.bid_choices(seat)]
        return ["give " + " ".join(C.text(c) for c in g) for g in self.pass_choices(seat)]

    def play(self, k: int) -> None:
        """The seat to act takes its ``k``-th legal action."""
        seat = self.seat_to_act()
        phase = self.phase
        if phase == PLAY:
            self.choose(seat, self.names[seat][k])
            if NO_CARD not in self.chosen:
                self.reveal()
        elif phase == BID:
            self.bid(seat, self.bid_choices(seat)[k])
        else:
            self.give(seat, self.pass_choices(seat)[k])

    # --- mechanics ----------------------------------------------------------------------------
    def choose(self, seat: int, name: int) -> None:
        """``seat`` lays the card ``name`` face down for this trick (KA3, KA10: the first copy held)."""
        hand = self.hands[seat]
        actual = name if hand >> name & 1 else name | COPY
        hand ^= 1 << actual
        self.hands[seat] = hand
        self.chosen[seat] = actual
        if not (hand >> name & 1 or (name != JOKER and hand >> (name | COPY) & 1)):
            self.names[seat].remove(name)

    def bid(self, seat: int, name: str) -> None:
        bids = self.bids
        bids[seat] = name
        if None in bids:
            self.turn = NOBODY if self.game.secret_bids else (seat + 1) % self.n  # P2
        else:
            self.phase, self.turn = PLAY, NOBODY  # KA2: the turn-up is face up from here

    def give(self, seat: int, cards: tuple[int, ...]) -> None:
        hand = self.hands[seat]
        given = 0
        for name in cards:
            left = hand & ~given
            given |= 1 << (name if left >> name & 1 else name | COPY)
        self.hands[seat] = hand & ~given
        self.given[seat] = given
        self._gives = None
        if 0 not in self.given:
            self._exchange()

    def _exchange(self) -> None:
        """§3 / KA4 / KA11, as the pure ``_exchange``."""
        game, n = self.game, self.n
        dealer = self.dealer
        dealers_left = (dealer + 1) % n
        dummy_passes = game.has_dummy and getattr(game.options, "dummy_passes", False)
        hands, gifts = self.hands, self.given
        received = [0] * n
        for s in range(n):
            if dummy_passes and s == dealer:
                continue
            to = (s + 1) % n
            hands[to] |= gifts[s]
            received[to] = gifts[s]
        if dummy_passes:
            from_dummy = C.mask(self.dummy[:PASS_SIZE])
            self.dummy = self.dummy[PASS_SIZE:] + C.sorted_cards(C.cards_in(gifts[dealer]))
            hands[dealers_left] |= from_dummy
            received[dealers_left] = from_dummy
        self.received = received
        self.names = [names_of(h) for h in hands]
        self.phase, self.turn = BID, dealers_left

    def reveal(self) -> None:
        """Every seat has chosen: turn the cards up together and capture (the pure ``_reveal``)."""
        game, n = self.game, self.n
        chosen = self.chosen
        cards = chosen[:]
        taken = self.taken
        bomb_seat = NOBODY
        if game.bomb and JOKER in cards:
            bomb_seat = cards.index(JOKER)  # §2 "The bomb": the spare is the Anarchist's card
            cards[bomb_seat] = self.spare
            self.spare = NO_CARD
        if game.has_dummy:
            cards.append(self.dummy.pop(0))  # §2: the dummy's top card is the fourth
        receivers = capture(cards, not game.original, bomb_seat != NOBODY)
        for card, r in zip(cards, receivers, strict=True):
            taken[r] |= 1 << card  # places: seats, then the dummy (place n)
        if bomb_seat != NOBODY and game.bomb_wild:
            taker = receivers[bomb_seat]
            self.wild_to = taker if taker < n else NOBODY  # KA6
        turnup: tuple[int, ...] = ()
        rest = self.rest
        if game.original and rest:
            suit = SUIT_OF[rest[0]]
            of_suit = [i for i, c in enumerate(cards) if SUIT_OF[c] == suit]
            if len(of_suit) >= (2 if getattr(game.options, "turnup", "any") == "contested" else 1):  # P1
                winner = max(of_suit, key=lambda i: cards[i] & 15)
                taken[winner] |= 1 << rest[0]
                turnup = (rest.pop(0), winner)
        self.revealed = (cards, receivers, bomb_seat, turnup)
        self.chosen = [NO_CARD] * n
        self.tricks_done += 1
        if self.tricks_done == game.hand_size:
            self.end_deal()

    def deal_score(self) -> tuple[int, ...]:
        """What each seat's bid scores with its cards taken so far (the deal score at the end)."""
        game = self.game
        taken, bids = self.taken, self.bids
        if game.original:  # KA8
            return tuple(anarchy_bid_score(bids[s], taken[s], game.hand_size) for s in range(self.n))  # type: ignore[arg-type]
        size, wild = game.hand_size, self.wild_to
        return tuple(bomb_deal_score(bids[s], taken[s], size, wild == s) for s in range(self.n))  # type: ignore[arg-type]

    def end_deal(self, scores: tuple[int, ...] | None = None) -> None:
        """The deal is over: its scores (``scores`` where the caller has reckoned :meth:`deal_score` already)."""
        game = self.game
        self.scores.append(self.deal_score() if scores is None else scores)
        if self.keep_lines:
            self.lines += (game.deal_lines(self.bids, self.taken, self.wild_to),)  # type: ignore[arg-type]
        self.bid_history.append(tuple(self.bids))  # type: ignore[arg-type]
        if len(self.scores) == game.total_deals:
            self.phase = OVER
        else:
            self.phase = DEAL
            self.dealer = (self.dealer + 1) % self.n  # the deal passes clockwise


@lru_cache(maxsize=32)
def _constants(game: AnarchyFamily) -> tuple[AnarchyState, bool]:
    """A game's empty state (the template of its deals) and whether its deck has second copies (KA10)."""
    return game.initial(), any(c & COPY for c in game.deck())


def supports(game: object) -> TypeGuard[AnarchyFamily]:
    """Every game id and option of the family is implemented here."""
    return isinstance(game, AnarchyFamily)


class FastAnarchy:
    """Random play of whole games at speed; ``engine_for`` hands this to ``kirifuda simulate``."""

    def __init__(self, game: AnarchyFamily) -> None:
        self.game = game

    def position(self) -> Position:
        return Position(self.game)

    def play_random_game(
        self, seed: int, rng: random.Random, trace: list[tuple[int, int]] | None = None
    ) -> tuple[tuple[tuple[int, ...], ...], int]:
        """One whole game of uniformly random legal play: deal ``k`` is the pure engine's ``random_deal`` with
        ``chance_rng(seed, k)``; each decision is ``rng.choice`` over the legal actions in the pure order
        (drawn as ``rng._randbelow(count)``, which is what ``choice`` does). ``trace`` collects each decision's
        (count, index). Returns (deal scores, number of player decisions)."""
        randbelow = rng._randbelow  # type: ignore[attr-defined]
        p = Position(self.game)
        n = p.n
        decisions = 0
        while p.phase != OVER:
            p.deal_seeded(seed)
            while p.phase == PASS:
                for s in range(n):
                    count = p.pass_count(s)
                    k = randbelow(count)
                    if trace is not None:
                        trace.append((count, k))
                    p.give(s, p.pass_at(s, k))
                    decisions += 1
            while p.phase == BID:
                s = p.seat_to_act()
                bids = p.bid_choices(s)
                k = randbelow(len(bids))
                if trace is not None:
                    trace.append((len(bids), k))
                p.bid(s, bids[k])
                decisions += 1
            names, hands, copies = p.names, p.hands, p._copies
            while p.phase == PLAY:
                chosen = p.chosen
                for s in range(n):
                    held = names[s]
                    k = randbelow(len(held))
                    if trace is not None:
                        trace.append((len(held), k))
                    # Position.choose, inlined: the first copy held (KA10)
                    name = held[k]
                    hand = hands[s]
                    actual = name if hand >> name & 1 else name | COPY
                    hand ^= 1 << actual
                    hands[s] = hand
                    chosen[s] = actual
                    if not copies or not (hand >> name & 1 or (name != JOKER and hand >> (name | COPY) & 1)):
                        del held[k]
                p.reveal()
                decisions += n
        return tuple(p.scores), decisions


def engine(game: Game) -> FastAnarchy | None:
    """The fast engine of ``game``, or None where this engine does not implement it (its id or options)."""
    return FastAnarchy(game) if supports(game) else None
