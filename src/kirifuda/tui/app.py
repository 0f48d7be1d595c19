"""The full-screen table (Textual): :class:`PlayApp` plays a :class:`~.session.Session`, :class:`ViewApp` steps
through a record. Both draw the presentation model generically (widgets in :mod:`.widgets`, styles in
``kirifuda.tcss``); no game is laid out here.

How a person chooses (:class:`PlayApp`): the legal choices are listed (↑ ↓ Enter, a number key, or a click);
the cards they involve light up in the hand (or in the row the choice picks from, e.g. Anou's cards to take).
Selecting cards (← → Space, or a click) narrows the list to the choices with those cards — a multi-card choice
(Anou's two-card take, a Cut-in set, a pass) is built that way and confirmed with Enter; a click that leaves
exactly one choice of exactly those cards makes it at once. Bots think in a worker thread and each move stays on
screen ``delay`` seconds.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text as RichText
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.worker import Worker, WorkerState

from ..core import Action, KirifudaError
from ..presentation import rules
from ..presentation.model import Choice, Table, Text, Zone
from .screens import BotFailedScreen, HandoverScreen, QuitScreen, RulesScreen
from .session import Session, Turn, decide
from .viewer import OPEN, Replay, Who, who_label
from .widgets import CardRow, CardView, CenterPanel, ChoiceList, SeatsPanel, SheetPanel

MIN_SIZE = (80, 24)
"""The smallest terminal the table fits in (columns, rows)."""
FALLBACK_BOT = "heuristic"
LAST = "last_"
"""Center zones keyed ``last_…`` hold the trick (turn) just completed (docs/presentation.md)."""
TRICK_PAUSE = 3
"""A completed trick stays still this many bot delays before play goes on."""


def _t(lang: str, ja: str, en: str) -> str:
    return ja if lang == "ja" else en


class TableApp(App[None]):
    """What both apps share: the table's layout, drawing a :class:`Table`, the log, the language, size checks."""

    CSS_PATH = "kirifuda.tcss"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "rules", "ルール rules"),
        Binding("l", "language", "l 日本語/English", show=False),
    ]

    def __init__(self, *, lang: str) -> None:
        super().__init__()
        self.lang = lang
        self._logged = 0
        self._log_owner: Any = None

    def compose(self) -> ComposeResult:
        with Vertical(id="main"):
            yield Static(id="status")
            with Horizontal(id="body"):
                yield SeatsPanel(id="seats")
                with Vertical(id="side"):
                    with VerticalScroll(id="side-scroll"):
                        yield CenterPanel(id="center")
                        yield SheetPanel(id="sheet")
                    yield RichLog(id="log", max_lines=200, wrap=True, markup=False)
            yield CardRow(id="picker")
            yield CardRow(id="hand")
            yield from self.compose_controls()
            yield Static(id="message")
        yield Static(id="too-small")
        yield Footer()

    def compose_controls(self) -> ComposeResult:
        yield from ()

    # --- size ---------------------------------------------------------------------------------------
    def on_resize(self, event: Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def on_mount(self) -> None:
        self.check_size(self.size.width, self.size.height)

    def check_size(self, width: int, height: int) -> None:
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.screen.set_class(small, "-too-small")
        if small:
            self.query_one("#too-small", Static).update(
                f"端末が小さすぎます: {width}×{height}。{MIN_SIZE[0]}×{MIN_SIZE[1]} 以上に広げてください。\n"
                f"The terminal is too small: {width}×{height}. Make it at least {MIN_SIZE[0]}×{MIN_SIZE[1]}.\n"
                "(q: 終了 quit)"
            )

    # --- drawing --------------------------------------------------------------------------------------
    def draw(self, table: Table, who: Any, status_extra: str = "") -> None:
        lang = self.lang
        turn = ", ".join(self.seat_title(s) for s in table.turn) or "—"
        status = RichText()
        status.append(f" {table.title(lang)} ", style="bold reverse")
        status.append(f" {table.status(lang)}")
        status.append(f" · {_t(lang, '手番', 'to act')}: {turn}", style="bold")
        if status_extra:
            status.append(f" · {status_extra}", style="dim")
        self.query_one("#status", Static).update(status, layout=False)
        self.query_one(SeatsPanel).show(table, lang, self.who_sits)
        self.query_one(CenterPanel).show(table, lang)
        self.query_one(SheetPanel).show(table, lang)

    def seat_title(self, seat: int) -> str:
        who = self.who_sits(seat)
        base = _t(self.lang, f"席{seat}", f"seat {seat}")
        return base if who is None else f"{base} ({who(self.lang)})"

    def who_sits(self, seat: int) -> Text | None:
        return None

    def write_log(self, owner: Any, lines: list[Text]) -> None:
        """Show ``lines`` (the whole log of ``owner``'s view); only the new ones are appended."""
        log = self.query_one(RichLog)
        if owner != self._log_owner or len(lines) < self._logged:
            log.clear()
            self._logged, self._log_owner = 0, owner
        for line in lines[self._logged :]:
            log.write(line(self.lang))
        self._logged = len(lines)

    def say(self, text: str, *, error: bool = False) -> None:
        self.query_one("#message", Static).update(RichText(text, style="bold red" if error else ""), layout=False)

    # --- shared actions ---------------------------------------------------------------------------------
    AT_THE_TABLE: ClassVar[frozenset[str]] = frozenset(
        {"rules", "language", "hint", "save", "cursor", "select_card", "clear", "digit", "step", "jump", "cycle"}
    )
    """Actions that act on the table: not while a dialog is open over it."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action in self.AT_THE_TABLE and isinstance(self.screen, ModalScreen))

    def game_rules(self) -> Text:
        raise NotImplementedError

    def action_rules(self) -> None:
        self.push_screen(RulesScreen(self.game_rules(), self.lang))

    def action_language(self) -> None:
        self.lang = "en" if self.lang == "ja" else "ja"
        self._log_owner = None
        self.redraw()

    def redraw(self) -> None:
        raise NotImplementedError


class PlayApp(TableApp):
    """A game at the table: people choose with keys or the mouse, bots think off the UI thread."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "request_quit", "Ctrl-C 終了 quit", show=False, priority=True),
        Binding("q", "request_quit", "終了 quit"),
        Binding("h", "hint", "ヒント hint"),
        Binding("s", "save", "保存 save"),
        Binding("left", "cursor(-1)", show=False),
        Binding("right", "cursor(1)", show=False),
        Binding("space", "select_card", "選択 select"),
        Binding("escape", "clear", show=False),
        *(Binding(str(d), f"digit({d})", show=False) for d in range(10)),
    ]

    def __init__(self, session: Session, *, lang: str = "en", delay: float = 0.6) -> None:
        super().__init__(lang=lang)
        self.session = session
        self.delay = delay
        self.saved: Path | None = None
        self.failure: str | None = None
        self.viewer = session.viewer()
        self.table: Table | None = None
        self.all_choices: list[Choice] = []
        self.selected: list[int] = []  # positions in the source row
        self.cursor = 0
        self.digits = ""
        self.thinking: Turn | None = None
        self.hinting: Turn | None = None
        self._handed_to: int | None = self.viewer
        self._decision: tuple[int | None, int] | None = None

    def compose_controls(self) -> ComposeResult:
        yield ChoiceList(id="choices")

    def on_mount(self) -> None:
        super().on_mount()
        self.title = f"kirifuda — {self.session.game.title_ja} {self.session.game.title}"
        self.query_one(ChoiceList).focus()
        self.redraw()
        self.call_after_refresh(self.advance)

    def game_rules(self) -> Text:
        return rules(self.session.game)

    def who_sits(self, seat: int) -> Text | None:
        return self.session.seat_label(seat)

    # --- whose turn -------------------------------------------------------------------------------------
    @property
    def to_choose(self) -> int | None:
        """The person's seat that is to choose now (no bot is awaited), or None."""
        if self.thinking is not None or self.session.waiting_bots():
            return None
        waiting = self.session.waiting_humans()
        return waiting[0] if waiting else None

    @property
    def awaiting_input(self) -> bool:
        """True while the table waits for a person (tests drive the app by waiting for this)."""
        return self.to_choose is not None and not isinstance(self.screen, HandoverScreen)

    def advance(self) -> None:
        """Move the game on: a bot to act thinks; else a person chooses; at the end, save."""
        session = self.session
        if self.thinking is not None:
            return
        if session.finished:
            self.finish()
            return
        bots = session.waiting_bots()
        if bots:
            self.thinking = session.bot_turn(bots[0])
            self.say(
                _t(self.lang, f"{self.seat_title(bots[0])} が考えています…", f"{self.seat_title(bots[0])} is thinking…")
            )
            self.think(self.thinking)
            return
        seat = self.to_choose
        if seat is None:
            return
        if seat != self.viewer:
            self.viewer = seat
            if len(session.humans) > 1 and seat != self._handed_to:
                self._handed_to = seat
                self.redraw(hide=True)
                self.push_screen(HandoverScreen(seat, self.lang), lambda _: self.handed_over())
                return
        self.redraw()
        self.say(self.turn_help())

    def handed_over(self) -> None:
        self.redraw()
        self.say(self.turn_help())

    def turn_help(self) -> str:
        """What to do now, in a line: how to choose, and how to build a choice of several cards."""
        several = max((len(c.cards) for c in self.all_choices), default=0) > 1
        if several:
            return _t(
                self.lang,
                "あなたの番です。カードを選んで(クリックか ← → Space)Enter、または番号・↑↓。",
                "Your turn. Select the cards (click, or ← → Space) then Enter; or a number, or ↑ ↓.",
            )
        return _t(
            self.lang,
            "あなたの番です。番号・↑↓ Enter・カードをクリック。h ヒント、? ルール。",
            "Your turn: a number, ↑ ↓ Enter, or click a card. h hint, ? rules.",
        )

    @work(thread=True, exit_on_error=False, group="bot", description="a bot decides")
    def think(self, turn: Turn) -> Action:
        return decide(turn)

    @work(thread=True, exit_on_error=False, group="hint", description="the hint bot decides")
    def think_hint(self, turn: Turn) -> Action:
        return decide(turn)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        if worker.group == "bot":
            turn, self.thinking = self.thinking, None
            if event.state == WorkerState.ERROR or turn is None:
                self.bot_failed(turn, worker.error)
                return
            assert isinstance(worker.result, Action)
            before = self.last_completed()
            self.session.apply(turn, worker.result)
            if self.delay:  # each move stays on screen a moment; with no delay only a person's turn is drawn
                self.redraw()
                self.set_timer(self.pause_after(before), self.advance)
            else:
                self.call_later(self.advance)
        elif worker.group == "hint":
            turn, self.hinting = self.hinting, None
            if event.state == WorkerState.ERROR or turn is None:
                error = worker.error
                self.say(error.bilingual() if isinstance(error, KirifudaError) else str(error), error=True)
                return
            assert isinstance(worker.result, Action)
            self.show_hint(turn, worker.result)

    def bot_failed(self, turn: Turn | None, error: BaseException | None) -> None:
        message = error.bilingual() if isinstance(error, KirifudaError) else f"{type(error).__name__}: {error}"
        seat = None if turn is None else turn.seat
        self.say(message, error=True)

        def answer(choice: str | None) -> None:
            if choice == "replace" and seat is not None:
                self.session.replace_bot(seat, FALLBACK_BOT)
                self.say(
                    _t(
                        self.lang,
                        f"席{seat}に {FALLBACK_BOT} ボットを座らせました。",
                        f"Seat {seat} is now the {FALLBACK_BOT} bot.",
                    )
                )
                self.redraw()
                self.advance()
            else:
                self.failure = message
                self.save_and_exit()

        self.push_screen(BotFailedScreen(message, self.lang), answer)

    def last_completed(self) -> Zone | None:
        """The most recent completed trick or turn the table shows (a center zone keyed ``last_…``)."""
        table = self.session.table(self.viewer)
        return next((z for z in table.center if z.key.startswith(LAST)), None)

    def pause_after(self, before: Zone | None) -> float:
        """How long the table stays still after a move: longer when it completed a trick, so it can be read."""
        after = self.last_completed()
        return self.delay * TRICK_PAUSE if after is not None and after != before else self.delay

    def finish(self) -> None:
        table = self.session.table(self.viewer)
        winners = ", ".join(self.seat_title(s) for s in table.winners)
        path = self.save()
        self.say(
            _t(
                self.lang,
                f"終了 — 勝者: {winners}。記録: {path}(q で終了)",
                f"Game over — winners: {winners}. Record: {path} (q to quit)",
            )
        )
        self.redraw()

    # --- drawing ----------------------------------------------------------------------------------------
    def redraw(self, hide: bool = False) -> None:
        session = self.session
        table = session.table(self.viewer)
        self.table = table
        self.draw(table, self.viewer)
        seat = self.to_choose
        self.all_choices = session.choices(seat) if seat is not None and not hide else []
        decision = (seat, len(session.match.events))
        if decision != self._decision:  # a new decision: nothing selected, the cursor on the first usable card
            self._decision = decision
            self.selected, self.digits = [], ""
            usable = self.usable_positions()
            self.cursor = usable[0] if usable else 0
        if self.viewer is not None and not hide:
            self.write_log(self.viewer, session.log(self.viewer))
        self.draw_choices(hide)

    def source(self) -> Zone | None:
        """The row the current choices pick their cards from (the hand, or e.g. Anou's cards to take)."""
        if self.table is None:
            return None
        keys = [c.zone for c in self.all_choices if c.zone is not None]
        key = keys[0] if keys else "hand"
        return self.table.zone(key) if key != "hand" else self.table.hand

    def selected_cards(self) -> Counter[str]:
        source = self.source()
        if source is None:
            return Counter()
        return Counter(source.cards[i].card for i in self.selected if i < len(source.cards))

    def listed(self) -> list[tuple[int, Choice]]:
        """The choices whose cards include every selected card, in the order of the legal actions."""
        chosen = self.selected_cards()
        return [(i, c) for i, c in enumerate(self.all_choices) if not chosen - Counter(c.cards)]

    def draw_choices(self, hide: bool = False) -> None:
        table = self.table
        assert table is not None
        lang = self.lang
        source = self.source()
        hand = None if hide else table.hand
        picker = self.query_one("#picker", CardRow)
        visible = self.listed()
        chosen = self.selected_cards()
        usable: Counter[str] = Counter()
        for _, choice in visible:
            usable |= Counter(choice.cards)

        def marks(zone: Zone | None) -> list[set[str]]:
            if zone is None or zone is not source or not self.all_choices:
                return []
            out = []
            for i, c in enumerate(zone.cards):
                mark = {"-playable"} if c.card in usable else {"-unplayable"}
                if i in self.selected:
                    mark.add("-selected")
                if i == self.cursor:
                    mark.add("-cursor")
                out.append(mark)
            return out

        picking_elsewhere = source is not None and source is not table.hand and bool(self.all_choices)
        picker.display = picking_elsewhere
        picker.show(source if picking_elsewhere else None, lang, marks(source))
        self.query_one("#hand", CardRow).show(hand, lang, marks(hand))
        exact = next((k for k, (_, c) in enumerate(visible) if chosen and Counter(c.cards) == chosen), None)
        self.query_one(ChoiceList).show(visible, lang, exact)

    # --- choosing -----------------------------------------------------------------------------------------
    def choose(self, choice: Choice) -> None:
        seat = self.to_choose
        if seat is None:
            return
        before = self.last_completed()
        try:
            self.session.act(seat, choice.action)
        except KirifudaError as e:  # pragma: no cover - every listed choice is legal
            self.say(e.bilingual(), error=True)
            return
        self.say("")
        self.redraw()
        pause = self.pause_after(before) if self.delay else 0.0
        if pause > self.delay:
            self.set_timer(pause, self.advance)
        else:
            self.call_after_refresh(self.advance)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None and self.to_choose is not None:
            self.choose(self.all_choices[int(event.option.id)])

    def on_card_view_clicked(self, event: CardView.Clicked) -> None:
        source = self.source()
        if source is None or event.zone != source.key or self.to_choose is None:
            return
        self.cursor = event.index
        self.toggle(event.index)
        chosen = self.selected_cards()
        visible = [c for _, c in self.listed()]
        exact = [c for c in visible if Counter(c.cards) == chosen]
        if len(exact) == 1 and len(visible) == 1:
            self.choose(exact[0])

    def toggle(self, index: int) -> None:
        if index in self.selected:
            self.selected.remove(index)
        else:
            self.selected.append(index)
            if not self.listed():  # no choice has these cards: start again from this one
                self.selected = [index]
                if not self.listed():
                    self.selected = []
                    self.say(
                        _t(self.lang, "そのカードを使う選択肢はありません。", "No choice uses that card."), error=True
                    )
        self.digits = ""
        self.draw_choices()

    def usable_positions(self) -> list[int]:
        """Positions in the source row of the cards some listed choice uses."""
        source = self.source()
        if source is None:
            return []
        usable = {card for _, choice in self.listed() for card in choice.cards}
        return [i for i, c in enumerate(source.cards) if c.card in usable]

    def action_cursor(self, step: int) -> None:
        """Move along the cards the listed choices use (every card when none is usable)."""
        source = self.source()
        if source is None or not source.cards:
            return
        stops = self.usable_positions() or list(range(len(source.cards)))
        later = [i for i in stops if (i - self.cursor) * step > 0]
        if later:
            self.cursor = min(later, key=lambda i: abs(i - self.cursor))
        else:  # wrap round
            self.cursor = stops[0] if step > 0 else stops[-1]
        self.draw_choices()

    def action_select_card(self) -> None:
        source = self.source()
        if source is not None and source.cards and self.to_choose is not None:
            self.toggle(self.cursor)

    def action_clear(self) -> None:
        self.selected, self.digits = [], ""
        self.draw_choices()

    def action_digit(self, digit: int) -> None:
        """Choose the n-th listed choice; with 10 or more, two digits name it (``1`` waits for ``12``)."""
        if self.to_choose is None:
            return
        visible = self.listed()
        typed = self.digits + str(digit)
        number = int(typed)
        if not 1 <= number <= len(visible):
            self.digits = ""
            self.say(
                _t(self.lang, f"1〜{len(visible)} の番号を選んでください。", f"Choose 1 to {len(visible)}."), error=True
            )
            return
        if number * 10 > len(visible):
            self.digits = ""
            self.choose(visible[number - 1][1])
            return
        self.digits = typed
        self.query_one(ChoiceList).highlighted = number - 1
        self.say(
            _t(self.lang, f"{typed}… (Enter で決定、または次の数字)", f"{typed}… (Enter to choose, or another digit)")
        )

    # --- hints, saving, quitting --------------------------------------------------------------------------
    def action_hint(self) -> None:
        seat = self.to_choose
        if seat is None or self.hinting is not None:
            return
        self.hinting = self.session.hint_turn(seat)
        self.say(
            _t(self.lang, f"{self.session.hint_bot} ボットに聞いています…", f"Asking the {self.session.hint_bot} bot…")
        )
        self.think_hint(self.hinting)

    def show_hint(self, turn: Turn, action: Action) -> None:
        if self.to_choose != turn.seat or len(self.session.match.events) != turn.events:
            return  # the game moved on meanwhile
        text = str(action)
        self.selected, self.digits = [], ""
        self.draw_choices()
        visible = self.listed()
        index = next((k for k, (_, c) in enumerate(visible) if c.action == text), None)
        label = next((c.label(self.lang) for _, c in visible if c.action == text), text)
        if index is not None:
            self.query_one(ChoiceList).highlighted = index
        self.say(_t(self.lang, f"ヒント({self.session.hint_bot}): {label}", f"Hint ({self.session.hint_bot}): {label}"))

    def save(self) -> Path:
        self.saved = self.session.save()
        return self.saved

    def action_save(self) -> None:
        path = self.save()
        self.say(_t(self.lang, f"記録を保存しました: {path}", f"Record saved: {path}"))

    def action_request_quit(self) -> None:
        if self.session.finished:
            self.exit()
            return
        if isinstance(self.screen, QuitScreen):
            return

        def answer(choice: str | None) -> None:
            if choice == "save":
                self.save_and_exit()
            elif choice == "discard":
                self.exit()

        self.push_screen(QuitScreen(self.lang), answer)

    def save_and_exit(self) -> None:
        self.save()
        self.exit()


