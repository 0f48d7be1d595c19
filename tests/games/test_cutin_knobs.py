"""Cut-in's design knobs (issue 13; docs/rules/cutin.md "Design knobs", rulings K4–K15): one scenario per
knob and ruling, from set-up deals, asserting the exact outcome. The defaults are the article's game
(tests/games/test_cutin.py and the golden records pin it)."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from kirifuda import cards as C
from kirifuda.core import Deal, IllegalAction, KirifudaError, OptionError
from kirifuda.games.cutin import JOKER_BITS, Cutin, Play, hand_score, make_deck
from kirifuda.match import Match
from kirifuda.records import dumps, replay
from kirifuda.registry import make

JK = C.JOKER
JK2 = C.JOKER | C.COPY


def cards_of(*texts: str) -> list[list[int]]:
    """The cards of each text; the second ``JK`` met (in any text) is the second Joker."""
    out: list[list[int]] = []
    jokers = 0
    for text in texts:
        cards = []
        for c in C.parse_many(text):
            if c == JK:
                c, jokers = (JK if jokers == 0 else JK2), jokers + 1
            cards.append(c)
        out.append(cards)
    return out


def m(text: str) -> int:
    return C.mask(cards_of(text)[0])


def deal_of(game: Cutin, *hands: str) -> Deal:
    """A deal of ``game`` giving seat i the cards of ``hands[i]``; the other cards fill the later seats and the
    rest in the order of the game's pack."""
    given = cards_of(*hands)
    used = {c for h in given for c in h}
    pool = [c for c in game.deck() if c not in used]
    out = []
    for seat in range(game.n):
        hand = given[seat] if seat < len(given) else []
        need = game.hand_size - len(hand)
        out.append(tuple(hand) + tuple(pool[:need]))
        pool = pool[need:]
    return Deal(tuple(out), rest=tuple(pool))


def start(*hands: str, **options) -> tuple[Cutin, Match]:
    """A match whose first deal gives seat i the cards of ``hands[i]`` (and others from the pack)."""
    game = Cutin(**options)
    return game, Match(game, deals=[deal_of(game, *hands)])


def exact(*hands: str, **options) -> tuple[Cutin, Match]:
    """A match in which seat i holds exactly the cards of ``hands[i]`` (a position late in a hand, built by hand
    from a real deal: only the hands are replaced)."""
    game, match = start(*hands, **options)
    match.state = dataclasses.replace(match.state, hands=tuple(C.mask(h) for h in cards_of(*hands)))
    return game, match


def legal(match: Match, seat: int) -> list[str]:
    return [str(a) for a in match.legal_actions(seat)]


def act_all(match: Match, moves: list[tuple[int, str]]) -> None:
    for seat, text in moves:
        match.act(seat, text)


# --- the defaults are the article's game -----------------------------------------------------------------


def test_defaults_are_the_article_game():
    game = Cutin()
    assert game.options.to_dict() == {
        "players": 4,
        "first_dealer": 0,
        "next_start": "rotate",
        "jokers": 0,
        "deck": "52",
        "cut_in": True,
        "lock": True,
        "more_cards": True,
        "pass_style": "lap",
        "scoring": "rank",
    }
    assert game.deck() == C.DECK_52 and (game.hand_size, game.rest_size) == (13, 0)
    # a record written before the knobs existed names only the old options: it replays as the same game
    old = Cutin(players=5, next_start="winner")
    assert make("cutin", {"players": 5, "next_start": "winner"}).options == old.options


# --- card set and player count: jokers, deck, players (seed ①②) ------------------------------------------


@pytest.mark.parametrize(
    "options,size,rest",
    [
        ({"players": 6}, 8, 4),  # K4
        ({"players": 6, "jokers": 2}, 8, 6),  # K5: Jokers do not make hands bigger
        ({"players": 4, "jokers": 1}, 13, 1),
        ({"players": 3, "deck": "40"}, 13, 1),  # K5: the largest equal share of a smaller pack
        ({"players": 3, "deck": "40", "jokers": 2}, 14, 0),
        ({"players": 5, "deck": "40"}, 8, 0),
        ({"players": 4, "deck": "32", "jokers": 2}, 8, 2),
    ],
)
def test_hand_sizes_K4_K5(options, size, rest):
    game = Cutin(**options)
    deal = game.random_deal(game.initial(), random.Random(3))
    assert [len(h) for h in deal.hands] == [size] * game.n and len(deal.rest) == rest
    game.check_deal(game.initial(), deal)


