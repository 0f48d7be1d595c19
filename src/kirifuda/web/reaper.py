"""The bots' Ray driver, in a process of its own that never outlives the server: ``python -m kirifuda.web.reaper``.

``kirifuda serve --bots ray`` holds no Ray in its own process. A Ray driver runs threads of its own (gRPC polling,
the core worker's I/O, the tasks' results coming back) that shared the server's CPU and its GIL with the event loop:
with 100 tables the person's round trip p99 was about 120 ms against about 20 ms with the local pools, and grew by a
quarter when four ``hard`` tables were added (docs/performance.md). So the server starts this small *gateway*
instead and talks to it over a socket pair (:class:`Frames`): the server sends each decision's arguments, already
pickled, with its id and kind (quick or searching); the gateway submits it to Ray — a task for a quick bot, a call of
one of its :class:`~kirifuda.web.bots.Searcher` actors for a search — and sends the answer (the action's record
text) or the bot's error back as plain data. The gateway owns ``ray.init``, the actors and every Ray thread.

Ray's head (the GCS, the raylet) dies with the process that started it, but its task workers and agents are the
raylet's children: orphaned, they linger until they notice the raylet is gone (half a minute and more). The gateway
runs in a process group of its own (a signal to the server's process group does not reach it first) but in the
server's session: Linux's autogroup scheduler shares the CPU between sessions first, so a runtime in a session of its
own would take a whole session's share for its searches at nice 19 — from the server itself (docs/performance.md).
It

- makes itself the *child subreaper* of everything below it (``prctl(PR_SET_CHILD_SUBREAPER)``, Linux): a Ray
  process orphaned by the raylet's death is given to it, not to ``init``;
- starts the local Ray runtime (``ray.init``: the runtime's one driver), or connects to a Ray cluster
  (``--address``), makes its searcher actors, and tells the server it is ready (the first frame);
- serves decisions until the server is gone — its end of the socket closes (even by ``SIGKILL`` of the server alone
  or of its process group), or its parent's id changes — or it is told to stop (``SIGTERM``, ``SIGINT``, ``SIGHUP``),
  and then kills every process below it, again and again as orphans are handed to it, and exits.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import os
import secrets
import select
import signal
import socket
import sys
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

from .bots import ANSWER, ERROR, READY, SEARCH, Frames, Searcher, plain_error, think_pickled

PR_SET_CHILD_SUBREAPER = 36
POLL = 0.2
"""Seconds between the gateway's checks that the server is still its parent."""
REAP_FOR = 20.0
"""Seconds the gateway keeps killing what is below it before it gives up."""


def subreaper() -> bool:
    """Become the child subreaper of every process below this one (Linux); False where that is not possible."""
    try:
        result: int = ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
        return result == 0
    except (AttributeError, OSError):
        return False


def descendants(root: int) -> list[int]:
    """The live processes below ``root`` (from /proc; zombies left out: they are reaped). The walk goes through a
    zombie: a multi-threaded process (the raylet) shows as one while its other threads still exit, and its children
    are handed on only when the last has — left out of the walk, they would be missed, and the gateway, finding
    nothing left, would exit and leave them to ``init`` (two of Ray's agents outlived a server so, under load)."""
    parents: dict[int, int] = {}
    dead: set[int] = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(entry.name)
        parents[pid] = int(fields[1])
        if fields[0] in ("Z", "X"):
            dead.add(pid)
    below: list[int] = []
    frontier = {root}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier}
        below += [pid for pid in frontier if pid not in dead]
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


