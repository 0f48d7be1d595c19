"""Anou (アノウ) for RL: the table followed from the seat's history alone, and every action text indexed.

Everything in Anou is played face up except the hands (anou.md R2), so a seat's history — its own hand as dealt and
every action, each as public text — is enough to follow the whole table: the hands' sizes, the trick, who is 1st
and 2nd, what is left to take, every wall, the discards, the scores. A :class:`Table` follows it event by event with
the rules' own functions (``trick_order``, ``wall_score``, ``next_dealer``), once for all seats (each would build the
same one), and keeps the public part of the vector slot by slot as it changes; a seat's :class:`Encoder` adds its
hand and turns the table to face it. No observation is computed while stepping: that is what makes it fast.
tests/rl/test_rl_anou.py checks the table against ``Anou.observation``, and the vector against the one packed from the
table's values, at every step of random games for every option. On the fast engine (:class:`FastReferee`) the same
vectors can instead be worked out from the engine's position when asked for (:class:`EngineVectors`), which is
cheaper where one seat is observed after several actions (the Gymnasium environment's learner).

It adds what the observation no longer shows: the suits each seat has shown it lacks (it did not follow).
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import combinations
from typing import Any, cast

import numpy as np

from .. import cards as C
from ..core import Action, Deal, Game, Observation, Seen, chance_rng
from ..fast import anou as fast
from ..games.anou import (
    DEAL,
    DEALS_PER_GAME,
    OVER,
    PLANS,
    ROOT_STONES_EACH,
    Anou,
    AnouOptions,
    Root,
    Take,
    next_dealer,
    trick_order,
    wall_score,
)
from ..games.anou import PLAY as ENGINE_PLAY
from ..games.anou import ROOT as ENGINE_ROOT
from ..games.anou import TAKE_FIRST as ENGINE_TAKE_FIRST
from ..games.anou import TAKE_SECOND as ENGINE_TAKE_SECOND
from ..match import RECORD_FORMAT, Match
from ..tricks import Play
from .referee import BaseReferee, as_index, game_over
from .registry import Encoding
from .spec import SUIT_LABELS, ActionIndex, Layout, Span, card_mask, seat_labels, spans_of
from .spec import Encoder as BaseEncoder

PHASES = ("root", "play", "take-1st", "take-2nd")
ROOT, PLAY, TAKE_FIRST, TAKE_SECOND = range(4)
NO_PHASE = -1  # between deals and once the game is over


def layout(game: Anou) -> Layout:
    n = game.n
    seats = seat_labels(n)
    out = Layout(game.deck())
    out.cards("hand", "my hand")
    for k, who in enumerate(seats):
        out.cards(f"trick[{who}]", f"the card seat {who} played to the trick on the table" if k else "my card there")
    out.cards("pool", "the trick's cards still to be taken (take phases)")
    out.cards("gone", "cards out of play this deal: every wall and the discards")
    out.flags("phase", "the phase: root stones, play, the 1st takes, the 2nd takes", PHASES)
    out.flags("lead", "the trick's lead suit", SUIT_LABELS)
    out.flags("first", "the trick's 1st (take phases)", seats)
    out.flags("second", "the trick's 2nd (take phases)", seats)
    out.flags("to_act", "the seat to act", seats)
    out.flags("dealer", "the dealer (親)", seats)
    out.flags("deal", "the deal being played (1st, 2nd, 3rd)", ("1", "2", "3"))
    out.flags("voids", "suits each seat has shown it lacks this deal (it did not follow)", _by_seat_suit(seats))
    out.flags(
        "wall_suits",
        "each seat's wall: the suit bound to each column (planned 1, 2, 3, 4)",
        [f"{who}:{plan}:{s}" for who in seats for plan in PLANS for s in SUIT_LABELS],
    )
    out.numbers(
        "wall_counts", "each column's number of cards (÷ 8)", [f"{who}:{plan}" for who in seats for plan in PLANS], 8
    )
    out.numbers("wall_scores", "what each wall scores if the deal ended now (÷ 12)", seats, 12)
    out.numbers("hand_sizes", "cards in each hand (÷ 13)", seats, 13)
    out.numbers("totals", "each seat's total score so far (÷ 36)", seats, 36)
    out.numbers("root_stones_left", "root stones still to place, all seats (÷ 8)", ["left"], 8)
    return out


def _by_seat_suit(seats: list[str]) -> list[str]:
    return [f"{who}:{s}" for who in seats for s in SUIT_LABELS]


def action_texts(game: Anou) -> tuple[list[str], list[Span]]:
    def text(kind: str, item: Any) -> str:
        return str(Play(item) if kind == "play" else Root(*item[0]) if kind == "root" else Take(item))

    return spans_of([(what, order, [text(kind, x) for x in items]) for kind, what, order, items in _catalogue(game)])


def _catalogue(game: Anou) -> list[tuple[str, str, str, list[Any]]]:
    """Every action of the game with its options in index order, by group: (kind, what, order, items), an item
    being a card (``play``) or its cards with the column each names, None for none (``take``, ``root``)."""
    deck = C.sorted_cards(game.deck())
    columns: tuple[int | None, ...] = (None, 0, 1, 2, 3)
    firsts = [((c, col),) for c in deck for col in columns]
    seconds: list[tuple[tuple[int, int | None], ...]] = []
    placements: list[tuple[int | None, int | None]]
    for j in range(len(deck)):
        for i in range(j):
            a, b = deck[i], deck[j]
            if C.suit_of(a) == C.suit_of(b):
                placements = [(x, None) for x in columns]
            else:
                placements = [(x, y) for x in columns for y in columns if x is None or y is None or x != y]
            seconds.extend(((a, x), (b, y)) for x, y in placements)
    groups: list[tuple[str, str, str, list[Any]]] = [
        ("play", "`play C`", "C in canonical card order (♠ ♥ ♦ ♣, A high first)", list(deck)),
        (
            "take",
            "`take C` / `take C@n` (the 1st)",
            "C in canonical order; for each C: no column, then @1 @2 @3 @4",
            firsts,
        ),
        (
            "take",
            "`take A B` with columns (the 2nd)",
            "pairs A before B in canonical order, by B's position then A's (colex); per pair: same suit — "
            "no column, A@1 … A@4 (5); two suits — (A's, B's) column in (none, 1, 2, 3, 4)², both named only if "
            "different, A's first (21)",
            seconds,
        ),
    ]
    if _options(game).root_stones:
        roots = [((c, col),) for c in deck for col in columns]
        groups.append(("root", "`root C` / `root C@n`", "C in canonical order; no column, then @1 … @4", roots))
    return groups


PER_SEAT = {
    "trick[me]": 0,  # the n trick fields, one card field per seat (stride: the deck's size)
    "first": 1,
    "second": 1,
    "to_act": 1,
    "dealer": 1,
    "voids": 4,
    "wall_suits": 16,
    "wall_counts": 4,
    "wall_scores": 1,
    "hand_sizes": 1,
    "totals": 1,
}
"""Fields that hold one block per seat, by their first field, with the size of a block."""


def set_all(instance: object, values: dict[str, Any]) -> None:
    """Set each attribute of ``values`` on ``instance``, one by one: ``instance.__dict__.update(values)`` would make
    its attributes a dict of their own, about three times slower to read on CPython 3.11 than attributes set one by
    one, which share their keys with the class's other instances."""
    for name, value in values.items():
        setattr(instance, name, value)


_TABLE_CONSTANTS: dict[tuple[AnouOptions, Layout], dict[str, Any]] = {}


