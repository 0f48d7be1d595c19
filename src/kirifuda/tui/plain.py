"""The line mode (``kirifuda play --plain``): the table as plain lines, for scripts, pipes and screen readers.

:func:`render` draws any game's :class:`~kirifuda.presentation.model.Table` generically (zones by kind, no game of
its own); :func:`run` plays a :class:`~.session.Session`: it shows what the bots did as the person's seat saw it,
draws the table and the numbered choices when a person is to act, and reads a number (``3`` takes the third
choice) or an action in record notation. ``help`` lists the commands; ``quit`` saves and stops.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence

from ..core import KirifudaError
from ..presentation import rules
from ..presentation.common import symbol, symbols
from ..presentation.model import Card, Choice, Sheet, Table, Text, Zone
from .session import BotFailed, Session, decide

Ask = Callable[[str], str]
Say = Callable[[str], None]

COMMANDS = Text(
    "番号(例: 3 は3番目の選択肢)か記録の書式(例: play JD)で選びます。"
    "legal 選択肢 · rules ルール · hint ヒント · save 保存 · quit 保存して終了",
    "Choose by number (3 takes the third choice) or in record notation (e.g. play JD). "
    "legal: the choices · rules · hint · save · quit: save and stop",
)


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


def render(table: Table, lang: str = "en", names: Callable[[int], Text] | None = None) -> str:
    """A table as plain lines: the status, every seat with its zones, the center, facts, calls, the score sheet
    and the hand."""
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


def pick(text: str, listed: Sequence[Choice]) -> str:
    """The action a line names: a choice's number, or the line itself (record notation)."""
    if text.isdigit():
        k = int(text)
        if not 1 <= k <= len(listed):
            raise KirifudaError(f"choose 1 to {len(listed)}", ja=f"1〜{len(listed)} から選んでください")
        return listed[k - 1].action
    return text


def run(session: Session, lang: str = "en", ask: Ask = input, say: Say = print) -> None:
    """Play ``session`` in lines until the game ends or the person quits; the record is saved either way."""
    game = session.game
    say(f"{game.title_ja} {game.title} — {COMMANDS(lang)}")
    shown = {seat: len(session.match.view(seat).history()) for seat in session.humans}
    try:
        while not session.finished:
            try:
                session.play_bots()
            except BotFailed as e:
                say(e.bilingual())
                other = ",".join("heuristic" if name != "me" else name for name in session.seats)
                command = f"kirifuda play --resume {session.record_path} --seats {other} --plain"
                say(f"ほかのボットで続けるには: {command}" if lang == "ja" else f"To go on with other bots: {command}")
                break
            waiting = session.waiting_humans()
            if not waiting:
                break
            seat = waiting[0]
            for line in session.log(seat, shown[seat]):
                say(line(lang))
            shown[seat] = len(session.match.view(seat).history())
            _turn(session, seat, lang, ask, say)
            shown[seat] = len(session.match.view(seat).history())
    except (KeyboardInterrupt, EOFError):
        say("中断しました" if lang == "ja" else "Stopped.")
    viewer = session.viewer()
    say(render(session.table(viewer), lang, session.seat_label))
    path = session.save()
    say(f"記録を保存しました: {path}" if lang == "ja" else f"Record saved: {path}")


def _turn(session: Session, seat: int, lang: str, ask: Ask, say: Say) -> None:
    """One decision of the person at ``seat``: draw, read, act (an unreadable or illegal line asks again)."""
    say(render(session.table(seat), lang, session.seat_label))
    listed = session.choices(seat)
    say("\n".join(choice_lines(listed, lang)))
    while True:
        line = ask(f"{'席' if lang == 'ja' else 'seat '}{seat} > ").strip()
        command = line.lower()
        if command in ("help", "ヘルプ"):
            say(COMMANDS(lang))
        elif command in ("legal", "l", "合法手"):
            say("\n".join(choice_lines(listed, lang)))
        elif command in ("rules", "?", "ルール"):
            say(rules(session.game)(lang))
        elif command in ("hint", "h", "ヒント"):
            try:
                action = decide(session.hint_turn(seat))
                say(f"ヒント({session.hint_bot}): {action}" if lang == "ja" else f"Hint ({session.hint_bot}): {action}")
            except BotFailed as e:
                say(e.bilingual())
        elif command in ("save", "s", "保存"):
            path = session.save()
            say(f"記録を保存しました: {path}" if lang == "ja" else f"Record saved: {path}")
        elif command in ("quit", "exit", "q", "中断"):
            raise KeyboardInterrupt
        elif line:
            try:
                session.act(seat, pick(line, listed))
                return
            except KirifudaError as e:
                say(f"できません: {e.bilingual()}" if lang == "ja" else f"Not allowed: {e.bilingual()}")
