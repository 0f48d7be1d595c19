"""Anou scenario tests, named after the rule they pin (../shared/rules/anou.md)."""

from __future__ import annotations

import pytest

from kirifuda import cards as C
from kirifuda.core import Deal, DealError, IllegalAction, NotationError
from kirifuda.games.anou import Anou, Root, next_dealer, trick_order, wall_score
from kirifuda.match import Match
from kirifuda.records import ReplayError, replay


def cs(text: str) -> tuple[int, ...]:
    return tuple(C.parse_many(text))


def suits_deal() -> Deal:
    """Seat 0 all spades, 1 hearts, 2 diamonds, 3 clubs."""
    return Deal(tuple(tuple(c for c in C.DECK_52 if C.suit_of(c) == s) for s in range(4)))


def seed_trick_deal() -> Deal:
    """Seat 0 leads ♥2, seat 1 (void) ♦A, seat 2 ♥10, seat 3 (void) ♣A — the seed's example."""
    spades = " ".join(r + "S" for r in "AKQJT9876543")
    hearts = " ".join(r + "H" for r in "AKQJT9876543")
    return Deal(
        (
            cs("2H " + spades),
            cs(" ".join(r + "D" for r in "AKQJT98765432")),
            cs(hearts + " 2S"),
            cs(" ".join(r + "C" for r in "AKQJT98765432")),
        )
    )


def start(deal: Deal, **options) -> tuple[Anou, Match]:
    game = Anou(**options)
    return game, Match(game, deals=[deal])


def test_trick_order_seed_example_rule4():
    trick = tuple(enumerate(cs("2H AD TH AC")))
    order = trick_order(trick)
    assert [C.text(trick[i][1]) for i in order] == ["TH", "2H", "AD", "AC"]


def test_trick_order_in_play_seed_example_rule4():
    game, m = start(seed_trick_deal())
    for seat, card in enumerate(["2H", "AD", "TH", "AC"]):
        m.act(seat, f"play {card}")
    assert (m.state.first, m.state.second) == (2, 0)
    assert m.to_act() == {2}
    obs = game.observation(m.state, 1)
    assert obs.gozaranu == (1, 3)  # the void players called 「ござらぬゆえ」


def test_dealer_deals_and_leads_first_trick_rule1_3():
    game, m = start(suits_deal(), first_dealer=2)
    assert m.to_act() == {2}
    assert m.legal_actions(2)[0] == game.parse_action("play AD")
    with pytest.raises(IllegalAction, match="not seat 0's turn"):
        m.act(0, "play AS")


def test_random_deal_starts_with_the_dealer_rule1():
    import random

    game = Anou(first_dealer=1)
    deal = game.random_deal(game.initial(), random.Random(5))
    pack = list(C.DECK_52)
    random.Random(5).shuffle(pack)
    assert deal.hands[1][0] == pack[0] and deal.hands[2][0] == pack[1]


def test_must_follow_suit_rule3():
    game, m = start(seed_trick_deal())
    m.act(0, "play 2H")
    before = m.state
    with pytest.raises(IllegalAction, match="not in your hand"):
        m.act(1, "play 2H")
    m.act(1, "play AD")
    with pytest.raises(IllegalAction, match="must follow suit ♥"):
        m.act(2, "play 2S")
    assert m.state.trick == ((0, C.parse("2H")), (1, C.parse("AD")))
    assert before.hands[2] == m.state.hands[2]


def test_seed_worked_example_takes_and_discard_rule5_6():
    # seed 000: ♦J led, ♦9 ♦7 ♦5 follow; the 1st takes ♦J into the plan-1 column, the 2nd two diamonds
    # into the plan-4 column, the last card is discarded, the 1st leads next.
    hands = [list(h) for h in suits_deal().hands]
    hands = [
        cs("JD AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S"),
        cs("9D AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H"),
        cs("7D AD KD QD TD 8D 6D 4D 3D 2D 2S 2H 2C"),
        cs("5D AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C"),
    ]
    game, m = start(Deal(tuple(hands)))
    for seat, card in enumerate(["JD", "9D", "7D", "5D"]):
        m.act(seat, f"play {card}")
    assert (m.state.first, m.state.second) == (0, 1)
    m.act(0, "take JD@1")
    assert m.state.walls[0][0] == C.mask(cs("JD"))
    with pytest.raises(IllegalAction, match="2nd takes two cards"):
        m.act(1, "take 9D@4")
    m.act(1, "take 7D@4 5D")
    assert m.state.walls[1][3] == C.mask(cs("7D 5D"))
    assert m.state.discards == C.mask(cs("9D"))
    assert m.to_act() == {0}  # 6: the 1st leads the next trick


