"""Anarchy, Anarchy Bomb and Organised Chaos scenario tests, named after the rule they pin
(../shared/rules/anarchy.md §1–§3 and rulings P1–P5; the seed's worked scoring examples from
../shared/seeds/002_8a92f8203cc2801f.txt; the kirifuda rulings KA1–KA11 of docs/rules/anarchy.md)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from kirifuda import cards as C
from kirifuda.core import Deal, DealError, IllegalAction, KirifudaError, NotationError, OptionError
from kirifuda.games.anarchy import (
    BOMB_BIDS,
    NO_CARD,
    PASS,
    PLAY,
    Anarchy,
    AnarchyBomb,
    AnarchyState,
    Bid,
    Give,
    OrganisedChaos,
    Play,
    anarchy_bid_score,
    bomb_bid_score,
    bomb_deal_score,
    capture,
    suit_counts,
)
from kirifuda.match import Match
from kirifuda.records import dumps, replay


def cs(text: str) -> list[int]:
    return C.parse_many(text)


def mask(text: str) -> int:
    return C.mask(cs(text))


def make_deal(game, hands: dict[int, str] | None = None, rest: str = "", spare: str = "", dummy: str = "") -> Deal:
    """A deal for ``game`` with the given cards placed (piles top first); every other card fills the hands,
    then the piles, in deck order (the Joker, if not placed, goes to the first hand with room)."""
    hands = hands or {}
    pool = Counter(C.text(c) for c in game.deck())
    for text in [*hands.values(), rest, spare, dummy]:
        pool.subtract(text.split())
    assert all(v >= 0 for v in pool.values()), "a card placed twice"
    order = sorted(pool.elements(), key=lambda t: (t != "JK", C.sort_key(C.parse(t))))
    filled = []
    for seat in range(game.n):
        hand = hands.get(seat, "").split()
        while len(hand) < game.hand_size:
            hand.append(order.pop(0))
        filled.append(hand)

    def pile(given: str, size: int) -> list[str]:
        out = given.split()
        while len(out) < size:
            out.append(order.pop(0))
        return out

    obj = {
        "hands": filled,
        "rest": pile(rest, game.rest_size),
        "spare": pile(spare, game.spare_size),
        "dummy": pile(dummy, game.dummy_size),
    }
    assert not order
    return Deal.from_json(obj)


def start(game, deal: Deal) -> Match:
    return Match(game, deals=[deal])


def bid_round(m: Match, bid: str) -> None:
    """Everyone bids ``bid`` (in turn when bids are open)."""
    while m.game.to_act(m.state) and m.state.phase == "bid":
        for seat in sorted(m.to_act()):
            m.act(seat, f"bid {bid}")
            break


def trick(m: Match, plays: str) -> None:
    """Seat i chooses the i-th card of ``plays``."""
    for seat, card in enumerate(plays.split()):
        m.act(seat, f"play {card}")


# --- the seed's worked scoring examples --------------------------------------------------------

SEED_ANARCHY_TAKEN = "KS 9S 7S 4S AC 7C JH 8H 3H QD 9D 6D 5D 2D"
SEED_BOMB_TAKEN = "KS TS 4S JC TC 7C 2C QH 3H 9D"


@pytest.mark.parametrize(
    "bid, score", [("spades", 8), ("clubs", 4), ("hearts", 6), ("diamonds", 10), ("nosuit", 14), ("misere", 0)]
)
def test_seed_scoring_example_original_section1(bid, score):
    assert anarchy_bid_score(bid, mask(SEED_ANARCHY_TAKEN), 10) == score


@pytest.mark.parametrize(
    "bid, score",
    [
        ("cards", 10),
        ("black", 14),
        ("red", 6),
        ("best", 12),
        ("spades", 12),
        ("clubs", 16),
        ("hearts", 8),
        ("diamonds", 4),
        ("under", 15),
        ("over", 0),
    ],
)
def test_seed_scoring_example_bomb_section2(bid, score):
    taken = mask(SEED_BOMB_TAKEN)
    assert bomb_bid_score(bid, suit_counts(taken), 13) == score
    # every suit taken and no four of a rank: no bonus on top
    assert bomb_deal_score(bid, taken, 13) == score


def test_misere_floor_and_par_by_players_section1_P5():
    assert anarchy_bid_score("misere", mask("AS KS QS"), 13) == 10
    assert anarchy_bid_score("misere", mask("AS KS QS"), 10) == 7
    assert anarchy_bid_score("misere", mask(SEED_ANARCHY_TAKEN), 13) == 0  # 14 taken: never below 0


def test_over_under_never_negative_and_twelve_with_five_P5():
    taken = mask("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH")  # 14 cards
    assert bomb_bid_score("over", suit_counts(taken), 13) == 5
    assert bomb_bid_score("over", suit_counts(taken), 12) == 10
    assert bomb_bid_score("under", suit_counts(taken), 13) == 0


def test_void_and_quartet_bonuses_section2():
    taken = mask("AS KS QS AH AD AC")  # four Aces: a quartet, no void
    assert bomb_deal_score("spades", taken, 13) == 12 + 20
    taken = mask("AS KS QS AH")  # ♦ ♣ void
    assert bomb_deal_score("spades", taken, 13) == 12 + 20
    taken = mask("AS AH AD AC KS")  # no void, one quartet
    assert bomb_deal_score("cards", taken, 13) == 5 + 20
    assert bomb_deal_score("cards", 0, 13) == 40  # nothing taken: four voids


def test_quartet_counts_copies_in_a_double_deck_section2():
    seven_h_copy = C.parse("7H") | C.COPY
    seven_s_copy = C.parse("7S") | C.COPY
    taken = mask("7S 7H 7D 7C") | 1 << seven_h_copy | 1 << seven_s_copy
    assert bomb_deal_score("cards", taken, 12) == 6 + 20  # six 7s: one quartet
    taken |= 1 << (C.parse("7D") | C.COPY) | 1 << (C.parse("7C") | C.COPY)
    assert bomb_deal_score("cards", taken, 12) == 8 + 40  # eight 7s: two


def test_wild_joker_counts_as_the_best_suit_or_nothing_bomb_wild():
    taken = mask("KS TS 4S JC")  # ♥ ♦ void
    assert bomb_deal_score("spades", taken, 13) == 12 + 20
    assert bomb_deal_score("spades", taken, 13, wild_joker=True) == 16 + 20  # counted as a spade
    assert bomb_deal_score("cards", taken, 13, wild_joker=True) == 5 + 20  # a card, spoiling no void
    taken = mask("AS AH AD 2C")
    assert bomb_deal_score("diamonds", taken, 13, wild_joker=True) == 8  # never completes a quartet


# --- capture --------------------------------------------------------------------------------


def test_capture_by_suit_lone_card_kept_section1():
    cards = cs("AS 3S 2H KD QD")
    assert capture(cards, singletons=False) == [0, 0, 2, 3, 3]


def test_capture_singletons_highest_takes_all_section2():
    assert capture(cs("AS 5S 9H 4D"), singletons=True) == [0, 0, 2, 2]
    assert capture(cs("2S 5H 9D 4C 3C"), singletons=True) == [2, 2, 2, 3, 3]


def test_capture_singleton_tie_or_lone_singleton_kept_section2():
    assert capture(cs("AS 5S 9H 9D"), singletons=True) == [0, 0, 2, 3]
    assert capture(cs("AS 5S 3S 2H"), singletons=True) == [0, 0, 0, 3]


def test_capture_identical_top_cards_nobody_captures_section2():
    eight_h, eight_h_copy = C.parse("8H"), C.parse("8H") | C.COPY
    cards = [eight_h, eight_h_copy, C.parse("3H"), C.parse("KS"), C.parse("2D")]
    assert capture(cards, singletons=True) == [0, 1, 2, 3, 3]


def test_capture_reversed_by_the_bomb_section2():
    assert capture(cs("AS 2S 3H KH"), singletons=True, reverse=True) == [1, 1, 2, 2]
    assert capture(cs("AS 2S 3H KD"), singletons=True, reverse=True) == [1, 1, 2, 2]  # singletons: 3 beats K


# --- Anarchy (original) ------------------------------------------------------------------------


def test_open_bids_in_turn_from_dealers_left_P2():
    game = Anarchy(first_dealer=2)
    m = start(game, make_deal(game))
    assert m.to_act() == {3}
    before = m.state
    with pytest.raises(IllegalAction, match="not seat 0's turn: waiting for seat 3"):
        m.act(0, "bid spades")
    assert m.state is before
    for seat in (3, 4, 0, 1, 2):
        assert m.to_act() == {seat}
        m.act(seat, "bid hearts")
    assert m.to_act() == {0, 1, 2, 3, 4} and m.state.phase == PLAY
    assert game.observation(m.state, None).bids == ("hearts",) * 5


def test_secret_bids_all_at_once_hidden_until_all_have_bid_P2():
    game = Anarchy(bidding="secret")
    m = start(game, make_deal(game))
    assert m.to_act() == {0, 1, 2, 3, 4}
    m.act(3, "bid misere")
    other = game.observation(m.state, 1)
    assert other.bids == (None,) * 5 and other.ready == (False, False, False, True, False)
    assert other.my_choice is None
    mine = game.observation(m.state, 3)
    assert mine.bids[3] == "misere" and mine.my_choice == Bid("misere")
    for seat in (0, 1, 2, 4):
        m.act(seat, "bid spades")
    assert game.observation(m.state, 1).bids == ("spades", "spades", "spades", "misere", "spades")


def turnup_deal(game) -> Deal:
    return make_deal(game, hands={0: "AS 7S", 1: "3S 8S", 2: "KD 2H", 3: "QD 9S", 4: "4C 5C"}, rest="5H 9C")


def test_turnup_face_down_during_bids_then_turned_before_trick1_P1():
    game = Anarchy()
    m = start(game, turnup_deal(game))
    obs = game.observation(m.state, 0)
    assert obs.turnup is None and obs.turnups_face_down == 2
    bid_round(m, "nosuit")
    obs = game.observation(m.state, 0)
    assert obs.turnup == "5H" and obs.turnups_face_down == 1


def test_turnup_taken_by_the_only_card_of_its_suit_then_second_turned_P1():
    game = Anarchy()
    m = start(game, turnup_deal(game))
    bid_round(m, "nosuit")
    trick(m, "AS 3S KD QD 4C")  # no heart: the turn-up stays live
    s = m.state
    assert s.taken == (mask("AS 3S"), 0, mask("KD QD"), 0, mask("4C"))
    assert game.observation(s, 4).turnup == "5H"
    trick(m, "7S 8S 2H 9S 5C")  # a lone ♥2 keeps itself and takes the turn-up
    s = m.state
    assert s.taken == (mask("AS 3S"), 0, mask("KD QD 2H 5H"), mask("7S 8S 9S"), mask("4C 5C"))
    obs = game.observation(s, 0)
    assert obs.last_turnup == ("5H", 2)
    assert obs.turnup == "9C" and obs.turnups_face_down == 0  # live from the next trick, not this one


def test_turnup_contested_needs_two_cards_of_its_suit_P1():
    game = Anarchy(turnup="contested")
    m = start(game, turnup_deal(game))
    bid_round(m, "nosuit")
    trick(m, "AS 3S KD QD 4C")
    trick(m, "7S 8S 2H 9S 5C")
    s = m.state
    assert s.taken[2] == mask("KD QD 2H")
    obs = game.observation(s, 0)
    assert obs.turnup == "5H" and obs.turnups_face_down == 1 and obs.last_turnup is None


def test_four_players_thirteen_each_no_turnups_section1():
    game = Anarchy(players=4)
    assert game.hand_size == 13 and game.rest_size == 0
    deal = game.random_deal(game.initial(), random.Random(3))
    assert [len(h) for h in deal.hands] == [13] * 4 and deal.rest == ()


def test_random_deal_from_the_dealers_left_section1():
    game = Anarchy(first_dealer=3)
    deal = game.random_deal(game.initial(), random.Random(5))
    pack = list(C.DECK_52)
    random.Random(5).shuffle(pack)
    assert deal.hands[4][0] == pack[0] and deal.hands[0][0] == pack[1] and deal.hands[3][-1] == pack[49]
    assert deal.rest == tuple(pack[50:])  # the first card aside is the first turn-up


def test_deal_scores_by_bid_whole_deal_section1():
    game = Anarchy(players=4, deals=1)
    hands = {s: " ".join(r + C.SUITS[s] for r in "AKQJT98765432") for s in range(4)}
    m = start(game, make_deal(game, hands=hands))
    for seat, bid in zip((1, 2, 3, 0), ("hearts", "misere", "nosuit", "spades"), strict=True):
        m.act(seat, f"bid {bid}")
    for rank in "AKQJT98765432":
        trick(m, " ".join(rank + suit for suit in "SHDC"))
    # every card is alone in its suit: each player keeps their own 13
    assert game.deal_scores(m.state) == ((26, 26, 0, 13),)
    assert m.finished and game.winners(m.state) == (0, 1)


def test_deals_option_defaults_to_one_per_player_records_md():
    assert Anarchy().options.deals == 5
    assert Anarchy(players=4).options.deals == 4
    assert AnarchyBomb(players=3).options.deals == 3
    assert Anarchy(deals=2).options.deals == 2
    assert Anarchy().options.to_dict()["deals"] == 5
    for bad in (0, -1, "3", True):
        with pytest.raises(OptionError, match="deals"):
            Anarchy(deals=bad)
    with pytest.raises(OptionError, match="unknown option"):
        OrganisedChaos(deals=3)


def test_game_lasts_the_chosen_number_of_deals_and_dealer_passes_clockwise():
    game = Anarchy(players=4, deals=2, first_dealer=3)
    m = Match(game, seed=8)
    rng = random.Random(0)
    dealers = []
    while not m.finished:
        if game.observation(m.state, None).dealer not in dealers:
            dealers.append(game.observation(m.state, None).dealer)
        seat = min(m.to_act())
        m.act(seat, rng.choice(m.legal_actions(seat)))
    assert len(game.deal_scores(m.state)) == 2 and dealers == [3, 0]


# --- Anarchy Bomb --------------------------------------------------------------------------------


class Unshuffled(random.Random):
    """A generator whose shuffle leaves the pack as given (to pin how a deal is made)."""

    def __init__(self, order: list[int]):
        super().__init__(0)
        self.order = order

    def shuffle(self, x):
        x[:] = self.order


def test_joker_never_the_spare_swaps_with_dealers_last_card_P4():
    game = AnarchyBomb()
    pack = [c for c in C.DECK_BOMB_53 if c != C.JOKER] + [C.JOKER]
    deal = game.random_deal(game.initial(), Unshuffled(pack))
    assert deal.spare == (pack[51],)  # the dealer (seat 0) got the 52nd card dealt
    assert deal.hands[0][-1] == C.JOKER


def test_joker_never_in_the_dummy_P4():
    game = AnarchyBomb(players=3)
    pack = [C.JOKER] + [c for c in C.DECK_BOMB_53 if c != C.JOKER]
    order = pack[:]
    order[3], order[0] = order[0], order[3]  # the 4th card dealt goes to the dummy (after the dealer, KA1)
    deal = game.random_deal(game.initial(), Unshuffled(order))
    assert C.JOKER not in deal.dummy and deal.hands[0][-1] == C.JOKER
    assert all(
        C.JOKER not in d.dummy + d.spare
        for d in (game.random_deal(game.initial(), random.Random(i)) for i in range(40))
    )


def test_check_deal_rejects_joker_outside_the_hands_P4():
    game = AnarchyBomb()
    with pytest.raises(DealError, match="P4"):
        game.check_deal(game.initial(), make_deal(game, spare="JK"))
    game3 = AnarchyBomb(players=3)
    with pytest.raises(DealError, match="P4"):
        game3.check_deal(game3.initial(), make_deal(game3, dummy="JK"))
    game65 = AnarchyBomb(players=5, deck5="65")
    with pytest.raises(DealError, match="P4"):
        game65.check_deal(game65.initial(), make_deal(game65, rest="JK"))


def test_five_player_decks_61_and_65_P3():
    g61 = AnarchyBomb(players=5)
    assert len(g61.deck()) == 61 and g61.hand_size == 12 and g61.rest_size == 0
    g65 = AnarchyBomb(players=5, deck5="65")
    assert len(g65.deck()) == 65 and g65.hand_size == 12 and g65.rest_size == 4
    deal = g65.random_deal(g65.initial(), random.Random(2))
    assert len(deal.spare) == 1 and len(deal.rest) == 4
    m = start(g65, deal)
    assert g65.observation(m.state, 0).out_of_play == 4


def bomb_deal(game) -> Deal:
    return make_deal(game, hands={0: "AS KS", 1: "JK QS", 2: "2S 4D", 3: "KH 5C"}, spare="3H")


def test_bomb_reverses_the_trick_and_the_spare_is_played_section2():
    game = AnarchyBomb()
    m = start(game, bomb_deal(game))
    bid_round(m, "cards")
    assert game.observation(m.state, 2).spare == "3H"
    trick(m, "AS JK 2S KH")
    s = m.state
    # reversed: ♠2 beats ♠A; the Anarchist's spare ♥3 beats ♥K
    assert s.taken == (0, mask("3H KH"), mask("AS 2S"), 0)
    obs = game.observation(s, 0)
    assert obs.spare is None and obs.bomb_thrown and obs.last_trick_reversed
    assert [(r.seat, r.card, r.taken_by, r.bomb) for r in obs.last_trick] == [
        (0, "AS", 2, False),
        (1, "3H", 1, True),
        (2, "2S", 2, False),
        (3, "KH", 1, False),
    ]
    assert C.JOKER in game.all_cards(s)
    trick(m, "KS QS 4D 5C")  # the next trick is in normal order again
    assert m.state.taken == (mask("KS QS"), mask("3H KH"), mask("AS 2S"), mask("4D 5C"))


def test_anarchist_is_hidden_and_only_the_holder_may_throw_section2():
    game = AnarchyBomb()
    m = start(game, bomb_deal(game))
    bid_round(m, "cards")
    before = m.state
    with pytest.raises(IllegalAction, match="JK is not in your hand"):
        m.act(0, "play JK")
    assert m.state is before
    assert "JK" not in json.dumps(game.observation(m.state, 0).to_json())
    assert "JK" in json.dumps(game.observation(m.state, 1).to_json())


def test_bomb_wild_joker_goes_with_the_spare_to_its_taker_variation():
    game = AnarchyBomb(bomb_wild=True)
    m = start(game, bomb_deal(game))
    bid_round(m, "cards")
    trick(m, "AS JK 2S KH")
    assert m.state.wild_to == 1 and game.observation(m.state, 3).wild_joker == 1
    plain = AnarchyBomb()
    m2 = start(plain, bomb_deal(plain))
    bid_round(m2, "cards")
    trick(m2, "AS JK 2S KH")
    assert plain.observation(m2.state, 3).wild_joker is None


def test_singleton_capture_in_play_section2():
    game = AnarchyBomb()
    m = start(game, make_deal(game, hands={0: "AS 9H", 1: "5S 9D", 2: "9C 2S", 3: "4D 3S"}, spare="2C"))
    bid_round(m, "cards")
    trick(m, "AS 5S 9C 4D")  # singletons ♣9 ♦4: the ♣9 takes both
    assert m.state.taken == (mask("AS 5S"), 0, mask("9C 4D"), 0)
    trick(m, "9H 9D 2S 3S")  # singletons ♥9 ♦9 tie: each keeps; ♠3 takes ♠2
    assert m.state.taken == (mask("AS 5S 9H"), mask("9D"), mask("9C 4D"), mask("2S 3S"))


def test_identical_top_cards_nobody_captures_and_copy_is_played_double_deck_section2():
    game = AnarchyBomb(players=5)
    m = start(game, make_deal(game, hands={0: "8H", 1: "8H", 2: "3H", 3: "KS", 4: "2D"}, spare="2C"))
    assert m.state.hands[1] >> (C.parse("8H") | C.COPY) & 1  # seat 1 holds the second copy
    bid_round(m, "cards")
    trick(m, "8H 8H 3H KS 2D")  # seat 1's "play 8H" plays its copy
    s = m.state
    assert s.taken[0] == mask("8H") and s.taken[1] == 1 << (C.parse("8H") | C.COPY)
    assert s.taken[2] == mask("3H") and s.taken[3] == mask("KS 2D")


def test_three_players_dummy_card_turned_automatically_and_scores_for_nobody_section2():
    game = AnarchyBomb(players=3)
    m = start(game, make_deal(game, hands={0: "2H JK", 1: "3H", 2: "4S"}, dummy="AH KC", spare="2C"))
    bid_round(m, "cards")
    assert m.to_act() == {0, 1, 2}
    trick(m, "2H 3H 4S")
    s = m.state
    assert s.taken == (0, 0, mask("4S"), mask("AH 2H 3H")) and len(s.dummy) == 12
    obs = game.observation(s, 0)
    assert obs.dummy_taken == C.CardSet(mask("AH 2H 3H")) and obs.dummy_stock == 12
    assert obs.last_trick[-1].seat is None and obs.last_trick[-1].taken_by is None
    assert m.to_act() == {0, 1, 2}


def test_deal_scores_include_bonuses_whole_deal_section2():
    game = AnarchyBomb(deals=1)
    hands = {s: " ".join(r + C.SUITS[s] for r in "AKQJT98765432") for s in range(4)}
    hands[0] = "JK " + " ".join(r + "S" for r in "AKQJT9876543")
    m = start(game, make_deal(game, hands=hands, spare="2S"))
    for seat, bid in zip((1, 2, 3, 0), ("hearts", "under", "best", "spades"), strict=True):
        m.act(seat, f"bid {bid}")
    trick(m, "JK AH AD AC")  # reversed: four singletons, the spare ♠2 is the strongest and takes them
    for rank in "KQJT9876543":
        trick(m, f"{rank}S {rank}H {rank}D {rank}C")  # singletons tied in rank: each keeps its own
    trick(m, "AS 2H 2D 2C")  # the ♠A takes the other singletons
    s = m.state
    assert s.taken[0] == mask("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH 2H AD 2D AC 2C")
    assert s.taken[1] == mask("KH QH JH TH 9H 8H 7H 6H 5H 4H 3H")
    # seat 0: 13 spades × 4, no void, quartets of Aces and 2s; the others: 11 cards of one suit, 3 voids
    assert game.deal_scores(s) == ((4 * 13 + 2 * 20, 4 * 11 + 30, 5 * (13 - 11) + 30, 3 * 11 + 30),)
    assert m.finished


# --- Organised Chaos ------------------------------------------------------------------------------


def test_pass_three_left_simultaneous_and_hidden_section3():
    game = OrganisedChaos()
    m = start(game, make_deal(game, hands={0: "AS KS QS", 1: "AH KH QH", 2: "AD KD QD", 3: "AC KC QC"}))
    assert m.state.phase == PASS and m.to_act() == {0, 1, 2, 3}
    m.act(0, "give qs ks as")
    watcher = game.observation(m.state, 1)
    assert watcher.ready == (True, False, False, False) and watcher.my_choice is None
    assert game.observation(m.state, 0).my_choice == Give(tuple(cs("AS KS QS")))
    for seat, cards in ((1, "AH KH QH"), (2, "AD KD QD"), (3, "AC KC QC")):
        m.act(seat, f"give {cards}")
    s = m.state
    assert s.hands[1] & mask("AS KS QS") == mask("AS KS QS")  # seat 0's pass reached its left
    assert s.hands[0] & mask("AC KC QC") == mask("AC KC QC")  # from the right
    assert m.to_act() == {1}  # then open bids from the dealer's left
    obs = game.observation(s, 2)
    assert obs.passed == C.CardSet(mask("AD KD QD")) and obs.received == C.CardSet(mask("AH KH QH"))


def test_three_players_dummy_passes_between_dealer_and_left_section3():
    game = OrganisedChaos(players=3, dummy_passes=True)
    dummy = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    m = start(game, make_deal(game, hands={0: "KH AS QD", 1: "AH KS QS", 2: "AD JS TS"}, dummy=dummy))
    m.act(0, "give AS KH QD")
    m.act(1, "give AH KS QS")
    m.act(2, "give AD JS TS")
    s = m.state
    assert s.dummy == tuple(cs("5C 6C 7C 8C 9C TC JC QC KC AC AS KH QD"))  # under the stock, canonical order
    assert s.hands[1] & mask("2C 3C 4C") == mask("2C 3C 4C")  # the dealer's left: the dummy's top 3
    assert s.hands[1] & mask("AS KH QD") == 0
    assert s.hands[2] & mask("AH KS QS") == mask("AH KS QS")
    assert s.hands[0] & mask("AD JS TS") == mask("AD JS TS")


def test_three_players_without_dummy_passes_players_pass_among_themselves_section3():
    game = OrganisedChaos(players=3)
    m = start(game, make_deal(game, hands={0: "AS KS QS"}))
    dummy_before = m.state.dummy
    for seat in range(3):
        m.act(seat, str(m.legal_actions(seat)[0]))
    assert m.state.hands[1] & mask("AS KS QS") == mask("AS KS QS") and m.state.dummy == dummy_before


def test_five_players_double_copies_may_be_passed_together_section3():
    game = OrganisedChaos(players=5)
    m = start(game, make_deal(game, hands={0: "7H 7H 2C", 1: "8H 2S"}))
    assert "give 7H 7H 2C" in {str(a) for a in m.legal_actions(0)}
    m.act(0, "give 7H 2C 7H")
    with pytest.raises(IllegalAction, match="8H is not in your hand 2 times"):
        m.act(1, "give 8H 8H 2S")


def test_each_bid_exactly_once_in_ten_deals_and_score_sheet_section3():
    game = OrganisedChaos()
    m = Match(game, seed=5)
    rng = random.Random(5)
    tried = False
    while not m.finished:
        seat = rng.choice(sorted(m.to_act()))
        s = m.state
        if s.phase == "bid" and s.bid_history and not tried:
            used = s.bid_history[0][seat]
            assert Bid(used) not in m.legal_actions(seat)
            with pytest.raises(IllegalAction, match=f"already bid {used}"):
                m.act(seat, f"bid {used}")
            assert m.state is s
            tried = True
        m.act(seat, rng.choice(m.legal_actions(seat)))
    s = m.state
    assert len(game.deal_scores(s)) == 10
    for seat in range(4):
        assert sorted(bids[seat] for bids in s.bid_history) == sorted(BOMB_BIDS)
    sheet = game.observation(s, 0).score_sheet
    assert [name for name, _ in sheet] == list(BOMB_BIDS)
    for seat in range(4):
        assert sum(row[seat] for _, row in sheet) == game.totals(s)[seat]


# --- notation -----------------------------------------------------------------------------------


def test_notation_round_trips_and_lenient_input_records_md():
    bomb, chaos, original = AnarchyBomb(), OrganisedChaos(), Anarchy()
    assert str(bomb.parse_action("play 10h")) == "play TH"
    assert str(bomb.parse_action("PLAY ♠A")) == "play AS"
    assert str(bomb.parse_action("play jk")) == "play JK"
    assert str(original.parse_action("bid Misère")) == "bid misere"
    assert str(chaos.parse_action("give 3c 4♦ 5H")) == "give 5H 4D 3C"
    for game in (bomb, chaos, original):
        for text in ("play QS", "bid spades"):
            assert str(game.parse_action(text)) == text
    assert original.parse_action("bid nosuit") == Bid("nosuit")
    assert bomb.parse_action("play QS") == Play(C.parse("QS"))


@pytest.mark.parametrize("text", ["", "play", "play XX", "bid cards", "give 2S 3S 4S", "bid", "play AS KS"])
def test_bad_notation_is_a_notation_error_records_md(text):
    with pytest.raises(NotationError):
        Anarchy().parse_action(text)


def test_give_needs_three_cards_records_md():
    with pytest.raises(NotationError, match="exactly three"):
        OrganisedChaos().parse_action("give 2S")
    with pytest.raises(NotationError):
        AnarchyBomb().parse_action("bid nosuit")


def test_illegal_actions_change_nothing():
    game = OrganisedChaos()
    m = start(game, make_deal(game, hands={0: "AS KS QS"}))
    before = m.state
    for seat, text, why in (
        (0, "play AS", "pass three cards"),
        (0, "bid cards", "pass three cards"),
        (1, "give AS KS QS", "not in your hand"),
        (9, "give AS KS QS", "not seat 9's turn"),
    ):
        with pytest.raises(IllegalAction, match=why):
            m.act(seat, text)
        assert m.state is before and m.actions == []


def test_trick_entries_in_any_order_records_md():
    game = AnarchyBomb()
    a, b = start(game, bomb_deal(game)), start(game, bomb_deal(game))
    bid_round(a, "red")
    bid_round(b, "red")
    for seat, card in enumerate(["AS", "JK", "2S", "KH"]):
        a.act(seat, f"play {card}")
    for seat, card in reversed(list(enumerate(["AS", "JK", "2S", "KH"]))):
        b.act(seat, f"play {card}")
    assert a.state == b.state
    record = b.record()
    assert replay(json.loads(dumps(record))).state == b.state


# --- hidden information -------------------------------------------------------------------------


def _altered(game, state: AnarchyState, seat: int, rng: random.Random) -> AnarchyState | None:
    """``state`` with ``seat``'s face-down choice changed (with a card of its hand, or another bid)."""
    from dataclasses import replace

    if state.phase == PLAY and state.chosen[seat] != NO_CARD and state.hands[seat]:
        new = rng.choice(C.card_list(state.hands[seat]))
        old = state.chosen[seat]
        hands = list(state.hands)
        hands[seat] = hands[seat] & ~(1 << new) | (1 << old)
        chosen = list(state.chosen)
        chosen[seat] = new
        return replace(state, hands=tuple(hands), chosen=tuple(chosen))
    if state.phase == PASS and state.given[seat] and state.hands[seat]:
        new = rng.choice(C.card_list(state.hands[seat]))
        old = rng.choice(C.card_list(state.given[seat]))
        hands, given = list(state.hands), list(state.given)
        hands[seat] = hands[seat] & ~(1 << new) | (1 << old)
        given[seat] = given[seat] & ~(1 << old) | (1 << new)
        return replace(state, hands=tuple(hands), given=tuple(given))
    if state.phase == "bid" and game.secret_bids and state.bids[seat] is not None:
        other = [b for b in game.bid_names if b != state.bids[seat]]
        bids = list(state.bids)
        bids[seat] = rng.choice(other)
        return replace(state, bids=tuple(bids))
    return None


