"""Every game id as an OpenSpiel game: OpenSpiel's own random-simulation test, views from the seat's information
only, records replayed from chance outcomes, and OpenSpiel's ISMCTS bot and outcome-sampling MCCFR running
(issue 22)."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from kirifuda import openspiel  # noqa: E402
from kirifuda.match import Match  # noqa: E402
from kirifuda.registry import available, make  # noqa: E402

GAMES = available()


QUICK = {"cutin"}  # random_sim_test checks every state many ways: a deal of the others takes seconds


@pytest.mark.parametrize("game_id", [g if g in QUICK else pytest.param(g, marks=pytest.mark.slow) for g in GAMES])
def test_one_deal_passes_openspiels_random_simulation_test(game_id):
    pyspiel.random_sim_test(openspiel.load(game_id, episode="deal"), num_sims=1, serialize=False, verbose=False)


LONG = {"goninkan": {"rounds": 2}}  # ten rounds take over a minute and a half here (all pass: docs/rl.md)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_the_default_game_passes_openspiels_random_simulation_test(game_id):
    game = pyspiel.load_game(openspiel.short_name(game_id), LONG.get(game_id, {}))
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_registered_names_take_the_options_as_parameters():
    game = pyspiel.load_game("kirifuda_anou", {"players": 3})
    assert game.num_players() == 3
    assert game.num_distinct_actions() == 11142  # the RL action table of Anou 3p (docs/rl.md)
    assert openspiel.load("gogyo-sokoku").get_type().short_name == "kirifuda_gogyo_sokoku"


def test_bad_parameters_are_refused_in_both_languages():
    from kirifuda.core import KirifudaError

    with pytest.raises(KirifudaError, match="deal_seeds"):
        openspiel.load("cutin", deal_seeds=0)
    with pytest.raises(KirifudaError):
        openspiel.load("cutin", players=9)


def play_to(state, rng: random.Random, steps: int, seed: int):
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(seed)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", ["anou", "anarchy", "goninkan", "cutin"])
def test_every_chance_outcome_s_plays_the_kirifuda_record_with_seed_s(game_id):
    game = openspiel.load(game_id, episode="deal")
    state = play_to(game.new_initial_state(), random.Random(1), 60, seed=7)
    match = Match(make(game_id), seed=7)
    texts = game.new_initial_state()  # replay the decisions through the rules' own Match
    for action in state.history():
        if match.game.chance(match.state) is None and not texts.is_chance_node():
            seat = min(match.to_act())
            match.act(seat, texts.action_to_string(seat, action))
        texts.apply_action(action)
    if state.is_terminal():  # the match has dealt the next deal already: the deal's scores are the same
        assert match.game.deal_scores(match.state)[:1] == state.shared.rules.deal_scores(state.track.state)
    else:
        assert match.state == state.track.state


@pytest.mark.parametrize("game_id", GAMES)
def test_views_depend_only_on_the_seats_information(game_id):
    """Two games with the same public play but different deals for the other seats give a seat the same strings and
    tensors when its own hand is the same — checked by reshuffling the cards the seat cannot see."""
    game = openspiel.load(game_id, episode="deal")
    state = play_to(game.new_initial_state(), random.Random(3), 25, seed=5)
    if state.is_terminal() or state.is_chance_node():
        pytest.skip("the deal ended early")
    seat = state.current_player()
    other = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(seat) == state.information_state_string(seat)
    assert other.observation_string(seat) == state.observation_string(seat)
    assert np.array_equal(other.information_state_tensor(seat), state.information_state_tensor(seat))
    assert other.legal_actions(seat) == state.legal_actions(seat)


def test_openspiels_ismcts_bot_and_outcome_sampling_mccfr_run():
    from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

    game = openspiel.load("cutin", players=3, episode="deal", deal_seeds=1)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1)),
        uct_c=2.0,
        max_simulations=10,
        random_state=np.random.RandomState(2),
        allow_inconsistent_action_sets=True,
    )
    state = play_to(game.new_initial_state(), random.Random(0), 1, seed=0)
    action = bot.step(state)
    assert action in state.legal_actions()
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(5):
        solver.iteration()
    probs = solver.average_policy().action_probabilities(state, state.current_player())
    assert set(probs) == set(state.legal_actions()) and abs(sum(probs.values()) - 1) < 1e-9
