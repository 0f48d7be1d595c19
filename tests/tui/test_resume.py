"""A game that never loses the thread (issue 18): resume plays on through every later deal, the record keeps who sat
where, the record is saved as the game goes and when the game is killed, and a resumed game's record replays."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from driver import SIZE, choose_by_keys, settle, sync

import kirifuda as package
from kirifuda.match import Match
from kirifuda.records import ReplayError, Seating, Sitter, load, read_record, replay, summary
from kirifuda.registry import make
from kirifuda.tui.app import PlayApp
from kirifuda.tui.session import Session

TWO_DEALS = ("anarchy-bomb", {"players": 4, "deals": 2})
"""A short game of more than one deal."""
SEATS = "random,me,heuristic,random"


ENV = {**os.environ, "PYTHONPATH": str(Path(package.__file__).parents[1])}
"""The subprocesses run the kirifuda these tests import (not another checkout the environment may point at)."""


def kirifuda(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "kirifuda", *args], input=stdin, capture_output=True, text=True, timeout=120, env=ENV
    )


def start_in_deal_one(path, *, moves: int = 2) -> None:
    """Play ``moves`` of the person's decisions of deal 1 in the line mode, then quit (the record is saved)."""
    game_id, options = TWO_DEALS
    out = kirifuda(
        "play", game_id, "--options", json.dumps(options), "--seats", SEATS, "--seed", "3", "--plain",
        "--lang", "en", "--record", str(path), stdin="1\n" * moves + "quit\n",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    match = replay(load(path))
    assert len(match.deals) == 1 and not match.finished


@pytest.mark.slow  # runs kirifuda in subprocesses, a game and its resumption
def test_resume_in_the_line_mode_plays_every_later_deal_to_the_end(tmp_path):
    path = tmp_path / "g.json"
    start_in_deal_one(path)
    out = kirifuda("play", "--resume", str(path), "--plain", "--lang", "en", stdin="1\n" * 400)
    assert out.returncode == 0, out.stderr
    match = replay(load(path))
    assert match.finished and len(match.deals) == 2, out.stdout[-2000:]
    assert "Press Enter to continue" in out.stdout
    assert "Game over" in out.stdout


@pytest.mark.slow  # runs kirifuda in subprocesses, a game and its resumption
def test_the_record_keeps_the_seating_and_resume_restores_it(tmp_path):
    path = tmp_path / "g.json"
    start_in_deal_one(path)
    record = load(path)
    assert record["seating"] == [
        {"player": "bot", "bot": "random", "name": "random"},
        {"player": "person"},
        {"player": "bot", "bot": "heuristic", "name": "heuristic"},
        {"player": "bot", "bot": "random", "name": "random"},
    ]
    record["seating"][1]["name"] = "Aki"  # a name, as the browser writes it
    path.write_text(json.dumps(record))
    out = kirifuda("play", "--resume", str(path), "--plain", "--lang", "en", stdin="1\nquit\n")
    assert out.returncode == 0, out.stderr
    assert "seat 1 >" in out.stdout, "the person is back at seat 1"
    assert "Seat 1 (Aki)" in out.stdout and "Seat 2 (heuristic)" in out.stdout
    assert load(path)["seating"] == record["seating"]
    # --seats overrides the record's seating
    out = kirifuda("play", "--resume", str(path), "--plain", "--seats", "me,random,random,random", stdin="quit\n")
    assert out.returncode == 0, out.stderr
    assert [s["player"] for s in load(path)["seating"]] == ["person", "bot", "bot", "bot"]


def test_a_record_without_seating_is_the_spec_record_and_replays_the_same():
    game = make("cutin")
    match = Match(game, seed=1)
    plain = match.record()
    seated = dict(plain, seating=[{"player": "person", "name": "Aki"}] + [{"player": "bot", "bot": "easy"}] * 3)
    assert read_record(plain).seating is None
    assert read_record(seated).seating == Seating(
        (Sitter("person", name="Aki"), *(Sitter("bot", bot="easy") for _ in range(3)))
    )
    assert Seating.from_json(seated["seating"], 4).to_json() == seated["seating"]
    assert summary(replay(seated)) == summary(replay(plain))


@pytest.mark.parametrize(
    ("seating", "message"),
    [
        ("me", "must be a list of 4 seats"),
        ([{"player": "person"}] * 3, "must be a list of 4 seats"),
        ([{"player": "robot"}] + [{"player": "person"}] * 3, "seat 0: 'player' must be"),
        ([{"player": "person"}, {"player": "bot"}] + [{"player": "person"}] * 2, "seat 1: a bot's seat names its"),
        ([{"player": "person", "bot": "easy"}] + [{"player": "person"}] * 3, "a person's seat has no 'bot'"),
        ([{"player": "person", "colour": "red"}] + [{"player": "person"}] * 3, "unknown key 'colour'"),
        ([{"player": "person", "name": ""}] + [{"player": "person"}] * 3, "'name' must be 1 to 40"),
        ([{"player": "person", "name": "a\nb"}] + [{"player": "person"}] * 3, "printable"),
    ],
)
def test_a_malformed_seating_is_a_clear_error(seating, message):
    record = Match(make("cutin"), seed=1).record()
    record["seating"] = seating
    with pytest.raises(ReplayError, match=message) as error:
        read_record(record)
    assert error.value.index is None


@pytest.mark.slow  # runs kirifuda in subprocesses, a game and its resumption
def test_the_replay_json_of_a_seated_record_is_unchanged(tmp_path):
    path = tmp_path / "g.json"
    start_in_deal_one(path)
    seated = kirifuda("replay", str(path), "--json")
    record = load(path)
    del record["seating"]
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(record))
    assert seated.returncode == 0 and seated.stdout == kirifuda("replay", str(bare), "--json").stdout


