"""``kirifuda simulate`` on every core: random play (:mod:`kirifuda.simulate`) split into chunks of seeds, played
by a process pool or on Ray (:mod:`.parallel`), and summed **in seed order** — so the figures (mean totals, win
shares, deals, decisions) are the same whatever the number of workers; only the seconds differ.

Each game can also become a row of the game table (:func:`rows`), to be written to Parquet: random play through
the fast engines keeps no history, so these rows carry scores and leadership but no dealers or scoring events
(``kirifuda analyze --bots random`` plays through the rules with events).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..registry import make
from ..simulate import GameResult, SimulationResult, play_seeds, random_player, summarise
from .parallel import backend_name, default_jobs, interrupts_deferred, ordered_map
from .runner import GameRow

CHUNK_SECONDS = 0.25
"""About how long one chunk of games should take: long enough that sending it to a worker costs little,
short enough for a smooth progress bar and a quick stop."""
MAX_CHUNK = 2000


@dataclass(frozen=True)
class Chunk:
    """Games ``start … stop − 1`` of one game id and options (picklable: sent to a worker)."""

    game: str
    options: dict[str, Any]
    engine: str
    start: int
    stop: int

    @property
    def size(self) -> int:
        return self.stop - self.start


def play_chunk(chunk: Chunk) -> list[GameResult]:
    """Play one chunk's games (in any process)."""
    return play_seeds(make(chunk.game, chunk.options), range(chunk.start, chunk.stop), chunk.engine)


def chunks(game_id: str, options: dict[str, Any], engine: str, *, games: int, seed: int, size: int) -> list[Chunk]:
    return [
        Chunk(game_id, options, engine, start, min(start + size, seed + games))
        for start in range(seed, seed + games, size)
    ]


def chunk_size(game_id: str, options: dict[str, Any], engine: str, games: int, jobs: int) -> int:
    """Games per chunk: :data:`CHUNK_SECONDS` worth, measured on a few games here, and at least 4 chunks per
    worker so every worker gets its share (the figures do not depend on it)."""
    game = make(game_id, options)
    play, _ = random_player(game, engine)
    import random

    start = time.perf_counter()
    probe = 3
    for i in range(probe):
        play(i, random.Random(i))
    per_game = max((time.perf_counter() - start) / probe, 1e-6)
    by_time = max(1, int(CHUNK_SECONDS / per_game))
    by_share = max(1, games // (4 * jobs))
    return max(1, min(by_time, by_share, MAX_CHUNK))


def run(
    game_id: str,
    options: dict[str, Any],
    *,
    games: int,
    seed: int = 0,
    engine: str = "auto",
    jobs: int | None = None,
    ray: str | None = None,
    progress: Callable[[int], None] | None = None,
    keep: Callable[[Chunk, list[GameResult]], None] | None = None,
) -> SimulationResult:
    """Play ``games`` random games (game ``i`` from seed ``seed + i``) on ``jobs`` workers (default every core)
    or on Ray; ``keep`` sees each chunk's results in order (to write rows). An interrupt (Ctrl-C) stops the
    run and summarises the chunks finished (``interrupted`` in the result)."""
    game = make(game_id, options)
    _, used = random_player(game, engine)  # refuses "fast" where there is no fast engine, before anything runs
    jobs = jobs or default_jobs()
    size = chunk_size(game_id, game.options.to_dict(), engine, games, 1 if ray is None and jobs <= 1 else jobs)
    todo = chunks(game_id, game.options.to_dict(), engine, games=games, seed=seed, size=size)
    results: list[GameResult] = []
    interrupted = False
    start = time.perf_counter()
    try:
        played = ordered_map(play_chunk, todo, jobs=jobs, ray=ray, progress=progress, weight=lambda c: c.size)
        for chunk, chunk_results in zip(todo, played, strict=False):  # a shorter zip: the run was interrupted
            with interrupts_deferred():  # a chunk is summarised and kept whole, or not at all
                if keep is not None:
                    keep(chunk, chunk_results)
                results.extend(chunk_results)
    except KeyboardInterrupt:
        interrupted = True
    seconds = time.perf_counter() - start
    extra: dict[str, Any] = {"jobs": jobs, "backend": backend_name(jobs, ray)}
    if interrupted:
        extra.update(interrupted=True, planned_games=games)
    return summarise(game, used, results, seconds, **extra)


def rows(chunk: Chunk, results: Sequence[GameResult], seats: int) -> list[GameRow]:
    """The game-table rows of one chunk's random games."""
    out = []
    for seed, (scores, decisions) in zip(range(chunk.start, chunk.stop), results, strict=True):
        deal_scores = [list(s) for s in scores]
        out.append(
            GameRow(
                game=chunk.game,
                options=chunk.options,
                seats=["random"] * seats,
                seed=seed,
                lineup=0,
                rotation=0,
                deal_scores=deal_scores,
                totals=[sum(s[k] for s in deal_scores) for k in range(seats)],
                decisions=decisions,
                seconds=None,
                group="simulate",
            )
        )
    return out
