"""Many games at once: one row per game, played in worker processes, deterministic per seed.

A :class:`GameSpec` says everything one game needs (game id and options, the player at every seat, the deal
seed); :func:`play_spec` plays it in whatever process runs it and returns a :class:`GameRow` — the same row for
the same spec whatever the number of workers or the backend. :func:`run` spreads specs over a process pool (all
cores by default) or a Ray cluster (:mod:`.parallel`) with a progress callback, keeping the specs' order; an
interrupt keeps the rows finished so far (:class:`InterruptedRun`).

A row is the table every report reads (../shared/STYLE.md "Analysis"; the Arrow/Parquet schema is
:mod:`.table`): the scores, who dealt each deal and every seat's position from the dealer, the game's scoring
events (:mod:`.events`), and the leadership facts derived once from the scores (:func:`leadership`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..arena import Seating
from ..bots import make_bot, make_cheating_bot
from ..bots.base import CheatingBot, SearchBot
from ..bots.registry import CHEAT_NAMES, kit_for
from ..match import Match
from ..registry import make
from . import events as E
from .parallel import default_jobs, interrupts_deferred, ordered_map

POLICY_PREFIX = "policy:"
"""A player named ``policy:PATH`` is the RL policy saved at PATH (``kirifuda.rl.ppo``; needs the ``train`` extra)."""

__all__ = ["GameRow", "GameSpec", "InterruptedRun", "default_jobs", "leadership", "play_spec", "run"]


@dataclass(frozen=True)
class GameSpec:
    game: str
    options: dict[str, Any]
    seats: tuple[str, ...]  # a bot name per seat
    seed: int
    lineup: int = 0  # which lineup of a tournament
    rotation: int = 0  # how far the lineup is rotated round the table
    bot_seed: int = 0
    variant: str = ""  # an A/B run: which variant of the options ("A" or "B")
    group: str = ""  # a report's part this game belongs to ("main", "skill:heuristic", …)
    events: bool = True  # collect the scoring events (analysis); a tournament needs only the scores


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
    seconds: float | None  # None where games were timed in bulk (``kirifuda simulate``)
    roles: list[list[str]] | None = None  # per deal, each seat's role (team games)
    think: dict[str, list[float]] = field(default_factory=dict)  # bot name → seconds per decision
    variant: str = ""
    group: str = ""
    winners: list[int] = field(default_factory=list)
    lead_changes: int = 0
    last_deal_decided: bool = False
    dealers: list[int] | None = None  # per deal: the dealer or start player (events.Facts)
    positions: list[list[int]] | None = None  # per deal, each seat's position from the dealer (0: the dealer)
    events: list[dict[str, Any]] | None = None  # events.Event.to_json() of every scoring event

    def __post_init__(self) -> None:
        if not self.winners and self.totals:
            self.winners, self.lead_changes, self.last_deal_decided = leadership(self.deal_scores)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def leadership(deal_scores: Sequence[Sequence[int]]) -> tuple[list[int], int, bool]:
    """From a game's deal scores: the winners (every seat tied at the top total); the number of lead changes
    (deals after the first after which the set of leaders — the seats tied at the top running total — differs
    from the set after the deal before); and whether the last deal decided the game (the winners differ from
    the leaders before it; a one-deal game: always)."""
    if not deal_scores:
        return [], 0, False
    n = len(deal_scores[0])
    running = [0] * n
    leaders: list[tuple[int, ...]] = []
    for scores in deal_scores:
        for seat in range(n):
            running[seat] += scores[seat]
        best = max(running)
        leaders.append(tuple(s for s in range(n) if running[s] == best))
    changes = sum(1 for a, b in zip(leaders, leaders[1:], strict=False) if a != b)
    decided = len(leaders) == 1 or leaders[-1] != leaders[-2]
    return list(leaders[-1]), changes, decided


def play_spec(spec: GameSpec) -> GameRow:
    """Play one game of ``spec`` (in any process)."""
    game = make(spec.game, spec.options)
    kit = kit_for(game)
    players: dict[int, Any] = {}
    for seat, name in enumerate(spec.seats):
        seed = spec.bot_seed * 1_000_003 + spec.seed * 101 + seat
        if name in CHEAT_NAMES:
            players[seat] = make_cheating_bot(name, game, seed, kit=kit)
        elif name.startswith(POLICY_PREFIX):  # a saved RL policy as a player (docs/rl.md "Training")
            from ..rl.ppo import policy_bot

            players[seat] = policy_bot(name, game, seed)
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
    seconds = time.perf_counter() - start
    facts = None
    if spec.events:
        facts = E.collect(match)
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
        seconds=seconds,
        roles=roles or None,
        think=think,
        variant=spec.variant,
        group=spec.group,
        dealers=facts.dealers if facts else None,
        positions=facts.positions if facts else None,
        events=[e.to_json() for e in facts.events] if facts else None,
    )


def run(
    specs: Sequence[GameSpec],
    *,
    jobs: int | None = None,
    ray: str | None = None,
    progress: Callable[[int], None] | None = None,
    sink: Callable[[GameRow], None] | None = None,
    keep: bool = True,
) -> list[GameRow]:
    """Play every spec on ``jobs`` processes (default: every core) or on Ray (``ray``: ``"local"`` or a
    cluster's address, :mod:`.parallel`); rows in the specs' order. ``sink`` receives each row as it is
    finished (in order: a Parquet writer); with ``keep`` False the rows are not also kept in memory (a large run
    written to Parquet) and the list returned is empty. On an interrupt (Ctrl-C) the rows finished so far are in
    ``InterruptedRun.rows`` (with ``keep``)."""
    rows: list[GameRow] = []
    try:
        for row in _rows(specs, jobs, ray, progress):
            with interrupts_deferred():  # a finished game is kept and written whole
                if keep:
                    rows.append(row)
                if sink is not None:
                    sink(row)
    except KeyboardInterrupt:
        raise InterruptedRun(rows, len(specs)) from None
    return rows


def _rows(
    specs: Sequence[GameSpec], jobs: int | None, ray: str | None, progress: Callable[[int], None] | None
) -> Iterator[GameRow]:
    yield from ordered_map(play_spec, specs, jobs=jobs, ray=ray, progress=progress)


class InterruptedRun(Exception):
    """A run stopped by the user: ``rows`` are the games finished before it stopped (of ``planned``)."""

    def __init__(self, rows: list[GameRow], planned: int = 0) -> None:
        super().__init__(f"interrupted after {len(rows)} of {planned} games")
        self.rows = rows
        self.planned = planned
