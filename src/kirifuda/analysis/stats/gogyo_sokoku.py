"""Gogyō Sōkoku's analysis part (docs/rules/gogyo-sokoku.md; ../shared/rules/gogyo-sokoku.md).

Per deal:

* ``mode:single`` / ``mode:double`` (the table) — パートナー1人戦 or 2人戦, fixed by the two table cards ("A deal" 2);
* ``points`` (per seat) — the point cards it captured (``value``, 0–20; "Cards", "A deal" 6);
* ``negative`` (per seat) — a deal score below 0 (``value``: the score): in single mode own > partner's, in
  double mode any distance from 12 ("Scoring");
* ``over_partner`` (per seat, single mode) — own points above the one-way partner's, scored partner − own: score
  line S2;
* ``origin`` (per seat, double mode) — own + both partners' points exactly 12, the only score that costs nothing:
  the seat has no score line S3 (the distance from 12 gave it 0);
* ``table_cards`` (per seat) — won trick 1 and took the two table cards (``value``: their points, 0–2; "A deal" 4).

The dealer is the deal's dealer; the dealer's left plays first ("A deal" 4).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...core import ScoreLine
from ...games.gogyo_sokoku import ABOVE_PARTNER, DOUBLE, FROM_TWELVE, GogyoState, points_of
from ...match import Match
from ..events import DealSpan, Description, Event, LineEvent, ring_positions

DESCRIPTIONS = {
    "mode:single": Description("single partnership deal (パートナー1人戦)", "パートナー1人戦", "A deal 2"),
    "mode:double": Description("double partnership deal (パートナー2人戦)", "パートナー2人戦", "A deal 2"),
    "points": Description("point cards captured (value: points)", "取った点札(値: 点数)", "Cards; A deal 6"),
    "negative": Description("negative deal score (value: the score)", "マイナスの得点(値: 得点)", "Scoring"),
    "over_partner": Description(
        "single: own points above the partner's (value: the score)", "1人戦: パートナーより多く取った", "Scoring"
    ),
    "origin": Description("double: exactly 12 with both partners", "2人戦: 3人でちょうど12点", "Scoring"),
    "table_cards": Description(
        "took the two table cards in trick 1 (value: their points)", "第1トリックで場札2枚を取った", "A deal 4"
    ),
}


LINE_EVENTS = {ABOVE_PARTNER.rule: LineEvent("over_partner")}


def seating(match: Match, span: DealSpan) -> tuple[int, list[int]]:
    dealt: GogyoState = match.events[span.start].after
    return dealt.dealer, ring_positions(dealt.dealer, match.game.seat_count)


def events(match: Match, span: DealSpan, lines: tuple[ScoreLine, ...]) -> Iterator[Event]:
    end: GogyoState = match.events[span.end].after
    mode = end.mode
    k = span.index
    yield Event(k, None, f"mode:{mode}")
    scores = match.game.deal_scores(end)[k]
    off_twelve = {line.seat for line in lines if line.rule == FROM_TWELVE.rule}
    for seat, captured in enumerate(end.captured):
        yield Event(k, seat, "points", points_of(captured))
        if scores[seat] < 0:
            yield Event(k, seat, "negative", scores[seat])
        if mode == DOUBLE and seat not in off_twelve:
            yield Event(k, seat, "origin")
    if end.table_taker is not None:
        yield Event(k, end.table_taker, "table_cards", points_of(sum(1 << c for c in end.table)))
