"""Cut-in (カットイン) scenario tests, named after the rule they pin (../shared/rules/cutin.md,
rulings C1–C5; kirifuda rulings K1–K3 in docs/rules/cutin.md), plus perft-style checks of the
table-driven legal-set generator against a brute-force enumeration of every subset of the hand."""

from __future__ import annotations

import dataclasses
import random

import pytest

from kirifuda import cards as C
from kirifuda.core import Deal, DealError, IllegalAction, KirifudaError, NotationError, chance_rng
from kirifuda.games.cutin import PASS, STRENGTH, Cutin, Pass, Play, hand_score, legal_sets
from kirifuda.match import Match
from kirifuda.records import ReplayError, replay


def cs(text: str) -> tuple[int, ...]:
    return tuple(C.parse_many(text))


def m(text: str) -> int:
    return C.mask(cs(text))


def deal_of(*hands: str, players: int = 4) -> Deal:
    """A deal giving seat i the cards of ``hands[i]``; later seats and the rest are filled from the
    unused cards in deck order (a 4-player deal uses every card)."""
    size = {3: 15, 4: 13, 5: 10}[players]
    given = [list(cs(h)) for h in hands]
    used = {c for h in given for c in h}
    pool = [c for c in C.DECK_52 if c not in used]
    out = []
    for seat in range(players):
        h = given[seat] if seat < len(given) else []
        need = size - len(h)
        out.append(tuple(h) + tuple(pool[:need]))
        pool = pool[need:]
    return Deal(tuple(out), rest=tuple(pool))


def start(deal: Deal, **options) -> tuple[Cutin, Match]:
    game = Cutin(**options)
    return game, Match(game, deals=[deal])


def legal_texts(match: Match, seat: int) -> list[str]:
    return [str(a) for a in match.legal_actions(seat)]


def act_all(match: Match, moves: list[tuple[int, str]]) -> None:
    for seat, text in moves:
        match.act(seat, text)


# --- cards and deal --------------------------------------------------------------------------


def test_rank_order_is_daifugo_3_low_2_high():
    order = sorted(range(13), key=lambda r: STRENGTH[r])
    assert "".join(C.RANKS[r] for r in order) == "3456789TJQKA2"


@pytest.mark.parametrize("players,size,rest", [(3, 15, 7), (4, 13, 0), (5, 10, 2)])
def test_deal_sizes_15_13_10_rest_unused(players, size, rest):
    game = Cutin(players=players)
    deal = game.random_deal(game.initial(), random.Random(7))
    assert [len(h) for h in deal.hands] == [size] * players and len(deal.rest) == rest
    game.check_deal(game.initial(), deal)
    wrong = (
        Deal(deal.hands[:-1] + (deal.hands[-1] + deal.rest[:1],), rest=deal.rest[1:])
        if rest
        else Deal(deal.hands[:-1] + (deal.hands[-1][:-1],), rest=deal.hands[-1][-1:])
    )
    with pytest.raises(DealError):
        game.check_deal(game.initial(), wrong)


def test_random_deal_one_at_a_time_from_the_start_player_K1():
    game = Cutin(first_dealer=2)
    deal = game.random_deal(game.initial(), random.Random(5))
    pack = list(C.DECK_52)
    random.Random(5).shuffle(pack)
    assert deal.hands[2][0] == pack[0] and deal.hands[3][0] == pack[1] and deal.hands[0][0] == pack[2]


# --- a turn ------------------------------------------------------------------------------------


def test_start_player_must_play_a_set_and_may_not_pass():
    game, match = start(deal_of(), first_dealer=1)
    assert match.to_act() == {1}
    assert "pass" not in legal_texts(match, 1)
    before = match.state
    with pytest.raises(IllegalAction, match="must play a set"):
        match.act(1, "pass")
    assert match.state is before


