"""The Anarchy family's scoring events: Anarchy, Anarchy Bomb, Organised Chaos (docs/rules/anarchy.md;
../shared/rules/anarchy.md).

Per deal and seat:

* ``bid:NAME`` — the seat bid NAME; ``value`` is its whole deal score, bonuses included, so the mean of
  ``bid:NAME`` is what that bid pays (§1 and §2 bid tables; Organised Chaos: each bid once, §3);
* ``void_bonus`` / ``quartet_bonus`` (Bomb, Chaos) — the bonuses in that score, when any (``value``: points;
  §2 "Bonuses", KA8);
* ``cards_taken`` — cards it captured (``value``; §1 "Capture", §2 "Capture");
* ``bomb`` (Bomb) — the Anarchist threw the Joker (``value``: the trick, 1-based; §2 "The bomb", KA7);
* ``turnup`` (Anarchy, 5 players) — took a turn-up (§1 "Turn-up", P1).

The dealer is the deal's dealer; the dealer's left bids first (P2) and is dealt first (KA1).
"""

from __future__ import annotations

from ...games.anarchy import NOBODY, AnarchyFamily, AnarchyState, quartet_bonus, suit_counts, void_bonus
from ...match import Match
from . import Description, Event, Facts, actions, deal_spans, ring_positions

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


def collect(match: Match) -> Facts:
    game = match.game
    assert isinstance(game, AnarchyFamily)
    n = game.n
    facts = Facts()
    for span in deal_spans(match):
        dealt: AnarchyState = match.events[span.start].after
        facts.dealers.append(dealt.dealer)
        facts.positions.append(ring_positions(dealt.dealer, n))
        end: AnarchyState = match.events[span.end].after
        k = span.index
        scores = game.deal_scores(end)[k]
        for seat, bid in enumerate(end.bid_history[k]):
            facts.events.append(Event(k, seat, f"bid:{bid}", scores[seat]))
            taken = end.taken[seat]
            facts.events.append(Event(k, seat, "cards_taken", taken.bit_count()))
            if not game.original:  # KA8: the bonuses are Bomb's (and Chaos's), not the original's
                voids = void_bonus(suit_counts(taken))
                quartets = quartet_bonus(taken)
                if voids:
                    facts.events.append(Event(k, seat, "void_bonus", voids))
                if quartets:
                    facts.events.append(Event(k, seat, "quartet_bonus", quartets))
        for event in actions(match, span):
            before, after = event.before, event.after
            if after.tricks_done <= before.tricks_done or after.last is None:
                continue  # not a reveal
            if after.last.bomb != NOBODY:
                facts.events.append(Event(k, after.last.bomb, "bomb", after.tricks_done))
            if after.last.turnup:
                facts.events.append(Event(k, after.last.turnup[1], "turnup"))
    return facts
