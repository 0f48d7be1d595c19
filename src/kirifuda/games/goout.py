"""Go-out (ゴーアウト) — one generic engine that plays any design of :mod:`kirifuda.design`.

Source: the design file itself. Every rule below cites the design key it implements (``play.cut_in``,
``turns.pass`` …); what the keys mean is docs/design.md and the format's JSON Schema, docs/design.schema.json,
after the six choices of ../shared/seeds/004_2cf7c204125085f8.txt (「ゴーアウトを作成するとしよう」 ①–⑥). The
preset ``cutin`` plays exactly as the game id ``cutin`` (tests/games/test_goout.py plays them in lockstep), so
where a key reproduces a Cut-in ruling the ruling id of docs/rules/cutin.md is cited too.

Seats are 0..n-1 clockwise; play goes clockwise. Cards are the ints of :mod:`kirifuda.cards`, hands bitmasks.

* A **combination** is n of a kind (``play.set_sizes``; Jokers join as cards of that rank where
  ``pack.jokers_in_sets``, alone they are the top rank, above every rank, K9) or a run (``play.runs.*``): its
  *key* is its rank's place in ``pack.ranks`` (a run: its top card's), then its top suit's place in
  ``pack.suit_order``.
* A **turn** (ターン): the start player plays any combination; then, by ``turns.pass``, one lap ("lap"), or round
  until play comes back to the player of the latest combination ("soft": a pass is for one go; "hard": for the
  turn). That player starts the next turn. A combination may follow the latest one T when it has T's kind and
  count and a higher key; or more cards of a kind (``play.more_cards``); or a cut-in single (``play.cut_in``).
* The lock (``play.lock``), the revolution (``play.revolution``) and pile-clearing ranks (``play.clear_ranks``)
  change that as their keys say. A hand ends by ``end.until``; it is scored by ``scoring.*``; a game is
  ``length.hands`` hands (or until ``length.target``).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any

from .. import cards as C
from ..cards import CardSet
from ..core import (
    Action,
    Deal,
    DealError,
    IllegalAction,
    Observation,
    OptionError,
    Options,
    ScoreLine,
    ScoreRule,
    deal_round,
    evolve,
    line_totals,
    option,
    scored_lines,
)
from ..design import Design, DesignError, check_runnable, preset, validate
from ..seats import Ring
from .going_out import (
    JOKER_BITS,
    JOKER_MASK,
    JOKER_SETS,
    PASS,
    GoingOut,
    Pass,
    Play,
    joker_count,
    name_jokers,
    next_to_act,
    own_jokers,
    shown,
)

DEAL, PLAY, OVER = "deal", "play", "over"
SET, RUN, FIVE = "set", "run", "five"
FIVE_STEP = 1 << 24  # a five-card hand's key: its place in play.five_card_hands × FIVE_STEP + its key within

WENT_OUT = ScoreRule("scoring.went_out", "went out", "上がり")
CARDS_LEFT = ScoreRule("scoring.left", "cards left", "残り札")
LEGAL_MEMO = 1 << 16  # legal plays remembered per (hand, latest combination, lock, reversal, card to include)
FINISH = ScoreRule("scoring.finish_points", "finishing place", "上がり順")
NEVER = 1 << 30  # a count no combination reaches (play.revolution off)


@dataclass(frozen=True, kw_only=True)
class GooutOptions(Options):
    design: Design = option(None, kind=Design, doc="the design (a preset name, a design object, or a Design)")
    players: int = option(None, kind=int, doc="number of players (players.default of the design; players.allowed)")

    def __post_init__(self) -> None:
        value: Any = self.design
        if value is None:
            value = preset("cutin")
        elif isinstance(value, str):
            value = preset(value)
        elif isinstance(value, dict):
            value = validate(value)
        if not isinstance(value, Design):
            raise OptionError("option 'design' takes a design object or a preset name", ja="design は設計か名前です")
        check_runnable(value)
        object.__setattr__(self, "design", value)
        if self.players is None:
            object.__setattr__(self, "players", value.get("players.default"))
        super().__post_init__()
        if self.players not in value.player_counts():
            shown = ", ".join(map(str, value.player_counts()))
            raise OptionError(
                f"option 'players': this design is for {shown} players (players.allowed)",
                ja=f"この設計の人数は {shown} 人です(players.allowed)",
            )

    def to_dict(self) -> dict[str, Any]:
        return {"design": self.design.to_json(), "players": self.players, "first_dealer": self.first_dealer}


@dataclass(frozen=True, slots=True)
class Combo:
    """What a combination is: its kind (:data:`SET` or :data:`RUN`), card count, rank (its place in
    ``pack.ranks``; the Jokers alone: one above the top), comparison key, and the suits of its natural cards."""

    kind: str
    count: int
    rank: int
    key: int
    suits: int
    jokers: int


@dataclass(frozen=True, slots=True)
class GooutState:
    """A go-out game at one moment. Hands, combinations and piles are card bitmasks."""

    phase: str
    deal_index: int
    start_player: int  # the hand's start player (the deal begins with them); between hands the next one's
    leader: int  # the start player of the current turn (-1 outside play)
    turn: int
    hands: tuple[int, ...]
    table: tuple[tuple[int, int], ...]  # this turn's combinations: (seat, cards) in play order
    passed: tuple[int, ...]
    lock: int | None  # the locked suits (a 4-bit suit set), None while no lock is on
    reversed: bool  # play.revolution: the rank order is reversed for the rest of the hand
    last_turn: tuple[tuple[int, int], ...]
    played: int
    rest: int
    out: tuple[int, ...]  # seats that ran out of cards, in the order they did
    must_include: int  # turns.first_play_includes: the card the next play must hold (0: none)
    scores: tuple[tuple[int, ...], ...]
    lines: tuple[tuple[ScoreLine, ...], ...] = ()


@dataclass(frozen=True)
class GooutObservation(Observation):
    """What one seat sees: its own hand, every hand's size, this turn's combinations and passes, the lock, the
    revolution, who went out (everything but the other hands and the undealt rest)."""

    players: int
    design: str  # the design's name
    deal_number: int
    deals_total: int
    start_player: int
    leader: int
    hand: CardSet | None
    table: tuple[tuple[int, CardSet], ...]
    passed: tuple[int, ...]
    lock: bool
    lock_suits: tuple[str, ...]
    reversed: bool
    last_turn: tuple[tuple[int, CardSet], ...]
    played: CardSet
    rest_count: int
    finish_order: tuple[int, ...]


GooutAction = Play | Pass
"""The actions of this game (what ``parse_action`` and ``legal_actions`` give)."""


class Goout(GoingOut[GooutState, GooutObservation]):
    """The generic go-out engine (module docstring); ``options.design`` says the game."""

    id = "goout"
    title = "Go-out (design)"
    title_ja = "ゴーアウト(設計)"
    Options = GooutOptions
    options: GooutOptions

    def __init__(self, options: GooutOptions | None = None, **values: Any):
        super().__init__(options, **values)
        d = self.design = self.options.design
        g = self.key = dict(d.values).__getitem__  # the design's value of a key ("play.cut_in")
        self._combos: dict[int, Combo | None] = {}
        self._legal: dict[tuple[int, int, int | None, bool, int], list[GooutAction]] = {}
        self.n = self.options.players
        self.ring = Ring(self.n)
        ranks = g("pack.ranks")
        self.n_ranks = len(ranks)
        self.top_rank = len(ranks)  # the Jokers alone (K9)
        self.rank_place = {C.RANKS.index("T" if r == "10" else r): i for i, r in enumerate(ranks)}
        suit_order = g("pack.suit_order")
        self.suit_place = [suit_order.index(s) if suit_order else 0 for s in C.SUITS]
        suits = [C.SUITS.index(s) for s in g("pack.suits")]
        natural = tuple(c for c in C.DECK_52 if C.rank_of(c) in self.rank_place and C.suit_of(c) in suits)
        self._deck = natural + (C.JOKER, C.JOKER | C.COPY)[: g("pack.jokers")]  # pack.*
        cards = len(self._deck)
        if g("players.leftover") == "deal":  # players.leftover "deal": all cards, the first seats one more
            self.sizes_from_first = [cards // self.n + (1 if k < cards % self.n else 0) for k in range(self.n)]
        else:  # players.hand_sizes, else the largest equal share; the rest aside
            share = cards // self.n
            size = min(g("players.hand_sizes").get(str(self.n), share), share)
            self.sizes_from_first = [size] * self.n
        self.rest_size = cards - sum(self.sizes_from_first)
        self.deals_total = g("length.hands") or self.n  # length.hands (0: as many as players)
        self.set_sizes = frozenset(g("play.set_sizes"))
        self.jokers_in_sets = bool(g("pack.jokers_in_sets"))
        self.place_of = {c: self.rank_place[C.rank_of(c)] for c in natural}  # card → its place in pack.ranks
        self.five: list[str] = g("play.five_card_hands")
        runs = g("play.runs.enabled")
        self.runs = (g("play.runs.min_length"), g("play.runs.max_length"), g("play.runs.suited")) if runs else None
        self.clear = 0
        for r in g("play.clear_ranks"):  # play.clear_ranks (8切り)
            rank = C.RANKS.index("T" if r == "10" else r)
            self.clear |= sum(1 << C.make(rank, s) for s in range(4))
        # the keys the turn order reads at every action (turns.pass, end.*, play.revolution)
        self.pass_style = g("turns.pass")
        self.first_out_ends = g("end.until") == "first-out"
        self.finish_turn = bool(g("end.finish_turn"))
        self.revolution_size = g("play.revolution.size") if g("play.revolution.enabled") else NEVER
        first = g("turns.first_card")
        self.first_card = C.parse(first)
        self._to_act = tuple(frozenset((s,)) for s in range(self.n))

    @property
    def design_sha256(self) -> str:
        return self.design.sha256

    def deck(self) -> tuple[int, ...]:
        return self._deck

    # lifecycle
    def initial(self) -> GooutState:
        return GooutState(
            phase=DEAL,
            deal_index=0,
            start_player=self.options.first_dealer,
            leader=-1,
            turn=-1,
            hands=(0,) * self.n,
            table=(),
            passed=(),
            lock=None,
            reversed=False,
            last_turn=(),
            played=0,
            rest=0,
            out=(),
            must_include=0,
            scores=(),
        )

    def chance(self, state: GooutState) -> str | None:
        return "deal" if state.phase == DEAL else None

    def to_act(self, state: GooutState) -> frozenset[int]:
        return self._to_act[state.turn] if state.phase == PLAY else frozenset()

    def is_over(self, state: GooutState) -> bool:
        return state.phase == OVER

    # dealing: one card at a time clockwise from the hand's start player (cutin K1), the rest aside
    def _sizes(self, start: int) -> list[int]:
        return [self.sizes_from_first[(seat - start) % self.n] for seat in range(self.n)]

    def random_deal(self, state: GooutState, rng: random.Random) -> Deal:
        start = state.start_player
        per_hand = self.sizes_from_first[0]
        if self.rest_size or len(set(self.sizes_from_first)) == 1:
            hands, rest = deal_round(self._deck, rng, self.n, start, per_hand)
            return Deal(tuple(tuple(h) for h in hands), rest=tuple(rest))
        pack = list(self._deck)  # players.leftover "deal": every card, one at a time
        rng.shuffle(pack)
        out: list[list[int]] = [[] for _ in range(self.n)]
        for k, card in enumerate(pack):
            out[(start + k) % self.n].append(card)
        return Deal(tuple(tuple(h) for h in out))

    def check_deal(self, state: GooutState, deal: Deal) -> None:
        if state.phase != DEAL:
            raise DealError("no deal is due now", ja="今は配札の時ではありません")
        deal.check(self._deck, self._sizes(state.start_player), {"rest": self.rest_size})

    def apply_deal(self, state: GooutState, deal: Deal) -> GooutState:
        self.check_deal(state, deal)
        return self.dealt(state, deal)

    def dealt(self, state: GooutState, deal: Deal) -> GooutState:
        """The hand's first state from a deal already checked (:meth:`check_deal`; the fast engine's own
        :meth:`random_deal`): who starts, and the card the first play must hold."""
        deal = name_jokers(deal)
        hands = tuple(C.mask(h) for h in deal.hands)
        start = state.start_player
        leader = start
        g = self.key
        first_hand = state.deal_index == 0
        rule = g("turns.first_start") if first_hand else g("turns.next_start")
        must = 0
        if rule == "holder":  # turns.first_start / turns.next_start "holder" of turns.first_card
            holder = next((s for s, h in enumerate(hands) if h >> self.first_card & 1), None)
            if holder is not None:
                leader = holder
                if g("turns.first_play_includes"):
                    must = 1 << self.first_card
        return GooutState(
            phase=PLAY,
            deal_index=state.deal_index,
            start_player=start,
            leader=leader,
            turn=leader,
            hands=hands,
            table=(),
            passed=(),
            lock=None,
            reversed=False,
            last_turn=(),
            played=0,
            rest=C.mask(deal.rest),
            out=(),
            must_include=must,
            scores=state.scores,
            lines=state.lines,
        )

    # combinations
    def combo(self, cards: int) -> Combo | None:
        """What ``cards`` is as a combination of this design, or None."""
        if cards in self._combos:
            return self._combos[cards]
        found = self._combos[cards] = self._classify(cards)
        return found

    def _classify(self, cards: int) -> Combo | None:
        jokers = joker_count(cards)
        natural = [c for c in C.cards_in(cards & ~JOKER_MASK)]
        if not cards:
            return None
        if any(C.rank_of(c) not in self.rank_place or c not in self._deck for c in natural):
            return None
        suits = 0
        for c in natural:
            suits |= 1 << C.suit_of(c)
        count = len(natural) + jokers
        if not natural:  # the Jokers alone: the top rank (cutin K9)
            return Combo(SET, count, self.top_rank, self.top_rank * 4, 0, jokers) if count in self.set_sizes else None
        places = sorted(self.rank_place[C.rank_of(c)] for c in natural)
        top_suit = max(self.suit_place[C.suit_of(c)] for c in natural if self.rank_place[C.rank_of(c)] == places[-1])
        g = self.key
        if places[0] == places[-1]:  # play.set_sizes; pack.jokers_in_sets (cutin K8)
            if count in self.set_sizes and (not jokers or g("pack.jokers_in_sets")):
                return Combo(SET, count, places[0], places[0] * 4 + top_suit, suits, jokers)
            return None
        if count == 5 and self.five and not jokers:
            five = self._five_card(natural, places, suits, top_suit)
            if five is not None:
                return five
        # play.runs.*: consecutive places, one card each, of one suit where play.runs.suited
        if not g("play.runs.enabled") or jokers or not g("play.runs.min_length") <= count <= g("play.runs.max_length"):
            return None
        if places != list(range(places[0], places[0] + count)):
            return None
        if g("play.runs.suited") and suits.bit_count() != 1:
            return None
        return Combo(RUN, count, places[-1], places[-1] * 4 + top_suit, suits, 0)

    def _five_card(self, natural: list[int], places: list[int], suits: int, top_suit: int) -> Combo | None:
        """play.five_card_hands (Big Two's, pagat.com "Big Two"): the strongest hand of the design's list the five
        cards make (:meth:`five_card_key`). No Jokers."""
        key = self.five_card_key(places, suits, top_suit, self.suit_place[C.suit_of(natural[0])])
        return None if key is None else Combo(FIVE, 5, places[-1], key, suits, 0)

    def five_card_key(self, places: list[int], suits: int, top_suit: int, first_suit: int) -> int | None:
        """The key of the five cards at ``places`` (sorted) of ``suits`` (the top card's suit place ``top_suit``,
        the first card's ``first_suit``) as the strongest hand of play.five_card_hands they make, or None: its place
        in the list × FIVE_STEP, then within it a straight or straight flush by its top card (rank, then suit), a
        flush by its ranks from the top, then its suit, a full house by its three, four of a kind by its four."""
        straight = places == list(range(places[0], places[0] + 5))
        flush = suits.bit_count() == 1
        held = sorted((places.count(p) for p in set(places)), reverse=True)
        fits = {
            "straight": straight and not flush,
            "flush": flush and not straight,
            "straight-flush": straight and flush,
            "full-house": held == [3, 2],
            "four-of-a-kind": held == [4, 1],
        }
        if "straight-flush" not in self.five:  # a straight flush is then a straight or a flush
            fits["straight"] = fits["straight"] or fits["straight-flush"]
            fits["flush"] = fits["flush"] or fits["straight-flush"]
        found = [i for i, name in enumerate(self.five) if fits[name]]
        if not found:
            return None
        index = found[-1]
        name = self.five[index]
        if name in ("straight", "straight-flush"):
            within = places[-1] * 4 + top_suit
        elif name == "flush":
            within = 0
            for p in reversed(places):
                within = within * 16 + p
            within = within * 4 + first_suit
        else:  # the rank held three or four times
            within = max(places, key=places.count)
        return index * FIVE_STEP + within

    def _locks(self, combo: Combo, top: Combo) -> bool:
        """play.lock: two consecutive combinations of the same suits (cutin C1: passes between do not count) lock
        them; play.lock.singles_only: two singles (cutin "Lock"); a Joker never locks (cutin K10)."""
        g = self.key
        return (
            bool(g("play.lock.enabled"))
            and bool(combo.suits)
            and not combo.jokers
            and not top.jokers
            and (combo.suits, combo.kind, combo.count) == (top.suits, top.kind, top.count)
            and (combo.count == 1 or not g("play.lock.singles_only"))
        )

    def _beats(self, key: int, t_key: int, reverse: bool) -> bool:
        if key // 4 == self.top_rank or t_key // 4 == self.top_rank:  # the Jokers alone are above all (K9, K11)
            return key > t_key
        return key < t_key if reverse else key > t_key

    def may_follow(self, combo: Combo, top: Combo, state: GooutState) -> bool:
        """Whether ``combo`` may be played on the latest combination ``top`` now (the keys of ``play.*``)."""
        g = self.key
        lock = state.lock
        reverse = state.reversed
        if lock is not None and g("play.lock.singles_only"):
            # play.lock.singles_only: singles of the locked suit only; play.lock.reverse: order reversed (cutin
            # "Lock", C5); a Joker stands for one of them and nothing follows it (K11)
            if combo.count != 1 or top.rank == self.top_rank:
                return False
            if combo.rank == self.top_rank:
                return True
            if combo.suits != lock:
                return False
            return self._beats(combo.key, top.key, reverse != g("play.lock.reverse"))
        if lock is not None and combo.suits & ~lock:  # play.lock: the suits of the lock only (縛り)
            return False
        if g("play.follow_suit") and top.suits and combo.suits & ~top.suits:  # play.follow_suit
            return False
        if combo.kind == top.kind and combo.count == top.count:
            return self._beats(combo.key, top.key, reverse)  # the same kind and count, higher
        if combo.kind == SET == top.kind and combo.count > top.count:
            return bool(g("play.more_cards"))  # play.more_cards: any rank (cutin rule 2, C2)
        # play.cut_in: a single of a suit not in T, of T's rank or higher (cutin rule 3, C4; a Joker: K10)
        return (
            bool(g("play.cut_in"))
            and top.kind == SET
            and combo.count == 1
            and top.count in g("play.cut_in_sizes")
            and not combo.suits & top.suits
            and (combo.rank == top.rank or self._beats(combo.rank * 4, top.rank * 4, reverse))
        )

    def candidates(self, hand: int) -> list[int]:
        """Every combination ``hand`` could play (canonical Joker bits): n of a kind by rank, the Jokers alone,
        then runs by their lowest rank."""
        out: list[int] = []
        jokers = joker_count(hand)
        wild = jokers if self.jokers_in_sets else 0
        columns: list[list[int]] = [[] for _ in range(self.n_ranks)]  # the hand's cards by place in pack.ranks
        place_of = self.place_of
        for c in C.cards_in(hand & ~JOKER_MASK):
            columns[place_of[c]].append(c)
        sizes = self.set_sizes
        for held in columns:
            for size in range(1, len(held) + 1):
                for chosen in itertools.combinations(held, size):
                    m = 0
                    for c in chosen:
                        m |= 1 << c
                    for k in range(0, wild + 1):
                        if size + k in sizes:
                            out.append(m | JOKER_SETS[k])
        out += [JOKER_SETS[k] for k in range(1, jokers + 1) if k in sizes]
        if self.runs:  # play.runs.*: each streak of consecutive places, grown one place at a time
            lo, hi, suited = self.runs
            top = self.n_ranks
            for first in range(top):
                if suited:  # play.runs.suited: one suit
                    for c in columns[first]:
                        m, length, card = 1 << c, 1, c
                        while length < hi and first + length < top:
                            card = _next_in_suit(card, columns[first + length])
                            if card < 0:
                                break
                            m |= 1 << card
                            length += 1
                            if length >= lo:
                                out.append(m)
                    continue
                grown = [1 << c for c in columns[first]]
                length = 1
                while grown and length < hi and first + length < top and columns[first + length]:
                    grown = [m | 1 << c for m in grown for c in columns[first + length]]
                    length += 1
                    if length >= lo:
                        out += grown
        if self.five:
            out += self.five_card_hands(columns)
        return out

    def five_card_hands(self, columns: list[list[int]]) -> list[int]:
        """Every five-card hand (play.five_card_hands) of a hand given by its natural cards at each place."""
        return [m for m in self.five_card_masks(columns) if (combo := self.combo(m)) is not None and combo.kind == FIVE]

    def five_card_masks(self, columns: list[list[int]]) -> set[int]:
        """The five cards that may make a five-card hand, of a hand given by its natural cards at each place: five
        consecutive places, five of a suit, three and two, four and one."""
        found: set[int] = set()
        bits = [[1 << c for c in column] for column in columns]
        for low in range(self.n_ranks - 4):  # straights (and straight flushes)
            if all(bits[low : low + 5]):
                found.update(map(sum, itertools.product(*bits[low : low + 5])))
        by_suit: list[list[int]] = [[], [], [], []]
        for column in columns:
            for c in column:
                by_suit[C.suit_of(c)].append(1 << c)
        for cards in by_suit:  # flushes
            if len(cards) >= 5:
                found.update(map(sum, itertools.combinations(cards, 5)))
        pairs = [(k, column) for k, column in enumerate(bits) if len(column) >= 2]
        for a, three_of in pairs:  # full houses, four of a kind and one
            if len(three_of) < 3:
                continue
            for three in map(sum, itertools.combinations(three_of, 3)):
                for b, rest in pairs:
                    if a != b:
                        found.update(three | two for two in map(sum, itertools.combinations(rest, 2)))
            if len(three_of) == 4:
                four = sum(three_of)
                for b, rest in enumerate(bits):
                    if a != b:
                        found.update(four | c for c in rest)
        return found

    # actions
    def legal_actions(self, state: GooutState, seat: int) -> list[GooutAction]:
        if state.phase != PLAY or seat != state.turn:
            return []
        hand = state.hands[seat]
        top_cards = state.table[-1][1] if state.table else 0
        memo = (hand, top_cards, state.lock, state.reversed, state.must_include)
        known = self._legal.get(memo)
        if known is None:
            if len(self._legal) > LEGAL_MEMO:
                self._legal.clear()
            known = self._legal[memo] = self._legal_plays(state, hand)
        return list(known)

    def order(self, cards: int) -> tuple[int, ...]:
        """Where a combination stands in every list of legal actions: n of a kind (the Jokers alone last) by
        place in ``pack.ranks``, count, Jokers, then suits (♠ ♥ ♦ ♣); then runs by lowest place, length and
        suits from the low end; then five-card hands by their key, then their card mask. The fast engine
        (:mod:`kirifuda.fast.goout`) lists them in this order too."""
        combo = self.combo(cards)
        assert combo is not None
        natural = cards & ~JOKER_MASK
        if combo.kind == SET:
            return (0, combo.rank, combo.count, combo.jokers, *(C.suit_of(c) for c in C.cards_in(natural)))
        if combo.kind == FIVE:
            return (2, combo.key, natural)
        by_place = sorted(C.cards_in(natural), key=self.place_of.__getitem__)
        return (1, self.place_of[by_place[0]], combo.count, *(C.suit_of(c) for c in by_place))

    def _legal_plays(self, state: GooutState, hand: int) -> list[GooutAction]:
        out: list[GooutAction] = []
        top = self.combo(state.table[-1][1]) if state.table else None
        for cards in sorted(self.candidates(hand), key=self.order):
            if state.must_include and not cards & state.must_include:
                continue  # turns.first_play_includes
            if top is None:
                out.append(Play(cards))
                continue
            combo = self.combo(cards)
            if combo is not None and self.may_follow(combo, top, state):
                out.append(Play(cards))
        if state.table:
            out.append(PASS)  # anyone but the turn's start player may pass (turns.pass)
        return out

    def apply(self, state: GooutState, seat: int, action: Action | str) -> GooutState:
        if type(action) is str:
            action = self.parse_action(action)
        if state.phase != PLAY or seat != state.turn:
            self._check_turn(state, seat)
        table = state.table
        if type(action) is Pass:
            if not table:
                raise IllegalAction(
                    "the start player of a turn must play; only the others may pass",
                    ja="ターンのスタートプレイヤーはパスできません",
                )
            return self._next(state, seat, state.hands, table, state.passed + (seat,), state.lock, state, False)
        if type(action) is not Play:
            raise IllegalAction("play a combination (e.g. 'play 7S 7H') or 'pass'", ja="組を出すかパスしてください")
        hand = state.hands[seat]
        cards = own_jokers(action.cards, hand)
        combo = self.combo(cards)
        if combo is None:
            raise IllegalAction(
                f"not a combination of this design ({self.design.name}): {shown(cards)} (play.set_sizes, play.runs)",
                ja=f"この設計で出せる組ではありません: {shown(cards)}",
            )
        if state.must_include and not cards & state.must_include:
            must = shown(state.must_include)
            raise IllegalAction(
                f"the first play must include {must} (turns.first_play_includes)",
                ja=f"最初の手には {must} を含めます",
            )
        lock = state.lock
        if table:
            top = self.combo(table[-1][1])
            assert top is not None
            if not self.may_follow(combo, top, state):
                raise IllegalAction(
                    f"{shown(cards)} may not follow {shown(table[-1][1])}" + _why(self.design, state),
                    ja=f"{shown(table[-1][1])} に {shown(cards)} は出せません",
                )
            if lock is None and self._locks(combo, top):
                lock = combo.suits
        reverse = state.reversed
        if combo.kind == SET and combo.count >= self.revolution_size:
            reverse = not reverse  # play.revolution (革命): the order reverses for the rest of the hand
        hands = state.hands[:seat] + (hand & ~cards,) + state.hands[seat + 1 :]
        after = evolve(state, played=state.played | cards, reversed=reverse, must_include=0)
        if not hands[seat]:
            after = evolve(after, out=state.out + (seat,))
        cleared = bool(cards & self.clear)  # play.clear_ranks (8切り): the pile is cleared at once
        return self._next(after, seat, hands, table + ((seat, cards),), state.passed, lock, after, cleared)

    def _next(
        self,
        state: GooutState,
        seat: int,
        hands: tuple[int, ...],
        table: tuple[tuple[int, int], ...],
        passed: tuple[int, ...],
        lock: int | None,
        base: GooutState,
        cleared: bool,
    ) -> GooutState:
        """The state after ``seat`` acted: the next player of the turn, or the end of the turn or hand."""
        g = self.key
        out = base.out
        holding = [s for s in range(self.n) if hands[s]]
        # end.until "first-out" (without end.finish_turn) / "one-left": the hand ends at once
        if (g("end.until") == "first-out" and out and not g("end.finish_turn")) or (
            g("end.until") == "one-left" and len(holding) <= 1
        ):
            return self._end_hand(base, hands, table, out + tuple(holding))
        style = g("turns.pass")
        if cleared:
            nxt = end = seat
        elif style == "lap":
            # turns.pass "lap": each player acts once per lap; one who ran out takes no further action (cutin K3)
            end = state.leader
            nxt = next_to_act(self.ring, hands, seat, end)
        else:
            # turns.pass "soft"/"hard": round until play comes back to the player of the latest combination;
            # "hard": one who passed is skipped for the turn (cutin K13); players with no cards are skipped
            end = table[-1][0]
            nxt = next_to_act(self.ring, hands, seat, end, passed if style == "hard" else ())
        if nxt != end:
            return evolve(base, turn=nxt, hands=hands, table=table, passed=passed, lock=lock)
        if g("end.until") == "first-out" and out:  # end.finish_turn: the turn is played out, then the hand ends
            return self._end_hand(base, hands, table, out)
        # the turn is over: the pile is cleared, the last to play starts the next turn (or the next seat holding cards)
        last = table[-1][0]
        while not hands[last]:
            last = self.ring.next(last)
        return evolve(base, leader=last, turn=last, hands=hands, table=(), passed=(), lock=None, last_turn=table)

    def _end_hand(
        self, state: GooutState, hands: tuple[int, ...], table: tuple[tuple[int, int], ...], order: tuple[int, ...]
    ) -> GooutState:
        lines = tuple(line for seat in range(self.n) for line in self.hand_lines(seat, hands[seat], order))
        scores = state.scores + (line_totals(lines, self.n),)
        index = state.deal_index + 1
        over = self.game_over(scores)
        start = self.next_start(state.start_player, order)
        return evolve(
            state,
            phase=OVER if over else DEAL,
            deal_index=index,
            start_player=state.start_player if over else start,
            leader=-1,
            turn=-1,
            hands=hands,
            table=(),
            passed=(),
            lock=None,
            last_turn=table,
            out=order,
            scores=scores,
            lines=state.lines + (lines,),
        )

    def game_over(self, scores: tuple[tuple[int, ...], ...]) -> bool:
        """Whether the game ends after the hands scored ``scores``: ``length.hands`` played, or a total at
        ``length.target``."""
        target = self.key("length.target")
        return len(scores) == self.deals_total or bool(
            target and max(sum(s[i] for s in scores) for i in range(self.n)) >= target
        )

    def next_start(self, start_player: int, order: tuple[int, ...]) -> int:
        """Who starts (and is dealt first in) the hand after one started by ``start_player`` that finished in
        ``order``: turns.next_start "winner" who went out first; "rotate" and "holder" the next seat (cutin C3)."""
        return order[0] if self.key("turns.next_start") == "winner" else self.ring.next(start_player)

    def awaiting_deal(self, deal_index: int, start_player: int, scores: tuple[tuple[int, ...], ...]) -> GooutState:
        """The state before hand ``deal_index`` is dealt (the fast engine steps from hand to hand through it)."""
        return evolve(self.initial(), deal_index=deal_index, start_player=start_player, scores=scores)

    def hand_lines(self, seat: int, hand: int, order: tuple[int, ...]) -> tuple[ScoreLine, ...]:
        """One seat's score lines of a hand (``scoring.*``); ``order`` the finishing order so far."""
        return scored_lines(seat, self.hand_parts(seat, hand, order))

    def hand_parts(self, seat: int, hand: int, order: tuple[int, ...]) -> list[tuple[ScoreRule, int]]:
        """The (rule, amount) parts of :meth:`hand_lines` (the fast engine sums them)."""
        g = self.key
        parts: list[tuple[ScoreRule, int]] = []
        if not hand:
            parts.append((WENT_OUT, g("scoring.went_out")))
        else:
            parts.append((CARDS_LEFT, self.left_penalty(hand)))
        points = g("scoring.finish_points")
        if points and g("end.until") == "one-left" and seat in order:
            place = order.index(seat)
            # scoring.finish_points: the first entries to the first places, the last entry to the last place
            amount = points[-1] if place == self.n - 1 else points[place] if place < len(points) - 1 else 0
            parts.append((FINISH, amount))
        return parts

    def left_penalty(self, hand: int) -> int:
        """scoring.left (× scoring.multipliers): "rank" −(base + k) per rank held k times, Jokers a rank of their
        own (cutin K12); "card" −1 a card; "value" −scoring.values (default: place in the rank order, 1 up)."""
        g = self.key
        style = g("scoring.left")
        if style == "none":
            return 0
        jokers = joker_count(hand)
        natural = C.card_list(hand & ~JOKER_MASK) if style != "card" else []
        if style == "card":
            total = -hand.bit_count()
        elif style == "value":
            values = g("scoring.values")
            ranks = g("pack.ranks")
            total = -sum(
                values.get(ranks[self.rank_place[C.rank_of(c)]], self.rank_place[C.rank_of(c)] + 1) for c in natural
            )
            total -= jokers * values.get("JK", self.top_rank + 1)
        else:
            held: dict[int, int] = {}
            for c in natural:
                held[C.rank_of(c)] = held.get(C.rank_of(c), 0) + 1
            if jokers:
                held[-1] = jokers
            total = -sum(g("scoring.rank_base") + k for k in held.values())
        factor = max((m["factor"] for m in g("scoring.multipliers") if hand.bit_count() >= m["at_least"]), default=1)
        return total * factor

    # views
    def observation(self, state: GooutState, seat: int | None) -> GooutObservation:
        lock = state.lock
        return GooutObservation(
            seat=seat,
            players=self.n,
            design=self.design.name,
            deal_number=min(state.deal_index + 1, self.deals_total),
            deals_total=self.deals_total,
            start_player=state.start_player,
            leader=state.leader,
            phase=state.phase,
            to_act=tuple(sorted(self.to_act(state))),
            hand=None if seat is None else CardSet(state.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in state.hands),
            table=tuple((s, CardSet(m)) for s, m in state.table),
            passed=state.passed,
            lock=lock is not None,
            lock_suits=() if lock is None else tuple(C.SUITS[s] for s in range(4) if lock >> s & 1),
            reversed=state.reversed,
            last_turn=tuple((s, CardSet(m)) for s, m in state.last_turn),
            played=CardSet(state.played),
            rest_count=state.rest.bit_count(),
            finish_order=state.out if state.phase != DEAL or state.scores else (),
            deal_scores=state.scores,
            totals=self.totals(state),
            deal_lines=state.lines,
        )


def _next_in_suit(card: int, column: list[int]) -> int:
    """The card of ``column`` in ``card``'s suit, or -1."""
    suit = C.suit_of(card)
    for c in column:
        if C.suit_of(c) == suit:
            return c
    return -1


def _why(design: Design, state: GooutState) -> str:
    parts = []
    if state.lock is not None:
        parts.append("the lock is on (play.lock)")
    if state.reversed:
        parts.append("the order is reversed (play.revolution)")
    return f" ({'; '.join(parts)})" if parts else " (play a higher combination of the same kind and count)"


__all__ = [  # with the go-out actions and Jokers' bits of kirifuda.games.going_out, which this module's users read here
    "Goout",
    "GooutOptions",
    "GooutState",
    "GooutObservation",
    "Combo",
    "Play",
    "Pass",
    "PASS",
    "JOKER_BITS",
    "JOKER_MASK",
    "JOKER_SETS",
    "joker_count",
    "DesignError",
]