def _table_constants(game: Anou, layout: Layout) -> dict[str, Any]:
    """A :class:`Table`'s attributes that only the options and the layout decide (worked out once: a game starts
    at every reset of an environment)."""
    key = (_options(game), layout)
    found = _TABLE_CONSTANTS.get(key)
    if found is not None:
        return found
    slot_of_card = [-1] * (C.JOKER + 1)  # card → its slot in a card field
    for i, c in enumerate(layout.card_names):
        slot_of_card[c] = i
    at = {f.name: off for off, f in layout.offsets()}
    scale = {f.name: f.scale for f in layout.fields}
    found = _TABLE_CONSTANTS[key] = {
        "roots_each": ROOT_STONES_EACH if _options(game).root_stones else 0,
        "deck_size": len(layout.card_names),
        "slot_of_card": slot_of_card,
        "at": at,
        "scale": scale,
        "_phase_at": at["phase"],
        "_to_act_at": at["to_act"],
        "_lead_at": at["lead"],
        "_trick_at": at["trick[me]"],
        "_pool_at": at["pool"],
        "_gone_at": at["gone"],
        "_sizes_at": at["hand_sizes"],
        "_sizes_scale": scale["hand_sizes"],
        "_voids_at": at["voids"],
        "_wall_suits_at": at["wall_suits"],
        "_wall_counts_at": at["wall_counts"],
        "_wall_counts_scale": scale["wall_counts"],
        "_wall_scores_at": at["wall_scores"],
        "_wall_scores_scale": scale["wall_scores"],
        "_first_at": at["first"],
        "_second_at": at["second"],
        # values written often: a hand's size after k cards put down, a column of k cards
        "_size_values": [(game.hand_size - k) / scale["hand_sizes"] for k in range(game.hand_size + 1)],
        "_count_values": [min(1.0, k / scale["wall_counts"]) for k in range(16)],
        "_zeros": bytes(4 * layout.size),
    }
    return found


