"""Cut-in's bots' kit (kirifuda.bots.cutin, docs/bots/cutin.md): knowledge, the sampler's three properties, the
club player's behaviour in set-up positions, the quick player's legality, and the search on every knob.

Sampler properties (issue 10): **consistency** — the deal rebuilt from a sample (its hidden hands plus the cards
each seat played this hand) replays this hand's actions legally to a position the seat sees exactly as it does;
**completeness** — in late positions with few unseen cards every placement of them is drawn; **independence** —
worlds the seat cannot tell apart (tests/swaps.py) give the same samples for the same generator.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from itertools import permutations

import pytest
from swaps import random_match, swapped
from test_oracles import option_combos

from kirifuda import cards as C
from kirifuda.arena import Seating
from kirifuda.bots import make_bot
from kirifuda.bots.base import SearchBot
from kirifuda.bots.cutin import CutinKnowledge, Kit, _rollout_move
from kirifuda.bots.info import InfoState
from kirifuda.bots.registry import kit_for
from kirifuda.core import Deal
from kirifuda.fast.cutin import Position
from kirifuda.games.cutin import Cutin, CutinState
from kirifuda.match import Match
from kirifuda.registry import make

COMBOS = option_combos("cutin")


def label(options: dict) -> str:
    return "-".join(str(v) for v in options.values())


def positions(game: Cutin, count: int, seed: int):
    """(match, seat to act) after random play, spread over the game."""
    rng = random.Random(seed)
    for k in range(count):
        match = random_match(game, seed * 100 + k, rng.randrange(0, 120), rng)
        if match.finished:
            continue
        (seat,) = match.to_act()
        yield match, seat


# --- knowledge ---------------------------------------------------------------------------------------


def test_knowledge_keeps_the_cards_each_seat_played_this_hand():
    game = make("cutin", {"players": 3})
    match = Match(game, seed=4)
    rng = random.Random(4)
    hand_start = 0
    while not match.finished:
        (seat,) = match.to_act()
        match.act(seat, rng.choice(match.legal_actions(seat)))
        if match.events[-1].actor == "deal":
            hand_start = len(match.events) - 1
        info = Seating(match, {}).info(0)
        played = [0] * 3
        for event in match.events[hand_start:]:
            if isinstance(event.actor, int) and str(event.action).startswith("play"):
                played[event.actor] |= event.before.hands[event.actor] & ~event.after.hands[event.actor]
        if match.events[-1].actor != "deal" and game.chance(match.state) is None:
            assert info.knowledge == CutinKnowledge(tuple(played))


# --- the sampler ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("options", COMBOS, ids=label)
def test_every_sample_is_consistent_with_the_information_state(options):
    game = make("cutin", options)
    kit = kit_for(game)
    for match, seat in positions(game, 4, 1):
        info = Seating(match, {}).info(seat)
        deal_event = max(i for i, e in enumerate(match.events) if e.actor == "deal")
        for k in range(3):
            sample = kit.sample(info, random.Random(k))
            assert game.observation(sample, seat) == info.observation
            # the deal rebuilt from the sample: its hidden hands plus what each seat played this hand
            hands = tuple(
                tuple(C.cards_in(sample.hands[s] | info.knowledge.played_by[s])) for s in range(game.seat_count)
            )
            rebuilt = Match(game, deals=[*match.deals[:-1], Deal(hands, rest=tuple(C.cards_in(sample.rest)))])
            for event in match.events[: deal_event + 1]:
                if isinstance(event.actor, int):
                    rebuilt.act(event.actor, event.action)
            for event in match.events[deal_event + 1 :]:
                rebuilt.act(event.actor, str(event.action))  # every action legal in the imagined deal
            assert game.observation(rebuilt.state, seat).to_json() == info.observation.to_json()
            assert Counter(game.all_cards(sample)) == Counter(game.deck())


def late_info(game: Cutin, hands: tuple[str, ...], rest: str = "", seat: int = 0) -> tuple[InfoState, CutinState]:
    """The information state of ``seat`` in a hand-built position late in a hand: seat 0 leads, every card not
    in a hand or the rest has been played."""
    state = game.apply_deal(game.initial(), game.random_deal(game.initial(), random.Random(0)))
    masks = tuple(C.mask(C.parse_many(h)) for h in hands)
    rest_mask = C.mask(C.parse_many(rest))
    played = C.mask(game.deck()) & ~rest_mask
    for m in masks:
        played &= ~m
    state = dataclasses.replace(state, hands=masks, rest=rest_mask, played=played, turn=seat, leader=seat)
    info = InfoState("cutin", game.options.to_dict(), seat, (), game.observation(state, seat), CutinKnowledge())
    return info, state


@pytest.mark.parametrize(
    "options,hands,rest",
    [
        ({}, ("3S 9H KD", "4S 5S", "7C 8C", "QH"), ""),  # 5 unseen cards: 30 placements
        ({"players": 3}, ("3S 9H", "4S", "7C 8C"), "QH 2D"),  # with the face-down rest: 30 placements
    ],
)
def test_the_sampler_draws_every_consistent_placement(options, hands, rest):
    game = make("cutin", options)
    info, state = late_info(game, hands, rest)
    kit = kit_for(game)
    seat = info.seat
    unseen = [c for s, h in enumerate(hands) if s != seat for c in C.parse_many(h)] + C.parse_many(rest)
    sizes = [len(C.parse_many(h)) for s, h in enumerate(hands) if s != seat] + [len(C.parse_many(rest))]
    placements = set()
    for order in permutations(unseen):
        cut, k = [], 0
        for size in sizes:
            cut.append(frozenset(order[k : k + size]))
            k += size
        placements.add(tuple(cut))
    drawn = Counter()
    rng = random.Random(5)
    for _ in range(40 * len(placements)):
        s = kit.sample(info, rng)
        drawn[
            tuple(frozenset(C.cards_in(s.hands[p])) for p in range(game.n) if p != seat)
            + (frozenset(C.cards_in(s.rest)),)
        ] += 1
    assert set(drawn) == placements  # every placement, and nothing else
    assert min(drawn.values()) > 10  # each about 40 times: no placement starved


def test_samples_do_not_depend_on_the_true_hidden_cards():
    game = make("cutin", {"players": 5, "jokers": 2, "pass_style": "soft"})
    kit = kit_for(game)
    checked = 0
    rng = random.Random(9)
    for k in range(30):
        match = random_match(game, 900 + k, rng.randrange(1, 60), rng)
        if match.finished:
            continue
        (seat,) = match.to_act()
        other = swapped(match, seat, rng)
        if other is None:
            continue
        info, info_other = Seating(match, {}).info(seat), Seating(other, {}).info(seat)
        assert info == info_other
        assert match.state != other.state
        for j in range(3):
            assert kit.sample(info, random.Random(j)) == kit.sample(info_other, random.Random(j))
        checked += 1
    assert checked >= 5


# --- the club player ---------------------------------------------------------------------------------------


def decide(options: dict, hands: tuple[str, ...], table: tuple[tuple[int, str], ...] = (), **changes) -> str:
    """The heuristic's choice for the seat to act in a hand-built position (seat 0 unless ``turn`` says)."""
    game = make("cutin", options)
    state = game.apply_deal(game.initial(), game.random_deal(game.initial(), random.Random(0)))
    masks = tuple(C.mask(C.parse_many(h)) for h in hands)
    sets = tuple((s, C.mask(C.parse_many(t))) for s, t in table)
    played = C.mask(game.deck())
    for m in masks:
        played &= ~m
    state = dataclasses.replace(state, hands=masks, table=sets, played=played, **changes)
    seat = state.turn
    info = InfoState("cutin", game.options.to_dict(), seat, (), game.observation(state, seat), CutinKnowledge())
    legal = game.legal_actions(state, seat)
    return str(kit_for(game).heuristic(info, legal, random.Random(0)))