@pytest.mark.parametrize(
    "options,english,japanese",
    [
        (
            {"players": 6, "deck": "40"},
            'a pack of 40 cards (deck "40", jokers 0) gives 6 players only 6 cards each; a hand needs at least 8 (K6)',
            "40枚の山札を6人で分けると1人6枚で、手札には最低8枚が必要です(K6)",
        ),
        (
            {"players": 5, "deck": "32", "jokers": 2},
            'a pack of 34 cards (deck "32", jokers 2) gives 5 players only 6 cards each; a hand needs at least 8 (K6)',
            "34枚の山札を5人で分けると1人6枚で、手札には最低8枚が必要です(K6)",
        ),
    ],
)
def test_too_small_hands_are_refused_with_the_reason_K6(options, english, japanese):
    with pytest.raises(OptionError) as err:
        make("cutin", options)
    assert (str(err.value), err.value.ja) == (english, japanese)
    record = {"format": "kirifuda-record/1", "game": "cutin", "options": options, "seed": 1, "actions": []}
    with pytest.raises(KirifudaError, match="a hand needs at least 8"):
        replay(record)


def test_stripped_packs_leave_out_the_weakest_ranks_K7():
    ranks = {deck: sorted({C.RANKS[C.rank_of(c)] for c in make_deck(deck, 0)}) for deck in ("40", "32")}
    assert ranks["40"] == sorted("6789TJQKA2") and ranks["32"] == sorted("89TJQKA2")
    assert make_deck("52", 2)[-2:] == (JK, JK2) and len(make_deck("40", 1)) == 41


# --- Jokers (K8–K12) ----------------------------------------------------------------------------------


def test_joker_joins_a_set_as_one_more_card_of_its_rank_K8():
    game, match = exact("7S 7H 7D 7C JK", "3S", "4S", "5S", jokers=1)
    texts = legal(match, 0)
    assert {"play 7S JK", "play 7S 7H JK", "play 7S 7H 7D JK", "play JK"} <= set(texts)
    assert len(texts) == 15 + 4 + 6 + 4 + 1  # natural sets; with the Joker: 4 singles, 6 pairs, 4 threes; JK alone
    with pytest.raises(IllegalAction, match="Jokers among them"):
        match.act(0, "play 7S 7H 7D 7C JK")  # five cards are no set
    match.act(0, "play jk 7h 7s")  # any order and spelling
    assert match.state.table == ((0, m("7S 7H JK")),)
    assert str(game.parse_action("play JK 7H 7S")) == "play 7S 7H JK"


def test_jokers_alone_rank_above_the_2_K9():
    game, match = exact("JK 2S", "2H 2D 5S 5H 5C", "JK 3C", "4C", jokers=2)
    match.act(0, "play JK")
    # a single Joker: no single beats it, not even a 2; more cards of any rank do (rule 2)
    assert legal(match, 1) == ["play 5S 5H", "play 5S 5C", "play 5H 5C", "play 5S 5H 5C", "play 2H 2D", "pass"]
    with pytest.raises(IllegalAction, match="higher rank"):
        match.act(1, "play 2H")
    # the two Jokers together beat a pair of 2s
    game, match = exact("2S 2H 4D", "JK JK 3S", "5C", "6C", jokers=2)
    match.act(0, "play 2S 2H")
    # three 3s (more cards), the Joker single (a cut-in, K10) and the two Jokers (higher)
    assert legal(match, 1) == ["play 3S JK JK", "play JK", "play JK JK", "pass"]
    match.act(1, "play JK JK")
    assert match.state.hands[1] == m("3S")


def test_a_joker_has_no_suit_K10():
    # on [7♣ JK] the suits of T are ♣ only: ♠7 cuts in (equal rank), ♣8 may not
    game, match = exact("7C JK 4D", "7S 8C 6D", "JK 5H", "9H", jokers=2)
    match.act(0, "play 7C JK")
    assert legal(match, 1) == ["play 7S", "pass"]
    match.act(1, "pass")
    # a single Joker cuts in on any set of 2 or 3: it can be any suit not in T, its rank is the top
    assert legal(match, 2) == ["play JK", "pass"]


def test_a_joker_never_starts_a_lock_K10():
    game, match = exact("7D 3S", "JK 4S", "9D 5S", "TD 6S", jokers=1)
    act_all(match, [(0, "play 7D"), (1, "play JK")])
    assert match.state.lock_suit is None
    assert legal(match, 2) == ["pass"]  # nothing single beats the Joker
    game, match = exact("JK 3S", "JK 4S", "5S", "6S", jokers=2)
    match.act(0, "play JK")
    assert legal(match, 1) == ["play 4S JK", "pass"]  # a Joker single on a Joker single is not higher; a pair is more


