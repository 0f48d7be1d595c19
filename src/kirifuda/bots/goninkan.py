"""The bots' kit for Gonin-kan (ゴニンカン): knowledge, sampler, the club player's heuristic, fast rollouts.

Rules: ../shared/rules/goninkan.md as implemented in :mod:`kirifuda.games.goninkan` (rulings K1–K6, G1–G12 in
docs/rules/goninkan.md); the kit is described in docs/bots/goninkan.md.

**What a seat knows.** The observation already holds the battle's public record (every trick, the captured
honours, the pair, the seating, the calls) and the seat's private facts (its hand, the passes it gave or
received, the blind swap's cards for the pair, who was dealt the trump Ace where G1 makes it known).
:class:`GoninkanKnowledge` adds what the history shows and the table no longer says: the cards each player has
played this battle, the suits each has shown it lacks (a non-Joker card off the suit to follow: the Joker may
be played even when able to follow, so it shows nothing), and who cannot hold the Joker (K1: whoever plays
another card to trick 9 when the Joker is forced there). Nothing is read from the true state: in particular the
pair's power cards are placed from the information alone (the existing ``Goninkan.reshuffle_unseen`` reads them
from the true state, G11).

**The sampler** places, in order:

1. cards whose place the seat knows: those it passed to its partner (and not passed back or played), the card
   the 仮親 received in the blind swap (known to the partner);
2. in battle 1 the Joker and the trump Ace, one to each member of the pair (rules §Battle 1 1 and 3: after a
   blind swap too): every assignment that agrees with the cards the seat holds or has seen played, with who was
   dealt the Ace when that is public (G1), and with shown voids, equally likely (both leave the same problem
   for the other cards);
3. the other unseen cards into the other hands, sizes kept, no card of a suit its holder has shown void and no
   Joker where it cannot be (:class:`~kirifuda.bots.dealing.ConstrainedDeal`).

What the seat cannot know and the rules never read again is filled in plausibly: who was dealt the trump Ace
follows the sampled hands, the cards of passes between others and of an unseen blind swap are drawn from the
receiver's cards.

**The inference model** (the ``-infer`` levels' weighted sampler, :meth:`Kit.log_likelihood`; measured, not
adopted by a plain level) reads the other seats' plays and calls back as the club player's: a trick its side had
already won got no honour from it, so it held none it could give; an opponent's trick with an honour in it was not
beaten, so it held no winner; an honour given to the opponents means no small card to duck with; a 行く / 来い or a
trump declared says how strong its hand was. Each determinization whose hands contradict a play or a call is ε times
as likely (:func:`play_checks`, :func:`call_checks`; docs/bots/goninkan.md "Reading the plays").

**The heuristic** ("partners cooperate, the Joker is timed"): for each legal card it draws a few sampled
states and plays out the rest of the trick with the rollout policy, valuing honours won by its side (the
Napoleon pair, the 6-player dealer with them, or the allies) against honours lost, with a bonus for reaching
its side's target and a penalty for letting the other side reach theirs; spending the Joker, a trump or a high
card costs a little, so the Joker waits for a trick worth several honours or one that decides the battle.
行く / 来い: "go" with a long trump suit or a side suit headed by A K, else let the partner lead. Passes void a
short side suit; the trump is the suit of most length and honours; 十六 is declared only when rollouts from
sampled states make success near certain.

**Rollouts** play a sampled state to the end of its battle on :class:`kirifuda.fast.goninkan.Position` (the
fast engine, lockstep-checked against the pure rules) with a cheap policy of the same spirit, from any phase
(passes, trump, call, play, 十六).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .. import cards as C
from ..cards import JOKER
from ..core import Action, Observation, Seen
from ..fast.goninkan import (
    COME,
    DECLARE,
    GO,
    JOKER_LEAD,
    STOP,
    Position,
    Rules,
    canonical,
)
from ..games.goninkan import (
    ALL_HONOURS,
    ALLIES,
    CALL,
    HONOURS,
    IN_PLAY,
    NAPOLEON,
    PASS,
    PLAY,
    SIXTEEN,
    TRICKS,
    TRUMP,
    Call,
    Give,
    Goninkan,
    GoninkanObservation,
    GoninkanState,
    Play,
    RoundSetup,
    Sixteen,
    Trump,
    next_players,
    trick_winner,
)
from .dealing import ConstrainedDeal, ImpossibleDeal
from .info import InfoState, Knowledge
from .kit import GameKit

JOKER_BIT = 1 << JOKER
_Checks = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int, int, int], ...]]
"""What the inference model reads from one information state: :func:`play_checks` and :func:`call_checks`."""
ALL_CARDS = C.SUIT_MASKS[0] | C.SUIT_MASKS[1] | C.SUIT_MASKS[2] | C.SUIT_MASKS[3]
MODEL_EPSILON = 0.1
"""How likely, against a play that agrees, a play is that the inference model's club player would not have made
(:meth:`Kit.log_likelihood`): chosen from the beliefs it gives (docs/bots/goninkan.md "Reading the plays")."""
INFER_POOL = 2048
"""Determinizations the ``-infer`` levels draw and weigh per decision (:attr:`~kirifuda.bots.kit.GameKit.infer_pool`;
no plain level does: :attr:`Kit.infer_levels`)."""
SIDE = {"napoleon": NAPOLEON, "allies": ALLIES}
RESULT = {"success": 1, "failure": -1}


@dataclass(frozen=True)
class GoninkanKnowledge(Knowledge):
    """What a seat has seen this battle beyond the table as it lies (see the module docstring). Masks by
    player id: the cards each has played, the suits each has shown it lacks (bit = suit); a bitmask of the
    players known not to hold the Joker."""

    joker_forced_at_9: bool = True  # K1: joker_ban "play" with last_trick_joker "forbidden"
    played: tuple[int, ...] = ()
    voids: tuple[int, ...] = ()
    no_joker: int = 0

    def update(self, seen: Seen, before: Observation, after: Observation) -> GoninkanKnowledge:
        assert isinstance(before, GoninkanObservation)
        if seen.actor == "deal":
            n = before.players
            return GoninkanKnowledge(joker_forced_at_9=self.joker_forced_at_9, played=(0,) * n, voids=(0,) * n)
        if not isinstance(seen.actor, int) or not seen.text.startswith("play "):
            return self
        player = seen.actor
        card = JOKER if seen.text[5:7] == "JK" else C.parse(seen.text[5:])
        played = _with(self.played, player, self.played[player] | 1 << card)
        voids, no_joker = self.voids, self.no_joker
        if before.trick and card != JOKER and before.lead_suit is not None:
            lead = C.SUITS.index(before.lead_suit)
            if card >> 4 != lead:  # rules §Battle 1 6: must follow suit (the Joker excepted)
                voids = _with(voids, player, voids[player] | 1 << lead)
        if self.joker_forced_at_9 and before.tricks_played == TRICKS - 2 and card != JOKER:
            no_joker |= 1 << player  # K1: a Joker holder must play it in trick 9
        return GoninkanKnowledge(
            joker_forced_at_9=self.joker_forced_at_9, played=played, voids=voids, no_joker=no_joker
        )


def _with(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1 :]


@dataclass(frozen=True)
class _Placement:
    """One way of placing the hidden cards: where the battle-1 power cards are, and the deal of the rest."""

    power: dict[int, int]  # unplayed power card → player
    ace: int  # who was dealt the trump Ace under this placement
    deal: ConstrainedDeal
    places: tuple[int, ...]  # player ids in the order of ``deal``'s rooms


@dataclass(frozen=True)
class _Frame:
    """What the sampler and the heuristic read from one information state, prepared once."""

    seat: int
    hand: int
    pair: tuple[int, ...]
    power_cards: tuple[int, ...]  # the Joker and the trump Ace (battle 1)
    power_mask: int
    pinned: dict[int, int]  # card → player: unplayed cards whose place the seat knows
    placements: tuple[_Placement, ...]
    played: tuple[int, ...]
    setup: RoundSetup  # ``ace`` and ``swap`` are completed per sample where the seat cannot know them
    swap_unknown: bool
    passes: tuple[tuple[int, int, int], ...]  # card −1 where the seat did not see it
    state: GoninkanState  # every field but the hidden hands


class Kit(GameKit):
    """Gonin-kan's knowledge, sampler, heuristic and rollout (see the module docstring)."""

    budgets = {"easy": 160, "normal": 800, "hard": 2400}
    """Iterations per decision, calibrated to ≈ 0.05 / 0.25 / 1 s on one core (docs/bots/goninkan.md)."""
    heuristic_samples = 12
    """Sampled states per legal card in the heuristic's trick evaluation."""
    sixteen_rollouts = 24
    model_epsilon: ClassVar[float] = MODEL_EPSILON
    """The inference model's weight of a play the club player would not have made (:meth:`log_likelihood`)."""
    infer_pool: int = INFER_POOL
    infer_levels: ClassVar[tuple[str, ...]] = ()
    """No level weighs by default: ``hard`` so weighted ranked no better against ``normal`` (docs/bots/goninkan.md
    "Reading the plays"); ``hard-infer`` and the other ``-infer`` names weigh a pool of :data:`INFER_POOL`."""
    span_trim = 0.02
    """The search's reward range leaves out 2 % of the seat's leaf rewards at each end (:attr:`GameKit.span_trim`): a
    十六 / 逆十六 leaf (±16 / ±32 against a battle's ±1 / ±2) met in a battle 2–3 search no longer flattens it."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        assert isinstance(game, Goninkan)
        self.rules = Rules(game)
        self._frames: dict[int, tuple[InfoState, _Frame]] = {}
        self._check_cache: dict[int, tuple[InfoState, _Checks]] = {}

    def knowledge(self, seat: int) -> GoninkanKnowledge:
        return GoninkanKnowledge(joker_forced_at_9=self.rules.joker_forced_at_9)

    # --- the sampler ---------------------------------------------------------------------------

    def frame(self, info: InfoState) -> _Frame:
        cached = self._frames.get(info.seat)
        if cached is not None and cached[0] is info:
            return cached[1]
        frame = _read(info, self.rules)
        self._frames[info.seat] = (info, frame)
        return frame

    def sample(self, info: InfoState, rng: random.Random) -> GoninkanState:
        """A state consistent with ``info`` (see the module docstring for the method)."""
        frame = self.frame(info)
        placements = frame.placements
        placement = placements[rng.randrange(len(placements))] if len(placements) > 1 else placements[0]
        hands = list(frame.state.hands)
        for card, player in frame.pinned.items():
            hands[player] |= 1 << card
        for card, player in placement.power.items():
            hands[player] |= 1 << card
        for player, cards in zip(placement.places, placement.deal.sample(rng), strict=True):
            hands[player] |= cards
        setup = frame.setup
        if setup.ace != placement.ace or frame.swap_unknown:
            ace = placement.ace
            other = frame.pair[0] if frame.pair[1] == ace else frame.pair[1]
            swap = setup.swap
            if frame.swap_unknown:
                # an ally cannot know the blind swap: the partner got a power card, the 仮親 one of their cards
                power = next(c for c in frame.power_cards if (hands[other] | frame.played[other]) >> c & 1)
                kept = (hands[ace] | frame.played[ace]) & ~frame.power_mask
                options = C.card_list(kept)
                swap = (options[rng.randrange(len(options))], power)
            setup = _replace_setup(setup, ace=ace, other=other, swap=swap)
        passes = frame.passes
        if any(card < 0 for _, _, card in passes):
            filled = []
            taken = 0
            for giver, receiver, card in passes:
                if card < 0:
                    pool = (hands[receiver] | frame.played[receiver]) & ~taken
                    options = C.card_list(pool) or C.card_list(hands[receiver] | frame.played[receiver])
                    card = options[rng.randrange(len(options))]
                taken |= 1 << card
                filled.append((giver, receiver, card))
            passes = tuple(filled)
        base = frame.state
        return GoninkanState(
            phase=base.phase,
            turn=base.turn,
            setup=setup,
            hands=tuple(hands),
            trick=base.trick,
            lead=base.lead,
            history=base.history,
            captured=base.captured,
            discards=base.discards,
            napoleon_honours=base.napoleon_honours,
            ally_honours=base.ally_honours,
            outcome=base.outcome,
            skunk=base.skunk,
            sixteen=base.sixteen,
            sixteen_result=base.sixteen_result,
            passes=passes,
            scores=base.scores,
            lines=base.lines,
        )

    # --- the club player -------------------------------------------------------------------------

    def heuristic(self, info: InfoState, legal: Sequence[Action], rng: random.Random) -> Action:
        obs = info.observation
        assert isinstance(obs, GoninkanObservation)
        first = legal[0]
        if isinstance(first, Call):
            trump = C.SUITS.index(obs.trump) if obs.trump else -1
            go = strong_hand(_hand(obs), trump)
            return next(a for a in legal if isinstance(a, Call) and a.go == go)
        if isinstance(first, Trump):
            suit = best_trump(_hand(obs))
            return next(a for a in legal if isinstance(a, Trump) and a.suit == suit)
        if isinstance(first, Give):
            card = pass_card(_hand(obs), keep=best_trump(_hand(obs)) if info.seat == _declarer(obs) else -1)
            return next(a for a in legal if isinstance(a, Give) and a.card == card)
        if isinstance(first, Sixteen):
            declare = self._sixteen_worth_it(info, rng)
            return next(a for a in legal if isinstance(a, Sixteen) and a.declare == declare)
        return self._play(info, legal, rng)

    def _play(self, info: InfoState, legal: Sequence[Action], rng: random.Random) -> Action:
        obs = info.observation
        assert isinstance(obs, GoninkanObservation)
        if len(legal) == 1:
            return legal[0]
        seat = info.seat
        samples = [Position.from_state(self.rules, self.sample(info, rng)) for _ in range(self.heuristic_samples)]
        mine = NAPOLEON if seat in obs.napoleon else ALLIES
        own, theirs = (
            (obs.napoleon_honours, obs.ally_honours) if mine == NAPOLEON else (obs.ally_honours, obs.napoleon_honours)
        )
        own_target, their_target = (obs.target, obs.ally_target) if mine == NAPOLEON else (obs.ally_target, obs.target)
        decided = obs.result is not None
        best: tuple[float, float] | None = None
        choice = legal[0]
        policy_rng = random.Random(rng.random())
        for action in legal:
            assert isinstance(action, Play)
            code = JOKER_LEAD + action.suit if action.suit is not None else action.card
            total = 0.0
            for position in samples:
                winner, honours = _finish_trick(position.copy(), code, policy_rng)
                friend = (position.napoleon >> winner & 1) == (mine == NAPOLEON)
                if friend:
                    reached = not decided and own < own_target <= own + honours
                    total += honours + (TARGET_BONUS if reached else 0.0)
                else:
                    reached = not decided and theirs < their_target <= theirs + honours
                    total -= honours + (TARGET_BONUS if reached else 0.0)
            value = total / len(samples) - spend_cost(action.card, code, obs)
            key = (value, rng.random())
            if best is None or key > best:
                best, choice = key, action
        return choice

    def _sixteen_worth_it(self, info: InfoState, rng: random.Random) -> bool:
        """十六 / 逆十六 only when rollouts from sampled states find it clearly better than stopping, and
        near certain to succeed."""
        seat = info.seat
        gain = 0.0
        successes = 0
        for _ in range(self.sixteen_rollouts):
            state = self.sample(info, rng)
            outcomes = []
            for declare in (DECLARE, STOP):
                position = Position.from_state(self.rules, state)
                done = len(position.scores)
                position.act(declare)
                scores = _play_out(position, rng, done)
                outcomes.append(scores[seat])
                if declare == DECLARE and position.sixteen_result > 0:
                    successes += 1
            gain += outcomes[0] - outcomes[1]
        return gain > 0 and successes >= SIXTEEN_CONFIDENCE * self.sixteen_rollouts

    # --- search --------------------------------------------------------------------------------

    def rollout_policy(self, state: GoninkanState, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
        position = Position.from_state(self.rules, state)
        code = policy_code(position, rng)
        return legal[position.choices().index(code)]

    def rollout(self, state: GoninkanState, rng: random.Random) -> tuple[int, ...]:
        return _play_out(Position.from_state(self.rules, state), rng)

    # --- the inference model (docs/bots/goninkan.md "Reading the plays") --------------------------------

    def log_likelihood(self, info: InfoState, state: Any, epsilon: float) -> float | None:
        """The inference-weighted sampler's model (:mod:`kirifuda.bots.inference`): **the club player feeds a
        partner's trick and ducks an opponent's**. At each play another seat made this battle when the trick's
        winner was already certain whatever it played (it played last, or after an unweakened Joker), the club
        player would have fed its partner's trick an honour it could not overtake with, beaten an opponent's trick
        that held an honour with a card it had, played its lowest such card, and given an opponent's trick no honour
        it could keep (:func:`play_checks`). Each such play that ``state``'s hands contradict — the card the seat
        would have played was in its hand then (its hand in ``state`` with the cards it played since) — is
        ``ε`` times as likely as one that agrees (:attr:`model_epsilon`). So are a 行く / 来い the club player would
        not have called with the hand ``state`` gives the caller, and a trump declared that is not its strongest
        suit (:func:`call_checks`). Reads the public calls and tricks (rules §Battle 1 7: every card is played face
        up) and ``state``'s hands only."""
        plays, calls = self._checks(info)
        hands = state.hands
        contradicted = sum(1 for player, mask in plays if hands[player] & mask)
        for player, played, trump, choice in calls:
            hand = hands[player] | played
            if trump < 0:  # a trump declared (battles 2 and 3): a suit no stronger than another it held
                contradicted += trump_strength(hand, choice) < max(trump_strength(hand, s) for s in range(4))
            else:  # 行く / 来い
                contradicted += strong_hand(hand, trump) != bool(choice)
        return contradicted * math.log(self.model_epsilon)

    def _checks(self, info: InfoState) -> _Checks:
        cached = self._check_cache.get(info.seat)
        if cached is not None and cached[0] is info:
            return cached[1]
        base = self.frame(info).state
        checks = (
            play_checks(base, info.seat, weak_last=self.rules.last_trick_joker == "weakest"),
            call_checks(info, base),
        )
        self._check_cache[info.seat] = (info, checks)
        return checks

    honour_weight: ClassVar[float] = 0.0
    """What a leaf adds to each Napoleon player's battle score for the Napoleon side's honour margin when the battle
    stops, per 16 honours (the allies the opposite): a denser signal than the result alone. Off: 0.5 with
    :attr:`continuation` (0.25, 0.19) and the allies' guarded rollouts measured no better (:data:`GUARDED`)."""
    continuation: ClassVar[tuple[float, float]] = (0.0, 0.0)
    """What a Napoleon win in battle 1 / battle 2 is worth to each Napoleon player beyond its own score: the battles
    it opens (rules §Battles 2 and 3). Measured: the Napoleon side's mean score in the battles that follow a win,
    over 300 10-round games of the rollout policy before :data:`GUARDED` (0.185 / 0.200 with it:
    ``bench/goninkan_rollouts.py``; docs/bots/goninkan.md)."""

    def evaluate(self, state: GoninkanState, deal: int, rng: random.Random, seat: int | None = None) -> Sequence[float]:
        """The battle's scores (:meth:`GameKit.evaluate`), plus for each Napoleon player (minus for each ally)
        :attr:`honour_weight` × the honour margin / 16 and, after a Napoleon win that opens the next battle, that
        battle's :attr:`continuation`."""
        if not self.honour_weight and not any(self.continuation):
            return super().evaluate(state, deal, rng, seat)
        if len(state.scores) > deal:
            setup = state.ended
            assert setup is not None
            scores = state.scores[deal]
            napoleon, battle = setup.napoleon, setup.battle
            nap, ally, outcome, sixteen = (
                state.napoleon_honours,
                state.ally_honours,
                state.outcome,
                state.sixteen_result,
            )
        else:
            position = Position.from_state(self.rules, state)
            napoleon, battle = position.napoleon, position.battle
            scores = _play_out(position, rng)
            nap, ally, outcome, sixteen = position.nap, position.ally, position.outcome, position.sixteen_result
        extra = self.honour_weight * (nap - ally) / ALL_HONOURS
        if outcome == NAPOLEON and sixteen >= 0 and battle < len(self.continuation) + 1:
            extra += self.continuation[battle - 1]
        return tuple(s + extra if napoleon >> p & 1 else s - extra for p, s in enumerate(scores))

    def roles(self, state: Any) -> tuple[str, ...] | None:
        """Each player's role in the battle just finished: "napoleon" (the pair), "dealer" (the 6-player
        配り役, Napoleon side) or "ally"."""
        assert isinstance(state, GoninkanState)
        setup = state.setup
        n = len(setup.seating)
        if setup.ace >= 0:
            pair = {setup.ace, setup.other}
            dealer = setup.seating[setup.dealer] if n > IN_PLAY else -1
        else:
            # the battle ended its round and the next round is set up: the pair is the finished battle's
            # Napoleon side (its scores), the dealer the previous round's
            last = state.scores[-1]
            dealer = setup.seating[(setup.dealer - 1) % n] if n > IN_PLAY else -1
            if dealer >= 0:
                side = {p for p in range(n) if last[p] == last[dealer]}
            else:
                values = [last[p] for p in range(n)]
                side = {p for p in range(n) if values.count(last[p]) == 2}
            pair = side - {dealer}
        return tuple("dealer" if p == dealer else "napoleon" if p in pair else "ally" for p in range(n))


