"""The line mode (``kirifuda play --plain``): the table as plain lines, for scripts, pipes and screen readers.

:func:`render` draws any game's :class:`~kirifuda.presentation.model.Table` generically (zones by kind, no game of
its own); :func:`run` plays a :class:`~.session.Session`: it shows what the bots did as the person's seat saw it,
draws the table and the numbered choices when a person is to act, and reads a number (``3`` takes the third
choice) or an action in record notation. ``help`` lists the commands; ``quit`` saves and stops. When a deal ends
it prints how it ended (the table's deal result) and waits for Enter before the next deal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core import KirifudaError
from ..presentation import rules
from ..presentation.model import Choice, Text
from ..presentation.text import choice_lines, render, result_text
from .session import BotFailed, Session, decide, save_on_signals

Ask = Callable[[str], str]
Say = Callable[[str], None]

CONTINUE = Text("Enterで続ける", "Press Enter to continue")
COMMANDS = Text(
    "番号(例: 3 は3番目の選択肢)か記録の書式(例: play JD)で選びます。"
    "legal 選択肢 · rules ルール · hint ヒント · save 保存 · quit 保存して終了",
    "Choose by number (3 takes the third choice) or in record notation (e.g. play JD). "
    "legal: the choices · rules · hint · save · quit: save and stop",
)


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

    def catch_up(seat: int) -> None:
        for line in session.log(seat, shown[seat]):
            say(line(lang))
        shown[seat] = len(session.match.view(seat).history())

    def stopped(path: object, signum: int) -> None:
        say(f"記録を保存しました: {path}" if lang == "ja" else f"Record saved: {path}")

    with save_on_signals(session, stopped):
        try:
            while not session.finished:
                try:
                    session.play_bots()
                except BotFailed as e:
                    say(e.bilingual())
                    other = ",".join("heuristic" if name != "me" else name for name in session.seats)
                    command = f"kirifuda play --resume {session.record_path} --seats {other} --plain"
                    say(
                        f"ほかのボットで続けるには: {command}"
                        if lang == "ja"
                        else f"To go on with other bots: {command}"
                    )
                    break
                if session.at_deal_end:
                    viewer = session.viewer()
                    if viewer is not None:
                        catch_up(viewer)
                    found = session.table(viewer).result
                    if found is not None:
                        say("\n".join(result_text(found, lang)))
                    if session.humans:
                        ask(f"{CONTINUE(lang)} ")
                    session.next_deal()
                    continue
                waiting = session.waiting_humans()
                if not waiting:
                    break
                seat = waiting[0]
                catch_up(seat)
                _turn(session, seat, lang, ask, say)
                shown[seat] = len(session.match.view(seat).history())
        except (KeyboardInterrupt, EOFError):
            say("中断しました" if lang == "ja" else "Stopped.")
        viewer = session.viewer()
        say(render(session.table(viewer), lang, session.seat_label))  # at the end, with the last deal's result
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
