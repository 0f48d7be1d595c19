"""The full-screen table keeps the thread (issue 18): Tab never strands the keys, every one of 10+ choices has one key,
the status and message lines are current (after a bot moved, after ``l``), the last trick stays and earlier tricks
open on ``t``, the totals stay in view, logs are wholly in one language, and the end of every deal waits for
Continue with the next deal's hand not shown until then."""

from __future__ import annotations

import random

import pytest
from driver import SIZE, choose_by_keys, hand_on_screen, new_app, screen_text, settle, sync
from swaps import random_match, swapped

from kirifuda.core import Seen
from kirifuda.games.anarchy import BID_JA
from kirifuda.match import Match
from kirifuda.registry import available, make, quick
from kirifuda.tui.app import CHOICE_KEYS, PlayApp, ViewApp
from kirifuda.tui.screens import ResultScreen, TricksScreen
from kirifuda.tui.session import Session, first_seat_with_cards, log_line, parse_seats
from kirifuda.tui.viewer import Replay
from kirifuda.tui.widgets import ChoiceList

GAMES = available()


def first_to_act_is_me(game_id: str, seed: int, tmp_path, **kwargs) -> PlayApp:
    """A table where the person is the first to act (the others random bots)."""
    game = make(game_id, quick(game_id))
    seat = min(Match(game, seed=seed).to_act())
    seats = ["random"] * game.seat_count
    seats[seat] = "me"
    return new_app(game_id, seed, tmp_path, seats=seats, **kwargs)


@sync
async def test_tab_never_takes_the_keys_away_from_the_choices(tmp_path):
    app = first_to_act_is_me("anou", 3, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        choices = app.query_one(ChoiceList)
        await pilot.press("tab", "tab", "shift+tab", "tab")
        assert app.focused is choices, "focus stays on the choices"
        second = app.listed()[1][1].action
        await pilot.press("down", "enter")
        await settle(app, pilot)
        assert app.session.match.actions[0] == (app.viewer, second)


@sync
async def test_every_one_of_thirteen_choices_is_one_key_no_waiting(tmp_path):
    app = first_to_act_is_me("anou", 3, tmp_path)  # the first lead of an Anou deal: 13 choices
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        listed = app.listed()
        assert len(listed) == 13
        options = app.query_one(ChoiceList)
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(13)]
        assert [p.split(".")[0].strip() for p in prompts] == list("123456789abcd") == list(CHOICE_KEYS[:13])
        await pilot.press("1")  # one key is one choice: the first, at once (nothing waits for a second digit)
        await settle(app, pilot)
        assert app.session.match.actions[0] == (0, listed[0][1].action)
    app = first_to_act_is_me("anou", 3, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("c")  # the twelfth
        await settle(app, pilot)
        assert app.session.match.actions[0] == (0, listed[11][1].action)


@sync
async def test_the_message_says_what_the_bot_did_and_follows_the_language(tmp_path):
    game = make("gogyo-sokoku")
    seats = ["random"] * 5
    seats[(min(Match(game, seed=2).to_act()) + 1) % 5] = "me"  # a bot leads, then the person
    app = new_app("gogyo-sokoku", 2, tmp_path, seats=seats, lang="en")
    app.delay = 30.0  # the bot's move stays on screen: the message must not still say it is thinking
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            await pilot.pause()
            if app.session.match.actions and app.thinking is None:
                break
        await pilot.pause()
        message = str(app.query_one("#message").render())
        assert "thinking" not in message
        seat, action = app.session.match.actions[0]
        assert message.startswith(f"Seat {seat}: plays"), message
        assert "to act" in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        message = str(app.query_one("#message").render())
        assert message.startswith(f"席{seat}: 出す"), message
        assert "手番" in screen_text(app) and "to act" not in screen_text(app)


def test_log_lines_are_wholly_in_one_language():
    game = make("anarchy")
    for bid in BID_JA:
        line = log_line(game, Seen(2, f"bid {bid}"))
        assert line.ja.startswith("席2: ビッド ") and bid not in line.ja, line.ja
        assert line.en.startswith("Seat 2: bids ")
    trump = log_line(make("goninkan"), Seen(1, "trump H"))
    assert trump.ja == "席1: 切り札宣言 ハート♥" and trump.en == "Seat 1: declares trump hearts ♥"
    assert "H" not in log_line(make("goninkan"), Seen(1, "play JK:H")).ja.replace("JK", "")


@sync
async def test_the_last_trick_stays_and_this_deals_tricks_open_on_t(tmp_path):
    game = make("gogyo-sokoku")  # its table shows the last trick only until the next lead
    match = Match(game, seed=4)
    session = Session(match, ["me", "random", "random", "random", "random"], record_path=tmp_path / "g.json")
    rng = random.Random(4)
    while len(session.tricks(0)) < 2 or not any(z.key == "trick" for z in session.table(0).center):
        seat = min(match.to_act())
        session.act(seat, rng.choice(match.legal_actions(seat)))
    while 0 not in match.to_act():
        seat = min(match.to_act())
        session.act(seat, rng.choice(match.legal_actions(seat)))
    tricks = session.tricks(0)
    assert all(z.key == "last_trick" for z in tricks) and len({tuple(c.card for c in z.cards) for z in tricks}) == len(
        tricks
    )
    app = PlayApp(session, lang="en", delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        text = screen_text(app)
        assert "last trick:" in text, "the last trick is kept on the table during the next trick"
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TricksScreen)
        text = screen_text(app)
        assert "Tricks of this deal" in text and f"{len(tricks):>2}. " in text
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, TricksScreen)


