"""One conformance suite for every registered game id (../shared/STYLE.md "Tests that mean something").

Random games (hypothesis draws the seed, the options and the choices) through the pure protocol;
at every decision point: a legal action exists for every awaited seat until the end; cards are
conserved; notation round-trips; illegal actions are rejected and change nothing; a seat's
observation does not change when the cards it cannot see are reshuffled. At the end: score
identities, and replay(record) reproduces the game exactly.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kirifuda import cards as C
from kirifuda.core import IllegalAction, KirifudaError, NotationError, Observation
from kirifuda.match import Match
from kirifuda.records import dumps, replay, summary
from kirifuda.registry import available, game_class, make

GAMES = available()
SLOW_TO_CONFORM = {"organised-chaos", "goninkan"}  # over 5 s each on 2 cores (pytest --durations)


def options_strategy(game_id: str):
    cls = game_class(game_id).Options
    parts = {}
    for f in dataclasses.fields(cls):
        choices = f.metadata.get("choices")
        if choices is not None:
            parts[f.name] = st.sampled_from(choices)
    return st.fixed_dictionaries(parts)


def build(game_id: str, options: dict, data):
    try:
        game = make(game_id, options)
    except KirifudaError:
        assume(False)  # a combination the game rejects (e.g. Gonin-kan zero_sum with 6 players)
    dealer = data.draw(st.integers(0, game.seat_count - 1), label="first_dealer")
    return make(game_id, {**options, "first_dealer": dealer})


PROBES = ["", "pass pass", "play", "play XX", "take", "bid nonsense", "play JK:Z", "give", "trump Q"]


def check_rejected(match: Match, seat: int, text: str) -> None:
    before_state, before_len = match.state, len(match.actions)
    with pytest.raises(KirifudaError):
        match.act(seat, text)
    assert match.state is before_state and len(match.actions) == before_len


def play_checked(game, seed: int, rng: random.Random) -> Match:
    match = Match(game, seed=seed)
    deck = Counter(game.deck())
    steps = 0
    while not match.finished:
        waiting = match.to_act()
        assert waiting, "the game waits for nobody but is not over"
        state = match.state
        in_play = game.all_cards(state)
        assert Counter(in_play) == deck, "cards are not conserved"
        for seat in sorted(waiting):
            legal = match.legal_actions(seat)
            assert legal, f"seat {seat} must have a legal action"
            texts = [str(a) for a in legal]
            assert len(set(texts)) == len(texts), "duplicate legal actions"
            for a in legal:
                assert game.parse_action(str(a)) == a, f"{a} does not round-trip"
        # nobody else may act now
        for seat in range(game.seat_count):
            if seat not in waiting:
                legal_other = [str(a) for s in waiting for a in match.legal_actions(s)]
                check_rejected(match, seat, rng.choice(legal_other))
                assert match.legal_actions(seat) == []
        seat = rng.choice(sorted(waiting))
        legal_texts = {str(a) for a in match.legal_actions(seat)}
        # illegal probes: cards of the deck that are not legal plays, and garbage
        for _ in range(3):
            probe = "play " + C.text(rng.choice(game.deck()))
            if probe not in legal_texts:
                try:
                    check_rejected(match, seat, probe)
                except AssertionError:
                    # a non-canonical but legal spelling would be accepted; only canonical texts probed
                    raise
        check_rejected(match, seat, rng.choice(PROBES))
        if steps % 7 == 0:
            for viewer in [*range(game.seat_count), None]:
                obs = game.observation(state, viewer)
                json.dumps(obs.to_json())
                shuffled = game.reshuffle_unseen(state, viewer, random.Random(steps))
                assert game.observation(shuffled, viewer) == obs, f"seat {viewer} sees a change in unseen cards"
                assert Counter(game.all_cards(shuffled)) == deck, "a reshuffle lost or made cards"
            # a reshuffled state is a possible state: play on from it for a while (a sampler's use)
            imagined = game.reshuffle_unseen(state, rng.choice(sorted(waiting)), random.Random(steps))
            playout = Match(game)
            playout.state = imagined
            for _ in range(20):
                if playout.finished or playout.blocked:
                    break
                who = rng.choice(sorted(playout.to_act()))
                options_now = playout.legal_actions(who)
                assert options_now, f"seat {who} has no legal action in a reshuffled state"
                playout.act(who, rng.choice(options_now))
        match.act(seat, rng.choice(match.legal_actions(seat)))
        steps += 1
    # the end of every deal (the next deal pending) and of the game are states of the table too
    ends = [e.before for e in match.events if e.actor == "deal" and game.deal_scores(e.before)] + [match.state]
    for k, state in enumerate(ends):
        for viewer in [*range(game.seat_count), None]:
            obs = game.observation(state, viewer)
            json.dumps(obs.to_json())
            shuffled = game.reshuffle_unseen(state, viewer, random.Random(k))
            assert game.observation(shuffled, viewer) == obs, f"seat {viewer} sees a change in unseen cards"
    return match


@pytest.mark.parametrize(
    "game_id", [pytest.param(g, marks=pytest.mark.slow) if g in SLOW_TO_CONFORM else g for g in GAMES]
)
def test_random_games_conform(game_id):
    # the ids slow to conform play fewer examples: their oracle sweep (tests/test_oracles.py) covers them in depth
    @settings(
        max_examples=8 if game_id in SLOW_TO_CONFORM else 12,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=True,
    )
    @given(options=options_strategy(game_id), seed=st.integers(0, 2**31), data=st.data())
    def run(options, seed, data):
        game = build(game_id, options, data)
        match = play_checked(game, seed, random.Random(seed))
        # score identities
        scores = game.deal_scores(match.state)
        assert scores and all(len(s) == game.seat_count for s in scores)
        totals = game.totals(match.state)
        assert totals == tuple(sum(s[i] for s in scores) for i in range(game.seat_count))
        assert game.winners(match.state) == tuple(i for i, t in enumerate(totals) if t == max(totals))
        assert match.to_act() == frozenset()
        # replay(record) reproduces the game, also through JSON text and without the seed
        record = match.record()
        again = replay(json.loads(dumps(record)))
        assert again.state == match.state
        no_seed = {k: v for k, v in record.items() if k != "seed"}
        assert replay(no_seed).state == match.state
        assert summary(again)["totals"] == list(totals)

    run()


@pytest.mark.parametrize("game_id", GAMES)
def test_unknown_options_are_errors(game_id):
    with pytest.raises(KirifudaError, match="unknown option"):
        make(game_id, {"no_such_option": 1})
    with pytest.raises(KirifudaError):
        make(game_id, {"players": 99})
    with pytest.raises(KirifudaError):
        make(game_id, {"first_dealer": 99})


@pytest.mark.parametrize("game_id", GAMES)
def test_unfinished_record_without_seed_waits_for_a_deal(game_id):
    game = make(game_id)
    match = Match(game, seed=3)
    record = match.record()
    record.pop("seed")
    record["deals"] = []
    again = replay(record)
    assert not again.finished and summary(again)["to_act"] == []


@pytest.mark.parametrize("game_id", GAMES)
def test_spectator_sees_no_hand(game_id):
    game = make(game_id)
    match = Match(game, seed=11)
    obs = game.observation(match.state, None)
    assert getattr(obs, "hand", None) is None
    with pytest.raises((IllegalAction, NotationError)):
        game.apply(match.state, 0, "definitely not an action")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_observation_has_the_public_base_fields(game_id):
    """core.Observation declares what every game's observation shows (issue 25): read without getattr."""
    game = make(game_id)
    match = Match(game, seed=4)
    rng = random.Random(4)
    for _ in range(40):
        seat = rng.choice(sorted(match.to_act()))
        match.act(seat, rng.choice(match.legal_actions(seat)))
    for viewer in [None, *range(game.seat_count)]:
        obs = game.observation(match.state, viewer)
        assert isinstance(obs, Observation) and obs.seat == viewer
        assert obs.to_act == tuple(sorted(game.to_act(match.state)))
        assert obs.deal_scores == game.deal_scores(match.state) and obs.totals == game.totals(match.state)
        assert obs.deal_lines == game.score_lines(match.state)
        assert len(obs.hand_sizes) == game.seat_count and isinstance(obs.phase, str)
        assert {f.name for f in dataclasses.fields(Observation)} <= set(obs.to_json())
