"""Shared trick-taking mechanics, called (not copied) by the game modules.

Only what is truly the same across games lives here: the must-follow rule and finding the
highest card of a suit in a trick. Game-specific orders (Anou's 1st/2nd ranking, Gogyō's
starting card that never wins, Gonin-kan's Joker) stay in their game's module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import cards as C
from .cards import COPY, JOKER, suit_cards
from .core import Action

_PLAY_TEXTS = {c: f"play {C.text(c)}" for c in (*C.DECK_52, *(c | COPY for c in C.DECK_52), JOKER)}


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play one card to the trick: ``play QS`` (../shared/spec/records.md "Action text"). The games whose
    play is a single card share this action; a game with more to say (Gonin-kan's ``play JK:H``, Cut-in's
    sets) has its own."""

    card: int

    def __str__(self) -> str:
        return _PLAY_TEXTS.get(self.card) or f"play {C.text(self.card)}"


def playable(hand: int, lead_suit: int | None) -> int:
    """Must follow suit: the cards of ``hand`` of the lead suit if it holds any, else the whole hand.
    ``lead_suit`` ``None`` (leading) allows every card."""
    if lead_suit is None:
        return hand
    follow = suit_cards(hand, lead_suit)
    return follow if follow else hand


def highest_of_suit(cards: Sequence[int], suit: int) -> int | None:
    """The index in ``cards`` of the highest card of ``suit`` (the first played on equal ranks), or None."""
    best = None
    best_rank = -1
    for i, c in enumerate(cards):
        b = c & ~COPY
        if b != JOKER and (b >> 4) & 3 == suit and (b & 15) > best_rank:
            best, best_rank = i, b & 15
    return best


def trick_winner(cards: Sequence[int], lead_suit: int, trump: int | None = None) -> int:
    """The index of the winning card: the highest trump if any was played, else the highest card of the
    lead suit (plain must-follow trick-taking; Jokers are not handled here)."""
    if trump is not None:
        i = highest_of_suit(cards, trump)
        if i is not None:
            return i
    i = highest_of_suit(cards, lead_suit)
    if i is None:
        raise ValueError("no card of the lead suit in the trick")
    return i