def play_checks(state: GoninkanState, seat: int, *, weak_last: bool = False) -> tuple[tuple[int, int], ...]:
    """What the other players' plays of this battle say about their hands under the inference model
    (:meth:`Kit.log_likelihood`): ``(player, mask)`` pairs, each a play the club player would not have made had
    ``player`` then held a card of ``mask`` — that is, its hand now (in a determinization) or a card it played
    since. Read from the public tricks of ``state`` (its history and the trick on the table) only; plays that
    every determinization contradicts (the card was played later) are left out, as they weigh all alike.

    Following suit or not (the legal cards are the suit led, or any card when void):

    * the partner's side winning a trick whose winner the play could no longer change (the player was last to
      play, or an unweakened Joker, K1, was already in it) and a card that is not an honour played: it held no
      honour it could give without overtaking (the club player feeds the lowest, :func:`_play_code`);
    * the opponents winning and the play not winning, anywhere in the trick: it held no card that would have won
      a trick with an honour in it (or, a trick without one, no honour that would have won), and, when it gave an
      honour, no card that is neither an honour nor a winner (the club player ducks with a small card);
    * the play winning as last player: no lower card of its suit that also wins (the lowest winner)."""
    setup = state.setup
    trump, side = setup.trump, setup.napoleon
    tricks = [(lead, trick) for lead, trick, _ in state.history]
    if state.trick:
        tricks.append((state.lead, state.trick))
    later = [0] * len(state.hands)
    checks: list[tuple[int, int]] = []
    for number in range(len(tricks) - 1, -1, -1):
        lead, trick = tricks[number]
        weak = weak_last and number == TRICKS - 1
        for player, card in trick:
            later[player] |= 1 << card  # its hand then held every card it played from this trick on
        for i in range(1, len(trick)):
            player, card = trick[i]
            if player == seat or card == JOKER:
                continue  # the Joker may be played any time (rules §Battle 1 6): it says nothing here
            before = trick[:i]
            last = i == IN_PLAY - 1
            certain = last or (not weak and any(c == JOKER for _, c in before))
            legal = C.SUIT_MASKS[lead] if card >> 4 == lead else ALL_CARDS
            winners = 0
            for other in C.card_list(legal):
                if trick_winner((*before, (player, other)), lead, trump, weak) == player:
                    winners |= 1 << other
            mine = side >> player & 1
            friend = (side >> trick_winner(before, lead, trump, weak) & 1) == mine
            honour = HONOURS >> card & 1
            mask = 0
            if friend:
                if certain and not honour:
                    mask = legal & HONOURS & ~winners
            elif not winners >> card & 1:
                if honour or any(HONOURS >> c & 1 for _, c in before if c != JOKER):
                    mask |= legal & winners
                else:
                    mask |= legal & winners & HONOURS
                if honour:
                    mask |= legal & ~HONOURS & ~winners
            elif last:
                mask = winners & C.SUIT_MASKS[card >> 4] & ((1 << card) - 1)
            if mask and not later[player] & mask:
                checks.append((player, mask))
    return tuple(checks)


