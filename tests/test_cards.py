"""Card notation (../shared/spec/records.md "Cards") and the bitmask set type."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kirifuda import cards as C

ALL = list(C.DECK_52) + [C.JOKER]


@given(st.sampled_from(ALL))
def test_text_round_trips(card):
    assert C.parse(C.text(card)) == card
    assert C.parse(C.symbol(card)) == card
    assert C.parse(C.text(card).lower()) == card


@pytest.mark.parametrize(
    "text, expected",
    [
        ("AS", "AS"),
        ("as", "AS"),
        ("10H", "TH"),
        ("10h", "TH"),
        ("♠A", "AS"),
        ("A♠", "AS"),
        ("♥10", "TH"),
        ("10♥", "TH"),
        ("♦q", "QD"),
        ("jk", "JK"),
        ("2c", "2C"),
        ("♣2", "2C"),
    ],
)
def test_accepted_spellings(text, expected):
    assert C.text(C.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "A", "1S", "11H", "AX", "ZZ", "SS", "10", "♠", "AS♠"])
def test_not_cards(text):
    with pytest.raises(C.CardError):
        C.parse(text)


@given(st.sets(st.sampled_from(ALL)))
def test_cardset_is_the_set(cards):
    s = C.CardSet(cards)
    assert len(s) == len(cards) and set(s) == cards
    assert C.CardSet.parse(str(s)) == s
    assert all(c in s for c in cards)


def test_canonical_order_suits_then_rank_high_first():
    assert C.texts(C.parse_many("2C AS KH JK TS 3D")) == ["AS", "TS", "KH", "3D", "2C", "JK"]


def test_named_decks():
    assert len(C.DECK_52) == len(set(C.DECK_52)) == 52
    assert len(C.DECK_ANOU_36) == 36 and min(C.rank_of(c) for c in C.DECK_ANOU_36) == C.SIX
    assert len(C.DECK_GONINKAN_50) == 50 and C.parse("2S") in C.DECK_GONINKAN_50
    assert C.parse("2H") not in C.DECK_GONINKAN_50 and C.JOKER in C.DECK_GONINKAN_50
    assert len(C.DECK_BOMB_61) == 61 and len(C.DECK_BOMB_65) == 65 and len(C.DECK_CHAOS_60) == 60
    copies = [c for c in C.DECK_BOMB_61 if c & C.COPY]
    assert len(copies) == 8 and {C.text(c) for c in copies} == {"7S", "7H", "7D", "7C", "8S", "8H", "8D", "8C"}


def test_suit_cards_include_copies():
    m = C.mask([C.parse("7H"), C.parse("7H") | C.COPY, C.parse("AS")])
    assert C.suit_cards(m, C.HEARTS).bit_count() == 2


def test_a_card_set_pickles_by_its_mask():
    import pickle

    from kirifuda.cards import CardSet

    cards = CardSet([0, 13, 40])
    assert pickle.loads(pickle.dumps(cards)) == cards  # process pools and Ray carry observations
