"""Anou (アノウ) — stone walls of 1-2-3-4 cards; the top two of each trick take cards.

Designer 与左衛門 (Yozaemon); TrickTakingParty Game Award 2017, grand prize.
Sources: ../shared/rules/anou.md (the reference; cited below as "anou.md §…" and rulings R1–R3),
which follows ../shared/seeds/000_aff2bc2853f334fc.txt (the 2022 rule text, the default) and
../shared/seeds/001_0315aa0705a53994.txt (the 2017 booklet: option ``deck3`` "52").

Seats are 0..n-1 clockwise; play passes to the left (the next seat clockwise).
A deal: the dealer deals starting with themself (anou.md "A deal" 1); with ``root_stones`` every
player places 2 root stones (根石) from hand, the dealer first (2); the dealer leads the first
trick (3); must follow, a void player calls 「ござらぬゆえ」 (3); the trick is ranked (4); the
1st takes any one card of it (R1), the 2nd two of the rest, 4 players discard the last face down
(5); the 1st leads next (6). 3 deals make a game (anou.md "A game").

Actions (../shared/spec/records.md): ``play JD``, ``take JD@1`` (1st), ``take 9D@4 7D`` (2nd),
``root 7H@3``; ``@n`` names a column by its plan 1–4 and is needed only for a suit that has no
column yet.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from .. import cards as C
from ..cards import CardSet, suit_cards
from ..core import (
    Action,
    Deal,
    DealError,
    Game,
    IllegalAction,
    NotationError,
    Observation,
    Options,
    ScoreLine,
    ScoreRule,
    deal_round,
    evolve,
    line_totals,
    option,
    parse_words,
    replace_at,
    require_cards,
    scored_lines,
)
from ..seats import Ring, first_clockwise_from
from ..tricks import Play, playable

PLANS = (1, 2, 3, 4)
"""The wall's four columns, left to right, by their planned heights (anou.md "The wall")."""
DEALS_PER_GAME = 3  # anou.md "A game": 3 deals, whatever the number of players
ROOT_STONES_EACH = 2  # anou.md "A deal" 2: the placement goes round twice
FULL_WALL_BONUS = 2  # anou.md "Scoring a deal": every column exactly its plan

# anou.md "Scoring a deal", as the score lines name them (docs/rules/anou.md "Score lines")
WITHIN_PLAN = ScoreRule("S1", "columns within plan", "計画内の列")
OVER_PLAN = ScoreRule("S2", "columns over plan", "計画超過の列")
FULL_WALL = ScoreRule("S3", "wall exactly to plan", "計画どおりの石垣")
FLOOR = ScoreRule("S4", "floor at 0", "0点の下限")

DEAL, ROOT, PLAY, TAKE_FIRST, TAKE_SECOND, OVER = "deal", "root", "play", "take-1st", "take-2nd", "over"


@dataclass(frozen=True, kw_only=True)
class AnouOptions(Options):
    players: int = option(4, 3, doc="number of players")
    deck3: str = option("36", "52", doc='3 players: "36" (2–5 removed, 2022 rule) or "52" (2017 booklet, 22 unused)')
    root_stones: bool = option(False, True, doc="根石の配置: each player places 2 cards from hand before play")


# --- actions --------------------------------------------------------------------------------


def _placed(card: int, column: int | None) -> str:
    return C.text(card) + ("" if column is None else f"@{column + 1}")


@dataclass(frozen=True, slots=True)
class Take(Action):
    """The 1st takes one card of the trick, the 2nd two; each with the column (0–3) it opens, if any."""

    cards: tuple[tuple[int, int | None], ...]

    def __str__(self) -> str:
        return "take " + " ".join(_placed(c, col) for c, col in self.cards)


@dataclass(frozen=True, slots=True)
class Root(Action):
    """Place a root stone (根石) from hand into one's own wall (option ``root_stones``)."""

    card: int
    column: int | None

    def __str__(self) -> str:
        return f"root {_placed(self.card, self.column)}"