def call_checks(info: InfoState, state: GoninkanState) -> tuple[tuple[int, int, int, int], ...]:
    """The calls of this battle by players other than ``info.seat`` that the inference model reads
    (:meth:`Kit.log_likelihood`), each ``(player, cards played since, trump, choice)``: a 行く (choice 1) or 来い (0)
    under ``trump`` (rules §Battle 1 5: the club player goes with a strong hand, :func:`strong_hand`), or a trump
    declared (trump −1, choice the suit; §Battles 2 and 3: its strongest suit, :func:`best_trump`). Both were
    made after the battle's passes and swap and before its first card, so the hand then was the hand now with
    every card played since. Read from the public history and tricks only."""
    start = max((i for i, seen in enumerate(info.history) if seen.actor == "deal"), default=-1)
    played = [0] * len(state.hands)
    for _, trick, _ in state.history:
        for player, card in trick:
            played[player] |= 1 << card
    for player, card in state.trick:
        played[player] |= 1 << card
    trump = state.setup.trump
    checks = []
    for seen in info.history[start + 1 :]:
        if not isinstance(seen.actor, int) or seen.actor == info.seat:
            continue
        player, text = seen.actor, seen.text
        if text in ("go", "come"):
            checks.append((player, played[player], trump, int(text == "go")))
        elif text.startswith("trump "):
            checks.append((player, played[player], -1, C.SUITS.index(text[6:])))
    return tuple(checks)


