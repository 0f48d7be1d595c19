"""The Anarchy family's model for the inference-weighted sampler (issue 21): the other seats' bids and revealed
cards scored under the heuristic, from the hands a determinization gives them (:meth:`Kit.log_likelihood`).

Heuristic bots play every seat, so the true hands make every modelled choice the model's own: no determinization
explains them better, most explain them worse, and the ``-infer`` levels search with the weighted pool (not the
uniform sampler's fallback). The no-peeking test (tests/bots/test_no_peeking.py) runs those levels on every id.
"""

from __future__ import annotations

import math
import random

import pytest

from kirifuda.arena import Seating
from kirifuda.bots import make_bot
from kirifuda.bots.anarchy import Kit
from kirifuda.bots.base import SearchBot
from kirifuda.bots.inference import POOL, InferenceSampler, log_likelihood
from kirifuda.bots.registry import kit_for
from kirifuda.games.anarchy import PLAY
from kirifuda.match import Match
from kirifuda.registry import make


def heuristic_game(game_id: str, options: dict, seed: int, tricks: int):
    """A game played by heuristic bots until ``tricks`` tricks of the first deal are revealed; the lowest seat to
    choose then, its information state and the true state with the others' face-down choices taken back."""
    game = make(game_id, options)
    kit = kit_for(game)
    match = Match(game, seed=seed)
    seating = Seating(match, {})
    bots = {s: make_bot("heuristic", game, seed=s) for s in range(game.seat_count)}
    while not (match.state.phase == PLAY and match.state.tricks_done >= tricks):
        seat = min(match.to_act())
        match.act(seat, bots[seat].act(seating.info(seat), match.legal_actions(seat)))
    seat = min(match.to_act())
    return match, kit, seat, seating.info(seat), kit.undo_pending(match.state, seat)


@pytest.mark.parametrize(("game_id", "options"), [("anarchy-bomb", {}), ("organised-chaos", {}), ("anarchy", {})])
def test_the_true_hands_explain_the_bids_and_plays_best(game_id, options):
    match, kit, seat, info, truth = heuristic_game(game_id, options, 4, 4)
    assert isinstance(kit, Kit)
    kit.untilt = False  # the bids' and plays' likelihood alone (the sampler's bid-weighted deal not divided out)
    best = kit.log_likelihood(info, truth, 0.5)
    rng = random.Random(1)
    samples = [kit.log_likelihood(info, kit.sample(info, rng), 0.5) for _ in range(40)]
    assert all(x <= best + 1e-9 for x in samples), "every bid and play was the heuristic's own"
    assert sum(x < best - math.log(2) for x in samples) > 20, "most sampled hands explain the deal worse"
    kit.model_plays = False
    bids_only = kit.log_likelihood(info, truth, 0.5)
    assert best < bids_only <= 0  # the revealed cards are modelled too


def test_the_infer_levels_search_with_the_weighted_pool():
    match, kit, seat, info, _ = heuristic_game("anarchy-bomb", {}, 6, 5)
    sampler = InferenceSampler(kit, info, pool=32)
    sampler(random.Random(2))
    assert 1.0 <= sampler.effective_size < 16.0, "the weights tell the determinizations apart (no fallback)"
    bot = make_bot("easy-infer", match.game, seed=1, time_cap=None)
    assert isinstance(bot, SearchBot) and bot.infer
    legal = match.legal_actions(seat)
    assert bot.act(info, legal) in legal


OPTIONS = [
    ("anarchy", {"bidding": "secret", "deals": 1}),
    ("anarchy", {"players": 4, "turnup": "contested", "deals": 1}),
    ("anarchy-bomb", {"bidding": "secret", "deals": 1}),
    ("anarchy-bomb", {"players": 3, "deals": 1}),
    ("anarchy-bomb", {"players": 5, "deck5": "65", "deals": 1}),
    ("anarchy-bomb", {"bomb_wild": True, "deals": 1}),
    ("organised-chaos", {"players": 3, "dummy_passes": True}),
    ("organised-chaos", {"players": 5}),
]


@pytest.mark.parametrize(("game_id", "options"), OPTIONS)
def test_every_option_weighs_its_determinizations(game_id, options):
    """Through a first deal (Organised Chaos: two, the second with bids used up) every seat's decisions with a
    choice get a finite weight for every determinization, and the weighted pool draws one."""
    game = make(game_id, options)
    kit = kit_for(game)
    match = Match(game, seed=3)
    seating = Seating(match, {})
    bots = {s: make_bot("heuristic", game, seed=s) for s in range(game.seat_count)}
    rng = random.Random(4)
    weighed = 0
    while not match.finished and len(match.state.scores) < (2 if game_id == "organised-chaos" else 1):
        seat = min(match.to_act())
        info = seating.info(seat)
        legal = match.legal_actions(seat)
        if len(legal) > 1 and rng.random() < 0.3:
            states = [kit.sample(info, rng) for _ in range(4)]
            logs = [log_likelihood(kit, info, s) for s in states]
            assert all(x is not None and math.isfinite(x) for x in logs)
            assert InferenceSampler(kit, info, pool=4)(rng) is not None
            weighed += 1
        match.act(seat, bots[seat].act(info, legal))
    assert weighed >= 3


@pytest.mark.parametrize("game_id", ["anarchy-bomb", "organised-chaos"])
def test_the_levels_weigh_their_pool_where_it_won_and_the_uniform_names_do_not(game_id):
    game, plain = make(game_id, {}), make("anarchy", {})
    normal = make_bot("normal", game)
    assert isinstance(normal, SearchBot) and normal.infer and normal.pool == kit_for(game).infer_pool == 256
    uniform = make_bot("normal-uniform", game)
    assert isinstance(uniform, SearchBot) and not uniform.infer  # the uniform sampler, for the paired tournament
    assert not make_bot("normal", plain).infer  # not adopted where it was not measured to win
    infer = make_bot("hard-infer", plain)
    assert isinstance(infer, SearchBot) and infer.infer and infer.pool == POOL
