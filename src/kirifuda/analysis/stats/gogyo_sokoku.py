"""Gogyō Sōkoku's scoring events (docs/rules/gogyo-sokoku.md; ../shared/rules/gogyo-sokoku.md).

Per deal:

* ``mode:single`` / ``mode:double`` (the table) — パートナー1人戦 or 2人戦, fixed by the two table cards ("A deal" 2);
* ``points`` (per seat) — the point cards it captured (``value``, 0–20; "Cards", "A deal" 6);
* ``negative`` (per seat) — a deal score below 0 (``value``: the score): in single mode own > partner's, in
  double mode any distance from 12 ("Scoring");
* ``over_partner`` (per seat, single mode) — own points above the one-way partner's, scored partner − own;
* ``origin`` (per seat, double mode) — own + both partners' points exactly 12, the only score that costs nothing;
* ``table_cards`` (per seat) — won trick 1 and took the two table cards (``value``: their points, 0–2; "A deal" 4).

The dealer is the deal's dealer; the dealer's left plays first ("A deal" 4).
"""

from __future__ import annotations

from ...games.gogyo_sokoku import DOUBLE, DOUBLE_ORIGIN, PARTNER_MAPS, SINGLE, GogyoState, points_of
from ...match import Match
from . import Description, Event, Facts, deal_spans, ring_positions

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


def collect(match: Match) -> Facts:
    game = match.game
    n = game.seat_count
    facts = Facts()
    for span in deal_spans(match):
        dealt: GogyoState = match.events[span.start].after
        facts.dealers.append(dealt.dealer)
        facts.positions.append(ring_positions(dealt.dealer, n))
        end: GogyoState = match.events[span.end].after
        mode = end.mode
        k = span.index
        facts.events.append(Event(k, None, f"mode:{mode}"))
        points = [points_of(m) for m in end.captured]
        scores = game.deal_scores(end)[k]
        for seat in range(n):
            facts.events.append(Event(k, seat, "points", points[seat]))
            if scores[seat] < 0:
                facts.events.append(Event(k, seat, "negative", scores[seat]))
            partners = PARTNER_MAPS[mode][seat]
            if mode == SINGLE and points[seat] > points[partners[0]]:
                facts.events.append(Event(k, seat, "over_partner", scores[seat]))
            if mode == DOUBLE and points[seat] + sum(points[p] for p in partners) == DOUBLE_ORIGIN:
                facts.events.append(Event(k, seat, "origin"))
        if end.table_taker is not None:
            facts.events.append(Event(k, end.table_taker, "table_cards", points_of(sum(1 << c for c in end.table))))
    return facts
