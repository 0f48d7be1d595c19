"""The fast go-out engine (kirifuda.fast.goout) against the pure one (kirifuda.games.goout).

The tests run on the engine kirifuda.fast.goout loads: the compiled copy where ``make setup`` built it from this
source (kirifuda.fast.native), else the Python source kirifuda.fast.goout_engine (``KIRIFUDA_PURE=1`` forces it);
where it is compiled, the compiled copy is also checked against its source, decision by decision.

Lockstep: random games where at every decision both engines name the same legal actions in the same order and
reach the same position (hands, whose turn, the latest combination, the lock, the reversal, who went out), ending
with the same hand scores; the random player ``play_random_game`` makes exactly the draws the pure protocol makes
with ``rng.choice``. Over the three presets and random designs drawn from the format's keys (every value the
engine runs), so each rule of the pure engine is met on the fast path. Perft: from positions reached by random
play, the number of leaves of the action tree to a depth is the same in both engines.
"""

from __future__ import annotations

import functools
import hashlib
import pickle
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from perft import pure_perft

from kirifuda import cards as C
from kirifuda import design as D
from kirifuda.fast import engine_for, goout, goout_engine, native
from kirifuda.fast.goout import KNOWN_KEYS, FastGoout, Position
from kirifuda.games.goout import FIVE, JOKER_MASK, Goout, GooutState
from kirifuda.match import Match
from kirifuda.registry import make
from kirifuda.simulate import play_random_game as pure_random_game

VARIED = {
    "pack.jokers": [0, 1, 2],
    "pack.jokers_in_sets": [True, False],
    "pack.suit_order": [[], ["D", "C", "H", "S"]],
    "play.set_sizes": [[1, 2, 3, 4], [1, 2, 3], [1, 2, 4]],
    "play.more_cards": [True, False],
    "play.cut_in": [True, False],
    "play.follow_suit": [False, True],
    "play.lock.enabled": [True, False],
    "play.lock.singles_only": [True, False],
    "play.revolution.enabled": [True, False],
    "play.revolution.size": [3, 4],
    "play.clear_ranks": [[], ["8"]],
    "play.runs.enabled": [True, False],
    "play.runs.suited": [True, False],
    "play.runs.min_length": [3, 4, 5],
    "play.five_card_hands": [
        [],
        [],
        ["straight", "flush", "full-house", "four-of-a-kind", "straight-flush"],
        ["full-house"],
    ],
    "turns.pass": ["soft", "hard", "lap"],
    "turns.next_start": ["rotate", "winner", "holder"],
    "end.until": ["first-out", "one-left"],
    "end.finish_turn": [False, True],
    "scoring.left": ["rank", "card", "value", "none"],
    "length.hands": [2],
}


def random_designs(count: int, seed: int) -> list[D.Design]:
    """``count`` runnable designs: each the daifugo or cutin preset with every key of :data:`VARIED` drawn."""
    rng = random.Random(seed)
    out: list[D.Design] = []
    while len(out) < count:
        base = D.preset(rng.choice(["daifugo", "cutin"]))
        changes = {key: rng.choice(values) for key, values in VARIED.items()}
        changes["play.lock.reverse"] = changes["play.lock.singles_only"] and rng.random() < 0.5
        try:
            design = base.with_values(changes)
        except D.DesignError:
            continue
        if not D.unsupported(design):
            out.append(design)
    return out


SWITCHES = {  # Daifugō's local rules, each turned off (designs/daifugo.toml)
    "no-revolution": {"play.revolution.enabled": False},  # 革命
    "no-eight-clears": {"play.clear_ranks": []},  # 8切り
    "no-lock": {"play.lock.enabled": False},  # 縛り
    "no-runs": {"play.runs.enabled": False},  # 階段
}
SWITCHED = [D.preset("daifugo").with_values(values) for values in SWITCHES.values()]
DESIGNS = [*D.PRESETS, *SWITCHED, *random_designs(12, 2026)]


def label(design: str | D.Design) -> str:
    return design if isinstance(design, str) else design.sha256[:8]


