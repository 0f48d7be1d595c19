"""``kirifuda suggest`` and ``kirifuda tournament`` (issue 10 "Commands"): output, determinism, bad input."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from kirifuda.match import Match
from kirifuda.records import dumps
from kirifuda.registry import make


def kirifuda(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kirifuda", *args], input=stdin, capture_output=True, text=True)


def record(game_id: str = "anou", steps: int = 9, seed: int = 4) -> dict:
    game = make(game_id)
    match = Match(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal_actions(seat)))
    return match.record()


def test_suggest_json_names_the_seat_action_information_and_stats():
    rec = record()
    out = kirifuda("suggest", "-", "--bot", "heuristic", "--json", stdin=json.dumps(rec))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"seat", "action", "info", "stats"}
    assert data["info"]["seat"] == data["seat"] and data["info"]["game"] == "anou"
    assert len(data["info"]["history"]) == 1 + 9  # the deal, then nine actions
    assert data["info"]["history"][0][0] == "deal"
    assert set(data["stats"]) == {"iterations", "seconds"}


def test_suggest_gives_the_same_action_for_the_same_record_bot_and_seed():
    text = json.dumps(record(steps=14))
    first = kirifuda("suggest", "-", "--bot", "random", "--seed", "5", "--json", stdin=text)
    again = kirifuda("suggest", "-", "--bot", "random", "--seed", "5", "--json", stdin=text)
    assert json.loads(first.stdout)["action"] == json.loads(again.stdout)["action"]


def test_suggest_information_never_shows_another_seats_hand():
    rec = record("anarchy", steps=7)
    several = kirifuda("suggest", "-", "--bot", "random", stdin=json.dumps(rec))
    assert several.returncode == 2 and "--seat" in several.stderr  # seats 2, 3 and 4 choose at once
    data = json.loads(
        kirifuda("suggest", "-", "--seat", "3", "--json", "--bot", "random", stdin=json.dumps(rec)).stdout
    )
    seat = data["seat"]
    assert seat == 3
    for entry in data["info"]["history"]:
        who, text = entry
        if who not in (seat, "deal") and text.startswith("play"):
            assert text == "play ?"


@pytest.mark.parametrize(
    "args, message",
    [
        (["--bot", "grandmaster"], "unknown bot"),
        (["--bot", "hard-cheat"], "evaluation only"),
        (["--seat", "3"], "not to act"),
    ],
)
def test_suggest_refuses_bad_input_with_exit_2(args, message):
    out = kirifuda("suggest", "-", *args, stdin=json.dumps(record()))
    assert out.returncode == 2 and message in out.stderr


def test_suggest_refuses_a_record_where_nobody_is_to_act(tmp_path):
    game = make("cutin")
    match = Match(game, seed=1)
    rng = random.Random(1)
    while not match.finished:
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal_actions(seat)))
    path = tmp_path / "over.json"
    path.write_text(dumps(match.record()))
    out = kirifuda("suggest", str(path))
    assert out.returncode == 2 and "nobody is to act" in out.stderr


def test_suggest_refuses_a_corrupt_record_with_the_replay_error():
    rec = record()
    rec["actions"][2][1] = "play ZZ"
    out = kirifuda("suggest", "-", stdin=json.dumps(rec))
    assert out.returncode == 2 and "action 2" in out.stderr


def test_tournament_rotates_a_lineup_through_every_seat_over_the_same_seeds():
    out = kirifuda("tournament", "cutin", "--bots", "heuristic,random", "--seeds", "2", "--jobs", "1", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["games"] == 2 * 4
    (lineup,) = data["lineups"]
    assert lineup["lineup"] == ["heuristic", "random", "random", "random"]
    for stats in lineup["bots"].values():
        assert set(stats) >= {"mean_score", "rank", "win_share"}
        assert 0 <= stats["rank"]["mean"] <= 1
    ranks = lineup["bots"]
    # the ranks of one game sum to n/2: the lineup's mean ranks weighted by seats average 0.5
    assert ranks["heuristic"]["rank"]["mean"] + 3 * ranks["random"]["rank"]["mean"] == pytest.approx(2.0)


def test_tournament_with_two_lineups_rates_the_bots_with_openskill():
    out = kirifuda(
        "tournament", "gogyo-sokoku", "--bots", "random", "--bots", "easy-cheat,random", "--seeds", "1", "--json"
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert {e["bot"] for e in data["openskill"]} == {"random", "easy-cheat"}
    assert data["openskill"][0]["bot"] == "easy-cheat"


@pytest.mark.parametrize(
    "args, message",
    [
        (["cutin", "--bots", "nobody"], "unknown bot"),
        (["cutin", "--bots", "random,random,random,random,random"], "5 bots for 4 seats"),
        (["chess", "--bots", "random"], "unknown game"),
        (["cutin", "--bots", "random", "--options", '{"players": 9}'], "players"),
    ],
)
def test_tournament_refuses_bad_input_with_exit_2(args, message):
    out = kirifuda("tournament", *args, "--seeds", "1")
    assert out.returncode == 2 and message in out.stderr
