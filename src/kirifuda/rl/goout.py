"""A designed go-out game (ゴーアウト, docs/design.md) for RL: the observation as a vector, and every combination
the design allows indexed — built from the design alone, so every design the engine runs has its environments
(``kirifuda.rl.env("goout", {"design": "daifugo"})``, ``gym_env("goout", design="big-two")``).

A seat sees its hand, every hand's size, this turn's combinations and passes, the lock and its suits, the
revolution, the previous turn's combinations, every card played this hand and who went out in which order: all of
it is in the observation (:class:`~kirifuda.games.goout.GooutObservation`).
"""

from __future__ import annotations

from math import comb
from typing import Any

from .. import cards as C
from ..core import OptionError
from ..games.goout import PASS, RUN, Goout, GooutObservation, Play
from .spec import SUIT_INDEX, SUIT_LABELS, Layout, Span, mask_of, one_hot, seat_labels, spans_of
from .spec import Encoder as BaseEncoder

MAX_ACTIONS = 100_000
"""The largest action table an environment is built with (Big Two's any-suit straights of five: 9,398 actions)."""


def layout(game: Goout) -> Layout:
    n = game.n
    seats = seat_labels(n)
    largest = max(game.sizes_from_first)
    out = Layout(game.deck())
    out.cards("hand", "my hand")
    for k, who in enumerate(seats):
        out.cards(
            f"table[{who}]",
            f"the combinations seat {who} played this turn" if k else "the combinations I played this turn",
        )
    out.cards("latest", "the latest combination of this turn (the one to beat)")
    out.cards("last_turn", "the combinations of the previous turn")
    out.cards("played", "every card played this hand")
    out.flags("leader", "the start player of this turn", seats)
    out.flags("latest_by", "who played the latest combination", seats)
    out.flags("passed", "who has passed this turn", seats)
    out.flags("to_act", "the seat to act", seats)
    out.flags("out", "seats with no cards left", seats)
    out.flags("start_player", "the start player of this hand", seats)
    out.flags("lock", "the lock (縛り, play.lock) and its suits", ("lock", *SUIT_LABELS))
    out.flags("reversed", "the rank order is reversed (革命, play.revolution)", ("reversed",))
    out.flags("hand_number", "the hand being played", [str(d + 1) for d in range(game.deals_total)])
    out.numbers("finish_place", "each seat's finishing place this hand (0: still in; ÷ players)", seats, n)
    out.numbers("hand_sizes", f"cards in each hand (÷ {largest})", seats, largest)
    out.numbers("totals", "each seat's total score (÷ 60)", seats, 60)
    out.numbers("rest_count", "cards left out of the deal (÷ the pack)", ["rest"], len(game.deck()))
    return out


def run_count(game: Goout) -> int:
    """How many runs the design allows (counted before any is listed: any-suit runs grow as suits ** length)."""
    d = game.design
    if not d.get("play.runs.enabled"):
        return 0
    ranks, suits = len(d.get("pack.ranks")), len(d.get("pack.suits"))
    lo, hi = d.get("play.runs.min_length"), min(d.get("play.runs.max_length"), ranks)
    total = 0
    for length in range(lo, hi + 1):
        per_place = suits if d.get("play.runs.suited") else suits**length
        total += (ranks - length + 1) * per_place
    return total


def action_texts(game: Goout) -> tuple[list[str], list[Span]]:
    d = game.design
    sets = sum(comb(len(d.get("pack.suits")) + d.get("pack.jokers"), k) for k in d.get("play.set_sizes"))
    estimate = sets * len(d.get("pack.ranks")) + run_count(game)
    if estimate > MAX_ACTIONS:
        raise OptionError(
            f"this design allows about {estimate:,} different plays; an RL action table holds at most "
            f"{MAX_ACTIONS:,} (play.runs: any-suit runs grow as suits ** length — limit play.runs.max_length)",
            ja=f"この設計の出し方は約{estimate:,}通りで、RL の行動表は最大{MAX_ACTIONS:,}です"
            "(play.runs.max_length を小さくしてください)",
        )
    every = game.candidates(C.mask(game.deck()))  # every combination a hand holding the whole pack could play
    kinds = [game.combo(cards) for cards in every]
    return spans_of(
        [
            ("`pass`", "", [str(PASS)]),
            (
                "`play …` (n of a kind, play.set_sizes)",
                "by rank (pack.ranks, weakest first), per rank fewer cards first, Jokers (pack.jokers) joining "
                "as that rank; then the Jokers alone",
                [str(Play(c)) for c, k in zip(every, kinds, strict=True) if k is not None and k.kind != RUN],
            ),
            (
                "`play …` (a run, play.runs)",
                "by lowest rank, then as the engine grows them",
                [str(Play(c)) for c, k in zip(every, kinds, strict=True) if k is not None and k.kind == RUN],
            ),
        ]
    )


class Encoder(BaseEncoder):
    """The observation as a vector."""

    def values(self, obs: GooutObservation) -> list[Any]:
        n, me = self.n, self.seat
        table = [0] * n
        for s, cs in obs.table:
            table[(s - me) % n] |= mask_of(cs)
        last_turn = 0
        for _, cs in obs.last_turn:
            last_turn |= mask_of(cs)
        latest = obs.table[-1] if obs.table else None
        place = [0] * n
        for k, s in enumerate(obs.finish_order, 1):
            place[s] = k
        assert obs.hand is not None
        lock = 0
        if obs.lock:
            lock = 1
            for suit in obs.lock_suits:
                lock |= 2 << SUIT_INDEX[suit]
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
            self.seat_bits(obs.finish_order),
            self.seat_bits((obs.start_player,)),
            lock,
            int(obs.reversed),
            one_hot(obs.deal_number - 1),
            self.by_seat(place),
            self.by_seat(obs.hand_sizes),
            self.by_seat(obs.totals),
            (obs.rest_count,),
        ]
