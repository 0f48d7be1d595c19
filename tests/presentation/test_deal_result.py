"""The end of a deal as a moment of the table (issue 18): ``Table.result`` for every game id.

A surface that must pause runs its Match with ``auto_chance=False`` and resolves the next deal only after the
person presses Continue; while the deal is pending, every seat's table (and a spectator's) carries the deal's
result — the final position, the score by rule, the scores and the totals — and nowhere else is it set. The
result is built from the observation alone, so two worlds a seat cannot tell apart give the same result.
"""

from __future__ import annotations

import json
import random

import pytest

from kirifuda.match import Match
from kirifuda.presentation import present
from kirifuda.presentation.model import Table
from kirifuda.presentation.text import render
from kirifuda.registry import available, make, quick

GAMES = available()
DEALS = 4
"""Deal ends looked at per game (Organised Chaos has 10 deals: it is stopped early)."""


def deal_ends(game, seed: int):
    """Random play with ``auto_chance=False``: yields the match at every end of a deal (the next deal pending, or
    the game over), and checks on the way that no other moment has a result."""
    match = Match(game, seed=seed, auto_chance=False)
    match.resolve_chance()
    rng = random.Random(seed)
    seen = 0
    while seen < DEALS:
        if match.finished or (game.chance(match.state) == "deal" and game.deal_scores(match.state)):
            seen += 1
            yield match
            if match.finished:
                return
            match.resolve_chance()  # the person pressed Continue
            continue
        if game.chance(match.state) is not None:
            match.resolve_chance()  # a chance event within a deal (Gonin-kan's blind swap)
            continue
        assert present(game, match.observation(None)).result is None
        seat = rng.choice(sorted(match.to_act()))
        assert present(game, match.observation(seat)).result is None
        match.act(seat, rng.choice(match.legal_actions(seat)))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_end_of_a_deal_shows_its_result(game_id):
    game = make(game_id, quick(game_id, deals=2))
    ends = 0
    for match in deal_ends(game, seed=5):
        scores = game.deal_scores(match.state)
        for viewer in (None, *range(game.seat_count)):
            table = present(game, match.observation(viewer))
            result = table.result
            assert result is not None
            assert result.deal == len(scores) - 1
            assert result.scores == scores[-1]
            assert result.totals == game.totals(match.state)
            assert result.over == match.finished
            assert result.zones, "the final position is shown"
            assert all(zone.key.startswith("result") for zone in result.zones)
            for seat in range(game.seat_count):
                assert sum(line.amounts[seat] or 0 for line in result.lines) == result.scores[seat]
            assert {line.rule for line in result.lines} == {line.rule for line in game.score_lines(match.state)[-1]}
            assert Table.from_json(json.loads(json.dumps(table.to_json(), ensure_ascii=False))) == table
            for lang in ("en", "ja"):
                text = render(table, lang)
                block = text[text.index(f"== {result.title(lang)} ==") :].splitlines()
                score_row = next(line.split() for line in block if line.split()[0] in ("score", "得点"))
                assert score_row[1:] == [f"{v:+d}" for v in result.scores], "every seat's deal score is drawn"
        ends += 1
    assert ends >= 2


@pytest.mark.parametrize("game_id", GAMES)
def test_the_result_of_worlds_a_seat_cannot_tell_apart_is_the_same(game_id):
    game = make(game_id, quick(game_id, deals=2))
    rng = random.Random(7)
    for match in deal_ends(game, seed=8):
        for viewer in (None, *range(game.seat_count)):
            other = game.reshuffle_unseen(match.state, viewer, rng)
            result = present(game, match.observation(viewer)).result
            assert result is not None
            assert present(game, game.observation(other, viewer)).result == result


@pytest.mark.parametrize("game_id", GAMES)
def test_stepping_through_a_record_meets_each_deal_end_before_the_next_deal(game_id):
    """In a record, the table just before a "deal" event (after the first) is the end of the previous deal."""
    game = make(game_id, quick(game_id, deals=2))
    match = Match(game, seed=3)
    rng = random.Random(3)
    while not match.finished and len(game.deal_scores(match.state)) < 2:
        seat = rng.choice(sorted(match.to_act()))
        match.act(seat, rng.choice(match.legal_actions(seat)))
    before_deals = [e.before for e in match.events if e.actor == "deal"][1:]
    assert before_deals or match.finished
    for state in before_deals:
        result = present(game, game.observation(state, 0)).result
        assert result is not None and result.scores == game.deal_scores(state)[-1]
