"""Anou: the search's fast playout — a cheap club-player policy on the fast engine's positions, and an
evaluation of the walls where a playout stops early.

A playout moves a :class:`kirifuda.fast.anou.Position` (the fast engine, checked against the pure rules by perft
and lockstep tests) with the primitives ``play_card``, ``take`` and ``root``. Every choice of the policy reads
only what the acting seat sees there: its own hand, the walls, the trick and the pool, and which cards have been
played (all public, ../shared/rules/anou.md R2) — never another hand of the imagined state.

The policy (rationale in docs/bots/anou.md):

* **takes** are greedy on the wall's score (anou.md "Scoring a deal"): a card into a column below its plan is
  +1, the card that overfills a column costs the column's whole count (from +p to −(p+1)), each further one −1,
  and the +2 of an exact 1-2-3-4 wall counts; a new suit opens the free column whose plan is nearest to what the
  seat may still be given of it (:func:`open_column`);
* **plays**: the last to play knows the trick's outcome for each card and plays for the best take; earlier, a
  seat with room for two more cards of the lead suit plays to win, one with no room plays the highest card that
  stays below the trick's top two (else its lowest); void (ござらぬゆえ), it sheds the highest card of the suit its
  wall wants least;
* **leads**: with room for two or more of some suit, its highest card; else the lowest card in hand.

A playout stops after ``horizon`` whole tricks beyond the current one, where each wall is valued by
:class:`WallValues`: the mean final score of walls with those column counts and that many tricks left, measured
by self-play of this policy (bench/anou_values.py writes the table).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from ..fast.anou import FREE, LOWS, PLANS, Position
from ..games.anou import PLAY, ROOT, TAKE_FIRST

EXACT_BONUS = 2
FULL_WALL = sum(PLANS)
CELLS = 3 * 4 * 5 * 6
"""Column counts capped at plan + 1 (0–2, 0–3, 0–4, 0–5): the cells of a :class:`WallValues` row."""


def _gain(n: int, plan: int, k: int) -> int:
    before = n if n <= plan else -n
    m = n + k
    return (m if m <= plan else -m) - before


COLUMN_GAIN = tuple(tuple((_gain(n, plan, 1), _gain(n, plan, 2)) for n in range(16)) for plan in PLANS)
"""``COLUMN_GAIN[col][n][k - 1]``: the score change of ``k`` more cards in column ``col`` holding ``n`` (anou.md
"Scoring a deal": n ≤ plan → +n, n > plan → −n)."""


def _open(free: int, remaining: int) -> int:
    cols = FREE[free]
    if not cols:
        return -1
    want = remaining / 3 + 1
    best, best_d = cols[-1], 99.0
    for col in reversed(cols):
        d = abs(PLANS[col] - want)
        if d < best_d:
            best, best_d = col, d
    return best


OPEN = tuple(tuple(_open(free, r) for r in range(14)) for free in range(16))


def open_column(free: int, remaining: int) -> int:
    """The free column a new suit opens: the one whose plan is nearest to a third of the cards of the suit that
    the seat may still be given (unplayed, not in its hand) plus one, ties to the larger plan."""
    return OPEN[free][remaining if remaining < 14 else 13]


def cell(counts: tuple[int, int, int, int] | list[int]) -> int:
    """The :class:`WallValues` cell of a wall's column counts."""
    c1, c2, c3, c4 = counts
    return (((c1 if c1 < 2 else 2) * 4 + (c2 if c2 < 3 else 3)) * 5 + (c3 if c3 < 4 else 4)) * 6 + (c4 if c4 < 5 else 5)


def raw_score(counts: list[int]) -> int:
    """A wall's score before the floor at 0 (anou.md "Scoring a deal")."""
    total = 0
    exact = True
    for n, plan in zip(counts, PLANS, strict=True):
        total += n if n <= plan else -n
        exact = exact and n == plan
    return total + (EXACT_BONUS if exact else 0)


