"""State messages are written in one pass (kirifuda.web.messages.dumps): exactly the JSON of
``Observation.to_json()``, ``Table.to_json()`` and ``choice_to_json`` for every game id, in random positions."""

from __future__ import annotations

import json
import random

import pytest
from swaps import random_match

from kirifuda.core import Seen
from kirifuda.presentation import choices, present
from kirifuda.presentation.model import choice_to_json
from kirifuda.registry import available, make, quick
from kirifuda.tui.session import log_line as terminal_log_line
from kirifuda.web.messages import dumps, encode, log_line, seat_payload
from kirifuda.web.schemas import StateMessage


@pytest.mark.parametrize("game_id", available())
def test_one_pass_json_is_the_models_own_json(game_id):
    game = make(game_id)
    rng = random.Random(5)
    for attempt in range(6):
        match = random_match(game, attempt, rng.randrange(0, 200), rng)
        for seat in (None, *range(game.seat_count)):
            obs = match.observation(seat)
            assert json.loads(dumps(obs)) == obs.to_json()
            table = present(game, obs)
            assert json.loads(dumps(table)) == table.to_json()
            legal = match.legal_actions(seat) if seat is not None else []
            offered = choices(game, obs, legal)
            assert json.loads(dumps(offered)) == [choice_to_json(c) for c in offered]


@pytest.mark.parametrize("game_id", available())
def test_a_seat_payload_is_a_valid_state_message(game_id):
    game = make(game_id)
    match = random_match(game, 3, 40, random.Random(3))
    for seat in (None, *range(game.seat_count)):
        body = json.loads(dumps({"type": "state", **seat_payload(match, seat), "table": "t", "players": []}))
        StateMessage.model_validate(body)
        assert body["seat"] == seat and body["version"] == len(match.actions)
        assert body["observation"] == match.observation(seat).to_json()


def test_what_is_not_data_is_refused():
    with pytest.raises(TypeError):
        encode(object())


@pytest.mark.parametrize("game_id", available())
def test_the_browsers_log_reads_as_the_terminals(game_id):
    """One vocabulary for both logs (the game's presentation module): a bid or a suit by its name in each."""
    game = make(game_id, quick(game_id))
    match = random_match(game, 4, 60, random.Random(4))
    for seat in (None, *range(game.seat_count)):
        for seen in match.view(seat).history():
            assert log_line(game, seen)["line"] == terminal_log_line(game, seen)
    if game_id == "anarchy":
        line = log_line(game, Seen(2, "bid hearts"))["line"]
        assert (line.ja, line.en) == ("席2: ビッド ハート", "Seat 2: bids hearts")
