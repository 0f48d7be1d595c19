"""The table runtime: one authoritative game per table, one lock, the store, the sockets and the bots.

:class:`Tables` holds every table in play (and loads one from the store when it is asked for); a
:class:`TableRuntime` owns one table's :class:`~kirifuda.match.Match` — the referee's side, the only place a whole
state lives — and its lock. Every change goes the same way, under the lock (boardgame.io's ``master``): check the
message's version against the table's (``stale``), let the rules apply the action (``illegal``: nothing changed),
commit the record's new entries to the store in one transaction, and only then tell every socket its seat's
state (:mod:`kirifuda.web.messages`: built from that seat's view alone). Bots play their seats after the bot delay
and think in the :class:`~kirifuda.web.bots.BotPool`; a player who leaves is replaced by the takeover bot after a
while and gets the seat back on reconnecting.

Served to strangers (docs/hosting.md): every deal of a table is drawn from the operating system's generator
(``secrets.SystemRandom``) and stored, so its record replays exactly without any seed; only a private *practice*
table may be dealt from a seed its creator chose. The creator's seat is bound to the creator at creation, invited
seats are reserved for their links, and only seats the host marked *open* are listed and claimable; a bound seat
that is never connected is taken over like an absent player's. A table no person has been at for
``pause_after`` seconds is paused (no bot plays), ``abort_after`` seconds later aborted (kept, marked so), and
finished and aborted tables are purged after ``retention`` seconds.

The end of a deal is a moment of the table, not a timer (issue 18): the match runs with ``auto_chance=False``, and
when a deal is over the runtime holds a :class:`DealPause` — nobody acts, the bots wait — until every player whose
page is open has sent ``continue`` for that deal; with nobody to wait for (spectators only, absent players, bots
only) the next deal comes after ``Settings.deal_pause`` seconds. Chance events within a deal are resolved at once.

A :class:`Connection` is one socket's outbox: state messages supersede each other, so a slow client is sent the
newest state rather than a growing backlog.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import random
import secrets
import time
import unicodedata
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import TypeAdapter, ValidationError

from ..arena import Seating
from ..bots import BotError, InfoState, check_name
from ..core import Action, Game, KirifudaError
from ..design import Design
from ..match import Match
from ..records import ReplayError, replay
from ..registry import make
from .bots import BotPool, bot_seed, fallbacks
from .designs import served_options
from .messages import DealTricks, dumps, error_from, error_message, log_line, seat_payload
from .schemas import (
    MAX_NAME,
    ActMessage,
    AgainMessage,
    AuthMessage,
    ClientMessage,
    ContinueMessage,
    CreateTable,
    ErrorCode,
    HistoryMessage,
    ReplayStep,
)
from .store import Store, StoredSeat, StoredTable, token_hash

log = logging.getLogger("kirifuda.web")

HUMAN = "human"
OPEN = "open"
"""A human seat listed in the lobby for anyone to claim (``seats`` entry of ``POST /api/tables``)."""
SYSTEM_RANDOM = random.SystemRandom()
"""Every served table's deals and chance events: the OS's generator, nothing to seed or recover."""
OUTBOX_LIMIT = 256
"""Messages waiting for one socket at most."""
CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)


@dataclass(frozen=True, kw_only=True)
class Settings:
    """How the server runs its tables (``kirifuda serve``'s options)."""

    bot_delay: float = 0.8
    """Seconds a bot waits before it plays, so people can follow the table."""
    takeover_bot: str = "normal"
    """The bot that plays for a player who has left."""
    takeover_after: float = 30.0
    """Seconds a player may be away before the takeover bot plays for them."""
    deal_pause: float = 5.0
    """Seconds the result of a deal stays on a table where nobody is waited for (spectators only, absent players,
    bots only) before the next deal; players at the table are waited for until they send ``continue``."""
    bot_workers: int = 2
    """Quick bots' decisions thinking at once, and as many searches (two pools of this many processes)."""
    idle_unload: float = 600.0
    """Seconds a table nobody is at and nothing happens at stays in memory (it is reloaded when asked for)."""
    sweep_every: float = 30.0
    max_message: int = 4096
    """The longest message a client may send (characters)."""
    rate: float = 10.0
    """Messages per second a socket may send on average …"""
    burst: int = 20
    """… and at once."""
    pause_after: float = 900.0
    """Seconds a table in play may go without any person at it before it is paused (its bots stop)."""
    abort_after: float = 86_400.0
    """Seconds a paused table is kept waiting for a person before it is aborted (kept, never resumed)."""
    retention: float = 30 * 86_400.0
    """Seconds finished and aborted tables are kept before they are purged."""
    tables_per_minute: int = 10
    """Tables one client address may create per minute."""
    open_tables_per_address: int = 20
    """Tables not over (open or paused) one client address may have created."""
    max_deals: int = 20
    """The largest ``deals`` or ``rounds`` option of a served table."""
    bot_tables: bool = False
    """Whether a table may have no human seat (bounded anyway: with no person at it, it is paused and aborted)."""
    max_body: int = 16_384
    """The largest HTTP request body (bytes), refused before it is read."""
    sockets_per_table: int = 64
    """WebSockets open at one table."""
    sockets_per_address: int = 32
    """WebSockets open from one client address."""
    spectators_per_table: int = 32
    """Spectators' WebSockets at one table."""
    allowed_origins: tuple[str, ...] = ()
    """Page origins (``https://example.org``) whose WebSockets are accepted besides the served host's own."""
    allowed_hosts: tuple[str, ...] = ("*",)
    """``Host`` headers the server answers (``*``: any; ``*.example.org`` patterns as Starlette's)."""
    designs: Mapping[str, Design] = field(default_factory=dict)
    """The go-out designs the lobby offers, by name (``--designs DIR``, :mod:`kirifuda.web.designs`)."""
    bots: str = "local"
    """Where bots think: ``local`` (a process pool), ``ray`` (a local Ray runtime) or ``ray://HOST:PORT`` / an
    address of a Ray cluster."""


class MoveTimes:
    """The server's own work on the latest players' moves it accepted: from the act message to the player's new state
    written (check, apply, commit, build the message). Wall time and this thread's CPU time, in seconds."""

    KEPT = 20_000

    def __init__(self) -> None:
        self._samples: deque[tuple[float, float, float]] = deque(maxlen=self.KEPT)

    def record(self, at: float, wall: float, cpu: float) -> None:
        self._samples.append((at, wall, cpu))

    def summary(self, since: float = 0.0) -> dict[str, Any]:
        """Quantiles (milliseconds) of the moves recorded at or after ``since`` (server monotonic time)."""
        chosen = [(wall, cpu) for at, wall, cpu in self._samples if at >= since]

        def quantiles(values: list[float]) -> dict[str, float]:
            values.sort()
            if not values:
                return {}
            pick = {q: values[min(len(values) - 1, int(q * len(values)))] for q in (0.5, 0.9, 0.99)}
            return {
                "p50": pick[0.5] * 1000,
                "p90": pick[0.9] * 1000,
                "p99": pick[0.99] * 1000,
                "max": values[-1] * 1000,
            }

        return {
            "moves": len(chosen),
            "wall_ms": quantiles([w for w, _ in chosen]),
            "cpu_ms": quantiles([c for _, c in chosen]),
        }


class WebError(Exception):
    """A refused request: an HTTP status, an error code and the reason in English and Japanese."""

    def __init__(self, status: int, code: str, en: str, ja: str) -> None:
        super().__init__(en)
        self.status = status
        self.code = code
        self.en = en
        self.ja = ja

    @classmethod
    def from_error(cls, status: int, code: str, error: KirifudaError) -> WebError:
        return cls(status, code, str(error), error.ja or str(error))


class Connection:
    """One socket at a table: its seat (None: a spectator), its outbox and its rate limit."""

    __slots__ = (
        "seat",
        "waits",
        "resync_pending",
        "_outbox",
        "_ready",
        "_tokens",
        "_stamp",
        "_warned",
        "_rate",
        "_burst",
    )

    def __init__(self, seat: int | None, settings: Settings, *, waits: bool = False) -> None:
        self.seat = seat
        self.waits = waits  # the client answers the end of a deal with ``continue`` (an older one does not)
        self.resync_pending = False
        self._outbox: deque[str | None] = deque()  # an error's text, or None: the table's state when sent
        self._ready = asyncio.Event()
        self._rate = settings.rate
        self._burst = float(settings.burst)
        self._tokens = self._burst
        self._stamp = time.monotonic()
        self._warned = 0.0

    def push_state(self) -> None:
        """Queue the table's state for this socket. It is written when it is sent, so it is the newest then: a
        state still waiting at the end of the queue already stands for it (one before an error stays: it tells
        what the error came after). A busy server thus builds one message for many quick changes."""
        if not (self._outbox and self._outbox[-1] is None):
            self._push(None)
        self._ready.set()

    def push_text(self, text: str) -> None:
        """Queue a message written already (an error, an answer to this socket alone)."""
        self._push(text)
        self._ready.set()

    def push_error(self, text: str) -> None:
        self._push(text)
        self._ready.set()

    def _push(self, item: str | None) -> None:
        if len(self._outbox) >= OUTBOX_LIMIT:  # a client that reads nothing while it floods: drop its oldest news
            self._outbox.popleft()
        self._outbox.append(item)

    def allow(self) -> bool:
        """Take one message from the token bucket; False when the socket is over its rate."""
        now = time.monotonic()
        self._tokens = min(self._burst, self._tokens + (now - self._stamp) * self._rate)
        self._stamp = now
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def warn_now(self) -> bool:
        """At most one ``rate_limited`` answer a second: a flood is not answered message by message."""
        now = time.monotonic()
        if now - self._warned < 1.0:
            return False
        self._warned = now
        return True

    async def pump(self, send: Callable[[str], Awaitable[None]], state: Callable[[], str]) -> None:
        """Send the outbox in order, forever (the socket's writer task); ``state()`` writes the state message."""
        while True:
            await self._ready.wait()
            self._ready.clear()
            while self._outbox:
                item = self._outbox.popleft()
                await send(state() if item is None else item)


@dataclass(kw_only=True)
class DealPause:
    """The end of deal ``deal`` (1 = the first) on the table: the seats that have sent ``continue``, and the timer
    that deals on when nobody is waited for."""

    deal: int
    ready: set[int]
    timer: asyncio.Task[None] | None = None

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None


def check_player_name(text: str) -> str:
    """A player's name, trimmed; :class:`WebError` (``bad_name``) if it is empty, too long or holds control
    characters. Pages show it as text, never as markup."""
    name = " ".join(text.split())
    if not name or len(name) > MAX_NAME or any(unicodedata.category(c).startswith("C") for c in name):
        raise WebError(
            400,
            "bad_name",
            f"a name has 1 to {MAX_NAME} printable characters",
            f"名前は表示できる文字で1〜{MAX_NAME}文字にしてください",
        )
    return name


class TableRuntime:
    """One table in play (see the module docstring)."""

    def __init__(self, stored: StoredTable, match: Match, hub: Tables) -> None:
        self.id = stored.id
        self.seed = stored.seed
        self.bot_seed = stored.bot_seed
        self.private = stored.private
        self.practice = stored.practice
        self.state = stored.status
        self.last_person = stored.last_person or time.time()
        self.created = stored.created
        self.seats: list[StoredSeat] = list(stored.seats)
        self.hub = hub
        self.settings = hub.settings
        self.lock = asyncio.Lock()
        self.connections: dict[int | None, set[Connection]] = {}
        self.takeover: set[int] = set()
        self.touched = time.monotonic()
        self._timers: dict[int, asyncio.Task[None]] = {}
        self._bots: asyncio.Task[None] | None = None
        self._replacements: dict[str, str] = {}
        self._payloads: dict[int | None, tuple[tuple[int, int], str]] = {}
        self._tricks: dict[int | None, DealTricks] = {}
        self.pause: DealPause | None = None
        self.again: tuple[str, dict[int, str]] | None = None  # the next game's table and its seats' tokens
        self._use(match)

    def _use(self, match: Match) -> None:
        self.match = match
        match.auto_chance = False  # the next deal waits for the players (_settle)
        self.game: Game = match.game
        self._seating = Seating(match, {})
        self._payloads.clear()

    # --- what the table is -------------------------------------------------------------------------------

    @property
    def version(self) -> int:
        """The record's actions so far (chance events included)."""
        return len(self.match.actions)

    @property
    def stamp(self) -> tuple[int, int]:
        """What a seat's payload depends on: the version and the deals dealt (a deal adds no action)."""
        return len(self.match.actions), len(self.match.deals)

    @property
    def finished(self) -> bool:
        return self.match.finished

    @property
    def status(self) -> str:
        if self.finished:
            return "finished"
        if self.state in ("paused", "aborted"):
            return self.state
        return "waiting" if any(s.open for s in self.seats) else "playing"

    @property
    def over(self) -> bool:
        """Finished or aborted: nothing more happens here."""
        return self.finished or self.state == "aborted"

    @property
    def persons(self) -> int:
        """Seats a person's page is open at now (at a table of bots only, any page: its spectators)."""
        if not self.humans:
            return len(self.connections)
        return sum(1 for seat in self.connections if seat is not None)

    @property
    def humans(self) -> bool:
        return any(s.kind == HUMAN for s in self.seats)

    def bot_for(self, seat: int) -> str | None:
        """The bot that plays ``seat`` now (before any fallback), or None when a player does."""
        stored = self.seats[seat]
        if stored.kind != HUMAN:
            return stored.bot
        if seat in self.takeover:
            return self.settings.takeover_bot
        return None

    def playing(self, seat: int) -> str | None:
        """The bot that actually plays ``seat`` now, after any fallback."""
        name = self.bot_for(seat)
        return None if name is None else self._replacements.get(name, name)

    def players(self) -> list[dict[str, Any]]:
        """Each seat: human or bot, taken, connected, played by a bot for an absent player."""
        return [
            {
                "seat": s.seat,
                "kind": "human" if s.kind == HUMAN else "bot",
                "bot": s.bot,
                "taken": s.taken,
                "open": s.open,
                "connected": s.seat in self.connections,
                "takeover": s.seat in self.takeover,
                "playing": self.playing(s.seat),
                "name": s.name,
            }
            for s in self.seats
        ]

    def seat_of(self, token: str) -> int:
        """The seat ``token`` opens at this table; :class:`WebError` (forbidden) if none."""
        digest = token_hash(token)
        for stored in self.seats:
            if stored.token_hash is not None and hmac.compare_digest(stored.token_hash, digest):
                return stored.seat
        raise WebError(
            403,
            "forbidden",
            f"this token opens no seat at table {self.id}",
            f"このトークンではテーブル {self.id} の席に着けません",
        )

    def message(self, seat: int | None) -> str:
        """The state message for ``seat`` now, as JSON text."""
        envelope = dumps(
            {
                "table": self.id,
                "players": self.players(),
                "deal": len(self.match.deals),
                "pause": self.pause_status(),
                "again": self.again_for(seat),
                "practice": self.practice,
            }
        )
        return '{"type":"state",' + self.payload(seat)[1:-1] + "," + envelope[1:]

    def payload(self, seat: int | None) -> str:
        """The game part of ``seat``'s state message now, as a JSON object's text (written once per change)."""
        cached = self._payloads.get(seat)
        if cached is None or cached[0] != self.stamp:
            cached = self._payloads[seat] = (self.stamp, dumps(seat_payload(self.match, seat)))
        return cached[1]

    def pause_status(self) -> dict[str, Any] | None:
        """The end of a deal the table waits on (the state message's ``pause``), or None."""
        pause = self.pause
        if pause is None:
            return None
        waiting = self._waited()
        return {
            "deal": pause.deal,
            "waiting": sorted(waiting),
            "ready": sorted(pause.ready),
            "seconds": None if waiting else self.settings.deal_pause,
        }

    def again_for(self, seat: int | None) -> dict[str, Any] | None:
        """The next game's table (and ``seat``'s token there) once someone asked to play again."""
        if self.again is None:
            return None
        table, tokens = self.again
        return {"table": table, "token": None if seat is None else tokens.get(seat)}

    # --- sockets -------------------------------------------------------------------------------------------

    def start(self) -> None:
        """After loading or resuming: the bots play on, and every seat bound to someone (taken, or reserved for an
        invite link) whose player is not here is replaced after the usual wait — connected or not yet."""
        if self.state != "open":
            return
        if not self.finished:
            for stored in self.seats:
                if stored.kind == HUMAN and not stored.open and stored.seat not in self.connections:
                    self._timer(stored.seat)
        self._settle()
        self._kick_bots()

    def connect(self, token: str | None, *, waits: bool = False) -> Connection:
        """A socket joins: as the seat its token opens, or as a spectator (no token); ``waits``: its client answers
        the end of a deal with ``continue``. Raises :class:`WebError`."""
        seat = None if token is None else self.seat_of(token)
        conn = Connection(seat, self.settings, waits=waits)
        self.connections.setdefault(seat, set()).add(conn)
        self.touched = time.monotonic()
        if seat is None:
            if not self.humans:
                self._person_seen()
            conn.push_state()
            return conn
        self._seated(seat)
        return conn

    def authenticate(self, conn: Connection, token: str) -> None:
        """A spectator's socket shows its seat's token (the ``auth`` message): it becomes that seat's. Raises
        :class:`WebError` (and the socket stays a spectator's)."""
        seat = self.seat_of(token)
        if conn.seat == seat:
            return
        self.disconnect(conn)
        conn.seat = seat
        self.connections.setdefault(seat, set()).add(conn)
        self._seated(seat)

    def _seated(self, seat: int) -> None:
        """A person is at ``seat`` now: the seat is bound, a paused table resumes, the takeover bot steps aside."""
        self._person_seen()
        if not self.seats[seat].taken:
            self.hub.store.take_seat(self.id, seat)
            self.seats[seat] = replace(self.seats[seat], taken=True)
        timer = self._timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        if seat in self.takeover:
            self.takeover.discard(seat)
            log.info("table %s: seat %d is back; the bot hands the seat back", self.id, seat)
        self._review_pause()
        self.broadcast()

    def _person_seen(self) -> None:
        self.last_person = time.time()
        self.hub.store.person_seen(self.id, self.last_person)
        if self.state == "paused":
            self.state = "open"
            self.hub.store.set_status(self.id, "open")
            log.info("table %s: a person is back; the table resumes", self.id)
            self.start()

    def disconnect(self, conn: Connection) -> None:
        conns = self.connections.get(conn.seat)
        if conns is None:
            return
        conns.discard(conn)
        if conns:
            return
        del self.connections[conn.seat]
        self.touched = time.monotonic()
        if conn.seat is not None or not self.humans:
            self.last_person = time.time()
            self.hub.store.person_seen(self.id, self.last_person)
        if conn.seat is not None:
            if not self.over:
                self._timer(conn.seat)
            self._review_pause()
            self.broadcast()

    async def receive(self, conn: Connection, text: str) -> None:
        """Handle one message from a socket: an accepted action is committed and announced; anything else gets an
        error and a fresh state, and changes nothing."""
        if not conn.allow():
            if conn.warn_now():
                self._refuse(
                    conn,
                    "rate_limited",
                    f"too many messages: at most {self.settings.rate:g} a second",
                    f"メッセージが多すぎます(1秒に{self.settings.rate:g}件まで)",
                )
            elif not conn.resync_pending:  # dropped unanswered: a fresh state follows once the flood is over
                conn.resync_pending = True
                asyncio.get_running_loop().call_later(1.0, self._resync, conn)
            return
        if len(text) > self.settings.max_message:
            self._refuse(
                conn,
                "malformed",
                f"message too large ({len(text)} characters; at most {self.settings.max_message})",
                f"メッセージが長すぎます({self.settings.max_message}文字まで)",
            )
            return
        if conn.seat is None and '"auth"' in text:
            try:
                auth = AuthMessage.model_validate_json(text)
            except ValidationError:
                pass
            else:
                try:
                    self.authenticate(conn, auth.token)
                except WebError as e:
                    self._refuse(conn, "forbidden", e.en, e.ja)
                return
        try:
            message = CLIENT_MESSAGE.validate_json(text)
        except ValidationError as e:
            first = e.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "message"
            self._refuse(
                conn,
                "malformed",
                f'not an act message ({where}: {first["msg"]}); send {{"type": "act", "version": V, "action": TEXT}}',
                '手のメッセージではありません({"type": "act", "version": 番号, "action": 手} を送ってください)',
            )
            return
        if conn.seat is None:
            self._refuse(conn, "forbidden", "a spectator cannot act", "観戦者は手を指せません")
            return
        if self.state == "aborted":
            self._refuse(conn, "forbidden", "this table was aborted", "このテーブルは中止されました")
            return
        if not isinstance(message, ActMessage):
            async with self.lock:
                self._other(conn, conn.seat, message)
            return
        act = message
        started, cpu = time.perf_counter(), time.thread_time()
        async with self.lock:
            if act.version != self.version:
                self._refuse(
                    conn,
                    "stale",
                    f"the table has changed (version {self.version}, not {act.version}): choose again",
                    f"卓の状態が変わりました(バージョン {self.version}):もう一度選んでください",
                )
                return
            try:
                self._commit(conn.seat, act.action)
            except KirifudaError as e:
                self._refuse_error(conn, "illegal", e)
                return
            self.payload(conn.seat)  # the player's new state, written now (its socket's writer sends it next)
        self.hub.move_times.record(time.monotonic(), time.perf_counter() - started, time.thread_time() - cpu)

    def _other(self, conn: Connection, seat: int, message: Any) -> None:
        """A message other than an action: ``continue``, ``name``, ``again`` or ``history`` (the caller holds the
        lock)."""
        if isinstance(message, HistoryMessage):
            conn.push_text(dumps(self.deal_history(seat)))
            return
        if isinstance(message, ContinueMessage):
            pause = self.pause
            if pause is not None and pause.deal == message.deal:
                pause.ready.add(seat)
                self._review_pause()
                self.broadcast()
            elif not self.finished and (  # after the last deal there is nothing to go on to: nothing to refuse
                message.deal > len(self.match.deals) or (pause is None and message.deal == len(self.match.deals))
            ):
                self._refuse(
                    conn,
                    "stale",
                    f"deal {message.deal} is not over",
                    f"第{message.deal}ディールはまだ終わっていません",
                )
            # an earlier deal's continue (the table has dealt on already) changes nothing
            return
        if isinstance(message, AgainMessage):
            try:
                self.play_again()
            except WebError as e:
                self._refuse(conn, "illegal" if e.code == "unfinished" else "forbidden", e.en, e.ja)
            return
        try:
            name = check_player_name(message.name)
        except WebError as e:
            self._refuse(conn, "malformed", e.en, e.ja)
            return
        self.hub.store.set_name(self.id, seat, name)
        self.seats[seat] = replace(self.seats[seat], name=name)
        self.broadcast()

    def deal_history(self, seat: int | None) -> dict[str, Any]:
        """The current deal's events (from its deal on) as ``seat`` saw them, and its completed tricks (which events
        led to each, who led, who won): its own view of the history only (the ``history`` answer)."""
        history = self.match.view(seat).history()
        start = max((i for i, seen in enumerate(history) if seen.actor == "deal"), default=0)
        tricks = self._tricks.get(seat)
        if tricks is None or tricks.start != start or tricks.done > len(history):
            tricks = self._tricks[seat] = DealTricks(start)
        return {
            "type": "history",
            "lines": [log_line(self.game, seen) for seen in history[start:]],
            "tricks": tricks.update(self.match, seat),
        }

    def play_again(self) -> str:
        """The next game: the same game, options, seats (bots, players and their names) and privacy, a new shuffle —
        a new table, created once; every seat's socket is told its token there. Its id."""
        if not self.finished:
            raise WebError(403, "unfinished", "the game is not over yet", "ゲームはまだ終わっていません")
        if self.again is None:
            request = CreateTable(
                game=self.game.id,
                options=self.game.options.to_dict(),
                seats=[HUMAN if s.kind == HUMAN else s.bot or "random" for s in self.seats],
                private=self.private,
                names=[s.name if s.kind == HUMAN else None for s in self.seats],
            )
            runtime, tokens = self.hub.create(request)
            self.again = (runtime.id, tokens)
            log.info("table %s: played again at table %s", self.id, runtime.id)
            self.broadcast()
        return self.again[0]

    def _resync(self, conn: Connection) -> None:
        conn.resync_pending = False
        if conn in self.connections.get(conn.seat, ()):
            conn.push_state()

    def _refuse(self, conn: Connection, code: ErrorCode, en: str, ja: str) -> None:
        conn.push_error(json.dumps(error_message(code, en, ja), ensure_ascii=False))
        conn.push_state()

    def _refuse_error(self, conn: Connection, code: ErrorCode, error: KirifudaError) -> None:
        conn.push_error(json.dumps(error_from(code, error), ensure_ascii=False))
        conn.push_state()

    # --- changes -------------------------------------------------------------------------------------------

    def _commit(self, seat: int, action: Action | str) -> None:
        """Apply, store, then announce (the caller holds the lock). A :class:`KirifudaError` changes nothing."""
        start, dealt = self.version, len(self.match.deals)
        self.match.act(seat, action)
        if not self._at_deal_end():
            self.match.resolve_chance()  # a chance event within a deal (Gonin-kan's blind swap) comes at once
        entries = self.match.actions[start:]
        deals = [(i, self.match.deals[i].to_json()) for i in range(dealt, len(self.match.deals))]
        try:
            self.hub.store.append(self.id, start, entries, self.match.finished, deals)
        except Exception:
            log.exception("table %s: could not store action %d; the table goes back to what is stored", self.id, start)
            self._use(self.hub.rebuild(self.id))
            raise
        self.touched = time.monotonic()
        self.broadcast()
        if self.finished:
            log.info(
                "table %s (%s) finished: winners %s", self.id, self.game.id, list(self.game.winners(self.match.state))
            )
            for timer in self._timers.values():
                timer.cancel()
            self._timers.clear()
        self._settle()
        self._kick_bots()

    def broadcast(self) -> None:
        for conns in self.connections.values():
            for conn in conns:
                conn.push_state()

    # --- the end of a deal ----------------------------------------------------------------------------------------

    def _at_deal_end(self) -> bool:
        """A deal is over and the next one is pending (the first deal is dealt when the table is created)."""
        return self.game.chance(self.match.state) == "deal" and bool(self.match.deals)

    def _settle(self) -> None:
        """After a change or a restart: at the end of a deal, hold the table (:class:`DealPause`)."""
        if not self._at_deal_end():
            if self.match.blocked and not self.finished:
                self._next_deal()  # a chance event left pending by an older version of the table: resolve it
            return
        deal = len(self.match.deals)
        if self.pause is None or self.pause.deal != deal:
            self.pause = DealPause(deal=deal, ready=set())
        self._review_pause()

    def _waited(self) -> set[int]:
        """The seats whose players are waited for at the end of a deal: at the table now, with a page that
        answers (not played by the takeover bot)."""
        return {
            seat
            for seat, conns in self.connections.items()
            if seat is not None and seat not in self.takeover and any(c.waits for c in conns)
        }

    def _review_pause(self) -> None:
        """Deal on if every waited-for player is ready; wait for the players; or, with nobody to wait for, deal on
        after ``deal_pause`` seconds."""
        pause = self.pause
        if pause is None:
            return
        waiting = self._waited()
        if waiting:
            pause.stop()
            if waiting <= pause.ready:
                self._next_deal()
            return
        if pause.timer is None:
            pause.timer = asyncio.create_task(self._deal_later(pause))

    async def _deal_later(self, pause: DealPause) -> None:
        await asyncio.sleep(self.settings.deal_pause)
        async with self.lock:
            if self.pause is pause:
                pause.timer = None
                self._next_deal()

    def _next_deal(self) -> None:
        """Deal the next deal (and any chance event that follows it), store what the record gains, tell everyone."""
        if self.pause is not None:
            self.pause.stop()
            self.pause = None
        start, dealt = self.version, len(self.match.deals)
        self.match.resolve_chance()
        entries = self.match.actions[start:]
        deals = [(i, self.match.deals[i].to_json()) for i in range(dealt, len(self.match.deals))]
        if entries or deals:  # a served table's deal is drawn now, from the OS: stored before anyone sees it
            try:
                self.hub.store.append(self.id, start, entries, self.match.finished, deals)
            except Exception:
                log.exception("table %s: could not store the chance events from %d", self.id, start)
                self._use(self.hub.rebuild(self.id))
        self.touched = time.monotonic()
        self.broadcast()
        self._kick_bots()

    # --- players who left ------------------------------------------------------------------------------------

    def _timer(self, seat: int) -> None:
        if seat not in self._timers and seat not in self.takeover and self.state == "open":
            self._timers[seat] = asyncio.create_task(self._take_over_later(seat))

    async def _take_over_later(self, seat: int) -> None:
        await asyncio.sleep(self.settings.takeover_after)
        self._timers.pop(seat, None)
        if seat in self.connections or self.finished:
            return
        self.takeover.add(seat)
        self._review_pause()
        log.info(
            "table %s: seat %d has been away %g s; %s plays it until the player is back",
            self.id,
            seat,
            self.settings.takeover_after,
            self.settings.takeover_bot,
        )
        self.broadcast()
        self._kick_bots()

    # --- bots ------------------------------------------------------------------------------------------------

    def _bot_seats(self) -> list[int]:
        return [seat for seat in sorted(self.match.to_act()) if self.bot_for(seat) is not None]

    def _kick_bots(self) -> None:
        if (
            (self._bots is None or self._bots.done())
            and self.state == "open"
            and not self.finished
            and self._bot_seats()
        ):
            self._bots = asyncio.create_task(self._play_bots())

    async def _play_bots(self) -> None:
        try:
            await self._bot_turns()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the bots stopped", self.id)

    async def _bot_turns(self) -> None:
        """Let the bots play their seats until a player is to act or the game ends."""
        while self.state == "open" and not self.finished and self._bot_seats():
            await asyncio.sleep(self.settings.bot_delay)
            version = self.version
            seats = self._bot_seats()
            plans: list[tuple[int, str, InfoState, list[Action]]] = []
            for seat in seats:
                name = self.bot_for(seat)
                assert name is not None
                plans.append((seat, name, self._seating.info(seat), self.match.legal_actions(seat)))
            answers = await asyncio.gather(*(self._think(seat, name, info, legal) for seat, name, info, legal in plans))
            async with self.lock:
                if self.version != version or self.state != "open":
                    continue  # a player acted meanwhile (a simultaneous choice): the bots think again
                for (seat, name, _, _), answer in zip(plans, answers, strict=True):
                    if self.bot_for(seat) != name or seat not in self.match.to_act():
                        continue  # handed back to its player while the bot was thinking
                    try:
                        self._commit(seat, answer)
                    except KirifudaError as e:
                        log.error(
                            "table %s seat %d: bot %s chose %r, which is illegal: %s", self.id, seat, name, answer, e
                        )
                        self._replace(name, self.playing(seat) or name)

    async def _think(self, seat: int, name: str, info: InfoState, legal: Sequence[Action]) -> str:
        """The decision of the bot playing ``seat`` (``name``, or what replaces it after a failure)."""
        retried = False
        while True:
            current = self._replacements.get(name, name)
            try:
                return await self.hub.pool.think(self.id, current, bot_seed(self.bot_seed, seat), info, legal)
            except BrokenProcessPool:
                if retried:
                    self._replace(name, current)
                retried = True
            except Exception as e:
                log.warning(
                    "table %s (%s) seat %d: bot %s failed (%s: %s)",
                    self.id,
                    self.game.id,
                    seat,
                    current,
                    type(e).__name__,
                    e,
                )
                self._replace(name, current)

    def _replace(self, name: str, failed: str) -> None:
        chain = fallbacks(name)
        following = chain[chain.index(failed) + 1 :] if failed in chain else chain[1:]
        replacement = following[0] if following else "random"
        self._replacements[name] = replacement
        log.warning("table %s (%s): %s plays instead of %s from now on", self.id, self.game.id, replacement, name)

    # --- life -------------------------------------------------------------------------------------------------

    def idle(self, now: float) -> bool:
        """Nobody is here and nothing will happen by itself: the table may leave memory (it stays stored)."""
        if self.connections:
            return False
        if self.state != "open":
            return True
        if self._timers or self.takeover or (self._bots is not None and not self._bots.done()):
            return False
        if self.pause is not None and self.pause.timer is not None:
            return False
        return self.finished or now - self.touched >= self.settings.idle_unload

    def unattended(self, now: float) -> bool:
        """In play, and no person has been at it for ``pause_after`` seconds (wall time ``now``)."""
        return (
            self.state == "open"
            and not self.finished
            and not self.persons
            and now - self.last_person >= self.settings.pause_after
        )

    def halt(self, state: str) -> None:
        """Pause or abort the table: its bots and takeover timers stop, and the store says so."""
        self.state = state
        self.stop()
        self.takeover.clear()
        self.hub.store.set_status(self.id, state)
        log.info("table %s: no person for a while; the table is %s", self.id, state)
        self.broadcast()

    def stop(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        if self.pause is not None:
            self.pause.stop()
        if self._bots is not None:
            self._bots.cancel()


class Tables:
    """Every table: the ones in memory, and the store behind them."""

    REPLAYS_KEPT = 16
    STEPS_KEPT = 512
    REVIEWS_KEPT = 32
    REVIEW_BOTS = ("easy", "normal")
    """The searches a served review may use (``hard`` would hold a core for minutes per request)."""

    def __init__(self, store: Store, settings: Settings, pool: BotPool) -> None:
        self.check(settings)
        self.store = store
        self.settings = settings
        self.pool = pool
        self.loaded: dict[str, TableRuntime] = {}
        self.move_times = MoveTimes()
        self.sockets_by: dict[str, int] = {}
        self.steps: OrderedDict[tuple[str, int | None, int], ReplayStep] = OrderedDict()
        self._replays: OrderedDict[str, tuple[Match, bool]] = OrderedDict()  # a finished game and its practice mark
        self.reviews: OrderedDict[tuple[str, int, str], dict[str, Any]] = OrderedDict()
        self._reviewing = asyncio.Lock()  # one review at a time: each holds a core for its whole length
        self._loading: dict[str, asyncio.Future[TableRuntime | None]] = {}
        self._sweeper: asyncio.Task[None] | None = None

    @staticmethod
    def check(settings: Settings) -> None:
        """Raise :class:`~kirifuda.bots.BotError` unless the takeover bot is a fair bot."""
        check_name(settings.takeover_bot)

    async def start(self) -> None:
        """Resume the tables in play (bots play on; players are waited for as after a disconnection); those no
        person has been at for ``pause_after`` seconds are paused first, without being loaded."""
        paused = self.store_pause(time.time() - self.settings.pause_after)
        resumed = 0
        for table_id in self.store.unfinished():
            if await self.load(table_id) is not None:
                resumed += 1
        if resumed or paused:
            log.info("resumed %d tables in play; paused %d nobody had been at", resumed, len(paused))
        self._sweeper = asyncio.create_task(self._sweep())

    def store_pause(self, before: float) -> list[str]:
        """Pause the stored tables in play, not in memory, no person has been at since ``before``; their ids."""
        summaries = self.store.summaries("WHERE status = 'open' AND last_person < ?", (before,))
        ids = [s.id for s in summaries if s.id not in self.loaded]
        for table_id in ids:
            self.store.set_status(table_id, "paused")
        return ids

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for runtime in self.loaded.values():
            runtime.stop()
        self.loaded.clear()
        self.pool.close()
        self.store.close()

    def create(self, request: CreateTable, creator: str = "local") -> tuple[TableRuntime, dict[int, str]]:
        """A new table and the token of each human seat bound to someone (the creator's, the invited ones; an open
        seat gets its token when it is claimed). Raises :class:`WebError` on bad input or over a limit."""
        self._check_rate(creator)
        try:
            game = make(request.game, served_options(self.settings.designs, request.game, request.options))
        except KirifudaError as e:
            raise WebError.from_error(400, "bad_game", e) from None
        self._check_bounds(game)
        if len(request.seats) != game.seat_count:
            raise WebError(
                400,
                "bad_seats",
                f"{game.id} with these options has {game.seat_count} seats, not {len(request.seats)}",
                f"{game.title_ja} のこの設定では席は {game.seat_count} です({len(request.seats)} ではありません)",
            )
        if request.seed is not None and not request.private:
            raise WebError(
                422,
                "seed_public",
                "a chosen seed is only for a private practice table (private: true): served tables are dealt from "
                "the operating system's generator",
                "シードを選べるのは非公開の練習テーブル(private: true)だけです",
            )
        if request.private and OPEN in request.seats:
            raise WebError(
                422,
                "bad_seats",
                "a private table is not listed, so it has no open seat (use human seats and their invite links)",
                "非公開のテーブルはロビーに載らないため、公開席は作れません",
            )
        if not any(kind in (HUMAN, OPEN) for kind in request.seats) and not self.settings.bot_tables:
            raise WebError(
                422,
                "no_person",
                "a table needs at least one human seat (this server plays no bot-only tables)",
                "人間の席が少なくとも一つ必要です(このサーバーはボットだけのテーブルを扱いません)",
            )
        if self.store.open_count(creator) >= self.settings.open_tables_per_address:
            raise WebError(
                429,
                "too_many_tables",
                f"at most {self.settings.open_tables_per_address} tables in play per address: finish one first",
                f"同じアドレスから進行中のテーブルは {self.settings.open_tables_per_address} までです",
            )
        creator_seat = request.creator
        if creator_seat is None:
            creator_seat = next((seat for seat, kind in enumerate(request.seats) if kind == HUMAN), None)
        elif creator_seat >= len(request.seats) or request.seats[creator_seat] != HUMAN:
            raise WebError(
                400,
                "bad_seats",
                f"the creator's seat {creator_seat} is not a human seat",
                f"作成者の席 {creator_seat} は人間の席ではありません",
            )
        if len(request.names) > len(request.seats):
            raise WebError(400, "bad_name", "more names than seats", "名前が席より多くあります")
        names = [None if n is None else check_player_name(n) for n in request.names]
        names += [None] * (len(request.seats) - len(names))
        seats: list[StoredSeat] = []
        tokens: dict[int, str] = {}
        for seat, kind in enumerate(request.seats):
            if kind == OPEN:
                seats.append(StoredSeat(seat, HUMAN, open=True))
                continue
            if kind == HUMAN:
                tokens[seat] = secrets.token_urlsafe(16)
                # the creator's seat is bound at once; the other human seats are reserved for their links
                seats.append(
                    StoredSeat(
                        seat, HUMAN, token_hash=token_hash(tokens[seat]), taken=seat == creator_seat, name=names[seat]
                    )
                )
                continue
            if names[seat] is not None:
                raise WebError(400, "bad_name", f"seat {seat} is a bot's: no name", f"席 {seat} はボットの席です")
            try:
                check_name(kind)
            except BotError as e:
                raise WebError.from_error(400, "bad_bot", e) from None
            seats.append(StoredSeat(seat, "bot", bot=kind))
        practice = request.seed is not None
        match = Match(game, seed=request.seed) if practice else Match(game, rng=SYSTEM_RANDOM)
        now = time.time()
        stored = StoredTable(
            id=self._new_id(),
            game=game.id,
            options=game.options.to_dict(),
            seed=request.seed,
            seats=tuple(seats),
            private=request.private,
            created=now,
            actions=tuple(match.actions),
            deals=tuple(deal.to_json() for deal in match.deals),
            bot_seed=request.seed if practice and request.seed is not None else secrets.randbits(62),
            practice=practice,
            last_person=now,
            creator=creator,
        )
        self.store.create(stored)
        runtime = self.loaded[stored.id] = TableRuntime(stored, match, self)
        log.info(
            "table %s: %s %s, seats %s%s",
            stored.id,
            game.id,
            stored.options,
            ", ".join(request.seats),
            " (practice)" if practice else "",
        )
        runtime.start()
        return runtime, tokens

    def _check_rate(self, creator: str) -> None:
        """Refuse a table over ``tables_per_minute`` from ``creator``: counted from the stored tables' creation times,
        so a restart does not reset the count."""
        if self.store.created_count(creator, time.time() - 60) >= self.settings.tables_per_minute:
            raise WebError(
                429,
                "too_many_tables",
                f"at most {self.settings.tables_per_minute} new tables a minute per address: wait a little",
                f"同じアドレスから作れるテーブルは1分に {self.settings.tables_per_minute} までです",
            )

    def _check_bounds(self, game: Game) -> None:
        options = game.options.to_dict()
        for name in ("deals", "rounds"):
            value = options.get(name)
            if isinstance(value, int) and value > self.settings.max_deals:
                raise WebError(
                    422,
                    "too_long",
                    f"{name} {value} is more than this server plays (at most {self.settings.max_deals})",
                    f"{name} {value} は多すぎます(このサーバーでは {self.settings.max_deals} まで)",
                )

    def get(self, table_id: str) -> TableRuntime | None:
        """The table ``table_id`` if it is in memory (:meth:`load` brings one from the store)."""
        return self.loaded.get(table_id)

    async def load(self, table_id: str) -> TableRuntime | None:
        """The table ``table_id``, loaded from the store if it is not in memory (its record replayed off the event
        loop, once however many ask at the same time); None if there is none."""
        runtime = self.loaded.get(table_id)
        if runtime is not None:
            return runtime
        pending = self._loading.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[TableRuntime | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            runtime = await self._load(table_id)
            future.set_result(runtime)
            return runtime
        except BaseException as e:
            future.set_exception(e)
            future.exception()  # retrieved: whoever waits gets it too
            raise
        finally:
            del self._loading[table_id]

    async def _load(self, table_id: str) -> TableRuntime | None:
        stored = self.store.load(table_id)
        if stored is None:
            return None
        try:
            match = await asyncio.to_thread(self._replay, stored)
        except ReplayError as e:
            log.error("table %s cannot be replayed from the store: %s", table_id, e)
            return None
        runtime = self.loaded.get(table_id)
        if runtime is None:
            runtime = self.loaded[table_id] = TableRuntime(stored, match, self)
            runtime.start()
        return runtime

    def rebuild(self, table_id: str) -> Match:
        """The table's game as stored (after a failed commit)."""
        stored = self.store.load(table_id)
        assert stored is not None
        return self._replay(stored)

    async def claim(self, table_id: str, seat: int) -> str:
        """A new token for an open seat of a listed table (joining from the lobby). Seats the host did not open (the
        creator's, the invited ones) are never claimable."""
        runtime = await self.load(table_id)
        if runtime is None or runtime.private or runtime.over:
            raise WebError(404, "not_found", f"no open table {table_id}", f"テーブル {table_id} はありません")
        if not 0 <= seat < len(runtime.seats) or not runtime.seats[seat].open:
            raise WebError(409, "taken", f"seat {seat} is not open", f"席 {seat} は空いていません")
        token = secrets.token_urlsafe(16)
        if not self.store.take_seat(table_id, seat, token_hash(token)):
            raise WebError(409, "taken", f"seat {seat} is not open", f"席 {seat} は空いていません")
        runtime.seats[seat] = replace(runtime.seats[seat], token_hash=token_hash(token), taken=True, open=False)
        runtime._timer(seat)  # claimed but never connected: taken over like an absent player
        runtime.broadcast()
        return token

    async def finished_match(self, table_id: str) -> Match:
        """The game of ``table_id`` once it is over (finished or aborted; for its record and replay), replayed off
        the event loop and kept; :class:`WebError` before the end."""
        match, _ = await self.finished_game(table_id)
        return match

    async def finished_game(self, table_id: str) -> tuple[Match, bool]:
        """:meth:`finished_match` and whether the table was a practice table (dealt from its creator's seed)."""
        kept = self._replays.get(table_id)
        if kept is not None:
            self._replays.move_to_end(table_id)
            return kept
        stored = self.store.load(table_id)
        if stored is None:
            raise WebError(404, "not_found", f"no table {table_id}", f"テーブル {table_id} はありません")
        if not stored.finished and stored.status != "aborted":
            raise WebError(
                403,
                "unfinished",
                "the record is shown once the game is over (it shows every hand)",
                "棋譜はゲーム終了後に公開されます(全員の手札が載るため)",
            )
        kept = (await asyncio.to_thread(self._replay, stored), stored.practice)
        self._replays[table_id] = kept
        while len(self._replays) > self.REPLAYS_KEPT:
            self._replays.popitem(last=False)
        return kept

    async def review(self, table_id: str, seat: int, bot: str) -> dict[str, Any]:
        """The review of ``seat``'s decisions in the finished game ``table_id`` by the search ``bot`` (the JSON of
        ``kirifuda review``, docs/cli.md): computed off the event loop, one at a time, and kept."""
        key = (table_id, seat, bot)
        found = self.reviews.get(key)
        if found is None:
            match = await self.finished_match(table_id)
            if seat >= match.game.seat_count:
                raise WebError(400, "bad_seat", f"no seat {seat} in this game", f"席 {seat} はありません")
            async with self._reviewing:
                found = self.reviews.get(key)  # made while this request waited
                if found is None:
                    found = await asyncio.to_thread(review_json, match, seat, bot)
                    self.reviews[key] = found
                    while len(self.reviews) > self.REVIEWS_KEPT:
                        self.reviews.popitem(last=False)
        self.reviews.move_to_end(key)
        return found

    def seating(self, table_id: str) -> list[dict[str, Any]]:
        """The record's ``seating`` of ``table_id``: one object per seat, a person (with the name they chose) or a
        bot (its name)."""
        stored = self.store.load(table_id)
        if stored is None:
            raise WebError(404, "not_found", f"no table {table_id}", f"テーブル {table_id} はありません")
        return [seating_entry(s) for s in stored.seats]

    @staticmethod
    def _replay(stored: StoredTable) -> Match:
        match = replay(stored.record())
        if stored.seed is None:
            match.rng = SYSTEM_RANDOM  # the next deals of a table in play come from the OS too (stored as drawn)
        # A seeded table's next deal is not drawn here either: a table stopped at the end of a deal deals on from its
        # pause (TableRuntime._settle → _next_deal), which stores the deal before anyone sees it. Drawn here, it was
        # never stored, and the record lost it (its later deals shifted: the record no longer replayed).
        return match

    def _new_id(self) -> str:
        while True:
            table_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
            if table_id not in self.loaded and self.store.load(table_id) is None:
                return table_id

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_every)
            try:
                self.sweep()
            except Exception:
                log.exception("the sweep failed")

    def sweep(self) -> dict[str, list[str]]:
        """Pause the tables no person has been at for ``pause_after``, abort those paused for ``abort_after``, purge
        the finished and aborted ones older than ``retention``, and drop idle tables from memory."""
        now = time.time()
        paused = [r.id for r in list(self.loaded.values()) if r.unattended(now)]
        for table_id in paused:
            self.loaded[table_id].halt("paused")
        paused += self.store_pause(now - self.settings.pause_after)
        aborted = self.store.abort_unattended(now - self.settings.pause_after - self.settings.abort_after)
        if self.loaded:  # aborted by ``kirifuda admin abort`` while in memory
            marks = ",".join("?" * len(self.loaded))
            aborted += [
                s.id
                for s in self.store.summaries(f"WHERE status = 'aborted' AND id IN ({marks})", list(self.loaded))
                if self.loaded[s.id].state != "aborted"
            ]
        for table_id in aborted:
            runtime = self.loaded.get(table_id)
            if runtime is not None:
                runtime.halt("aborted")
            log.info(
                "table %s aborted: no person for %g s", table_id, self.settings.pause_after + self.settings.abort_after
            )
        purged = self.store.purge(now - self.settings.retention)
        for table_id in purged:
            runtime = self.loaded.pop(table_id, None)
            if runtime is not None:
                runtime.stop()
            self._replays.pop(table_id, None)
        if purged:
            log.info("purged %d finished or aborted tables older than %g s", len(purged), self.settings.retention)
        return {"paused": paused, "aborted": aborted, "purged": purged, "unloaded": self.unload_idle()}

    def unload_idle(self) -> list[str]:
        """Drop from memory the tables that are idle (:meth:`TableRuntime.idle`); their ids."""
        now = time.monotonic()
        gone = [table_id for table_id, runtime in self.loaded.items() if runtime.idle(now)]
        for table_id in gone:
            self.loaded.pop(table_id).stop()
        return gone


def seating_entry(seat: StoredSeat) -> dict[str, Any]:
    """One seat of a record's ``seating``: ``{"player": "person", "name": …}`` or ``{"player": "bot", "bot": …}``."""
    if seat.kind != HUMAN:
        return {"player": "bot", "bot": seat.bot}
    return {"player": "person"} if seat.name is None else {"player": "person", "name": seat.name}


def review_json(match: Match, seat: int, bot: str) -> dict[str, Any]:
    """``seat``'s decisions in the finished ``match`` judged by ``bot`` from the seat's information only
    (:mod:`kirifuda.bots.review`; the bot's seed 0: the same game gives the same review)."""
    from ..arena import seat_moments
    from ..bots import SearchBot, make_bot
    from ..bots.review import review

    player = make_bot(bot, match.game, 0, time_cap=None)
    assert isinstance(player, SearchBot)
    return review(player, seat, seat_moments(match, seat)).to_json()