def immediate_score(counts: tuple[int, int, int, int] | list[int]) -> int:
    """A wall's score as it stands (the floor at 0 included)."""
    return max(raw_score(list(counts)), 0)


class WallValues:
    """``value(tricks_left, cell)``: the mean final deal score of a wall with those capped column counts when that
    many tricks are left (a trick boundary), measured by self-play of :class:`Playout`; cells never reached in
    the measurement are valued at the wall's score now."""

    def __init__(self, rows: list[dict[str, float]]) -> None:
        self.rows: list[list[float]] = []
        for t, row in enumerate(rows):
            values = [0.0] * CELLS
            for c in range(CELLS):
                counts = _counts_of_cell(c)
                values[c] = row.get(str(c), float(immediate_score(counts))) if t else float(immediate_score(counts))
            self.rows.append(values)

    @staticmethod
    def config(players: int, deck3: str, root_stones: bool) -> str:
        return f"{players}p" + (f"-{deck3}" if players == 3 else "") + ("-roots" if root_stones else "")

    @classmethod
    @cache
    def load(cls, config: str) -> WallValues | None:
        """The measured table of an option combination (see :meth:`config`), or None if none is stored."""
        text = resources.files(__package__).joinpath("anou_values.json").read_text()
        tables = json.loads(text)["tables"]
        rows = tables.get(config)
        return None if rows is None else cls(rows)


def _counts_of_cell(c: int) -> tuple[int, int, int, int]:
    c, c4 = divmod(c, 6)
    c, c3 = divmod(c, 5)
    c1, c2 = divmod(c, 4)
    return c1, c2, c3, c4


