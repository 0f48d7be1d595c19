"""The fast Anou engine (kirifuda.fast.anou) against the pure one (kirifuda.games.anou).

Perft: from fixed deals (explicit and seeded) and from positions reached by seeded random play, the
number of leaves of the full action tree to a depth — through whole tricks with both takes, and the
root stones (根石) — is the same in both engines, for every option combination. Lockstep: random games
where at every decision both engines name the same legal actions in the same (canonical) order, and
end with the same deal scores; and the random player ``play_random_game`` makes exactly the draws
(number of legal actions, index chosen) that the pure protocol makes with ``rng.choice``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from perft import pure_perft

from kirifuda import cards as C
from kirifuda.core import Deal, option
from kirifuda.fast import engine_for
from kirifuda.fast.anou import FastAnou, Position, card_of
from kirifuda.games.anou import Anou, AnouOptions
from kirifuda.match import Match
from kirifuda.simulate import play_random_game as pure_random_game

BASE_OPTIONS = [  # the option combinations that change the rules (first_dealer is varied below)
    {"players": 4},
    {"players": 4, "root_stones": True},
    {"players": 3},
    {"players": 3, "deck3": "52"},
    {"players": 3, "root_stones": True},
    {"players": 3, "deck3": "52", "root_stones": True},
]
ALL_OPTIONS = [dict(o, first_dealer=d) for o in BASE_OPTIONS for d in range(o["players"])] + [
    {"players": 4, "deck3": "52", "first_dealer": 1}
]  # deck3 is a 3-player option; 4 players ignore it


def label(options: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items())


# --- perft --------------------------------------------------------------------------------------


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


def advance(game: Anou, match: Match, position: Position, steps: int, rng: random.Random) -> None:
    """Play ``steps`` random decisions in both engines (the same canonical index)."""
    for _ in range(steps):
        (seat,) = match.to_act()
        legal = match.legal_actions(seat)
        k = rng.randrange(len(legal))
        match.act(seat, legal[k])
        position.play(k)


def start(options: dict, deal: Deal | None = None, seed: int = 0) -> tuple[Anou, Match, Position]:
    game = Anou(**options)
    match = Match(game, deals=[deal]) if deal else Match(game, seed=seed)
    position = Position(game)
    position.deal_from(match.deals[0])
    return game, match, position


def hands_by_suit() -> Deal:
    """Seat 0 all spades, 1 hearts, 2 diamonds, 3 clubs: every follower is void (ござらぬゆえ)."""
    return Deal(tuple(tuple(c for c in C.DECK_52 if C.suit_of(c) == s) for s in range(4)))


def unshuffled(deck: tuple[int, ...], n: int, size: int) -> Deal:
    """The deck in its named order (♠A first) dealt one card at a time from seat 0; the rest undealt."""
    return Deal(tuple(deck[seat : n * size : n] for seat in range(n)), rest=deck[n * size :])


EXPLICIT = [  # (options, deal, depth): a whole trick and both takes, or more
    ({"players": 4}, hands_by_suit(), 4),
    ({"players": 4, "first_dealer": 2}, unshuffled(C.DECK_52, 4, 13), 6),
    ({"players": 4, "root_stones": True}, hands_by_suit(), 3),
    ({"players": 3}, unshuffled(C.DECK_ANOU_36, 3, 10), 6),
    ({"players": 3, "deck3": "52", "first_dealer": 1}, unshuffled(C.DECK_52, 3, 10), 6),
    ({"players": 3, "root_stones": True, "first_dealer": 2}, unshuffled(C.DECK_ANOU_36, 3, 10), 3),
]


@pytest.mark.parametrize("options,deal,depth", EXPLICIT, ids=[label(e[0]) for e in EXPLICIT])
def test_perft_from_explicit_deals(options, deal, depth):
    game, match, position = start(options, deal)
    for d in range(1, depth + 1):
        assert fast_perft(position, d) == pure_perft(game, match.state, d), f"depth {d}"


# A whole trick and both takes: 4 plays + 2 takes (4 players), 3 + 2 (3 players).
TRICK = {4: 6, 3: 5}


@pytest.mark.parametrize("options", BASE_OPTIONS, ids=label)
def test_perft_through_a_trick_from_seeded_deals(options):
    """From the start of play (after random root stones, with that variant) and from two later moments
    of a deal — walls with columns bound, hands smaller — to the end of the trick after next."""
    n = options["players"]
    roots = 2 * n if options.get("root_stones") else 0
    game, match, position = start(dict(options, first_dealer=1), seed=1)
    rng = random.Random(1)
    advance(game, match, position, roots, rng)
    assert fast_perft(position, TRICK[n]) == pure_perft(game, match.state, TRICK[n])
    for steps in (2 * TRICK[n] + 1, 3 * TRICK[n] - 2, 2 * TRICK[n] + 3):  # a lead, a take, a follow
        advance(game, match, position, steps, rng)
        assert fast_perft(position, TRICK[n]) == pure_perft(game, match.state, TRICK[n]), steps


@pytest.mark.parametrize("options", BASE_OPTIONS, ids=label)
def test_perft_across_the_end_of_a_deal(options):
    """The last trick of a deal: every leaf is the deal's end, with the same scores in both engines."""
    n = options["players"]
    game, match, position = start(options, seed=7)
    rng = random.Random(7)
    while position.phase != "play" or sum(len(h) for h in position.hands) > n:  # to the last trick's lead
        advance(game, match, position, 1, rng)
    depth = TRICK[n] + 1
    assert fast_perft(position, depth) == pure_perft(game, match.state, depth)
    advance(game, match, position, TRICK[n], rng)
    assert position.phase == "deal" and game.chance(match.state) is None  # the seeded match dealt on
    assert tuple(position.scores) == game.deal_scores(match.state)


