"""A design's events (kirifuda/analysis/stats/goout.py) on each preset: the start player is each hand's dealer,
the places follow the finishing order, and each event is counted only where the design has its rule."""

from __future__ import annotations

import random

import pytest

from kirifuda import design as D
from kirifuda.analysis.events import collect, describe
from kirifuda.match import Match
from kirifuda.registry import make


def random_match(preset: str, seed: int) -> Match:
    match = Match(make("goout", {"design": D.preset(preset).with_values({"length.hands": 2})}), seed=seed)
    rng = random.Random(seed)
    while not match.finished:
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal_actions(seat)))
    return match


@pytest.mark.parametrize("preset", D.PRESETS)
def test_a_design_s_events_are_described_and_its_hands_dealt_by_their_start_player(preset):
    names: set[str] = set()
    for seed in range(3):
        match = random_match(preset, seed)
        facts = collect(match)
        assert facts is not None and len(facts.dealers) == 2
        for deal, dealer in enumerate(facts.dealers):
            assert facts.positions[deal][dealer] == 0
            firsts = [e.seat for e in facts.events if e.deal == deal and e.name == "first_out"]
            places = sorted(
                (int(e.name.split(":")[1]), e.seat)
                for e in facts.events
                if e.deal == deal and e.name.startswith("place:")
            )
            assert firsts == [places[0][1]] and [p for p, _ in places] == list(range(1, len(places) + 1))
        for e in facts.events:
            assert describe("goout", e.name) is not None, e.name
        names |= {e.name for e in facts.events}
    design = D.preset(preset)
    assert ("cut_in" in names) == design.get("play.cut_in")  # only where the design has the rule
    assert ("clear" in names) <= bool(design.get("play.clear_ranks"))
    assert ("revolution" in names) <= design.get("play.revolution.enabled")
    assert ("joker" in names) <= bool(design.get("pack.jokers"))
    if design.get("end.until") == "one-left":  # the hand plays on: every seat gets a place
        assert {f"place:{k}" for k in range(1, design.get("players.default") + 1)} <= names
