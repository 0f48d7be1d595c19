"""Self-test of the Anarchy-family oracle (tests/oracles/anarchy.py), on its own deals only.

Random games over every option combination (invariants at every decision), the seed's worked
scoring examples (002_8a92f8203cc2801f.txt), and exact trick scenarios for each capture rule.
"""

import copy
import itertools
import random
from collections import Counter

import pytest

from oracles.anarchy import (
    BOMB_BIDS,
    JOKER,
    Illegal,
    Oracle,
    anarchy_bid_score,
    bomb_bid_score,
    bomb_deal_score,
    canonical_sorted,
    suit_counts,
)

# --- helpers ------------------------------------------------------------------------------------


def make_deal(oracle, rng, fixed=None, spare=None, dummy_top=None, rest_top=None):
    """A random deal for the oracle's next deal; `fixed` maps seat -> cards that seat must hold,
    `spare` / `dummy_top` / `rest_top` fix the start of those piles."""
    fixed = fixed or {}
    deck = oracle.deck()
    pool = list(deck)
    for cards in list(fixed.values()) + [[spare] if spare else [], dummy_top or [], rest_top or []]:
        for card in cards:
            pool.remove(card)
    rng.shuffle(pool)
    if oracle.bomb and JOKER in pool and not any(JOKER in c for c in fixed.values()):
        # the Joker always starts in a player's hand (P4): put it at the front of the hands' share
        pool.remove(JOKER)
        pool.insert(0, JOKER)
    n, size = oracle.players, oracle.hand_size
    hands = []
    for seat in range(n):
        hand = list(fixed.get(seat, []))
        while len(hand) < size:
            hand.append(pool.pop(0))
        hands.append(hand)
    rest_size, spare_size, dummy_size = oracle._pile_sizes()
    deal = {"hands": hands}
    if spare_size:
        deal["spare"] = [spare] if spare else [pool.pop(0)]
    if dummy_size:
        top = list(dummy_top or [])
        deal["dummy"] = top + [pool.pop(0) for _ in range(dummy_size - len(top))]
    if rest_size:
        top = list(rest_top or [])
        deal["rest"] = top + [pool.pop(0) for _ in range(rest_size - len(top))]
    assert not pool
    return deal


def random_deal(oracle, rng):
    return make_deal(oracle, rng)


def all_option_sets():
    out = []
    for players, bidding, turnup in itertools.product([5, 4], ["open", "secret"], ["any", "contested"]):
        out.append(("anarchy", {"players": players, "bidding": bidding, "turnup": turnup}))
    for players, bidding, deck5, wild in itertools.product([4, 3, 5], ["open", "secret"], ["61", "65"], [False, True]):
        if players != 5 and deck5 == "65":
            continue
        out.append(("anarchy-bomb", {"players": players, "bidding": bidding, "deck5": deck5, "bomb_wild": wild}))
    for players, passes in itertools.product([4, 3, 5], [False, True]):
        out.append(("organised-chaos", {"players": players, "dummy_passes": passes}))
    return out


def snapshot(oracle):
    """The oracle's whole state, but its cache of legal gives."""
    return copy.deepcopy({k: v for k, v in oracle.__dict__.items() if k != "pass_choices"})


def check_deal_end(oracle, deal, scores):
    """Card conservation and score identities for the deal just completed."""
    taken = [c for pile in oracle.taken for c in pile] + oracle.dummy_taken
    unused = []
    if oracle.original and oracle.turnup is not None:
        unused = [oracle.turnup] + oracle.turnup_queue
    if oracle.bomb:
        assert oracle.joker_thrown and oracle.spare is None
        unused = list(deal.get("rest", [])) + [JOKER]
    assert Counter(taken + unused) == Counter(oracle.deck())
    assert all(not hand for hand in oracle.hands)
    assert all(score >= 0 for score in scores)
    for seat, bid in enumerate(oracle.bids):
        cards = oracle.taken[seat]
        if oracle.original:
            if bid == "nosuit":
                assert scores[seat] == len(cards)
            if bid in ("spades", "clubs", "hearts", "diamonds"):
                assert scores[seat] % 2 == 0
        else:
            counts = suit_counts(cards)
            voids = sum(1 for v in counts.values() if v == 0)
            if not (oracle.bomb_wild and oracle.wild_joker_owner == seat):
                assert scores[seat] >= bomb_bid_score(bid, counts, oracle.target) + 10 * voids
                if bid == "cards":
                    assert (scores[seat] - len(cards) - 10 * voids) % 20 == 0


