"""Anou's scoring events (docs/rules/anou.md; ../shared/rules/anou.md).

Per deal and seat, from the walls as the deal ended:

* ``perfect_wall`` — every column exactly to plan, the +2 bonus ("Scoring": 全列が計画どおり);
* ``overfill:P`` — the column planned P holds more than P cards and scores −n ("Scoring": n > 計画 → −n);
  ``value`` is n;
* ``to_plan:P`` — the column planned P holds exactly P cards (the plan met: +P);
* ``floor`` — the wall's total was below 0 and counts 0 ("Scoring": ディール合計が 0 未満なら 0); ``value`` is
  the points the floor forgave;
* ``root:P`` — a root stone (根石, option ``root_stones``, "A deal" 2) placed in the column planned P;
  ``root_overfilled`` — a root stone whose column ended overfilled.

The dealer is the deal's dealer, who also leads the first trick ("A deal" 3).
"""

from __future__ import annotations

from ... import cards as C
from ...games.anou import PLANS, AnouState, Root, column_of
from ...match import Match
from . import Description, Event, Facts, actions, deal_spans, ring_positions

FULL_WALL_BONUS = 2  # anou.md "Scoring": every column exactly to plan

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


def collect(match: Match) -> Facts:
    game = match.game
    n = game.seat_count
    facts = Facts()
    for span in deal_spans(match):
        dealt: AnouState = match.events[span.start].after
        facts.dealers.append(dealt.dealer)
        facts.positions.append(ring_positions(dealt.dealer, n))
        end: AnouState = match.events[span.end].after
        overfilled: list[set[int]] = [set() for _ in range(n)]
        for seat, wall in enumerate(end.walls):
            raw, exact = 0, 0
            for col, plan in enumerate(PLANS):
                cards = wall[col].bit_count()
                if cards > plan:
                    facts.events.append(Event(span.index, seat, f"overfill:{plan}", cards))
                    overfilled[seat].add(col)
                    raw -= cards
                else:
                    raw += cards
                    if cards == plan:
                        exact += 1
                        facts.events.append(Event(span.index, seat, f"to_plan:{plan}"))
            if exact == len(PLANS):
                facts.events.append(Event(span.index, seat, "perfect_wall"))
                raw += FULL_WALL_BONUS
            if raw < 0:
                facts.events.append(Event(span.index, seat, "floor", -raw))
        for event in actions(match, span):
            if isinstance(event.action, Root):
                assert isinstance(event.actor, int)
                seat, card = event.actor, event.action.card
                column = column_of(event.after.walls[seat], C.suit_of(card))
                assert column is not None
                facts.events.append(Event(span.index, seat, f"root:{PLANS[column]}"))
                if column in overfilled[seat]:
                    facts.events.append(Event(span.index, seat, "root_overfilled"))
    return facts
