"""Anou's analysis part (docs/rules/anou.md; ../shared/rules/anou.md).

Per deal and seat, from the walls as the deal ended:

* ``perfect_wall`` — every column exactly to plan, the +2 bonus ("Scoring": 全列が計画どおり): score line S3;
* ``overfill:P`` — the column planned P holds more than P cards and scores −n ("Scoring": n > 計画 → −n);
  ``value`` is n;
* ``to_plan:P`` — the column planned P holds exactly P cards (the plan met: +P);
* ``floor`` — the wall's total was below 0 and counts 0 ("Scoring": ディール合計が 0 未満なら 0); ``value`` is
  the points the floor forgave: score line S4;
* ``root:P`` — a root stone (根石, option ``root_stones``, "A deal" 2) placed in the column planned P;
  ``root_overfilled`` — a root stone whose column ended overfilled.

The dealer is the deal's dealer, who also leads the first trick ("A deal" 3).
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import cards as C
from ...core import ScoreLine
from ...games.anou import FLOOR, FULL_WALL, PLANS, AnouState, Root, column_of, over_plan
from ...match import Match
from ..events import DealSpan, Description, Event, LineEvent, actions, ring_positions

DESCRIPTIONS = {
    "perfect_wall": Description(
        "perfect wall (every column to plan, +2)", "完璧な石垣(全列が計画どおり +2)", "Scoring"
    ),
    "overfill:": Description("overfilled column, by plan (value: its cards)", "計画超過の列(値: 枚数)", "Scoring"),
    "to_plan:": Description("column exactly to plan, by plan", "計画どおりの列(計画別)", "Scoring"),
    "floor": Description(
        "wall below 0, counted 0 (value: points forgiven)", "0点の下限が効いた(値: 免除された点)", "Scoring"
    ),
    "root:": Description("root stone placed, by column plan", "根石の配置(列の計画別)", "A deal 2 (root_stones)"),
    "root_overfilled": Description("root stone in a column that overfilled", "根石を置いた列が計画超過", "A deal 2"),
}


LINE_EVENTS = {FULL_WALL.rule: LineEvent("perfect_wall", valued=False), FLOOR.rule: LineEvent("floor")}


def seating(match: Match, span: DealSpan) -> tuple[int, list[int]]:
    dealt: AnouState = match.events[span.start].after
    return dealt.dealer, ring_positions(dealt.dealer, match.game.seat_count)


def events(match: Match, span: DealSpan, lines: tuple[ScoreLine, ...]) -> Iterator[Event]:
    end: AnouState = match.events[span.end].after
    k = span.index
    overfilled: list[set[int]] = [set() for _ in end.walls]
    for seat, wall in enumerate(end.walls):
        for col, plan in enumerate(PLANS):
            cards = wall[col].bit_count()
            if over_plan(cards, plan):
                yield Event(k, seat, f"overfill:{plan}", cards)
                overfilled[seat].add(col)
            elif cards == plan:
                yield Event(k, seat, f"to_plan:{plan}")
    for event in actions(match, span):
        if isinstance(event.action, Root):
            assert isinstance(event.actor, int)
            seat, card = event.actor, event.action.card
            column = column_of(event.after.walls[seat], C.suit_of(card))
            assert column is not None
            yield Event(k, seat, f"root:{PLANS[column]}")
            if column in overfilled[seat]:
                yield Event(k, seat, "root_overfilled")
