"""The table's dialogs: the rules summary, quitting (save first?), a bot that cannot play, handing the screen to
the next person at a shared terminal, how a deal ended, the tricks of this deal."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text as RichText
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from ..presentation.model import DealResult, Text, Zone
from . import render

KEYS = Text(
    """キー操作
  ↑ ↓ Enter   選択肢を選んで決定      1〜9 a b c…  選択肢の記号で選ぶ(1キー)
  ← → Space   カードを移動・選択      Esc    カードの選択を解除
  マウス       カードや選択肢をクリック
  t この配札のトリック   h ヒント   ? ルール   s 保存   l 日本語/English   q・Ctrl-C 終了""",
    """Keys
  ↑ ↓ Enter   move through the choices, choose   1–9 a b c…  choose by the choice's key (one key)
  ← → Space   move along your cards, select one  Esc   clear the card selection
  mouse       click a card or a choice
  t this deal's tricks   h hint   ? rules   s save   l 日本語/English   q, Ctrl-C quit""",
)


class RulesScreen(ModalScreen[None]):
    """The game's rules summary and the keys (``?``)."""

    BINDINGS = [Binding("escape,q,question_mark", "close", "閉じる close")]

    def __init__(self, rules: Text, lang: str) -> None:
        super().__init__()
        self.rules = rules
        self.lang = lang

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="dialog", classes="rules"):
            yield Static(self.rules(self.lang), id="rules-text")
            yield Static(KEYS(self.lang), id="keys-text")
            yield Label("Esc / ? : 閉じる" if self.lang == "ja" else "Esc / ? : close", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)


class QuitScreen(ModalScreen[str]):
    """Quitting a game in progress: save the record first? Answers ``"save"``, ``"discard"`` or ``"stay"``."""

    BINDINGS = [
        Binding("s,y", "answer('save')", show=False),
        Binding("d,n", "answer('discard')", show=False),
        Binding("escape,c", "answer('stay')", show=False),
    ]

    def __init__(self, lang: str, autosaved: bool = False) -> None:
        super().__init__()
        self.lang = lang
        self.autosaved = autosaved  # the record is saved after every action: leaving loses nothing

    def compose(self) -> ComposeResult:
        ja = self.lang == "ja"
        with Vertical(id="dialog"):
            yield Label(
                "ゲームを終了しますか?記録を保存できます。" if ja else "Leave the table? You can save the record first."
            )
            with Horizontal(classes="buttons"):
                yield Button("保存して終了 (s)" if ja else "Save and quit (s)", id="save", variant="primary")
                if self.autosaved:
                    yield Button("終了(記録は保存済み) (d)" if ja else "Quit (the record is saved) (d)", id="discard")
                else:
                    yield Button("保存せず終了 (d)" if ja else "Quit without saving (d)", id="discard", variant="error")
                yield Button("続ける (Esc)" if ja else "Keep playing (Esc)", id="stay")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "stay")

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)


class BotFailedScreen(ModalScreen[str]):
    """A bot could not decide: seat the heuristic bot instead (``"replace"``), or save and quit (``"quit"``)."""

    BINDINGS = [Binding("r", "answer('replace')", show=False), Binding("s,q", "answer('quit')", show=False)]

    def __init__(self, message: str, lang: str) -> None:
        super().__init__()
        self.message = message
        self.lang = lang

    def compose(self) -> ComposeResult:
        ja = self.lang == "ja"
        with Vertical(id="dialog"):
            yield Label(self.message, classes="error")
            with Horizontal(classes="buttons"):
                yield Button(
                    "heuristic ボットに替える (r)" if ja else "Seat the heuristic bot instead (r)", id="replace"
                )
                yield Button("保存して終了 (s)" if ja else "Save and quit (s)", id="quit", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "quit")

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)