# --- reading an information state ---------------------------------------------------------------


def _pair(setup: RoundSetup) -> tuple[int, int]:
    return setup.ace, setup.other


def _replace_setup(setup: RoundSetup, **changes: Any) -> RoundSetup:
    values = {name: getattr(setup, name) for name in RoundSetup.__dataclass_fields__}
    values.update(changes)
    return RoundSetup(**values)


def _hand(obs: GoninkanObservation) -> int:
    assert obs.hand is not None
    return C.mask(obs.hand)


def _declarer(obs: GoninkanObservation) -> int:
    """The Napoleon player who will declare trump in battles 2–3: the one not dealt the Ace in battle 1."""
    if obs.ace_holder is None:
        return -1
    return next(p for p in obs.napoleon if p != obs.ace_holder)


def _read(info: InfoState, rules: Rules) -> _Frame:
    obs = info.observation
    knowledge = info.knowledge
    assert isinstance(obs, GoninkanObservation) and isinstance(knowledge, GoninkanKnowledge)
    seat = info.seat
    if seat not in obs.to_act or obs.hand is None:
        raise ValueError(f"player {seat} is not to act in this information state")
    n = obs.players
    hand = C.mask(obs.hand)
    seating = obs.seating
    dealer = seating.index(obs.dealer)
    trump = C.SUITS.index(obs.trump) if obs.trump else -1
    pair = obs.napoleon
    napoleon = 0
    for p in pair:
        napoleon |= 1 << p
    if n > IN_PLAY:
        napoleon |= 1 << obs.dealer
    played = knowledge.played or (0,) * n
    played_all = 0
    for m in played:
        played_all |= m
    battle = obs.battle
    kari = obs.kari_oya if obs.kari_oya is not None else -1
    in_pair = seat in pair
    # what the seat knows of where cards are: its passes, the blind swap
    pinned: dict[int, int] = {}
    passes = []
    where: dict[int, int] = {}
    for giver, receiver, text in obs.passes:
        card = C.parse(text) if text is not None else -1
        passes.append((giver, receiver, card))
        if card >= 0:
            where[card] = receiver
    swap: tuple[int, ...] = ()
    if obs.swap is not None:
        swap = tuple(C.parse(t) for t in obs.swap)
        if battle == 1 and seat != kari:
            where[swap[0]] = kari  # the partner knows the 仮親 took this card
    for card, player in where.items():
        if player != seat and not played_all >> card & 1:
            pinned[card] = player
    # the battle-1 power cards: one to each of the pair
    ace_card = C.make(C.ACE, trump) if trump >= 0 else -1
    options: list[dict[int, int]] = [{}]
    ace_now_options: list[int] = [obs.ace_holder if obs.ace_holder is not None else -1]
    if battle == 1 and pair:
        a, b = pair
        options, ace_now_options = [], []
        for joker_at, ace_at in ((a, b), (b, a)):
            assignment = {JOKER: joker_at, ace_card: ace_at}
            if not _power_consistent(assignment, seat, hand, played, knowledge, obs, kari):
                continue
            options.append({c: p for c, p in assignment.items() if not played_all >> c & 1 and p != seat})
            ace_now_options.append(ace_at)
    places_all = tuple(p for p in range(n) if p != seat and obs.hand_sizes[p] > 0)
    unseen = C.mask(c for c in C.DECK_GONINKAN_50) & ~hand & ~played_all
    for card in pinned:
        unseen &= ~(1 << card)
    placements = []
    for assignment, ace_now in zip(options, ace_now_options, strict=True):
        pool = unseen
        rooms = []
        for p in places_all:
            known = sum(1 for q in pinned.values() if q == p) + sum(1 for q in assignment.values() if q == p)
            rooms.append(obs.hand_sizes[p] - known)
        if battle == 1 and pair:
            pool &= ~JOKER_BIT & ~(1 << ace_card)
        allowed: dict[int, int] = {}
        for card in C.cards_in(pool):
            mask = 0
            for i, p in enumerate(places_all):
                if card == JOKER:
                    ok = not knowledge.no_joker >> p & 1
                else:
                    ok = not (knowledge.voids[p] if knowledge.voids else 0) >> (card >> 4) & 1
                if ok:
                    mask |= 1 << i
            allowed[card] = mask
        try:
            deal = ConstrainedDeal(C.card_list(pool), rooms, allowed)
        except ImpossibleDeal:
            continue
        ace = _dealt_ace(battle, obs, kari, ace_now)
        placements.append(_Placement(power=assignment, ace=ace, deal=deal, places=places_all))
    if not placements:
        raise ImpossibleDeal(f"no placement of the hidden cards agrees with what player {seat} knows")
    ace0 = placements[0].ace
    other0 = next((p for p in pair if p != ace0), -1)
    swap_unknown = battle == 1 and kari >= 0 and not in_pair
    setup = RoundSetup(
        round=obs.round_number - 1,
        battle=battle,
        dealer=dealer,
        seating=seating,
        next_player=next_players(seating, dealer),
        trump=trump,
        ace=ace0,
        other=other0,
        napoleon=napoleon if pair else 0,
        kari_oya=kari,
        swap=swap,
        seat_swap=obs.seat_swap,
        call=obs.call or "",
    )
    hands = [0] * n
    hands[seat] = hand
    state = GoninkanState(
        phase=obs.phase,
        turn=seat,
        setup=setup,
        hands=tuple(hands),
        trick=tuple((p, _card(t)) for p, t in obs.trick),
        lead=C.SUITS.index(obs.lead_suit) if obs.lead_suit else -1,
        history=tuple(
            (C.SUITS.index(lead), tuple((p, _card(t)) for p, t in trick), w) for lead, trick, w in obs.history
        ),
        captured=tuple(C.mask(cs) for cs in obs.captured),
        discards=C.mask(obs.discards),
        napoleon_honours=obs.napoleon_honours,
        ally_honours=obs.ally_honours,
        outcome=SIDE.get(obs.result or "", 0),
        skunk=obs.skunk,
        sixteen=SIDE.get(obs.sixteen or "", 0),
        sixteen_result=RESULT.get(obs.sixteen_result or "", 0),
        passes=tuple(passes),
        scores=obs.deal_scores,
        lines=obs.deal_lines,
    )
    return _Frame(
        seat=seat,
        hand=hand,
        pair=tuple(pair),
        power_cards=(JOKER, ace_card),
        power_mask=JOKER_BIT | (1 << ace_card if ace_card >= 0 else 0),
        pinned=pinned,
        placements=tuple(placements),
        played=played,
        setup=setup,
        swap_unknown=swap_unknown,
        passes=tuple(passes),
        state=state,
    )


