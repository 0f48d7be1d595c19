"""Self-test of the Gonin-kan oracle (tests/oracles/goninkan.py) on its own: random games with
invariants, and exact scenarios of the rules (../shared/rules/goninkan.md)."""

import itertools
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from goninkan import (  # noqa: E402
    ALLIES,
    DECK,
    JOKER,
    NAPOLEON,
    RANK_VALUE,
    Illegal,
    Oracle,
    is_honour,
    player_scores,
    table_value,
)

# ---------------------------------------------------------------------------------------------
# helpers


def random_deal(oracle, rng):
    cards = list(DECK)
    rng.shuffle(cards)
    hands = [[] for _ in range(oracle.n)]
    k = 0
    for player in oracle.active_players():
        hands[player] = cards[k : k + 10]
        k += 10
    return {"hands": hands, "rest": []}


def random_chance(oracle, rng):
    partner = oracle.other_member
    theirs = rng.choice(oracle.hands[partner])
    power = rng.choice([JOKER, "A" + oracle.trump])
    return f"swap {theirs} {power}"


def snapshot(o):
    return (
        o.phase,
        [list(h) for h in o.hands],
        list(o.pos_player),
        list(o.trick),
        o.trick_no,
        dict(o.honours),
        len(o.scores),
        o.leader,
        list(o.give_queue),
        o.trump,
    )


PROBES = [
    "",
    "play",
    "play XX",
    "pass now",
    "give 2S",
    "trump",
    "go go",
    "swap",
    "play 2H",
    "trump X",
    "play JK:",
    "play JK:Z",
    "sixteen now",
    "give",
]

OPTION_COMBOS = [
    dict(zip(names, values, strict=True))
    for names, values in [
        (("players", "joker_ban", "last_trick_joker", "early_stop", "sixteen_in_battle1", "zero_sum"), v)
        for v in itertools.product(
            (6, 5), ("play", "lead"), ("forbidden", "weakest"), (True, False), (False, True), (False, True)
        )
    ]
]


def play_random_game(options, rng):
    o = Oracle("goninkan", dict(options))
    steps = 0
    while o.pending() != "over":
        p = o.pending()
        if p == "deal":
            o.deal(random_deal(o, rng))
            continue
        if p == "chance":
            o.chance(random_chance(o, rng))
            continue
        assert p == "act"
        waiting = o.to_act()
        assert len(waiting) == 1
        seat = next(iter(waiting))
        legal = sorted(o.legal(seat))
        assert legal, "legal set empty while acting"
        for other in range(o.n):
            if other != seat:
                assert o.legal(other) == set()
        # probes
        for _ in range(2):
            kind = rng.random()
            if kind < 0.4:
                text, who = "play " + rng.choice(DECK), rng.randrange(o.n)
            elif kind < 0.7:
                text, who = rng.choice(legal), rng.choice([s for s in range(o.n) if s != seat])
            else:
                text, who = rng.choice(PROBES), rng.randrange(o.n)
            if who == seat and o._canonical(text) in o.legal(seat):
                continue
            before = snapshot(o)
            with pytest.raises(Illegal):
                o.apply(who, text)
            assert snapshot(o) == before
        text = rng.choice(legal)
        if rng.random() < 0.1:
            text = text.lower()
        o.apply(seat, text)
        steps += 1
    check_scores(o)
    return o


def check_scores(o):
    allowed_values = {1, 2, 3, 10, 11, -1, -2, -18, -16, 32}
    for scores in o.scores:
        assert len(scores) == o.n
        if o.n == 6:
            assert sum(scores) == 0
            assert sorted(set(abs(s) for s in scores)) == [abs(scores[0])]
            assert abs(scores[0]) in {abs(v) for v in allowed_values}
        else:
            distinct = sorted(set(scores))
            assert len(distinct) == 2
            if o.zero_sum:
                assert sum(scores) == 0
            else:
                assert distinct[0] == -distinct[1]
                assert sorted(scores).count(distinct[0]) in (2, 3)


# ---------------------------------------------------------------------------------------------
# random games


