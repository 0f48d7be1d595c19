"""Jūni (十二, "twelve"): a toy trick-taker for two, registered by the tests alone (docs/adding-a-game.md).

Rules (cited below by ruling id, as a real game cites docs/rules/<game>.md):

* **J1** The deck is twelve cards: J Q K A of ♠ ♥ ♦. Each player gets six; nothing is left over.
* **J2** The player who did not deal leads the first trick; the winner of a trick leads the next.
* **J3** Must follow suit; a player without the lead suit may play any card. There are no trumps.
* **J4** The highest card of the lead suit wins the trick.
* **J5** A deal scores one point per trick won. The deal passes to the other player; the game is ``deals``
  deals (option, default 2); the higher total wins.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from kirifuda import cards as C
from kirifuda.core import (
    Action,
    Deal,
    Game,
    IllegalAction,
    NotationError,
    Observation,
    Options,
    ScoreLine,
    ScoreRule,
    deal_round,
    evolve,
    line_totals,
    option,
    parse_words,
    replace_at,
    require_cards,
    scored_lines,
)
from kirifuda.seats import Ring
from kirifuda.tricks import Play, playable, trick_winner

PLAYERS = 2
HAND_SIZE = 6
DECK = tuple(
    C.make(rank, suit) for suit in (C.SPADES, C.HEARTS, C.DIAMONDS) for rank in (C.JACK, C.QUEEN, C.KING, C.ACE)
)
"""J1: the twelve cards."""
DEAL, PLAY, OVER = "deal", "play", "over"
TRICKS_WON = ScoreRule("J5", "tricks won", "取ったトリック")
"""J5, as the score lines name it."""


@dataclass(frozen=True, kw_only=True)
class JuniOptions(Options):
    players: int = option(2, 2, doc="two players")
    deals: int = option(2, 1, 2, 4, doc="deals in a game (J5)")


@dataclass(frozen=True)
class JuniState:
    phase: str
    deal_index: int
    dealer: int
    hands: tuple[int, ...]  # card masks by seat
    trick: tuple[tuple[int, int], ...]  # (seat, card) in play order
    last_trick: tuple[tuple[int, int], ...]
    turn: int
    won: tuple[int, ...]  # tricks won this deal
    taken: int  # the cards of finished tricks (face down)
    scores: tuple[tuple[int, ...], ...]
    lines: tuple[tuple[ScoreLine, ...], ...]  # each completed deal's score lines (sum: ``scores``)


@dataclass(frozen=True)
class JuniObservation(Observation):
    """What one seat sees (besides the public fields of every observation): its hand, the trick, the last trick,
    the cards of finished tricks and the tricks won."""

    dealer: int
    hand: C.CardSet | None
    lead_suit: str | None
    trick: tuple[tuple[int, str], ...]
    last_trick: tuple[tuple[int, str], ...]
    taken: C.CardSet  # the cards of this deal's finished tricks (every play is public)
    tricks_won: tuple[int, ...]
    deal_number: int
    deals_total: int


JuniAction = Play
"""The actions of this game (what ``parse_action`` and ``legal_actions`` give)."""


class Juni(Game[JuniState, JuniAction, JuniObservation]):
    id = "juni"
    title = "Jūni"
    title_ja = "十二"
    Options = JuniOptions
    options: JuniOptions

    def __init__(self, options: JuniOptions | None = None, **values: object) -> None:
        super().__init__(options, **values)
        self.ring = Ring(PLAYERS)

    def deck(self) -> tuple[int, ...]:
        return DECK

    def initial(self) -> JuniState:
        return self._awaiting_deal(0, self.options.first_dealer, (), ())

    def _awaiting_deal(
        self, index: int, dealer: int, scores: tuple[tuple[int, ...], ...], lines: tuple[tuple[ScoreLine, ...], ...]
    ) -> JuniState:
        return JuniState(
            phase=DEAL if index < self.options.deals else OVER,
            deal_index=index,
            dealer=dealer,
            hands=(0,) * PLAYERS,
            trick=(),
            last_trick=(),
            turn=-1,
            won=(0,) * PLAYERS,
            taken=0,
            scores=scores,
            lines=lines,
        )

    def chance(self, state: JuniState) -> str | None:
        return "deal" if state.phase == DEAL else None

    def to_act(self, state: JuniState) -> frozenset[int]:
        return frozenset((state.turn,)) if state.phase == PLAY else frozenset()

    def is_over(self, state: JuniState) -> bool:
        return state.phase == OVER

    def random_deal(self, state: JuniState, rng: random.Random) -> Deal:
        hands, rest = deal_round(DECK, rng, PLAYERS, self.ring.next(state.dealer), HAND_SIZE)
        return Deal(tuple(tuple(h) for h in hands), tuple(rest))

    def check_deal(self, state: JuniState, deal: Deal) -> None:
        if state.phase != DEAL:
            raise IllegalAction("no deal is awaited now", ja="今は配札の時ではありません")
        deal.check(DECK, (HAND_SIZE,) * PLAYERS)

    def apply_deal(self, state: JuniState, deal: Deal) -> JuniState:
        self.check_deal(state, deal)
        hands = tuple(C.mask(h) for h in deal.hands)
        turn = self.ring.next(state.dealer)  # J2
        return evolve(state, phase=PLAY, hands=hands, turn=turn, last_trick=(), won=(0,) * PLAYERS, taken=0)

    def parse_action(self, text: str) -> JuniAction:
        words = parse_words(text)
        if len(words) != 2 or words[0].lower() != "play":
            raise NotationError(f"not an action of Jūni: {text!r} (write e.g. 'play AS')", ja="手が読めません")
        (card,) = require_cards(words[1:])
        if card not in DECK:
            raise NotationError(f"{C.text(card)} is not in Jūni's deck", ja="十二の札ではありません")
        return Play(card)

    def _lead_suit(self, state: JuniState) -> int | None:
        return C.suit_of(state.trick[0][1]) if state.trick else None

    def legal_actions(self, state: JuniState, seat: int) -> list[JuniAction]:
        if state.phase != PLAY or seat != state.turn:
            return []
        return [Play(c) for c in C.sorted_cards(C.cards_in(playable(state.hands[seat], self._lead_suit(state))))]

    def apply(self, state: JuniState, seat: int, action: Action | str) -> JuniState:
        self._check_turn(state, seat)
        action = self._action(action)
        if not isinstance(action, Play):
            raise IllegalAction(f"{action} is not a play", ja="カードを出してください")
        hand = state.hands[seat]
        if not hand >> action.card & 1:
            raise IllegalAction(f"{C.text(action.card)} is not in your hand", ja="その札は手札にありません")
        if not playable(hand, self._lead_suit(state)) >> action.card & 1:  # J3
            lead = C.SUIT_SYMBOLS[self._lead_suit(state) or 0]
            raise IllegalAction(f"must follow {lead}", ja=f"{lead} をフォローしなければなりません")
        hands = replace_at(state.hands, seat, hand & ~(1 << action.card))
        trick = (*state.trick, (seat, action.card))
        if len(trick) < PLAYERS:
            return evolve(state, hands=hands, trick=trick, turn=self.ring.next(seat))
        cards = [c for _, c in trick]
        winner = trick[trick_winner(cards, C.suit_of(cards[0]))][0]  # J4
        won = replace_at(state.won, winner, state.won[winner] + 1)
        taken = state.taken | C.mask(cards)
        if any(hands):
            return evolve(state, hands=hands, trick=(), last_trick=trick, turn=winner, won=won, taken=taken)
        lines = tuple(line for seat in range(PLAYERS) for line in scored_lines(seat, ((TRICKS_WON, won[seat]),)))  # J5
        scores = (*state.scores, line_totals(lines, PLAYERS))
        after = self._awaiting_deal(state.deal_index + 1, self.ring.next(state.dealer), scores, (*state.lines, lines))
        return evolve(after, last_trick=trick, won=won, taken=taken)

    def observation(self, state: JuniState, seat: int | None) -> JuniObservation:
        lead = self._lead_suit(state)
        return JuniObservation(
            seat=seat,
            phase=state.phase,
            to_act=tuple(sorted(self.to_act(state))),
            dealer=state.dealer,
            hand=None if seat is None else C.CardSet(state.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in state.hands),
            lead_suit=None if lead is None else C.SUITS[lead],
            trick=tuple((s, C.text(c)) for s, c in state.trick),
            last_trick=tuple((s, C.text(c)) for s, c in state.last_trick),
            taken=C.CardSet(state.taken),
            tricks_won=state.won,
            deal_number=min(state.deal_index + 1, self.options.deals),
            deals_total=self.options.deals,
            deal_scores=state.scores,
            totals=self.totals(state),
            deal_lines=state.lines,
        )

    def reshuffle_unseen(self, state: JuniState, seat: int | None, rng: random.Random) -> JuniState:
        others = [s for s in range(PLAYERS) if s != seat]
        hands = list(state.hands)
        for s, m in zip(others, C.shuffle_among(rng, [state.hands[s] for s in others]), strict=True):
            hands[s] = m
        return evolve(state, hands=tuple(hands))

    def all_cards(self, state: JuniState) -> list[int]:
        held = [c for h in state.hands for c in C.cards_in(h)]
        return held + [c for _, c in state.trick] + list(C.cards_in(state.taken))

    def deal_scores(self, state: JuniState) -> tuple[tuple[int, ...], ...]:
        return state.scores

    def score_lines(self, state: JuniState) -> tuple[tuple[ScoreLine, ...], ...]:
        return state.lines
