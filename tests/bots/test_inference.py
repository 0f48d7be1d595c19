"""The inference-weighted sampler (issue 21, opponent modelling): a deal rebuilt from a determinization replays to
it, the model's weights favour the hands that explain the other seats' plays, and the ``-infer`` levels are fair
bots (the no-peeking test, tests/bots/test_no_peeking.py, runs them on every game id)."""

from __future__ import annotations

import math
import random

import pytest

from kirifuda import cards as C
from kirifuda.arena import Seating
from kirifuda.bots import make_bot
from kirifuda.bots.base import SearchBot
from kirifuda.bots.inference import EPSILON, InferenceSampler, log_likelihood
from kirifuda.bots.registry import kit_for
from kirifuda.match import Match
from kirifuda.registry import make

MODELLED = [("anou", {}), ("anou", {"players": 3}), ("gogyo-sokoku", {})]


HEURISTIC_MODEL = {"gogyo-sokoku"}
"""The kits whose inference model is their club player (:meth:`GameKit.heuristic`); the others' is the rollout
policy."""


def modelled_game(game_id: str, options: dict, seed: int, actions: int):
    """A game whose seats all play the kit's model (its rollout policy on the true state: a test's referee may;
    or its club player on each seat's information) for ``actions`` actions; the seat to act then, and its
    information state."""
    game = make(game_id, options)
    kit = kit_for(game)
    match = Match(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        (seat,) = match.to_act()
        legal = match.legal_actions(seat)
        if game_id in HEURISTIC_MODEL:
            match.act(seat, kit.heuristic(Seating(match, {}).info(seat), legal, rng))
        else:
            match.act(seat, kit.rollout_policy(match.state, seat, legal, rng))
    (seat,) = match.to_act()
    return match, kit, seat, Seating(match, {}).info(seat)


@pytest.mark.parametrize(("game_id", "options"), MODELLED)
def test_the_deal_rebuilt_from_the_true_state_replays_to_it(game_id, options):
    match, kit, seat, info = modelled_game(game_id, options, 3, 17)
    state = kit.deal_start(info, match.state)
    start = max(i for i, seen in enumerate(info.history) if seen.actor == "deal")
    for seen in info.history[start + 1 :]:
        state = kit.game.apply(state, seen.actor, seen.text)
    assert state == match.state


@pytest.mark.parametrize(("game_id", "options"), MODELLED)
def test_the_true_hands_explain_the_plays_best_and_the_weights_tell_samples_apart(game_id, options):
    match, kit, seat, info = modelled_game(game_id, options, 5, 19)
    truth = log_likelihood(kit, info, match.state)
    assert truth is not None
    others = sum(1 for seen in info.history if isinstance(seen.actor, int) and seen.actor != seat)
    assert truth <= 0 and others > 0
    rng = random.Random(1)
    samples = [log_likelihood(kit, info, kit.sample(info, rng)) for _ in range(40)]
    assert all(x is not None for x in samples)
    if game_id not in HEURISTIC_MODEL:  # the club player shares its 1 − ε among equal cards: a hand may tie fewer
        assert all(x <= truth + 1e-9 for x in samples), "every choice was the model's own"  # type: ignore[operator]
    assert min(x for x in samples if x is not None) < truth - math.log(2), "some sampled hands explain less"
    sampler = InferenceSampler(kit, info, pool=40, epsilon=EPSILON)
    sampler(random.Random(2))
    assert 1.0 <= sampler.effective_size < 40.0


def test_infer_levels_search_with_the_weighted_sampler_and_fall_back_where_there_is_no_model():
    game = make("anou")
    bot = make_bot("easy-infer", game, seed=1, time_cap=None)
    assert isinstance(bot, SearchBot) and bot.infer and bot.search.iterations == kit_for(game).budgets["easy"]
    match, kit, seat, info = modelled_game("anou", {}, 7, 9)
    assert str(bot.act(info, match.legal_actions(seat))) in {str(a) for a in match.legal_actions(seat)}
    goninkan = make("goninkan")  # no deal_start and no model of its own: the uniform sampler's draws, unweighted
    other = Match(goninkan, seed=2)
    (first,) = other.to_act()
    sampler = InferenceSampler(kit_for(goninkan), Seating(other, {}).info(first), pool=8)
    sampler(random.Random(3))
    assert sampler.effective_size == pytest.approx(8.0)


def test_cutin_weighs_only_its_hard_level_with_a_pool_as_large_as_its_budget():
    game = make("cutin")
    kit = kit_for(game)
    hard = make_bot("hard", game, seed=1)
    assert isinstance(hard, SearchBot) and hard.infer and hard.pool == kit.infer_pool >= kit.budgets["hard"]
    for name in ("easy", "normal", "hard-uniform"):
        bot = make_bot(name, game, seed=1)
        assert isinstance(bot, SearchBot) and not bot.infer, name
    normal_infer = make_bot("normal-infer", game, seed=1)
    assert isinstance(normal_infer, SearchBot) and normal_infer.infer


def cutin_splits(info, state) -> int:
    """The ranks that seats other than ``info.seat`` have played from this hand and still hold in ``state``."""
    ranks = [C.mask(C.make(rank, suit) for suit in range(4)) for rank in range(13)]
    return sum(
        1
        for s, played in enumerate(info.knowledge.played_by)
        if s != info.seat
        for cards in ranks
        if played & cards and state.hands[s] & cards
    )


def test_cutin_models_a_seat_that_played_from_a_rank_as_holding_no_more_of_it():
    """Cut-in's model (docs/bots/cutin.md "Reading the plays"): each rank another seat played from and still holds
    is a split, ε times as likely; in games of club players the true hands split less than the sampled ones."""
    game = make("cutin")
    kit = kit_for(game)
    eps = kit.model_epsilon
    truths, sampled = [], []
    for seed in range(4):
        match = Match(game, seed=seed)
        rng = random.Random(seed)
        for _ in range(14 + seed):
            (seat,) = match.to_act()
            match.act(seat, kit.heuristic(Seating(match, {}).info(seat), match.legal_actions(seat), rng))
        (seat,) = match.to_act()
        info = Seating(match, {}).info(seat)
        truths.append(cutin_splits(info, match.state))
        assert log_likelihood(kit, info, match.state) == pytest.approx(truths[-1] * math.log(eps))
        for _ in range(30):
            state = kit.sample(info, rng)
            sampled.append(cutin_splits(info, state))
            assert log_likelihood(kit, info, state) == pytest.approx(sampled[-1] * math.log(eps))
    assert max(sampled) > 0, "the sampler's uniform hands split groups"
    assert sum(truths) / len(truths) < sum(sampled) / len(sampled), "the club player's true hands split fewer"


def test_gogyo_models_the_other_seats_as_its_club_player_so_the_true_hands_explain_every_play(monkeypatch):
    """With no random share (ε = 0) the true hands of a deal played by the club player explain every play: each
    was among the choices the club player values best from that seat's view then (rulings K1–K3 of what it saw)."""
    match, kit, seat, info = modelled_game("gogyo-sokoku", {}, 11, 33)
    monkeypatch.setattr(type(kit), "model_epsilon", 0.0)
    truth = log_likelihood(kit, info, match.state)
    assert truth is not None and truth > -math.inf
    rng = random.Random(4)
    explained = 0
    for _ in range(20):
        try:
            log_likelihood(kit, info, kit.sample(info, rng))
            explained += 1
        except ValueError:  # log(0): a play the club player would not have made with that hand
            pass
    assert explained < 20, "the club player's view tells the sampled hands from the true ones"