class Playout:
    """The policy, and playouts of positions with it (see the module docstring)."""

    __slots__ = ("n", "values", "horizon")

    def __init__(self, n: int, values: WallValues | None = None, horizon: int = 99) -> None:
        self.n = n
        self.values = values
        self.horizon = horizon if values is not None else 99

    # takes -------------------------------------------------------------------------------------
    @staticmethod
    def best_single(p: Position, seat: int, pool: list[int]) -> tuple[int, tuple[tuple[int, int], ...]]:
        """The 1st's greedy take for ``seat`` from ``pool``: (score change, placements)."""
        co, free, wall = p.co[seat], p.free[seat], p.walls[seat]
        counts = (wall[0].bit_count(), wall[1].bit_count(), wall[2].bit_count(), wall[3].bit_count())
        may_complete = counts[0] + counts[1] + counts[2] + counts[3] == FULL_WALL - 1
        best_x, best_place, best_v = -1, -1, -99
        for x in pool:
            s = x >> 4
            col = co[s]
            if col >= 0:
                v = COLUMN_GAIN[col][counts[col]][0]
                place = -1
            else:
                place = col = OPEN[free][_remaining(p, seat, s)]
                v = 1
            if may_complete and v > 0 and _exact_after(counts, col, -1):
                v += EXACT_BONUS
            if v > best_v:
                best_v, best_x, best_place = v, x, place
        return best_v, ((best_x, best_place),)

    @staticmethod
    def best_pair(p: Position, seat: int, pool: list[int]) -> tuple[int, tuple[tuple[int, int], ...]]:
        """The 2nd's greedy take of two cards of ``pool`` (sorted keys) for ``seat``: (score change, placements)."""
        co, free, wall = p.co[seat], p.free[seat], p.walls[seat]
        counts = (wall[0].bit_count(), wall[1].bit_count(), wall[2].bit_count(), wall[3].bit_count())
        may_complete = counts[0] + counts[1] + counts[2] + counts[3] == FULL_WALL - 2
        remaining = [-1, -1, -1, -1]  # per suit, computed when a suit needs a column
        best: tuple[tuple[int, int], ...] = ()
        best_v = -99
        size = len(pool)
        for i in range(size - 1):
            a = pool[i]
            sa = a >> 4
            for j in range(i + 1, size):
                b = pool[j]
                sb = b >> 4
                ca, cb = co[sa], co[sb]
                pa = pb = -1
                if sa == sb:
                    if ca < 0:
                        if remaining[sa] < 0:
                            remaining[sa] = _remaining(p, seat, sa)
                        ca = pa = _open_for_two(free, remaining[sa])
                    v = COLUMN_GAIN[ca][counts[ca]][1]
                    cb = ca
                else:
                    if ca < 0:
                        if remaining[sa] < 0:
                            remaining[sa] = _remaining(p, seat, sa)
                        ca = pa = OPEN[free][remaining[sa]]
                    if cb < 0:
                        if remaining[sb] < 0:
                            remaining[sb] = _remaining(p, seat, sb)
                        cb = pb = OPEN[free & ~(1 << ca) if pa >= 0 else free][remaining[sb]]
                    v = COLUMN_GAIN[ca][counts[ca]][0] + COLUMN_GAIN[cb][counts[cb]][0]
                if may_complete and v > 0 and _exact_after(counts, ca, cb):
                    v += EXACT_BONUS
                if v > best_v:
                    best_v = v
                    best = ((a, pa), (b, -1 if sa == sb else pb))
        return best_v, best

    @staticmethod
    def take_gain(p: Position, seat: int, placements: tuple[tuple[int, int], ...]) -> int:
        """The exact score change of a take or root stone (``(key, column)`` pairs, −1 where the suit's column
        is bound or opened by the pair's other card) for ``seat``'s wall, exact-wall bonus included."""
        co, wall = p.co[seat], p.walls[seat]
        counts = [wall[0].bit_count(), wall[1].bit_count(), wall[2].bit_count(), wall[3].bit_count()]
        before = raw_score(counts)
        opened = [-1, -1, -1, -1]
        for x, col in placements:
            s = x >> 4
            c = co[s] if co[s] >= 0 else (col if col >= 0 else opened[s])
            opened[s] = c
            counts[c] += 1
        return raw_score(counts) - before

    def root(self, p: Position) -> tuple[int, int]:
        """A root stone (根石): the card and column :meth:`root_value` likes best — of each suit in hand only its
        lowest card can be best, into its suit's column or the free column sized to the suit."""
        seat = p.turn
        co, free, suits = p.co[seat], p.free[seat], p.suits
        best, best_v = (p.hands[seat][0], -1), -99.0
        for s in range(4):
            m = suits[seat * 4 + s]
            if m:
                x = s * 16 + LOWS[m][-1]
                place = -1 if co[s] >= 0 else OPEN[free][_remaining(p, seat, s)]
                v = self.root_value(p, seat, x, place, place)
                if v > best_v:
                    best_v, best = v, (x, place)
        return best

    @staticmethod
    def root_value(p: Position, seat: int, x: int, column: int, fit: int) -> float:
        """How much the policy likes placing ``x`` as a root stone, opening ``column`` if its suit has none (``fit``:
        the free column :data:`OPEN` sizes to the suit): a card that fits its column, into a column sized to its
        suit, a low card rather than a high one (low cards win fewer tricks; high ones win the tricks the wall
        wants)."""
        col = p.co[seat][x >> 4]
        if col >= 0:
            v = COLUMN_GAIN[col][p.walls[seat][col].bit_count()][0] * 4.0
        else:
            v = 4.0 - PLANS[column] // 2 - (0.5 if column != fit else 0.0)
        return v + (x & 15) // 4

    # plays -------------------------------------------------------------------------------------
    def play(self, p: Position) -> int:
        seat = p.turn
        trick = p.trick
        if not trick:
            return self.lead(p)
        suits = p.suits
        base = seat * 4
        lead = trick[0][1] >> 4
        m = suits[base + lead]
        if len(trick) == self.n - 1:
            return self._last(p, seat, lead, m)
        if not m:
            return self._shed(p, seat)
        cards = LOWS[m]  # key bits, high rank first
        room = _room(p, seat, lead)
        if room >= 2:
            return lead * 16 + cards[0]  # to win, or at least be 2nd
        top = second = 99  # the trick's two highest lead-suit cards so far, as key bits (lower is higher)
        for _, x in trick:
            if x >> 4 == lead:
                b = x & 15
                if b < top:
                    top, second = b, top
                elif b < second:
                    second = b
        for b in cards:  # the highest card that stays below the trick's top two
            if b > second:
                return lead * 16 + b
        return lead * 16 + cards[-1]

    def _shed(self, p: Position, seat: int) -> int:
        """ござらぬゆえ: the highest card of the suit the wall wants least."""
        suits = p.suits
        base = seat * 4
        best_x, best_v = -1, 99
        for s in range(4):
            ms = suits[base + s]
            if ms:
                v = _room(p, seat, s)
                if v < best_v:
                    best_v, best_x = v, s * 16 + LOWS[ms][0]
        return best_x

    def _last(self, p: Position, seat: int, lead: int, m: int) -> int:
        """The last to play sees each card's outcome: the best take it leads to (ties: the highest card)."""
        trick = p.trick
        best = runner = -1  # trick-order keys so far: lead suit 20..32, others 0..12
        first = -1
        for who, y in trick:
            k = 32 - (y & 15) if y >> 4 == lead else 12 - (y & 15)
            if k > best:
                runner = best
                best, first = k, who
            elif k > runner:
                runner = k
        candidates = [lead * 16 + b for b in LOWS[m]] if m else p.hands[seat]
        pool = sorted([y for _, y in trick])
        choice, choice_v = candidates[0], -99
        known: dict[int, int] = {}  # (outcome, suit) → value: a wall cares for suits, not ranks
        for x in candidates:
            k = 32 - (x & 15) if x >> 4 == lead else 12 - (x & 15)
            outcome = 0 if k > best else 1 if k > runner else 2
            key = outcome * 4 + (x >> 4)
            v = known.get(key)
            if v is None:
                if outcome == 0:
                    v = self.best_single(p, seat, sorted([*pool, x]))[0]
                elif outcome == 1:
                    rest = sorted([*pool, x])
                    rest.remove(self.best_single(p, first, rest)[1][0][0])
                    v = self.best_pair(p, seat, rest)[0]
                else:
                    v = 0  # outside the top two: nothing taken
                known[key] = v
            if v > choice_v:  # among equal values the first, the highest card
                choice, choice_v = x, v
        return choice

    def lead(self, p: Position) -> int:
        seat = p.turn
        suits = p.suits
        base = seat * 4
        best_s, best_v = -1, -99
        for s in range(4):
            if suits[base + s]:
                v = _room(p, seat, s)
                if v > best_v:
                    best_v, best_s = v, s
        if best_v >= 2:
            return best_s * 16 + LOWS[suits[base + best_s]][0]
        low_s, low_b = best_s, -1  # nothing wanted: the lowest card of the hand
        for s in range(4):
            ms = suits[base + s]
            if ms:
                b = LOWS[ms][-1]
                if b > low_b:
                    low_b, low_s = b, s
        return low_s * 16 + low_b

    # moves and playouts ------------------------------------------------------------------------
    def choose(self, p: Position) -> tuple[str, Any]:
        """The policy's move in ``p`` as a fast-engine option ``(kind, what)`` (``option_text`` names it)."""
        phase = p.phase
        if phase == PLAY:
            return "play", self.play(p)
        if phase == TAKE_FIRST:
            return "take", self.best_single(p, p.turn, p.pool)[1]
        if phase == ROOT:
            return "root", (self.root(p),)
        return "take", self.best_pair(p, p.turn, p.pool)[1]

    def step(self, p: Position) -> None:
        phase = p.phase
        if phase == PLAY:
            p.play_card(self.play(p))
        elif phase == TAKE_FIRST:
            p.take(self.best_single(p, p.turn, p.pool)[1])
        elif phase == ROOT:
            p.root(*self.root(p))
        else:
            p.take(self.best_pair(p, p.turn, p.pool)[1])

    def playout(self, p: Position) -> tuple[float, ...]:
        """Play ``p`` on to the end of its deal, or to the end of ``horizon`` more tricks after the current one
        where there is a value table: the deal's scores, or each wall's value there."""
        done = len(p.scores)
        boundaries = 0  # trick boundaries met: the end of the current trick (or the start) is the first
        horizon = self.horizon
        while len(p.scores) == done:
            phase = p.phase
            if phase == PLAY:
                if not p.trick:
                    boundaries += 1
                    if boundaries > horizon:
                        return self.evaluate(p)
                p.play_card(self.play(p))
            elif phase == TAKE_FIRST:
                p.take(self.best_single(p, p.turn, p.pool)[1])
            elif phase == ROOT:
                p.root(*self.root(p))
            else:
                p.take(self.best_pair(p, p.turn, p.pool)[1])
        return p.scores[done]

    def evaluate(self, p: Position) -> tuple[float, ...]:
        """Each wall's value at a trick boundary of ``p`` (see :class:`WallValues`)."""
        assert self.values is not None
        row = self.values.rows[len(p.hands[p.turn])]
        out = []
        for wall in p.walls:
            out.append(row[cell((wall[0].bit_count(), wall[1].bit_count(), wall[2].bit_count(), wall[3].bit_count()))])
        return tuple(out)


