"""The generic go-out engine (src/kirifuda/games/goout.py) and its presets.

The ``cutin`` preset must play exactly as the game id ``cutin``: :func:`test_cutin_preset_in_lockstep` plays both
decision by decision over random games for every option combination of Cut-in's covering set
(tests/test_oracles.py ``option_combos``), the knobs mapped to design keys by :func:`cutin_design`: the same deals,
the same legal action texts at every step, the same scores."""

from __future__ import annotations

import json
import random

import pytest
from test_oracles import option_combos

from kirifuda import design as D
from kirifuda.core import IllegalAction, KirifudaError
from kirifuda.games.goout import Goout
from kirifuda.match import Match
from kirifuda.records import dumps, replay
from kirifuda.registry import make

LEFT_OUT = {"52": 0, "40": 3, "32": 5}  # cutin K7: the weakest ranks left out


def cutin_design(options: dict) -> dict:
    """The ``goout`` options that play as ``cutin`` with ``options`` (each knob → its design key)."""
    base = D.preset("cutin")
    ranks = base.get("pack.ranks")[LEFT_OUT[options.get("deck", "52")] :]
    values = {k: v for k, v in base.get("scoring.values").items() if k in ranks or k == "JK"}
    design = base.with_values(
        {
            "pack.ranks": ranks,
            "pack.jokers": options.get("jokers", 0),
            "scoring.values": values,
            "play.cut_in": options.get("cut_in", True),
            "play.lock.enabled": options.get("lock", True),
            "play.more_cards": options.get("more_cards", True),
            "turns.pass": options.get("pass_style", "lap"),
            "scoring.left": options.get("scoring", "rank"),
            "turns.next_start": options.get("next_start", "rotate"),
            "players.default": options.get("players", 4),  # K6 refuses some counts with a small pack
            "players.allowed": [options.get("players", 4)],
            "players.hand_sizes": {
                str(options.get("players", 4)): {3: 15, 4: 13, 5: 10, 6: 8}[options.get("players", 4)]
            },
        }
    )
    return {"design": design, "players": options.get("players", 4), "first_dealer": options.get("first_dealer", 0)}


COMBOS = option_combos("cutin")


