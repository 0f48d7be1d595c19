"""Anou's heuristic (the club player, kirifuda.bots.anou_playout.ClubPlayer) in set-up positions, its playout and
the search on the fast path (kirifuda.bots.anou)."""

from __future__ import annotations

import random

import pytest
from swaps import random_match

from kirifuda import cards as C
from kirifuda.arena import Seating
from kirifuda.bots import make_bot, make_cheating_bot
from kirifuda.bots.anou import Kit
from kirifuda.bots.anou_playout import ClubPlayer, Playout, WallValues
from kirifuda.bots.anou_sampler import AnouKnowledge
from kirifuda.bots.base import SearchBot
from kirifuda.bots.info import InfoState
from kirifuda.bots.kit import GameKit
from kirifuda.fast.anou import Position, option_text
from kirifuda.games.anou import PLAY, ROOT, TAKE_FIRST, TAKE_SECOND, Anou, AnouState
from kirifuda.match import Match

SEARCH_HOOKS = hasattr(GameKit, "searchable")
needs_search_hooks = pytest.mark.skipif(
    not SEARCH_HOOKS, reason="the generic search without /work/patches/anou-ismcts.diff (searchable, widening fix)"
)


def cards(text: str) -> int:
    return C.mask(C.parse_many(text))


def scenario(
    *,
    seat: int,
    hand: str,
    walls: dict[int, tuple[str, str, str, str]] | None = None,
    trick: tuple[tuple[int, str], ...] = (),
    phase: str = PLAY,
    first: int = -1,
    second: int = -1,
    pool: str = "",
    tricks_left: int | None = None,
    voids: tuple[int, ...] = (0, 0, 0, 0),
) -> tuple[Anou, AnouState, InfoState]:
    """A 4-player position set up by hand: ``seat``'s hand, walls, the trick; the other hands hold the rest of the
    cards (as many as the seat's, one fewer for a seat that has played to the trick), any left over discarded."""
    game = Anou()
    own = cards(hand)
    wall_masks = [(0, 0, 0, 0)] * 4
    for s, cols in (walls or {}).items():
        wall_masks[s] = tuple(cards(c) for c in cols)
    trick_cards = tuple((s, C.parse(t)) for s, t in trick)
    size = own.bit_count() + (1 if any(s == seat for s, _ in trick) else 0) if tricks_left is None else tricks_left
    used = own | C.mask(c for _, c in trick_cards)
    for w in wall_masks:
        for col in w:
            used |= col
    rest = [c for c in C.DECK_52 if not used >> c & 1]
    hands = [0, 0, 0, 0]
    hands[seat] = own
    for s in range(4):
        if s == seat:
            continue
        want = size - (1 if any(t == s for t, _ in trick_cards) else 0)
        mine = [c for c in rest if not voids[s] >> C.suit_of(c) & 1][:want]
        hands[s] = C.mask(mine)
        rest = [c for c in rest if c not in mine]
    state = AnouState(
        phase=phase,
        deal_index=0,
        dealer=0,
        turn=seat,
        hands=tuple(hands),
        walls=tuple(wall_masks),  # type: ignore[arg-type]
        trick=trick_cards,
        first=first,
        second=second,
        pool=cards(pool),
        last_trick=(),
        discards=C.mask(rest),
        unused=0,
        roots_left=0,
        scores=(),
    )
    info = InfoState(
        game="anou",
        options=game.options.to_dict(),
        seat=seat,
        history=(),
        observation=game.observation(state, seat),
        knowledge=AnouKnowledge(voids=voids),
    )
    return game, state, info


def heuristic(game: Anou, state: AnouState, info: InfoState) -> str:
    legal = game.legal_actions(state, info.seat)
    return str(Kit(game).heuristic(info, legal, random.Random(0)))


