"""The referee every RL environment plays through: the true game, one encoder per seat, the masks, the rewards.

A referee holds the game (the referee's side) and hands each seat only its own observation vector — the seat's
encoder is fed each event *as that seat saw it* and, when it asks, the seat's observation — and its action mask.
Actions come in as indices of the game's action table; an index outside the mask raises :class:`IllegalIndex`
naming the legal actions, and nothing changes.

:class:`Referee` plays through a :class:`~kirifuda.match.Match` (the pure rules), for every game id and option. A
game's encoding module may also offer a ``FastReferee`` on a fast engine (Anou's, on :mod:`kirifuda.fast.anou`): the
same calls, the same games from the same seeds, the same vectors and masks, its ``match`` the pure ``Match`` replayed
on demand. :func:`referee_for` picks it where it supports the game's options; tests/rl/ play both in lockstep.
"""

from __future__ import annotations

import random
from typing import Any, cast

import numpy as np

from ..core import Action, Game, KirifudaError, Seen
from ..match import Match, seen_event
from ..tricks import Play
from .registry import Encoding
from .spec import IllegalIndex


class GameOver(KirifudaError):
    """A step asked of a finished game (reset first)."""


class BaseReferee:
    """What every referee offers the environments: one game of ``encoding.game`` from ``seed`` (deal ``k`` from
    ``chance_rng(seed, k)``, as a ``kirifuda`` record with that seed), stepped by action indices."""

    encoding: Encoding
    game: Game
    seed: int
    _scored = 0  # deal scores already handed out as rewards

    @property
    def match(self) -> Match:
        """The game so far as a pure :class:`~kirifuda.match.Match` (the referee's side: every state)."""
        raise NotImplementedError

    @property
    def finished(self) -> bool:
        raise NotImplementedError

    def to_act(self) -> list[int]:
        """The seats to act, in seat order."""
        raise NotImplementedError

    def next_to_act(self) -> int:
        """The lowest seat to act (the one seat, in turn-based play)."""
        return self.to_act()[0]

    def vector(self, seat: int) -> np.ndarray:
        """``seat``'s observation vector now."""
        raise NotImplementedError

    def legal(self, seat: int) -> dict[int, Any]:
        """``seat``'s legal actions now by index (empty when it is not to act); the values are the referee's own."""
        raise NotImplementedError

    def allows(self, seat: int, index: int) -> bool:
        """Whether ``index`` is one of ``seat``'s legal actions now."""
        return index in self.legal(seat)

    def act(self, seat: int, index: Any) -> None:
        """Apply ``seat``'s action of index ``index``; :class:`IllegalIndex` (nothing changed) if it is not legal."""
        raise NotImplementedError

    def deal_scores(self) -> tuple[tuple[int, ...], ...]:
        """Every completed deal's scores (Gonin-kan: battle scores), by seat."""
        raise NotImplementedError

    def record(self) -> dict[str, Any]:
        """The ``kirifuda-record/1`` object of the game so far."""
        return self.match.record()

    def random_index(self, seat: int, rng: random.Random) -> int:
        """A uniformly random legal index of ``seat`` (which is to act), drawn from ``rng``."""
        legal = list(self.legal(seat))
        return legal[int(rng.random() * len(legal))] if len(legal) > 1 else legal[0]

    def act_random(self, seat: int, rng: random.Random) -> None:
        """``seat`` (to act) plays the action of :meth:`random_index` (a fast referee draws it from its engine)."""
        self.act(seat, self.random_index(seat, rng))

    def mask(self, seat: int) -> np.ndarray:
        out = np.zeros(len(self.encoding.actions), dtype=np.int8)  # a fresh array each time: the caller may keep it
        legal = self.legal(seat)
        if legal:
            out[np.fromiter(legal, dtype=np.intp, count=len(legal))] = 1
        return out

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        return {"observation": self.vector(seat), "action_mask": self.mask(seat)}

    def state(self) -> np.ndarray:
        """The whole state as a vector, for centralised critics: every seat's observation vector in seat order
        (every hand, and everything any seat knows; cards no seat has seen — a Cut-in deal's rest — are not in
        it). The referee's side only: never a seat's observation."""
        return np.concatenate([self.vector(s) for s in range(self.game.seat_count)])

    def new_scores(self) -> list[tuple[int, ...]]:
        """The deal scores (Gonin-kan: battle scores) completed since the last call, by seat."""
        scores = self.deal_scores()
        scored = self._scored
        if len(scores) == scored:
            return []
        self._scored = len(scores)
        return list(scores[scored:])

    def refuse(self, seat: int, index: Any, legal: dict[int, Any]) -> IllegalIndex:
        """The error for an index outside ``seat``'s ``legal`` actions, naming them."""
        texts = self.encoding.actions.texts
        shown = ", ".join(f"{i} {texts[i]!r}" for i in sorted(legal)) or "none: this seat is not to act"
        return IllegalIndex(
            f"action {index!r} is not legal for seat {seat} now; legal: {shown}",
            ja=f"行動 {index!r} は席 {seat} の合法手ではありません。合法手: {shown}",
        )


