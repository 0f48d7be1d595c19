"""The review of a game (issue 21, "Review of a game"): no peeking, the JSON shape, bad input.

No peeking, mechanically, for every game id: a short random record, then the same record replayed from a deal with
two unplayed cards swapped between two other seats' hands where the reviewed seat cannot tell (tests/swaps.py). The
seat's moments and the review's every number must be the same in both worlds.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from swaps import random_match, swapped

from kirifuda.arena import seat_moments
from kirifuda.bots import SearchBot, kit_for
from kirifuda.bots.kit import GameKit
from kirifuda.bots.review import review
from kirifuda.records import dumps
from kirifuda.registry import available, make

GAMES = available()
TINY = 24
"""Search iterations per reviewed decision in these tests: enough to exercise every path, cheap."""


def kirifuda(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kirifuda", *args], input=stdin, capture_output=True, text=True)


def tiny_bot(game, seed: int = 5) -> SearchBot:
    return SearchBot(kit_for(game), name="easy", iterations=TINY, seed=seed)


def worlds(game, seed: int):
    """(match, swapped match, seat): a short random record, and the same record from a deal the seat cannot tell
    from it; ``seat`` has acted in the current deal."""
    rng = random.Random(seed)
    for attempt in range(200):
        match = random_match(game, seed * 1000 + attempt, rng.randrange(8, 40), rng)
        deal_start = max(i for i, e in enumerate(match.events) if e.actor == "deal")
        acted = sorted({e.actor for e in match.events[deal_start:] if isinstance(e.actor, int)})
        if not acted:
            continue
        seat = rng.choice(acted)
        other = swapped(match, seat, rng)
        if other is not None:
            return match, other, seat
    raise AssertionError(f"{game.id}: no swappable position")


@pytest.mark.parametrize("game_id", GAMES)
def test_review_ignores_cards_the_seat_cannot_know(game_id):
    game = make(game_id)
    if type(kit_for(game)) is GameKit:
        pytest.skip(f"{game_id} has no bots' kit yet")
    match, other, seat = worlds(game, 3)
    assert match.deals[-1] != other.deals[-1]  # the worlds differ in the other seats' hands
    moments, twins = seat_moments(match, seat), seat_moments(other, seat)
    assert [m.info for m in moments] == [m.info for m in twins]
    # the seat's latest few decisions (in the deal where the worlds differ)
    first = review(tiny_bot(game), seat, moments[-4:], min_visits=3).to_json()
    again = review(tiny_bot(game), seat, twins[-4:], min_visits=3).to_json()
    assert again == first
    assert first["decisions"] or first["summary"]["forced"]


def short_record(game_id: str = "anou", steps: int = 12, seed: int = 4) -> dict:
    game = make(game_id)
    match = random_match(game, seed, steps, random.Random(seed))
    return match.record()


def test_review_json_has_the_documented_shape():
    text = dumps(short_record())
    args = ("review", "-", "--seat", "1", "--bot", "easy", "--seed", "2", "--json")
    out = kirifuda(*args, stdin=text)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"game", "options", "seat", "bot", "seed", "threshold", "decisions", "summary"}
    assert (data["game"], data["seat"], data["bot"], data["seed"], data["threshold"]) == ("anou", 1, "easy", 2, 1.0)
    assert set(data["summary"]) == {"decisions", "forced", "mean_loss", "mistakes", "costliest"}
    assert data["summary"]["decisions"] == len(data["decisions"]) > 0
    for d in data["decisions"]:
        assert set(d) == {
            *("index", "event", "deal", "legal", "played", "choice", "best"),
            *("loss", "loss_stderr", "mistake", "actions"),
        }
        assert d["loss"] >= 0
        texts = [a["action"] for a in d["actions"]]
        assert d["played"] in texts and d["best"] in texts and d["choice"] in texts
        means = [a["mean"] for a in d["actions"]]
        assert means == sorted(means, reverse=True)
        by_text = {a["action"]: a for a in d["actions"]}
        assert d["loss"] == pytest.approx(max(by_text[d["best"]]["mean"] - by_text[d["played"]]["mean"], 0), abs=2e-4)
        assert d["mistake"] == (d["loss"] > 1.0 and d["loss"] > 2 * d["loss_stderr"])
    losses = [d["loss"] for d in data["decisions"]]
    assert data["summary"]["mean_loss"] == pytest.approx(sum(losses) / len(losses), abs=2e-4)
    costliest = [c["loss"] for c in data["summary"]["costliest"]]
    assert costliest == sorted([x for x in losses if x > 0], reverse=True)[:3]


def test_review_prints_each_decision_and_the_summary():
    out = kirifuda("review", "-", "--bot", "easy", "--threshold", "0", stdin=dumps(short_record(steps=8)))
    assert out.returncode == 0, out.stderr
    assert "seat 0" in out.stdout and "mean loss per decision" in out.stdout and "played" in out.stdout


@pytest.mark.parametrize(
    ("stdin", "args", "says"),
    [
        ("{not json", (), "not JSON"),
        (json.dumps({"format": "kirifuda-record/1", "game": "anou", "actions": [[0, "play ZZ"]]}), (), "action 0"),
        (None, ("--seat", "4"), "no seat 4"),
        (None, ("--seat", "-1"), "no seat -1"),
        (None, ("--bot", "heuristic"), "searching bot"),
        (None, ("--bot", "hard-cheat"), "evaluation only"),
    ],
)
def test_review_refuses_a_malformed_record_a_seat_out_of_range_or_a_bot_that_does_not_search(stdin, args, says):
    out = kirifuda("review", "-", *args, stdin=stdin if stdin is not None else dumps(short_record(steps=3)))
    assert out.returncode == 2
    assert says in out.stderr and out.stdout == ""