def suit_remaining(p: Position, seat: int) -> list[int]:
    """Per suit, the cards not yet played and not in ``seat``'s hand (what it may still be given)."""
    return [_remaining(p, seat, s) for s in range(4)]


def _remaining(p: Position, seat: int, s: int) -> int:
    """Cards of suit ``s`` not yet played and not in ``seat``'s hand: what it may still be given."""
    return (p.deck_suits[s] & ~p.played[s] & ~p.suits[seat * 4 + s]).bit_count()


def _room(p: Position, seat: int, s: int) -> int:
    """How many more cards of suit ``s`` the seat's wall takes without overfilling."""
    col = p.co[seat][s]
    if col >= 0:
        return PLANS[col] - p.walls[seat][col].bit_count()
    cols = FREE[p.free[seat]]
    return PLANS[cols[-1]] if cols else 0


def _exact_after(counts: tuple[int, ...], ca: int, cb: int) -> bool:
    """Whether the wall is exactly 1-2-3-4 after one more card in column ``ca`` and one in ``cb`` (−1: none)."""
    return all(counts[c] + (c == ca) + (c == cb) == PLANS[c] for c in range(4))


def _open_for_two(free: int, remaining: int) -> int:
    """The free column for two cards of one new suit: not the plan-1 column while another is free."""
    cols = FREE[free]
    best = open_column(free, remaining + 3)
    if PLANS[best] < 2 and len(cols) > 1:
        return cols[1]
    return best