@pytest.mark.parametrize(
    "game",
    [
        Anarchy(bidding="secret"),
        Anarchy(players=4, bidding="secret", turnup="contested"),
        AnarchyBomb(players=3, bidding="secret", bomb_wild=True),
        AnarchyBomb(players=5, bidding="secret"),
        AnarchyBomb(players=5, deck5="65"),
        OrganisedChaos(players=5),
        OrganisedChaos(players=3),
        OrganisedChaos(players=3, dummy_passes=True),
    ],
    ids=lambda g: f"{g.id}-{g.n}",
)
def test_no_observation_reveals_another_seats_pending_choice(game):
    rng = random.Random(game.id)
    checked = 0
    for seed in range(2):
        m = Match(game, seed=seed)
        while not m.finished and len(game.deal_scores(m.state)) < 1:
            state = m.state
            for chooser in range(game.n):
                altered = _altered(game, state, chooser, rng)
                if altered is None:
                    continue
                for viewer in [*range(game.n), None]:
                    if viewer != chooser:
                        assert game.observation(altered, viewer) == game.observation(state, viewer)
                        checked += 1
                assert game.observation(altered, chooser) != game.observation(state, chooser)
            seat = rng.choice(sorted(m.to_act()))
            m.act(seat, rng.choice(m.legal_actions(seat)))
    assert checked > 100


