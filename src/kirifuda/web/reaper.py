"""A local Ray runtime that never outlives the server: ``python -m kirifuda.web.reaper CPUS``.

``kirifuda serve --bots ray`` does not start Ray in its own process. Ray's head (the GCS, the raylet) dies with the
process that started it, but its task workers and agents are the raylet's children: orphaned, they linger until
they notice the raylet is gone (half a minute and more). So the server starts this small supervisor instead, in a
process group of its own (a signal to the server's process group does not reach it first) but in the server's
session: Linux's autogroup scheduler shares the CPU between sessions first, so a runtime in a session of its own
would take a whole session's share for its searches at nice 19 — from the server itself (docs/performance.md). The
supervisor

- makes itself the *child subreaper* of everything below it (``prctl(PR_SET_CHILD_SUBREAPER)``, Linux): a Ray
  process orphaned by the raylet's death is given to it, not to ``init``;
- starts the Ray runtime (``ray.init``: it is the runtime's first driver) and prints the runtime's address on one
  line (``kirifuda-ray ADDRESS``); the server then connects to it as a second driver;
- waits until its parent (the server) is gone — killed, even by ``SIGKILL`` of the server alone or of its process
  group: the parent's id changes — or it is told to stop (``SIGTERM``, ``SIGINT``, ``SIGHUP``), and then kills every
  process below it, again and again as orphans are handed to it, and exits.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import time
from pathlib import Path

PR_SET_CHILD_SUBREAPER = 36
POLL = 0.2
"""Seconds between the supervisor's checks that the server is still its parent."""
MARK = "kirifuda-ray"
"""The first word of the line that gives the runtime's address."""
REAP_FOR = 20.0
"""Seconds the supervisor keeps killing what is below it before it gives up."""


def subreaper() -> bool:
    """Become the child subreaper of every process below this one (Linux); False where that is not possible."""
    try:
        result: int = ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
        return result == 0
    except (AttributeError, OSError):
        return False


def descendants(root: int) -> list[int]:
    """The live processes below ``root`` (from /proc; zombies left out: they are reaped)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] not in ("Z", "X"):
            parents[int(entry.name)] = int(fields[1])
    below: list[int] = []
    frontier = {root}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier}
        below += frontier
    return below


def reap_all() -> None:
    """Kill every process below this one until none is left (orphans keep arriving while the runtime dies)."""
    me = os.getpid()
    deadline = time.monotonic() + REAP_FOR
    while time.monotonic() < deadline:
        while True:  # collect the dead first, so that /proc shows the living only
            try:
                pid, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
        alive = descendants(me)
        if not alive:
            return
        for pid in alive:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.05)


def main(argv: list[str]) -> int:
    """``CPUS [SERVER]``: the runtime's CPUs, and the id of the server (the parent to watch; default: the parent
    now)."""
    cpus = int(argv[0]) if argv else 2
    parent = int(argv[1]) if len(argv) > 1 else os.getppid()
    stop = False

    def asked(signum: int, frame: object) -> None:
        nonlocal stop
        stop = True

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, asked)
    subreaper()
    try:
        if os.getppid() != parent:  # the server died while this was starting
            return 0
        # Ray starts its workers at nice 15 by default: the quick bots' workers think at the server's priority (the
        # searching levels' lower theirs to 19 themselves, kirifuda.web.bots), else other work on the machine starves
        # them and a search at 19 is barely behind them
        os.environ.setdefault("RAY_worker_niceness", "0")
        import ray

        ray.init(
            num_cpus=cpus,
            include_dashboard=False,
            log_to_driver=False,
            configure_logging=False,
            _node_ip_address="127.0.0.1",  # this machine's drivers only
        )
        address = ray.get_runtime_context().gcs_address
        print(f"{MARK} {address}", flush=True)
        while not stop and os.getppid() == parent:
            time.sleep(POLL)
    finally:
        reap_all()
    os._exit(0)  # no Ray shutdown hooks: everything below is gone already


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