class ClubPlayer(Playout):
    """The heuristic bot's policy: the playout policy's leads, sheds and takes, and follows chosen by the take
    they are expected to lead to. For each card it may follow with: the chance that it ends 1st or 2nd (the
    unseen higher cards of the lead suit, the share of unseen cards held by the seats still to play that have not
    shown a void, and how often a seat plays a higher card it holds), and what it would take there (anou.md "A
    deal" 5: the 1st picks any card, the 2nd two of the rest; the cards still to come counted as lead-suit
    cards). Reads only the seat's hand, the table, hand sizes and shown voids."""

    __slots__ = ()

    BEAT = 0.1
    """How likely a later seat holding a higher card of the lead suit plays one."""

    def play(self, p: Position) -> int:
        seat = p.turn
        trick = p.trick
        n = self.n
        if not trick or len(trick) == n - 1:
            return super().play(p)
        lead = trick[0][1] >> 4
        m = p.suits[seat * 4 + lead]
        if not m:
            return self._shed(p, seat)
        played = p.played
        hands = p.hands
        voids = p.voids
        coming = 0  # seats still to play that may follow
        followers_cards = 0
        for k in range(1, n - len(trick)):
            s = (seat + k) % n
            if not voids[s] >> lead & 1:
                coming += 1
                followers_cards += len(hands[s])
        hidden = len(p.deck_keys) - len(hands[seat])
        hidden -= played[0].bit_count() + played[1].bit_count() + played[2].bit_count() + played[3].bit_count()
        miss = 1 - self.BEAT * (followers_cards / hidden if hidden else 0.0)
        unseen = p.deck_suits[lead] & ~played[lead] & ~m  # key bits: a lower bit is a higher rank
        top = second = 99
        off_suit = False
        for _, x in trick:
            if x >> 4 == lead:
                b = x & 15
                if b < top:
                    top, second = b, top
                elif b < second:
                    second = b
            else:
                off_suit = True
        cards = 1 + len(trick) + coming  # the trick's cards this seat may count on
        col = p.co[seat][lead]
        if off_suit:  # a seat void in the lead suit has played: weigh the cards by their suits
            gains = _SuitGains(p, seat)
            suits = [x >> 4 for _, x in trick] + [lead] * (1 + coming)
            g1 = float(max(gains.single(s) for s in suits))
            g2 = gains.second(suits)
        else:  # every card the lead suit: the 1st's card and the 2nd's two come from one column
            if col >= 0:
                count = p.walls[seat][col].bit_count()
                g1, g2 = float(COLUMN_GAIN[col][count][0]), float(COLUMN_GAIN[col][count][1])
            else:
                free = FREE[p.free[seat]]
                g1, g2 = 1.0, 2.0 if PLANS[free[-1]] >= 2 else -2.0
            if cards < 2:
                g2 = 0.0
        best_x, best_v = -1, -99.0
        for b in LOWS[m]:  # high first: among equal values the higher card is shed
            stay = miss ** (unseen & ((1 << b) - 1)).bit_count()
            if b < top:
                v = stay * g1 + (1 - stay) * g2
            elif b < second:
                v = stay * g2
            else:
                v = 0.0
            if v > best_v + 1e-9:
                best_v, best_x = v, lead * 16 + b
            if b > second:
                break  # every lower card gives nothing too
        return best_x


