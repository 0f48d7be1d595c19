"""``kirifuda view --review`` (issue 21): the viewer shows each reviewed decision's loss in the log, says what the
review found just after a decision, and ``m`` jumps to the next flagged mistake. Driven through Textual's pilot."""

from __future__ import annotations

import random

from driver import SIZE, screen_text, sync
from textual.widgets import RichLog

from kirifuda.arena import seat_moments
from kirifuda.bots import SearchBot, kit_for
from kirifuda.bots.review import review
from kirifuda.match import Match
from kirifuda.registry import make
from kirifuda.tui.app import ViewApp
from kirifuda.tui.viewer import Replay, loss_mark

SEAT = 0


def reviewed_replay(actions: int = 30) -> Replay:
    """A random Anou game's first ``actions`` actions, seat 0's decisions reviewed by a small search with a
    threshold of 0 (every loss beyond twice its standard error is a mistake)."""
    game = make("anou")
    match = Match(game, seed=4)
    rng = random.Random(4)
    for _ in range(actions):
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal_actions(seat)))
    bot = SearchBot(kit_for(game), name="easy", iterations=60, seed=1)
    return Replay(match, review(bot, SEAT, seat_moments(match, SEAT), threshold=0.0, min_visits=5))


@sync
async def test_the_viewer_marks_reviewed_decisions_and_jumps_to_mistakes():
    replay = reviewed_replay()
    assert replay.review is not None and replay.review.decisions
    first = replay.review.decisions[0]
    app = ViewApp(replay, who=SEAT, step=first.event + 1, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert f"played {first.played}" in text and f"best {first.best}" in text, "the step after a decision"
        assert f"loss {first.loss:.2f}" in text
        logged = "\n".join(strip.text for strip in app.query_one(RichLog).lines)
        assert loss_mark(first).en in logged, "the decision's line in the log carries its loss"
        await pilot.press("home")
        await pilot.pause()
        assert f"review of seat {SEAT}" in screen_text(app) and "mean loss" in screen_text(app)
        mistakes = replay.mistakes()
        if mistakes:
            await pilot.press("m")
            await pilot.pause()
            assert app.step == mistakes[0]
            assert "?? mistake" in screen_text(app)
        await pilot.press("l")  # the language: the review's words follow it
        await pilot.pause()
        assert app.step == (mistakes[0] if mistakes else 0)


def test_view_plain_review_prints_the_marks(tmp_path):
    from typer.testing import CliRunner

    from kirifuda.cli import app
    from kirifuda.records import dumps

    replay = reviewed_replay(8)  # the command reviews with its own search (easy): a few decisions
    path = tmp_path / "game.json"
    path.write_text(dumps(replay.match.record()))
    args = ["view", str(path), "--seat", "0", "--plain", "--review", "--bot", "easy", "--lang", "en"]
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 0, out.output
    assert "[review −" in out.output, "each reviewed decision of seat 0 carries its loss"
