"""What every game's RL encoding is made of: the observation layout, the action index, the encoder.

* :class:`Layout` — the observation vector of a game id with its options, as named fields (a card set, a row of
  flags, a row of numbers). It packs one seat's values into a ``float32`` vector in one pass (card sets are bitmasks,
  so a whole vector is one big int turned into bits) and describes every slot for docs/rl.md.
* :class:`ActionIndex` — every possible action text of the game id with its options ↔ a fixed index. Actions are
  looked up by value (a cache keyed by the game's own action objects), so a legal action never pays for its text
  twice.
* :class:`Encoder` — one seat's observation vector, fed only with what that seat saw: each event of its history
  (:class:`~kirifuda.core.Seen`) and, when asked, its observation (``game.observation(state, seat)``, given as a
  thunk so an encoder that tracks the table from the history alone never pays for it).

Each game's ``rl`` part (its registry entry's module) subclasses :class:`Encoder` as ``Encoder`` and defines
``layout(game)`` and ``action_texts(game)`` (see :mod:`kirifuda.rl.registry`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, ClassVar

import numpy as np

from .. import cards as C
from ..cards import COPY, JOKER
from ..core import Action, Game, KirifudaError, Observation, Seen
from ..tricks import Play

LOW = (1 << COPY) - 1
"""First copies (and the Joker) of a card mask; second copies sit ``COPY`` bits higher."""
NAME_BITS = JOKER + 1
"""Raw bits of one card field: a bit per card name (suit * 16 + rank, the Joker at 64)."""
CARD_OF_TEXT = {C.text(c): c for c in (*C.DECK_52, JOKER)}
"""Card text → card int (the observations hold card texts)."""


def card_mask(texts: Iterable[str]) -> int:
    """The mask of some card texts (second copies folded onto their names)."""
    m = 0
    for t in texts:
        m |= 1 << CARD_OF_TEXT[t]
    return m


def mask_of(cards: C.CardSet) -> int:
    """A card set's bitmask (second copies at ``COPY`` bits higher)."""
    return int(cards.mask)


def relative(seat: int, me: int, n: int) -> int:
    """Where ``seat`` sits counted from ``me``: 0 is me, 1 the next seat in play order, …"""
    return (seat - me) % n


@dataclass(frozen=True)
class Field:
    """A block of consecutive slots of the observation vector."""

    name: str
    size: int
    meaning: str
    kind: str  # "cards", "flags" or "numbers"
    labels: tuple[str, ...]  # one per slot
    scale: float = 1.0


class Layout:
    """The observation vector of one game id with its options: card fields, then flag fields, then numbers.

    Values come in as the fields are declared: a card mask for a card field (two copies of a name fill its two
    slots), an int whose bit ``i`` is slot ``i`` for a flag field, a sequence of numbers for a number field
    (divided by its scale and clipped to [-1, 1], so the whole vector lies in the Box [-1, 1])."""

    def __init__(self, deck: Sequence[int]) -> None:
        names = C.sorted_cards({C.base(c) for c in deck})
        doubled = C.sorted_cards({C.base(c) for c in deck if c & COPY})
        self.card_names = tuple(names)
        self.doubled = tuple(doubled)
        self.fields: list[Field] = []
        self._select: list[int] = []
        self._plan: list[tuple[str, int]] = []  # (kind, raw width) per bit field
        self._raw = 0
        self._scales: list[float] = []
        self._card_select = [c for c in names] + [NAME_BITS + c for c in doubled]
        self._bits: np.ndarray | None = None

    # declaring
    def cards(self, name: str, meaning: str) -> None:
        """A set of cards: a slot per card name of the deck (canonical order), then a slot per name of which the
        deck has two copies (set when both are in the set)."""
        self._bit_field()
        labels = tuple(C.text(c) for c in self.card_names) + tuple(C.text(c) + "×2" for c in self.doubled)
        self.fields.append(Field(name, len(labels), meaning, "cards", labels))
        self._select.extend(self._raw + i for i in self._card_select)
        self._plan.append(("cards", 2 * NAME_BITS if self.doubled else NAME_BITS))
        self._raw += self._plan[-1][1]

    def flags(self, name: str, meaning: str, labels: Sequence[str]) -> None:
        """Yes/no slots (one-hot choices, seats, suits): slot ``i`` is bit ``i`` of the value."""
        self._bit_field()
        self.fields.append(Field(name, len(labels), meaning, "flags", tuple(labels)))
        self._select.extend(range(self._raw, self._raw + len(labels)))
        self._plan.append(("flags", len(labels)))
        self._raw += len(labels)

    def numbers(self, name: str, meaning: str, labels: Sequence[str], scale: float) -> None:
        """Numbers, each divided by ``scale`` and clipped to [-1, 1]."""
        self.fields.append(Field(name, len(labels), meaning, "numbers", tuple(labels), scale))
        self._scales.extend([scale] * len(labels))

    def _bit_field(self) -> None:
        if self._scales:
            raise ValueError("declare card and flag fields before number fields")

    # packing
    @property
    def size(self) -> int:
        return sum(f.size for f in self.fields)

    def offsets(self) -> list[tuple[int, Field]]:
        out, at = [], 0
        for f in self.fields:
            out.append((at, f))
            at += f.size
        return out

    def pack(self, values: Sequence[Any]) -> np.ndarray:
        """The vector of ``values`` (one per field, in declaration order)."""
        if self._bits is None:
            self._compile()
        raw = 0
        count = len(self._shifts)
        if self.doubled:
            for v, shift, is_cards in zip(values, self._shifts, self._is_cards, strict=False):
                if is_cards:
                    low, high = v & LOW, v >> COPY
                    v = low | high | (low & high) << NAME_BITS
                raw |= v << shift
        else:
            for v, shift in zip(values, self._shifts, strict=False):
                raw |= v << shift
        bits = np.unpackbits(np.frombuffer(raw.to_bytes(self._nbytes, "little"), dtype=np.uint8), bitorder="little")
        out = bits[self._bits].astype(np.float32)
        if not self._scales:
            return out
        numbers = np.fromiter(chain.from_iterable(values[count:]), dtype=np.float64, count=len(self._scales))
        return np.concatenate((out, np.clip(numbers / self._scale_array, -1.0, 1.0).astype(np.float32)))

    def _compile(self) -> None:
        self._bits = np.array(self._select, dtype=np.intp)
        self._scale_array = np.array(self._scales, dtype=np.float64)
        self._nbytes = (self._raw + 7) // 8
        shifts, at = [], 0
        for _, width in self._plan:
            shifts.append(at)
            at += width
        self._shifts = tuple(shifts)
        self._is_cards = tuple(kind == "cards" for kind, _ in self._plan)