def test_random_games_all_option_combos():
    rng = random.Random(20240603)
    total = 0
    for i in range(192):
        options = dict(OPTION_COMBOS[i % len(OPTION_COMBOS)])
        options["rounds"] = rng.choice([1, 2, 3, 4])
        options["first_dealer"] = rng.randrange(options["players"])
        o = play_random_game(options, rng)
        assert len(o.scores) >= options["rounds"]
        total += len(o.scores)
    assert total > 192


def test_full_default_games_reach_the_end():
    """Five whole default games of random play end with a score per battle (speed is measured in bench/, not
    asserted here)."""
    rng = random.Random(7)
    for _ in range(5):
        o = Oracle("goninkan", {})
        while o.pending() != "over":
            if o.pending() == "deal":
                o.deal(random_deal(o, rng))
            elif o.pending() == "chance":
                o.chance(random_chance(o, rng))
            else:
                seat = next(iter(o.to_act()))
                o.apply(seat, rng.choice(sorted(o.legal(seat))))
        assert len(o.deal_scores()) >= 10  # the default 10 rounds, each of one to three battles


def test_options_validation():
    with pytest.raises(ValueError):
        Oracle("goninkan", {"bogus": 1})
    with pytest.raises(ValueError):
        Oracle("goninkan", {"players": 4})
    with pytest.raises(ValueError):
        Oracle("goninkan", {"joker_ban": "never"})
    with pytest.raises(ValueError):
        Oracle("goninkan", {"first_dealer": 6})
    with pytest.raises(ValueError):
        Oracle("anou", {})
    Oracle("goninkan", {"players": 5, "first_dealer": 4, "rounds": 3})


def test_bad_deals_are_rejected():
    o = Oracle("goninkan", {"players": 6})
    rng = random.Random(1)
    deal = random_deal(o, rng)
    bad = {"hands": [list(h) for h in deal["hands"]]}
    bad["hands"][1][0] = bad["hands"][2][0]
    with pytest.raises(ValueError):
        o.deal(bad)
    bad = {"hands": [list(h) for h in deal["hands"]]}
    bad["hands"][0] = [bad["hands"][1].pop()]
    with pytest.raises(ValueError):
        o.deal(bad)
    with pytest.raises(ValueError):
        o.deal({**deal, "rest": ["AS"]})
    o.deal(deal)


# ---------------------------------------------------------------------------------------------
# the scoring table


@pytest.mark.parametrize(
    "battle, winner, skunk, sixteen, value",
    [
        (1, NAPOLEON, False, None, 1),
        (2, NAPOLEON, False, None, 1),
        (3, NAPOLEON, False, None, 2),
        (1, ALLIES, False, None, -1),
        (2, ALLIES, False, None, -1),
        (3, ALLIES, False, None, -1),
        (1, NAPOLEON, True, None, 2),
        (2, NAPOLEON, True, None, 2),
        (3, NAPOLEON, True, None, 3),
        (1, ALLIES, True, None, -2),
        (3, ALLIES, True, None, -2),
        (2, NAPOLEON, True, "success", 10),  # the rules' example: +1 +1 +8
        (3, NAPOLEON, True, "success", 11),
        (2, ALLIES, True, "success", -18),  # 逆十六: allies +1 +1 +16
        (2, NAPOLEON, True, "failure", -16),
        (3, NAPOLEON, True, "failure", -16),
        (2, ALLIES, True, "failure", 32),  # 逆十六 failed: allies -32
    ],
)
def test_table_value(battle, winner, skunk, sixteen, value):
    assert table_value(battle, winner, skunk, sixteen) == value


def test_player_scores_and_zero_sum_multipliers():
    assert player_scores(2, {1, 3}, 5, False) == [-2, 2, -2, 2, -2]
    # the rules' example: a skunk win under zero_sum is +6 each / -4 each
    assert player_scores(2, {1, 3}, 5, True) == [-4, 6, -4, 6, -4]
    assert player_scores(-1, {0, 2}, 5, True) == [-3, 2, -3, 2, 2]
    # 6 players: dealer with Napoleon, zero-sum; zero_sum changes nothing
    assert player_scores(1, {0, 2, 4}, 6, False) == [1, -1, 1, -1, 1, -1]
    assert player_scores(1, {0, 2, 4}, 6, True) == [1, -1, 1, -1, 1, -1]


