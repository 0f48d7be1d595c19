"""Gonin-kan scenario tests, named after the rule they pin (../shared/rules/goninkan.md, rulings K1–K6,
kirifuda rulings G1–G12 in docs/rules/goninkan.md)."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from kirifuda import cards as C
from kirifuda.core import Deal, DealError, IllegalAction, NotationError, OptionError
from kirifuda.games.goninkan import ALLIES, NAPOLEON, Goninkan, Play, battle1_trump, battle_value, separate_partners
from kirifuda.match import Match
from kirifuda.records import dumps, replay


def cs(text: str) -> tuple[int, ...]:
    return tuple(C.parse_many(text))


def deal(hands: dict[int, str], players: int = 6) -> Deal:
    """A deal by player id; players not listed (a 6-player dealer) get no cards."""
    return Deal(tuple(cs(hands.get(p, "")) for p in range(players)))


# The reference deal (6 players, dealer 0, trump ♣): 1 holds ♣A, 3 the Joker; 2 4 5 are the allies.
D1 = deal(
    {
        1: "AS KS QS JS AH KH QH JH AC TS",
        3: "JK AD KD QD JD KC QC JC TH TD",
        2: "9S 8S 7S 9H 8H 9D 8D TC 9C 8C",
        4: "6S 5S 4S 7H 6H 7D 6D 5D 7C 6C",
        5: "3S 2S 5H 4H 3H 4D 3D 5C 4C 3C",
    }
)
# Battle 1 of D1: 1 leads honours, Napoleon reaches 10 honours at trick 6 with the allies on 0.
D1_TO_TRICK_6 = [
    ("1 AS", "2 9S", "3 TH", "4 6S", "5 3S"),
    ("1 KS", "2 8S", "3 TD", "4 5S", "5 2S"),
    ("1 QS", "2 7S", "3 JD", "4 4S", "5 5H"),
    ("1 JS", "2 9H", "3 QD", "4 7H", "5 4H"),
    ("1 AH", "2 8H", "3 KD", "4 6H", "5 3H"),
    ("1 KH", "2 9D", "3 AD", "4 7D", "5 4D"),
]
D1_TRICKS_7_TO_10 = [
    ("1 QH", "2 8D", "3 JC", "4 6D", "5 3D"),
    ("3 KC", "4 7C", "5 5C", "1 AC", "2 TC"),
    ("1 JH", "2 9C", "3 JK", "4 6C", "5 4C"),
    ("3 QC", "4 5D", "5 3C", "1 TS", "2 8C"),
]
# An allies' deal (6 players, dealer 0, trump ♣): the pair 1 (♣A) and 3 (Joker) hold no other honour.
D3 = deal(
    {
        1: "AC 9S 8S 7S 9H 8H 9D 8D 9C 8C",
        3: "JK 6S 5S 4S 7H 6H 7D 6D 7C 6C",
        2: "AS KS QS JS TS 3S 2S TH 5H 4H",
        4: "AH KH QH JH 3H TD 5D 4D 3D TC",
        5: "AD KD QD JD KC QC JC 5C 4C 3C",
    }
)
D3_TO_TRICK_5 = [
    ("1 9S", "2 AS", "3 6S", "4 3H", "5 3C"),
    ("5 AD", "1 9D", "2 KS", "3 7D", "4 TD"),
    ("5 KD", "1 8D", "2 QS", "3 6D", "4 5D"),
    ("5 QD", "1 9H", "2 JS", "3 7H", "4 4D"),
    ("5 JD", "1 8H", "2 TS", "3 6H", "4 3D"),
]


def start(deals, **options) -> tuple[Goninkan, Match]:
    game = Goninkan(**options)
    return game, Match(game, deals=list(deals))


def tricks(m: Match, script) -> None:
    for moves in script:
        for move in moves:
            seat, card = move.split()
            m.act(int(seat), f"play {card}")


def pass_back_and_forth(m: Match, trump: str = "C") -> None:
    """Battles 2–3: 1 (the ♣A holder at the battle-1 deal) gives ♠10 then ♣A; 3 gives both back."""
    for seat, card in [(1, "TS"), (1, "AC"), (3, "TS"), (3, "AC")]:
        m.act(seat, f"give {card}")
    m.act(3, f"trump {trump}")
    m.act(1, "go")


def texts(actions) -> list[str]:
    return [str(a) for a in actions]


# --- table, cards, options ---------------------------------------------------------------------


def test_deck_is_50_cards_spade_two_stays_and_joker_rules_cards():
    game = Goninkan()
    deck = game.deck()
    assert len(deck) == 50 and len(set(deck)) == 50
    assert C.JOKER in deck and C.parse("2S") in deck
    assert not {C.parse("2H"), C.parse("2D"), C.parse("2C")} & set(deck)


def test_options_follow_the_record_spec_and_zero_sum_needs_5_players():
    game = Goninkan()
    o = game.options
    assert (
        o.players,
        o.rounds,
        o.joker_ban,
        o.last_trick_joker,
        o.early_stop,
        o.sixteen_in_battle1,
        o.zero_sum,
        o.first_dealer,
    ) == (6, 10, "play", "forbidden", True, False, False, 0)
    assert game.seat_count == 6 and Goninkan(players=5).seat_count == 5
    assert Goninkan(players=5, zero_sum=True).options.zero_sum
    with pytest.raises(OptionError, match="zero_sum.*5 players only"):
        Goninkan(zero_sum=True)
    with pytest.raises(OptionError, match="at least 1"):
        Goninkan(rounds=0)
    assert Goninkan(rounds=3).options.rounds == 3
    with pytest.raises(OptionError):
        Goninkan(joker_ban="never")
    with pytest.raises(OptionError):
        Goninkan(players=4)


def test_battle1_trump_rotates_clubs_diamonds_hearts_and_last_round_spades_rules_rounds():
    assert [C.SUITS[battle1_trump(r, 10)] for r in range(10)] == list("CDHCDHCDHS")
    assert battle1_trump(0, 1) == C.SPADES
    assert [C.SUITS[battle1_trump(r, 4)] for r in range(4)] == list("CDHS")


def test_random_deal_gives_the_six_player_dealer_no_cards_G3():
    game = Goninkan(first_dealer=2)
    state = game.initial()
    d = game.random_deal(state, random.Random(7))
    assert [len(h) for h in d.hands] == [10, 10, 0, 10, 10, 10]
    pack = list(C.DECK_GONINKAN_50)
    random.Random(7).shuffle(pack)
    # one card at a time in play order, starting after the dealer's position: 3 4 5 0 1
    assert [d.hands[p][0] for p in (3, 4, 5, 0, 1)] == pack[:5]
    game.check_deal(state, d)
    five = Goninkan(players=5, first_dealer=4)
    d5 = five.random_deal(five.initial(), random.Random(7))
    assert [len(h) for h in d5.hands] == [10] * 5 and d5.hands[0][0] == pack[0]  # the 5-player dealer last


def test_deal_must_leave_the_six_player_dealer_empty_handed():
    game = Goninkan()
    bad = Deal((cs("AS KS QS JS AH KH QH JH AC TS"),) + D1.hands[1:5] + ((),))
    with pytest.raises(DealError, match="hand 0 must hold 0 cards"):
        game.check_deal(game.initial(), bad)
    record = Match(game, deals=[D1]).record()
    assert record["deals"][0]["hands"][0] == [] and len(record["deals"][0]["hands"]) == 6


# --- battle 1 set-up: the pair, seating, the 仮親 -----------------------------------------------


def test_napoleon_pair_is_the_joker_and_trump_ace_holders_with_the_dealer_rules_battle1_1():
    game, m = start([D1])
    setup = m.state.setup
    assert (setup.ace, setup.other) == (1, 3)
    assert setup.napoleon == 1 << 0 | 1 << 1 | 1 << 3  # the 6-player dealer is on the Napoleon side
    assert setup.seat_swap == ()  # 1 and 3 are not neighbours
    assert m.to_act() == {1}  # the first pair member from the dealer calls


def test_adjacent_partners_are_separated_by_a_seat_swap_rules_battle1_2():
    # 5 players: 1 holds ♣A and 2 the Joker; 2 is next after 1, so 2 swaps with 3
    hands = {
        0: "9S 8S 7S 6S 5S 4S 3S 2S TS 9H",
        1: "AC AS KS QS JS AH KH QH JH 8H",
        2: "JK AD KD QD JD KC QC JC TH 7H",
        3: "6H 5H 4H 3H TD 9D 8D 7D 6D 5D",
        4: "4D 3D TC 9C 8C 7C 6C 5C 4C 3C",
    }
    game, m = start([deal(hands, 5)], players=5)
    setup = m.state.setup
    assert setup.seat_swap == (2, 3)
    assert setup.seating == (0, 1, 3, 2, 4)
    obs = game.observation(m.state, None)
    assert obs.seating == (0, 1, 3, 2, 4) and obs.seat_swap == (2, 3)
    m.act(1, "come")  # 来い: the partner leads; play then goes to the player now next after 2
    m.act(2, "play AD")
    assert m.to_act() == {4}
    # player ids never change: 2 still holds its own cards and scores as 2
    assert m.state.hands[2] == C.mask(cs("JK KD QD JD KC QC JC TH 7H"))


def test_adjacency_skips_the_six_player_dealer_rules_table_G4():
    # dealer at position 0; partners at positions 5 and 1 are neighbours across the dealer
    seating, moved = separate_partners((0, 1, 2, 3, 4, 5), 0, 5, 1)
    assert moved == (1, 2) and seating == (0, 2, 1, 3, 4, 5)
    assert separate_partners((0, 1, 2, 3, 4, 5), 0, 1, 3) == ((0, 1, 2, 3, 4, 5), ())
    # 5 players: positions 4 and 0 are neighbours
    assert separate_partners((0, 1, 2, 3, 4), 2, 4, 0) == ((1, 0, 2, 3, 4), (0, 1))


def test_seat_swap_persists_and_the_dealer_moves_one_position_each_round_rules_table():
    hands = {
        0: "9S 8S 7S 6S 5S 4S 3S 2S TS 9H",
        1: "AC AS KS QS JS AH KH QH JH 8H",
        2: "JK AD KD QD JD KC QC JC TH 7H",
        3: "6H 5H 4H 3H TD 9D 8D 7D 6D 5D",
        4: "4D 3D TC 9C 8C 7C 6C 5C 4C 3C",
    }
    game = Goninkan(players=5, rounds=3)
    m = Match(game, seed=5, deals=[deal(hands, 5)], auto_chance=False)
    m.resolve_chance()
    assert m.state.setup.seating == (0, 1, 3, 2, 4)
    rng = random.Random(2)
    while m.state.setup.round == 0:
        if game.chance(m.state):
            m.resolve_chance()
            continue
        seat = rng.choice(sorted(m.to_act()))
        m.act(seat, rng.choice(m.legal_actions(seat)))
    setup = m.state.setup
    assert game.chance(m.state) == "deal"
    assert setup.seating == (0, 1, 3, 2, 4)  # the swap persists into the next round
    assert setup.dealer == 1 and setup.trump == C.DIAMONDS and setup.battle == 1


def test_dealer_moves_one_position_not_one_id_after_a_seat_swap_rules_table():
    # 6 players, dealer at position 1: 0 (♣A) and 2 (Joker) are neighbours across the dealer, so 2 swaps
    # with 3; next round the dealer is position 2, where player 3 now sits, and 3 gets no cards
    hands = {
        0: "AC AS KS QS JS AH KH QH JH 8H",
        2: "JK AD KD QD JD KC QC JC TH 7H",
        3: "9S 8S 7S 6S 5S 4S 3S 2S TS 9H",
        4: "6H 5H 4H 3H TD 9D 8D 7D 6D 5D",
        5: "4D 3D TC 9C 8C 7C 6C 5C 4C 3C",
    }
    game = Goninkan(first_dealer=1, rounds=2)
    m = Match(game, seed=3, deals=[deal(hands)])
    assert m.state.setup.seat_swap == (2, 3) and m.state.setup.seating == (0, 1, 3, 2, 4, 5)
    assert m.to_act() == {2}  # from the dealer's position 1: 1 (dealer), 3, then 2 at position 3
    rng = random.Random(1)
    while m.state.setup.round == 0:
        seat = rng.choice(sorted(m.to_act()))
        m.act(seat, rng.choice(m.legal_actions(seat)))
    setup = m.state.setup
    assert setup.dealer == 2 and setup.seating == (0, 1, 3, 2, 4, 5)
    assert game.observation(m.state, None).dealer == 3
    assert [h.bit_count() for h in m.state.hands] == [10, 10, 10, 0, 10, 10]  # the dealer 3 holds no cards


def test_double_holder_pairs_with_second_player_to_the_right_and_swaps_blind_rules_battle1_3():
    # 2 holds both the Joker and ♣A: the partner is 4 (2 → 3 → 4)
    hands = {
        2: "JK AC AS KS QS JS AH KH QH JH",
        1: "KC QC JC TC 9C 8C 7C 6C 5C 4C",
        3: "AD KD QD JD TD 9D 8D 7D 6D 5D",
        4: "7H TH 9H 8H 6H 5H 4H 3H 3C 4D",
        5: "TS 9S 8S 7S 6S 5S 4S 3S 2S 3D",
    }
    game, m = start([deal(hands)])
    state = m.state
    assert game.chance(state) == "swap" and m.to_act() == frozenset() and m.blocked
    assert (state.setup.kari_oya, state.setup.ace, state.setup.other) == (2, 2, 4)
    assert game.legal_actions(state, 2) == []
    text = game.random_chance(state, random.Random(3))
    words = text.split()
    assert words[0] == "swap" and C.parse(words[1]) in cs(hands[4]) and words[2] in ("JK", "AC")
    m.resolve_chance("swap 7H JK")
    assert m.actions == [("chance", "swap 7H JK")]
    after = m.state
    assert after.hands[2] == C.mask(cs("7H AC AS KS QS JS AH KH QH JH"))
    assert after.hands[4] == C.mask(cs("JK TH 9H 8H 6H 5H 4H 3H 3C 4D"))
    assert after.setup.seat_swap == () and m.to_act() == {2}  # 2 is first from the dealer
    # G1: the swap's cards are known to the 仮親 and partner only; the 仮親 is public
    assert game.observation(after, 2).swap == ("7H", "JK") == game.observation(after, 4).swap
    assert game.observation(after, 3).swap is None and game.observation(after, None).swap is None
    assert game.observation(after, None).kari_oya == 2
    record = m.record()
    assert record["actions"] == [["chance", "swap 7H JK"]]
    assert replay(record).state == after


def test_double_holder_partner_count_skips_the_dealer_rules_battle1_3():
    hands = {
        5: "JK AC AS KS QS JS AH KH QH JH",
        1: "KC QC JC TC 9C 8C 7C 6C 5C 4C",
        3: "AD KD QD JD TD 9D 8D 7D 6D 5D",
        2: "7H TH 9H 8H 6H 5H 4H 3H 3C 4D",
        4: "TS 9S 8S 7S 6S 5S 4S 3S 2S 3D",
    }
    game, m = start([deal(hands)])
    assert m.state.setup.other == 2  # 5 → 1 (the dealer at position 0 skipped) → 2


def test_blind_swap_rejects_cards_not_in_place_rules_battle1_3():
    hands = {
        2: "JK AC AS KS QS JS AH KH QH JH",
        1: "KC QC JC TC 9C 8C 7C 6C 5C 4C",
        3: "AD KD QD JD TD 9D 8D 7D 6D 5D",
        4: "7H TH 9H 8H 6H 5H 4H 3H 3C 4D",
        5: "TS 9S 8S 7S 6S 5S 4S 3S 2S 3D",
    }
    game, m = start([deal(hands)])
    state = m.state
    with pytest.raises(IllegalAction, match="not in the partner's"):
        game.apply_chance(state, "swap 9C JK")
    with pytest.raises(IllegalAction, match="JK or AC"):
        game.apply_chance(state, "swap 7H AS")
    with pytest.raises(NotationError):
        game.apply_chance(state, "swap 7H")
    _, m1 = start([D1])
    with pytest.raises(IllegalAction, match="no blind swap"):
        game.apply_chance(m1.state, "swap 7H JK")
    assert game.apply_chance(state, "SWAP ♥7 jk").hands == game.apply_chance(state, "swap 7H JK").hands


def test_seeded_match_records_the_blind_swap_as_a_chance_event():
    game = Goninkan()
    for seed in range(200):
        m = Match(game, seed=seed)
        if m.actions:
            break
    assert m.actions[0][0] == "chance" and m.actions[0][1].startswith("swap ")
    assert replay(json.loads(dumps(m.record()))).state == m.state


def test_opener_counts_the_five_player_dealer_first_and_come_lets_the_partner_lead_rules_battle1_5():
    hands = {
        0: "AC AS KS QS JS AH KH QH JH 8H",
        1: "9S 8S 7S 6S 5S 4S 3S 2S TS 9H",
        2: "JK AD KD QD JD KC QC JC TH 7H",
        3: "6H 5H 4H 3H TD 9D 8D 7D 6D 5D",
        4: "4D 3D TC 9C 8C 7C 6C 5C 4C 3C",
    }
    game, m = start([deal(hands, 5)], players=5)
    assert m.to_act() == {0}
    assert texts(m.legal_actions(0)) == ["go", "come"]
    m.act(0, "来い")
    assert m.state.setup.call == "come" and m.to_act() == {2}
    game2, m2 = start([deal(hands, 5)], players=5, first_dealer=1)
    assert m2.to_act() == {2}  # from position 1: 1 (not Napoleon), then 2


# --- play: must follow, the Joker --------------------------------------------------------------


def test_must_follow_suit_and_the_winner_leads_rules_battle1_6():
    game, m = start([D1])
    m.act(1, "go")
    m.act(1, "play AS")
    before = m.state
    with pytest.raises(IllegalAction, match="must follow suit ♠"):
        m.act(2, "play 9H")
    with pytest.raises(IllegalAction, match="not seat 3's turn: waiting for seat 2"):
        m.act(3, "play TH")
    assert m.state is before
    tricks(m, [("2 9S", "3 TH", "4 6S", "5 3S")])
    assert m.to_act() == {1} and m.state.captured[1] == C.mask(cs("AS"))


def test_joker_may_be_played_even_when_able_to_follow_rules_battle1_6():
    game, m = start([D1])
    m.act(1, "go")
    tricks(m, [("1 AS", "2 9S", "3 TD", "4 6S", "5 3S")])
    m.act(1, "play AH")
    m.act(2, "play 9H")
    assert texts(m.legal_actions(3)) == ["play TH", "play JK"]
    with pytest.raises(IllegalAction, match="must follow suit ♥"):
        m.act(3, "play AD")
    m.act(3, "play JK")
    tricks(m, [("4 7H", "5 5H")])
    assert m.to_act() == {3} and m.state.captured[3] == C.mask(cs("AH"))


def test_joker_may_not_be_played_in_trick_1_K1():
    game, m = start([D1])
    m.act(1, "go")
    m.act(1, "play AS")
    m.act(2, "play 9S")
    assert "play JK" not in texts(m.legal_actions(3))
    with pytest.raises(IllegalAction, match="may not be played in trick 1"):
        m.act(3, "play JK")


def test_joker_ban_lead_lets_it_follow_but_not_lead_trick_1_K1():
    game, m = start([D1], joker_ban="lead")
    m.act(1, "go")
    tricks(m, [("1 AS", "2 9S")])
    assert "play JK" in texts(m.legal_actions(3))
    tricks(m, [("3 JK", "4 6S", "5 3S")])
    assert m.to_act() == {3}  # the Joker won trick 1
    game, m = start([D1], joker_ban="lead")
    m.act(1, "come")
    assert not any(t.startswith("play JK") for t in texts(m.legal_actions(3)))
    with pytest.raises(IllegalAction, match="may not be led in trick 1"):
        m.act(3, "play JK:H")


def test_led_joker_names_the_suit_to_follow_and_wins_K2():
    game, m = start([D1])
    m.act(1, "come")
    tricks(m, [("3 AD", "4 7D", "5 4D", "1 TS", "2 9D")])
    assert m.to_act() == {3}
    legal = texts(m.legal_actions(3))
    assert legal[-4:] == ["play JK:S", "play JK:H", "play JK:D", "play JK:C"] and "play JK" not in legal
    with pytest.raises(IllegalAction, match="names the suit"):
        m.act(3, "play JK")
    m.act(3, "play JK:H")
    with pytest.raises(IllegalAction, match="must follow suit ♥"):
        m.act(4, "play 6S")
    tricks(m, [("4 7H", "5 5H", "1 JH", "2 9H")])
    assert m.to_act() == {3} and m.state.captured[3] == C.mask(cs("AD JH"))
    obs = game.observation(m.state, None)
    assert obs.history[-1] == ("H", ((3, "JK"), (4, "7H"), (5, "5H"), (1, "JH"), (2, "9H")), 3)


def test_following_joker_names_no_suit_K2():
    game, m = start([D1])
    m.act(1, "go")
    tricks(m, [("1 AS", "2 9S", "3 TD", "4 6S", "5 3S"), ("1 AH", "2 9H")])
    with pytest.raises(IllegalAction, match="only a led Joker names a suit"):
        m.act(3, "play JK:H")


def late(game: Goninkan, m: Match, played: int, hands: dict[int, str], turn: int):
    """The state of ``m`` moved to trick ``played + 1`` with the given hands (a set-up position)."""
    filler = tuple((0, (), 1) for _ in range(played))
    new = tuple(C.mask(cs(hands.get(p, ""))) for p in range(game.seat_count))
    return dataclasses.replace(m.state, hands=new, history=filler, turn=turn, trick=(), lead=-1)


def test_joker_must_be_played_in_trick_9_when_banned_from_trick_10_K1():
    game, m = start([D1])
    m.act(1, "go")
    hands = {1: "JH TS", 2: "9C 8C", 3: "JK QC", 4: "5D 6C", 5: "4C 3C"}
    state = late(game, m, 8, hands, turn=3)
    assert texts(game.legal_actions(state, 3)) == ["play JK:S", "play JK:H", "play JK:D", "play JK:C"]
    with pytest.raises(IllegalAction, match="must be played in trick 9"):
        game.apply(state, 3, "play QC")
    state = late(game, m, 8, hands, turn=1)
    state = game.apply(game.apply(state, 1, "play JH"), 2, "play 9C")
    assert texts(game.legal_actions(state, 3)) == ["play JK"]
    relaxed = Goninkan(last_trick_joker="weakest")
    assert texts(relaxed.legal_actions(late(relaxed, m, 8, hands, turn=3), 3)) == [
        "play QC",
        "play JK:S",
        "play JK:H",
        "play JK:D",
        "play JK:C",
    ]


def test_joker_ban_lead_lets_the_last_card_joker_lead_trick_10_and_win_K1_G5():
    game = Goninkan(joker_ban="lead")
    _, m = start([D1], joker_ban="lead")
    m.act(1, "go")
    state = late(game, m, 9, {1: "AH", 2: "8C", 3: "JK", 4: "7H", 5: "3D"}, turn=3)
    assert texts(game.legal_actions(state, 3)) == ["play JK:S", "play JK:H", "play JK:D", "play JK:C"]
    for seat, text in [(3, "play JK:H"), (4, "play 7H"), (5, "play 3D"), (1, "play AH"), (2, "play 8C")]:
        state = game.apply(state, seat, text)
    assert state.history[-1][2] == 3  # the Joker still beats everything


def test_weakest_joker_in_trick_10_is_the_lowest_of_its_suit_and_never_wins_following_K1():
    game = Goninkan(last_trick_joker="weakest")
    _, m = start([D1], last_trick_joker="weakest")
    m.act(1, "go")

    def last_trick(hands, order):
        state = late(game, m, 9, hands, turn=order[0][0])
        for seat, text in order:
            state = game.apply(state, seat, text)
        return state.history[-1][2]

    base = {1: "TS", 2: "8D", 3: "JK", 4: "7H", 5: "3D"}
    lead = [(3, "play JK:H"), (4, "play 7H"), (5, "play 3D"), (1, "play TS"), (2, "play 8D")]
    assert last_trick(base, lead) == 4  # ♥7 beats the Joker led as ♥
    trumped = {**base, 2: "8C"}
    assert last_trick(trumped, [*lead[:4], (2, "play 8C")]) == 2  # a trump beats it too
    alone = {**base, 4: "7S"}
    assert last_trick(alone, [lead[0], (4, "play 7S"), *lead[2:]]) == 3  # nobody followed ♥ nor trumped
    follow = [(1, "play TS"), (2, "play 8D"), (3, "play JK"), (4, "play 7H"), (5, "play 3D")]
    assert last_trick(base, follow) == 1  # a following Joker never wins


TRICK_9 = {1: "JH TS", 2: "9H 8C", 3: "JK QH", 4: "5D 6C", 5: "4C 3C"}
TRICK_10 = {1: "AH", 2: "8C", 3: "JK", 4: "7H", 5: "3D"}
JOKER_LEADS = ["play JK:S", "play JK:H", "play JK:D", "play JK:C"]


@pytest.mark.parametrize(
    "joker_ban, last_trick_joker, trick1_follow, trick9_forced, trick10_winner",
    [
        ("play", "forbidden", False, True, None),
        ("lead", "forbidden", True, False, 3),
        ("play", "weakest", False, False, 2),
        ("lead", "weakest", True, False, 2),
    ],
)
def test_joker_freedoms_and_bans_under_every_option_combination_K1_G5(
    joker_ban, last_trick_joker, trick1_follow, trick9_forced, trick10_winner
):
    options = dict(joker_ban=joker_ban, last_trick_joker=last_trick_joker)
    game, m = start([D1], **options)
    m.act(1, "come")  # trick 1: the Joker holder 3 leads — never the Joker
    assert not any(t.startswith("play JK") for t in texts(m.legal_actions(3)))
    game, m = start([D1], **options)
    m.act(1, "go")
    tricks(m, [("1 AS", "2 9S")])  # trick 1, following (3 has no ♠)
    assert ("play JK" in texts(m.legal_actions(3))) == trick1_follow
    # trick 9: forced only when the Joker may not be played in trick 10 at all
    state = late(game, m, 8, TRICK_9, turn=3)
    assert texts(game.legal_actions(state, 3)) == (JOKER_LEADS if trick9_forced else ["play QH", *JOKER_LEADS])
    state = late(game, m, 8, TRICK_9, turn=1)
    state = game.apply(game.apply(state, 1, "play JH"), 2, "play 9H")
    assert texts(game.legal_actions(state, 3)) == (["play JK"] if trick9_forced else ["play QH", "play JK"])
    if trick10_winner is None:
        return  # the Joker cannot reach trick 10
    # trick 10: led (the leader's only card) or following; it wins unless it is the weakest card
    state = late(game, m, 9, TRICK_10, turn=3)
    assert texts(game.legal_actions(state, 3)) == JOKER_LEADS
    state = late(game, m, 9, TRICK_10, turn=1)
    state = game.apply(game.apply(state, 1, "play AH"), 2, "play 8C")
    assert texts(game.legal_actions(state, 3)) == ["play JK"]
    for seat, text in [(3, "play JK"), (4, "play 7H"), (5, "play 3D")]:
        state = game.apply(state, seat, text)
    assert state.history[-1][2] == trick10_winner


def test_a_pair_member_playing_another_card_in_trick_9_shows_who_was_dealt_the_ace_K1_G1():
    game, m = start([D1])
    m.act(1, "go")
    hands = {1: "AC TS", 2: "9S 8C", 3: "JK QC", 4: "5S 6C", 5: "4S 3C"}
    state = late(game, m, 8, hands, turn=1)
    assert game.observation(state, 4).ace_holder is None
    state = game.apply(state, 1, "play TS")  # 1 would have had to play the Joker now: 1 holds the ♣A
    assert game.observation(state, 4).ace_holder == 1 and game.observation(state, None).ace_holder == 1
    relaxed = Goninkan(last_trick_joker="weakest")  # no forced Joker: nothing shown
    state = relaxed.apply(late(relaxed, m, 8, hands, turn=1), 1, "play TS")
    assert relaxed.observation(state, 4).ace_holder is None


@pytest.mark.parametrize("battle", [1, 2])
def test_reshuffle_keeps_the_joker_off_whoever_played_another_card_to_trick_9_K1_G11(battle):
    game, m = start([D1])
    m.act(1, "go")
    hands = {1: "AC TS", 2: "9S 8C", 3: "JK QC", 4: "5S 6C", 5: "4S 3C"}
    state = late(game, m, 8, hands, turn=1)
    if battle == 2:  # the Joker may be anywhere: here with an ally who has not played yet
        state = dataclasses.replace(
            state,
            setup=dataclasses.replace(state.setup, battle=2),
            hands=tuple(C.mask(cs({**hands, 3: "5C QC", 5: "JK 3C"}.get(p, ""))) for p in range(6)),
        )
    state = game.apply(state, 1, "play TS")
    state = game.apply(state, 2, "play 9S")
    for k in range(40):
        for viewer in (None, 3, 4):
            shuffled = game.reshuffle_unseen(state, viewer, random.Random(k))
            assert not (shuffled.hands[1] | shuffled.hands[2]) >> C.JOKER & 1
            # so the imagined game goes on: every awaited seat has a legal action to the end
            while shuffled.phase == "play":
                legal = game.legal_actions(shuffled, shuffled.turn)
                assert legal
                shuffled = game.apply(shuffled, shuffled.turn, legal[0])


def test_trump_beats_the_suit_led_rules_battle1_6():
    game, m = start([D1, D1])
    m.act(1, "go")
    tricks(m, D1_TO_TRICK_6)
    pass_back_and_forth(m)
    tricks(m, D1_TO_TRICK_6[:5])
    m.act(1, "sixteen")
    tricks(m, [("1 KH", "2 TC", "3 AD", "4 7D", "5 4D")])
    assert m.state.history[-1][2] == 2  # ♣10 (trump) over ♥K led


# --- results and scoring -------------------------------------------------------------------------


def test_battle_ends_as_soon_as_the_result_is_certain_with_a_skunk_K3_scoring():
    game, m = start([D1])
    m.act(1, "go")
    tricks(m, D1_TO_TRICK_6)
    state = m.state
    assert len(state.history) == 6 and state.napoleon_honours == 10 and state.ally_honours == 0
    # battle 1 skunk win: +1 +1 to the dealer 0 and the pair 1 3; −2 to the allies
    assert game.deal_scores(state) == ((2, 2, -2, 2, -2, -2),)
    assert state.setup.battle == 2 and game.chance(state) == "deal" and m.blocked


def test_without_early_stop_all_10_tricks_are_played_and_the_skunk_is_judged_at_the_decision_K3_G7():
    game, m = start([D1], early_stop=False)
    m.act(1, "go")
    tricks(m, D1_TO_TRICK_6)
    assert m.state.phase == "play" and m.state.outcome == NAPOLEON and m.state.skunk
    assert game.deal_scores(m.state) == ()
    tricks(m, D1_TRICKS_7_TO_10)
    assert len(m.state.history) == 10
    assert game.deal_scores(m.state) == ((2, 2, -2, 2, -2, -2),)


def test_allies_win_battle_1_with_a_skunk_and_the_round_ends_scoring():
    game, m = start([D3])
    m.act(1, "go")
    tricks(m, D3_TO_TRICK_5)
    state = m.state
    assert (state.napoleon_honours, state.ally_honours, state.outcome) == (0, 8, ALLIES)
    assert game.deal_scores(state) == ((-2, -2, 2, -2, 2, 2),)  # no 逆十六 in battle 1 by default
    assert state.setup.round == 1 and state.setup.battle == 1 and state.setup.dealer == 1


@pytest.mark.parametrize(
    "battle, outcome, skunk, value",
    [
        (1, NAPOLEON, False, 1),
        (2, NAPOLEON, False, 1),
        (3, NAPOLEON, False, 2),
        (1, ALLIES, False, -1),
        (2, ALLIES, False, -1),
        (3, ALLIES, False, -1),
        (1, NAPOLEON, True, 2),
        (2, NAPOLEON, True, 2),
        (3, NAPOLEON, True, 3),
        (1, ALLIES, True, -2),
        (2, ALLIES, True, -2),
        (3, ALLIES, True, -2),
    ],
)
def test_scoring_table_rows(battle, outcome, skunk, value):
    assert battle_value(battle=battle, outcome=outcome, skunk=skunk) == value


@pytest.mark.parametrize(
    "battle, side, result, value",
    [
        (2, NAPOLEON, 1, 10),
        (3, NAPOLEON, 1, 11),
        (2, NAPOLEON, -1, -16),
        (3, NAPOLEON, -1, -16),
        (2, ALLIES, 1, -18),
        (3, ALLIES, 1, -18),
        (2, ALLIES, -1, 32),
        (1, ALLIES, -1, 32),
    ],
)
def test_scoring_sixteen_and_reverse_sixteen(battle, side, result, value):
    assert battle_value(battle=battle, outcome=side, skunk=True, sixteen=side, sixteen_result=result) == value


def test_zero_sum_five_players_multiplies_by_the_other_side_size_scoring_G10():
    game = Goninkan(players=5, zero_sum=True)
    setup = dataclasses.replace(game.initial().setup, napoleon=1 << 1 | 1 << 3)
    assert game.battle_scores(setup, 2) == (-4, 6, -4, 6, -4)  # the rules' skunk-win example
    assert sum(game.battle_scores(setup, -1)) == 0
    plain = Goninkan(players=5)
    assert plain.battle_scores(setup, 2) == (-2, 2, -2, 2, -2)


def test_zero_sum_five_player_skunk_win_scores_plus_6_and_minus_4_end_to_end_scoring_G10():
    # D1 with 5 players: the dealer 0 plays and holds ♣A, 2 the Joker; 0 opens and takes 10 honours by trick 6
    seats = {1: 0, 2: 1, 3: 2, 4: 3, 5: 4}
    game, m = start(
        [deal({seats[p]: " ".join(C.text(c) for c in D1.hands[p]) for p in seats}, 5)], players=5, zero_sum=True
    )
    assert (m.state.setup.ace, m.state.setup.other) == (0, 2) and m.to_act() == {0}
    m.act(0, "go")
    tricks(m, [tuple(f"{seats[int(mv.split()[0])]} {mv.split()[1]}" for mv in t) for t in D1_TO_TRICK_6])
    assert game.deal_scores(m.state) == ((6, -4, 6, -4, -4),)


# --- battles 2 and 3, 十六 ------------------------------------------------------------------------


def test_battles_2_and_3_pass_declare_trump_and_score_end_to_end_rules_battles_2_3_G2():
    game, m = start([D1, D1, D1], rounds=2)
    m.act(1, "go")
    tricks(m, D1_TO_TRICK_6)
    # battle 2: same dealer, teams and seats; the ♣A holder (1) passes first, one card at a time
    assert m.state.phase == "pass" and m.to_act() == {1}
    assert len(m.legal_actions(1)) == 10
    with pytest.raises(IllegalAction, match="not seat 3's turn"):
        m.act(3, "give TH")
    m.act(1, "give TS")
    assert m.to_act() == {1}
    m.act(1, "give AC")
    assert m.to_act() == {3} and m.state.hands[3].bit_count() == 12
    m.act(3, "give TS")
    # passed cards: known to giver and receiver only
    assert game.observation(m.state, 2).passes == ((1, 3, None), (1, 3, None), (3, 1, None))
    assert game.observation(m.state, 3).passes == ((1, 3, "TS"), (1, 3, "AC"), (3, 1, "TS"))
    m.act(3, "give AC")
    # the one who did not hold the Ace declares trump, then 行く/来い
    assert m.state.phase == "trump" and texts(m.legal_actions(3)) == ["trump S", "trump H", "trump D", "trump C"]
    m.act(3, "trump ♣")
    assert m.to_act() == {1} and m.state.setup.trump == C.CLUBS
    m.act(1, "go")
    obs = game.observation(m.state, 2)
    assert (obs.battle, obs.target, obs.ally_target, obs.trump, obs.ace_holder) == (2, 8, 9, "C", 1)
    # battle 2 (target 8) is decided at trick 5 with the allies on 0: the trick's winner may go for 十六
    tricks(m, D1_TO_TRICK_6[:5])
    assert m.state.phase == "sixteen" and m.to_act() == {1}
    assert texts(m.legal_actions(1)) == ["sixteen", "stop"]
    m.act(1, "sixteen")
    tricks(m, D1_TO_TRICK_6[5:] + D1_TRICKS_7_TO_10)
    # 十六 success in battle 2: +1 +1 (skunk) +8
    assert game.deal_scores(m.state)[1] == (10, 10, -10, 10, -10, -10)
    # battle 3 (target 9): decided at trick 6; 1 stops there; +1 +1 (bonus) +1 (skunk)
    pass_back_and_forth(m)
    tricks(m, D1_TO_TRICK_6)
    assert m.state.phase == "sixteen"
    m.act(1, "stop")
    assert game.deal_scores(m.state) == ((2, 2, -2, 2, -2, -2), (10, 10, -10, 10, -10, -10), (3, 3, -3, 3, -3, -3))
    assert game.totals(m.state) == (15, 15, -15, 15, -15, -15)
    # the round ends after battle 3; the dealer moves one position; the last round has ♠ trump
    setup = m.state.setup
    assert (setup.round, setup.battle, setup.dealer, setup.trump) == (1, 1, 1, C.SPADES)
    assert game.chance(m.state) == "deal" and not m.finished


def test_sixteen_failure_scores_minus_16_and_ends_the_round_rules_scoring_G9():
    game, m = start([D1, D1])
    m.act(1, "go")
    tricks(m, D1_TO_TRICK_6)
    pass_back_and_forth(m)
    tricks(m, D1_TO_TRICK_6[:5])
    m.act(1, "sixteen")
    tricks(m, [("1 KH", "2 TC", "3 AD", "4 7D", "5 4D")])  # an ally trumps in: 十六 fails at once
    assert m.state.sixteen_result == -1
    assert game.deal_scores(m.state) == ((2, 2, -2, 2, -2, -2), (-16, -16, 16, -16, 16, 16))
    assert (m.state.setup.round, m.state.setup.battle) == (1, 1)


def test_sixteen_not_offered_in_battle_1_by_default_but_with_the_option_rules_scoring():
    game, m = start([D1])
    m.act(1, "go")
    tricks(m, D1_TO_TRICK_6)
    assert m.state.setup.battle == 2  # battle 1 just ended
    game, m = start([D1], sixteen_in_battle1=True)
    m.act(1, "go")
    tricks(m, D1_TO_TRICK_6)
    assert m.state.phase == "sixteen" and m.to_act() == {1}


@pytest.mark.parametrize("early_stop", [True, False])
def test_reverse_sixteen_failure_scores_plus_32_to_napoleon_and_stops_play_rules_scoring_G7(early_stop):
    game, m = start([D3], sixteen_in_battle1=True, early_stop=early_stop)
    m.act(1, "go")
    tricks(m, D3_TO_TRICK_5)
    assert m.state.phase == "sixteen" and m.to_act() == {5}  # the deciding trick's winner, an ally
    m.act(5, "sixteen")
    assert m.state.sixteen == ALLIES
    obs = game.observation(m.state, 2)
    assert (obs.result, obs.skunk, obs.sixteen) == ("allies", True, "allies")
    tricks(m, [("5 KC", "1 AC", "2 3S", "3 7C", "4 TC")])  # ♣A captures ♣K: 逆十六 fails
    assert game.deal_scores(m.state) == ((32, 32, -32, 32, -32, -32),)
    assert m.state.setup.round == 1 and len(m.state.history) == 6  # play stops at the failure


def test_stop_ends_the_battle_only_with_early_stop_G7():
    game, m = start([D1], sixteen_in_battle1=True, early_stop=False)
    m.act(1, "go")
    tricks(m, D1_TO_TRICK_6)
    m.act(1, "stop")
    assert m.state.phase == "play" and m.to_act() == {1}
    tricks(m, D1_TRICKS_7_TO_10)
    assert game.deal_scores(m.state) == ((2, 2, -2, 2, -2, -2),)


# --- notation, illegal input, observations ---------------------------------------------------------


def test_notation_round_trips_and_accepts_variants():
    game = Goninkan()
    for text in [
        "go",
        "come",
        "play QS",
        "play TH",
        "play JK",
        "play JK:H",
        "play JK:C",
        "give 7H",
        "trump S",
        "sixteen",
        "stop",
    ]:
        assert str(game.parse_action(text)) == text
    assert game.parse_action("PLAY jk:♥") == Play(C.JOKER, C.HEARTS)
    assert str(game.parse_action("play 10h")) == "play TH"
    assert str(game.parse_action("give ♥7")) == "give 7H"
    assert str(game.parse_action("trump hearts")) == "trump H"
    assert str(game.parse_action("行く")) == "go" and str(game.parse_action("逆十六")) == "sixteen"
    for bad in ["", "play", "play QS:H", "play JK:Z", "trump Q", "give", "pass", "play XX"]:
        with pytest.raises(NotationError):
            game.parse_action(bad)


def test_illegal_actions_are_rejected_and_change_nothing():
    game, m = start([D1])
    before = m.state
    for seat, text, why in [
        (1, "play AS", "call 行く"),
        (3, "go", "not seat 3's turn"),
        (1, "give AS", "call 行く"),
        (0, "go", "not seat 0's turn"),
    ]:
        with pytest.raises(IllegalAction, match=why):
            m.act(seat, text)
        assert m.state is before and m.actions == []
    m.act(1, "go")
    with pytest.raises(IllegalAction, match="not in your hand"):
        m.act(1, "play 9S")
    with pytest.raises(IllegalAction, match="only the Joker"):
        game.apply(m.state, 1, Play(C.parse("AS"), C.HEARTS))
    assert game.legal_actions(m.state, 0) == []  # the 6-player dealer never acts


def test_every_error_a_player_can_see_has_a_japanese_twin():
    game, m = start([D1, D1])
    errors = []

    def catch(call, *args, **kwargs):
        with pytest.raises((IllegalAction, NotationError, OptionError, DealError)) as info:
            call(*args, **kwargs)
        errors.append(info.value)

    for text in ["", "pass", "play QS:H", "trump Q", "play JK:Z", "play XX"]:
        catch(game.parse_action, text)
    catch(Goninkan, rounds=0)
    catch(Goninkan, zero_sum=True)
    catch(game.check_deal, m.state, D1)
    catch(game.apply_chance, m.state, "swap 7H JK")
    catch(game.random_chance, m.state, random.Random(0))
    for text in ["play AS", "give AS", "trump H", "sixteen"]:
        catch(m.act, 1, text)  # the call is awaited
    m.act(1, "go")
    catch(m.act, 1, "go")
    catch(m.act, 1, "play 9S")
    catch(game.apply, m.state, 1, Play(C.parse("AS"), C.HEARTS))
    catch(m.act, 1, "play JK:H")
    m.act(1, "play AS")
    catch(m.act, 2, "play 9H")
    tricks(m, [("2 9S",)])
    catch(m.act, 3, "play JK")  # trick 1
    tricks(m, [("3 TD", "4 6S", "5 3S"), ("1 AH", "2 9H")])
    catch(m.act, 3, "play JK:H")
    state = late(game, m, 8, TRICK_9, turn=3)
    catch(game.apply, state, 3, "play QH")
    catch(game.apply, state, 3, "play JK")
    hands = {
        2: "JK AC AS KS QS JS AH KH QH JH",
        1: "KC QC JC TC 9C 8C 7C 6C 5C 4C",
        3: "AD KD QD JD TD 9D 8D 7D 6D 5D",
        4: "7H TH 9H 8H 6H 5H 4H 3H 3C 4D",
        5: "TS 9S 8S 7S 6S 5S 4S 3S 2S 3D",
    }
    swap = start([deal(hands)])[1].state
    catch(game.apply_chance, swap, "swap 9C JK")
    catch(game.apply_chance, swap, "swap 7H AS")
    catch(game.apply_chance, swap, "swap 7H")
    _, m2 = start([D1, D1])
    m2.act(1, "go")
    tricks(m2, D1_TO_TRICK_6)
    catch(m2.act, 1, "give 9C")
    catch(m2.act, 1, "play AS")
    for seat, card in [(1, "TS"), (1, "AC"), (3, "TS"), (3, "AC")]:
        m2.act(seat, f"give {card}")
    catch(m2.act, 3, "go")
    m2.act(3, "trump C")
    m2.act(1, "go")
    tricks(m2, D1_TO_TRICK_6[:5])
    catch(m2.act, 1, "play KH")
    assert len(errors) == 31
    for error in errors:
        assert error.ja and error.bilingual() == f"{error.ja} — {error}", repr(error)


def test_pass_plan_is_pluggable_K5():
    class OtherFirst(Goninkan):
        pass_plan = ("other", "ace")

    game = OtherFirst()
    m = Match(game, deals=[D1, D1])
    m.act(1, "go")
    tricks(m, D1_TO_TRICK_6)
    assert m.state.phase == "pass" and m.to_act() == {3}
    m.act(3, "give TH")
    assert m.to_act() == {1}
    m.act(1, "give TH")
    assert m.state.phase == "trump" and m.to_act() == {3}


def test_observation_shows_the_pair_but_hides_hands_and_who_holds_which_card_G1():
    game, m = start([D1])
    state = m.state
    spectator = game.observation(state, None)
    assert spectator.hand is None and spectator.role is None
    assert spectator.napoleon == (1, 3) and spectator.ace_holder is None
    ally = game.observation(state, 2)
    assert ally.role == "ally" and ally.ace_holder is None and ally.hand == C.CardSet(D1.hands[2])
    assert game.observation(state, 0).role == "dealer" and game.observation(state, 0).ace_holder is None
    for seat in (1, 3):
        obs = game.observation(state, seat)
        assert obs.role == "napoleon" and obs.ace_holder == 1
    assert ally.hand_sizes == (0, 10, 10, 10, 10, 10) and ally.caller == 1
    m.act(1, "go")
    tricks(m, [("1 AS", "2 9S", "3 TD", "4 6S", "5 3S"), ("1 AH", "2 9H")])
    assert game.observation(m.state, 2).ace_holder is None
    m.act(3, "play JK")  # the Joker shows who holds it, so the other was dealt the Ace
    assert game.observation(m.state, 2).ace_holder == 1
    json.dumps(ally.to_json(), ensure_ascii=False)


def test_reshuffle_unseen_keeps_the_observation_and_what_the_seat_knows_G11():
    game = Goninkan()
    rng = random.Random(4)
    checked = 0
    for seed in range(6):
        m = Match(game, seed=seed)
        while not m.finished and m.state.setup.round < 1:
            state = m.state
            if len(state.history) in (0, 4, 8) and state.phase in ("play", "call", "pass"):
                for viewer in [None, *range(6)]:
                    shuffled = game.reshuffle_unseen(state, viewer, random.Random(checked))
                    checked += 1
                    assert game.observation(shuffled, viewer) == game.observation(state, viewer)
                    assert sorted(game.all_cards(shuffled)) == sorted(game.all_cards(state))
                    setup = state.setup
                    if setup.battle == 1 and setup.ace >= 0:  # the power cards stay with the pair
                        pair = shuffled.hands[setup.ace] | shuffled.hands[setup.other]
                        power = 1 << C.JOKER | 1 << C.make(C.ACE, setup.trump)
                        held = (state.hands[setup.ace] | state.hands[setup.other]) & power
                        assert pair & held == held
            seat = rng.choice(sorted(m.to_act()))
            m.act(seat, rng.choice(m.legal_actions(seat)))
    assert checked > 50


def test_reshuffle_keeps_passed_cards_where_the_passer_knows_they_are_G2_G11():
    game, m = start([D1, D1])
    m.act(1, "go")
    tricks(m, D1_TO_TRICK_6)
    for seat, card in [(1, "JH"), (1, "TS"), (3, "TS"), (3, "TH")]:
        m.act(seat, f"give {card}")
    state = m.state
    jh, th = C.parse("JH"), C.parse("TH")
    moved_jh = moved_th = False
    for k in range(30):
        as_1 = game.reshuffle_unseen(state, 1, random.Random(k))
        as_3 = game.reshuffle_unseen(state, 3, random.Random(k))
        assert as_1.hands[3] >> jh & 1 and as_3.hands[1] >> th & 1  # what each gave stays with the other
        assert as_1.hands[1] == state.hands[1] and as_3.hands[3] == state.hands[3]
        spectator = game.reshuffle_unseen(state, None, random.Random(k))
        moved_jh |= not spectator.hands[3] >> jh & 1
        moved_th |= not spectator.hands[1] >> th & 1
    assert moved_jh and moved_th  # the table knows neither


def test_random_games_replay_to_the_same_scores_per_battle():
    for seed, options in enumerate(
        [
            {},
            {"players": 5, "zero_sum": True},
            {"joker_ban": "lead", "last_trick_joker": "weakest", "early_stop": False, "sixteen_in_battle1": True},
        ]
    ):
        game = Goninkan(rounds=3, **options)
        m = Match(game, seed=seed)
        rng = random.Random(seed)
        while not m.finished:
            seat = rng.choice(sorted(m.to_act()))
            m.act(seat, rng.choice(m.legal_actions(seat)))
        scores = game.deal_scores(m.state)
        assert len(scores) >= 3 and all(len(s) == game.seat_count for s in scores)
        if game.seat_count == 6 or options.get("zero_sum"):
            assert all(sum(s) == 0 for s in scores)
        again = replay(json.loads(dumps(m.record())))
        assert again.state == m.state and game.totals(again.state) == game.totals(m.state)
