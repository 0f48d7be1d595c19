"""What every go-out game (ゴーアウト: the first to shed every card wins) of this package shares.

Cut-in (:mod:`kirifuda.games.cutin`) and the generic design engine (:mod:`kirifuda.games.goout`) play cards in
combinations onto a pile and pass, with up to two Jokers that share one name (../shared/spec/records.md:
``JK``). Their common mechanics live here, called by both and never copied:

* the Jokers' bits: a combination names how many Jokers it holds by the canonical bits :data:`JOKER_SETS`,
  whichever copy a hand holds (:func:`own_jokers` swaps in the hand's own, :func:`name_jokers` tells the two
  apart in a deal by position, as a record reads it — cutin K8);
* the actions :class:`Play` / :class:`Pass` and their text ``play 7S 7H`` / ``pass`` (:func:`parse_action`);
* the turn order: :func:`next_to_act` — clockwise, past players with no cards (cutin K3) and those whose pass
  holds for the turn (cutin K13);
* what is hidden: the other hands and the undealt rest (:func:`reshuffle_unseen`, :func:`all_cards`);
* :class:`GoingOut`, the calls of the game protocol both answer alike.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from .. import cards as C
from ..core import (
    Action,
    Deal,
    Game,
    IllegalAction,
    NotationError,
    ObsT,
    ScoreLine,
    StateT,
    evolve,
    parse_words,
    require_cards,
)
from ..seats import Ring

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

JOKER_BITS = (1 << C.JOKER, 1 << (C.JOKER | C.COPY))
JOKER_MASK = JOKER_BITS[0] | JOKER_BITS[1]
NATURAL_MASK = JOKER_BITS[0] - 1
JOKER_SETS = (0, JOKER_BITS[0], JOKER_MASK)
"""The canonical bits of a combination's 0, 1 or 2 Jokers (the two Jokers share one name: a play names how many)."""


def joker_count(cards: int) -> int:
    """How many Jokers a card mask holds."""
    return (cards >> C.JOKER & 1) + (cards >> (C.JOKER | C.COPY) & 1)


_PLAY_TEXT: dict[int, str] = {}


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a combination: ``cards`` is a card bitmask (Jokers as the canonical bits :data:`JOKER_SETS`, whichever
    Joker a hand holds). Its text lists the cards in the canonical order ♠ ♥ ♦ ♣, the Joker ``JK`` last."""

    cards: int

    def __str__(self) -> str:
        text = _PLAY_TEXT.get(self.cards)
        if text is None:
            text = _PLAY_TEXT[self.cards] = "play " + " ".join(C.texts(C.cards_in(self.cards)))
        return text


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass (any player but a turn's start player may)."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()


def parse_action(text: str, game_en: str, game_ja: str) -> Play | Pass:
    """``play <cards>`` or ``pass`` (``JK`` for a Joker, twice for both); :class:`NotationError` names the game."""
    words = parse_words(text)
    if not words:
        raise NotationError("empty action (write e.g. 'play 7S 7H' or 'pass')", ja="手が空です(例: play 7S 7H、pass)")
    verb, args = words[0].lower(), words[1:]
    if verb == "pass" and not args:
        return PASS
    if verb == "play" and args:
        cards = require_cards(args)
        natural = [c for c in cards if c != C.JOKER]
        jokers = len(cards) - len(natural)
        m = C.mask(natural)
        if m.bit_count() != len(natural):
            raise NotationError(f"the same card twice in {text!r}", ja="同じカードが2回書かれています")
        if jokers > len(JOKER_BITS):
            raise NotationError(f"more than two Jokers in {text!r}", ja="ジョーカーは2枚までです")
        return Play(m | JOKER_SETS[jokers])
    raise NotationError(
        f"not a {game_en} action: {text!r} (write e.g. 'play 7S 7H' or 'pass')",
        ja=f"{game_ja}の手ではありません(例: play 7S 7H、pass)",
    )


def own_jokers(cards: int, hand: int) -> int:
    """``cards`` with its canonical Joker bits replaced by the Jokers ``hand`` holds (the two share one name);
    :class:`IllegalAction` naming what the hand does not hold."""
    missing = cards & ~hand & NATURAL_MASK
    wanted = joker_count(cards)
    held = hand & JOKER_MASK
    if wanted > joker_count(held):
        missing |= JOKER_BITS[0]
    if missing:
        text = " ".join(C.texts(C.cards_in(missing)))
        raise IllegalAction(f"not in your hand: {text}", ja=f"手札にありません: {shown(missing)}")
    if wanted == 1:
        held = JOKER_BITS[0] if held & JOKER_BITS[0] else JOKER_BITS[1]  # the hand's Joker, whichever copy
    return (cards & NATURAL_MASK) | (held if wanted else 0)


def name_jokers(deal: Deal) -> Deal:
    """The deal with the two Jokers told apart by position (hands by seat, then the rest), as a record reads it
    (core.Deal.from_json): the two share one name, so a state must depend only on where the name lies."""
    first = True

    def name(pile: tuple[int, ...]) -> tuple[int, ...]:
        nonlocal first
        out = []
        for c in pile:
            if C.base(c) == C.JOKER:
                c, first = (C.JOKER if first else C.JOKER | C.COPY), False
            out.append(c)
        return tuple(out)

    return Deal(tuple(name(h) for h in deal.hands), rest=name(deal.rest))


def shown(cards: int) -> str:
    """The cards in display order with suit symbols (``♠7 ♥7``)."""
    return " ".join(C.symbol(c) for c in C.sorted_cards(C.cards_in(cards)))


def next_to_act(ring: Ring, hands: tuple[int, ...], seat: int, end: int, skipped: tuple[int, ...] = ()) -> int:
    """The next seat after ``seat`` clockwise that holds cards and is not ``skipped``, or ``end`` when play comes
    round to it first (the turn is over)."""
    nxt = ring.next(seat)
    while nxt != end and (not hands[nxt] or nxt in skipped):
        nxt = ring.next(nxt)
    return nxt


class Hidden(Protocol):
    """A go-out state's fields that hold cards: the hands, the played cards, the undealt rest."""

    @property
    def phase(self) -> str: ...

    @property
    def hands(self) -> tuple[int, ...]: ...

    @property
    def played(self) -> int: ...

    @property
    def rest(self) -> int: ...

    @property
    def scores(self) -> tuple[tuple[int, ...], ...]: ...