def same_position(state: GooutState, position: Position) -> None:
    assert position.hands == list(state.hands)
    assert (position.turn, position.leader) == (state.turn, state.leader)
    assert position.top == (state.table[-1][1] if state.table else 0)
    assert (position.lock, position.reversed, position.played) == (state.lock, state.reversed, state.played)
    assert tuple(position.out) == state.out
    assert position.rm == [position.place_major(h) for h in state.hands]


@pytest.mark.parametrize("design", DESIGNS, ids=label)
def test_random_games_in_lockstep(design):
    game = make("goout", {"design": design})
    assert isinstance(game, Goout) and isinstance(engine_for(game), FastGoout)
    for seed in range(2):
        rng = random.Random(seed)
        match = Match(game, seed=seed)
        while not match.finished:
            position = Position.from_state(game, match.state)
            hand_over = False
            while not hand_over:
                (seat,) = match.to_act()
                legal = match.legal_actions(seat)
                assert [str(a) for a in position.legal()] == [str(a) for a in legal]
                action = rng.choice(legal)
                before = len(game.deal_scores(match.state))
                match.act(seat, action)
                hand_over = position.play(action)
                if hand_over:
                    assert game.deal_scores(match.state)[before] == position.scores()
                else:
                    same_position(match.state, position)


@pytest.mark.parametrize("design", DESIGNS, ids=label)
def test_random_player_draws_as_the_pure_protocol(design):
    game = make("goout", {"design": design})
    engine = FastGoout(game)
    for seed in range(2):
        assert engine.play_random_game(seed, random.Random(seed)) == pure_random_game(game, seed, random.Random(seed))


@pytest.mark.parametrize("design", DESIGNS, ids=label)
def test_random_hand_lists_and_draws_as_the_pure_protocol(design):
    """Position.random_hand (the simulate loop on local variables): at every decision the same seat, the same legal
    actions in the same order and the same draw as the pure protocol with ``rng.choice``; the same hand scores."""
    game = make("goout", {"design": design})
    for seed in range(2):
        fast_rng, pure_rng = random.Random(seed), random.Random(seed)
        match = Match(game, seed=seed)
        while not match.finished:
            position = Position.from_state(game, match.state)
            trace: list = []
            decisions = position.random_hand(fast_rng.getrandbits, trace)
            assert decisions == len(trace)
            before = len(game.deal_scores(match.state))
            for seat, legal, index in trace:
                assert match.to_act() == {seat}
                pure = match.legal_actions(seat)
                assert [str(a) for a in legal] == [str(a) for a in pure]
                action = pure_rng.choice(pure)
                assert action == pure[index]
                match.act(seat, action)
            assert game.deal_scores(match.state)[before] == position.scores() == position.hand_scores()


def fast_perft(position: Position, depth: int) -> int:
    actions = position.legal()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = position.copy()
        total += 1 if child.play(action) else fast_perft(child, depth - 1)
    return total


