"""A replayed record, event by event (``kirifuda view``): the table at any step from a seat's view, a spectator's,
or with every hand open (a record is reviewed once its game is played, so it may show everything)."""

from __future__ import annotations

from typing import Any, Literal

from ..match import Match, seen_event
from ..presentation import event, open_table, present
from ..presentation.model import Table, Text

OPEN: Literal["open"] = "open"
SPECTATOR: Literal["spectator"] = "spectator"
Who = int | Literal["open", "spectator"]


class Replay:
    """The states of a replayed match and how each viewer saw them."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.game = match.game
        self.length = len(match.events)

    def state(self, step: int) -> Any:
        """The state after ``step`` events (0: before the first deal)."""
        return self.match.initial_state if step == 0 else self.match.events[step - 1].after

    def table(self, who: Who, step: int) -> Table:
        game, state = self.game, self.state(step)
        if who == OPEN:
            seats = [game.observation(state, s) for s in range(game.seat_count)]
            return open_table(game, game.observation(state, None), seats)
        return present(game, game.observation(state, None if who == SPECTATOR else who))

    def log(self, who: Who, step: int) -> list[Text]:
        """The events before ``step`` as ``who`` saw them (with every hand open: as each actor saw its own)."""
        if who == OPEN:
            game = self.game
            return [
                event(game, seen_event(game, e, e.actor if isinstance(e.actor, int) else None))
                for e in self.match.events[:step]
            ]
        seat = None if who == SPECTATOR else who
        return [event(self.game, seen) for seen in self.match.view(seat).history()[:step]]

    def viewers(self) -> list[Who]:
        """Every way to look at the record, in the order ``v`` cycles through them."""
        return [OPEN, SPECTATOR, *range(self.game.seat_count)]


def who_label(who: Who) -> Text:
    if who == OPEN:
        return Text("全員の手札を公開", "every hand open")
    if who == SPECTATOR:
        return Text("観戦者", "spectator")
    return Text(f"席{who}から", f"from seat {who}")