class Gateway:
    """The decisions the server sends, submitted to Ray; each answer sent back from Ray's thread when it comes."""

    def __init__(self, sock: socket.socket, workers: int) -> None:
        import ray

        self.sock = sock
        self._sending = threading.Lock()
        self._task = ray.remote(num_cpus=1, max_retries=1)(think_pickled)
        searcher: Any = ray.remote(num_cpus=1, max_restarts=-1, max_task_retries=1)(Searcher)
        # Each searcher holds a CPU of the cluster for good: leave one for the quick bots' tasks, or a cluster with no
        # more CPUs than searchers answers no quick decision at all (a 2-CPU head with --bot-workers 2 did that)
        cpus = int(ray.cluster_resources().get("CPU", 0))  # type: ignore[no-untyped-call]
        count = max(1, min(workers, cpus - 1))
        self._searchers: list[Any] = [searcher.remote() for _ in range(count)]
        self._free = list(self._searchers)  # the searchers not thinking now
        self._turn = 0

    def submit(self, ident: int, kind: int, arguments: bytes) -> None:
        if kind == SEARCH:
            with self._sending:  # the server sends at most one search per searcher at a time; else they queue
                self._turn += 1
                searcher = self._free.pop() if self._free else self._searchers[self._turn % len(self._searchers)]
            answer = searcher.think_pickled.remote(arguments)
        else:
            searcher = None
            answer = self._task.remote(arguments)
        answer.future().add_done_callback(partial(self._answer, ident, searcher))

    def _answer(self, ident: int, searcher: Any, done: Any) -> None:
        try:
            frame = Frames.pack(ident, ANSWER, done.result().encode())
        except Exception as e:  # the bot's error, as plain data
            frame = Frames.pack(ident, ERROR, plain_error(e))
        with self._sending:
            if searcher is not None and searcher not in self._free:
                self._free.append(searcher)  # free before the server hears of it: its next search finds it free
            with contextlib.suppress(OSError):  # the server is gone: the main loop sees it too
                self.sock.sendall(frame)


def serve(sock: socket.socket, gateway: Gateway, parent: int, stopped: threading.Event) -> None:
    """Read decisions until the server is gone (its end closed, or the parent changed) or ``stopped``."""
    frames = Frames()
    while not stopped.is_set() and os.getppid() == parent:
        readable, _, _ = select.select([sock], [], [], POLL)
        if not readable:
            continue
        try:
            data = sock.recv(1 << 16)
        except InterruptedError:
            continue
        except OSError:
            return
        if not data:
            return
        for ident, kind, body in frames.feed(data):
            gateway.submit(ident, kind, body)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m kirifuda.web.reaper", description=__doc__.split("\n\n")[0])
    parser.add_argument("--fd", type=int, required=True, help="this end of the socket pair to the server")
    parser.add_argument("--workers", type=int, default=2, help="the server's --bot-workers")
    parser.add_argument("--server", type=int, help="the server's process id (default: the parent now)")
    parser.add_argument("--address", help="a Ray cluster's address (default: start a local runtime)")
    args = parser.parse_args(argv)
    parent = args.server if args.server is not None else os.getppid()
    stopped = threading.Event()

    def asked(signum: int, frame: object) -> None:
        stopped.set()

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, asked)
    subreaper()
    sock = socket.socket(fileno=args.fd)
    try:
        if os.getppid() != parent:  # the server died while this was starting
            return 0
        if args.address is None:
            # the local runtime takes this gateway's driver only: a token of its own (Ray's auth); Ray starts its
            # workers at nice 15 by default: the quick bots' workers think at the server's priority (the searching
            # levels' lower theirs to 19 themselves, kirifuda.web.bots), else other work on the machine starves them
            # and a search at 19 is barely behind them
            os.environ["RAY_AUTH_MODE"] = "token"
            os.environ.setdefault("RAY_AUTH_TOKEN", secrets.token_hex(32))
            os.environ.setdefault("RAY_worker_niceness", "0")
        import ray

        if args.address is None:
            here = str(Path(__file__).resolve().parents[2])  # the workers import this very kirifuda
            path = os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH")) if p)
            ray.init(
                num_cpus=2 * max(1, args.workers),
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
                _node_ip_address="127.0.0.1",  # this machine's drivers only
                runtime_env={"env_vars": {"PYTHONPATH": path}},
            )
        else:
            ray.init(address=args.address, log_to_driver=False, configure_logging=False)
        gateway = Gateway(sock, args.workers)
        address = ray.get_runtime_context().gcs_address if args.address is None else args.address
        sock.sendall(Frames.pack(0, READY, address.encode()))
        serve(sock, gateway, parent, stopped)
    finally:
        reap_all()
    os._exit(0)  # no Ray shutdown hooks: everything below is gone already


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