def test_turn_is_one_lap_and_the_last_to_play_leads_next():
    # seat 0 leads ♠3, seat 1 plays ♠4, seats 2 and 3 pass: the lap ends, seat 1 starts the next turn
    game, match = start(deal_of("3S 5S", "4S 6H", "7C", "8C"))
    act_all(match, [(0, "play 3S"), (1, "play 4S"), (2, "pass")])
    assert match.state.table and match.to_act() == {3}
    match.act(3, "pass")
    s = match.state
    assert (s.leader, s.turn, s.table, s.passed) == (1, 1, (), ())
    assert s.last_turn == ((0, m("3S")), (1, m("4S")))
    assert "pass" not in legal_texts(match, 1)


def test_previous_turn_stays_public_K2():
    game, match = start(deal_of("3S 5S", "4S 6H", "7C", "8C"))
    act_all(match, [(0, "play 3S"), (1, "play 4S"), (2, "pass"), (3, "pass")])
    obs = game.observation(match.state, None)
    assert [(s, str(c)) for s, c in obs.last_turn] == [(0, "3S"), (1, "4S")] and obs.table == ()
    assert str(obs.played) == "4S 3S" and obs.rest_count == 0


def test_each_player_acts_exactly_once_per_lap_even_the_passed():
    # every player after the start player acts once; the start player does not act again in the lap
    game, match = start(deal_of("3S 4S", "5S", "6S", "7S"))
    act_all(match, [(0, "play 3S"), (1, "pass"), (2, "pass"), (3, "play 7S")])
    assert match.state.leader == 3 and match.state.table == ()


# --- the three legal plays ----------------------------------------------------------------------


def test_same_count_must_be_strictly_higher_rule1():
    game, match = start(deal_of("7S 7H", "7D 7C 8S 8H 6S 6H 3S 3H 4S 4H 5S 5H 9S"))
    match.act(0, "play 7S 7H")
    # the pair of 8s; the equal pair 7♦ 7♣ is not higher (only the cut-in singles may equal the rank)
    assert legal_texts(match, 1) == ["play 7D", "play 7C", "play 8S 8H", "pass"]
    before = match.state
    with pytest.raises(IllegalAction, match="higher rank"):
        match.act(1, "play 7D 7C")
    with pytest.raises(IllegalAction, match="suit not in"):
        match.act(1, "play 6S")  # a single on a pair only as a cut-in
    assert match.state is before


def test_two_beats_ace_single_daifugo_order():
    game, match = start(deal_of("AS", "2H KH QS JH TD 9C 8S 7H 6D 5C 4S 3H AH"))
    match.act(0, "play AS")
    assert legal_texts(match, 1) == ["play 2H", "pass"]


def test_equal_rank_with_more_cards_is_legal_C2():
    # rule 2: more cards, any rank — the same rank too (C2); and a lower rank (seed: Q single ← pair of 7s)
    game, match = start(
        deal_of("7S", "7H 7D 3S 3H 4S 5S 6S 8S 9S TS JS QS KS", "7C QH QD QC 3D 4D 5D 6D 3C 4C 5C 6C 8H")
    )
    match.act(0, "play 7S")
    assert legal_texts(match, 1) == [
        "play 3S 3H",
        "play 7H 7D",
        "play 8S",
        "play 9S",
        "play TS",
        "play JS",
        "play QS",
        "play KS",
        "pass",
    ]
    match.act(1, "play 7H 7D")
    assert match.state.table[-1] == (1, m("7H 7D"))
    # on a pair: the cut-ins ♣7 (equal rank) and ♣Q, the higher pairs, and three queens (more cards)
    assert legal_texts(match, 2) == [
        "play 7C",
        "play QC",
        "play QH QD",
        "play QH QC",
        "play QD QC",
        "play QH QD QC",
        "pass",
    ]


def test_pair_of_sevens_on_a_single_queen_article_example_rule2():
    # seed まとめ: 「[Qの1枚]に対し[7の2枚]を出すことが出来る」 — more cards, a lower rank
    game, match = start(deal_of("QS", "7H 7D 6C"))
    match.act(0, "play QS")
    assert "play 7H 7D" in legal_texts(match, 1) and "play 6C" not in legal_texts(match, 1)
    match.act(1, "play 7H 7D")
    assert match.state.table == ((0, m("QS")), (1, m("7H 7D")))