# ---------------------------------------------------------------------------------------------
# seating, 仮親, go/come


def make_deal(n, spec, dealer=None):
    """spec: player -> list of cards; the remaining cards go to the other active players."""
    hands = [list(spec.get(p, [])) for p in range(n)]
    used = {c for cards in spec.values() for c in cards}
    rest = [c for c in DECK if c not in used]
    for p in range(n):
        if p == dealer:
            continue
        while len(hands[p]) < 10:
            hands[p].append(rest.pop())
    assert not rest
    return {"hands": hands}


def test_adjacency_swap_5p():
    o = Oracle("goninkan", {"players": 5, "rounds": 3})
    # round 1 trump ♣; Joker to 1, AC to 2: 2 is next after 1, so 2 swaps with 3
    o.deal(make_deal(5, {1: [JOKER], 2: ["AC"]}))
    assert o.pos_player == [0, 1, 3, 2, 4]
    assert o.pending() == "act" and o.to_act() == {1}  # caller: first of the pair from the dealer
    # wrap-around: AC to 4, Joker to 0 -> 0 is next after 4, 0 swaps with next after 0
    o = Oracle("goninkan", {"players": 5})
    o.deal(make_deal(5, {0: [JOKER], 4: ["AC"]}))
    assert o.pos_player == [1, 0, 2, 3, 4]
    assert o.to_act() == {0}  # dealer position 0 now holds player 1 (ally); position 1 holds 0
    # not adjacent: no swap
    o = Oracle("goninkan", {"players": 5})
    o.deal(make_deal(5, {1: [JOKER], 3: ["AC"]}))
    assert o.pos_player == [0, 1, 2, 3, 4]


def test_adjacency_swap_6p_skips_dealer_and_persists():
    o = Oracle("goninkan", {"players": 6, "rounds": 3})
    # dealer at position 0; Joker to 5, AC to 1: 1 is the next active after 5 -> 1 swaps with 2
    o.deal(make_deal(6, {5: [JOKER], 1: ["AC"]}, dealer=0))
    assert o.pos_player == [0, 2, 1, 3, 4, 5]
    assert o.napoleon_side() == {0, 1, 5}
    assert o.to_act() == {1}  # position 2 (player 1) is reached before position 5
    o.apply(1, "come")
    assert o.leader == 5 and o.to_act() == {5}
    # play out battle 1 at random; the swap persists, the next round's dealer is position 1
    rng = random.Random(3)
    while o.round_index == 0:
        if o.pending() == "deal":
            assert o.pos_player[:3] == [0, 2, 1]
            o.deal(random_deal(o, rng))
        elif o.pending() == "chance":
            o.chance(random_chance(o, rng))
        else:
            seat = next(iter(o.to_act()))
            o.apply(seat, sorted(o.legal(seat))[0])
    assert o.dealer_pos == 1 and o.dealer_player() == 2
    assert o.pos_player[:3] == [0, 2, 1] and o.pending() == "deal"
    bad = make_deal(6, {}, dealer=1)  # gives player 2 cards: wrong
    with pytest.raises(ValueError):
        o.deal(bad)
    o.deal(make_deal(6, {}, dealer=2))
    assert o.trump == "D"  # round 2 trump


def test_adjacency_swap_6p_across_dealer():
    o = Oracle("goninkan", {"players": 6, "first_dealer": 3})
    # dealer position 3; Joker to 2, AC to 4: adjacent across the dealer -> 4 swaps with 5
    o.deal(make_deal(6, {2: [JOKER], 4: ["AC"]}, dealer=3))
    assert o.pos_player == [0, 1, 2, 3, 5, 4]
    # from the dealer position 3: 4 holds player 5 (ally), 5 holds player 4 (Napoleon)
    assert o.to_act() == {4}