def test_a_joker_under_a_lock_beats_everything_K11():
    game, match = exact("7D 3S", "9D 4S", "JK 5S", "3D 4D", jokers=1)
    act_all(match, [(0, "play 7D"), (1, "play 9D")])
    assert match.state.lock_suit == C.DIAMONDS
    assert legal(match, 2) == ["play JK", "pass"]
    match.act(2, "play JK")
    assert legal(match, 3) == ["pass"]  # not even the ♦3, the strongest card of the reversed order
    with pytest.raises(IllegalAction) as err:
        match.act(3, "play 3D")
    assert (str(err.value), err.value.ja) == (
        "lock (ロック) on ♦: nothing may follow the Joker",
        "♦ のロック中、ジョーカーの後には何も出せません",
    )


def test_jokers_left_in_hand_are_a_rank_of_their_own_K12():
    assert hand_score(m("JK")) == -5 and hand_score(m("JK JK")) == -6
    assert hand_score(m("JK JK 7S 7H")) == -6 - 6
    assert hand_score(m("JK JK 7S"), "card") == -3
    assert hand_score(m("JK 3S 2S"), "value") == -14 - 1 - 13


def test_two_jokers_share_one_name_whichever_is_held():
    # the first JK met in a deal (hands by seat, then the rest) is the first copy however the deal was drawn; a
    # hand holding only the second plays it as ``JK``; the record replays to the very same state
    game = Cutin(jokers=2)
    deal = deal_of(game, "5S 5H", "JK 3S", "JK 7S")
    hands = list(deal.hands)
    hands[1] = tuple(JK2 if c == JK else c for c in hands[1])
    hands[2] = tuple(JK if c == JK2 else c for c in hands[2])
    match = Match(game, deals=[Deal(tuple(hands), rest=deal.rest)])
    assert match.state.hands[1] & JOKER_BITS[0] and match.state.hands[2] & JOKER_BITS[1]
    act_all(match, [(0, "play 5S 5H"), (1, "pass")])
    assert "play 7S JK" in legal(match, 2)
    match.act(2, "play 7S JK")
    assert match.state.hands[2] & (JOKER_BITS[0] | JOKER_BITS[1]) == 0
    assert match.state.played & JOKER_BITS[1]
    again = replay(json.loads(dumps(match.record())))
    assert again.state == match.state


def test_no_jokers_in_a_game_without_them():
    game, match = start("7S")
    with pytest.raises(IllegalAction) as err:
        match.act(0, "play JK")
    assert (str(err.value), err.value.ja) == (
        "this game has no Jokers (option jokers 0)",
        "このゲームにジョーカーはありません(jokers 0)",
    )


# --- what may be played: cut_in, lock, more_cards (seed ③) -----------------------------------------


def test_cut_in_off_no_single_on_a_pair():
    game, match = exact("JC JH 3H", "JS QD QH 3D 3C", "4C", "5C", cut_in=False)
    match.act(0, "play JH JC")
    assert legal(match, 1) == ["play QH QD", "pass"]
    with pytest.raises(IllegalAction) as err:
        match.act(1, "play QD")
    assert str(err.value) == "must play at least 2 cards on ♥J ♣J"


def test_lock_off_two_singles_of_one_suit_lock_nothing():
    game, match = exact("7D 3S", "9D 3H", "8D TD 4S 4H", "5C", lock=False)
    act_all(match, [(0, "play 7D"), (1, "play 9D")])
    assert match.state.lock_suit is None
    assert legal(match, 2) == ["play 4S 4H", "play TD", "pass"]  # normal order, any suit, more cards


def test_more_cards_off_the_same_number_only_K15():
    game, match = exact("QS 3S", "7H 7D 2C KD", "4C", "5C", more_cards=False)
    match.act(0, "play QS")
    assert legal(match, 1) == ["play KD", "play 2C", "pass"]  # no pair of 7s on the single Q (the article's rule 2)
    with pytest.raises(IllegalAction) as err:
        match.act(1, "play 7H 7D")
    assert (str(err.value), err.value.ja) == (
        "must play exactly 1 card on ♠Q (more_cards false)",
        "♠Q にはちょうど1枚を出してください(more_cards false)",
    )
    # the cut-in stays: on a pair, a higher pair or a cut-in single, never three
    game, match = exact("JC JH 3S", "JS QD QH QC", "4C", "5C", more_cards=False)
    match.act(0, "play JH JC")
    assert legal(match, 1) == ["play JS", "play QD", "play QH QD", "play QH QC", "play QD QC", "pass"]
    with pytest.raises(IllegalAction, match="exactly 2 cards"):
        match.act(1, "play QH QD QC")