def test_reshuffle_keeps_what_the_seat_knows_passed_cards_and_joker_P4():
    game = OrganisedChaos(players=3, dummy_passes=True)
    m = start(game, make_deal(game, hands={0: "AS KH QD", 1: "AH KS QS"}))
    for seat in range(3):
        m.act(seat, str(m.legal_actions(seat)[0]))
    dealer_passed = m.state.given[0]
    left_passed = m.state.given[1]
    for i in range(20):
        shuffled = game.reshuffle_unseen(m.state, 0, random.Random(i))
        assert game.observation(shuffled, 0) == game.observation(m.state, 0)
        assert shuffled.dummy[-3:] == m.state.dummy[-3:] and C.mask(shuffled.dummy[-3:]) == dealer_passed
        by_1 = game.reshuffle_unseen(m.state, 1, random.Random(i))
        assert by_1.hands[2] & left_passed == left_passed
    bomb = AnarchyBomb(players=3)
    m = start(bomb, make_deal(bomb, hands={1: "JK"}))
    for i in range(30):
        shuffled = bomb.reshuffle_unseen(m.state, 0, random.Random(i))
        assert C.JOKER not in shuffled.dummy and any(h >> C.JOKER & 1 for h in shuffled.hands[1:])


def test_spectator_sees_no_hand_and_no_pending_card():
    game = AnarchyBomb()
    m = start(game, bomb_deal(game))
    bid_round(m, "cards")
    m.act(1, "play JK")
    obs = game.observation(m.state, None)
    assert obs.hand is None and obs.my_choice is None and obs.ready == (False, True, False, False)
    assert game.observation(m.state, 1).my_choice == Play(C.JOKER)