# --- lockstep random games ---------------------------------------------------------------------


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=label)
def test_lockstep_legal_actions_and_scores(options):
    game = Anou(**options)
    for seed in range(2):
        match = Match(game, seed=seed)
        position = Position(game)
        rng = random.Random(seed)
        while not match.finished:
            if position.phase == "deal":
                position.deal_from(match.deals[len(position.scores)])
                assert position.dealer == match.state.dealer
            (seat,) = match.to_act()
            assert position.turn == seat
            legal = match.legal_actions(seat)
            assert position.texts() == [str(a) for a in legal]
            assert position.count() == len(legal)
            k = rng.randrange(len(legal))
            match.act(seat, legal[k])
            position.play(k)
            assert tuple(position.scores) == game.deal_scores(match.state)
        assert position.phase == "over"


class RecordingRandom(random.Random):
    """A ``random.Random`` that records every draw ``choice`` makes: (number of options, index)."""

    def __init__(self, seed):
        super().__init__(seed)
        self.draws: list[tuple[int, int]] = []

    def _randbelow(self, n):
        k = super()._randbelow(n)
        self.draws.append((n, k))
        return k


@pytest.mark.parametrize("options", ALL_OPTIONS, ids=label)
def test_random_player_draws_as_the_pure_protocol(options):
    """Same seed and rng seed → the same legal-action counts, the same choices, the same scores."""
    game = Anou(**options)
    fast = engine_for(game)
    for seed in range(3):
        fast_rng, pure_rng = RecordingRandom(seed), RecordingRandom(seed)
        fast_result = fast.play_random_game(seed, fast_rng)
        pure_result = pure_random_game(game, seed, pure_rng)
        assert fast_rng.draws == pure_rng.draws
        assert fast_result == pure_result
        assert fast_result[1] == len(pure_rng.draws)


def test_random_player_many_games_default_options():
    game = Anou()
    fast = engine_for(game)
    for seed in range(100, 130):
        assert fast.play_random_game(seed, random.Random(seed)) == pure_random_game(game, seed, random.Random(seed))


def test_seeded_deal_is_the_pure_deal():
    for options in BASE_OPTIONS:
        game = Anou(**options)
        match = Match(game, seed=11)
        position = Position(game)
        position.deal_seeded(11)
        reference = Position(game)
        reference.deal_from(match.deals[0])
        assert position.hands == reference.hands and position.suits == reference.suits


# --- the registry --------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class HouseOptions(AnouOptions):
    house_rule: bool = option(False, True, doc="an option the fast engine does not know")


class HouseAnou(Anou):
    Options = HouseOptions


def test_engine_for_covers_every_option_combination():
    for options in ALL_OPTIONS:
        assert isinstance(engine_for(Anou(**options)), FastAnou)