def test_cut_in_on_jc_jh_article_example_rule3():
    # seed まとめ: on [J♣ J♥] any single ♠ or ♦ of rank J or higher
    game, match = start(deal_of("JC JH", "JS TD QD QH 2S 3H 3C KC 4H 5H 6C 7C 8H"))
    match.act(0, "play JH JC")
    assert legal_texts(match, 1) == ["play JS", "play QD", "play QH QD", "play 2S", "pass"]
    before = match.state
    with pytest.raises(IllegalAction, match="suit not in"):
        match.act(1, "play KC")
    with pytest.raises(IllegalAction, match="rank J or higher"):
        match.act(1, "play TD")
    assert match.state is before
    match.act(1, "play JS")  # equal rank: the one case where it is allowed
    assert match.state.table == ((0, m("JH JC")), (1, m("JS")))


def test_cut_in_on_three_sevens_with_a_seven_C4():
    # seed まとめ: on [7♣ 7♠ 7♥] a ♦ of 7 or higher (C4: the summary's 「7以上」 decides)
    game, match = start(deal_of("7S 7H 7C", "7D 6D 8C 8S 3D 4D 5D 3S 4S 5S 6S 9S 9H"))
    match.act(0, "play 7S 7H 7C")
    assert legal_texts(match, 1) == ["play 7D", "pass"]
    with pytest.raises(IllegalAction, match="rank 7 or higher"):
        match.act(1, "play 6D")


def test_set_of_four_cannot_be_cut_into_rule3():
    game, match = start(deal_of("5S 5H 5D 5C", "2S 6S 6H 6D 6C 3S 3H 3D 4S 4H 4D 7S 7H"))
    match.act(0, "play 5S 5H 5D 5C")
    assert legal_texts(match, 1) == ["play 6S 6H 6D 6C", "pass"]
    with pytest.raises(IllegalAction, match="cannot be cut into"):
        match.act(1, "play 2S")


def test_cut_in_single_is_then_the_latest_set():
    # after a cut-in the latest set is a single: a pair now beats it by rule 2
    game, match = start(deal_of("JC JH", "JS", "3D 3C KD 4D 5D 6D 7D 8D 9D TD JD QD AD"))
    act_all(match, [(0, "play JH JC"), (1, "play JS")])
    assert legal_texts(match, 2) == ["play 3D 3C", "play QD", "play KD", "play AD", "pass"]


# --- the lock --------------------------------------------------------------------------------------


def test_lock_after_d7_d9_only_lower_diamonds_article_example():
    # seed まとめ: ♦7 then ♦9 → only ♦8 or lower
    game, match = start(deal_of("7D", "9D", "8D 3D 5D TD KD 8S 4S 4H 4C 5S 6S 6H 2C"))
    act_all(match, [(0, "play 7D"), (1, "play 9D")])
    assert match.state.lock_suit == C.DIAMONDS
    obs = game.observation(match.state, None)
    assert obs.lock and obs.lock_suit == "D"
    assert legal_texts(match, 2) == ["play 3D", "play 5D", "play 8D", "pass"]
    before = match.state
    with pytest.raises(IllegalAction, match="order is reversed"):
        match.act(2, "play TD")
    with pytest.raises(IllegalAction, match="only single ♦"):
        match.act(2, "play 8S")
    with pytest.raises(IllegalAction, match="only single ♦"):
        match.act(2, "play 4S 4H 4C")  # more cards are no way out under a lock (seed まとめ)
    assert match.state is before


def test_lock_reversal_starts_after_the_second_single_C5():
    # the second single of the pair is played under normal order: ♦5 on ♦7 is no lock, just too low
    game, match = start(deal_of("7D", "5D 9D"))
    match.act(0, "play 7D")
    assert "play 9D" in legal_texts(match, 1) and "play 5D" not in legal_texts(match, 1)
    with pytest.raises(IllegalAction, match="higher rank"):
        match.act(1, "play 5D")


def test_lock_passes_do_not_break_consecutive_sets_C1():
    game, match = start(deal_of("7D", "9S", "9D 8D 2D"))
    act_all(match, [(0, "play 7D"), (1, "pass"), (2, "play 9D")])
    assert match.state.lock_suit == C.DIAMONDS and match.to_act() == {3}


