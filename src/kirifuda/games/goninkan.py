"""Gonin-kan (ゴニンカン) — the Napoleon pair (関係) against the allies (無関係) for the 16 honours.

A trick-taking game of Goshogawara, Aomori (Tsugaru), played with 5, or with 6 where the sixth is
the non-playing dealer (配り役) who scores with the Napoleon team.
Sources: ../shared/rules/goninkan.md (the reference; cited below as "rules §Section" and rulings
K1–K6), which restores ../shared/seeds/003_2a1676867efee935.txt (a 2016 blog description, cited as
"seed 「…」" by its heading). The kirifuda rulings on gaps are G1–G12 (docs/rules/goninkan.md).

Players and positions (rules §Table): a player's id (their starting position) is their seat in
records and scores for the whole game; ``seating[position]`` says who sits where. Positions are
numbered in play order, so play is counter-clockwise and "next" (to the right) is position + 1.
With 6 the dealer's position is skipped by play and by every count. The dealer is a *position*
that moves one to the right each round; players move between positions only by the adjacency swap.

A round (rules §Rounds) is up to 3 battles (戦), each a new deal:
1. battle 1: deal 10 each to the 5 in play (G3); the Joker and trump-Ace holders are the Napoleon
   pair; a double holder (仮親) pairs with the second player to their right and a blind swap
   (the chance event ``swap 7H JK``) gives the partner one of the two cards (rules §Battle 1, 1–3);
   partners next to each other are separated (2); the first Napoleon player from the dealer calls
   ``go`` / ``come`` (5); must-follow play with the Joker's freedoms and bans (6, K1, K2);
2. battles 2–3 after a Napoleon win: new deal, two passes each way (``give 7H``, K4/K5), the
   other Napoleon player declares trump (``trump H``), then ``go`` / ``come`` (rules §Battles 2 and 3);
3. targets 9 / 8 / 9 honours; a battle ends when its result is certain (K3, option ``early_stop``);
   scoring per battle with skunks, 十六 / 逆十六 (``sixteen`` / ``stop``) and option ``zero_sum``
   (rules §Scoring). A game is ``rounds`` rounds (default 10), the last with ♠ trump.

``deal_scores`` has one tuple per completed *battle*, by player id (6 players: the dealer too).

kirifuda rulings (docs/rules/goninkan.md): G1 the pair is public, who holds which power card is not,
the blind swap's cards are known to the 仮親 and partner; G2 a passed card is known to giver and
receiver; G3 the deal order; G4 the seat swap in the playing ring; G5 the Joker option combinations;
G6 any suit may be named or declared; G7 no early stop means 10 tricks, unless a 十六 succeeds or
fails; G8 who may choose 十六 and when; G9 十六 scoring; G10 ``zero_sum`` ×3 / ×2, 5 players only;
G11 what imagined deals keep; G12 tricks 1 and 10 are counted per battle.

Actions (../shared/spec/records.md): ``go`` ``come`` ``play QS`` ``play JK:H`` ``play JK`` ``give 7H``
``trump H`` ``sixteen`` ``stop``; chance ``swap 7H JK``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import cards as C
from ..cards import JOKER, CardSet, suit_cards
from ..core import (
    Action,
    Deal,
    DealError,
    Game,
    IllegalAction,
    NotationError,
    Observation,
    OptionError,
    Options,
    ScoreLine,
    ScoreRule,
    evolve,
    line_totals,
    option,
    parse_words,
    replace_at,
    require_cards,
)

HAND_SIZE = 10  # rules §Cards: 10 each to the 5 players in play
IN_PLAY = 5  # rules §Table: 5 play; with 6 the dealer holds no cards
TRICKS = HAND_SIZE
HONOURS = C.mask(C.make(r, s) for s in range(4) for r in (C.JACK, C.QUEEN, C.KING, C.ACE))
"""rules §Cards: the honours (絵札) A K Q J of every suit."""
ALL_HONOURS = 16
JOKER_BIT = 1 << JOKER
TARGETS = (0, 9, 8, 9)
"""rules §Battle 1 4 and §Battles 2 and 3: the Napoleon target of battle 1, 2, 3."""
ROTATION = (C.CLUBS, C.DIAMONDS, C.HEARTS)
"""rules §Rounds: battle-1 trump by round ♣ ♦ ♥ ♣ …, the last round ♠ (止めスッペ)."""
LAST_ROUND_TRUMP = C.SPADES
BATTLES = 3

# rules §Scoring: the value of a battle to each Napoleon player (the allies get its negative)
WIN, LOSS = 1, -1
BATTLE3_BONUS = 1
SKUNK_BONUS = 1
SIXTEEN_BONUS = (8, 16)  # 十六, 逆十六: added on success
SIXTEEN_FAILURE = (16, 32)  # 十六, 逆十六: lost by the declaring side instead of the battle's result

# rules §Scoring, as the score lines name them (docs/rules/goninkan.md "Score lines")
BATTLE_RESULT = ScoreRule("S1", "battle won / lost", "戦の勝敗")
BATTLE3_BONUS_LINE = ScoreRule("S2", "battle 3 bonus", "3戦目のボーナス")
SKUNK_LINE = ScoreRule("S3", "skunk (スコンク)", "スコンク")
SIXTEEN_MADE = ScoreRule("S4", "十六 / 逆十六 made", "十六・逆十六 成功")
SIXTEEN_FAILED = ScoreRule("S5", "十六 / 逆十六 failed", "十六・逆十六 失敗")

NAPOLEON, ALLIES = 1, -1
"""Sides, as signs: a battle's value is from the Napoleon side's point of view."""

PASS_PLAN = ("ace", "ace", "other", "other")
"""rules §Battles 2 and 3 (K4, K5): who gives each card, in order — "ace" the player who held the
trump Ace at the battle-1 deal (the 仮親 if there was one), "other" their partner; each gives to the
other. The なかよし村 table was lost (K5): a variant plugs in another plan here."""

DEAL, SWAP, CALL, PASS, TRUMP, PLAY, SIXTEEN, OVER = (
    "deal",
    "swap",
    "call",
    "pass",
    "trump",
    "play",
    "sixteen",
    "over",
)
_DECIDING = (CALL, PASS, TRUMP, PLAY, SIXTEEN)


@dataclass(frozen=True, kw_only=True)
class GoninkanOptions(Options):
    players: int = option(6, 5, doc="6 (the championship form: a non-playing dealer 配り役) or 5, all playing")
    rounds: int = option(10, doc="rounds in a game (≥ 1); the last round's battle 1 has ♠ trump")
    joker_ban: str = option(
        "play", "lead", doc='K1: the Joker may not be "play"ed, or only not "lead", in tricks 1 and 10'
    )
    last_trick_joker: str = option(
        "forbidden", "weakest", doc='K1: in trick 10 the Joker obeys joker_ban ("forbidden") or is the weakest card'
    )
    early_stop: bool = option(
        True, False, doc="K3, G7: a battle ends as soon as its result is certain (false: 10 tricks)"
    )
    sixteen_in_battle1: bool = option(False, True, doc="十六 / 逆十六 also in battle 1 (なかよし村)")
    zero_sum: bool = option(False, True, doc="5 players: each ally settles with each Napoleon player (×3 / ×2)")

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.rounds < 1:
            raise OptionError(
                f"option 'rounds' must be at least 1, not {self.rounds}",
                ja=f"オプション rounds(ラウンド数)は1以上です({self.rounds} は不可)",
            )
        if self.zero_sum and self.players == 6:
            raise OptionError(
                "option 'zero_sum' is for 5 players only: with 6 the dealer scores with "
                "Napoleon and every battle is zero-sum already",
                ja="オプション zero_sum は5人専用です(6人では配り役が関係側で得点するので元からゼロサムです)",
            )


# --- actions --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Call(Action):
    """「行く!」 (``go``: I lead) or 「来い!」 (``come``: my partner leads) (rules §Battle 1 5)."""

    go: bool

    def __str__(self) -> str:
        return "go" if self.go else "come"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card; a led Joker names the suit to follow (``play JK:H``, K2)."""

    card: int
    suit: int | None = None

    def __str__(self) -> str:
        if self.suit is None:
            return "play " + C.text(self.card)
        return "play JK:" + C.SUITS[self.suit]


