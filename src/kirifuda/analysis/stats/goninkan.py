"""Gonin-kan's analysis part (docs/rules/goninkan.md; ../shared/rules/goninkan.md). A deal is one battle (戦).

Per battle, for the table:

* ``napoleon_won:B`` — the Napoleon side (関係) won battle B (1–3): ``value`` 1, else 0, so its mean is the
  Napoleon win rate of that battle ("Battle 1" 4, "Battles 2 and 3", "Scoring");
* ``skunk`` — the losers had no honour when the result was decided (``value`` 1, else 0; "Scoring");
* ``sixteen`` / ``reverse_sixteen`` — 十六 / 逆十六 declared: ``value`` 1 on success, 0 on failure ("十六 / 逆十六",
  G8, G9); ``sixteen_declined`` — offered, and the winner of the deciding trick chose ``stop``;
* ``tricks`` — tricks played (``value``; K3 and G7: the battle stops once its result is certain);
* ``call:go`` / ``call:come`` — 行く / 来い ("Battle 1" 5);
* ``seat_swap`` and ``kari_oya`` (battle 1) — partners next to each other changed places (G4); a double holder
  (仮親) swapped blind ("Battle 1" 2–3); ``kari_oya`` is the 仮親's seat.

Per seat: ``side:napoleon`` / ``side:ally`` / ``side:dealer`` (``value``: the battle's score, so the means
are what each role earns; the 6-player dealer scores with Napoleon), and ``joker`` (``value``: the trick the
Joker was played in, 1–10) with ``joker_won`` (1 if that trick went to the Joker's player, else 0) — what the
Joker rulings (``joker_ban``, ``last_trick_joker``: K1, G5, G12) change.

The dealer is the round's dealer (配り役 with 6, 親 with 5) by player id; positions count from the dealer's
position in play order (counter-clockwise), so after a seat swap they follow the players' places.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...cards import JOKER
from ...core import ScoreLine
from ...games.goninkan import NAPOLEON, GoninkanState, RoundSetup, Sixteen
from ...match import Match
from ..events import DealSpan, Description, Event, actions

DESCRIPTIONS = {
    "napoleon_won:": Description("Napoleon side won, by battle (mean: win rate)", "関係の勝率(戦別)", "Scoring"),
    "skunk": Description("skunk (losers without an honour; mean: rate)", "スコンク(率)", "Scoring"),
    "sixteen": Description("十六 declared (mean: success rate)", "十六の宣言(平均: 成功率)", "十六 / 逆十六; G8, G9"),
    "reverse_sixteen": Description("逆十六 declared (mean: success rate)", "逆十六の宣言(平均: 成功率)", "G8, G9"),
    "sixteen_declined": Description("十六 offered, stop chosen", "十六を宣言せず stop", "G8"),
    "tricks": Description("tricks played in the battle", "戦のトリック数", "K3, G7"),
    "call:": Description("the opener's call", "行く/来い", "Battle 1 5"),
    "seat_swap": Description("partners' seat swap", "席替え", "Battle 1 2; G4"),
    "kari_oya": Description("double holder (仮親)", "仮親", "Battle 1 3"),
    "side:": Description("battle score by role", "役割別の得点", "Scoring"),
    "joker": Description("trick the Joker was played in", "ジョーカーを出したトリック", "K1, G5, G12"),
    "joker_won": Description("the Joker's trick went to its player (mean: rate)", "ジョーカーで勝った率", "K1, G5"),
}


def _setup(match: Match, span: DealSpan) -> RoundSetup:
    before: GoninkanState = match.events[span.end].before  # still holds the battle's setup (the end may start the next)
    return before.setup


def seating(match: Match, span: DealSpan) -> tuple[int, list[int]]:
    setup = _setup(match, span)
    n = match.game.seat_count
    positions = [0] * n
    for position, player in enumerate(setup.seating):
        positions[player] = (position - setup.dealer) % n
    return setup.seating[setup.dealer], positions


def events(match: Match, span: DealSpan, lines: tuple[ScoreLine, ...]) -> Iterator[Event]:
    n = match.game.seat_count
    setup = _setup(match, span)
    end: GoninkanState = match.events[span.end].after
    k = span.index
    yield Event(k, None, f"napoleon_won:{setup.battle}", float(end.outcome == NAPOLEON))
    yield Event(k, None, "skunk", float(end.skunk))
    yield Event(k, None, "tricks", len(end.history))
    if setup.call:
        yield Event(k, None, f"call:{setup.call}")
    if end.sixteen:
        name = "sixteen" if end.sixteen == NAPOLEON else "reverse_sixteen"
        yield Event(k, None, name, float(end.sixteen_result > 0))
    if setup.battle == 1:
        if setup.seat_swap:
            yield Event(k, None, "seat_swap")
        if setup.kari_oya >= 0:
            yield Event(k, setup.kari_oya, "kari_oya")
    scores = match.game.deal_scores(end)[k]
    dealer = setup.seating[setup.dealer]
    for player in range(n):
        role = "napoleon" if setup.napoleon >> player & 1 else "ally"
        if n == 6 and player == dealer:
            role = "dealer"  # the 6-player dealer scores with Napoleon without playing
        yield Event(k, player, f"side:{role}", scores[player])
    for trick_number, (_, trick, winner) in enumerate(end.history, start=1):
        for player, card in trick:
            if card == JOKER:
                yield Event(k, player, "joker", trick_number)
                yield Event(k, player, "joker_won", float(winner == player))
    for event in actions(match, span):
        if isinstance(event.action, Sixteen) and not event.action.declare:
            yield Event(k, None, "sixteen_declined")
