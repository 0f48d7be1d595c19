"""Every surface on a go-out design with no per-design code (issue 20, docs/design.md): ``analyze --design
--vs-design``, ``design sweep``, ``tournament --design``, and ``replay``, ``view``, ``suggest``, ``review`` of a
design's record (which carries the design), on each preset."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from kirifuda import design as D
from kirifuda.cli import app
from kirifuda.match import Match
from kirifuda.registry import make

runner = CliRunner()


def cli(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def partial_record(preset: str, actions: int = 6, seed: int = 5) -> dict:
    """A record of ``preset`` cut after ``actions`` random actions (someone is to act at its end)."""
    match = Match(make("goout", {"design": preset}), seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal_actions(seat)))
    return match.record()


@pytest.mark.parametrize("preset", D.PRESETS)
def test_a_design_record_replays_views_and_is_suggested(preset, tmp_path):
    record = partial_record(preset)
    assert record["options"]["design"] == D.preset(preset).to_json()
    assert record["design_sha256"] == D.preset(preset).sha256
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, _ = cli("replay", str(path), "--json")
    assert code == 0 and json.loads(out)["to_act"]
    seat = json.loads(out)["to_act"][0]
    code, out, _ = cli("view", str(path), "--plain", "--seat", str(seat), "--lang", "en")
    assert code == 0 and "hand:" in out
    code, out, _ = cli("suggest", str(path), "--bot", "heuristic", "--json")
    suggested = json.loads(out)
    assert code == 0 and suggested["seat"] == seat
    assert suggested["action"] in json.loads(cli("replay", str(path), "--json", "--legal")[1])["legal"][str(seat)]


def test_a_design_record_is_reviewed_from_the_seats_view(tmp_path):
    # the search on the pure engine takes seconds a decision on Daifugō: one preset here, a decision or two
    record = partial_record("big-two")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    first = next(who for who, _ in record["actions"] if isinstance(who, int))
    code, out, _ = cli("review", str(path), "--seat", str(first), "--bot", "easy", "--json")
    assert code == 0, out
    reviewed = json.loads(out)
    match = Match(make("goout", {"design": "big-two"}), seed=5)  # the record's moments: chosen, or forced
    played, forced = [], 0
    for who, text in record["actions"]:
        if who == first:
            if len(match.legal_actions(first)) == 1:
                forced += 1
            else:
                played.append(text)
        match.act(who, text)
    assert [d["played"] for d in reviewed["decisions"]] == played and reviewed["summary"]["forced"] == forced


def write_design(path, design: D.Design) -> str:
    path.write_text(json.dumps(design.to_json()), encoding="utf-8")
    return str(path)


@pytest.mark.slow  # ~10 s: two designs' games with the heuristic on the pure engine, and the report's figures
def test_analyze_compares_two_designs_on_the_same_deals_with_the_verdict(tmp_path):
    other = write_design(
        tmp_path / "no-revolution.json", D.preset("daifugo").with_values({"play.revolution.enabled": False})
    )
    code, out, err = cli(
        "analyze", "--design", "daifugo", "--vs-design", other,
        "--games", "3", "--skill", "", "--jobs", "1", "--out", str(tmp_path / "r"), "--json",
    )  # fmt: skip
    assert code == 0, err
    document = json.loads(out)
    [verdict] = document["verdict"]
    assert "play.revolution.enabled=false" in verdict["headline"]["en"]  # the key that differs, not the whole file
    assert "Benjamini–Hochberg" in verdict["headline"]["en"]
    [a, b] = document["variants"]
    assert a["options"]["design"]["play"]["revolution"]["enabled"] is True
    assert b["options"]["design"]["play"]["revolution"]["enabled"] is False
    assert document["comparisons"][0]["pairing"]["paired"]  # both deal the same cards on the same seeds


def test_vs_design_needs_a_design(tmp_path):
    code, _, err = cli("analyze", "cutin", "--vs-design", "daifugo", "--games", "2", "--out", str(tmp_path))
    assert code == 2 and "--vs-design needs --design" in err


@pytest.mark.slow  # ~10 s: three values' games and the report's figures
def test_design_sweep_reports_every_value_against_the_first(tmp_path):
    code, out, err = cli(
        "design", "sweep", "cutin", "--vary", "turns.pass=lap,soft,hard",
        "--games", "2", "--skill", "", "--jobs", "1", "--out", str(tmp_path), "--json",
    )  # fmt: skip
    assert code == 0, err
    document = json.loads(out)
    names = [v["name"] for v in document["variants"]]
    assert names == ["turns.pass=lap", "turns.pass=soft", "turns.pass=hard"]
    assert [v["options"]["design"]["turns"]["pass"] for v in document["variants"]] == ["lap", "soft", "hard"]
    assert len(document["verdict"]) == 2 and document["sweep"] == {
        "key": "turns.pass",
        "values": ["lap", "soft", "hard"],
    }
    assert (tmp_path / "report.html").exists()


@pytest.mark.parametrize(
    ("vary", "message"),
    [
        ("play.nothing=1,2", "play.nothing: unknown key"),
        ("turns.pass=lap,sideways", "turns.pass: must be one of"),
        ("play.full_house=false,true", "play.full_house: the full house is played as a five-card hand"),
        ("turns.pass=lap", "at least two values"),
        ("scoring.finish_points=[2,1,-1,-2],[3,1,,-3]", "scoring.finish_points: the value [3,1,,-3] is not a JSON"),
        ("scoring.finish_points=[2,1,-1,-2],[3,1", "scoring.finish_points: unbalanced brackets"),
        ('scoring.finish_points=[2,1,-1,-2],["a"]', "scoring.finish_points:"),
        ('play.set_sizes=[1,2],[1,"two"]', "play.set_sizes:"),
    ],
)
def test_design_sweep_refuses_a_bad_key_or_value_naming_it(vary, message, tmp_path):
    code, _, err = cli("design", "sweep", "cutin", "--vary", vary, "--games", "2", "--out", str(tmp_path))
    assert code == 2 and message in " ".join(err.split())
    assert not (tmp_path / "report.html").exists()


def test_a_design_sweep_varies_a_list_valued_key_written_as_json_lists():
    from kirifuda.analysis import analyze as A

    key, values = A.parse_sweep("scoring.finish_points=[2,1,-1,-2], [3,1,-1,-3],[4,2,-2,-4]")
    assert key == "scoring.finish_points" and values == ([2, 1, -1, -2], [3, 1, -1, -3], [4, 2, -2, -4])
    assert A.parse_sweep('play.five_card_hands=["flush","full-house"],["straight"]')[1] == (
        ["flush", "full-house"],
        ["straight"],
    )
    options = {"design": D.preset("daifugo").to_json()}
    plan = A.plan("goout", options, bots=["random"], games=1, skill=[], sweep=(key, values), vary=A.vary_design)
    assert list(plan.variants) == [
        "scoring.finish_points=[2, 1, -1, -2]",
        "scoring.finish_points=[3, 1, -1, -3]",
        "scoring.finish_points=[4, 2, -2, -4]",
    ]
    played = [D.validate(v["design"]).to_json_flat()["scoring.finish_points"] for v in plan.variants.values()]
    assert played == list(values)


def test_tournament_takes_a_design():
    code, out, err = cli(
        "tournament", "--design", "big-two", "--bots", "random,heuristic", "--seeds", "1", "--jobs", "1", "--json"
    )
    assert code == 0, err
    result = json.loads(out)
    assert result["game"] == "goout" and result["options"]["design"]["game"]["name"] == "Big Two"
    assert result["games"] == 4  # one seed in every rotation of four seats


def test_a_design_sweep_plans_each_value_on_the_same_seeds_and_labels_the_verdict_by_key(tmp_path):
    from kirifuda.analysis import analyze as A
    from kirifuda.analysis import table

    options = {"design": D.preset("cutin").to_json()}
    plan = A.plan(
        "goout", options, bots=["random"], games=1, skill=[], sweep=("play.cut_in", (True, False)), vary=A.vary_design
    )
    assert list(plan.variants) == ["play.cut_in=true", "play.cut_in=false"]
    assert [(s.seed, s.variant) for s in plan.specs] == [(0, "play.cut_in=true"), (0, "play.cut_in=false")]
    outcome = A.execute(plan, tmp_path, jobs=1, figures=False, command="test")
    [verdict] = outcome.document["verdict"]
    assert verdict["headline"]["en"].startswith("play.cut_in=false against play.cut_in=true")
    cut_ins = {
        row.variant: sum(e["name"] == "cut_in" for e in row.events or ()) for row in table.read(tmp_path / A.PARQUET)
    }  # the designed game's own events (analysis/stats/goout.py), counted from the design alone
    assert cut_ins["play.cut_in=true"] > 0 and cut_ins["play.cut_in=false"] == 0


def test_the_seat_figure_draws_variants_with_different_seat_counts(tmp_path):
    """Two designs (or options) may seat 4 and 5: each variant's bars cover its own seats."""
    from kirifuda.analysis import plots

    def seat(mean: float) -> dict:
        interval = {"mean": mean, "ci": [mean - 1, mean + 1]}
        return {"advantage": interval, "win_share": interval}

    summaries = [
        ("A", {"seats": [seat(0.1 * k) for k in range(4)]}),
        ("B", {"seats": [seat(0.1 * k) for k in range(5)]}),
    ]
    plots.seats(summaries, tmp_path)
    assert (tmp_path / "seats.svg").read_text().count("seat 4") >= 1
