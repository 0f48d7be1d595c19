"""A determinization serving several search iterations (``GameKit.reuse``, issue 21's fourth pass)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from kirifuda.arena import Seating
from kirifuda.bots import BotError, make_bot
from kirifuda.bots.anarchy import Kit
from kirifuda.bots.ismcts import ISMCTS
from kirifuda.bots.registry import FRESH_NAMES, check_name
from kirifuda.fast.anarchy import Position
from kirifuda.match import Match
from kirifuda.registry import make


def first_choice(game_id: str, seed: int) -> tuple[Match, int]:
    match = Match(make(game_id), seed=seed)
    return match, min(match.to_act())


@pytest.mark.parametrize("reuse", [1, 3, 8])
def test_each_determinization_serves_reuse_iterations_each_walked_on_its_own_copy(reuse):
    match, seat = first_choice("organised-chaos", 3)
    kit = Kit(match.game)
    info = Seating(match, {}).info(seat)
    made = []  # (what searchable was given, what it made, the made position's cards as they were made)
    searchable = kit.searchable

    def recorded(state):
        pos = searchable(state)
        made.append((state, pos, (list(pos.hands), list(pos.given), pos.phase)))
        return pos

    kit.searchable = recorded  # type: ignore[method-assign]
    search = ISMCTS(kit, iterations=20, reuse=reuse)
    search.search(lambda r: kit.sample(info, r), seat, match.legal_actions(seat), random.Random(1))
    drawn = [pos for state, pos, _ in made if not isinstance(state, Position)]
    assert len(drawn) == -(-20 // reuse)  # a new determinization every `reuse` iterations
    walked = [pos for state, pos, _ in made if reuse == 1 or isinstance(state, Position)]
    assert len(walked) == 20 and len({id(p) for p in walked}) == 20  # each iteration on its own position
    if reuse > 1:  # each kept determinization served `reuse` iterations and was never walked itself
        served = Counter(id(state) for state, _, _ in made if isinstance(state, Position))
        assert sorted(served.values())[1:] == [reuse] * (len(drawn) - 1)
        for state, pos, cards in made:
            if not isinstance(state, Position):
                assert (pos.hands, pos.given, pos.phase) == cards


def test_the_fresh_levels_draw_a_determinization_every_iteration_and_the_levels_reuse_the_kits():
    game = make("anarchy")
    assert make_bot("normal", game).search.reuse == Kit.reuse
    assert make_bot("hard-fresh", game).search.reuse == 1
    assert make_bot("easy-infer", game).search.reuse == Kit.reuse
    for name in FRESH_NAMES:
        check_name(name)
    with pytest.raises(BotError):
        check_name("heuristic-fresh")


def test_a_review_draws_a_new_determinization_every_iteration_whatever_the_kit_reuses():
    """``ISMCTS.evaluate`` (``kirifuda review``) gives standard errors that treat iterations as independent: it does
    not reuse determinizations, and searches as the ``-fresh`` level does."""
    match, seat = first_choice("anarchy", 4)
    info = Seating(match, {}).info(seat)
    legal = match.legal_actions(seat)
    results = []
    for reuse in (8, 1):
        kit = Kit(match.game)
        draws = []

        def sample(rng: random.Random, kit: Kit = kit, draws: list[int] = draws):
            draws.append(1)
            return kit.sample(info, rng)

        search = ISMCTS(kit, iterations=30, reuse=reuse)
        choice, values, stats = search.evaluate(sample, seat, legal, random.Random(2), min_visits=3)
        assert len(draws) == stats.iterations and search.reuse == reuse
        results.append((str(choice), values))
    assert results[0] == results[1]
