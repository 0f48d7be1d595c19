"""The full-screen table (Textual): :class:`PlayApp` plays a :class:`~.session.Session`, :class:`ViewApp` steps
through a record. Both draw the presentation model generically (widgets in :mod:`.widgets`, styles in
``kirifuda.tcss``); no game is laid out here.

How a person chooses (:class:`PlayApp`): the legal choices are listed (↑ ↓ Enter, the choice's key — 1–9, then
letters a, b, c… past nine, one key each — or a click);
the cards they involve light up in the hand (or in the row the choice picks from, e.g. Anou's cards to take).
Selecting cards (← → Space, or a click) narrows the list to the choices with those cards — a multi-card choice
(Anou's two-card take, a Cut-in set, a pass) is built that way and confirmed with Enter; a click that leaves
exactly one choice of exactly those cards makes it at once. Bots think in a worker thread and each move stays on
screen ``delay`` seconds. When a deal ends the table shows how it ended (:class:`~.screens.ResultScreen`) and deals
the next one only when the person continues. Focus stays on the choices (nothing else on the table takes it), so
the keys always work; ``t`` shows the tricks of this deal.
"""

from __future__ import annotations

import asyncio
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
from . import render
from .screens import BotFailedScreen, HandoverScreen, QuitScreen, ResultScreen, RulesScreen, TricksScreen
from .session import SAVE_SIGNALS, Session, Turn, completed, decide
from .viewer import OPEN, Replay, Who, review_text, who_label
from .widgets import CardRow, CardView, CenterPanel, ChoiceList, SeatsPanel, SheetPanel

