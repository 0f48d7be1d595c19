"""A lean, mutable Anou engine for bulk random play (and perft), checked against the pure one.

Same rules as :mod:`kirifuda.games.anou` (../shared/rules/anou.md); this module trades the pure
engine's immutable states and typed actions for ints, bitmasks and lists changed in place, so
``kirifuda simulate`` can play hundreds of thousands of decisions a second in CPython.

Representation (internal only — nothing here leaves this module except scores and texts):

* a card is its *canonical key* ``suit * 16 + (12 - rank)``, so sorting keys gives the canonical card
  order of ../shared/spec/records.md (♠ ♥ ♦ ♣, high rank first) and ``key >> 4`` is the suit;
* a hand is four 13-bit masks (bit ``12 - rank``), one per suit, plus a sorted list of its keys
  (for choosing among the whole hand by index);
* a wall is, per seat, its four columns as masks of keys (scored by the pure ``wall_score``), the
  column bound to each suit (−1: none) and a 4-bit mask of the free columns.

Legal actions are numbered in exactly the order of the pure engine's ``legal_actions``, so an index
drawn by ``rng.choice`` there is the same action here: with the same ``random.Random`` both engines
play the same game (tests/test_fast_anou.py checks this, and perft counts from fixed deals).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any, TypeGuard

from .. import cards as C
from ..core import Deal, Game, chance_rng
from ..games.anou import (
    DEAL,
    DEALS_PER_GAME,
    OVER,
    PLAY,
    ROOT,
    ROOT_STONES_EACH,
    TAKE_FIRST,
    TAKE_SECOND,
    Anou,
    AnouState,
    next_dealer,
    wall_score,
)

# --- tables -----------------------------------------------------------------------------------

LOWS = tuple(tuple(b for b in range(13) if m >> b & 1) for m in range(1 << 13))
"""``LOWS[m]``: the set bits of a 13-bit suit mask, ascending — i.e. that suit's cards high rank first."""
FREE = tuple(tuple(col for col in range(4) if m >> col & 1) for m in range(16))
"""``FREE[m]``: the free columns of a 4-bit free-column mask, left to right."""
ALL_FREE = 0b1111


def key_of(card: int) -> int:
    """The canonical key of a kirifuda card int (``suit*16 + rank``)."""
    return (card & 0x30) | (12 - (card & 15))


def card_of(key: int) -> int:
    return (key & 0x30) | (12 - (key & 15))


def deal_keys(deck_keys: Sequence[int], n: int, hand_size: int, seed: int, index: int, dealer: int) -> list[list[int]]:
    """Each seat's cards (sorted canonical keys) in chance event ``index`` of the game with ``seed``:
    exactly the hands of the pure ``Anou.random_deal(<state with dealer>, chance_rng(seed, index))``
    (core.deal_round: shuffle, then one card at a time clockwise from the dealer)."""
    pack = list(deck_keys)
    chance_rng(seed, index).shuffle(pack)
    dealt = n * hand_size
    return [sorted(pack[(seat - dealer) % n : dealt : n]) for seat in range(n)]


# --- placements (shared by the step-wise position and the random player) ------------------------


def pair_count(co: Sequence[int], nf: int, sa: int, sb: int) -> int:
    """How many canonical placements the 2nd has for two cards of suits ``sa``, ``sb`` (co: suit → column)."""
    if co[sa] >= 0:
        return 1 if co[sb] >= 0 else nf
    if co[sb] >= 0 or sa == sb:
        return nf
    return nf * (nf - 1)


def pair_columns(co: Sequence[int], free: int, sa: int, sb: int, k: int) -> tuple[int, int]:
    """The columns of placement ``k`` (in the pure engine's order) of two cards of suits ``sa``, ``sb``."""
    ca, cb = co[sa], co[sb]
    if ca >= 0:
        return ca, (cb if cb >= 0 else FREE[free][k])
    cols = FREE[free]
    if cb >= 0:
        return cols[k], cb
    if sa == sb:
        return cols[k], cols[k]
    x, y = divmod(k, len(cols) - 1)
    return cols[x], cols[y if y < x else y + 1]


# --- the step-wise position (perft, lockstep tests, search) ---------------------------------------