def test_lock_needs_the_same_suit_and_singles():
    game, match = start(deal_of("7D", "9S", "TS TH", "JD"))
    act_all(match, [(0, "play 7D"), (1, "play 9S")])
    assert match.state.lock_suit is None  # ♦ then ♠: different suits
    match.act(2, "play TS TH")
    assert match.state.lock_suit is None
    assert "play JD" in legal_texts(match, 3)  # no lock: the ♦J cuts into the ♠♥ pair


def test_cut_in_single_counts_for_the_lock():
    # J♣ J♥, then the ♠J cut-in, then ♠Q: two consecutive single ♠ → lock on ♠
    game, match = start(deal_of("JC JH", "JS", "QS", "TS 9S KS 2H 3H 4H 5H 6H 7H 8H 9H TH AH"))
    act_all(match, [(0, "play JH JC"), (1, "play JS"), (2, "play QS")])
    assert match.state.lock_suit == C.SPADES
    assert legal_texts(match, 3) == ["play 9S", "play TS", "pass"]


def test_lock_ends_with_the_turn():
    game, match = start(deal_of("7D 3S 3H", "9D", "8D", "2C"))
    act_all(match, [(0, "play 7D"), (1, "play 9D"), (2, "play 8D"), (3, "pass")])
    s = match.state
    assert s.lock_suit is None and s.leader == 2 and s.table == ()


# --- going out, scoring, the game ------------------------------------------------------------------

# seat 2 holds the four 2s, Aces and Kings and ♦Q; seats 1 and 3 only pass
OUT_DEAL = deal_of(
    "3S 4S 4H 5S 6S 7S 8S 9S TS JS QS 3H 5H",
    "6H 7H 8H 9H TH JH QH 3D 4D 5D 6D 7D 8D",
    "2S 2H 2D 2C AS AH AD AC KS KH KD KC QD",
    "9D TD JD 3C 4C 5C 6C 7C 8C 9C TC JC QC",
)
OUT_MOVES = [
    (0, "play 3S"),
    (1, "pass"),
    (2, "play AS AH AD AC"),
    (3, "pass"),  # turn 1
    (2, "play KS KH KD KC"),
    (3, "pass"),
    (0, "pass"),
    (1, "pass"),  # turn 2
    (2, "play QD"),
    (3, "pass"),
    (0, "play 4S 4H"),
    (1, "pass"),  # turn 3
    (0, "play 5S"),
    (1, "pass"),
    (2, "play 2S 2H 2D 2C"),
]  # turn 4


def test_player_going_out_mid_lap_the_lap_still_completes():
    game, match = start(OUT_DEAL)
    act_all(match, OUT_MOVES)
    s = match.state
    assert s.hands[2] == 0 and s.first_out == 2
    assert match.to_act() == {3}  # seat 3 still acts in this lap
    assert game.observation(s, 0).out == (2,)
    assert legal_texts(match, 3) == ["pass"]  # nothing beats four 2s
    match.act(3, "pass")
    # the hand ends at the end of the lap: +5 for no cards; −(4 + k) per rank held k times
    assert game.deal_scores(match.state) == ((-45, -53, 5, -53),)
    assert match.state.deal_index == 1 and match.state.start_player == 1


def test_next_start_winner_option():
    game, match = start(OUT_DEAL, next_start="winner")
    act_all(match, OUT_MOVES + [(3, "pass")])
    assert match.state.start_player == 2  # the first to go out starts the next hand


def test_scoring_example_seed_minus_5_6_7_8():
    # seed ④ / まとめ: a single −5, a pair −6, three −7, four −8; no cards +5
    assert hand_score(m("3S")) == -5
    assert hand_score(m("3S 3H")) == -6
    assert hand_score(m("3S 3H 3D")) == -7
    assert hand_score(m("3S 3H 3D 3C")) == -8
    assert hand_score(m("2S KH KD 9S 9H 9C 4S 4H 4D 4C")) == -5 - 6 - 7 - 8
    assert hand_score(0) == 5