def test_replay_random_games_all_variants():
    for i, (game_id, options) in enumerate(
        [
            ("anarchy", {"players": 5, "turnup": "contested"}),
            ("anarchy-bomb", {"players": 5, "deck5": "65", "bomb_wild": True}),
            ("organised-chaos", {"players": 3, "dummy_passes": True}),
        ]
    ):
        from kirifuda.registry import make

        game = make(game_id, options)
        m = Match(game, seed=i)
        rng = random.Random(i)
        while not m.finished:
            seat = rng.choice(sorted(m.to_act()))
            m.act(seat, rng.choice(m.legal_actions(seat)))
        again = replay(json.loads(dumps(m.record())))
        assert again.state == m.state and game.totals(again.state) == game.totals(m.state)
        assert Counter(game.all_cards(m.state)) == Counter(game.deck())
        with pytest.raises(KirifudaError):
            m.act(0, "play AS")


# --- added in review ------------------------------------------------------------------------------


def test_turnup_never_taken_scores_for_nobody_P1():
    """The second turn-up (♣9) goes live only after every other club has been played: nobody takes it,
    and it counts for no one (anarchy.md §1 "Turn-up")."""
    game = Anarchy(deals=1)
    hands = {0: "AC KC QC AH", 1: "JC TC 8C", 2: "7C 6C 5C", 3: "4C 3C 2C", 4: "AS KS QS"}
    m = start(game, make_deal(game, hands=hands, rest="5H 9C"))
    bid_round(m, "nosuit")
    for k in range(3):  # every club but the ♣9 aside, and no heart: the ♥5 stays live
        trick(m, " ".join(hands[s].split()[k] for s in range(5)))
    assert game.observation(m.state, 0).turnup == "5H"
    trick(m, "AH " + " ".join(C.text(C.card_list(m.state.hands[s])[0]) for s in range(1, 5)))
    assert m.state.taken[0] >> C.parse("5H") & 1  # the ♥A takes the ♥5
    assert game.observation(m.state, 0).turnup == "9C"  # live from trick 5, no club left
    while not m.finished:
        trick(m, " ".join(C.text(C.card_list(m.state.hands[s])[0]) for s in range(5)))
    final = m.state
    assert all(not t >> C.parse("9C") & 1 for t in final.taken)
    assert sum(t.bit_count() for t in final.taken) == 51 and sum(game.deal_scores(final)[0]) == 51
    assert final.rest == (C.parse("9C"),)


