"""A designed game in a real browser (Debian's chromium driven by Playwright, as tests/web/test_browser.py):
``kirifuda serve --designs DIR`` offers the folder's designs in the lobby; a player picks Daifugō with short options
by name, seats bots, and plays its whole hand (the whole game) by clicking, to the game's result; the record
carries the design."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from live import LiveServer
from test_browser import ARGS, CHROMIUM, RESULT, SETTLED, app, play
from test_served_designs import designs_folder

from kirifuda.web.designs import load_folder

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = [
    pytest.mark.slow,  # ~10 s: a chromium, a server and a whole hand of clicks
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is installed by make setup"),
]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("browser-designs")
    with LiveServer(
        root / "tables.db", bot_delay=0.0, deal_pause=0.1, designs=load_folder(designs_folder(root))
    ) as live:
        yield live


@pytest.fixture
def page() -> Iterator[Any]:
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        context = chromium.new_context(viewport={"width": 1100, "height": 900}, locale="en-US")
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        yield page
        chromium.close()
        assert not errors, errors


def test_a_design_from_the_folder_is_chosen_in_the_lobby_and_its_hand_played_by_clicking(served, page):
    page.goto(served.url + "/")
    page.select_option("#game", "goout")
    design = page.locator("#option-design")
    assert design.locator("option").all_inner_texts() == ['"big-two"', '"daifugo-short"']  # names, never files
    design.select_option(label='"daifugo-short"')
    page.fill("#option-players", "3")
    page.locator("#option-players").dispatch_event("change")
    page.wait_for_selector("#seat-3", state="detached")  # three seats, as the server's check of the options said
    assert page.locator("#seat-2").count() == 1
    page.select_option("#seat-1", "heuristic")
    page.select_option("#seat-2", "random")
    page.check("#private")
    page.fill("#seed", "6")  # a practice table: the deal is the same on every run
    page.click("#create-table")
    page.wait_for_selector("#created")
    page.click("#created a.play-seat[data-seat='0']")
    page.wait_for_function(SETTLED, timeout=60_000)
    assert app(page, "seat") == "0"
    table_id = page.url.split("/table/")[1].split("#")[0]
    assert served.get(f"/api/tables/{table_id}").json()["title"]["en"] == "Daifugo, short"

    clicks = play(page, lambda: app(page, "deals") != "0", random.Random(6))
    page.wait_for_function("() => document.getElementById('app').dataset.finished === 'true'", timeout=30_000)
    assert clicks > 0 and app(page, "deals") == "1"  # one hand: the game
    summary = page.get_by_role("dialog", name=RESULT)  # the game's end: its result, every seat's total
    summary.wait_for()
    assert summary.locator("ol.final li").count() == 3

    record = served.get(f"/api/tables/{table_id}/record").json()
    expected = served.hub.settings.designs["daifugo-short"]
    assert record["options"]["design"] == expected.to_json() and record["design_sha256"] == expected.sha256
