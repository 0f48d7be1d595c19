"""Gogyō Sōkoku's bot kit (kirifuda.bots.gogyo_sokoku): knowledge, sampler, rollout and the club player.

Sampler properties (issue 10): every sample, rebuilt into the deal it implies (sampled hands + the cards each
seat has played this deal), replays this deal's actions legally to exactly the sampled state; in late positions
every consistent placement of the unseen cards is drawn; two worlds the seat cannot tell apart give the same
samples. Heuristic scenarios start from set-up positions and pin one behaviour each.
"""

from __future__ import annotations

import itertools
import random

import pytest
from swaps import random_match, swapped

from kirifuda import cards as C
from kirifuda.arena import Seating
from kirifuda.bots import InfoState, make_bot
from kirifuda.bots.gogyo_sokoku import GogyoKnowledge, Kit, expected_score, playout
from kirifuda.games.gogyo_sokoku import PLAY, POINT_MASK, GogyoSokoku, GogyoState, mode_of
from kirifuda.match import Match
from kirifuda.tricks import Play

GAME = GogyoSokoku()


def positions(count: int, seed: int, *, heuristic: bool = False):
    """(match, seat to act) from seeded games played by random (or heuristic) bots, at varied moments."""
    rng = random.Random(seed)
    bot = make_bot("heuristic", GAME, seed) if heuristic else None
    for k in range(count):
        match = Match(GAME, seed=seed * 100 + k)
        seating = Seating(match, {})
        for _ in range(rng.randrange(0, 240)):
            (seat,) = match.to_act()
            legal = match.legal_actions(seat)
            match.act(seat, bot.act(seating.info(seat), legal) if bot else rng.choice(legal))
        if not match.finished:
            yield match, next(iter(match.to_act()))


def deal_start(match: Match) -> int:
    return max(i for i, e in enumerate(match.events) if e.actor == "deal")


def rebuild_and_replay(match: Match, seat: int, sample: GogyoState, knowledge: GogyoKnowledge) -> GogyoState:
    """The deal the sample implies (its hands plus what each seat has played this deal), replayed with this
    deal's actions from the state before the deal."""
    start = deal_start(match)
    hands = tuple(sample.hands[s] | knowledge.played[s] for s in range(5))
    state = match.events[start].before
    deal_state = GAME.apply_deal(
        state, _deal(hands, sample.table)
    )  # raises DealError if the sample is not a whole deck
    for event in match.events[start + 1 :]:
        deal_state = GAME.apply(deal_state, event.actor, event.action)  # raises IllegalAction if inconsistent
    return deal_state


def _deal(hands, table):
    from kirifuda.core import Deal

    return Deal(tuple(tuple(C.cards_in(h)) for h in hands), rest=table)


def test_samples_replay_this_deal_legally_to_exactly_the_sampled_state():
    kit = Kit(GAME)
    checked = 0
    for match, seat in itertools.chain(positions(14, 1), positions(6, 2, heuristic=True)):
        info = Seating(match, {}).info(seat)
        for k in range(4):
            sample = kit.sample(info, random.Random(k))
            assert GAME.observation(sample, seat) == info.observation
            assert rebuild_and_replay(match, seat, sample, info.knowledge) == sample
            checked += 1
    assert checked >= 60


def test_knowledge_holds_every_shown_void_and_every_captured_card():
    for match, seat in positions(10, 3):
        info = Seating(match, {}).info(seat)
        knowledge = info.knowledge
        assert isinstance(knowledge, GogyoKnowledge)
        state = match.state
        assert knowledge.captured == state.captured  # the seat saw every trick before it was gathered
        for s in range(5):
            for suit in range(4):
                if knowledge.voids[s] >> suit & 1:
                    assert not C.suit_cards(state.hands[s], suit), "a void the seat believes is not true"


def late_positions(count: int):
    """Positions of trick 9 or 10, where the unseen cards have few consistent placements."""
    rng = random.Random(9)
    for k in range(count):
        match = Match(GAME, seed=900 + k)
        for _ in range(rng.choice((41, 43, 45, 46, 47, 48))):
            (seat,) = match.to_act()
            match.act(seat, rng.choice(match.legal_actions(seat)))
        (seat,) = match.to_act()
        yield match, seat