@dataclass(frozen=True)
class Span:
    """A range of action indices and the rule that orders them (for docs/rl.md)."""

    start: int
    stop: int
    what: str
    order: str


class IllegalIndex(KirifudaError):
    """An action index outside the mask (or outside the action space)."""


class ActionIndex:
    """Every possible action text of one game id with its options ↔ a fixed index."""

    def __init__(self, game: Game, texts: Sequence[str], spans: Sequence[Span]) -> None:
        self.game = game
        self.texts = tuple(texts)
        self.spans = tuple(spans)
        self.index = {t: i for i, t in enumerate(self.texts)}
        if len(self.index) != len(self.texts):
            raise ValueError(f"{game.id}: two action indices share a text")
        self._by_action: dict[Action, int] = {}
        self._actions: dict[int, Action] = {}
        self.play_index: dict[int, int] = {}
        """Card → index of its single-card ``play`` (the shared :class:`~kirifuda.tricks.Play`): most steps of most
        games are plays, and a card is a cheaper key than an action."""
        for i, text in enumerate(self.texts):
            if text.startswith("play ") and " " not in text[5:]:
                action = game.parse_action(text)
                if type(action) is Play:
                    self.play_index[action.card] = i

    def __len__(self) -> int:
        return len(self.texts)

    def of(self, action: Action) -> int:
        """The index of a legal action (its canonical text's)."""
        if type(action) is Play:
            return self.play_index[action.card]
        i = self._by_action.get(action)
        if i is None:
            i = self._by_action[action] = self.index[str(action)]
        return i

    def action(self, i: int) -> Action:
        """The action of index ``i`` (parsed once)."""
        a = self._actions.get(i)
        if a is None:
            a = self._actions[i] = self.game.parse_action(self.texts[i])
        return a


def spans_of(groups: Sequence[tuple[str, str, Sequence[str]]]) -> tuple[list[str], list[Span]]:
    """Concatenate groups of texts ``(what, order, texts)`` into one table with its spans."""
    texts: list[str] = []
    spans = []
    for what, order, group in groups:
        spans.append(Span(len(texts), len(texts) + len(group), what, order))
        texts.extend(group)
    return texts, spans


class Encoder:
    """One seat's observation vector, built from that seat's information state only.

    ``see(seen)`` is called with every event of the seat's history, in order, as the seat saw it; ``vector(obs)``
    gives the vector now, ``obs()`` returning the seat's observation (call it only if needed). An encoder keeps
    nothing but what it is given, so it cannot tell two worlds apart that the seat cannot (tests/rl/)."""

    uses_history: ClassVar[bool] = False
    """False: ``see`` does nothing, and the environment need not work out how the seat saw each event."""

    def __init__(self, game: Game, layout: Layout, seat: int, shared: Any = None) -> None:
        self.game = game
        self.layout = layout
        self.seat = seat
        self.n = game.seat_count

    @staticmethod
    def shared(game: Any, layout: Layout) -> Any:
        """What the encoders of one game's seats may share: the part of the history every seat sees alike (a public
        table followed once for all seats), or None."""
        return None

    def see(self, seen: Seen) -> None:
        """One more event of the seat's history."""

    def see_all(self, seens: Sequence[Seen]) -> None:
        """Several more events, in order."""
        for seen in seens:
            self.see(seen)

    def vector(self, obs: Callable[[], Observation]) -> np.ndarray:
        return self.layout.pack(self.values(obs()))

    def values(self, obs: Any) -> list[Any]:
        """The layout's values from the observation (and what :meth:`see` gathered)."""
        raise NotImplementedError

    def seat_bits(self, seats: Iterable[int]) -> int:
        """Flags of some seats, counted from this one (bit 0: this seat, bit 1: the next, …)."""
        out = 0
        for s in seats:
            out |= 1 << relative(s, self.seat, self.n)
        return out

    def by_seat(self, values: Sequence[Any]) -> list[Any]:
        """Per-seat values reordered from this seat on (index 0: this seat)."""
        n = self.n
        return [values[(self.seat + k) % n] for k in range(n)]


def seat_labels(n: int) -> list[str]:
    """Slot labels of a per-seat row counted from the observing seat."""
    return ["me"] + [f"+{k}" for k in range(1, n)]


def one_hot(i: int | None) -> int:
    """Flag ``i`` (nothing for None)."""
    return 0 if i is None else 1 << i


SUIT_LABELS = ("S", "H", "D", "C")
SUIT_INDEX = {s: i for i, s in enumerate(C.SUITS)}
