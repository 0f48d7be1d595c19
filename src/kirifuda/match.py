"""A game in progress with its history: the one driver every surface plays through.

:class:`Match` holds a :class:`~kirifuda.core.Game`, the current immutable state, and what a
record needs to reproduce it (seed, the deals used, every action and chance event in order).
Chance events are resolved as soon as they are pending: from the explicit deals given, else
from the seed (:func:`~kirifuda.core.chance_rng`), else from ``rng`` (a served table's
``secrets.SystemRandom``: the record then carries every deal and chance event it drew, and no
seed), else the match waits (``blocked``).

Every event is kept with the states before and after it (:class:`Event`), so that each seat's own
view of the history can be given out: :meth:`Match.view` returns a :class:`SeatView`, which hands out
only what that seat may know — each event as the seat saw it (:class:`~kirifuda.core.Seen`) and the
seat's observation after it. ``Match.actions`` is the record's list (every seat's actions in full, as
the referee keeps them); a seat's history is ``match.view(seat).history()``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .core import Action, Deal, Game, IllegalAction, Observation, Seen, chance_rng

RECORD_FORMAT = "kirifuda-record/1"

LoggedAction = tuple[int | Literal["chance"], str]
"""One entry of a record's ``actions``: (seat, action text), or ("chance", event text)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One event of a match: ``actor`` is a seat, ``"deal"`` or ``"chance"``; ``action`` the seat's
    action, or the chance event's text (``None`` for a deal); the states before and after it."""

    actor: int | str
    action: Action | str | None
    before: Any
    after: Any


