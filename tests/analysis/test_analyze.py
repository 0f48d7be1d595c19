"""kirifuda analyze: refusing bad requests before anything runs, the report's files, A/B on the same deals,
interrupted runs (issue 13)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from kirifuda.analysis import analyze as A
from kirifuda.analysis import runner, table
from kirifuda.analysis import verdict as V
from kirifuda.core import OptionError


def kirifuda(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kirifuda", *args], capture_output=True, text=True)


@pytest.mark.parametrize(
    ("game", "options", "vs", "bots", "message"),
    [
        ("anou", {"players": 7}, None, (), "players"),
        ("anou", {}, {"players": 5}, (), "variant B"),
        ("anou", {}, None, ("heuristic",) * 5, "5 bots for 4 seats"),
        ("anou", {}, None, ("grandmaster",), "unknown bot"),
        ("anou", {}, {"root_stones": False}, (), "changes nothing"),
        ("cutin", {"colour": "red"}, None, (), "unknown option"),
    ],
)
def test_a_request_that_makes_no_valid_run_is_refused_with_the_reason(game, options, vs, bots, message):
    with pytest.raises((OptionError, A.AnalysisError, Exception), match=message):
        A.plan(game, options, vs_options=vs, bots=bots, games=3)


def test_random_is_not_a_skill_level():
    with pytest.raises(A.AnalysisError, match="baseline"):
        A.plan("anou", {}, skill=["random"])


def test_the_plan_plays_main_baseline_and_skill_games_on_the_same_seeds():
    p = A.plan("cutin", {}, games=5, seed=10, skill=["heuristic"])
    groups = {}
    for spec in p.specs:
        groups.setdefault(spec.group, []).append(spec)
    assert sorted(groups) == ["main", "skill:heuristic", "skill:random"]
    for specs in groups.values():
        assert [s.seed for s in specs] == list(range(10, 15))
    for s in groups["skill:heuristic"]:
        assert s.seats[s.seed % 4] == "heuristic" and s.seats.count("random") == 3


@pytest.fixture(scope="module")
def cutin_report(tmp_path_factory):
    out = tmp_path_factory.mktemp("cutin")
    p = A.plan("cutin", {}, games=6, skill=["heuristic"])
    return out, A.execute(p, out, jobs=1, command="test", png=True)


@pytest.fixture(scope="module")
def anou_ab(tmp_path_factory):
    out = tmp_path_factory.mktemp("anou-ab")
    p = A.plan("anou", {}, vs_options={"root_stones": True}, games=4, skill=[])
    return out, A.execute(p, out, jobs=2)


def test_report_directory_has_html_json_figures_and_the_table_and_the_html_shows_the_json(cutin_report):
    out, outcome = cutin_report
    files = {f.name for f in out.iterdir()}
    assert {"report.html", "report.json", "games.parquet", "seats.svg", "seats.png", "events.svg", "skill.svg"} <= files
    document = json.loads((out / "report.json").read_text())
    assert document["format"] == "kirifuda-report/1" and not document["interrupted"]
    summary = document["variants"][0]["summary"]
    assert summary["games"] == 6 and len(summary["seats"]) == 4
    assert {e["name"] for e in summary["events"]} >= {"turns", "went_out"}
    assert "heuristic" in summary["skill"]["levels"]
    assert len(table.read(out / "games.parquet")) == outcome.finished == 18
    # the HTML shows the JSON's numbers under bilingual headings
    html = (out / "report.html").read_text()
    for heading in ("席の有利", "Seat advantage", "親(スタートプレイヤー)の有利", "得点イベント", "腕の差"):
        assert heading in html
    for seat in summary["seats"]:
        assert f"[{_fmt(seat['advantage']['ci'][0])}, {_fmt(seat['advantage']['ci'][1])}]" in html
    for event in summary["events"]:
        assert f"<code>{event['name']}</code>" in html
    assert "<img src='seats.svg'" in html


def _fmt(x: float) -> str:
    from kirifuda.analysis.report import _num

    return _num(x)


def test_ab_on_anou_root_stones_pairs_every_seed_and_finds_the_root_stones(anou_ab):
    out, outcome = anou_ab
    ab = outcome.document["ab"]
    assert ab["pairs"] == 4
    # 2 root stones per seat per deal (anou.md "A deal" 2), only in B: 8 a deal in all
    # (a column the heuristic never roots in, in these few games, is absent: no game counted it)
    roots = sum(ab["metrics"].get(f"event.root:{plan}", {"mean": 0.0})["mean"] for plan in (1, 2, 3, 4))
    assert roots == pytest.approx(8.0)
    rows = table.read(out / "games.parquet")
    a = {r.seed: r for r in rows if r.variant == "A"}
    b = {r.seed: r for r in rows if r.variant == "B"}
    assert a.keys() == b.keys() == {0, 1, 2, 3}
    assert all(b[s].options["root_stones"] and not a[s].options["root_stones"] for s in b)
    html = (out / "report.html").read_text()
    assert "バリアント比較 A/B" in html and "ab_events.svg" in html


def ab_metrics(game: str, options: dict, vs: dict, games: int) -> dict:
    p = A.plan(game, options, vs_options=vs, games=games, skill=[])
    rows = runner.run(p.specs, jobs=1)
    paired = V.deal_overlap(game, p.variants["A"], p.variants["B"], range(games))["paired"]
    return V.compare([r for r in rows if r.variant == "A"], [r for r in rows if r.variant == "B"], paired=paired)


def test_ab_on_the_two_three_player_decks():
    ab = ab_metrics("anou", {"players": 3}, {"deck3": "52"}, 4)
    # the two packs deal different hands on the same seed: compared unpaired, game for game
    assert not ab["paired"] and ab["games"] == [4, 4] and "advantage.seat2" in ab["metrics"]


def test_ab_on_goninkan_joker_rulings():
    ab = ab_metrics("goninkan", {"rounds": 1}, {"joker_ban": "lead"}, 3)
    assert ab["pairs"] == 3
    assert "event.napoleon_won:1" in ab["metrics"] and "event_value.joker" in ab["metrics"]


def test_an_interrupted_run_keeps_what_it_finished_and_says_so(tmp_path):
    p = A.plan("cutin", {}, games=5, skill=[])

    def stop(done: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    outcome = A.execute(p, tmp_path, jobs=1, progress=stop)
    assert outcome.interrupted and outcome.finished == 3 and outcome.planned == 5
    assert outcome.document["interrupted"] is True
    assert "Interrupted: only 3 of 5 games finished" in (tmp_path / "report.html").read_text()


def test_the_command_refuses_bad_options_before_running(tmp_path):
    done = kirifuda("analyze", "anou", "--options", '{"players": 9}', "--out", str(tmp_path / "r"))
    assert done.returncode == 2
    assert "players" in done.stderr
    assert not (tmp_path / "r").exists()


@pytest.mark.slow
def test_the_command_prints_the_json_twin(tmp_path):
    done = kirifuda("analyze", "cutin", "--games", "3", "--skill", "", "--jobs", "1", "--out", str(tmp_path), "--json")
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    assert document["finished"] == 3
    assert document == json.loads(re.sub(r"NaN", "null", json.dumps(document)))


def test_ab_games_come_in_pairs_main_first_so_a_stopped_run_has_pairs():
    p = A.plan("anou", {}, vs_options={"root_stones": True}, games=3, skill=["heuristic"])
    head = [(s.group, s.seed, s.variant) for s in p.specs[:6]]
    assert head == [("main", 0, "A"), ("main", 0, "B"), ("main", 1, "A"), ("main", 1, "B"), ("main", 2, "A"),
                    ("main", 2, "B")]  # fmt: skip
    assert len(p.specs) == 3 * 3 * 2