def _read_placed(token: str) -> tuple[int, int | None]:
    card_text, at, col_text = token.partition("@")
    card = require_cards([card_text])[0]
    if not at:
        return card, None
    if col_text not in ("1", "2", "3", "4"):
        raise NotationError(
            f"@{col_text}: a column is named by its plan, @1 to @4", ja="列は計画枚数 @1〜@4 で指定します"
        )
    return card, int(col_text) - 1


# --- state ----------------------------------------------------------------------------------

Wall = tuple[int, int, int, int]
"""One seat's wall: the cards (a mask) of its columns planned 1, 2, 3, 4."""


@dataclass(frozen=True, slots=True)
class AnouState:
    """An Anou game at one moment. Hands, walls' columns and piles are card bitmasks."""

    phase: str
    deal_index: int  # the deal being played (0-based); DEALS_PER_GAME when over
    dealer: int
    turn: int  # the seat to act in root / play / take phases
    hands: tuple[int, ...]
    walls: tuple[Wall, ...]  # per seat
    trick: tuple[tuple[int, int], ...]  # (seat, card) in play order
    first: int  # the trick's 1st and 2nd, during the take
    second: int
    pool: int  # the trick's cards not yet taken
    last_trick: tuple[tuple[int, int], ...]
    discards: int  # 4p: the last card of each trick, out of play (public, anou.md 5)
    unused: int  # cards not dealt this deal (hidden, R2)
    roots_left: int
    scores: tuple[tuple[int, ...], ...]
    lines: tuple[tuple[ScoreLine, ...], ...] = ()  # each completed deal's score lines (sum: ``scores``)


def column_of(wall: Sequence[int], suit: int) -> int | None:
    """The column bound to ``suit`` in a wall, or None (anou.md "The wall": first card binds)."""
    for col in range(4):
        if suit_cards(wall[col], suit):
            return col
    return None


def free_columns(wall: Sequence[int]) -> list[int]:
    return [col for col in range(4) if not wall[col]]


def trick_order(trick: tuple[tuple[int, int], ...]) -> list[int]:
    """Indices of the trick's cards from 1st to last (anou.md "A deal" 4): lead-suit cards by rank,
    then every other card by rank alone, an earlier card above an equal rank."""
    lead = C.suit_of(trick[0][1])
    return sorted(range(len(trick)), key=lambda i: (C.suit_of(trick[i][1]) != lead, -C.rank_of(trick[i][1]), i))


def wall_score(wall: Sequence[int]) -> int:
    """anou.md "Scoring a deal": n ≤ plan → +n, n > plan → −n; all exactly to plan → +2; floor 0."""
    total = 0
    exact = True
    for col, plan in enumerate(PLANS):
        n = wall[col].bit_count()
        total += n if n <= plan else -n
        exact = exact and n == plan
    if exact:
        total += FULL_WALL_BONUS
    return max(total, 0)


def over_plan(cards: int, plan: int) -> bool:
    """anou.md "Scoring a deal": a column holding more cards than its plan counts them against the wall (S2)."""
    return cards > plan


def wall_lines(seat: int, wall: Sequence[int]) -> tuple[ScoreLine, ...]:
    """:func:`wall_score` as score lines: S1 the columns within plan, S2 those over it, S3 the bonus of a wall
    exactly to plan, S4 what the floor at 0 adds back (anou.md "Scoring a deal")."""
    within = over = 0
    exact = True
    for col, plan in enumerate(PLANS):
        n = wall[col].bit_count()
        if over_plan(n, plan):
            over += n
        else:
            within += n
        exact = exact and n == plan
    bonus = FULL_WALL_BONUS if exact else 0
    raw = within - over + bonus
    return scored_lines(seat, ((WITHIN_PLAN, within), (OVER_PLAN, -over), (FULL_WALL, bonus), (FLOOR, max(0, -raw))))


def next_dealer(dealer: int, deal_score: tuple[int, ...]) -> int:
    """anou.md "A game": the top scorer of the deal just played; ties → first clockwise from the
    previous dealer inclusive (seed 000 「親の交代」: a tied dealer deals again)."""
    best = max(deal_score)
    return first_clockwise_from(dealer, len(deal_score), {s for s, v in enumerate(deal_score) if v == best})


# --- observation -----------------------------------------------------------------------------