def test_kari_oya_partner_and_swap_6p():
    o = Oracle("goninkan", {"players": 6})
    # dealer 0; player 4 holds the Joker and AC: partner = 2nd active to the right = 5 -> 1
    o.deal(make_deal(6, {4: [JOKER, "AC"], 1: ["7H"]}, dealer=0))
    assert o.pending() == "chance" and o.to_act() == set()
    assert o.ace_holder == 4 and o.other_member == 1
    before = [list(h) for h in o.hands]
    for bad in ["swap 7H AD", "swap AC JK", "swap 7H", "swop 7H JK", "swap XX JK"]:
        with pytest.raises(Illegal):
            o.chance(bad)
        assert o.hands == before and o.pending() == "chance"
    o.chance("swap 7h jk")
    assert JOKER in o.hands[1] and "7H" in o.hands[4] and "AC" in o.hands[4]
    assert "7H" not in o.hands[1] and JOKER not in o.hands[4]
    assert len(o.hands[1]) == 10 and len(o.hands[4]) == 10
    assert o.pos_player == list(range(6))  # never adjacent, no swap
    assert o.to_act() == {1}  # caller from the dealer
    assert o.napoleon_side() == {0, 1, 4}


def test_kari_oya_partner_5p_and_ace_swap():
    o = Oracle("goninkan", {"players": 5, "first_dealer": 2})
    o.deal(make_deal(5, {3: [JOKER, "AC"], 0: ["5D"]}))
    assert o.other_member == 0  # 3 -> 4 -> 0
    o.chance("swap 5D AC")
    assert "AC" in o.hands[0] and "5D" in o.hands[3] and JOKER in o.hands[3]
    assert o.to_act() == {3}  # positions from the dealer 2: 2 (ally), 3 (Napoleon)
    # the 仮親 (3) passes first in battles 2-3, the partner (0) declares trump
    assert o.ace_holder == 3


# ---------------------------------------------------------------------------------------------
# scripted battles (5 players, dealer position 0, round 1 trump ♣; the pair is players 1 and 3)

SWEEP = {  # Napoleon holds every club and the Joker: 11 honours against the allies' 5
    1: ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C"],
    3: [JOKER, "4C", "3C", "AS", "KS", "QS", "JS", "AH", "KH", "QH"],
}
SIXTEEN_FAIL = {  # battle 2 (trump ♣ declared): the allies' player 4 holds the Joker
    1: ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C"],
    3: ["4C", "3C", "AS", "KS", "QS", "JS", "AH", "KH", "QH", "TS"],
    4: [JOKER],
}
ALLIES_DOMINATE = {  # battle 2 (trump ♠ declared): the pair holds only low non-spades
    1: ["8H", "7H", "6H", "5H", "4H", "3H", "9D", "8D", "7D", "6D"],
    3: ["5D", "4D", "3D", "9C", "8C", "7C", "6C", "5C", "4C", "3C"],
}


def strength(o, card, named=None):
    if card == JOKER:
        return (3, 0)
    return (2 if card[1] == o.trump else 1, RANK_VALUE[card[0]])


def card_of(text):
    return text.split()[1].split(":")[0]


def policy_strong(o, seat, legal):
    """Napoleon in SWEEP: highest non-Joker card, honours first when discarding."""
    plays = [t for t in legal if t.startswith("play")]
    non_joker = [t for t in plays if card_of(t) != JOKER]
    pool = non_joker or plays
    return max(
        pool, key=lambda t: (is_honour(card_of(t)) if not o.trick or o.side_of(seat) else 0, strength(o, card_of(t)))
    )


def policy_weak(o, seat, legal):
    """Lowest non-Joker non-honour card when possible."""
    plays = [t for t in legal if t.startswith("play")]
    non_joker = [t for t in plays if card_of(t) != JOKER]
    pool = non_joker or plays
    return min(pool, key=lambda t: (is_honour(card_of(t)), strength(o, card_of(t))))


def policy_highest(o, seat, legal):
    plays = [t for t in legal if t.startswith("play")]
    return max(sorted(plays), key=lambda t: strength(o, card_of(t)))


