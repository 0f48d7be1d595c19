"""The Anarchy family's analysis part: Anarchy, Anarchy Bomb, Organised Chaos (docs/rules/anarchy.md;
../shared/rules/anarchy.md).

Per deal and seat:

* ``bid:NAME`` — the seat bid NAME; ``value`` is its whole deal score, bonuses included, so the mean of
  ``bid:NAME`` is what that bid pays (§1 and §2 bid tables; Organised Chaos: each bid once, §3);
* ``void_bonus`` / ``quartet_bonus`` (Bomb, Chaos) — the bonuses in that score, when any (``value``: points;
  §2 "Bonuses", KA8): the score lines S2 and S3, as the rules scored them;
* ``cards_taken`` — cards it captured (``value``; §1 "Capture", §2 "Capture");
* ``bomb`` (Bomb) — the Anarchist threw the Joker (``value``: the trick, 1-based; §2 "The bomb", KA7);
* ``turnup`` (Anarchy, 5 players) — took a turn-up (§1 "Turn-up", P1).

The dealer is the deal's dealer; the dealer's left bids first (P2) and is dealt first (KA1).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...core import ScoreLine
from ...games.anarchy import NOBODY, QUARTET_RULE, VOID_RULE, AnarchyFamily, AnarchyState
from ...match import Match
from ..events import DealSpan, Description, Event, LineEvent, actions, ring_positions

DESCRIPTIONS = {
    "bid:": Description(
        "deals bid, by bid (value: the deal score)", "ビッド別(値: そのディールの得点)", "§1, §2, §3 bids"
    ),
    "void_bonus": Description("void bonus (value: points)", "ボイドのボーナス(値: 点)", "§2 Bonuses"),
    "quartet_bonus": Description("quartet bonus (value: points)", "カルテットのボーナス(値: 点)", "§2 Bonuses"),
    "cards_taken": Description("cards captured (value: cards)", "取った枚数", "§1/§2 Capture"),
    "bomb": Description("bomb thrown (value: the trick)", "爆弾(値: トリック番号)", "§2 The bomb; KA7"),
    "turnup": Description("turn-up taken", "ターンアップを取った", "§1 Turn-up; P1"),
}


LINE_EVENTS = {VOID_RULE.rule: LineEvent("void_bonus"), QUARTET_RULE.rule: LineEvent("quartet_bonus")}


def seating(match: Match, span: DealSpan) -> tuple[int, list[int]]:
    game = match.game
    assert isinstance(game, AnarchyFamily)
    dealt: AnarchyState = match.events[span.start].after
    return dealt.dealer, ring_positions(dealt.dealer, game.n)


def events(match: Match, span: DealSpan, lines: tuple[ScoreLine, ...]) -> Iterator[Event]:
    game = match.game
    end: AnarchyState = match.events[span.end].after
    k = span.index
    scores = game.deal_scores(end)[k]
    for seat, bid in enumerate(end.bid_history[k]):
        yield Event(k, seat, f"bid:{bid}", scores[seat])
        yield Event(k, seat, "cards_taken", end.taken[seat].bit_count())
    for event in actions(match, span):
        before, after = event.before, event.after
        if after.tricks_done <= before.tricks_done or after.last is None:
            continue  # not a reveal
        if after.last.bomb != NOBODY:
            yield Event(k, after.last.bomb, "bomb", after.tricks_done)
        if after.last.turnup:
            yield Event(k, after.last.turnup[1], "turnup")
