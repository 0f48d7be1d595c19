"""Jūni's analysis part (the toy game of docs/adding-a-game.md): ``tricks`` per seat and deal (J5), and ``slam``
when one seat takes all six. The generic collector (:func:`kirifuda.analysis.events.collect`) adds its score
lines."""

from __future__ import annotations

from collections.abc import Iterator

from kirifuda.analysis.events import DealSpan, Description, Event, ring_positions
from kirifuda.core import ScoreLine
from kirifuda.match import Match

DESCRIPTIONS = {
    "tricks": Description("tricks won (value: how many)", "取ったトリック(値: 数)", "J5"),
    "slam": Description("took all six tricks", "全トリックを取った", "J5"),
}


def seating(match: Match, span: DealSpan) -> tuple[int, list[int]]:
    dealer: int = match.events[span.start].after.dealer
    return dealer, ring_positions(dealer, match.game.seat_count)


def events(match: Match, span: DealSpan, lines: tuple[ScoreLine, ...]) -> Iterator[Event]:
    scores = match.game.deal_scores(match.events[span.end].after)[span.index]
    for seat, tricks in enumerate(scores):
        yield Event(span.index, seat, "tricks", tricks)
        if tricks == 6:
            yield Event(span.index, seat, "slam")
