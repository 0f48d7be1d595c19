"""Bots at the browser game's tables: their thinking runs off the event loop, scheduled fairly across tables.

A bot is given only its seat's :class:`~kirifuda.bots.info.InfoState` and legal actions (both pickle), exactly as
at any other table (:mod:`kirifuda.arena`); the worker makes the bot by name (``make_bot``, cached per
process) and answers with the action's record text. ``random`` needs no thinking and answers in the server's own
process. A bot that fails (a level whose game kit is not built yet raises ``NotImplementedError``) is replaced by
the next of :data:`FALLBACKS`, with a log line saying so.

**Fair scheduling.** Every table has its own queue of decisions; :class:`BotPool` hands the workers one decision
at a time, to the waiting table served longest ago (round robin), so a table with many waiting decisions waits its
turn like any other. The searching levels (:func:`is_heavy`: ``normal``, ``hard``, … seconds per decision) think
on workers of their own at the lowest OS priority, so a quick bot's decision (``heuristic``: milliseconds) never
waits behind them, for a worker or for the CPU: one table's ``hard`` bots cannot starve another table's moves.

**Where they think.** :class:`LocalWorkers` (the default) is process pools on this machine whose workers are in
the server's process group and end themselves if the server dies (a watchdog on their parent); :class:`RayWorkers`
runs each decision as a Ray task, on a local Ray runtime or a Ray cluster (``kirifuda serve --bots ray`` /
``--bots ray://HOST:10001``), so bot compute grows past one machine. The server's process holds no Ray: Ray's driver
is a gateway process (:mod:`kirifuda.web.reaper`) that the event loop talks to over a socket pair; it starts the local
Ray runtime (or connects to the cluster) and kills all of it once the server is gone.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import multiprocessing
import os
import pickle
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import lru_cache, partial
from pathlib import Path
from typing import Any, Protocol

from ..bots import InfoState, RandomBot, make_bot
from ..core import Action, Game
from ..registry import make
from .reaper import ANSWER, READY, SEARCH, TASK, Frames

log = logging.getLogger("kirifuda.web")

FALLBACKS = ("heuristic", "random")
"""What plays a seat whose bot fails, in order."""

QUICK = frozenset({"random", "heuristic"})
"""Bots that decide in milliseconds; every other level searches (:func:`is_heavy`)."""

HEAVY_NICE = 19
"""The OS priority (``nice``) the searching levels think at: they get the CPU the quick bots and the server leave."""

WATCHDOG_EVERY = 0.5
"""Seconds between a local worker's checks that the server is still its parent."""


def is_heavy(name: str) -> bool:
    """True for a bot that searches (seconds a decision), not one of :data:`QUICK`."""
    return name not in QUICK


def fallbacks(name: str) -> list[str]:
    """``name`` and then the bots that replace it if it fails."""
    return [name, *(f for f in FALLBACKS if f != name)]


def bot_seed(table_seed: int, seat: int) -> int:
    """A bot's seed at a table: the table's bot seed and the seat, so the bots of a practice table (whose bot seed is
    its deal seed) replay their decisions exactly."""
    return (table_seed * 31 + seat) % 2**31


@lru_cache(maxsize=64)
def _game(game_id: str, options: str) -> Game:
    return make(game_id, json.loads(options))


@lru_cache(maxsize=512)
def _bot(name: str, game_id: str, options: str, seed: int) -> Any:
    return make_bot(name, _game(game_id, options), seed)


def think(name: str, seed: int, info: InfoState, legal: Sequence[Action]) -> str:
    """A bot's decision (in a worker): the record text of one of ``legal``."""
    options = json.dumps(info.options, sort_keys=True)
    bot = _bot(name, info.game, options, seed)
    return str(bot.act(info, list(legal)))


def think_pickled(arguments: bytes) -> str:
    """:func:`think` of the arguments the server pickled (a Ray task: the gateway passes them on unread)."""
    name, seed, info, legal = pickle.loads(arguments)
    return think(name, seed, info, legal)


class Searcher:
    """A Ray actor that thinks for the searching levels, in a process of its own at the lowest OS priority. (Ray
    reuses a task's worker process for tasks of another runtime environment, so a worker niced for a search could
    later run a quick bot's task at nice 19: an actor's process is its own.)"""

    def __init__(self) -> None:
        os.nice(HEAVY_NICE - os.nice(0))

    def think_pickled(self, arguments: bytes) -> str:
        return think_pickled(arguments)


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(WATCHDOG_EVERY)
        if os.getppid() != parent:  # the server is gone (even by SIGKILL): so is its worker
            os._exit(0)


def _worker_start(server: int, nice: int = 0) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops the pool
    if nice:
        os.nice(nice)
    if os.getppid() != server:  # the server died while this worker was starting
        os._exit(0)
    threading.Thread(target=_watch_parent, args=(server,), daemon=True, name="parent-watchdog").start()


