"""The designers' benchmark (docs/performance.md, "Simulation at scale"): in one process and one run,

* **random play** per game id on one core: deals per second with the engine ``kirifuda simulate`` uses
  (``--engine auto``: the fast engine where one exists), the issue-13 bar being 2,000 deals/s;
* **bot games per hour per core** per game id: whole games through ``kirifuda.analysis.runner.play_spec`` (the
  loop of ``kirifuda analyze`` and ``kirifuda tournament``: information states, scoring events) with every seat
  ``heuristic``, and with every seat ``normal`` where that bot is available;
* **speed-up from 1 to 2 workers** of the same work (random play of ``--speedup-game``, and heuristic games of
  ``cutin``) with the process pool and with Ray: wall-clock time with 1 worker / with 2 (the goal: ≥ 1.8×).
  Ray's start-up is timed apart; the run times are on a started runtime.

The machine's load average is recorded at the start and the end: the figures are only comparable within a run.

    python bench/analysis.py [--seconds 5] [--speedup-games 4000] [--bots heuristic,normal] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

from kirifuda.analysis import runner, simulation  # noqa: E402
from kirifuda.analysis.runner import GameSpec  # noqa: E402
from kirifuda.registry import available, make  # noqa: E402
from kirifuda.simulate import random_player  # noqa: E402


def random_play(game_id: str, seconds: float) -> dict[str, Any]:
    game = make(game_id)
    play, engine = random_player(game, "auto")
    games = deals = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        scores, d = play(games, random.Random(games))
        games += 1
        deals += len(scores)
        decisions += d
    elapsed = time.perf_counter() - start
    return {
        "game": game_id,
        "engine": engine,
        "games": games,
        "deals": deals,
        "seconds": round(elapsed, 3),
        "deals_per_second": round(deals / elapsed, 1),
        "decisions_per_second": round(decisions / elapsed),
        "bar_2000": deals / elapsed >= 2000,
    }


def bot_games(game_id: str, bot: str, seconds: float) -> dict[str, Any]:
    game = make(game_id)
    games = 0
    start = time.perf_counter()
    try:
        while time.perf_counter() - start < seconds or games == 0:
            runner.play_spec(GameSpec(game_id, {}, (bot,) * game.seat_count, games))
            games += 1
    except NotImplementedError as e:
        return {"game": game_id, "bot": bot, "available": False, "why": str(e)}
    elapsed = time.perf_counter() - start
    return {
        "game": game_id,
        "bot": bot,
        "available": True,
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_hour": round(games / elapsed * 3600),
    }


def timed(fn: Any) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def speedups(game_id: str, games: int, bot_games_count: int) -> dict[str, Any]:
    specs = [GameSpec("cutin", {}, ("heuristic",) * 4, s) for s in range(bot_games_count)]
    work = {
        f"random play of {game_id}, {games} games (simulate)": lambda jobs, ray: simulation.run(
            game_id, {}, games=games, jobs=jobs, ray=ray
        ),
        f"heuristic games of cutin, {bot_games_count} games (analyze/tournament)": lambda jobs, ray: runner.run(
            specs, jobs=jobs, ray=ray
        ),
    }
    out: dict[str, Any] = {}
    for name, run in work.items():
        one, two = timed(lambda run=run: run(1, None)), timed(lambda run=run: run(2, None))
        out[name] = {"pool": {"1": round(one, 2), "2": round(two, 2), "speedup": round(one / two, 2)}}
    import ray

    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    for cpus in (1, 2):
        start = time.perf_counter()
        ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
        startup = time.perf_counter() - start
        for name, run in work.items():
            seconds = timed(lambda run=run, cpus=cpus: run(cpus, "local"))
            out[name].setdefault("ray", {})[str(cpus)] = round(seconds, 2)
            out[name]["ray"][f"startup_{cpus}"] = round(startup, 2)
        ray.shutdown()
    for name in work:
        r = out[name]["ray"]
        r["speedup"] = round(r["1"] / r["2"], 2)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per random-play and bot measurement")
    parser.add_argument("--speedup-game", default="cutin")
    parser.add_argument("--speedup-games", type=int, default=4000)
    parser.add_argument("--speedup-bot-games", type=int, default=120)
    parser.add_argument(
        "--bots",
        default="heuristic,normal",
        help="bots that fill every seat for games per hour (a normal game of "
        "Gonin-kan, 10 rounds of searching seats, takes minutes)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    load_start = os.getloadavg()
    result: dict[str, Any] = {
        "command": " ".join(["python", "bench/analysis.py", *sys.argv[1:]]),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "load_start": [round(x, 2) for x in load_start],
        "started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }
    result["random_play"] = [random_play(g, args.seconds) for g in available()]
    result["bots"] = [bot_games(g, bot, args.seconds) for g in available() for bot in args.bots.split(",")]
    result["speedup"] = speedups(args.speedup_game, args.speedup_games, args.speedup_bot_games)
    result["load_end"] = [round(x, 2) for x in os.getloadavg()]
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
        return
    print(f"{result['started']}, {result['machine']}, load {result['load_start']} → {result['load_end']}")
    print("random play, one core (engine auto):")
    for r in result["random_play"]:
        mark = "✓" if r["bar_2000"] else "✗"
        print(f"  {r['game']:16} {r['engine']:5} {r['deals_per_second']:9.1f} deals/s {mark}")
    print("bot games per hour per core:")
    for r in result["bots"]:
        shown = f"{r['games_per_hour']:9,} games/h" if r["available"] else "not available yet"
        print(f"  {r['game']:16} {r['bot']:10} {shown}")
    print("speed-up 1 → 2 workers:")
    for name, r in result["speedup"].items():
        print(f"  {name}: pool {r['pool']}, ray {r['ray']}")


if __name__ == "__main__":
    main()