def _card(text: str) -> int:
    return JOKER if text == "JK" else C.parse(text)


def _power_consistent(
    assignment: dict[int, int],
    seat: int,
    hand: int,
    played: tuple[int, ...],
    knowledge: GoninkanKnowledge,
    obs: GoninkanObservation,
    kari: int,
) -> bool:
    """Whether the Joker and the trump Ace can be where ``assignment`` puts them (now, or when played)."""
    for card, player in assignment.items():
        if any(played[p] >> card & 1 for p in range(len(played)) if p != player):
            return False  # seen played by the other
        held_by_seat = bool(hand >> card & 1 or played[seat] >> card & 1)
        if held_by_seat != (player == seat):
            return False
        if not played[player] >> card & 1 and player != seat:
            if card == JOKER and knowledge.no_joker >> player & 1:
                return False
            if card != JOKER and knowledge.voids and knowledge.voids[player] >> (card >> 4) & 1:
                return False
        if card != JOKER and kari < 0 and obs.ace_holder is not None and player != obs.ace_holder:
            return False  # G1: who was dealt the Ace is public (no swap moved it)
    return True


def _dealt_ace(battle: int, obs: GoninkanObservation, kari: int, ace_now: int) -> int:
    """Who was dealt the trump Ace in battle 1 (the setup's ``ace``): public in battles 2–3 and with a 仮親;
    else the holder under this placement."""
    if obs.ace_holder is not None:
        return obs.ace_holder
    if kari >= 0:
        return kari
    return ace_now


