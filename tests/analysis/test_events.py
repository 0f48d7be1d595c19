"""Scoring events (kirifuda.analysis.events): each game's counts agree with its scores and its rules."""

from __future__ import annotations

import random
from collections import Counter, defaultdict

import pytest

from kirifuda.analysis.events import collect, describe, descriptions
from kirifuda.match import Match
from kirifuda.registry import available, make


def random_match(game_id: str, seed: int, **options) -> Match:
    match = Match(make(game_id, options), seed=seed)
    rng = random.Random(seed)
    while not match.finished:
        for seat in sorted(match.to_act()):
            match.act(seat, rng.choice(match.legal_actions(seat)))
    return match


def by_deal_seat(events) -> dict[tuple[int, int | None], dict[str, list[float]]]:
    out: dict[tuple[int, int | None], dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for e in events:
        out[(e.deal, e.seat)][e.name].append(e.value)
    return out


@pytest.mark.parametrize("game_id", available())
def test_every_deal_has_a_dealer_at_position_zero_and_every_event_is_described(game_id):
    match = random_match(game_id, 3)
    facts = collect(match)
    deals = len(match.game.deal_scores(match.state))
    assert len(facts.dealers) == len(facts.positions) == deals
    for dealer, positions in zip(facts.dealers, facts.positions, strict=True):
        assert positions[dealer] == 0
        assert sorted(positions) == list(range(match.game.seat_count))
    assert facts.events
    for event in facts.events:
        assert 0 <= event.deal < deals
        assert describe(game_id, event.name) is not None, event.name
    for name, d in descriptions(game_id).items():
        assert d.en and d.ja and d.rule, name


def test_anou_wall_events_rebuild_the_deal_score_Scoring():
    """anou.md "Scoring": n ≤ plan +n, n > plan −n, all to plan +2, floor 0 — the events carry every term."""
    for seed in range(6):
        match = random_match("anou", seed, root_stones=True)
        game = match.game
        scores = game.deal_scores(match.state)
        cells = by_deal_seat(collect(match).events)
        for deal, row in enumerate(scores):
            for seat, score in enumerate(row):
                cell = cells[(deal, seat)]
                overfill = sum(v for name, vs in cell.items() if name.startswith("overfill:") for v in vs)
                perfect = len(cell.get("perfect_wall", []))
                floor = sum(cell.get("floor", []))
                if perfect:
                    assert score == 12 and not overfill
                assert score >= 0
                if floor:
                    assert score == 0 and overfill  # only an overfill can take a wall below 0
                # every seat places exactly two root stones a deal (anou.md "A deal" 2)
                assert sum(len(vs) for name, vs in cell.items() if name.startswith("root:")) == 2


def test_anou_root_stones_only_with_the_option():
    names = {e.name for e in collect(random_match("anou", 1)).events}
    assert not any(name.startswith("root") for name in names)


def test_gogyo_modes_points_and_negative_scores():
    """gogyo.md "A deal" 2 (one mode a deal), "Cards" (20 points in all), "Scoring" (negatives)."""
    for seed in range(5):
        match = random_match("gogyo-sokoku", seed)
        scores = match.game.deal_scores(match.state)
        cells = by_deal_seat(collect(match).events)
        for deal, row in enumerate(scores):
            modes = [name for name in cells[(deal, None)] if name.startswith("mode:")]
            assert len(modes) == 1
            assert sum(cells[(deal, s)]["points"][0] for s in range(5)) == 20
            for seat, score in enumerate(row):
                assert cells[(deal, seat)].get("negative", []) == ([score] if score < 0 else [])
            takers = [s for s in range(5) if "table_cards" in cells[(deal, s)]]
            assert len(takers) == 1


@pytest.mark.parametrize("game_id", ["anarchy", "anarchy-bomb", "organised-chaos"])
def test_anarchy_family_bid_events_carry_the_deal_score(game_id):
    """The mean of bid:NAME is what that bid pays: its value is the bidder's deal score (§1/§2 bid tables)."""
    match = random_match(game_id, 2)
    scores = match.game.deal_scores(match.state)
    cells = by_deal_seat(collect(match).events)
    for deal, row in enumerate(scores):
        for seat, score in enumerate(row):
            bids = [(name, vs) for name, vs in cells[(deal, seat)].items() if name.startswith("bid:")]
            assert len(bids) == 1 and bids[0][1] == [score]
    if game_id == "organised-chaos":  # §3: every seat makes each of the 10 bids exactly once
        for seat in range(match.game.seat_count):
            made = Counter(n for d in range(len(scores)) for n in cells[(d, seat)] if n.startswith("bid:"))
            assert len(made) == 10 and set(made.values()) == {1}


def test_anarchy_bomb_is_thrown_once_every_deal_KA7():
    match = random_match("anarchy-bomb", 5)
    bombs = [e for e in collect(match).events if e.name == "bomb"]
    assert sorted(e.deal for e in bombs) == list(range(len(match.game.deal_scores(match.state))))
    assert all(1 <= e.value <= 13 for e in bombs)


def test_goninkan_battle_results_roles_and_joker():
    """rules "Scoring": one result a battle; battles 2–3 only after a Napoleon win; role scores are the scores."""
    for seed in range(3):
        match = random_match("goninkan", seed, rounds=4)
        scores = match.game.deal_scores(match.state)
        facts = collect(match)
        cells = by_deal_seat(facts.events)
        previous = None
        for deal, row in enumerate(scores):
            table = cells[(deal, None)]
            results = [(name, vs[0]) for name, vs in table.items() if name.startswith("napoleon_won:")]
            assert len(results) == 1
            battle = int(results[0][0].split(":")[1])
            if battle > 1:
                assert previous == (battle - 1, 1.0)
            previous = (battle, results[0][1])
            for seat, score in enumerate(row):
                sides = [vs for name, vs in cells[(deal, seat)].items() if name.startswith("side:")]
                assert sides == [[score]]
            jokers = [e for e in facts.events if e.deal == deal and e.name == "joker"]
            assert len(jokers) <= 1 and all(2 <= e.value <= 9 for e in jokers)  # K1/G12: not in tricks 1, 10


def test_goninkan_joker_ruling_lead_lets_the_joker_follow_in_trick_one_G5():
    seen = set()
    for seed in range(12):
        match = random_match("goninkan", seed, rounds=2, joker_ban="lead")
        seen |= {e.value for e in collect(match).events if e.name == "joker"}
    assert 1 in seen or 10 in seen


def test_cutin_endings_and_ranks_left_rebuild_the_hand_score():
    """cutin.md "Scoring": +5 when out, else −(4 + k) per rank held k times — the left:R values sum to it."""
    for seed in range(6):
        match = random_match("cutin", seed)
        scores = match.game.deal_scores(match.state)
        cells = by_deal_seat(collect(match).events)
        for deal, row in enumerate(scores):
            out = [s for s in range(len(row)) if "went_out" in cells[(deal, s)]]
            assert list(cells[(deal, None)]).count(f"ending:{len(out)}") == 1
            for seat, score in enumerate(row):
                left = sum(v for name, vs in cells[(deal, seat)].items() if name.startswith("left:") for v in vs)
                assert score == (5 if seat in out else left)
            assert cells[(deal, None)]["turns"][0] >= 1


def test_cutin_counts_cut_ins_and_locks():
    counts = Counter(e.name for seed in range(10) for e in collect(random_match("cutin", seed)).events)
    assert counts["cut_in"] > 0 and counts["lock"] > 0