class ViewApp(TableApp):
    """A record, step by step: ← → one event, PgUp PgDn ten, Home End the ends, v another view."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,ctrl+c", "quit", "終了 quit", priority=True),
        Binding("left", "step(-1)", "前 back"),
        Binding("right", "step(1)", "次 next"),
        Binding("pageup", "step(-10)", show=False),
        Binding("pagedown", "step(10)", show=False),
        Binding("home", "jump(0)", show=False),
        Binding("end", "jump(-1)", show=False),
        Binding("v", "cycle", "視点 view"),
    ]

    def __init__(self, replay: Replay, *, who: Who = OPEN, step: int | None = None, lang: str = "en") -> None:
        super().__init__(lang=lang)
        self.replay = replay
        self.who: Who = who
        self.step = replay.length if step is None else step

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#picker", CardRow).display = False
        self.redraw()

    def game_rules(self) -> Text:
        return rules(self.replay.game)

    def redraw(self) -> None:
        table = self.replay.table(self.who, self.step)
        extra = f"{who_label(self.who)(self.lang)} · {self.step}/{self.replay.length}"
        self.draw(table, self.who, extra)
        self.write_log(self.who, self.replay.log(self.who, self.step))
        self.query_one("#hand", CardRow).show(table.hand, self.lang)
        self.say(
            _t(
                self.lang,
                "← → 1手ずつ · PgUp PgDn 10手 · Home End 最初・最後 · v 視点",
                "← → one event · PgUp PgDn ten · Home End the ends · v view",
            )
        )

    def action_step(self, delta: int) -> None:
        self.step = max(0, min(self.replay.length, self.step + delta))
        self.redraw()

    def action_jump(self, where: int) -> None:
        self.step = self.replay.length if where < 0 else where
        self.redraw()

    def action_cycle(self) -> None:
        viewers = self.replay.viewers()
        self.who = viewers[(viewers.index(self.who) + 1) % len(viewers)]
        self.redraw()
