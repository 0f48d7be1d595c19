"""Flat Monte Carlo with common random numbers at the root (``FlatSearch``, the ``-flat`` levels; issue 21)."""

from __future__ import annotations

import random

import pytest

from kirifuda.arena import Seating
from kirifuda.bots import BotError, make_bot
from kirifuda.bots.anarchy import Kit
from kirifuda.bots.ismcts import ISMCTS, FlatSearch
from kirifuda.bots.registry import FLAT_NAMES, check_name, make_cheating_bot
from kirifuda.games.anarchy import PLAY
from kirifuda.match import Match
from kirifuda.registry import make


def in_a_trick(game_id: str, seed: int) -> tuple[Match, int]:
    """A match of ``game_id`` at its first trick (the bids made by the heuristic), and the lowest seat awaited."""
    game = make(game_id)
    match = Match(game, seed=seed)
    kit = Kit(game)
    while match.state.phase != PLAY:
        seat = min(match.to_act())
        match.act(seat, kit.heuristic(Seating(match, {}).info(seat), match.legal_actions(seat), random.Random(0)))
    return match, min(match.to_act())


def test_every_choice_is_valued_on_the_same_worlds_with_the_same_draws_and_the_best_mean_is_chosen():
    match, seat = in_a_trick("anarchy-bomb", 2)
    kit = Kit(match.game)
    info = Seating(match, {}).info(seat)
    legal = match.legal_actions(seat)
    worlds: list[object] = []
    leaves: list[tuple[int, int, str, float]] = []  # (world, first draw, card, reward)
    game, evaluate = kit.search_game, kit.evaluate
    last: dict[str, object] = {}

    def sample(rng):
        state = kit.sample(info, rng)
        worlds.append(state)
        last["world"] = state
        return state

    apply = game.apply

    def applied(state, actor, action):
        last["card"] = str(action)
        return apply(state, actor, action)

    def valued(state, deal, rng):
        draw = rng.random()
        rng.seed(draw)  # the leaf's draws still come from its generator alone
        result = evaluate(state, deal, rng)
        leaves.append((id(last["world"]), draw, str(last["card"]), kit.rewards(result)[seat]))
        return result

    game.apply = applied  # type: ignore[method-assign]
    kit.evaluate = valued  # type: ignore[method-assign]
    search = FlatSearch(kit, iterations=10 * len(legal))
    choice, stats = search.search(sample, seat, legal, random.Random(5))
    game.apply = apply  # type: ignore[method-assign]
    assert len(worlds) == 10 and stats.iterations == len(leaves) == 10 * len(legal)
    texts = [str(a) for a in legal]
    for w in range(10):  # each world valued after every legal card, in order, with one draw
        group = leaves[w * len(legal) : (w + 1) * len(legal)]
        assert [card for _, _, card, _ in group] == texts  # the walk's own actions, spelt as the seat's
        assert len({world for world, _, _, _ in group}) == 1 and group[0][0] == id(worlds[w])
        assert len({draw for _, draw, _, _ in group}) == 1
    assert len({draw for _, draw, _, _ in leaves}) == 10  # a new draw for each world
    means = {t: sum(r for _, _, card, r in leaves if card == t) / 10 for t in texts}
    assert str(choice) == max(texts, key=means.__getitem__)


def test_the_flat_search_depends_on_its_generator_alone_and_respects_its_budget():
    match, seat = in_a_trick("anarchy", 4)
    kit = Kit(match.game)
    info = Seating(match, {}).info(seat)
    legal = match.legal_actions(seat)
    runs = [
        FlatSearch(Kit(match.game), iterations=60).search(lambda r: kit.sample(info, r), seat, legal, random.Random(9))
        for _ in range(2)
    ]
    assert str(runs[0][0]) == str(runs[1][0])
    assert len(legal) <= runs[0][1].iterations <= max(60, len(legal))
    small = FlatSearch(kit, iterations=1).search(lambda r: kit.sample(info, r), seat, legal, random.Random(9))
    assert small[1].iterations == len(legal)  # at least one world, whatever the budget


def test_a_choice_among_more_than_the_widening_bound_is_the_trees():
    """Organised Chaos's pass (286 choices): the flat search hands it to the tree, which widens progressively."""
    match = Match(make("organised-chaos"), seed=1)
    seat = min(match.to_act())
    kit = Kit(match.game)
    info = Seating(match, {}).info(seat)
    legal = match.legal_actions(seat)
    assert len(legal) > kit.widen_above
    flat = FlatSearch(kit, iterations=30).search(lambda r: kit.sample(info, r), seat, legal, random.Random(2))
    tree = ISMCTS(Kit(match.game), iterations=30).search(lambda r: kit.sample(info, r), seat, legal, random.Random(2))
    assert str(flat[0]) == str(tree[0])


def test_the_flat_names_search_flat_and_the_levels_as_their_kit_lists(monkeypatch):
    game = make("anarchy-bomb")
    assert isinstance(make_bot("hard-flat", game).search, FlatSearch)
    assert type(make_bot("hard", game).search) is ISMCTS
    monkeypatch.setattr(Kit, "flat_levels", ("hard",))
    assert isinstance(make_bot("hard", game).search, FlatSearch)
    assert isinstance(make_cheating_bot("hard-cheat", game).search, FlatSearch)
    assert type(make_bot("normal", game).search) is ISMCTS
    assert make_bot("hard-flat", game).search.iterations == Kit.budgets["hard"]  # the level's budget
    for name in FLAT_NAMES:
        check_name(name)
    with pytest.raises(BotError):
        check_name("heuristic-flat")