def test_start_player_out_on_the_lead_and_several_out_all_score_plus_5():
    # a position late in a hand (hands cut short): seat 0 leads its last card, seat 1 follows with its
    # last; seats 2 and 3 still act; both out players score +5 (seed まとめ 「その全員が+5点」)
    game = Cutin()
    state = game.apply_deal(game.initial(), OUT_DEAL)
    state = dataclasses.replace(state, hands=(m("3S"), m("4H"), m("2S 2H"), m("9D 9C")))
    state = game.apply(state, 0, "play 3S")
    assert state.first_out == 0 and game.to_act(state) == {1}
    for seat, text in [(1, "play 4H"), (2, "pass")]:
        state = game.apply(state, seat, text)
    assert game.to_act(state) == {3} and [str(a) for a in game.legal_actions(state, 3)] == [
        "play 9D",
        "play 9C",
        "play 9D 9C",
        "pass",
    ]
    state = game.apply(state, 3, "pass")
    assert game.deal_scores(state) == ((5, 5, -6, -6),) and state.first_out == 0


def test_as_many_hands_as_players_start_player_rotates_C3():
    for players in (3, 4, 5):
        game = Cutin(players=players, first_dealer=1)
        match = Match(game, seed=players)
        starts = []
        rng = random.Random(players)
        while not match.finished:
            s = match.state
            if s.table == () and s.leader == s.start_player and not s.last_turn:
                starts.append(s.start_player)
            seat = s.turn
            match.act(seat, rng.choice(match.legal_actions(seat)))
        assert len(game.deal_scores(match.state)) == players
        assert starts == [(1 + k) % players for k in range(players)]


# --- notation, illegal input, observation ------------------------------------------------------------


def test_notation_canonical_order_and_round_trip():
    game = Cutin()
    a = game.parse_action("play 7h 7s")
    assert str(a) == "play 7S 7H" and a == Play(m("7S 7H"))
    assert str(game.parse_action("play ♣10 10♦ ♠T")) == "play TS TD TC"
    assert game.parse_action("PASS") is PASS and str(Pass()) == "pass"
    for action in legal_sets(m("7S 7H 7D 7C 2S"), None, None):
        assert game.parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "play", "play XX", "pass 7S", "take 7S", "play 7S 7S"])
def test_bad_notation_raises(text):
    with pytest.raises(NotationError):
        Cutin().parse_action(text)


def test_illegal_actions_change_nothing():
    game, match = start(deal_of("7S 7H 8S", "9S"))
    before = match.state
    for seat, text, why in [
        (1, "play 9S", "not seat 1's turn"),
        (0, "play 9S", "not in your hand"),
        (0, "play 7S 8S", "one rank"),
    ]:
        with pytest.raises(IllegalAction, match=why):
            match.act(seat, text)
        assert match.state is before and match.actions == []


def test_errors_say_why_in_japanese_too():
    # every error a player can meet carries its Japanese twin (KirifudaError.ja); game terms keep their names
    game, match = start(deal_of("JC JH 7D 5S 5H 5D 5C", "JS TD KC 9D 4H 4C 8D 3D"))
    cases = [
        (
            0,
            "pass",
            "the start player of a turn must play a set; only the others may pass",
            "ターンのスタートプレイヤーはパスできません。セットを出してください",
        ),
        (0, "play JS", "not in your hand: JS", "手札にありません: ♠J"),
        (0, "play JC 7D", "a set is 1–4 cards of one rank (cutin.md)", "セットは同じ数字のカード1〜4枚です"),
    ]
    for seat, text, english, japanese in cases:
        with pytest.raises(IllegalAction) as err:
            match.act(seat, text)
        assert (str(err.value), err.value.ja) == (english, japanese)
    match.act(0, "play JH JC")
    for text, english, japanese in [
        (
            "play KC",
            "a cut-in single must be of a suit not in ♥J ♣J",
            "カットインの1枚は ♥J ♣J にないスートでなければなりません",
        ),
        (
            "play TD",
            "a cut-in single on ♥J ♣J must be of rank J or higher",
            "♥J ♣J へのカットインは J 以上の1枚でなければなりません",
        ),
        (
            "play 4H 4C",
            "must beat ♥J ♣J with a higher rank, or play more cards",
            "♥J ♣J より強い数字を同じ枚数で出すか、より多い枚数を出してください",
        ),
    ]:
        with pytest.raises(IllegalAction) as err:
            match.act(1, text)
        assert (str(err.value), err.value.ja) == (english, japanese)
    for text, kind, english, japanese in [
        ("", NotationError, "empty action (write e.g. 'play 7S 7H' or 'pass')", "手が空です(例: play 7S 7H、pass)"),
        ("play 7S 7S", NotationError, "the same card twice in 'play 7S 7S'", "同じカードが2回書かれています"),
        (
            "take 7S",
            NotationError,
            "not a Cut-in action: 'take 7S' (write e.g. 'play 7S 7H' or 'pass')",
            "カットインの手ではありません(例: play 7S 7H、pass)",
        ),
    ]:
        with pytest.raises(kind) as err:
            match.act(1, text)
        assert (str(err.value), err.value.ja) == (english, japanese)
    with pytest.raises(DealError) as err:
        game.check_deal(match.state, deal_of())
    assert err.value.ja == "今は配札の時ではありません"