def test_turnup_contested_taken_by_highest_of_two_P1():
    """``turnup`` "contested": a lone ♥2 leaves the ♥5 live; the first trick with two hearts gives it to
    the higher, and only then is the ♣9 turned up."""
    game = Anarchy(turnup="contested")
    deal = make_deal(
        game, hands={0: "AS 7S 9H", 1: "3S 8S JH", 2: "KD 2H 3D", 3: "QD 9S 4D", 4: "4C 5C 6C"}, rest="5H 9C"
    )
    m = start(game, deal)
    bid_round(m, "nosuit")
    trick(m, "AS 3S KD QD 4C")
    trick(m, "7S 8S 2H 9S 5C")  # a lone ♥2: still live under "contested"
    assert game.observation(m.state, 2).turnup == "5H"
    trick(m, "9H JH 3D 4D 6C")
    s = m.state
    assert s.taken == (mask("AS 3S"), mask("9H JH 5H"), mask("KD QD 2H"), mask("7S 8S 9S 3D 4D"), mask("4C 5C 6C"))
    obs = game.observation(s, 2)
    assert obs.last_turnup == ("5H", 1) and obs.turnup == "9C" and obs.turnups_face_down == 0


@pytest.mark.parametrize(
    "game, seat, text, ja",
    [
        (Anarchy(), 0, "bid spades", "手番ではありません"),
        (Anarchy(), 1, "play AS", "ビッドの番です"),
        (OrganisedChaos(), 0, "play AS", "左隣へ3枚を渡す番です"),
        (OrganisedChaos(), 0, "give AS KS 8H", "♥8 は手札にありません"),
        (OrganisedChaos(players=5), 1, "give 8H 8H 2S", "♥8 は手札に2枚ありません"),
    ],
)
def test_errors_have_a_japanese_twin(game, seat, text, ja):
    deal = make_deal(game, hands={0: "AS KS QS 7H 7H" if len(game.deck()) > 53 else "AS KS QS", 1: "8H 2S"})
    m = start(game, deal)
    with pytest.raises(IllegalAction) as error:
        m.act(seat, text)
    assert ja in error.value.ja