class Workers(Protocol):
    """Where decisions run: one call of :func:`think` per :meth:`submit`."""

    def submit(
        self, name: str, seed: int, info: InfoState, legal: tuple[Action, ...], *, heavy: bool
    ) -> asyncio.Future[str]:
        """Run the decision on a quick bots' worker, or (``heavy``) on one of the searching levels'."""
        ...

    def warm_up(self) -> None: ...

    def broken(self) -> None:
        """The workers broke (a process died): start new ones on the next decision."""
        ...

    def close(self) -> None: ...


class _ProcessPool:
    """``workers`` processes started from ``spawn`` on first use, at OS priority ``nice``."""

    def __init__(self, workers: int, nice: int) -> None:
        self.workers = workers
        self.nice = nice
        self._executor: ProcessPoolExecutor | None = None

    def executor(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_start,
                initargs=(os.getpid(), self.nice),
            )
        return self._executor

    def pids(self) -> list[int]:
        return sorted(getattr(self._executor, "_processes", None) or {})

    def broken(self) -> None:
        self._executor = None

    def close(self) -> None:
        if self._executor is None:
            return
        processes = list((getattr(self._executor, "_processes", None) or {}).values())
        self._executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:  # a worker in the middle of a hard decision would finish it first
            if process.is_alive():
                process.terminate()
        self._executor = None


class LocalWorkers:
    """Two process pools on this machine, ``workers`` processes each: one for the quick bots, one for the searching
    levels at the lowest OS priority (``nice`` :data:`HEAVY_NICE`), so that a search only uses the CPU the quick bots
    and the server leave. The workers stay in the server's process group (a signal to the group reaches them), end
    themselves when the server is gone, and are terminated when it stops, even in the middle of a decision."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = max(1, workers)
        self._pools = {False: _ProcessPool(self.workers, 0), True: _ProcessPool(self.workers, HEAVY_NICE)}

    def submit(
        self, name: str, seed: int, info: InfoState, legal: tuple[Action, ...], *, heavy: bool
    ) -> asyncio.Future[str]:
        future: Future[str] = self._pools[heavy].executor().submit(think, name, seed, info, legal)
        return asyncio.wrap_future(future)

    def warm_up(self) -> None:
        for pool in self._pools.values():
            executor = pool.executor()
            for _ in range(self.workers):
                executor.submit(os.getpid)

    def pids(self) -> list[int]:
        """The worker processes' ids."""
        return sorted(pid for pool in self._pools.values() for pid in pool.pids())

    def broken(self) -> None:
        for pool in self._pools.values():
            pool.broken()

    def close(self) -> None:
        for pool in self._pools.values():
            pool.close()


