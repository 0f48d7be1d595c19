"""The table's widgets. Each draws one part of a :class:`~kirifuda.presentation.model.Table` it is given (data
down) and reports what the player did as a message (messages up); none knows any game."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.text import Text as RichText
from textual.app import ComposeResult
from textual.containers import HorizontalScroll, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from ..presentation.model import Call, Choice, Table, Text, Zone
from . import render


class CardView(Static):
    """One card of a row the player picks from, drawn as a small framed card whose frame shows its state
    (:data:`MARKS`); a click posts :class:`CardView.Clicked`. Redrawing it never changes the layout."""

    class Clicked(Message):
        def __init__(self, zone: str, index: int) -> None:
            super().__init__()
            self.zone = zone
            self.index = index

    def __init__(self) -> None:
        super().__init__(classes="card")
        self.card = ""
        self.zone = ""
        self.index = 0
        self.marks: frozenset[str] = frozenset()
        self._drawn: tuple[str, frozenset[str]] | None = None

    def set_card(self, card: str, zone: str, index: int, marks: frozenset[str] = frozenset()) -> None:
        self.card, self.zone, self.index, self.marks = card, zone, index, marks
        if (card, marks) != self._drawn:
            self._drawn = (card, marks)
            self.update(render.framed_card(card, marks), layout=False)

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.zone, self.index))


MARKS = ("-playable", "-unplayable", "-selected", "-cursor")
"""A card's states in a row: one of the legal choices uses it / none does, it is selected, the cursor is on it."""


class CardRow(Vertical):
    """A titled row of cards: the hand, or the cards a choice picks from (Anou's cards to take). Its card widgets
    are kept and reused, so redrawing never remounts them."""

    def __init__(self, *, id: str, size: int = 16) -> None:
        super().__init__(id=id)
        self._title = Label(classes="row-title")
        self._row = HorizontalScroll(classes="cards", can_focus=False)
        self._views: list[CardView] = [CardView() for _ in range(size)]
        self._drawn: object = None

    def compose(self) -> ComposeResult:
        yield self._title
        with self._row:
            yield from self._views

    def show(self, zone: Zone | None, lang: str, marks: Sequence[set[str]] = ()) -> None:
        """Draw ``zone``'s cards (None: none), each in the states ``marks`` names (:data:`MARKS`)."""
        drawn = (zone, lang, [frozenset(m) for m in marks])
        if drawn == self._drawn:
            return
        self._drawn = drawn
        title = "" if zone is None else zone.title(lang) + ("" if zone.note is None else f"  ({zone.note(lang)})")
        self._title.update(title, layout=False)
        cards = [] if zone is None else [c.card for c in zone.cards]
        if len(cards) > len(self._views):
            more = [CardView() for _ in range(len(cards) - len(self._views))]
            self._views.extend(more)
            self._row.mount_all(more)
        for i, view in enumerate(self._views):
            shown = i < len(cards)
            if view.display != shown:
                view.display = shown
            if shown:
                wanted = frozenset(marks[i]) if i < len(marks) else frozenset()
                view.set_card(cards[i], zone.key if zone is not None else "", i, wanted)
                if "-cursor" in wanted:
                    view.scroll_visible(animate=False)

    @property
    def cards(self) -> list[CardView]:
        """The card widgets showing cards now, in order."""
        return [view for view in self._views if view.display and view.card]


class SeatsPanel(VerticalScroll, can_focus=False):
    """Every seat round the table: name, who sits there, cards, total, badges, what it said, its zones."""

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)
        self._views: list[Static] = []
        self._drawn: list[object] = []

    def show(self, table: Table, lang: str, who: Callable[[int], Text | None]) -> None:
        seats = [
            (seat, who(seat.seat), tuple(c.text for c in table.calls if c.seat == seat.seat)) for seat in table.seats
        ]
        if len(self._views) < len(seats):
            more = [Static(classes="seat") for _ in range(len(seats) - len(self._views))]
            self._views.extend(more)
            self._drawn.extend(None for _ in more)
            self.mount_all(more)
        for i, (seat, sits, said) in enumerate(seats):
            if self._drawn[i] != (seat, sits, said, lang):  # redraw only the seats that changed
                self._drawn[i] = (seat, sits, said, lang)
                self._views[i].update(render.seat(seat, lang, sits, said))


class CenterPanel(Static):
    """The middle of the table: the trick or sets, the last trick, piles, facts, and what the table said."""

    _drawn: object = None

    def show(self, table: Table, lang: str, kept: Zone | None = None) -> None:
        """Draw the table's center; ``kept``: the last completed trick, shown after the center's zones."""
        drawn = (table.center, table.calls, table.info, lang, kept)
        if drawn == self._drawn:
            return
        self._drawn = drawn
        parts: list[RenderableType] = [
            render.zone(z, lang) for z in (*table.center, *(() if kept is None else (kept,)))
        ]
        unseated: list[Call] = [c for c in table.calls if c.seat is None or c.seat not in {s.seat for s in table.seats}]
        for call in unseated:
            parts.append(RichText(call.text(lang), style="bold yellow"))
        parts.append(render.facts(table, lang))
        self.update(Group(*parts))


class SheetPanel(Static):
    """The running score sheet across deals."""

    _drawn: object = None

    def show(self, table: Table, lang: str) -> None:
        if (table.sheet, lang) == self._drawn:
            return
        self._drawn = (table.sheet, lang)
        if table.sheet is None:
            self.update("")
            return
        seats = sorted(s.seat for s in table.seats)
        self.update(render.sheet(table.sheet, seats, lang, lambda s: ("席" if lang == "ja" else "s") + str(s)))


class ChoiceList(OptionList):
    """The legal choices, numbered; Enter or a click chooses (posts ``OptionList.OptionSelected``)."""

    _drawn: object = None

    def show(
        self, listed: Sequence[tuple[int, Choice]], lang: str, highlight: int | None = None, keys: str = ""
    ) -> None:
        """``listed``: (index among all choices, choice) pairs in the order shown; ``keys``: the key of each."""
        if (list(listed), lang, highlight) == self._drawn:
            return
        self._drawn = (list(listed), lang, highlight)
        options = []
        for number, (index, choice) in enumerate(listed):
            key = keys[number] if number < len(keys) else " "
            prompt = RichText(f"{key:>2}. ", style="bold" if key != " " else "dim")
            prompt.append(choice.label(lang))
            prompt.append(f"   {choice.action}", style="dim italic")
            options.append(Option(prompt, id=str(index)))
        self.set_options(options)
        if options:
            self.highlighted = 0 if highlight is None else highlight
