"""Search speed and decision latency of the bots for one game id (issue 10; docs/bots/<game>.md).

* **iterations/s at the start of a hand**: for ``--positions`` seeded deals, the first decision of the deal
  with two or more legal actions (Gogyō: the first card of trick 1; Gonin-kan: the first card of battle 1,
  after the call), searched by the ``normal`` bot; iterations over CPU time (``time.process_time``, one core).
* **latency per level**: the decisions of ``--games`` seeded games (the level's bot in every seat), CPU and wall
  seconds per searched decision, p50 and p95 — the figures the budgets are calibrated on (≈ 0.05 / 0.25 / 1 s).

    python bench/bots_search.py gogyo-sokoku [--positions 20] [--games 1] [--levels easy,normal,hard] [--json]
    python bench/bots_search.py goninkan --options '{"rounds": 1}'
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

from rich.console import Console  # noqa: E402
from rich.progress import Progress  # noqa: E402
from rich.table import Table  # noqa: E402

from kirifuda.arena import Seating  # noqa: E402
from kirifuda.bots import make_bot  # noqa: E402
from kirifuda.bots.base import SearchBot  # noqa: E402
from kirifuda.bots.registry import kit_for  # noqa: E402
from kirifuda.match import Match  # noqa: E402
from kirifuda.registry import make  # noqa: E402


def hand_start(game, seed: int) -> tuple[Match, int]:
    """The first decision with a choice in the game with ``seed``'s first deal (earlier forced ones played)."""
    match = Match(game, seed=seed)
    while True:
        (seat,) = match.to_act()
        legal = match.legal_actions(seat)
        state = match.state
        if len(legal) > 1 and getattr(state, "phase", "play") == "play":
            return match, seat
        match.act(seat, legal[0])


def iterations_per_second(game, positions: int, progress) -> dict:
    kit = kit_for(game)
    iterations = 0
    seconds = 0.0
    task = progress.add_task("iterations/s at hand start", total=positions)
    for seed in range(positions):
        match, seat = hand_start(game, seed)
        bot = make_bot("normal", game, seed, kit=kit)
        assert isinstance(bot, SearchBot)
        bot.search.time_cap = None
        info = Seating(match, {}).info(seat)
        start = time.process_time()
        bot.act(info, match.legal_actions(seat))
        seconds += time.process_time() - start
        iterations += bot.last_stats.iterations
        progress.advance(task)
    return {
        "positions": positions,
        "iterations": iterations,
        "cpu_seconds": round(seconds, 3),
        "iterations_per_second": round(iterations / seconds),
    }


def latency(game, level: str, games: int, progress) -> dict:
    kit = kit_for(game)
    cpu: list[float] = []
    wall: list[float] = []
    task = progress.add_task(f"latency {level}", total=games)
    for seed in range(games):
        match = Match(game, seed=1000 + seed)
        bots = {s: make_bot(level, game, seed * 10 + s, kit=kit) for s in range(game.seat_count)}
        seating = Seating(match, bots)
        while not match.finished:
            for seat in sorted(match.to_act()):
                c0, w0 = time.process_time(), time.perf_counter()
                action = seating.decide(seat)
                bot = bots[seat]
                if isinstance(bot, SearchBot) and bot.last_stats.iterations:
                    cpu.append(time.process_time() - c0)
                    wall.append(time.perf_counter() - w0)
                match.act(seat, action)
        progress.advance(task)
    return {
        "level": level,
        "iterations": kit.budgets[level],
        "decisions": len(cpu),
        "cpu_p50": round(statistics.median(cpu), 4),
        "cpu_p95": round(statistics.quantiles(cpu, n=20)[-1], 4),
        "cpu_mean": round(statistics.fmean(cpu), 4),
        "wall_p50": round(statistics.median(wall), 4),
        "wall_p95": round(statistics.quantiles(wall, n=20)[-1], 4),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--options", default=None, help="game options as JSON")
    parser.add_argument("--positions", type=int, default=20, help="hand starts for iterations/s (default 20)")
    parser.add_argument("--games", type=int, default=1, help="games per level for latency (default 1)")
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    game = make(args.game, json.loads(args.options) if args.options else None)
    err = Console(stderr=True)
    with Progress(console=err, transient=True) as progress:
        speed = iterations_per_second(game, args.positions, progress)
        levels = [latency(game, level, args.games, progress) for level in args.levels.split(",") if level]
    command = " ".join(["python", "bench/bots_search.py", *(sys.argv[1:] if argv is None else argv)])
    result = {
        "game": game.id,
        "options": game.options.to_dict(),
        "command": command,
        "hand_start": speed,
        "latency": levels,
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    out = Console()
    out.print(
        f"{game.id}: {speed['iterations_per_second']:,} iterations/s at hand start "
        f"({speed['iterations']} in {speed['cpu_seconds']} s CPU over {speed['positions']} positions)"
    )
    table = Table(title="decision latency (seconds per searched decision)")
    for name in ("level", "iterations", "decisions", "cpu p50", "cpu p95", "cpu mean", "wall p50", "wall p95"):
        table.add_column(name, justify="left" if name == "level" else "right")
    for row in levels:
        table.add_row(
            row["level"],
            str(row["iterations"]),
            str(row["decisions"]),
            str(row["cpu_p50"]),
            str(row["cpu_p95"]),
            str(row["cpu_mean"]),
            str(row["wall_p50"]),
            str(row["wall_p95"]),
        )
    out.print(table)
    out.print(f"reproduce: {command}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