class Table:
    """The public table of one Anou game as its history shows it: everything but the hands (anou.md R2).

    Every seat's encoder reads the same table (each action is public, so each seat would build the same one); it is
    fed once per event by whichever seat reaches the event first. Seats are absolute here: besides the table itself
    (``trick``, ``walls``, …) it keeps the public part of the observation vector with seat blocks in absolute order
    (``buffer``), updated slot by slot as the table changes, which each seat's encoder turns to face itself."""

    # set from _table_constants (the options' and the layout's)
    roots_each: int
    deck_size: int
    slot_of_card: list[int]
    at: dict[str, int]
    scale: dict[str, float]
    _phase_at: int
    _to_act_at: int
    _lead_at: int
    _trick_at: int
    _pool_at: int
    _gone_at: int
    _sizes_at: int
    _sizes_scale: float
    _voids_at: int
    _wall_suits_at: int
    _wall_counts_at: int
    _wall_counts_scale: float
    _wall_scores_at: int
    _wall_scores_scale: float
    _first_at: int
    _second_at: int
    _size_values: list[float]
    _count_values: list[float]
    _zeros: bytes

    def __init__(self, game: Anou, layout: Layout) -> None:
        self.anou = game
        self.n = game.n
        self.dealer = game.options.first_dealer
        self.deal_index = 0
        self.totals = [0] * self.n
        self.count = 0  # events applied
        set_all(self, _table_constants(game, layout))  # the same for every game with these options
        self.buffer = array("f", bytes(4 * layout.size))
        self.view = np.frombuffer(self.buffer, dtype=np.float32)
        self._walls_seen: dict[int, tuple[int, float]] = {}  # a wall's column sizes (4 bits each) → score, slot
        self.phase = NO_PHASE
        self.turn = self.first = self.second = -1
        self._new_deal(dealt=False)

    # the vector's slots
    def _card(self, field: str, card: int, on: float, seat: int = 0) -> None:
        self.buffer[self.at[field] + seat * self.deck_size + self.slot_of_card[card]] = on

    def _flag(self, field: str, seat: int, index: int, on: float) -> None:
        self.buffer[self.at[field] + seat * PER_SEAT.get(field, 0) + index] = on

    def _number(self, field: str, seat: int, index: int, value: float) -> None:
        self.buffer[self.at[field] + seat * PER_SEAT.get(field, 0) + index] = max(
            -1.0, min(1.0, value / self.scale[field])
        )

    def _set_phase(self, phase: int) -> None:
        buffer, at = self.buffer, self._phase_at
        if self.phase != NO_PHASE:
            buffer[at + self.phase] = 0.0
        if phase != NO_PHASE:
            buffer[at + phase] = 1.0
        self.phase = phase

    def _set_turn(self, turn: int) -> None:
        buffer, at = self.buffer, self._to_act_at
        if self.turn >= 0:
            buffer[at + self.turn] = 0.0
        if turn >= 0:
            buffer[at + turn] = 1.0
        self.turn = turn

    def _set_takers(self, first: int, second: int) -> None:
        buffer, first_at, second_at = self.buffer, self._first_at, self._second_at
        if self.first >= 0:
            buffer[first_at + self.first] = 0.0
            buffer[second_at + self.second] = 0.0
        if first >= 0:
            buffer[first_at + first] = 1.0
            buffer[second_at + second] = 1.0
        self.first, self.second = first, second

    def _new_deal(self, dealt: bool) -> None:
        n = self.n
        self.buffer[:] = array("f", self._zeros)
        self.played = [0] * n  # cards each seat has put from its hand (plays and root stones)
        self.walls = [[0, 0, 0, 0] for _ in range(n)]
        self.sizes = [0] * n  # per seat: each column's number of cards, 4 bits each (column 0 lowest)
        self.columns = [[-1, -1, -1, -1] for _ in range(n)]  # per seat: the column bound to each suit
        self.wall_suits = 0  # 16 flags per seat: column * 4 + suit
        self.wall_scores = [0] * n
        self.trick: list[tuple[int, int]] = []
        self.pool = 0
        self.gone = 0  # every wall and the discards
        self.voids = 0  # 4 flags per seat
        self.first = self.second = -1
        self.phase = self.turn = NO_PHASE
        self.roots_left = self.roots_each * n if dealt else 0
        self._set_turn(self.dealer if dealt else -1)
        self._set_phase((ROOT if self.roots_left else PLAY) if dealt else NO_PHASE)
        self._flag("dealer", self.dealer, 0, 1.0)
        self._flag("deal", 0, min(self.deal_index, DEALS_PER_GAME - 1), 1.0)
        for s in range(n):
            self._number("hand_sizes", s, 0, self.anou.hand_size if dealt else 0)
            self._number("totals", s, 0, self.totals[s])
        self._number("root_stones_left", 0, 0, self.roots_left)

    def apply(self, actor: int | str, action: Any) -> None:
        """One more event of the history (``action``: the decoded action, None for a deal)."""
        if action is None:
            self.deal()
        elif type(action) is Play:
            self.play(cast(int, actor), action.card)
        elif type(action) is Take:
            self.take(cast(int, actor), action.cards)
        elif type(action) is Root:
            self.root(cast(int, actor), action.card, action.column)

    def deal(self) -> None:
        """A new deal (the hands are the seats' own)."""
        self.count += 1
        self._new_deal(dealt=True)

    def play(self, seat: int, card: int, first: int = -1, second: int = -1) -> None:
        """``seat`` plays ``card`` to the trick (``first``, ``second``: who takes first and second if it completes
        the trick, when the caller knows; else the rules' ``trick_order`` ranks it)."""
        self.count += 1
        buffer = self.buffer
        played = self.played
        played[seat] += 1
        buffer[self._sizes_at + seat] = self._size_values[played[seat]]
        trick = self.trick
        if not trick:
            buffer[self._lead_at + (card >> 4 & 3)] = 1.0
        elif card >> 4 & 3 != (lead := trick[0][1] >> 4 & 3):
            self.voids |= 1 << (4 * seat + lead)  # anou.md "A deal" 3: ござらぬゆえ
            buffer[self._voids_at + 4 * seat + lead] = 1.0
        trick.append((seat, card))
        buffer[self._trick_at + seat * self.deck_size + self.slot_of_card[card]] = 1.0
        if len(trick) < self.n:
            turn = (seat + 1) % self.n
            buffer[self._to_act_at + seat] = 0.0
            buffer[self._to_act_at + turn] = 1.0
            self.turn = turn
            return
        if first < 0:
            order = trick_order(tuple(trick))
            first, second = trick[order[0]][0], trick[order[1]][0]
        self._set_takers(first, second)
        for _, c in trick:
            self.pool |= 1 << c
            buffer[self._pool_at + self.slot_of_card[c]] = 1.0
        self._set_phase(TAKE_FIRST)
        self._set_turn(self.first)

    def take(self, seat: int, placements: tuple[tuple[int, int | None], ...]) -> None:
        """The 1st or the 2nd takes cards of the trick into its wall (each with the column it opens, if any)."""
        self.count += 1
        buffer, slots, pool_at = self.buffer, self.slot_of_card, self._pool_at
        for card, _ in placements:
            self.pool &= ~(1 << card)
            buffer[pool_at + slots[card]] = 0.0
        self._place(seat, placements)
        if self.phase == TAKE_FIRST:
            self._set_phase(TAKE_SECOND)
            self._set_turn(self.second)
            return
        pool = self.pool
        while pool:  # anou.md 5: 4 players discard the last card
            low = pool & -pool
            card = low.bit_length() - 1
            buffer[pool_at + slots[card]] = 0.0
            buffer[self._gone_at + slots[card]] = 1.0
            pool ^= low
        self.gone |= self.pool
        self.pool = 0
        buffer[self._lead_at + (self.trick[0][1] >> 4 & 3)] = 0.0
        for s, card in self.trick:
            buffer[self._trick_at + s * self.deck_size + slots[card]] = 0.0
        self.trick = []
        first = self.first  # anou.md 6: the 1st leads
        buffer[self._first_at + first] = buffer[self._second_at + self.second] = 0.0
        buffer[self._phase_at + TAKE_SECOND] = buffer[self._to_act_at + self.turn] = 0.0
        buffer[self._phase_at + PLAY] = buffer[self._to_act_at + first] = 1.0
        self.first = self.second = -1
        self.phase, self.turn = PLAY, first
        if self.played[seat] == self.anou.hand_size:
            self._end_deal()

    def root(self, seat: int, card: int, column: int | None) -> None:
        """``seat`` places a root stone (根石) from its hand."""
        self.count += 1
        self._played(seat)
        self._place(seat, ((card, column),))
        self.roots_left -= 1
        self._number("root_stones_left", 0, 0, self.roots_left)
        if self.roots_left:
            self._set_turn((seat + 1) % self.n)
        else:
            self._set_phase(PLAY)
            self._set_turn(self.dealer)

    def _played(self, seat: int) -> None:
        self.played[seat] += 1
        self.buffer[self._sizes_at + seat] = (self.anou.hand_size - self.played[seat]) / self._sizes_scale

    def _place(self, seat: int, placements: tuple[tuple[int, int | None], ...]) -> None:
        """Add legal placements to a wall (anou.md "The wall": a card goes to its suit's column, else the one
        named; the second card of a new suit follows the first)."""
        wall, columns, buffer, slots = self.walls[seat], self.columns[seat], self.buffer, self.slot_of_card
        counts_at, gone_at, count_values = self._wall_counts_at + 4 * seat, self._gone_at, self._count_values
        sizes = self.sizes[seat]
        for card, col in placements:
            suit = card >> 4 & 3
            bound = columns[suit]
            if bound < 0:  # a new suit: the column named (the second card of a new suit follows the first)
                assert col is not None
                bound = columns[suit] = col
                self.wall_suits |= 1 << (16 * seat + 4 * bound + suit)
                buffer[self._wall_suits_at + 16 * seat + 4 * bound + suit] = 1.0
            wall[bound] |= 1 << card
            self.gone |= 1 << card
            buffer[gone_at + slots[card]] = 1.0
            sizes += 1 << 4 * bound  # a column holds one suit: at most 13 cards, within its 4 bits
            buffer[counts_at + bound] = count_values[sizes >> 4 * bound & 15]
        self.sizes[seat] = sizes
        found = self._walls_seen.get(sizes)
        if found is None:  # the rules' score of a wall of these column sizes (it reads the sizes alone)
            counts = tuple(sizes >> 4 * k & 15 for k in range(4))
            score = _WALL_SCORES.get(counts)
            if score is None:
                score = _WALL_SCORES[counts] = wall_score(tuple((1 << k) - 1 for k in counts))
            found = self._walls_seen[sizes] = (score, max(-1.0, min(1.0, score / self._wall_scores_scale)))
        self.wall_scores[seat] = found[0]
        buffer[self._wall_scores_at + seat] = found[1]

    def _end_deal(self) -> None:
        # anou.md "Scoring a deal" and "A game": the top scorer deals next
        score = tuple(self.wall_scores)
        for s in range(self.n):
            self.totals[s] += score[s]
            self._number("totals", s, 0, self.totals[s])
            self._number("hand_sizes", s, 0, 0)
        self._flag("dealer", self.dealer, 0, 0.0)
        self._flag("deal", 0, min(self.deal_index, DEALS_PER_GAME - 1), 0.0)
        self.deal_index += 1
        self._set_phase(NO_PHASE)
        self._set_turn(-1)
        if self.deal_index < DEALS_PER_GAME:
            self.dealer = next_dealer(self.dealer, score)
        self._flag("dealer", self.dealer, 0, 1.0)
        self._flag("deal", 0, min(self.deal_index, DEALS_PER_GAME - 1), 1.0)


