"""The fast Gogyō Sōkoku engine (kirifuda.fast.gogyo_sokoku) against the pure one (kirifuda.games.gogyo_sokoku).

Perft: from fixed deals (explicit and seeded) and from positions reached by seeded random play — trick 1 with
its starting card, the middle of a deal, the last trick into the next deal — the number of leaves of the full
action tree to a depth is the same in both engines. Lockstep: random games where at every decision both engines
name the same legal actions in the same (canonical) order and end with the same scores; and the random player
``play_random_game`` makes exactly the draws the pure protocol makes with ``rng.choice``.
"""

from __future__ import annotations

import random

import pytest
from perft import pure_perft

from kirifuda import cards as C
from kirifuda.core import Deal
from kirifuda.fast import engine_for
from kirifuda.fast.gogyo_sokoku import FastGogyo, Position
from kirifuda.games.gogyo_sokoku import GogyoSokoku
from kirifuda.match import Match
from kirifuda.simulate import play_random_game as pure_random_game


def fast_perft(position: Position, depth: int) -> int:
    count = position.count()
    if depth == 0 or not count:
        return 1
    if depth == 1:
        return count
    total = 0
    for k in range(count):
        child = position.copy()
        child.play(k)
        total += fast_perft(child, depth - 1)
    return total


def by_suit_deal() -> Deal:
    """Seat s holds ten cards of suit s % 4 (seat 4 the rest of ♠ and ♥): most followers are void in
    trick 1, and the table cards ♣K ♣Q (both worth a point: double partnership) lead ♣."""
    pack = list(C.DECK_52)
    clubs_kq = [C.parse("KC"), C.parse("QC")]
    for c in clubs_kq:
        pack.remove(c)
    by = {s: [c for c in pack if C.suit_of(c) == s] for s in range(4)}
    hands = [by[0][:10], by[1][:10], by[2][:10], by[3][:10], by[0][10:] + by[1][10:] + by[2][10:] + by[3][10:]]
    assert all(len(h) == 10 for h in hands)
    return Deal(tuple(tuple(h) for h in hands), rest=tuple(clubs_kq))


def unshuffled() -> Deal:
    deck = C.DECK_52
    return Deal(tuple(tuple(deck[s:50:5]) for s in range(5)), rest=tuple(deck[50:]))


@pytest.mark.parametrize("deal,depth", [(by_suit_deal(), 6), (unshuffled(), 6)], ids=["by-suit", "unshuffled"])
def test_perft_from_explicit_deals(deal, depth):
    game = GogyoSokoku(first_dealer=2)
    match = Match(game, deals=[deal])
    position = Position(2)
    position.deal_from(match.deals[0])
    for d in range(1, depth + 1):
        assert fast_perft(position, d) == pure_perft(game, match.state, d), f"depth {d}"


def test_perft_from_positions_of_seeded_games():
    """After 0, 4, 23 and 47 random decisions of a seeded game (trick 1, the first lead, mid-deal, the last
    trick), counted to depth 5 — across the end of the deal for the last one."""
    game = GogyoSokoku()
    match = Match(game, seed=5)
    rng = random.Random(5)
    done = 0
    for steps in (0, 4, 23, 47):
        while done < steps:
            (seat,) = match.to_act()
            match.act(seat, rng.choice(match.legal_actions(seat)))
            done += 1
        position = Position.from_state(match.state)
        assert fast_perft(position, 5) == pure_perft(game, match.state, 5), steps


@pytest.mark.parametrize("seed", range(3))
def test_positions_name_the_pure_engines_legal_actions_in_lockstep(seed):
    game = GogyoSokoku(first_dealer=seed % 5)
    match = Match(game, seed=seed)
    position = Position(game.options.first_dealer)
    position.deal_from(match.deals[0])
    rng = random.Random(seed)
    while not match.finished:
        if position.phase == "deal":
            position.deal_from(match.deals[position.deal_index])
        (seat,) = match.to_act()
        legal = match.legal_actions(seat)
        assert position.turn == seat
        assert position.texts() == [str(a) for a in legal]
        k = rng.randrange(len(legal))
        match.act(seat, legal[k])
        position.play(k)
    assert tuple(position.scores) == game.deal_scores(match.state)


@pytest.mark.parametrize("first_dealer", range(5))
def test_random_games_equal_the_pure_engines_with_the_same_seed_and_rng(first_dealer):
    game = GogyoSokoku(first_dealer=first_dealer)
    fast = engine_for(game)
    assert isinstance(fast, FastGogyo)
    for seed in range(first_dealer * 10, first_dealer * 10 + 6):
        assert fast.play_random_game(seed, random.Random(seed)) == pure_random_game(game, seed, random.Random(seed))
