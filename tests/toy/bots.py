"""Jūni's bots' kit (the toy game of docs/adding-a-game.md): an exact sampler and a club player's heuristic.

With two players and every card dealt, a seat knows the other hand exactly: the cards neither in its own hand
nor played this deal. The sampler therefore rebuilds the state without randomness; the search is the generic one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from kirifuda import cards as C
from kirifuda.bots.info import InfoState
from kirifuda.bots.kit import GameKit
from kirifuda.core import Action
from kirifuda.tricks import Play

from .rules import DECK, PLAY, PLAYERS, Juni, JuniObservation, JuniState


class Kit(GameKit):
    game: Juni
    budgets = {"easy": 30, "normal": 100, "hard": 300}  # noqa: RUF012 (a ClassVar of the base)

    def sample(self, info: InfoState, rng: random.Random) -> JuniState:
        """The state ``info`` describes (a bot decides only during play, when nothing is hidden from it)."""
        obs = info.observation
        assert isinstance(obs, JuniObservation) and obs.hand is not None and obs.phase == PLAY
        trick = tuple((s, C.parse(c)) for s, c in obs.trick)
        hands = [0] * PLAYERS
        hands[info.seat] = obs.hand.mask
        hands[1 - info.seat] = C.mask(DECK) & ~(obs.hand.mask | obs.taken.mask | C.mask(c for _, c in trick))
        return JuniState(
            phase=PLAY,
            deal_index=obs.deal_number - 1,
            dealer=obs.dealer,
            hands=tuple(hands),
            trick=trick,
            last_trick=tuple((s, C.parse(c)) for s, c in obs.last_trick),
            turn=obs.to_act[0],
            won=obs.tricks_won,
            taken=obs.taken.mask,
            scores=obs.deal_scores,
            lines=obs.deal_lines,
        )

    def heuristic(self, info: InfoState, legal: Sequence[Action], rng: random.Random) -> Action:
        """Win the trick as cheaply as possible when second; otherwise give the lowest card."""
        obs = info.observation
        assert isinstance(obs, JuniObservation)
        plays = [a for a in legal if isinstance(a, Play)]
        if obs.trick:
            led = C.parse(obs.trick[0][1])
            winners = [a for a in plays if C.suit_of(a.card) == C.suit_of(led) and a.card > led]
            if winners:
                return min(winners, key=lambda a: a.card)
        return min(plays, key=lambda a: C.rank_of(a.card))
