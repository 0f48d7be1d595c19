"""Persistence of the browser game's tables: a small interface, and SQLite behind it (standard library, WAL).

A table is stored as what its record needs — game id, options, seed — plus its seats (human or a bot name, the
hash of each human seat's secret token, whether the seat has been taken, the name its player chose) and its
record's ``actions`` in order, one row each. Every accepted action is written in one transaction
(:meth:`Store.append`) before anyone is told of it; the authoritative game is rebuilt from the stored record with
:func:`kirifuda.records.replay` on restart, so a ``kill -9`` loses nothing that was announced.

Tokens are stored hashed (SHA-256): the database alone does not let anyone act for a seat.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,          -- JSON object: the game's options, resolved
    seed INTEGER NOT NULL,
    private INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,   -- the record's actions so far
    finished INTEGER NOT NULL DEFAULT 0,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,             -- 'human' or 'bot'
    bot TEXT,                       -- the bot's name for a bot seat
    token_hash TEXT,                -- a human seat's token, hashed
    taken INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    idx INTEGER NOT NULL,
    actor TEXT NOT NULL,            -- a seat number, or 'chance'
    text TEXT NOT NULL,
    PRIMARY KEY (table_id, idx)
);
CREATE TABLE IF NOT EXISTS names (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,             -- the name a player chose for a human seat
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX IF NOT EXISTS tables_by_state ON tables (finished, updated);
"""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class StoredSeat:
    seat: int
    kind: str  # "human" | "bot"
    bot: str | None = None
    token_hash: str | None = None
    taken: bool = False
    name: str | None = None  # the name the player chose (a human seat)


@dataclass(frozen=True)
class StoredTable:
    """One table as stored: enough to rebuild its game (:meth:`record`) and its seats."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: tuple[StoredSeat, ...]
    private: bool = False
    created: float = 0.0
    finished: bool = False
    actions: tuple[tuple[int | str, str], ...] = field(default=())

    def record(self) -> dict[str, Any]:
        """The table's ``kirifuda-record/1`` object (deals come from the seed)."""
        return {
            "format": "kirifuda-record/1",
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "actions": [[who, text] for who, text in self.actions],
        }


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


class Store(Protocol):
    """Where tables live between restarts (the one implementation: :class:`SqliteStore`)."""

    def create(self, table: StoredTable) -> None: ...

    def append(self, table_id: str, start: int, entries: Sequence[tuple[int | str, str]], finished: bool) -> None:
        """Add the record entries from index ``start`` on, in one transaction."""
        ...

    def take_seat(self, table_id: str, seat: int, new_token_hash: str | None = None) -> bool:
        """Mark a human seat taken (with a new token hash, when it is claimed from the lobby); False if it was
        taken already and a new token was asked for."""
        ...

    def set_name(self, table_id: str, seat: int, name: str) -> None:
        """The name the player of a human seat chose."""
        ...

    def load(self, table_id: str) -> StoredTable | None: ...

    def unfinished(self) -> list[str]: ...

    def listing(self, *, finished: bool, limit: int) -> list[TableSummary]: ...

    def close(self) -> None: ...


class SqliteStore:
    """The store in one SQLite file, WAL mode. ``synchronous=NORMAL``: a commit survives the server process being
    killed (the WAL is in the operating system's hands once ``COMMIT`` returns); ``durable=True`` also syncs every
    commit to disk, for a power cut (slower: one fsync per move)."""

    def __init__(self, path: str | Path, *, durable: bool = False) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)
        self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def create(self, table: StoredTable) -> None:
        now = time.time()
        with self._transaction() as db:
            db.execute(
                "INSERT INTO tables (id, game, options, seed, private, created, version, finished, updated)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                ),
            )
            db.executemany(
                "INSERT INTO seats (table_id, seat, kind, bot, token_hash, taken) VALUES (?, ?, ?, ?, ?, ?)",
                [(table.id, s.seat, s.kind, s.bot, s.token_hash, int(s.taken)) for s in table.seats],
            )
            db.executemany(
                "INSERT INTO names (table_id, seat, name) VALUES (?, ?, ?)",
                [(table.id, s.seat, s.name) for s in table.seats if s.name is not None],
            )
            db.executemany(
                "INSERT INTO actions (table_id, idx, actor, text) VALUES (?, ?, ?, ?)",
                [(table.id, i, str(who), text) for i, (who, text) in enumerate(table.actions)],
            )

    def append(self, table_id: str, start: int, entries: Sequence[tuple[int | str, str]], finished: bool) -> None:
        with self._transaction() as db:
            db.executemany(
                "INSERT INTO actions (table_id, idx, actor, text) VALUES (?, ?, ?, ?)",
                [(table_id, start + i, str(who), text) for i, (who, text) in enumerate(entries)],
            )
            db.execute(
                "UPDATE tables SET version = ?, finished = ?, updated = ? WHERE id = ?",
                (start + len(entries), int(finished), time.time(), table_id),
            )

    def take_seat(self, table_id: str, seat: int, new_token_hash: str | None = None) -> bool:
        with self._transaction() as db:
            if new_token_hash is None:
                db.execute("UPDATE seats SET taken = 1 WHERE table_id = ? AND seat = ?", (table_id, seat))
                return True
            cursor = db.execute(
                "UPDATE seats SET taken = 1, token_hash = ? WHERE table_id = ? AND seat = ? AND kind = 'human'"
                " AND taken = 0",
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
            "SELECT id, game, options, seed, private, created, finished FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        if row is None:
            return None
        actions = tuple(
            (_actor(actor), text)
            for actor, text in self.db.execute(
                "SELECT actor, text FROM actions WHERE table_id = ? ORDER BY idx", (table_id,)
            )
        )
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
        )

    def unfinished(self) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT id FROM tables WHERE finished = 0 ORDER BY created")]

    def listing(self, *, finished: bool, limit: int) -> list[TableSummary]:
        rows = self.db.execute(
            "SELECT id, game, options, created, version, finished FROM tables WHERE finished = ? AND private = 0"
            " ORDER BY updated DESC LIMIT ?",
            (int(finished), limit),
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
            )
            for r in rows
        ]

    def close(self) -> None:
        self.db.close()

    def _seats(self, table_id: str) -> tuple[StoredSeat, ...]:
        return tuple(
            StoredSeat(seat, kind, bot, th, bool(taken), name)
            for seat, kind, bot, th, taken, name in self.db.execute(
                "SELECT s.seat, s.kind, s.bot, s.token_hash, s.taken, n.name FROM seats s"
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
