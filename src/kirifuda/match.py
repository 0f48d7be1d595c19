"""A game in progress with its history: the one driver every surface plays through.

:class:`Match` holds a :class:`~kirifuda.core.Game`, the current immutable state, and what a
record needs to reproduce it (seed, the deals used, every action and chance event in order).
Chance events are resolved as soon as they are pending: from the explicit deals given, else
from the seed (:func:`~kirifuda.core.chance_rng`), else the match waits (``blocked``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from .core import Action, Deal, Game, IllegalAction, Observation, chance_rng

RECORD_FORMAT = "kirifuda-record/1"

LoggedAction = tuple[int | Literal["chance"], str]
"""One entry of a record's ``actions``: (seat, action text), or ("chance", event text)."""


class Match:
    def __init__(self, game: Game, *, seed: int | None = None, deals: Sequence[Deal] = (), auto_chance: bool = True):
        self.game = game
        self.seed = seed
        self._explicit = list(deals)
        self.deals: list[Deal] = []
        self.actions: list[LoggedAction] = []
        self.chance_count = 0
        self.state = game.initial()
        self.auto_chance = auto_chance
        if auto_chance:
            self.resolve_chance()

    # chance
    def resolve_chance(self, text: str | None = None) -> None:
        """Resolve pending chance events: ``text`` for one non-deal event, else explicit deals, else the seed."""
        g = self.game
        while (kind := g.chance(self.state)) is not None:
            if kind == "deal":
                if len(self.deals) < len(self._explicit):
                    deal = self._explicit[len(self.deals)]
                    g.check_deal(self.state, deal)
                elif self.seed is not None:
                    deal = g.random_deal(self.state, chance_rng(self.seed, self.chance_count))
                else:
                    if text is not None:
                        raise IllegalAction(
                            "a deal is pending that is neither given nor seeded",
                            ja="配札が与えられておらず、シードもありません",
                        )
                    return
                self.state = g.apply_deal(self.state, deal)
                self.deals.append(deal)
            else:
                if text is not None:
                    event, text = text, None
                elif self.seed is not None:
                    event = g.random_chance(self.state, chance_rng(self.seed, self.chance_count))
                else:
                    return
                self.state = g.apply_chance(self.state, event)
                self.actions.append(("chance", event))
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
        self.state = g.apply(self.state, seat, parsed)
        self.actions.append((seat, str(parsed)))
        if self.auto_chance:
            self.resolve_chance()

    # views
    def observation(self, seat: int | None) -> Observation:
        return self.game.observation(self.state, seat)

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
        if self.seed is not None:
            out["seed"] = self.seed
        out["deals"] = [d.to_json() for d in self.deals]
        out["actions"] = [[who, text] for who, text in self.actions]
        return out
