"""kirifuda simulate on every core: the same figures whatever the workers; rows to Parquet; the JSON keys of
docs/cli.md stay."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from kirifuda import simulate
from kirifuda.analysis import simulation, table
from kirifuda.registry import make

DOCUMENTED = {
    "game", "options", "engine", "games", "deals", "decisions", "seconds", "games_per_second", "deals_per_second",
    "decisions_per_second", "mean_totals", "win_share",
}  # fmt: skip


@pytest.mark.parametrize("game_id", ["anou", "cutin"])
def test_the_figures_do_not_depend_on_the_workers(game_id):
    single = simulate.run(make(game_id), games=60, seed=5).to_json()
    for jobs in (1, 2):
        spread = simulation.run(game_id, {}, games=60, seed=5, jobs=jobs).to_json()
        for key in ("games", "deals", "decisions", "mean_totals", "win_share", "engine"):
            assert spread[key] == single[key], (jobs, key)
        assert spread["jobs"] == jobs


def test_chunks_cover_every_seed_once():
    chunks = simulation.chunks("cutin", {}, "auto", games=10, seed=3, size=4)
    assert [(c.start, c.stop) for c in chunks] == [(3, 7), (7, 11), (11, 13)]


def test_rows_of_random_games_carry_scores_and_leadership(tmp_path):
    kept = []
    simulation.run(
        "cutin", {}, games=12, jobs=1, keep=lambda chunk, results: kept.extend(simulation.rows(chunk, results, 4))
    )
    assert [r.seed for r in kept] == list(range(12))
    path = table.write(kept, tmp_path / "sim.parquet")
    back = table.read(path)
    assert back == kept and all(r.events is None and r.group == "simulate" for r in back)


def test_simulate_command_keeps_its_json_keys_and_writes_parquet(tmp_path):
    path = tmp_path / "games.parquet"
    done = subprocess.run(
        [sys.executable, "-m", "kirifuda", "simulate", "anou", "--games", "40", "--jobs", "2", "--json",
         "--parquet", str(path)],
        capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data) >= DOCUMENTED and data["jobs"] == 2 and data["backend"] == "process-pool"
    assert len(table.read(path)) == 40


def test_ray_alone_means_a_local_runtime():
    from kirifuda.commands.common import with_optional_values

    assert with_optional_values(["simulate", "anou", "--ray"]) == ["simulate", "anou", "--ray", "local"]
    assert with_optional_values(["simulate", "--ray", "--json"]) == ["simulate", "--ray", "local", "--json"]
    assert with_optional_values(["simulate", "--ray", "auto"]) == ["simulate", "--ray", "auto"]
