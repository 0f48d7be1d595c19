"""The Anarchy family's kit (kirifuda.bots.anarchy): knowledge, sampler, undo_pending, heuristic, rollouts.

Sampler properties (issue 10): every sample is consistent with the information state (the deal rebuilt from the
sample replays this deal's actions legally to the sample itself, and the seat sees exactly what it sees now with
the others' face-down choices taken back); every consistent placement of the unseen cards can be drawn (brute
force over late positions, consistency judged by replaying); a sample never depends on the true hidden cards
(worlds the seat cannot tell apart give the same samples).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

import pytest
from swaps import random_match, swapped

from kirifuda import cards as C
from kirifuda.arena import Seating
from kirifuda.bots import anarchy as anarchy_kit
from kirifuda.bots.anarchy import AnarchyKnowledge, Kit
from kirifuda.core import Deal, KirifudaError
from kirifuda.fast.anarchy import Position, names_of
from kirifuda.games.anarchy import BID, NO_CARD, PASS, PLAY, Give, bomb_deal_score, capture
from kirifuda.match import Match
from kirifuda.registry import make

CASES = [  # every option that changes what a seat can see or where cards hide
    ("anarchy", {}),
    ("anarchy", {"players": 4}),
    ("anarchy", {"bidding": "secret", "turnup": "contested"}),
    ("anarchy-bomb", {}),
    ("anarchy-bomb", {"players": 3, "bidding": "secret"}),
    ("anarchy-bomb", {"players": 5, "bomb_wild": True}),
    ("anarchy-bomb", {"players": 5, "deck5": "65"}),
    ("organised-chaos", {}),
    ("organised-chaos", {"players": 3}),
    ("organised-chaos", {"players": 3, "dummy_passes": True}),
    ("organised-chaos", {"players": 5}),
]


def label(case) -> str:
    game_id, options = case
    return game_id + "".join(f",{k}={v}" for k, v in options.items())


def waiting_positions(game, count: int, seed: int):
    """(match, seat) pairs from random games, the seat awaited."""
    rng = random.Random(seed)
    for attempt in range(count):
        match = random_match(game, seed * 1000 + attempt, rng.randrange(1, 200), rng)
        if match.to_act():
            yield match, rng.choice(sorted(match.to_act()))


# --- consistency ------------------------------------------------------------------------------


def names(mask: int) -> list[int]:
    return [C.base(c) for c in C.cards_in(mask)]


def rebuild_and_replay(game, match: Match, seat: int, sample, knowledge: AnarchyKnowledge):
    """The deal rebuilt from ``sample`` (hidden hands as sampled, plus what each seat has played and passed) and
    this deal's actions replayed on it: the others' passes as the sample has them, their face-down choices still
    pending left out."""
    start = max(i for i, e in enumerate(match.events) if e.actor == "deal")
    n = game.n
    chaos_exchanged = game.chaos and sample.phase != PASS
    hands = []
    for s in range(n):
        held = sample.hands[s] | (sample.given[s] if sample.phase == PASS else 0)
        if sample.chosen[s] != NO_CARD:
            held |= 1 << sample.chosen[s]
        dealt = names(held) + names(knowledge.played[s])  # a list: two copies of a name are two entries
        if chaos_exchanged:
            for c in names(sample.received[s]):
                dealt.remove(c)
            dealt += names(sample.given[s])
        hands.append(tuple(dealt))
    turned = list(knowledge.dummy_turned)
    stock = turned + list(sample.dummy)
    if game.has_dummy and getattr(game.options, "dummy_passes", False) and chaos_exchanged:
        stock = names(sample.received[(sample.dealer + 1) % n]) + stock[:10]
    rest = list(knowledge.turnups) + list(sample.rest)
    spare = [] if game.spare_size == 0 else [sample.spare if sample.spare != NO_CARD else knowledge.bomb_card]
    deal = Deal(tuple(hands), rest=tuple(C.base(c) for c in rest), spare=tuple(C.base(c) for c in spare))
    deal = Deal(deal.hands, deal.rest, deal.spare, dummy=tuple(C.base(c) for c in stock))
    state = game.apply_deal(match.events[start].before, deal)
    true = match.state
    face_down = {PLAY: [c != NO_CARD for c in true.chosen], PASS: [bool(g) for g in true.given]}.get(
        true.phase, [b is not None and game.secret_bids for b in true.bids]
    )
    pending = [s for s in range(n) if s != seat and face_down[s]]
    skip = {max(i for i, e in enumerate(match.events) if e.actor == s) for s in pending}
    for i in range(start + 1, len(match.events)):
        event = match.events[i]
        if i in skip:
            continue
        action = event.action
        if isinstance(action, Give) and event.actor != seat:
            action = Give(tuple(C.sorted_cards(names(sample.given[event.actor]))))
        state = game.apply(state, event.actor, action)
    return state


@pytest.mark.parametrize("case", CASES, ids=label)
def test_every_sample_replays_from_its_rebuilt_deal_to_what_the_seat_sees(case):
    game = make(*case)
    kit = Kit(game)
    checked = 0
    for match, seat in waiting_positions(game, 25, 3):
        info = Seating(match, {}).info(seat)
        assert isinstance(info.knowledge, AnarchyKnowledge)
        truth = kit.undo_pending(match.state, seat)
        for k in range(2):
            sample = kit.sample(info, random.Random(k))
            assert seat in game.to_act(sample)
            assert game.observation(sample, seat) == game.observation(truth, seat)
            assert Counter(map(C.base, game.all_cards(sample))) == Counter(map(C.base, game.all_cards(truth)))
            replayed = rebuild_and_replay(game, match, seat, sample, info.knowledge)
            assert game.observation(replayed, seat).to_json() == game.observation(sample, seat).to_json()
            if not any(c & C.COPY for c in game.deck()):
                assert replayed == sample
            checked += 1
    assert checked >= 20


# --- completeness -----------------------------------------------------------------------------


def late_position(game, seat: int, tricks_left: int, seed: int, bomb_kept: bool = False) -> Match:
    """A random game stopped with ``tricks_left`` tricks to choose, ``seat`` to choose first."""
    rng = random.Random(seed)
    for attempt in range(500):
        match = Match(game, seed=seed * 100 + attempt)
        while not match.finished:
            if match.state.phase == PLAY and game.hand_size - match.state.tricks_done == tricks_left:
                break
            waiting = sorted(match.to_act())
            s = waiting[0]
            legal = match.legal_actions(s)
            if bomb_kept and any(str(a) == "play JK" for a in legal) and len(legal) > 1:
                legal = [a for a in legal if str(a) != "play JK"]
            match.act(s, rng.choice(legal))
        if not match.finished and (not bomb_kept or match.state.spare != NO_CARD):
            return match
    raise AssertionError("no such position")


def placements(game, match: Match, seat: int) -> set:
    """Every placement of the unseen cards into the places that hide them for which replaying this deal gives
    the seat exactly the observations it had: judged by the rules alone."""
    state = match.state
    n = game.n
    hidden_places = [("hand", s) for s in range(n) if s != seat]
    sizes = [state.hands[s].bit_count() for s in range(n) if s != seat]
    if game.has_dummy:
        hidden_places.append(("dummy", 0))
        sizes.append(len(state.dummy))
    rest_hidden = len(state.rest) - (1 if game.original and state.rest else 0)
    if rest_hidden:
        hidden_places.append(("rest", 0))
        sizes.append(rest_hidden)
    unseen = [c for s in range(n) if s != seat for c in C.cards_in(state.hands[s])]
    unseen += list(state.dummy) + list(state.rest[len(state.rest) - rest_hidden :])
    start = max(i for i, e in enumerate(match.events) if e.actor == "deal")
    deal = match.deals[-1]
    # the seat learns something only from its deal, its own choices and the reveals: compare its view there
    telling = [
        i
        for i, e in enumerate(match.events[start:])
        if i == 0 or e.actor == seat or e.after.tricks_done != e.before.tricks_done or e.after.phase != e.before.phase
    ]
    own_history = [game.observation(match.events[start + i].after, seat) for i in telling]
    before = match.events[start].before
    found = set()
    tried = set()
    bounds = [sum(sizes[:i]) for i in range(len(sizes) + 1)]
    for order in permutations(unseen):
        # a hand is a set, a stock or the cards aside a sequence: replay each placement once
        key = tuple(
            (frozenset if kind == "hand" else tuple)(order[bounds[i] : bounds[i + 1]])
            for i, (kind, _) in enumerate(hidden_places)
        )
        if key in tried:
            continue
        tried.add(key)
        new = dict(zip(unseen, order, strict=True))

        def moved(pile: tuple[int, ...], new: dict[int, int] = new) -> tuple[int, ...]:
            return tuple(new.get(c, c) for c in pile)

        candidate = Deal(tuple(moved(h) for h in deal.hands), moved(deal.rest), deal.spare, moved(deal.dummy))
        try:
            replayed = [game.apply_deal(before, candidate)]
            for event in match.events[start + 1 :]:
                replayed.append(game.apply(replayed[-1], event.actor, event.action))
        except KirifudaError:
            continue
        if [game.observation(replayed[i], seat) for i in telling] != own_history:
            continue
        end = replayed[-1]
        found.add((tuple(end.hands[s] for s in range(n) if s != seat), tuple(end.dummy), tuple(end.rest)))
    return found


def drawn(kit: Kit, game, match: Match, seat: int, draws: int) -> set:
    info = Seating(match, {}).info(seat)
    rng = random.Random(0)
    out = set()
    n = game.n
    for _ in range(draws):
        s_ = kit.sample(info, rng)
        out.add((tuple(s_.hands[s] for s in range(n) if s != seat), tuple(s_.dummy), tuple(s_.rest)))
    return out


@pytest.mark.parametrize(
    ("case", "tricks_left", "bomb_kept"),
    [
        (("anarchy", {"players": 4}), 2, False),
        (("anarchy", {}), 1, False),
        (("anarchy-bomb", {"players": 3}), 2, True),
        (("anarchy-bomb", {}), 2, True),
    ],
    ids=["anarchy-4p", "anarchy-turnup", "bomb-3p-dummy-joker", "bomb-4p-joker"],
)
def test_the_sampler_draws_every_consistent_placement_and_nothing_else(case, tricks_left, bomb_kept):
    game = make(*case)
    match = late_position(game, 0, tricks_left, 5, bomb_kept)
    seat = 0
    consistent = placements(game, match, seat)
    assert len(consistent) > 1
    got = drawn(Kit(game), game, match, seat, 40 * len(consistent))
    assert got == consistent


# --- independence -----------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=label)
def test_samples_do_not_depend_on_cards_the_seat_cannot_see(case):
    game = make(*case)
    rng = random.Random(9)
    checked = 0
    for match, seat in waiting_positions(game, 40, 11):
        other = swapped(match, seat, rng)
        if other is None:
            continue
        a, b = Seating(match, {}).info(seat), Seating(other, {}).info(seat)
        assert a == b
        for k in range(3):
            assert Kit(game).sample(a, random.Random(k)) == Kit(game).sample(b, random.Random(k))
        checked += 1
        if checked == 4:
            break
    assert checked >= 2


# --- undo_pending -----------------------------------------------------------------------------


def test_undo_pending_takes_back_the_others_face_down_cards_and_keeps_the_seats_own_KA3():
    game = make("anarchy-bomb")
    match = Match(game, seed=4)
    while match.state.phase != PLAY:
        (s,) = match.to_act()
        match.act(s, match.legal_actions(s)[0])
    for s in (1, 2):
        match.act(s, match.legal_actions(s)[0])
    state = Kit(game).undo_pending(match.state, 1)
    assert state.chosen[1] == match.state.chosen[1] != NO_CARD
    assert state.chosen[2] == NO_CARD
    assert state.hands[2] == match.state.hands[2] | 1 << match.state.chosen[2]
    assert game.to_act(state) == frozenset({0, 2, 3})


def test_undo_pending_takes_back_passes_and_secret_bids():
    chaos = make("organised-chaos")
    match = Match(chaos, seed=2)
    match.act(0, match.legal_actions(0)[5])
    match.act(3, match.legal_actions(3)[7])
    state = Kit(chaos).undo_pending(match.state, 0)
    assert state.given[3] == 0 and state.given[0] == match.state.given[0]
    assert state.hands[3] == match.state.hands[3] | match.state.given[3]
    secret = make("anarchy", {"bidding": "secret"})
    match = Match(secret, seed=2)
    match.act(1, "bid hearts")
    match.act(2, "bid misere")
    state = Kit(secret).undo_pending(match.state, 2)
    assert state.bids == (None, None, "misere", None, None)


def test_a_seat_with_no_joker_samples_it_in_another_players_hand_until_the_bomb_P4():
    game = make("anarchy-bomb", {"players": 3})
    kit = Kit(game)
    for match, seat in waiting_positions(game, 12, 2):
        if match.state.spare == NO_CARD or match.state.hands[seat] >> C.JOKER & 1:
            continue
        info = Seating(match, {}).info(seat)
        for k in range(20):
            sample = kit.sample(info, random.Random(k))
            holders = [s for s in range(game.n) if sample.hands[s] >> C.JOKER & 1]
            assert len(holders) == 1 and holders[0] != seat
            assert C.JOKER not in sample.dummy


def test_a_chaos_seat_samples_its_passed_cards_with_its_left_neighbour_until_played():
    game = make("organised-chaos")
    kit = Kit(game)
    match = Match(game, seed=8)
    rng = random.Random(8)
    while match.state.phase != PLAY or match.state.tricks_done < 3:
        s = min(match.to_act())
        match.act(s, rng.choice(match.legal_actions(s)))
    seat = 2
    info = Seating(match, {}).info(seat)
    passed = info.observation.passed.mask
    played = 0
    for m in match.state.taken:
        played |= m
    for k in range(20):
        sample = kit.sample(info, random.Random(k))
        assert passed & ~played & ~sample.hands[3] == 0


# --- the heuristic ----------------------------------------------------------------------------


def dealt(game, hand: str, *, spare: str | None = None, shuffle: int = 0) -> Match:
    """A match whose first deal gives seat 0 ``hand`` (and the Bomb's spare), the other cards shuffled out."""
    mine = [C.parse(t) for t in hand.split()]
    pile_sizes = {"rest": game.rest_size, "spare": game.spare_size, "dummy": game.dummy_size}
    spare_cards = [C.parse(spare)] if spare else []
    others = [c for c in game.deck() if c not in mine and c not in spare_cards]
    random.Random(shuffle).shuffle(others)
    if game.bomb and C.JOKER not in mine:  # P4: the Joker starts in a player's hand
        others.remove(C.JOKER)
        others.insert(0, C.JOKER)
    hands = [tuple(mine)]
    for _ in range(1, game.n):
        hands.append(tuple(others[: game.hand_size]))
        del others[: game.hand_size]
    rest = tuple(others[: pile_sizes["rest"]])
    del others[: pile_sizes["rest"]]
    if game.spare_size and not spare_cards:
        spare_cards = [others.pop(0)]
    dummy = tuple(others[: pile_sizes["dummy"]])
    return Match(game, deals=[Deal(tuple(hands), rest=rest, spare=tuple(spare_cards), dummy=dummy)])


def heuristic_choice(match: Match, seat: int = 0) -> str:
    game = match.game
    info = Seating(match, {}).info(seat)
    return str(Kit(game).heuristic(info, match.legal_actions(seat), random.Random(0)))


def bid_round(match: Match, bids: dict[int, str], until: int = 0) -> None:
    """Open bids in turn from the dealer's left until ``until`` is to bid."""
    while match.state.phase == "bid" and match.state.turn != until:
        match.act(match.state.turn, "bid " + bids[match.state.turn])


def test_heuristic_bids_the_suit_it_holds_the_top_of():
    game = make("anarchy", {"first_dealer": 4})
    match = dealt(game, "AH KH QH JH TH 9H 2S 3D 4C 5C")
    assert heuristic_choice(match) == "bid hearts"


def test_heuristic_bids_under_with_a_hand_of_low_cards():
    game = make("anarchy-bomb", {"first_dealer": 3})
    match = dealt(game, "2S 3S 4S 2H 3H 4H 5H 2D 3D 4D 2C 3C 4C")
    assert heuristic_choice(match) == "bid under"


def test_heuristic_leaves_a_suit_an_earlier_bidder_seeks_when_another_bid_is_nearly_as_good():
    hand = "KS TS 8S 6S 2S AH 9H 6H 5H 5D"  # five spades, four hearts with the ace
    alone = dealt(make("anarchy", {"first_dealer": 4}), hand)  # seat 0 bids first
    assert heuristic_choice(alone) == "bid spades"
    contested = dealt(make("anarchy", {"first_dealer": 3}), hand)  # seat 4 bids first
    bid_round(contested, {4: "spades"})
    assert heuristic_choice(contested) == "bid hearts"


def play_phase(match: Match, bids: dict[int, str]) -> None:
    while match.state.phase == "bid":
        match.act(match.state.turn, "bid " + bids[match.state.turn])


def test_heuristic_plays_the_master_of_its_bid_suit():
    game = make("anarchy", {"players": 4, "first_dealer": 3})
    match = dealt(game, "AH 5H 4H 9S 8S 7D 6D 5D 4D 3D 2D 3C 2C")
    play_phase(match, {0: "hearts", 1: "nosuit", 2: "nosuit", 3: "nosuit"})
    assert heuristic_choice(match) == "play AH"


def test_heuristic_keeps_a_low_card_of_its_bid_suit_while_higher_ones_are_out():
    game = make("anarchy", {"players": 4, "first_dealer": 3})
    match = dealt(game, "5H 4H 9S 8S 7D 6D 5D 4D 3D 2D 3C 2C 7C")
    play_phase(match, {0: "hearts", 1: "nosuit", 2: "nosuit", 3: "nosuit"})
    choice = heuristic_choice(match)
    assert choice not in ("play 5H", "play 4H")


def test_misere_heuristic_sheds_low_cards_and_keeps_its_ace():
    game = make("anarchy", {"players": 4, "first_dealer": 3})
    match = dealt(game, "AS 2S 3S 2H 3H 4H 2D 3D 4D 5D 2C 3C 4C")
    play_phase(match, {0: "misere", 1: "nosuit", 2: "nosuit", 3: "nosuit"})
    choice = heuristic_choice(match)
    assert choice != "play AS"
    assert C.parse(choice.split()[1]) & 15 <= C.FOUR


def test_the_anarchist_throws_the_bomb_when_the_spare_is_the_low_card_of_its_suit():
    game = make("anarchy-bomb", {"first_dealer": 3})
    match = dealt(game, "JK 9S 8S 7S 3H 4H 5D 6D 7D 3C 4C 5C 6C", spare="2S")
    play_phase(match, {0: "spades", 1: "cards", 2: "cards", 3: "cards"})
    assert heuristic_choice(match) == "play JK"


def test_chaos_heuristic_passes_cards_its_planned_bid_does_not_want():
    game = make("organised-chaos", {"first_dealer": 3})
    match = dealt(game, "AS KS QS JS TS 9S 8S 7S 6S 2H 3D 4C 5C")
    choice = heuristic_choice(match)
    passed = C.parse_many(choice.split()[1:])
    assert all(C.suit_of(c) != C.SPADES for c in passed)


def test_chaos_heuristic_makes_the_only_bid_it_has_left():
    game = make("organised-chaos")
    kit = Kit(game)
    knowledge = AnarchyKnowledge(0, bid_history=tuple((b, "cards", "cards", "cards") for b in game.bid_names[:9]))
    assert kit._bids_left(knowledge, 0) == [game.bid_names[9]]


# --- rollouts and the search's hooks ------------------------------------------------------------


def test_rollout_policy_reads_only_the_seats_own_hand_and_the_table():
    game = make("anarchy-bomb")
    kit = Kit(game)
    rng = random.Random(4)
    checked = 0
    for match, seat in waiting_positions(game, 30, 5):
        if match.state.phase != PLAY:
            continue
        other = swapped(match, seat, rng)
        if other is None:
            continue
        a = kit.undo_pending(match.state, seat)
        b = kit.undo_pending(other.state, seat)
        assert a.hands[seat] == b.hands[seat] and a.hands != b.hands
        legal = game.legal_actions(a, seat)
        for k in range(5):
            assert kit.rollout_policy(a, seat, legal, random.Random(k)) == kit.rollout_policy(
                b, seat, legal, random.Random(k)
            )
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("case", CASES, ids=label)
def test_rollouts_play_sampled_states_to_the_end_of_their_deal(case):
    game = make(*case)
    kit = Kit(game)
    for match, seat in waiting_positions(game, 4, 6):
        state = kit.sample(Seating(match, {}).info(seat), random.Random(1))
        scores = kit.rollout(state, random.Random(2))
        assert len(scores) == game.n and all(s >= 0 for s in scores)


def test_chaos_leaves_count_a_bid_used_now_at_less_its_typical_score_but_not_in_the_last_deal():
    game = make("organised-chaos")
    kit = Kit(game)
    match = Match(game, seed=3)
    rng = random.Random(3)
    while len(match.state.scores) < 1:
        s = min(match.to_act())
        match.act(s, rng.choice(match.legal_actions(s)))
    finished = next(e.after for e in match.events if e.actor != "deal" and game.deal_scores(e.after))
    raw = game.deal_scores(finished)[0]
    bids = finished.bid_history[0]
    adjusted = kit.evaluate(finished, 0, random.Random(0))
    for score, bid, value in zip(raw, bids, adjusted, strict=True):
        assert value == pytest.approx(score - anarchy_kit.bid_cost(game, bid, game.total_deals))
        assert anarchy_kit.bid_cost(game, bid, game.total_deals) > 0
    assert anarchy_kit.bid_cost(game, bids[0], 1) == 0


def test_the_pass_prior_orders_every_pass_with_the_heuristics_first():
    game = make("organised-chaos")
    kit = Kit(game)
    match = Match(game, seed=5)
    legal = match.legal_actions(0)
    ordered = kit.prior(match.state, 0, legal)
    assert sorted(map(str, ordered)) == sorted(map(str, legal))
    assert str(ordered[0]) == heuristic_choice(match, 0)


def test_the_dummy_stock_ends_with_the_dealers_pass_in_canonical_order_KA4():
    """3 players with ``dummy_passes``, seen by a seat that is not the dealer, two tricks from the end: the two cards
    left in the stock are the rest of the dealer's pass, so in canonical order and after the one already turned
    (KA4); the seat's own pass is with its left neighbour (§3). Every such placement is drawn, and no other."""
    game = make("organised-chaos", {"players": 3, "dummy_passes": True, "first_dealer": 1})
    rng = random.Random(3)
    match = Match(game, seed=3)
    while not (match.state.phase == PLAY and match.state.tricks_done == game.hand_size - 2):
        s = min(match.to_act())
        match.act(s, rng.choice(match.legal_actions(s)))
    seat = 0  # the dealer is seat 1
    info = Seating(match, {}).info(seat)
    state = match.state
    turned = info.knowledge.dummy_turned[10]
    passed = info.observation.passed.mask & ~(state.taken[0] | state.taken[1] | state.taken[2] | state.taken[3])
    others = [1, 2]
    unseen = [c for s in others for c in C.cards_in(state.hands[s])] + list(state.dummy)
    consistent = set()
    for order in permutations(unseen):
        hand1, hand2, stock = frozenset(order[:2]), frozenset(order[2:4]), tuple(order[4:])
        keys = [anarchy_kit._sort_key(c) for c in (turned, *stock)]
        if keys != sorted(keys) or passed & ~C.mask(hand1):
            continue
        consistent.add((C.mask(hand1), C.mask(hand2), stock))
    kit = Kit(game)
    draws = set()
    for k in range(60 * len(consistent)):
        sample = kit.sample(info, random.Random(k))
        draws.add((sample.hands[1], sample.hands[2], sample.dummy))
    assert len(consistent) > 1
    assert draws == consistent


# --- the search's shortcuts reckon exactly what they stand for ----------------------------------


def test_one_deck_shortcuts_reckon_the_same_numbers_as_the_general_functions():
    """Issue 21's speed-ups of the modelled seats and the rollouts change no number: the bids' values, the pass
    order, the card scores by suit and the one-deck deal score equal the general reckonings they replace."""
    rng = random.Random(21)
    for game_id in ("organised-chaos", "anarchy-bomb", "anarchy"):
        game = make(game_id)
        deck = [c for c in game.deck() if c != C.JOKER]
        for _ in range(300):
            hand = C.mask(rng.sample(deck, rng.randint(1, 13)))
            unseen = C.mask(deck) & ~hand
            if rng.random() < 0.5:
                unseen &= C.mask(rng.sample(deck, 30))
            table = anarchy_kit.CALIBRATION.get(game_id, {})
            by_features = {
                bid: c[0] + c[1] * f[0] + c[2] * f[1] + c[3] * f[2] + c[4] * f[3]
                for bid, f in anarchy_kit.bid_features(game, hand, unseen, 3).items()
                for c in [table.get(bid, anarchy_kit.UNCALIBRATED)]
            }
            assert anarchy_kit.bid_values(game, hand, unseen, 3) == by_features
            taken_by_suit, keeps_void = anarchy_kit._reckon_suits(game, hand, unseen, 3)
            for x, estimates in enumerate(anarchy_kit.taken_estimates(game, hand, unseen, 3)):
                taken, p_void = 0.0, 1.0
                for e in estimates:
                    taken += e
                    p_void *= max(0.0, 1.0 - min(e, 1.0))
                assert (taken_by_suit[x], keeps_void[x]) == (taken, p_void)
            bid = rng.choice([*game.bid_names, None])
            taken = C.mask(rng.sample(deck, rng.randint(0, 6))) & ~hand
            values, voids = anarchy_kit.suit_values(game, bid, hand, taken)
            turnup = rng.choice([NO_CARD, *deck])
            assert anarchy_kit._scores_by_suit(
                game.original, hand, unseen, values, voids, 3, turnup
            ) == anarchy_kit.card_scores(game, names_of(hand), unseen, values, voids, 3, NO_CARD, turnup)
            if not game.original:
                pile = C.mask(rng.sample(deck, rng.randint(0, 40)))
                assert anarchy_kit._deal_score_one_deck(bid or "cards", pile, game.hand_size) == bomb_deal_score(
                    bid or "cards", pile, game.hand_size
                )
            if game.chaos:
                values, voids = anarchy_kit.suit_values(game, bid, hand, 0)
                p = min(3 / (unseen.bit_count() or 1), 1.0)
                worth = {}
                for c in names_of(hand):
                    x, r = (c >> 4) & 3, c & 15
                    hi = (unseen & anarchy_kit.ABOVE[x][r]).bit_count()
                    lower = (unseen & anarchy_kit.BELOW[x][r]).bit_count()
                    keep = anarchy_kit.BOMB_SINGLETON_KEEP[0] + anarchy_kit.BOMB_SINGLETON_KEEP[1] * r / C.ACE
                    worth[c] = anarchy_kit.expected_gain(values[x], voids[x], hi, lower, p, keep)
                assert anarchy_kit.pass_order(game, hand, unseen, 3, bid) == sorted(
                    names_of(hand), key=worth.__getitem__
                )


def test_the_rollouts_capture_on_bits_takes_every_card_where_capture_gives_it():
    """§1 "Capture", §2: the rollout's capture straight into the piles (a trick of distinct cards without the bomb)
    adds to each seat's pile exactly the cards the rules' ``capture`` gives it (3 to 5 players, with and without
    the singletons rule)."""
    rng = random.Random(21)
    deck = list(C.DECK_52)
    for _ in range(3000):
        cards = rng.sample(deck, rng.randint(3, 5))
        for singletons in (True, False):
            piles = [C.mask(rng.sample(deck, 5)) & ~C.mask(cards) for _ in cards]
            expected = list(piles)
            for card, to in zip(cards, capture(cards, singletons), strict=True):
                expected[to] |= 1 << card
            anarchy_kit._capture_into(cards, piles, singletons)
            assert piles == expected


ONE_DECK = [c for c in CASES if not (Kit(make(*c)).deck_mask >> C.COPY or make(*c).has_dummy)]
"""The cases whose rollouts play their tricks in the kit's own loop (one deck, no dummy)."""


@pytest.mark.parametrize("case", ONE_DECK, ids=label)
def test_the_rollouts_trick_loop_plays_as_the_fast_engine_does(case):
    """The rollout's own trick loop (one deck, no dummy) ends each deal with the scores the fast engine's
    choose/reveal give for the same cards in the same order."""
    game = make(*case)
    kit = Kit(game)
    checked = 0
    for match, seat in waiting_positions(game, 12, 8):
        if match.state.phase != PLAY:
            continue
        pos = Position.from_state(game, kit.sample(Seating(match, {}).info(seat), random.Random(3)))
        orders = [list(pos.names[s]) for s in range(game.n)]
        for order in orders:
            random.Random(len(order)).shuffle(order)
        ref = pos.copy()
        ref_orders = [list(o) for o in orders]
        draw, ref_draw = random.Random(5).random, random.Random(5).random
        epsilon = [0.3, 0.9, 0.0, 0.6, 0.2][: game.n]  # each seat's share of random cards (OTHERS_EPSILON)
        while ref.phase == PLAY:
            for s in range(game.n):
                if ref.chosen[s] == NO_CARD:
                    order = ref_orders[s]
                    ref.choose(s, order.pop(int(ref_draw() * len(order)) if ref_draw() < epsilon[s] else 0))
            ref.reveal()
        anarchy_kit._play_tricks(pos, orders, draw, epsilon)
        assert (pos.scores, pos.bid_history, pos.taken, pos.hands, pos.phase) == (
            ref.scores,
            ref.bid_history,
            ref.taken,
            ref.hands,
            ref.phase,
        )
        checked += 1
    assert checked >= 2


# --- the search's fast game walks as the pure engine does ------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=label)
def test_the_search_game_on_fast_positions_walks_every_deal_as_the_pure_engine_does(case):
    """Issue 21: the search walks its imagined states on the fast engine (:class:`anarchy_kit.SearchGame` over
    :class:`Position`); from sampled states of every phase, random play to the deal's end sees the same seats to
    act, the same legal actions in the same order, the same views of them and the same scores at every step."""
    game = make(*case)
    kit = Kit(game)
    fast = kit.search_game
    assert isinstance(fast, anarchy_kit.SearchGame)
    rng = random.Random(21)
    steps = 0
    for match, seat in waiting_positions(game, 8, 9):
        state = kit.sample(Seating(match, {}).info(seat), random.Random(1))
        pos = kit.searchable(state)
        done = len(state.scores)
        while len(state.scores) == done:
            waiting = game.to_act(state)
            assert fast.to_act(pos) == waiting
            actor = rng.choice(sorted(waiting))
            legal = game.legal_actions(state, actor)
            assert list(fast.legal_actions(pos, actor)) == legal
            action = rng.choice(legal)
            assert fast.seen(pos, seat, actor, action) == game.seen(state, seat, actor, action)
            state = game.apply(state, actor, action)
            assert fast.apply(pos, actor, action) is pos
            assert (list(fast.deal_scores(pos)), fast.chance(pos), fast.is_over(pos)) == (
                list(game.deal_scores(state)),
                game.chance(state),
                game.is_over(state),
            )
            steps += 1
        assert pos.bid_history == list(state.bid_history)
    assert steps > 50


def test_the_search_game_refuses_cards_not_held_and_seats_not_awaited():
    """The modelled seats' passes are made without listing the legal ones: the fast game still checks them (§3)."""
    game = make("organised-chaos")
    kit = Kit(game)
    match = Match(game, seed=2)
    pos = kit.searchable(match.state)
    hand = match.state.hands[0]
    missing = next(c for c in game.deck() if not hand >> c & 1)
    held = [c for c in C.cards_in(hand)][:2]
    with pytest.raises(KirifudaError):
        kit.search_game.apply(pos, 0, Give(tuple(C.sorted_cards([*held, missing]))))
    assert pos.hands[0] == hand and pos.given[0] == 0
    first = kit.search_game.legal_actions(pos, 0)[0]
    kit.search_game.apply(pos, 0, first)
    assert kit.search_game.legal_actions(pos, 0) == []
    with pytest.raises(KirifudaError):
        kit.search_game.apply(pos, 0, first)  # seat 0 has passed: it is not awaited


@pytest.mark.parametrize("case", CASES, ids=label)
def test_the_modelled_seats_cached_choices_are_the_rollout_policys(case):
    """Issue 21, fourth pass: a modelled seat's bid, pass and card (:meth:`Kit.model_choice`) are cached by everything
    the heuristic reads; made afresh or found in the cache, each is :meth:`Kit.rollout_policy`'s choice among the
    seat's legal actions, with the same draws from the generator."""
    game = make(*case)
    kit, plain = Kit(game), Kit(game)
    rng = random.Random(4)
    phases: Counter[str] = Counter()
    starts = [Match(game, seed=s) for s in range(2)]  # a deal's first choices: its pass or bids
    for match, seat in [*((m, min(m.to_act())) for m in starts), *waiting_positions(game, 8, 13)]:
        info = Seating(match, {}).info(seat)
        for k in range(3):
            pos = kit.searchable(kit.sample(info, random.Random(k)))
            while pos.phase in (PASS, BID, PLAY):
                waiting = sorted(kit.search_game.to_act(pos))
                actor = rng.choice(waiting)
                legal = kit.search_game.legal_actions(pos, actor)
                for _ in range(2):  # made, then found
                    mine, theirs = random.Random(k), random.Random(k)
                    expected = plain.rollout_policy(pos, actor, legal, theirs)
                    assert kit.model_choice(pos, actor, mine) == expected
                    assert mine.random() == theirs.random()
                phases[pos.phase] += 1
                kit.search_game.apply(pos, actor, rng.choice(list(legal)))
    assert phases[PLAY] > 20 and phases[BID] > 0
    if game.chaos:
        assert phases[PASS] > 0


@pytest.mark.parametrize("case", CASES, ids=label)
def test_rollouts_with_cached_card_rankings_play_as_rollouts_without(case):
    """Issue 21, fourth pass: :meth:`Kit.play_out` ranks each hand once and caches the ranking by everything it reads;
    a kit whose caches are full of other positions' rankings, and the same kit again on the same positions, play
    every rollout exactly as a fresh kit does (the same cards taken, the same scores)."""
    game = make(*case)
    warm = Kit(game)
    samples = []
    for match, seat in waiting_positions(game, 8, 17):
        info = Seating(match, {}).info(seat)
        samples += [Kit(game).sample(info, random.Random(k)) for k in range(3)]
    for state in samples:  # fill the caches
        warm.rollout(state, random.Random(5))
    for k, state in enumerate(samples):
        fresh = Kit(game)
        for kit in (fresh, warm):
            pos = kit.searchable(state)
            kit._play_deal(pos, random.Random(k))
            if kit is fresh:
                expected = (pos.taken, pos.scores, pos.bid_history)
            else:
                assert (pos.taken, pos.scores, pos.bid_history) == expected


# --- how a search level models the other seats (issue 21) -------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=label)
def test_the_heuristic_takes_the_best_of_the_model_scores(case):
    """:meth:`Kit.model_scores` (what ``bench/anarchy_model_fit.py`` fits the other seats' choices to) scores every
    legal card in a trick and every legal bid in the bidding; the heuristic's choice is the first of their best.
    At Organised Chaos's pass there are none."""
    game = make(*case)
    kit = Kit(game)
    kinds: Counter[str] = Counter()
    starts = [Match(game, seed=s) for s in range(2)]
    for match in starts[1:]:  # the bidding, after Organised Chaos's pass
        while match.state.phase == PASS:
            seat = min(match.to_act())
            match.act(seat, kit.heuristic(Seating(match, {}).info(seat), match.legal_actions(seat), random.Random(0)))
    for match, seat in [*((m, min(m.to_act())) for m in starts), *waiting_positions(game, 10, 23)]:
        info = Seating(match, {}).info(seat)
        legal = match.legal_actions(seat)
        scored = kit.model_scores(info, legal)
        choice = kit.heuristic(info, legal, random.Random(0))
        if scored is None:
            assert match.state.phase == PASS
            continue
        kind, scores = scored
        assert kind == {PLAY: "play", BID: "bid"}[match.state.phase] and len(scores) == len(legal)
        best = max(range(len(scores)), key=scores.__getitem__)
        assert choice == legal[best]
        kinds[kind] += 1
    assert kinds["play"] > 0 and kinds["bid"] > 0
