"""``kirifuda design`` and the ``--design`` option of ``play`` and ``simulate`` (docs/design.md), run as a user
runs them (subprocesses of the real command)."""

from __future__ import annotations

import json
import tomllib

from test_cli import kirifuda

from kirifuda import design as D


def test_show_prints_the_preset_file():
    result = kirifuda("design", "show", "daifugo")
    assert result.returncode == 0
    assert result.stdout == D.preset_text("daifugo")
    assert D.validate(tomllib.loads(result.stdout)) == D.preset("daifugo")


def test_new_writes_a_starter_that_checks(tmp_path):
    path = tmp_path / "mine.toml"
    assert kirifuda("design", "new", str(path)).returncode == 0
    checked = kirifuda("design", "check", str(path))
    assert checked.returncode == 0, checked.stderr
    assert "①札" in checked.stdout and "① Cards" in checked.stdout and "sha256" in checked.stdout
    again = kirifuda("design", "new", str(path))
    assert again.returncode == 2 and "not overwritten" in again.stderr


def test_check_names_the_key_at_fault_in_both_languages(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("[play.runs]\nmin_length = 1\n", encoding="utf-8")
    result = kirifuda("design", "check", str(path))
    assert result.returncode == 2
    assert "play.runs.min_length: must be ≥ 2" in result.stderr and "play.runs.min_length は 2 以上" in result.stderr


def test_check_refuses_what_the_engine_cannot_run(tmp_path):
    path = tmp_path / "fh.toml"
    path.write_text("[play]\nfull_house = true\n", encoding="utf-8")
    result = kirifuda("design", "check", str(path))
    assert result.returncode == 2 and "play.full_house" in result.stderr


def test_schema_prints_the_published_schema():
    result = kirifuda("design", "schema")
    assert result.returncode == 0 and json.loads(result.stdout) == D.json_schema()


def test_bots_play_a_design_out_and_the_record_replays(tmp_path):
    path = tmp_path / "game.json"
    played = kirifuda(
        "play",
        "--design",
        "big-two",
        "--seats",
        "heuristic,random,heuristic,random",
        "--seed",
        "3",
        "--record",
        str(path),
    )
    assert played.returncode == 0, played.stderr
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["game"] == "goout" and record["design_sha256"] == D.preset("big-two").sha256
    replayed = kirifuda("replay", str(path), "--json")
    assert replayed.returncode == 0 and json.loads(replayed.stdout)["finished"]


def test_simulate_a_design():
    result = kirifuda("simulate", "--design", "cutin", "--games", "3", "--jobs", "1", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["game"] == "goout" and data["games"] == 3 and data["options"]["design"]["game"]["name"] == "Cut-in"