@pytest.mark.parametrize(("name", "seed", "walk", "depth"), [("daifugo", 3, 6, 3), ("big-two", 4, 9, 3)])
def test_perft_fast_equals_pure(name, seed, walk, depth):
    game = make("goout", {"design": name})
    match = Match(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(walk):
        (seat,) = match.to_act()
        match.act(seat, rng.choice(match.legal_actions(seat)))
    assert fast_perft(Position.from_state(game, match.state), depth) == pure_perft(game, match.state, depth)


def test_engine_for_declines_a_key_it_does_not_know():
    """A key added to the format later is never silently ignored: the fast engine names the keys it plays."""
    assert set(D.FIELD) == KNOWN_KEYS, "teach kirifuda.fast.goout the new key, then add it to KNOWN_KEYS"


FIVE_LISTS = [  # play.five_card_hands, weakest first: Big Two's, its parts, other orders, no straight flush
    ("straight", "flush", "full-house", "four-of-a-kind", "straight-flush"),
    ("straight", "flush", "full-house", "four-of-a-kind"),
    ("flush", "straight", "four-of-a-kind", "full-house"),
    ("straight",),
    ("flush",),
    ("straight-flush", "full-house"),
    ("four-of-a-kind", "flush", "straight"),
    ("full-house", "straight-flush", "flush"),
]
SUIT_ORDERS = [["D", "C", "H", "S"], [], ["S", "C", "H", "D"]]


@functools.cache
def five_card_game(five: tuple[str, ...], suit_order: tuple[str, ...]) -> Goout:
    design = D.preset("big-two").with_values({"play.five_card_hands": list(five), "pack.suit_order": list(suit_order)})
    game = make("goout", {"design": design})
    assert isinstance(game, Goout)
    return game


@settings(max_examples=150, deadline=None)
@given(
    five=st.sampled_from(FIVE_LISTS),
    suit_order=st.sampled_from(SUIT_ORDERS),
    cards=st.sets(st.integers(0, 51), min_size=5, max_size=20)
    | st.sets(st.integers(0, 25), min_size=8, max_size=16),  # two suits: straight flushes and flushes
)
def test_five_card_hands_from_pieces_equal_the_pure_enumeration(five, suit_order, cards):
    """play.five_card_hands: the fast engine's five-card hands of a hand, built from its ranks and suits with keys by
    arithmetic, are the pure engine's (every candidate classified by Goout.combo) in the pure order (key, then
    mask), with the same keys; a five-card play's Combo is the pure one."""
    game = five_card_game(five, tuple(suit_order))
    deck = game.deck()
    hand = C.mask(deck[i] for i in cards)
    columns: list[list[int]] = [[] for _ in range(game.n_ranks)]
    for c in C.cards_in(hand):
        columns[game.place_of[c]].append(c)
    pure = sorted((game.combo(m).key, m) for m in game.five_card_hands(columns))  # type: ignore[union-attr]
    position = Position(game)
    tables = position.t
    plays, keys = tables.five_card_hands(hand, position.place_major(hand))
    assert [(k, a.cards) for k, a in zip(keys, plays, strict=True)] == pure
    for _, m in pure:
        combo = tables.five_card_combo(m, position.place_major(m))
        assert combo == game.combo(m) and combo is not None and combo.kind == FIVE


def test_only_jokers_and_second_copies_lie_past_high():
    """goout_engine.HIGH: a card mask's bits from 64 up are the Jokers and the second copies alone (cards.COPY;
    pack.copies is not supported yet), so ``m >> HIGH == 0`` says a mask holds neither (the engine tests it before an
    operation with JOKER_MASK)."""
    for design in [*D.PRESETS, D.preset("daifugo").with_values({"pack.jokers": 2})]:
        game = make("goout", {"design": design})
        assert isinstance(game, Goout)
        deck = game.deck()
        for card in deck:
            assert (card >= goout_engine.HIGH) == bool(1 << card & JOKER_MASK or card & C.COPY), card


def test_a_game_pickles_without_its_tables():
    """The engine keeps its tables on the game (a cache: megabytes, and the compiled copy's do not unpickle): a game
    pickled after play (a worker process, the web bots) carries none of them, and plays the same games again."""
    game = make("goout", {"design": "daifugo"})
    engine = engine_for(game)
    assert engine is not None
    played = [engine.play_random_game(seed, random.Random(seed)) for seed in range(3)]
    again = pickle.loads(pickle.dumps(game))
    assert not any(vars(again).get(name) for name in vars(again) if name.startswith("_fast_tables"))
    fresh = engine_for(again)
    assert fresh is not None
    assert [fresh.play_random_game(seed, random.Random(seed)) for seed in range(3)] == played


COMPILED = goout.IMPL is not goout_engine


@pytest.mark.skipif(not COMPILED, reason=f"the go-out engine is not compiled here: {native.status['goout_engine']}")
@pytest.mark.parametrize("design", DESIGNS, ids=label)
def test_the_compiled_engine_plays_as_its_python_source(design):
    """The compiled copy (mypyc) against kirifuda.fast.goout_engine as Python: the same whole games, and at every
    decision of random hands the same seat, legal actions in order, draw, position and scores, through both the
    simulate loop (random_hand) and the bots' legal/play/copy."""
    compiled, source = goout.IMPL, goout_engine
    games = {engine: make("goout", {"design": design}) for engine in (compiled, source)}
    fast = {engine: engine.FastGoout(games[engine]) for engine in (compiled, source)}
    for seed in range(8):
        assert fast[compiled].play_random_game(seed, random.Random(seed)) == fast[source].play_random_game(
            seed, random.Random(seed)
        )
    for seed in range(4):
        traces: dict = {}
        for engine in (compiled, source):
            position = fast[engine].deal(seed, 0, seed % games[engine].n)
            trace: list = []
            position.random_hand(random.Random(seed).getrandbits, trace)
            traces[engine] = (
                [(seat, [str(a) for a in legal], index) for seat, legal, index in trace],
                position.hand_scores(),
                position.order(),
            )
        assert traces[compiled] == traces[source]
        positions = {engine: fast[engine].deal(seed, 1, 0) for engine in (compiled, source)}
        rng = random.Random(seed)
        over = False
        while not over:
            legal = {engine: positions[engine].legal() for engine in (compiled, source)}
            assert [str(a) for a in legal[compiled]] == [str(a) for a in legal[source]]
            index = rng.randrange(len(legal[source]))
            copies = {engine: positions[engine].copy() for engine in (compiled, source)}
            results = {engine: copies[engine].play(legal[engine][index]) for engine in (compiled, source)}
            assert results[compiled] == results[source]
            over = results[source]
            positions = copies
            state = {engine: [getattr(positions[engine], name) for name in STATE] for engine in (compiled, source)}
            assert state[compiled] == state[source]
        assert positions[compiled].scores() == positions[source].scores()


STATE = ("hands", "rm", "leader", "turn", "top", "last", "lock", "reversed", "passed", "out", "must", "played", "plays")
"""The fields of a Position that say where the hand stands (the rest are remembered lists and tables)."""


def test_position_copy_copies_every_field():
    """Position.copy names each field (the compiled copy has no __new__ to copy them by __slots__)."""
    game = make("goout", {"design": "big-two"})
    assert isinstance(game, Goout)
    position = FastGoout(game).deal(7, 0, 0)
    position.legal()
    position.play(position.legal()[0])
    copy = position.copy()
    for name in goout_engine.Position.__slots__:
        assert getattr(copy, name) == getattr(position, name), name
    assert copy.hands is not position.hands and copy.rm is not position.rm and copy.out is not position.out


def test_the_compiled_copy_is_used_only_where_it_is_current(tmp_path, monkeypatch):
    """kirifuda.fast.native.load: a compiled copy carries the SHA-256 of the source it was built from, and is used
    only while that is the source beside it, and never under KIRIFUDA_PURE=1; else the Python source runs, and
    native.status says why."""
    digest = hashlib.sha256(Path(goout_engine.__file__).read_bytes()).hexdigest()
    (tmp_path / "_kirifuda_test_current.py").write_text(f'SOURCE_SHA256 = "{digest}"\n', encoding="utf-8")
    (tmp_path / "_kirifuda_test_stale.py").write_text(f'SOURCE_SHA256 = "{digest[::-1]}"\n', encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(native, "status", {})
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    current = native.load(goout_engine, "_kirifuda_test_current")
    assert current is not goout_engine and current.__name__ == "_kirifuda_test_current"
    assert native.status["goout_engine"].startswith("compiled: ")
    assert native.load(goout_engine, "_kirifuda_test_stale") is goout_engine
    assert "built from another source" in native.status["goout_engine"]
    assert native.load(goout_engine, "_kirifuda_test_absent") is goout_engine
    assert "not compiled" in native.status["goout_engine"]
    monkeypatch.setenv(native.PURE_ENV, "1")
    assert native.load(goout_engine, "_kirifuda_test_current") is goout_engine
    assert native.status["goout_engine"] == "pure Python: KIRIFUDA_PURE is set"
