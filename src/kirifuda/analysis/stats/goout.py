"""A designed go-out game's analysis part (docs/design.md; the rules are the design's keys). A deal is one hand.

Per hand, for any design (no per-design code):

* ``first_out`` (per seat) — the first to run out of cards; ``place:K`` (per seat) — finished K-th (1 first;
  with ``end.until = "one-left"`` the one left is last);
* ``turns`` (the table) — turns played (``value``; a turn starts on an empty pile);
* ``joker`` (per seat) — a play holding Jokers (``pack.jokers``); ``value`` the Jokers in it;
* ``cut_in`` (per seat) — a single played on a set of ``play.cut_in_sizes`` (``play.cut_in``);
* ``lock`` (per seat: who completed it) — the lock came on (``play.lock``, 縛り);
* ``revolution`` (per seat) — the rank order was reversed (``play.revolution``, 革命);
* ``clear`` (per seat) — a play holding a rank of ``play.clear_ranks`` (8切り).

What each seat scored is the game's own score lines (``rule:scoring.*``, collected for every game). The dealer is
the hand's start player (``turns.first_start``, ``turns.next_start``), so the report's dealer edge is the start
player's edge.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import cards as C
from ...core import ScoreLine
from ...games import goout as rules
from ...match import Match
from ..events import DealSpan, Description, Event, actions, ring_positions

DESCRIPTIONS = {
    "first_out": Description("first to go out", "最初に上がった", "end.until"),
    "place:": Description("finished in place K", "K位で上がった", "end.until; scoring.finish_points"),
    "turns": Description("turns in the hand", "ハンドのターン数", "turns.pass"),
    "joker": Description("play holding Jokers (value: how many)", "ジョーカーを含む出し札(値: 枚数)", "pack.jokers"),
    "cut_in": Description("cut-in (a single on a set)", "カットイン", "play.cut_in"),
    "lock": Description("lock (縛り) came on", "縛り・ロック", "play.lock"),
    "revolution": Description("revolution (革命)", "革命", "play.revolution"),
    "clear": Description("pile cleared by a rank (8切り)", "場を流した(8切り)", "play.clear_ranks"),
}


def _rank_text(card: int) -> str:
    text = C.RANKS[C.rank_of(card)]
    return "10" if text == "T" else text


def seating(match: Match, span: DealSpan) -> tuple[int, list[int]]:
    dealt = match.events[span.start].after
    return dealt.start_player, ring_positions(dealt.start_player, match.game.seat_count)


def events(match: Match, span: DealSpan, lines: tuple[ScoreLine, ...]) -> Iterator[Event]:
    game = match.game
    assert isinstance(game, rules.Goout)
    design = game.design
    n = game.seat_count
    clear_ranks = set(design.get("play.clear_ranks"))
    cut_sizes = set(design.get("play.cut_in_sizes")) if design.get("play.cut_in") else set()
    k = span.index
    end = match.events[span.end].after
    order = list(end.out)
    left = [seat for seat in range(n) if seat not in order and end.hands[seat]]
    if design.get("end.until") == "one-left" and len(left) == 1:
        order.append(left[0])
    if order:
        yield Event(k, order[0], "first_out")
    for place, seat in enumerate(order, 1):
        yield Event(k, seat, f"place:{place}")
    turns = 0
    for event in actions(match, span):
        if not isinstance(event.action, rules.Play) or not isinstance(event.actor, int):
            continue
        before, after, cards = event.before, event.after, event.action.cards
        if not before.table:
            turns += 1
        elif cut_sizes and cards.bit_count() == 1 and before.table[-1][1].bit_count() in cut_sizes:
            yield Event(k, event.actor, "cut_in")
        jokers = rules.joker_count(cards)
        if jokers:
            yield Event(k, event.actor, "joker", jokers)
        if before.lock is None and after.lock is not None:
            yield Event(k, event.actor, "lock")
        if after.reversed != before.reversed:
            yield Event(k, event.actor, "revolution")
        if clear_ranks and any(C.base(c) != C.JOKER and _rank_text(c) in clear_ranks for c in C.cards_in(cards)):
            yield Event(k, event.actor, "clear")
    yield Event(k, None, "turns", turns)