def test_errors_have_a_japanese_twin_in_play_and_notation():
    game = AnarchyBomb()
    m = start(game, bomb_deal(game))
    bid_round(m, "cards")
    with pytest.raises(IllegalAction) as error:
        m.act(0, "play JK")
    assert str(error.value) == "JK is not in your hand" and error.value.ja == "JK は手札にありません"
    with pytest.raises(IllegalAction) as error:
        m.act(0, "bid cards")
    assert "伏せて選ぶ番です" in error.value.ja
    for text in ("", "bid nosuit", "fold"):
        with pytest.raises(NotationError) as error:
            game.parse_action(text)
        assert error.value.ja
    with pytest.raises(NotationError) as error:
        OrganisedChaos().parse_action("give 2S")
    assert "ちょうど3枚" in error.value.ja
    with pytest.raises(DealError) as error:
        game.check_deal(game.initial(), make_deal(game, spare="JK"))
    assert "P4" in error.value.ja
    with pytest.raises(OptionError) as error:
        Anarchy(deals=0)
    assert error.value.ja


def test_repeated_chaos_bid_error_is_bilingual_section3():
    game = OrganisedChaos()
    m = Match(game, seed=1)
    rng = random.Random(1)
    while len(game.deal_scores(m.state)) < 1 or m.state.phase != "bid":
        seat = min(m.to_act())
        m.act(seat, rng.choice(m.legal_actions(seat)))
    seat = min(m.to_act())
    used = m.state.bid_history[0][seat]
    with pytest.raises(IllegalAction, match=f"already bid {used}") as error:
        m.act(seat, f"bid {used}")
    assert "ビッド済み" in error.value.ja and used in error.value.ja


def test_a_seat_is_a_number_not_a_flag():
    game = Anarchy()
    m = start(game, make_deal(game))  # seat 1 bids first
    before = m.state
    with pytest.raises(IllegalAction):
        game.apply(m.state, True, "bid spades")
    assert m.state is before