@dataclass(frozen=True)
class AnouObservation(Observation):
    """What one seat sees (R2): its own hand, every wall, the trick, the discards, the scores."""

    players: int
    deal_number: int  # 1..3
    dealer: int
    hand: CardSet | None  # None for a spectator
    walls: tuple[tuple[CardSet, ...], ...]
    trick: tuple[tuple[int, str], ...]  # (seat, card) in play order
    lead_suit: str | None
    gozaranu: tuple[int, ...]  # seats that called 「ござらぬゆえ」 (void in the lead suit) this trick
    first: int | None  # during the take: the trick's 1st and 2nd
    second: int | None
    pool: CardSet  # during the take: the cards still to be taken
    last_trick: tuple[tuple[int, str], ...]
    discards: CardSet
    unused_count: int
    root_stones_left: int
    wall_scores: tuple[int, ...]  # what each wall would score if the deal ended now


# --- the game --------------------------------------------------------------------------------


AnouAction = Play | Take | Root
"""The actions of this game (what ``parse_action`` and ``legal_actions`` give)."""


class Anou(Game[AnouState, AnouAction, AnouObservation]):
    """The rules of Anou (see the module docstring for sources)."""

    id = "anou"
    title = "Anou"
    title_ja = "アノウ"
    Options = AnouOptions
    options: AnouOptions

    def __init__(self, options: AnouOptions | None = None, **values: Any):
        super().__init__(options, **values)
        o = self.options
        self.n = o.players
        self.ring = Ring(self.n)
        # anou.md "Components": 4p 52 cards, 13 each; 3p 36 cards (or 52 with deck3), 10 each
        if self.n == 4:
            self._deck, self.hand_size = C.DECK_52, 13
        else:
            self._deck, self.hand_size = (C.DECK_ANOU_36 if o.deck3 == "36" else C.DECK_52), 10
        self.unused_count = len(self._deck) - self.n * self.hand_size

    def deck(self) -> tuple[int, ...]:
        return self._deck

    # lifecycle
    def initial(self) -> AnouState:
        empty_wall = (0, 0, 0, 0)
        return AnouState(
            phase=DEAL,
            deal_index=0,
            dealer=self.options.first_dealer,
            turn=-1,
            hands=(0,) * self.n,
            walls=(empty_wall,) * self.n,
            trick=(),
            first=-1,
            second=-1,
            pool=0,
            last_trick=(),
            discards=0,
            unused=0,
            roots_left=0,
            scores=(),
        )

    def chance(self, state: AnouState) -> str | None:
        return "deal" if state.phase == DEAL else None

    def to_act(self, state: AnouState) -> frozenset[int]:
        return frozenset((state.turn,)) if state.phase in (ROOT, PLAY, TAKE_FIRST, TAKE_SECOND) else frozenset()

    def is_over(self, state: AnouState) -> bool:
        return state.phase == OVER

    # dealing
    def random_deal(self, state: AnouState, rng: random.Random) -> Deal:
        # anou.md "A deal" 1: one card at a time clockwise, starting with the dealer
        hands, rest = deal_round(self._deck, rng, self.n, state.dealer, self.hand_size)
        return Deal(tuple(tuple(h) for h in hands), rest=tuple(rest))

    def check_deal(self, state: AnouState, deal: Deal) -> None:
        if state.phase != DEAL:
            raise DealError("no deal is due now")
        deal.check(self._deck, [self.hand_size] * self.n, {"rest": self.unused_count})

    def apply_deal(self, state: AnouState, deal: Deal) -> AnouState:
        self.check_deal(state, deal)
        roots = ROOT_STONES_EACH * self.n if self.options.root_stones else 0
        return AnouState(
            phase=ROOT if roots else PLAY,
            deal_index=state.deal_index,
            dealer=state.dealer,
            turn=state.dealer,  # root stones start with the dealer (2); the dealer leads (3)
            hands=tuple(C.mask(h) for h in deal.hands),
            walls=((0, 0, 0, 0),) * self.n,
            trick=(),
            first=-1,
            second=-1,
            pool=0,
            last_trick=(),
            discards=0,
            unused=C.mask(deal.rest),
            roots_left=roots,
            scores=state.scores,
            lines=state.lines,
        )

    # actions
    def parse_action(self, text: str) -> AnouAction:
        words = parse_words(text)
        if not words:
            raise NotationError(
                "empty action (write e.g. 'play JD', 'take JD@1', 'take 9D@4 7D', 'root 7H@3')", ja="手が空です"
            )
        verb, args = words[0].lower(), words[1:]
        if verb == "play" and len(args) == 1:
            return Play(require_cards(args)[0])
        if verb == "root" and len(args) == 1:
            return Root(*_read_placed(args[0]))
        if verb == "take" and len(args) in (1, 2):
            return Take(tuple(_read_placed(a) for a in args))
        raise NotationError(
            f"not an Anou action: {text!r} (write 'play JD', 'take JD@1', 'take 9D@4 7D' or 'root 7H@3')",
            ja="アノウの手ではありません",
        )

    def legal_actions(self, state: AnouState, seat: int) -> list[AnouAction]:
        if seat != state.turn or state.phase not in (ROOT, PLAY, TAKE_FIRST, TAKE_SECOND):
            return []
        phase = state.phase
        if phase == PLAY:
            lead = C.suit_of(state.trick[0][1]) if state.trick else None
            return [Play(c) for c in C.sorted_cards(C.cards_in(playable(state.hands[seat], lead)))]
        wall = state.walls[seat]
        if phase == ROOT:
            return [
                Root(c, col) for c in C.sorted_cards(C.cards_in(state.hands[seat])) for col in _columns_for(wall, c)
            ]
        pool = C.sorted_cards(C.cards_in(state.pool))
        if phase == TAKE_FIRST:
            return [Take(((c, col),)) for c in pool for col in _columns_for(wall, c)]
        return [Take(pair) for a, b in combinations(pool, 2) for pair in _pair_placements(wall, a, b)]

    def apply(self, state: AnouState, seat: int, action: Action | str) -> AnouState:
        action = self._action(action)
        self._check_turn(state, seat)
        phase = state.phase
        if phase == PLAY:
            if not isinstance(action, Play):
                raise IllegalAction(
                    "it is time to play a card to the trick (e.g. 'play JD')", ja="今はトリックにカードを出す番です"
                )
            return self._play(state, seat, action.card)
        if phase == ROOT:
            if not isinstance(action, Root):
                raise IllegalAction(
                    "it is time to place a root stone (根石) from your hand (e.g. 'root 7H@3')",
                    ja="今は手札から根石を置く番です",
                )
            if not state.hands[seat] >> action.card & 1:
                raise IllegalAction(
                    f"{C.text(action.card)} is not in your hand", ja=f"{C.symbol(action.card)} は手札にありません"
                )
            wall = _place(state.walls[seat], ((action.card, action.column),))
            return self._after_root(state, seat, action.card, wall)
        if not isinstance(action, Take):
            raise IllegalAction(
                "it is time to take cards from the trick (e.g. 'take JD@1')", ja="今はトリックからカードを取る番です"
            )
        want = 1 if phase == TAKE_FIRST else 2
        if len(action.cards) != want:
            who = "1st takes one card" if want == 1 else "2nd takes two cards"
            raise IllegalAction(f"the {who} of the trick (anou.md 5)", ja="一番目は1枚、二番目は2枚を取ります")
        picked = [c for c, _ in action.cards]
        if len(set(picked)) != len(picked):
            raise IllegalAction("the same card twice", ja="同じカードが2回あります")
        for c in picked:
            if not state.pool >> c & 1:
                raise IllegalAction(
                    f"{C.text(c)} is not among the trick's cards left to take",
                    ja=f"{C.symbol(c)} は取れる残りのカードにありません",
                )
        wall = _place(state.walls[seat], action.cards)
        return self._after_take(state, seat, C.mask(picked), wall)

    def _play(self, state: AnouState, seat: int, card: int) -> AnouState:
        hand = state.hands[seat]
        if not hand >> card & 1:
            raise IllegalAction(f"{C.text(card)} is not in your hand", ja=f"{C.symbol(card)} は手札にありません")
        if state.trick:
            lead = C.suit_of(state.trick[0][1])
            if C.suit_of(card) != lead and suit_cards(hand, lead):
                # anou.md "A deal" 3: a player holding the lead suit must play it
                raise IllegalAction(
                    f"must follow suit {C.SUIT_SYMBOLS[lead]}",
                    ja=f"{C.SUIT_SYMBOLS[lead]} を持っているのでフォローが必要です",
                )
        hands = replace_at(state.hands, seat, hand & ~(1 << card))
        trick = state.trick + ((seat, card),)
        if len(trick) < self.n:
            return evolve(state, turn=self.ring.next(seat), hands=hands, trick=trick)
        order = trick_order(trick)
        first, second = trick[order[0]][0], trick[order[1]][0]
        return evolve(
            state,
            phase=TAKE_FIRST,
            turn=first,
            hands=hands,
            trick=trick,
            first=first,
            second=second,
            pool=C.mask(c for _, c in trick),
        )

    def _after_root(self, state: AnouState, seat: int, card: int, wall: Wall) -> AnouState:
        hands = replace_at(state.hands, seat, state.hands[seat] & ~(1 << card))
        walls = replace_at(state.walls, seat, wall)
        left = state.roots_left - 1
        if left:
            return evolve(state, turn=self.ring.next(seat), hands=hands, walls=walls, roots_left=left)
        return evolve(state, phase=PLAY, turn=state.dealer, hands=hands, walls=walls, roots_left=0)

    def _after_take(self, state: AnouState, seat: int, taken: int, wall: Wall) -> AnouState:
        walls = replace_at(state.walls, seat, wall)
        pool = state.pool & ~taken
        if state.phase == TAKE_FIRST:
            return evolve(state, phase=TAKE_SECOND, turn=state.second, walls=walls, pool=pool)
        # anou.md 5: 4 players discard the last card face down (known to all: it was played); 6: 1st leads
        after = evolve(
            state,
            phase=PLAY,
            turn=state.first,
            walls=walls,
            pool=0,
            trick=(),
            last_trick=state.trick,
            discards=state.discards | pool,
        )
        if any(after.hands):
            return after
        return self._end_deal(after)

    def _end_deal(self, state: AnouState) -> AnouState:
        deal_lines = tuple(line for seat, wall in enumerate(state.walls) for line in wall_lines(seat, wall))
        deal_score = line_totals(deal_lines, self.n)
        scores = state.scores + (deal_score,)
        index = state.deal_index + 1
        over = index == DEALS_PER_GAME
        return evolve(
            state,
            phase=OVER if over else DEAL,
            deal_index=index,
            turn=-1,
            first=-1,
            second=-1,
            dealer=state.dealer if over else next_dealer(state.dealer, deal_score),
            scores=scores,
            lines=state.lines + (deal_lines,),
        )

    # views
    def observation(self, state: AnouState, seat: int | None) -> AnouObservation:
        lead = C.suit_of(state.trick[0][1]) if state.trick else None
        taking = state.phase in (TAKE_FIRST, TAKE_SECOND)
        return AnouObservation(
            seat=seat,
            players=self.n,
            deal_number=min(state.deal_index + 1, DEALS_PER_GAME),
            dealer=state.dealer,
            phase=state.phase,
            to_act=tuple(sorted(self.to_act(state))),
            hand=None if seat is None else CardSet(state.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in state.hands),
            walls=tuple(tuple(CardSet(col) for col in w) for w in state.walls),
            trick=tuple((s, C.text(c)) for s, c in state.trick),
            lead_suit=None if lead is None else C.SUITS[lead],
            gozaranu=tuple(s for s, c in state.trick if C.suit_of(c) != lead),
            first=state.first if taking else None,
            second=state.second if taking else None,
            pool=CardSet(state.pool),
            last_trick=tuple((s, C.text(c)) for s, c in state.last_trick),
            discards=CardSet(state.discards),
            unused_count=state.unused.bit_count(),
            root_stones_left=state.roots_left,
            deal_scores=state.scores,
            totals=self.totals(state),
            wall_scores=tuple(wall_score(w) for w in state.walls),
            deal_lines=state.lines,
        )

    def reshuffle_unseen(self, state: AnouState, seat: int | None, rng: random.Random) -> AnouState:
        # R2: only hands and the unused cards are hidden
        places = [s for s in range(self.n) if s != seat]
        *others, unused = C.shuffle_among(rng, [state.hands[s] for s in places] + [state.unused])
        hands = list(state.hands)
        for s, hand in zip(places, others, strict=True):
            hands[s] = hand
        return evolve(state, hands=tuple(hands), unused=unused)

    def all_cards(self, state: AnouState) -> list[int]:
        if state.phase == DEAL and not state.scores:
            return []
        piles = [state.unused, state.discards, state.pool, *state.hands, *(col for w in state.walls for col in w)]
        out = [c for m in piles for c in C.cards_in(m)]
        if state.phase == PLAY:  # cards on the table before the trick is complete
            out.extend(c for _, c in state.trick)
        return out

    def deal_scores(self, state: AnouState) -> tuple[tuple[int, ...], ...]:
        return state.scores

    def score_lines(self, state: AnouState) -> tuple[tuple[ScoreLine, ...], ...]:
        return state.lines


