"""The kirifuda benchmark: random legal play, decisions and deals per second (docs/performance.md).

In one run, for every game id in ``kirifuda.registry.available()`` with its default options:

* **pure** — uniformly random legal play through the pure protocol (``Match``, ``legal_actions``, ``act``),
  the loop of ``kirifuda simulate --engine pure``;
* **fast** — the same games through ``kirifuda.fast.engine_for(game).play_random_game``, where one exists;
* **OpenSpiel hearts** driven from Python the same way (chance nodes: ``rng.choice(chance_outcomes())``,
  else ``apply_action(rng.choice(legal_actions()))``), the peer the fast Anou engine is held to.

The fast engines and OpenSpiel are measured in alternating slices, so a change in the machine's load
during the run affects both sides of the ratio alike. A *decision* is one player's action; a *deal* is
one entry of ``deal_scores`` (a Gonin-kan battle) or one OpenSpiel hearts game.

    python bench/bench.py [--seconds 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

from rich.console import Console  # noqa: E402
from rich.markup import escape  # noqa: E402
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn  # noqa: E402
from rich.table import Table  # noqa: E402

from kirifuda.registry import available, make  # noqa: E402
from kirifuda.simulate import play_random_game  # noqa: E402

SLICES = 5  # alternating slices per measurement for the fast engines and OpenSpiel
HEADLINE = ("anou", "fast"), ("hearts", "openspiel")


@dataclass
class Meter:
    """One measured engine: ``play(i)`` plays game ``i`` and returns (deals, decisions)."""

    game: str
    engine: str
    play: Callable[[int], tuple[int, int]]
    games: int = 0
    deals: int = 0
    decisions: int = 0
    seconds: float = 0.0
    error: str | None = None
    options: dict = field(default_factory=dict)

    def run(self, budget: float) -> None:
        """Play whole games until ``budget`` seconds have passed (the last game is finished)."""
        if self.error:
            return
        start = time.perf_counter()
        end = start + budget
        try:
            while True:
                deals, decisions = self.play(self.games)
                self.games += 1
                self.deals += deals
                self.decisions += decisions
                if time.perf_counter() >= end:
                    break
        except Exception as e:  # a game in progress elsewhere in the tree must not stop the benchmark
            self.error = f"{type(e).__name__}: {e}"
        self.seconds += time.perf_counter() - start

    def rate(self, count: int) -> float:
        return count / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "engine": self.engine,
            "options": self.options,
            "games": self.games,
            "deals": self.deals,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 3),
            "decisions_per_second": round(self.rate(self.decisions)),
            "deals_per_second": round(self.rate(self.deals), 1),
            **({"error": self.error} if self.error else {}),
        }


def pure_meter(game_id: str) -> Meter:
    game = make(game_id)

    def play(i: int) -> tuple[int, int]:
        scores, decisions = play_random_game(game, i, random.Random(i))
        return len(scores), decisions

    return Meter(game_id, "pure", play, options=game.options.to_dict())


def fast_meter(game_id: str) -> Meter | None:
    from kirifuda.fast import engine_for

    game = make(game_id)
    engine = engine_for(game)
    if engine is None:
        return None

    def play(i: int) -> tuple[int, int]:  # as kirifuda.simulate.run: game i deals from seed i, rng Random(i)
        scores, decisions = engine.play_random_game(i, random.Random(i))
        return len(scores), decisions

    return Meter(game_id, "fast", play, options=game.options.to_dict())


def guarded(build: Callable[[str], Meter | None], game_id: str, engine: str) -> Meter | None:
    """``build(game_id)``, or a meter that reports why the game could not be set up."""
    try:
        return build(game_id)
    except Exception as e:  # a game in progress elsewhere in the tree must not stop the benchmark
        return Meter(game_id, engine, lambda i: (0, 0), error=f"{type(e).__name__}: {e}")


def openspiel_meter() -> Meter | str:
    """OpenSpiel hearts driven from Python, or why it cannot be measured."""
    try:
        import pyspiel
    except ImportError as e:
        return f"OpenSpiel is not importable ({e}); install the extra: pip install -e '.[bench]'"
    hearts = pyspiel.load_game("hearts")
    rng = random.Random(0)

    def play(i: int) -> tuple[int, int]:
        state = hearts.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return 1, decisions

    version = getattr(pyspiel, "__version__", "?")
    return Meter("hearts", "openspiel", play, options={"game": "hearts", "open_spiel": version})


def machine() -> dict:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    python = f"{platform.python_implementation()} {platform.python_version()}"
    return {
        "cpu": model,
        "cores": os.cpu_count(),
        "python": python,
        "platform": platform.platform(),
        "load_average_at_start": [round(x, 2) for x in load] if load else None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per measurement (default 5)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args(argv)
    err = Console(stderr=True)
    info = machine()

    games = available()
    pure = [guarded(pure_meter, g, "pure") for g in games]
    fast = [m for m in (guarded(fast_meter, g, "fast") for g in games) if m is not None]
    peer = openspiel_meter()
    paired = fast + ([peer] if isinstance(peer, Meter) else [])
    columns = (
        TextColumn("{task.description:32}"),
        BarColumn(),
        TextColumn("{task.completed:.0f}/{task.total:.0f} s"),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=err, transient=True) as progress:
        total = args.seconds * (len(pure) + len(paired))
        task = progress.add_task("benchmark", total=total)
        done = 0.0
        for m in pure:
            progress.update(task, description=f"{m.game} (pure)")
            m.run(args.seconds)
            done += args.seconds
            progress.update(task, completed=done)
        for _ in range(SLICES):  # fast engines and OpenSpiel alternate
            for m in paired:
                progress.update(task, description=f"{m.game} ({m.engine})")
                m.run(args.seconds / SLICES)
                done += args.seconds / SLICES
                progress.update(task, completed=done)

    meters = pure + paired
    by_key = {(m.game, m.engine): m for m in meters}
    a, b = (by_key.get(k) for k in HEADLINE)
    ratio = None
    if a and b and a.decisions and b.decisions and not (a.error or b.error):
        ratio = a.rate(a.decisions) / b.rate(b.decisions)
    command = " ".join(["python", "bench/bench.py", *(sys.argv[1:] if argv is None else argv)])
    if args.json:
        print(
            json.dumps(
                {
                    "machine": info,
                    "command": command,
                    "results": [m.to_json() for m in meters],
                    "openspiel_skipped": None if isinstance(peer, Meter) else peer,
                    "ratio_fast_anou_to_openspiel_hearts": None if ratio is None else round(ratio, 3),
                },
                indent=2,
            )
        )
        return 0
    out = Console(width=max(Console().width, 110))  # whole game ids and figures, even in a pipe
    table = Table(title=f"random legal play, {args.seconds:g} s per measurement")
    for name in ("game", "engine", "games", "deals", "decisions", "seconds", "decisions/s", "deals/s"):
        table.add_column(name, justify="left" if name in ("game", "engine") else "right")
    for m in meters:
        if m.error:
            table.add_row(
                m.game, m.engine, str(m.games), "", "", f"{m.seconds:.1f}", f"[red]{escape(m.error)}[/red]", ""
            )
            continue
        table.add_row(
            m.game,
            m.engine,
            str(m.games),
            str(m.deals),
            str(m.decisions),
            f"{m.seconds:.1f}",
            f"{m.rate(m.decisions):,.0f}",
            f"{m.rate(m.deals):,.1f}",
        )
    out.print(table)
    if not isinstance(peer, Meter):
        out.print(f"[yellow]OpenSpiel skipped:[/yellow] {escape(peer)}")
    if ratio is not None:
        verdict = "[green]meets[/green]" if ratio >= 1 else "[red]misses[/red]"
        out.print(f"fast anou / OpenSpiel hearts (decisions/s): [bold]{ratio:.2f}[/bold] — {verdict} the bar (≥ 1)")
    out.print(
        f"machine: {info['cpu']}, {info['cores']} cores, {info['python']}, "
        f"load average at start {info['load_average_at_start']}"
    )
    out.print(f"reproduce: {command}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