OPPONENTS = ("KH 8C 8D 6S 6H TH 3S", "AH JD 9S 9H 7C QH 3C", "TD TC 7S 7H 6D 6C 3H")
"""Seats 1–3 with seven cards each (the hand is young); every other card not in seat 0's hand has been played."""


def test_heuristic_goes_out_when_it_can():
    assert decide({}, ("9D 9C", *OPPONENTS), ((3, "8S 8H"),), turn=0, leader=3) == "play 9D 9C"


def test_heuristic_leads_its_lowest_whole_group():
    # sheds low sets early: the pair of 4s before the single 9, the K and the 2
    assert decide({}, ("4S 4D 9D KC 2S", *OPPONENTS)) == "play 4S 4D"


def test_heuristic_sheds_a_low_single_rather_than_a_high_one():
    assert decide({}, ("4D QC 2S", *OPPONENTS)) == "play 4D"


def test_heuristic_answers_a_single_with_a_low_pair_rule2():
    # on a single 9: a pair of 4s (more cards, any rank) sheds a whole group and keeps the K and the 2
    assert decide({}, ("2S KD 4D 4C", *OPPONENTS), ((3, "9C"),), turn=0, leader=3) == "play 4D 4C"


def test_heuristic_keeps_its_cut_in_cards():
    # on a pair of 5s (♠♣): the pair of 8s beats it and keeps the ♦A single for a later cut-in
    assert decide({}, ("8S 8H AD 3D", *OPPONENTS), ((3, "5S 5C"),), turn=0, leader=3) == "play 8S 8H"