# --- placement ---------------------------------------------------------------------------------


def _columns_for(wall: Wall, card: int) -> Sequence[int | None]:
    """Where a card may go: its suit's column (written without @n), else any free column."""
    return [None] if column_of(wall, C.suit_of(card)) is not None else free_columns(wall)


def _pair_placements(wall: Wall, a: int, b: int) -> list[tuple[tuple[int, int | None], ...]]:
    """Canonical placements of the 2nd's two cards ``a``, ``b`` (in canonical order)."""
    sa, sb = C.suit_of(a), C.suit_of(b)
    ca, cb = column_of(wall, sa), column_of(wall, sb)
    free = free_columns(wall)
    if ca is not None and cb is not None:
        return [((a, None), (b, None))]
    if sa == sb:  # one new suit: both go together, @n on the first
        return [((a, col), (b, None)) for col in free]
    if ca is None and cb is None:  # two new suits need two different free columns
        return [((a, x), (b, y)) for x in free for y in free if x != y]
    if ca is None:
        return [((a, col), (b, None)) for col in free]
    return [((a, None), (b, col)) for col in free]


def _place(wall: Wall, placements: Sequence[tuple[int, int | None]]) -> Wall:
    """The wall with ``placements`` added, or :class:`IllegalAction` (anou.md "The wall")."""
    new_suits: dict[int, int] = {}  # suit → the free column it opens
    for card, col in placements:
        suit = C.suit_of(card)
        bound = column_of(wall, suit)
        sym = C.SUIT_SYMBOLS[suit]
        if bound is not None:
            if col is not None and col != bound:
                raise IllegalAction(
                    f"{sym} already has the column planned {bound + 1}; {C.text(card)} must go there",
                    ja=f"{sym} の列は計画{bound + 1}の列に決まっています",
                )
            continue
        if col is None:
            continue
        if wall[col]:
            raise IllegalAction(
                f"the column planned {col + 1} already holds another suit",
                ja=f"計画{col + 1}の列は別のスートに決まっています",
            )
        if new_suits.get(suit, col) != col:
            raise IllegalAction(f"the two {sym} cards must go to the same column", ja=f"{sym} の2枚は同じ列に置きます")
        new_suits[suit] = col
    cols = list(wall)
    used = set()
    for card, _ in placements:
        suit = C.suit_of(card)
        col = column_of(wall, suit)
        if col is None:
            col = new_suits.get(suit)
            if col is None:
                raise IllegalAction(
                    f"{C.symbol(card)} has no column yet: name one, e.g. {C.text(card)}@1",
                    ja=f"{C.symbol(card)} のスートはまだ列がありません。@1〜@4 で列を選んでください",
                )
        cols[col] |= 1 << card
        if column_of(wall, suit) is None:
            used.add((suit, col))
    if len({col for _, col in used}) != len(used):
        raise IllegalAction("two new suits cannot share a column", ja="新しい2つのスートを同じ列には置けません")
    return (cols[0], cols[1], cols[2], cols[3])