def test_first_may_take_any_card_R1():
    game, m = start(seed_trick_deal())
    for seat, card in enumerate(["2H", "AD", "TH", "AC"]):
        m.act(seat, f"play {card}")
    legal = {str(a) for a in m.legal_actions(2)}
    assert "take AC@1" in legal and "take AD@4" in legal and "take 2H@2" in legal
    m.act(2, "take AC@1")  # another player's card
    assert m.state.walls[2][0] == C.mask(cs("AC"))


def test_second_chooses_two_of_three_and_placements_rule5():
    game, m = start(seed_trick_deal())
    for seat, card in enumerate(["2H", "AD", "TH", "AC"]):
        m.act(seat, f"play {card}")
    m.act(2, "take TH@3")
    legal = {str(a) for a in m.legal_actions(0)}
    # 3 pairs of the remaining 2H AD AC; each new suit needs a distinct free column
    assert len(legal) == 3 * 4 * 3
    assert "take 2H@1 AD@2" in legal and "take AD@4 AC@3" in legal


def test_three_players_second_takes_the_last_two_rule5():
    deck = C.DECK_ANOU_36
    clubs = cs("6C 7C 8C")
    hands = tuple(tuple(c for c in deck if C.suit_of(c) == s) + (clubs[s],) for s in range(3))
    rest = cs("AC KC QC JC TC 9C")
    game, m = start(Deal(hands, rest=rest), players=3)
    for seat, card in enumerate(["AS", "AH", "AD"]):
        m.act(seat, f"play {card}")
    m.act(0, "take AS@1")
    legal = [str(a) for a in m.legal_actions(1)]
    assert {frozenset(c.split("@")[0] for c in a.split()[1:]) for a in legal} == {frozenset({"AH", "AD"})}
    m.act(1, legal[0])
    assert m.state.discards == 0 and m.to_act() == {0}


def test_column_binding_wall():
    game, m = start(seed_trick_deal())
    for seat, card in enumerate(["2H", "AD", "TH", "AC"]):
        m.act(seat, f"play {card}")
    with pytest.raises(IllegalAction, match="no column yet"):
        m.act(2, "take TH")
    m.act(2, "take TH@2")
    # later a heart must go to column 2: the @n is optional, a wrong one is rejected
    wall = m.state.walls[2]
    from kirifuda.games.anou import _place

    assert _place(wall, ((C.parse("9H"), None),))[1] == C.mask(cs("TH 9H"))
    assert _place(wall, ((C.parse("9H"), 1),))[1] == C.mask(cs("TH 9H"))
    with pytest.raises(IllegalAction, match="already has the column planned 2"):
        _place(wall, ((C.parse("9H"), 3),))
    with pytest.raises(IllegalAction, match="already holds another suit"):
        _place(wall, ((C.parse("9S"), 1),))
    with pytest.raises(IllegalAction, match="cannot share a column"):
        _place(wall, ((C.parse("9S"), 0), (C.parse("9C"), 0)))
    # a new suit's two cards go together; @n on either card
    assert _place(wall, ((C.parse("9S"), None), (C.parse("8S"), 2)))[2] == C.mask(cs("9S 8S"))


def test_non_canonical_spellings_accepted_notation():
    game = Anou()
    assert str(game.parse_action("take ♦9@4 7♦")) == "take 9D@4 7D"
    assert str(game.parse_action("PLAY 10h")) == "play TH"
    assert game.parse_action("root 7h@3") == Root(C.parse("7H"), 2)
    for bad in ["take 9D@5", "play", "jump 9D", "take 9D 8D 7D", "play 1H"]:
        with pytest.raises(NotationError):
            game.parse_action(bad)


