"""Nothing is lost: a real ``kirifuda serve`` killed by SIGKILL mid-game and started again on its database resumes
every table exactly where it was — every action anyone was told of is in the store, a player's seat shows the same
state, the bots play on and the game finishes."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from live import Client, LiveServer, free_socket

import kirifuda
from kirifuda.records import replay


class Served:
    """``kirifuda serve`` in a subprocess on a free port."""

    def __init__(self, db: Path, *, quick: bool = False) -> None:
        """``quick``: the bots play at once and a deal's result does not stay (by default they wait 0.05 s a move,
        so a bots' table is still playing when the test kills the server, and a result stays 5 s)."""
        sock = free_socket()
        self.port = sock.getsockname()[1]
        sock.close()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "kirifuda", "serve", "--db", str(db), "--port", str(self.port)]
        command += ["--bot-delay", "0" if quick else "0.05", "--takeover-after", "600", "--bot-workers", "1"]
        command += ["--log-level", "warning", "--bot-tables", *(["--deal-pause", "0"] if quick else [])]
        env = {**os.environ, "PYTHONPATH": str(Path(kirifuda.__file__).parents[1])}  # this tree's code, not the venv's
        # its log in a file, not a pipe nobody reads (a full pipe would stop the server); shown when a test fails
        self.log = db.parent / f"serve-{self.port}.log"
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log, env=env)
        deadline = time.monotonic() + 90
        while True:
            assert self.process.poll() is None, self.log.read_text()
            try:
                if httpx.get(f"{self.url}/api/games", timeout=5).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "kirifuda serve did not start"
            time.sleep(0.2)

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()


def stored_actions(db: Path, table: str) -> list[tuple[str, str]]:
    with sqlite3.connect(db) as connection:
        rows = connection.execute("SELECT actor, text FROM actions WHERE table_id = ? ORDER BY idx", (table,))
        return list(rows)


@pytest.mark.slow
def test_a_killed_server_resumes_every_table_exactly_where_it_was(tmp_path):
    db = tmp_path / "tables.db"
    first = Served(db)
    try:
        player_table = httpx.post(
            f"{first.url}/api/tables",
            json={"game": "anou", "seats": ["human", "random", "heuristic", "random"], "seed": 8, "private": True},
            timeout=30,
        ).json()
        bots_table = httpx.post(
            f"{first.url}/api/tables",
            json={"game": "cutin", "seats": ["random"] * 4, "seed": 9, "private": True},
            timeout=30,
        ).json()
        player = Client(first.ws_url, player_table["id"], player_table["seats"][0]["token"])
        for _ in range(4):
            state = player.until(lambda m: bool(m["legal"]))
            player.act(state["legal"][-1])
        before = player.until(lambda m: bool(m["legal"]))
        watcher = Client(first.ws_url, bots_table["id"])
        watched = watcher.until(lambda m: m["version"] >= 12)
        while True:  # the bots are playing the other table when the server dies
            try:
                watched = watcher.recv(timeout=0.05)
            except TimeoutError:
                break
        assert not watched["finished"]
        first.kill()
    finally:
        first.stop()

    # every action anyone was told of is stored
    assert len(stored_actions(db, player_table["id"])) == before["version"]
    assert len(stored_actions(db, bots_table["id"])) >= watched["version"]

    # the bots played slowly enough to be killed mid-game; now they play on at full speed (the pauses that make a
    # person see a deal's result are tested in test_deal_end.py)
    second = Served(db, quick=True)
    try:
        status = httpx.get(f"{second.url}/api/tables/{player_table['id']}", timeout=30).json()
        assert status["version"] == before["version"] and status["to_act"] == [0]
        back = Client(second.ws_url, player_table["id"], player_table["seats"][0]["token"])
        resumed = back.recv()
        for key in ("version", "observation", "legal", "to_act", "scores", "view", "choices"):
            assert resumed[key] == before[key], key
        choice = resumed["legal"][0]
        back.act(choice)
        after = back.until(lambda m: m["version"] > before["version"])
        assert after["observation"] != before["observation"]
        assert stored_actions(db, player_table["id"])[before["version"]] == ("0", choice)  # the seat's own move, stored

        spectator = Client(second.ws_url, bots_table["id"])
        spectator.until(lambda m: m["finished"], timeout=180)  # the bots play on after the restart
        response = httpx.get(f"{second.url}/api/tables/{bots_table['id']}/record", timeout=30)
        assert response.status_code == 200, (response.text, second.log.read_text())
        record = response.json()
        # the record as far as the spectator had seen it: its actions and deals then (no seed: a table killed while
        # it waited at the end of a deal had not dealt the next one yet)
        prefix = dict(record, actions=record["actions"][: watched["version"]], deals=record["deals"][: watched["deal"]])
        prefix.pop("seed", None)
        seen_then = replay(prefix).observation(None).to_json()
        assert seen_then == watched["observation"]  # the game went on from exactly what the spectator saw
    finally:
        second.stop()


def test_a_practice_table_stopped_at_the_end_of_a_deal_stores_the_deal_it_deals_on_with(tmp_path):
    """A seeded table whose server stopped while the table waited at the end of a deal: the next server deals on
    from the pause and stores that deal (it was once drawn while the table loaded and never stored — the record
    then lacked it, its later deals shifted, and it no longer replayed)."""
    db = tmp_path / "tables.db"
    with LiveServer(db, bot_delay=0.0, deal_pause=600.0) as first:
        table = first.create("cutin", ["random"] * 4, seed=9)
        deadline = time.monotonic() + 120
        while first.hub.get(table["id"]).pause is None:  # the first deal is over: the table waits
            assert time.monotonic() < deadline
            time.sleep(0.05)
    with LiveServer(db, bot_delay=0.0, deal_pause=0.0) as second:
        deadline = time.monotonic() + 120
        while not second.get(f"/api/tables/{table['id']}").json()["finished"]:
            assert time.monotonic() < deadline
            time.sleep(0.1)
        response = second.get(f"/api/tables/{table['id']}/record")
        assert response.status_code == 200, response.text
        record = response.json()
    match = replay(record)
    by_seed = replay({**record, "deals": []})  # the same game from the seed alone
    assert match.finished and len(match.deals) > 1
    assert record["deals"] == [deal.to_json() for deal in by_seed.deals]  # every deal stored, in its place
