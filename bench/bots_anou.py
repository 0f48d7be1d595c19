"""The Anou bots' benchmark: search iterations per second at the start of a hand, beside OpenSpiel, and the
decision latency of every level (docs/bots/anou.md).

In one process and one run:

* **ours** — kirifuda's ISMCTS (:class:`kirifuda.bots.ismcts.ISMCTS` with the Anou kit: sampler, fast positions,
  truncated playouts) at the first decision of a deal (the dealer's lead, 13 cards each in 4 players), one search
  of ``--iterations`` per deal seed, over many deals; every option combination (players 4/3, ``deck3``,
  ``root_stones``; with root stones the first decision is the dealer's first root stone);
* **OpenSpiel C++ ISMCTS** — ``pyspiel.ISMCTSBot`` on ``pyspiel.load_game("hearts")`` with a random-rollout
  evaluator (``pyspiel.RandomRolloutEvaluator(1, seed)``, UCT c = 2, unlimited world samples, max-visit final
  policy), at the first play after the passing that has a choice (the 2♣ lead is forced: the second seat's
  follow), ``--iterations`` simulations per search, over many deals;
* **OpenSpiel Python ISMCTS** — ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (evaluator
  ``open_spiel.python.algorithms.mcts.RandomRolloutEvaluator``) at the same hearts positions, fewer simulations
  (it is slow);
* **latency** — per level (easy, normal, hard), one bot against three heuristic bots over whole 4-player games,
  the CPU time of every searched decision: p50 / p95 / max.

Ours and OpenSpiel's C++ search are measured in alternating slices so that load changes hit both alike. Times
are ``time.process_time()`` (one core; other processes' load does not count, but it slows caches). Without
OpenSpiel the script says so and measures ours.

    python bench/bots_anou.py [--iterations 1000] [--deals 20] [--latency-games 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

from rich.console import Console  # noqa: E402
from rich.progress import Progress  # noqa: E402
from rich.table import Table  # noqa: E402

from kirifuda.arena import Seating  # noqa: E402
from kirifuda.bots import make_bot  # noqa: E402
from kirifuda.bots.ismcts import ISMCTS  # noqa: E402
from kirifuda.bots.registry import kit_for  # noqa: E402
from kirifuda.games.anou import Anou  # noqa: E402
from kirifuda.match import Match  # noqa: E402

SLICES = 4
OPTIONS = [
    {"players": 4},
    {"players": 4, "root_stones": True},
    {"players": 3},
    {"players": 3, "deck3": "52"},
    {"players": 3, "root_stones": True},
    {"players": 3, "deck3": "52", "root_stones": True},
]


@dataclass
class Rate:
    """Search iterations per CPU second of one searcher over positions."""

    name: str
    search: Callable[[int], int]  # search at position i, returns the iterations done
    iterations: int = 0
    searches: int = 0
    seconds: float = 0.0
    error: str | None = None
    about: dict[str, Any] = field(default_factory=dict)

    def run(self, count: int) -> None:
        if self.error:
            return
        try:
            for _ in range(count):
                start = time.process_time()
                self.iterations += self.search(self.searches)
                self.seconds += time.process_time() - start
                self.searches += 1
        except Exception as e:  # noqa: BLE001  # a peer that breaks must not stop the benchmark
            self.error = f"{type(e).__name__}: {e}"

    @property
    def per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "searches": self.searches,
            "iterations": self.iterations,
            "seconds": round(self.seconds, 3),
            "iterations_per_second": round(self.per_second),
            **self.about,
            **({"error": self.error} if self.error else {}),
        }


def ours(options: dict[str, Any], iterations: int) -> Rate:
    """kirifuda's ISMCTS at the first decision of deal ``i`` (seed ``i``), ``iterations`` per search."""
    game = Anou(**options)
    kit = kit_for(game)
    search = ISMCTS(kit, iterations=iterations)

    def run(i: int) -> int:
        match = Match(game, seed=i)
        (seat,) = match.to_act()
        info = Seating(match, {}).info(seat)
        legal = match.legal_actions(seat)
        _, stats = search.search(lambda rng: kit.sample(info, rng), seat, legal, random.Random(i))
        return stats.iterations

    label = ", ".join(f"{k}={v}" for k, v in options.items())
    return Rate(f"kirifuda ISMCTS, Anou {label}", run, about={"game": "anou", "options": options})