def run(o, chooser, until):
    """Apply chooser's actions while pending is 'act' and until(o) is false."""
    while o.pending() == "act" and not until(o):
        seat = next(iter(o.to_act()))
        o.apply(seat, chooser(o, seat, sorted(o.legal(seat))))


def sweep_battle(o, sixteen_choice=None):
    """Napoleon (1, 3) plays strong, allies weak."""

    def chooser(o, seat, legal):
        if o.phase == "sixteen":
            return sixteen_choice
        if seat in o.pair():
            return policy_strong(o, seat, legal)
        return policy_weak(o, seat, legal)

    run(o, chooser, lambda o: False)


def start_battle2(o, deal_spec, trump):
    o.deal(make_deal(5, deal_spec))
    assert o.to_act() == {1}  # the AC holder of battle 1 gives first
    first = sorted(o.hands[1])[:2]
    for c in first:
        o.apply(1, "give " + c)
    assert o.to_act() == {3}
    assert "give " + first[0] in o.legal(3)  # may give back a card just received
    for c in first:
        o.apply(3, "give " + c)
    assert o.to_act() == {3} and o.legal(3) == {"trump S", "trump H", "trump D", "trump C"}
    o.apply(3, "trump " + trump)
    assert o.to_act() == {1}
    o.apply(1, "go")


def battle1_sweep(options):
    o = Oracle("goninkan", {"players": 5, "rounds": 2, **options})
    o.deal(make_deal(5, SWEEP))
    assert o.pair() == (1, 3) and o.pos_player == [0, 1, 2, 3, 4]
    assert o.to_act() == {1} and o.legal(1) == {"go", "come"}
    o.apply(1, "go")
    assert "play " + JOKER + ":S" not in o.legal(1)  # no Joker in trick 1
    return o


def test_skunk_win_battle1_then_sixteen_success_then_battle3():
    o = battle1_sweep({})
    sweep_battle(o)
    # t1..t7: AC, KC, QC, JC+AS, TC+KS, 9C+QS, 8C+JS -> 9 honours, allies 0: skunk, early stop
    assert o.scores == [[-2, 2, -2, 2, -2]]
    assert o.pending() == "deal" and o.battle == 2
    start_battle2(o, SWEEP, "C")
    sweep_battle(o, "sixteen")
    assert o.sixteen_result == "success" and o.honours == {NAPOLEON: 16, ALLIES: 0}
    assert o.trick_no == 11  # the last honours fall in trick 10
    assert o.scores[1] == [-10, 10, -10, 10, -10]  # 十六 in battle 2: +1 +1 +8
    assert o.battle == 3 and o.pending() == "deal"
    start_battle2(o, SWEEP, "C")
    sweep_battle(o, "stop")
    assert o.scores[2] == [-3, 3, -3, 3, -3]  # battle 3 skunk: 2 + 1
    assert o.round_index == 1 and o.pending() == "deal" and o.dealer_pos == 1


def test_skunk_zero_sum():
    o = battle1_sweep({"zero_sum": True})
    sweep_battle(o)
    assert o.scores == [[-4, 6, -4, 6, -4]]


def test_sixteen_choice_in_battle1_option_and_chooser():
    o = battle1_sweep({"sixteen_in_battle1": True})
    run(
        o,
        lambda o, seat, legal: policy_strong(o, seat, legal) if seat in o.pair() else policy_weak(o, seat, legal),
        lambda o: o.phase == "sixteen",
    )
    assert o.phase == "sixteen" and o.trick_no == 8  # decided after trick 7
    assert o.to_act() == {1} and o.legal(1) == {"sixteen", "stop"}  # player 1 won the trick
    assert o.legal(3) == set()
    with pytest.raises(Illegal):
        o.apply(3, "sixteen")
    o.apply(1, "stop")
    assert o.scores == [[-2, 2, -2, 2, -2]]


