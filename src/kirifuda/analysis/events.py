"""Scoring events of a finished game, by name, per deal and per seat: what the designers' reports count.

One generic collector (:func:`collect`) for every game. It walks the match's completed deals and gathers

* **the game's own score lines** (:meth:`kirifuda.core.Game.score_lines`: what each scoring rule gave each seat in
  each deal, under the rule id docs/rules/<game>.md carries): one event ``rule:ID`` per line, its value the
  line's amount, described by the rule's own names (:func:`rule_descriptions`) — so a report measures every
  scoring rule without a line of per-game code; and a game's own name for some of those lines
  (``LINE_EVENTS``, e.g. Anarchy Bomb's ``void_bonus`` is its line S2), so no rule is worked out twice;
* **what the score lines do not carry**, from the game's ``analysis`` part (its registry entry,
  :func:`kirifuda.registry.part`; the built-in games' are :mod:`kirifuda.analysis.stats`): who dealt each deal
  and every seat's position from that dealer, and the play's statistics that score nothing themselves (a cut-in,
  a lock, a root stone placed, a Joker played, the bid made, the cards taken).

A game's ``analysis`` part has

* ``seating(match, span) -> (dealer, positions)``: the deal's dealer (or start player) and each seat's position
  counted from it in the direction of play (0: the dealer);
* ``events(match, span, lines) -> Iterable[Event]``: the deal's statistics (``lines``: its score lines), read
  from the finished :class:`~kirifuda.match.Match` — its events and the referee's states, which analysis may read
  because the game is over — never re-deriving a score;
* ``DESCRIPTIONS``: every event name (or ``prefix:`` of a family of names, e.g. ``bid:`` in the Anarchy family)
  with its English and Japanese wording and the rule it counts, as the game's rules doc cites it;
* optionally ``LINE_EVENTS``: rule id → :class:`LineEvent`, the game's own event for each line of that rule.

An event is one occurrence: ``value`` is 1 for a plain count, or the quantity it carries (the cards of an
overfilled column, the score a bid made). Events that describe the whole table (a deal's mode, a battle's
result) have ``seat`` None. A *deal* is one entry of ``deal_scores`` (a Gonin-kan battle, a Cut-in hand).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType, ModuleType
from typing import Any, Protocol

from ..core import Game, ScoreLine, ScoreRule
from ..match import Event as MatchEvent
from ..match import Match
from ..registry import UnknownGame, has_part, require


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


@dataclass(frozen=True, slots=True)
class LineEvent:
    """A game's own event name for the score lines of one rule (its ``LINE_EVENTS``): one event per line, valued
    at the line's amount (``valued``) or counted 1."""

    name: str
    valued: bool = True


class SeatingOf(Protocol):
    """A part's ``seating``: the deal's dealer and every seat's position from it."""

    def __call__(self, match: Match, span: DealSpan) -> tuple[int, list[int]]: ...


class StatisticsOf(Protocol):
    """A part's ``events``: the deal's statistics, given its score lines."""

    def __call__(self, match: Match, span: DealSpan, lines: tuple[ScoreLine, ...]) -> Iterable[Event]: ...


NO_LINE_EVENTS: Mapping[str, LineEvent] = MappingProxyType({})


def module_for(game_id: str) -> ModuleType:
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
    from ..registry import game_class

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


def collect(match: Match) -> Facts:
    """The :class:`Facts` of a finished (or interrupted: its completed deals only) match: per deal its dealer and
    positions and the game part's statistics and named lines, then every score line as ``rule:ID``. A game with no
    ``analysis`` part has its score lines only (and no dealers)."""
    game = match.game
    facts = Facts()
    game_id = known_id(game)
    if game_id is not None:
        module = module_for(game_id)
        seating: SeatingOf = module.seating
        statistics: StatisticsOf = module.events
        named: Mapping[str, LineEvent] = getattr(module, "LINE_EVENTS", NO_LINE_EVENTS)
        lines = game.score_lines(match.state)
        for span in deal_spans(match):
            dealer, positions = seating(match, span)
            facts.dealers.append(dealer)
            facts.positions.append(positions)
            deal_lines = lines[span.index]
            facts.events.extend(statistics(match, span, deal_lines))
            for line in deal_lines:
                as_event = named.get(line.rule)
                if as_event is not None:
                    value = line.amount if as_event.valued else 1.0
                    facts.events.append(Event(span.index, line.seat, as_event.name, value))
    facts.events.extend(score_line_events(game, match.state))
    return facts


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