def test_wall_scoring_seed_example():
    # 001's figure: column 1 holds 2 (−2), column 2 holds 2 (+2), column 3 empty, column 4 holds 4 (+4) → 4
    assert wall_score((C.mask(cs("AS KS")), C.mask(cs("AH KH")), 0, C.mask(cs("AD KD QD JD")))) == 4


def test_wall_scoring_maximum_12_and_floor_0():
    full = (C.mask(cs("AS")), C.mask(cs("AH KH")), C.mask(cs("AD KD QD")), C.mask(cs("AC KC QC JC")))
    assert wall_score(full) == 12
    over = (C.mask(cs("AS KS QS")), C.mask(cs("AH KH QH")), 0, 0)
    assert wall_score(over) == 0  # −6 floors at 0
    assert wall_score((C.mask(cs("AS")), 0, 0, C.mask(cs("AC KC QC JC 9C")))) == 0  # 1 − 5 → 0


def test_next_dealer_tie_includes_dealer_seed_example():
    # seed 000 「親の交代」: A (dealer) and B tie → A deals again
    assert next_dealer(0, (5, 5, 2, 0)) == 0
    assert next_dealer(2, (7, 0, 3, 7)) == 3  # first clockwise from the dealer among the tied
    assert next_dealer(3, (4, 4, 0, 0)) == 0
    assert next_dealer(1, (0, 0, 0, 0)) == 1  # nobody scored: the dealer deals again


def test_root_stones_dealer_first_twice_round_variant():
    game, m = start(suits_deal(), root_stones=True, first_dealer=1)
    assert m.to_act() == {1} and all(isinstance(a, Root) for a in m.legal_actions(1))
    m.act(1, "root AH@4")
    assert m.to_act() == {2}
    for seat in (2, 3, 0):
        m.act(seat, m.legal_actions(seat)[0])
    m.act(1, "root KH")  # the second may go into the same column
    assert m.state.walls[1][3] == C.mask(cs("AH KH"))
    for seat in (2, 3, 0):
        m.act(seat, m.legal_actions(seat)[0])
    assert m.state.phase == "play" and m.to_act() == {1}  # the dealer leads
    assert all(h.bit_count() == 11 for h in m.state.hands)


def test_game_is_three_deals_with_dealer_change():
    game = Anou()
    m = Match(game, seed=42)
    import random

    rng = random.Random(0)
    dealers = [m.state.dealer]
    deals_seen = 0
    while not m.finished:
        seat = next(iter(m.to_act()))
        m.act(seat, rng.choice(m.legal_actions(seat)))
        if len(game.deal_scores(m.state)) > deals_seen:
            deals_seen += 1
            scores = game.deal_scores(m.state)[-1]
            if not m.finished:
                assert m.state.dealer == next_dealer(dealers[-1], scores)
                dealers.append(m.state.dealer)
    assert len(game.deal_scores(m.state)) == 3 and len(m.deals) == 3
    assert all(0 <= v <= 12 for d in game.deal_scores(m.state) for v in d)


def test_deck3_options_components():
    assert len(Anou(players=3).deck()) == 36 and Anou(players=3).unused_count == 6
    assert Anou(players=3, deck3="52").unused_count == 22
    with pytest.raises(DealError):
        Anou(players=3).check_deal(Anou(players=3).initial(), suits_deal())


def test_observation_hides_hands_and_unused_R2():
    game = Anou(players=3)
    m = Match(game, seed=9)
    obs = game.observation(m.state, 0)
    assert obs.hand is not None and obs.unused_count == 6
    assert "hands" not in obs.to_json() and obs.to_json()["hand"] == obs.hand.texts()
    assert game.observation(m.state, None).hand is None


def test_replay_rejects_illegal_action_with_index():
    game, m = start(seed_trick_deal())
    m.act(0, "play 2H")
    rec = m.record()
    rec["actions"].append([1, "play 2H"])
    with pytest.raises(ReplayError, match=r'action 1 \(seat 1, "play 2H"\): 2H is not in your hand') as e:
        replay(rec)
    assert e.value.index == 1