class RayWorkers:
    """Each quick decision a Ray task (one CPU), each search a call of one of ``workers`` :class:`Searcher` actors
    (processes of their own at the lowest OS priority, as with :class:`LocalWorkers`), on a local Ray runtime
    (``address`` None: twice ``workers`` CPUs) or an existing Ray cluster (``ray://HOST:PORT`` or a cluster address:
    the cluster's own CPUs).

    The server's process holds no Ray: a gateway process (:mod:`kirifuda.web.reaper`) is Ray's driver — it starts the
    local runtime or connects to the cluster, owns the actors and submits the decisions — and the server talks to it
    over a socket pair from the event loop (a reader on the socket, no thread): each decision's arguments go pickled,
    its answer or its bot's error comes back as plain data. The gateway kills every Ray process below it as soon as
    the server is gone (stopped, or killed with ``SIGKILL``, alone or with its process group) — no Ray worker
    outlives the server."""

    STARTUP = 180.0
    """Seconds the gateway (and the local runtime) may take to start."""
    AHEAD = 4
    """Quick decisions sent per worker at once (:attr:`BotPool.quick_slots`): a Ray task's round trip (submit,
    schedule, return: tens of milliseconds on a loaded machine) is far longer than a ``heuristic`` decision, so with
    one decision per CPU in flight the round trips, not the CPUs, capped the quick bots at about 66 decisions a
    second — just what 100 tables ask for, and less as soon as anything else took CPU (docs/performance.md). Ray
    queues those beyond its CPUs itself; the searches stay at one per worker."""

    def __init__(self, workers: int = 2, address: str | None = None) -> None:
        self.workers = workers
        self.address = address
        self.supervisor: subprocess.Popen[bytes] | None = None
        """The gateway process."""
        self._sock: socket.socket | None = None
        self._frames = Frames()
        self._out = bytearray()  # frames the socket did not take yet
        self._loop: asyncio.AbstractEventLoop | None = None
        self._pending: dict[int, asyncio.Future[str]] = {}
        self._ids = itertools.count(1)
        self._gone: str | None = None  # why the gateway stopped answering

    def _start(self) -> None:
        """Start the gateway and wait until its runtime is up (the first frame)."""
        ours, theirs = socket.socketpair()
        command = [sys.executable, "-m", "kirifuda.web.reaper", "--fd", str(theirs.fileno())]
        command += ["--workers", str(self.workers), "--server", str(os.getpid())]
        if self.address is not None:
            command += ["--address", self.address]
        here = str(Path(__file__).resolve().parents[2])  # the gateway imports this very kirifuda
        path = os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH")) if p)
        try:
            self.supervisor = subprocess.Popen(
                command,
                stdout=subprocess.DEVNULL,
                pass_fds=(theirs.fileno(),),
                env={**os.environ, "PYTHONPATH": path},
                process_group=0,  # a SIGKILL of the server's group leaves it alive to clean up (same session)
            )
        finally:
            theirs.close()
        self._sock = ours
        ours.settimeout(self.STARTUP)
        try:
            while True:
                data = ours.recv(1 << 16)
                if not data:
                    break
                for _, kind, body in self._frames.feed(data):
                    if kind == READY:
                        log.info("bots think on Ray at %s", body.decode())
                        ours.setblocking(False)
                        return
        except OSError:
            pass
        self.close()
        raise RuntimeError("the Ray gateway did not start (its log is in the server's output)")

    def _attach(self) -> asyncio.AbstractEventLoop:
        """Start the gateway if it is not, and read its answers on the running event loop."""
        if self._sock is None:
            self._start()
        loop = asyncio.get_running_loop()
        if self._loop is not loop and self._sock is not None:
            if self._loop is not None:
                self._loop.remove_reader(self._sock.fileno())
            self._loop = loop
            loop.add_reader(self._sock.fileno(), self._read)
        return loop

    def _read(self) -> None:
        assert self._sock is not None
        try:
            data = self._sock.recv(1 << 16)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._stopped("the Ray gateway stopped")
            return
        for ident, kind, body in self._frames.feed(data):
            answer = self._pending.pop(ident, None)
            if answer is None or answer.done():
                continue
            if kind == ANSWER:
                answer.set_result(body.decode())
            else:
                answer.set_exception(pickle.loads(body))

    def _write(self) -> None:
        assert self._sock is not None and self._loop is not None
        try:
            sent = self._sock.send(self._out)
        except (BlockingIOError, InterruptedError):
            sent = 0
        except OSError:
            self._stopped("the Ray gateway stopped")
            return
        del self._out[:sent]
        if self._out:
            self._loop.add_writer(self._sock.fileno(), self._write)
        else:
            self._loop.remove_writer(self._sock.fileno())

    def _stopped(self, why: str) -> None:
        """The gateway is gone: every waiting decision fails (its bot is replaced), and so does every later one."""
        if self._gone is None:
            log.error("%s: the bots that thought on Ray are replaced", why)
        self._gone = why
        if self._loop is not None and self._sock is not None:
            self._loop.remove_reader(self._sock.fileno())
            self._loop.remove_writer(self._sock.fileno())
        pending, self._pending = self._pending, {}
        for answer in pending.values():
            if not answer.done():
                answer.set_exception(RuntimeError(why))

    def submit(
        self, name: str, seed: int, info: InfoState, legal: tuple[Action, ...], *, heavy: bool
    ) -> asyncio.Future[str]:
        loop = self._attach()
        answer: asyncio.Future[str] = loop.create_future()
        if self._gone is not None:
            answer.set_exception(RuntimeError(self._gone))
            return answer
        ident = next(self._ids)
        self._pending[ident] = answer
        arguments = pickle.dumps((name, seed, info, legal), protocol=pickle.HIGHEST_PROTOCOL)
        writing = bool(self._out)
        self._out += Frames.pack(ident, SEARCH if heavy else TASK, arguments)
        if not writing:
            self._write()
        return answer

    def warm_up(self) -> None:
        try:
            self._attach()
        except RuntimeError as e:
            if "no running event loop" not in str(e):
                raise
            self._start()  # outside the event loop: its answers are read once it runs

    def broken(self) -> None:
        pass

    def close(self) -> None:
        sock, self._sock = self._sock, None
        if sock is not None:
            if self._loop is not None and not self._loop.is_closed():
                self._loop.remove_reader(sock.fileno())
                self._loop.remove_writer(sock.fileno())
            sock.close()  # the gateway sees its end closed: it kills every Ray process below it, then exits
        self._loop = None
        for answer in self._pending.values():
            answer.cancel()
        self._pending = {}
        supervisor, self.supervisor = self.supervisor, None
        if supervisor is None:
            return
        supervisor.terminate()
        try:
            supervisor.wait(timeout=60)
        except subprocess.TimeoutExpired:
            supervisor.kill()
            supervisor.wait(timeout=30)