def test_no_early_stop_plays_ten_tricks():
    o = battle1_sweep({"early_stop": False})
    seen = []

    def chooser(o, seat, legal):
        seen.append(o.trick_no)
        return policy_strong(o, seat, legal) if seat in o.pair() else policy_weak(o, seat, legal)

    run(o, chooser, lambda o: False)
    assert max(seen) == 10 and len(seen) == 50
    assert o.scores == [[-2, 2, -2, 2, -2]]  # skunk judged at the decision (trick 7)


def test_sixteen_failure():
    o = battle1_sweep({})
    sweep_battle(o)
    start_battle2(o, SIXTEEN_FAIL, "C")

    def chooser(o, seat, legal):
        if o.phase == "sixteen":
            return "sixteen"
        if seat in o.pair():
            return policy_strong(o, seat, legal)
        if o.sixteen_side and "play JK" in legal and any(is_honour(c) for _, c, _ in o.trick):
            return "play JK"
        return policy_weak(o, seat, legal)

    run(o, chooser, lambda o: False)
    # t6 decides (8 honours, allies 0), 十六 declared; t7: 8C, AH, the Joker takes it
    assert o.sixteen_result == "failure" and o.trick_no == 8 and o.honours[ALLIES] >= 1
    assert o.scores[1] == [16, -16, 16, -16, 16]
    assert o.round_index == 1 and o.battle == 1 and o.pending() == "deal"


def test_reverse_sixteen_success():
    o = battle1_sweep({"zero_sum": True})
    sweep_battle(o)
    start_battle2(o, ALLIES_DOMINATE, "S")
    chosen = []

    def chooser(o, seat, legal):
        if o.phase == "sixteen":
            chosen.append((seat, o.side_of(seat), dict(o.honours)))
            return "sixteen"
        if seat in o.pair():
            return policy_weak(o, seat, legal)
        return policy_highest(o, seat, legal)

    run(o, chooser, lambda o: False)
    assert len(chosen) == 1 and chosen[0][1] == ALLIES
    assert chosen[0][2][NAPOLEON] == 0 and chosen[0][2][ALLIES] >= 9
    assert o.sixteen_result == "success" and o.honours[ALLIES] == 16
    # 逆十六: allies +1 +1 +16 = +18 each; zero_sum: Napoleon -54, allies +36
    assert o.scores[1] == [36, -54, 36, -54, 36]
    assert o.round_index == 1 and o.pending() == "deal"


def test_reverse_sixteen_failure_scores():
    assert player_scores(table_value(2, ALLIES, True, "failure"), {1, 3}, 5, False) == [-32, 32, -32, 32, -32]


# ---------------------------------------------------------------------------------------------
# Joker rules


def joker_setup(options):
    o = Oracle("goninkan", {"players": 5, **options})
    o.deal(make_deal(5, {1: [JOKER], 3: ["AC"]}))
    o.apply(1, "go")
    return o


def test_joker_trick1_ban_play_vs_lead():
    o = joker_setup({})
    assert not any("JK" in t for t in o.legal(1))
    o = joker_setup({"joker_ban": "lead"})
    assert not any("JK" in t for t in o.legal(1))
    # following in trick 1 is allowed under "lead" only
    o = Oracle("goninkan", {"players": 5, "joker_ban": "lead"})
    o.deal(make_deal(5, {3: [JOKER], 1: ["AC"]}))
    o.apply(1, "go")
    o.apply(1, sorted(o.legal(1))[0])
    o.apply(2, sorted(o.legal(2))[0])
    assert "play JK" in o.legal(3)
    o = Oracle("goninkan", {"players": 5})
    o.deal(make_deal(5, {3: [JOKER], 1: ["AC"]}))
    o.apply(1, "go")
    o.apply(1, sorted(o.legal(1))[0])
    o.apply(2, sorted(o.legal(2))[0])
    assert "play JK" not in o.legal(3)


def play_to_trick(o, trick_no, keep_joker=True):
    def chooser(o, seat, legal):
        pool = [t for t in legal if "JK" not in t] if keep_joker else legal
        return sorted(pool or legal)[0]

    run(o, chooser, lambda o: o.trick_no == trick_no and not o.trick)


