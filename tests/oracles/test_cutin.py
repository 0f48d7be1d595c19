"""Self-test of the Cut-in oracle (tests/oracles/cutin.py), on its own deals only.

Random games over every option combination (invariants at every decision) and the examples of
../shared/rules/cutin.md and the seed 004 (cut-in, lock, scoring).
"""

import random

import pytest

from oracles._common import full_deck
from oracles._selftest import act_checked, probe_rejected
from oracles.cutin import HAND_SIZES, Oracle

COMBOS = [dict(players=p, next_start=s) for p in (4, 3, 5) for s in ("rotate", "winner")] + [
    dict(players=6, next_start="rotate", jokers=2, pass_style="soft", scoring="value"),
    dict(players=4, next_start="winner", jokers=1, deck="40", cut_in=False, pass_style="hard", scoring="card"),
    dict(players=3, next_start="rotate", deck="32", lock=False, more_cards=False, jokers=2),
]
GARBAGE = ("", "play", "play XX", "pass now", "take", "play 7S 8S", "play 7S 7S", "passes", "play JK")


def make_deal(players, rng, fixed=None, pack=None, size=None):
    fixed = fixed or {}
    pool = list(pack or full_deck())
    for cards in fixed.values():
        for card in cards:
            pool.remove(card)
    rng.shuffle(pool)
    hands = []
    for seat in range(players):
        hand = list(fixed.get(seat, []))
        while len(hand) < (size or HAND_SIZES[players]):
            hand.append(pool.pop())
        hands.append(hand)
    return {"hands": hands, "rest": pool}


def any_order(text, rng):
    """Half the time the same set with its cards in reversed order (any order is accepted)."""
    if text != "pass" and rng.random() < 0.5:
        return "play " + " ".join(reversed(text.split()[1:]))
    return text


def play_random_game(options, rng, check_all_legal=False):
    n = options["players"]
    first = rng.randrange(n)
    oracle = Oracle("cutin", dict(options, first_dealer=first))
    starts = []
    while oracle.pending() != "over":
        if oracle.pending() == "deal":
            if starts and options["next_start"] == "rotate":
                assert oracle.hand_start == (starts[-1] + 1) % n
            starts.append(oracle.hand_start)
            oracle.deal(make_deal(n, rng, pack=oracle.pack, size=oracle.hand_size))
            assert oracle.to_act() == {oracle.hand_start}
            assert "pass" not in oracle.legal(oracle.hand_start)
            continue
        (seat,) = oracle.to_act()
        assert oracle.hands[seat]
        first_out_before = oracle.first_out
        garbage = GARBAGE if not oracle.jokers else tuple(g for g in GARBAGE if g != "play JK")
        act_checked(
            oracle, seat, n, rng, garbage, "play " + rng.choice(full_deck()), check_all_legal, respell=any_order
        )
        if first_out_before is None and oracle.first_out is not None:
            assert oracle.first_out == seat
        if oracle.pending() in ("deal", "over"):
            scores = oracle.deal_scores()[-1]
            assert any(s == 5 for s in scores)
            assert all(s == 5 or s < 0 for s in scores)
            assert scores[oracle.first_out] == 5
            if options["next_start"] == "winner":
                assert oracle.hand_start == oracle.first_out
        if oracle.pending() == "act" and options.get("pass_style", "lap") == "hard":
            assert not oracle.to_act() & oracle.passed  # a hard pass is for the whole turn
    assert len(oracle.deal_scores()) == n


@pytest.mark.parametrize("options", COMBOS, ids=lambda o: "-".join(map(str, o.values())))
def test_random_games(options):
    rng = random.Random(str(options))
    for i in range(20):
        play_random_game(options, rng, check_all_legal=(i < 2))


# --- scenarios ----------------------------------------------------------------------------------


def start(fixed, players=4, start_seat=0):
    oracle = Oracle("cutin", {"players": players, "first_dealer": start_seat})
    oracle.deal(make_deal(players, random.Random(1), fixed))
    return oracle


def test_cut_in_example_jacks():
    # on J♣ J♥: any single ♠ or ♦ of rank J or higher
    oracle = start({0: ["JC", "JH"], 1: ["JS", "QD", "TS", "2H", "AC", "KD", "KS", "3D", "3C"]})
    oracle.apply(0, "play JC JH")
    legal = oracle.legal(1)
    assert "play JS" in legal and "play QD" in legal and "play KS" in legal
    assert "play TS" not in legal and "play 2H" not in legal and "play AC" not in legal
    assert "play KS KD" in legal  # same count, higher rank
    assert "play 3D 3C" not in legal  # same count, lower rank
    probe_rejected(oracle, 1, "play TS")
    probe_rejected(oracle, 1, "play AC")
    oracle.apply(1, "play ♠J")
    assert oracle.table[-1] == (1, ["JS"])


