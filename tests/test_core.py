"""The protocol's shared pieces: options, deals, the match driver, records."""

from __future__ import annotations

import dataclasses

import pytest

from kirifuda import cards as C
from kirifuda.core import Deal, DealError, KirifudaError, OptionError
from kirifuda.games.anou import Anou, AnouOptions
from kirifuda.match import Match
from kirifuda.records import ReplayError, read_record, replay


def test_options_are_frozen_keyword_only_and_checked():
    o = AnouOptions(players=3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        o.players = 4  # frozen
    with pytest.raises(TypeError):
        AnouOptions(3)  # keyword-only
    with pytest.raises(OptionError, match="takes one of 4, 3"):
        AnouOptions(players=5)
    with pytest.raises(OptionError, match="takes true or false"):
        AnouOptions(root_stones=1)
    with pytest.raises(OptionError, match="takes a whole number"):
        AnouOptions(players=True)
    with pytest.raises(OptionError, match="unknown option 'deck'"):
        AnouOptions.from_dict({"deck": "36"})
    with pytest.raises(OptionError, match="first_dealer"):
        AnouOptions(players=3, first_dealer=3)
    assert AnouOptions.from_dict({"players": 3}).to_dict() == {
        "players": 3,
        "first_dealer": 0,
        "deck3": "36",
        "root_stones": False,
    }


def test_deal_from_json_reads_symbols_and_copies():
    d = Deal.from_json({"hands": [["♠A", "7h"], ["7H"]], "rest": ["10c"]})
    assert d.hands[0] == (C.parse("AS"), C.parse("7H")) and d.hands[1] == (C.parse("7H") | C.COPY,)
    assert d.to_json() == {"hands": [["AS", "7H"], ["7H"]], "rest": ["TC"]}
    with pytest.raises(DealError, match="unknown pile"):
        Deal.from_json({"hands": [], "stock": []})
    with pytest.raises(DealError, match="not a card"):
        Deal.from_json({"hands": [["XX"]]})


def test_deal_check_names_the_problem():
    deck = C.DECK_52
    hands = tuple(tuple(deck[i * 13 : (i + 1) * 13]) for i in range(4))
    Deal(hands).check(deck, [13] * 4)
    bad = (hands[0][:-1] + (hands[1][0],),) + hands[1:]
    with pytest.raises(DealError, match="does not use the deck exactly once"):
        Deal(bad).check(deck, [13] * 4)
    with pytest.raises(DealError, match="hand 0 must hold 12"):
        Deal(hands).check(deck, [12, 13, 13, 14])
    with pytest.raises(DealError, match="pile 'rest'"):
        Deal(hands, rest=(deck[0],)).check(deck, [13] * 4)


def test_same_seed_same_game():
    a, b = Match(Anou(), seed=77), Match(Anou(), seed=77)
    assert a.state == b.state and a.deals == b.deals
    assert Match(Anou(), seed=78).state != a.state


def test_match_without_seed_waits_for_a_deal():
    m = Match(Anou())
    assert m.blocked and m.to_act() == frozenset()


def test_illegal_action_changes_nothing():
    m = Match(Anou(), seed=1)
    state, n = m.state, len(m.actions)
    with pytest.raises(KirifudaError):
        m.act(1, "play AS")
    with pytest.raises(KirifudaError):
        m.act(0, "bogus")
    assert m.state is state and len(m.actions) == n


def test_record_keys_checked():
    rec = Match(Anou(), seed=1).record()
    with pytest.raises(ReplayError, match="unknown record key"):
        read_record({**rec, "comment": "x"})
    with pytest.raises(ReplayError, match="seed"):
        read_record({**rec, "seed": "12"})
    with pytest.raises(ReplayError, match="action 0") as e:
        replay({**rec, "actions": [[9, "play AS"]]})
    assert e.value.index == 0


def test_actions_beyond_the_given_deals_without_seed_are_an_error():
    m = Match(Anou(), seed=4)
    seat = next(iter(m.to_act()))
    m.act(seat, m.legal_actions(seat)[0])
    rec = m.record()
    del rec["seed"]
    rec["deals"] = []
    with pytest.raises(ReplayError, match="gives no deal here") as e:
        replay(rec)
    assert e.value.index == 0