def test_heuristic_keeps_its_lock_breaker_off_a_lock():
    # the ♦3 is the lowest ♦ left (it wins any ♦ lock); the ♠4 is not (the ♠3 is out): lead the ♠4
    assert decide({}, ("3D 4S KS KC", *OPPONENTS)) == "play 4S"


def test_heuristic_takes_the_lead_with_its_lock_breaker_under_a_lock():
    # lock on ♦ under ♦9: nobody can follow the ♦3 — the lead of the next turn; the ♦7 could be followed
    hands = ("3D 7D KS KC", *OPPONENTS)
    assert decide({}, hands, ((2, "4D"), (3, "9D")), turn=0, leader=2, lock_suit=C.DIAMONDS) == "play 3D"


def test_heuristic_keeps_its_2_early_and_passes():
    # on three Qs the only answer is the ♥2 cut-in: early in the hand the single 2 is worth more kept
    assert decide({}, ("2H 5C 5D 9C 9D", *OPPONENTS), ((3, "QC QD QS"),), turn=0, leader=3) == "pass"


def test_heuristic_spends_high_cards_when_an_opponent_is_about_to_go_out():
    hands = ("2H 5C 5D 9C 9D", "KH", *OPPONENTS[1:])
    assert decide({}, hands, ((3, "QC QD QS"),), turn=0, leader=3) == "play 2H"


def test_heuristic_plays_a_joker_to_go_out_and_handles_every_knob():
    assert decide({"jokers": 1}, ("JK", *OPPONENTS), ((3, "2C"),), turn=0, leader=3) == "play JK"
    for options in COMBOS:
        game = make("cutin", options)
        for match, seat in positions(game, 3, 2):
            bot = make_bot("heuristic", game, seed=1)
            assert bot.act(Seating(match, {}).info(seat), match.legal_actions(seat)) in match.legal_actions(seat)


# --- the quick player and the search ---------------------------------------------------------------------


@pytest.mark.parametrize("options", COMBOS, ids=label)
def test_rollouts_play_only_legal_moves_to_the_end_of_the_hand(options):
    game = make("cutin", options)
    rng = random.Random(3)
    for match, _ in positions(game, 6, 3):
        position = Position.from_state(game, match.state)
        while True:
            move = _rollout_move(position, position.turn, rng)
            assert move in position.legal()
            if position.play(move):
                break
        assert len(position.scores()) == game.n


@pytest.mark.parametrize("options", COMBOS[:6], ids=label)
def test_search_bots_choose_legal_actions_deterministically(options):
    # the budget alone (no wall-clock cap: on a loaded machine it would cut the search at a varying point)
    game = make("cutin", options)
    kit = kit_for(game)
    for match, seat in positions(game, 2, 4):
        info = Seating(match, {}).info(seat)
        legal = match.legal_actions(seat)
        first = SearchBot(kit, name="easy", iterations=kit.budgets["easy"], seed=2).act(info, legal)
        again = SearchBot(kit, name="easy", iterations=kit.budgets["easy"], seed=2).act(info, legal)
        assert first in legal and again == first


def test_kit_is_registered_with_budgets_in_order():
    kit = kit_for(make("cutin"))
    assert isinstance(kit, Kit) and kit.budgets["easy"] < kit.budgets["normal"] < kit.budgets["hard"]
