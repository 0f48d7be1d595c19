"""Cards as small ints, card sets as bitmasks, and the named decks.

A card is ``suit * 16 + rank`` where ``rank`` 0..12 is 2..A and suits are ``S H D C``
(♠ ♥ ♦ ♣) in the order of ../shared/spec/records.md. The Joker is :data:`JOKER`. A second
copy of a card in a double deck (Anarchy Bomb, Organised Chaos) is ``card | COPY``; both
copies share one name and are interchangeable in play.

A set of cards is an ``int`` bitmask (bit ``c`` set ⇔ card ``c`` present). Rules code works on
the raw masks for speed; :class:`CardSet` is the thin, immutable set type shown to callers.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SUIT_NAMES_JA = ("スペード", "ハート", "ダイヤ", "クラブ")
RANKS = "23456789TJQKA"
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(13)

JOKER = 64
COPY = 128

RANK_MASK = 0x1FFF
SUIT_MASKS = tuple(RANK_MASK << (16 * s) for s in range(4))
"""``SUIT_MASKS[s]`` selects the first copies of suit ``s``; see :func:`suit_cards`."""


class CardError(ValueError):
    """A card or card list in text notation could not be read."""


def make(rank: int, suit: int) -> int:
    """The card of ``rank`` (0=2 … 12=A) and ``suit`` (0=♠ … 3=♣)."""
    return suit * 16 + rank


def suit_of(card: int) -> int:
    """The suit of a card (undefined for the Joker)."""
    return (card >> 4) & 3


def rank_of(card: int) -> int:
    """The rank of a card, 0 (2) … 12 (A) (undefined for the Joker)."""
    return card & 15


def base(card: int) -> int:
    """The card with its second-copy flag cleared."""
    return card & ~COPY


def text(card: int) -> str:
    """Canonical ASCII text: ``AS``, ``TH``, ``JK``."""
    if card & ~COPY == JOKER:
        return "JK"
    return RANKS[card & 15] + SUITS[(card >> 4) & 3]


def symbol(card: int) -> str:
    """Display text with a suit symbol: ``♠A``, ``♥10``, ``JK``."""
    if card & ~COPY == JOKER:
        return "JK"
    rank = RANKS[card & 15]
    return SUIT_SYMBOLS[(card >> 4) & 3] + ("10" if rank == "T" else rank)


_SYMBOL_TO_SUIT = {sym: SUITS[i] for i, sym in enumerate(SUIT_SYMBOLS)}
_SYMBOL_TO_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})


def parse(token: str) -> int:
    """Read one card: ``AS``, ``as``, ``10H``, ``♠A``, ``A♠``, ``JK``. Raises :class:`CardError`."""
    raw = token.strip()
    t = "".join(_SYMBOL_TO_SUIT.get(ch, ch) for ch in raw).upper()
    if t in ("JK", "JOKER"):
        return JOKER
    if len(t) >= 2 and t[0] in SUITS and t[1:] not in SUITS:
        t = t[1:] + t[0]  # symbol first: ♠A
    rank, suit = t[:-1], t[-1:]
    if rank == "10":
        rank = "T"
    if len(rank) != 1 or rank not in RANKS or suit not in SUITS or not suit:
        raise CardError(f"not a card: {token!r} (write e.g. AS, 10H, ♠Q or JK)")
    return make(RANKS.index(rank), SUITS.index(suit))


def parse_suit(token: str) -> int:
    """Read a suit letter, symbol or English name (``H``, ``♥``, ``hearts``)."""
    t = token.strip()
    t = _SYMBOL_TO_SUIT.get(t, t).upper()
    for i, name in enumerate(SUIT_NAMES):
        if t in (SUITS[i], name.upper()):
            return i
    raise CardError(f"not a suit: {token!r} (write S, H, D, C or ♠ ♥ ♦ ♣)")


def parse_many(words: str | Iterable[str]) -> list[int]:
    """Read a list of cards from space-separated text or an iterable of tokens."""
    tokens = words.split() if isinstance(words, str) else list(words)
    return [parse(t) for t in tokens]


def sort_key(card: int) -> tuple[int, int]:
    """Canonical display order: ♠ ♥ ♦ ♣, high rank first, the Joker last."""
    b = card & ~COPY
    if b == JOKER:
        return (4, 0)
    return ((b >> 4) & 3, -(b & 15))


def sorted_cards(cards: Iterable[int]) -> list[int]:
    return sorted(cards, key=sort_key)


def texts(cards: Iterable[int]) -> list[str]:
    """Canonical texts of cards, in canonical order."""
    return [text(c) for c in sorted_cards(cards)]


# --- bitmask helpers -----------------------------------------------------------------------


def mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(m: int) -> Iterator[int]:
    """The cards of a mask, lowest bit first."""
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def card_list(m: int) -> list[int]:
    return list(cards_in(m))


def suit_cards(m: int, suit: int) -> int:
    """The cards of ``suit`` in ``m``, both copies."""
    sm = SUIT_MASKS[suit]
    return m & (sm | (sm << COPY))


def shuffle_among(rng: random.Random, masks: Sequence[int], extra: Iterable[int] = ()) -> list[int]:
    """Deal the cards of ``masks`` (and ``extra``) at random back into places of the same sizes.

    The shared step of every ``reshuffle_unseen``: ``masks`` are the places a seat cannot see into;
    ``extra`` cards are added to the shuffle and dealt out too (the places are filled in order, so
    their total size must equal the number of cards)."""
    pack = [c for m in masks for c in cards_in(m)]
    pack.extend(extra)
    rng.shuffle(pack)
    out, k = [], 0
    for m in masks:
        size = m.bit_count()
        out.append(mask(pack[k : k + size]))
        k += size
    return out


class CardSet:
    """An immutable set of cards over a bitmask, in canonical order when iterated."""

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: Iterable[int] | int = 0):
        object.__setattr__(self, "mask", cards if isinstance(cards, int) else mask(cards))

    def __setattr__(self, name: str, value: object) -> None:  # immutable
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[type[CardSet], tuple[int]]:  # pickled by its mask (process pools, Ray)
        return CardSet, (self.mask,)

    def __iter__(self) -> Iterator[int]:
        return iter(sorted_cards(cards_in(self.mask)))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and card >= 0 and bool(self.mask >> card & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def suit(self, suit: int) -> CardSet:
        return CardSet(suit_cards(self.mask, suit))

    def texts(self) -> list[str]:
        return [text(c) for c in self]

    def __str__(self) -> str:
        return " ".join(self.texts())

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"

    @classmethod
    def parse(cls, words: str | Iterable[str]) -> CardSet:
        return cls(parse_many(words))


# --- named decks (tuples in a fixed order; double decks hold copies) ---------------------------


def _deck(ranks: Iterable[int], suits: Iterable[int] = range(4)) -> tuple[int, ...]:
    return tuple(make(r, s) for s in suits for r in sorted(ranks, reverse=True))


DECK_52 = _deck(range(13))
"""The standard 52-card pack."""
DECK_ANOU_36 = _deck(range(SIX, ACE + 1))
"""Anou 3 players: 2 3 4 5 removed from every suit (anou.md, Components)."""
DECK_GONINKAN_50 = tuple(c for c in DECK_52 if c not in (make(TWO, HEARTS), make(TWO, DIAMONDS), make(TWO, CLUBS))) + (
    JOKER,
)
"""Gonin-kan: 52 minus ♥2 ♦2 ♣2, plus the Joker (goninkan.md, Cards)."""
DECK_BOMB_53 = DECK_52 + (JOKER,)
"""Anarchy Bomb, 3–4 players (anarchy.md §2)."""
DECK_CHAOS_60 = DECK_52 + tuple(c | COPY for c in _deck((SEVEN, EIGHT)))
"""Organised Chaos, 5 players: 52 + the 7s and 8s of a second pack (anarchy.md §3)."""
DECK_BOMB_61 = DECK_CHAOS_60 + (JOKER,)
"""Anarchy Bomb, 5 players, default: 52 + second-pack 7s and 8s + Joker (anarchy.md P3)."""
DECK_BOMB_65 = DECK_52 + tuple(c | COPY for c in _deck((SIX, SEVEN, EIGHT))) + (JOKER,)
"""Anarchy Bomb, 5 players, option ``deck5`` "65" (anarchy.md P3)."""
