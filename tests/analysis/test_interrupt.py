"""An interrupted run writes every game it reports (issue 23): a real SIGINT to a real ``kirifuda simulate``
subprocess, then the JSON summary's game count against the Parquet file's rows."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq  # type: ignore[import-untyped,unused-ignore]
import pytest

import kirifuda

SRC = str(Path(kirifuda.__file__).resolve().parents[1])  # this tree's code, not the installed one


@pytest.mark.slow
@pytest.mark.parametrize(("jobs", "delay"), [(1, 0.0), (1, 0.7), (2, 0.4)])
def test_an_interrupted_simulation_writes_every_game_it_reports(tmp_path, jobs, delay):
    parquet = tmp_path / "games.parquet"
    process = subprocess.Popen(
        [sys.executable, "-X", "faulthandler", "-m", "kirifuda", "simulate", "cutin", "--games", "20000", "--json",
         "--parquet", str(parquet), "--jobs", str(jobs)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": SRC},
    )  # fmt: skip
    # once games are being written (the first row group is on disk), then ``delay`` later: mid-run
    started = time.monotonic()
    deadline = started + 60
    while not (parquet.exists() and parquet.stat().st_size > 4096) and time.monotonic() < deadline:
        time.sleep(0.05)
    # what the run had done when interrupted: a failure below says it (once seen in a full suite: no row group
    # on disk after 60 s; the run passes alone and beside the browser tests)
    size = parquet.stat().st_size if parquet.exists() else None
    seen = f"{time.monotonic() - started:.1f} s after start, Parquet {size} bytes"
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    try:
        stdout, stderr = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGABRT)  # -X faulthandler: every thread's stack to stderr
        stdout, stderr = process.communicate(timeout=30)
        pytest.fail(f"simulate did not stop within 60 s of SIGINT (sent {seen}); its stacks:\n{stderr[-6000:]}")
    assert process.returncode == 0, stderr
    summary = json.loads(stdout)
    assert summary.get("interrupted") is True and 0 < summary["games"] < 20000, (seen, summary, stderr[-2000:])
    rows = pq.read_table(str(parquet))
    assert rows.num_rows == summary["games"]
    assert sorted(rows.column("seed").to_pylist()) == list(range(summary["games"]))
    assert sum(len(d) for d in rows.column("deal_scores").to_pylist()) == summary["deals"]