class Encoder(BaseEncoder):
    """One seat's view of Anou: its hand, and the public :class:`Table` turned to face it."""

    uses_history = True

    def __init__(self, game: Anou, layout: Layout, seat: int, shared: Any = None) -> None:
        super().__init__(game, layout, seat)
        self.table: Table = shared if shared is not None else Table(game, layout)
        self.hand = 0
        self.fed = 0  # events of the history seen
        n = self.n
        self._voids_mask = (1 << 4 * n) - 1
        self._walls_mask = (1 << 16 * n) - 1
        self.turn_to_me = _facing(layout, seat, n)
        self.facing_is_table = seat == 0  # seat 0's blocks are the table's order: a copy, no gather
        size = self.table.deck_size
        self.hand_slots = slice(self.table.at["hand"], self.table.at["hand"] + size)
        self.hand_vector = array("f", bytes(4 * size))  # the hand's card field (item writes are cheap on an array)
        self.hand_view = np.frombuffer(self.hand_vector, dtype=np.float32)

    @staticmethod
    def shared(game: Any, layout: Layout) -> Table:
        return Table(game, layout)

    def see_all(self, seens: Sequence[Seen]) -> None:
        table, me = self.table, self.seat
        for seen in seens:
            actor = seen.actor
            if actor == me or actor == "deal":
                self.see(seen)
                continue
            if self.fed == table.count:
                action = _DECODED.get(seen.text)
                if action is None:
                    action = _DECODED[seen.text] = self.game.parse_action(seen.text)
                table.apply(actor, action)
            self.fed += 1

    def see(self, seen: Seen) -> None:
        text = seen.text
        actor = seen.actor
        if actor == "deal":
            self.dealt(card_mask(text.split()[1:]))
            action = None
        else:
            action = _DECODED.get(text)
            if action is None:
                action = _DECODED[text] = self.game.parse_action(text)
            if actor == self.seat and isinstance(action, (Play, Root)):
                self.gave(action.card)
        if self.fed == self.table.count:
            self.table.apply(actor, action)
        self.fed += 1

    # the hand (the seat's own: as dealt to it, less the cards it put down)
    def dealt(self, hand: int) -> None:
        """A new deal gave this seat ``hand`` (a card mask)."""
        self.hand = hand
        self.hand_vector[:] = array("f", bytes(4 * len(self.hand_vector)))
        slots, vector = self.table.slot_of_card, self.hand_vector
        while hand:
            low = hand & -hand
            vector[slots[low.bit_length() - 1]] = 1.0
            hand ^= low

    def gave(self, card: int) -> None:
        """This seat played ``card``, or placed it as a root stone."""
        self.hand &= ~(1 << card)
        self.hand_vector[self.table.slot_of_card[card]] = 0.0

    # the vector
    def vector(self, obs: Callable[[], Observation]) -> np.ndarray:
        table = self.table
        out: np.ndarray = table.view.copy() if self.facing_is_table else table.view[self.turn_to_me]
        out[self.hand_slots] = self.hand_view
        return out

    def values(self, obs: Any) -> list[Any]:
        """The layout's values from the table (the reference :meth:`vector` is checked against, tests/rl)."""
        t = self.table
        n, me = self.n, self.seat
        trick_by_seat = [0] * n
        for s, c in t.trick:
            trick_by_seat[(s - me) % n] = 1 << c
        counts: list[int] = []
        for k in range(n):
            counts.extend(m.bit_count() for m in t.walls[(me + k) % n])
        taking = t.phase in (TAKE_FIRST, TAKE_SECOND)
        dealt = t.anou.hand_size if t.phase != NO_PHASE else 0
        return [
            self.hand,
            *trick_by_seat,
            t.pool,
            t.gone,
            0 if t.phase == NO_PHASE else 1 << t.phase,
            1 << C.suit_of(t.trick[0][1]) if t.trick else 0,
            1 << (t.first - me) % n if taking else 0,
            1 << (t.second - me) % n if taking else 0,
            0 if t.turn < 0 else 1 << (t.turn - me) % n,
            1 << (t.dealer - me) % n,
            1 << min(t.deal_index, DEALS_PER_GAME - 1),
            (t.voids >> 4 * me | t.voids << 4 * (n - me)) & self._voids_mask,
            (t.wall_suits >> 16 * me | t.wall_suits << 16 * (n - me)) & self._walls_mask,
            counts,
            self.by_seat(t.wall_scores),
            [max(dealt - p, 0) for p in self.by_seat(t.played)],
            self.by_seat(t.totals),
            (t.roots_left,),
        ]


_FACING: dict[tuple[Layout, int], np.ndarray] = {}


def _facing(layout: Layout, seat: int, n: int) -> np.ndarray:
    """For each slot of ``seat``'s vector, the slot of the absolute table vector it reads: seat blocks counted
    from ``seat`` (block k: seat + k), every other slot as it is."""
    found = _FACING.get((layout, seat))
    if found is None:
        found = _FACING[layout, seat] = _facing_slots(layout, seat, n)
    return found


def _facing_slots(layout: Layout, seat: int, n: int) -> np.ndarray:
    out = list(range(layout.size))
    offsets = {f.name: (off, f) for off, f in layout.offsets()}
    deck = len(layout.card_names)
    for name, block in PER_SEAT.items():
        off, field = offsets[name]
        if name == "trick[me]":
            block, span = deck, deck * n
        else:
            span = field.size
        for k in range(n):
            for i in range(block):
                out[off + k * block + i] = off + ((seat + k) % n) * block + i
        assert span == n * block
    return np.array(out, dtype=np.intp)


def _rewrite_suits(buffer: Any, at: int, r: int, rows: Any, masks: list[int], last: list[int]) -> None:
    """Rewrite the rank slots of each suit whose card mask changed since the buffer was last written."""
    for m, before in zip(masks, last):  # noqa: B905 - four suits each
        if m != before:
            buffer[at : at + r] = rows[m]
        at += r


