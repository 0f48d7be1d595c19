"""A lean, mutable Gonin-kan engine for bulk random play, perft and the bots' rollouts, checked against the pure one.

Same rules as :mod:`kirifuda.games.goninkan` (../shared/rules/goninkan.md, rulings K1–K6 and G1–G12 in
docs/rules/goninkan.md), every option included; this module trades the pure engine's immutable states and typed
actions for ints and lists changed in place. It reuses the pure module's seating helpers (``next_players``,
``separate_partners``, ``opener``, ``play_order``), its trump rotation and its scoring (``battle_value``), which
run once a battle, and re-implements the per-card steps.

Representation (internal only): cards are kirifuda's ints, a hand is a bitmask indexed by player id. An action
is a small int ("code"): in play a card (``JOKER`` = 64 for the Joker following) or ``JOKER_LEAD + suit`` for a
led Joker naming a suit; in a pass the card given; ``GO`` / ``COME``; a trump suit; ``DECLARE`` / ``STOP``.
:meth:`Position.choices` lists the codes in exactly the order of the pure engine's ``legal_actions`` (cards ♠ ♥
♦ ♣ high first, the Joker last), so an index drawn by ``rng.choice`` there is the same action here: with the
same seed and ``random.Random`` both engines play the same game (tests/test_fast_goninkan.py).
"""

from __future__ import annotations

import random

from .. import cards as C
from ..cards import JOKER
from ..core import Deal, Game, chance_rng
from ..games.goninkan import (
    ALL_HONOURS,
    ALLIES,
    BATTLES,
    CALL,
    DEAL,
    HAND_SIZE,
    HONOURS,
    IN_PLAY,
    NAPOLEON,
    OVER,
    PASS,
    PLAY,
    SIXTEEN,
    SWAP,
    TARGETS,
    TRICKS,
    TRUMP,
    Goninkan,
    GoninkanOptions,
    GoninkanState,
    RoundSetup,
    battle1_trump,
    battle_scores,
    battle_value,
    next_players,
    opener,
    play_order,
    separate_partners,
    trick_winner,
)

JOKER_BIT = 1 << JOKER
JOKER_LEAD = 80
"""``JOKER_LEAD + s``: the Joker led, naming suit ``s`` (K2)."""
GO, COME = 1, 0
DECLARE, STOP = 1, 0
SUIT_BITS = 0x1FFF
SUIT_CARDS = tuple(
    tuple(tuple(16 * s + r for r in range(12, -1, -1) if m >> r & 1) for m in range(1 << 13)) for s in range(4)
)
"""``SUIT_CARDS[s][m]``: the cards of suit ``s`` whose ranks are the bits of ``m``, highest first."""


def canonical(m: int) -> list[int]:
    """The cards of mask ``m`` in canonical order (♠ ♥ ♦ ♣, high first, the Joker last)."""
    out: list[int] = []
    for s in range(4):
        bits = m >> (16 * s) & SUIT_BITS
        if bits:
            out.extend(SUIT_CARDS[s][bits])
    if m & JOKER_BIT:
        out.append(JOKER)
    return out


class Rules:
    """The options of one Gonin-kan game, as the fast engine reads them."""

    __slots__ = ("n", "rounds", "joker_ban", "last_trick_joker", "early_stop", "sixteen_from", "zero_sum", "plan")

    def __init__(self, game: Goninkan) -> None:
        o = game.options
        assert isinstance(o, GoninkanOptions)
        self.n = o.players
        self.rounds = o.rounds
        self.joker_ban = o.joker_ban
        self.last_trick_joker = o.last_trick_joker
        self.early_stop = o.early_stop
        self.sixteen_from = 1 if o.sixteen_in_battle1 else 2
        self.zero_sum = o.zero_sum
        self.plan = tuple(game.pass_plan)

    @property
    def joker_forced_at_9(self) -> bool:
        return bool(self.joker_ban == "play" and self.last_trick_joker == "forbidden")