def test_lock_and_set_size_errors_in_japanese_too():
    game, match = start(deal_of("7D 5S 5H 5D 5C", "9D 6S", "8D TD 4S 4H 3S 3H 3D"))
    act_all(match, [(0, "play 7D"), (1, "play 9D")])
    for text, english, japanese in [
        (
            "play TD",
            "lock (ロック) on ♦: order is reversed, play a ♦ lower than ♦9",
            "♦ のロック中は強弱が逆転します。♦9 より下の ♦ を出してください",
        ),
        (
            "play 4S 4H",
            "lock (ロック) on ♦: only single ♦ cards may be played",
            "♦ のロック中です。♦ の1枚出ししかできません",
        ),
    ]:
        with pytest.raises(IllegalAction) as err:
            match.act(2, text)
        assert (str(err.value), err.value.ja) == (english, japanese)
    game, match = start(deal_of("5S 5H 5D 5C 7D", "6S 3S 3H 3D"))
    match.act(0, "play 5S 5H 5D 5C")
    for text, english, japanese in [
        (
            "play 6S",
            "a set of 4 cannot be cut into: play 4 cards higher than ♠5 ♥5 ♦5 ♣5",
            "4枚のセットにはカットインできません。♠5 ♥5 ♦5 ♣5 より強い4枚を出してください",
        ),
        ("play 3S 3H 3D", "must play at least 4 cards on ♠5 ♥5 ♦5 ♣5", "♠5 ♥5 ♦5 ♣5 には4枚以上を出してください"),
    ]:
        with pytest.raises(IllegalAction) as err:
            match.act(1, text)
        assert (str(err.value), err.value.ja) == (english, japanese)


def test_every_rejection_in_random_games_is_bilingual():
    for players in (3, 4, 5):
        game = Cutin(players=players)
        rng = random.Random(players)
        match = Match(game, seed=players)
        probes = ["", "pass", "pass 7S", "play", "play XX", "play 7S 7S", "take 7S", "play 7S 8S"]
        rejected = 0
        while not match.finished:
            seat = match.state.turn
            hand = C.card_list(match.state.hands[seat])
            texts = ["play " + " ".join(C.texts(rng.sample(hand, min(len(hand), k)))) for k in (1, 1, 2, 3)]
            texts += [f"play {C.text(c)}" for c in rng.sample(C.DECK_52, 3)] + probes
            for who in (seat, (seat + 1) % players):
                for text in texts:
                    try:
                        game.apply(match.state, who, text)
                    except KirifudaError as e:
                        assert e.ja, f"{text!r} from seat {who}: {e} has no Japanese twin"
                        rejected += 1
            match.act(seat, rng.choice(match.legal_actions(seat)))
        with pytest.raises(IllegalAction, match="the game is over") as err:
            game.apply(match.state, 0, "pass")
        assert err.value.ja and rejected > 1000