class EngineVectors:
    """Every seat's observation vector worked out from the fast engine's position alone, in one go when it is
    asked for: nothing is encoded while the game is stepped (a gym environment's opponents play several actions
    between two of its learner's observations). The values are the :class:`Table`'s — the engine holds the same
    public table, the hands, and the suits each seat has shown it lacks — with seat blocks counted from the seat;
    tests/rl/test_rl_anou.py compares them with the pure referee's vectors at every step.

    One per game (a referee's). Each seat asked for has a buffer of its own and the engine values it was last
    written from (:class:`_Written`); when asked again only the slots whose values changed are rewritten: a suit of
    the hand or of the discards as one slice (the slots of each 13-bit suit mask, made once), the cards on the table
    and the flags as the list of slots set, a seat's voids, hand size and wall (a wall's slots looked up by its column
    sizes and its suits' columns, each worked out once). The vector handed out is a copy of the buffer."""

    _CONSTANTS: dict[tuple[AnouOptions, Layout], dict[str, Any]] = {}
    _ROWS: dict[int, tuple[array[float], ...]] = {}

    # set from constants (the options' and the layout's)
    n: int
    zeros: bytes
    deck_size: int
    ranks: int
    rows: tuple[array[float], ...]  # a suit's key mask → its slots in a card field
    flags4: tuple[array[float], ...]  # a 4-bit mask → its slots (a seat's shown voids)
    slot_of_key: list[int]
    hand_at: int
    trick_at: int
    pool_at: int
    gone_at: int
    phase_at: dict[str, int]
    lead_at: int
    first_at: int
    second_at: int
    to_act_at: int
    dealer_at: int
    deal_at: int
    voids_at: list[int]
    wall_suits_at: list[int]
    wall_counts_at: int
    wall_scores_at: int
    sizes_at: int
    totals_at: int
    roots_at: int
    order: list[list[int]]
    facing: list[list[int]]
    trick_slot: list[list[int]]
    count_values: list[float]
    size_values: list[float]
    wall_scale: float
    totals_scale: float
    roots_scale: float
    wall_sizes: dict[int, tuple[array[float], float]]
    wall_suits: dict[int, array[float]]

    def __init__(self, constants: dict[str, Any]) -> None:
        """A game's vectors, with the options' and layout's :meth:`constants`."""
        set_all(self, constants)
        self._written: list[_Written | None] = [None] * self.n  # by seat: its buffer and what it was written from

    @classmethod
    def constants(cls, game: Anou, layout: Layout) -> dict[str, Any]:
        """What only the options and the layout decide (worked out once)."""
        key = (_options(game), layout)
        found = cls._CONSTANTS.get(key)
        if found is not None:
            return found
        table = _table_constants(game, layout)
        at: dict[str, int] = table["at"]
        scale: dict[str, float] = table["scale"]
        n, deck = game.n, table["deck_size"]
        # a card field holds each suit's ranks high first, the deck's top ``ranks`` of each: a suit's key mask
        # (bit 0 the Ace) is the suit's ``ranks`` slots
        ranks = deck // 4
        slot_of_card = table["slot_of_card"]
        assert all(slot_of_card[fast.card_of(16 * s + b)] == s * ranks + b for s in range(4) for b in range(ranks))
        phases = (ENGINE_ROOT, ENGINE_PLAY, ENGINE_TAKE_FIRST, ENGINE_TAKE_SECOND)
        found = cls._CONSTANTS[key] = {
            "n": n,
            "zeros": table["_zeros"],
            "deck_size": deck,
            "ranks": ranks,
            "rows": cls._flags(ranks),
            "flags4": cls._flags(4),
            "slot_of_key": [s * ranks + b if b < ranks else -1 for s in range(4) for b in range(16)],
            "hand_at": at["hand"],
            "trick_at": at["trick[me]"],
            "pool_at": at["pool"],
            "gone_at": at["gone"],
            "phase_at": {phase: at["phase"] + i for i, phase in enumerate(phases)},
            "lead_at": at["lead"],
            "first_at": at["first"],
            "second_at": at["second"],
            "to_act_at": at["to_act"],
            "dealer_at": at["dealer"],
            "deal_at": at["deal"],
            "voids_at": [at["voids"] + 4 * k for k in range(n)],  # seat block k's first slot
            "wall_suits_at": [at["wall_suits"] + 16 * k for k in range(n)],
            "wall_counts_at": at["wall_counts"],
            "wall_scores_at": at["wall_scores"],
            "sizes_at": at["hand_sizes"],
            "totals_at": at["totals"],
            "roots_at": at["root_stones_left"],
            "order": [[(me + k) % n for k in range(n)] for me in range(n)],  # the seat of block k, facing me
            "facing": [[(s - me) % n for s in range(n)] for me in range(n)],  # the block of seat s, facing me
            # facing me: seat s's card of key x on the trick → its slot, at s * 64 + x
            "trick_slot": [
                [
                    at["trick[me]"] + (s - me) % n * deck + (x >> 4) * ranks + (x & 15)
                    for s in range(n)
                    for x in range(64)
                ]
                for me in range(n)
            ],
            "count_values": table["_count_values"],
            "size_values": [k / scale["hand_sizes"] for k in range(game.hand_size + 1)],
            "wall_scale": scale["wall_scores"],
            "totals_scale": scale["totals"],
            "roots_scale": scale["root_stones_left"],
            "wall_sizes": {},  # a wall's column sizes (4 bits each) → its wall_counts and wall_scores slots
            "wall_suits": {},  # each suit's column + 1 (3 bits each) → a wall's wall_suits slots
        }
        return found

    @classmethod
    def _flags(cls, width: int) -> tuple[array[float], ...]:
        """For each ``width``-bit mask, its slots (made once per width)."""
        found = cls._ROWS.get(width)
        if found is None:
            found = cls._ROWS[width] = tuple(
                array("f", [float(m >> b & 1) for b in range(width)]) for m in range(1 << width)
            )
        return found

    def vector(self, p: fast.Position, me: int) -> np.ndarray:
        """``me``'s observation vector in position ``p`` (a fresh array): ``me``'s buffer brought up to date, the
        slots whose engine values changed since it was last asked for rewritten, and copied."""
        w = self._written[me]
        if w is None:
            w = self._written[me] = _Written(self.zeros, self.n)
        buffer, r, rows = w.buffer, self.ranks, self.rows
        hand = p.suits[4 * me : 4 * me + 4]
        if hand != w.hand:
            _rewrite_suits(buffer, self.hand_at, r, rows, hand, w.hand)
            w.hand = hand
        # the slots of the table on the table: the trick, its lead, the pool, the takers, phase, turn, dealer, deal
        slot, facing, phase, trick = self.slot_of_key, self.facing[me], p.phase, p.trick
        marks = []
        gone = p.played[:]  # the cards played or rooted this deal, less those still on the table
        if trick:
            trick_slot = self.trick_slot[me]
            marks = [trick_slot[s << 6 | x] for s, x in trick]
            marks.append(self.lead_at + (trick[0][1] >> 4))
        if phase in (ENGINE_TAKE_FIRST, ENGINE_TAKE_SECOND):
            at = self.pool_at
            for x in p.pool:
                marks.append(at + slot[x])
                gone[x >> 4] &= ~(1 << (x & 15))
            marks.append(self.first_at + facing[p.first])
            marks.append(self.second_at + facing[p.second])
        else:
            for _, x in trick:
                gone[x >> 4] &= ~(1 << (x & 15))
        phase_at = self.phase_at.get(phase)
        if phase_at is not None:
            marks.append(phase_at)
        if p.turn >= 0:
            marks.append(self.to_act_at + facing[p.turn])
        marks.append(self.dealer_at + facing[p.dealer])
        marks.append(self.deal_at + min(p.deal_index, DEALS_PER_GAME - 1))
        if marks != w.marks:
            for i in w.marks:
                buffer[i] = 0.0
            for i in marks:
                buffer[i] = 1.0
            w.marks = marks
        if gone != w.gone:
            _rewrite_suits(buffer, self.gone_at, r, rows, gone, w.gone)
            w.gone = gone
        # each seat's blocks
        order, voids, walls = self.order[me], p.voids, p.walls
        if voids != w.voids:
            for k, s in enumerate(order):
                if voids[s] != w.voids[s]:
                    at = self.voids_at[k]
                    buffer[at : at + 4] = self.flags4[voids[s]]
            w.voids = voids[:]
        if walls != w.walls:
            last_walls = w.walls
            for k, s in enumerate(order):
                wall = walls[s]
                if wall != last_walls[s]:
                    slots = self._wall_slots(wall, p.co[s])
                    at = self.wall_suits_at[k]
                    buffer[at : at + 16] = slots[0]
                    at = self.wall_counts_at + 4 * k
                    buffer[at : at + 4] = slots[1]
                    buffer[self.wall_scores_at + k] = slots[2]
                    last_walls[s] = wall[:]
        sizes = [len(hand) for hand in p.hands]
        if sizes != w.sizes:
            for k, s in enumerate(order):
                if sizes[s] != w.sizes[s]:
                    buffer[self.sizes_at + k] = self.size_values[sizes[s]]
            w.sizes = sizes
        if w.scored != len(p.scores):
            totals = self._total_values(p.scores)
            at = self.totals_at
            for k, s in enumerate(self.order[me]):
                buffer[at + k] = totals[s]
            w.scored = len(p.scores)
        if w.roots != p.roots_left:
            buffer[self.roots_at] = min(1.0, p.roots_left / self.roots_scale)
            w.roots = p.roots_left
        return w.view.copy()

    def _wall_slots(self, wall: list[int], co: list[int]) -> tuple[array[float], array[float], float]:
        """A wall's slots — the suit bound to each column, each column's size, the score — worked out once for each
        column of each suit, and for each set of column sizes (all they depend on)."""
        c0, c1, c2, c3 = wall
        sizes = c0.bit_count() | c1.bit_count() << 4 | c2.bit_count() << 8 | c3.bit_count() << 12
        counted = self.wall_sizes.get(sizes)
        if counted is None:
            size_of = tuple(sizes >> 4 * col & 15 for col in range(4))
            score = _WALL_SCORES.get(size_of)
            if score is None:
                score = _WALL_SCORES[size_of] = wall_score(tuple((1 << k) - 1 for k in size_of))
            counted = self.wall_sizes[sizes] = (
                array("f", [self.count_values[k] for k in size_of]),
                max(-1.0, min(1.0, score / self.wall_scale)),
            )
        s0, s1, s2, s3 = co
        columns = (s0 + 1) | (s1 + 1) << 3 | (s2 + 1) << 6 | (s3 + 1) << 9
        suits = self.wall_suits.get(columns)
        if suits is None:
            flags = [0.0] * 16
            for suit, col in enumerate(co):
                if col >= 0:
                    flags[4 * col + suit] = 1.0
            suits = self.wall_suits[columns] = array("f", flags)
        return suits, counted[0], counted[1]

    def _total_values(self, scores: list[tuple[int, ...]]) -> list[float]:
        scale = self.totals_scale
        return [max(-1.0, min(1.0, sum(score[s] for score in scores) / scale)) for s in range(self.n)]