@pytest.mark.slow  # runs kirifuda in subprocesses, a game and its resumption
def test_sigterm_mid_deal_leaves_a_record_that_resumes(tmp_path):
    path = tmp_path / "killed.json"
    game_id, options = TWO_DEALS
    process = subprocess.Popen(
        [sys.executable, "-m", "kirifuda", "play", game_id, "--options", json.dumps(options), "--seats", SEATS,
         "--seed", "5", "--plain", "--lang", "en", "--record", str(path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV,
    )  # fmt: skip
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write("1\n1\n1\n")
    process.stdin.flush()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # the record is written after every action: wait for the third of mine
        if path.exists() and sum(1 for who, _ in load(path)["actions"] if who == 1) >= 3:
            break
        time.sleep(0.1)
    time.sleep(0.5)  # the line mode now waits for the person's fourth decision
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 128 + signal.SIGTERM, err
    assert "Record saved" in out
    record = load(path)
    assert read_record(record).seating is not None
    match = replay(record)
    assert sum(1 for who, _ in match.actions if who == 1) == 3 and not match.finished
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")], "no temporary file is left behind"
    again = kirifuda("play", "--resume", str(path), "--plain", stdin="1\n" * 400)
    assert again.returncode == 0, again.stderr
    assert replay(load(path)).finished


@pytest.mark.slow
@sync
async def test_a_game_saved_in_deal_one_resumes_in_the_full_screen_table_to_its_end(tmp_path):
    path = tmp_path / "g.json"
    start_in_deal_one(path, moves=10)  # late in deal 1: the pilot plays its end and the whole of deal 2
    obj = load(path)
    match = replay(obj)
    seating = read_record(obj).seating
    assert seating is not None
    seats = ["me" if s.player == "person" else str(s.bot) for s in seating.seats]
    session = Session(match, seats, bot_seed=3, hint_bot="heuristic", record_path=path, autosave=True)
    app = PlayApp(session, lang="en", delay=0)
    import random

    rng = random.Random(0)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(400):
            await settle(app, pilot)
            if session.finished:
                break
            if session.at_deal_end:
                await pilot.press("enter")
                continue
            await choose_by_keys(app, pilot, rng)
        assert session.finished
        await pilot.press("q")
    final = replay(load(path))
    assert final.finished and len(final.deals) == 2
    assert final.game.totals(final.state) == session.game.totals(session.match.state)


@sync
async def test_sigterm_saves_the_full_screen_game_and_stops_it(tmp_path):
    game_id, options = TWO_DEALS
    path = tmp_path / "app.json"
    seats = SEATS.split(",")
    session = Session(Match(make(game_id, options), seed=3), seats, record_path=path, autosave=True)
    app = PlayApp(session, lang="en", delay=0)
    before = signal.getsignal(signal.SIGTERM)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        os.kill(os.getpid(), signal.SIGTERM)  # the app's handler on its event loop: save, then stop
        for _ in range(50):
            await pilot.pause()
            if app.return_code is not None:
                break
    assert app.return_code == 128 + signal.SIGTERM
    assert replay(load(path)).actions == session.match.actions
    assert signal.getsignal(signal.SIGTERM) in (before, signal.SIG_DFL), "the handler is gone with the app"
