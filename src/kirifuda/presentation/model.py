"""The presentation model: a game's table as one seat sees it, in zones of cards and bilingual labels.

Each game describes its table once (``kirifuda.presentation.<game module>.present``), from the seat's
observation only; every surface — the ``--plain`` line mode, the full-screen terminal UI and the web page —
draws these zones generically and never lays out a game of its own. Everything here is plain data (frozen
dataclasses of strings, ints and tuples); :meth:`Table.to_json` is what the web page receives and
:meth:`Table.from_json` reads it back. docs/presentation.md describes every zone of every game.

Cards are record texts (``QS``, ``TH``, ``JK``); a card nobody at the seat may see is :data:`FACE_DOWN`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

FACE_DOWN = "??"
"""A card shown face down (its back)."""

ZONE_KINDS = ("hand", "trick", "sets", "pile", "row", "columns", "facts")
"""How a surface lays a zone out (see :class:`Zone`)."""


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
    note: Text | None = None  # e.g. 一番目 1st, 爆弾 bomb, ♥ named by a led Joker, → 席2 taken by seat 2
    highlight: bool = False  # e.g. the card winning the trick


@dataclass(frozen=True, slots=True)
class Zone:
    """A group of cards and facts a player sees.

    ``kind`` tells a surface how to lay it out (:data:`ZONE_KINDS`): ``"hand"`` (one's own cards, fanned, in the
    order players sort them), ``"trick"`` (cards played to the table, each with its seat), ``"sets"`` (``zones``
    in play order, each one seat's set of cards: Cut-in's turn), ``"pile"`` (a stack: its face-up ``cards`` and
    ``hidden`` face-down ones), ``"row"`` (cards in a line), ``"columns"`` (``zones`` side by side: Anou's wall),
    ``"facts"`` (label/value pairs only). Any zone may also carry ``facts`` and a ``note``. ``owner`` is the seat
    the zone belongs to, if any."""

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
    badges: tuple[Text, ...] = ()  # 親 dealer, 関係 Napoleon, 伏せ済み chosen, パス passed, …
    score: int | None = None  # the running total
    zones: tuple[Zone, ...] = ()  # the seat's public zones: its wall, captured cards


@dataclass(frozen=True, slots=True)
class Call:
    """Something said at the table: 「行く!」, 「来い!」, 「ござらぬゆえ」, 十六, a bid (``seat`` None: said by a
    side or the table, not one known seat)."""

    seat: int | None
    text: Text


@dataclass(frozen=True, slots=True)
class Sheet:
    """The score sheet: a row per deal (Organised Chaos: per bid; Gonin-kan: per battle), a column per seat
    (``None``: no score in that cell yet), and the totals."""

    title: Text
    rows: tuple[tuple[Text, tuple[int | None, ...]], ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action as a player chooses it: its record text, a label, and the cards it involves, picked
    from the zone ``zone`` (``"hand"``, or e.g. Anou's ``"pool"``) — so a surface can build a multi-card
    choice by selecting cards, then confirming. ``group`` tells apart choices of the same cards (the column a
    take opens, the suit a led Joker names)."""

    action: str
    label: Text
    cards: tuple[str, ...] = ()
    zone: str | None = None
    group: Text | None = None


@dataclass(frozen=True, slots=True)
class ResultLine:
    """One row of a deal's result: what one scoring rule gave each seat."""

    rule: str  # the rule's id as docs/rules/<game>.md carries it, e.g. "S1"
    name: Text  # the rule's name
    amounts: tuple[int | None, ...]  # per seat id (None: the rule did not score for that seat)


@dataclass(frozen=True, slots=True)
class DealResult:
    """The end of a deal (Gonin-kan: a battle; Cut-in: a hand) as a moment of the table: the final position that
    produced the score, the score broken down by rule, and the standings. A surface shows it and waits for the
    person (Continue) before the next deal is dealt."""

    deal: int  # 0-based index of the deal (battle, hand) in deal_scores
    title: Text  # 第1ディールの結果 / Result of deal 1 (battle, hand as the game names it)
    zones: tuple[Zone, ...]  # the final position that produced the score (walls, tricks won, finishing order, …)
    lines: tuple[ResultLine, ...]  # the deal's score broken down by rule
    scores: tuple[int, ...]  # the deal's score per seat id (the sum of its lines)
    totals: tuple[int, ...]  # standings after this deal
    over: bool  # the game ended with this deal


@dataclass(frozen=True, slots=True)
class Table:
    """Everything one seat (``viewer``; None: a spectator) sees of a game now."""

    game: str
    title: Text
    viewer: int | None
    status: Text  # where the game is: deal, trick, phase
    phase: str  # the observation's phase (``"play"``, ``"bid"``, …): for surfaces that style by phase
    turn: tuple[int, ...]  # seats to act
    seats: tuple[Seat, ...]  # round the table in play order (Gonin-kan: by position)
    center: tuple[Zone, ...]  # the trick or set, the table cards, the pool, turn-ups, the spare, the last trick
    hand: Zone | None  # the viewer's hand (None: a spectator)
    info: tuple[tuple[Text, Text], ...] = ()  # trump, mode, lock, targets, …
    calls: tuple[Call, ...] = ()
    sheet: Sheet | None = None
    over: bool = False
    winners: tuple[int, ...] = ()
    result: DealResult | None = None  # set at the end of a deal (the next deal pending) and once the game is over

    def seat(self, seat: int) -> Seat:
        """The :class:`Seat` of ``seat``."""
        for s in self.seats:
            if s.seat == seat:
                return s
        raise KeyError(seat)

    def zones(self) -> list[Zone]:
        """Every zone of the table (the hand, the center, every seat's, the deal result's), nested zones after their
        parent."""
        out: list[Zone] = []

        def walk(zone: Zone) -> None:
            out.append(zone)
            for inner in zone.zones:
                walk(inner)

        for zone in (
            *(() if self.hand is None else (self.hand,)),
            *self.center,
            *(z for s in self.seats for z in s.zones),
            *(() if self.result is None else self.result.zones),
        ):
            walk(zone)
        return out

    def zone(self, key: str) -> Zone | None:
        """The zone named ``key``, wherever it lies, or None."""
        return next((z for z in self.zones() if z.key == key), None)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (objects, lists, strings, ints, booleans, null): what the web page receives."""
        out: dict[str, Any] = _jsonable(self)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        """The table :meth:`to_json` gave."""
        return Table(
            game=data["game"],
            title=_text(data["title"]),
            viewer=data["viewer"],
            status=_text(data["status"]),
            phase=data["phase"],
            turn=tuple(data["turn"]),
            seats=tuple(_seat(s) for s in data["seats"]),
            center=tuple(_zone(z) for z in data["center"]),
            hand=None if data["hand"] is None else _zone(data["hand"]),
            info=_facts(data["info"]),
            calls=tuple(Call(c["seat"], _text(c["text"])) for c in data["calls"]),
            sheet=None if data["sheet"] is None else _sheet(data["sheet"]),
            over=data["over"],
            winners=tuple(data["winners"]),
            result=None if data.get("result") is None else _result(data["result"]),
        )


def choice_to_json(choice: Choice) -> dict[str, Any]:
    out: dict[str, Any] = _jsonable(choice)
    return out


def choice_from_json(data: dict[str, Any]) -> Choice:
    return Choice(
        action=data["action"],
        label=_text(data["label"]),
        cards=tuple(data["cards"]),
        zone=data["zone"],
        group=_maybe_text(data["group"]),
    )


_PLAIN = (str, int, bool, type(None))
_FIELDS: dict[type, tuple[str, ...]] = {}


def _jsonable(value: Any) -> Any:
    cls = type(value)
    if cls in _PLAIN:
        return value
    if cls is tuple or cls is list:
        return [_jsonable(v) for v in value]
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(value))
    return {name: _jsonable(getattr(value, name)) for name in names}


def _text(data: dict[str, str]) -> Text:
    return Text(data["ja"], data["en"])


def _maybe_text(data: dict[str, str] | None) -> Text | None:
    return None if data is None else _text(data)


def _facts(data: list[list[dict[str, str]]]) -> tuple[tuple[Text, Text], ...]:
    return tuple((_text(label), _text(value)) for label, value in data)


def _card(data: dict[str, Any]) -> Card:
    return Card(data["card"], data["seat"], _maybe_text(data["note"]), data["highlight"])


def _zone(data: dict[str, Any]) -> Zone:
    return Zone(
        key=data["key"],
        title=_text(data["title"]),
        kind=data["kind"],
        cards=tuple(_card(c) for c in data["cards"]),
        hidden=data["hidden"],
        owner=data["owner"],
        facts=_facts(data["facts"]),
        zones=tuple(_zone(z) for z in data["zones"]),
        note=_maybe_text(data["note"]),
    )


def _seat(data: dict[str, Any]) -> Seat:
    return Seat(
        seat=data["seat"],
        name=_text(data["name"]),
        cards=data["cards"],
        to_act=data["to_act"],
        you=data["you"],
        badges=tuple(_text(b) for b in data["badges"]),
        score=data["score"],
        zones=tuple(_zone(z) for z in data["zones"]),
    )


def _result(data: dict[str, Any]) -> DealResult:
    return DealResult(
        deal=data["deal"],
        title=_text(data["title"]),
        zones=tuple(_zone(z) for z in data["zones"]),
        lines=tuple(ResultLine(r["rule"], _text(r["name"]), tuple(r["amounts"])) for r in data["lines"]),
        scores=tuple(data["scores"]),
        totals=tuple(data["totals"]),
        over=data["over"],
    )


def _sheet(data: dict[str, Any]) -> Sheet:
    return Sheet(
        title=_text(data["title"]),
        rows=tuple((_text(label), tuple(values)) for label, values in data["rows"]),
        totals=tuple(data["totals"]),
    )
