"""Anou's knowledge and sampler (kirifuda.bots.anou_sampler): every sample is consistent with exactly what the
seat knows, every consistent placement can be drawn (uniformly), and the sample never depends on the true
hidden cards."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from swaps import random_match, swapped

from kirifuda import cards as C
from kirifuda.arena import Seating
from kirifuda.bots.anou import Kit
from kirifuda.bots.anou_sampler import AnouKnowledge
from kirifuda.core import Deal
from kirifuda.games.anou import Anou, Root
from kirifuda.match import Match
from kirifuda.tricks import Play

OPTIONS = [
    {"players": 4},
    {"players": 4, "root_stones": True, "first_dealer": 2},
    {"players": 3},
    {"players": 3, "deck3": "52", "first_dealer": 1},
    {"players": 3, "root_stones": True},
    {"players": 3, "deck3": "52", "root_stones": True},
]


def label(options: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items())


def info_of(match: Match, seat: int):
    return Seating(match, {}).info(seat)


def positions(game: Anou, count: int, seed: int, *, late: bool = False):
    """(match, seat to act) at random moments of random games (``late``: the last tricks of a deal)."""
    rng = random.Random(seed)
    found = 0
    for attempt in range(500):
        steps = rng.randrange(1, 3 * 6 * game.hand_size)
        match = random_match(game, seed * 1000 + attempt, steps, rng)
        if match.finished or not match.to_act():
            continue
        if late and sum(match.state.hands).bit_count() > 3 * game.n:
            continue
        yield match, next(iter(match.to_act()))
        found += 1
        if found == count:
            return


def deal_start(match: Match) -> int:
    """The index of the event that dealt the current deal."""
    return max(i for i, e in enumerate(match.events) if e.actor == "deal")


def rebuilt(match: Match, seat: int, sample) -> object:
    """The current deal rebuilt from ``sample`` (its hidden hands plus the cards each seat has played or rooted
    this deal, from the seat's own history) and replayed through this deal's actions from its start."""
    game = match.game
    start = deal_start(match)
    history = match.view(seat).history()[start + 1 :]
    played: dict[int, list[int]] = {s: [] for s in range(game.n)}
    for seen in history:
        action = game.parse_action(seen.text)
        if isinstance(action, (Play, Root)):
            played[seen.actor].append(action.card)
    hands = tuple(tuple(C.cards_in(sample.hands[s])) + tuple(played[s]) for s in range(game.n))
    deal = Deal(hands, rest=tuple(C.cards_in(sample.unused)))
    state = game.apply_deal(match.events[start].before, deal)
    for seen in history:
        state = game.apply(state, seen.actor, seen.text)  # raises IllegalAction if the sample contradicts play
    return state


@pytest.mark.parametrize("options", OPTIONS, ids=label)
def test_every_sample_replays_the_deal_to_itself_and_keeps_the_observation(options):
    game = Anou(**options)
    kit = Kit(game)
    rng = random.Random(5)
    checked = 0
    for match, seat in positions(game, 6, 3):
        info = info_of(match, seat)
        for _ in range(5):
            sample = kit.sample(info, rng)
            assert game.observation(sample, seat) == info.observation
            assert rebuilt(match, seat, sample) == sample
            assert sorted(game.all_cards(sample)) == sorted(game.all_cards(match.state))
        checked += 1
    assert checked == 6


def test_the_true_state_is_one_of_the_samples_fields():
    """Everything but the hidden hands and unused cards is the true state's (first/second included)."""
    game = Anou()
    kit = Kit(game)
    for match, seat in positions(game, 10, 9):
        sample = kit.sample(info_of(match, seat), random.Random(0))
        hidden = {"hands": match.state.hands, "unused": match.state.unused}
        assert sample.__class__(**{**{f: getattr(sample, f) for f in sample.__slots__}, **hidden}) == match.state


def void_position(players: int = 4):
    """A deal where seat 1 fails to follow the dealer's lead at once (ござらぬゆえ): seat 1 holds no ♠."""
    game = Anou(players=players)
    deck = list(game.deck())
    spades = [c for c in deck if C.suit_of(c) == C.SPADES]
    others = [c for c in deck if C.suit_of(c) != C.SPADES]
    size = game.hand_size
    hands = [spades[:4] + others[: size - 4], others[size - 4 : 2 * size - 4]]
    rest = spades[4:] + others[2 * size - 4 :]
    for _ in range(players - 2):
        hands.append(rest[:size])
        rest = rest[size:]
    match = Match(game, deals=[Deal(tuple(tuple(h) for h in hands), rest=tuple(rest))])
    match.act(0, "play " + C.text(spades[0]))
    match.act(1, "play " + C.text(hands[1][0]))
    return game, match


@pytest.mark.parametrize("players", [4, 3])
def test_knowledge_records_a_void_shown_by_failing_to_follow(players):
    game, match = void_position(players)
    for seat in range(players):
        knowledge = info_of(match, seat).knowledge
        assert isinstance(knowledge, AnouKnowledge)
        assert knowledge.voids[1] == 1 << C.SPADES
        assert knowledge.voids[0] == 0


@pytest.mark.parametrize("players", [4, 3])
def test_sampler_never_gives_a_seat_a_suit_it_showed_void_in(players):
    """Today's reshuffle_unseen would hand ♠ to seat 1; the sampler never does (and still fills every hand)."""
    game, match = void_position(players)
    seat = 2
    kit = Kit(game)
    info = info_of(match, seat)
    rng = random.Random(1)
    for _ in range(300):
        sample = kit.sample(info, rng)
        assert not C.suit_cards(sample.hands[1], C.SPADES)
        assert [h.bit_count() for h in sample.hands] == [h.bit_count() for h in match.state.hands]


def test_knowledge_is_cleared_by_the_next_deal():
    game = Anou()
    rng = random.Random(2)
    match = Match(game, seed=4)
    voids_seen = False
    while match.state.deal_index == 0:
        (seat,) = match.to_act()
        match.act(seat, rng.choice(match.legal_actions(seat)))
        voids_seen = voids_seen or any(info_of(match, 0).knowledge.voids)
    assert voids_seen
    assert info_of(match, 0).knowledge.voids == (0, 0, 0, 0)


def consistent_placements(game: Anou, match: Match, seat: int) -> set[tuple[int, ...]]:
    """Brute force: every placement of the cards ``seat`` cannot see into the hidden places (other hands, the
    unused pile) with the right sizes and no card of a suit its holder showed void in."""
    state = match.state
    info = info_of(match, seat)
    voids = info.knowledge.voids
    places = [s for s in range(game.n) if s != seat]
    sizes = [state.hands[s].bit_count() for s in places] + [state.unused.bit_count()]
    unseen = sorted(C.cards_in(C.mask(c for s in places for c in C.cards_in(state.hands[s])) | state.unused))
    out = set()

    def place(i: int, left: list[int], chosen: list[int]) -> None:
        if i == len(places):
            out.add((*chosen, C.mask(left)))
            return
        for combo in itertools.combinations(left, sizes[i]):
            if any(voids[places[i]] >> C.suit_of(c) & 1 for c in combo):
                continue
            place(i + 1, [c for c in left if c not in combo], [*chosen, C.mask(combo)])

    place(0, unseen, [])
    return out


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 3}, {"players": 3, "root_stones": True}], ids=label)
def test_sampler_draws_every_consistent_placement_uniformly(options):
    """Late positions: every placement the brute force finds is drawn, none other, about equally often."""
    game = Anou(**options)
    kit = Kit(game)
    checked = 0
    for match, seat in positions(game, 40, 11, late=True):
        truth = consistent_placements(game, match, seat)
        if not 2 <= len(truth) <= 40:
            continue
        info = info_of(match, seat)
        assert kit.plan(info).placements == len(truth)
        rng = random.Random(checked)
        places = [s for s in range(game.n) if s != seat]
        per = 80
        drawn = Counter()
        for _ in range(per * len(truth)):
            sample = kit.sample(info, rng)
            drawn[(*(sample.hands[s] for s in places), sample.unused)] += 1
        assert set(drawn) == truth
        assert min(drawn.values()) > per * 0.5 and max(drawn.values()) < per * 1.5
        checked += 1
        if checked == 3:
            break
    assert checked >= 2