@pytest.mark.parametrize("options", COMBOS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_cutin_preset_in_lockstep(options):
    cutin = make("cutin", options)
    goout = make("goout", cutin_design(options))
    for seed in range(2):
        rng = random.Random(seed)
        a, b = Match(cutin, seed=seed), Match(goout, seed=seed)
        while not a.finished:
            assert not b.finished
            assert a.to_act() == b.to_act()
            (seat,) = a.to_act()
            legal_a = sorted(str(x) for x in a.legal_actions(seat))
            assert legal_a == sorted(str(x) for x in b.legal_actions(seat))
            text = rng.choice(legal_a)
            a.act(seat, text)
            b.act(seat, text)
            assert cutin.deal_scores(a.state) == goout.deal_scores(b.state)
        assert b.finished
        assert [d.to_json() for d in a.deals] == [d.to_json() for d in b.deals]
        assert a.record()["actions"] == b.record()["actions"]


def test_default_design_is_the_cutin_preset():
    game = make("goout")
    assert game.options.design == D.preset("cutin") and game.n == 4


@pytest.mark.parametrize("name", D.PRESETS)
def test_presets_play_whole_games_and_replay(name):
    game = make("goout", {"design": name})
    match = Match(game, seed=5)
    rng = random.Random(5)
    while not match.finished:
        (seat,) = match.to_act()
        match.act(seat, rng.choice(match.legal_actions(seat)))
    record = json.loads(dumps(match.record()))
    assert record["options"]["design"] == game.design.to_json()
    assert record["design_sha256"] == game.design.sha256
    assert replay(record).state == match.state


def test_record_with_a_changed_design_is_refused_by_its_hash():
    match = Match(make("goout", {"design": "daifugo"}), seed=1)
    record = match.record()
    record["options"]["design"]["play"]["cut_in"] = True
    with pytest.raises(KirifudaError, match="design_sha256"):
        replay(record)


def test_record_may_carry_the_design_at_top_level():
    match = Match(make("goout", {"design": "big-two"}), seed=2)
    record = match.record()
    record["design"] = record["options"].pop("design")
    assert replay(record).state == match.state


def test_validation_errors_name_the_key_in_both_languages():
    with pytest.raises(D.DesignError) as e:
        D.validate({"play": {"runs": {"min_length": 1}}})
    assert str(e.value) == "play.runs.min_length: must be ≥ 2"
    assert e.value.ja == "play.runs.min_length は 2 以上"
    with pytest.raises(D.DesignError, match="pack.suit_order: must list every suit"):
        D.validate({"pack": {"suit_order": ["S", "H"]}})
    with pytest.raises(D.DesignError, match=r"play.lok: unknown key"):
        D.validate({"play": {"lok": True}})
    with pytest.raises(D.DesignError, match="turns.pass: must be one of"):
        D.validate({"turns": {"pass": "sometimes"}})


def test_a_design_the_engine_cannot_run_is_refused_with_the_reason():
    with pytest.raises(KirifudaError, match="play.full_house: the full house is played as a five-card hand"):
        make("goout", {"design": {"play": {"full_house": True}}})


def test_players_outside_the_design_are_refused():
    with pytest.raises(KirifudaError, match="players.allowed"):
        make("goout", {"design": "big-two", "players": 3})


def test_schema_file_is_the_format():
    from pathlib import Path

    published = Path(__file__).parents[2] / "docs" / "design.schema.json"
    assert published.read_text(encoding="utf-8") == D.schema_text(), "regenerate: python -m kirifuda design schema"


# --- scenarios from set-up deals -----------------------------------------------------------------


def start(name: str, changes: dict, *hands: str) -> tuple[Goout, Match]:
    from kirifuda import cards as C
    from kirifuda.core import Deal

    design = D.preset(name).with_values(changes)
    game = make("goout", {"design": design, "first_dealer": 0})
    assert isinstance(game, Goout)
    given = [C.parse_many(h) for h in hands]
    used = {c for h in given for c in h}
    pool = [c for c in game.deck() if c not in used]
    sizes = game._sizes(0)
    out = []
    for seat in range(game.n):
        hand = given[seat] if seat < len(given) else []
        need = sizes[seat] - len(hand)
        out.append(tuple(hand) + tuple(pool[:need]))
        pool = pool[need:]
    return game, Match(game, deals=[Deal(tuple(out), rest=tuple(pool))])


def test_eight_clears_the_pile_play_clear_ranks():
    game, match = start("daifugo", {"turns.first_start": "first-dealer"}, "8S 4S", "9S 5H", "10S 6H", "JS 7H")
    match.act(0, "play 8S")
    assert match.state.table == () and match.to_act() == {0}


def test_four_of_a_kind_reverses_the_order_play_revolution():
    game, match = start(
        "daifugo",
        {"turns.first_start": "first-dealer", "play.clear_ranks": []},
        "9S 9H 9D 9C 4S",
        "3S 3H 3D 3C 5H",
    )
    match.act(0, "play 9S 9H 9D 9C")
    assert match.state.reversed
    match.act(1, "play 3S 3H 3D 3C")  # lower is higher now
    assert match.state.reversed is False


def test_two_plays_of_one_suit_lock_play_lock():
    game, match = start(
        "daifugo", {"turns.first_start": "first-dealer", "play.clear_ranks": []}, "4S 10H", "5S 6H KH", "QS QD"
    )
    match.act(0, "play 4S")
    match.act(1, "play 5S")
    assert match.state.lock == 1  # ♠
    assert "play QD" not in [str(a) for a in match.legal_actions(2)]
    assert "play QS" in [str(a) for a in match.legal_actions(2)]


def test_big_two_first_play_holds_the_three_of_diamonds_and_suits_rank():
    game, match = start("big-two", {}, "4S 5S", "3D 3S KH", "3C")
    assert match.to_act() == {1}
    legal = [str(a) for a in match.legal_actions(1)]
    assert all("3D" in t for t in legal) and "play 3S 3D" in legal
    with pytest.raises(IllegalAction, match="turns.first_play_includes"):
        match.act(1, "play KH")
    match.act(1, "play 3D")
    assert "play 3C" in [str(a) for a in match.legal_actions(2)]  # ♣ is above ♦ (pack.suit_order)


def test_runs_of_one_suit_play_runs():
    game, match = start("daifugo", {"turns.first_start": "first-dealer"}, "3S 4S 5S 6H", "7H 8H 9H 10H")
    legal = [str(a) for a in match.legal_actions(0)]
    assert "play 5S 4S 3S" in legal and "play 6H 5S 4S" not in legal


@pytest.mark.parametrize("name", D.PRESETS)
def test_presets_conform(name):
    """The conformance checks of tests/test_conformance.py (a legal action until the end, cards conserved, illegal
    actions change nothing, observations blind to unseen cards, replay(record) == game) on each preset."""
    from test_conformance import play_checked

    short = D.preset(name).with_values({"length.hands": 2})
    game = make("goout", {"design": short, "first_dealer": 1})
    match = play_checked(game, 7, random.Random(7))
    assert replay(json.loads(dumps(match.record()))).state == match.state
    for viewer in [None, *range(game.seat_count)]:  # the public base fields of every observation (core.Observation)
        obs = game.observation(match.state, viewer)
        assert obs.deal_lines == game.score_lines(match.state) and obs.totals == game.totals(match.state)
        lines = game.score_lines(match.state)
        assert all(
            sum(line.amount for line in deal if line.seat == seat) == scores[seat]
            for deal, scores in zip(lines, game.deal_scores(match.state), strict=True)
            for seat in range(game.seat_count)
        )


@pytest.mark.parametrize("options", COMBOS[::3], ids=lambda o: "-".join(str(v) for v in o.values()))
def test_cutin_preset_agrees_with_the_independent_cutin_oracle(options):
    """The cutin preset against tests/oracles/cutin.py (written from ../shared/rules/cutin.md alone), with the
    differential run of tests/test_oracles.py: the same legal texts, the same rejections, the same scores."""
    from test_oracles import Lockstep

    from oracles.cutin import Oracle

    rng = random.Random(f"goout/{options}")
    full = {**options, "first_dealer": rng.randrange(options.get("players", 4))}
    game = make("goout", cutin_design(full))
    oracle = Oracle("cutin", dict(full))
    run = Lockstep(game, oracle, seed=rng.randrange(2**31), rng=rng)
    while run.step():
        pass
    assert [list(s) for s in game.deal_scores(run.match.state)] == [list(s) for s in oracle.deal_scores()]


def test_the_design_page_lists_every_key():
    from pathlib import Path

    page = (Path(__file__).parents[2] / "docs" / "design.md").read_text(encoding="utf-8")
    assert D.reference_table() in page, "docs/design.md: paste kirifuda.design.reference_table()"


@pytest.mark.parametrize("name", D.PRESETS)
def test_candidates_are_every_combination_of_the_hand_by_brute_force(name):
    """The generator of combinations against every subset of the hand filtered by the classifier (the rule text)."""
    from kirifuda import cards as C
    from kirifuda.games.goout import JOKER_SETS, joker_count

    game = make("goout", {"design": name})
    rng = random.Random(name)
    for _ in range(12):
        hand = C.mask(rng.sample(game.deck(), 11))
        cards = list(C.cards_in(hand))
        brute = set()
        for bits in range(1, 1 << len(cards)):
            m = sum(1 << cards[i] for i in range(len(cards)) if bits >> i & 1)
            canonical = (m & ~JOKER_SETS[2]) | JOKER_SETS[joker_count(m)]
            if game.combo(canonical) is not None:
                brute.add(canonical)
        listed = game.candidates(hand)
        assert len(listed) == len(set(listed)) and set(listed) == brute


def test_big_two_cards_left_double_from_ten_scoring_multipliers():
    from kirifuda import cards as C

    game = make("goout", {"design": "big-two"})
    assert game.left_penalty(C.mask(C.parse_many("3S 4S 5S 6S 7S 8S 9S 10S 2H"))) == -9
    assert game.left_penalty(C.mask(C.parse_many("3S 4S 5S 6S 7S 8S 9S 10S 2H 2D"))) == -20
    assert game.left_penalty(C.mask(game.deck()[:13])) == -39


def test_daifugo_places_score_by_finishing_order_scoring_finish_points():
    game = make("goout", {"design": "daifugo"})
    order = (2, 0, 3, 1)
    amounts = [sum(line.amount for line in game.hand_lines(seat, 0, order)) for seat in range(4)]
    assert amounts == [1, -2, 2, -1]


def test_a_lone_joker_beats_a_two_even_in_a_revolution_K9():
    game, match = start(
        "daifugo",
        {"turns.first_start": "first-dealer", "play.clear_ranks": [], "play.lock.enabled": False},
        "9S 9H 9D 9C 2S",
        "JK 3H",
    )
    match.act(0, "play 9S 9H 9D 9C")  # 革命
    match.act(1, "pass")
    match.act(2, "pass")
    match.act(3, "pass")
    match.act(0, "play 2S")  # the weakest now
    assert "play JK" in [str(a) for a in match.legal_actions(1)]
    match.act(1, "play JK")
    assert all(str(a) == "pass" for a in match.legal_actions(2))


def test_hard_pass_is_for_the_turn_turns_pass():
    game, match = start(
        "daifugo",
        {"turns.first_start": "first-dealer", "turns.pass": "hard", "play.clear_ranks": [], "play.lock.enabled": False},
        "4S 6H",
        "5S 7H",
        "9D",
        "10C",
    )
    match.act(0, "play 4S")
    match.act(1, "pass")
    match.act(2, "play 9D")
    match.act(3, "pass")
    match.act(0, "pass")
    assert match.state.table == () and match.to_act() == {2}  # seat 1 passed: skipped for the turn


@pytest.mark.slow  # about 8 s a game on 2 shared cores
@pytest.mark.parametrize("seed", range(4))
def test_big_two_preset_agrees_with_the_independent_big_two_oracle(seed):
    """The big-two preset against tests/oracles/big_two.py (written from the public Big Two rules text), with the
    differential run of tests/test_oracles.py."""
    from test_oracles import Lockstep

    from oracles.big_two import Oracle

    rng = random.Random(f"big-two/{seed}")
    options = {"design": "big-two", "first_dealer": rng.randrange(4)}
    game = make("goout", options)
    oracle = Oracle("goout", options)
    run = Lockstep(game, oracle, seed=rng.randrange(2**31), rng=rng)
    while run.step():
        pass
    assert [list(s) for s in game.deal_scores(run.match.state)] == [list(s) for s in oracle.deal_scores()]


@pytest.mark.slow  # about 35 s a game: the oracle tries every subset of the hand
@pytest.mark.parametrize("seed", range(1))
def test_daifugo_preset_agrees_with_the_independent_daifugo_oracle(seed):
    """The daifugo preset against tests/oracles/daifugo.py (from the seed's account of 大富豪 and its common rules)."""
    from test_oracles import Lockstep

    from oracles.daifugo import Oracle

    rng = random.Random(f"daifugo/{seed}")
    options = {"design": "daifugo", "first_dealer": rng.randrange(4)}
    game = make("goout", options)
    oracle = Oracle("goout", options)
    run = Lockstep(game, oracle, seed=rng.randrange(2**31), rng=rng)
    while run.step():
        pass
    assert [list(s) for s in game.deal_scores(run.match.state)] == [list(s) for s in oracle.deal_scores()]


def five(game: Goout, text: str):
    from kirifuda import cards as C

    combo = game.combo(C.mask(C.parse_many(text)))
    assert combo is not None and combo.kind == "five", text
    return combo.key


def test_big_two_five_card_hands_rank_by_type_then_within_play_five_card_hands():
    """pagat.com "Big Two": any flush beats any straight, any full house beats a straight or flush, four of a kind
    and one beats those, a straight flush beats all; within a type: a straight by its top card (rank, then suit), a
    flush by its ranks from the top then its suit, a full house by its three, four of a kind by its four."""
    game = make("goout", {"design": "big-two"})
    assert isinstance(game, Goout)
    assert game.combo(C_mask("10S JS QS KS 2H")) is None  # 10 J Q K 2: not consecutive, not a flush
    assert five(game, "3D 4C 5H 6S 7D") < five(game, "3D 4C 5H 6S 7C") < five(game, "JD QC KH AS 2D")
    assert five(game, "JD QC KH AS 2S") < five(game, "3D 4D 5D 6D 8D")  # any flush beats any straight
    assert five(game, "3D 4D 5D 6D 8D") < five(game, "3C 4C 5C 6C 8C")  # the same ranks: by suit (♦ < ♣)
    assert five(game, "3S 4S 5S 6S 9S") < five(game, "3D 4D 5D 7D 9D")  # the ranks from the top: 9 9, then 7 > 6
    assert five(game, "AS KS QS JS 9S") < five(game, "3D 3C 3H 4D 4C")  # any full house beats any flush
    assert five(game, "3D 3C 3H 2D 2C") < five(game, "4D 4C 4H 3S 3D")  # by its three, not its pair
    assert five(game, "2D 2C 2H AD AC") < five(game, "3D 3C 3H 3S 4D")  # four of a kind and one beats it
    assert five(game, "2D 2C 2H 2S AD") < five(game, "3D 4D 5D 6D 7D")  # the lowest straight flush beats all
    assert five(game, "3D 4D 5D 6D 7D") < five(game, "3C 4C 5C 6C 7C") < five(game, "4D 5D 6D 7D 8D")


def C_mask(text: str) -> int:
    from kirifuda import cards as C

    return C.mask(C.parse_many(text))


def test_big_two_plays_a_full_house_on_a_flush_but_not_a_pair_on_it():
    game, match = start("big-two", {}, "3D 5D 7D 9D JD 4S", "6C 6H 6S KD KC 8H", "AS")
    match.act(0, "play 3D 5D 7D 9D JD")
    legal = match.legal_actions(1)
    assert C_mask("6S 6H 6C KD KC") in [getattr(a, "cards", 0) for a in legal] and str(legal[-1]) == "pass"
    flush = five(game, "3D 5D 7D 9D JD")
    assert all(game.combo(a.cards).kind == "five" and game.combo(a.cards).key > flush for a in legal[:-1])


def test_a_run_of_five_and_five_card_hands_are_refused_together():
    with pytest.raises(D.DesignError, match="play.five_card_hands: a run of 5"):
        D.preset("big-two").with_values({"play.runs.enabled": True, "play.runs.min_length": 3})
