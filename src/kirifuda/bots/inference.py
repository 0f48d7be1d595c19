"""Determinizations weighted by what the other seats' plays say about their hands (opponent modelling).

The game's sampler (:meth:`GameKit.sample`) draws hidden cards uniformly among the placements consistent with
what a seat knows: a seat that ducked, led a suit or kept a card is given any consistent hand. This sampler
**reweights** those draws by how likely each other seat's plays of the current deal were with the hand the draw
gives it (sampling importance resampling, as in Whitehouse, Powley & Cowling's *inference* for ISMCTS and the
particle beliefs of Spades and Skat programs):

* it draws ``pool`` determinizations from the game's sampler;
* for each, the kit rebuilds the deal's start as that determinization has it (:meth:`GameKit.deal_start`: each
  seat's hand now plus the cards it has played since the deal) and replays the deal's public actions on it; at
  every choice of another seat with two or more legal actions the **model** of that seat — the kit's rollout
  policy (its club player) with a temperature-like ``epsilon`` — gives the played action the probability
  ``1 − ε`` if the policy would have chosen it and ``ε`` shared among all legal actions; the determinization's
  weight is the product over the deal;
* each search iteration then draws one of the pool's determinizations in proportion to its weight.

A kit may supply the likelihood itself (:meth:`GameKit.log_likelihood`; the replay above is its default,
:func:`replay_log_likelihood`): the Anarchy family, whose deals of simultaneous face-down plays do not replay from a
determinization, scores the other seats' bids and revealed cards under its heuristic (docs/bots/anarchy.md); Gogyō
Sōkoku replays the deal but scores each play under its club player as that seat saw the table then
(docs/bots/gogyo_sokoku.md); Cut-in, whose deals hold a face-down rest, counts the groups a determinization has the
other seats split (docs/bots/cutin.md); Gonin-kan, whose deals begin with passes and a blind swap, counts the plays
and calls of the other seats that a determinization's hands contradict (docs/bots/goninkan.md).

It reads nothing but the information state and the determinizations the game's sampler drew from it: the
no-peeking test (tests/bots/test_no_peeking.py) runs the ``-infer`` levels of every kit with a model. Games
whose kit has none (:meth:`GameKit.deal_start` returns None and the kit keeps the default likelihood) fall back to
the uniform sampler. Measured in docs/bots.md: better beliefs in Anou and the Anarchy family; no stronger play at
the same budget in Anou; the Anarchy family's tournament in docs/bots.md.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from typing import Any

from ..core import HIDDEN
from .info import InfoState
from .kit import GameKit

EPSILON = 0.5
"""The model's share of uniformly random choice (its temperature): 0 would trust the club player completely."""
POOL = 64
"""Determinizations drawn and weighted per decision."""
MODEL_SEED = "kirifuda-infer"
"""The model's own generator (a rollout policy may draw): fixed, so a determinization's weight depends on it alone."""


def log_likelihood(kit: GameKit, info: InfoState, state: Any, epsilon: float = EPSILON) -> float | None:
    """The log-probability of the other seats' actions of the current deal under the model, were the hidden
    cards as ``state`` (a determinization of ``info``) has them; None where the kit has no model
    (:meth:`GameKit.log_likelihood`: by default :func:`replay_log_likelihood`)."""
    return kit.log_likelihood(info, state, epsilon)


def replay_log_likelihood(kit: GameKit, info: InfoState, state: Any, epsilon: float = EPSILON) -> float | None:
    """The generic model: the deal rebuilt (:meth:`GameKit.deal_start`) and its public actions replayed, each other
    seat's choice scored under the kit's rollout policy (see the module docstring); None where the kit cannot
    rebuild the deal."""
    start = kit.deal_start(info, state)
    if start is None:
        return None
    game = kit.search_game  # the replay runs where the search does (Anou: the fast engine)
    seat = info.seat
    rng = random.Random(MODEL_SEED)
    total = 0.0
    current = kit.searchable(start)
    for event in info.history[_deal_index(info) + 1 :]:
        actor, text = event.actor, event.text
        if not isinstance(actor, int) or HIDDEN in text.split():
            return None  # a chance event or a face-down choice mid-deal: not a replay this sampler makes
        legal = game.legal_actions(current, actor)
        action = next((a for a in legal if str(a) == text), None)
        if action is None:
            raise RuntimeError(f"{game.id}: {text!r} does not replay on a determinization of seat {seat}")
        if actor != seat and len(legal) > 1:
            chosen = kit.rollout_policy(current, actor, legal, rng)
            total += math.log(epsilon / len(legal) + (1.0 - epsilon if str(chosen) == text else 0.0))
        current = game.apply(current, actor, action)
    return total


def _deal_index(info: InfoState) -> int:
    """The index in ``info.history`` of the current deal's deal event."""
    for i in range(len(info.history) - 1, -1, -1):
        if info.history[i].actor == "deal":
            return i
    return -1


class InferenceSampler:
    """A sampler for one search: ``sampler(rng)`` draws a determinization of ``info`` by its weight (see the
    module docstring). The pool is drawn on the first call, with that call's generator."""

    def __init__(self, kit: GameKit, info: InfoState, *, pool: int = POOL, epsilon: float = EPSILON) -> None:
        self.kit = kit
        self.info = info
        self.pool = pool
        self.epsilon = epsilon
        self._states: list[Any] = []
        self._cumulative: list[float] = []
        self.effective_size = 0.0
        """Kish's effective sample size of the weighted pool (``pool`` where every weight is equal)."""

    def __call__(self, rng: random.Random) -> Any:
        if not self._states:
            self._build(rng)
        if len(self._states) == 1:
            return self._states[0]
        x = rng.random() * self._cumulative[-1]
        return self._states[min(bisect.bisect_right(self._cumulative, x), len(self._states) - 1)]

    def _build(self, rng: random.Random) -> None:
        kit, info = self.kit, self.info
        states = [kit.sample(info, rng) for _ in range(self.pool)]
        logs = [log_likelihood(kit, info, s, self.epsilon) for s in states]
        if any(x is None for x in logs):
            weights = [1.0] * len(states)  # no model here: the uniform sampler's draws, as they come
        else:
            top = max(x for x in logs if x is not None)
            weights = [math.exp(x - top) for x in logs if x is not None]
        self._states = states
        self._cumulative = list(itertools.accumulate(weights))
        total = self._cumulative[-1]
        self.effective_size = total * total / sum(w * w for w in weights)
