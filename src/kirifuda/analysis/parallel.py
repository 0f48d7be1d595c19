"""One ordered parallel map over worker processes: a local process pool, or a Ray cluster.

:func:`ordered_map` applies a module-level function to every item and yields the results **in the items'
order**, whatever the number of workers and whichever finishes first — so a run whose items carry their own
seeds gives the same results with 1, 2 or 64 workers, on the pool or on Ray. ``progress`` is told how many
items are done (in order) as results arrive.

Backends:

* ``jobs == 1`` — in this process (no pickling, easiest to debug and profile);
* the process pool (:class:`concurrent.futures.ProcessPoolExecutor`, ``jobs`` workers; default every core);
* Ray (``ray`` given): ``"local"`` starts a local Ray runtime with ``jobs`` CPUs; any other value is the
  address of a running cluster, as ``ray.init(address=...)`` takes it (``"auto"``, ``"ray://host:10001"``).
  If Ray is already initialised in this process (a test's runtime, a notebook's), it is used as it is and
  left running. The workers must be able to import ``kirifuda`` (a local runtime shares this interpreter; a
  cluster's nodes need the package installed).
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, TypeVar

from ..extras import require

T = TypeVar("T")
R = TypeVar("R")

LOCAL = "local"
"""The ``ray`` value that starts a local Ray runtime (``--ray`` without an address)."""

MAX_IN_FLIGHT_PER_WORKER = 4
"""Ray tasks submitted ahead per worker: enough to keep workers busy, few enough to stop quickly."""


def default_jobs() -> int:
    """Every core this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


@contextlib.contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) until the block has run, then raise it: a finished game is either counted *and*
    written, or neither — never counted in the summary but missing from the Parquet file (issue 23). Outside the
    main thread (where signals cannot be handled) the block simply runs."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: received.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if received:
        raise KeyboardInterrupt


def backend_name(jobs: int, ray: str | None) -> str:
    if ray is not None:
        return "ray"
    return "single" if jobs <= 1 else "process-pool"


def ordered_map(
    fn: Callable[[T], R],
    items: Sequence[T],
    *,
    jobs: int | None = None,
    ray: str | None = None,
    progress: Callable[[int], None] | None = None,
    weight: Callable[[T], int] | None = None,
) -> Iterator[R]:
    """``fn(item)`` for every item, in order (see the module docstring). ``weight(item)`` is how many units
    of progress an item is worth (a chunk of games: its games); default 1."""
    jobs = jobs or default_jobs()
    done = 0
    results = _ray_map(fn, items, jobs, ray) if ray is not None else _local_map(fn, items, jobs)
    for item, result in zip(items, results, strict=False):
        yield result  # first: the consumer keeps the result before progress is told (which may interrupt)
        done += weight(item) if weight else 1
        if progress is not None:
            progress(done)


def _local_map(fn: Callable[[T], R], items: Sequence[T], jobs: int) -> Iterator[R]:
    if jobs <= 1 or len(items) <= 1:
        yield from map(fn, items)
        return
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(items)))
    futures: list[Future[R]] = []
    try:
        futures = [pool.submit(fn, item) for item in items]
        for future in futures:
            yield future.result()
    finally:
        # an interrupt (or a consumer that stops early) leaves unstarted games unplayed
        for future in futures:
            future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


def ray_runtime(ray_address: str, jobs: int) -> tuple[Any, bool]:
    """The ``ray`` module, initialised (a local runtime or a cluster); True if this call started it."""
    require("analysis", "Ray (--ray)", ("ray",))
    import ray

    if ray.is_initialized():
        return ray, False
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")  # a local runtime for one run: no token to keep
    if ray_address == LOCAL:
        ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    else:
        ray.init(address=ray_address, log_to_driver=False, logging_level=logging.ERROR)
    return ray, True


def _ray_map(fn: Callable[[T], R], items: Sequence[T], jobs: int, ray_address: str) -> Iterator[R]:
    ray, started = ray_runtime(ray_address, jobs)
    try:
        remote = ray.remote(num_cpus=1, max_retries=0)(fn)
        workers = max(1, int(ray.cluster_resources().get("CPU", jobs)))
        ahead = workers * MAX_IN_FLIGHT_PER_WORKER
        refs: dict[Any, int] = {}
        ready: dict[int, R] = {}
        submitted = 0
        nxt = 0
        try:
            while nxt < len(items):
                while submitted < len(items) and len(refs) < ahead:
                    refs[remote.remote(items[submitted])] = submitted
                    submitted += 1
                finished, _ = ray.wait(list(refs), num_returns=1)
                for ref in finished:
                    ready[refs.pop(ref)] = ray.get(ref)
                while nxt in ready:
                    yield ready.pop(nxt)
                    nxt += 1
        finally:
            for ref in refs:
                ray.cancel(ref, force=True)
    finally:
        if started:
            ray.shutdown()
