"""Many games at once: one row per game, played in worker processes, deterministic per seed.

A :class:`GameSpec` says everything one game needs (game id and options, the player at every seat, the deal
seed); :func:`play_spec` plays it in whatever process runs it and returns a :class:`GameRow` — the same row for
the same spec whatever the number of workers. :func:`run` spreads specs over a process pool (all cores by
default) with a progress callback, keeping the specs' order; an interrupt keeps the rows finished so far.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from ..bots import make_bot, make_cheating_bot
from ..bots.base import CheatingBot, SearchBot
from ..bots.registry import CHEAT_NAMES, kit_for
from ..bots.table import Seating
from ..match import Match
from ..registry import make


@dataclass(frozen=True)
class GameSpec:
    game: str
    options: dict[str, Any]
    seats: tuple[str, ...]  # a bot name per seat
    seed: int
    lineup: int = 0  # which lineup of a tournament
    rotation: int = 0  # how far the lineup is rotated round the table
    bot_seed: int = 0


@dataclass
class GameRow:
    """One finished game: the table every report reads (../shared/STYLE.md "Analysis")."""

    game: str
    options: dict[str, Any]
    seats: list[str]
    seed: int
    lineup: int
    rotation: int
    deal_scores: list[list[int]]
    totals: list[int]
    decisions: int
    seconds: float
    roles: list[list[str]] | None = None  # per deal, each seat's role (team games)
    think: dict[str, list[float]] = field(default_factory=dict)  # bot name → seconds per decision

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def play_spec(spec: GameSpec) -> GameRow:
    """Play one game of ``spec`` (in any process)."""
    game = make(spec.game, spec.options)
    kit = kit_for(game)
    players: dict[int, Any] = {}
    for seat, name in enumerate(spec.seats):
        seed = spec.bot_seed * 1_000_003 + spec.seed * 101 + seat
        if name in CHEAT_NAMES:
            players[seat] = make_cheating_bot(name, game, seed, kit=kit)
        else:
            players[seat] = make_bot(name, game, seed, kit=kit)
    match = Match(game, seed=spec.seed)
    seating = Seating(match, players, allow_cheats=True)
    think: dict[str, list[float]] = {}
    roles: list[list[str]] = []
    decisions = 0
    start = time.perf_counter()
    deals_done = 0
    while not match.finished and not match.blocked:
        for seat in sorted(match.to_act()):
            t0 = time.perf_counter()
            action = seating.decide(seat)
            player = players[seat]
            if isinstance(player, (SearchBot, CheatingBot)) and player.last_stats.iterations:
                think.setdefault(spec.seats[seat], []).append(time.perf_counter() - t0)
            index = len(match.events)
            match.act(seat, action)
            decisions += 1
            after = match.events[index].after  # before the next deal, if this action ended one
            if len(game.deal_scores(after)) > deals_done:
                deals_done = len(game.deal_scores(after))
                seat_roles = kit.roles(after)
                if seat_roles is not None:
                    roles.append(list(seat_roles))
    return GameRow(
        game=spec.game,
        options=game.options.to_dict(),
        seats=list(spec.seats),
        seed=spec.seed,
        lineup=spec.lineup,
        rotation=spec.rotation,
        deal_scores=[list(s) for s in game.deal_scores(match.state)],
        totals=list(game.totals(match.state)),
        decisions=decisions,
        seconds=time.perf_counter() - start,
        roles=roles or None,
        think=think,
    )


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def run(
    specs: Sequence[GameSpec],
    *,
    jobs: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[GameRow]:
    """Play every spec, ``jobs`` processes at once (default: every core); rows in the specs' order. On an
    interrupt (Ctrl-C) the rows finished so far are returned in ``InterruptedRun.rows``."""
    rows: list[GameRow] = []
    try:
        for row in _rows(specs, jobs or default_jobs()):
            rows.append(row)
            if progress is not None:
                progress(len(rows))
    except KeyboardInterrupt:
        raise InterruptedRun(rows) from None
    return rows


def _rows(specs: Sequence[GameSpec], jobs: int) -> Iterator[GameRow]:
    if jobs <= 1 or len(specs) <= 1:
        yield from map(play_spec, specs)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(play_spec, specs, chunksize=1)


class InterruptedRun(Exception):
    """A run stopped by the user: ``rows`` are the games finished before it stopped."""

    def __init__(self, rows: list[GameRow]) -> None:
        super().__init__(f"interrupted after {len(rows)} games")
        self.rows = rows
