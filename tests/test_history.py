"""Per-seat history for every registered game id (docs/architecture.md "Each seat's history").

Each event reaches each seat as it saw it (:meth:`kirifuda.core.Game.seen`): the actor sees its own action in
full, a deal shows the seat its own hand, and what the seat may not know is written ``?``. Mechanically: a world
the seat cannot tell apart (two unplayed cards swapped between two other hands of the current deal, the same
actions replayed) gives the seat exactly the same history and observations.
"""

from __future__ import annotations

import random

import pytest
from swaps import observations, random_match, swapped

from kirifuda.core import HIDDEN, Game
from kirifuda.registry import available, make

GAMES = available()


@pytest.mark.parametrize("game_id", GAMES)
def test_each_seat_sees_each_event_its_own_way(game_id):
    game = make(game_id)
    for seed in range(3):
        rng = random.Random(seed)
        match = random_match(game, seed, 400, rng)
        for seat in [*range(game.seat_count), None]:
            view = match.view(seat)
            history = view.history()
            assert len(history) == len(match.events)
            for i, (seen, event) in enumerate(zip(history, match.events, strict=True)):
                assert seen.actor == event.actor
                if event.actor == "deal":
                    hand = view.observation_at(i + 1).hand
                    assert seen.text == ("deal" if not hand else "deal " + " ".join(hand.texts()))
                elif event.actor == seat:
                    assert seen.text == str(event.action), "the actor sees its own action in full"
                elif HIDDEN not in seen.text:
                    text = event.action if isinstance(event.action, str) else str(event.action)
                    assert seen.text == text, "an event is either public or shows ? for what is hidden"
            assert view.observation() == game.observation(match.state, seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_spectator_sees_no_more_than_any_seat(game_id):
    game = make(game_id)
    match = random_match(game, 5, 300, random.Random(5))
    spectator = match.view(None).history()
    for seat in range(game.seat_count):
        for mine, public in zip(match.view(seat).history(), spectator, strict=True):
            if HIDDEN not in mine.text and mine.actor != "deal":
                continue
            assert public.text.count(HIDDEN) >= mine.text.count(HIDDEN) or public.actor == "deal"


@pytest.mark.parametrize("game_id", GAMES)
def test_unplayed_cards_swapped_between_two_other_hands_change_nothing_a_seat_sees(game_id):
    game = make(game_id)
    checked = 0
    for seed in range(40):
        rng = random.Random(1000 + seed)
        match = random_match(game, seed, rng.randrange(1, 120), rng)
        seat = rng.randrange(game.seat_count)
        other = swapped(match, seat, rng)
        if other is None:
            continue
        assert other.state != match.state
        assert other.view(seat).history() == match.view(seat).history()
        assert observations(other, seat) == observations(match, seat)
        checked += 1
    assert checked >= 10, f"only {checked} indistinguishable worlds found"


@pytest.mark.parametrize("game_id", GAMES)
def test_history_reveals_no_more_of_an_action_than_the_observation_after_it(game_id):
    """If a seat's observation after an event is the same whichever of the actor's legal actions (or whichever
    chance event) it was, the seat's history entry must be the same too: the history tells a seat nothing that
    it could not see on the table (a face-down card, a pass between two others, a blind swap)."""
    game = make(game_id)
    compared = 0
    for seed in range(4):
        rng = random.Random(seed)
        match = random_match(game, seed, 250, rng)
        for event in match.events:
            if event.actor == "deal":
                continue
            if event.actor == "chance":
                draws = {game.random_chance(event.before, random.Random(k)) for k in range(8)}
                alternatives = [(text, game.apply_chance(event.before, text)) for text in draws]
            else:
                legal = game.legal_actions(event.before, event.actor)
                picks = rng.sample(legal, min(len(legal), 8))
                alternatives = [(a, game.apply(event.before, event.actor, a)) for a in picks]
            for seat in [*range(game.seat_count), None]:
                if seat == event.actor:
                    continue
                mine = game.observation(event.after, seat)
                for alternative, after in alternatives:
                    if game.observation(after, seat) != mine:
                        continue
                    if event.actor == "chance":
                        assert game.seen_chance(event.before, seat, alternative) == game.seen_chance(
                            event.before, seat, event.action
                        )
                    else:
                        assert game.seen(event.before, seat, event.actor, alternative) == game.seen(
                            event.before, seat, event.actor, event.action
                        ), f"seat {seat} learns {event.action} from its history but not from the table"
                    compared += 1
    assert compared > 0 or type(game).seen is Game.seen  # a game whose every decision is public may have none
