"""The presentation model: a game's table as one seat sees it, in zones of cards and bilingual labels.

Each game describes its table once (``kirifuda.presentation.<game module>.present``), from the seat's
observation only; every surface — the ``--plain`` line mode, the full-screen terminal UI and the web page —
draws these zones generically and never lays out a game of its own. Everything here is plain data (frozen
dataclasses of strings, ints and tuples) and :meth:`Table.to_json` is what the web page receives.

Cards are record texts (``QS``, ``TH``, ``JK``); a card nobody at the seat may see is :data:`FACE_DOWN`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

FACE_DOWN = "??"
"""A card shown face down (its back)."""


@dataclass(frozen=True, slots=True)
class Text:
    """A label in Japanese and English."""

    ja: str
    en: str

    def __call__(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en

    def both(self) -> str:
        return self.en if self.ja == self.en else f"{self.ja} {self.en}"


def T(ja: str, en: str | None = None) -> Text:
    """A label; one string for both languages where it needs no translation (a number, a card)."""
    return Text(ja, ja if en is None else en)


@dataclass(frozen=True, slots=True)
class Card:
    """A card on the table: its record text (or :data:`FACE_DOWN`), who played it, and a note."""

    card: str
    seat: int | None = None
    note: Text | None = None  # e.g. 一番目 1st, 爆弾 bomb, ♥ named by a led Joker
    highlight: bool = False  # e.g. the card winning the trick so far


@dataclass(frozen=True, slots=True)
class Zone:
    """A group of cards and facts a player sees.

    ``kind`` tells a surface how to lay it out: ``"hand"`` (one's own cards, fanned), ``"trick"`` (cards played
    to the table, each with its seat), ``"pile"`` (a stack: only the count and, if face up, the cards),
    ``"row"`` (cards in a line), ``"columns"`` (``zones`` side by side: Anou's wall), ``"facts"`` (label/value
    pairs only). ``owner`` is the seat the zone belongs to, if any."""

    key: str
    title: Text
    kind: str = "row"
    cards: tuple[Card, ...] = ()
    hidden: int = 0  # face-down cards not listed in ``cards``
    owner: int | None = None
    facts: tuple[tuple[Text, Text], ...] = ()
    zones: tuple[Zone, ...] = ()
    note: Text | None = None


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat round the table."""

    seat: int
    name: Text  # 席 0 / Seat 0 (a surface may show a player's own name instead)
    cards: int | None  # cards in hand (None: holds no hand, e.g. Gonin-kan's 6-player dealer)
    to_act: bool = False
    you: bool = False
    badges: tuple[Text, ...] = ()  # 親 dealer, 関係 Napoleon, 準備完了 ready, パス passed, …
    score: int | None = None  # the running total
    zones: tuple[Zone, ...] = ()  # the seat's public zones: its wall, captured cards, bid


@dataclass(frozen=True, slots=True)
class Call:
    """Something said at the table: 「行く!」, 「来い!」, 「ござらぬゆえ」, 十六, a bid."""

    seat: int | None
    text: Text


@dataclass(frozen=True, slots=True)
class Sheet:
    """The score sheet: a row per deal (Organised Chaos: per bid), a column per seat, and the totals."""

    title: Text
    rows: tuple[tuple[Text, tuple[int | None, ...]], ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action as a player chooses it: its record text, a label, and the cards it involves (so a
    surface can build a multi-card choice by selecting cards, then confirming)."""

    action: str
    label: Text
    cards: tuple[str, ...] = ()
    group: Text | None = None  # e.g. the column a take places a card in


@dataclass(frozen=True, slots=True)
class Table:
    """Everything one seat (``viewer``; None: a spectator) sees of a game now."""

    game: str
    title: Text
    viewer: int | None
    status: Text  # where the game is: deal, phase
    turn: tuple[int, ...]  # seats to act
    seats: tuple[Seat, ...]
    center: tuple[Zone, ...]  # the trick or set, the table cards, the pool, turn-ups, the spare, the last trick
    hand: Zone | None
    info: tuple[tuple[Text, Text], ...] = ()  # trump, mode, lock, targets, …
    calls: tuple[Call, ...] = ()
    sheet: Sheet | None = None
    over: bool = False
    winners: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return _jsonable(self)


def _jsonable(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    return value