def hearts_positions(count: int) -> list[Any]:
    """Hearts states at the first play after the passing that has a choice (seeded random passes and lead)."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    out = []
    for i in range(count):
        rng = random.Random(i)
        state = game.new_initial_state()
        decisions = 0
        while True:
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            passes = 0 if "No Pass" in str(state).splitlines()[0] else 12  # 3 cards each, unless "No Pass"
            legal = state.legal_actions()
            if decisions >= passes and len(legal) > 1:
                break
            state.apply_action(rng.choice(legal))
            decisions += 1
        out.append(state)
    return out


def openspiel_cpp(iterations: int, deals: int) -> Rate | str:
    try:
        import pyspiel
    except ImportError as e:
        return f"OpenSpiel is not importable ({e}); install the extra: pip install -e '.[bench]'"
    states = hearts_positions(deals)

    def run(i: int) -> int:
        evaluator = pyspiel.RandomRolloutEvaluator(1, i)
        bot = pyspiel.ISMCTSBot(i, evaluator, 2.0, iterations, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
        bot.step(states[i % len(states)])
        return iterations

    version = getattr(pyspiel, "__version__", "?")
    return Rate("OpenSpiel C++ ISMCTSBot, hearts", run, about={"game": "hearts", "open_spiel": version})


def openspiel_python(iterations: int, deals: int) -> Rate | str:
    try:
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts
    except ImportError as e:
        return f"OpenSpiel's Python algorithms are not importable ({e})"
    import pyspiel

    game = pyspiel.load_game("hearts")
    states = hearts_positions(deals)

    def run(i: int) -> int:
        rs = np.random.RandomState(i)
        bot = ismcts.ISMCTSBot(
            game, mcts.RandomRolloutEvaluator(1, rs), 2.0, iterations, random_state=rs
        )  # defaults: unlimited world samples, max-visit final policy, UCT
        bot.step(states[i % len(states)])
        return iterations

    return Rate("OpenSpiel Python ISMCTSBot, hearts", run, about={"game": "hearts"})


def latency(level: str, games: int, progress: Callable[[], None]) -> dict[str, Any]:
    """CPU seconds of every searched decision of one ``level`` bot against three heuristic bots (4 players)."""
    game = Anou()
    times: list[float] = []
    for g in range(games):
        match = Match(game, seed=g)
        seat_of_bot = g % 4
        bots = {s: make_bot("heuristic", game, seed=g * 10 + s) for s in range(4)}
        bots[seat_of_bot] = make_bot(level, game, seed=g)  # type: ignore[assignment]
        seating = Seating(match, bots)
        while not match.finished:
            (seat,) = match.to_act()
            start = time.process_time()
            action = seating.decide(seat)
            spent = time.process_time() - start
            if seat == seat_of_bot and len(match.legal_actions(seat)) > 1:
                times.append(spent)
            match.act(seat, action)
            progress()
    times.sort()
    return {
        "level": level,
        "decisions": len(times),
        "p50_ms": round(1000 * times[len(times) // 2], 1),
        "p95_ms": round(1000 * times[min(len(times) - 1, int(0.95 * len(times)))], 1),
        "max_ms": round(1000 * times[-1], 1),
        "mean_ms": round(1000 * statistics.fmean(times), 1),
    }


def machine() -> dict[str, Any]:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": model,
        "cores": os.cpu_count(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=1000, help="iterations per search (ours, OpenSpiel C++)")
    parser.add_argument("--python-iterations", type=int, default=100, help="simulations per OpenSpiel Python search")
    parser.add_argument("--deals", type=int, default=20, help="positions (deals) per searcher")
    parser.add_argument("--latency-games", type=int, default=2, help="whole games per level for the latency")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the tables")
    args = parser.parse_args(argv)
    err = Console(stderr=True)
    info = machine()

    headline = ours(OPTIONS[0], args.iterations)
    others = [ours(o, args.iterations) for o in OPTIONS[1:]]
    notes = []
    cpp = openspiel_cpp(args.iterations, args.deals)
    python = openspiel_python(args.python_iterations, max(2, args.deals // 4))
    for peer in (cpp, python):
        if isinstance(peer, str):
            notes.append(peer)
    paired = [headline] + ([cpp] if isinstance(cpp, Rate) else [])
    per_slice = max(1, args.deals // SLICES)
    levels = ("easy", "normal", "hard")
    with Progress(console=err, transient=True) as progress:
        task = progress.add_task("ISMCTS at hand start", total=SLICES * len(paired) + len(others) + 1)
        for _ in range(SLICES):  # ours and OpenSpiel's C++ search alternate
            for rate in paired:
                rate.run(per_slice)
                progress.advance(task)
        for rate in others:
            rate.run(per_slice)
            progress.advance(task)
        if isinstance(python, Rate):
            python.run(max(2, args.deals // 4))
        progress.advance(task)
        lat_task = progress.add_task("latency", total=None)
        lat = (
            [latency(level, args.latency_games, lambda: progress.advance(lat_task)) for level in levels]
            if args.latency_games
            else []
        )

    rates = [*paired, *others, *([python] if isinstance(python, Rate) else [])]
    result = {
        "machine": info,
        "command": "python bench/bots_anou.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        "iterations_per_search": args.iterations,
        "rates": [r.to_json() for r in rates],
        "latency": lat,
        "notes": notes,
    }
    if isinstance(cpp, Rate) and cpp.per_second:
        result["ours_over_openspiel_cpp"] = round(headline.per_second / cpp.per_second, 3)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    out = Console()
    table = Table(title=f"ISMCTS iterations/s at the start of a hand ({args.iterations} per search, CPU time)")
    for col in ("searcher", "searches", "iterations", "seconds", "iterations/s"):
        table.add_column(col, justify="left" if col == "searcher" else "right")
    for r in rates:
        table.add_row(
            r.name, str(r.searches), f"{r.iterations:,}", f"{r.seconds:.2f}", r.error or f"{r.per_second:,.0f}"
        )
    out.print(table)
    lt = Table(title="Decision latency, one bot against three heuristic bots (4 players, CPU time)")
    for col in ("level", "decisions", "p50 ms", "p95 ms", "max ms", "mean ms"):
        lt.add_column(col, justify="right")
    for row in lat:
        lt.add_row(*(str(row[k]) for k in ("level", "decisions", "p50_ms", "p95_ms", "max_ms", "mean_ms")))
    out.print(lt)
    for note in notes:
        out.print(f"[yellow]{note}[/yellow]")
    if "ours_over_openspiel_cpp" in result:
        out.print(f"ours / OpenSpiel C++ = {result['ours_over_openspiel_cpp']}")
    out.print(f"machine: {info}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
