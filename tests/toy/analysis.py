"""Jūni's scoring events (the toy game of docs/adding-a-game.md): ``tricks`` per seat and deal (J5), and
``slam`` when one seat takes all six."""

from __future__ import annotations

from kirifuda.analysis.events import Description, Event, Facts, deal_spans, ring_positions
from kirifuda.match import Match

DESCRIPTIONS = {
    "tricks": Description("tricks won (value: how many)", "取ったトリック(値: 数)", "J5"),
    "slam": Description("took all six tricks", "全トリックを取った", "J5"),
}


def collect(match: Match) -> Facts:
    game = match.game
    facts = Facts()
    for span in deal_spans(match):
        dealer = match.events[span.start].after.dealer
        facts.dealers.append(dealer)
        facts.positions.append(ring_positions(dealer, game.seat_count))
        scores = game.deal_scores(match.events[span.end].after)[span.index]
        for seat, tricks in enumerate(scores):
            facts.events.append(Event(span.index, seat, "tricks", tricks))
            if tricks == 6:
                facts.events.append(Event(span.index, seat, "slam"))
    return facts
