"""Persistence of the browser game's tables: a small interface, and SQLite behind it (standard library, WAL).

A table is stored as what its record needs — game id, options, the deals drawn (from the OS's generator; a
practice table's seed instead) — plus its status (open, paused, finished, aborted), its seats (human or a bot name, the
hash of each human seat's secret token, whether the seat has been taken, the name its player chose) and its record's
``actions`` in order, one row each. Every accepted action is written in one transaction (:meth:`Store.append`)
before anyone is told of it; the authoritative game is rebuilt from the stored record with
:func:`kirifuda.records.replay` on restart, so a ``kill -9`` loses nothing that was announced.

Tokens are stored hashed (SHA-256): the database alone does not let anyone act for a seat.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

SCHEMA_VERSION = 2

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,          -- JSON object: the game's options, resolved
    seed INTEGER,                   -- a practice table's deal seed (NULL: deals drawn from the OS, stored in deals)
    private INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,   -- the record's actions so far
    finished INTEGER NOT NULL DEFAULT 0,
    updated REAL NOT NULL,
    bot_seed INTEGER NOT NULL DEFAULT 0,  -- the bots' own randomness (never the deals')
    practice INTEGER NOT NULL DEFAULT 0,  -- a private table whose creator chose the seed
    status TEXT NOT NULL DEFAULT 'open',  -- open, paused, finished, aborted
    last_person REAL NOT NULL DEFAULT 0,  -- when a person was last at the table (created, connected, left)
    creator TEXT                          -- the address that created it (for the open-tables limit)
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,             -- 'human' or 'bot'
    bot TEXT,                       -- the bot's name for a bot seat
    token_hash TEXT,                -- a human seat's token, hashed
    taken INTEGER NOT NULL DEFAULT 0,
    open INTEGER NOT NULL DEFAULT 0,      -- listed in the lobby and claimable by anyone (until claimed)
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    idx INTEGER NOT NULL,
    actor TEXT NOT NULL,            -- a seat number, or 'chance'
    text TEXT NOT NULL,
    PRIMARY KEY (table_id, idx)
);
CREATE TABLE IF NOT EXISTS deals (
    table_id TEXT NOT NULL REFERENCES tables(id),
    idx INTEGER NOT NULL,
    deal TEXT NOT NULL,             -- JSON: the record's deal object
    PRIMARY KEY (table_id, idx)
);
CREATE TABLE IF NOT EXISTS names (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,             -- the name a player chose for a human seat
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX IF NOT EXISTS tables_by_state ON tables (finished, updated);
CREATE INDEX IF NOT EXISTS tables_by_status ON tables (status, updated);
CREATE INDEX IF NOT EXISTS tables_by_creator ON tables (creator, created);
"""

MIGRATE_1_TO_2 = """
CREATE TABLE tables_v2 (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER,
    private INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL, version INTEGER NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0, updated REAL NOT NULL, bot_seed INTEGER NOT NULL DEFAULT 0,
    practice INTEGER NOT NULL DEFAULT 0, status TEXT NOT NULL DEFAULT 'open', last_person REAL NOT NULL DEFAULT 0,
    creator TEXT
);
INSERT INTO tables_v2 (id, game, options, seed, private, created, version, finished, updated, bot_seed, status,
                       last_person)
    SELECT id, game, options, seed, private, created, version, finished, updated, seed,
           CASE WHEN finished THEN 'finished' ELSE 'open' END, updated FROM tables;
DROP INDEX IF EXISTS tables_by_state;
DROP TABLE tables;
ALTER TABLE tables_v2 RENAME TO tables;
ALTER TABLE seats ADD COLUMN open INTEGER NOT NULL DEFAULT 0;
"""
"""Version 1 stored a 31-bit seed for every table and listed every human seat not yet taken. Its tables keep their
seed (their deals replay from it); their untaken seats become reserved for their links, never open to anyone."""

