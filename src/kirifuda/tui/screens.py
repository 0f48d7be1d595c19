"""The table's dialogs: the rules summary, quitting (save first?), a bot that cannot play, handing the screen to
the next person at a shared terminal."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from ..presentation.model import Text

KEYS = Text(
    """キー操作
  ↑ ↓ Enter   選択肢を選んで決定      1〜9   番号で選ぶ(10番以降は2桁)
  ← → Space   カードを移動・選択      Esc    カードの選択を解除
  マウス       カードや選択肢をクリック
  h ヒント   ? ルール   s 保存   l 日本語/English   q・Ctrl-C 終了""",
    """Keys
  ↑ ↓ Enter   move through the choices, choose   1–9   choose by number (two digits past 9)
  ← → Space   move along your cards, select one  Esc   clear the card selection
  mouse       click a card or a choice
  h hint   ? rules   s save   l 日本語/English   q, Ctrl-C quit""",
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

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def compose(self) -> ComposeResult:
        ja = self.lang == "ja"
        with Vertical(id="dialog"):
            yield Label(
                "ゲームを終了しますか?記録を保存できます。" if ja else "Leave the table? You can save the record first."
            )
            with Horizontal(classes="buttons"):
                yield Button("保存して終了 (s)" if ja else "Save and quit (s)", id="save", variant="primary")
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