@dataclass(frozen=True, slots=True)
class Give(Action):
    """Pass one card to one's partner (battles 2–3, rules §Battles 2 and 3)."""

    card: int

    def __str__(self) -> str:
        return f"give {C.text(self.card)}"


@dataclass(frozen=True, slots=True)
class Trump(Action):
    """Declare the trump suit of battle 2 or 3 (rules §Battles 2 and 3)."""

    suit: int

    def __str__(self) -> str:
        return f"trump {C.SUITS[self.suit]}"


@dataclass(frozen=True, slots=True)
class Sixteen(Action):
    """Declare 十六 / 逆十六 (``sixteen``: go for all 16 honours) or ``stop`` (rules §Scoring)."""

    declare: bool

    def __str__(self) -> str:
        return "sixteen" if self.declare else "stop"


_PLAYS = {c: Play(c) for c in C.DECK_GONINKAN_50}
_JOKER_LEADS = tuple(Play(JOKER, s) for s in range(4))
_CALLS = (Call(True), Call(False))
_SIXTEENS = (Sixteen(True), Sixteen(False))
_TRUMPS = tuple(Trump(s) for s in range(4))
_WORDS: dict[str, Call | Sixteen] = {
    "go": Call(True),
    "行く": Call(True),
    "come": Call(False),
    "来い": Call(False),
    "sixteen": Sixteen(True),
    "十六": Sixteen(True),
    "逆十六": Sixteen(True),
    "stop": Sixteen(False),
}


_SUIT_ORDER: list[dict[int, tuple[int, ...]]] = [{} for _ in range(4)]


def _canonical(m: int) -> list[int]:
    """The cards of mask ``m`` in canonical order (♠ ♥ ♦ ♣, high first, the Joker last)."""
    out: list[int] = []
    for s in range(4):
        bits = (m >> (16 * s)) & C.RANK_MASK
        if bits:
            cached = _SUIT_ORDER[s].get(bits)
            if cached is None:
                cached = _SUIT_ORDER[s][bits] = tuple(s * 16 + r for r in range(12, -1, -1) if bits >> r & 1)
            out.extend(cached)
    if m & JOKER_BIT:
        out.append(JOKER)
    return out


# --- state ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundSetup:
    """What stays fixed while a battle is played: the seats, the teams, the trump and the call."""

    round: int  # 0-based
    battle: int  # 1..3
    dealer: int  # the dealer's *position* (配り役 with 6, 親 with 5)
    seating: tuple[int, ...]  # player id at each position (positions in play order)
    next_player: tuple[int, ...]  # by player id: the next player in play (−1: the 6-player dealer)
    trump: int  # −1 until declared (battles 2–3)
    ace: int  # who held the trump Ace at the battle-1 deal (the 仮親 if any); −1 before
    other: int  # their partner, who declares trump in battles 2–3
    napoleon: int  # bitmask of player ids on the Napoleon side (the pair, the 6-player dealer)
    kari_oya: int  # the double holder (仮親) this round, or −1
    swap: tuple[int, ...]  # the blind swap: (the partner's card, the power card), or ()
    seat_swap: tuple[int, ...]  # the two players who changed places this round, or ()
    call: str  # "", "go" or "come"


@dataclass(frozen=True, slots=True)
class GoninkanState:
    """A Gonin-kan game at one moment. Hands and piles are card bitmasks indexed by player id."""

    phase: str
    turn: int  # the player to act (−1 in chance phases and at the end)
    setup: RoundSetup
    hands: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]  # (player, card) in play order
    lead: int  # the suit to follow in this trick (a led Joker's named suit), −1
    history: tuple[tuple[int, tuple[tuple[int, int], ...], int], ...]  # (lead suit, trick, winner) per trick
    captured: tuple[int, ...]  # honours each player captured this battle (public, rules §Battle 1 7)
    discards: int  # other cards of completed tricks (played face up: public)
    napoleon_honours: int
    ally_honours: int
    outcome: int  # 0 undecided, NAPOLEON or ALLIES: the side that won the battle
    skunk: bool  # the losers had no honour when the result was decided
    sixteen: int  # 0, or the side that declared 十六 (NAPOLEON) / 逆十六 (ALLIES)
    sixteen_result: int  # 0 pending, 1 success, −1 failure
    passes: tuple[tuple[int, int, int], ...]  # (giver, receiver, card) in battles 2–3
    scores: tuple[tuple[int, ...], ...]  # per completed battle, by player id
    lines: tuple[tuple[ScoreLine, ...], ...] = ()  # each completed battle's score lines (sum: ``scores``)
    ended: RoundSetup | None = None  # the setup of the battle just ended, until the next deal


def battle1_trump(round_index: int, rounds: int) -> int:
    """rules §Rounds: ♣ ♦ ♥ in turn; the last round ♠."""
    return LAST_ROUND_TRUMP if round_index == rounds - 1 else ROTATION[round_index % len(ROTATION)]


def active_positions(n: int, dealer: int) -> list[int]:
    """Positions whose players play, in play order from position 0 (rules §Table: with 6 the
    dealer's position is skipped by play and by every count)."""
    return [pos for pos in range(n) if not (n > IN_PLAY and pos == dealer)]