TEXTS = tuple(C.text(card_of(x)) if (x & 15) < 13 else "" for x in range(64))
"""``TEXTS[key]``: the card's canonical text (``AS``)."""
PLAY_TEXTS = tuple("play " + t for t in TEXTS)
TEXT_KEYS = {t: x for x, t in enumerate(TEXTS) if t}
PLACED_TEXTS = tuple((t, *(f"{t}@{col + 1}" for col in range(4))) for t in TEXTS)
"""``PLACED_TEXTS[key][column + 1]``: a card with the column it opens (``AS@1``), or none (column −1: ``AS``)."""
TAKE_TEXTS = tuple(tuple("take " + t for t in placed) for placed in PLACED_TEXTS)
ROOT_TEXTS = tuple(tuple("root " + t for t in placed) for placed in PLACED_TEXTS)
REVERSED = tuple(sum(1 << (12 - r) for r in range(13) if m >> r & 1) for m in range(1 << 13))
"""``REVERSED[m]``: a suit's 13-bit mask by rank (bit ``rank``, as in card ints) as one by key bit (``12 − rank``)."""
PLANS = (1, 2, 3, 4)
PLAYING = (ROOT, PLAY, TAKE_FIRST, TAKE_SECOND)


SUIT_KEYS = tuple(tuple(tuple(16 * s + b for b in LOWS[m]) for m in range(1 << 13)) for s in range(4))
"""``SUIT_KEYS[suit][m]``: the canonical keys of a suit's 13-bit key mask, high rank first."""


