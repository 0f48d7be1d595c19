"""The report page in a real browser (Debian's chromium through Playwright): at 1300 px nothing overflows
sideways, the verdict comes first, and the page lists the same findings as report.json (issue 23)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kirifuda.analysis import analyze as A

playwright = pytest.importorskip("playwright.sync_api")

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is installed by make setup"),
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module", params=["ab", "sweep"])
def report_dir(request, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp(request.param)
    if request.param == "ab":
        p = A.plan("cutin", {}, vs_options={"jokers": 2}, bots=["random"], games=4, skill=["heuristic"])
    else:
        p = A.plan("cutin", {}, sweep=("jokers", [0, 1, 2]), bots=["random"], games=4, skill=[])
    A.execute(p, out, jobs=1, command="kirifuda analyze cutin " + "x" * 300)  # a long command line too
    return out


def test_the_report_page_fits_1300_px_and_opens_with_the_verdict(browser, report_dir):
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.goto((report_dir / "report.html").as_uri())
    widths = page.evaluate(
        "() => ({scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth})"
    )
    assert widths["scroll"] <= widths["client"], widths
    first = page.evaluate("() => document.querySelector('h2').id")
    assert first == "verdict"
    document = json.loads((report_dir / "report.json").read_text())
    text = page.inner_text("div.verdict")
    for v in document["verdict"]:
        assert v["headline"]["en"] in text
        for finding in [*v["changed"], *v["unchanged"], *v["more_games"]]:
            assert finding["en"] in text
    page.close()
