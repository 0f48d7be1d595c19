"""Self-test of the Anou oracle (tests/oracles/anou.py), on its own deals only.

Random games over every option combination (invariants at every decision) and the worked
examples of ../shared/rules/anou.md and the seeds 000 / 001.
"""

import copy
import random

import pytest

from oracles._common import canonical_order, full_deck
from oracles._selftest import act_checked, probe_rejected
from oracles.anou import Oracle, Wall

COMBOS = [dict(players=p, deck3=d, root_stones=r) for p in (4, 3) for d in ("36", "52") for r in (False, True)]


GARBAGE = (
    "",
    "play",
    "take",
    "root",
    "play XX",
    "take 7H@5",
    "pass",
    "play 7H 8H",
    "take 7H@",
    "take AS@1@2",
    "root JK",
)


def make_deal(oracle, rng, fixed=None):
    """A random deal; `fixed` maps seat -> cards that seat must hold."""
    fixed = fixed or {}
    pool = list(oracle.deck)
    for cards in fixed.values():
        for card in cards:
            pool.remove(card)
    rng.shuffle(pool)
    hands = []
    for seat in range(oracle.players):
        hand = list(fixed.get(seat, []))
        while len(hand) < oracle.hand_size:
            hand.append(pool.pop())
        hands.append(hand)
    return {"hands": hands, "rest": pool}


def wall_cards(wall):
    return sum(len(cards) for cards in wall.column_cards.values())


def play_random_game(options, rng, check_all_legal=False):
    oracle = Oracle("anou", dict(options, first_dealer=rng.randrange(options["players"])))
    n = oracle.players
    dealers = []
    while oracle.pending() != "over":
        if oracle.pending() == "deal":
            dealers.append(oracle.dealer)
            oracle.deal(make_deal(oracle, rng))
            assert oracle.to_act() == {oracle.dealer}  # root stones and the first lead: the dealer
            continue
        assert oracle.pending() == "act"
        waiting = oracle.to_act()
        assert len(waiting) == 1
        seat = next(iter(waiting))
        card_probe = f"{rng.choice(('play', 'take', 'root'))} {rng.choice(oracle.deck)}"
        act_checked(oracle, seat, n, rng, GARBAGE, card_probe, check_all_legal)
        if oracle.phase in ("deal", "over"):
            # a deal just ended: every card of the tricks went to a wall or (4p) the discard
            tricks = oracle.hand_size - (2 if oracle.root_stones else 0)
            placed = sum(wall_cards(wall) for wall in oracle.walls)
            expected = 3 * tricks + (2 * n if oracle.root_stones else 0)
            assert placed == expected
            for wall in oracle.walls:
                suits = [s for s in wall.column_suit.values() if s is not None]
                assert len(suits) == len(set(suits))
                for column, cards in wall.column_cards.items():
                    assert all(c[1] == wall.column_suit[column] for c in cards)
    scores = oracle.deal_scores()
    assert len(scores) == 3
    for k, deal in enumerate(scores):
        assert len(deal) == n and all(0 <= s <= 12 for s in deal)
        if k + 1 < len(dealers):  # next dealer: best score, ties from the dealer clockwise
            best = max(deal)
            order = [(dealers[k] + i) % n for i in range(n)]
            assert dealers[k + 1] == next(s for s in order if deal[s] == best)
    return oracle


@pytest.mark.parametrize("options", COMBOS, ids=lambda o: "-".join(map(str, o.values())))
def test_random_games(options):
    rng = random.Random(str(options))
    for i in range(20):
        play_random_game(options, rng, check_all_legal=(i < 1))


# --- worked examples ----------------------------------------------------------------------------


def start(players=4, dealer=0, fixed=None, root_stones=False, seed=1):
    oracle = Oracle("anou", {"players": players, "first_dealer": dealer, "root_stones": root_stones})
    oracle.deal(make_deal(oracle, random.Random(seed), fixed))
    return oracle


def test_trick_order_seed_example_lead_h2():
    # 001 ①c: lead ♥2, then ♦A, ♥10, ♣A → ♥10 > ♥2 > ♦A > ♣A
    oracle = start(fixed={0: ["2H"], 1: ["AD"], 2: ["TH"], 3: ["AC"]})
    oracle.hands[1] = [c for c in oracle.hands[1] if c[1] != "H"]  # voids, so ♦A and ♣A may be played
    oracle.hands[3] = [c for c in oracle.hands[3] if c[1] != "H"]
    oracle.apply(0, "play 2H")
    oracle.apply(1, "play AD")
    oracle.apply(2, "play 10♥")
    oracle.apply(3, "play ♣A")
    assert [s for s, _ in oracle._trick_order()] == [2, 0, 1, 3]
    assert oracle.to_act() == {2}
    assert "take AD@1" in oracle.legal(2)  # R1: any card of the trick
    oracle.apply(2, "take ad@1")
    assert oracle.to_act() == {0}
    cols = (1, 2, 3, 4)
    assert oracle.legal(0) == (
        {f"take TH@{n} 2H" for n in cols}
        | {f"take TH@{m} AC@{n}" for m in cols for n in cols if m != n}
        | {f"take 2H@{m} AC@{n}" for m in cols for n in cols if m != n}
    )
    oracle.apply(0, "take AC@2 10h@4")
    # the 2H was discarded; the 1st leads
    assert oracle.to_act() == {2}
    assert oracle.walls[0].column_cards == {1: [], 2: ["AC"], 3: [], 4: ["TH"]}
    assert oracle.walls[2].column_cards == {1: ["AD"], 2: [], 3: [], 4: []}


