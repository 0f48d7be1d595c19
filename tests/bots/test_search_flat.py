"""Flat Monte Carlo with common random numbers at the root (``FlatSearch``, the ``-flat`` levels; issue 21)."""

from __future__ import annotations

import random

import pytest

from kirifuda.arena import Seating
from kirifuda.bots import BotError, make_bot
from kirifuda.bots.anarchy import EPSILON, OTHERS_EPSILON, Kit
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

    def valued(state, deal, rng, searching=None):
        assert searching == seat  # the one seat whose reward is read
        draw = rng.random()
        rng.seed(draw)  # the leaf's draws still come from its generator alone
        result = evaluate(state, deal, rng, searching)
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
    for bot in (make_bot("hard", game), make_cheating_bot("hard-cheat", game), make_bot("hard-flat", game)):
        assert isinstance(bot.search, FlatSearch)
        assert bot.search.flat_iterations == Kit.flat_budgets["hard"] == 6000  # the flat budget
        assert bot.search.iterations == Kit.budgets["hard"]  # a choice wider than the flat search's: the tree's
    assert type(make_bot("normal", game).search) is ISMCTS
    normal_flat = make_bot("normal-flat", game).search
    assert normal_flat.flat_iterations == normal_flat.iterations == Kit.budgets["normal"]  # no flat budget of its own
    for name in FLAT_NAMES:
        check_name(name)
    with pytest.raises(BotError):
        check_name("heuristic-flat")


def test_the_flat_search_spends_its_own_budget_and_the_tree_its_own():
    match, seat = in_a_trick("anarchy", 4)
    kit = Kit(match.game)
    info = Seating(match, {}).info(seat)
    legal = match.legal_actions(seat)
    flat = FlatSearch(kit, iterations=8, flat_iterations=40 * len(legal))
    assert flat.search(lambda r: kit.sample(info, r), seat, legal, random.Random(3))[1].iterations == 40 * len(legal)
    chaos = Match(make("organised-chaos"), seed=1)
    wide = chaos.legal_actions(min(chaos.to_act()))
    chaos_kit = Kit(chaos.game)
    chaos_info = Seating(chaos, {}).info(min(chaos.to_act()))
    tree = FlatSearch(chaos_kit, iterations=20, flat_iterations=4000)
    stats = tree.search(lambda r: chaos_kit.sample(chaos_info, r), chaos_info.seat, wide, random.Random(3))[1]
    assert stats.iterations == 20  # the pass's 286 choices are the tree's, with the tree's budget


@pytest.mark.parametrize("game_id", ["anarchy-bomb", "anarchy"])
def test_the_flat_leaf_plays_the_other_seats_at_their_epsilon_and_the_seat_at_its_own(game_id):
    """OTHERS_EPSILON: with the searching seat named (the flat search), the Bomb's rollout plays the other seats'
    cards at random with 0.85, the seat's own with EPSILON; unnamed (the tree), or where no id sets it, all alike."""
    match, seat = in_a_trick(game_id, 6)
    kit = Kit(match.game)
    assert kit.others_epsilon == OTHERS_EPSILON.get(game_id)
    state = kit.sample(Seating(match, {}).info(seat), random.Random(1))
    deal = len(match.game.deal_scores(match.state))

    def played_out(epsilon):
        pos = kit.searchable(state)
        kit.play_out(pos, random.Random(7), epsilon)
        return kit.evaluate(pos, deal, random.Random(0))

    per_seat = [EPSILON if s == seat else (kit.others_epsilon or EPSILON) for s in range(match.game.n)]
    assert kit.evaluate(kit.searchable(state), deal, random.Random(7), seat) == played_out(per_seat)
    assert kit.evaluate(kit.searchable(state), deal, random.Random(7)) == played_out(EPSILON)
    assert played_out([EPSILON] * match.game.n) == played_out(EPSILON)  # one epsilon for all: the same draws
    differ = [
        kit.evaluate(kit.searchable(state), deal, random.Random(r), seat)
        != kit.evaluate(kit.searchable(state), deal, random.Random(r))
        for r in range(12)
    ]
    assert any(differ) if kit.others_epsilon is not None else not any(differ)


def test_the_trees_leaf_plays_every_seat_alike_from_the_bidding_on():
    """Unnamed (the tree's leaf), the Bomb's rollout from its bidding plays every seat at EPSILON, as where no id
    sets OTHERS_EPSILON: the bids made in the rollout leave no seat behind as if it were the searching one."""
    match = Match(make("anarchy-bomb"), seed=3)
    seat = min(match.to_act())
    kit, plain = Kit(match.game), Kit(match.game)
    plain.others_epsilon = None
    state = kit.sample(Seating(match, {}).info(seat), random.Random(2))
    for r in range(8):
        assert kit.evaluate(kit.searchable(state), 0, random.Random(r)) == plain.evaluate(
            plain.searchable(state), 0, random.Random(r)
        )
