"""A replayed record, event by event (``kirifuda view``): the table at any step from a seat's view, a spectator's,
or with every hand open (a record is reviewed once its game is played, so it may show everything).

With a review (``kirifuda view --review``, :mod:`kirifuda.bots.review`) each reviewed decision of the seat carries
its loss in the log, a mistake (悪手) flagged ``??``, and the step just after a decision says what the review found."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from ..match import Match, seen_event
from ..presentation import event, open_table, present
from ..presentation.model import Table, Text

if TYPE_CHECKING:
    from ..bots.review import DecisionReview, Review

OPEN: Literal["open"] = "open"
SPECTATOR: Literal["spectator"] = "spectator"
Who = int | Literal["open", "spectator"]


class Replay:
    """The states of a replayed match and how each viewer saw them."""

    def __init__(self, match: Match, review: Review | None = None) -> None:
        self.match = match
        self.game = match.game
        self.length = len(match.events)
        self.review = review
        self.reviewed: dict[int, DecisionReview] = {d.event: d for d in review.decisions} if review else {}
        """The reviewed decisions by the index of their event."""

    def review_at(self, step: int) -> DecisionReview | None:
        """The reviewed decision whose action is the last event before ``step``, if any."""
        return self.reviewed.get(step - 1)

    def mistakes(self) -> list[int]:
        """The steps just after each flagged mistake, in order."""
        return sorted(event + 1 for event, d in self.reviewed.items() if d.mistake)

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
            lines = [
                event(game, seen_event(game, e, e.actor if isinstance(e.actor, int) else None))
                for e in self.match.events[:step]
            ]
        else:
            seat = None if who == SPECTATOR else who
            lines = [event(self.game, seen) for seen in self.match.view(seat).history()[:step]]
        for index, decision in self.reviewed.items():
            if index < len(lines):
                mark = loss_mark(decision)
                lines[index] = Text(f"{lines[index].ja}  {mark.ja}", f"{lines[index].en}  {mark.en}")
        return lines

    def viewers(self) -> list[Who]:
        """Every way to look at the record, in the order ``v`` cycles through them."""
        return [OPEN, SPECTATOR, *range(self.game.seat_count)]


def who_label(who: Who) -> Text:
    if who == OPEN:
        return Text("全員の手札を公開", "every hand open")
    if who == SPECTATOR:
        return Text("観戦者", "spectator")
    return Text(f"席{who}から", f"from seat {who}")


def loss_mark(decision: DecisionReview) -> Text:
    """A reviewed decision's mark in the log: its loss, ``??`` where it is a mistake."""
    loss = f"−{decision.loss:.2f}"
    if decision.mistake:
        return Text(f"[検討 {loss} ?? 悪手]", f"[review {loss} ?? mistake]")
    return Text(f"[検討 {loss}]", f"[review {loss}]")


def review_text(decision: DecisionReview) -> Text:
    """What the review found of a decision: what was played, the best estimate, the loss."""
    loss = f"{decision.loss:.2f} ± {decision.loss_stderr:.2f}"
    flag = Text(" ?? 悪手", " ?? mistake") if decision.mistake else Text("", "")
    return Text(
        f"検討: {decision.played} を選択 · 最善 {decision.best} · 損失 {loss}{flag.ja}",
        f"review: played {decision.played} · best {decision.best} · loss {loss}{flag.en}",
    )