def test_observation_shows_table_passes_lock_and_counts_but_hides_hands():
    game, match = start(deal_of("7D 3S", "9D", "8D", "2C"))
    act_all(match, [(0, "play 7D"), (1, "play 9D")])
    obs = game.observation(match.state, 2)
    assert [(s, str(c)) for s, c in obs.table] == [(0, "7D"), (1, "9D")]
    assert obs.lock and obs.lock_suit == "D" and obs.passed == ()
    assert obs.hand_sizes == (12, 12, 13, 13) and obs.to_act == (2,)
    assert C.parse("8D") in obs.hand and C.parse("3S") not in obs.hand
    match.act(2, "pass")
    obs = game.observation(match.state, None)
    assert obs.hand is None and obs.passed == (2,)
    assert "3S" not in str(obs.to_json())
    for viewer in (0, None):
        shuffled = game.reshuffle_unseen(match.state, viewer, random.Random(1))
        assert shuffled.hands != match.state.hands
        assert game.observation(shuffled, viewer) == game.observation(match.state, viewer)


def test_replay_round_trip_and_illegal_action_index():
    game = Cutin(players=5, next_start="winner")
    match = Match(game, seed=12)
    rng = random.Random(12)
    while not match.finished:
        seat = match.state.turn
        match.act(seat, rng.choice(match.legal_actions(seat)))
    again = replay(match.record())
    assert again.state == match.state and game.totals(again.state) == game.totals(match.state)
    rec = match.record()
    rec["actions"] = [[rec["actions"][0][0], "pass"]]
    with pytest.raises(ReplayError, match="action 0") as err:
        replay(rec)
    assert err.value.index == 0


# --- legal-set generation: exact counts and perft against brute force ------------------------------

FULL = C.mask(C.DECK_52)


@pytest.mark.parametrize(
    "top,lock,count",
    [
        (None, None, 195),  # every set of every rank: 13 × 15
        ("7S", None, 175),  # higher singles 8 × 4, pairs 78, threes 52, fours 13
        ("7S 7H", None, 131),  # higher pairs 8 × 6, threes 52, fours 13, cut-in ♦/♣ 7+ : 9 × 2
        ("7S 7H 7C", None, 54),  # higher threes 8 × 4, fours 13, cut-in ♦ 7+ : 9
        ("7S 7H 7D 7C", None, 8),  # only higher fours
        ("9D", C.DIAMONDS, 6),  # lock ♦ under ♦9: ♦3 … ♦8
        ("2S", None, 143),  # nothing beats the 2 single: pairs 78, threes 52, fours 13
        ("3S", C.SPADES, 0),  # under a lock nothing is lower than the 3
    ],
)
def test_legal_set_counts_full_deck(top, lock, count):
    sets = legal_sets(FULL, None if top is None else m(top), lock)
    assert len(sets) == count and len(set(sets)) == count  # counted by hand (2^52 subsets: no brute force)


@pytest.mark.parametrize(
    "hand,top,lock,expected",
    [
        ("7S 7H 7D 7C", None, None, 15),  # every subset of four cards
        (
            "3S 3H 3D 8D 8C KS KD",
            "5H 5C",
            None,  # pairs 8 K; three 3s; cut-in ♠K ♦K ♦8
            ["play 8D", "play 8D 8C", "play KS", "play KD", "play KS KD", "play 3S 3H 3D"],
        ),
        (
            "3S 3H 3D 8D 8C KS KD",
            "5H",
            None,  # singles above 5; every pair; the three
            [
                "play 8D",
                "play 8C",
                "play KS",
                "play KD",
                "play 3S 3H",
                "play 3S 3D",
                "play 3H 3D",
                "play 8D 8C",
                "play KS KD",
                "play 3S 3H 3D",
            ],
        ),
        (
            "3S 3H 3D 8D 8C KS KD",
            "QD",
            C.DIAMONDS,  # lock ♦ under ♦Q: ♦3 ♦8 (♦K is higher)
            ["play 3D", "play 8D"],
        ),
    ],
)
def test_legal_set_counts_fixed_hands(hand, top, lock, expected):
    got = [str(a) for a in legal_sets(m(hand), None if top is None else m(top), lock)]
    assert sorted(got) == sorted(brute_sets(m(hand), None if top is None else m(top), lock))
    if isinstance(expected, int):
        assert len(got) == expected
    else:
        assert sorted(got) == sorted(expected)