def test_the_person_is_not_the_first_dealer_of_a_six_player_goninkan():
    six = Match(make("goninkan"), seed=1)
    person = first_seat_with_cards(six)
    assert person != 0 and parse_seats(None, six.game, person=person)[person] == "me"
    assert six.observation(person).hand, "the person holds cards in round 1"
    assert first_seat_with_cards(Match(make("goninkan", {"players": 5}), seed=1)) == 0
    assert first_seat_with_cards(Match(make("anou"), seed=1)) == 0


@sync
async def test_the_totals_stay_in_view_however_long_the_sheet(tmp_path):
    game = make("goninkan", {"players": 5})
    match = Match(game, seed=5)
    session = Session(match, ["me", "random", "random", "random", "random"], record_path=tmp_path / "g.json")
    rng = random.Random(5)
    while len(game.deal_scores(match.state)) < 8 or 0 not in match.to_act():
        if session.at_deal_end:
            session.next_deal()
            continue
        seat = min(match.to_act())
        session.act(seat, rng.choice(match.legal_actions(seat)))
    app = PlayApp(session, lang="en", delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        totals = game.totals(match.state)
        assert len(session.table(0).sheet.rows) >= 8
        line = next(line for line in screen_text(app).splitlines() if "│ total s0:" in line)
        assert line.split("│")[-1].strip() == "total " + " ".join(f"s{s}:{t}" for s, t in enumerate(totals))


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
@sync
async def test_the_deal_result_waits_for_continue_before_the_next_deal(game_id, tmp_path):
    options = quick(game_id, deals=2)
    app = new_app(game_id, 11, tmp_path, options=options)
    session, game = app.session, app.session.game
    rng = random.Random(game_id)
    rehearsal = Match(game, seed=11)  # the same deal played at random: where does it end?
    while not game.deal_scores(rehearsal.state):
        seat = min(rehearsal.to_act())
        rehearsal.act(seat, rng.choice(rehearsal.legal_actions(seat)))
    for seat, text in rehearsal.actions[:-4]:  # up to a few moves before the end (the same deal: the same seed)
        if seat == "chance":
            continue
        session.act(int(seat), text)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(100):
            await settle(app, pilot)
            if isinstance(app.screen, ResultScreen):
                break
            await choose_by_keys(app, pilot, rng)
        assert isinstance(app.screen, ResultScreen), "the end of the deal is shown"
        assert session.at_deal_end or session.finished
        state = session.match.state
        scores = game.deal_scores(state)[-1]
        shown = app.screen.result
        assert shown == session.table(app.viewer).result, "the presentation model's result, as the seat sees it"
        assert shown.scores == tuple(scores) and shown.totals == tuple(game.totals(state))
        text = screen_text(app)
        assert "Result" in text and "Continue" in text
        for line in shown.lines:
            assert line.name("en") in text
        for score in scores:
            assert f"{score:+d}" in text
        deals = len(session.match.deals)
        left = session.match.observation(app.viewer).hand
        assert sorted(hand_on_screen(app)) == sorted(left.texts() if left else []), "no card of the next deal"
        await pilot.press("enter")
        await settle(app, pilot)
        assert not isinstance(app.screen, ResultScreen)
        if not session.finished:
            assert len(session.match.deals) == deals + 1


@sync
async def test_the_viewer_shows_the_deal_result_when_stepping_to_the_end_of_a_deal(tmp_path):
    game = make("cutin")
    match = Match(game, seed=6)
    rng = random.Random(6)
    while len(match.deals) < 2:
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal_actions(seat)))
    end = next(k for k, e in enumerate(match.events) if e.actor == "deal" and k)  # the step before deal 2 is dealt
    replay = Replay(match)
    assert replay.table(0, end).result is not None and replay.table(0, end - 1).result is None
    app = ViewApp(replay, who=0, step=end - 1, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, ResultScreen)
        await pilot.press("right")
        await pilot.pause()
        assert isinstance(app.screen, ResultScreen)
        assert app.screen.result.scores == tuple(game.deal_scores(match.events[end - 1].after)[-1])
        await pilot.press("enter", "right")
        await pilot.pause()
        assert app.step == end + 1 and not isinstance(app.screen, ResultScreen)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_tricks_and_the_log_a_seat_is_shown_do_not_change_with_cards_it_cannot_see(game_id):
    game = make(game_id, quick(game_id))
    rng = random.Random(game_id)
    checked = 0
    for seed in range(8):
        match = random_match(game, seed, 40, rng)
        seat = min(match.to_act()) if match.to_act() else 0
        other = swapped(match, seat, rng)
        if other is None:
            continue
        seats = ["random"] * game.seat_count
        here, there = Session(match, seats), Session(other, seats)
        assert here.tricks(seat) == there.tricks(seat)
        assert here.log(seat) == there.log(seat)
        checked += 1
    assert checked, "some swap of unseen cards was found"