class _Written:
    """One seat's vector buffer (:class:`EngineVectors`) and the engine's values it was last written from."""

    __slots__ = ("buffer", "view", "hand", "marks", "gone", "voids", "walls", "sizes", "scored", "roots")

    def __init__(self, zeros: bytes, n: int) -> None:
        self.buffer = array("f", zeros)
        self.view = np.frombuffer(self.buffer, dtype=np.float32)
        self.hand = [0, 0, 0, 0]  # the seat's suits (key masks)
        self.marks: list[int] = []  # the slots set for the cards on the table, the phase, the turn, the dealer, …
        self.gone = [0, 0, 0, 0]  # by suit
        self.voids = [0] * n  # by seat
        self.walls = [[0, 0, 0, 0] for _ in range(n)]  # by seat
        self.sizes = [0] * n  # hand sizes by seat
        self.scored = 0  # deals whose totals are written
        self.roots = 0  # root stones left


class FastReferee(BaseReferee):
    """Anou stepped on the fast mutable engine (:class:`kirifuda.fast.anou.Position`), behind the referee's calls.

    The engine numbers legal actions as the pure rules do and deals from the seed as ``Match`` does; each legal
    action is indexed by its engine tuple (a dict lookup, no action object made). What the seats see is followed
    in one of two ways, giving the same vectors — exactly those the pure referee's encoders build from each seat's
    history (tests/rl/test_rl_anou.py steps both in lockstep, each way):

    * ``table=True`` (the default; the AEC and Parallel environments, which ask for the vector of each seat to act
      in turn): every action, all of them public (anou.md R2), is shown to the shared :class:`Table` once as it
      happens, the dealt hand and the cards it put down to each seat's own :class:`Encoder`;
    * ``table=False`` (the Gymnasium environment, which asks for one seat's vector after its opponents' several
      actions): nothing is encoded while actions are played; the seat's vector is worked out from the engine's
      position when it is asked for (:class:`EngineVectors`).

    ``match`` is the pure
    :class:`~kirifuda.match.Match` replayed on demand (every action checked again by the rules); ``record()`` is
    written from the deals and action texts, the same record."""

    FAST_BOTS: dict[str, Any]  # set below: bots that play on the engine (kirifuda.rl.opponents)
    # set from the encoding's setup (_SETUPS)
    actions: ActionIndex
    index_of: dict[tuple[Any, ...], int]
    options_by_index: list[tuple[Any, ...]]
    indexing: IndexTables
    _no_mask: np.ndarray
    _start: fast.Position
    _vector_constants: dict[str, Any]

    @staticmethod
    def supports(game: Game) -> bool:
        """Options the fast engine implements, and actions every seat sees in full (the tables' premise)."""
        return isinstance(game, Anou) and fast.supports(game) and type(game).seen is Game.seen

    def __init__(self, encoding: Encoding, seed: int, *, table: bool = True) -> None:
        game = encoding.game
        assert isinstance(game, Anou)
        self.encoding = encoding
        self.game = self.anou = game
        self.seed = seed
        found = _SETUPS.get(id(encoding))
        if found is None or found[0] is not encoding:  # a game starts at every reset: look the options up once
            found = _SETUPS[id(encoding)] = (
                encoding,
                {
                    "actions": encoding.actions,
                    "index_of": option_index(game),
                    "options_by_index": options_by_index(game),
                    "indexing": IndexTables.of(game),
                    "_no_mask": np.zeros(len(encoding.actions), dtype=np.int8),  # copied, never written
                    "_start": fast.Position(game),
                    "_vector_constants": EngineVectors.constants(game, encoding.layout),
                },
            )
        set_all(self, found[1])
        self.position = self._start.copy()
        self.table: Table | None = None
        if table:  # every action shown to the shared table and each seat's hand as it happens
            self.encoders = cast(list[Encoder], encoding.encoders())
            self.table = self.encoders[0].table
        else:  # a seat's vector worked out from the engine's position when asked for
            self.vectors = EngineVectors(self._vector_constants)
        self.dealers: list[int] = []  # the dealer of each deal so far (its hands follow from the seed)
        self.entries: list[tuple[int, tuple[Any, ...]]] = []  # (seat, engine option), in order (index_of: its index)
        self._legal: tuple[int, list[int]] | None = None  # (seat, its legal indices) in this position
        self._pick: tuple[int, tuple[Any, ...]] | None = None  # (index, option) random_index drew, this position
        self._match: Match | None = None
        self._deal()

    def _deal(self) -> None:
        """The next deal: chance event ``k`` of the seeded pure match (Anou's only chance events are deals)."""
        position, dealer = self.position, self.position.dealer
        hands = fast.deal_keys(position.deck_keys, position.n, position.hand_size, self.seed, len(self.dealers), dealer)
        self.dealers.append(dealer)
        position.deal(hands)
        if self.table is not None:
            self.table.deal()
            for seat, encoder in enumerate(self.encoders):
                hand = 0
                for k in hands[seat]:
                    hand |= 1 << CARD_OF_KEY[k]
                encoder.dealt(hand)

    @property
    def deals(self) -> list[Deal]:
        """The deals so far, as the record writes them (chance event ``k`` of the seeded pure match)."""
        game = self.anou
        initial = game.initial()
        return [
            game.random_deal(replace(initial, dealer=dealer), chance_rng(self.seed, k))  # it reads the dealer only
            for k, dealer in enumerate(self.dealers)
        ]

    @property
    def match(self) -> Match:
        match = self._match
        if match is None:
            match = self._match = Match(self.game, seed=self.seed)
        action, index = self.actions.action, self.index_of
        for seat, option in self.entries[len(match.actions) :]:
            match.act(seat, action(index[option]))
        return match

    @property
    def finished(self) -> bool:
        return self.position.phase == OVER

    def to_act(self) -> list[int]:
        turn = self.position.turn
        return [turn] if turn >= 0 else []

    def next_to_act(self) -> int:
        return self.position.turn

    def vector(self, seat: int) -> np.ndarray:
        if self.table is not None:
            return self.encoders[seat].vector(lambda: self.game.observation(self.match.state, seat))
        return self.vectors.vector(self.position, seat)

    def legal(self, seat: int) -> dict[int, tuple[Any, ...]]:
        options = self.options_by_index
        return {i: options[i] for i in self.legal_indices(seat)}

    def legal_indices(self, seat: int) -> list[int]:
        """``seat``'s legal indices in the engine's order (none when it is not to act), worked out from the
        engine's state (:meth:`IndexTables.legal`), kept until the position changes."""
        cached = self._legal
        if cached is not None and cached[0] == seat:
            return cached[1]
        legal = self.indexing.legal(self.position) if seat == self.position.turn else []
        self._legal = (seat, legal)
        return legal

    def allows(self, seat: int, index: int) -> bool:
        return index in self.legal_indices(seat)

    def mask(self, seat: int) -> np.ndarray:
        out = self._no_mask.copy()  # a fresh array each time: the caller may keep it
        for i in self.legal_indices(seat):  # a few indices: item writes beat an index array's conversion
            out[i] = 1
        return out

    def random_index(self, seat: int, rng: random.Random) -> int:
        option = draw_option(self.position, rng)
        i = self.index_of[option]
        self._pick = (i, option)  # drawn from the engine's options now: act() need not look it up again
        return i

    def act_random(self, seat: int, rng: random.Random) -> None:
        """``seat`` (to act) plays a uniformly random legal action: the one ``act(seat, random_index(seat, rng))``
        plays, drawn from the engine's state (:func:`draw_option`) with no index looked up."""
        if self.position.phase == OVER:
            raise game_over()
        self._apply(seat, draw_option(self.position, rng))

    def act_randoms(self, rngs: Sequence[random.Random | None]) -> None:
        """Play random actions (:meth:`act_random`) while the seat to act has a generator in ``rngs`` (by seat),
        until another seat is to act, a deal has been scored or the game is over: a gym environment's ``random``
        opponents between two of its learner's steps."""
        position, entries, scored = self.position, self.entries, len(self.position.scores)
        self._legal = self._pick = None
        while True:
            seat = position.turn
            rng = rngs[seat] if seat >= 0 else None
            if rng is None:
                return
            option = draw_option(position, rng)
            if option[0] == "play" and self.table is None:  # _apply's commonest case, inline
                entries.append((seat, option))
                position.play_card(option[1])
                continue
            self._apply(seat, option)
            if len(position.scores) != scored:
                return

    def act(self, seat: int, index: Any) -> None:
        position = self.position
        if position.phase == OVER:
            raise game_over()
        i = index if type(index) is int else as_index(index, len(self.actions))
        cached, pick = self._legal, self._pick
        option: tuple[Any, ...] | None
        if pick is not None and pick[0] == i and seat == position.turn:  # just drawn from the options now
            option = pick[1]
        elif cached is not None and cached[0] == seat:  # the mask was asked for: its indices say what is legal
            option = self.options_by_index[i] if i in cached[1] else None
        else:  # an opponent's choice: legal if the engine offers it to this seat now (no dict is built)
            option = self.options_by_index[i] if i >= 0 else None
            if seat != position.turn or option not in position.options():
                option = None
        if option is None:
            raise self.refuse(seat, index, self.legal(seat))
        self._apply(seat, option)

    def _apply(self, seat: int, option: tuple[Any, ...]) -> None:
        """Play ``option`` (legal for ``seat``, which is to act) on the engine (and show it to the table and the seat,
        if they are followed)."""
        self._legal = self._pick = None
        self.entries.append((seat, option))
        position, table = self.position, self.table
        kind, what = option
        if kind == "play":  # the engine's primitives (Position.apply without its dispatch)
            position.play_card(what)
            if table is not None:
                card = CARD_OF_KEY[what]
                table.play(seat, card, position.first, position.second)  # the engine has ranked a full trick
                self.encoders[seat].gave(card)
        elif kind == "take":
            position.take(what)
            if table is not None:
                placements = _PLACEMENTS.get(what)
                if placements is None:
                    placements = _PLACEMENTS[what] = tuple(
                        (CARD_OF_KEY[k], None if col < 0 else col) for k, col in what
                    )
                table.take(seat, placements)
            if position.phase == DEAL:
                self._deal()
        else:
            ((k, col),) = what
            position.root(k, col)
            if table is not None:
                table.root(seat, CARD_OF_KEY[k], None if col < 0 else col)
                self.encoders[seat].gave(CARD_OF_KEY[k])

    def deal_scores(self) -> tuple[tuple[int, ...], ...]:
        return tuple(self.position.scores)

    def new_scores(self) -> list[tuple[int, ...]]:
        scores = self.position.scores
        scored = self._scored
        if len(scores) == scored:
            return []
        self._scored = len(scores)
        return scores[scored:]

    def record(self) -> dict[str, Any]:
        texts, index = self.actions.texts, self.index_of
        return {
            "format": RECORD_FORMAT,
            "game": self.game.id,
            "options": self.game.options.to_dict(),
            "seed": self.seed,
            "deals": [d.to_json() for d in self.deals],
            "actions": [[seat, texts[index[option]]] for seat, option in self.entries],
        }