def strength(card: int) -> int:
    """Rule text: 3 < 4 < … < K < A < 2 (written independently of the module's table)."""
    return (C.rank_of(card) - 1) % 13


def brute_sets(hand: int, top: int | None, lock: int | None) -> list[str]:
    """Every subset of ``hand`` (all 2^n, as sub-masks), filtered by the rule text of cutin.md "A hand"."""
    t_cards = C.card_list(top) if top is not None else []
    out = []
    sub = hand
    while sub:
        chosen = C.card_list(sub) if sub.bit_count() <= 4 else ()
        sub = (sub - 1) & hand
        if not chosen or len({C.rank_of(c) for c in chosen}) != 1:
            continue  # a set is 1–4 cards of one rank
        if t_cards:
            s, ts = strength(chosen[0]), strength(t_cards[0])
            if lock is not None:
                # lock: singles of the locked suit, order reversed
                ok = len(chosen) == 1 and C.suit_of(chosen[0]) == lock and s < ts
            else:
                ok = (
                    (len(chosen) == len(t_cards) and s > ts)  # 1. same count, higher
                    or len(chosen) > len(t_cards)  # 2. more cards, any rank
                    or (
                        len(t_cards) in (2, 3)
                        and len(chosen) == 1  # 3. cut-in
                        and C.suit_of(chosen[0]) not in {C.suit_of(c) for c in t_cards}
                        and s >= ts
                    )
                )
            if not ok:
                continue
        out.append("play " + " ".join(C.texts(chosen)))
    return out


def brute_legal(state, seat: int) -> list[str]:
    top = state.table[-1][1] if state.table else None
    out = brute_sets(state.hands[seat], top, state.lock_suit)
    if state.table:
        out.append("pass")  # everyone but the turn's start player may pass
    return out


def perft(game: Cutin, state, depth: int, moves) -> int:
    """The number of distinct action sequences of ``depth`` from ``state`` (fewer where the hand ends)."""
    if depth == 0 or game.chance(state) or game.is_over(state):
        return 1
    seat = state.turn
    return sum(perft(game, game.apply(state, seat, a), depth - 1, moves) for a in moves(game, state, seat))


def fast(game, state, seat):
    return game.legal_actions(state, seat)


def brute(game, state, seat):
    return brute_legal(state, seat)


def same_everywhere(game, state, depth: int) -> int:
    """Walk every sequence to ``depth`` checking the fast and brute-force sets agree at every node."""
    if depth == 0 or game.chance(state) or game.is_over(state):
        return 1
    seat = state.turn
    moves = game.legal_actions(state, seat)
    texts = [str(a) for a in moves]
    assert len(set(texts)) == len(texts) and sorted(texts) == sorted(brute_legal(state, seat))
    return sum(same_everywhere(game, game.apply(state, seat, a), depth - 1) for a in moves)


def positions(players: int, seed: int, walk: int):
    """The fixed deal of ``seed`` and the position after ``walk`` random actions."""
    game = Cutin(players=players)
    state = game.initial()
    state = game.apply_deal(state, game.random_deal(state, chance_rng(seed, 0)))
    rng = random.Random(seed)
    for _ in range(walk):
        state = game.apply(state, state.turn, rng.choice(game.legal_actions(state, state.turn)))
    return game, state


@pytest.mark.parametrize("players,seed,depth,count", [(5, 2024, 4, 3509), (4, 7, 3, 1295), (3, 3, 2, 272)])
def test_perft_fixed_deal_fast_equals_brute_force(players, seed, depth, count):
    game, state = positions(players, seed, 0)
    assert perft(game, state, depth, fast) == count
    assert perft(game, state, depth, brute) == count


@pytest.mark.parametrize("seed,walk,depth", [(99, 3, 4), (99, 9, 5), (99, 17, 6), (5, 30, 6), (6, 40, 7)])
def test_perft_midgame_positions_across_laps(seed, walk, depth):
    game, state = positions(5, seed, walk)
    assert same_everywhere(game, state, depth) == perft(game, state, depth, brute)
