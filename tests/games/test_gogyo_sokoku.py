"""Gogyō Sōkoku scenario tests, named after the rule they pin (../shared/rules/gogyo-sokoku.md,
"A deal" items 1–6, "Scoring a deal", "A game"; kirifuda rulings K1–K4 in docs/rules/gogyo-sokoku.md)."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kirifuda import cards as C
from kirifuda.core import Deal, DealError, IllegalAction, KirifudaError, NotationError, OptionError
from kirifuda.games.gogyo_sokoku import (
    DOUBLE,
    OVER,
    PARTNER_MAPS,
    PLAY,
    SINGLE,
    GogyoSokoku,
    GogyoState,
    Play,
    deal_score,
    mode_of,
    partners_of,
    points_of,
)
from kirifuda.match import Match
from kirifuda.records import replay


def cs(text: str) -> tuple[int, ...]:
    return tuple(C.parse_many(text))


def deal(hands: list[str], table: str) -> Deal:
    return Deal(tuple(cs(h) for h in hands), rest=cs(table))


# Starting card ♥A (the highest heart), other table card ♣3 (zero: single partnership).
# Seat 1 (the dealer's left) holds one heart; seat 2 is void in hearts and spades.
HEART_START = deal(
    [
        "5H 4H 3H 8S 7S 6S 5S 4S 3S 2S",
        "2H AD KD QD JD TD 9D 8D 7D 6D",
        "5D 4D 3D 2D AC KC QC JC TC 9C",
        "KH QH JH TH 8C 7C 6C 5C 4C 2C",
        "9H 8H 7H 6H AS KS QS JS TS 9S",
    ],
    "AH 3C",
)

# The same, but seats 2 and 4 exchange their spades and clubs: seat 2 is void in hearts and may trump.
HEART_START_TRUMP = deal(
    [
        "5H 4H 3H 8S 7S 6S 5S 4S 3S 2S",
        "2H AD KD QD JD TD 9D 8D 7D 6D",
        "5D 4D 3D 2D AS KS QS JS TS 9S",
        "KH QH JH TH 8C 7C 6C 5C 4C 2C",
        "9H 8H 7H 6H AC KC QC JC TC 9C",
    ],
    "AH 3C",
)

# Starting card ♠A — a spade (trump) and the highest card of the deck — other table card ♦2.
SPADE_START = deal(
    [
        "7S 6S 5S 4S 3S 7D 6D 5D 4D 3D",
        "2S AH KH QH JH TH 9H 8H 7H 6H",
        "5H 4H 3H 2H AD KD QD JD TD 9D",
        "KS QS AC KC QC JC TC 9C 8C 7C",
        "JS TS 9S 8S 6C 5C 4C 3C 2C 8D",
    ],
    "AS 2D",
)


def start(d: Deal, **options) -> tuple[GogyoSokoku, Match]:
    game = GogyoSokoku(**options)
    return game, Match(game, deals=[d])


def play_all(m: Match, plays: list[tuple[int, str]]) -> None:
    for seat, card in plays:
        m.act(seat, f"play {card}")


# --- "A deal" 1: dealing and the table cards ---------------------------------------------------


def test_deal_from_dealers_left_ten_each_rule1():
    game = GogyoSokoku(first_dealer=3)
    d = game.random_deal(game.initial(), random.Random(7))
    pack = list(C.DECK_52)
    random.Random(7).shuffle(pack)
    # one at a time clockwise from the dealer's left (seat 4), 10 each
    assert [len(h) for h in d.hands] == [10] * 5
    assert d.hands[4][:2] == (pack[0], pack[5]) and d.hands[0][0] == pack[1] and d.hands[3][0] == pack[4]
    assert d.hands[3][-1] == pack[49]
    # the two cards left over are the table cards; the upper (next in the pack) is the starting card
    assert d.rest == (pack[50], pack[51])


def test_table_cards_are_rest_pile_first_is_starting_card_rule1():
    game, m = start(HEART_START)
    assert m.state.table == cs("AH 3C")
    for viewer in (None, 0, 2):
        obs = game.observation(m.state, viewer)
        assert (obs.starting_card, obs.other_table_card) == ("AH", "3C")  # both face up: public
        assert obs.table_taker is None


def test_deal_needs_two_table_cards_and_ten_each_rule1():
    game = GogyoSokoku()
    bad_rest = Deal(HEART_START.hands, rest=cs("AH"))
    with pytest.raises(DealError, match="'rest' must hold 2 cards"):
        game.check_deal(game.initial(), bad_rest)
    short = Deal(HEART_START.hands[:4] + (HEART_START.hands[4][:9],), rest=cs("AH 3C 9S"))
    with pytest.raises(DealError, match="hand 4 must hold 10 cards, not 9"):
        game.check_deal(game.initial(), short)


# --- "A deal" 2–3: partnership mode and one-way partners ---------------------------------------


def test_double_partnership_when_both_table_cards_score_rule2():
    assert mode_of(cs("TH KC")) == DOUBLE
    assert mode_of(cs("AH 3C")) == SINGLE  # one zero card is enough for single
    assert mode_of(cs("9H AC")) == SINGLE
    assert mode_of(cs("2H 3C")) == SINGLE


def test_double_mode_chosen_from_the_dealt_table_cards_rule2():
    d = Deal(HEART_START.hands[:4] + (cs("9H 8H 7H 6H 3C KS QS JS TS 9S"),), rest=cs("AH AS"))
    game, m = start(d)
    assert m.state.mode == DOUBLE
    assert game.observation(m.state, 0).mode == "double"


def test_single_partners_one_way_i_plus_3_rule3():
    # A→D, B→E, C→A, D→B, E→C
    assert PARTNER_MAPS[SINGLE] == ((3,), (4,), (0,), (1,), (2,))
    assert partners_of(0, SINGLE) == (3,) and partners_of(3, SINGLE) == (1,)  # D is A's, A is not D's


def test_double_partners_one_way_i_plus_2_and_3_rule3():
    # A→C,D; B→D,E; C→E,A; D→A,B; E→B,C
    assert PARTNER_MAPS[DOUBLE] == ((2, 3), (3, 4), (4, 0), (0, 1), (1, 2))


def test_observation_shows_own_partners_and_mode_rule3():
    game, m = start(HEART_START)
    obs = game.observation(m.state, 2)
    assert obs.mode == "single" and obs.partners == (0,)
    assert obs.partner_map == ((3,), (4,), (0,), (1,), (2,))
    assert game.observation(m.state, None).partners == ()


# --- "A deal" 4: trick 1, led by the starting card ---------------------------------------------


def test_trick1_dealer_left_plays_first_rule4():
    game, m = start(HEART_START, first_dealer=4)
    assert m.to_act() == {0}
    with pytest.raises(IllegalAction, match="not seat 1's turn: waiting for seat 0"):
        m.act(1, "play 2H")


def test_trick1_all_five_play_rule4():
    game, m = start(HEART_START)
    play_all(m, [(1, "2H"), (2, "2D"), (3, "KH"), (4, "9H")])
    assert m.to_act() == {0}  # the dealer plays too: five cards, the starting card is a sixth
    m.act(0, "play 5H")
    assert m.state.trick_index == 1


def test_starting_card_highest_of_its_suit_never_wins_rule4():
    game, m = start(HEART_START)
    play_all(m, [(1, "2H"), (2, "2D"), (3, "KH"), (4, "9H"), (0, "5H")])
    # ♥A (the starting card) is above ♥K, yet ♥K — the highest heart played — takes trick 1
    assert m.state.last_winner == 3 and m.state.table_taker == 3


def test_trick1_winner_takes_seven_cards_and_leads_rule4():
    game, m = start(HEART_START)
    play_all(m, [(1, "2H"), (2, "2D"), (3, "KH"), (4, "9H"), (0, "5H")])
    assert m.state.captured[3] == C.mask(cs("2H 2D KH 9H 5H AH 3C"))
    assert m.state.tricks_won == (0, 0, 0, 1, 0)
    assert m.to_act() == {3}
    assert m.state.lead_suit is None  # seat 3 leads trick 2 freely
    assert {str(a) for a in m.legal_actions(3)} == {
        "play QH",
        "play JH",
        "play TH",
        "play 8C",
        "play 7C",
        "play 6C",
        "play 5C",
        "play 4C",
        "play 2C",
    }


def test_must_follow_starting_card_suit_rule4():
    game, m = start(HEART_START)
    assert [str(a) for a in m.legal_actions(1)] == ["play 2H"]
    before = m.state
    with pytest.raises(IllegalAction, match="must follow the starting card's suit \\(開始札\\) ♥"):
        m.act(1, "play AD")
    assert m.state is before and m.actions == []


def test_void_in_starting_suit_may_discard_rule4():
    game, m = start(HEART_START)
    m.act(1, "play 2H")
    # seat 2 holds no heart (and no spade): every card is playable
    assert len(m.legal_actions(2)) == 10
    m.act(2, "play AC")
    play_all(m, [(3, "TH"), (4, "6H"), (0, "3H")])
    assert m.state.last_winner == 3  # a discard never wins


def test_void_in_starting_suit_may_trump_and_wins_rule4():
    game, m = start(HEART_START_TRUMP)
    play_all(m, [(1, "2H"), (2, "9S"), (3, "KH"), (4, "9H"), (0, "5H")])
    assert m.state.last_winner == 2  # the highest spade played takes trick 1
    assert m.state.captured[2] == C.mask(cs("2H 9S KH 9H 5H AH 3C"))
    assert points_of(m.state.captured[2]) == 2
    assert m.to_act() == {2}


def test_spade_starting_card_highest_spade_played_wins_rule4():
    game, m = start(SPADE_START)
    assert m.state.lead_suit == C.SPADES
    with pytest.raises(IllegalAction, match="must follow the starting card's suit \\(開始札\\) ♠"):
        m.act(1, "play AH")
    play_all(m, [(1, "2S"), (2, "2H"), (3, "QS"), (4, "JS"), (0, "7S")])
    # ♠A, the starting card, is the highest trump of all, yet ♠Q — the highest spade played — wins
    assert m.state.last_winner == 3
    assert m.state.captured[3] == C.mask(cs("2S 2H QS JS 7S AS 2D"))
    assert points_of(m.state.captured[3]) == 3  # ♠Q ♠J and the starting card ♠A


def test_spade_starting_card_second_spade_played_beats_lower_rule4():
    game, m = start(SPADE_START)
    play_all(m, [(1, "2S"), (2, "AD"), (3, "KS"), (4, "8S"), (0, "3S")])
    assert m.state.last_winner == 3 and m.state.tricks_won == (0, 0, 0, 1, 0)


# --- "A deal" 5: tricks 2–10 --------------------------------------------------------------------


def _after_trick1() -> tuple[GogyoSokoku, Match]:
    game, m = start(HEART_START)
    play_all(m, [(1, "2H"), (2, "2D"), (3, "KH"), (4, "9H"), (0, "5H")])
    return game, m


def test_later_tricks_must_follow_suit_led_rule5():
    game, m = _after_trick1()
    m.act(3, "play 8C")
    # seat 4 holds no club: free; seat 0 holds no club either
    assert len(m.legal_actions(4)) == 9
    m.act(4, "play 8H")
    assert len(m.legal_actions(0)) == 9
    m.act(0, "play 2S")  # trumps
    with pytest.raises(IllegalAction, match="not seat 2's turn: waiting for seat 1"):
        m.act(2, "play AC")
    m.act(1, "play 6D")  # void in clubs: discards
    with pytest.raises(IllegalAction, match="must follow suit ♣"):
        m.act(2, "play 5D")
    m.act(2, "play AC")
    # spades are always trump: ♠2 beats ♣A
    assert m.state.last_winner == 0 and m.to_act() == {0}
    assert m.state.captured[0] == C.mask(cs("8C 8H 2S 6D AC"))


def test_winner_leads_next_trick_highest_of_suit_led_rule5():
    game, m = _after_trick1()
    play_all(m, [(3, "QH"), (4, "8H"), (0, "4H"), (1, "AD"), (2, "AC")])
    assert m.state.last_winner == 3 and m.to_act() == {3}


# --- "A deal" 6: public points; K1–K3 ------------------------------------------------------------


def test_captured_points_public_zero_cards_face_down_rule6_K1():
    game, m = _after_trick1()
    obs = game.observation(m.state, 1)
    assert obs.point_cards[3] == C.CardSet(cs("KH AH"))
    assert obs.points == (0, 0, 0, 2, 0)
    assert obs.captured_counts == (0, 0, 0, 7, 0) and obs.tricks_won == (0, 0, 0, 1, 0)
    assert obs.last_trick == ((1, "2H"), (2, "2D"), (3, "KH"), (4, "9H"), (0, "5H"))  # K2: still in view
    m.act(3, "play 8C")
    for viewer in (None, 1, 3):
        text = json.dumps(game.observation(m.state, viewer).to_json())
        # the captured zero cards ♦2 ♥2 ♥9 ♥5 are now face down: nobody sees them, not even seat 3
        for hidden in ("2D", "2H", "9H", "5H"):
            assert f'"{hidden}"' not in text
        assert '"3C"' in text  # K3: the table cards stay public


def test_last_trick_in_view_until_next_lead_K2():
    game, m = _after_trick1()
    assert game.observation(m.state, None).last_winner == 3
    m.act(3, "play QH")
    obs = game.observation(m.state, None)
    assert obs.last_trick == () and obs.last_winner is None and obs.trick == ((3, "QH"),)


def test_observation_hides_hands():
    game, m = start(HEART_START)
    obs = game.observation(m.state, 2)
    assert obs.hand == C.CardSet(cs("5D 4D 3D 2D AC KC QC JC TC 9C"))
    assert obs.hand_sizes == (10,) * 5
    text = json.dumps(obs.to_json())
    assert '"AD"' not in text and '"KS"' not in text
    assert game.observation(m.state, None).hand is None


def test_reshuffle_keeps_every_observation():
    game = GogyoSokoku()
    rng = random.Random(3)
    m = Match(game, seed=3)
    changed = 0
    for step in range(120):
        (seat,) = m.to_act()
        for viewer in (*range(5), None):
            again = game.reshuffle_unseen(m.state, viewer, random.Random(step))
            assert game.observation(again, viewer) == game.observation(m.state, viewer)
            assert sorted(game.all_cards(again)) == sorted(C.DECK_52)
            changed += again != m.state
        m.act(seat, rng.choice(m.legal_actions(seat)))
    assert changed > 500  # the hidden cards really move


# --- scoring ----------------------------------------------------------------------------------------

POINT_CARDS = "AS KS QS JS TS AH KH QH JH TH AD KD QD JD TD AC KC QC JC TC"


def _last_trick_state(mode: str, point_split: tuple[int, ...]) -> GogyoState:
    """Trick 10 of deal 1, seat 0 to lead: each seat holds one low club; the captured piles hold
    ``point_split`` points (the rest of the zero cards in seat 0's pile)."""
    points = cs(POINT_CARDS)
    hands = cs("2C 3C 4C 5C 6C")
    table = cs("TH KC") if mode == DOUBLE else cs("TH 9D")
    captured, k = [], 0
    for n in point_split:
        captured.append(C.mask(points[k : k + n]))
        k += n
    zeros = C.mask(C.DECK_52) & ~C.mask(points) & ~C.mask(hands)
    captured[0] |= zeros
    return GogyoState(
        phase=PLAY,
        deal_index=0,
        dealer=4,
        turn=0,
        hands=tuple(1 << c for c in hands),
        table=table,
        mode=mode,
        trick_index=9,
        lead_suit=None,
        trick=(),
        captured=tuple(captured),
        tricks_won=(9, 0, 0, 0, 0),
        table_taker=0,
        last_trick=(),
        last_winner=None,
        scores=(),
    )


def _finish(state: GogyoState) -> GogyoState:
    game = GogyoSokoku(first_dealer=4)
    for seat, card in enumerate(["2C", "3C", "4C", "5C", "6C"]):
        state = game.apply(state, seat, f"play {card}")
    return state


def test_single_score_own_equal_partner_is_own_scoring():
    # seat 0 (4) and its partner seat 3 (4): equal → 4; seat 3 (4) below its partner seat 1 (6) → 4
    state = _finish(_last_trick_state(SINGLE, (4, 6, 2, 4, 4)))
    assert state.scores == ((4, -2, 2, 4, -2),)


def test_single_score_own_above_partner_is_negative_difference_scoring():
    # seat 1 (6) above its partner seat 4 (4) → 4 − 6 = −2; seat 4 (4) above seat 2 (2) → −2
    assert deal_score((4, 6, 2, 4, 4), SINGLE) == (4, -2, 2, 4, -2)
    assert deal_score((0, 0, 0, 0, 20), SINGLE) == (0, 0, 0, 0, -20)
    assert deal_score((5, 5, 5, 5, 0), SINGLE) == (5, -5, 5, 5, 0)


def test_double_score_distance_from_12_scoring():
    # partners 0→2,3  1→3,4  2→4,0  3→0,1  4→1,2; sums 12, 12, 14, 11, 11
    state = _finish(_last_trick_state(DOUBLE, (5, 2, 3, 4, 6)))
    assert state.scores == ((0, 0, -2, -1, -1),)
    assert deal_score((4, 4, 4, 4, 4), DOUBLE) == (0, 0, 0, 0, 0)
    assert deal_score((20, 0, 0, 0, 0), DOUBLE) == (-8, -12, -8, -8, -12)


def test_scores_now_shown_in_observation_scoring():
    game = GogyoSokoku(first_dealer=4)
    state = _last_trick_state(SINGLE, (4, 6, 2, 4, 4))
    obs = game.observation(state, 2)
    assert obs.points == (4, 6, 2, 4, 4) and obs.scores_now == (4, -2, 2, 4, -2)


# --- a game: 5 deals, dealer clockwise, totals and shared wins -----------------------------------


def test_five_deals_dealer_passes_clockwise_game():
    game = GogyoSokoku(first_dealer=3)
    rng = random.Random(11)
    m = Match(game, seed=11)
    dealers, first_players = [], []
    while not m.finished:
        s = m.state
        if s.trick_index == 0 and not s.trick:
            dealers.append(s.dealer)
            first_players.append(s.turn)
        (seat,) = m.to_act()
        m.act(seat, rng.choice(m.legal_actions(seat)))
    assert dealers == [3, 4, 0, 1, 2]
    assert first_players == [4, 0, 1, 2, 3]
    scores = game.deal_scores(m.state)
    assert len(scores) == 5
    assert game.totals(m.state) == tuple(sum(d[i] for d in scores) for i in range(5))
    with pytest.raises(IllegalAction, match="the game is over"):
        game.apply(m.state, 0, "play AS")


def test_ties_share_the_win_game():
    game = GogyoSokoku()
    state = dataclasses.replace(
        game.initial(),
        phase=OVER,
        deal_index=5,
        scores=((4, 4, 0, -2, 1), (0, 0, 3, 0, 1), (1, 1, 0, 0, 0), (0, 0, 0, 0, 0), (-1, -1, 0, 0, 0)),
    )
    assert game.totals(state) == (4, 4, 3, -2, 2)
    assert game.winners(state) == (0, 1)
    assert not game.winners(game.initial())


# --- options, notation, records, view ----------------------------------------------------------------


def test_options_players_only_five_first_dealer_seat():
    assert GogyoSokoku().options.players == 5
    with pytest.raises(OptionError, match="'players' takes one of 5, not 4"):
        GogyoSokoku(players=4)
    with pytest.raises(OptionError, match="first_dealer"):
        GogyoSokoku(first_dealer=5)
    assert GogyoSokoku(first_dealer=4).options.to_dict() == {"players": 5, "first_dealer": 4}


def test_notation_round_trip_and_spellings():
    game = GogyoSokoku()
    for text in ("play QS", "play TH", "play 2C", "play AD"):
        assert str(game.parse_action(text)) == text
    for spelling in ("play 10h", "PLAY th", "play ♥10", "play 10♥", " play  TH "):
        assert game.parse_action(spelling) == Play(C.parse("TH"))


@pytest.mark.parametrize("text", ["", "play", "play 1H", "play AS KS", "lead AS", "play JK"])
def test_bad_notation_is_rejected(text):
    game, m = start(HEART_START)
    before = m.state
    with pytest.raises(NotationError):
        m.act(1, text)
    assert m.state is before


def test_card_not_in_hand_rejected_state_unchanged():
    game, m = start(HEART_START)
    before = m.state
    with pytest.raises(IllegalAction, match="5H is not in your hand"):
        game.apply(before, 1, "play 5H")
    assert m.state is before and m.legal_actions(1) == [Play(C.parse("2H"))]


def test_errors_say_why_in_japanese_too():
    # every error a player can meet carries its Japanese twin (KirifudaError.ja); game terms keep their names
    game, m = start(HEART_START)
    cases = [
        (
            1,
            "play AD",
            IllegalAction,
            "must follow the starting card's suit (開始札) ♥",
            "開始札のスート ♥ を持っているのでフォローが必要です",
        ),
        (1, "play 5H", IllegalAction, "5H is not in your hand", "♥5 は手札にありません"),
        (
            1,
            "lead AS",
            NotationError,
            "not a Gogyō Sōkoku action: 'lead AS' (write 'play QS')",
            "五行相克の手ではありません(例: play QS)",
        ),
        (
            1,
            "play JK",
            NotationError,
            "JK: not a card of Gogyō Sōkoku (52 cards, no Joker)",
            "JK: 五行相克のカードではありません(52枚、ジョーカーなし)",
        ),
        (
            2,
            "play 2D",
            IllegalAction,
            "not seat 2's turn: waiting for seat 1",
            "席 2 の手番ではありません(席 1 の手番です)",
        ),
    ]
    for seat, text, kind, english, japanese in cases:
        with pytest.raises(kind) as err:
            m.act(seat, text)
        assert (str(err.value), err.value.ja) == (english, japanese)
    _, later = _after_trick1()
    later.act(3, "play 8C")
    later.act(4, "play 8H")
    later.act(0, "play 2S")
    later.act(1, "play 6D")
    with pytest.raises(IllegalAction) as err:
        later.act(2, "play 5D")
    assert (str(err.value), err.value.ja) == ("must follow suit ♣", "♣ を持っているのでフォローが必要です")
    with pytest.raises(DealError) as err:
        game.check_deal(m.state, HEART_START)
    assert err.value.ja == "今は配札の時ではありません"


def test_every_rejection_in_random_games_is_bilingual():
    game = GogyoSokoku()
    rng = random.Random(5)
    m = Match(game, seed=5)
    probes = ["", "play", "play 1H", "play AS KS", "lead AS", "play JK", "pass"]
    rejected = 0
    while not m.finished:
        (seat,) = m.to_act()
        for text in [f"play {C.text(c)}" for c in rng.sample(C.DECK_52, 6)] + probes:
            for who in (seat, (seat + 1) % 5):
                try:
                    game.apply(m.state, who, text)
                except KirifudaError as e:
                    assert e.ja, f"{text!r} from seat {who}: {e} has no Japanese twin"
                    rejected += 1
        m.act(seat, rng.choice(m.legal_actions(seat)))
    for seat in range(5):
        with pytest.raises(IllegalAction, match="the game is over") as err:
            game.apply(m.state, seat, "play AS")
        assert err.value.ja
    assert rejected > 1000


def test_legal_actions_canonical_order():
    game, m = start(HEART_START_TRUMP)
    m.act(1, "play 2H")
    assert [str(a) for a in m.legal_actions(2)] == [
        "play AS",
        "play KS",
        "play QS",
        "play JS",
        "play TS",
        "play 9S",
        "play 5D",
        "play 4D",
        "play 3D",
        "play 2D",
    ]
    assert m.legal_actions(3) == []


def test_record_replays_to_the_same_state():
    game, m = start(SPADE_START)
    play_all(m, [(1, "2S"), (2, "2H"), (3, "QS"), (4, "JS"), (0, "7S"), (3, "KS")])
    record = json.loads(json.dumps(m.record()))
    assert record["deals"][0]["rest"] == ["AS", "2D"]
    assert replay(record).state == m.state


# --- properties over random games ----------------------------------------------------------------------


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**31), dealer=st.integers(0, 4))
def test_random_games_conserve_cards_and_score_identities(seed, dealer):
    game = GogyoSokoku(first_dealer=dealer)
    rng = random.Random(seed)
    state, deals = game.initial(), 0
    while not game.is_over(state):
        if game.chance(state) == "deal":
            state = game.apply_deal(state, game.random_deal(state, random.Random(seed + deals)))
            deals += 1
            continue
        assert sorted(game.all_cards(state)) == sorted(C.DECK_52)
        (seat,) = game.to_act(state)
        legal = game.legal_actions(state, seat)
        assert legal
        state = game.apply(state, seat, rng.choice(legal))
        if state.phase != PLAY:  # a deal just ended
            points = tuple(points_of(c) for c in state.captured)
            assert sum(points) == 20 and sum(c.bit_count() for c in state.captured) == 52
            score = state.scores[-1]
            if state.mode == DOUBLE:
                assert all(v <= 0 for v in score)
            else:
                for i, v in enumerate(score):
                    partner = points[(i + 3) % 5]
                    assert v == (points[i] if points[i] <= partner else partner - points[i])
    assert deals == 5 and len(game.deal_scores(state)) == 5
