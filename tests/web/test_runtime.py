"""The table runtime: a player who leaves is replaced by the takeover bot and gets the seat back on returning; a
failing bot is replaced and the table plays on; tables nobody is at leave memory and come back from the store."""

from __future__ import annotations

import logging
import time

import pytest
from live import Client, LiveServer

from kirifuda.arena import Seating
from kirifuda.bots import make_bot
from kirifuda.match import Match
from kirifuda.registry import available, make


def test_an_absent_player_is_replaced_and_gets_the_seat_back(server):
    table = server.create("anou", ["human", "random", "random", "random"], seed=21)
    player = Client(server.ws_url, table["id"], table["seats"][0]["token"])
    state = player.until(lambda m: bool(m["legal"]))
    player.act(state["legal"][0])
    player.until(lambda m: m["version"] >= 1)
    player.close()
    spectator = Client(server.ws_url, table["id"])
    replaced = spectator.until(lambda m: m["players"][0]["takeover"])
    assert replaced["players"][0]["playing"] == "heuristic" and not replaced["players"][0]["connected"]
    # the bot plays seat 0's turns: the game goes on through several of them
    spectator.until(lambda m: m["version"] >= replaced["version"] + 12)
    back = Client(server.ws_url, table["id"], table["seats"][0]["token"])
    first = back.recv()
    assert first["seat"] == 0 and not first["players"][0]["takeover"] and first["players"][0]["connected"]
    waiting = back.until(lambda m: bool(m["legal"]))
    time.sleep(0.4)  # well past the bot delay: the seat is the player's again, nobody plays it
    assert server.get(f"/api/tables/{table['id']}").json()["version"] == waiting["version"]


def level_without_kit() -> tuple[str, str] | None:
    """A game id whose ``normal`` bot cannot play yet (its kit has no sampler), if there is one."""
    for game_id in available():
        game = make(game_id)
        match = Match(game, seed=1)
        seat = min(match.to_act())
        try:
            make_bot("normal", game, 0).act(Seating(match, {}).info(seat), match.legal_actions(seat))
        except NotImplementedError:
            return game_id, "normal"
    return None


def test_a_failing_bot_is_replaced_and_the_table_plays_on(server, caplog):
    failing = level_without_kit()
    if failing is None:
        pytest.skip("every game's normal bot plays: no failing bot to replace")
    game_id, level = failing
    game = make(game_id)
    seats = ["random"] * game.seat_count
    seats[1] = level
    caplog.set_level(logging.WARNING, logger="kirifuda.web")
    table = server.create(game_id, seats, seed=3)
    spectator = Client(server.ws_url, table["id"])
    state = spectator.until(lambda m: m["players"][1]["playing"] == "heuristic", timeout=120)
    spectator.until(lambda m: m["version"] >= state["version"] + game.seat_count * 2, timeout=120)
    assert any("heuristic plays instead of normal" in r.getMessage() for r in caplog.records)
    assert any("NotImplementedError" in r.getMessage() for r in caplog.records)


@pytest.fixture(scope="module")
def sweeping(tmp_path_factory):
    with LiveServer(  # deal_pause 0: a bots' Cut-in game waited 5 s at each hand's end (tested in test_deal_end.py)
        tmp_path_factory.mktemp("sweep") / "tables.db",
        bot_delay=0.0,
        idle_unload=0.3,
        sweep_every=0.1,
        pause_after=0.3,
        deal_pause=0.0,
    ) as live:
        yield live


def test_tables_nobody_is_at_leave_memory_and_come_back(sweeping):
    finished = sweeping.create("cutin", ["random"] * 4, seed=5)
    idle = sweeping.create("anou", ["human", "random", "random", "random"], seed=5)
    watcher = Client(sweeping.ws_url, finished["id"])
    watcher.until(lambda m: m["finished"], timeout=120)
    watcher.close()
    deadline = time.monotonic() + 30
    while {finished["id"], idle["id"]} & set(sweeping.hub.loaded):
        assert time.monotonic() < deadline, "idle tables stayed in memory"
        time.sleep(0.1)
    assert sweeping.hub.loaded == {}
    status = sweeping.get(f"/api/tables/{idle['id']}").json()  # loaded again from the store
    assert status["status"] == "paused" and status["version"] == 0  # nobody came: paused, then out of memory
    assert sweeping.get(f"/api/tables/{finished['id']}").json()["finished"]