# --- the policies ------------------------------------------------------------------------------------

TARGET_BONUS = 3.0
"""The heuristic's value of reaching its side's target with a trick (and its cost when the other side does),
in honours."""
JOKER_COST = 1.6
"""The heuristic's cost of spending the Joker, in honours (less as the battle goes on)."""
SIXTEEN_CONFIDENCE = 0.85
ROLLOUT_EPSILON = 0.08
GUARDED = (False, False)
"""The sides whose rollouts feed honours only to a partner's trick that holds, by side (allies, Napoleon): none. Whole
10-round games of the rollout policy on the same 1,500 deals (``bench/goninkan_rollouts.py``): the guard gains the
allies 0.82 points a game, and costs Napoleon, whose side holds most trumps, 0.21; but ``normal`` with the allies'
rollouts guarded (and the leaf terms of :attr:`Kit.honour_weight` and :attr:`Kit.continuation`) measured 0.538
against the heuristic where it had measured 0.556, so it is kept off (docs/bots.md, issue 21)."""


def strong_hand(hand: int, trump: int) -> bool:
    """行く: a long trump suit (four or more, the Joker counting) or a side suit headed by A K; else 来い."""
    trumps = (hand & C.SUIT_MASKS[trump]).bit_count() if trump >= 0 else 0
    if trumps + (1 if hand & JOKER_BIT else 0) >= 4:
        return True
    return any(s != trump and hand >> (16 * s + C.ACE) & 1 and hand >> (16 * s + C.KING) & 1 for s in range(4))


