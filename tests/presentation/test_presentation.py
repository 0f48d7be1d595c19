"""The presentation model of every game id, over random games (issue 11): ``present`` and ``choices`` work at every
decision, the JSON round-trips, every legal action has exactly one choice whose cards lie in the zone it names,
the hand zone is exactly the observation's hand, and nothing is shown that the seat's observation does not hold."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from swaps import random_match, swapped

from kirifuda.cards import CardSet
from kirifuda.core import Action
from kirifuda.match import Match
from kirifuda.presentation import choices, event, present, rules
from kirifuda.presentation.model import FACE_DOWN, ZONE_KINDS, Table, choice_from_json, choice_to_json
from kirifuda.registry import available, make, quick

GAMES = available()
VARIANTS = {
    "anou": [{"players": 3}, {"players": 3, "deck3": "52", "root_stones": True}],
    "anarchy": [{"players": 4, "deals": 1, "bidding": "secret"}],
    "anarchy-bomb": [{"players": 3, "deals": 1}, {"players": 5, "deals": 1, "deck5": "65", "bomb_wild": True}],
    "organised-chaos": [{"players": 3, "dummy_passes": True}, {"players": 5}],
    "goninkan": [{"players": 5, "rounds": 1, "sixteen_in_battle1": True}],
    "cutin": [
        {"players": 3},
        {"players": 5, "next_start": "winner"},
        {"players": 5, "jokers": 2, "deck": "40", "pass_style": "hard"},
    ],
}
CARD = re.compile(r"\b(?:[2-9TJQKA][SHDC]|JK)\b")
STEPS = 150


def card_texts(value: Any) -> Counter[str]:
    """Every card text an observation holds: in its card sets, its ``(seat, card)`` pairs, its actions' texts."""
    found: Counter[str] = Counter()
    if isinstance(value, CardSet):
        found.update(value.texts())
    elif isinstance(value, Action):
        found.update(CARD.findall(str(value)))
    elif isinstance(value, str):
        found.update(CARD.findall(value))
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            found += card_texts(getattr(value, field.name))
    elif isinstance(value, (list, tuple)):
        for v in value:
            found += card_texts(v)
    return found


def table_cards(table: Table) -> Counter[str]:
    return Counter(c.card for zone in table.zones() for c in zone.cards if c.card != FACE_DOWN)


def check_table(game, obs, table: Table) -> None:
    assert table.game == game.id and table.viewer == obs.seat
    assert Table.from_json(json.loads(json.dumps(table.to_json(), ensure_ascii=False))) == table
    if obs.seat is None:
        assert table.hand is None
        assert not any(seat.you for seat in table.seats)
    else:
        assert table.hand is not None and table.hand.kind == "hand"
        assert Counter(c.card for c in table.hand.cards) == Counter(obs.hand.texts())
        assert [s.seat for s in table.seats if s.you] == [obs.seat]
    for zone in table.zones():
        assert zone.kind in ZONE_KINDS
    keys = [z.key for z in table.zones()]
    assert len(keys) == len(set(keys)), "zone keys are unique"
    # nothing shown that the observation does not hold: every card on the table is a card the observation names
    # (as many times: a double deck's copies), counted over every place it may show the card
    allowed = card_texts(obs)
    shown = table_cards(table)
    assert set(shown) <= set(allowed), f"cards not in the observation: {set(shown) - set(allowed)}"
    assert sorted(table.turn) == sorted(getattr(obs, "to_act", ()))
    assert [s.seat for s in table.seats if s.to_act] == [s.seat for s in table.seats if s.seat in table.turn]


def check_choices(game, obs, legal, table: Table) -> None:
    listed = choices(game, obs, legal)
    assert [c.action for c in listed] == [str(a) for a in legal], "one choice per legal action, in order"
    assert len({c.action for c in listed}) == len(listed)
    texts = {str(a) for a in legal}
    for choice in listed:
        assert choice_from_json(json.loads(json.dumps(choice_to_json(choice)))) == choice
        assert str(game.parse_action(choice.action)) in texts
        if choice.cards:
            zone = table.zone(choice.zone or "")
            assert zone is not None, f"{choice.action}: no zone {choice.zone!r}"
            assert not Counter(choice.cards) - Counter(c.card for c in zone.cards), f"{choice.action} not in {zone.key}"
    same = Counter((tuple(sorted(c.cards)), c.group) for c in listed if c.cards)
    assert all(n == 1 for n in same.values()), "choices of the same cards differ by their group"


def walk(game, seed: int, steps: int = STEPS) -> int:
    """Random play from ``seed``; every seat's table (and a spectator's) at every decision. Returns decisions."""
    match = Match(game, seed=seed)
    rng = random.Random(seed)
    decisions = 0
    while not match.finished and decisions < steps:
        for viewer in [None, *range(game.seat_count)]:
            obs = match.observation(viewer)
            check_table(game, obs, present(game, obs))
        seat = rng.choice(sorted(match.to_act()))
        obs = match.observation(seat)
        legal = match.legal_actions(seat)
        check_choices(game, obs, legal, present(game, obs))
        match.act(seat, rng.choice(legal))
        decisions += 1
    obs = match.observation(0)
    final = present(game, obs)
    check_table(game, obs, final)
    if match.finished:
        assert final.over and final.winners == game.winners(match.state)
        assert final.sheet is not None and final.sheet.totals == game.totals(match.state)
    return decisions


@pytest.mark.parametrize("game_id", GAMES)
def test_every_decision_of_a_game_is_presented(game_id):
    assert walk(make(game_id, quick(game_id)), seed=1) > 20


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_every_decision_of_every_variant_is_presented(game_id):
    for k, options in enumerate(VARIANTS.get(game_id, [])):
        walk(make(game_id, options), seed=10 + k, steps=200)
    walk(make(game_id, quick(game_id)), seed=99, steps=300)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_world_the_seat_cannot_tell_apart_gives_the_same_table(game_id):
    game = make(game_id)
    rng = random.Random(3)
    compared = 0
    for attempt in range(60):
        match = random_match(game, attempt, rng.randrange(1, 120), rng)
        waiting = sorted(match.to_act())
        if not waiting:
            continue
        seat = rng.choice(waiting)
        other = swapped(match, seat, rng)
        if other is None:
            continue
        assert present(game, other.observation(seat)) == present(game, match.observation(seat))
        legal = match.legal_actions(seat)
        assert choices(game, other.observation(seat), legal) == choices(game, match.observation(seat), legal)
        assert [event(game, s) for s in other.view(seat).history()] == [
            event(game, s) for s in match.view(seat).history()
        ]
        compared += 1
        if compared == 3:
            break
    assert compared >= 2


@pytest.mark.parametrize("game_id", GAMES)
def test_rules_summary_in_both_languages(game_id):
    text = rules(make(game_id))
    assert len(text.ja.splitlines()) >= 5 and len(text.en.splitlines()) >= 5
    assert text.ja != text.en


def test_a_face_down_card_stays_face_down_in_the_log():
    game = make("anarchy", {"deals": 1})
    match = Match(game, seed=2)
    while match.state.phase != "play":
        seat = min(match.to_act())
        match.act(seat, match.legal_actions(seat)[0])
    match.act(0, match.legal_actions(0)[0])
    seen = match.view(1).history()[-1]
    assert seen.text == "play ?"
    line = event(game, seen)
    assert line.en == "Seat 0: plays ?" and line.ja == "席0: 出す ?"
