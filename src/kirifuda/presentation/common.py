"""What every game's presentation shares: seat names, cards and suits as labels, trick zones, the score sheet,
and how one event of a seat's history reads at the table."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from .. import cards as C
from ..core import Observation, ScoreLine, Seen
from ..seats import winners_of
from .model import FACE_DOWN, Card, DealResult, ResultLine, Seat, Sheet, T, Text, Zone

SUIT_NAMES = {
    s: T(f"{C.SUIT_NAMES_JA[i]}{C.SUIT_SYMBOLS[i]}", f"{C.SUIT_NAMES[i]} {C.SUIT_SYMBOLS[i]}")
    for i, s in enumerate(C.SUITS)
}
"""A suit letter (``"H"``) → its bilingual name (ハート♥ / hearts ♥)."""

YOU = T("あなた", "you")
DEALER = T("親", "dealer")
OVER = T("終了", "game over")
DEALING = T("配札", "dealing")
PLAYING = T("プレイ", "play")
TRICK = T("場", "trick")
LAST_TRICK = T("前のトリック", "last trick")
HAND = T("手札", "hand")
LEAD = T("リード", "lead")
TRUMP = T("切り札", "trump")


def seat_name(seat: int) -> Text:
    return T(f"席{seat}", f"Seat {seat}")


def seat_header(
    obs: Observation,
    seat: int,
    badges: Iterable[Text] = (),
    zones: tuple[Zone, ...] = (),
    *,
    holds_hand: bool = True,
) -> Seat:
    """A seat round the table as every game shows it, built from the observation's public base (its name, the
    cards in its hand, whether it is to act, whether it is the viewer, its running total); the game adds its
    ``badges`` and its public ``zones``. ``holds_hand=False``: a seat dealt no hand (Gonin-kan's 6-player dealer)
    shows no card count."""
    return Seat(
        seat=seat,
        name=seat_name(seat),
        cards=obs.hand_sizes[seat] if holds_hand else None,
        to_act=seat in obs.to_act,
        you=seat == obs.seat,
        badges=tuple(badges),
        score=obs.totals[seat],
        zones=zones,
    )


def symbol(card: str) -> str:
    """A card's display text: ``♥10`` for ``TH``, ``??`` face down."""
    return card if card == FACE_DOWN else C.symbol(C.parse(card))


def symbols(cards: Iterable[str]) -> str:
    return " ".join(symbol(c) for c in cards)


def suit_symbol(letter: str) -> str:
    return C.SUIT_SYMBOLS[C.SUITS.index(letter)]


def ordered(cards: Iterable[int], key: Callable[[int], Any] = C.sort_key) -> tuple[Card, ...]:
    """Cards (ints, both copies of a double deck included) as table cards, in ``key`` order."""
    return tuple(Card(C.text(c)) for c in sorted(cards, key=key))


def hand_zone(hand: Iterable[int] | None, seat: int | None, key: Callable[[int], Any] = C.sort_key) -> Zone | None:
    """The viewer's hand, sorted by ``key`` (None for a spectator)."""
    if hand is None or seat is None:
        return None
    cards = ordered(hand, key)
    return Zone(
        key="hand", title=HAND, kind="hand", cards=cards, owner=seat, note=T(f"{len(cards)}枚", f"{len(cards)} cards")
    )


def played(
    plays: Sequence[tuple[int, str]],
    notes: dict[int, Text] | None = None,
    highlight: int | None = None,
) -> tuple[Card, ...]:
    """``(seat, card)`` plays as table cards with their seat; ``notes`` and ``highlight`` by seat."""
    notes = notes or {}
    return tuple(Card(card, seat=seat, note=notes.get(seat), highlight=seat == highlight) for seat, card in plays)


def taken_by(seat: int | None) -> Text:
    return T(f"→席{seat}", f"→ seat {seat}")


def deal_sheet(deal_scores: Sequence[Sequence[int]], totals: Sequence[int], row: Callable[[int], Text]) -> Sheet:
    """A score sheet with a row per completed deal (``row(k)`` labels deal ``k``, 1-based)."""
    rows = tuple((row(k), tuple(scores)) for k, scores in enumerate(deal_scores, start=1))
    return Sheet(title=T("得点表", "score sheet"), rows=rows, totals=tuple(totals))


def deal_row(k: int) -> Text:
    return T(f"第{k}ディール", f"deal {k}")


def deal_title(k: int) -> Text:
    """第kディールの結果 / Result of deal k (``k`` 1-based)."""
    return T(f"第{k}ディールの結果", f"Result of deal {k}")


def deal_ended(obs: Observation) -> bool:
    """The observation is at the end of a deal: the next deal is pending after at least one, or the game is over."""
    return obs.phase == "over" or (obs.phase == "deal" and bool(obs.deal_scores))


def result_lines(lines: Sequence[ScoreLine], seats: int) -> tuple[ResultLine, ...]:
    """A deal's score lines as rows rule × seat, the rules in their ids' order (S1, S2, …)."""
    rows: dict[str, tuple[Text, list[int | None]]] = {}
    for line in sorted(lines, key=lambda line: (len(line.rule), line.rule)):
        name, amounts = rows.setdefault(line.rule, (T(line.ja, line.en), [None] * seats))
        amounts[line.seat] = (amounts[line.seat] or 0) + line.amount
    return tuple(ResultLine(rule, name, tuple(amounts)) for rule, (name, amounts) in rows.items())


def deal_result(
    obs: Observation, zones: Sequence[Zone], title: Callable[[int], Text] = deal_title
) -> DealResult | None:
    """The result of the observation's last completed deal when it is at a deal's end (:func:`deal_ended`), else
    None: the lines, scores and totals from its ``deal_lines`` / ``deal_scores``, with the game's ``zones`` (the
    final position; keys start with ``result``) and ``title(k)`` naming deal ``k`` (1-based) as the game does."""
    if not deal_ended(obs):
        return None
    deal_scores, lines = obs.deal_scores, obs.deal_lines
    deal = len(deal_scores) - 1
    seats = len(deal_scores[deal])
    return DealResult(
        deal=deal,
        title=title(deal + 1),
        zones=tuple(zones),
        lines=result_lines(lines[deal], seats),
        scores=tuple(deal_scores[deal]),
        totals=tuple(sum(scores[s] for scores in deal_scores) for s in range(seats)),
        over=obs.phase == "over",
    )


def winners(over: bool, totals: Sequence[int]) -> tuple[int, ...]:
    """The seats tied at the top total once the game is over (ties share the win in every game)."""
    return winners_of(list(totals)) if over else ()


def suit_note(letter: str | None, ja: str = "リード", en: str = "lead") -> Text | None:
    """``リード ♥`` / ``lead ♥`` (None when no suit is led yet)."""
    if letter is None:
        return None
    return T(f"{ja} {suit_symbol(letter)}", f"{en} {suit_symbol(letter)}")


def count(n: int, ja_unit: str = "枚", en_unit: str = "cards") -> Text:
    return T(f"{n}{ja_unit}", f"{n} {en_unit}")


def seats_text(seats: Iterable[int]) -> Text:
    listed = list(seats)
    if not listed:
        return T("—")
    return T("・".join(f"席{s}" for s in listed), ", ".join(f"seat {s}" for s in listed))


# --- one event as the table hears it ---------------------------------------------------------------

VERBS = {
    "play": T("出す", "plays"),
    "take": T("取る", "takes"),
    "root": T("根石", "root stone"),
    "bid": T("ビッド", "bids"),
    "give": T("渡す", "gives"),
    "pass": T("パス", "passes"),
    "go": T("「行く!」", "“Go!”"),
    "come": T("「来い!」", "“Come!”"),
    "trump": T("切り札宣言", "declares trump"),
    "sixteen": T("十六!", "sixteen!"),
    "stop": T("ストップ", "stop"),
    "swap": T("仮親の交換", "blind swap"),
}
"""The record verbs of every game as a player says them (../shared/spec/records.md, "Action text")."""

_CARD = re.compile(r"\b(?:[2-9TJQKA][SHDC]|JK)\b")


def with_symbols(text: str) -> str:
    """Record text with every card written with its suit symbol (``play TH`` → ``play ♥10``)."""
    return _CARD.sub(lambda m: symbol(m.group(0)), text)


NO_WORDS: Mapping[str, Text] = MappingProxyType({})


def event(seen: Seen, words: Mapping[str, Text] = NO_WORDS) -> Text:
    """One event of a seat's history (``play ?`` for a face-down card) as a line of the table's log, wholly in each
    language (``席2: ビッド ハート♥``). ``words`` is the game's own vocabulary (its presentation module's ``WORDS``):
    how a word of its record text reads, such as a bid's or a suit's name; a verb there is read before
    :data:`VERBS`; any other word is record text with its cards written with symbols."""
    if seen.actor == "deal":
        return T("― 配札 ―", "— new deal —")
    parts = seen.text.split()
    verb = (words.get(parts[0]) or VERBS.get(parts[0]) or T(parts[0])) if parts else T("")
    rest = [words.get(w) or T(with_symbols(w)) for w in parts[1:]]
    ja = " ".join([verb.ja, *(w.ja for w in rest)]).strip()
    en = " ".join([verb.en, *(w.en for w in rest)]).strip()
    if seen.actor == "chance":
        return T(ja, en)
    who = seat_name(int(seen.actor))
    return T(f"{who.ja}: {ja}".strip(), f"{who.en}: {en}".strip())