TRUMP_WEIGHTS = {C.ACE: 3, C.KING: 2, C.QUEEN: 1, C.JACK: 1}


def trump_strength(hand: int, suit: int) -> int:
    """How good ``suit`` of ``hand`` is as trump: 2 a card, and A 3, K 2, Q and J 1 more."""
    bits = hand >> (16 * suit) & 0x1FFF
    return 2 * bits.bit_count() + sum(w for r, w in TRUMP_WEIGHTS.items() if bits >> r & 1)


def best_trump(hand: int) -> int:
    """The suit of most length and honours (:func:`trump_strength`)."""
    return max(range(4), key=lambda s: trump_strength(hand, s))


def pass_card(hand: int, keep: int = -1) -> int:
    """The card to pass: the lowest of the shortest side suit (voiding it), never the Joker nor the suit
    ``keep`` (the trump the passer means to declare)."""
    best = -1
    best_key: tuple[int, int] = (99, 99)
    for s in range(4):
        if s == keep:
            continue
        bits = hand >> (16 * s) & 0x1FFF
        if bits:
            low = (bits & -bits).bit_length() - 1
            key = (bits.bit_count(), low)
            if key < best_key:
                best, best_key = 16 * s + low, key
    if best < 0:
        plain = canonical(hand & ~JOKER_BIT)
        return plain[-1] if plain else JOKER
    return best


def spend_cost(card: int, code: int, obs: GoninkanObservation) -> float:
    """What the heuristic charges for spending a card, in honours."""
    if card == JOKER:
        return JOKER_COST * (TRICKS - 1 - obs.tricks_played) / (TRICKS - 1)
    trump = C.SUITS.index(obs.trump) if obs.trump else -1
    rank = card & 15
    cost = 0.015 * rank
    if card >> 4 == trump:
        cost += 0.15
    return cost


LOW_RANK = tuple((m & -m).bit_length() - 1 for m in range(1 << 13))
"""``LOW_RANK[m]``: the lowest rank of a 13-bit suit mask (−1 for none)."""
SUITS = C.SUIT_MASKS


def _lowest(m: int, avoid: int = HONOURS) -> int:
    """The lowest-ranked card of ``m`` (a non-honour if there is one); −1 for none."""
    pool = m & ~avoid or m
    best, best_rank = -1, 99
    for s in range(4):
        bits = pool >> (16 * s) & 0x1FFF
        if bits:
            r = LOW_RANK[bits]
            if r < best_rank:
                best, best_rank = 16 * s + r, r
    return best


def _highest(m: int) -> int:
    best, best_rank = -1, -1
    for s in range(4):
        bits = m >> (16 * s) & 0x1FFF
        if bits:
            r = bits.bit_length() - 1
            if r > best_rank:
                best, best_rank = 16 * s + r, r
    return best


def _above(card: int) -> int:
    """The cards of ``card``'s suit ranked above it."""
    return SUITS[card >> 4] & ~((2 << card) - 1)


def policy_code(position: Position, rng: random.Random, guarded: tuple[bool, bool] = GUARDED) -> int:
    """The rollout policy: a cheap club player on the fast position, reading only the acting player's hand
    and the table (the unplayed cards are public: the deck less what has been played). ``guarded``: the sides
    whose play feeds honours only to a partner's trick that holds (:func:`_play_code`)."""
    phase = position.phase
    seat = position.turn
    hand = position.hands[seat]
    if phase == PLAY:
        return _play_code(position, seat, hand, rng, guarded)
    if phase == CALL:
        return GO if strong_hand(hand, position.trump) else COME
    if phase == PASS:
        keep = best_trump(hand) if seat == position.other else -1
        return pass_card(hand, keep)
    if phase == TRUMP:
        return best_trump(hand)
    if phase == SIXTEEN:
        return STOP
    raise ValueError(f"no decision in phase {phase}")