MIN_SIZE = (80, 24)
"""The smallest terminal the table fits in (columns, rows)."""
FALLBACK_BOT = "heuristic"
LAST = "last_"
"""Center zones keyed ``last_…`` hold the trick (turn) just completed (docs/presentation.md)."""
TRICK_PAUSE = 3
"""A completed trick stays still this many bot delays before play goes on."""
WATCH_PAUSE = 4.0
"""Seconds a deal's result stays up when no person is at the table to continue."""
CHOICE_KEYS = "123456789abcdefgijkmnopruvwxyz"
"""The one key of each listed choice, in order: digits, then the letters the table does not use for anything else
(h hint, l language, q quit, s save, t tricks). Choices past these are reached with ↑ ↓ or by their cards."""


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
        self._said: tuple[Text | str, bool] = ("", False)

    def compose(self) -> ComposeResult:
        with Vertical(id="main"):
            yield Static(id="status")
            with Horizontal(id="body"):
                yield SeatsPanel(id="seats")
                with Vertical(id="side"):
                    with VerticalScroll(id="side-scroll", can_focus=False):
                        yield CenterPanel(id="center")
                        yield SheetPanel(id="sheet")
                    yield Static(id="totals")
                    log = RichLog(id="log", max_lines=200, wrap=True, markup=False)
                    log.can_focus = False  # focus stays on the choices: the keys always reach them
                    yield log
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
        self.query_one(CenterPanel).show(table, lang, self.kept_trick(table))
        self.query_one(SheetPanel).show(table, lang)
        self.query_one("#totals", Static).update(render.totals(table, lang), layout=False)

    def kept_trick(self, table: Table) -> Zone | None:
        """The last completed trick to keep on the table when the table itself no longer shows it."""
        return None

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

    def say(self, text: Text | str, *, error: bool = False) -> None:
        """The message line (a :class:`Text` is redrawn in the new language after ``l``)."""
        self._said = (text, error)
        shown = text(self.lang) if isinstance(text, Text) else text
        self.query_one("#message", Static).update(RichText(shown, style="bold red" if error else ""), layout=False)

    # --- shared actions ---------------------------------------------------------------------------------
    AT_THE_TABLE: ClassVar[frozenset[str]] = frozenset(
        {
            "rules",
            "language",
            "hint",
            "save",
            "cursor",
            "select_card",
            "clear",
            "pick",
            "tricks",
            "step",
            "jump",
            "cycle",
        }
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
        self.say(self._said[0], error=self._said[1])

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
        Binding("t", "tricks", "トリック tricks"),
        *(Binding(key, f"pick({k})", show=False) for k, key in enumerate(CHOICE_KEYS)),
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
        self.thinking: Turn | None = None
        self.hinting: Turn | None = None
        self._handed_to: int | None = self.viewer
        self._decision: tuple[int | None, int] | None = None
        self.showing_result = False
        self._over_shown = False

    def compose_controls(self) -> ComposeResult:
        yield ChoiceList(id="choices")

    def on_mount(self) -> None:
        super().on_mount()
        self.title = f"kirifuda — {self.session.game.title_ja} {self.session.game.title}"
        self.query_one(ChoiceList).focus()
        self.redraw()
        loop = asyncio.get_running_loop()
        for sig in SAVE_SIGNALS:  # killed, or the terminal closed: save the record, then stop
            loop.add_signal_handler(sig, self.stop_on_signal, sig)
        self.call_after_refresh(self.advance)

    def stop_on_signal(self, signum: int) -> None:
        self.save()
        self.exit(return_code=128 + signum)

    def on_unmount(self) -> None:
        loop = asyncio.get_running_loop()
        for sig in SAVE_SIGNALS:
            loop.remove_signal_handler(sig)

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
        """Move the game on: at the end of a deal, show how it ended and wait; a bot to act thinks; else a person
        chooses; at the end, save."""
        session = self.session
        if self.thinking is not None or self.showing_result:
            return
        if session.finished:
            self.finish()
            return
        if session.at_deal_end:
            self.show_result(then=self.next_deal)
            return
        bots = session.waiting_bots()
        if bots:
            self.thinking = session.bot_turn(bots[0])
            who = self.seat_names(bots[0])
            self.say(Text(f"{who.ja} が考えています…", f"{who.en} is thinking…"))
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

    def seat_names(self, seat: int) -> Text:
        """The seat's title in both languages (席2 (normal) / seat 2 (normal))."""
        who = self.who_sits(seat)
        return Text(
            f"席{seat}" + ("" if who is None else f" ({who.ja})"),
            f"seat {seat}" + ("" if who is None else f" ({who.en})"),
        )

    def show_result(self, then: Any = None) -> None:
        """How the deal ended, as a dialog over the final position; ``then`` runs after Continue (with no person at
        the table, after :data:`WATCH_PAUSE` seconds)."""
        viewer = self.viewer
        if viewer is not None:
            self.write_log(viewer, self.session.log(viewer))
        found = self.session.table(viewer).result
        if found is None:  # pragma: no cover - the model sets it at every deal's end (tests/presentation)
            if then is not None:
                then()
            return
        self.showing_result = True
        self.say(Text("配札が終わりました。Enterで続ける。", "The deal is over. Press Enter to continue."))

        def closed(_: None) -> None:
            self.showing_result = False
            if then is not None and self.is_running:  # not while the app closes (its widgets are gone)
                then()

        self.push_screen(ResultScreen(found, self.lang, self.session.seat_label), closed)
        if not self.session.humans:
            self.set_timer(WATCH_PAUSE, self.close_result)

    def close_result(self) -> None:
        stack = self.screen_stack  # empty while the app closes: the watch timer may fire then
        if self.is_running and stack and isinstance(stack[-1], ResultScreen):
            stack[-1].dismiss(None)

    def next_deal(self) -> None:
        self.session.next_deal()
        self.say("")
        self.redraw()
        self.advance()

    def handed_over(self) -> None:
        self.redraw()
        self.say(self.turn_help())

    def turn_help(self) -> Text:
        """What to do now, in a line: how to choose, and how to build a choice of several cards."""
        several = max((len(c.cards) for c in self.all_choices), default=0) > 1
        if several:
            return Text(
                "あなたの番です。カードを選んで(クリックか ← → Space)Enter、または記号キー・↑↓。",
                "Your turn. Select the cards (click, or ← → Space) then Enter; or a choice's key, or ↑ ↓.",
            )
        return Text(
            "あなたの番です。記号キー(1〜9 a b…)・↑↓ Enter・カードをクリック。h ヒント、t トリック、? ルール。",
            "Your turn: a choice's key (1–9 a b …), ↑ ↓ Enter, or click a card. h hint, t tricks, ? rules.",
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
        if not self.is_running:
            # the app is closing (its widgets are gone): a bot's answer that arrives now is dropped, so the game and
            # its record stay as the person last saw them
            return
        if worker.group == "bot":
            turn, self.thinking = self.thinking, None
            if event.state == WorkerState.ERROR or turn is None:
                self.bot_failed(turn, worker.error)
                return
            assert isinstance(worker.result, Action)
            before = self.last_completed()
            self.session.apply(turn, worker.result)
            if self.viewer is not None:  # say what the bot did (as the person saw it), not that it is thinking
                moved = self.session.log(self.viewer)
                self.say(moved[-1] if moved else "")
            else:
                self.say("")
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
                    Text(
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
        """The game is over: save, show the last deal's result, then the final table with the winners."""
        if self._over_shown:
            return
        self._over_shown = True
        table = self.session.table(self.viewer)
        names = [self.seat_names(s) for s in table.winners]
        path = self.save()
        self.redraw()

        def over() -> None:
            self.say(
                Text(
                    f"終了 — 勝者: {', '.join(n.ja for n in names)}。記録: {path}(q で終了)",
                    f"Game over — winners: {', '.join(n.en for n in names)}. Record: {path} (q to quit)",
                )
            )

        self.show_result(then=over)

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
            self.selected = []
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
        self.query_one(ChoiceList).show(visible, lang, exact, CHOICE_KEYS)

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
                    self.say(Text("そのカードを使う選択肢はありません。", "No choice uses that card."), error=True)
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
        self.selected = []
        self.draw_choices()

    def action_pick(self, index: int) -> None:
        """Choose the listed choice whose key was pressed (:data:`CHOICE_KEYS`: one key each, no waiting)."""
        if self.to_choose is None:
            return
        visible = self.listed()
        if index >= len(visible):
            last = CHOICE_KEYS[min(len(visible), len(CHOICE_KEYS)) - 1] if visible else "—"
            self.say(Text(f"選択肢は 1〜{last} です。", f"The choices are 1 to {last}."), error=True)
            return
        self.choose(visible[index][1])

    def action_tricks(self) -> None:
        """The tricks of this deal, as the person's seat saw them."""
        self.push_screen(TricksScreen(self.session.tricks(self.viewer), self.lang))

    def kept_trick(self, table: Table) -> Zone | None:
        if completed(table) is not None:
            return None
        tricks = self.session.tricks(self.viewer)
        return tricks[-1] if tricks else None

    # --- hints, saving, quitting --------------------------------------------------------------------------
    def action_hint(self) -> None:
        seat = self.to_choose
        if seat is None or self.hinting is not None:
            return
        self.hinting = self.session.hint_turn(seat)
        bot = self.session.hint_bot
        self.say(Text(f"{bot} ボットに聞いています…", f"Asking the {bot} bot…"))
        self.think_hint(self.hinting)

    def show_hint(self, turn: Turn, action: Action) -> None:
        if self.to_choose != turn.seat or len(self.session.match.events) != turn.events:
            return  # the game moved on meanwhile
        text = str(action)
        self.selected = []
        self.draw_choices()
        visible = self.listed()
        index = next((k for k, (_, c) in enumerate(visible) if c.action == text), None)
        label = next((c.label for _, c in visible if c.action == text), Text(text, text))
        if index is not None:
            self.query_one(ChoiceList).highlighted = index
        bot = self.session.hint_bot
        self.say(Text(f"ヒント({bot}): {label.ja}", f"Hint ({bot}): {label.en}"))

    def save(self) -> Path:
        self.saved = self.session.save()
        return self.saved

    def action_save(self) -> None:
        path = self.save()
        self.say(Text(f"記録を保存しました: {path}", f"Record saved: {path}"))

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

        self.push_screen(QuitScreen(self.lang, self.session.autosave), answer)

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
        Binding("m", "mistake", "悪手 next mistake", show=False),
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
        self.call_after_refresh(self.show_result)

    def game_rules(self) -> Text:
        return rules(self.replay.game)

    def redraw(self) -> None:
        table = self.replay.table(self.who, self.step)
        extra = f"{who_label(self.who)(self.lang)} · {self.step}/{self.replay.length}"
        self.draw(table, self.who, extra)
        self.write_log(self.who, self.replay.log(self.who, self.step))
        self.query_one("#hand", CardRow).show(table.hand, self.lang)
        decision = self.replay.review_at(self.step)
        if decision is not None:
            self.say(review_text(decision), error=decision.mistake)
        elif self.replay.review is not None:
            review = self.replay.review
            self.say(
                Text(
                    f"検討 席{review.seat}({review.bot}): 平均損失 {review.mean_loss:.3f} · 悪手 "
                    f"{len(self.replay.mistakes())} · m 次の悪手 · ← → 1手ずつ",
                    f"review of seat {review.seat} ({review.bot}): mean loss {review.mean_loss:.3f} · mistakes "
                    f"{len(self.replay.mistakes())} · m next mistake · ← → one event",
                )
            )
        else:
            self.say(
                Text(
                    "← → 1手ずつ · PgUp PgDn 10手 · Home End 最初・最後 · v 視点",
                    "← → one event · PgUp PgDn ten · Home End the ends · v view",
                )
            )

    def action_step(self, delta: int) -> None:
        self.step = max(0, min(self.replay.length, self.step + delta))
        self.redraw()
        self.show_result()

    def action_jump(self, where: int) -> None:
        self.step = self.replay.length if where < 0 else where
        self.redraw()
        self.show_result()

    def show_result(self) -> None:
        """At the end of a deal (or of the game), how it ended — the same dialog as at the table (Enter closes)."""
        found = self.replay.table(self.who, self.step).result
        if found is not None:
            self.push_screen(ResultScreen(found, self.lang))

    def action_mistake(self) -> None:
        """The step just after the next flagged mistake of the review (from the first again after the last)."""
        steps = self.replay.mistakes()
        if steps:
            self.action_jump(next((s for s in steps if s > self.step), steps[0]))

    def action_cycle(self) -> None:
        viewers = self.replay.viewers()
        self.who = viewers[(viewers.index(self.who) + 1) % len(viewers)]
        self.redraw()