class Position:
    """A mutable Gonin-kan game (see the module docstring): ``choices`` lists the legal codes of the player to
    act, ``act`` applies one, ``play(k)`` the ``k``-th; ``deal`` and ``swap`` resolve the chance events."""

    __slots__ = (
        "rules",
        "round",
        "battle",
        "dealer",
        "seating",
        "next_player",
        "trump",
        "ace",
        "other",
        "napoleon",
        "kari_oya",
        "swap_cards",
        "seat_swap",
        "call",
        "phase",
        "turn",
        "hands",
        "trick",
        "lead",
        "tricks_done",
        "nap",
        "ally",
        "outcome",
        "skunk",
        "sixteen",
        "sixteen_result",
        "passes",
        "scores",
    )

    def __init__(self, rules: Rules, first_dealer: int = 0) -> None:
        self.rules = rules
        n = rules.n
        self.seating = list(range(n))
        self._new_round(0, first_dealer)
        self.phase = DEAL
        self.turn = -1
        self.hands = [0] * n
        self._fresh_battle()
        self.scores: list[tuple[int, ...]] = []

    def _new_round(self, round_index: int, dealer: int) -> None:
        self.round = round_index
        self.battle = 1
        self.dealer = dealer
        self.next_player = list(next_players(tuple(self.seating), dealer))
        self.trump = battle1_trump(round_index, self.rules.rounds)
        self.ace = self.other = self.kari_oya = -1
        self.napoleon = 0
        self.swap_cards: tuple[int, ...] = ()
        self.seat_swap: tuple[int, ...] = ()
        self.call = ""

    def _fresh_battle(self) -> None:
        self.trick: list[tuple[int, int]] = []
        self.lead = -1
        self.tricks_done = 0
        self.nap = self.ally = 0
        self.outcome = 0
        self.skunk = False
        self.sixteen = 0
        self.sixteen_result = 0
        self.passes = 0

    # --- to and from the pure engine -----------------------------------------------------------------

    @classmethod
    def from_state(cls, rules: Rules, state: GoninkanState) -> Position:
        p = cls.__new__(cls)
        p.rules = rules
        setup = state.setup
        p.round, p.battle, p.dealer = setup.round, setup.battle, setup.dealer
        p.seating = list(setup.seating)
        p.next_player = list(setup.next_player)
        p.trump, p.ace, p.other = setup.trump, setup.ace, setup.other
        p.napoleon, p.kari_oya = setup.napoleon, setup.kari_oya
        p.swap_cards, p.seat_swap, p.call = setup.swap, setup.seat_swap, setup.call
        p.phase, p.turn = state.phase, state.turn
        p.hands = list(state.hands)
        p.trick = list(state.trick)
        p.lead = state.lead
        p.tricks_done = len(state.history)
        p.nap, p.ally = state.napoleon_honours, state.ally_honours
        p.outcome, p.skunk = state.outcome, state.skunk
        p.sixteen, p.sixteen_result = state.sixteen, state.sixteen_result
        p.passes = len(state.passes)
        p.scores = list(state.scores)
        return p

    def setup(self) -> RoundSetup:
        return RoundSetup(
            round=self.round,
            battle=self.battle,
            dealer=self.dealer,
            seating=tuple(self.seating),
            next_player=tuple(self.next_player),
            trump=self.trump,
            ace=self.ace,
            other=self.other,
            napoleon=self.napoleon,
            kari_oya=self.kari_oya,
            swap=self.swap_cards,
            seat_swap=self.seat_swap,
            call=self.call,
        )

    def copy(self) -> Position:
        p = Position.__new__(Position)
        for name in Position.__slots__:
            setattr(p, name, getattr(self, name))
        p.seating = self.seating[:]
        p.next_player = self.next_player[:]
        p.hands = self.hands[:]
        p.trick = self.trick[:]
        p.scores = self.scores[:]
        return p

    # --- chance ----------------------------------------------------------------------------------

    def deal(self, hands: list[int]) -> None:
        """Apply a deal (hand masks by player id): the pure ``apply_deal``."""
        assert self.phase == DEAL
        self.hands = list(hands)
        self._fresh_battle()
        if self.battle > 1:
            # rules §Battles 2 and 3: the passes first (K5: the plan says who gives)
            self.trump, self.call = -1, ""
            self.phase = PASS
            self.turn = self.ace if self.rules.plan[0] == "ace" else self.other
            return
        # rules §Battle 1 1: the Joker and trump-Ace holders are the pair; 3: a double holder (仮親)
        ace_card = C.make(C.ACE, self.trump)
        ace = next(p for p in range(self.rules.n) if hands[p] >> ace_card & 1)
        joker = next(p for p in range(self.rules.n) if hands[p] & JOKER_BIT)
        if ace == joker:
            partner = self.next_player[self.next_player[ace]]
            self.ace, self.other, self.kari_oya = ace, partner, ace
            self.napoleon = self._team(ace, partner)
            self.phase, self.turn = SWAP, -1
            return
        self.ace, self.other = ace, joker
        self.napoleon = self._team(ace, joker)
        self._seat_and_call()

    def deal_from(self, deal: Deal) -> None:
        self.deal([C.mask(h) for h in deal.hands])

    def deal_seeded(self, seed: int, index: int) -> None:
        """The deal of chance event ``index`` of a game with ``seed``: the pure ``random_deal`` (G3)."""
        pack = list(C.DECK_GONINKAN_50)
        chance_rng(seed, index).shuffle(pack)
        order = play_order(self.setup())
        hands = [0] * self.rules.n
        for k, card in enumerate(pack):
            hands[order[k % IN_PLAY]] |= 1 << card
        self.deal(hands)

    def swap_seeded(self, seed: int, index: int) -> None:
        """The blind swap of chance event ``index``: the pure ``random_chance`` then ``apply_chance``."""
        rng = chance_rng(seed, index)
        card = rng.choice(canonical(self.hands[self.other]))
        power = rng.choice((JOKER, C.make(C.ACE, self.trump)))
        self.swap(card, power)

    def swap(self, card: int, power: int) -> None:
        """rules §Battle 1 3: the partner's ``card`` and the power card ``power`` change hands."""
        assert self.phase == SWAP
        hands = self.hands
        hands[self.ace] = hands[self.ace] & ~(1 << power) | 1 << card
        hands[self.other] = hands[self.other] & ~(1 << card) | 1 << power
        self.swap_cards = (card, power)
        self._seat_and_call()

    def _team(self, a: int, b: int) -> int:
        team = 1 << a | 1 << b
        if self.rules.n > IN_PLAY:
            team |= 1 << self.seating[self.dealer]  # the 6-player dealer scores with Napoleon
        return team

    def _seat_and_call(self) -> None:
        seating, moved = separate_partners(tuple(self.seating), self.dealer, self.ace, self.other)  # G4
        if moved:
            self.seating = list(seating)
            self.next_player = list(next_players(seating, self.dealer))
            self.seat_swap = moved
        self.phase = CALL
        self.turn = opener(self.setup())

    # --- decisions ---------------------------------------------------------------------------------

    def playable(self) -> tuple[int, bool]:
        """The non-Joker cards the player to act may play, and whether the Joker may be played (K1, G5, G12)."""
        hand = self.hands[self.turn]
        plain = hand & ~JOKER_BIT
        if self.trick:
            follow = plain & C.SUIT_MASKS[self.lead]
            cards = follow if follow else plain
        else:
            cards = plain
        if not hand & JOKER_BIT:
            return cards, False
        index = self.tricks_done
        rules = self.rules
        if index == 0:
            allowed = rules.joker_ban == "lead" and bool(self.trick)
        elif index == TRICKS - 1:
            allowed = rules.last_trick_joker == "weakest" or rules.joker_ban == "lead"
        else:
            allowed = True
        if not allowed:
            return cards, False
        if index == TRICKS - 2 and rules.joker_ban == "play" and rules.last_trick_joker == "forbidden":
            return 0, True  # a holder who still has it at trick 9 must play it then
        return cards, True

    def choices(self) -> list[int]:
        """The legal codes of the player to act, in the pure engine's order."""
        phase = self.phase
        if phase == PLAY:
            cards, joker = self.playable()
            out = canonical(cards)
            if joker:
                if self.trick:
                    out.append(JOKER)
                else:
                    out.extend((JOKER_LEAD, JOKER_LEAD + 1, JOKER_LEAD + 2, JOKER_LEAD + 3))
            return out
        if phase == PASS:
            return canonical(self.hands[self.turn])
        if phase == CALL:
            return [GO, COME]
        if phase == TRUMP:
            return [0, 1, 2, 3]
        if phase == SIXTEEN:
            return [DECLARE, STOP]
        return []

    def count(self) -> int:
        return len(self.choices()) if self.phase in (PLAY, PASS, CALL, TRUMP, SIXTEEN) else 0

    def texts(self) -> list[str]:
        """The pure engine's texts of :meth:`choices`."""
        phase = self.phase
        out = []
        for code in self.choices():
            if phase == PLAY:
                out.append(f"play JK:{C.SUITS[code - JOKER_LEAD]}" if code >= JOKER_LEAD else f"play {C.text(code)}")
            elif phase == PASS:
                out.append(f"give {C.text(code)}")
            elif phase == CALL:
                out.append("go" if code == GO else "come")
            elif phase == TRUMP:
                out.append(f"trump {C.SUITS[code]}")
            else:
                out.append("sixteen" if code == DECLARE else "stop")
        return out

    def play(self, k: int) -> None:
        self.act(self.choices()[k])

    def act(self, code: int) -> None:
        """Apply the legal code ``code`` of the player to act (not checked: the callers choose among
        :meth:`choices`)."""
        phase = self.phase
        if phase == PLAY:
            self.play_card(code)
        elif phase == PASS:
            self.give(code)
        elif phase == CALL:
            partner = self.other if self.turn == self.ace else self.ace
            self.call = "go" if code == GO else "come"
            self.phase = PLAY
            if code != GO:
                self.turn = partner
        elif phase == TRUMP:
            self.trump = code  # G6: any suit
            self.phase = CALL
            self.turn = opener(self.setup())
        else:
            self.phase = PLAY
            self.sixteen = self.outcome if code == DECLARE else 0
            if code != DECLARE and self.rules.early_stop:
                self._end_battle()

    def give(self, card: int) -> None:
        seat = self.turn
        receiver = self.other if seat == self.ace else self.ace
        self.hands[seat] &= ~(1 << card)
        self.hands[receiver] |= 1 << card
        self.passes += 1
        plan = self.rules.plan
        if self.passes < len(plan):
            self.turn = self.ace if plan[self.passes] == "ace" else self.other
        else:
            self.phase, self.turn = TRUMP, self.other  # the player who did not hold the Ace declares trump

    def play_card(self, code: int) -> None:
        seat = self.turn
        if code >= JOKER_LEAD:
            card, lead = JOKER, code - JOKER_LEAD
        else:
            card = code
            lead = self.lead if self.trick else card >> 4
        self.hands[seat] &= ~(1 << card)
        trick = self.trick
        trick.append((seat, card))
        self.lead = lead
        if len(trick) < IN_PLAY:
            self.turn = self.next_player[seat]
            return
        self._complete_trick()

    def _complete_trick(self) -> None:
        rules = self.rules
        index = self.tricks_done
        weak = rules.last_trick_joker == "weakest" and index == TRICKS - 1
        winner = trick_winner(self.trick, self.lead, self.trump, weak)
        count = 0
        for _, card in self.trick:
            if HONOURS >> card & 1:
                count += 1
        if self.napoleon >> winner & 1:
            self.nap += count
        else:
            self.ally += count
        self.tricks_done = index + 1
        self.trick = []
        self.lead = -1
        self.turn = winner
        ask = False
        target = TARGETS[self.battle]
        if not self.outcome:
            if self.nap >= target:
                self.outcome, self.skunk = NAPOLEON, self.ally == 0
            elif self.ally >= ALL_HONOURS + 1 - target:
                self.outcome, self.skunk = ALLIES, self.nap == 0
            ask = self.skunk and self.battle >= rules.sixteen_from and index + 1 < TRICKS  # G8
        elif self.sixteen and not self.sixteen_result:
            own, theirs = (self.nap, self.ally) if self.sixteen == NAPOLEON else (self.ally, self.nap)
            if theirs:
                self.sixteen_result = -1
            elif own == ALL_HONOURS:
                self.sixteen_result = 1
        if ask:
            self.phase = SIXTEEN
            return
        if (
            index + 1 == TRICKS
            or (self.sixteen and self.sixteen_result)
            or (rules.early_stop and self.outcome and not self.sixteen)
        ):
            self._end_battle()

    def battle_scores(self) -> tuple[int, ...]:
        """The scores of the battle just decided (rules §Scoring, G9, G10), by player id."""
        value = battle_value(
            battle=self.battle,
            outcome=self.outcome,
            skunk=self.skunk,
            sixteen=self.sixteen,
            sixteen_result=self.sixteen_result,
        )
        return battle_scores(self.napoleon, value, players=self.rules.n, zero_sum=self.rules.zero_sum)

    def _end_battle(self) -> None:
        self.scores.append(self.battle_scores())
        self.turn = -1
        if self.outcome == NAPOLEON and self.sixteen_result >= 0 and self.battle < BATTLES:
            self.battle += 1  # rules §Battles 2 and 3: only after a Napoleon win
            self.trump, self.call = -1, ""
            self.phase = DEAL
            return
        round_index = self.round + 1
        if round_index == self.rules.rounds:
            self.phase = OVER
            return
        self._new_round(round_index, (self.dealer + 1) % self.rules.n)
        self.phase = DEAL


