"""Each game's table in set-up scenarios: the zones, badges, calls and choices a player must see, named after the
rule that puts them there."""

from __future__ import annotations

import random

from kirifuda import cards as C
from kirifuda.core import Deal
from kirifuda.match import Match
from kirifuda.presentation import choices, present
from kirifuda.presentation.model import Table, Text
from kirifuda.registry import make


def deal(hands: list[str], rest: str = "", **piles: str) -> Deal:
    return Deal.from_json(
        {"hands": [h.split() for h in hands], "rest": rest.split(), **{k: v.split() for k, v in piles.items()}}
    )


def labels(values: tuple[Text, ...]) -> list[str]:
    return [t.en for t in values]


def info(table: Table) -> dict[str, str]:
    return {label.en: value.en for label, value in table.info}


def cards(table: Table, key: str) -> list[str]:
    zone = table.zone(key)
    assert zone is not None, key
    return [c.card for c in zone.cards]


# --- Anou -----------------------------------------------------------------------------------------

ANOU = deal(
    [
        "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    ]
)


def test_anou_void_player_says_gozaranu_yue_and_the_1st_and_2nd_take_from_the_trick():
    game = make("anou")
    match = Match(game, deals=[ANOU])
    for seat, card in [(0, "2S"), (1, "AH"), (2, "AD"), (3, "KC")]:
        match.act(seat, f"play {card}")
    table = present(game, match.observation(1))
    said = {call.seat: call.text.ja for call in table.calls}
    assert said == {1: "「ござらぬゆえ」", 2: "「ござらぬゆえ」", 3: "「ござらぬゆえ」"}
    trick = table.zone("trick")
    assert trick is not None and [(c.seat, c.card, c.note and c.note.en) for c in trick.cards] == [
        (0, "2S", "1st"),
        (1, "AH", "2nd"),
        (2, "AD", None),
        (3, "KC", None),
    ]
    assert cards(table, "pool") == ["2S", "AH", "AD", "KC"]
    assert "1st" in labels(table.seat(0).badges) and "2nd" in labels(table.seat(1).badges)
    first = choices(game, match.observation(0), match.legal_actions(0))
    assert {c.zone for c in first} == {"pool"} and first[0].label.en == "take ♠2 → plan 1"
    match.act(0, "take AH@4")
    second = choices(game, match.observation(1), match.legal_actions(1))
    two_new_suits = [c for c in second if set(c.cards) == {"2S", "AD"}]
    assert len(two_new_suits) == 12  # 4 × 3 ordered pairs of free columns, told apart by their group
    assert len({c.group for c in two_new_suits}) == 12
    wall = present(game, match.observation(1)).zone("wall0-4")
    assert wall is not None and [c.card for c in wall.cards] == ["AH"] and wall.note == Text("1/4", "1/4")


# --- Gogyō Sōkoku ----------------------------------------------------------------------------------


def test_gogyo_starting_card_leads_trick_1_and_partners_are_shown_one_way():
    game = make("gogyo-sokoku")
    match = Match(game, seed=3)
    obs = match.observation(1)
    table = present(game, obs)
    starting = table.zone("table_cards")
    assert starting is not None and starting.cards[0].card == obs.starting_card
    assert starting.cards[0].note == Text("開始札", "starting card")
    trick = table.zone("trick")
    assert trick is not None and trick.cards[0].card == obs.starting_card and trick.cards[0].seat is None
    assert info(table)["trump"] == "spades ♠"
    assert info(table)["mode"] in ("single partnership", "double partnership")
    for seat in obs.partners:
        assert "your partner" in labels(table.seat(seat).badges)
    for seat in range(5):
        facts = {label.en: value.en for zone in table.seat(seat).zones for label, value in zone.facts}
        assert facts["points"] == "0" and facts["cards taken"] == "0"


# --- the Anarchy family ----------------------------------------------------------------------------


def test_organised_chaos_score_sheet_has_a_row_per_bid_and_the_totals():
    game = make("organised-chaos")
    match = Match(game, seed=5)
    rng = random.Random(5)
    while not match.finished:
        seat = rng.choice(sorted(match.to_act()))
        match.act(seat, rng.choice(match.legal_actions(seat)))
    table = present(game, match.observation(0))
    assert table.sheet is not None
    assert [label.en for label, _ in table.sheet.rows] == [
        "cards",
        "black",
        "red",
        "best",
        "spades",
        "clubs",
        "hearts",
        "diamonds",
        "over",
        "under",
    ]
    assert table.sheet.totals == game.totals(match.state)
    for seat in range(4):
        assert sum(values[seat] for _, values in table.sheet.rows) == table.sheet.totals[seat]
    assert table.over and table.winners == game.winners(match.state)


def test_anarchy_face_down_choice_is_shown_to_its_seat_only_KA3():
    game = make("anarchy", {"deals": 1})
    match = Match(game, seed=4)
    heard = []
    while match.state.phase != "play":
        seat = min(match.to_act())
        match.act(seat, match.legal_actions(seat)[-1])
        heard.append([(c.seat, c.text.en) for c in present(game, match.observation(0)).calls])
    assert heard[0] == [(1, "“misère”")]  # open bids are heard by all as they are made (the dealer's left first)
    chosen = match.observation(2).hand.texts()[0]
    match.act(2, f"play {chosen}")
    mine = present(game, match.observation(2))
    theirs = present(game, match.observation(0))
    assert cards(mine, "my_choice") == [chosen]
    assert theirs.zone("my_choice") is None
    assert "chosen" in labels(theirs.seat(2).badges)
    assert "bid: misère" in labels(theirs.seat(1).badges) and theirs.calls == ()


def test_anarchy_bomb_anarchist_sees_it_and_may_throw_the_bomb():
    game = make("anarchy-bomb", {"deals": 1})
    match = Match(game, seed=8)
    while match.state.phase != "play":
        seat = min(match.to_act())
        match.act(seat, match.legal_actions(seat)[0])
    anarchist = next(s for s in range(4) if C.JOKER in match.observation(s).hand)
    table = present(game, match.observation(anarchist))
    assert "the Anarchist (you)" in labels(table.seat(anarchist).badges)
    other = present(game, match.observation((anarchist + 1) % 4))
    assert all("the Anarchist (you)" not in labels(s.badges) for s in other.seats)
    bomb = [
        c for c in choices(game, match.observation(anarchist), match.legal_actions(anarchist)) if c.cards == ("JK",)
    ]
    assert [c.label.en for c in bomb] == ["throw the bomb (the Joker)"]
    assert cards(table, "spare") == [match.observation(anarchist).spare]


# --- Gonin-kan -------------------------------------------------------------------------------------

GONINKAN = deal(
    [
        "",
        "AS KS QS JS AH KH QH JH AC TS",
        "9S 8S 7S 9H 8H 9D 8D TC 9C 8C",
        "JK AD KD QD JD KC QC JC TH TD",
        "6S 5S 4S 7H 6H 7D 6D 5D 7C 6C",
        "3S 2S 5H 4H 3H 4D 3D 5C 4C 3C",
    ]
)


def test_goninkan_pair_is_public_who_holds_which_is_not_and_the_call_is_heard_G1():
    game = make("goninkan")
    match = Match(game, deals=[GONINKAN])
    ally = present(game, match.observation(2))
    assert [s.seat for s in ally.seats if "Napoleon" in labels(s.badges)] == [1, 3]
    assert not any("dealt the trump A" in labels(s.badges) for s in ally.seats)
    assert ally.seat(0).cards is None and ally.seat(0).zones == ()  # the 6-player dealer holds no hand
    pair = present(game, match.observation(3))
    assert "dealt the trump A" in labels(pair.seat(1).badges)
    assert info(pair)["your role"] == "Napoleon" and info(ally)["your role"] == "ally"
    assert info(ally)["trump"] == "clubs ♣"
    go = [c for c in choices(game, match.observation(1), match.legal_actions(1)) if c.action == "go"]
    assert go[0].label.en == "“Go!” (I lead)"
    match.act(1, "go")
    assert [(c.seat, c.text.ja) for c in present(game, match.observation(4)).calls] == [(1, "「行く!」")]
    for moves in [("1 AS", "2 9S", "3 TH", "4 6S", "5 3S"), ("1 KS", "2 8S")]:
        for move in moves:
            seat, card = move.split()
            match.act(int(seat), f"play {card}")
    joker = [c for c in choices(game, match.observation(3), match.legal_actions(3)) if c.cards == ("JK",)]
    assert [c.label.en for c in joker] == ["play the Joker"]
    match.act(3, "play JK")
    assert "dealt the trump A" in labels(present(game, match.observation(2)).seat(1).badges)
    assert cards(present(game, match.observation(2)), "honours1") == ["AS"]  # trick 1's honours, face up


def test_goninkan_a_led_joker_names_its_suit_K2():
    game = make("goninkan")
    match = Match(game, deals=[GONINKAN])
    match.act(1, "come")
    hand = present(game, match.observation(3)).hand
    assert hand is not None and hand.cards[0].card == "JK"  # the Joker first, then trumps (♣), as players hold them
    assert [c.card for c in hand.cards[1:4]] == ["KC", "QC", "JC"]


# --- Cut-in ------------------------------------------------------------------------------------------


def cutin_deal(*hands: str) -> Deal:
    given = [h.split() for h in hands]
    used = {c for h in given for c in h}
    pool = [C.text(c) for c in C.DECK_52 if C.text(c) not in used]
    out = []
    for seat in range(4):
        h = given[seat] if seat < len(given) else []
        need = 13 - len(h)
        out.append(h + pool[:need])
        pool = pool[need:]
    return Deal.from_json({"hands": out, "rest": []})


def test_cutin_lock_and_cut_in_are_called_and_the_hand_runs_weak_to_strong():
    game = make("cutin")
    match = Match(game, deals=[cutin_deal("7D 3S", "9D", "8D", "2C")])
    match.act(0, "play 7D")
    match.act(1, "play 9D")
    table = present(game, match.observation(2))
    sets = table.zone("table")
    assert sets is not None and sets.kind == "sets"
    assert [(z.owner, [c.card for c in z.cards]) for z in sets.zones] == [(0, ["7D"]), (1, ["9D"])]
    assert info(table)["lock"] == "only single ♦, order reversed"
    assert (1, "“Lock!”") in [(c.seat, c.text.en) for c in table.calls]
    hand = [C.parse(c.card) for c in present(game, match.observation(0)).hand.cards]
    strengths = [(C.rank_of(c) + 12) % 13 for c in hand]
    assert strengths == sorted(strengths) and C.text(hand[0]) == "3S"


def test_cutin_cut_in_single_on_a_pair_is_marked():
    game = make("cutin")
    match = Match(game, deals=[cutin_deal("JC JH", "QS", "9D", "2C")])
    match.act(0, "play JC JH")
    match.act(1, "play QS")
    table = present(game, match.observation(2))
    sets = table.zone("table")
    assert sets is not None and sets.zones[1].note == Text("カットイン!", "cut-in!")
    assert [(c.seat, c.text.en) for c in table.calls] == [(1, "“Cut-in!”")]