def test_seed_2022_example_all_diamonds():
    # 000: J♦ led by the dealer, 9♦, 7♦, 5♦; the 1st takes J♦ to column 1, the 2nd two ♦ to column 4
    oracle = start(dealer=1, fixed={1: ["JD"], 2: ["9D"], 3: ["7D"], 0: ["5D"]})
    assert oracle.to_act() == {1}  # the dealer leads
    oracle.apply(1, "play JD")
    oracle.apply(2, "play 9D")
    oracle.apply(3, "play 7D")
    oracle.apply(0, "play 5D")
    assert oracle.to_act() == {1}
    assert oracle.legal(1) == {f"take {c}@{n}" for c in ("JD", "9D", "7D", "5D") for n in (1, 2, 3, 4)}
    oracle.apply(1, "take JD@1")
    assert oracle.to_act() == {2}
    assert oracle.legal(2) == {
        f"take {a}@{n} {b}" for a, b in (("9D", "7D"), ("9D", "5D"), ("7D", "5D")) for n in (1, 2, 3, 4)
    }
    # same new suit: @n on either card, or both agreeing
    for text in ("take 7D 9D@4", "take 9D@4 7D@4", "take ♦7@4 ♦9", "take 7♦ 9♦@4"):
        trial = copy.deepcopy(oracle)
        trial.apply(2, text)
        assert trial.walls[2].column_cards[4] == ["9D", "7D"]
    probe_rejected(oracle, 2, "take 9D 7D")  # a new suit needs a column
    probe_rejected(oracle, 2, "take 9D@4 7D@3")  # one suit, two columns
    probe_rejected(oracle, 2, "take 9D@4 9D")  # one card twice
    probe_rejected(oracle, 2, "take JD@4 7D")  # already taken
    probe_rejected(oracle, 2, "take 9D@4")  # the 2nd takes two
    oracle.apply(2, "take 9D@4 7D")
    assert oracle.to_act() == {1}  # the 1st leads the next trick
    assert oracle.walls[1].column_cards[1] == ["JD"]
    assert oracle.walls[2].column_cards[4] == ["9D", "7D"]


def test_placement_spellings_and_errors():
    oracle = start(fixed={0: ["AS"], 1: ["KS"], 2: ["2H"], 3: ["3C"]})
    oracle.hands[2] = [c for c in oracle.hands[2] if c[1] != "S"]
    oracle.hands[3] = [c for c in oracle.hands[3] if c[1] != "S"]
    for seat, card in ((0, "AS"), (1, "KS"), (2, "2H"), (3, "3C")):
        oracle.apply(seat, f"play {card}")
    # order: AS (0), KS (1), 3C (3, rank 3), 2H (2)
    assert oracle.to_act() == {0}
    oracle.walls[0].place("QS", 3)  # pretend spades already bound to column 3 for seat 0
    assert "take AS" in oracle.legal(0) and "take AS@3" not in oracle.legal(0)
    assert oracle.legal(0) >= {"take 2H@1", "take 2H@2", "take 2H@4"}
    assert "take 2H@3" not in oracle.legal(0)
    probe_rejected(oracle, 0, "take AS@2")  # wrong column for a bound suit
    probe_rejected(oracle, 0, "take 2H@3")  # column bound to spades
    probe_rejected(oracle, 0, "take 2H")  # a new suit needs @n
    probe_rejected(oracle, 0, "take 2H@0")
    trial = copy.deepcopy(oracle)
    trial.apply(0, "TAKE as@3")  # redundant correct @n
    assert trial.walls[0].column_cards[3] == ["QS", "AS"]
    oracle.apply(0, "take AS")
    assert oracle.to_act() == {1}
    legal = oracle.legal(1)
    assert "take KS@1 2H@2" in legal and "take 2H@2 KS@1" not in legal
    probe_rejected(oracle, 1, "take KS@1 3C@1")  # two new suits in one column
    probe_rejected(oracle, 1, "take KS@1 3C")  # 3C needs a column
    trial = copy.deepcopy(oracle)
    trial.apply(1, "take 3♣@2 k♠@1")
    assert trial.walls[1].column_suit == {1: "S", 2: "C", 3: None, 4: None}
    oracle.apply(1, "take KS@1 3C@2")


