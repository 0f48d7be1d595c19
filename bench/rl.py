"""The RL environments' speed: steps per second of every game id's AEC environment (docs/rl.md).

For every game id with its default options (and Anou with 3 players), in alternating slices within one run:

* **aec** — ``kirifuda.rl.env``: each step ``last()`` (the acting seat's observation vector and action mask) and
  ``step`` with a uniformly random legal action drawn from the mask (``mask.view(bool).nonzero()``);
* **pure** — the same random play through ``Match`` alone (``legal_actions``, ``act``): the rules engine's own cost,
  the peer the environment is compared with (the ratio is what a loaded machine cannot distort);
* **gym random / gym heuristic** — ``kirifuda.rl.gym_env`` (seat 0, the learner, against ``random`` or
  ``heuristic`` opponents; a step is the learner's, the opponents' decisions between its steps included): random
  opponents draw from the referee's legal indices, Anou's heuristic plays on the fast referee, the other games'
  heuristic bots get their information state through ``Seating``. Measured step by step (a game with slow
  opponents need not finish within the budget).

Both wall-clock and CPU (``process_time``) rates are printed: on a machine shared with other jobs the CPU rate is the
one-core figure. The bars: ≥ 20,000 AEC steps/s for Anou 4 players with masks (issue 14); ≥ 10,000 gym steps/s
against random opponents and ≥ 3,000 against heuristic ones for Anou 4 players (issue 22). A loaded machine lowers
even the CPU rates (two cores shared by many jobs), so each gym rate is also given as a share of the AEC rate of the
same run: that ratio is what the load cannot distort. The machine's load average is taken before and after.

    python bench/rl.py [--seconds 3] [--json | --markdown] [--games anou,cutin]

``--markdown`` prints docs/rl.md's speed table (and writes the numbers to docs/rl/speed.json).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

import numpy as np  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.progress import Progress  # noqa: E402
from rich.table import Table  # noqa: E402

from kirifuda.match import Match  # noqa: E402
from kirifuda.registry import available  # noqa: E402
from kirifuda.rl import env, gym_env  # noqa: E402

SLICES = 4
BAR = 20_000
GYM_BARS = {"gym random": 10_000, "gym heuristic": 3_000}


def aec_game(e, seed: int, rng: random.Random) -> int:
    e.reset(seed=seed)
    steps = 0
    for _ in e.agent_iter():
        obs, _, done, _, _ = e.last()
        if done:
            e.step(None)
            continue
        legal = obs["action_mask"].view(np.bool_).nonzero()[0]
        e.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    return steps


def pure_game(game, seed: int, rng: random.Random) -> int:
    match = Match(game, seed=seed)
    steps = 0
    while not match.finished:
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal_actions(seat)))
        steps += 1
    return steps


class GymStepper:
    """Steps one Gymnasium env with random masked actions across calls, resetting when an episode ends."""

    def __init__(self, g) -> None:
        self.g = g
        self.obs = None
        self.seed = 0

    def run(self, budget: float, rng: random.Random) -> tuple[int, float, float]:
        steps, wall0, cpu0 = 0, time.perf_counter(), time.process_time()
        g = self.g
        while time.perf_counter() - wall0 < budget:
            if self.obs is None:
                self.obs, _ = g.reset(seed=self.seed)
                self.seed += 1
            legal = self.obs["action_mask"].view(np.bool_).nonzero()[0]
            obs, _, done, _, _ = g.step(int(legal[rng.randrange(len(legal))]))
            self.obs = None if done else obs
            steps += 1
        return steps, time.perf_counter() - wall0, time.process_time() - cpu0


def measure(play, budget: float, seed0: int) -> tuple[int, float, float]:
    rng = random.Random(seed0)
    steps, wall0, cpu0 = 0, time.perf_counter(), time.process_time()
    k = 0
    while time.perf_counter() - wall0 < budget:
        steps += play(seed0 + k, rng)
        k += 1
    return steps, time.perf_counter() - wall0, time.process_time() - cpu0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per engine and game id")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--markdown", action="store_true", help="docs/rl.md's table; the numbers to docs/rl/speed.json")
    parser.add_argument("--games", help="only these game ids, separated by commas")
    args = parser.parse_args()
    cases = [(gid, None) for gid in available()] + [("anou", {"players": 3})]
    if args.games:
        cases = [c for c in cases if c[0] in args.games.split(",")]
    rows = []
    console = Console(stderr=args.json or args.markdown)
    load_before = os.getloadavg()[0]
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("measuring", total=len(cases) * SLICES * 4)
        for gid, options in cases:
            e = env(gid, options)
            plays = {
                "aec": lambda s, r, e=e: aec_game(e, s, r),
                "pure": lambda s, r, e=e: pure_game(e.game, s, r),
            }
            # Gonin-kan's seat 0 deals first and sits out the first round: seat 1 learns there
            seat = 1 if gid == "goninkan" else 0
            steppers = {
                f"gym {o}": GymStepper(gym_env(gid, seat, opponents=o, options=options))
                for o in ("random", "heuristic")
            }
            totals = {k: [0, 0.0, 0.0] for k in (*plays, *steppers)}
            for k in range(SLICES):  # alternate, so a change of load hits every engine alike
                for name, play in plays.items():
                    steps, wall, cpu = measure(play, args.seconds / SLICES, 1000 * k)
                    for i, v in enumerate((steps, wall, cpu)):
                        totals[name][i] += v
                    progress.advance(task)
                for name, stepper in steppers.items():
                    steps, wall, cpu = stepper.run(args.seconds / SLICES, random.Random(k))
                    for i, v in enumerate((steps, wall, cpu)):
                        totals[name][i] += v
                    progress.advance(task)
            label = gid + ("" if options is None else " " + " ".join(f"{k}={v}" for k, v in options.items()))
            row = {"game": label, "obs": e.encoding.layout.size, "actions": len(e.encoding.actions)}
            for name, (steps, wall, cpu) in totals.items():
                row[name] = {"steps": steps, "per_s_wall": steps / wall, "per_s_cpu": steps / cpu}
            row["aec_vs_pure"] = row["aec"]["per_s_cpu"] / row["pure"]["per_s_cpu"]
            for name in steppers:
                row[f"{name} vs aec"] = row[name]["per_s_cpu"] / row["aec"]["per_s_cpu"]
            rows.append(row)
    run = {"started": started, "seconds": args.seconds, "load": [load_before, os.getloadavg()[0]], "rows": rows}
    if args.json:
        print(json.dumps(run, indent=1))
        return
    if args.markdown:
        Path("docs/rl/speed.json").write_text(json.dumps(run, indent=1) + "\n")
        markdown(run)
        return
    table = Table(title="RL environments: steps/s (random legal actions from the mask)")
    for col in ("game", "obs", "actions", "aec wall", "aec cpu", "pure cpu", "aec/pure", "gym random", "gym heuristic"):
        table.add_column(col, justify="left" if col == "game" else "right")
    for r in rows:
        table.add_row(
            r["game"],
            str(r["obs"]),
            f"{r['actions']:,}",
            f"{r['aec']['per_s_wall']:,.0f}",
            f"{r['aec']['per_s_cpu']:,.0f}",
            f"{r['pure']['per_s_cpu']:,.0f}",
            f"{r['aec_vs_pure']:.2f}",
            f"{r['gym random']['per_s_cpu']:,.0f}",
            f"{r['gym heuristic']['per_s_cpu']:,.0f}",
        )
    console.print(table)
    anou = rows[0]
    verdict = "met" if anou["aec"]["per_s_cpu"] >= BAR else "NOT met"
    console.print(f"Anou 4p AEC: {anou['aec']['per_s_cpu']:,.0f} steps/s (CPU) — the {BAR:,} bar is {verdict}")
    for name, bar in GYM_BARS.items():
        rate = anou[name]["per_s_cpu"]
        console.print(
            f"Anou 4p {name}: {rate:,.0f} steps/s (CPU) — the {bar:,} bar is {'met' if rate >= bar else 'NOT met'}"
        )


def markdown(run: dict) -> None:
    """docs/rl.md's speed table: CPU rates (one core), the gym rates also as shares of the AEC rate."""
    lo, hi = run["load"]
    print(
        f"Measured {run['started']}, `python bench/rl.py --seconds {run['seconds']:g} --markdown` "
        f"(load average {lo:.1f} before, {hi:.1f} after; numbers in `docs/rl/speed.json`):\n"
    )
    print(
        "| game | obs slots | actions | AEC steps/s | pure engine decisions/s | AEC / pure | gym vs random "
        "| gym vs random / AEC | gym vs heuristic | gym vs heuristic / AEC |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in run["rows"]:
        print(
            f"| {r['game']} | {r['obs']} | {r['actions']:,} | {r['aec']['per_s_cpu']:,.0f} | "
            f"{r['pure']['per_s_cpu']:,.0f} | {r['aec_vs_pure']:.2f} | {r['gym random']['per_s_cpu']:,.0f} | "
            f"{r['gym random vs aec']:.2f} | {r['gym heuristic']['per_s_cpu']:,.0f} | {r['gym heuristic vs aec']:.2f} |"
        )


if __name__ == "__main__":
    main()
