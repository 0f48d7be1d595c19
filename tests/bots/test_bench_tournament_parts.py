"""The bench tools that enter and compare tournaments played in parts (issue 21's measuring method, docs/bots.md):
``bench/bots_report.py --parquet A B [--under-load]`` and ``bench/paired_ranks.py``. Small real tournaments
(heuristic against random, Anou), written as ``kirifuda tournament --parquet`` writes them."""

from __future__ import annotations

import importlib.util
import json
import statistics
import sys
from pathlib import Path

import pytest

from kirifuda.analysis import runner, table
from kirifuda.analysis import tournament as T

BENCH = Path(__file__).resolve().parents[2] / "bench"
LINEUP = ["heuristic", "random"]

pytest.importorskip("pyarrow")


def bench(name: str):
    sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def parts(tmp_path_factory):
    """Seeds 0–2 in one run, seeds 2–3 in another (seed 2 twice), and seed 4 stopped after two rotations."""
    out = tmp_path_factory.mktemp("parts")
    files = {}
    for name, first, seeds in (("a", 0, 3), ("b", 2, 2), ("c", 4, 1)):
        rows = runner.run(T.specs("anou", {}, [LINEUP], seeds, first_seed=first), jobs=1)
        files[name] = table.write(rows if name != "c" else rows[:2], out / f"{name}.parquet")
    return files


def test_a_tournament_in_parts_is_entered_once_per_game_and_whole_seeds_only(parts):
    report = bench("bots_report")
    specs = T.specs("anou", {}, [LINEUP], 5)
    rows, seeds = report.played([parts["a"], parts["b"], parts["c"]], specs)
    assert seeds == 4  # seeds 0–3; seed 4 was stopped after two of its four rotations
    keys = [(r.seed, r.rotation) for r in rows]
    assert len(keys) == len(set(keys)) == 4 * 4  # seed 2 is in both files and counts once
    alone, n = report.played([parts["b"]], specs)
    assert n == 2 and {r.seed for r in alone} == {2, 3}


def test_under_load_keeps_the_quiet_latency_and_stores_the_busy_one():
    report = bench("bots_report")
    quiet = {"latency": {"normal": {"p50": 0.2, "p95": 0.3, "decisions": 10}}, "seeds": 10}
    busy = {"latency": {"normal": {"p50": 0.4, "p95": 0.7, "decisions": 20}}, "seeds": 20}
    entry = report.under_load(busy, quiet)
    assert entry["latency"] == quiet["latency"] and entry["latency_under_load"] == busy["latency"]
    assert entry["seeds"] == 20
    assert report.under_load(busy, {})["latency"] == {}  # nothing quiet to keep: no wall latency claimed


def test_paired_ranks_pairs_one_bot_over_the_seeds_both_sides_played_in_full(parts, capsys):
    paired = bench("paired_ranks")
    ours = paired.per_seed("heuristic", [parts["a"], parts["b"]])
    assert sorted(ours) == [0, 1, 2, 3] and all(len(v) == 4 for v in ours.values())
    result = paired.compare(("heuristic", [parts["a"]]), ("heuristic", [parts["b"]]))
    assert result["seeds"] == 1 and result["games_per_bot"] == 4  # seed 2 only: the same games on both sides
    assert result["rank"]["difference"]["mean"] == 0
    ranks = [T.normalised_ranks(r.totals)[r.seats.index("heuristic")] for r in table.read(parts["a"]) if r.seed == 2]
    assert result["per_seed_rank"]["2"]["a"] == pytest.approx(statistics.fmean(ranks))
    assert paired.main(["--a", "heuristic", str(parts["a"]), "--b", "heuristic", str(parts["b"]), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seeds"] == 1
    with pytest.raises(SystemExit, match="no seed played in full"):  # random holds three seats: not one bot's
        paired.compare(("heuristic", [parts["b"]]), ("random", [parts["a"]]))