class _SuitGains:
    """Score changes of cards for one seat's wall by suit (a card's rank does not matter to the wall)."""

    __slots__ = ("co", "counts", "free")

    def __init__(self, p: Position, seat: int) -> None:
        wall = p.walls[seat]
        self.co = p.co[seat]
        self.free = FREE[p.free[seat]]
        self.counts = (wall[0].bit_count(), wall[1].bit_count(), wall[2].bit_count(), wall[3].bit_count())

    def single(self, s: int) -> int:
        col = self.co[s]
        return COLUMN_GAIN[col][self.counts[col]][0] if col >= 0 else 1

    def pair(self, a: int, b: int) -> int:
        if a != b:
            return self.single(a) + self.single(b)
        col = self.co[a]
        if col >= 0:
            return COLUMN_GAIN[col][self.counts[col]][1]
        return 2 if self.free and PLANS[self.free[-1]] >= 2 else -2

    def second(self, suits: list[int]) -> float:
        """The 2nd's take from these cards after the 1st has taken the one best for this seat."""
        if len(suits) < 3:
            return float(self.pair(*suits)) if len(suits) == 2 else 0.0
        rest = sorted(suits, key=self.single)[:-1]
        return float(max(self.pair(rest[i], rest[j]) for i in range(len(rest)) for j in range(i + 1, len(rest))))