S = TypeVar("S", bound="DataclassInstance")


def reshuffle_unseen(state: S, seat: int | None, rng: random.Random) -> S:
    """``state`` (a go-out state: :class:`Hidden`) with what ``seat`` cannot see — the other hands and the undealt
    rest, face down — dealt again at random, each pile keeping its size (cutin K2)."""
    held = cast(Hidden, state)
    places = [s for s in range(len(held.hands)) if s != seat]
    *others, rest = C.shuffle_among(rng, [held.hands[s] for s in places] + [held.rest])
    hands = list(held.hands)
    for s, hand in zip(places, others, strict=True):
        hands[s] = hand
    return evolve(state, hands=tuple(hands), rest=rest)


def all_cards(state: Any, dealing: str) -> list[int]:
    """Every card of the pack where the state holds it (none before the first deal, phase ``dealing``)."""
    if state.phase == dealing and not state.scores:
        return []
    return [c for m in (*state.hands, state.played, state.rest) for c in C.cards_in(m)]


class GoingOut(Game[StateT, Play | Pass, ObsT]):
    """The calls of the game protocol every go-out game answers alike (its actions :class:`Play` and
    :class:`Pass`), from a state with ``hands``, ``played``, ``rest`` (:class:`Hidden`), ``scores`` and ``lines``,
    and the phase :attr:`dealing` before a deal. A game names its state and observation types:
    ``class Cutin(GoingOut[CutinState, CutinObservation])``."""

    dealing = "deal"

    def parse_action(self, text: str) -> Play | Pass:
        return parse_action(text, self.title, self.title_ja)

    def reshuffle_unseen(self, state: StateT, seat: int | None, rng: random.Random) -> StateT:
        # hidden: the other hands and the undealt rest, face down (cutin.md "Cards and deal", K2)
        return cast(StateT, reshuffle_unseen(cast(Any, state), seat, rng))

    def all_cards(self, state: StateT) -> list[int]:
        return all_cards(state, self.dealing)

    def deal_scores(self, state: StateT) -> tuple[tuple[int, ...], ...]:
        return cast(Hidden, state).scores

    def score_lines(self, state: StateT) -> tuple[tuple[ScoreLine, ...], ...]:
        return cast(tuple[tuple[ScoreLine, ...], ...], cast(Any, state).lines)