STATUSES = ("open", "paused", "finished", "aborted")
"""A stored table's life: ``open`` (in play or waiting), ``paused`` (nobody was there for a while: no bot plays),
``finished``, ``aborted`` (paused too long: kept, never resumed). Finished and aborted tables are purged after the
retention."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class StoredSeat:
    """A seat: ``human`` or ``bot`` (``bot`` names it). A human seat is *taken* once it is bound to someone (the
    creator's seat at creation, an invited seat when its link first connects, an open seat when it is claimed) and
    *open* when the host listed it for anyone to claim."""

    seat: int
    kind: str  # "human" | "bot"
    bot: str | None = None
    token_hash: str | None = None
    taken: bool = False
    open: bool = False
    name: str | None = None  # the name the player chose (a human seat)


@dataclass(frozen=True)
class StoredTable:
    """One table as stored: enough to rebuild its game (:meth:`record`) and its seats."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int | None
    seats: tuple[StoredSeat, ...]
    private: bool = False
    created: float = 0.0
    finished: bool = False
    actions: tuple[tuple[int | str, str], ...] = field(default=())
    deals: tuple[dict[str, Any], ...] = field(default=())
    bot_seed: int = 0
    practice: bool = False
    status: str = "open"
    last_person: float = 0.0
    creator: str | None = None

    def record(self) -> dict[str, Any]:
        """The table's ``kirifuda-record/1`` object: the deals drawn so far, and the seed of a practice (or a
        schema-1) table."""
        out: dict[str, Any] = {"format": "kirifuda-record/1", "game": self.game, "options": self.options}
        if self.seed is not None:
            out["seed"] = self.seed
        out["deals"] = list(self.deals)
        out["actions"] = [[who, text] for who, text in self.actions]
        return out


@dataclass(frozen=True)
class TableSummary:
    """A line of the lobby's lists."""

    id: str
    game: str
    options: dict[str, Any]
    created: float
    version: int
    finished: bool
    seats: tuple[StoredSeat, ...]
    status: str = "open"
    practice: bool = False
    private: bool = False
    updated: float = 0.0
    last_person: float = 0.0


class Store(Protocol):
    """Where tables live between restarts (the one implementation: :class:`SqliteStore`)."""

    def create(self, table: StoredTable) -> None: ...

    def append(
        self,
        table_id: str,
        start: int,
        entries: Sequence[tuple[int | str, str]],
        finished: bool,
        deals: Sequence[tuple[int, dict[str, Any]]] = (),
    ) -> None:
        """Add the record entries from index ``start`` on, and the deals drawn with them (index, deal), in one
        transaction."""
        ...

    def take_seat(self, table_id: str, seat: int, new_token_hash: str | None = None) -> bool:
        """Mark a human seat taken (with a new token hash, when an open seat is claimed from the lobby); False if it
        was taken already (or is not open) and a new token was asked for."""
        ...

    def set_name(self, table_id: str, seat: int, name: str) -> None:
        """The name the player of a human seat chose."""
        ...

    def load(self, table_id: str) -> StoredTable | None: ...

    def unfinished(self) -> list[str]:
        """The tables in play (status ``open``), oldest first."""
        ...

    def listing(self, *, finished: bool, limit: int) -> list[TableSummary]: ...

    def set_status(self, table_id: str, status: str) -> None: ...

    def person_seen(self, table_id: str, when: float) -> None: ...

    def open_count(self, creator: str) -> int:
        """Tables created from the address ``creator`` that are not over (open or paused)."""
        ...

    def created_count(self, creator: str, since: float) -> int:
        """Tables created from the address ``creator`` at or after ``since`` (wall time)."""
        ...

    def summaries(self, where: str = "ORDER BY created", parameters: Sequence[Any] = ()) -> list[TableSummary]: ...

    def abort_unattended(self, before: float) -> list[str]: ...

    def purge(self, before: float) -> list[str]: ...

    def close(self) -> None: ...


class SqliteStore:
    """The store in one SQLite file, WAL mode, readable by its owner only (created 0600: it holds every hand of
    every table in play). ``synchronous=NORMAL``: a commit survives the server process being killed (the WAL is in
    the operating system's hands once ``COMMIT`` returns); ``durable=True`` also syncs every commit to disk, for a
    power cut (slower: one fsync per move)."""

    def __init__(self, path: str | Path, *, durable: bool = False) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
            os.close(os.open(self.path, os.O_CREAT | os.O_RDWR, 0o600))  # SQLite gives its -wal/-shm the same mode
            os.chmod(self.path, 0o600)
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        exists = self.db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tables'").fetchone()
        if exists and version < 2:
            self.db.execute("BEGIN IMMEDIATE")
            for statement in MIGRATE_1_TO_2.split(";"):
                if statement.strip():
                    self.db.execute(statement)
            self.db.execute("COMMIT")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)
        self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def create(self, table: StoredTable) -> None:
        now = time.time()
        with self._transaction() as db:
            db.execute(
                "INSERT INTO tables (id, game, options, seed, private, created, version, finished, updated, bot_seed,"
                " practice, status, last_person, creator) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table.id,
                    table.game,
                    json.dumps(table.options),
                    table.seed,
                    int(table.private),
                    table.created or now,
                    len(table.actions),
                    int(table.finished),
                    now,
                    table.bot_seed,
                    int(table.practice),
                    table.status,
                    table.last_person or now,
                    table.creator,
                ),
            )
            db.executemany(
                "INSERT INTO seats (table_id, seat, kind, bot, token_hash, taken, open) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(table.id, s.seat, s.kind, s.bot, s.token_hash, int(s.taken), int(s.open)) for s in table.seats],
            )
            db.executemany(
                "INSERT INTO names (table_id, seat, name) VALUES (?, ?, ?)",
                [(table.id, s.seat, s.name) for s in table.seats if s.name is not None],
            )
            db.executemany(
                "INSERT INTO actions (table_id, idx, actor, text) VALUES (?, ?, ?, ?)",
                [(table.id, i, str(who), text) for i, (who, text) in enumerate(table.actions)],
            )
            db.executemany(
                "INSERT INTO deals (table_id, idx, deal) VALUES (?, ?, ?)",
                [(table.id, i, json.dumps(deal)) for i, deal in enumerate(table.deals)],
            )

    def append(
        self,
        table_id: str,
        start: int,
        entries: Sequence[tuple[int | str, str]],
        finished: bool,
        deals: Sequence[tuple[int, dict[str, Any]]] = (),
    ) -> None:
        with self._transaction() as db:
            db.executemany(
                "INSERT INTO actions (table_id, idx, actor, text) VALUES (?, ?, ?, ?)",
                [(table_id, start + i, str(who), text) for i, (who, text) in enumerate(entries)],
            )
            db.executemany(
                "INSERT INTO deals (table_id, idx, deal) VALUES (?, ?, ?)",
                [(table_id, i, json.dumps(deal)) for i, deal in deals],
            )
            db.execute(
                "UPDATE tables SET version = ?, finished = ?, updated = ?,"
                " status = CASE WHEN ? THEN 'finished' ELSE status END WHERE id = ?",
                (start + len(entries), int(finished), time.time(), int(finished), table_id),
            )

    def take_seat(self, table_id: str, seat: int, new_token_hash: str | None = None) -> bool:
        with self._transaction() as db:
            if new_token_hash is None:
                db.execute("UPDATE seats SET taken = 1 WHERE table_id = ? AND seat = ?", (table_id, seat))
                return True
            cursor = db.execute(
                "UPDATE seats SET taken = 1, open = 0, token_hash = ? WHERE table_id = ? AND seat = ?"
                " AND kind = 'human' AND taken = 0 AND open = 1",
                (new_token_hash, table_id, seat),
            )
            return cursor.rowcount == 1

    def set_name(self, table_id: str, seat: int, name: str) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO names (table_id, seat, name) VALUES (?, ?, ?)"
                " ON CONFLICT (table_id, seat) DO UPDATE SET name = excluded.name",
                (table_id, seat, name),
            )

    def load(self, table_id: str) -> StoredTable | None:
        row = self.db.execute(
            "SELECT id, game, options, seed, private, created, finished, bot_seed, practice, status, last_person,"
            " creator FROM tables WHERE id = ?",
            (table_id,),
        ).fetchone()
        if row is None:
            return None
        actions = tuple(
            (_actor(actor), text)
            for actor, text in self.db.execute(
                "SELECT actor, text FROM actions WHERE table_id = ? ORDER BY idx", (table_id,)
            )
        )
        deals: list[Any] = []
        for idx, deal in self.db.execute("SELECT idx, deal FROM deals WHERE table_id = ? ORDER BY idx", (table_id,)):
            if idx != len(deals):
                break  # a deal missing (an older server's seeded table could lose one): a seed gives the rest
            deals.append(json.loads(deal))
        return StoredTable(
            id=row[0],
            game=row[1],
            options=json.loads(row[2]),
            seed=row[3],
            seats=self._seats(table_id),
            private=bool(row[4]),
            created=row[5],
            finished=bool(row[6]),
            actions=actions,
            deals=tuple(deals),
            bot_seed=row[7],
            practice=bool(row[8]),
            status=row[9],
            last_person=row[10],
            creator=row[11],
        )

    def unfinished(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT id FROM tables WHERE status = 'open' ORDER BY created")]

    def listing(self, *, finished: bool, limit: int) -> list[TableSummary]:
        """The lobby's lists (private tables left out): tables in play, or finished games (newest first)."""
        return self.summaries(
            "WHERE status = ? AND private = 0 ORDER BY updated DESC LIMIT ?",
            ("finished" if finished else "open", limit),
        )

    def summaries(self, where: str = "ORDER BY created", parameters: Sequence[Any] = ()) -> list[TableSummary]:
        """Tables chosen by an SQL ``where`` clause (with its ordering and limit) of ``tables``."""
        rows = self.db.execute(
            "SELECT id, game, options, created, version, finished, status, practice, private, updated, last_person"
            f" FROM tables {where}",
            tuple(parameters),
        ).fetchall()
        return [
            TableSummary(
                id=r[0],
                game=r[1],
                options=json.loads(r[2]),
                created=r[3],
                version=r[4],
                finished=bool(r[5]),
                seats=self._seats(r[0]),
                status=r[6],
                practice=bool(r[7]),
                private=bool(r[8]),
                updated=r[9],
                last_person=r[10],
            )
            for r in rows
        ]

    def set_status(self, table_id: str, status: str) -> None:
        if status not in STATUSES:
            raise ValueError(f"no table status {status!r}")
        with self._transaction() as db:
            db.execute("UPDATE tables SET status = ?, updated = ? WHERE id = ?", (status, time.time(), table_id))

    def person_seen(self, table_id: str, when: float) -> None:
        with self._transaction() as db:
            db.execute("UPDATE tables SET last_person = ? WHERE id = ?", (when, table_id))

    def open_count(self, creator: str) -> int:
        row = self.db.execute(
            "SELECT COUNT(*) FROM tables WHERE creator = ? AND status IN ('open', 'paused')", (creator,)
        ).fetchone()
        return int(row[0])

    def created_count(self, creator: str, since: float) -> int:
        row = self.db.execute(
            "SELECT COUNT(*) FROM tables WHERE creator = ? AND created >= ?", (creator, since)
        ).fetchone()
        return int(row[0])

    def abort_unattended(self, before: float) -> list[str]:
        """Abort the paused tables no person has been at since ``before`` (wall time); their ids."""
        with self._transaction() as db:
            ids = [
                r[0]
                for r in db.execute(
                    "SELECT id FROM tables WHERE status = 'paused' AND last_person < ?", (before,)
                ).fetchall()
            ]
            db.executemany(
                "UPDATE tables SET status = 'aborted', updated = ? WHERE id = ?", [(time.time(), i) for i in ids]
            )
        return ids

    def purge(self, before: float) -> list[str]:
        """Delete the finished and aborted tables last changed before ``before`` (wall time); their ids."""
        with self._transaction() as db:
            ids = [
                r[0]
                for r in db.execute(
                    "SELECT id FROM tables WHERE status IN ('finished', 'aborted') AND updated < ?", (before,)
                ).fetchall()
            ]
            for name in ("actions", "deals", "names", "seats"):
                db.executemany(f"DELETE FROM {name} WHERE table_id = ?", [(i,) for i in ids])
            db.executemany("DELETE FROM tables WHERE id = ?", [(i,) for i in ids])
        return ids

    def close(self) -> None:
        self.db.close()

    def _seats(self, table_id: str) -> tuple[StoredSeat, ...]:
        return tuple(
            StoredSeat(seat, kind, bot, th, bool(taken), bool(is_open), name)
            for seat, kind, bot, th, taken, is_open, name in self.db.execute(
                "SELECT s.seat, s.kind, s.bot, s.token_hash, s.taken, s.open, n.name FROM seats s"
                " LEFT JOIN names n ON n.table_id = s.table_id AND n.seat = s.seat"
                " WHERE s.table_id = ? ORDER BY s.seat",
                (table_id,),
            )
        )

    def _transaction(self) -> _Transaction:
        return _Transaction(self.db)


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on an exception)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")


def _actor(text: str) -> int | str:
    return "chance" if text == "chance" else int(text)