def test_engine_for_declines_unknown_options_and_games():
    assert engine_for(HouseAnou()) is None  # an option added later is never silently ignored

    class Other:
        id = "gogyo-sokoku"

    assert engine_for(Other()) is None


# --- positions loaded from pure states (the search's fast path) ----------------------------------


def moments(game: Anou, seed: int, count: int):
    """(match, position loaded from its state) at random moments of random games: every phase, deal and seat."""
    rng = random.Random(seed)
    for i in range(count):
        match = Match(game, seed=seed * 100 + i)
        for _ in range(rng.randrange(0, 3 * 6 * game.hand_size)):
            if match.finished:
                break
            (seat,) = match.to_act()
            match.act(seat, rng.choice(match.legal_actions(seat)))
        yield match, Position.from_state(game, match.state)


@pytest.mark.parametrize("options", BASE_OPTIONS, ids=label)
def test_loaded_position_plays_on_by_text_in_lockstep(options):
    """A position loaded from any pure state names the pure engine's legal actions (``legal_texts``), and playing
    on by text in both engines gives the same turns and deal scores to the end of the game."""
    game = Anou(**options)
    rng = random.Random(1)
    for match, position in moments(game, 3, 8):
        assert tuple(position.scores) == game.deal_scores(match.state)
        while not match.finished:
            if position.phase == "deal":
                position.deal_from(match.deals[len(position.scores)])
            (seat,) = match.to_act()
            assert position.turn == seat
            legal = [str(a) for a in match.legal_actions(seat)]
            assert position.legal_texts() == legal
            text = rng.choice(legal)
            match.act(seat, text)
            position.apply_text(text)
            assert tuple(position.scores) == game.deal_scores(match.state)
        assert position.phase == "over"


@pytest.mark.parametrize("options", BASE_OPTIONS, ids=label)
def test_perft_from_loaded_positions(options):
    """Perft five plies deep (through a trick's end: its takes and the next lead), from positions loaded at
    random moments (a lead, a follow, either take): the loaded position is the pure state, not just its legal
    actions."""
    game = Anou(**options)
    for match, position in moments(game, 5, 3):
        if match.finished:
            continue
        assert fast_perft(position, 5) == pure_perft(game, match.state, 5)


def test_loaded_position_copies_are_independent():
    game = Anou()
    match, position = next(moments(game, 2, 1))
    child = position.copy()
    before = position.legal_texts()
    child.apply_text(child.legal_texts()[0])
    assert position.legal_texts() == before


def test_apply_text_refuses_what_is_not_legal_and_changes_nothing():
    position = Position(Anou())
    position.deal_from(unshuffled(C.DECK_52, 4, 13))
    position.apply_text("play AS")  # the unshuffled deal gives the dealer ♠A
    legal = position.legal_texts()
    in_hand = ["play " + C.text(card_of(x)) for x in position.hands[position.turn]]
    off_suit = [t for t in in_hand if t not in legal]
    assert off_suit and len(legal) < len(in_hand)  # seat 1 holds ♠ and must follow (anou.md "A deal" 3)
    for text in (off_suit[0], "play AS", "take KS@1", "nonsense"):
        with pytest.raises(ValueError):
            position.apply_text(text)
        assert position.legal_texts() == legal


def test_root_stone_texts_are_the_pure_engines_and_others_are_refused():
    """根石 in canonical text: ``@n`` only for a suit without a column (anou.md "The wall")."""
    game = Anou(root_stones=True)
    match = Match(game, seed=4)
    position = Position.from_state(game, match.state)
    rng = random.Random(4)
    while match.state.phase == "root":
        (seat,) = match.to_act()
        legal = [str(a) for a in match.legal_actions(seat)]
        assert position.legal_texts() == legal
        hand = [C.text(card_of(x)) for x in position.hands[seat]]
        for card in hand[:3]:
            for text in (f"root {card}", f"root {card}@1", f"root {card}@4", f"root {card}@5"):
                if text not in legal:
                    with pytest.raises(ValueError):
                        position.copy().apply_text(text)
        text = rng.choice(legal)
        match.act(seat, text)
        position.apply_text(text)
    assert position.legal_texts() == [str(a) for a in match.legal_actions(next(iter(match.to_act())))]