def draw_option(position: fast.Position, rng: random.Random) -> tuple[Any, ...]:
    """A uniformly random legal option of the seat to act: ``options()[k]`` for ``k = int(rng.random() * count)``
    (no draw when there is one option), found from the engine's state without building the list of options — the
    very option a draw from that list would give, from the same generator (tests/rl/test_rl_anou.py checks both)."""
    seat, phase = position.turn, position.phase
    if phase == ENGINE_PLAY:
        trick = position.trick
        if trick:
            lead = trick[0][1] >> 4
            m = position.suits[seat * 4 + lead]
            if m:  # must follow (anou.md "A deal" 3)
                bits = fast.LOWS[m]
                return ("play", lead * 16 + (bits[int(rng.random() * len(bits))] if len(bits) > 1 else bits[0]))
        hand = position.hands[seat]
        return ("play", hand[int(rng.random() * len(hand))] if len(hand) > 1 else hand[0])
    co, free = position.co[seat], position.free[seat]
    columns = fast.FREE[free]
    nf = len(columns)
    if phase == ENGINE_TAKE_SECOND:  # two of the pool, each pair with its placements in the engine's order
        pairs = [(a, b, fast.pair_count(co, nf, a >> 4, b >> 4)) for a, b in combinations(position.pool, 2)]
        total = sum(count for _, _, count in pairs)
        k = int(rng.random() * total) if total > 1 else 0
        for a, b, count in pairs:  # noqa: B007  # the pair drawn is used after the loop
            if k < count:
                break
            k -= count
        sa, sb = a >> 4, b >> 4
        ca, cb = fast.pair_columns(co, free, sa, sb, k)
        return ("take", ((a, -1 if co[sa] >= 0 else ca), (b, -1 if co[sb] >= 0 or sa == sb else cb)))
    # one card with the column it opens: the 1st's take from the pool, a root stone from the hand
    kind, cards = ("take", position.pool) if phase == ENGINE_TAKE_FIRST else ("root", position.hands[seat])
    total = 0
    for x in cards:
        total += 1 if co[x >> 4] >= 0 else nf
    k = int(rng.random() * total) if total > 1 else 0
    for x in cards:
        if co[x >> 4] >= 0:
            if k == 0:
                return (kind, ((x, -1),))
            k -= 1
        elif k < nf:
            return (kind, ((x, columns[k]),))
        else:
            k -= nf
    raise AssertionError("no legal option")  # the engine offers every seat to act an option


def seat_view(position: fast.Position, seat: int) -> fast.Position:
    """A copy of ``position`` holding only what ``seat`` knows: the others' hands are replaced by the cards the seat
    cannot see (their union, which it can tell: the deck less its hand and everything public, anou.md R2) dealt out
    in canonical order, each hand keeping its size. Nothing in it depends on how the hidden cards really lie."""
    p = position.copy()
    hidden = sorted(k for s, hand in enumerate(p.hands) if s != seat for k in hand)
    at = 0
    for s, hand in enumerate(p.hands):
        if s == seat:
            continue
        size = len(hand)
        p.hands[s] = new = hidden[at : at + size]
        at += size
        suits = [0, 0, 0, 0]
        for k in new:
            suits[k >> 4] |= 1 << (k & 15)
        p.suits[4 * s : 4 * s + 4] = suits
    return p