def test_joker_forced_in_trick9_by_default():
    o = joker_setup({"early_stop": False})
    rng_hold = []

    def chooser(o, seat, legal):
        if o.phase == "sixteen":
            return "stop"
        pool = [t for t in legal if "JK" not in t]
        if not pool:
            rng_hold.append((o.trick_no, sorted(legal)))
        return sorted(pool or legal)[0]

    run(o, chooser, lambda o: False)
    assert len(rng_hold) == 1 and rng_hold[0][0] == 9
    assert all("JK" in t for t in rng_hold[0][1])


def test_joker_weakest_in_trick10():
    o = joker_setup({"early_stop": False, "last_trick_joker": "weakest"})

    def chooser(o, seat, legal):
        if o.phase == "sixteen":
            return "stop"
        pool = [t for t in legal if "JK" not in t]
        return sorted(pool or legal)[0]

    run(o, chooser, lambda o: o.trick_no == 10 and not o.trick)
    holder = 1
    assert o.hands[holder] == [JOKER]
    # the Joker is playable in trick 10 (led: naming a suit; following: plain)
    while o.trick_no == 10 and o.pending() == "act" and o.phase == "play":
        seat = next(iter(o.to_act()))
        legal = sorted(o.legal(seat))
        if seat == holder:
            assert legal == (["play JK"] if o.trick else ["play JK:C", "play JK:D", "play JK:H", "play JK:S"])
        o.apply(seat, legal[0])
    assert o.pending() == "deal" and len(o.scores) == 1


def test_weak_joker_winner_rules():
    o = Oracle("goninkan", {"players": 5, "last_trick_joker": "weakest"})
    o.trump = "C"
    o.trick_no = 10
    o.trick = [(0, JOKER, "H"), (1, "5D", None), (2, "3S", None), (3, "4D", None), (4, "6S", None)]
    assert o._trick_winner() == 0  # nobody followed ♥ or trumped
    o.trick = [(0, JOKER, "H"), (1, "3H", None), (2, "3S", None), (3, "4D", None), (4, "6S", None)]
    assert o._trick_winner() == 1  # lowest card of ♥
    o.trick = [(0, JOKER, "C"), (1, "3C", None), (2, "3S", None), (3, "4D", None), (4, "6S", None)]
    assert o._trick_winner() == 1  # lowest trump
    o.trick = [(0, "5H", None), (1, JOKER, None), (2, "3S", None), (3, "4D", None), (4, "6S", None)]
    assert o._trick_winner() == 0  # a following Joker never wins
    o.trick_no = 9
    assert o._trick_winner() == 1  # otherwise the Joker beats everything
    o.trick = [(0, "5H", None), (1, "2S", None), (2, "AH", None), (3, "3C", None), (4, "KC", None)]
    assert o._trick_winner() == 4  # highest trump
    o.trick = [(0, "5H", None), (1, "2S", None), (2, "AH", None), (3, "AD", None), (4, "KH", None)]
    assert o._trick_winner() == 2  # highest of the suit led


def test_joker_led_names_suit_and_follow():
    o = joker_setup({})
    play_to_trick(o, 2)
    leader = o.leader
    if JOKER in o.hands[leader]:
        legal = o.legal(leader)
        assert "play JK" not in legal and {"play JK:S", "play JK:H", "play JK:D", "play JK:C"} <= legal
        with pytest.raises(Illegal):
            o.apply(leader, "play JK")
        o.apply(leader, "play jk:♦")
        nxt = next(iter(o.to_act()))
        diamonds = [c for c in o.hands[nxt] if c != JOKER and c[1] == "D"]
        if diamonds:
            assert {t for t in o.legal(nxt)} == {"play " + c for c in diamonds}


def test_non_canonical_spellings():
    o = Oracle("goninkan", {"players": 5})
    o.deal(make_deal(5, {1: [JOKER, "TH"], 3: ["AC"]}))
    o.apply(1, "GO")
    o.apply(1, "play 10♥")
    assert o.trick == [(1, "TH", None)]
