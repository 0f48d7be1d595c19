"""The Anarchy family (Anarchy, Anarchy Bomb, Organised Chaos) for RL: the observation and the action index.

Every card ends up face up in someone's captured pile (ruling KA5), so the observation holds all a seat can know; the
others' face-down choices show only as ``ready`` (KA3). Seats choose at once: the Parallel environment is native
(``SIMULTANEOUS``). Two copies of a card (double decks) are one name: a card field has a second slot for each name
of which the deck has two copies, set when both are in the set.

Organised Chaos's pass ``give A B C`` is indexed by the combinatorial number system: three different names at
canonical positions ``p < q < r`` get ``C(p,1) + C(q,2) + C(r,3)`` (colex order, 0 … C(52,3)−1); with 5 players a
name of which the deck has two copies may be given twice — those passes follow, by the doubled name ``d`` (its rank
among the doubled names) and the third name's position ``t`` among the other 51: ``C(52,3) + 51·d + t``.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from .. import cards as C
from ..games.anarchy import BIDS, PLAYS, AnarchyFamily, AnarchyObservation, Bid, Give
from ..tricks import Play
from .spec import CARD_OF_TEXT, SUIT_LABELS, Layout, Span, mask_of, one_hot, seat_labels, spans_of
from .spec import Encoder as BaseEncoder

SIMULTANEOUS = True
PHASES = ("pass", "bid", "play")


def layout(game: AnarchyFamily) -> Layout:
    n = game.n
    seats = seat_labels(n)
    bids = game.bid_names
    out = Layout(game.deck())
    out.cards("hand", "my hand")
    out.cards("my_choice", "my face-down choice until the reveal: the card chosen, or the three cards passed")
    for k, who in enumerate(seats):
        out.cards(f"taken[{who}]", f"the cards seat {who} has captured this deal" if k else "the cards I have captured")
    if game.has_dummy:
        out.cards("taken[dummy]", "the cards the dummy has captured")
    for who in seats:
        out.cards(f"last_trick[{who}]", f"the card seat {who} played to the last trick (the bomb: the spare)")
    if game.has_dummy:
        out.cards("last_trick[dummy]", "the dummy's card in the last trick")
    if game.original:
        out.cards("turnup", "the live turn-up card (5 players)")
    if game.bomb:
        out.cards("spare", "the face-up spare")
    if game.chaos:
        out.cards("passed", "the cards I passed")
        out.cards("received", "the cards I received")
    out.flags("phase", "the phase", PHASES)
    out.flags("to_act", "the seats still to choose", seats)
    out.flags("ready", "the seats whose face-down choice is made", seats)
    out.flags("bids", "each seat's bid, once known", [f"{w}:{b}" for w in seats for b in bids])
    out.flags("my_bid", "my bid (a secret bid before the reveal too)", bids)
    if game.chaos:
        out.flags(
            "used_bids", "the bids each seat has made in earlier deals", [f"{w}:{b}" for w in seats for b in bids]
        )
    if game.bomb:
        out.flags("bomb_thrown", "the bomb (Joker) has been thrown this deal", ["thrown"])
        out.flags("last_bomb", "who threw the bomb in the last trick", seats)
        out.flags("wild_joker", "bomb_wild: who holds the thrown Joker with the spare's card", seats)
    if game.original:
        out.flags("last_turnup", "who took a turn-up in the last trick", seats)
    out.flags("dealer", "the dealer", seats)
    out.flags("last_suits", "the suits of the last trick's cards", SUIT_LABELS)
    out.numbers("trick_number", "the trick being chosen (÷ tricks a deal)", ["trick"], game.hand_size)
    out.numbers("deal_number", "the deal being played (÷ deals)", ["deal"], game.total_deals)
    out.numbers("hand_sizes", "cards in each hand (÷ 13)", seats, 13)
    out.numbers("bid_scores", "what each known bid scores with the cards taken so far (÷ 50)", seats, 50)
    out.numbers("totals", "each seat's total score (÷ 50 × deals)", seats, 50 * game.total_deals)
    out.numbers("piles", "the dummy's stock (÷ 13), turn-ups face down (÷ 2)", ["dummy_stock", "turnups"], 13)
    return out


def action_texts(game: AnarchyFamily) -> tuple[list[str], list[Span]]:
    names = C.sorted_cards({C.base(c) for c in game.deck()})
    groups = [
        (
            "`bid B`",
            "the game's bids in the rules' order: " + " ".join(game.bid_names),
            [str(BIDS[b]) for b in game.bid_names],
        ),
        (
            "`play C`",
            "C in canonical card order (♠ ♥ ♦ ♣, A high first, the Joker last)",
            [str(PLAYS[c]) for c in names],
        ),
    ]
    if game.chaos:
        groups.append(
            ("`give A B C`", "see the module docstring: colex order, then passes naming a card twice", gives(game))
        )
    return spans_of(groups)


def gives(game: AnarchyFamily) -> list[str]:
    """Every pass text of Organised Chaos in index order (see the module docstring)."""
    names = C.sorted_cards({C.base(c) for c in game.deck()})
    doubled = C.sorted_cards({C.base(c) for c in game.deck() if c & C.COPY})
    colex = sorted(combinations(range(len(names)), 3), key=lambda t: (t[2], t[1], t[0]))
    texts = [str(Give(tuple(names[i] for i in trio))) for trio in colex]
    for d in doubled:
        for other in names:
            if other != d:
                texts.append(str(Give(tuple(C.sorted_cards((d, d, other))))))
    return texts


class Encoder(BaseEncoder):
    """The observation as a vector (everything a seat may know is in it, KA3 and KA5)."""

    def __init__(self, game: AnarchyFamily, layout: Layout, seat: int, shared: Any = None) -> None:
        super().__init__(game, layout, seat)
        self.family = game
        self.bid_index = {b: i for i, b in enumerate(game.bid_names)}

    def values(self, obs: AnarchyObservation) -> list[Any]:
        g, n, me = self.family, self.n, self.seat
        bids = self.bid_index
        nb = len(bids)
        choice = obs.my_choice
        choice_cards = 0
        my_bid = None
        if isinstance(choice, Give):
            choice_cards = _with_copies(choice.cards)
        elif isinstance(choice, Play):
            choice_cards = 1 << choice.card
        elif isinstance(choice, Bid):
            my_bid = bids[choice.name]
        mine = obs.bids[me]
        if mine is not None:
            my_bid = bids[mine]
        last = [0] * (n + 1)
        last_bomb = last_turnup = 0
        suits = 0
        for r in obs.last_trick:
            place = n if r.seat is None else (r.seat - me) % n
            card = CARD_OF_TEXT[r.card]
            last[place] |= 1 << card
            suits |= 1 << C.suit_of(card)
            if r.bomb and r.seat is not None:
                last_bomb = 1 << place
        if obs.last_turnup is not None:
            last_turnup = self.seat_bits((obs.last_turnup[1],))
        bid_flags = 0
        for k, b in enumerate(self.by_seat(obs.bids)):
            if b is not None:
                bid_flags |= 1 << (k * nb + bids[b])
        out: list[Any] = [0 if obs.hand is None else mask_of(obs.hand), choice_cards]
        out += [mask_of(cs) for cs in self.by_seat(obs.taken)]
        if g.has_dummy:
            out.append(0 if obs.dummy_taken is None else mask_of(obs.dummy_taken))
        out += last[:n]
        if g.has_dummy:
            out.append(last[n])
        if g.original:
            out.append(0 if obs.turnup is None else 1 << CARD_OF_TEXT[obs.turnup])
        if g.bomb:
            out.append(0 if obs.spare is None else 1 << CARD_OF_TEXT[obs.spare])
        if g.chaos:
            out.append(0 if obs.passed is None else mask_of(obs.passed))
            out.append(0 if obs.received is None else mask_of(obs.received))
        out += [
            one_hot(PHASES.index(obs.phase)) if obs.phase in PHASES else 0,
            self.seat_bits(obs.to_act),
            self.seat_bits(s for s, r in enumerate(obs.ready) if r),
            bid_flags,
            one_hot(my_bid),
        ]
        if g.chaos:
            used = 0
            for name, row in obs.score_sheet:
                for s, score in enumerate(row):
                    if score is not None:
                        used |= 1 << (((s - me) % n) * nb + bids[name])
            out.append(used)
        if g.bomb:
            out += [int(obs.bomb_thrown), last_bomb, 0 if obs.wild_joker is None else self.seat_bits((obs.wild_joker,))]
        if g.original:
            out.append(last_turnup)
        out += [
            self.seat_bits((obs.dealer,)),
            suits,
            (obs.trick_number,),
            (obs.deal_number,),
            self.by_seat(obs.hand_sizes),
            [0 if v is None else v for v in self.by_seat(obs.bid_scores)],
            self.by_seat(obs.totals),
            (obs.dummy_stock, obs.turnups_face_down * 13 / 2),
        ]
        return out


def _with_copies(names: tuple[int, ...]) -> int:
    """A mask of card names where a name given twice holds both copies."""
    m = 0
    for c in names:
        m |= 1 << (c | C.COPY) if m >> c & 1 else 1 << c
    return m