def _play_code(
    position: Position, seat: int, hand: int, rng: random.Random, guarded: tuple[bool, bool] = (False, False)
) -> int:
    """A card for ``seat`` (see :func:`policy_code`). ``guarded[side]`` (side 1 Napoleon, 0 the allies): that
    side gives honours to a partner's trick only when it holds against the opponents still to play
    (:func:`_holds`); an unguarded side feeds a partner's trick that it cannot beat whoever is still to play.
    The rollouts guard :data:`GUARDED` (no side); the heuristic's own trick reckoning guards no one."""
    cards, joker = position.playable()
    trick = position.trick
    if not cards:
        return JOKER if trick else JOKER_LEAD + max(position.trump, 0)
    if rng.random() < ROLLOUT_EPSILON:
        options = position.choices()
        return options[rng.randrange(len(options))]
    trump = position.trump
    mine = position.napoleon >> seat & 1
    if not trick:
        unplayed = 0
        for m in position.hands:
            unplayed |= m
        others = unplayed & ~hand
        if mine and trump >= 0:
            trumps = cards & C.SUIT_MASKS[trump]
            if trumps.bit_count() >= 3:
                top = _highest(trumps)
                if not others & C.SUIT_MASKS[trump] & ~((2 << top) - 1):
                    return top
        for s in range(4):
            if s == trump:
                continue
            mine_s = cards & C.SUIT_MASKS[s]
            theirs_s = others & C.SUIT_MASKS[s]
            if mine_s and theirs_s:
                top = _highest(mine_s)
                if not theirs_s & ~((2 << top) - 1):
                    return top  # a master: cash it
        side = cards & ~(C.SUIT_MASKS[trump] if trump >= 0 else 0)
        return _lowest(side or cards)
    lead = position.lead
    weak = position.rules.last_trick_joker == "weakest" and position.tricks_done == TRICKS - 1
    winner, best_card, honours = -1, -1, 0
    best_key = -2
    for player, card in trick:
        if card == JOKER:
            if not weak:
                winner, best_card, best_key = player, card, 999
            elif player == trick[0][0] and best_key < 0:
                winner, best_card, best_key = player, card, (lead == trump) * 64 + 32
        else:
            suit = card >> 4
            key = (suit == trump) * 64 + (suit == lead) * 32 + (card & 15) + 1
            if key > best_key:
                winner, best_card, best_key = player, card, key
            honours += HONOURS >> card & 1
    friend = (position.napoleon >> winner & 1) == mine
    last = len(trick) == IN_PLAY - 1
    if best_key == 999:
        beaters = 0
    elif best_card == JOKER:  # a weak led Joker: any card of its suit above none, or a trump, beats it
        beaters = cards & (SUITS[lead] | (SUITS[trump] if trump >= 0 else 0))
    elif best_card >> 4 == trump:
        beaters = cards & _above(best_card)
    else:
        beaters = cards & (_above(best_card) | (SUITS[trump] if trump >= 0 and trump != lead else 0))
    if guarded[mine] and friend and not last and best_key != 999:
        unseen = _unplayed(position) & ~hand
        if _holds(position, seat, best_card, unseen, weak):
            feed = cards & HONOURS & ~beaters
            if feed:
                return _lowest(feed, avoid=0)
        return _lowest(cards & ~beaters or cards)
    if friend:
        if last or best_key == 999 or not beaters:
            feed = cards & HONOURS & ~beaters
            if feed:
                return _lowest(feed, avoid=0)  # feed the partner's trick
        return _lowest(cards & ~beaters or cards)
    if beaters and (honours or last or beaters & HONOURS):
        return _lowest(beaters, avoid=0) if last else _highest(beaters)
    if joker and not weak and honours >= 2:
        return JOKER
    return _lowest(cards & ~beaters or cards)


def _unplayed(position: Position) -> int:
    cards = 0
    for m in position.hands:
        cards |= m
    return cards


def _holds(position: Position, seat: int, card: int, unseen: int, weak: bool) -> bool:
    """Whether ``card``, winning the trick after ``seat`` plays, is sure to hold against the opponents of
    ``seat`` still to play, as ``seat`` can tell from its hand and the table: none of them is to play, or no card
    unseen by ``seat`` (``unseen``) could beat it — the Joker where it may be played, a higher card of its suit,
    or, over a card that is not a trump, any trump (an opponent may be void in the suit led)."""
    mine = position.napoleon >> seat & 1
    player = seat
    opponents = False
    for _ in range(IN_PLAY - 1 - len(position.trick)):
        player = position.next_player[player]
        if (position.napoleon >> player & 1) != mine:
            opponents = True
            break
    if not opponents:
        return True
    if card == JOKER:
        return not weak
    done = position.tricks_done
    # K1, G5, G12: in tricks 1 and 10 the Joker may follow only with joker_ban "lead"
    joker_may_follow = 0 < done < TRICKS - 1 or position.rules.joker_ban == "lead"
    if unseen & JOKER_BIT and not weak and joker_may_follow:
        return False
    trump = position.trump
    if unseen & _above(card):
        return False
    return card >> 4 == trump or trump < 0 or not unseen & SUITS[trump]


def _play_out(position: Position, rng: random.Random, done: int | None = None) -> tuple[int, ...]:
    """Play the position to the end of its battle with the rollout policy: that battle's scores (the battle
    after ``done`` completed ones)."""
    if done is None:
        done = len(position.scores)
    while len(position.scores) == done:
        position.act(policy_code(position, rng))
    return position.scores[done]


def _finish_trick(position: Position, code: int, rng: random.Random) -> tuple[int, int]:
    """Play ``code`` for the player to act, then the rest of the trick by the rollout policy: (winner, honours
    in the trick)."""
    trick = position.trick
    while True:
        if len(trick) == IN_PLAY - 1:
            card = JOKER if code >= JOKER_LEAD else code
            cards = [*trick, (position.turn, card)]
            weak = position.rules.last_trick_joker == "weakest" and position.tricks_done == TRICKS - 1
            lead = code - JOKER_LEAD if code >= JOKER_LEAD else position.lead
            winner = trick_winner(cards, lead, position.trump, weak)
            return winner, sum(1 for _, c in cards if HONOURS >> c & 1)
        position.play_card(code)
        trick = position.trick
        code = _play_code(position, position.turn, position.hands[position.turn], rng)


__all__ = [
    "ALL_HONOURS",
    "GoninkanKnowledge",
    "Kit",
    "best_trump",
    "pass_card",
    "policy_code",
    "strong_hand",
]
