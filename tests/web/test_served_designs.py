"""``kirifuda serve --designs DIR`` (docs/design.md): the folder's designs are offered in the lobby as the game
``goout`` with an option ``design`` naming one; a browser names a design and never sends one; a design table plays
and its record carries the design. A real server (tests/web/live.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from live import Client, LiveServer

from kirifuda import design as D
from kirifuda.records import replay
from kirifuda.web.designs import load_folder


def short_daifugo() -> str:
    """Daifugō with short options for quick whole hands: one hand, eight ranks (♦8's holder starts)."""
    text = D.preset_text("daifugo").replace("[length]\nhands = 0", "[length]\nhands = 1")
    text = text.replace('name = "Daifugo"', 'name = "Daifugo, short"')
    text = text.replace(
        'ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]',
        'ranks = ["8", "9", "10", "J", "Q", "K", "A", "2"]',
    )
    text = text.replace('first_card = "3D"', 'first_card = "8D"')
    assert "Daifugo, short" in text and '"8", "9"' in text and '"8D"' in text and "hands = 1" in text
    return text


def designs_folder(root: Path) -> Path:
    folder = root / "designs"
    folder.mkdir()
    (folder / "big-two.toml").write_text(D.preset_text("big-two"), encoding="utf-8")
    (folder / "daifugo-short.toml").write_text(short_daifugo(), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("designs")
    with LiveServer(
        root / "tables.db", bot_delay=0.0, deal_pause=0.1, designs=load_folder(designs_folder(root))
    ) as live:
        yield live


def test_the_folder_is_read_by_file_name_and_a_bad_file_is_named(tmp_path):
    designs = load_folder(designs_folder(tmp_path))
    assert list(designs) == ["big-two", "daifugo-short"]
    assert designs["daifugo-short"].get("length.hands") == 1 and designs["daifugo-short"].name == "Daifugo, short"
    (tmp_path / "designs" / "broken.toml").write_text("[play.runs]\nmin_length = 1\n", encoding="utf-8")
    with pytest.raises(D.DesignError, match=r"broken.toml: play.runs.min_length: must be ≥ 2"):
        load_folder(tmp_path / "designs")


def test_the_lobby_lists_the_designs_by_name_as_the_game_goout(served):
    games = served.get("/api/games").json()["games"]
    [goout] = [g for g in games if g["id"] == "goout"]
    design = next(o for o in goout["options"] if o["name"] == "design")
    assert design["choices"] == ["big-two", "daifugo-short"] and design["default"] == "big-two"
    check = httpx.post(
        f"{served.url}/api/games/goout/check", json={"design": "daifugo-short", "players": 3}, timeout=30
    )
    assert check.status_code == 200 and check.json()["seats"] == 3
    assert check.json()["options"]["design"]["game"]["name"] == "Daifugo, short"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"design": D.preset("daifugo").to_json()}, "a design is never sent to the server"),
        ({"design": "daifugo"}, "names one of this server's designs (big-two, daifugo-short)"),
        ({"design": "../designs/big-two"}, "names one of this server's designs"),
    ],
)
def test_a_design_is_chosen_by_name_never_sent(served, options, message):
    for path, body in (
        ("/api/tables", {"game": "goout", "options": options, "seats": ["human", "random", "random", "random"]}),
        ("/api/games/goout/check", options),
    ):
        response = httpx.post(f"{served.url}{path}", json=body, timeout=30)
        assert response.status_code == 400 and message in response.json()["en"], response.text


def test_a_server_without_designs_plays_none(server):
    response = httpx.post(
        f"{server.url}/api/tables", json={"game": "goout", "seats": ["human", "random", "random", "random"]}, timeout=30
    )
    assert response.status_code == 400 and "plays no designs" in response.json()["en"]
    assert "goout" not in [g["id"] for g in server.get("/api/games").json()["games"]]


def test_a_design_table_plays_to_its_end_and_its_record_carries_the_design(served):
    table = served.create(
        "goout", ["human", "random", "random"], options={"design": "daifugo-short", "players": 3}, seed=4
    )
    status = served.get(f"/api/tables/{table['id']}").json()
    assert status["title"] == {"ja": "大富豪", "en": "Daifugo, short"}
    me = Client(served.ws_url, table["id"], table["seats"][0]["token"], answers=True)
    rng = random.Random(4)
    while True:
        state = me.until(lambda s: s["finished"] or bool(s["legal"]))
        if state["finished"]:
            break
        me.act(rng.choice(state["legal"]))
    me.close()
    record = served.get(f"/api/tables/{table['id']}/record").json()
    expected = served.hub.settings.designs["daifugo-short"]
    assert record["options"]["design"] == expected.to_json() and record["design_sha256"] == expected.sha256
    assert replay(record).finished  # the record replays anywhere, with no file beside it