@sync
async def test_with_only_bots_at_the_table_the_result_stays_a_moment_then_play_goes_on(tmp_path, monkeypatch):
    import kirifuda.tui.app as app_module

    monkeypatch.setattr(app_module, "WATCH_PAUSE", 0.3)
    game = make("anarchy-bomb", {"players": 4, "deals": 2})
    session = Session(Match(game, seed=2), ["random"] * 4, record_path=tmp_path / "watch.json")
    app = PlayApp(session, lang="en", delay=0)
    # every screen the app puts up, noted as it does: a loaded machine's pause can outlast the 0.3 s the result
    # stays, so looking at the screen between pauses may miss it
    pushed: list[object] = []
    push = app.push_screen

    def noting(screen, *args, **kwargs):
        pushed.append(screen)
        return push(screen, *args, **kwargs)

    monkeypatch.setattr(app, "push_screen", noting)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(2000):
            await pilot.pause()
            if len(session.match.deals) == 2:
                break
        assert any(isinstance(screen, ResultScreen) for screen in pushed), "the first deal's result was shown"
        assert len(session.match.deals) == 2, "and play went on by itself"


@sync
async def test_a_bots_answer_that_arrives_as_the_app_closes_is_dropped_without_an_error(tmp_path):
    """A bot's worker can finish while the app shuts down: its state change is then handled after the table's
    widgets are gone (seen once under load). The answer is dropped: no error, the game stays as last shown."""
    from textual.worker import Worker, WorkerState

    from kirifuda.tui.session import Turn

    session = Session(
        Match(make("anou"), seed=4), ["me", "random", "random", "random"], record_path=tmp_path / "a.json"
    )
    app = PlayApp(session, lang="en", delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
    assert not app.is_running
    legal = tuple(session.match.legal_actions(min(session.match.to_act())))  # the person's turn: a late answer
    app.thinking = Turn(1, session.seating.players[1], session.seating.info(1), legal, len(session.match.events))
    worker: Worker[object] = Worker(app, lambda: None, group="bot", thread=True)
    worker._result = legal[0]
    before = list(session.match.actions)
    app.on_worker_state_changed(Worker.StateChanged(worker, WorkerState.SUCCESS))
    assert list(session.match.actions) == before