def play_random_game(game_id, options, rng, probes=True):
    oracle = Oracle(game_id, options)
    deal = None
    while oracle.pending() != "over":
        if oracle.pending() == "deal":
            deal = random_deal(oracle, rng)
            oracle.deal(copy.deepcopy(deal))
            continue
        assert oracle.pending() == "act"
        waiting = oracle.to_act()
        assert waiting
        legal = {seat: sorted(oracle.legal(seat)) for seat in waiting}
        assert all(legal.values()), legal
        for seat in range(oracle.players):
            if seat not in waiting:
                assert oracle.legal(seat) == set()
        if probes and rng.random() < 0.3:
            before = snapshot(oracle)
            for text, seat in [
                ("play " + rng.choice(oracle.deck()), rng.randrange(oracle.players)),
                (rng.choice(["", "play", "play XX", "bid", "bid trumps", "give 2S", "pass"]), min(waiting)),
                (
                    rng.choice(legal[min(waiting)]),
                    rng.choice([s for s in range(oracle.players) if s not in waiting] or [99]),
                ),
            ]:
                if text in oracle.legal(seat):
                    continue
                with pytest.raises(Illegal):
                    oracle.apply(seat, text)
                assert snapshot(oracle) == before, text
        seat = rng.choice(sorted(waiting))
        text = rng.choice(legal[seat])
        if rng.random() < 0.1:
            text = text.lower()
        done = len(oracle.deal_scores())
        oracle.apply(seat, text)
        if len(oracle.deal_scores()) > done:
            check_deal_end(oracle, deal, oracle.deal_scores()[-1])
    assert len(oracle.deal_scores()) == oracle.total_deals
    if oracle.chaos:
        assert all(used == set(BOMB_BIDS) for used in oracle.used_bids)
    return oracle


# --- random games -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game_id, options", all_option_sets(), ids=lambda v: v if isinstance(v, str) else "-".join(map(str, v.values()))
)
def test_random_games_keep_the_invariants(game_id, options):
    rng = random.Random(f"{game_id}{options}")
    games = 2 if game_id == "organised-chaos" else 6
    for i in range(games):
        full = dict(options, first_dealer=rng.randrange(options["players"]))
        if game_id != "organised-chaos" and i % 2:
            full["deals"] = rng.randint(1, 3)
        play_random_game(game_id, full, rng, probes=True)


def test_many_quick_games_without_probes():
    rng = random.Random(7)
    sets = all_option_sets()
    for _ in range(80):
        game_id, options = rng.choice(sets)
        if game_id == "organised-chaos":
            continue
        play_random_game(game_id, dict(options, deals=1), rng, probes=False)


# --- options ------------------------------------------------------------------------------------


def test_unknown_or_bad_options_are_errors():
    for game_id, options in [
        ("anarchy", {"players": 3}),
        ("anarchy", {"deck5": "61"}),
        ("anarchy-bomb", {"turnup": "any"}),
        ("organised-chaos", {"deals": 3}),
        ("organised-chaos", {"bidding": "secret"}),
        ("anarchy", {"bidding": "loud"}),
        ("anarchy-bomb", {"bomb_wild": "yes"}),
        ("anarchy", {"first_dealer": 5}),
        ("anarchy", {"deals": 0}),
        ("nope", {}),
    ]:
        with pytest.raises(ValueError):
            Oracle(game_id, options)


