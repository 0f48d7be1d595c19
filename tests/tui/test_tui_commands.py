"""``kirifuda play`` and ``kirifuda view`` as a user runs them: seats from the command line, bots playing a game out,
the line mode through a pipe, and bad input refused (exit 2, a bilingual message, nothing written)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from kirifuda.records import load, replay

FOUR_RANDOM = "random,random,random,random"


def kirifuda(*args: str, stdin: str = "", cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "kirifuda", *args], input=stdin, capture_output=True, text=True, cwd=cwd
    )


def test_bots_only_play_the_game_out_and_write_the_record(tmp_path):
    path = tmp_path / "game.json"
    out = kirifuda("play", "anou", "--seats", FOUR_RANDOM, "--seed", "5", "--record", str(path))
    assert out.returncode == 0, out.stderr
    match = replay(load(path))
    assert match.finished
    assert f"totals {list(match.game.totals(match.state))}" in out.stdout


def test_the_kth_deal_depends_on_the_seed_only_not_on_who_sits_where(tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    for path, seats in ((first, "random,heuristic,random,random"), (second, "heuristic,random,random,heuristic")):
        out = kirifuda("play", "anou", "--seats", seats, "--seed", "9", "--record", str(path))
        assert out.returncode == 0, out.stderr
    a, b = json.loads(first.read_text()), json.loads(second.read_text())
    assert a["seed"] == b["seed"] == 9 and a["deals"][0] == b["deals"][0]


@pytest.mark.parametrize(
    ("seats", "english", "japanese"),
    [
        ("me,random,nobody,random", "unknown bot 'nobody'", "nobody というボットはありません"),
        ("me,hard-cheat,random,random", "evaluation only", "評価専用"),
        ("me,random", "takes 4 entries, not 2", "4 個の指定が必要です"),
    ],
)
def test_bad_seats_are_refused_in_both_languages_and_nothing_is_written(tmp_path, seats, english, japanese):
    out = kirifuda("play", "anou", "--seats", seats, "--plain", cwd=tmp_path)
    assert out.returncode == 2
    message = " ".join(out.stderr.split())  # the console wraps long lines
    assert english in message and japanese.replace(" ", "") in message.replace(" ", "")
    assert list(tmp_path.iterdir()) == []


def test_a_person_needs_a_terminal_or_the_line_mode(tmp_path):
    out = kirifuda("play", "anou", "--seats", "me,random,random,random", cwd=tmp_path)
    assert out.returncode == 2
    message = " ".join(out.stderr.split())
    assert "needs a terminal" in message and "端末が必要です" in message
    assert list(tmp_path.iterdir()) == []


def test_line_mode_through_a_pipe_numbers_notation_and_quit(tmp_path):
    path = tmp_path / "line.json"
    out = kirifuda(
        "play",
        "gogyo-sokoku",
        "--seats",
        "me,random,random,random,random",
        "--seed",
        "2",
        "--plain",
        "--lang",
        "en",
        "--record",
        str(path),
        stdin="1\nplay ZZ\nlegal\nquit\n",
    )
    assert out.returncode == 0, out.stderr
    assert "   1. play" in out.stdout and "Not allowed" in out.stdout and f"Record saved: {path}" in out.stdout
    match = replay(load(path))
    assert match.actions and match.actions[0][0] in range(5)


def _corrupt_record(tmp_path):
    path = tmp_path / "bad.json"
    out = kirifuda("play", "anou", "--seats", FOUR_RANDOM, "--seed", "1", "--record", str(path))
    assert out.returncode == 0
    record = json.loads(path.read_text())
    record["actions"][3][1] = "play ZZ"
    path.write_text(json.dumps(record))
    return path


def test_a_corrupt_record_is_refused_by_resume_and_view_with_the_replay_error(tmp_path):
    path = _corrupt_record(tmp_path)
    before = path.read_text()
    for args in (("play", "--resume", str(path), "--plain"), ("view", str(path), "--plain")):
        out = kirifuda(*args)
        assert out.returncode == 2
        assert "action 3" in out.stderr and "play ZZ" in out.stderr
    assert path.read_text() == before
    (tmp_path / "junk.json").write_text("{not json")
    out = kirifuda("view", str(tmp_path / "junk.json"), "--plain")
    assert out.returncode == 2 and "not JSON" in out.stderr


def test_resume_in_the_line_mode_goes_on_from_the_record(tmp_path):
    path = tmp_path / "resume.json"
    first = kirifuda(
        "play",
        "cutin",
        "--seats",
        "me,random,random,random",
        "--seed",
        "4",
        "--plain",
        "--record",
        str(path),
        stdin="1\nquit\n",
    )
    assert first.returncode == 0, first.stderr
    before = len(load(path)["actions"])
    again = kirifuda("play", "--resume", str(path), "--seats", "me,random,random,random", "--plain", stdin="1\nquit\n")
    assert again.returncode == 0, again.stderr
    assert len(load(path)["actions"]) > before
    assert replay(load(path)).actions[:before] == replay(load(path)).actions[:before]


def test_view_prints_any_step_from_any_seat(tmp_path):
    path = tmp_path / "game.json"
    assert kirifuda("play", "anou", "--seats", FOUR_RANDOM, "--seed", "3", "--record", str(path)).returncode == 0
    seat = kirifuda("view", str(path), "--plain", "--seat", "2", "--step", "5", "--lang", "en")
    assert seat.returncode == 0, seat.stderr
    assert "Anou — deal 1 of 3" in seat.stdout and "hand:" in seat.stdout
    opened = kirifuda("view", str(path), "--plain", "--step", "5", "--lang", "en")
    assert opened.stdout.count("    hand:") == 4  # every hand open, in its seat
    out = kirifuda("view", str(path), "--plain", "--step", "99999")
    assert out.returncode == 2 and "--step" in out.stderr
