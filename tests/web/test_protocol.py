"""The HTTP API and the WebSocket protocol (docs/protocol.md): every error code, each refusal changing nothing and
followed by a fresh state; bad tables refused with a clear error in both languages."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import httpx
import pytest
from live import Client, LiveServer
from websockets.exceptions import ConnectionClosed

from kirifuda.web.schemas import ErrorMessage, StateMessage


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """conftest's server, but nobody is taken over: these tests play one seat of tables of several people, and the
    others — bound to their links but never connected — would be taken over after the usual wait (issue 19)."""
    with LiveServer(
        tmp_path_factory.mktemp("protocol") / "tables.db", bot_delay=0.02, takeover_after=600, takeover_bot="heuristic"
    ) as live:
        yield live


ISSUE_KEYS = {"type", "version", "seat", "observation", "legal", "to_act", "finished", "scores"}


def humans(server: LiveServer, game: str = "anou", seats: int = 4, **extra: object) -> dict:
    return server.create(game, ["human"] * seats, seed=11, **extra)


def refused(client: Client, code: str) -> dict:
    """The error answering a refused message, and the fresh state after it (same version: nothing changed)."""
    before = client.state["version"] if client.state else None
    error = client.recv()
    assert error["type"] == "error", error
    ErrorMessage.model_validate(error)
    assert error["code"] == code, error
    assert error["en"] and error["ja"] and error["ja"] in error["message"] and error["en"] in error["message"]
    state = client.recv()
    assert state["type"] == "state"
    if before is not None:
        assert state["version"] == before
    return error


def seat_to_act(server: LiveServer, table: dict) -> tuple[Client, dict]:
    """A client at the seat to act, with its first state."""
    status = server.get(f"/api/tables/{table['id']}").json()
    seat = status["to_act"][0]
    client = Client(server.ws_url, table["id"], table["seats"][seat]["token"])
    state = client.recv()
    assert state["legal"]
    return client, state


def test_a_new_table_has_a_token_and_an_invite_link_per_human_seat(server):
    table = server.create("cutin", ["human", "random", "human", "heuristic"])
    kinds = [(s["seat"], s["kind"], s["bot"]) for s in table["seats"]]
    assert kinds == [(0, "human", None), (1, "bot", "random"), (2, "human", None), (3, "bot", "heuristic")]
    tokens = [s["token"] for s in table["seats"] if s["kind"] == "human"]
    assert len(set(tokens)) == 2 and all(len(t) >= 20 for t in tokens)
    assert table["seats"][0]["invite_url"] == f"{server.url}/table/{table['id']}#token={tokens[0]}"
    assert table["seats"][0]["creator"] and not table["seats"][2]["creator"]
    assert table["seats"][1]["token"] is None and table["seats"][1]["invite_url"] is None
    status = server.get(f"/api/tables/{table['id']}").json()
    assert status["status"] == "playing" and status["game"] == "cutin" and not status["finished"]
    assert [s["taken"] for s in status["seats"]] == [True, False, False, False]  # the creator's seat is bound


@pytest.mark.parametrize(
    ("body", "code", "says"),
    [
        ({"game": "chess", "seats": ["human"]}, "bad_game", "unknown game 'chess'"),
        ({"game": "anou", "options": {"speed": 3}, "seats": ["human"] * 4}, "bad_game", "unknown option 'speed'"),
        ({"game": "anou", "options": {"players": 7}, "seats": ["human"] * 7}, "bad_game", "players"),
        ({"game": "anou", "seats": ["human", "random", "random", "wizard"]}, "bad_bot", "unknown bot 'wizard'"),
        ({"game": "anou", "seats": ["human", "random", "random", "hard-cheat"]}, "bad_bot", "evaluation only"),
        ({"game": "anou", "options": {"players": 3}, "seats": ["human"] * 4}, "bad_seats", "3 seats, not 4"),
    ],
)
def test_a_bad_table_is_refused_with_a_clear_error(server, body, code, says):
    before = len(server.hub.loaded)
    response = httpx.post(f"{server.url}/api/tables", json=body, timeout=30)
    assert response.status_code == 400
    error = response.json()
    assert error["error"] == code and says in error["en"] and error["ja"]
    assert len(server.hub.loaded) == before


def test_a_request_not_shaped_like_a_table_is_refused(server):
    response = httpx.post(f"{server.url}/api/tables", json={"game": "anou", "seats": "human"}, timeout=30)
    assert response.status_code == 422


def test_an_unknown_table_is_not_found(server):
    assert server.get("/api/tables/nosuchtable").status_code == 404
    assert server.get("/api/tables/nosuchtable/record").json()["error"] == "not_found"
    client = Client(server.ws_url, "nosuchtable")
    assert client.recv()["code"] == "not_found"
    with pytest.raises(ConnectionClosed) as closed:
        client.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404


def test_the_state_message_has_the_issues_keys_and_the_documented_additions(server):
    table = humans(server)
    client, state = seat_to_act(server, table)
    StateMessage.model_validate(state)
    assert set(state) >= ISSUE_KEYS
    assert state["seat"] == 0 and state["version"] == 0 and not state["finished"]
    assert state["to_act"] == [0] and "play" in state["legal"][0]
    assert [c["action"] for c in state["choices"]] == state["legal"]
    assert state["view"]["viewer"] == 0 and state["view"]["hand"]["kind"] == "hand"
    assert sorted(state["observation"]["hand"]) == sorted(c["card"] for c in state["view"]["hand"]["cards"])
    assert state["scores"] == {"deals": [], "totals": [0, 0, 0, 0], "winners": []}
    spectator = Client(server.ws_url, table["id"])
    watched = spectator.recv()
    StateMessage.model_validate(watched)
    assert watched["seat"] is None and watched["legal"] == [] and watched["view"]["hand"] is None


def test_an_accepted_action_is_announced_to_every_socket(server):
    table = humans(server)
    client, state = seat_to_act(server, table)
    other = Client(server.ws_url, table["id"], table["seats"][1]["token"])
    spectator = Client(server.ws_url, table["id"])
    other.recv(), spectator.recv()
    client.act(state["legal"][0])
    for socket in (client, other, spectator):
        after = socket.until(lambda m: m["version"] == 1)
        assert after["to_act"] == [1]
    assert other.state["legal"] and not spectator.state["legal"]


def test_a_stale_version_is_refused_and_changes_nothing(server):
    table = humans(server)
    client, state = seat_to_act(server, table)
    client.act(state["legal"][0], version=5)
    error = refused(client, "stale")
    assert "version 0" in error["en"]
    assert server.get(f"/api/tables/{table['id']}").json()["version"] == 0


def test_a_duplicate_action_is_refused_as_stale(server):
    table = humans(server)
    client, state = seat_to_act(server, table)
    message = json.dumps({"type": "act", "version": 0, "action": state["legal"][0]})
    client.send(message)
    client.send(message)
    accepted = client.recv()
    assert accepted["type"] == "state" and accepted["version"] == 1
    refused(client, "stale")
    assert server.get(f"/api/tables/{table['id']}").json()["version"] == 1


@pytest.mark.parametrize(
    ("action", "says"),
    [
        ("play", "not an Anou action"),
        ("dance wildly", "not an Anou action"),
        ("take AS@1", "time to play a card"),
        ("play 2C", "not in your hand"),
    ],
)
def test_an_illegal_action_is_refused_and_changes_nothing(server, action, says):
    table = humans(server)
    client, _ = seat_to_act(server, table)
    client.act(action)
    client.state = {"version": 0}
    error = refused(client, "illegal")
    assert says in error["en"]
    assert server.get(f"/api/tables/{table['id']}").json()["version"] == 0


def test_acting_out_of_turn_is_illegal(server):
    table = humans(server)
    waiting = Client(server.ws_url, table["id"], table["seats"][2]["token"])
    state = waiting.recv()
    waiting.act("play AS", version=state["version"])
    waiting.state = state
    assert "not seat 2's turn" in refused(waiting, "illegal")["en"]


@pytest.mark.parametrize(
    "message",
    [
        "not json at all",
        "[1, 2, 3]",
        json.dumps({"type": "act", "version": 0}),
        json.dumps({"type": "act", "version": -1, "action": "play AS"}),
        json.dumps({"type": "dance", "version": 0, "action": "play AS"}),
        json.dumps({"type": "act", "version": 0, "action": "play AS", "extra": 1}),
        json.dumps({"type": "act", "version": 0, "action": "play AS " + "x" * 5000}),
    ],
)
def test_a_malformed_message_is_refused_and_changes_nothing(server, message):
    table = humans(server)
    client, _ = seat_to_act(server, table)
    client.send(message)
    refused(client, "malformed")
    assert server.get(f"/api/tables/{table['id']}").json()["version"] == 0


def test_a_spectator_may_not_act(server):
    table = humans(server)
    spectator = Client(server.ws_url, table["id"])
    state = spectator.recv()
    spectator.act("play AS", version=state["version"])
    spectator.state = state
    assert "spectator" in refused(spectator, "forbidden")["en"]


def test_a_seat_token_of_another_table_is_forbidden(server):
    first, second = humans(server), humans(server)
    intruder = Client(server.ws_url, second["id"], first["seats"][1]["token"])  # in an auth message
    error = intruder.recv()
    assert error["code"] == "forbidden" and second["id"] in error["en"]
    assert intruder.recv()["seat"] is None  # it stays a spectator's socket
    old_style = Client(server.ws_url, second["id"], first["seats"][1]["token"], query=True)  # ?token= (deprecated)
    assert old_style.recv()["code"] == "forbidden"
    with pytest.raises(ConnectionClosed) as closed:
        old_style.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    assert server.get(f"/api/tables/{second['id']}").json()["seats"][1]["taken"] is False


def test_a_flood_is_rate_limited_and_the_table_stays_intact(server):
    table = humans(server)
    client, state = seat_to_act(server, table)
    for _ in range(200):
        client.send(json.dumps({"type": "act", "version": 99, "action": "play AS"}))
    codes = []
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            message = client.recv(timeout=1.5)
        except TimeoutError:
            if "rate_limited" in codes:
                break  # the answers are drained (a loaded machine may be slow to send the first)
            continue
        if message["type"] == "error":
            codes.append(message["code"])
    assert "rate_limited" in codes
    assert codes.count("stale") <= 40  # only the burst is answered; the rest is dropped
    assert server.get(f"/api/tables/{table['id']}").json()["version"] == 0
    time.sleep(2.1)  # the bucket refills: the socket is usable again
    client.state = state
    client.act(state["legal"][0])
    assert client.until(lambda m: m["version"] == 1)


def test_an_open_seat_is_claimed_from_the_lobby_once(server):
    table = server.create("cutin", ["human", "open", "human"], options={"players": 3})
    assert table["seats"][1]["open"] and table["seats"][1]["token"] is None
    listed = {t["id"]: t for t in server.get("/api/tables?state=open&limit=200").json()["tables"]}
    assert table["id"] in listed and listed[table["id"]]["status"] == "waiting"
    assert [s["open"] for s in listed[table["id"]]["seats"]] == [False, True, False]
    url = f"{server.url}/api/tables/{table['id']}/seats/1/claim"
    claimed = httpx.post(url, timeout=30)
    assert claimed.status_code == 200 and claimed.json()["url"].endswith(f"#token={claimed.json()['token']}")
    again = httpx.post(url, timeout=30)
    assert again.status_code == 409 and again.json()["error"] == "taken"
    client = Client(server.ws_url, table["id"], claimed.json()["token"])
    assert client.recv()["seat"] == 1


def test_a_private_table_is_not_listed_and_not_claimable(server):
    table = humans(server, "cutin", 3, options={"players": 3}, private=True)
    listed = {t["id"] for t in server.get("/api/tables?state=open&limit=200").json()["tables"]}
    assert table["id"] not in listed
    assert httpx.post(f"{server.url}/api/tables/{table['id']}/seats/1/claim", timeout=30).status_code == 404


def test_the_record_is_forbidden_until_the_game_is_over(server):
    table = server.create("anarchy", ["human", "random", "random", "random", "random"], options={"deals": 1})
    forbidden = server.get(f"/api/tables/{table['id']}/record")
    assert forbidden.status_code == 403 and forbidden.json()["error"] == "unfinished"
    assert server.get(f"/api/tables/{table['id']}/replay?step=3").status_code == 403
    client = Client(server.ws_url, table["id"], table["seats"][0]["token"])
    while True:
        state = client.until(lambda m: m["finished"] or bool(m["legal"]))
        if state["finished"]:
            break
        client.act(state["legal"][0])
    record = server.get(f"/api/tables/{table['id']}/record?download=true")
    assert record.status_code == 200
    assert "attachment" in record.headers["content-disposition"]
    from kirifuda.records import replay

    assert "seed" not in record.json() and record.json()["deals"]  # a served table: its deals, drawn by the OS
    match = replay(record.json())
    assert match.finished and list(match.game.totals(match.state)) == state["scores"]["totals"]
    assert table["id"] in {t["id"] for t in server.get("/api/tables?state=finished").json()["tables"]}
    step = server.get(f"/api/tables/{table['id']}/replay?step=2&seat=3").json()
    assert step["step"] == 2 and step["view"]["viewer"] == 3 and step["event"]["en"].startswith("Seat")
    assert step["practice"] is False  # dealt by the server (a practice table's replay: tests/web/test_browser.py)


def test_the_api_is_documented(server):
    schema = server.get("/openapi.json").json()
    assert {"/api/tables", "/api/tables/{table_id}", "/api/tables/{table_id}/record"} <= set(schema["paths"])
    assert server.get("/docs").status_code == 200
    games = server.get("/api/games").json()
    assert [g["id"] for g in games["games"]][:2] == ["anou", "gogyo-sokoku"] and "normal" in games["bots"]


def test_the_server_reports_its_own_time_per_move(server):
    since = server.get("/api/stats").json()["now"]
    table = humans(server)
    client, state = seat_to_act(server, table)
    client.act(state["legal"][0])
    client.until(lambda m: m["version"] == 1)
    stats = server.get(f"/api/stats?since={since}").json()
    assert stats["moves"] == 1 and stats["sockets"] >= 1
    assert 0 < stats["cpu_ms"]["p50"] <= stats["wall_ms"]["max"] * 1.5
