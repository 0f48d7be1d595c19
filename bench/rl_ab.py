"""The gym environment's speed against an earlier revision of this tree, in one process (docs/rl.md "Speed").

A loaded machine distorts absolute rates, so this compares two trees in the same process, in short alternating
slices: the revision given (``git archive`` of its ``src/kirifuda``, imported as ``kirifuda_before``) and this
tree. Each slice steps ``gym_env(GAME, 0, OPPONENTS)`` with random masked actions for the learner (resetting when
an episode ends); the CPU rates (``process_time``) over all slices and their ratio are printed, with the load
average before and after.

    python bench/rl_ab.py REVISION [--game anou] [--opponents random] [--env gym|aec] [--slices 40] [--seconds 0.25]

``--env aec`` compares the AEC environment's steps instead (``last()`` and a random legal action, as bench/rl.py).
"""

from __future__ import annotations

import argparse
import io
import os
import random
import re
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]


def extract(revision: str, into: Path) -> None:
    """``src/kirifuda`` of ``revision`` as the package ``kirifuda_before`` in ``into`` (its absolute module names —
    the registry's layers, the lazy imports — renamed too)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision, "src/kirifuda"], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    package = into / "kirifuda_before"
    (into / "src" / "kirifuda").rename(package)
    for path in package.rglob("*.py"):
        text = path.read_text()
        renamed = re.sub(r'"kirifuda\.', '"kirifuda_before.', text)
        renamed = re.sub(r"^(\s*)import kirifuda$", r"\1import kirifuda_before as kirifuda", renamed, flags=re.M)
        if renamed != text:
            path.write_text(renamed)


def stepper(module: Any, game: str, opponents: str) -> Any:
    g = module.gym_env(game, 0, opponents)
    state: dict[str, Any] = {"obs": None, "seed": 0}

    def run(budget: float, rng: random.Random) -> tuple[int, float]:
        steps, cpu0, wall0 = 0, time.process_time(), time.perf_counter()
        while time.perf_counter() - wall0 < budget:
            if state["obs"] is None:
                state["obs"], _ = g.reset(seed=state["seed"])
                state["seed"] += 1
            legal = state["obs"]["action_mask"].view(np.bool_).nonzero()[0]
            obs, _, done, _, _ = g.step(int(legal[rng.randrange(len(legal))]))
            state["obs"] = None if done else obs
            steps += 1
        return steps, time.process_time() - cpu0

    return run


def aec_stepper(module: Any, game: str, opponents: str) -> Any:
    """The AEC environment's steps (``last()`` and a random legal action), whole games in a row."""
    e = module.env(game)
    state: dict[str, Any] = {"started": False, "seed": 0}

    def run(budget: float, rng: random.Random) -> tuple[int, float]:
        steps, cpu0, wall0 = 0, time.process_time(), time.perf_counter()
        while time.perf_counter() - wall0 < budget:
            if not state["started"] or not e.agents:
                e.reset(seed=state["seed"])
                state["seed"] += 1
                state["started"] = True
            obs, _, done, _, _ = e.last()
            if done:
                e.step(None)
                continue
            legal = obs["action_mask"].view(np.bool_).nonzero()[0]
            e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        return steps, time.process_time() - cpu0

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revision", help="the earlier revision (a commit, a branch)")
    parser.add_argument("--game", default="anou")
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--env", choices=("gym", "aec"), default="gym", help="the gym env's learner, or the AEC env")
    parser.add_argument("--slices", type=int, default=40, help="slices per tree")
    parser.add_argument("--seconds", type=float, default=0.25, help="wall-clock length of a slice")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        extract(args.revision, Path(folder))
        sys.path[:0] = [str(ROOT / "src"), folder]
        import kirifuda_before.rl as before  # type: ignore[import-not-found]

        import kirifuda.rl as after

        make = stepper if args.env == "gym" else aec_stepper
        runs = {
            "before": make(before, args.game, args.opponents),
            "after": make(after, args.game, args.opponents),
        }
        totals = {name: [0, 0.0] for name in runs}
        load = os.getloadavg()[0]
        for k in range(args.slices):
            for name in ("before", "after") if k % 2 == 0 else ("after", "before"):
                steps, cpu = runs[name](args.seconds, random.Random(k))
                totals[name][0] += steps
                totals[name][1] += cpu
    rates = {name: steps / cpu for name, (steps, cpu) in totals.items()}
    what = f"gym vs {args.opponents}" if args.env == "gym" else "AEC"
    print(
        f"{args.game} {what}: {args.revision} {rates['before']:,.0f} steps/s (CPU), this tree "
        f"{rates['after']:,.0f}: ×{rates['after'] / rates['before']:.2f} (load average {load:.1f} before, "
        f"{os.getloadavg()[0]:.1f} after)"
    )


if __name__ == "__main__":
    main()
