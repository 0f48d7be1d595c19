"""The go-out design engine's random play: hands per second of one core, against Cut-in's own fast engine.

Issue 20's bars: ``simulate`` of the ``cutin`` preset on the generic engine ≥ 0.5× the ``cutin`` fast engine in the
same run; Daifugō and Big Two ≥ 2,000 hands/s on one core. Every engine plays whole games of uniformly random
legal play (``play_random_game``: what ``kirifuda simulate`` runs) in alternating slices of ``--seconds``, timed
with ``time.process_time()`` (one core's CPU time: other load on the machine counts less, as in
bench/bots_cutin.py), ``--rounds`` times; the figure is hands (deals) per second over all slices.

    python bench/goout_speed.py [--seconds 2] [--rounds 3] [--pure] [--json]
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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

from kirifuda.core import Game  # noqa: E402
from kirifuda.fast import engine_for  # noqa: E402
from kirifuda.registry import make  # noqa: E402
from kirifuda.simulate import play_random_game  # noqa: E402

Player = Callable[[int, random.Random], tuple[tuple[tuple[int, ...], ...], int]]


def players(pure: bool) -> dict[str, Player]:
    games: dict[str, Game] = {
        "cutin (fast)": make("cutin"),
        "goout cutin preset (fast)": make("goout", {"design": "cutin"}),
        "goout daifugo (fast)": make("goout", {"design": "daifugo"}),
        "goout big-two (fast)": make("goout", {"design": "big-two"}),
    }
    out: dict[str, Player] = {}
    for name, game in games.items():
        engine = engine_for(game)
        assert engine is not None, name
        out[name] = engine.play_random_game
    if pure:
        for preset in ("cutin", "daifugo", "big-two"):
            game = make("goout", {"design": preset})
            out[f"goout {preset} (pure)"] = lambda seed, rng, game=game: play_random_game(game, seed, rng)
    return out


def measure(seconds: float, rounds: int, pure: bool) -> dict:
    engines = players(pure)
    hands = dict.fromkeys(engines, 0)
    decisions = dict.fromkeys(engines, 0)
    spent = dict.fromkeys(engines, 0.0)
    seeds = dict.fromkeys(engines, 0)
    for _ in range(rounds):
        for name, play in engines.items():
            start = time.process_time()
            while time.process_time() - start < seconds:
                seed = seeds[name]
                scores, d = play(seed, random.Random(seed))
                hands[name] += len(scores)
                decisions[name] += d
                seeds[name] = seed + 1
            spent[name] += time.process_time() - start
    rates = {name: hands[name] / spent[name] for name in engines}
    base = rates["cutin (fast)"]
    return {
        "command": "python bench/goout_speed.py " + " ".join(sys.argv[1:]),
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"CPython {platform.python_version()}",
        "load_average": round(os.getloadavg()[0], 2),
        "engines": {
            name: {
                "games": seeds[name],
                "hands": hands[name],
                "decisions": decisions[name],
                "cpu_seconds": round(spent[name], 3),
                "hands_per_second": round(rates[name], 1),
                "decisions_per_second": round(decisions[name] / spent[name]),
                "ratio_to_cutin_fast": round(rates[name] / base, 3),
            }
            for name in engines
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per slice")
    parser.add_argument("--rounds", type=int, default=3, help="slices per engine, alternating")
    parser.add_argument("--pure", action="store_true", help="the pure engine too (slow)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.seconds, args.rounds, args.pure)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{result['command']} — {result['machine']}, load average {result['load_average']}")
    print("| engine | games | hands | decisions | CPU s | hands/s | decisions/s | × cutin fast |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, r in result["engines"].items():
        print(
            f"| {name} | {r['games']:,} | {r['hands']:,} | {r['decisions']:,} | {r['cpu_seconds']} | "
            f"{r['hands_per_second']:,.1f} | {r['decisions_per_second']:,} | {r['ratio_to_cutin_fast']} |"
        )


if __name__ == "__main__":
    main()