def test_defaults():
    o = Oracle("anarchy", {})
    assert (o.players, o.hand_size, o.total_deals, len(o.deck())) == (5, 10, 5, 52)
    o = Oracle("anarchy-bomb", {})
    assert (o.players, o.hand_size, o.total_deals, len(o.deck())) == (4, 13, 4, 53)
    o = Oracle("anarchy-bomb", {"players": 5})
    assert (o.hand_size, o.target, len(o.deck())) == (12, 12, 61)
    o = Oracle("anarchy-bomb", {"players": 5, "deck5": "65"})
    assert len(o.deck()) == 65 and o._pile_sizes() == (4, 1, 0)
    o = Oracle("anarchy-bomb", {"players": 3})
    assert o._pile_sizes() == (0, 1, 13)
    o = Oracle("organised-chaos", {"players": 5})
    assert (o.hand_size, o.total_deals, len(o.deck())) == (12, 10, 60)


def test_bad_deals_are_rejected():
    rng = random.Random(3)
    o = Oracle("anarchy-bomb", {})
    deal = make_deal(o, rng)
    holder = next(s for s, h in enumerate(deal["hands"]) if JOKER in h)
    joker_in_spare = copy.deepcopy(deal)
    joker_in_spare["hands"][holder][joker_in_spare["hands"][holder].index(JOKER)] = deal["spare"][0]
    joker_in_spare["spare"] = [JOKER]
    with pytest.raises(ValueError):
        o.deal(joker_in_spare)
    short = copy.deepcopy(deal)
    short["hands"][0].pop()
    with pytest.raises(ValueError):
        o.deal(short)
    o.deal(deal)
    assert o.pending() == "act"


# --- the seed's worked scoring examples -------------------------------------------------------

ORIGINAL_EXAMPLE = ["KS", "9S", "7S", "4S", "AC", "7C", "JH", "8H", "3H", "QD", "9D", "6D", "5D", "2D"]
BOMB_EXAMPLE = ["KS", "TS", "4S", "JC", "TC", "7C", "2C", "QH", "3H", "9D"]


def test_original_scoring_example_from_the_seed():
    expected = {"spades": 8, "clubs": 4, "hearts": 6, "diamonds": 10, "nosuit": 14, "misere": 0}
    for bid, score in expected.items():
        assert anarchy_bid_score(bid, ORIGINAL_EXAMPLE, 5) == score
    assert anarchy_bid_score("misere", ORIGINAL_EXAMPLE[:3], 5) == 7
    assert anarchy_bid_score("misere", ORIGINAL_EXAMPLE[:3], 4) == 10


def test_bomb_scoring_example_from_the_seed():
    expected = {
        "cards": 10,
        "black": 14,
        "red": 6,
        "best": 12,
        "spades": 12,
        "clubs": 16,
        "hearts": 8,
        "diamonds": 4,
        "under": 15,
        "over": 0,
    }
    counts = suit_counts(BOMB_EXAMPLE)
    for bid, score in expected.items():
        assert bomb_bid_score(bid, counts, 13) == score
        # no void, no quartet: the deal score is the bid score
        assert bomb_deal_score(bid, BOMB_EXAMPLE, 13) == score


def test_bonuses_void_and_quartet():
    cards = ["AS", "AH", "AD", "AC", "KS"]  # a quartet of aces, voids none
    assert bomb_deal_score("cards", cards, 13) == 5 + 20
    assert bomb_deal_score("spades", ["2S"], 13) == 4 + 30
    assert bomb_deal_score("under", [], 13) == 65 + 40
    assert bomb_deal_score("over", [], 12) == 0 + 40
    # double deck: copies / 4
    assert bomb_deal_score("cards", ["7S", "7S", "7H", "7D", "7C"], 12) == 5 + 20 + 0
    assert bomb_deal_score("cards", ["7S", "7S", "7H", "7H", "7D", "7D", "7C", "7C"], 12) == 8 + 40


