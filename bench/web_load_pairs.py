"""Fair bot work (issue 19), measured steadily: runs of bench/web_load.py with and without ``hard`` tables, pooled.

One run's person round trip p99 is the tenth slowest of about a thousand moves, and two runs of the *same*
configuration differ by half (docs/performance.md). This script runs ``--blocks`` blocks of four runs in the order
without, with, with, without (ABBA, so a drift of the machine during a block weighs on both sides alike), keeps every
round trip and bot move (``web_load.py --raw``), and compares the pooled samples of each side: p50, p99 and the bot
move's mean and p99, each with a bootstrap 95 % interval of the ratio (with ÷ without; the runs resampled within each
side, then the moves within each run).

    python bench/web_load_pairs.py --server-bots ray --blocks 2 --seconds 60 --out docs/performance/pairs-ray
    python bench/web_load_pairs.py --server-bots local --blocks 2 --seconds 60 --out docs/performance/pairs-local

Everything ``web_load.py`` takes after ``--`` is passed on (e.g. ``-- --tables 100``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress

console = Console(stderr=True)
HERE = Path(__file__).resolve().parent


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def pooled(runs: list[list[float]], statistic: str) -> float:
    values = [x for run in runs for x in run]
    if statistic == "mean":
        return sum(values) / len(values)
    return quantile(values, {"p50": 0.50, "p99": 0.99}[statistic])


def resample(runs: list[list[float]], rng: random.Random) -> list[list[float]]:
    """Runs drawn with replacement, then each run's values drawn with replacement (a two-level bootstrap)."""
    chosen = [runs[rng.randrange(len(runs))] for _ in runs]
    return [[run[rng.randrange(len(run))] for _ in run] for run in chosen]


def compare(without: list[list[float]], with_: list[list[float]], statistic: str, draws: int) -> dict[str, Any]:
    rng = random.Random(19)
    base, loaded = pooled(without, statistic), pooled(with_, statistic)
    ratios = sorted(
        pooled(resample(with_, rng), statistic) / pooled(resample(without, rng), statistic) for _ in range(draws)
    )
    return {
        "without_ms": round(base * 1000, 1),
        "with_ms": round(loaded * 1000, 1),
        "ratio": round(loaded / base, 3),
        "ci95": [round(ratios[int(0.025 * draws)], 3), round(ratios[int(0.975 * draws)], 3)],
        "per_run_without_ms": [round(pooled([run], statistic) * 1000, 1) for run in without],
        "per_run_with_ms": [round(pooled([run], statistic) * 1000, 1) for run in with_],
    }


def trips(runs: list[dict[str, Any]]) -> list[list[float]]:
    return [run["trips"] for run in runs]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server-bots", default="local", help="the server's --bots (local, ray, or a Ray address)")
    parser.add_argument("--blocks", type=int, default=2, help="blocks of four runs (without, with, with, without)")
    parser.add_argument("--seconds", type=float, default=60, help="each run's measured window")
    parser.add_argument("--hard-tables", type=int, default=4)
    parser.add_argument("--draws", type=int, default=1000, help="bootstrap draws")
    parser.add_argument("--out", type=Path, required=True, help="folder for each run's raw JSON and the summary")
    parser.add_argument("rest", nargs=argparse.REMAINDER, help="after --: passed on to web_load.py")
    args = parser.parse_args()
    rest = [x for x in args.rest if x != "--"]
    args.out.mkdir(parents=True, exist_ok=True)
    order = [0, args.hard_tables, args.hard_tables, 0] * args.blocks
    runs: dict[int, list[dict[str, Any]]] = {0: [], args.hard_tables: []}
    with Progress(console=console) as progress:
        task = progress.add_task(f"{len(order)} runs ({args.server_bots})", total=len(order))
        for index, hard in enumerate(order):
            raw = args.out / f"run{index:02d}-hard{hard}.json"
            command = [sys.executable, str(HERE / "web_load.py"), "--server-bots", args.server_bots]
            command += ["--hard-tables", str(hard), "--seconds", str(args.seconds), "--raw", str(raw), "--json", *rest]
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=os.environ)
            runs[hard].append(json.loads(raw.read_text()))
            progress.advance(task)
    without, with_ = runs[0], runs[args.hard_tables]
    summary = {
        "server_bots": args.server_bots,
        "blocks": args.blocks,
        "seconds": args.seconds,
        "hard_tables": args.hard_tables,
        "passed_on": rest,
        "moves": [sum(len(r["trips"]) for r in without), sum(len(r["trips"]) for r in with_)],
        "hard_table_moves": [r["summary"]["hard_table_moves"] for r in with_],
        "load_average": [
            [r["summary"]["load_average_before"][0], r["summary"]["load_average_after"][0]] for r in runs[0] + with_
        ],
        "round_trip": {
            s: compare([r["trips"] for r in without], [r["trips"] for r in with_], s, args.draws)
            for s in ("p50", "p99")
        },
        "bot_move": {
            s: compare([r["bot_moves"] for r in without], [r["bot_moves"] for r in with_], s, args.draws)
            for s in ("mean", "p99")
        },
    }
    (args.out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