def backend_for(bots: str, workers: int) -> Workers:
    """The workers ``kirifuda serve --bots`` names: ``local``, ``ray`` (a local Ray runtime) or a Ray address."""
    if bots == "local":
        return LocalWorkers(workers)
    if bots == "ray":
        return RayWorkers(workers)
    return RayWorkers(workers, address=bots)


@dataclass
class Job:
    """One decision waiting for a worker."""

    table: str
    name: str
    seed: int
    info: InfoState
    legal: tuple[Action, ...]
    answer: asyncio.Future[str] = field(repr=False)


class BotPool:
    """The bots' decisions, queued per table and handed to ``workers`` workers in turn (the module docstring)."""

    DISPATCHED_KEPT = 4096
    SERVED_KEPT = 65_536

    def __init__(self, workers: int = 2, backend: Workers | None = None) -> None:
        self.workers = max(1, workers)
        self.backend: Workers = backend or LocalWorkers(self.workers)
        self._queues: OrderedDict[str, deque[Job]] = OrderedDict()
        self._quick_running = 0
        self._heavy_running = 0
        self._closed = False
        self._served: OrderedDict[str, int] = OrderedDict()  # table → the turn it was last served at
        self._turns = 0
        self.dispatched: deque[tuple[str, str]] = deque(maxlen=self.DISPATCHED_KEPT)
        """The latest decisions handed to a worker, in order: (table, bot)."""

    @property
    def quick_slots(self) -> int:
        """Quick bots' decisions handed to the workers at once: as many as workers, or more where a decision's round
        trip costs more than its thinking (:attr:`RayWorkers.AHEAD`)."""
        return self.workers * getattr(self.backend, "AHEAD", 1)

    @property
    def heavy_slots(self) -> int:
        """Decisions of the searching levels thinking at once (on their own workers, besides the quick bots')."""
        return self.workers

    def warm_up(self) -> None:
        """Start the workers now (each imports kirifuda once), so the first bot does not wait for them."""
        self.backend.warm_up()

    def waiting(self) -> int:
        return sum(len(q) for q in self._queues.values())

    async def think(self, table: str, name: str, seed: int, info: InfoState, legal: Sequence[Action]) -> str:
        """``name``'s decision at ``table``; ``random`` in this process, every other bot in its turn on a worker."""
        if name == "random":
            return str(RandomBot(seed).act(info, list(legal)))
        job = Job(table, name, seed, info, tuple(legal), asyncio.get_running_loop().create_future())
        self._queues.setdefault(table, deque()).append(job)
        self._dispatch()
        return await job.answer

    def _dispatch(self) -> None:
        while True:
            job = self._next()
            if job is None:
                return
            heavy = is_heavy(job.name)
            self._quick_running += not heavy
            self._heavy_running += heavy
            self.dispatched.append((job.table, job.name))
            try:
                running = self.backend.submit(job.name, job.seed, job.info, job.legal, heavy=heavy)
            except BrokenProcessPool as e:
                self.backend.broken()
                running = asyncio.get_running_loop().create_future()
                running.set_exception(e)
            running.add_done_callback(partial(self._done, job, heavy))

    def _next(self) -> Job | None:
        """The next decision: the first decision of the waiting table served longest ago whose kind of worker (quick
        or searching) has one free."""
        chosen: str | None = None
        for table in list(self._queues):
            queue = self._queues[table]
            while queue and queue[0].answer.done():  # its table stopped waiting (cancelled)
                queue.popleft()
            if not queue:
                del self._queues[table]
                continue
            if is_heavy(queue[0].name):
                if self._heavy_running >= self.heavy_slots:
                    continue
            elif self._quick_running >= self.quick_slots:
                continue
            if chosen is None or self._served.get(table, -1) < self._served.get(chosen, -1):
                chosen = table
        if chosen is None:
            return None
        queue = self._queues[chosen]
        job = queue.popleft()
        if not queue:
            del self._queues[chosen]
        self._turns += 1
        self._served[chosen] = self._turns
        self._served.move_to_end(chosen)
        while len(self._served) > self.SERVED_KEPT:
            self._served.popitem(last=False)
        return job

    def _done(self, job: Job, heavy: bool, done: asyncio.Future[str]) -> None:
        self._quick_running -= not heavy
        self._heavy_running -= heavy
        error = None if done.cancelled() else done.exception()
        if isinstance(error, BrokenProcessPool) and not self._closed:
            log.error("the bots' process pool broke; starting a new one")
            self.backend.broken()
        if not job.answer.done():
            if done.cancelled():
                job.answer.cancel()
            elif error is not None:
                job.answer.set_exception(error)
            else:
                job.answer.set_result(done.result())
        self._dispatch()

    def close(self) -> None:
        self._closed = True
        for queue in self._queues.values():
            for job in queue:
                job.answer.cancel()
        self._queues.clear()
        self.backend.close()
