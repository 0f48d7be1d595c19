"""The inference-weighted sampler (issue 21, opponent modelling): a deal rebuilt from a determinization replays to
it, the model's weights favour the hands that explain the other seats' plays, and the ``-infer`` levels are fair
bots (the no-peeking test, tests/bots/test_no_peeking.py, runs them on every game id)."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

from kirifuda import cards as C
from kirifuda.arena import Seating
from kirifuda.bots import make_bot
from kirifuda.bots.base import SearchBot
from kirifuda.bots.goninkan import play_checks
from kirifuda.bots.inference import EPSILON, InferenceSampler, log_likelihood
from kirifuda.bots.kit import GameKit
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
    goninkan = make("goninkan")
    kit = kit_for(goninkan)

    class NoModel(type(kit)):  # type: ignore[misc]
        log_likelihood = GameKit.log_likelihood  # no deal_start to replay: no model, the uniform sampler's draws

    other = Match(goninkan, seed=2)
    (first,) = other.to_act()
    sampler = InferenceSampler(NoModel(goninkan), Seating(other, {}).info(first), pool=8)
    sampler(random.Random(3))
    assert sampler.effective_size == pytest.approx(8.0)


@pytest.mark.parametrize(("game_id", "adopted"), [("cutin", ("hard",)), ("goninkan", ())])
def test_a_kit_reading_the_plays_weighs_the_levels_it_was_adopted_for_and_its_infer_names_with_its_own_pool(
    game_id, adopted
):
    game = make(game_id)
    kit = kit_for(game)
    for level in ("easy", "normal", "hard"):
        bot = make_bot(level, game, seed=1)
        assert isinstance(bot, SearchBot) and bot.infer == (level in adopted), level
        uniform = make_bot(f"{level}-uniform", game, seed=1)
        assert isinstance(uniform, SearchBot) and not uniform.infer
        weighted = make_bot(f"{level}-infer", game, seed=1)
        assert isinstance(weighted, SearchBot) and weighted.infer and weighted.pool == kit.infer_pool >= 2048
        if bot.infer:
            assert bot.pool == kit.infer_pool


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


def contradicted(checks, player: int, hand: str) -> int:
    """How many of ``checks`` (:func:`play_checks`) a hand of ``player`` (cards as text) contradicts."""
    cards = C.mask(C.parse(t) for t in hand.split())
    return sum(1 for p, mask in checks if p == player and cards & mask)


def goninkan_table(*tricks: tuple[str, str]):
    """A 5-player Gonin-kan state in play, hearts trump, players 0 and 2 the Napoleon pair, whose battle so far is
    ``tricks``: each the suit led and the plays as ``"player:card …"``."""
    match = Match(make("goninkan", {"players": 5}), seed=1)
    state = match.state
    history = tuple(
        (C.SUITS.index(lead), tuple((int(p), C.parse(c)) for p, c in (x.split(":") for x in plays.split())), 0)
        for lead, plays in tricks
    )
    setup = dataclasses.replace(state.setup, trump=C.SUITS.index("H"), napoleon=0b00101)
    return dataclasses.replace(state, setup=setup, history=history, trick=(), lead=-1)


def test_goninkan_model_reads_who_fed_ducked_and_beat_when_the_trick_was_decided():
    """Gonin-kan's model (docs/bots/goninkan.md "Reading the plays"): a hand that held the card the club player
    would have played instead — feeding a partner's decided trick an honour, beating an opponent's trick that holds
    an honour, ducking with a card that is no honour, beating with its lowest winner — contradicts the play."""
    state = goninkan_table(
        ("D", "1:4D 0:QD 3:5D 4:6D 2:3D"),  # 4 could not beat the Q; 2, last, gave its partner's trick no honour
        ("C", "0:KC 4:2C 1:QC 2:5C 3:AC"),  # 1 gave the K's trick its Q; 3, last, beat with the Ace
        ("S", "3:9S 1:JS 0:TS 4:2S 2:KS"),  # 2, last, beat the J with the K
    )
    checks = play_checks(state, seat=3)
    assert contradicted(checks, 2, "JD 8D") == 1, "2 would have fed the J to its partner's decided trick"
    assert contradicted(checks, 2, "KD 8D") == 0, "the K would have overtaken: the club player keeps it"
    assert contradicted(checks, 4, "KD") == 1, "4 would have beaten a trick with the Q in it"
    assert contradicted(checks, 4, "7D") == 0
    assert contradicted(checks, 1, "3C") == 1, "1 gave an opponent's trick its Q while holding a small club"
    assert contradicted(checks, 1, "JC") == 0
    assert contradicted(checks, 2, "QS") == 1, "2 beat with the K holding the Q, a lower winner"
    assert contradicted(checks, 3, "JD KD QS 3C") == 0, "the seat's own plays are never read"
    later = goninkan_table(("D", "1:4D 0:QD 3:5D 4:6D 2:3D"), ("D", "2:JD 3:7D 4:8D 0:9D 1:TD"))
    assert contradicted(play_checks(later, seat=3), 2, "8H") == 0, "2 played the J later: every hand holds it then"
    assert all(p != 2 or not mask >> C.parse("JD") & 1 for p, mask in play_checks(later, seat=3))


def test_goninkan_model_the_club_players_calls_never_contradict_the_true_hands_and_sampled_plays_do_more():
    """In games of club players the true hands contradict none of the other seats' calls (行く / 来い, the trump
    declared: the club player's own rules) and fewer of their plays than sampled hands; the weight is log ε per
    contradiction."""
    game = make("goninkan", {"rounds": 1})
    kit = kit_for(game)
    truths, sampled, calls = [], [], 0
    for seed in range(3):
        match = Match(game, seed=seed)
        seating = Seating(match, {})
        bots = {s: make_bot("heuristic", game, seed=s) for s in range(game.seat_count)}
        rng = random.Random(seed)
        for step in range(400):
            if match.finished:
                break
            seat = min(match.to_act())
            legal = match.legal_actions(seat)
            info = seating.info(seat)
            if step % 7 == 3 and info.observation.phase == "play" and info.observation.tricks_played >= 3:
                plays, said = kit._checks(info)
                calls += len(said)
                truth = kit.log_likelihood(info, match.state, EPSILON)
                truths.append(sum(1 for p, mask in plays if match.state.hands[p] & mask))
                assert truth == pytest.approx(truths[-1] * math.log(kit.model_epsilon)), "no true call contradicted"
                for _ in range(20):
                    state = kit.sample(info, rng)
                    sampled.append(sum(1 for p, mask in plays if state.hands[p] & mask))
            match.act(seat, bots[seat].act(info, legal))
    assert calls > 0 and len(truths) >= 6
    assert sum(truths) / len(truths) < sum(sampled) / len(sampled), "the true hands explain the plays better"
