"""Cut-in (カットイン) for RL: the observation as a vector, and every set indexed.

A seat sees its hand, every hand's size, this turn's sets and passes, the lock, the previous turn's sets and every
card played this hand (ruling K2): all of it is in the observation.
"""

from __future__ import annotations

from typing import Any

from ..games.cutin import MAX_SET, PASS, PLAYS, STRENGTHS, SUB_PATTERNS, Cutin, CutinObservation
from .spec import SUIT_INDEX, SUIT_LABELS, Layout, Span, mask_of, one_hot, seat_labels, spans_of
from .spec import Encoder as BaseEncoder


def layout(game: Cutin) -> Layout:
    n = game.n
    seats = seat_labels(n)
    out = Layout(game.deck())
    out.cards("hand", "my hand")
    for k, who in enumerate(seats):
        out.cards(f"table[{who}]", f"the set seat {who} played this turn" if k else "the set I played this turn")
    out.cards("latest", "the latest set of this turn (the one to beat)")
    out.cards("last_turn", "the sets of the previous turn")
    out.cards("played", "every card played this hand")
    out.flags("leader", "the start player of this turn", seats)
    out.flags("latest_by", "who played the latest set", seats)
    out.flags("passed", "who has passed this turn", seats)
    out.flags("to_act", "the seat to act", seats)
    out.flags("out", "seats with no cards left", seats)
    out.flags("first_out", "the first seat to run out this hand", seats)
    out.flags("start_player", "the start player of this hand", seats)
    out.flags("lock", "the lock (ロック) and its suit", ("lock", *SUIT_LABELS))
    out.flags("hand_number", "the hand being played", [str(d + 1) for d in range(game.deals_total)])
    out.numbers("hand_sizes", "cards in each hand (÷ 15)", seats, 15)
    out.numbers("totals", "each seat's total score (÷ 60)", seats, 60)
    out.numbers("rest_count", "cards left out of the deal (÷ 7)", ["rest"], 7)
    return out


def action_texts(game: Cutin) -> tuple[list[str], list[Span]]:
    sets = [str(PLAYS[st][p]) for st in range(STRENGTHS) for p in SUB_PATTERNS[15]]
    groups = [
        ("`pass`", "", [str(PASS)]),
        (
            "`play …` (a set)",
            "by rank 3 (weakest) … A, 2 (strongest); per rank the 15 suit sets, fewer cards first, then in suit "
            "order ♠ ♥ ♦ ♣",
            sets,
        ),
    ]
    jokers = game.options.jokers
    if jokers:  # cutin.md K8–K9: a set is natural cards of one rank and Jokers, at most 4 cards, or Jokers alone
        wild = [
            str(PLAYS[st][p]) + " JK" * j
            for j in range(1, jokers + 1)
            for st in range(STRENGTHS)
            for p in SUB_PATTERNS[15]
            if p.bit_count() + j <= MAX_SET
        ]
        wild += ["play" + " JK" * j for j in range(1, jokers + 1)]
        groups.append(
            (
                "`play … JK` (a set with Jokers; only with option `jokers`)",
                "one Joker, then two: natural sets in the order above, each with the Jokers after it; "
                "then Jokers alone",
                wild,
            )
        )
    return spans_of(groups)


class Encoder(BaseEncoder):
    """The observation as a vector."""

    def values(self, obs: CutinObservation) -> list[Any]:
        n, me = self.n, self.seat
        table = [0] * n
        for s, cs in obs.table:
            table[(s - me) % n] = mask_of(cs)
        last_turn = 0
        for _, cs in obs.last_turn:
            last_turn |= mask_of(cs)
        latest = obs.table[-1] if obs.table else None
        assert obs.hand is not None
        return [
            mask_of(obs.hand),
            *table,
            0 if latest is None else mask_of(latest[1]),
            last_turn,
            mask_of(obs.played),
            self.seat_bits((obs.leader,)) if obs.leader >= 0 else 0,
            0 if latest is None else self.seat_bits((latest[0],)),
            self.seat_bits(obs.passed),
            self.seat_bits(obs.to_act),
            self.seat_bits(obs.out),
            0 if obs.first_out is None else self.seat_bits((obs.first_out,)),
            self.seat_bits((obs.start_player,)),
            (1 | 2 << SUIT_INDEX[obs.lock_suit]) if obs.lock_suit is not None else 0,
            one_hot(obs.deal_number - 1),
            self.by_seat(obs.hand_sizes),
            self.by_seat(obs.totals),
            (obs.rest_count,),
        ]
