"""Rich text of the presentation model's parts for the full-screen table: cards in their suit's colour, zones by
kind, seats, the score sheet. Every game is drawn by these same functions (the model says what; this says how)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text as RichText

from ..presentation.common import symbol
from ..presentation.model import FACE_DOWN, Card, Seat, Sheet, Table, Text, Zone

SUIT_STYLES = {"S": "#8ab4f8", "H": "#ff6b6b", "D": "#ffaf3f", "C": "#6fd66f"}
"""A four-colour deck, readable on dark and light backgrounds: ♠ blue, ♥ red, ♦ orange, ♣ green."""
JOKER_STYLE = "#e08aff"
BACK_STYLE = "dim"


def card_style(card: str) -> str:
    if card == FACE_DOWN:
        return BACK_STYLE
    if card == "JK":
        return JOKER_STYLE
    return SUIT_STYLES[card[-1]]


def card_label(card: str) -> str:
    """``♥10``, ``JK``, ``░░`` face down."""
    return "░░" if card == FACE_DOWN else symbol(card)


FRAMES = {
    "plain": ("╭───╮", "│", "╰───╯"),
    "selected": ("┏━━━┓", "┃", "┗━━━┛"),
    "cursor": ("╔═══╗", "║", "╚═══╝"),
}
FRAME_STYLES = {"plain": "#707070", "playable": "#5fd75f", "selected": "#ffd75f bold", "cursor": "#ffaf00 bold"}


def framed_card(card: str, marks: frozenset[str]) -> RichText:
    """A card as a small framed picture (5 × 3 cells), its frame telling its state: green when a legal choice
    uses it, heavy when selected, double under the cursor; dimmed when no legal choice uses it."""
    shape = "cursor" if "-cursor" in marks else "selected" if "-selected" in marks else "plain"
    colour = FRAME_STYLES[shape if shape != "plain" else "playable" if "-playable" in marks else "plain"]
    top, side, bottom = FRAMES[shape]
    face = card_style(card) + " bold"
    if "-unplayable" in marks:
        face += " dim"
    if "-selected" in marks:
        face += " reverse"
    out = RichText()
    out.append(top + "\n", style=colour)
    out.append(side, style=colour)
    out.append(f"{card_label(card):^3}", style=face)
    out.append(side + "\n", style=colour)
    out.append(bottom, style=colour)
    return out


def card(card: Card, lang: str, *, seat: bool = False) -> RichText:
    """A table card: coloured, with its seat (``1:♥10``), note and highlight."""
    out = RichText()
    if seat and card.seat is not None:
        out.append(f"{card.seat}:", style="dim")
    out.append(card_label(card.card), style=card_style(card.card) + (" bold reverse" if card.highlight else " bold"))
    if card.note is not None:
        out.append(f"({card.note(lang)})", style="italic dim")
    return out


def cards(listed: Sequence[Card], lang: str, *, seat: bool = False, sep: str = " ") -> RichText:
    out = RichText()
    for i, c in enumerate(listed):
        if i:
            out.append(sep)
        out.append_text(card(c, lang, seat=seat))
    if not listed:
        out.append("—", style="dim")
    return out


def zone_body(zone: Zone, lang: str) -> RichText:
    """The contents of a zone by its kind (without its title)."""
    out = RichText()
    if zone.kind in ("trick",):
        out.append_text(cards(zone.cards, lang, seat=True, sep="  "))
    elif zone.kind == "sets":
        for i, inner in enumerate(zone.zones):
            if i:
                out.append("  ")
            out.append(f"{inner.title(lang)} ", style="dim")
            out.append_text(cards(inner.cards, lang))
            if inner.note is not None:
                out.append(f" {inner.note(lang)}", style="bold italic")
        if not zone.zones:
            out.append("—", style="dim")
    elif zone.kind == "columns":
        for i, inner in enumerate(zone.zones):
            if i:
                out.append(" │ ", style="dim")
            # compact: a column's note (Anou's 2/3: cards / plan) says more than its title in a narrow panel
            out.append(inner.note(lang) if inner.note is not None else inner.title(lang), style="dim")
            out.append(" ")
            out.append_text(cards(inner.cards, lang))
    elif zone.kind == "pile":
        if zone.cards:
            out.append_text(cards(zone.cards, lang))
        if zone.hidden:
            face_down = f"伏せ{zone.hidden}枚" if lang == "ja" else f"{zone.hidden} face down"
            out.append((" +" if zone.cards else "") + face_down, style="dim")
        if not zone.cards and not zone.hidden:
            out.append("—", style="dim")
    elif zone.kind != "facts":
        out.append_text(cards(zone.cards, lang))
    for i, (label, value) in enumerate(zone.facts):
        if i or zone.kind != "facts":
            out.append(" · " if i else "  ", style="dim")
        out.append(f"{label(lang)} ", style="dim")
        out.append(value(lang), style="bold")
    if zone.note is not None and zone.kind != "columns":
        out.append(f"  {zone.note(lang)}", style="italic")
    return out


def zone(zone: Zone, lang: str) -> RichText:
    out = RichText(f"{zone.title(lang)}: ", style="bold")
    out.append_text(zone_body(zone, lang))
    return out


def seat(seat: Seat, lang: str, who: Text | None, calls: Sequence[Text]) -> RichText:
    """A seat's block: its name, who sits there, cards in hand, total, badges, what it said, then its zones."""
    out = RichText()
    out.append("▶ " if seat.to_act else "  ", style="bold yellow")
    out.append(seat.name(lang), style="bold reverse" if seat.you else "bold")
    if who is not None:
        out.append(f" {who(lang)}", style="cyan")
    if seat.cards is not None:
        out.append(f"  {seat.cards}枚" if lang == "ja" else f"  {seat.cards} cards", style="dim")
    if seat.score is not None:
        out.append(f"  合計 {seat.score}" if lang == "ja" else f"  total {seat.score}")
    for badge in seat.badges:
        out.append(f"  [{badge(lang)}]", style="magenta")
    for said in calls:
        out.append(f"  {said(lang)}", style="bold yellow")
    for z in seat.zones:
        out.append("\n    ")
        out.append(f"{z.title(lang)} ", style="dim")
        out.append_text(zone_body(z, lang))
    return out


def sheet(sheet: Sheet, seats: Sequence[int], lang: str, names: Callable[[int], str]) -> RenderableType:
    """The score sheet: a row per deal, a column per seat, the totals last."""
    table = RichTable(title=sheet.title(lang), box=None, padding=(0, 1), show_edge=False, expand=False)
    table.add_column("")
    for s in seats:
        table.add_column(names(s), justify="right")
    for label, values in sheet.rows:
        table.add_row(label(lang), *("·" if v is None else str(v) for v in values))
    table.add_row(
        RichText("合計" if lang == "ja" else "total", style="bold"),
        *(RichText(str(t), style="bold") for t in sheet.totals),
    )
    return table


def facts(table: Table, lang: str) -> RenderableType:
    lines = [RichText.assemble((f"{label(lang)}: ", "dim"), (value(lang), "bold")) for label, value in table.info]
    return Group(*lines)


def totals(table: Table, lang: str) -> RichText:
    """The running totals in one line (kept in view under the score sheet, however long the sheet grows)."""
    out = RichText("合計" if lang == "ja" else "total", style="bold")
    for seat in sorted(table.seats, key=lambda s: s.seat):
        if seat.score is not None:
            out.append(f" {'席' if lang == 'ja' else 's'}{seat.seat}:", style="dim")
            out.append(str(seat.score), style="bold")
    return out
