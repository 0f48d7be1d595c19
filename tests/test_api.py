"""The front door: ``import kirifuda`` and play, record and replay a game through its small public API."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

import kirifuda
from kirifuda import registry


def test_games_are_the_registered_ids_with_rules():
    assert kirifuda.games() == registry.available()
    assert "anou" in kirifuda.games()


def test_make_takes_options_as_keywords_or_one_object():
    game = kirifuda.make("anou", players=3)
    assert game.id == "anou" and game.seat_count == 3
    assert kirifuda.make("anou", {"players": 3}).options == game.options
    assert kirifuda.make("anou", game.options).options == game.options
    assert isinstance(game, kirifuda.Game)
    with pytest.raises(TypeError, match="not both"):
        kirifuda.make("anou", {"players": 3}, players=4)


def test_bad_ids_and_options_are_errors_that_say_why():
    with pytest.raises(kirifuda.KirifudaError, match="unknown game 'hearts'"):
        kirifuda.make("hearts")
    with pytest.raises(kirifuda.KirifudaError, match="players"):
        kirifuda.make("anou", players=9)


def test_a_match_played_through_the_api_replays_from_its_record(tmp_path):
    match = kirifuda.Match(kirifuda.make("anou", players=3), seed=11)
    rng = random.Random(11)
    while not match.finished:
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal_actions(seat)))
    record = match.record()
    again = kirifuda.replay(record)
    assert again.actions == match.actions
    assert again.game.totals(again.state) == match.game.totals(match.state)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert kirifuda.replay(path).actions == match.actions
    with pytest.raises(kirifuda.KirifudaError):
        kirifuda.replay({**record, "actions": [["0", "play XX"]]})


def test_games_stays_the_function_once_the_rules_subpackage_is_imported():
    import kirifuda.games.anou
    from kirifuda.games import anou

    assert anou is sys.modules["kirifuda.games.anou"] is kirifuda.games.anou
    assert callable(kirifuda.games) and "anou" in kirifuda.games()


def test_all_names_the_public_api_and_each_exists():
    assert sorted(kirifuda.__all__) == sorted(set(kirifuda.__all__))
    for name in kirifuda.__all__:
        assert getattr(kirifuda, name) is not None
    with pytest.raises(AttributeError):
        kirifuda.no_such_thing  # noqa: B018


def test_import_kirifuda_stays_cheap():
    """No game, surface or third-party library is imported until it is used."""
    watched = ("typer", "textual", "fastapi", "numpy")
    code = f"import sys, kirifuda; print(sorted(m for m in sys.modules if m.startswith('kirifuda') or m in {watched}))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert json.loads(out.replace("'", '"')) == ["kirifuda"]