class Position:
    """A mutable Anou game: number the legal actions of the seat to act (``count``), name them
    (``texts``, the canonical texts of the pure engine in its order), play one by index (``play``),
    and ``copy`` for search. Deals come from the caller (``deal``), or a whole position from a pure
    state (``from_state``).

    The search walks positions by canonical text (``legal_texts`` then ``apply_text``), and a playout
    policy moves with the primitives ``play_card``, ``take`` and ``root`` (no legality checks: the
    policy chooses among what the position offers)."""

    _SETTINGS = ("n", "hand_size", "deck_keys", "root_stones", "deck_suits")
    _SCALARS = ("phase", "deal_index", "dealer", "turn", "first", "second", "roots_left")
    __slots__ = (
        *_SETTINGS,
        *_SCALARS,
        "suits",
        "hands",
        "co",
        "free",
        "walls",
        "trick",
        "pool",
        "scores",
        "played",
        "voids",
        "_choices",
        "_texts",
    )

    def __init__(self, game: Anou):
        self.n = game.n
        self.hand_size = game.hand_size
        self.deck_keys = tuple(key_of(c) for c in game.deck())
        self.root_stones = game.options.root_stones
        deck_suits = [0, 0, 0, 0]
        for x in self.deck_keys:
            deck_suits[x >> 4] |= 1 << (x & 15)
        self.deck_suits = tuple(deck_suits)  # suit → the deck's cards of that suit (13-bit key mask)
        self.phase = DEAL
        self.deal_index = 0
        self.dealer = game.options.first_dealer
        self.turn = -1
        self.scores: list[tuple[int, ...]] = []
        self._clear_table()

    def _clear_table(self) -> None:
        n = self.n
        self.suits = [0] * (4 * n)  # seat*4 + suit → 13-bit mask
        self.hands: list[list[int]] = [[] for _ in range(n)]  # sorted canonical keys
        self.co = [[-1] * 4 for _ in range(n)]  # seat → suit → column
        self.free = [ALL_FREE] * n
        self.walls = [[0] * 4 for _ in range(n)]  # seat → column → mask of keys
        self.trick: list[tuple[int, int]] = []  # (seat, key)
        self.first = self.second = -1
        self.pool: list[int] = []
        self.roots_left = 0
        self.played = [0, 0, 0, 0]  # suit → cards of the deal played or rooted (public: R2)
        self.voids = [0] * n  # seat → suits it has shown it lacks this deal (ござらぬゆえ), as far as known
        self._choices: list[tuple[str, Any]] | None = None
        self._texts: list[str] | None = None  # the canonical texts of ``_choices``

    def copy(self) -> Position:
        p = Position.__new__(Position)
        for name in self._SETTINGS + self._SCALARS:
            setattr(p, name, getattr(self, name))
        p.suits = self.suits[:]
        p.hands = [h[:] for h in self.hands]
        p.co = [c[:] for c in self.co]
        p.free = self.free[:]
        p.walls = [w[:] for w in self.walls]
        p.trick = self.trick[:]
        p.pool = self.pool[:]
        p.scores = self.scores[:]
        p.played = self.played[:]
        p.voids = self.voids[:]
        p._choices = p._texts = None
        return p

    @classmethod
    def from_state(cls, game: Anou, state: AnouState) -> Position:
        """The position of a pure state (its current deal, the deal scores so far, whose turn it is)."""
        return cls(game).load(state)

    def load(self, state: AnouState, voids: Sequence[int] | None = None) -> Position:
        """A new position holding ``state``, with this position's settings (the game's): the search's
        per-iteration copy of a sampled state. A pure state does not say which suits seats have shown they lack
        earlier in the deal: ``voids`` (seat → suit bits) may (a seat's knowledge)."""
        p = Position.__new__(Position)
        p.n = n = self.n
        p.hand_size = self.hand_size
        p.deck_keys = self.deck_keys
        p.root_stones = self.root_stones
        p.deck_suits = self.deck_suits
        p.phase = state.phase
        p.deal_index = state.deal_index
        p.dealer = state.dealer
        p.turn = state.turn
        p.first = state.first
        p.second = state.second
        p.roots_left = state.roots_left
        p.scores = list(state.scores)
        suits = [0] * (4 * n)
        hands = []
        base = 0
        for hand in state.hands:
            m0 = suits[base] = REVERSED[hand & 0x1FFF]
            m1 = suits[base + 1] = REVERSED[hand >> 16 & 0x1FFF]
            m2 = suits[base + 2] = REVERSED[hand >> 32 & 0x1FFF]
            m3 = suits[base + 3] = REVERSED[hand >> 48 & 0x1FFF]
            hands.append([*SUIT_KEYS[0][m0], *SUIT_KEYS[1][m1], *SUIT_KEYS[2][m2], *SUIT_KEYS[3][m3]])
            base += 4
        p.suits = suits
        p.hands = hands
        played = [0, 0, 0, 0]
        cos, frees, walls = [], [], []
        for wall in state.walls:
            co = [-1, -1, -1, -1]
            free = ALL_FREE
            keyed = [0, 0, 0, 0]
            for col in range(4):
                m = wall[col]
                if m:
                    free &= ~(1 << col)
                    for s in range(4):
                        r = m >> (16 * s) & 0x1FFF
                        if r:
                            co[s] = col
                            r = REVERSED[r]
                            keyed[col] = r << (16 * s)  # a mask of keys
                            played[s] |= r
            cos.append(co)
            frees.append(free)
            walls.append(keyed)
        p.co, p.free, p.walls = cos, frees, walls
        p.trick = [(seat, key_of(c)) for seat, c in state.trick]
        for _, x in p.trick:
            played[x >> 4] |= 1 << (x & 15)
        for s in range(4):
            r = state.discards >> (16 * s) & 0x1FFF
            if r:
                played[s] |= REVERSED[r]
        p.played = played
        p.pool = sorted(key_of(c) for c in C.cards_in(state.pool)) if state.pool else []
        p.voids = list(voids) if voids is not None else [0] * n
        p._choices = p._texts = None
        return p

    # dealing
    def deal(self, hands_keys: list[list[int]]) -> None:
        """Start the next deal with each seat's cards (canonical keys); see :func:`deal_from`."""
        assert self.phase == DEAL
        self._clear_table()
        for seat, keys in enumerate(hands_keys):
            self.hands[seat] = sorted(keys)
            for x in keys:
                self.suits[seat * 4 + (x >> 4)] |= 1 << (x & 15)
        self.roots_left = ROOT_STONES_EACH * self.n if self.root_stones else 0
        self.phase = ROOT if self.roots_left else PLAY
        self.turn = self.dealer

    def deal_from(self, deal: Deal) -> None:
        self.deal([[key_of(c) for c in hand] for hand in deal.hands])

    def deal_seeded(self, seed: int) -> None:
        """The deal a pure ``Match(game, seed=seed)`` draws now (Anou's only chance events are deals)."""
        self.deal(deal_keys(self.deck_keys, self.n, self.hand_size, seed, self.deal_index, self.dealer))

    # actions by index (perft, lockstep) and by canonical text (search)
    def _options(self) -> list[tuple[str, Any]]:
        """The legal actions in canonical order, as (kind, cards-with-columns) tuples."""
        seat = self.turn
        phase = self.phase
        if phase == PLAY:
            if self.trick:
                lead = self.trick[0][1] >> 4
                m = self.suits[seat * 4 + lead]
                if m:
                    return [("play", lead * 16 + b) for b in LOWS[m]]
            return [("play", x) for x in self.hands[seat]]
        co, free = self.co[seat], self.free[seat]
        if phase == ROOT:
            return [("root", ((x, col),)) for x in self.hands[seat] for col in self._columns(co, free, x)]
        if phase == TAKE_FIRST:
            return [("take", ((x, col),)) for x in self.pool for col in self._columns(co, free, x)]
        out = []
        nf = len(FREE[free])
        for a, b in combinations(self.pool, 2):
            sa, sb = a >> 4, b >> 4
            for k in range(pair_count(co, nf, sa, sb)):
                ca, cb = pair_columns(co, free, sa, sb, k)
                # canonical text: @n only for a suit without a column, once for two of one new suit
                out.append(("take", ((a, -1 if co[sa] >= 0 else ca), (b, -1 if co[sb] >= 0 or sa == sb else cb))))
        return out

    @staticmethod
    def _columns(co: Sequence[int], free: int, x: int) -> tuple[int, ...]:
        return (-1,) if co[x >> 4] >= 0 else FREE[free]

    def count(self) -> int:
        return len(self._options()) if self.phase in PLAYING else 0

    def texts(self) -> list[str]:
        return [option_text(kind, what) for kind, what in self._options()]

    def play(self, k: int) -> None:
        """Play the ``k``-th legal action (canonical order) of the seat to act."""
        self._apply(*self._options()[k])

    def options(self) -> list[tuple[str, Any]]:
        """The legal actions of the seat to act as ``(kind, what)`` options in canonical order (``option_text``
        names them), computed once per position."""
        options = self._choices
        if options is None:
            options = self._choices = self._options() if self.phase in PLAYING else []
        return options

    def legal_texts(self) -> list[str]:
        """The canonical texts of the legal actions of the seat to act (``[]`` if none)."""
        if self.phase == PLAY:
            seat = self.turn
            if self.trick:
                lead = self.trick[0][1] >> 4
                m = self.suits[seat * 4 + lead]
                if m:
                    return [PLAY_TEXTS[lead * 16 + b] for b in LOWS[m]]
            return [PLAY_TEXTS[x] for x in self.hands[seat]]
        if self.phase == ROOT:  # a card of the hand into its suit's column, else into any free column
            seat = self.turn
            co = self.co[seat]
            opened = [col + 1 for col in FREE[self.free[seat]]]
            out = []
            for x in self.hands[seat]:
                names = ROOT_TEXTS[x]
                if co[x >> 4] >= 0:
                    out.append(names[0])
                else:
                    out += [names[c] for c in opened]
            return out
        texts = self._texts
        if texts is None or self._choices is None:
            texts = self._texts = [option_text(kind, what) for kind, what in self.options()]
        return texts

    def apply_text(self, text: str) -> None:
        """Play the legal action named ``text`` (as :meth:`legal_texts` names it)."""
        if self.phase == PLAY:
            key = TEXT_KEYS.get(text[5:], -1) if text.startswith("play ") else -1
            seat = self.turn
            if key >= 0 and self.suits[seat * 4 + (key >> 4)] >> (key & 15) & 1:
                lead = self.trick[0][1] >> 4 if self.trick else key >> 4
                if key >> 4 == lead or not self.suits[seat * 4 + lead]:  # must follow (anou.md "A deal" 3)
                    self.play_card(key)
                    return
        elif self.phase == ROOT:
            card, at, column = text[5:].partition("@")
            key = TEXT_KEYS.get(card, -1) if text.startswith("root ") else -1
            seat = self.turn
            if key >= 0 and self.suits[seat * 4 + (key >> 4)] >> (key & 15) & 1:
                col = int(column) - 1 if column in ("1", "2", "3", "4") else -1
                bound = self.co[seat][key >> 4] >= 0
                if bound if not at else not bound and col >= 0 and self.free[seat] >> col & 1:
                    self.root(key, col)
                    return
        else:
            texts = self.legal_texts()
            if text in texts:
                self._apply(*self.options()[texts.index(text)])
                return
        raise ValueError(f"{text!r} is not a legal action here")

    def apply(self, option: tuple[str, Any]) -> None:
        """Play one of :meth:`options`: ``("play", key)``, or ``("take" | "root", ((key, column), …))`` with column
        −1 where the text names none (the seat to act's; nothing else is checked)."""
        self._apply(*option)

    def _apply(self, kind: str, what: Any) -> None:
        if kind == "play":
            self.play_card(what)
        elif kind == "root":
            self.root(*what[0])
        else:
            self.take(what)

    # primitives (a playout policy's moves)
    def play_card(self, x: int) -> None:
        """The seat to act plays the card ``x`` (a key) to the trick."""
        seat = self.turn
        self._choices = self._texts = None
        self.hands[seat].remove(x)
        s = x >> 4
        bit = 1 << (x & 15)
        self.suits[seat * 4 + s] &= ~bit
        self.played[s] |= bit
        trick = self.trick
        if trick and trick[0][1] >> 4 != s:
            self.voids[seat] |= 1 << (trick[0][1] >> 4)  # ござらぬゆえ
        trick.append((seat, x))
        if len(trick) < self.n:
            self.turn = seat + 1 if seat + 1 < self.n else 0
            return
        # anou.md "A deal" 4: lead-suit cards above all others, then rank alone; on equal keys the earlier
        # card stays above (only a strictly greater key overtakes). Keys: lead suit 20..32, others 0..12.
        lead = trick[0][1] >> 4
        best = runner = -1
        first = second = -1
        for who, y in trick:
            k = 32 - (y & 15) if y >> 4 == lead else 12 - (y & 15)
            if k > best:
                runner, second = best, first
                best, first = k, who
            elif k > runner:
                runner, second = k, who
        self.first, self.second = first, second
        self.pool = sorted([y for _, y in trick])
        self.phase, self.turn = TAKE_FIRST, first

    def _place(self, seat: int, placements: Sequence[tuple[int, int]]) -> None:
        # every card goes to its suit's column, or opens the column named (anou.md "The wall")
        co, wall = self.co[seat], self.walls[seat]
        for x, col in placements:
            s = x >> 4
            if co[s] < 0:
                co[s] = col
                self.free[seat] &= ~(1 << col)
            wall[co[s]] |= 1 << x

    def root(self, x: int, column: int) -> None:
        """The seat to act places the root stone (根石) ``x`` from hand, opening ``column`` if its suit has none."""
        seat = self.turn
        self._choices = self._texts = None
        self._place(seat, ((x, column),))
        self.hands[seat].remove(x)
        s = x >> 4
        bit = 1 << (x & 15)
        self.suits[seat * 4 + s] &= ~bit
        self.played[s] |= bit
        self.roots_left -= 1
        if self.roots_left:
            self.turn = (seat + 1) % self.n
        else:
            self.phase, self.turn = PLAY, self.dealer

    def take(self, placements: Sequence[tuple[int, int]]) -> None:
        """The 1st (one card) or the 2nd (two) takes from the pool: ``((key, column), ...)``, the column
        only where the card's suit has none yet (−1 otherwise)."""
        seat = self.turn
        self._choices = self._texts = None
        self._place(seat, placements)
        if self.phase == TAKE_FIRST:
            self.pool.remove(placements[0][0])
            self.phase, self.turn = TAKE_SECOND, self.second
            return
        self.pool = []  # 4 players: the last card is discarded (anou.md "A deal" 5)
        self.trick = []
        self.phase, self.turn = PLAY, self.first
        if not self.hands[self.turn]:
            self._end_deal()

    def _end_deal(self) -> None:
        score = tuple(wall_score(tuple(w)) for w in self.walls)
        self.scores.append(score)
        self.deal_index += 1
        self.turn = -1
        if self.deal_index == DEALS_PER_GAME:
            self.phase = OVER
        else:
            self.phase = DEAL
            self.dealer = next_dealer(self.dealer, score)


