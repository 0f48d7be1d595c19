"""The Anarchy family's bots, measured (docs/bots/anarchy.md): search iterations per second and decision latency.

For each game id (default options):

* **iterations/s** of the search at the start of a hand — its first decision (Organised Chaos: the pass; the
  others: the bid) and its first trick — over ``--positions`` positions from seeded random deals, a search of
  ``--iterations`` iterations at each, CPU time by ``time.process_time()``;
* **latency** of each level (``easy``, ``normal``, ``hard``): one search bot against heuristic players for
  ``--games`` games, every decision it makes timed (wall clock, as a player waits), p50 / p95 / max.

    python bench/bots_anarchy.py [--games 1] [--positions 6] [--iterations 400] [--levels easy,normal,hard] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
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
from kirifuda.bots.ismcts import ISMCTS  # noqa: E402
from kirifuda.bots.registry import kit_for  # noqa: E402
from kirifuda.match import Match  # noqa: E402
from kirifuda.registry import make  # noqa: E402

GAMES = ("anarchy", "anarchy-bomb", "organised-chaos")


def hand_start(game_id: str, phase: str, positions: int, iterations: int) -> dict[str, float]:
    """Search iterations per CPU second at the first decision of ``phase`` in seeded deals."""
    game = make(game_id)
    kit = kit_for(game)
    done, seconds = 0, 0.0
    for seed in range(positions):
        match = Match(game, seed=seed)
        rng = random.Random(seed)
        while match.state.phase != phase:
            seat = min(match.to_act())
            match.act(seat, rng.choice(match.legal_actions(seat)))
        seat = min(match.to_act())
        info = Seating(match, {}).info(seat)
        search = ISMCTS(kit, iterations=iterations)
        start = time.process_time()
        _, stats = search.search(lambda r, info=info: kit.sample(info, r), seat, match.legal_actions(seat), rng)
        seconds += time.process_time() - start
        done += stats.iterations
    return {"iterations": done, "seconds": round(seconds, 3), "per_second": round(done / seconds) if seconds else 0}


def latency(game_id: str, level: str, games: int) -> dict[str, float]:
    """Wall-clock seconds per decision of a ``level`` bot at seat 0 among heuristic players."""
    game = make(game_id)
    times: list[float] = []
    for seed in range(games):
        bot = make_bot(level, game, seed=seed)
        assert isinstance(bot, SearchBot)
        players = {0: bot, **{s: make_bot("heuristic", game, seed=s) for s in range(1, game.n)}}
        match = Match(game, seed=1000 + seed)
        seating = Seating(match, players)
        while not match.finished:
            for seat in sorted(match.to_act()):
                start = time.perf_counter()
                action = seating.decide(seat)
                if seat == 0 and bot.last_stats.iterations:
                    times.append(time.perf_counter() - start)
                match.act(seat, action)
    times.sort()
    return {
        "decisions": len(times),
        "p50": round(statistics.median(times), 4),
        "p95": round(times[int(0.95 * (len(times) - 1))], 4),
        "max": round(times[-1], 4),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1, help="games per level for latency (default 1)")
    parser.add_argument("--positions", type=int, default=6, help="positions per hand-start measurement")
    parser.add_argument("--iterations", type=int, default=400, help="iterations per hand-start search")
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--ids", default=",".join(GAMES))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    ids = args.ids.split(",")
    levels = [x for x in args.levels.split(",") if x]
    out: dict[str, dict] = {}
    with Progress(transient=True, console=Console(stderr=True)) as progress:
        task = progress.add_task("bots", total=len(ids) * (2 + len(levels)))
        for game_id in ids:
            first = "pass" if game_id == "organised-chaos" else "bid"
            row: dict[str, dict] = {}
            for phase in (first, "play"):
                progress.update(task, description=f"{game_id} {phase}")
                row[f"iterations_{phase}"] = hand_start(game_id, phase, args.positions, args.iterations)
                progress.advance(task)
            for level in levels:
                progress.update(task, description=f"{game_id} {level}")
                row[level] = latency(game_id, level, args.games)
                progress.advance(task)
            out[game_id] = row
    command = " ".join(["python", "bench/bots_anarchy.py", *(sys.argv[1:] if argv is None else argv)])
    if args.json:
        print(json.dumps({"command": command, "results": out}, indent=2))
        return 0
    table = Table(title=command)
    for name in ("game", "measure", "value"):
        table.add_column(name)
    for game_id, row in out.items():
        for key, value in row.items():
            if key.startswith("iterations"):
                table.add_row(game_id, f"{key.split('_')[1]}: iterations/s", f"{value['per_second']:,}")
            else:
                text = f"p50 {value['p50']:.3f} s, p95 {value['p95']:.3f} s, max {value['max']:.3f} s"
                table.add_row(game_id, f"{key}: latency ({value['decisions']} decisions)", text)
    Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
