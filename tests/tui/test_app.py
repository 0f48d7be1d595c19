"""The full-screen table, driven headlessly through Textual's pilot: keys, clicks, what is on screen, saving and
resuming, a terminal too small, Ctrl-C, a bot that cannot play, the record viewer."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from driver import SIZE, check_screen, choose_by_keys, hand_on_screen, new_app, screen_text, settle, sync

from kirifuda.bots import make_bot
from kirifuda.bots.table import Seating
from kirifuda.match import Match
from kirifuda.records import load, replay
from kirifuda.registry import available, make
from kirifuda.tui.app import PlayApp, ViewApp
from kirifuda.tui.screens import BotFailedScreen, QuitScreen, ResultScreen, RulesScreen
from kirifuda.tui.session import Session
from kirifuda.tui.viewer import OPEN, SPECTATOR, Replay
from kirifuda.tui.widgets import CardRow, ChoiceList

GAMES = available()


# --- quick: one table, a few keys ------------------------------------------------------------------------


@sync
async def test_anou_hand_and_choices_on_screen_and_a_number_key_plays(tmp_path):
    app = new_app("anou", 3, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        check_screen(app)
        seat = app.viewer
        table = app.session.table(seat)
        assert hand_on_screen(app) == [c.card for c in table.hand.cards]
        playable = {c.cards[0] for c in app.all_choices}
        marked = {v.card for v in app.query_one("#hand", CardRow).cards if "-playable" in v.marks}
        assert marked == playable, "the cards of the legal choices are highlighted"
        before = len(app.session.match.actions)
        first = app.listed()[0][1].action
        await pilot.press("1")
        await settle(app, pilot)
        assert app.session.match.actions[before] == (seat, first)


@sync
async def test_clicking_a_card_plays_it_when_it_is_the_only_choice_with_it(tmp_path):
    app = new_app("gogyo-sokoku", 5, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        seat = app.viewer
        view = next(v for v in app.query_one("#hand", CardRow).cards if "-playable" in v.marks)
        card = view.card  # the widget is reused for another card once this one is played
        before = len(app.session.match.actions)
        await pilot.click(view)
        await settle(app, pilot)
        assert app.session.match.actions[before] == (seat, f"play {card}")


@sync
async def test_cutin_set_is_built_by_selecting_its_cards_and_confirming(tmp_path):
    app = new_app("cutin", 2, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        sets = [c for _, c in app.listed() if len(c.cards) >= 2]
        if not sets:
            pytest.skip("this deal gives the person no pair to lead")  # pragma: no cover - seed chosen to have one
        target = sets[0]
        source = app.source()
        positions = [next(i for i, c in enumerate(source.cards) if c.card == card) for card in target.cards]
        app.cursor = positions[0]
        await pilot.press("space")
        narrowed = [c for _, c in app.listed()]
        assert all(target.cards[0] in c.cards for c in narrowed) and len(narrowed) < len(app.all_choices)
        while app.cursor != positions[1]:
            await pilot.press("right")
        await pilot.press("space")
        options = app.query_one(ChoiceList)
        assert app.listed()[options.highlighted][1] == target, "the exact set is highlighted"
        before = len(app.session.match.actions)
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.session.match.actions[before] == (app.viewer, target.action)


@pytest.mark.slow
@sync
async def test_anou_take_picks_from_the_trick_and_a_column_is_chosen(tmp_path):
    app = new_app("anou", 3, tmp_path)
    rng = random.Random(0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        while app.session.table(app.viewer).phase not in ("take-1st", "take-2nd"):
            await choose_by_keys(app, pilot, rng)
            await settle(app, pilot)
        picker = app.query_one("#picker", CardRow)
        assert picker.display and [v.card for v in picker.cards] == [
            c.card for c in app.session.table(app.viewer).zone("pool").cards
        ]
        assert "cards to take" in screen_text(app)
        await pilot.click(picker.cards[0])
        left = [c for _, c in app.listed()]
        assert left and all(c.cards == (picker.cards[0].card,) for c in left if len(c.cards) == 1)


@sync
async def test_hint_highlights_what_the_hint_bot_would_play(tmp_path):
    app = new_app("anou", 4, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        seat = app.viewer
        expected = make_bot("heuristic", app.session.game, app.session.bot_seed).act(
            Seating(app.session.match, {}).info(seat), app.session.match.legal_actions(seat)
        )
        await pilot.press("h")
        for _ in range(50):
            await pilot.pause()
            if app.hinting is None:
                break
        options = app.query_one(ChoiceList)
        assert app.listed()[options.highlighted][1].action == str(expected)
        assert "Hint (heuristic)" in screen_text(app)


@sync
async def test_rules_open_with_question_mark_in_the_chosen_language(tmp_path):
    app = new_app("goninkan", 1, tmp_path, lang="ja")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert "行く!" in screen_text(app) and "キー操作" in screen_text(app)
        before = len(app.session.match.actions)
        await pilot.press("1", "2", "h", "s")  # nothing happens at the table under a dialog
        assert len(app.session.match.actions) == before and app.saved is None
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)


@sync
async def test_a_terminal_too_small_gets_a_message_not_a_crash(tmp_path):
    app = new_app("anou", 1, tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(app, pilot)
        text = screen_text(app)
        assert "too small: 60×20" in text and "80×24" in text
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert "too small" not in screen_text(app)
        check_screen(app)


@sync
async def test_ctrl_c_asks_to_save_and_saves(tmp_path):
    app = new_app("anou", 1, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, QuitScreen)
        await pilot.press("ctrl+c")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
    assert app.saved == tmp_path / "anou.json"
    assert replay(load(app.saved)).state == app.session.match.state


@sync
async def test_a_bot_that_cannot_play_yet_is_reported_and_can_be_replaced(tmp_path, monkeypatch):
    from kirifuda.bots.base import SearchBot

    def cannot_search(self, info, legal):
        raise NotImplementedError("no search for this game (made to fail by this test)")

    monkeypatch.setattr(SearchBot, "act", cannot_search)  # every game's bots play now: make the search levels fail
    game = make("anou")
    match = Match(game, seed=2)
    session = Session(
        match, ["normal", "me", "random", "random"], hint_bot="heuristic", record_path=tmp_path / "r.json"
    )
    with pytest.raises(NotImplementedError):
        session.seating.decide(0)
    app = PlayApp(session, lang="en", delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, BotFailedScreen)
        assert "cannot play yet" in screen_text(app)
        await pilot.press("r")
        for _ in range(200):  # the dialog closes, the heuristic bot plays seat 0, then seat 1 (me) is asked
            await settle(app, pilot)
            if app.awaiting_input:
                break
        assert session.seats[0] == "heuristic" and app.awaiting_input


@pytest.mark.slow
@sync
async def test_two_people_hand_over_the_screen(tmp_path):
    app = new_app("anou", 6, tmp_path, seats=["me", "me", "random", "random"])
    rng = random.Random(1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        first = app.viewer
        await choose_by_keys(app, pilot, rng)
        await settle(app, pilot)
        assert "look away" in screen_text(app)
        assert hand_on_screen(app) == [], "the next person's hand stays hidden until they are ready"
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.viewer != first
        check_screen(app)


@sync
async def test_viewer_steps_through_a_record_from_any_seat(tmp_path):
    game = make("anou")
    match = Match(game, seed=4)
    rng = random.Random(4)
    for _ in range(30):
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal_actions(seat)))
    app = ViewApp(Replay(match), who=OPEN, step=10, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "10/31" in screen_text(app)
        await pilot.press("right", "right")
        await pilot.pause()
        assert app.step == 12 and "12/31" in screen_text(app)
        await pilot.press("left")
        await pilot.pause()
        assert app.step == 11
        assert hand_on_screen(app) == []  # every hand open: in the seats, not as "your" hand
        await pilot.press("v")  # the spectator: no hand at all
        await pilot.pause()
        assert app.who == SPECTATOR
        await pilot.press("v")
        await pilot.pause()
        assert app.who == 0
        state = match.events[10].after
        assert Counter(hand_on_screen(app)) == Counter(game.observation(state, 0).hand.texts())
        await pilot.press("end")
        await pilot.pause()
        assert app.step == 31


# --- slow: a whole deal of every game id through the keys ------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@sync
async def test_a_whole_deal_by_keys_then_save_resume_and_replay(game_id, tmp_path):
    app = new_app(game_id, 7, tmp_path)
    rng = random.Random(game_id)
    session = app.session
    game = session.game
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        while not game.deal_scores(session.match.state) and not session.finished:
            check_screen(app)
            before = len(session.match.actions)
            action = await choose_by_keys(app, pilot, rng)
            await settle(app, pilot)
            assert session.match.actions[before][1] == action
        assert isinstance(app.screen, ResultScreen), "the end of the deal waits for the person"
        assert str(app.screen.result.totals[0]) in screen_text(app)
        await pilot.press("enter")
        await settle(app, pilot)
        sheet = session.table(app.viewer).sheet
        assert sheet is not None and sheet.rows and sheet.totals == game.totals(session.match.state)
        text = screen_text(app)
        for seat in range(game.seat_count):
            assert f"total {game.totals(session.match.state)[seat]}" in text
        await pilot.press("s")
        await pilot.pause()
    path = app.saved
    assert path is not None
    again = replay(load(path))
    saved_actions = len(again.actions)
    assert again.state == session.match.state
    assert game.deal_scores(again.state) == game.deal_scores(session.match.state)
    resumed = PlayApp(
        Session(again, session.seats, bot_seed=session.bot_seed, hint_bot="heuristic", record_path=path),
        lang="en",
        delay=0,
    )
    async with resumed.run_test(size=SIZE) as pilot:
        await settle(resumed, pilot)
        if not resumed.session.finished:
            check_screen(resumed)
            await choose_by_keys(resumed, pilot, rng)
            await settle(resumed, pilot)
        await pilot.press("ctrl+c")
        await pilot.pause()
        if isinstance(resumed.screen, QuitScreen):
            await pilot.press("s")
            await pilot.pause()
    final = replay(load(path))
    assert final.state == resumed.session.match.state
    assert len(final.actions) > saved_actions or resumed.session.finished
