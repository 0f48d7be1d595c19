"""The terminal table plays designed go-out games with no per-design code: a whole hand of each preset by keys
(tests/tui/driver.py), every screen checked, then saved and replayed."""

from __future__ import annotations

import random

import pytest
from driver import SIZE, check_screen, choose_by_keys, new_app, screen_text, settle, sync

from kirifuda import design as D
from kirifuda.records import load, replay


@pytest.mark.slow
@pytest.mark.parametrize("name", D.PRESETS)
@sync
async def test_a_whole_hand_of_a_preset_by_keys_then_save_and_replay(name, tmp_path):
    options = {"design": D.preset(name).with_values({"length.hands": 1})}
    app = new_app("goout", 5, tmp_path, options=options)
    rng = random.Random(name)
    session = app.session
    game = session.game
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        while not session.finished:
            check_screen(app)
            before = len(session.match.actions)
            action = await choose_by_keys(app, pilot, rng)
            await settle(app, pilot)
            assert session.match.actions[before][1] == action
        assert game.design.name in screen_text(app)  # the design's own name heads the table
        await pilot.press("s")
        await pilot.pause()
    path = app.saved
    assert path is not None
    again = replay(load(path))
    assert again.state == session.match.state and game.winners(again.state)
