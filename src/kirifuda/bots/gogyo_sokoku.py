"""The bots' kit for Gogyō Sōkoku (五行相克): knowledge, sampler, the club player's heuristic, fast rollouts.

Rules: ../shared/rules/gogyo-sokoku.md as implemented in :mod:`kirifuda.games.gogyo_sokoku` (rulings K1–K4 in
docs/rules/gogyo-sokoku.md); the kit is described in docs/bots/gogyo_sokoku.md.

**What a seat knows** (:class:`GogyoKnowledge`). The observation is the table as it lies (K1: captured zero
cards face down, no play history), but the seat's history holds every card played, face up, in order; the
seat remembers them. So its knowledge is: the cards each seat has played this deal, which suits each seat has
shown it lacks (a card off the suit to follow — in trick 1 the starting card's suit, gogyo.md "A deal" 4), and
every card each seat has captured (the five of each trick, and both table cards for trick 1's winner). Hidden
are the other four hands, nothing else.

**The sampler** deals the unseen cards (the deck less the seat's hand, every card played and both table cards,
K3) into the other hands, each keeping its size, none receiving a suit its holder has shown void
(:class:`~kirifuda.bots.dealing.ConstrainedDeal`: exactly uniform over the consistent deals while counting is
cheap). Everything else of the state is known and copied from the observation and the knowledge.

**The heuristic** ("protects its five-element points") scores each legal card by the expected end-of-deal
score it leads to: who is likely to win the trick with that card (the cards that could still beat it, held by
whom, voids included), how many points the trick will carry, and then the deal's scoring applied to the
projected points (the remaining points split evenly, with their spread) — its own score minus half the mean
of the others'. So in single partnership it takes points only up to what its partner can be expected to take,
feeds point cards to its partner's tricks and to players already above their partner, and ducks tricks that
would push it over; in double partnership it steers its team's total to 12.

**Rollouts** play a sampled state to the end of its deal on plain ints with a cheap policy of the same spirit
(take points while under the partner's projection, feed the partner, duck otherwise), checked against the pure
rules by replaying its choices (tests/bots/test_gogyo_sokoku_kit.py).

**The inference model** (the ``-infer`` levels, :meth:`Kit.log_likelihood`) is the club player: each other seat's
play scored by the heuristic's card values as that seat saw the table then, in the hand a determinization gives it.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .. import cards as C
from ..cards import cards_in
from ..core import Action, Deal, Observation, Seen, evolve
from ..fast.gogyo_sokoku import LEFT, SUIT_BITS, TOP
from ..games.gogyo_sokoku import (
    DEAL,
    DOUBLE,
    DOUBLE_ORIGIN,
    PARTNER_MAPS,
    PLAY,
    PLAYERS,
    POINT_MASK,
    SINGLE,
    TRICKS_PER_DEAL,
    GogyoObservation,
    GogyoState,
    deal_score,
)
from ..tricks import Play
from .dealing import ConstrainedDeal
from .info import InfoState, Knowledge
from .kit import GameKit

TOTAL_POINTS = 20  # gogyo.md "Cards": A K Q J 10 of four suits, one point each
FULL_DECK = C.mask(C.DECK_52)
MODEL_EPSILON = 0.2
"""The inference model's share of uniformly random choice: how far the other seats are trusted to play as the club
player would (:meth:`Kit.log_likelihood`)."""


@dataclass(frozen=True)
class GogyoKnowledge(Knowledge):
    """What a seat remembers of the deal in progress beyond the table as it lies (see the module docstring).
    Masks by seat: the cards each has played, the suits each has shown it lacks (bit = suit), and every card
    each has captured (zero cards too: the seat saw each trick before it was gathered)."""

    played: tuple[int, ...] = (0,) * PLAYERS
    voids: tuple[int, ...] = (0,) * PLAYERS
    captured: tuple[int, ...] = (0,) * PLAYERS

    def update(self, seen: Seen, before: Observation, after: Observation) -> GogyoKnowledge:
        if seen.actor == "deal":
            return GogyoKnowledge()
        if not isinstance(seen.actor, int) or not seen.text.startswith("play "):
            return self
        assert isinstance(before, GogyoObservation) and isinstance(after, GogyoObservation)
        seat = seen.actor
        card = C.parse(seen.text[5:])
        played = _with(self.played, seat, self.played[seat] | 1 << card)
        voids = self.voids
        if before.lead_suit is not None:
            lead = C.SUITS.index(before.lead_suit)
            if card >> 4 != lead:  # gogyo.md 4–5: must follow, so a card off the suit led shows a void
                voids = _with(voids, seat, voids[seat] | 1 << lead)
        captured = self.captured
        if len(before.trick) == PLAYERS - 1 and after.last_winner is not None:
            winner = after.last_winner
            taken = C.mask(C.parse(t) for _, t in after.last_trick)
            if before.trick_number == 1 and before.starting_card and before.other_table_card:
                taken |= 1 << C.parse(before.starting_card) | 1 << C.parse(before.other_table_card)  # gogyo.md 4
            captured = _with(captured, winner, captured[winner] | taken)
        return GogyoKnowledge(played=played, voids=voids, captured=captured)


def _with(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1 :]


@dataclass(frozen=True)
class _Frame:
    """What the sampler and the heuristic read from one information state, prepared once."""

    seat: int
    others: tuple[int, ...]
    hand: int
    unseen: int
    voids: tuple[int, ...]
    sizes: tuple[int, ...]
    deal: ConstrainedDeal
    base: GogyoState  # the state with the other hands empty


class Kit(GameKit):
    """Gogyō Sōkoku's knowledge, sampler, heuristic and rollout (see the module docstring)."""

    budgets = {"easy": 300, "normal": 1500, "hard": 4500}
    """Iterations per decision, calibrated to ≈ 0.05 / 0.25 / 1 s on one core (docs/bots/gogyo_sokoku.md)."""

    horizon: ClassVar[int] = TRICKS_PER_DEAL
    """How many whole tricks a rollout plays after the current one before the heuristic's projection values the
    deal (:func:`playout`); ten or more: every rollout plays to the deal's end."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._frames: dict[int, tuple[InfoState, _Frame]] = {}
        self._plays: tuple[InfoState, list[tuple[int, Play]] | None] | None = None

    def knowledge(self, seat: int) -> GogyoKnowledge:
        return GogyoKnowledge()

    # --- the sampler ---------------------------------------------------------------------------

    def frame(self, info: InfoState) -> _Frame:
        """The prepared reading of ``info`` (cached: the search samples one information state many times)."""
        cached = self._frames.get(info.seat)
        if cached is not None and cached[0] is info:
            return cached[1]
        frame = _read(info)
        self._frames[info.seat] = (info, frame)
        return frame

    def sample(self, info: InfoState, rng: random.Random) -> GogyoState:
        """A state consistent with ``info``: the other hands dealt from the unseen cards with every shown void
        kept (:class:`~kirifuda.bots.dealing.ConstrainedDeal`), the rest copied from what the seat knows."""
        frame = self.frame(info)
        dealt = frame.deal.sample(rng)
        hands = list(frame.base.hands)
        for seat, cards in zip(frame.others, dealt, strict=True):
            hands[seat] = cards
        base = frame.base
        return GogyoState(
            phase=base.phase,
            deal_index=base.deal_index,
            dealer=base.dealer,
            turn=base.turn,
            hands=tuple(hands),
            table=base.table,
            mode=base.mode,
            trick_index=base.trick_index,
            lead_suit=base.lead_suit,
            trick=base.trick,
            captured=base.captured,
            tricks_won=base.tricks_won,
            table_taker=base.table_taker,
            last_trick=base.last_trick,
            last_winner=base.last_winner,
            scores=base.scores,
            lines=base.lines,
        )

    # --- the club player -------------------------------------------------------------------------

    def heuristic(self, info: InfoState, legal: Sequence[Action], rng: random.Random) -> Action:
        frame = self.frame(info)
        obs = info.observation
        assert isinstance(obs, GogyoObservation)
        cards = [a.card for a in legal if isinstance(a, Play)]
        best = max(cards, key=lambda c: (_card_value(frame, obs, c), rng.random()))
        return legal[cards.index(best)]

    # --- search --------------------------------------------------------------------------------

    def deal_start(self, info: InfoState, state: Any) -> GogyoState | None:
        """The deal as ``state`` (a determinization) has it: each hand now plus the cards its seat has played
        since the deal (every play is public), the table cards where ``state`` has them."""
        if not isinstance(state, GogyoState):
            return None
        game = self.game
        hands = list(state.hands)
        for event in reversed(info.history):
            if event.actor == "deal":
                break
            if isinstance(event.actor, int):
                action = game.parse_action(event.text)
                if isinstance(action, Play):
                    hands[event.actor] |= 1 << action.card
        deal = Deal(tuple(tuple(cards_in(h)) for h in hands), rest=tuple(state.table))
        start: GogyoState = game.apply_deal(evolve(state, phase=DEAL), deal)
        return start

    model_epsilon: ClassVar[float | None] = MODEL_EPSILON
    """The inference model's share of uniformly random choice (None: the sampler's own ε)."""

    def log_likelihood(self, info: InfoState, state: Any, epsilon: float) -> float | None:
        """The inference-weighted sampler's model (:mod:`kirifuda.bots.inference`): the deal replayed from
        :meth:`deal_start` as the determinization ``state`` has it, and every play of another seat with a choice
        scored under **the club player** (:meth:`heuristic`) as that seat would have run it then — its hand in
        ``state``, the cards played and the voids shown so far, the points taken — with ``ε`` of uniformly random
        choice; cards the club player values equally share its ``1 − ε``. Reads ``info`` and ``state`` only."""
        start = self.deal_start(info, state)
        if start is None:
            return None
        eps = epsilon if self.model_epsilon is None else self.model_epsilon
        game = self.game
        current: GogyoState = start
        table = C.mask(start.table)
        table_points = (table & POINT_MASK).bit_count()
        seen = table  # K3: both table cards are public
        voids = [0] * PLAYERS
        total = 0.0
        plays = self._deal_plays(info)
        if plays is None:
            return None
        for actor, action in plays:
            card = action.card
            lead = current.lead_suit
            if actor != info.seat:
                hand = current.hands[actor]
                if not hand >> card & 1:
                    raise RuntimeError(f"gogyo-sokoku: {action} does not replay on a determinization")
                legal = hand
                if lead is not None and hand & C.SUIT_MASKS[lead]:
                    legal = hand & C.SUIT_MASKS[lead]
                if legal & (legal - 1):
                    others = tuple(s for s in range(PLAYERS) if s != actor)
                    sizes = tuple(current.hands[s].bit_count() for s in others)
                    unseen = FULL_DECK & ~hand & ~seen
                    points = [(m & POINT_MASK).bit_count() for m in current.captured]
                    on_table = table_points if current.trick_index == 0 else 0
                    values = {
                        c: _value_of(
                            actor,
                            others,
                            unseen,
                            tuple(voids),
                            sizes,
                            current.mode,
                            points,
                            current.trick,
                            lead,
                            on_table,
                            c,
                        )
                        for c in C.cards_in(legal)
                    }
                    best = max(values.values())
                    ties = sum(1 for v in values.values() if v >= best - 1e-12)
                    chosen = values[card] >= best - 1e-12
                    total += math.log(eps / len(values) + ((1.0 - eps) / ties if chosen else 0.0))
            if lead is not None and card >> 4 != lead:
                voids[actor] |= 1 << lead  # gogyo.md 4–5: must follow, so a card off the suit led shows a void
            seen |= 1 << card
            current = game.apply(current, actor, action)
        return total

    def _deal_plays(self, info: InfoState) -> list[tuple[int, Play]] | None:
        """The plays of the current deal in ``info``'s history, in order (None if it holds anything else); kept for
        the last information state asked: the sampler's pool replays it once a determinization."""
        cached = self._plays
        if cached is not None and cached[0] is info:
            return cached[1]
        history = info.history
        first = max(i for i, e in enumerate(history) if e.actor == "deal") + 1
        plays: list[tuple[int, Play]] = []
        for event in history[first:]:
            actor = event.actor
            action = self.game.parse_action(event.text) if isinstance(actor, int) else None
            if not isinstance(actor, int) or not isinstance(action, Play):
                self._plays = (info, None)
                return None
            plays.append((actor, action))
        self._plays = (info, plays)
        return plays

    def rollout_policy(self, state: GogyoState, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        lead = -1 if state.lead_suit is None else state.lead_suit
        top, winner, trick_points = -1, -1, 0
        for s, c in state.trick:
            if top < 0 or _key(c, lead) > _key(top, lead):
                top, winner = c, s
            trick_points += POINT_MASK >> c & 1
        if state.trick_index == 0:
            trick_points += (C.mask(state.table) & POINT_MASK).bit_count()
        card = _policy_card(
            state.hands[seat],
            seat,
            lead,
            top,
            winner,
            trick_points,
            not state.trick and state.trick_index > 0,
            [(m & POINT_MASK).bit_count() for m in state.captured],
            state.mode == DOUBLE,
            _remaining_points(state),
            rng,
        )
        for action in legal:
            if isinstance(action, Play) and action.card == card:
                return action
        raise AssertionError("the rollout policy chose a card that is not legal")

    def rollout(self, state: GogyoState, rng: random.Random) -> tuple[int, ...]:
        scores, _ = playout(state, rng)
        return tuple(int(s) for s in scores)

    def evaluate(self, state: Any, deal: int, rng: random.Random, seat: int | None = None) -> Sequence[float]:
        """A search leaf: the deal's scores where it is over, else a playout's — to the deal's end, or for
        :attr:`horizon` tricks and then each seat's expected score as the heuristic projects it."""
        scores: tuple[tuple[int, ...], ...] = state.scores
        if len(scores) > deal:
            return scores[deal]
        return playout(state, rng, self.horizon)[0]


# --- reading an information state ---------------------------------------------------------------


def _read(info: InfoState) -> _Frame:
    obs = info.observation
    knowledge = info.knowledge
    assert isinstance(obs, GogyoObservation) and isinstance(knowledge, GogyoKnowledge)
    seat = info.seat
    if obs.phase != PLAY or obs.to_act != (seat,) or obs.hand is None:
        raise ValueError(f"seat {seat} is not to play in this information state")
    assert obs.starting_card is not None and obs.other_table_card is not None and obs.mode is not None
    hand = C.mask(obs.hand)
    table = (C.parse(obs.starting_card), C.parse(obs.other_table_card))
    seen = hand | 1 << table[0] | 1 << table[1]  # K3: both table cards are public
    for m in knowledge.played:
        seen |= m
    unseen = C.mask(C.DECK_52) & ~seen
    others = tuple(s for s in range(PLAYERS) if s != seat)
    sizes = tuple(obs.hand_sizes[s] for s in others)
    allowed: dict[int, int] = {}
    for c in C.cards_in(unseen):
        mask = 0
        for i, s in enumerate(others):
            if not knowledge.voids[s] >> (c >> 4) & 1:
                mask |= 1 << i
        allowed[c] = mask
    deal = ConstrainedDeal(C.card_list(unseen), sizes, allowed)
    hands = [0] * PLAYERS
    hands[seat] = hand
    base = GogyoState(
        phase=PLAY,
        deal_index=obs.deal_number - 1,
        dealer=obs.dealer,
        turn=seat,
        hands=tuple(hands),
        table=table,
        mode=obs.mode,
        trick_index=obs.trick_number - 1,
        lead_suit=None if obs.lead_suit is None else C.SUITS.index(obs.lead_suit),
        trick=tuple((s, C.parse(t)) for s, t in obs.trick),
        captured=knowledge.captured,
        tricks_won=obs.tricks_won,
        table_taker=obs.table_taker,
        last_trick=tuple((s, C.parse(t)) for s, t in obs.last_trick),
        last_winner=obs.last_winner,
        scores=obs.deal_scores,
        lines=obs.deal_lines,
    )
    return _Frame(
        seat=seat, others=others, hand=hand, unseen=unseen, voids=knowledge.voids, sizes=sizes, deal=deal, base=base
    )


# --- the heuristic's evaluation ------------------------------------------------------------------

OTHERS_WEIGHT = 1.0
"""How much the heuristic counts the others' expected scores against its own (the mean of the four)."""
SPREAD = 2.0
"""Points arrive in tricks, not one at a time: the variance of a player's share, relative to points dealt
out independently."""
LATE_POINTS = 0.6
"""The share of the unseen cards' point density a later player is expected to add to a trick."""


def _phi(z: float) -> float:
    return math.exp(-0.5 * z * z) / math.sqrt(2 * math.pi)


def _cdf(z: float) -> float:
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


def expected_score(seat: int, mode: str, points: Sequence[float], remaining: float) -> float:
    """``seat``'s expected deal score (gogyo.md "Scoring a deal") when ``remaining`` points are still to be
    captured, each player expected to take a fifth of them, with a spread (normal approximation)."""
    partners = PARTNER_MAPS[mode][seat]
    if mode == SINGLE:
        own, partner = points[seat], points[partners[0]]
        if remaining <= 0:
            return own if own <= partner else partner - own
        sigma = math.sqrt(SPREAD * 0.4 * remaining)
        mu = partner - own
        z = (mu + 0.5) / sigma
        return (own + remaining / PLAYERS) * _cdf(z) + mu * _cdf(-z) - sigma * _phi(z)
    team = points[seat] + sum(points[p] for p in partners)
    m = team + 0.6 * remaining - DOUBLE_ORIGIN
    if remaining <= 0:
        return -abs(m)
    sigma = math.sqrt(SPREAD * 0.24 * remaining)
    return -(sigma * math.sqrt(2 / math.pi) * math.exp(-m * m / (2 * sigma * sigma)) + m * (1 - 2 * _cdf(-m / sigma)))


def objective(seat: int, mode: str, points: Sequence[float], remaining: float) -> float:
    """What the heuristic maximises: its expected score less a share of the others' mean."""
    own = expected_score(seat, mode, points, remaining)
    others = sum(expected_score(s, mode, points, remaining) for s in range(PLAYERS) if s != seat)
    return own - OTHERS_WEIGHT * others / (PLAYERS - 1)


@functools.lru_cache(maxsize=1 << 16)
def _objective(seat: int, mode: str, points: tuple[float, ...], remaining: float) -> float:
    """:func:`objective`, remembered: the inference model asks it the same of many imagined hands."""
    return objective(seat, mode, points, remaining)


def _key(card: int, lead: int) -> int:
    """Trick order: spades above the suit led above the rest, then rank (gogyo.md 4–5)."""
    suit = card >> 4
    return (card & 15) + (32 if suit == 0 else 16 if suit == lead else 0)


def _none_held(pool: int, size: int, wanted: int) -> float:
    """The chance that ``size`` cards drawn from ``pool`` hold none of ``wanted`` (hypergeometric)."""
    return _none_of(pool.bit_count(), (pool & wanted).bit_count(), size)


@functools.cache
def _none_of(n: int, x: int, size: int) -> float:
    """The chance that ``size`` cards drawn from ``n`` hold none of ``x`` given ones (at most 53 × 53 × 11 of them)."""
    if x == 0:
        return 1.0
    if n - x < size:
        return 0.0
    p = 1.0
    for j in range(size):
        p *= (n - x - j) / (n - j)
    return p


def _beat_chance(unseen: int, voids: int, size: int, card: int, lead: int) -> float:
    """The chance that a seat to play later in the trick, holding ``size`` of the cards the valuing seat cannot
    see (``unseen``) and void in the suits of ``voids`` (bit = suit), holds a card it may play that beats
    ``card``."""
    if size == 0:
        return 0.0
    pool = unseen
    for s in range(4):
        if voids >> s & 1:
            pool &= ~C.SUIT_MASKS[s]
    lead_cards = pool & C.SUIT_MASKS[lead]
    higher_spades = C.SUIT_MASKS[0] & ~((1 << (card + 1)) - 1) if card >> 4 == 0 else C.SUIT_MASKS[0]
    if lead == 0:
        return 1.0 - _none_held(pool, size, higher_spades & pool)
    void_in_lead = 1.0 if voids >> lead & 1 else _none_held(pool, size, lead_cards)
    trump = void_in_lead * (1.0 - _none_held(pool, size, higher_spades & pool))
    if card >> 4 == 0:
        return trump
    higher_lead = lead_cards & ~((1 << (card + 1)) - 1)
    return min(1.0, 1.0 - _none_held(pool, size, higher_lead) + trump)


def _card_value(frame: _Frame, obs: GogyoObservation, card: int) -> float:
    """The heuristic's value of playing ``card`` now: the expected objective over who wins the trick."""
    table_points = 0
    if obs.trick_number == 1:
        table_points = sum(1 for t in (obs.starting_card, obs.other_table_card) if t and POINT_MASK >> C.parse(t) & 1)
    return _value_of(
        frame.seat,
        frame.others,
        frame.unseen,
        frame.voids,
        frame.sizes,
        obs.mode or SINGLE,
        obs.points,
        tuple((s, C.parse(t)) for s, t in obs.trick),
        None if obs.lead_suit is None else C.SUITS.index(obs.lead_suit),
        table_points,
        card,
    )


def _value_of(
    seat: int,
    others: tuple[int, ...],
    unseen: int,
    voids: tuple[int, ...],
    sizes: tuple[int, ...],
    mode: str,
    points_now: Sequence[int],
    trick: Sequence[tuple[int, int]],
    lead_suit: int | None,
    table_points: int,
    card: int,
) -> float:
    """:func:`_card_value` on plain ints (what the inference model calls for another seat's imagined view):
    ``table_points`` the table cards' points while they are still in play (trick 1), else 0."""
    points = [float(p) for p in points_now]
    remaining = TOTAL_POINTS - sum(points)
    lead = card >> 4 if lead_suit is None else lead_suit
    trick_points = sum(1 for _, c in trick if POINT_MASK >> c & 1) + (POINT_MASK >> card & 1) + table_points
    top_seat, top_card = seat, card
    for s, c in trick:
        if _key(c, lead) > _key(top_card, lead):
            top_seat, top_card = s, c
    later = []
    s = LEFT[seat]
    for _ in range(PLAYERS - 1 - len(trick)):
        later.append(s)
        s = LEFT[s]
    unseen_count = unseen.bit_count()
    density = (unseen & POINT_MASK).bit_count() / unseen_count if unseen_count else 0.0
    expected_points = trick_points + LATE_POINTS * density * len(later)
    winners: dict[int, float] = {}
    hold = 1.0
    for s in later:
        beat = _beat_chance(unseen, voids[s], sizes[others.index(s)], top_card, lead)
        winners[s] = winners.get(s, 0.0) + hold * beat
        hold *= 1.0 - beat
    winners[top_seat] = winners.get(top_seat, 0.0) + hold
    after = remaining - expected_points
    value = 0.0
    for w, p in winners.items():
        if p <= 0:
            continue
        pts = points[:]
        pts[w] += expected_points
        value += p * _objective(seat, mode, tuple(pts), max(after, 0.0))
    # card economy: a card that does not take the trick should be a low one (keep the high cards and spades)
    rank = card & 15
    if top_seat != seat:
        value -= 0.02 * rank + (0.05 if card >> 4 == 0 else 0.0)
    return value


# --- rollouts ---------------------------------------------------------------------------------------

ROLLOUT_EPSILON = 0.1
"""The rollout policy's share of uniformly random choices (keeps imagined play varied)."""


def _remaining_points(state: GogyoState) -> int:
    held = 0
    for m in state.hands:
        held |= m
    for _, c in state.trick:
        held |= 1 << c
    if state.trick_index == 0:
        held |= C.mask(state.table)
    return (held & POINT_MASK).bit_count()


LOW_RANK = tuple((m & -m).bit_length() - 1 for m in range(1 << 13))
"""``LOW_RANK[m]``: the lowest rank of a 13-bit suit mask (−1 for none)."""
SPADES = C.SUIT_MASKS[0]
ZERO_CARDS = C.mask(C.DECK_52) & ~POINT_MASK


def _above(card: int) -> int:
    """The cards of ``card``'s suit ranked above it."""
    return C.SUIT_MASKS[card >> 4] & ~((2 << card) - 1)


def _lowest(m: int) -> int:
    """The lowest-ranked card of a non-empty mask (the first suit on equal ranks)."""
    best, best_rank = -1, 99
    for s in range(4):
        bits = m >> (16 * s) & SUIT_BITS
        if bits:
            r = LOW_RANK[bits]
            if r < best_rank:
                best, best_rank = 16 * s + r, r
    return best


def _highest(m: int) -> int:
    best, best_rank = -1, -1
    for s in range(4):
        bits = m >> (16 * s) & SUIT_BITS
        if bits:
            r = TOP[bits]
            if r > best_rank:
                best, best_rank = 16 * s + r, r
    return best


def _pick(m: int, rng: random.Random) -> int:
    cards = C.card_list(m)
    return cards[rng.randrange(len(cards))]


def _policy_card(
    hand: int,
    seat: int,
    lead: int,
    top: int,
    winner: int,
    trick_points: int,
    leading: bool,
    points: list[int],
    double: bool,
    remaining: int,
    rng: random.Random,
) -> int:
    """The rollout policy, a cheap club player on bitmasks (see the module docstring): ``top`` is the card
    winning the trick so far (−1: none), played by ``winner``."""
    legal = hand
    if lead >= 0:
        follow = hand & C.SUIT_MASKS[lead]
        if follow:
            legal = follow
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    if rng.random() < ROLLOUT_EPSILON:
        return _pick(legal, rng)
    partners = PARTNER_MAPS[DOUBLE if double else SINGLE][seat]
    if double:
        gap = DOUBLE_ORIGIN - points[seat] - points[partners[0]] - points[partners[1]] - 0.6 * remaining
    else:
        gap = points[partners[0]] + 0.2 * remaining - points[seat]
    if leading:
        if gap >= 1:
            return _highest(legal)
        quiet = legal & ZERO_CARDS
        return _lowest(quiet or legal)
    if top < 0:
        wins = legal
    elif top >> 4 == 0:
        wins = legal & _above(top)
    else:
        wins = legal & (_above(top) | (SPADES if lead != 0 else 0))
    loses = legal & ~wins
    if loses and winner in partners and (not double or gap >= 1):
        feed = loses & POINT_MASK  # feed the partner's trick
        return _lowest(feed or loses)
    if wins and gap >= trick_points + 1:
        spade_wins = wins & SPADES
        if top >= 0 and (top >> 4 == 0 or not wins & ~SPADES):
            return _lowest(spade_wins) if spade_wins else _lowest(wins)
        plain = wins & ~SPADES
        return _highest(plain) if plain else _lowest(spade_wins)
    if loses:
        quiet = loses & ZERO_CARDS
        return _lowest(quiet or loses)
    plain = wins & ~SPADES
    return _lowest(plain or wins)


def playout(
    state: GogyoState, rng: random.Random, horizon: int = TRICKS_PER_DEAL
) -> tuple[tuple[float, ...], list[int]]:
    """Play ``state`` with the rollout policy on plain ints to the end of its deal — the deal's scores — or, where
    that comes first, to the end of ``horizon`` whole tricks after the current one: then each seat's expected deal
    score as the heuristic projects it from the points taken so far (:func:`expected_score`). Also the cards
    chosen, in order (the tests replay them through the pure rules)."""
    stop = state.trick_index + 1 + horizon
    hands = list(state.hands)
    points = [(m & POINT_MASK).bit_count() for m in state.captured]
    double = state.mode == DOUBLE
    table_points = (C.mask(state.table) & POINT_MASK).bit_count()
    trick_index = state.trick_index
    lead = -1 if state.lead_suit is None else state.lead_suit
    seat = state.turn if state.turn is not None else -1
    remaining = _remaining_points(state)
    top, winner, trick_points, played = -1, -1, 0, len(state.trick)
    for s, c in state.trick:
        if top < 0 or _key(c, lead) > _key(top, lead):
            top, winner = c, s
        trick_points += POINT_MASK >> c & 1
    if trick_index == 0:
        trick_points += table_points
    chosen: list[int] = []
    policy = _policy_card
    while True:
        leading = played == 0 and trick_index > 0
        card = policy(hands[seat], seat, lead, top, winner, trick_points, leading, points, double, remaining, rng)
        chosen.append(card)
        hands[seat] &= ~(1 << card)
        if leading:
            lead = card >> 4
        if top < 0 or _key(card, lead) > _key(top, lead):
            top, winner = card, seat
        trick_points += POINT_MASK >> card & 1
        played += 1
        if played < PLAYERS:
            seat = LEFT[seat]
            continue
        # the trick is complete: its winner takes it (with both table cards in trick 1, gogyo.md 4) and leads
        points[winner] += trick_points
        remaining -= trick_points
        trick_index += 1
        if trick_index == TRICKS_PER_DEAL:
            return deal_score(tuple(points), state.mode), chosen
        if trick_index >= stop:
            return tuple(expected_score(s, state.mode, points, remaining) for s in range(PLAYERS)), chosen
        seat = winner
        top, winner, trick_points, played, lead = -1, -1, 0, 0, -1


__all__ = ["GogyoKnowledge", "Kit", "expected_score", "objective", "playout"]
