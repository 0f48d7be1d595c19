"""What the server tells one seat: built from that seat's view of the match only (``match.view(seat)``).

:func:`seat_payload` is the part of a state message that depends on the game — the seat's observation, its legal
actions, the presentation model of its table (``kirifuda.presentation``), its choices, the last events as it saw
them, the scores — and nothing in it is read from the referee's state except through the seat's own view: the
observation and history of :class:`~kirifuda.match.SeatView`, and the legal actions of the seat itself.

The payload holds the observation, the table and the choices as they are (frozen dataclasses); :func:`dumps` writes
a message as JSON in one pass, giving exactly what ``Observation.to_json()``, ``Table.to_json()`` and
``choice_to_json`` give (tests/web/test_messages.py) at a fraction of their cost — the server writes one state
message per seat after every action. :func:`error_message` is a refused message's answer.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import logging
from functools import lru_cache
from typing import Any

from ..cards import CardSet
from ..core import Action, Game, KirifudaError, Observation, Seen
from ..match import Match
from ..presentation import choices as present_choices
from ..presentation import event as present_event
from ..presentation import present
from ..presentation.model import Table, Text, Zone
from ..seats import winners_of
from .schemas import ErrorCode, ErrorMessage

log = logging.getLogger("kirifuda.web")

LOG_EVENTS = 16
"""How many of the latest events a state message carries (the table's log)."""


def seat_payload(match: Match, seat: int | None) -> dict[str, Any]:
    """The game part of a state message for ``seat`` (None: a spectator): ``version``, ``seat``,
    ``observation``, ``legal``, ``to_act``, ``finished``, ``scores``, ``view``, ``choices``, ``log`` — as values
    for :func:`dumps`."""
    game = match.game
    view = match.view(seat)
    obs = view.observation()
    history = view.history()
    to_act = sorted(obs.to_act or match.to_act())
    legal = match.legal_actions(seat) if seat is not None and seat in to_act else []
    finished = match.finished
    try:
        table_view: Any = present(game, obs)
        offered: list[Any] = present_choices(game, obs, legal)
    except Exception:  # a presentation bug must not take the table down: the page falls back to plain buttons
        log.exception("presentation of %s failed for seat %s; sending plain choices", game.id, seat)
        table_view = None
        offered = [plain_choice(str(a)) for a in legal]
    return {
        "version": len(match.actions),
        "seat": seat,
        "observation": obs,
        "legal": [str(a) for a in legal],
        "to_act": to_act,
        "finished": finished,
        "scores": scores(obs, finished),
        "view": table_view,
        "choices": offered,
        "log": [log_line(game, seen) for seen in history[-LOG_EVENTS:]],
    }


def scores(obs: Observation, finished: bool) -> dict[str, list[Any]]:
    """Each completed deal's scores, the totals and (once the game is over) the winners, from the observation."""
    totals = list(obs.totals)
    return {
        "deals": [list(d) for d in obs.deal_scores],
        "totals": totals,
        "winners": list(winners_of(totals)) if finished and totals else [],
    }


def log_line(game: Game, seen: Seen) -> dict[str, Any]:
    """One event of the seat's history: who, its record text as the seat saw it, and the line the table shows."""
    return {"actor": seen.actor, "text": seen.text, "line": _line(game.id, seen, game)}


@lru_cache(maxsize=8192)
def _line(game_id: str, seen: Seen, game: Game) -> Text:
    return present_event(game, seen)


def completed_trick(table: Table) -> Zone | None:
    """The trick (turn) just completed that the table shows: a center zone keyed ``last_…`` of kind trick or sets."""
    return next((z for z in table.center if z.key.startswith("last_") and z.kind in ("trick", "sets")), None)


def trick_key(zone: Zone) -> tuple[object, ...]:
    """What tells one completed trick (turn) from another: its cards and who played them."""
    return (tuple((c.card, c.seat) for c in zone.cards), tuple(trick_key(z) for z in zone.zones))


def trick_entry(number: int, zone: Zone, first: int, end: int) -> dict[str, Any]:
    """One completed trick of the history panel: its number, its cards as the table showed them, who led (the first
    card's seat; Cut-in's first set's), who won (the highlighted card's seat, when the table marks one), and the
    deal's events ``[first, end)`` that led to it."""
    led = zone.cards[0].seat if zone.cards else zone.zones[0].owner if zone.zones else None
    won = next((c.seat for c in zone.cards if c.highlight), None)
    return {"trick": number, "zone": zone, "led": led, "won": won, "lines": [first, end]}


class DealTricks:
    """The tricks (turns) completed in the current deal as one seat saw them — from its own view of the history, each
    as its table showed it when completed, never another seat's hidden cards (the terminal's ``t`` panel) — kept
    and extended as the deal goes on."""

    __slots__ = ("start", "done", "found", "keys", "group")

    def __init__(self, start: int) -> None:
        self.start = start  # the deal event's index in the history
        self.done = start  # the events read so far
        self.found: list[dict[str, Any]] = []
        self.keys: list[tuple[object, ...]] = []
        self.group = 0  # the first line (of the deal's) after the last completed trick

    def update(self, match: Match, seat: int | None) -> list[dict[str, Any]]:
        view = match.view(seat)
        for index, (_, _, after) in enumerate(view.steps(self.done), start=self.done):
            self.done = index + 1
            try:
                zone = completed_trick(present(match.game, after))
            except Exception:  # a presentation bug: the panel lists the events without tricks
                log.exception("presentation of %s failed in the history of seat %s", match.game.id, seat)
                continue
            if zone is None:
                continue
            key = trick_key(zone)
            line = index - self.start
            if self.keys and self.keys[-1] == key:  # the same trick, maybe with more said about it
                self.found[-1]["zone"] = zone
                continue
            self.keys.append(key)
            self.found.append(trick_entry(len(self.found) + 1, zone, self.group, line + 1))
            self.group = line + 1
        return list(self.found)


def plain_choice(action: str) -> dict[str, Any]:
    """A choice with no presentation: its record text as its label."""
    return {"action": action, "label": {"ja": action, "en": action}, "cards": [], "zone": None, "group": None}


def error_message(code: ErrorCode, en: str, ja: str) -> dict[str, Any]:
    return ErrorMessage(code=code, message=f"{ja} — {en}", en=en, ja=ja).model_dump()


def error_from(code: ErrorCode, error: KirifudaError) -> dict[str, Any]:
    return error_message(code, str(error), error.ja or str(error))


# --- JSON in one pass ------------------------------------------------------------------------------------------

_FIELDS: dict[type, tuple[str, ...]] = {}


def encode(value: Any) -> Any:
    """``json.dumps``'s ``default``: the plain data of a card set, a dataclass (observations and the presentation
    model), an enum, an action or a set, as :func:`kirifuda.core.to_jsonable` and ``Table.to_json`` give it; the
    encoder then writes what this returns (tuples as lists, int keys as strings)."""
    if isinstance(value, CardSet):
        return value.texts()
    cls = type(value)
    names = _FIELDS.get(cls)
    if names is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(value))
    if names is not None:
        return {name: getattr(value, name) for name in names}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Action):
        return str(value)
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"cannot write {cls.__name__} as JSON")


def dumps(data: Any) -> str:
    """A message as compact JSON text (UTF-8 characters kept: Japanese stays readable and short)."""
    return json.dumps(data, default=encode, ensure_ascii=False, separators=(",", ":"))