def test_sampler_counts_placements_with_voids_exactly():
    game, match = void_position(4)
    # finish the trick and play on until few cards are left, keeping seat 1's ♠ void on record
    rng = random.Random(3)
    while sum(match.state.hands).bit_count() > 10:
        (seat,) = match.to_act()
        match.act(seat, rng.choice(match.legal_actions(seat)))
    (seat,) = match.to_act()
    kit = Kit(game)
    assert kit.plan(info_of(match, seat)).placements == len(consistent_placements(game, match, seat))


def test_samples_do_not_depend_on_the_true_hidden_cards():
    """Two worlds the seat cannot tell apart (tests/swaps.py) give the same samples for the same generator."""
    game = Anou()
    rng = random.Random(8)
    checked = 0
    for attempt in range(60):
        match = random_match(game, attempt, rng.randrange(1, 150), rng)
        if match.finished or not match.to_act():
            continue
        (seat,) = match.to_act()
        other = swapped(match, seat, rng)
        if other is None:
            continue
        a, b = Kit(game), Kit(game)
        ia, ib = info_of(match, seat), info_of(other, seat)
        assert ia == ib
        ra, rb = random.Random(attempt), random.Random(attempt)
        assert [a.sample(ia, ra) for _ in range(5)] == [b.sample(ib, rb) for _ in range(5)]
        checked += 1
        if checked == 5:
            break
    assert checked == 5
