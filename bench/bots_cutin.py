"""Cut-in's bots: search iterations per second at the start of a hand, and decision latency per level
(docs/bots/cutin.md); and random play, hands per second, pure and fast engines (docs/performance.md).

* **iterations/s** — the generic ISMCTS with Cut-in's kit, from the information state of the first decision of a
  hand (the start player's lead: the widest tree and the longest rollouts), over ``--decisions`` such decisions
  of seeded deals, timed with ``time.process_time()`` (one core's CPU time, so other load on the machine counts
  less), with a fixed iteration budget;
* **latency** — the ``easy`` / ``normal`` / ``hard`` bots playing whole games against each other (one of each
  level and a heuristic), every decision with more than one legal action timed (process time): p50 and p95
  per level, and the share of decisions that hit the time cap;
* **random play** — hands (deals) per second of CPU time, the pure protocol (``kirifuda simulate --engine
  pure``'s loop) and the fast engine (``kirifuda.fast.cutin``), in alternating slices of ``--seconds``.

    python bench/bots_cutin.py [--decisions 200] [--games 4] [--seconds 2] [--json] [--options '{"players": 5}']
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

from kirifuda.arena import Seating  # noqa: E402
from kirifuda.bots import make_bot  # noqa: E402
from kirifuda.bots.ismcts import ISMCTS  # noqa: E402
from kirifuda.bots.registry import TARGET_SECONDS, kit_for  # noqa: E402
from kirifuda.fast import engine_for  # noqa: E402
from kirifuda.match import Match  # noqa: E402
from kirifuda.registry import make  # noqa: E402
from kirifuda.simulate import play_random_game  # noqa: E402

LEVELS = ("easy", "normal", "hard")


def iterations_per_second(options: dict, decisions: int, budget: int, progress: Progress) -> dict:
    game = make("cutin", options)
    kit = kit_for(game)
    search = ISMCTS(kit, iterations=budget)
    iterations, seconds = 0, 0.0
    task = progress.add_task("iterations/s at hand start", total=decisions)
    for seed in range(decisions):
        match = Match(game, seed=seed)
        (seat,) = match.to_act()
        info = Seating(match, {}).info(seat)
        legal = match.legal_actions(seat)
        start = time.process_time()
        _, stats = search.search(lambda rng, info=info: kit.sample(info, rng), seat, legal, random.Random(seed))
        seconds += time.process_time() - start
        iterations += stats.iterations
        progress.advance(task)
    return {
        "decisions": decisions,
        "iterations": iterations,
        "seconds": round(seconds, 3),
        "iterations_per_second": round(iterations / seconds),
    }


def latencies(options: dict, games: int, progress: Progress) -> dict:
    game = make("cutin", options)
    players = ["heuristic", *LEVELS]
    times: dict[str, list[float]] = {level: [] for level in LEVELS}
    task = progress.add_task("latency per level", total=games * game.seat_count)
    for g in range(games):
        for rotation in range(game.seat_count):
            names = [players[(k + rotation) % len(players)] for k in range(game.seat_count)]
            bots = [make_bot(name, game, seed=g) for name in names]
            match = Match(game, seed=1000 + g)
            seating = Seating(match, dict(enumerate(bots)))
            while not match.finished:
                (seat,) = match.to_act()
                legal = match.legal_actions(seat)
                start = time.process_time()
                action = seating.decide(seat)
                if len(legal) > 1 and names[seat] in times:
                    times[names[seat]].append(time.process_time() - start)
                match.act(seat, action)
            progress.advance(task)
    out = {}
    for level, ts in times.items():
        ts.sort()
        cap = TARGET_SECONDS[level] * 3.0
        out[level] = {
            "budget": kit_for(game).budgets[level],
            "decisions": len(ts),
            "p50": round(statistics.median(ts), 4),
            "p95": round(ts[int(0.95 * (len(ts) - 1))], 4),
            "max": round(ts[-1], 4),
            "capped": sum(t >= cap for t in ts),
        }
    return out


def random_play(options: dict, seconds: float, progress: Progress) -> dict:
    game = make("cutin", options)
    fast = engine_for(game)
    assert fast is not None
    engines = {
        "pure": lambda i: play_random_game(game, i, random.Random(i))[0],
        "fast": lambda i: fast.play_random_game(i, random.Random(i))[0],
    }
    hands = {name: 0 for name in engines}
    cpu = {name: 0.0 for name in engines}
    games = {name: 0 for name in engines}
    task = progress.add_task("random play", total=5 * len(engines))
    for _ in range(5):  # alternating slices: a change of load hits both engines alike
        for name, play in engines.items():
            start = time.process_time()
            while time.process_time() - start < seconds / 5:
                hands[name] += len(play(games[name]))
                games[name] += 1
            cpu[name] += time.process_time() - start
            progress.advance(task)
    return {
        name: {"hands": hands[name], "seconds": round(cpu[name], 3), "hands_per_second": round(hands[name] / cpu[name])}
        for name in engines
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=200, help="hand-start decisions for iterations/s")
    parser.add_argument("--budget", type=int, default=400, help="iterations per hand-start decision")
    parser.add_argument("--games", type=int, default=4, help="games (× every seat rotation) for the latencies")
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU seconds per engine for random play")
    parser.add_argument("--options", default="{}", help="game options as JSON (default: the article's game)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    options = json.loads(args.options)
    with Progress(console=Console(stderr=True), transient=True) as progress:
        speed = iterations_per_second(options, args.decisions, args.budget, progress)
        latency = latencies(options, args.games, progress) if args.games else {}
        random_hands = random_play(options, args.seconds, progress) if args.seconds else {}
    result = {
        "command": " ".join(["python", "bench/bots_cutin.py", *(sys.argv[1:] if argv is None else argv)]),
        "options": make("cutin", options).options.to_dict(),
        "hand_start": speed,
        "latency": latency,
        "random_play": random_hands,
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    out = Console()
    out.print(
        f"iterations/s at hand start: [bold]{speed['iterations_per_second']:,}[/bold] "
        f"({speed['iterations']:,} iterations in {speed['seconds']} s of CPU)"
    )
    for level, row in latency.items():
        out.print(
            f"{level:7} budget {row['budget']:5}: p50 {row['p50']:.3f} s, p95 {row['p95']:.3f} s, "
            f"max {row['max']:.3f} s over {row['decisions']} decisions ({row['capped']} capped)"
        )
    for name, row in random_hands.items():
        out.print(f"random play, {name}: {row['hands_per_second']:,} hands/s ({row['hands']:,} in {row['seconds']} s)")
    out.print(f"reproduce: {result['command']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
