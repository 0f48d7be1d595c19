"""Cut-in's analysis part (docs/rules/cutin.md; ../shared/rules/cutin.md). A deal is one hand.

Per hand:

* ``ending:K`` (the table) — the hand ended with K players out of cards: one went out, or several in the same
  last turn ("Going out, end of a hand", K3);
* ``went_out`` (per seat) — no cards left at the end (+5, "Scoring"); ``first_out`` — the first to go out;
* ``turns`` (the table) — turns played (``value``; "A turn");
* ``cut_in`` (per seat) — a single played on a set of 2 or 3, of a suit not in it ("Legal play" 3, C4);
* ``lock`` (per seat: who completed it) — two consecutive singles of one suit locked the turn ("The lock", C1,
  C5);
* ``joker`` (per seat) — a play holding Jokers (``jokers``, K8–K12); ``value`` the Jokers in it;
  ``joker_out`` (per seat) — the hand's first out had played a Joker in it (did the wild card win the hand?);
* ``left:R`` (per seat) — rank R (``2``…``A``, ``T`` for 10, ``JK``) was still in a hand at the end;
  ``value`` is what those cards cost by the game's scoring (default −(4 + k) for k cards, "Scoring"), so
  the sums by rank say which ranks the penalty falls on.

The dealer is the hand's start player (``first_dealer``, then ``next_start``: "A game", C3).
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import cards as C
from ...core import ScoreLine
from ...games import cutin as rules
from ...match import Match
from ..events import DealSpan, Description, Event, actions, ring_positions

DESCRIPTIONS = {
    "ending:": Description("hands ending with K players out", "K人が上がって終わったハンド", "End of a hand; K3"),
    "went_out": Description("went out (no cards left)", "上がり", "Scoring"),
    "first_out": Description("first to go out", "最初に上がった", "A game (next_start)"),
    "turns": Description("turns in the hand", "ハンドのターン数", "A turn"),
    "cut_in": Description("cut-in (single on a set of 2–3)", "カットイン", "Legal play 3; C4"),
    "lock": Description("lock (two singles of one suit)", "ロック", "The lock; C1, C5"),
    "joker": Description("play holding Jokers (value: how many)", "ジョーカーを含む出し札(値: 枚数)", "K8–K12"),
    "joker_out": Description(
        "first out, having played a Joker that hand", "ジョーカーを出して最初に上がった", "K8–K12; A game"
    ),
    "left:": Description("rank left in hand at the end (value: its points)", "残った数字(値: その失点)", "Scoring"),
}


def rank_name(card: int) -> str:
    return "JK" if C.base(card) == C.JOKER else C.RANKS[C.rank_of(card)]


def seating(match: Match, span: DealSpan) -> tuple[int, list[int]]:
    dealt = match.events[span.start].after
    return dealt.start_player, ring_positions(dealt.start_player, match.game.seat_count)


def events(match: Match, span: DealSpan, lines: tuple[ScoreLine, ...]) -> Iterator[Event]:
    game = match.game
    n = game.seat_count
    scoring: str = getattr(game.options, "scoring", rules.RANK)  # a knob of the game's (or a design's) options
    end = match.events[span.end].after
    k = span.index
    out = [seat for seat in range(n) if not end.hands[seat]]
    yield Event(k, None, f"ending:{len(out)}")
    for seat in out:
        yield Event(k, seat, "went_out")
    if end.first_out is not None:
        yield Event(k, end.first_out, "first_out")
    for seat, hand in enumerate(end.hands):
        by_rank: dict[str, int] = {}
        for card in C.cards_in(hand):
            name = rank_name(card)
            by_rank[name] = by_rank.get(name, 0) | 1 << card
        for name, cards in by_rank.items():
            yield Event(k, seat, f"left:{name}", rules.hand_score(cards, scoring))  # the rules' own score
    turns = 0
    joker_players: set[int] = set()
    for event in actions(match, span):
        if not isinstance(event.action, rules.Play):
            continue
        before, after = event.before, event.after
        assert isinstance(event.actor, int)
        jokers = sum(1 for card in C.cards_in(event.action.cards) if C.base(card) == C.JOKER)
        if jokers:
            yield Event(k, event.actor, "joker", jokers)
            joker_players.add(event.actor)
        if not before.table:
            turns += 1
        elif before.table[-1][1].bit_count() in (2, 3) and event.action.cards.bit_count() == 1:
            yield Event(k, event.actor, "cut_in")
        if before.lock_suit is None and after.lock_suit is not None and after.table:
            yield Event(k, event.actor, "lock")
    yield Event(k, None, "turns", turns)
    if end.first_out is not None and end.first_out in joker_players:
        yield Event(k, end.first_out, "joker_out")
