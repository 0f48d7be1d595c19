"""Bulk random play: ``kirifuda simulate``.

Game ``i`` of a run with seed ``S`` deals from seed ``S + i`` (so any single game can be re-run as
a record) and chooses uniformly among the legal actions with ``random.Random(S + i)``. Through the
pure protocol every awaited seat acts in turn (simultaneous seats in seat order). Where
:mod:`kirifuda.fast` has an engine for the game, ``engine="auto"`` uses it: it is checked
against the pure engine by perft counts (tests/test_fast_anou.py).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .core import Game
from .match import Match


@dataclass(frozen=True)
class SimulationResult:
    game: str
    options: dict[str, Any]
    engine: str
    games: int
    deals: int
    decisions: int
    seconds: float
    mean_totals: tuple[float, ...]
    wins: tuple[float, ...]  # shared wins count as 1/k each
    extra: dict[str, Any] = field(default_factory=dict)  # how the run was spread: jobs, backend

    def to_json(self) -> dict[str, Any]:
        s = max(self.seconds, 1e-9)
        return {
            "game": self.game,
            "options": self.options,
            "engine": self.engine,
            "games": self.games,
            "deals": self.deals,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games / s, 2),
            "deals_per_second": round(self.deals / s, 2),
            "decisions_per_second": round(self.decisions / s, 1),
            "mean_totals": [round(t, 4) for t in self.mean_totals],
            "win_share": [round(w / max(self.games, 1), 4) for w in self.wins],
            **self.extra,
        }


def play_random_game(game: Game, seed: int, rng: random.Random) -> tuple[tuple[tuple[int, ...], ...], int]:
    """One whole game of uniformly random legal play through the pure protocol:
    (deal scores, number of player decisions)."""
    match = Match(game, seed=seed)
    decisions = 0
    while not match.finished:
        for seat in sorted(match.to_act()):
            match.act(seat, rng.choice(match.legal_actions(seat)))
            decisions += 1
    return game.deal_scores(match.state), decisions


GameResult = tuple[tuple[tuple[int, ...], ...], int]
"""One random game's deal scores and number of player decisions."""


def random_player(game: Game, engine: str = "auto") -> tuple[Callable[[int, random.Random], GameResult], str]:
    """The function that plays one random game of ``game`` from a seed and a generator, and the engine it uses:
    ``engine`` is "pure", "fast" or "auto" (fast where available)."""
    if engine != "pure":
        try:
            from .fast import engine_for
        except ModuleNotFoundError:  # the fast path is optional
            fast = None
        else:
            fast = engine_for(game)
        if fast is not None:
            return fast.play_random_game, "fast"
        if engine == "fast":
            raise ValueError(f"no fast engine for {game.id} with these options")
    return (lambda seed, rng: play_random_game(game, seed, rng)), "pure"


def play_seeds(game: Game, seeds: range, engine: str = "auto") -> list[GameResult]:
    """Game ``i`` for every ``i`` in ``seeds``: dealt from seed ``i``, played with ``random.Random(i)``."""
    play, _ = random_player(game, engine)
    return [play(i, random.Random(i)) for i in seeds]


def summarise(game: Game, engine: str, results: Iterable[GameResult], seconds: float, **extra: Any) -> SimulationResult:
    """The run's figures from its games' results, in seed order (so the same seeds give the same figures
    whichever process played them). ``extra``: how the run was spread (``jobs``, ``backend``)."""
    n = game.seat_count
    totals = [0] * n
    wins = [0.0] * n
    games = deals = decisions = 0
    for scores, d in results:
        games += 1
        decisions += d
        deals += len(scores)
        game_totals = [sum(s[k] for s in scores) for k in range(n)]
        best = max(game_totals)
        top = [k for k in range(n) if game_totals[k] == best]
        for k in range(n):
            totals[k] += game_totals[k]
        for k in top:
            wins[k] += 1 / len(top)
    return SimulationResult(
        game=game.id,
        options=game.options.to_dict(),
        engine=engine,
        games=games,
        deals=deals,
        decisions=decisions,
        seconds=seconds,
        mean_totals=tuple(t / max(games, 1) for t in totals),
        wins=tuple(wins),
        extra=extra,
    )


def run(
    game: Game, *, games: int, seed: int = 0, engine: str = "auto", progress: Callable[[int], None] | None = None
) -> SimulationResult:
    """Play ``games`` random games in this process; ``engine`` is "pure", "fast" or "auto" (fast where
    available). ``kirifuda simulate`` spreads the same games over every core
    (:func:`kirifuda.analysis.simulation.run`)."""
    play, used = random_player(game, engine)
    results: list[GameResult] = []
    start = time.perf_counter()
    for i in range(games):
        results.append(play(seed + i, random.Random(seed + i)))
        if progress:
            progress(i + 1)
    return summarise(game, used, results, time.perf_counter() - start)