def test_wild_joker_takes_its_best_reading_G7():
    assert bomb_deal_score("spades", ["AS", "KS"], 13, wild_joker=True) == 12 + 30
    assert bomb_deal_score("under", [], 13, wild_joker=True) == 65 + 40  # not counted
    # counted as a club it would spoil the club void: a spade (or heart, diamond) is better
    assert bomb_deal_score("cards", ["AS", "AH", "AD"], 13, wild_joker=False) == 3 + 10
    assert bomb_deal_score("cards", ["AS", "AH", "AD"], 13, wild_joker=True) == 4 + 10  # no quartet
    assert bomb_deal_score("black", ["AS", "AH", "AD", "2D"], 13, wild_joker=True) == 4 + 10
    assert bomb_deal_score("over", [r + "S" for r in "AKQJT98765432"], 13, wild_joker=True) == 5 + 30


# --- trick scenarios ----------------------------------------------------------------------------


def start(game_id, options, fixed, bids=None, **piles):
    o = Oracle(game_id, options)
    deal = make_deal(o, random.Random(1), fixed=fixed, **piles)
    o.deal(deal)
    if o.chaos:
        for seat in range(o.players):
            hand = canonical_sorted(o.hands[seat])
            keep = set(fixed.get(seat, []))
            give = [c for c in hand if c not in keep][:3]
            o.apply(seat, "give " + " ".join(give))
    n = o.players
    for k in range(n):
        seat = (o.dealer + 1 + k) % n
        o.apply(seat, "bid " + (bids[seat] if bids else o.bid_names[0]))
    return o


def play_trick(o, cards):
    for seat, card in enumerate(cards):
        assert seat in o.to_act()
        o.apply(seat, "play " + card)
        if seat < len(cards) - 1:
            assert seat not in o.to_act()


def test_original_capture_and_turnup_any_P1():
    o = start("anarchy", {"turnup": "any"}, {0: ["AS"], 1: ["5S"], 2: ["3H"], 3: ["KD"], 4: ["2D"]}, rest_top=["7H"])
    second = o.rest[1]
    assert o.turnup == "7H"
    play_trick(o, ["AS", "5S", "3H", "KD", "2D"])
    assert o.taken == [["AS", "5S"], [], ["3H", "7H"], ["KD", "2D"], []]
    assert o.turnup == second  # turned up at the end of the trick, live from the next


def test_original_turnup_contested_waits_for_two_cards_P1():
    o = start(
        "anarchy", {"turnup": "contested"}, {0: ["AS"], 1: ["5S"], 2: ["3H"], 3: ["KD"], 4: ["2D"]}, rest_top=["7H"]
    )
    play_trick(o, ["AS", "5S", "3H", "KD", "2D"])
    assert o.taken[2] == ["3H"] and o.turnup == "7H"


def test_original_lone_card_of_the_turnup_suit_takes_it_and_the_second_follows_P1():
    o = start(
        "anarchy",
        {"turnup": "any"},
        {0: ["AS", "3C"], 1: ["5H", "4C"], 2: ["3H", "QC"], 3: ["KD", "JD"], 4: ["2D", "TD"]},
        rest_top=["KS", "9H"],
    )
    play_trick(o, ["AS", "5H", "3H", "KD", "2D"])
    assert o.taken == [["AS", "KS"], ["5H", "3H"], [], ["KD", "2D"], []]
    assert o.turnup == "9H"
    play_trick(o, ["3C", "4C", "QC", "JD", "TD"])  # no heart: the 9H stays live
    assert o.turnup == "9H"
    assert sorted(o.taken[2]) == ["3C", "4C", "QC"] and o.taken[3][-2:] == ["JD", "TD"]


def test_open_bids_go_clockwise_from_the_dealers_left_P2():
    o = Oracle("anarchy", {"first_dealer": 3})
    o.deal(make_deal(o, random.Random(2)))
    order = []
    while o.phase == "bid":
        (seat,) = o.to_act()
        order.append(seat)
        o.apply(seat, "bid nosuit")
    assert order == [4, 0, 1, 2, 3]
    assert o.to_act() == {0, 1, 2, 3, 4}


