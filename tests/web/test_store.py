"""The SQLite store: a table and its record round-trip, an append is one transaction, tokens are kept hashed."""

from __future__ import annotations

import sqlite3

import pytest

from kirifuda.records import replay
from kirifuda.web.store import SqliteStore, StoredSeat, StoredTable, token_hash


def table(table_id: str = "t1", **changes: object) -> StoredTable:
    fields: dict[str, object] = {
        "id": table_id,
        "game": "anou",
        "options": {"players": 4},
        "seed": 7,
        "seats": (
            StoredSeat(0, "human", token_hash=token_hash("secret")),
            StoredSeat(1, "bot", bot="random"),
            StoredSeat(2, "bot", bot="heuristic"),
            StoredSeat(3, "human", token_hash=token_hash("other")),
        ),
    }
    fields.update(changes)
    return StoredTable(**fields)  # type: ignore[arg-type]


def test_a_table_and_its_actions_come_back_as_stored(tmp_path):
    store = SqliteStore(tmp_path / "t.db")
    store.create(table())
    store.append("t1", 0, [(0, "play AS"), (1, "play 2S")], finished=False)
    store.append("t1", 2, [(2, "play 3S"), ("chance", "swap 7H JK")], finished=True)
    store.close()
    loaded = SqliteStore(tmp_path / "t.db").load("t1")
    assert loaded is not None
    assert loaded.actions == ((0, "play AS"), (1, "play 2S"), (2, "play 3S"), ("chance", "swap 7H JK"))
    assert loaded.finished and loaded.seed == 7 and loaded.options == {"players": 4}
    assert [s.bot for s in loaded.seats] == [None, "random", "heuristic", None]


def test_the_stored_record_replays_to_the_same_game(tmp_path):
    from kirifuda.match import Match
    from kirifuda.registry import make

    match = Match(make("anou"), seed=7)
    for _ in range(9):
        seat = min(match.to_act())
        match.act(seat, match.legal_actions(seat)[0])
    store = SqliteStore(tmp_path / "t.db")
    store.create(table())
    store.append("t1", 0, match.actions, finished=False)
    stored = store.load("t1")
    assert stored is not None
    assert replay(stored.record()).state == match.state


def test_an_append_that_fails_writes_nothing(tmp_path):
    store = SqliteStore(tmp_path / "t.db")
    store.create(table())
    store.append("t1", 0, [(0, "play AS")], finished=False)
    store.db.execute("INSERT INTO actions (table_id, idx, actor, text) VALUES ('t1', 2, '2', 'play 3S')")
    with pytest.raises(sqlite3.IntegrityError):  # its second entry's index is taken: all of it is rolled back
        store.append("t1", 1, [(1, "play 2S"), (2, "play 4S")], finished=True)
    loaded = store.load("t1")
    assert loaded is not None
    assert loaded.actions == ((0, "play AS"), (2, "play 3S"))
    assert not loaded.finished
    assert store.db.execute("SELECT version FROM tables WHERE id = 't1'").fetchone() == (1,)


def test_tokens_are_stored_hashed(tmp_path):
    store = SqliteStore(tmp_path / "t.db")
    store.create(table())
    raw = (tmp_path / "t.db").read_bytes() + (tmp_path / "t.db-wal").read_bytes()
    assert b"secret" not in raw
    assert token_hash("secret").encode() in raw


def test_an_open_seat_is_claimed_once(tmp_path):
    store = SqliteStore(tmp_path / "t.db")
    seats = (
        StoredSeat(0, "human", token_hash=token_hash("secret"), taken=True),
        StoredSeat(1, "bot", bot="random"),
        StoredSeat(2, "human", token_hash=token_hash("invited")),
        StoredSeat(3, "human", open=True),
    )
    store.create(table(seats=seats))
    assert store.take_seat("t1", 3, token_hash("new"))
    assert not store.take_seat("t1", 3, token_hash("newer"))
    assert not store.take_seat("t1", 1, token_hash("bot seat"))
    assert not store.take_seat("t1", 2, token_hash("sniper"))  # reserved for its invite link
    assert not store.take_seat("t1", 0, token_hash("sniper"))  # the creator's
    loaded = store.load("t1")
    assert loaded is not None
    assert loaded.seats[3].taken and not loaded.seats[3].open and loaded.seats[3].token_hash == token_hash("new")
    assert loaded.seats[2].token_hash == token_hash("invited")


def test_lists_leave_out_private_tables(tmp_path):
    store = SqliteStore(tmp_path / "t.db")
    store.create(table("open"))
    store.create(table("hidden", private=True))
    store.create(table("done"))
    store.append("done", 0, [(0, "play AS")], finished=True)
    assert [t.id for t in store.listing(finished=False, limit=10)] == ["open"]
    assert [t.id for t in store.listing(finished=True, limit=10)] == ["done"]
    assert set(store.unfinished()) == {"open", "hidden"}


V1_SCHEMA = """
CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,
    private INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL, version INTEGER NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0, updated REAL NOT NULL);
CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, kind TEXT NOT NULL,
    bot TEXT, token_hash TEXT, taken INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (table_id, seat));
CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(id), idx INTEGER NOT NULL, actor TEXT NOT NULL,
    text TEXT NOT NULL, PRIMARY KEY (table_id, idx));
CREATE INDEX tables_by_state ON tables (finished, updated);
INSERT INTO tables VALUES ('old', 'anou', '{"players": 4}', 7, 0, 1.0, 0, 0, 2.0);
INSERT INTO seats VALUES ('old', 0, 'human', NULL, 'h0', 1), ('old', 1, 'human', NULL, 'h1', 0),
    ('old', 2, 'bot', 'random', NULL, 0), ('old', 3, 'bot', 'random', NULL, 0);
PRAGMA user_version = 1;
"""


def test_a_schema_1_database_is_migrated_its_seeds_kept_its_free_seats_reserved(tmp_path):
    path = tmp_path / "v1.db"
    with sqlite3.connect(path) as db:
        db.executescript(V1_SCHEMA)
    store = SqliteStore(path)
    old = store.load("old")
    assert old is not None and old.seed == 7 and old.status == "open" and old.deals == ()
    assert [s.open for s in old.seats] == [False] * 4 and not old.seats[1].taken  # reserved for its link
    assert replay(old.record()).deals  # dealt from its seed, as before
    assert not store.take_seat("old", 1, token_hash("sniper"))
    assert store.unfinished() == ["old"]
    store.close()