def test_heuristic_second_takes_the_pair_that_does_not_overfill_a_column():
    """♥ fills its plan-2 column: any ♥ would cost the column's whole count (anou.md "Scoring a deal")."""
    game, state, info = scenario(
        seat=2,
        hand="2C 3C",
        walls={2: ("", "KH QH", "", "9S")},
        trick=((0, "AH"), (1, "5S"), (2, "JD"), (3, "4C")),
        phase=TAKE_SECOND,
        first=0,
        second=2,
        pool="5S JD 4C",
    )
    choice = heuristic(game, state, info)
    assert choice.startswith("take 5S")
    assert "JD@" in choice or "4C@" in choice


def test_heuristic_second_takes_one_card_of_a_nearly_full_suit_and_a_new_suit_for_the_other():
    game, state, info = scenario(
        seat=1,
        hand="2C 3C",
        walls={1: ("", "", "9H 8H", "")},
        trick=((0, "AD"), (1, "7H"), (2, "6H"), (3, "KD")),
        phase=TAKE_SECOND,
        first=0,
        second=1,
        pool="7H 6H KD",
    )
    assert heuristic(game, state, info).startswith("take 7H KD@")  # ♥♥ would overfill the plan-3 column: −6


def test_heuristic_first_takes_a_card_that_fits_rather_than_one_that_overfills():
    game, state, info = scenario(
        seat=0,
        hand="2C 3C",
        walls={0: ("AS", "", "", "")},
        trick=((0, "KS"), (1, "QS"), (2, "7D"), (3, "3S")),
        phase=TAKE_FIRST,
        first=0,
        second=1,
        pool="KS QS 7D 3S",
    )
    assert heuristic(game, state, info).startswith("take 7D@")


def test_heuristic_last_to_play_ducks_when_second_place_would_overfill():
    """Its ♠ column is full: ♠Q would make it 2nd and force a ♠ into its wall; ♠2 keeps it out of the take."""
    game, state, info = scenario(
        seat=3,
        hand="QS 2S 5D",
        walls={3: ("", "", "", "JS TS 9S 8S")},
        trick=((0, "KS"), (1, "9H"), (2, "5S")),
    )
    assert heuristic(game, state, info) == "play 2S"


def test_heuristic_last_to_play_wins_a_trick_whose_cards_fit():
    game, state, info = scenario(seat=3, hand="AS 2S 5D", trick=((0, "KS"), (1, "9H"), (2, "5S")))
    assert heuristic(game, state, info) == "play AS"


def test_heuristic_follower_stays_below_the_top_two_when_the_lead_suit_would_overfill():
    game, state, info = scenario(
        seat=2,
        hand="JS 6S 2S 5D",
        walls={2: ("", "AS KS", "", "")},
        trick=((0, "QS"), (1, "8S")),
    )
    assert heuristic(game, state, info) == "play 6S"  # the highest ♠ below ♠Q and ♠8


def test_heuristic_follower_plays_to_win_when_one_card_fits_and_two_would_overfill():
    """As 1st it takes one card of its choice (R1); as 2nd it would take two ♠ into a column with room for one."""
    game, state, info = scenario(seat=1, hand="AS 6S 2S 5D", walls={1: ("", "", "KS JS", "")}, trick=((0, "QS"),))
    assert heuristic(game, state, info) == "play AS"


def test_heuristic_follower_plays_for_second_place_when_two_cards_of_the_lead_suit_fit():
    """Below ♠Q nobody unseen can push ♠6 out of 2nd place in this late position, and the 2nd takes two cards."""
    game, state, info = scenario(seat=1, hand="AS 6S 2S 5D", trick=((0, "QS"),))
    assert heuristic(game, state, info) == "play 6S"