def test_secret_bids_are_simultaneous_P2():
    o = Oracle("anarchy-bomb", {"bidding": "secret"})
    o.deal(make_deal(o, random.Random(2)))
    assert o.to_act() == {0, 1, 2, 3}
    o.apply(2, "bid RED")
    assert o.to_act() == {0, 1, 3}
    with pytest.raises(Illegal):
        o.apply(2, "bid red")


def test_bomb_suits_and_singletons():
    o = start("anarchy-bomb", {}, {0: ["9S"], 1: ["4S"], 2: ["KH"], 3: ["3C"]})
    play_trick(o, ["9S", "4S", "KH", "3C"])
    assert o.taken[0] == ["9S", "4S"] and o.taken[2] == ["KH", "3C"]
    assert o.taken[1] == [] and o.taken[3] == []


def test_bomb_tied_top_singletons_are_kept():
    o = start("anarchy-bomb", {}, {0: ["KS"], 1: ["KH"], 2: ["5C"], 3: ["3C"]})
    play_trick(o, ["KS", "KH", "5C", "3C"])
    assert o.taken == [["KS"], ["KH"], ["5C", "3C"], []]


def test_bomb_lone_singleton_is_kept():
    o = start("anarchy-bomb", {}, {0: ["KS"], 1: ["2S"], 2: ["5C"], 3: ["3C"]})
    play_trick(o, ["KS", "2S", "5C", "3C"])
    assert o.taken == [["KS", "2S"], [], ["5C", "3C"], []]
    o = start("anarchy-bomb", {}, {0: ["KS"], 1: ["2S"], 2: ["5C"], 3: ["QS"]})
    play_trick(o, ["KS", "2S", "5C", "QS"])
    assert o.taken == [["KS", "2S", "QS"], [], ["5C"], []]


@pytest.mark.parametrize("wild", [False, True])
def test_the_bomb_reverses_the_trick_and_the_spare_is_played(wild):
    o = start("anarchy-bomb", {"bomb_wild": wild}, {0: [JOKER], 1: ["QD"], 2: ["2H"], 3: ["AC"]}, spare="5D")
    assert "play JK" in o.legal(0)
    play_trick(o, [JOKER, "QD", "2H", "AC"])
    assert o.taken == [["5D", "QD"], [], ["2H", "AC"], []]
    assert o.spare is None and o.joker_thrown
    assert o.wild_joker_owner == (0 if wild else None)
    assert "play JK" not in o.legal(0)


def test_wild_joker_follows_the_spare_to_its_taker():
    o = start("anarchy-bomb", {"bomb_wild": True}, {0: [JOKER], 1: ["4D"], 2: ["2H"], 3: ["AC"]}, spare="5D")
    play_trick(o, [JOKER, "4D", "2H", "AC"])  # reversed: 4D beats 5D
    assert o.taken[1] == ["5D", "4D"] and o.wild_joker_owner == 1


def test_double_deck_identical_top_cards_capture_nothing():
    o = start("anarchy-bomb", {"players": 5}, {0: ["8H"], 1: ["8H"], 2: ["3H"], 3: ["7S"], 4: ["2D"]})
    assert o.legal(0) >= {"play 8H"}
    play_trick(o, ["8H", "8H", "3H", "7S", "2D"])
    assert o.taken == [["8H"], ["8H"], ["3H"], ["7S", "2D"], []]


def test_dummy_plays_automatically_and_can_capture():
    o = start("anarchy-bomb", {"players": 3}, {0: ["5S"], 1: ["2H"], 2: ["3D"]}, dummy_top=["AS"])
    play_trick(o, ["5S", "2H", "3D"])
    assert sorted(o.dummy_taken) == ["5S", "AS"]
    assert o.taken == [[], [], ["2H", "3D"]]
    assert len(o.dummy) == 12