class FastGoninkan:
    """Random play of whole Gonin-kan games at speed; ``engine_for`` hands this to ``kirifuda simulate``."""

    def __init__(self, game: Goninkan) -> None:
        self.game = game
        self.rules = Rules(game)
        self.first_dealer = game.options.first_dealer

    def position(self) -> Position:
        return Position(self.rules, self.first_dealer)

    def play_random_game(self, seed: int, rng: random.Random) -> tuple[tuple[tuple[int, ...], ...], int]:
        """One whole game of uniformly random legal play: chance event ``k`` (deals and blind swaps, in order)
        is the pure engine's with ``chance_rng(seed, k)``; each decision is ``rng.choice`` over the legal
        actions in canonical order, drawn as ``rng._randbelow(count)``. Returns (battle scores, decisions)."""
        randbelow = rng._randbelow  # type: ignore[attr-defined]
        position = self.position()
        chance = 0
        decisions = 0
        while True:
            phase = position.phase
            if phase == PLAY:
                options = position.choices()
                position.play_card(options[randbelow(len(options))])
            elif phase == DEAL:
                position.deal_seeded(seed, chance)
                chance += 1
                continue
            elif phase == SWAP:
                position.swap_seeded(seed, chance)
                chance += 1
                continue
            elif phase == OVER:
                return tuple(position.scores), decisions
            else:
                options = position.choices()
                position.act(options[randbelow(len(options))])
            decisions += 1


def supports(game: Goninkan) -> bool:
    """True for every Gonin-kan whose options this engine knows (all of today's) and whose pass plan is the
    default's shape; an option added to the pure game later makes this False, and the pure engine is used."""
    known = {"players", "rounds", "joker_ban", "last_trick_joker", "early_stop", "sixteen_in_battle1", "zero_sum"}
    return (
        isinstance(game, Goninkan)
        and set(game.options.to_dict()) - {"first_dealer"} == known
        and all(step in ("ace", "other") for step in game.pass_plan)
    )


__all__ = [
    "COME",
    "DECLARE",
    "GO",
    "HAND_SIZE",
    "JOKER_LEAD",
    "STOP",
    "FastGoninkan",
    "Position",
    "Rules",
    "canonical",
    "supports",
    "trick_winner",
]


def engine(game: Game) -> FastGoninkan | None:
    """The fast engine of ``game``, or None where this engine does not implement it (its id or options)."""
    return FastGoninkan(game) if isinstance(game, Goninkan) and supports(game) else None