def option_text(kind: str, what: Any) -> str:
    """The canonical text of an option ``(kind, what)`` of :meth:`Position._options`."""
    text: str  # ``what`` is an int or pairs of ints: indexing by Any gives Any
    if kind == "play":
        text = PLAY_TEXTS[what]
    elif len(what) == 1:
        x, col = what[0]
        text = (TAKE_TEXTS if kind == "take" else ROOT_TEXTS)[x][col + 1]
    else:
        (a, ca), (b, cb) = what
        text = "take " + PLACED_TEXTS[a][ca + 1] + " " + PLACED_TEXTS[b][cb + 1]
    return text


# --- the options covered -----------------------------------------------------------------------

SUPPORTED = {"players": (4, 3), "deck3": ("36", "52"), "root_stones": (False, True)}
"""The options this engine implements (besides ``first_dealer``, any seat). An option added to the pure
game later is not silently ignored: :func:`supports` is then False and the pure engine is used."""


def supports(game: Game) -> TypeGuard[Anou]:
    """True when ``game`` is Anou with options this engine implements."""
    if not isinstance(game, Anou):
        return False
    values = game.options.to_dict()
    dealer = values.pop("first_dealer", None)
    return (
        values.keys() == SUPPORTED.keys()
        and all(values[name] in allowed for name, allowed in SUPPORTED.items())
        and dealer in range(game.n)
    )


