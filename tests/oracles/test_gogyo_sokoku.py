"""Self-test of the Gogyō Sōkoku oracle (tests/oracles/gogyo_sokoku.py), on its own deals only.

Random games (invariants at every decision) and the rules of ../shared/rules/gogyo-sokoku.md
and the seed 001 (second half): partners, the first trick, the scoring of both modes.
"""

import random

import pytest

from oracles._common import full_deck
from oracles._selftest import act_checked, probe_rejected
from oracles.gogyo_sokoku import Oracle, double_partners, single_partner

GARBAGE = ("", "play", "play XX", "pass", "play 2S 3S", "take 2S", "play JK", "play 1S")


def make_deal(rng, fixed=None, table=None):
    """A random deal; `fixed` maps seat -> cards it must hold, `table` fixes the two table cards."""
    fixed = fixed or {}
    table = list(table or [])
    pool = [c for c in full_deck() if c not in table and not any(c in cs for cs in fixed.values())]
    rng.shuffle(pool)
    while len(table) < 2:
        table.append(pool.pop())
    hands = []
    for seat in range(5):
        hand = list(fixed.get(seat, []))
        while len(hand) < 10:
            hand.append(pool.pop())
        hands.append(hand)
    assert not pool
    return {"hands": hands, "rest": table}


def play_random_game(rng, check_all_legal=False):
    first = rng.randrange(5)
    oracle = Oracle("gogyo-sokoku", {"players": 5, "first_dealer": first})
    dealers = []
    while oracle.pending() != "over":
        if oracle.pending() == "deal":
            dealers.append(oracle.dealer)
            oracle.deal(make_deal(rng))
            assert oracle.to_act() == {(oracle.dealer + 1) % 5}
            continue
        (seat,) = oracle.to_act()
        act_checked(oracle, seat, 5, rng, GARBAGE, "play " + rng.choice(full_deck()), check_all_legal)
        if oracle.pending() in ("deal", "over"):
            captured = oracle.captured
            assert sorted(c for pile in captured for c in pile) == sorted(full_deck())
            points = [sum(c[0] in "AKQJT" for c in pile) for pile in captured]
            assert sum(points) == 20
            scores = oracle.deal_scores()[-1]
            for s in range(5):
                if oracle.double:
                    assert scores[s] <= 0
                else:
                    assert scores[s] <= points[s]
                    assert (scores[s] >= 0) == (points[s] <= points[single_partner(s)])
    assert dealers == [(first + k) % 5 for k in range(5)]
    assert len(oracle.deal_scores()) == 5


def test_random_games():
    rng = random.Random("gogyo")
    for i in range(100):
        play_random_game(rng, check_all_legal=(i < 3))


def test_partners_as_in_the_seed():
    # A→D, B→E, C→A, D→B, E→C; double: A→C,D; B→D,E; C→E,A; D→A,B; E→B,C
    assert [single_partner(s) for s in range(5)] == [3, 4, 0, 1, 2]
    assert [set(double_partners(s)) for s in range(5)] == [{2, 3}, {3, 4}, {4, 0}, {0, 1}, {1, 2}]


def test_starting_card_never_wins_and_table_cards_go_to_the_winner():
    # starting card AH: the five follow with lower hearts; the highest of those wins trick 1
    fixed = {1: ["3H"], 2: ["KH"], 3: ["5H"], 4: ["6H"], 0: ["7H"]}
    oracle = Oracle("gogyo-sokoku", {"first_dealer": 0})
    oracle.deal(make_deal(random.Random(3), fixed, table=["AH", "2C"]))
    assert not oracle.double
    assert oracle.to_act() == {1}  # the dealer's left plays first
    assert oracle.legal(1) == {"play " + c for c in oracle.hands[1] if c[1] == "H"}
    for seat in (1, 2, 3, 4, 0):
        oracle.apply(seat, f"play {fixed[seat][0]}")
    assert oracle.to_act() == {2}
    assert sorted(oracle.captured[2]) == sorted(["3H", "KH", "5H", "6H", "7H", "AH", "2C"])


def test_trump_wins_trick_one():
    fixed = {1: ["2S"], 2: ["KH"], 3: ["QH"], 4: ["9S"], 0: ["JH"]}
    oracle = Oracle("gogyo-sokoku", {})
    deal = make_deal(random.Random(4), fixed, table=["TH", "JD"])
    oracle.deal(deal)
    assert oracle.double  # T and J are both point cards
    oracle.hands[1] = [c for c in oracle.hands[1] if c[1] != "H"]  # void in hearts
    oracle.hands[4] = [c for c in oracle.hands[4] if c[1] != "H"]
    for seat in (1, 2, 3, 4, 0):
        oracle.apply(seat, f"play {fixed[seat][0]}")
    assert oracle.to_act() == {4}  # 9♠ beats 2♠ and every heart


def test_spade_starting_card():
    fixed = {1: ["3S"], 2: ["4S"], 3: ["5S"], 4: ["6S"], 0: ["7S"]}
    oracle = Oracle("gogyo-sokoku", {"first_dealer": 0})
    oracle.deal(make_deal(random.Random(5), fixed, table=["AS", "KS"]))
    for seat in (1, 2, 3, 4, 0):
        oracle.apply(seat, f"play ♠{fixed[seat][0][0]}")
    assert oracle.to_act() == {0}  # the highest spade played; the A♠ starting card never wins


def test_scoring_modes():
    oracle = Oracle("gogyo-sokoku", {})
    oracle.deal(make_deal(random.Random(6), table=["2C", "3C"]))
    # single, partner(i) = i+3: own 5 vs partner 2 → 2 − 5; own ≤ partner → own
    piles = {0: ["AS", "KS", "QS", "JS", "TS"], 3: ["AH", "KH"], 1: ["AD"], 4: ["KD", "QD"], 2: []}
    oracle.captured = [piles[s] for s in range(5)]
    assert oracle._score() == [2 - 5, 1, 0, 1 - 2, 0 - 2]
    oracle.double = True
    # own + partners(i+2, i+3) − 12, negated absolute
    own = [5, 1, 0, 2, 2]
    assert oracle._score() == [-abs(own[s] + own[(s + 2) % 5] + own[(s + 3) % 5] - 12) for s in range(5)]


def test_must_follow_and_options():
    oracle = Oracle("gogyo-sokoku", {})
    oracle.deal(make_deal(random.Random(7), {1: ["4D"]}, table=["2D", "9C"]))
    off = next(c for c in oracle.hands[1] if c[1] != "D")
    probe_rejected(oracle, 1, f"play {off}")
    probe_rejected(oracle, 1, "play 2D")  # the starting card is on the table, not in the hand
    oracle.apply(1, "PLAY 4♦")
    with pytest.raises(ValueError):
        Oracle("gogyo-sokoku", {"players": 4})
    with pytest.raises(ValueError):
        Oracle("gogyo-sokoku", {"deck3": "36"})