def test_heuristic_opens_a_column_sized_to_the_suit_still_to_come():
    """The first ♦ with eleven ♦ unplayed elsewhere opens the plan-4 column; the first ♣ when one ♣ is left
    unplayed opens the plan-1 column (a column over its plan scores −n: anou.md "Scoring a deal")."""
    game, state, info = scenario(
        seat=0,
        hand="AS KS QS JS TS 9S AH KH QH JH TH 9H",
        walls={1: ("", "", "6C 5C 4C", ""), 2: ("", "", "", "AC KC QC JC TC 9C 8C 7C")},
        trick=((0, "KD"), (1, "QD"), (2, "3C"), (3, "4H")),
        phase=TAKE_FIRST,
        first=0,
        second=1,
        pool="KD QD 3C 4H",
        tricks_left=12,
    )
    p = Kit(game).position(state)
    policy = ClubPlayer(4)
    assert policy.best_single(p, 0, [x for x in p.pool if x >> 4 == C.DIAMONDS])[1][0][1] == 3
    assert policy.best_single(p, 0, [x for x in p.pool if x >> 4 == C.CLUBS])[1][0][1] == 0


# --- the playout ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options", [{"players": 4}, {"players": 3, "root_stones": True}, {"players": 3, "deck3": "52"}]
)
def test_playout_policy_moves_are_legal_and_end_the_deal_as_the_pure_rules_do(options):
    """Every move of the policy is one of the position's legal actions; replayed through the pure engine they
    reach the same deal scores."""
    game = Anou(**options)
    rng = random.Random(4)
    for i in range(4):
        match = random_match(game, i, rng.randrange(0, 40), rng)
        if match.finished:
            continue
        p = Position.from_state(game, match.state)
        policy = ClubPlayer(game.n)
        state = match.state
        done = len(game.deal_scores(state))
        while len(game.deal_scores(state)) == done:
            text = option_text(*policy.choose(p))
            assert text in p.legal_texts()
            (seat,) = game.to_act(state)
            state = game.apply(state, seat, text)
            p.apply_text(text)
        assert tuple(p.scores) == game.deal_scores(state)


def test_playout_policy_reads_only_what_the_seat_sees():
    """Other hands redealt at random (same sizes): the policy's choice does not change."""
    game = Anou()
    rng = random.Random(6)
    checked = 0
    for i in range(30):
        match = random_match(game, 50 + i, rng.randrange(0, 60), rng)
        if match.finished or not match.to_act():
            continue
        (seat,) = match.to_act()
        other = game.reshuffle_unseen(match.state, seat, rng)
        for policy in (Playout(4), ClubPlayer(4)):
            a = policy.choose(Position.from_state(game, match.state))
            b = policy.choose(Position.from_state(game, other))
            assert a == b
        checked += 1
    assert checked > 20


def test_truncated_playout_values_walls_by_the_measured_table():
    game = Anou()
    match = random_match(game, 3, 0, random.Random(0))
    values = WallValues.load("4p")
    assert values is not None
    start = Position.from_state(game, match.state)  # a trick boundary: the dealer's lead
    p = start.copy()
    assert ClubPlayer(4, values, horizon=0).playout(p) == ClubPlayer(4, values).evaluate(start)
    assert len(p.hands[p.turn]) == 13  # valued at once
    out = ClubPlayer(4, values, horizon=1).playout(p)
    assert p.phase == PLAY and not p.trick and len(p.hands[p.turn]) == 12  # one trick played, then valued
    assert out == ClubPlayer(4, values).evaluate(p)
    assert all(0 <= v <= 12 for v in out)
    p.play_card(p.hands[p.turn][0])  # a lead: in the middle of a trick, horizon 0 plays it to its end
    out = ClubPlayer(4, values, horizon=0).playout(p)
    assert p.phase == PLAY and not p.trick and len(p.hands[p.turn]) == 11
    assert out == ClubPlayer(4, values).evaluate(p)


@pytest.mark.parametrize("config", ["4p", "4p-roots", "3p-36", "3p-36-roots", "3p-52", "3p-52-roots"])
def test_every_option_combination_has_a_wall_value_table(config):
    values = WallValues.load(config)
    assert values is not None
    assert values.rows[0][0] == 0.0  # an empty wall at the end of the deal scores 0


# --- the search ---------------------------------------------------------------------------------------


