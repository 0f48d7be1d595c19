"""Whole games through the RL environments: rewards are the game's deal scores, seeds replay, bots fill seats."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from kirifuda.registry import available, make, quick  # noqa: E402
from kirifuda.rl import env, gym_env, parallel_env  # noqa: E402
from kirifuda.rl.registry import encoding_for  # noqa: E402

GAMES = available()


def play_aec(e, seed: int) -> tuple[dict[str, float], int]:
    """A random game through the AEC environment: each agent's rewards summed, and the steps."""
    e.reset(seed=seed)
    rng = random.Random(seed)
    total = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, done, _, _ = e.last()
        total[agent] += reward
        if done:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    return total, steps


@pytest.mark.parametrize("game_id", GAMES)
def test_aec_rewards_add_up_to_the_game_totals(game_id):
    e = env(game_id, quick(game_id, deals=2))
    total, _ = play_aec(e, seed=5)
    totals = e.game.totals(e.referee.match.state)
    assert [total[a] for a in e.possible_agents] == list(totals)
    assert e.referee.finished and not e.agents


@pytest.mark.parametrize("game_id", GAMES)
def test_the_same_seed_plays_the_same_game_as_a_kirifuda_record(game_id):
    e = env(game_id, quick(game_id, deals=2))
    play_aec(e, seed=3)
    first = e.record()
    play_aec(e, seed=3)
    assert e.record() == first
    assert first["seed"] == 3


@pytest.mark.parametrize("game_id", GAMES)
def test_episode_deal_ends_with_the_first_deal(game_id):
    e = env(game_id, episode="deal")
    total, _ = play_aec(e, seed=1)
    scores = e.game.deal_scores(e.referee.match.state)
    assert len(scores) == 1
    assert [total[a] for a in e.possible_agents] == list(scores[0])


@pytest.mark.parametrize("game_id", GAMES)
def test_parallel_rewards_add_up_to_the_game_totals(game_id):
    p = parallel_env(game_id, quick(game_id, deals=2))
    obs, _ = p.reset(seed=2)
    rng = random.Random(2)
    total = dict.fromkeys(p.possible_agents, 0.0)
    while p.agents:
        actions = {}
        for agent in p.agents:
            legal = np.flatnonzero(obs[agent]["action_mask"])
            if len(legal):
                actions[agent] = int(legal[rng.randrange(len(legal))])
        obs, rewards, _, _, _ = p.step(actions)
        for agent, r in rewards.items():
            total[agent] += r
    unwrapped = p.unwrapped
    totals = unwrapped.game.totals(unwrapped.referee.match.state)
    assert [total[a] for a in p.possible_agents] == list(totals)


@pytest.mark.parametrize("game_id", ["anarchy", "anarchy-bomb", "organised-chaos"])
def test_simultaneous_games_step_every_seat_at_once(game_id):
    p = parallel_env(game_id)
    obs, _ = p.reset(seed=4)
    assert type(p).__name__ == "KirifudaParallel"
    # the first decision (Chaos pass, or a trick after bidding) is made by several seats in one step
    waiting = [a for a in p.agents if obs[a]["action_mask"].any()]
    while len(waiting) < 2:
        actions = {a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in waiting}
        obs, *_ = p.step(actions)
        waiting = [a for a in p.agents if obs[a]["action_mask"].any()]
    before = len(p.unwrapped.referee.match.events)
    obs, *_ = p.step({a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in waiting})
    assert len(p.unwrapped.referee.match.events) >= before + len(waiting)


@pytest.mark.parametrize("game_id", GAMES)
def test_gym_environment_plays_whole_games_against_bots(game_id):
    g = gym_env(game_id, seat=1, opponents="random", options=quick(game_id, deals=2))
    obs, _ = g.reset(seed=8)
    rng = random.Random(8)
    total, done = 0.0, False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, done, truncated, _ = g.step(int(legal[rng.randrange(len(legal))]))
        total += reward
        assert not truncated
    assert total == g.game.totals(g.referee.match.state)[1]


def test_gym_opponents_are_named_per_seat_and_heuristic_bots_play():
    g = gym_env("cutin", seat=2, opponents=["heuristic", "random", "heuristic"], options={"players": 4})
    assert g.opponents == {0: "heuristic", 1: "random", 3: "heuristic"}
    obs, _ = g.reset(seed=1)
    done = False
    while not done:
        obs, _, done, _, _ = g.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert g.referee.finished


def test_action_texts_are_the_rules_texts_both_ways():
    for game_id in GAMES:
        actions = encoding_for(make(game_id)).actions
        for i in range(0, len(actions), max(1, len(actions) // 50)):
            assert str(actions.action(i)) == actions.texts[i]
            assert actions.index[actions.texts[i]] == i


def test_action_table_sizes():
    sizes = {game_id: len(encoding_for(make(game_id)).actions) for game_id in GAMES}
    # Anou: 52 plays, 52 × 5 first takes, 312 same-suit pairs × 5 + 1,014 two-suit pairs × 21 second takes
    assert sizes["anou"] == 52 + 260 + 312 * 5 + 1014 * 21
    assert sizes["gogyo-sokoku"] == 52
    assert sizes["cutin"] == 1 + 13 * 15
    assert sizes["organised-chaos"] == 10 + 52 + 22100  # C(52, 3) passes of three names
    five = len(encoding_for(make("organised-chaos", {"players": 5})).actions)
    assert five == 10 + 52 + 22100 + 8 * 51  # and 8 doubled names (7s, 8s) given twice with one other


def test_organised_chaos_passes_follow_the_combinatorial_number_system():
    from math import comb

    from kirifuda import cards as C

    actions = encoding_for(make("organised-chaos")).actions
    names = C.sorted_cards(C.DECK_52)
    start = actions.index["give " + " ".join(C.text(c) for c in names[:3])]
    rng = random.Random(0)
    for _ in range(200):
        p, q, r = sorted(rng.sample(range(52), 3))
        text = "give " + " ".join(C.text(names[i]) for i in (p, q, r))
        assert actions.index[text] == start + comb(p, 1) + comb(q, 2) + comb(r, 3)


def test_cutin_with_jokers_indexes_every_joker_set():
    # cutin.md K8–K9: natural sets with one Joker (at most 3 natural cards: 4 + 6 + 4 suit sets per rank) and
    # with two (at most 2: 4 + 6), then Jokers alone (1, 2)
    options = {"jokers": 2, "players": 5, "deck": "40"}
    assert len(encoding_for(make("cutin", options)).actions) == 1 + 13 * 15 + 13 * 14 + 13 * 10 + 2
    e = env("cutin", options)
    for seed in range(3):  # every legal set, Jokers and all, is in the mask; the rewards add up
        total, steps = play_aec(e, seed=seed)
        assert steps > 0
        assert [total[a] for a in e.possible_agents] == list(e.game.totals(e.referee.match.state))