def consistent_placements(state: GogyoState, seat: int, knowledge: GogyoKnowledge) -> set[tuple[int, ...]]:
    """Every placement of the cards ``seat`` cannot see into the other hands (sizes kept, no shown void broken)."""
    others = [s for s in range(5) if s != seat]
    unseen = [c for s in others for c in C.cards_in(state.hands[s])]
    sizes = [state.hands[s].bit_count() for s in others]
    slots = [s for s, size in zip(others, sizes, strict=True) for _ in range(size)]
    out = set()
    for order in itertools.permutations(unseen):
        hands = [0] * 5
        for card, s in zip(order, slots, strict=True):
            if knowledge.voids[s] >> (card >> 4) & 1:
                break
            hands[s] |= 1 << card
        else:
            out.add(tuple(hands[s] for s in others))
    return out


def test_every_consistent_placement_of_the_unseen_cards_is_drawn_in_late_positions():
    kit = Kit(GAME)
    for match, seat in late_positions(6):
        info = Seating(match, {}).info(seat)
        every = consistent_placements(match.state, seat, info.knowledge)
        others = [s for s in range(5) if s != seat]
        rng = random.Random(4)
        samples = (kit.sample(info, rng) for _ in range(40 * len(every)))
        drawn = {tuple(sample.hands[s] for s in others) for sample in samples}
        assert drawn == every


def test_samples_do_not_depend_on_the_true_hidden_cards():
    kit = Kit(GAME)
    rng = random.Random(12)
    compared = 0
    for attempt in range(60):
        match = random_match(GAME, 500 + attempt, rng.randrange(1, 240), rng)
        if match.finished:
            continue
        (seat,) = match.to_act()
        other = swapped(match, seat, rng)
        if other is None:
            continue
        info, info_other = Seating(match, {}).info(seat), Seating(other, {}).info(seat)
        assert match.state != other.state
        for k in range(3):
            assert kit.sample(info, random.Random(k)) == kit.sample(info_other, random.Random(k))
        compared += 1
        if compared == 8:
            break
    assert compared == 8


def test_rollouts_follow_the_pure_rules_to_the_end_of_the_deal():
    """The rollout's choices, replayed through the pure engine, are legal and give the scores it returns."""
    kit = Kit(GAME)
    for match, seat in positions(8, 4):
        info = Seating(match, {}).info(seat)
        for k in range(3):
            state = kit.sample(info, random.Random(k))
            scores, chosen = playout(state, random.Random(k))
            done = len(GAME.deal_scores(state))
            for card in chosen:
                (actor,) = GAME.to_act(state)
                state = GAME.apply(state, actor, Play(card))
            assert GAME.deal_scores(state)[done] == scores


def test_a_truncated_rollout_plays_its_horizon_then_values_the_deal_by_the_heuristics_projection():
    """With a horizon, the playout plays the current trick and ``horizon`` more (legally, by the pure rules), then
    gives each seat the heuristic's expected deal score from the points taken so far; a deal that ends first
    gives its true scores."""
    kit = Kit(GAME)
    checked = 0
    for match, seat in positions(8, 5):
        info = Seating(match, {}).info(seat)
        state = kit.sample(info, random.Random(1))
        for horizon in (0, 2):
            scores, chosen = playout(state, random.Random(2), horizon)
            played = state
            for card in chosen:
                (actor,) = GAME.to_act(played)
                played = GAME.apply(played, actor, Play(card))
            done = len(GAME.deal_scores(state))
            if len(GAME.deal_scores(played)) > done:
                assert GAME.deal_scores(played)[done] == scores
                continue
            assert played.trick_index == state.trick_index + 1 + horizon and not played.trick
            points = [(m & POINT_MASK).bit_count() for m in played.captured]
            remaining = 20 - sum(points)
            assert scores == tuple(expected_score(s, played.mode, points, remaining) for s in range(5))
            checked += 1
    assert checked >= 4


def test_the_rollouts_share_of_random_choices_is_what_varies_a_playout(monkeypatch):
    """``ROLLOUT_EPSILON`` is the rollout policy's only randomness: at 0 a determinization plays out the same
    whatever the random stream; at 1 (every choice uniform) the streams give different playouts."""
    from kirifuda.bots import gogyo_sokoku

    kit = Kit(GAME)
    match, seat = next(iter(positions(1, 3)))
    state = kit.sample(Seating(match, {}).info(seat), random.Random(0))
    monkeypatch.setattr(gogyo_sokoku, "ROLLOUT_EPSILON", 0.0)
    assert len({tuple(playout(state, random.Random(k))[1]) for k in range(6)}) == 1
    monkeypatch.setattr(gogyo_sokoku, "ROLLOUT_EPSILON", 1.0)
    assert len({tuple(playout(state, random.Random(k))[1]) for k in range(6)}) > 1


