"""An interrupted run writes every game it reports (issue 23): a real SIGINT to a real ``kirifuda simulate``
subprocess, then the JSON summary's game count against the Parquet file's rows.

Twice a full suite saw this fail on one xdist worker: the run was not interrupted at all (one finished its 20,000
games and printed a summary without ``interrupted``, the other was still playing 60 s after the signal). That is
what a child does when it starts with SIGINT *ignored*: an ignored signal stays ignored across ``exec``, and Python
then installs no KeyboardInterrupt handler — a worker started from a background job of a non-interactive shell, or
left so by something earlier in the same worker, passes it on. A user's Ctrl-C reaches a simulate started from a
terminal, so the test starts its child the same way (:func:`sigint_as_from_a_terminal`), says what disposition
the worker and the child had if it fails, and waits on what it needs — the first row group on disk, the child's
exit — rather than on a wall clock that a loaded machine can run out."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pyarrow.parquet as pq  # type: ignore[import-untyped,unused-ignore]
import pytest

import kirifuda

SRC = str(Path(kirifuda.__file__).resolve().parents[1])  # this tree's code, not the installed one
GAMES = 20000


def signal_masks(pid: int | str = "self") -> str:
    """The ignored, blocked and caught signal masks of a process (Linux; empty elsewhere)."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return ""
    return " ".join(line.replace("\t", "") for line in lines if line.startswith(("SigIgn", "SigBlk", "SigCgt")))


@contextlib.contextmanager
def sigint_as_from_a_terminal() -> Iterator[None]:
    """Children started inside begin with SIGINT's default disposition, unblocked — whatever this worker inherited:
    a caught signal is reset to the default on ``exec``, an ignored or blocked one would be passed on."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    blocked = signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        if signal.SIGINT in blocked:
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        if previous is not None:  # None: set outside Python, which cannot be put back
            signal.signal(signal.SIGINT, previous)


@pytest.mark.slow
@pytest.mark.parametrize(("jobs", "delay"), [(1, 0.0), (1, 0.7), (2, 0.4)])
def test_an_interrupted_simulation_writes_every_game_it_reports(tmp_path, jobs, delay):
    parquet = tmp_path / "games.parquet"
    worker = f"worker {signal.getsignal(signal.SIGINT)!r} {signal_masks()}"
    with sigint_as_from_a_terminal():
        process = subprocess.Popen(
            [sys.executable, "-X", "faulthandler", "-m", "kirifuda", "simulate", "cutin", "--games", str(GAMES),
             "--json", "--parquet", str(parquet), "--jobs", str(jobs)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": SRC},
        )  # fmt: skip
    # once games are being written (the first row group, 256 games, is on disk), then ``delay`` later: mid-run.
    # No deadline: however loaded the machine, the child writes it or exits (it then fails below, saying so)
    started = time.monotonic()
    while not (parquet.exists() and parquet.stat().st_size > 4096) and process.poll() is None:
        time.sleep(0.05)
    time.sleep(delay)
    size = parquet.stat().st_size if parquet.exists() else None
    seen = f"{time.monotonic() - started:.1f} s after start, Parquet {size} bytes, child {signal_masks(process.pid)}"
    seen += f"; {worker}"
    process.send_signal(signal.SIGINT)
    try:
        # the child stops within a game (cut-in, the fast engine: milliseconds) and closes the file
        stdout, stderr = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGABRT)  # -X faulthandler: every thread's stack to stderr
        stdout, stderr = process.communicate(timeout=30)
        pytest.fail(f"simulate did not stop within 60 s of SIGINT (sent {seen}); its stacks:\n{stderr[-6000:]}")
    assert process.returncode == 0, (seen, stderr[-2000:])
    summary = json.loads(stdout)
    assert summary.get("interrupted") is True and 0 < summary["games"] < GAMES, (seen, summary, stderr[-2000:])
    rows = pq.read_table(str(parquet))
    assert rows.num_rows == summary["games"]
    assert sorted(rows.column("seed").to_pylist()) == list(range(summary["games"]))
    assert sum(len(d) for d in rows.column("deal_scores").to_pylist()) == summary["deals"]