# --- the random player -------------------------------------------------------------------------


class FastAnou:
    """Random play of whole Anou games at speed; ``engine_for`` hands this to ``kirifuda simulate``."""

    def __init__(self, game: Anou):
        self.game = game
        self.n = game.n
        self.hand_size = game.hand_size
        self.root_stones = game.options.root_stones
        self.first_dealer = game.options.first_dealer
        self.deck_keys = tuple(key_of(c) for c in game.deck())

    def position(self) -> Position:
        return Position(self.game)

    def play_random_game(self, seed: int, rng: random.Random) -> tuple[tuple[tuple[int, ...], ...], int]:
        """One whole game (3 deals) of uniformly random legal play: deal ``k`` is the pure engine's
        ``random_deal`` with ``chance_rng(seed, k)``; each decision is ``rng.choice`` over the legal actions
        in canonical order (drawn as ``rng._randbelow(count)``, which is what ``choice`` does).
        Returns (deal scores, number of player decisions)."""
        randbelow = rng._randbelow  # type: ignore[attr-defined]  # private, but exactly what choice() draws with
        n = self.n
        hand_size = self.hand_size
        deck = self.deck_keys
        roots_each = ROOT_STONES_EACH * n if self.root_stones else 0
        nxt = tuple((s + 1) % n for s in range(n))
        lows = LOWS
        free_cols = FREE
        scores = []
        decisions = 0
        dealer = self.first_dealer
        for deal_index in range(DEALS_PER_GAME):
            hands = deal_keys(deck, n, hand_size, seed, deal_index, dealer)
            suits = [0] * (4 * n)
            for s in range(n):
                base = 4 * s
                for x in hands[s]:
                    suits[base + (x >> 4)] |= 1 << (x & 15)
            cos = [[-1, -1, -1, -1] for _ in range(n)]
            frees = [ALL_FREE] * n
            walls = [[0, 0, 0, 0] for _ in range(n)]

            # root stones (根石): 2 each from the dealer clockwise; options are hand × columns
            seat = dealer
            for _ in range(roots_each):
                co, free, hand = cos[seat], frees[seat], hands[seat]
                nf = len(free_cols[free])
                base = 4 * seat
                total = 0
                for s in range(4):
                    total += len(lows[suits[base + s]]) * (1 if co[s] >= 0 else nf)
                k = randbelow(total)
                decisions += 1
                for s in range(4):
                    size = len(lows[suits[base + s]]) * (1 if co[s] >= 0 else nf)
                    if k < size:
                        break
                    k -= size
                if co[s] >= 0:
                    i, col = k, co[s]
                else:
                    i, j = divmod(k, nf)
                    col = free_cols[free][j]
                    co[s] = col
                    frees[seat] = free & ~(1 << col)
                b = lows[suits[base + s]][i]
                suits[base + s] ^= 1 << b
                x = s * 16 + b
                hand.remove(x)
                walls[seat][col] |= 1 << x
                seat = nxt[seat]

            leader = dealer
            for _ in range(hand_size - (ROOT_STONES_EACH if roots_each else 0)):
                # the lead: any card of the hand
                hand = hands[leader]
                k = randbelow(len(hand))
                x = hand[k]
                del hand[k]
                lead = x >> 4
                suits[4 * leader + lead] ^= 1 << (x & 15)
                best, first = 32 - (x & 15), leader  # trick order key: lead suit 20..32, others 0..12
                runner, second = -1, -1
                pool = [x]
                seat = nxt[leader]
                while seat != leader:
                    i = 4 * seat + lead
                    m = suits[i]
                    if m:  # must follow
                        t = lows[m]
                        b = t[randbelow(len(t))]
                        suits[i] = m ^ (1 << b)
                        x = lead * 16 + b
                        hands[seat].remove(x)
                        key = 32 - b
                    else:  # ござらぬゆえ: any card
                        hand = hands[seat]
                        k = randbelow(len(hand))
                        x = hand[k]
                        del hand[k]
                        suits[4 * seat + (x >> 4)] ^= 1 << (x & 15)
                        key = 12 - (x & 15)
                    if key > best:  # strictly: on equal ranks the earlier card stays above
                        runner, second = best, first
                        best, first = key, seat
                    elif key > runner:
                        runner, second = key, seat
                    pool.append(x)
                    seat = nxt[seat]
                decisions += n + 2
                pool.sort()

                # the 1st takes any one card (R1)
                co, free = cos[first], frees[first]
                nf = len(free_cols[free])
                total = 0
                for x in pool:
                    total += 1 if co[x >> 4] >= 0 else nf
                k = randbelow(total)
                for i, x in enumerate(pool):  # noqa: B007  # i is used after the break: the card taken
                    size = 1 if co[x >> 4] >= 0 else nf
                    if k < size:
                        break
                    k -= size
                del pool[i]
                s = x >> 4
                col = co[s]
                if col < 0:
                    col = free_cols[free][k]
                    co[s] = col
                    frees[first] = free & ~(1 << col)
                walls[first][col] |= 1 << x

                # the 2nd takes two of the rest (4 players: the last is discarded)
                co, free = cos[second], frees[second]
                nf = len(free_cols[free])
                if n == 3:
                    a, b = pool
                    sa, sb = a >> 4, b >> 4
                    k = randbelow(pair_count(co, nf, sa, sb))
                else:
                    p0, p1, p2 = pool
                    s0, s1, s2 = p0 >> 4, p1 >> 4, p2 >> 4
                    n01 = pair_count(co, nf, s0, s1)
                    n02 = pair_count(co, nf, s0, s2)
                    k = randbelow(n01 + n02 + pair_count(co, nf, s1, s2))
                    if k < n01:
                        a, b, sa, sb = p0, p1, s0, s1
                    elif k < n01 + n02:
                        k -= n01
                        a, b, sa, sb = p0, p2, s0, s2
                    else:
                        k -= n01 + n02
                        a, b, sa, sb = p1, p2, s1, s2
                ca, cb = pair_columns(co, free, sa, sb, k)
                if co[sa] < 0:
                    co[sa] = ca
                    free &= ~(1 << ca)
                if co[sb] < 0:
                    co[sb] = cb
                    free &= ~(1 << cb)
                frees[second] = free
                wall = walls[second]
                wall[ca] |= 1 << a
                wall[cb] |= 1 << b
                leader = first

            score = tuple(wall_score(w) for w in walls)
            scores.append(score)
            dealer = next_dealer(dealer, score)
        return tuple(scores), decisions


def engine(game: Game) -> FastAnou | None:
    """The fast engine of ``game``, or None where this engine does not implement it (its id or options)."""
    return FastAnou(game) if supports(game) else None