def play_order(setup: RoundSetup) -> list[int]:
    """The players in play, in play order starting after the dealer's position (a 5-player dealer last)."""
    n = len(setup.seating)
    positions = ((setup.dealer + k) % n for k in range(1, n + 1))
    return [setup.seating[pos] for pos in positions if n == IN_PLAY or pos != setup.dealer]


def next_players(seating: tuple[int, ...], dealer: int) -> tuple[int, ...]:
    """By player id, the next player in play order (rules §Table); −1 for a non-playing dealer."""
    ring = active_positions(len(seating), dealer)
    out = [-1] * len(seating)
    for i, pos in enumerate(ring):
        out[seating[pos]] = seating[ring[(i + 1) % len(ring)]]
    return tuple(out)


def separate_partners(seating: tuple[int, ...], dealer: int, a: int, b: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """rules §Battle 1 2: if partner Q is next after partner P in play order, Q swaps positions with the
    player next after Q (the 6-player dealer skipped). Returns the seating and the two who moved."""
    nxt = next_players(seating, dealer)
    if nxt[a] == b:
        q = b
    elif nxt[b] == a:
        q = a
    else:
        return seating, ()
    r = nxt[q]
    pos_q, pos_r = seating.index(q), seating.index(r)
    new = list(seating)
    new[pos_q], new[pos_r] = r, q
    return tuple(new), (q, r)


def opener(setup: RoundSetup) -> int:
    """rules §Battle 1 5: of the pair, the first reached from the dealer in play order, counting the
    dealer's position first (a 5-player dealer may be one of them)."""
    n = len(setup.seating)
    for k in range(n):
        pid = setup.seating[(setup.dealer + k) % n]
        if pid in (setup.ace, setup.other):
            return pid
    raise AssertionError("no Napoleon player at the table")


def battle_parts(
    *, battle: int, outcome: int, skunk: bool, sixteen: int = 0, sixteen_result: int = 0
) -> tuple[tuple[ScoreRule, int], ...]:
    """rules §Scoring: what the battle is worth to each Napoleon player, by rule (each ally scores the negative,
    before ``zero_sum``): S1 won / lost, S2 the battle-3 bonus, S3 skunk, S4 a 十六 / 逆十六 made; S5 a failed
    十六 / 逆十六, which replaces the rest (G9)."""
    if sixteen and sixteen_result < 0:
        lost = SIXTEEN_FAILURE[0 if sixteen == NAPOLEON else 1]
        return ((SIXTEEN_FAILED, -lost if sixteen == NAPOLEON else lost),)
    parts = [(BATTLE_RESULT, WIN if outcome == NAPOLEON else LOSS)]
    if outcome == NAPOLEON and battle == BATTLES:
        parts.append((BATTLE3_BONUS_LINE, BATTLE3_BONUS))
    if skunk:
        parts.append((SKUNK_LINE, SKUNK_BONUS * outcome))
    if sixteen and sixteen_result > 0:
        parts.append((SIXTEEN_MADE, SIXTEEN_BONUS[0 if sixteen == NAPOLEON else 1] * sixteen))
    return tuple(parts)


def battle_value(*, battle: int, outcome: int, skunk: bool, sixteen: int = 0, sixteen_result: int = 0) -> int:
    """rules §Scoring: the sum of :func:`battle_parts`, the battle's value to each Napoleon player."""
    parts = battle_parts(battle=battle, outcome=outcome, skunk=skunk, sixteen=sixteen, sixteen_result=sixteen_result)
    return sum(value for _, value in parts)


# --- observation -----------------------------------------------------------------------------


@dataclass(frozen=True)
class BattleEnd:
    """The battle just ended, as everyone saw it end (the observation's ``ended``, until the next deal): its
    round, number, dealer, trump and target, and the Napoleon pair (public, G1) — the observation's other fields
    (``result``, ``skunk``, ``sixteen``, ``captured``, ``history`` …) still describe this battle then."""

    round_number: int
    battle: int
    dealer: int  # the dealer's player id
    trump: str | None
    target: int
    napoleon: tuple[int, ...]  # the pair
    napoleon_side: tuple[int, ...]  # every player scoring with Napoleon (6 players: the dealer too)


@dataclass(frozen=True)
class GoninkanObservation(Observation):
    """What one player at the table (``seat`` None: a spectator) knows (G1, G2).

    Public: the seating, the dealer, the Napoleon pair (its holders raised their hands), the 仮親 and
    the seat swap, the trump, the targets, the calls, every trick played and the honours each player
    captured, the number of cards passed, the scores. Private: one's own hand; which pair member held
    the trump Ace at the deal (public from battle 2, at once when there was a 仮親, and in battle 1 once a power
    card is played or a pair member plays another card to a trick 9 where the Joker is forced); the blind swap's
    cards (the 仮親 and partner only); a passed card (giver and receiver only)."""

    players: int
    rounds: int
    round_number: int  # 1..rounds
    battle: int  # 1..3
    dealer: int  # the dealer's player id
    seating: tuple[int, ...]  # player id at each position, in play order
    seat_swap: tuple[int, ...]  # the two players who changed places this round
    role: str | None  # "napoleon", "ally", "dealer" (6 players: Napoleon side), None
    napoleon: tuple[int, ...]  # the Napoleon pair (関係), once known
    ace_holder: int | None  # who held the trump Ace at the battle-1 deal, when this seat knows
    kari_oya: int | None  # the double holder (仮親) this round
    swap: tuple[str, ...] | None  # the blind swap's cards (partner's card, power card), 仮親 and partner only
    trump: str | None
    target: int  # honours the Napoleon side needs
    ally_target: int  # honours that stop it (17 − target)
    caller: int | None  # who calls 行く / 来い
    call: str | None
    passes: tuple[tuple[int, int, str | None], ...]  # (giver, receiver, card or None when unseen)
    hand: CardSet | None
    tricks_played: int  # completed tricks this battle (0..10)
    trick: tuple[tuple[int, str], ...]
    lead_suit: str | None  # the suit to follow (a led Joker's named suit)
    history: tuple[tuple[str, tuple[tuple[int, str], ...], int], ...]  # (lead suit, trick, winner)
    captured: tuple[CardSet, ...]  # honours captured by each player this battle
    discards: CardSet
    napoleon_honours: int
    ally_honours: int
    result: str | None  # "napoleon" or "allies" once the battle is decided
    skunk: bool
    sixteen: str | None  # "napoleon" (十六) or "allies" (逆十六) when declared
    sixteen_result: str | None  # "success" / "failure"
    ended: BattleEnd | None  # the battle just ended, while the next deal is pending or the game is over


_SIDE_NAMES = {NAPOLEON: "napoleon", ALLIES: "allies"}


# --- the game --------------------------------------------------------------------------------


def side_times(zero_sum: bool) -> tuple[int, int]:
    """What each Napoleon-side player and each ally multiply a battle's value by: G10 ``zero_sum`` (5 players),
    each ally settles with each Napoleon player — ×3 and ×2; else ×1."""
    return (IN_PLAY - 2, 2) if zero_sum else (1, 1)


def battle_scores(napoleon: int, value: int, *, players: int, zero_sum: bool) -> tuple[int, ...]:
    """Every player's score for a battle worth ``value`` (:func:`battle_value`) to the Napoleon side, whose
    player ids are the bits of ``napoleon``. rules §Scoring: ``value`` to every Napoleon-side player, its negative
    to every ally, times :func:`side_times` (G10)."""
    nap_times, ally_times = side_times(zero_sum)
    return tuple(value * nap_times if napoleon >> p & 1 else -value * ally_times for p in range(players))


def trick_winner(trick: Sequence[tuple[int, int]], lead: int, trump: int, weak_joker: bool) -> int:
    """Who wins a complete trick of ``(player, card)`` pairs (the one rule the fast engine and the bots call too).

    rules §Battle 1 6: the Joker; else the highest trump; else the highest of the suit to follow. K1 "weakest": in
    trick 10 a led Joker is the lowest card of its named suit, a following one never wins."""
    best, best_key = -1, -2
    for i, (player, card) in enumerate(trick):
        if card == JOKER:
            if not weak_joker:
                return player
            key = ((lead == trump) * 64 + 32) if i == 0 else -1
        else:
            suit = card >> 4  # a single deck: no copy flag above the suit bits
            key = (suit == trump) * 64 + (suit == lead) * 32 + (card & 15) + 1
        if key > best_key:
            best, best_key = player, key
    return best


GoninkanAction = Call | Play | Give | Trump | Sixteen
"""The actions of this game (what ``parse_action`` and ``legal_actions`` give)."""


class Goninkan(Game[GoninkanState, GoninkanAction, GoninkanObservation]):
    """The rules of Gonin-kan (see the module docstring for sources)."""

    id = "goninkan"
    title = "Gonin-kan"
    title_ja = "ゴニンカン"
    Options = GoninkanOptions
    options: GoninkanOptions
    pass_plan = PASS_PLAN

    def __init__(self, options: GoninkanOptions | None = None, **values: Any):
        super().__init__(options, **values)
        o = self.options
        self.n = o.players
        self._deck = C.DECK_GONINKAN_50  # rules §Cards
        self._sixteen_from = 1 if o.sixteen_in_battle1 else 2  # rules §Scoring 十六
        self._joker_forced_at_9 = o.joker_ban == "play" and o.last_trick_joker == "forbidden"
        self._single = tuple(frozenset((p,)) for p in range(self.n))

    def deck(self) -> tuple[int, ...]:
        return self._deck

    # lifecycle
    def initial(self) -> GoninkanState:
        seating = tuple(range(self.n))  # rules §Table: ids are the starting positions
        setup = self._round_setup(0, self.options.first_dealer, seating)
        return GoninkanState(
            phase=DEAL,
            turn=-1,
            setup=setup,
            hands=(0,) * self.n,
            trick=(),
            lead=-1,
            history=(),
            captured=(0,) * self.n,
            discards=0,
            napoleon_honours=0,
            ally_honours=0,
            outcome=0,
            skunk=False,
            sixteen=0,
            sixteen_result=0,
            passes=(),
            scores=(),
        )

    def _round_setup(self, round_index: int, dealer: int, seating: tuple[int, ...]) -> RoundSetup:
        return RoundSetup(
            round=round_index,
            battle=1,
            dealer=dealer,
            seating=seating,
            next_player=next_players(seating, dealer),
            trump=battle1_trump(round_index, self.options.rounds),
            ace=-1,
            other=-1,
            napoleon=0,
            kari_oya=-1,
            swap=(),
            seat_swap=(),
            call="",
        )

    def chance(self, state: GoninkanState) -> str | None:
        if state.phase == DEAL:
            return "deal"
        return "swap" if state.phase == SWAP else None

    def to_act(self, state: GoninkanState) -> frozenset[int]:
        return self._single[state.turn] if state.phase in _DECIDING else frozenset()

    def is_over(self, state: GoninkanState) -> bool:
        return state.phase == OVER

    # dealing
    def _hand_sizes(self, setup: RoundSetup) -> list[int]:
        sizes = [HAND_SIZE] * self.n
        if self.n > IN_PLAY:
            sizes[setup.seating[setup.dealer]] = 0  # rules §Table: the 6-player dealer holds no cards
        return sizes

    def random_deal(self, state: GoninkanState, rng: random.Random) -> Deal:
        # G3: one card at a time to the players in play order, starting after the dealer
        setup = state.setup
        pack = list(self._deck)
        rng.shuffle(pack)
        order = play_order(setup)
        hands: list[list[int]] = [[] for _ in range(self.n)]
        for k, card in enumerate(pack):
            hands[order[k % IN_PLAY]].append(card)
        return Deal(tuple(tuple(h) for h in hands))

    def check_deal(self, state: GoninkanState, deal: Deal) -> None:
        if state.phase != DEAL:
            raise DealError("no deal is due now", ja="今は配札の時ではありません")
        deal.check(self._deck, self._hand_sizes(state.setup))

    def apply_deal(self, state: GoninkanState, deal: Deal) -> GoninkanState:
        self.check_deal(state, deal)
        setup = state.setup
        hands = tuple(C.mask(h) for h in deal.hands)
        fresh: dict[str, Any] = dict(  # the fields every new battle starts with
            turn=-1,
            hands=hands,
            trick=(),
            lead=-1,
            history=(),
            captured=(0,) * self.n,
            discards=0,
            napoleon_honours=0,
            ally_honours=0,
            outcome=0,
            skunk=False,
            sixteen=0,
            sixteen_result=0,
            passes=(),
            scores=state.scores,
            lines=state.lines,
        )
        if setup.battle > 1:
            # rules §Battles 2 and 3: same dealer, teams and seats; the Ace holder passes first (K5: the plan says)
            first = setup.ace if self.pass_plan[0] == "ace" else setup.other
            return GoninkanState(phase=PASS, setup=evolve(setup, trump=-1, call=""), **{**fresh, "turn": first})
        # rules §Battle 1 1: the holders of the Joker and of the trump Ace are the Napoleon pair
        ace_card = C.make(C.ACE, setup.trump)
        ace = next(p for p in range(self.n) if hands[p] >> ace_card & 1)
        joker = next(p for p in range(self.n) if hands[p] & JOKER_BIT)
        if ace == joker:
            # rules §Battle 1 3: the 仮親 pairs with the second player to their right; a blind swap follows
            partner = setup.next_player[setup.next_player[ace]]
            setup = evolve(setup, ace=ace, other=partner, kari_oya=ace, napoleon=self._team(setup, ace, partner))
            return GoninkanState(phase=SWAP, setup=setup, **fresh)
        setup = evolve(setup, ace=ace, other=joker, napoleon=self._team(setup, ace, joker))
        return self._seat_and_call(GoninkanState(phase=CALL, setup=setup, **fresh))

    def _team(self, setup: RoundSetup, a: int, b: int) -> int:
        team = 1 << a | 1 << b
        if self.n > IN_PLAY:
            team |= 1 << setup.seating[setup.dealer]  # rules §Table: the 6-player dealer is on the Napoleon team
        return team

    def _seat_and_call(self, state: GoninkanState) -> GoninkanState:
        """rules §Battle 1 2 and 5: separate neighbouring partners, then the opener calls."""
        setup = state.setup
        seating, moved = separate_partners(setup.seating, setup.dealer, setup.ace, setup.other)  # G4
        if moved:
            setup = evolve(setup, seating=seating, next_player=next_players(seating, setup.dealer), seat_swap=moved)
        return evolve(state, phase=CALL, turn=opener(setup), setup=setup)

    # the blind swap (仮親)
    def _power_cards(self, setup: RoundSetup) -> tuple[int, int]:
        return JOKER, C.make(C.ACE, setup.trump)

    def random_chance(self, state: GoninkanState, rng: random.Random) -> str:
        if state.phase != SWAP:
            raise IllegalAction("no blind swap is pending", ja="仮親の伏せ札の交換はありません")
        # rules §Battle 1 3: an ally takes one unseen card of the partner's and one of the two face down
        setup = state.setup
        card = rng.choice(_canonical(state.hands[setup.other]))
        power = rng.choice(self._power_cards(setup))
        return f"swap {C.text(card)} {C.text(power)}"

    def apply_chance(self, state: GoninkanState, text: str) -> GoninkanState:
        if state.phase != SWAP:
            raise IllegalAction("no blind swap (仮親) is pending", ja="仮親の伏せ札の交換はありません")
        words = parse_words(text)
        if len(words) != 3 or words[0].lower() != "swap":
            raise NotationError(
                f"not a swap: {text!r} (write e.g. 'swap 7H JK': the partner's card, then the Joker or trump Ace)",
                ja="交換の書き方ではありません(例: swap 7H JK ― パートナーのカード、次にジョーカーか切り札のA)",
            )
        card, power = require_cards(words[1:])
        setup = state.setup
        if not state.hands[setup.other] >> card & 1:
            raise IllegalAction(
                f"{C.text(card)} is not in the partner's (player {setup.other}'s) hand",
                ja=f"{C.symbol(card)} はパートナー(プレイヤー {setup.other})の手札にありません",
            )
        if power not in self._power_cards(setup):
            ace = self._power_cards(setup)[1]
            raise IllegalAction(
                f"the 仮親's card in the swap must be JK or {C.text(ace)}, not {C.text(power)}",
                ja=f"交換する仮親のカードはジョーカーか {C.symbol(ace)} です({C.symbol(power)} は不可)",
            )
        hands = state.hands
        hands = replace_at(hands, setup.ace, hands[setup.ace] & ~(1 << power) | 1 << card)
        hands = replace_at(hands, setup.other, hands[setup.other] & ~(1 << card) | 1 << power)
        setup = evolve(setup, swap=(card, power))
        return self._seat_and_call(evolve(state, hands=hands, setup=setup))

    # actions
    def parse_action(self, text: str) -> GoninkanAction:
        words = parse_words(text)
        if not words:
            raise NotationError(
                "empty action (write e.g. 'go', 'come', 'play QS', 'play JK:H', 'give 7H', "
                "'trump H', 'sixteen' or 'stop')",
                ja="手が空です(例: go 行く, come 来い, play QS, play JK:H, give 7H, trump H, sixteen 十六, stop)",
            )
        verb = words[0].lower()
        if len(words) == 1 and verb in _WORDS:
            return _WORDS[verb]
        if len(words) == 2:
            arg = words[1]
            if verb == "play":
                card_text, colon, suit_text = arg.partition(":")
                card = require_cards([card_text])[0]
                if not colon:
                    return _PLAYS.get(card) or Play(card)
                if card != JOKER:
                    raise NotationError(
                        f"only the Joker names a suit: {text!r}", ja="スートを指定できるのはジョーカーだけです"
                    )
                return _JOKER_LEADS[_read_suit(suit_text)]
            if verb == "give":
                return Give(require_cards([arg])[0])
            if verb == "trump":
                return _TRUMPS[_read_suit(arg)]
        raise NotationError(
            f"not a Gonin-kan action: {text!r} (write 'go', 'come', 'play QS', 'play JK:H', "
            "'give 7H', 'trump H', 'sixteen' or 'stop')",
            ja="ゴニンカンの手ではありません(go 行く, come 来い, play QS, play JK:H, give 7H, trump H, "
            "sixteen 十六, stop のどれか)",
        )

    def legal_actions(self, state: GoninkanState, seat: int) -> list[GoninkanAction]:
        if seat != state.turn:
            return []
        phase = state.phase
        if phase == PLAY:
            cards, joker = self._playable(state, seat)
            out: list[GoninkanAction] = [_PLAYS[c] for c in _canonical(cards)]
            if joker:
                out.extend(_JOKER_LEADS if not state.trick else (_PLAYS[JOKER],))
            return out
        if phase == CALL:
            return list(_CALLS)
        if phase == PASS:
            return [Give(c) for c in _canonical(state.hands[seat])]
        if phase == TRUMP:
            return list(_TRUMPS)
        if phase == SIXTEEN:
            return list(_SIXTEENS)
        return []

    def _joker_allowed(self, trick_index: int, leading: bool) -> bool:
        """K1, G5, G12: the Joker is banned in trick 1 and trick 10 ("play": at all; "lead": as the lead), except
        that with ``last_trick_joker`` "weakest" it may be played in trick 10 (as the weakest card), and a
        trick-10 leader whose only card is the Joker leads it."""
        if trick_index == 0:
            return self.options.joker_ban == "lead" and not leading
        if trick_index == TRICKS - 1:
            return self.options.last_trick_joker == "weakest" or self.options.joker_ban == "lead"
        return True

    def _playable(self, state: GoninkanState, seat: int) -> tuple[int, bool]:
        """The non-Joker cards ``seat`` may play now, and whether the Joker may be played."""
        hand = state.hands[seat]
        plain = hand & ~JOKER_BIT
        if state.trick:
            follow = suit_cards(plain, state.lead)  # rules §Battle 1 6: must follow suit
            cards = follow if follow else plain
        else:
            cards = plain
        if not hand & JOKER_BIT:
            return cards, False
        index = len(state.history)
        if not self._joker_allowed(index, not state.trick):
            return cards, False
        if self._joker_forced_at_9 and index == TRICKS - 2:
            return 0, True  # rules §Battle 1 6: a holder who still has it at trick 9 must play it then
        return cards, True

    def apply(self, state: GoninkanState, seat: int, action: Action | str) -> GoninkanState:
        action = self._action(action)
        self._check_turn(state, seat)
        phase = state.phase
        if phase == PLAY:
            if not isinstance(action, Play):
                raise IllegalAction(
                    "it is time to play a card to the trick (e.g. 'play QS', 'play JK:H')",
                    ja="今はトリックにカードを出す番です(例: play QS, play JK:H)",
                )
            return self._play(state, seat, action)
        if phase == CALL:
            if not isinstance(action, Call):
                raise IllegalAction(
                    "it is time to call 行く 'go' (I lead) or 来い 'come' (my partner leads)",
                    ja="今は「行く!」(go: 自分がリード)か「来い!」(come: パートナーがリード)を宣言する番です",
                )
            setup = state.setup
            partner = setup.other if seat == setup.ace else setup.ace
            return evolve(state, phase=PLAY, turn=seat if action.go else partner, setup=evolve(setup, call=str(action)))
        if phase == PASS:
            if not isinstance(action, Give):
                raise IllegalAction(
                    "it is time to pass a card to your partner (e.g. 'give 7H')",
                    ja="今はパートナーにカードを1枚渡す番です(例: give 7H)",
                )
            return self._give(state, seat, action.card)
        if phase == TRUMP:
            if not isinstance(action, Trump):
                raise IllegalAction(
                    "it is time to declare the trump suit (e.g. 'trump H')",
                    ja="今は切り札を宣言する番です(例: trump H)",
                )
            setup = evolve(state.setup, trump=action.suit)  # G6: any suit
            return evolve(state, phase=CALL, turn=opener(setup), setup=setup)
        if not isinstance(action, Sixteen):
            raise IllegalAction(
                "it is time to declare 十六 'sixteen' or 'stop'",
                ja="今は十六・逆十六を宣言する(sixteen)か、しない(stop)かを選ぶ番です",
            )
        return self._sixteen(state, seat, action.declare)

    def _play(self, state: GoninkanState, seat: int, action: Play) -> GoninkanState:
        card = action.card
        hand = state.hands[seat]
        if not hand >> card & 1:
            raise IllegalAction(f"{C.text(card)} is not in your hand", ja=f"{C.symbol(card)} は手札にありません")
        leading = not state.trick
        if card == JOKER:
            _, joker = self._playable(state, seat)
            if not joker:
                led = self.options.joker_ban == "lead" and len(state.history) == 0
                number = len(state.history) + 1
                raise IllegalAction(
                    f"the Joker may not be {'led' if led else 'played'} in trick {number} (K1)",
                    ja=f"第{number}トリックではジョーカーを{'リードでき' if led else '出せ'}ません",
                )
            if leading:
                if action.suit is None:
                    raise IllegalAction(
                        "a led Joker names the suit to follow (K2), e.g. 'play JK:H'",
                        ja="ジョーカーをリードするときはフォローするスートを指定します(例: play JK:H)",
                    )
                lead = action.suit
            else:
                if action.suit is not None:
                    raise IllegalAction(
                        "only a led Joker names a suit; when following write 'play JK'",
                        ja="スートを指定するのはリードするジョーカーだけです。フォローでは play JK と書きます",
                    )
                lead = state.lead
        else:
            if action.suit is not None:
                raise IllegalAction("only the Joker names a suit", ja="スートを指定できるのはジョーカーだけです")
            if hand & JOKER_BIT and self._joker_forced_at_9 and len(state.history) == TRICKS - 2:
                raise IllegalAction(
                    "the Joker must be played in trick 9: it may not be played in trick 10 (K1)",
                    ja="第10トリックではジョーカーを出せないので、第9トリックで出さなければなりません",
                )
            if leading:
                lead = card >> 4 & 3
            else:
                lead = state.lead
                if card >> 4 & 3 != lead and suit_cards(hand & ~JOKER_BIT, lead):
                    raise IllegalAction(
                        f"must follow suit {C.SUIT_SYMBOLS[lead]}",  # rules §Battle 1 6
                        ja=f"{C.SUIT_SYMBOLS[lead]} を持っているのでフォローが必要です",
                    )
        hands = replace_at(state.hands, seat, hand & ~(1 << card))
        trick = state.trick + ((seat, card),)
        if len(trick) < IN_PLAY:
            return GoninkanState(
                phase=PLAY,
                turn=state.setup.next_player[seat],
                setup=state.setup,
                hands=hands,
                trick=trick,
                lead=lead,
                history=state.history,
                captured=state.captured,
                discards=state.discards,
                napoleon_honours=state.napoleon_honours,
                ally_honours=state.ally_honours,
                outcome=state.outcome,
                skunk=state.skunk,
                sixteen=state.sixteen,
                sixteen_result=state.sixteen_result,
                passes=state.passes,
                scores=state.scores,
                lines=state.lines,
            )
        return self._complete_trick(state, hands, trick, lead)

    def _complete_trick(
        self, state: GoninkanState, hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], lead: int
    ) -> GoninkanState:
        setup = state.setup
        index = len(state.history)
        weak = self.options.last_trick_joker == "weakest" and index == TRICKS - 1
        winner = trick_winner(trick, lead, setup.trump, weak)
        played = 0
        for _, card in trick:
            played |= 1 << card
        won = played & HONOURS  # rules §Battle 1 7: honours lie face up, other cards are discarded
        count = won.bit_count()
        nap, ally = state.napoleon_honours, state.ally_honours
        if setup.napoleon >> winner & 1:
            nap += count
        else:
            ally += count
        captured = replace_at(state.captured, winner, state.captured[winner] | won) if won else state.captured
        history = state.history + ((lead, trick, winner),)
        outcome, skunk, sixteen, result = state.outcome, state.skunk, state.sixteen, state.sixteen_result
        ask_sixteen = False
        target = TARGETS[setup.battle]
        if not outcome:
            # rules §Battle 1 8 and §Scoring: decided when a side reaches its mark; skunk judged now
            if nap >= target:
                outcome, skunk = NAPOLEON, ally == 0
            elif ally >= ALL_HONOURS + 1 - target:
                outcome, skunk = ALLIES, nap == 0
            ask_sixteen = skunk and setup.battle >= self._sixteen_from and index + 1 < TRICKS  # G8
        elif sixteen and not result:
            # rules §Scoring 十六: success at all 16, failure as soon as the other side captures one
            own, theirs = (nap, ally) if sixteen == NAPOLEON else (ally, nap)
            if theirs:
                result = -1
            elif own == ALL_HONOURS:
                result = 1
        after = GoninkanState(
            phase=PLAY,
            turn=winner,
            setup=setup,
            hands=hands,
            trick=(),
            lead=-1,
            history=history,
            captured=captured,
            discards=state.discards | (played & ~HONOURS),
            napoleon_honours=nap,
            ally_honours=ally,
            outcome=outcome,
            skunk=skunk,
            sixteen=sixteen,
            sixteen_result=result,
            passes=state.passes,
            scores=state.scores,
            lines=state.lines,
        )
        if ask_sixteen:
            return evolve(after, phase=SIXTEEN)  # the deciding trick's winner chooses (rules §Scoring)
        # K3, G7: a battle stops at a certain result (early_stop) and always at a 十六's success or failure
        # (rules §Scoring: "play goes on until … success … or … failure, play stops"); else it plays 10 tricks
        if index + 1 == TRICKS or (sixteen and result) or (self.options.early_stop and outcome and not sixteen):
            return self._end_battle(after)
        return after

    def _sixteen(self, state: GoninkanState, seat: int, declare: bool) -> GoninkanState:
        after = evolve(state, phase=PLAY, sixteen=state.outcome if declare else 0)
        if not declare and self.options.early_stop:
            return self._end_battle(after)
        return after

    def _give(self, state: GoninkanState, seat: int, card: int) -> GoninkanState:
        if not state.hands[seat] >> card & 1:
            raise IllegalAction(f"{C.text(card)} is not in your hand", ja=f"{C.symbol(card)} は手札にありません")
        setup = state.setup
        receiver = setup.other if seat == setup.ace else setup.ace
        hands = replace_at(state.hands, seat, state.hands[seat] & ~(1 << card))
        hands = replace_at(hands, receiver, hands[receiver] | 1 << card)
        passes = state.passes + ((seat, receiver, card),)
        step = len(passes)
        if step < len(self.pass_plan):
            giver = setup.ace if self.pass_plan[step] == "ace" else setup.other
            return evolve(state, turn=giver, hands=hands, passes=passes)
        # rules §Battles 2 and 3: then the player who did not hold the Ace declares trump
        return evolve(state, phase=TRUMP, turn=setup.other, hands=hands, passes=passes)

    def _end_battle(self, state: GoninkanState) -> GoninkanState:
        setup = state.setup
        parts = battle_parts(
            battle=setup.battle,
            outcome=state.outcome,
            skunk=state.skunk,
            sixteen=state.sixteen,
            sixteen_result=state.sixteen_result,
        )
        battle_lines = self.battle_lines(setup, parts)
        scores = state.scores + (line_totals(battle_lines, self.n),)
        # the battle's end (its setup, captures and result) stays in view until the next deal
        ended = evolve(state, turn=-1, scores=scores, lines=state.lines + (battle_lines,), ended=setup)
        napoleon_won = state.outcome == NAPOLEON and state.sixteen_result >= 0
        if napoleon_won and setup.battle < BATTLES:
            # rules §Battles 2 and 3: only after a Napoleon win; same dealer, teams and seats
            nxt = evolve(setup, battle=setup.battle + 1, trump=-1, call="")
            return evolve(ended, phase=DEAL, setup=nxt)
        # rules §Rounds: a round ends after a Napoleon loss, a failed 十六 or battle 3
        round_index = setup.round + 1
        if round_index == self.options.rounds:
            return evolve(ended, phase=OVER)
        nxt = self._round_setup(round_index, (setup.dealer + 1) % self.n, setup.seating)
        return evolve(ended, phase=DEAL, setup=nxt)

    def _side_times(self) -> tuple[int, int]:
        return side_times(self.options.zero_sum)

    def battle_scores(self, setup: RoundSetup, value: int) -> tuple[int, ...]:
        """rules §Scoring and G10: each player's score for a battle worth ``value`` (:func:`battle_scores`)."""
        return battle_scores(setup.napoleon, value, players=self.n, zero_sum=self.options.zero_sum)

    def battle_lines(self, setup: RoundSetup, parts: tuple[tuple[ScoreRule, int], ...]) -> tuple[ScoreLine, ...]:
        """:meth:`battle_scores` by rule: every part of the battle's value to every player of each side, by id."""
        nap_times, ally_times = self._side_times()
        return tuple(
            rule.line(p, value * nap_times if setup.napoleon >> p & 1 else -value * ally_times)
            for p in range(self.n)
            for rule, value in parts
        )

    # views
    def observation(self, state: GoninkanState, seat: int | None) -> GoninkanObservation:
        setup = state.setup
        dealt = setup.ace >= 0
        pair = (setup.ace, setup.other)
        dealer = setup.seating[setup.dealer]
        if seat is None or not dealt:
            role = None
        elif self.n > IN_PLAY and seat == dealer:
            role = "dealer"
        else:
            role = "napoleon" if seat in pair else "ally"
        in_pair = seat in pair if dealt else False
        ace_known = dealt and (setup.battle > 1 or setup.kari_oya >= 0 or in_pair or self._power_card_shown(state))
        target = TARGETS[setup.battle]
        return GoninkanObservation(
            seat=seat,
            players=self.n,
            rounds=self.options.rounds,
            round_number=setup.round + 1,
            battle=setup.battle,
            phase=state.phase,
            to_act=tuple(sorted(self.to_act(state))),
            dealer=dealer,
            seating=setup.seating,
            seat_swap=setup.seat_swap,
            role=role,
            napoleon=tuple(sorted(pair)) if dealt else (),
            ace_holder=setup.ace if ace_known else None,
            kari_oya=setup.kari_oya if setup.kari_oya >= 0 else None,
            swap=tuple(C.text(c) for c in setup.swap) if setup.swap and in_pair else None,
            trump=C.SUITS[setup.trump] if setup.trump >= 0 else None,
            target=target,
            ally_target=ALL_HONOURS + 1 - target,
            caller=opener(setup) if dealt else None,
            call=setup.call or None,
            passes=tuple((g, r, C.text(c) if seat in (g, r) else None) for g, r, c in state.passes),
            hand=None if seat is None else CardSet(state.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in state.hands),
            tricks_played=len(state.history),
            trick=tuple((p, C.text(c)) for p, c in state.trick),
            lead_suit=C.SUITS[state.lead] if state.lead >= 0 else None,
            history=tuple(
                (C.SUITS[lead], tuple((p, C.text(c)) for p, c in trick), w) for lead, trick, w in state.history
            ),
            captured=tuple(CardSet(m) for m in state.captured),
            discards=CardSet(state.discards),
            napoleon_honours=state.napoleon_honours,
            ally_honours=state.ally_honours,
            result=_SIDE_NAMES.get(state.outcome),
            skunk=state.skunk,
            sixteen=_SIDE_NAMES.get(state.sixteen),
            sixteen_result={1: "success", -1: "failure"}.get(state.sixteen_result),
            deal_scores=state.scores,
            totals=self.totals(state),
            ended=None if state.ended is None else self._battle_end(state.ended),
            deal_lines=state.lines,
        )

    def _battle_end(self, setup: RoundSetup) -> BattleEnd:
        return BattleEnd(
            round_number=setup.round + 1,
            battle=setup.battle,
            dealer=setup.seating[setup.dealer],
            trump=C.SUITS[setup.trump] if setup.trump >= 0 else None,
            target=TARGETS[setup.battle],
            napoleon=tuple(sorted((setup.ace, setup.other))),
            napoleon_side=tuple(p for p in range(self.n) if setup.napoleon >> p & 1),
        )

    def _power_card_shown(self, state: GoninkanState) -> bool:
        """G1: once the Joker or the trump Ace is played in battle 1, everyone knows who was dealt the Ace;
        so too when a pair member plays another card in trick 9 while the Joker is forced there (K1):
        they cannot hold the Joker."""
        power = self._power_cards(state.setup)
        if any(c in power for _, trick, _ in state.history for _, c in trick) or any(
            c in power for _, c in state.trick
        ):
            return True
        pair = (state.setup.ace, state.setup.other)
        return any(p in pair for p in self._without_joker_in_trick_9(state))

    def _without_joker_in_trick_9(self, state: GoninkanState) -> list[int]:
        """K1: with the Joker banned from trick 10 a holder must play it in trick 9, so whoever has played
        another card to trick 9 holds no Joker (public knowledge, G1, G11)."""
        if not self._joker_forced_at_9 or len(state.history) != TRICKS - 2:
            return []
        return [p for p, c in state.trick if c != JOKER]

    def seen(self, state: GoninkanState, seat: int | None, actor: int, action: Action) -> str:
        """G2: a passed card is known to its giver and receiver only; everything else is played face up."""
        if isinstance(action, Give) and seat != actor:
            setup = state.setup
            receiver = setup.other if actor == setup.ace else setup.ace
            return str(action) if seat == receiver else "give ?"
        return str(action)

    def seen_chance(self, state: GoninkanState, seat: int | None, event: str) -> str:
        """G1: the blind swap's cards are known to the 仮親 and their partner only."""
        setup = state.setup
        return event if seat in (setup.ace, setup.other) else "swap ? ?"

    def reshuffle_unseen(self, state: GoninkanState, seat: int | None, rng: random.Random) -> GoninkanState:
        """Redistribute the cards in the hands ``seat`` cannot see, keeping what it knows (G11): each hand's
        size; voids shown in play; no Joker with whoever played another card to trick 9 when the Joker is
        forced there (K1); in battle 1 the unplayed Joker and trump Ace with the pair, one each
        (swapped between them at random for a seat outside the pair); cards it passed or swapped to its
        partner. Pass and swap records this seat cannot see are history, not places: they are kept."""
        setup = state.setup
        places = [p for p in range(self.n) if p != seat and state.hands[p]]
        if len(places) < 2:
            return state
        hands = list(state.hands)
        pinned = [0] * self.n
        in_pair = seat in (setup.ace, setup.other)
        void = [0] * self.n
        for lead, trick, _ in (*state.history, (state.lead, state.trick, -1)):
            for p, c in trick:
                if c != JOKER and c >> 4 & 3 != lead:
                    void[p] |= 1 << lead
        for p in self._without_joker_in_trick_9(state):
            void[p] |= NO_JOKER
        if setup.battle == 1 and setup.ace >= 0:
            power = [(p, c) for c in self._power_cards(setup) for p in (setup.ace, setup.other) if hands[p] >> c & 1]
            if (
                len(power) == 2
                and not in_pair
                and state.phase != SWAP
                and power[0][0] != power[1][0]
                and not _void_for(void[power[0][0]], power[1][1])
                and not _void_for(void[power[1][0]], power[0][1])
                and rng.random() < 0.5
            ):
                (p0, c0), (p1, c1) = power
                hands[p0] = hands[p0] & ~(1 << c0) | 1 << c1
                hands[p1] = hands[p1] & ~(1 << c1) | 1 << c0
                power = [(p0, c1), (p1, c0)]
            for p, c in power:
                pinned[p] |= 1 << c
        if in_pair:
            where: dict[int, int] = {}
            if setup.swap and setup.battle == 1:
                where[setup.swap[0]] = setup.ace  # the partner knows where their swapped card went
            for _, receiver, card in state.passes:
                where[card] = receiver
            for card, p in where.items():
                if p != seat and hands[p] >> card & 1:
                    pinned[p] |= 1 << card
        free = [c for p in places for c in C.cards_in(hands[p] & ~pinned[p])]
        room = {p: (hands[p] & ~pinned[p]).bit_count() for p in places}
        assigned = _assign(free, room, void, rng)
        if assigned is None:
            return evolve(state, hands=tuple(hands))
        for p in places:
            hands[p] = pinned[p] | assigned[p]
        return evolve(state, hands=tuple(hands))

    def all_cards(self, state: GoninkanState) -> list[int]:
        if state.phase == DEAL and not state.scores:
            return []
        piles = [state.discards, *state.hands, *state.captured]
        out = [c for m in piles for c in C.cards_in(m)]
        out.extend(c for _, c in state.trick)
        return out

    def deal_scores(self, state: GoninkanState) -> tuple[tuple[int, ...], ...]:
        return state.scores

    def score_lines(self, state: GoninkanState) -> tuple[tuple[ScoreLine, ...], ...]:
        return state.lines