def test_three_sevens_cut_by_a_seven_C4():
    oracle = start({0: ["7C", "7S", "7H"], 1: ["7D", "6D", "8C"]})
    oracle.apply(0, "play 7h 7c 7s")
    legal = oracle.legal(1)
    assert "play 7D" in legal and "play 6D" not in legal and "play 8C" not in legal


def test_four_cannot_be_cut_and_more_cards_any_rank_C2():
    oracle = start({0: ["9C", "9S", "9H", "9D"], 1: ["AD", "3S", "3H"], 2: ["QS"]})
    oracle.apply(0, "play 9S 9H 9D 9C")
    assert not any(len(t.split()) == 2 for t in oracle.legal(1) - {"pass"})
    oracle.apply(1, "pass")
    oracle.apply(2, "pass")
    oracle.apply(3, "pass")
    assert oracle.to_act() == {0}  # the player of the last set starts the next turn
    assert "pass" not in oracle.legal(0)


def test_lock_example_diamonds_7_then_9():
    oracle = start({0: ["7D"], 1: ["9D"], 2: ["8D", "5D", "2D", "TD", "QS", "KS", "KH"], 3: ["6D"]})
    oracle.apply(0, "play 7D")
    oracle.apply(1, "play 9D")
    legal = oracle.legal(2)
    plays = {t for t in legal if t != "pass"}
    assert plays == {f"play {c}" for c in oracle.hands[2] if c[1] == "D" and "3456789TJQKA2".index(c[0]) < 6}
    assert "play 8D" in plays and "play 5D" in plays and "play 2D" not in plays and "play TD" not in plays
    assert "play KS KH" not in legal  # no more cards under a lock
    oracle.apply(2, "play 8D")
    assert "play 6D" in oracle.legal(3)


def test_lock_through_passes_C1_and_cut_in_single():
    oracle = start({0: ["JC", "JH"], 1: ["JS"], 2: ["3S"], 3: ["KS"], 4: ["QS", "AS", "TD"]}, players=5)
    oracle.apply(0, "play JC JH")
    oracle.apply(1, "play JS")  # a cut-in single
    oracle.apply(2, "pass")
    oracle.apply(3, "play KS")  # ♠J, ♠K: consecutive singles of one suit on the table → lock
    assert oracle.lock_suit == "S"
    legal = oracle.legal(4)
    assert "play QS" in legal and "play AS" not in legal and "play TD" not in legal
    oracle.apply(4, "play QS")
    assert oracle.lock_suit is None and oracle.table == [] and oracle.to_act() == {4}  # a new turn


def test_no_lock_for_different_suits_or_pairs():
    oracle = start({0: ["7D"], 1: ["9S"], 2: ["8H", "8C"], 3: ["TD"]})
    oracle.apply(0, "play 7D")
    oracle.apply(1, "play 9S")
    assert oracle.lock_suit is None
    assert "play 8H 8C" in oracle.legal(2)


def test_hand_ends_after_the_lap_and_scores():
    oracle = start({0: ["5C"]}, players=4, start_seat=0)
    oracle.hands[0] = ["5C"]
    oracle.hands[1] = ["6C", "6D", "9H", "9S", "9D", "KS", "KH", "KD", "KC"]
    oracle.hands[2] = ["3S"]
    oracle.hands[3] = ["4S", "4H"]
    oracle.apply(0, "play 5C")  # out, the lap goes on
    assert oracle.first_out == 0
    oracle.apply(1, "pass")
    assert oracle.legal(2) == {"pass"}
    oracle.apply(2, "pass")
    oracle.apply(3, "play 4S 4H")
    # the hand ends at the end of the turn
    assert oracle.pending() == "deal"
    assert oracle.deal_scores() == [[5, -(6 + 7 + 8), -5, 5]]
    assert oracle.hand_start == 1  # rotate


def test_winner_starts_next_hand():
    oracle = Oracle("cutin", {"players": 3, "next_start": "winner", "first_dealer": 2})
    oracle.deal(make_deal(3, random.Random(2)))
    oracle.hands = [["4S", "5S"], ["7H"], ["3C", "8C"]]
    oracle.apply(2, "play 3C")
    oracle.apply(0, "play 4S")
    oracle.apply(1, "play 7H")  # out first
    assert oracle.pending() == "deal" and oracle.hand_start == 1


def test_options():
    with pytest.raises(ValueError):
        Oracle("cutin", {"players": 7})
    with pytest.raises(ValueError):
        Oracle("cutin", {"players": 5, "deck": "32"})  # 6 cards each: fewer than 8
    with pytest.raises(ValueError):
        Oracle("cutin", {"pass_style": "never"})
    assert Oracle("cutin", {"players": 6}).hand_size == 8
    assert Oracle("cutin", {"players": 3, "deck": "40", "jokers": 2}).hand_size == 14
    with pytest.raises(ValueError):
        Oracle("cutin", {"next_start": "loser"})
    with pytest.raises(ValueError):
        Oracle("cutin", {"root_stones": True})