ALL_OPTIONS = [
    {"players": 4},
    {"players": 4, "root_stones": True, "first_dealer": 3},
    {"players": 3},
    {"players": 3, "deck3": "52", "first_dealer": 2},
    {"players": 3, "root_stones": True},
    {"players": 3, "deck3": "52", "root_stones": True, "first_dealer": 1},
]


@needs_search_hooks
@pytest.mark.parametrize("options", ALL_OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_search_chooses_a_legal_action_in_every_phase_for_every_option_combination(options):
    """A root stone (with that variant), a lead, a follow, the 1st's take and the 2nd's, met in a random game."""
    game = Anou(**options)
    rng = random.Random(7)
    wanted = {"lead", "follow", TAKE_FIRST, TAKE_SECOND} | ({ROOT} if options.get("root_stones") else set())
    match = Match(game, seed=20)
    while wanted:
        (seat,) = match.to_act()
        state = match.state
        kind = ("follow" if state.trick else "lead") if state.phase == PLAY else state.phase
        legal = match.legal_actions(seat)
        if kind in wanted and len(legal) > 1:
            assert make_bot("easy", game, seed=1).act(Seating(match, {}).info(seat), legal) in legal
            wanted.discard(kind)
        match.act(seat, rng.choice(legal))


@pytest.mark.slow
@needs_search_hooks
@pytest.mark.parametrize(
    "options", [{"players": 4}, {"players": 4, "root_stones": True}, {"players": 3}, {"players": 3, "deck3": "52"}]
)
def test_search_bots_play_whole_games_for_every_option_combination(options):
    game = Anou(**options)
    match = random_match(game, 1, 0, random.Random(0))
    bots = {s: make_bot("heuristic", game, seed=s) for s in range(game.n)}
    bots[1] = make_bot("easy", game, seed=1)  # type: ignore[assignment]
    seating = Seating(match, bots)
    seating.play()
    assert match.finished


@needs_search_hooks
def test_search_is_deterministic_for_a_seed():
    game = Anou()
    rng = random.Random(2)
    match = random_match(game, 9, 30, rng)
    (seat,) = match.to_act()
    info = Seating(match, {}).info(seat)
    legal = match.legal_actions(seat)
    # without the time cap (a safety net measured in wall-clock time, which a loaded machine may hit)
    kit = Kit(game)
    first = [
        str(SearchBot(kit, name="easy", iterations=kit.budgets["easy"], seed=3).act(info, legal)) for _ in range(2)
    ]
    assert first[0] == first[1]


@needs_search_hooks
def test_cheating_twin_searches_the_true_state():
    game = Anou()
    match = random_match(game, 4, 9, random.Random(1))
    (seat,) = match.to_act()
    legal = match.legal_actions(seat)
    twin = make_cheating_bot("easy-cheat", game, seed=2)
    assert twin.act_on_state(match.state, seat, legal, len(match.events)) in legal


def test_prior_puts_the_takes_that_score_best_first():
    """The 2nd's take (up to 36 choices, widened progressively by the search) in order of the exact score change."""
    game, state, info = scenario(
        seat=2,
        hand="2C 3C",
        walls={2: ("", "KH QH", "", "9S")},
        trick=((0, "AH"), (1, "5S"), (2, "JH"), (3, "4C")),
        phase=TAKE_SECOND,
        first=0,
        second=2,
        pool="5S JH 4C",
    )
    kit = Kit(game)
    legal = game.legal_actions(state, 2)
    ordered = [str(a) for a in kit.prior(state, 2, legal)]
    assert sorted(ordered) == sorted(str(a) for a in legal)
    p = kit.position(state)
    gains = [
        Playout.take_gain(p, 2, dict(zip(p.legal_texts(), (w for _, w in p.options()), strict=True))[t])
        for t in ordered
    ]
    assert gains == sorted(gains, reverse=True)
    assert gains[0] == 2 and gains[-1] < 0
