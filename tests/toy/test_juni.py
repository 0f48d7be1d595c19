"""The toy game Jūni through every layer, found by the registry alone (docs/adding-a-game.md)."""

from __future__ import annotations

import json
import random

import pytest
import test_conformance as conformance
import test_registry

from kirifuda import registry
from kirifuda.analysis.events import collect, describe
from kirifuda.arena import play_game
from kirifuda.bots import make_bot
from kirifuda.core import IllegalAction
from kirifuda.fast import engine_for
from kirifuda.match import Match
from kirifuda.presentation import choices, open_table, present
from kirifuda.presentation.model import Table
from kirifuda.presentation.text import render
from kirifuda.records import dumps, replay
from kirifuda.simulate import play_random_game
from kirifuda.tui.plain import run
from kirifuda.tui.session import Session


def test_the_registry_finds_every_declared_part(juni):
    assert juni in registry.available()
    for layer in registry.LAYERS:
        test_registry.test_every_declared_part_exists_and_keeps_its_layers_contract(juni, layer)
    assert engine_for(registry.make(juni)) is None  # no fast engine: simulation takes the pure rules


def test_the_toy_passes_the_conformance_suite(juni):
    conformance.test_random_games_conform(juni)
    conformance.test_unknown_options_are_errors(juni)
    conformance.test_unfinished_record_without_seed_waits_for_a_deal(juni)
    conformance.test_spectator_sees_no_hand(juni)


def test_must_follow_J3_and_the_highest_of_the_lead_suit_wins_J4(juni):
    match = Match(registry.make(juni, {"deals": 1}), seed=5)
    leader = min(match.to_act())
    lead = match.legal_actions(leader)[0]
    match.act(leader, lead)
    follower = min(match.to_act())
    legal = match.legal_actions(follower)
    suit = str(lead)[-1]
    if any(str(a)[-1] == suit for a in legal):
        assert all(str(a)[-1] == suit for a in legal)
        hand = match.game.observation(match.state, follower).hand
        off_suit = [c for c in hand.texts() if c[-1] != suit]
        if off_suit:
            with pytest.raises(IllegalAction, match="must follow"):
                match.act(follower, f"play {off_suit[0]}")


@pytest.mark.parametrize("bot, games", [("heuristic", 20), ("normal", 3)])
def test_a_bot_plays_it_and_takes_more_tricks_than_random_play(juni, bot, games):
    game = registry.make(juni)
    taken = [0, 0]
    for seed in range(games):
        players = [make_bot(bot, game, seed), make_bot("random", game, seed)]
        match = play_game(game, players, seed=seed)
        assert match.finished
        totals = game.totals(match.state)
        assert sum(totals) == 6 * game.options.deals  # one point a trick (J5)
        taken = [t + x for t, x in zip(taken, totals, strict=True)]
    assert taken[0] > taken[1]


def test_the_presentation_draws_it_for_every_seat_and_the_spectator(juni):
    game = registry.make(juni, {"deals": 1})
    match = Match(game, seed=2)
    rng = random.Random(2)
    while not match.finished:
        seat = min(match.to_act())
        obs = game.observation(match.state, seat)
        table = present(game, obs)
        assert Table.from_json(json.loads(json.dumps(table.to_json()))) == table
        listed = choices(game, obs, match.legal_actions(seat))
        assert [c.action for c in listed] == [str(a) for a in match.legal_actions(seat)]
        assert "Jūni" in render(table, "en") and "十二" in render(table, "ja")
        assert present(game, game.observation(match.state, None)).hand is None
        match.act(seat, rng.choice(match.legal_actions(seat)))
    spectator = game.observation(match.state, None)
    opened = open_table(game, spectator, [game.observation(match.state, s) for s in range(2)])
    assert opened.over and opened.winners


def test_the_terminal_plays_it_in_lines(juni, tmp_path):
    game = registry.make(juni, registry.quick(juni))
    session = Session(Match(game, seed=4), ["me", "heuristic"], record_path=tmp_path / "juni.json")
    lines: list[str] = []

    def ask(prompt: str) -> str:
        return "1"  # the first choice listed, always legal

    run(session, "en", ask=ask, say=lines.append)
    assert session.finished
    assert replay(json.loads((tmp_path / "juni.json").read_text())).state == session.match.state


def test_the_browser_table_sends_it_drawn_from_its_presentation(juni):
    from kirifuda.web.messages import dumps as message_text
    from kirifuda.web.messages import seat_payload

    match = Match(registry.make(juni), seed=6)
    seat = min(match.to_act())
    payload = json.loads(message_text(seat_payload(match, seat)))
    assert payload["view"]["title"] == {"ja": "十二", "en": "Jūni"}
    assert [c["action"] for c in payload["choices"]] == payload["legal"]
    other = json.loads(message_text(seat_payload(match, 1 - seat)))
    assert not set(payload["observation"]["hand"]) & set(other["observation"]["hand"])  # each sees its own hand


def test_a_match_replays_it_and_analysis_counts_its_events(juni):
    game = registry.make(juni)
    match = Match(game, seed=9)
    rng = random.Random(9)
    while not match.finished:
        seat = min(match.to_act())
        match.act(seat, rng.choice(match.legal_actions(seat)))
    again = replay(json.loads(dumps(match.record())))
    assert again.state == match.state
    facts = collect(match)
    tricks = [e for e in facts.events if e.name == "tricks"]
    assert [e.value for e in tricks] == [t for scores in game.deal_scores(match.state) for t in scores]
    assert describe(juni, "slam").rule == "J5"


def test_simulation_plays_it_through_the_pure_rules(juni):
    scores, decisions = play_random_game(registry.make(juni), seed=3, rng=random.Random(3))
    assert len(scores) == 2 and decisions == 24
