"""Scoring events of a finished game, by name, per deal and per seat: what the designers' reports count.

Each game id's ``analysis`` part (its registry entry, :func:`kirifuda.registry.part`; the built-in games' modules
are here) has

* ``collect(match) -> Facts``: reads the finished :class:`~kirifuda.match.Match` — its events and the referee's
  states, which analysis may read because the game is over — and returns who dealt each deal, every seat's
  position from that dealer, and the named :class:`Event` values;
* ``DESCRIPTIONS``: every event name (or ``prefix:`` of a family of names, e.g. ``bid:`` in the Anarchy family)
  with its English and Japanese wording and the rule it counts, as the game's rules doc cites it.

An event is one occurrence: ``value`` is 1 for a plain count, or the quantity it carries (the cards of an
overfilled column, the score a bid made). Events that describe the whole table (a deal's mode, a battle's
result) have ``seat`` None. A *deal* is one entry of ``deal_scores`` (a Gonin-kan battle, a Cut-in hand).

**The game's own score lines** (:meth:`kirifuda.core.Game.score_lines`: what each scoring rule gave each seat in
each deal, under the rule id docs/rules/<game>.md carries) are collected generically for every game
(:func:`score_line_events`): one event ``rule:ID`` per line, its value the line's amount, described by the rule's
own names (:func:`rule_descriptions`). So a report measures every scoring rule — how often it fired, whom it
helped, what it added to the deal's score — without a line of per-game code. The per-game modules stay for
what the score lines do not carry: who dealt, and the play's events that score nothing themselves (a cut-in,
a lock, a root stone placed, a Joker played, a bid made).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ...core import Game, ScoreRule
from ...match import Event as MatchEvent
from ...match import Match
from ...registry import UnknownGame, has_part, require


@dataclass(frozen=True, slots=True)
class Event:
    """One occurrence of a named event in deal ``deal`` (0-based) for ``seat`` (None: the whole table)."""

    deal: int
    seat: int | None
    name: str
    value: float = 1.0

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "seat": self.seat, "name": self.name, "value": self.value}


@dataclass(frozen=True, slots=True)
class Description:
    """What an event name means, in both languages, and the rule it counts (rules doc section or ruling id)."""

    en: str
    ja: str
    rule: str


@dataclass
class Facts:
    """What a finished game's reports need beyond its scores: per deal the dealer (or start player), every
    seat's position counted from that dealer in the direction of play (0: the dealer), and the events."""

    dealers: list[int] = field(default_factory=list)
    positions: list[list[int]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class DealSpan:
    """One deal of a match: ``events[start]`` is its deal event, ``events[end]`` the action that completed it."""

    index: int
    start: int
    end: int


def deal_spans(match: Match) -> list[DealSpan]:
    """Every completed deal of ``match`` (Gonin-kan: battle), in order."""
    game = match.game
    spans: list[DealSpan] = []
    start = None
    done = 0
    for i, event in enumerate(match.events):
        if event.actor == "deal":
            start = i
            continue
        completed = len(game.deal_scores(event.after))
        if completed > done:
            assert start is not None, "a deal ended before it was dealt"
            spans.append(DealSpan(done, start, i))
            done = completed
    return spans


def actions(match: Match, span: DealSpan) -> Iterator[MatchEvent]:
    """The players' actions and chance events of one deal, in order (not its deal event)."""
    for i in range(span.start + 1, span.end + 1):
        yield match.events[i]


def module_for(game_id: str) -> Any:
    """The ``analysis`` part of ``game_id`` (:class:`~kirifuda.registry.MissingPart` where it declares none)."""
    return require(game_id, "analysis")


RULE_PREFIX = "rule:"
"""Events named ``rule:ID`` are the game's score lines (:func:`score_line_events`)."""


def score_line_events(game: Game, state: Any) -> list[Event]:
    """Every score line of the completed deals of ``state`` as an event ``rule:ID`` of its seat, valued at its
    amount (a rule that gave a seat 0 has no line, so counts say how often a rule scored)."""
    return [
        Event(deal, line.seat, RULE_PREFIX + line.rule, float(line.amount))
        for deal, lines in enumerate(game.score_lines(state))
        for line in lines
    ]


def rule_descriptions(game_id: str) -> dict[str, Description]:
    """``rule:ID`` → the rule's names, from the :class:`~kirifuda.core.ScoreRule` values of the game's module
    (directly or in a table of them)."""
    from ...registry import game_class

    try:
        module = importlib.import_module(game_class(game_id).__module__)
    except Exception:  # an unknown game: no names
        return {}
    out: dict[str, Description] = {}
    for value in vars(module).values():
        rules = value.values() if isinstance(value, dict) else (value,)
        for rule in rules:
            if isinstance(rule, ScoreRule):
                out[RULE_PREFIX + rule.rule] = Description(rule.en, rule.ja, rule.rule)
    return out


def known_id(game: Any) -> str | None:
    """The game id whose events module reads ``game``: its own, else the nearest base class's (a variant of a
    game defined by subclassing it, as a test's planted game is); None when no module knows it."""
    for cls in type(game).__mro__:
        game_id = getattr(cls, "id", None)
        if isinstance(game_id, str) and _has_events(game_id):
            return game_id
    return None


def _has_events(game_id: str) -> bool:
    try:
        return has_part(game_id, "analysis")
    except UnknownGame:
        return False


def collect(match: Match) -> Facts | None:
    """The :class:`Facts` of a finished (or interrupted: its completed deals only) match; None for a game no
    module here knows."""
    game_id = known_id(match.game)
    if game_id is None:
        return None
    collector: Callable[[Match], Facts] = module_for(game_id).collect
    return collector(match)


def descriptions(game_id: str) -> dict[str, Description]:
    """The event names of ``game_id`` with their meaning (names ending in ``:`` describe a family)."""
    table: dict[str, Description] = module_for(game_id).DESCRIPTIONS
    return table


def describe(game_id: str, name: str) -> Description | None:
    """The description of one event name (an exact entry, else its family's ``prefix:``); None where the game
    has no events module. ``rule:ID`` names are the game's score lines."""
    if name.startswith(RULE_PREFIX):
        return rule_descriptions(game_id).get(name)
    if not _has_events(game_id):
        return None
    table = descriptions(game_id)
    if name in table:
        return table[name]
    prefix = name.split(":", 1)[0] + ":"
    return table.get(prefix)


def ring_positions(dealer: int, n: int, step: int = 1) -> list[int]:
    """Each seat's position from ``dealer`` going ``step`` (+1 clockwise) round ``n`` seats: 0 the dealer."""
    return [((seat - dealer) * step) % n for seat in range(n)]
