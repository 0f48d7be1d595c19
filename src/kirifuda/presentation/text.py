"""A table as plain text: the presentation model drawn generically in lines (zones by kind, no game of its own).

Shared by every text surface: ``kirifuda play --plain`` and ``kirifuda view --plain`` (``kirifuda.tui.plain``) and the
RL environments' ``render_mode="ansi"`` (``kirifuda.rl``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence

from .common import symbol, symbols
from .model import Card, Choice, DealResult, Sheet, Table, Text, Zone


def width(text: str) -> int:
    """Terminal columns of ``text``: East Asian wide characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def pad(text: str, columns: int, right: bool = False) -> str:
    space = " " * max(0, columns - width(text))
    return space + text if right else text + space


def card_text(card: Card, lang: str, seat_names: bool = False) -> str:
    out = symbol(card.card)
    if seat_names and card.seat is not None:
        out = f"{'席' if lang == 'ja' else 'seat '}{card.seat}:{out}"
    if card.note is not None:
        out += f"({card.note(lang)})"
    if card.highlight:
        out = f"*{out}"
    return out


def zone_text(zone: Zone, lang: str) -> str:
    """One zone as one line's worth of text, by its kind."""
    parts: list[str] = []
    if zone.kind == "trick":
        parts.append(" ".join(card_text(c, lang, seat_names=True) for c in zone.cards) or "—")
    elif zone.kind == "sets":
        parts.append(" / ".join(f"{inner.title(lang)}: {zone_text(inner, lang)}" for inner in zone.zones) or "—")
    elif zone.kind == "columns":
        parts.append(" | ".join(f"{inner.title(lang)}: {zone_text(inner, lang)}" for inner in zone.zones))
    elif zone.kind == "pile":
        shown = " ".join(card_text(c, lang) for c in zone.cards)
        if zone.hidden:
            face_down = f"{zone.hidden}枚伏せ" if lang == "ja" else f"{zone.hidden} face down"
            shown = f"{shown} +{face_down}" if shown else face_down
        parts.append(shown or "—")
    elif zone.kind != "facts":
        parts.append(" ".join(card_text(c, lang) for c in zone.cards) or "—")
    if zone.facts:
        parts.append(" · ".join(f"{label(lang)} {value(lang)}" for label, value in zone.facts))
    if zone.note is not None and zone.kind != "columns":
        parts.append(f"({zone.note(lang)})")
    return " ".join(parts)


def sheet_lines(sheet: Sheet, seats: Sequence[int], lang: str) -> list[str]:
    label = max([width(sheet.title(lang))] + [width(r(lang)) + 2 for r, _ in sheet.rows] + [8])
    head = "席" if lang == "ja" else "s"
    lines = [pad(sheet.title(lang), label) + "".join(pad(f"{head}{s}", 6, right=True) for s in seats)]
    for row, values in sheet.rows:
        cells = "".join(pad("·" if v is None else str(v), 6, right=True) for v in values)
        lines.append(pad(f"  {row(lang)}", label) + cells)
    total = "合計" if lang == "ja" else "total"
    lines.append(pad(f"  {total}", label) + "".join(pad(str(t), 6, right=True) for t in sheet.totals))
    return lines


def result_text(result: DealResult, lang: str) -> list[str]:
    """A deal's result as a titled block: the final position (its zones), then a table rule × seat with the
    deal's score and the totals after it."""
    lines = [f"== {result.title(lang)} =="]
    lines.extend(f"  {zone.title(lang)}: {zone_text(zone, lang)}" for zone in result.zones)
    rows = [(f"{line.rule} {line.name(lang)}", line.amounts) for line in result.lines]
    scores_label = "得点" if lang == "ja" else "score"
    total_label = "合計" if lang == "ja" else "total"
    label = max([width(r) for r, _ in rows] + [width(scores_label), width(total_label)]) + 4
    head = "席" if lang == "ja" else "s"
    seats = range(len(result.scores))
    lines.append(pad("", label) + "".join(pad(f"{head}{s}", 6, right=True) for s in seats))
    for row, amounts in rows:
        cells = "".join(pad("·" if v is None else f"{v:+d}", 6, right=True) for v in amounts)
        lines.append(pad(f"  {row}", label) + cells)
    lines.append(pad(f"  {scores_label}", label) + "".join(pad(f"{v:+d}", 6, right=True) for v in result.scores))
    lines.append(pad(f"  {total_label}", label) + "".join(pad(str(v), 6, right=True) for v in result.totals))
    return lines


def render(table: Table, lang: str = "en", names: Callable[[int], Text] | None = None) -> str:
    """A table as plain lines: the status, every seat with its zones, the center, facts, calls, the score sheet,
    the deal's result at the end of a deal, and the hand."""
    turn = ", ".join(f"{s}" for s in table.turn) or "—"
    lines = [f"{table.title(lang)} — {table.status(lang)} · {'手番' if lang == 'ja' else 'to act'}: {turn}"]
    for seat in table.seats:
        mark = ">" if seat.to_act else " "
        who = seat.name(lang) + (f" ({names(seat.seat)(lang)})" if names else "")
        facts = []
        if seat.cards is not None:
            facts.append(f"{seat.cards}枚" if lang == "ja" else f"{seat.cards} cards")
        if seat.score is not None:
            facts.append(f"合計 {seat.score}" if lang == "ja" else f"total {seat.score}")
        facts.extend(b(lang) for b in seat.badges)
        lines.append(f"{mark} {who} [{' · '.join(facts)}]")
        for zone in seat.zones:
            lines.append(f"    {zone.title(lang)}: {zone_text(zone, lang)}")
    for zone in table.center:
        lines.append(f"{zone.title(lang)}: {zone_text(zone, lang)}")
    if table.info:
        lines.append(" · ".join(f"{label(lang)}: {value(lang)}" for label, value in table.info))
    for call in table.calls:
        speaker = "" if call.seat is None else f"{'席' if lang == 'ja' else 'seat '}{call.seat}: "
        lines.append(f"  {speaker}{call.text(lang)}")
    if table.sheet is not None and table.sheet.rows:
        lines.extend(sheet_lines(table.sheet, [s.seat for s in sorted(table.seats, key=lambda s: s.seat)], lang))
    if table.result is not None:
        lines.extend(result_text(table.result, lang))
    if table.over:
        won = ", ".join(str(s) for s in table.winners)
        lines.append(f"終了 — 勝者 席 {won}" if lang == "ja" else f"Game over — winners: seat {won}")
    if table.hand is not None:
        lines.append(f"{table.hand.title(lang)}: {symbols(c.card for c in table.hand.cards) or '—'}")
    return "\n".join(lines)


def choice_lines(listed: Sequence[Choice], lang: str) -> list[str]:
    digits = len(str(len(listed)))
    return [
        f"  {pad(str(i), digits, right=True)}. {c.label(lang)}   [{c.action}]" for i, c in enumerate(listed, start=1)
    ]