# --- turn rotation and passes (seed ⑤⑥, K13) --------------------------------------------------------


def test_soft_pass_plays_again_when_play_comes_round_K13():
    game, match = exact("3S 3H 9C", "4S 8D", "5H 6S", "TS JS", pass_style="soft")
    act_all(match, [(0, "play 3S"), (1, "pass"), (2, "play 5H"), (3, "pass")])
    assert match.to_act() == {0} and match.state.table  # the turn goes on past one lap
    match.act(0, "pass")
    assert match.to_act() == {1} and "play 8D" in legal(match, 1)  # seat 1 passed before and may play now
    act_all(match, [(1, "play 8D"), (2, "pass"), (3, "pass"), (0, "pass")])
    # everyone else passed since ♦8: play comes back to seat 1, who starts the next turn
    s = match.state
    assert (s.leader, s.turn, s.table) == (1, 1, ()) and [c for _, c in s.last_turn] == [m("3S"), m("5H"), m("8D")]
    assert s.passed == () and "pass" not in legal(match, 1)


def test_hard_pass_is_for_the_whole_turn_K13():
    game, match = exact("3S 3H 9C", "4S 8D", "5H 6S", "TS JS", pass_style="hard")
    act_all(match, [(0, "play 3S"), (1, "pass"), (2, "play 5H"), (3, "pass")])
    assert match.to_act() == {0}
    match.act(0, "play 9C")
    assert match.to_act() == {2}  # seats 1 and 3 passed: skipped until the turn ends
    match.act(2, "pass")
    s = match.state
    assert (s.leader, s.turn, s.table) == (0, 0, ())  # back to seat 0, the player of the latest set


@pytest.mark.parametrize("style", ["soft", "hard"])
def test_soft_and_hard_the_lock_lasts_the_turn_K13(style):
    game, match = exact("7D 3C", "9D 4C", "8D 5D 4H", "6D 2C", pass_style=style)
    act_all(match, [(0, "play 7D"), (1, "play 9D"), (2, "play 8D"), (3, "play 6D")])
    assert match.state.lock_suit == C.DIAMONDS and legal(match, 0) == ["pass"]  # still locked
    act_all(match, [(0, "pass"), (1, "pass"), (2, "play 5D")])
    assert match.state.lock_suit == C.DIAMONDS
    act_all(match, [(3, "pass")] + ([(0, "pass"), (1, "pass")] if style == "soft" else []))
    s = match.state
    assert (s.leader, s.table, s.lock_suit) == (2, (), None)
    assert "pass" not in legal(match, 2)  # the start player of a turn may not pass


def test_soft_pass_going_out_the_others_play_on_until_all_pass_K13():
    game, match = exact("5S", "6S 6H", "7S", "QD QC", pass_style="soft")
    match.act(0, "play 5S")  # seat 0 is out; the turn goes on until the others pass in a row
    assert match.state.first_out == 0 and match.to_act() == {1}
    act_all(match, [(1, "pass"), (2, "play 7S"), (3, "pass")])
    assert match.to_act() == {1}  # seat 0, with no cards, is skipped
    match.act(1, "pass")
    # everyone with cards passed since ♠7: the turn and the hand end
    assert game.deal_scores(match.state) == ((5, -6, 5, -6),)


# --- scoring (seed ④, K14) -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "scoring,expected",
    [
        ("rank", (-5 - 6 - 7, 5, -6, -5)),  # the article's per-rank penalty
        ("card", (-6, 5, -2, -1)),  # −1 a card
        ("value", (-(1 + 2 * 9 + 3 * 13), 5, -2 * 12, -10)),  # 3 = 1, J = 9, 2 = 13, A = 12, Q = 10
    ],
)
def test_scoring_styles_K14(scoring, expected):
    game, match = exact("4S 3S JS JH 2S 2H 2D", "5H", "AS AH", "QD", scoring=scoring)
    act_all(match, [(0, "play 4S"), (1, "play 5H"), (2, "pass"), (3, "pass")])
    assert game.deal_scores(match.state) == (expected,)  # +5 for no cards in every style


def test_every_knob_error_is_bilingual():
    game, match = start("QS", "7H 7D", more_cards=False, cut_in=False)
    match.act(0, "play QS")
    for text in ("play 7H 7D", "play 7H", "play JK"):
        with pytest.raises(KirifudaError) as err:
            match.act(1, text)
        assert err.value.ja
    assert isinstance(game.parse_action("play JK JK"), Play)