def game_over() -> GameOver:
    return GameOver("the game is over: reset the environment", ja="ゲームは終わっています。reset してください")


class Referee(BaseReferee):
    """A game played through a :class:`~kirifuda.match.Match` (the pure rules): every game id and option."""

    def __init__(self, encoding: Encoding, seed: int) -> None:
        self.encoding = encoding
        self.game = game = encoding.game
        self.seed = seed
        self._match = Match(game, seed=seed)
        self.encoders = encoding.encoders()
        self._seen = [0] * game.seat_count  # events each encoder has been given
        self._legal: tuple[int, int, dict[int, Action]] | None = None  # (events, seat, index → action)
        self._public = type(game).seen is Game.seen
        self._public_seen: list[Seen | None] = []  # by event: a seat's action as every seat saw it, None: per seat

    @property
    def match(self) -> Match:
        return self._match

    @property
    def finished(self) -> bool:
        return self._match.finished

    def to_act(self) -> list[int]:
        return sorted(self._match.to_act())

    def next_to_act(self) -> int:
        return min(self._match.to_act())

    # what a seat may know
    def vector(self, seat: int) -> np.ndarray:
        encoder = self.encoders[seat]
        match = self._match
        if encoder.uses_history:
            events = match.events
            start, end = self._seen[seat], len(events)
            if start < end:
                game = self.game
                if self._public:
                    public = self._public_seen
                    public.extend([None] * (end - len(public)))
                    window = public[start:end]
                    seens = (
                        [s or seen_event(game, events[start + k], seat) for k, s in enumerate(window)]
                        if None in window
                        else cast(list[Seen], window)
                    )
                else:
                    seens = [seen_event(game, events[i], seat) for i in range(start, end)]
                encoder.see_all(seens)
                self._seen[seat] = end
        return encoder.vector(lambda: self.game.observation(match.state, seat))

    def legal(self, seat: int) -> dict[int, Action]:
        events = len(self._match.events)
        cached = self._legal
        if cached is not None and cached[0] == events and cached[1] == seat:
            return cached[2]
        actions = self.encoding.actions
        of, plays = actions.of, actions.play_index
        legal = {plays[a.card] if type(a) is Play else of(a): a for a in self._match.legal_actions(seat)}
        self._legal = (events, seat, legal)
        return legal

    # acting
    def act(self, seat: int, index: Any) -> None:
        match = self._match
        if match.finished:
            raise game_over()
        legal = self.legal(seat)
        action = legal.get(index) if type(index) is int else legal.get(as_index(index, len(self.encoding.actions)))
        if action is None:
            raise self.refuse(seat, index, legal)
        event, entry = len(match.events), len(match.actions)
        match.act(seat, action)
        if self._public:  # the record's text of the action, made once by Match, is how every seat saw it
            public = self._public_seen
            public.extend([None] * (event + 1 - len(public)))
            public[event] = Seen(seat, match.actions[entry][1])

    def deal_scores(self) -> tuple[tuple[int, ...], ...]:
        return self.game.deal_scores(self._match.state)


def referee_for(encoding: Encoding, seed: int, *, table: bool = True) -> BaseReferee:
    """The referee of one game: the encoding's fast one where it supports the game's options, else :class:`Referee`.
    ``table=False``: a fast referee works a seat's vector out when it is asked for instead of following every seat's
    table at every action (cheaper when one seat is observed after several actions: the Gymnasium environment)."""
    fast = encoding.fast_referee
    if fast is not None and fast.supports(encoding.game):
        return cast(BaseReferee, fast(encoding, seed, table=table))
    return Referee(encoding, seed)


def as_index(action: Any, size: int) -> int:
    """An action given as an int (or a NumPy integer, or a 0-d array); -1 when it is not one."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action.item()
    if isinstance(action, (int, np.integer)) and not isinstance(action, bool) and 0 <= action < size:
        return int(action)
    return -1


def follow(encoding: Encoding, match: Match, seat: int) -> np.ndarray:
    """``seat``'s observation vector at the end of ``match`` (a game being played, or read from a record), built by
    a fresh encoder from the seat's own view only: each event as it saw it, and its observation."""
    encoder = encoding.encoder_for(seat)
    game = encoding.game
    if encoder.uses_history:
        for event in match.events:
            encoder.see(seen_event(game, event, seat))
    return encoder.vector(lambda: game.observation(match.state, seat))
