"""Ray is a second backend of the same runs: a real local Ray runtime gives the pool's results exactly.

One test, one runtime: xdist would otherwise start a runtime in each of its workers."""

from __future__ import annotations

import dataclasses
import os

import pytest

ray = pytest.importorskip("ray")

from kirifuda.analysis import runner, simulation  # noqa: E402
from kirifuda.analysis.parallel import ordered_map  # noqa: E402
from kirifuda.analysis.runner import GameSpec  # noqa: E402
from kirifuda.cards import DECK_52, text  # noqa: E402


def untimed(rows: list[runner.GameRow]) -> list[dict]:
    return [{k: v for k, v in dataclasses.asdict(r).items() if k not in ("seconds", "think")} for r in rows]


@pytest.mark.slow
def test_ray_gives_the_pool_results_in_order():
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        done: list[int] = []
        cards = list(DECK_52[:20])
        assert list(ordered_map(text, cards, ray="local", progress=done.append)) == [text(c) for c in cards]
        assert done == list(range(1, 21))
        assert ray.is_initialized()  # a runtime the run did not start is left running

        specs = [GameSpec("cutin", {}, ("heuristic", "random", "random", "random"), seed) for seed in range(6)]
        specs += [GameSpec("anou", {"root_stones": True}, ("random",) * 4, seed) for seed in range(3)]
        assert untimed(runner.run(specs, ray="local")) == untimed(runner.run(specs, jobs=2))

        on_ray = simulation.run("anou", {}, games=300, ray="local").to_json()
        on_pool = simulation.run("anou", {}, games=300, jobs=2).to_json()
        assert on_ray["backend"] == "ray" and on_pool["backend"] == "process-pool"
        for key in ("games", "deals", "decisions", "mean_totals", "win_share", "engine"):
            assert on_ray[key] == on_pool[key]
    finally:
        ray.shutdown()