class HandoverScreen(ModalScreen[None]):
    """Several people share the terminal: the table is hidden until the next one is ready."""

    BINDINGS = [Binding("enter,space", "ready", show=False)]

    def __init__(self, seat: int, lang: str) -> None:
        super().__init__()
        self.seat = seat
        self.lang = lang

    def compose(self) -> ComposeResult:
        ja = self.lang == "ja"
        with Vertical(id="dialog"):
            yield Label(
                f"席{self.seat}の番です。ほかの人は画面を見ないでください。準備ができたら Enter。"
                if ja
                else f"Seat {self.seat}'s turn. Everyone else, look away. Press Enter when ready."
            )

    def action_ready(self) -> None:
        self.dismiss(None)


CONTINUE = Text("続ける", "Continue")
DEAL_SCORE = Text("この配札の得点", "this deal")
TOTAL = Text("合計", "total")


def result_table(result: DealResult, lang: str, names: Callable[[int], Text] | None = None) -> RichTable:
    """The rule × seat table of a deal's result (the rule's id and name; · where a rule gave a seat nothing), then
    the deal's scores and the totals after it."""
    table = RichTable(box=None, padding=(0, 1), show_edge=False)
    table.add_column("")
    for seat in range(len(result.totals)):
        head = (f"席{seat}" if lang == "ja" else f"s{seat}") + ("" if names is None else f"\n{names(seat)(lang)}")
        table.add_column(head, justify="right")
    for line in result.lines:
        label = RichText(f"{line.rule} ", style="dim")
        label.append(line.name(lang))
        table.add_row(label, *("·" if a is None else f"{a:+d}" for a in line.amounts))
    table.add_row(RichText(DEAL_SCORE(lang), style="bold"), *(RichText(f"{v:+d}", style="bold") for v in result.scores))
    table.add_row(RichText(TOTAL(lang), style="bold"), *(RichText(str(v), style="bold") for v in result.totals))
    return table


class ResultScreen(ModalScreen[None]):
    """How a deal ended (結果 result): the final position, each seat's score by rule, the deal's scores and the
    totals after it (the presentation model's :class:`~kirifuda.presentation.model.DealResult`). The next deal
    waits until Continue (Enter, or the button)."""

    BINDINGS = [Binding("enter,space,escape", "close", show=False)]

    def __init__(self, result: DealResult, lang: str, names: Callable[[int], Text] | None = None) -> None:
        super().__init__()
        self.result = result
        self.lang = lang
        self.names = names

    def compose(self) -> ComposeResult:
        lang, result = self.lang, self.result
        over = Text("  ゲーム終了", "  game over") if result.over else Text("", "")
        with VerticalScroll(id="dialog", classes="result"):
            yield Label(f"{result.title(lang)}{over(lang)}", id="result-title")
            parts: list[RenderableType] = [render.zone(z, lang) for z in result.zones]
            yield Static(Group(*parts), id="result-zones")
            yield Static(result_table(result, lang, self.names), id="result-scores")
            with Horizontal(classes="buttons"):
                yield Button(f"{CONTINUE(lang)} (Enter)", id="continue", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#continue", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class TricksScreen(ModalScreen[None]):
    """The tricks (turns) completed in this deal, as the seat saw them (``t``)."""

    BINDINGS = [Binding("escape,t,q,enter", "close", "閉じる close")]

    def __init__(self, tricks: Sequence[Zone], lang: str) -> None:
        super().__init__()
        self.tricks = tricks
        self.lang = lang

    def compose(self) -> ComposeResult:
        ja = self.lang == "ja"
        with VerticalScroll(id="dialog", classes="tricks"):
            yield Label("この配札のトリック" if ja else "Tricks of this deal", id="tricks-title")
            if not self.tricks:
                yield Static("まだありません" if ja else "none yet")
            for k, zone in enumerate(self.tricks, start=1):
                line = RichText(f"{k:>2}. ", style="dim")
                line.append_text(render.zone_body(zone, self.lang))
                yield Static(line)
            yield Label("Esc / t : 閉じる" if ja else "Esc / t : close", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)