class Match:
    def __init__(
        self,
        game: Game,
        *,
        seed: int | None = None,
        deals: Sequence[Deal] = (),
        auto_chance: bool = True,
        rng: random.Random | None = None,
    ) -> None:
        self.game = game
        self.seed = seed
        self.rng = rng
        self._explicit = list(deals)
        self.deals: list[Deal] = []
        self.actions: list[LoggedAction] = []
        self.events: list[Event] = []
        self.chance_count = 0
        self.state: Any = game.initial()
        self.initial_state: Any = self.state
        self.auto_chance = auto_chance
        self._views: dict[int | None, SeatView] = {}
        if auto_chance:
            self.resolve_chance()

    # chance
    def resolve_chance(self, text: str | None = None) -> None:
        """Resolve pending chance events: ``text`` for one non-deal event, else explicit deals, else the seed,
        else ``rng``."""
        g = self.game
        while (kind := g.chance(self.state)) is not None:
            before = self.state
            if kind == "deal":
                if len(self.deals) < len(self._explicit):
                    deal = self._explicit[len(self.deals)]
                    g.check_deal(self.state, deal)
                elif self.seed is not None:
                    deal = g.random_deal(self.state, chance_rng(self.seed, self.chance_count))
                elif self.rng is not None:
                    deal = g.random_deal(self.state, self.rng)
                else:
                    if text is not None:
                        raise IllegalAction(
                            "a deal is pending that is neither given nor seeded",
                            ja="配札が与えられておらず、シードもありません",
                        )
                    return
                self.state = g.apply_deal(self.state, deal)
                self.deals.append(deal)
                self.events.append(Event("deal", None, before, self.state))
            else:
                if text is not None:
                    event, text = text, None
                elif self.seed is not None:
                    event = g.random_chance(self.state, chance_rng(self.seed, self.chance_count))
                elif self.rng is not None:
                    event = g.random_chance(self.state, self.rng)
                else:
                    return
                self.state = g.apply_chance(self.state, event)
                self.actions.append(("chance", event))
                self.events.append(Event("chance", event, before, self.state))
            self.chance_count += 1
        if text is not None:
            raise IllegalAction("no chance event is pending", ja="偶然の出来事は待っていません")

    @property
    def blocked(self) -> bool:
        """True when a chance event is pending that neither the explicit deals nor a seed can give."""
        return self.game.chance(self.state) is not None

    # decisions
    def to_act(self) -> frozenset[int]:
        return self.game.to_act(self.state)

    def legal_actions(self, seat: int) -> list[Action]:
        return self.game.legal_actions(self.state, seat)

    def act(self, seat: int, action: Action | str) -> None:
        """Apply ``seat``'s action; on :class:`~kirifuda.core.KirifudaError` nothing changes."""
        g = self.game
        parsed = g.parse_action(action) if isinstance(action, str) else action
        before = self.state
        self.state = g.apply(self.state, seat, parsed)
        self.actions.append((seat, str(parsed)))
        self.events.append(Event(seat, parsed, before, self.state))
        if self.auto_chance:
            self.resolve_chance()

    # views
    def observation(self, seat: int | None) -> Observation:
        return self.game.observation(self.state, seat)

    def view(self, seat: int | None) -> SeatView:
        """The history as ``seat`` (``None``: a spectator) saw it; one view per seat, kept up to date."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = SeatView(self, seat)
        return view

    @property
    def finished(self) -> bool:
        return self.game.is_over(self.state)

    def record(self) -> dict[str, Any]:
        """The ``kirifuda-record/1`` object of this match (../shared/spec/records.md)."""
        out: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game.id,
            "options": self.game.options.to_dict(),
        }
        design_sha256 = getattr(self.game, "design_sha256", None)  # a designed game (goout): docs/records.md
        if design_sha256 is not None:
            out["design_sha256"] = design_sha256
        if self.seed is not None:
            out["seed"] = self.seed
        out["deals"] = [d.to_json() for d in self.deals]
        out["actions"] = [[who, text] for who, text in self.actions]
        return out


def seen_event(game: Game, event: Event, seat: int | None) -> Seen:
    """``event`` as ``seat`` saw it (the game's ``seen`` / ``seen_chance`` / ``seen_deal``)."""
    if event.actor == "deal":
        return Seen("deal", game.seen_deal(event.after, seat))
    if event.actor == "chance":
        assert isinstance(event.action, str)
        return Seen("chance", game.seen_chance(event.before, seat, event.action))
    assert isinstance(event.actor, int) and isinstance(event.action, Action)
    if event.actor == seat:
        return Seen(seat, str(event.action))
    return Seen(event.actor, game.seen(event.before, seat, event.actor, event.action))


class SeatView:
    """One seat's view of a match: each event as the seat saw it and its observation after it.

    This is the boundary between the referee (the :class:`Match`, which holds every state) and what a
    player, a bot, a log or the network may receive for one seat: nothing but :class:`~kirifuda.core.Seen`
    entries and that seat's :class:`~kirifuda.core.Observation` values leave it. Entries are computed
    lazily and cached, so a view costs nothing until it is read."""

    __slots__ = ("_match", "seat", "_seen", "_after")

    def __init__(self, match: Match, seat: int | None) -> None:
        self._match = match
        self.seat = seat
        self._seen: list[Seen] = []
        self._after: list[Observation] = []

    def __len__(self) -> int:
        return len(self._match.events)

    def _catch_up(self, upto: int) -> None:
        game, events = self._match.game, self._match.events
        for i in range(len(self._seen), upto):
            event = events[i]
            self._seen.append(seen_event(game, event, self.seat))
            self._after.append(game.observation(event.after, self.seat))

    def history(self) -> tuple[Seen, ...]:
        """Every event so far as this seat saw it, in order."""
        self._catch_up(len(self._match.events))
        return tuple(self._seen)

    def steps(self, start: int = 0) -> Iterator[tuple[Seen, Observation, Observation]]:
        """``(seen, observation before, observation after)`` for every event from index ``start`` on."""
        self._catch_up(len(self._match.events))
        for i in range(start, len(self._seen)):
            yield self._seen[i], self.observation_at(i), self._after[i]

    def observation_at(self, index: int) -> Observation:
        """The seat's observation just before event ``index`` (``index == len(self)``: now)."""
        if index == 0:
            return self._match.game.observation(self._match.initial_state, self.seat)
        self._catch_up(index)
        return self._after[index - 1]

    def observation(self) -> Observation:
        """The seat's observation now."""
        return self.observation_at(len(self._match.events))
