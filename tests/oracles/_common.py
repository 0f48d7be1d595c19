"""Shared helpers of the Anou, Gogyō Sōkoku and Cut-in oracles: card texts and the error type.

Written from ../shared/spec/records.md ("Cards") and tests/oracles/README.md ("Canonical action
texts") only.  Cards are kept as their canonical two-character texts (``"AS"``, ``"TH"``,
``"2C"``); every oracle converts its input with :func:`parse_card` and orders several cards
with :func:`canonical_order`.
"""

SUITS = "SHDC"  # canonical order: ♠ ♥ ♦ ♣
RANKS_HIGH_FIRST = "AKQJT98765432"
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
VARIATION_SELECTORS = ("\ufe0f", "\ufe0e")


class Illegal(ValueError):
    """An action that is not legal now for that seat; the oracle's state is unchanged."""


def rank_of(card: str) -> str:
    return card[0]


def suit_of(card: str) -> str:
    return card[1]


def rank_value(card: str) -> int:
    """The usual trick-taking rank: A = 14, K = 13, ..., 2 = 2."""
    return 14 - RANKS_HIGH_FIRST.index(card[0])


def canonical_key(card: str) -> tuple[int, int]:
    """Suits S H D C, then high rank first (A K Q ... 2), whatever the game's own ranking."""
    return SUITS.index(card[1]), RANKS_HIGH_FIRST.index(card[0])


def canonical_order(cards) -> list[str]:
    return sorted(cards, key=canonical_key)


def full_deck(ranks: str = RANKS_HIGH_FIRST) -> list[str]:
    """The cards of the given ranks in every suit, in canonical order."""
    return [rank + suit for suit in SUITS for rank in RANKS_HIGH_FIRST if rank in ranks]


def _parse_rank(text: str) -> str | None:
    if text == "10":
        return "T"
    if len(text) == 1 and text.upper() in RANKS_HIGH_FIRST:
        return text.upper()
    return None


def parse_card(token: str) -> str:
    """Canonical text of a card written as ``AS``, ``as``, ``10S``, ``♠A``, ``A♠`` or ``10♥``.

    Raises :class:`Illegal` for anything else (jokers included: none of these games has one).
    """
    if not isinstance(token, str):
        raise Illegal(f"not a card: {token!r}")
    text = token.strip()
    for selector in VARIATION_SELECTORS:
        text = text.replace(selector, "")
    if not text:
        raise Illegal("missing card")
    suit = None
    rank_text = None
    if text[0] in SUIT_SYMBOLS:
        suit, rank_text = SUIT_SYMBOLS[text[0]], text[1:]
    elif text[-1] in SUIT_SYMBOLS:
        suit, rank_text = SUIT_SYMBOLS[text[-1]], text[:-1]
    elif text[-1].upper() in SUITS:
        suit, rank_text = text[-1].upper(), text[:-1]
    if suit is None:
        raise Illegal(f"not a card: {token!r}")
    rank = _parse_rank(rank_text)
    if rank is None:
        raise Illegal(f"not a card: {token!r}")
    return rank + suit


def check_deal_piles(deal: dict, allowed=("hands", "rest", "spare", "dummy")) -> None:
    """A deal dict has only the known pile names; the unused ones must be empty (or absent)."""
    if not isinstance(deal, dict):
        raise ValueError("a deal is a dict of piles")
    for key in deal:
        if key not in allowed:
            raise ValueError(f"unknown pile {key!r}")
    for key in ("spare", "dummy"):
        if deal.get(key):
            raise ValueError(f"this game has no {key!r} pile")


def normalised_pile(cards) -> list[str]:
    """Pile texts as canonical cards (a deal given with lower case or symbols is accepted)."""
    try:
        return [parse_card(card) for card in cards]
    except Illegal as error:
        raise ValueError(str(error)) from None


def read_deal(deal: dict, players: int) -> tuple[list[list[str]], list[str]]:
    """The hands (one per seat) and the ``rest`` pile of a deal, checked for shape and read card by card."""
    check_deal_piles(deal)
    hands_given = deal.get("hands") or []
    if len(hands_given) != players:
        raise ValueError(f"{players} hands expected")
    return [normalised_pile(hand) for hand in hands_given], normalised_pile(deal.get("rest") or [])


def seat_index(seat, seats: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise Illegal(f"no seat {seat!r}")
    return seat


def option_bool(value, name: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    raise ValueError(f"option {name}: not a boolean: {value!r}")


def option_int(value, name: str, choices) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ValueError(f"option {name}: not a number: {value!r}") from None
    if isinstance(value, bool) or number not in choices:
        raise ValueError(f"option {name}: {value!r} is not one of {list(choices)}")
    return number
