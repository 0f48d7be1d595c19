"""The ``kirifuda`` command: replay's JSON and exit codes (../shared/spec/records.md), simulate, play."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from kirifuda.games.anou import Anou
from kirifuda.match import Match
from kirifuda.records import dumps
from kirifuda.terminal import play


def kirifuda(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kirifuda", *args], input=stdin, capture_output=True, text=True)


def finished_record(seed: int = 1) -> dict:
    game = Anou()
    m = Match(game, seed=seed)
    rng = random.Random(seed)
    while not m.finished:
        seat = next(iter(m.to_act()))
        m.act(seat, rng.choice(m.legal_actions(seat)))
    return m.record()


def test_replay_json_finished(tmp_path):
    rec = finished_record()
    path = tmp_path / "g.json"
    path.write_text(dumps(rec))
    out = kirifuda("replay", str(path), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["finished"] is True and len(data["deal_scores"]) == 3
    assert data["totals"] == [sum(d[i] for d in data["deal_scores"]) for i in range(4)]
    assert data["winners"] and "to_act" not in data


def test_replay_unfinished_with_legal_from_stdin():
    rec = finished_record()
    rec["actions"] = rec["actions"][:5]
    out = kirifuda("replay", "-", "--json", "--legal", stdin=json.dumps(rec))
    assert out.returncode == 0
    data = json.loads(out.stdout)
    assert data["finished"] is False and len(data["to_act"]) == 1
    assert list(data["legal"]) == [str(data["to_act"][0])] and data["legal"][str(data["to_act"][0])]


def test_replay_illegal_action_exit_2_names_index_seat_text():
    rec = finished_record()
    seat, text = rec["actions"][3]
    rec["actions"][3] = [seat, "play ZZ"]
    out = kirifuda("replay", "-", "--json", stdin=json.dumps(rec))
    assert out.returncode == 2
    data = json.loads(out.stdout)
    assert data["ok"] is False and data["index"] == 3 and f'action 3 (seat {seat}, "play ZZ")' in data["error"]
    plain = kirifuda("replay", "-", stdin=json.dumps(rec))
    assert plain.returncode == 2 and "action 3" in plain.stderr


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda r: "not json", "not JSON"),
        (lambda r: {**r, "game": "chess"}, "unknown game"),
        (lambda r: {**r, "options": {"players": 4, "colour": "red"}}, "unknown option"),
        (lambda r: {**r, "options": {"players": 7}}, "players"),
        (lambda r: {**r, "format": "kirifuda-record/2"}, "format"),
        (lambda r: {**r, "deals": [{"hands": [["AS"]] * 4}]}, "deal"),
        (lambda r: {**r, "deals": [{"hands": r["deals"][0]["hands"], "extra": []}]}, "unknown pile"),
    ],
)
def test_replay_malformed_record_index_null(mutate, message):
    rec = mutate(finished_record())
    text = rec if isinstance(rec, str) else json.dumps(rec)
    out = kirifuda("replay", "-", "--json", stdin=text)
    assert out.returncode == 2
    data = json.loads(out.stdout)
    assert data["index"] is None and message in data["error"]


def test_simulate_json_fields():
    out = kirifuda("simulate", "anou", "--games", "5", "--seed", "3", "--json", "--engine", "pure")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    for key in (
        "games",
        "deals",
        "decisions",
        "seconds",
        "games_per_second",
        "deals_per_second",
        "decisions_per_second",
        "mean_totals",
    ):
        assert key in data
    assert data["games"] == 5 and data["deals"] == 15 and len(data["mean_totals"]) == 4
    assert data["decisions"] == 5 * 3 * (52 + 26)  # 13 tricks: 4 plays and 2 takes each


def test_simulate_bad_options_exit_2():
    out = kirifuda("simulate", "anou", "--games", "1", "--options", '{"players": 5}')
    assert out.returncode == 2 and "players" in out.stderr


def test_terminal_game_plays_and_saves_the_record(tmp_path):
    lines: list[str] = []
    said = lines.append
    answers = iter(["help", "nonsense", "play ZZ"])

    def ask(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            legal = [line for line in lines if line.startswith("合法手 Legal: ")][-1]
            return legal.removeprefix("合法手 Legal: ").split(", ")[-1]

    match, path = play(Anou(), seat=2, seed=8, ask=ask, say=said, record_dir=tmp_path)
    assert match.finished
    text = "\n".join(lines)
    assert "できません Not allowed" in text and "石垣 Walls" in text and "手札 Hand" in text
    saved = json.loads(path.read_text())
    assert saved["actions"] == [list(a) for a in match.actions]
    out = kirifuda("replay", str(path), "--json")
    assert json.loads(out.stdout)["totals"] == list(match.game.totals(match.state))


def test_terminal_quit_saves_the_partial_record(tmp_path):
    answers = iter(["quit"])
    match, path = play(Anou(), seat=0, seed=2, ask=lambda p: next(answers), say=lambda s: None, record_dir=tmp_path)
    assert not match.finished and json.loads(path.read_text())["deals"]


SHORT = {"anarchy": {"deals": 1}, "anarchy-bomb": {"deals": 1}, "goninkan": {"rounds": 1}}


@pytest.mark.parametrize("game_id", __import__("kirifuda.registry", fromlist=["available"]).available())
def test_terminal_plays_every_game(game_id, tmp_path):
    from kirifuda.registry import make

    game = make(game_id, SHORT.get(game_id, {}))
    lines: list[str] = []
    rng = random.Random(game_id)

    def ask(prompt: str) -> str:
        legal = [line for line in lines if line.startswith("合法手 Legal: ")][-1]
        return rng.choice(legal.removeprefix("合法手 Legal: ").split(", "))

    match, path = play(game, seat=1, seed=4, ask=ask, say=lines.append, record_dir=tmp_path)
    assert match.finished
    assert "終了 Game over" in "\n".join(lines)
    assert json.loads(path.read_text())["game"] == game_id