def test_chaos_pass_goes_left():
    o = Oracle("organised-chaos", {"first_dealer": 0})
    deal = make_deal(o, random.Random(5))
    o.deal(copy.deepcopy(deal))
    assert o.to_act() == {0, 1, 2, 3}
    gifts = {}
    for seat in [2, 0, 3, 1]:
        hand = canonical_sorted(deal["hands"][seat])
        gifts[seat] = hand[:3]
        o.apply(seat, "give " + " ".join(reversed(hand[:3])).lower())  # any order, lower case
        if seat != 1:
            assert len(o.hands[seat]) == 10
    for seat in range(4):
        expected = Counter(deal["hands"][seat]) - Counter(gifts[seat]) + Counter(gifts[(seat - 1) % 4])
        assert Counter(o.hands[seat]) == expected
    assert o.phase == "bid" and o.to_act() == {1}


@pytest.mark.parametrize("dummy_passes", [False, True])
def test_chaos_three_players_dummy_pass_G9(dummy_passes):
    o = Oracle("organised-chaos", {"players": 3, "first_dealer": 1, "dummy_passes": dummy_passes})
    deal = make_deal(o, random.Random(6))
    o.deal(copy.deepcopy(deal))
    gifts = {}
    for seat in range(3):
        gifts[seat] = canonical_sorted(deal["hands"][seat])[-3:]
        o.apply(seat, "give " + " ".join(gifts[seat]))
    if dummy_passes:
        # dealer 1 -> dummy; dummy's top 3 -> seat 2; seat 2 -> seat 0; seat 0 -> seat 1
        assert o.dummy == deal["dummy"][3:] + canonical_sorted(gifts[1])
        assert Counter(o.hands[2]) == Counter(deal["hands"][2]) - Counter(gifts[2]) + Counter(deal["dummy"][:3])
        assert Counter(o.hands[0]) == Counter(deal["hands"][0]) - Counter(gifts[0]) + Counter(gifts[2])
        assert Counter(o.hands[1]) == Counter(deal["hands"][1]) - Counter(gifts[1]) + Counter(gifts[0])
    else:
        assert o.dummy == deal["dummy"]
        for seat in range(3):
            expected = Counter(deal["hands"][seat]) - Counter(gifts[seat]) + Counter(gifts[(seat - 1) % 3])
            assert Counter(o.hands[seat]) == expected


def test_chaos_each_bid_once_G10():
    o = Oracle("organised-chaos", {"first_dealer": 0})
    rng = random.Random(8)
    o.deal(make_deal(o, rng))
    for seat in range(4):
        o.apply(seat, "give " + " ".join(sorted(o.legal(seat))[0].split()[1:]))
    o.apply(1, "bid best")
    assert "bid best" in o.legal(2)
    o.apply(2, "bid best")  # another player may make the same bid
    o.apply(3, "bid over")
    o.apply(0, "bid under")
    while o.pending() == "act":
        for seat in sorted(o.to_act()):
            o.apply(seat, sorted(o.legal(seat))[0])
    o.deal(make_deal(o, rng))
    for seat in range(4):
        o.apply(seat, sorted(o.legal(seat))[0])
    assert o.to_act() == {2}
    assert "bid best" not in o.legal(2) and len(o.legal(2)) == 9
    before = snapshot(o)
    with pytest.raises(Illegal):
        o.apply(2, "bid best")
    assert snapshot(o) == before


def test_non_canonical_card_spellings_are_accepted():
    o = start("anarchy", {"players": 4}, {0: ["TH"], 1: ["AS"], 2: ["2C"], 3: ["9D"]})
    o.apply(0, "play 10♥")
    o.apply(1, "PLAY ♠a")
    o.apply(2, "play 2c")
    for bad in ["play 9D 9D", "play 1D", "play", "bid spades", "play ♥9D"]:
        with pytest.raises(Illegal):
            o.apply(3, bad)
    o.apply(3, "play 9♦")
    assert o.taken == [["TH"], ["AS"], ["2C"], ["9D"]]