class FastHeuristic:
    """The ``heuristic`` bot on the fast referee: the club player's policy (the Anou kit's heuristic,
    :class:`~kirifuda.bots.anou_playout.ClubPlayer`) on the seat's view of the engine's position (:func:`seat_view`),
    with no information state built. The kit plays the same policy on a position sampled from the seat's information
    state, which the policy cannot tell from this one (it reads the seat's hand, the table, hand sizes and shown
    voids): tests/rl/test_rl_opponents.py checks that both choose alike at every decision."""

    def __init__(self, referee: BaseReferee, seed: int) -> None:
        assert isinstance(referee, FastReferee)
        self.policy = _club_player(referee.anou.n)

    def decide(self, referee: BaseReferee, seat: int) -> int:
        assert isinstance(referee, FastReferee)
        options = referee.position.options()
        if len(options) == 1:
            return referee.index_of[options[0]]
        kind, what = self.policy.choose(seat_view(referee.position, seat))
        return referee.index_of[(kind, what)]


_CLUB_PLAYERS: dict[int, Any] = {}


def _club_player(n: int) -> Any:
    from ..bots.anou_playout import ClubPlayer  # rl → bots: the bots' own policy, imported where it is used

    found = _CLUB_PLAYERS.get(n)
    if found is None:
        found = _CLUB_PLAYERS[n] = ClubPlayer(n)
    return found


FastReferee.FAST_BOTS = {"heuristic": FastHeuristic}


def engine_option(action: Action) -> tuple[Any, ...]:
    """The fast engine's tuple for an action (an entry of ``Position.options()``): cards as the engine's keys, −1
    for no column."""
    if type(action) is Play:
        return ("play", fast.key_of(action.card))
    if type(action) is Root:
        return ("root", ((fast.key_of(action.card), -1 if action.column is None else action.column),))
    assert isinstance(action, Take)
    return ("take", tuple((fast.key_of(c), -1 if col is None else col) for c, col in action.cards))


_OPTION_INDEX: dict[AnouOptions, dict[tuple[Any, ...], int]] = {}


def option_index(game: Anou) -> dict[tuple[Any, ...], int]:
    """Engine tuple → action index (:func:`engine_option` of each action of the table), built once per options."""
    options = _options(game)
    found = _OPTION_INDEX.get(options)
    if found is None:
        key = fast.key_of
        entries: list[tuple[Any, ...]] = []
        for kind, _, _, items in _catalogue(game):
            if kind == "play":
                entries.extend(("play", key(c)) for c in items)
            else:
                entries.extend((kind, tuple((key(c), -1 if col is None else col) for c, col in x)) for x in items)
        found = _OPTION_INDEX[options] = {entry: i for i, entry in enumerate(entries)}
    return found


_OPTIONS_BY_INDEX: dict[AnouOptions, list[tuple[Any, ...]]] = {}


def options_by_index(game: Anou) -> list[tuple[Any, ...]]:
    """Action index → engine tuple (the inverse of :func:`option_index`)."""
    options = _options(game)
    found = _OPTIONS_BY_INDEX.get(options)
    if found is None:
        found = _OPTIONS_BY_INDEX[options] = list(option_index(game))
    return found


class IndexTables:
    """Where each engine option sits in the action table, as arrays read by the engine's own numbers, so that the
    legal indices of a position are worked out from its state (:meth:`legal`) — no option tuple built, none looked
    up — in the order of ``Position.options()``: ``legal(position) == [option_index[o] for o in
    position.options()]`` (tests/rl/test_rl_anou.py checks it at every step of random games)."""

    _FOUND: dict[AnouOptions, IndexTables] = {}

    @classmethod
    def of(cls, game: Anou) -> IndexTables:
        options = _options(game)
        found = cls._FOUND.get(options)
        if found is None:
            found = cls._FOUND[options] = cls(option_index(game))
        return found

    def __init__(self, index: dict[tuple[Any, ...], int]) -> None:
        self.play = [-1] * 64  # key → ``play``'s index
        self.take = [-1] * 64 * 5  # key * 5 + column + 1 → a one-card ``take``'s index
        self.root = [-1] * 64 * 5  # the same for ``root``
        self.pair = [-1] * 64 * 64  # a * 64 + b (keys a < b) → the 2nd's ``take`` of both with no column named
        one = {"take": self.take, "root": self.root}
        for (kind, what), i in index.items():
            if kind == "play":
                self.play[what] = i
            elif len(what) == 1:
                ((key, column),) = what
                one[kind][key * 5 + column + 1] = i
            elif what[0][1] == what[1][1] == -1:
                self.pair[what[0][0] * 64 + what[1][0]] = i
        # a pair's placements follow its first (no column named): the 2nd's columns (column + 1, 0 for none) →
        # the placement's offset, two suits (21 placements) and one suit (5: the first card's column alone)
        self.two_suits = [[-1] * 5 for _ in range(5)]
        k = 0
        for x in range(5):
            for y in range(5):
                if x == 0 or y == 0 or x != y:
                    self.two_suits[x][y] = k
                    k += 1

    def legal(self, position: fast.Position) -> list[int]:
        """The legal indices of the seat to act, in the order of ``position.options()`` (mirroring its loops)."""
        seat, phase = position.turn, position.phase
        if phase == ENGINE_PLAY:
            play = self.play
            trick = position.trick
            if trick:
                lead = trick[0][1] >> 4
                m = position.suits[seat * 4 + lead]
                if m:  # must follow (anou.md "A deal" 3)
                    base = lead * 16
                    return [play[base + b] for b in fast.LOWS[m]]
            return [play[x] for x in position.hands[seat]]
        if phase not in (ENGINE_ROOT, ENGINE_TAKE_FIRST, ENGINE_TAKE_SECOND):
            return []
        co = position.co[seat]
        columns = [c + 1 for c in fast.FREE[position.free[seat]]]
        out: list[int] = []
        if phase != ENGINE_TAKE_SECOND:  # one card with the column it opens
            table = self.take if phase == ENGINE_TAKE_FIRST else self.root
            for x in position.pool if phase == ENGINE_TAKE_FIRST else position.hands[seat]:
                at = x * 5
                if co[x >> 4] >= 0:
                    out.append(table[at])
                else:
                    out += [table[at + c] for c in columns]
            return out
        pair, two_suits = self.pair, self.two_suits
        for a, b in combinations(position.pool, 2):
            sa, sb = a >> 4, b >> 4
            base = pair[a * 64 + b]
            if co[sa] >= 0:
                if co[sb] >= 0:
                    out.append(base)
                else:
                    row = two_suits[0]
                    out += [base + row[c] for c in columns]
            elif sa == sb:
                out += [base + c for c in columns]
            elif co[sb] >= 0:
                out += [base + two_suits[c][0] for c in columns]
            else:
                out += [base + two_suits[x][y] for x in columns for y in columns if x != y]
        return out


_SETUPS: dict[int, tuple[Encoding, dict[str, Any]]] = {}
"""By the id of an encoding (kept alive beside it): what a :class:`FastReferee` of its options starts from."""

_PLACEMENTS: dict[tuple[tuple[int, int], ...], tuple[tuple[int, int | None], ...]] = {}
"""A take option's ``what`` → the table's placements (cards as ints, None for no column)."""

CARD_OF_KEY = [fast.card_of(k) for k in range(64)]
"""The fast engine's card key → card int."""


def _options(game: Anou) -> AnouOptions:
    options = game.options
    assert isinstance(options, AnouOptions)
    return options


_WALL_SCORES: dict[tuple[int, ...], int] = {}
"""A wall's column sizes → its score (the rules' ``wall_score``, which reads the sizes alone)."""

_DECODED: dict[str, Any] = {}
"""Action text → action (Anou's texts do not depend on its options)."""