def _assign(
    cards: list[int], room: dict[int, int], void: list[int], rng: random.Random, attempts: int = 40
) -> dict[int, int] | None:
    """Deal ``cards`` into the places of ``room`` (each filled exactly) so that no place gets a suit it is
    void in: most constrained cards first, random places; None if the random tries all fail."""
    for _ in range(attempts):
        order = cards[:]
        rng.shuffle(order)
        order.sort(key=lambda c: sum(1 for p in room if not _void_for(void[p], c)))
        left = dict(room)
        out = {p: 0 for p in room}
        for card in order:
            options = [p for p, k in left.items() if k and not _void_for(void[p], card)]
            if not options:
                break
            p = rng.choices(options, weights=[left[q] for q in options])[0]
            out[p] |= 1 << card
            left[p] -= 1
        else:
            return out
    return None


NO_JOKER = 1 << 4
"""A bit of a player's ``void`` mask in :meth:`Goninkan.reshuffle_unseen`: known not to hold the Joker."""


def _void_for(void: int, card: int) -> bool:
    if card == JOKER:
        return bool(void & NO_JOKER)
    return bool(void >> (card >> 4 & 3) & 1)


def _read_suit(text: str) -> int:
    try:
        return C.parse_suit(text)
    except C.CardError as e:
        raise NotationError(str(e), ja="スートが読めません(S H D C または ♠ ♥ ♦ ♣)") from None
