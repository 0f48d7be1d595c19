"""Gogyō Sōkoku (五行相克) for RL: the observation, the cards played this deal and the voids shown, and the index.

The observation hides captured zero cards (ruling K1) but every card was played face up, so a seat's history shows
them: this encoder remembers every card played this deal and the suits each seat has shown it lacks (it did not
follow the lead — trick 1's lead is the starting card's suit, gogyo.md "A deal" 4).
"""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..core import Seen
from ..games.gogyo_sokoku import DEALS_PER_GAME, PLAYERS, TRICKS_PER_DEAL, GogyoObservation, GogyoSokoku
from ..tricks import Play
from .spec import (
    CARD_OF_TEXT,
    SUIT_INDEX,
    SUIT_LABELS,
    Layout,
    Span,
    card_mask,
    mask_of,
    one_hot,
    seat_labels,
    spans_of,
)
from .spec import Encoder as BaseEncoder

MODES = ("single", "double")


def layout(game: GogyoSokoku) -> Layout:
    seats = seat_labels(PLAYERS)
    out = Layout(game.deck())
    out.cards("hand", "my hand")
    for k, who in enumerate(seats):
        out.cards(f"trick[{who}]", f"the card seat {who} played to the trick on the table" if k else "my card there")
    out.cards("last_trick", "the trick just completed, still in view until the next lead (K2)")
    out.cards("starting_card", "the starting card 開始札 (trick 1's lead, never wins)")
    out.cards("other_table_card", "the other table card")
    out.cards("played", "every card played this deal (the history: zero cards are captured face down)")
    for who in seats:
        out.cards(f"point_cards[{who}]", f"the point cards seat {who} has captured (face up)")
    out.flags("lead", "the suit to follow", SUIT_LABELS)
    out.flags("mode", "partnership: single (パートナー1人戦) or double (パートナー2人戦)", MODES)
    out.flags("partners", "my partners (one-way)", seats)
    out.flags("partner_of", "the seats whose partner I am", seats)
    out.flags("table_taker", "who took the table cards (trick 1's winner)", seats)
    out.flags("last_winner", "who won the trick just completed", seats)
    out.flags("to_act", "the seat to play", seats)
    out.flags("dealer", "the dealer", seats)
    out.flags("deal", "the deal being played", [str(d + 1) for d in range(DEALS_PER_GAME)])
    out.flags("voids", "suits each seat has shown it lacks this deal", [f"{w}:{s}" for w in seats for s in SUIT_LABELS])
    out.numbers("trick_number", "the trick being played (÷ 10)", ["trick"], TRICKS_PER_DEAL)
    out.numbers("hand_sizes", "cards in each hand (÷ 10)", seats, 10)
    out.numbers("points", "points each seat has captured (÷ 20)", seats, 20)
    out.numbers("captured_counts", "cards each seat has captured (÷ 52)", seats, 52)
    out.numbers("tricks_won", "tricks each seat has won (÷ 10)", seats, 10)
    out.numbers("scores_now", "each seat's score if the deal ended now (÷ 12)", seats, 12)
    out.numbers("totals", "each seat's total score (÷ 60)", seats, 60)
    return out


def action_texts(game: GogyoSokoku) -> tuple[list[str], list[Span]]:
    deck = C.sorted_cards(game.deck())
    return spans_of([("`play C`", "C in canonical card order (♠ ♥ ♦ ♣, A high first)", [str(Play(c)) for c in deck])])


class Encoder(BaseEncoder):
    """The observation, with the cards played and the voids gathered from the history."""

    uses_history = True

    def __init__(self, game: GogyoSokoku, layout: Layout, seat: int, shared: Any = None) -> None:
        super().__init__(game, layout, seat)
        self._new_deal()

    def _new_deal(self) -> None:
        self.played = 0
        self.plays = 0  # plays this deal
        self.first_trick: list[tuple[int, int]] = []  # its lead is the starting card's, read from the observation
        self.lead = -1
        self.voids = 0  # 4 flags per absolute seat

    def see(self, seen: Seen) -> None:
        if seen.actor == "deal":
            self._new_deal()
            return
        actor = seen.actor
        assert isinstance(actor, int)
        card = CARD_OF_TEXT[seen.text.split()[1]]
        self.played |= 1 << card
        if self.plays < PLAYERS:
            self.first_trick.append((actor, card))
        elif self.plays % PLAYERS == 0:
            self.lead = C.suit_of(card)
        elif C.suit_of(card) != self.lead:
            self.voids |= 1 << (4 * actor + self.lead)  # gogyo.md "A deal" 5: must follow
        self.plays += 1

    def values(self, obs: GogyoObservation) -> list[Any]:
        n, me = self.n, self.seat
        voids = self.voids
        if obs.starting_card is not None:
            lead = C.suit_of(CARD_OF_TEXT[obs.starting_card])  # gogyo.md "A deal" 4: the starting card leads
            for actor, card in self.first_trick:
                if C.suit_of(card) != lead:
                    voids |= 1 << (4 * actor + lead)
        trick = [0] * n
        for s, c in obs.trick:
            trick[(s - me) % n] = 1 << CARD_OF_TEXT[c]
        partner_of = [s for s, ps in enumerate(obs.partner_map) if me in ps]
        mode = obs.mode
        assert obs.hand is not None
        return [
            mask_of(obs.hand),
            *trick,
            card_mask(c for _, c in obs.last_trick),
            0 if obs.starting_card is None else 1 << CARD_OF_TEXT[obs.starting_card],
            0 if obs.other_table_card is None else 1 << CARD_OF_TEXT[obs.other_table_card],
            self.played,
            *(mask_of(cs) for cs in self.by_seat(obs.point_cards)),
            0 if obs.lead_suit is None else 1 << SUIT_INDEX[obs.lead_suit],
            0 if mode is None else 1 << MODES.index(mode),
            self.seat_bits(obs.partners),
            self.seat_bits(partner_of),
            0 if obs.table_taker is None else self.seat_bits((obs.table_taker,)),
            0 if obs.last_winner is None else self.seat_bits((obs.last_winner,)),
            self.seat_bits(obs.to_act),
            self.seat_bits((obs.dealer,)),
            one_hot(obs.deal_number - 1),
            sum(((voids >> 4 * s) & 15) << 4 * ((s - me) % n) for s in range(n)),
            (obs.trick_number,),
            self.by_seat(obs.hand_sizes),
            self.by_seat(obs.points),
            self.by_seat(obs.captured_counts),
            self.by_seat(obs.tricks_won),
            self.by_seat(obs.scores_now),
            self.by_seat(obs.totals),
        ]
