"""Each game's table, described once: ``present(game, observation)`` → :class:`~.model.Table`, and
``choices(game, observation, legal)`` → one :class:`~.model.Choice` per legal action.

A game's ``presentation`` part (its registry entry, :func:`kirifuda.registry.part`) defines ``present(game, obs)``,
``choices(game, obs, legal)`` and ``rules(game)`` (the rules summary a player opens at the table), and may define
``WORDS``, how the words of its record text read in the log (:func:`event`: the terminal's and the browser's log
read the same). Adding a game
means adding one such module; the surfaces draw the model generically (docs/presentation.md).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from types import ModuleType

from ..core import Action, Game, Observation, Seen
from ..registry import require
from .common import NO_WORDS as _NO_WORDS
from .common import event as _event
from .model import Choice, Table, Text

__all__ = ["choices", "event", "module_for", "open_table", "present", "rules", "words"]


def module_for(game: Game) -> ModuleType:
    """The presentation module of ``game`` (its registry entry's ``presentation`` part)."""
    return require(game.id, "presentation")


def present(game: Game, obs: Observation) -> Table:
    """The table as ``obs.seat`` sees it."""
    table: Table = module_for(game).present(game, obs)
    return table


def choices(game: Game, obs: Observation, legal: Sequence[Action]) -> list[Choice]:
    """Every legal action as a player chooses it, in the order of ``legal``."""
    out: list[Choice] = module_for(game).choices(game, obs, legal)
    return out


def rules(game: Game) -> Text:
    """The game's rules summary in Japanese and English (docs/rules/<game>.md is the full text)."""
    text: Text = module_for(game).rules(game)
    return text


def event(game: Game, seen: Seen) -> Text:
    """One event of a seat's history as the table's log shows it (``play ?`` stays a face-down card), read with
    the game's own vocabulary (its presentation module's ``WORDS``): the terminal's and the browser's log."""
    return _event(seen, words(game))


def words(game: Game) -> Mapping[str, Text]:
    """How the words of ``game``'s record text read in a log line: its presentation module's ``WORDS`` (a bid's
    name, a suit named alone, a verb of its own), if it has any."""
    vocabulary: Mapping[str, Text] = getattr(module_for(game), "WORDS", _NO_WORDS)
    return vocabulary


def open_table(game: Game, spectator: Observation, seats: Sequence[Observation]) -> Table:
    """The table with every hand face up, for reviewing a record: the spectator's table with each seat's hand (as
    that seat's own table shows it) added to its seat as zone ``hand<seat>``."""
    hands = {}
    for obs in seats:
        hand = present(game, obs).hand
        if hand is not None and obs.seat is not None:
            hands[obs.seat] = dataclasses.replace(hand, key=f"hand{obs.seat}", kind="row")
    table = present(game, spectator)
    opened = tuple(
        dataclasses.replace(seat, zones=(hands[seat.seat], *seat.zones)) if seat.seat in hands else seat
        for seat in table.seats
    )
    return dataclasses.replace(table, seats=opened)