def test_the_leaf_settings_bench_sets_the_kit(monkeypatch):
    """``bench/gogyo_horizon.py``'s first argument (issue 21's leaf comparisons) reaches the kit: a horizon alone, or
    ``key=value`` pairs; an unknown key stops it."""
    import importlib.util
    from pathlib import Path

    from kirifuda.bots import gogyo_sokoku

    path = Path(__file__).resolve().parents[2] / "bench" / "gogyo_horizon.py"
    spec = importlib.util.spec_from_file_location("gogyo_horizon", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    for name in ("horizon", "reuse"):
        monkeypatch.setattr(Kit, name, getattr(Kit, name))
    monkeypatch.setattr(gogyo_sokoku, "ROLLOUT_EPSILON", gogyo_sokoku.ROLLOUT_EPSILON)
    bench.configure("4")
    assert Kit.horizon == 4
    bench.configure("epsilon=0.25,reuse=3,horizon=6")
    assert (gogyo_sokoku.ROLLOUT_EPSILON, Kit.reuse, Kit.horizon) == (0.25, 3, 6)
    with pytest.raises(SystemExit):
        bench.configure("temperature=1")

    # root=flat: no tree; every level searches flat (every legal card valued on the same determinizations with the
    # same random numbers: tests/bots/test_search_flat.py)
    from kirifuda.bots.ismcts import FlatSearch
    from kirifuda.bots.kit import LEVELS

    monkeypatch.setattr(Kit, "flat_levels", Kit.flat_levels)
    bench.configure("root=flat")
    assert all(isinstance(make_bot(level, GogyoSokoku()).search, FlatSearch) for level in LEVELS)


# --- the club player, from set-up positions -----------------------------------------------------------


def scenario(
    *,
    seat: int,
    hand: str,
    table: str,
    captured: dict[int, str],
    trick: list[tuple[int, str]],
    table_taker: int = 1,
) -> InfoState:
    """The information state of ``seat`` in a set-up position of trick 6 (five tricks played): its hand (five
    cards), the point cards each seat has captured (zero cards are added to ``table_taker``'s pile to make the
    five tricks), the trick on the table; the other hands are filled from the rest of the deck."""
    table_cards = tuple(C.parse_many(table))
    piles = [C.mask(C.parse_many(captured.get(s, ""))) for s in range(5)]
    piles[table_taker] |= C.mask(table_cards)
    cards = tuple((s, C.parse(t)) for s, t in trick)
    own = C.mask(C.parse_many(hand))
    assert own.bit_count() == 5 and (cards[-1][0] + 1) % 5 == seat
    used = own | C.mask(c for _, c in cards)
    for m in piles:
        used |= m
    rest = [c for c in C.DECK_52 if not used >> c & 1 and not POINT_MASK >> c & 1]
    rest += [c for c in C.DECK_52 if not used >> c & 1 and POINT_MASK >> c & 1]
    fill = 27 - sum(m.bit_count() for m in piles)
    piles[table_taker] |= C.mask(rest[:fill])
    rest = rest[fill:]
    in_trick = {s for s, _ in cards}
    hands = [0] * 5
    hands[seat] = own
    for s in range(5):
        if s != seat:
            size = 5 - (s in in_trick)
            hands[s] = C.mask(rest[:size])
            rest = rest[size:]
    assert not rest
    state = GogyoState(
        phase=PLAY,
        deal_index=0,
        dealer=0,
        turn=seat,
        hands=tuple(hands),
        table=table_cards,
        mode=mode_of(table_cards),
        trick_index=5,
        lead_suit=cards[0][1] >> 4,
        trick=cards,
        captured=tuple(piles),
        tricks_won=(1,) * 5,
        table_taker=table_taker,
        last_trick=(),
        last_winner=None,
        scores=(),
    )
    played = [piles[s] & ~C.mask(table_cards) for s in range(5)]
    for s, c in cards:
        played[s] |= 1 << c
    knowledge = GogyoKnowledge(played=tuple(played), voids=(0,) * 5, captured=tuple(piles))
    return InfoState(
        game=GAME.id,
        options=GAME.options.to_dict(),
        seat=seat,
        history=(),
        observation=GAME.observation(state, seat),
        knowledge=knowledge,
    )


def heuristic_card(info: InfoState) -> str:
    kit = Kit(GAME)
    hand = info.observation.hand.mask
    lead = info.observation.lead_suit
    legal_cards = [c for c in C.cards_in(hand) if lead is None or C.suit_of(c) == C.SUITS.index(lead)]
    if not legal_cards:
        legal_cards = list(C.cards_in(hand))
    legal = [Play(c) for c in legal_cards]
    return C.text(kit.heuristic(info, legal, random.Random(0)).card)


# Seat 2 plays last (seats 3, 4, 0, 1 have played); seat 2's single-mode partner is seat 0 (2 + 3 = 5).
# Zero-point table cards (♣2 ♦3) make the deal single partnership.


def test_heuristic_ducks_a_point_trick_that_would_put_it_above_its_partner():
    # seat 2 holds 3 points, its partner 3: taking the ♥ trick (2 points) would make its score negative
    info = scenario(
        seat=2,
        hand="AH 4H 5D 6D 7D",
        table="2C 3D",
        captured={2: "AD KD QD", 0: "AC KC QC"},
        trick=[(3, "KH"), (4, "QH"), (0, "8H"), (1, "9H")],
    )
    assert heuristic_card(info) == "4H"


def test_heuristic_takes_points_while_under_its_partners_total():
    # seat 2 holds 0 points, its partner 6: the trick's 2 points keep it under, so it takes with ♥A
    info = scenario(
        seat=2,
        hand="AH 4H 5D 6D 7D",
        table="2C 3D",
        captured={0: "AC KC QC JC TC AD"},
        trick=[(3, "KH"), (4, "QH"), (0, "8H"), (1, "9H")],
    )
    assert heuristic_card(info) == "AH"


def test_heuristic_feeds_a_point_card_to_its_partners_winning_trick():
    # seat 0 (seat 2's partner) wins the ♦ trick whatever seat 2 plays; seat 2 is void in ♦ and gives ♥10
    info = scenario(
        seat=2,
        hand="TH 4H 5C 6C 7C",
        table="2C 3D",
        captured={0: "AC KC"},
        trick=[(3, "2D"), (4, "4D"), (0, "AD"), (1, "5D")],
    )
    assert heuristic_card(info) == "TH"


def test_heuristic_steers_its_teams_total_to_twelve_in_double_partnership():
    # double partnership (table ♣A ♦A, taken by seat 1): seat 2's team is seats 2, 4, 0, on 11 points; the
    # last point is the ♥10 in this trick: seat 2, void in ♥, trumps with ♠2 to make 12 exactly
    info = scenario(
        seat=2,
        hand="2S 5D 6D 7D 8D",
        table="AC AD",
        captured={4: "AS KS QS JS TS", 0: "KC QC JC TC", 2: "KD QD", 3: "JD TD AH KH QH JH"},
        trick=[(3, "8H"), (4, "3H"), (0, "4H"), (1, "TH")],
    )
    assert info.observation.mode == "double"
    assert sum(info.observation.points[s] for s in (2, 4, 0)) == 11
    assert heuristic_card(info) == "2S"


def test_heuristic_ducks_in_double_partnership_when_its_team_has_twelve():
    info = scenario(
        seat=2,
        hand="2S 5D 6D 7D 8D",
        table="AC AD",
        captured={4: "AS KS QS JS TS", 0: "KC QC JC TC", 2: "KD QD JD", 3: "TD AH KH QH JH"},
        trick=[(3, "8H"), (4, "3H"), (0, "4H"), (1, "TH")],
    )
    assert sum(info.observation.points[s] for s in (2, 4, 0)) == 12
    assert heuristic_card(info) == "5D"


def test_expected_score_is_the_deal_score_once_every_point_is_taken():
    assert expected_score(0, "single", [3, 0, 0, 5, 12], 0) == 3  # own 3 ≤ partner (seat 3) 5
    assert expected_score(0, "single", [6, 0, 0, 5, 9], 0) == -1  # own 6 > partner 5: 5 − 6
    assert expected_score(0, "double", [4, 0, 4, 5, 7], 0) == -1  # team 4 + 4 + 5 = 13: −|13 − 12|


def test_the_heuristic_bot_plays_a_whole_game_from_its_information_state():
    from kirifuda.arena import play_game

    bots = [make_bot("heuristic" if s == 0 else "random", GAME, s) for s in range(5)]
    match = play_game(GAME, bots, seed=3)
    assert match.finished and len(GAME.deal_scores(match.state)) == 5


def test_a_search_bot_decides_the_same_for_the_same_seed_and_legally():
    match, seat = next(positions(1, 6))
    info = Seating(match, {}).info(seat)
    legal = match.legal_actions(seat)
    first = make_bot("easy", GAME, seed=5).act(info, legal)
    assert first in legal
    assert make_bot("easy", GAME, seed=5).act(info, legal) == first