def test_three_players_second_takes_the_two_left():
    oracle = start(players=3, fixed={0: ["AH"], 1: ["KH"], 2: ["QH"]})
    for seat, card in ((0, "AH"), (1, "KH"), (2, "QH")):
        oracle.apply(seat, f"play {card}")
    oracle.apply(0, "take QH@4")
    assert oracle.legal(1) == {f"take AH@{n} KH" for n in (1, 2, 3, 4)}
    oracle.apply(1, "take KH AH@2")
    assert oracle.walls[1].column_cards[2] == ["AH", "KH"]
    assert oracle.to_act() == {0}


def test_root_stones():
    oracle = start(players=3, dealer=2, root_stones=True, fixed={2: ["AS", "KS"]})
    assert oracle.to_act() == {2}
    assert all(t.startswith("root ") for t in oracle.legal(2))
    oracle.apply(2, "root AS@3")
    assert oracle.to_act() == {0}
    oracle.apply(0, sorted(oracle.legal(0))[0])
    oracle.apply(1, sorted(oracle.legal(1))[0])
    assert oracle.to_act() == {2}
    assert "root KS" in oracle.legal(2)  # the second may join the first's column
    probe_rejected(oracle, 2, "root KS@1")
    probe_rejected(oracle, 2, "play KS")
    oracle.apply(2, "root KS@3")  # redundant correct @n
    oracle.apply(0, sorted(oracle.legal(0))[0])
    oracle.apply(1, sorted(oracle.legal(1))[0])
    assert oracle.phase == "play" and oracle.to_act() == {2}  # the dealer leads
    assert all(len(hand) == 8 for hand in oracle.hands)


def test_wall_scoring_examples():
    # 001's figure: column 1 holds 2 (−2), column 2 holds 2 (+2), column 3 empty, column 4 holds 4
    wall = Wall()
    for card, column in (("AS", 1), ("KS", 1), ("AH", 2), ("KH", 2), ("AD", 4), ("KD", 4), ("QD", 4), ("JD", 4)):
        wall.place(card, column)
    assert wall.score() == 4
    full = Wall()
    for card, column in (
        ("AS", 1),
        ("AH", 2),
        ("KH", 2),
        ("AD", 3),
        ("KD", 3),
        ("QD", 3),
        ("AC", 4),
        ("KC", 4),
        ("QC", 4),
        ("JC", 4),
    ):
        full.place(card, column)
    assert full.score() == 12
    bad = Wall()
    for card, column in (("AS", 1), ("KS", 1), ("QS", 1), ("AH", 2)):
        bad.place(card, column)
    assert bad.score() == 0  # −3 + 1 floors at 0


def test_next_dealer_ties_include_the_dealer():
    oracle = Oracle("anou", {"players": 4, "first_dealer": 2})
    rng = random.Random(5)
    oracle.deal(make_deal(oracle, rng))
    # force an end of deal with chosen walls
    oracle.walls = [Wall() for _ in range(4)]
    for seat in (1, 2):
        oracle.walls[seat].place("AS", 1)
    oracle.hands = [[] for _ in range(4)]
    oracle._end_trick()
    assert oracle.deal_scores() == [[0, 1, 1, 0]]
    assert oracle.dealer == 2 and oracle.pending() == "deal"
    oracle.deal(make_deal(oracle, rng))
    oracle.walls = [Wall() for _ in range(4)]
    for seat in (0, 1):
        oracle.walls[seat].place("AS", 1)
    oracle.hands = [[] for _ in range(4)]
    oracle._end_trick()
    assert oracle.dealer == 0  # clockwise from 2: 3, 0, 1 → 0
    oracle.deal(make_deal(oracle, rng))
    oracle.walls = [Wall() for _ in range(4)]
    oracle.hands = [[] for _ in range(4)]
    oracle._end_trick()
    assert oracle.pending() == "over" and len(oracle.deal_scores()) == 3


def test_must_follow_and_void():
    oracle = start(fixed={0: ["5H"], 1: ["6H"]})
    oracle.apply(0, "play 5H")
    legal = oracle.legal(1)
    assert legal == {"play " + c for c in oracle.hands[1] if c[1] == "H"}
    void = next(c for c in oracle.hands[1] if c[1] != "H")
    probe_rejected(oracle, 1, f"play {void}")


def test_options_and_deals_are_checked():
    with pytest.raises(ValueError):
        Oracle("anou", {"players": 5})
    with pytest.raises(ValueError):
        Oracle("anou", {"colour": "red"})
    oracle = Oracle("anou", {"players": 3})
    assert len(oracle.deck) == 36 and oracle.pending() == "deal"
    oracle52 = Oracle("anou", {"players": 3, "deck3": "52"})
    assert len(oracle52.deck) == 52
    with pytest.raises(ValueError):
        oracle.deal({"hands": [full_deck()[:10]] * 3, "rest": []})
    assert canonical_order(["2C", "AS", "TH", "KS"]) == ["AS", "KS", "TH", "2C"]
