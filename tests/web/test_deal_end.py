"""The end of a deal waits for the players (issue 18), names, the record's seating and "play again", over the
real WebSocket protocol (docs/protocol.md: ``continue``, ``name``, ``again``)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from live import Client, LiveServer

from kirifuda.records import read_record, replay

PAUSE = 0.3


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(
        tmp_path_factory.mktemp("dealend") / "t.db",
        bot_delay=0.0,
        deal_pause=PAUSE,
        takeover_after=0.2,
        takeover_bot="random",
        rate=1_000.0,  # play_until answers every state at once: a deal's acts in a burst over the served 10 a second
        burst=1_000,
    ) as live:
        yield live


def play_until(client: Client, done: Any, rng: random.Random) -> dict[str, Any]:
    """Play the seat's random legal actions until a state satisfies ``done``; that state."""
    while True:
        state = client.until(lambda s: done(s) or bool(s["legal"]))
        if done(state):
            return state
        client.act(rng.choice(state["legal"]))


def test_the_next_deal_waits_until_the_player_continues(quick):
    table = quick.create("anarchy", ["human", "random", "random", "random", "random"], options={"deals": 2}, seed=5)
    client = Client(quick.ws_url, table["id"], table["seats"][0]["token"], answers=True)
    state = play_until(client, lambda s: s["pause"] is not None, random.Random(1))
    assert state["pause"] == {"deal": 1, "waiting": [0], "ready": [], "seconds": None}
    assert state["deal"] == 1 and state["legal"] == [] and state["to_act"] == []
    assert len(state["scores"]["deals"]) == 1
    time.sleep(PAUSE * 4)  # longer than the table's pause: a player at the table is waited for
    status = quick.get(f"/api/tables/{table['id']}").json()
    assert status["to_act"] == [] and status["version"] == state["version"]
    client.send({"type": "continue", "deal": 1})
    state = client.until(lambda s: s["deal"] == 2)
    assert state["pause"] is None and state["view"]["hand"]["cards"]
    client.close()


def test_a_continue_for_a_deal_not_over_is_refused_and_changes_nothing(quick):
    table = quick.create("anou", ["human", "random", "random", "random"], seed=3)
    client = Client(quick.ws_url, table["id"], table["seats"][0]["token"], answers=True)
    client.until(lambda s: True)
    client.send({"type": "continue", "deal": 1})
    error = client.recv()
    while error["type"] != "error":
        error = client.recv()
    assert error["code"] == "stale" and "第1ディール" in error["ja"]
    client.close()


@pytest.mark.parametrize("answers", [False, True], ids=["older-client", "spectator"])
def test_with_nobody_to_wait_for_the_table_deals_on_after_the_pause(quick, answers):
    table = quick.create("anarchy", ["random"] * 5, options={"deals": 2}, seed=7)
    watcher = Client(quick.ws_url, table["id"], answers=answers)
    paused = watcher.until(lambda s: s["pause"] is not None)
    assert paused["pause"]["seconds"] == PAUSE and paused["pause"]["waiting"] == []
    started = time.monotonic()
    watcher.until(lambda s: s["deal"] == 2)
    assert time.monotonic() - started >= PAUSE * 0.5
    watcher.close()


def test_names_are_kept_as_text_and_written_in_the_record_seating(quick):
    evil = "<img src=x onerror=alert(1)>"
    table = quick.create("anarchy", ["human", "human", "random", "random", "random"], options={"deals": 1}, seed=2)
    first = Client(quick.ws_url, table["id"], table["seats"][0]["token"], answers=True)
    first.until(lambda s: True)
    first.send({"type": "name", "name": f"  {evil} "})
    state = first.until(lambda s: s["players"][0]["name"] is not None)
    assert state["players"][0]["name"] == evil
    first.send({"type": "name", "name": "x" * 33})
    error = first.recv()
    while error["type"] != "error":
        error = first.recv()
    assert error["code"] == "malformed" and "32" in error["en"]
    second = Client(quick.ws_url, table["id"], table["seats"][1]["token"], answers=True)
    second.send({"type": "name", "name": "アキ"})
    second.until(lambda s: s["players"][1]["name"] == "アキ")
    second.close()  # the takeover bot plays seat 1 from now on; its name stays
    play_until(first, lambda s: s["finished"], random.Random(1))
    record = quick.get(f"/api/tables/{table['id']}/record").json()
    assert record["seating"] == [
        {"player": "person", "name": evil},
        {"player": "person", "name": "アキ"},
        {"player": "bot", "bot": "random"},
        {"player": "bot", "bot": "random"},
        {"player": "bot", "bot": "random"},
    ]
    assert replay(record).finished
    seating = read_record(record).seating  # the record's reader takes it back as written
    assert seating is not None and seating.to_json() == record["seating"]
    first.close()


def test_play_again_makes_a_new_table_with_the_same_seats_and_options(quick):
    table = quick.create("anarchy", ["human", "random", "random", "random", "random"], options={"deals": 1})
    client = Client(quick.ws_url, table["id"], table["seats"][0]["token"], answers=True)
    client.send({"type": "name", "name": "Aki"})
    play_until(client, lambda s: s["finished"], random.Random(3))
    client.send({"type": "again"})
    state = client.until(lambda s: s["again"] is not None)
    again = state["again"]
    assert again["table"] != table["id"] and again["token"]
    old = quick.get(f"/api/tables/{table['id']}").json()
    new = quick.get(f"/api/tables/{again['table']}").json()
    assert new["game"] == old["game"] and new["options"] == old["options"]
    assert [(s["kind"], s["bot"], s["name"]) for s in new["seats"]] == [
        (s["kind"], s["bot"], s["name"]) for s in old["seats"]
    ]
    client.send({"type": "again"})  # asked twice: still the one new table
    assert client.until(lambda s: True)["again"]["table"] == again["table"]
    follower = Client(quick.ws_url, again["table"], again["token"], answers=True)
    assert follower.until(lambda s: True)["seat"] == 0  # the token opens the same seat at the new table
    follower.close()
    watcher = Client(quick.ws_url, table["id"])
    assert watcher.until(lambda s: True)["again"] == {"table": again["table"], "token": None}
    watcher.close()
    client.close()


def test_play_again_before_the_end_is_refused(quick):
    table = quick.create("anou", ["human", "random", "random", "random"], seed=1)
    client = Client(quick.ws_url, table["id"], table["seats"][0]["token"])
    client.until(lambda s: True)
    client.send({"type": "again"})
    error = client.recv()
    while error["type"] != "error":
        error = client.recv()
    assert error["code"] == "illegal" and httpx.get(f"{quick.url}/api/tables", timeout=30).status_code == 200
    client.close()
