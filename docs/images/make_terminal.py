"""Make docs/images/terminal.png, the README's picture of the terminal table: an Anou deal in progress (the person
to choose, walls built, the last trick kept), drawn headlessly by Textual (SVG) and turned into a PNG by Debian's
chromium. Run from the repository root: ``.venv/bin/python docs/images/make_terminal.py``."""

from __future__ import annotations

import asyncio
import random
import re
import subprocess
import tempfile
from pathlib import Path

from kirifuda.match import Match
from kirifuda.registry import make
from kirifuda.tui.app import PlayApp
from kirifuda.tui.session import Session

OUT = Path(__file__).with_name("terminal.png")
SIZE = (110, 34)
SEED = 12
MOVES = 34
"""Random moves played before the picture: far enough into the deal for walls and a last trick."""


async def picture(svg: Path) -> None:
    game = make("anou")
    session = Session(Match(game, seed=SEED), ["me", "normal", "normal", "normal"], names=["Aki", None, None, None])
    rng = random.Random(SEED)
    while len(session.match.actions) < MOVES or 0 not in session.match.to_act():
        seat = min(session.match.to_act())
        session.act(seat, rng.choice(session.match.legal_actions(seat)))
    app = PlayApp(session, lang="en", delay=0)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(50):
            await pilot.pause()
            if app.awaiting_input:
                break
        app.save_screenshot(filename=svg.name, path=str(svg.parent))


def main() -> None:
    with tempfile.TemporaryDirectory() as work:
        svg = Path(work) / "terminal.svg"
        asyncio.run(picture(svg))
        view_box = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg.read_text(encoding="utf-8"))
        assert view_box is not None
        width, height = (int(float(v)) + 1 for v in view_box.groups())
        subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             f"--window-size={width},{height}", f"--screenshot={OUT}", svg.as_uri()],
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
    print(OUT)


if __name__ == "__main__":
    main()
