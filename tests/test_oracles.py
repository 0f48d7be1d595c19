"""Differential tests: kirifuda against an independent implementation of each game's rules.

The oracles (tests/oracles/, written from ../shared/rules/ without reading kirifuda) are fed the
same deals, chance events and actions as kirifuda's :class:`Match`. At every decision point both
must agree on who is to act, on the exact set of legal action texts of every awaited seat, and on
the rejection of probe actions; at the end, on every deal's scores. Every record is then replayed,
and a sample goes through the ``kirifuda replay --json`` command itself (in this process, by Typer's runner: a
new interpreter per record cost ~0.6 s, a third of this module's time; tests/test_cli.py runs the installed
command as a process).

``KIRIFUDA_ORACLE_GAMES`` (default 300, sized so ``make test`` stays well under 15 minutes on 2 cores; a deeper
sweep: ``KIRIFUDA_ORACLE_GAMES=5000 make test``) is the number of random games per game id (a share of it for the
ids in ``GAME_SHARES``), spread over every combination of its options (a pairwise covering set of them where
there are many: :func:`option_combos`).
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import itertools
import json
import os
import random

import pytest
from typer.testing import CliRunner

from kirifuda import cards as C
from kirifuda.cli import app
from kirifuda.core import KirifudaError
from kirifuda.match import Match
from kirifuda.records import dumps, replay
from kirifuda.registry import available, entry, game_class, make


def oracle_module(game_id: str):
    """The oracle of ``game_id``: ``tests/oracles/<name>.py`` after the module of its rules (its registry entry)."""
    rules = entry(game_id).parts["rules"]
    assert rules is not None
    return importlib.import_module("oracles." + rules.rsplit(".", 1)[-1])


GAMES_PER_ID = int(os.environ.get("KIRIFUDA_ORACLE_GAMES", "300"))
GAME_SHARES = {"cutin": 0.6, "organised-chaos": 0.4}
"""Ids whose games cost more play this share of ``GAMES_PER_ID`` (Cut-in's design knobs bring six players and
turns that go round until everyone passes; Organised Chaos's oracle lists every pass of three of up to 18
cards at each decision), keeping each id's share of the suite under a minute on 2 cores."""
CLI_SAMPLE = 2  # per option combination
GARBAGE = ["", "play", "play XX", "pass now", "take", "bid", "give 2S", "trump", "go go", "swap"]


def option_combos(game_id: str) -> list[dict]:
    """Every valid combination of the game's option choices — or, where there are more than
    :data:`ALL_COMBOS_UP_TO` (Cut-in's design knobs), a pairwise covering set of them (:func:`pairwise`).
    Worked out once per process (Cut-in's takes seconds, and four test modules parametrize by it); a new list of
    new dicts each call."""
    return [dict(options) for options in _option_combos(game_id)]


@functools.cache
def _option_combos(game_id: str) -> list[dict]:
    cls = game_class(game_id).Options
    fields = [
        (f.name, f.metadata["choices"])
        for f in dataclasses.fields(cls)
        if f.metadata.get("choices") and f.name != "first_dealer"
    ]
    names = [n for n, _ in fields]
    combos = []
    for values in itertools.product(*(c for _, c in fields)):
        options = dict(zip(names, values, strict=True))
        try:
            make(game_id, options)
        except KirifudaError:
            continue  # a combination the game rejects (e.g. Gonin-kan zero_sum with 6 players)
        combos.append(options)
    return combos if len(combos) <= ALL_COMBOS_UP_TO else pairwise(combos)


ALL_COMBOS_UP_TO = 64
"""Games with at most this many valid option combinations are checked in every one of them."""


def pairwise(combos: list[dict]) -> list[dict]:
    """A deterministic subset of ``combos`` (valid combinations, the defaults first) in which every pair of
    values of two options that some valid combination holds appears at least once — greedily, each pick the
    combination covering the most pairs not yet covered (the first such in ``combos`` order)."""

    def pairs(options: dict) -> set:
        items = sorted(options.items())
        return {(a, b) for i, a in enumerate(items) for b in items[i + 1 :]}

    covers = [pairs(c) for c in combos]
    uncovered = set().union(*covers)
    chosen = [0]
    uncovered -= covers[0]
    while uncovered:
        best = max(range(len(combos)), key=lambda k: len(covers[k] & uncovered))
        chosen.append(best)
        uncovered -= covers[best]
    return [combos[k] for k in chosen]


def mutate(text: str, game, rng: random.Random) -> str:
    """A legal action's text with one part changed: another card, another column (``@n``), a column
    dropped or added, another suit named — mostly illegal, so both sides must reject it alike."""
    words = text.split()
    if len(words) < 2:
        return text + " " + C.text(rng.choice(game.deck()))
    i = rng.randrange(1, len(words))
    card, at, rest = words[i].partition("@")
    choice = rng.random()
    if at and choice < 0.5:
        words[i] = card + ("" if rng.random() < 0.3 else f"@{rng.randint(1, 4)}")
    elif ":" in words[i]:
        words[i] = card.split(":")[0] + ":" + rng.choice("SHDC")
    elif choice < 0.2:
        words[i] = card + f"@{rng.randint(1, 4)}"
    else:
        words[i] = C.text(rng.choice(game.deck())) + (at + rest if at else "")
    return " ".join(words)


class Lockstep:
    def __init__(self, game, oracle, seed: int, rng: random.Random):
        self.game, self.oracle, self.rng = game, oracle, rng
        self.match = Match(game, seed=seed)
        self.deals_fed = 0
        self.chances_fed = 0
        self.chances: list[str] = []  # kirifuda's chance events so far (its action log is only ever appended to)
        self.actions_read = 0

    def sync_chance(self) -> None:
        actions = self.match.actions
        self.chances += [text for who, text in actions[self.actions_read :] if who == "chance"]
        self.actions_read = len(actions)
        chances = self.chances
        while (pending := self.oracle.pending()) in ("deal", "chance"):
            if pending == "deal":
                assert self.deals_fed < len(self.match.deals), "the oracle wants a deal kirifuda did not make"
                self.oracle.deal(self.match.deals[self.deals_fed].to_json())
                self.deals_fed += 1
            else:
                assert self.chances_fed < len(chances), "the oracle wants a chance event kirifuda did not make"
                self.oracle.chance(chances[self.chances_fed])
                self.chances_fed += 1
        assert self.deals_fed == len(self.match.deals), "kirifuda dealt where the oracle did not expect it"
        assert self.chances_fed == len(chances), "kirifuda had a chance event the oracle did not expect"

    def step(self) -> bool:
        m, o, rng, game = self.match, self.oracle, self.rng, self.game
        self.sync_chance()
        if m.finished:
            assert o.pending() == "over", f"kirifuda ended the game, the oracle is at {o.pending()}"
            return False
        where = f"after {len(m.actions)} actions"
        assert o.pending() == "act", f"{where}: oracle at {o.pending()}"
        waiting = m.to_act()
        assert set(waiting) == set(o.to_act()), (
            f"{where}: to act kirifuda {sorted(waiting)} oracle {sorted(o.to_act())}"
        )
        legal = {}
        before = {}  # the oracle's legal sets now: a rejected probe must leave every one of them as it is
        for seat in waiting:
            mine = {str(a) for a in m.legal_actions(seat)}
            theirs = before[seat] = set(o.legal(seat))
            assert mine == theirs, (
                f"{where}, seat {seat}: only kirifuda {sorted(mine - theirs)}, only oracle {sorted(theirs - mine)}"
            )
            legal[seat] = sorted(mine)
        # probes: a deck card, another seat's action, garbage — from any seat
        for _ in range(3):
            seat = rng.randrange(game.seat_count)
            kind = rng.random()
            if kind < 0.35:
                text = "play " + C.text(rng.choice(game.deck()))
            elif kind < 0.6:
                text = rng.choice(legal[rng.choice(sorted(legal))])
            elif kind < 0.85:
                text = mutate(rng.choice(legal[rng.choice(sorted(legal))]), game, rng)
            else:
                text = rng.choice(GARBAGE)
            try:
                game.apply(m.state, seat, text)
                accepted = True
            except KirifudaError:
                accepted = False
            if accepted:
                continue  # legal: may be chosen below; the oracle's apply would change its state
            with pytest.raises(Exception) as info:
                o.apply(seat, text)
            assert type(info.value).__name__ == "Illegal", f"{where}: oracle raised {info.value!r} for {text!r}"
            assert {s: set(o.legal(s)) for s in waiting} == before, f"{where}: oracle changed on a rejected {text!r}"
        seat = rng.choice(sorted(waiting))
        text = rng.choice(legal[seat])
        if rng.random() < 0.1:
            text = text.lower()  # a non-canonical spelling both must accept
        m.act(seat, text)
        o.apply(seat, text)
        return True


def cases():
    out = []
    for game_id in available():
        combos = option_combos(game_id)
        games = round(GAMES_PER_ID * GAME_SHARES.get(game_id, 1.0))
        per_combo = max(1, -(-games // len(combos)))
        for k, options in enumerate(combos):
            out.append(
                pytest.param(game_id, options, per_combo, id=f"{game_id}-{k}-" + "-".join(map(str, options.values())))
            )
    return out


@pytest.mark.slow
@pytest.mark.parametrize("game_id, options, games", cases())
def test_kirifuda_agrees_with_the_oracle(game_id, options, games, tmp_path):
    module = oracle_module(game_id)
    base = make(game_id, options)
    cli_records = []
    for i in range(games):
        rng = random.Random(f"{game_id}/{options}/{i}")
        dealer = rng.randrange(base.seat_count)
        full = {**options, "first_dealer": dealer}
        game = make(game_id, full)
        oracle = module.Oracle(game_id, dict(full))
        run = Lockstep(game, oracle, seed=rng.randrange(2**31), rng=rng)
        while run.step():
            pass
        mine = [list(s) for s in game.deal_scores(run.match.state)]
        assert mine == [list(s) for s in oracle.deal_scores()], f"game {i}: deal scores differ"
        record = run.match.record()
        assert replay(record).state == run.match.state
        if i < CLI_SAMPLE:
            cli_records.append((record, mine))
    # the command itself, on a sample
    for k, (record, scores) in enumerate(cli_records):
        path = tmp_path / f"r{k}.json"
        path.write_text(dumps(record))
        out = CliRunner().invoke(app, ["replay", str(path), "--json"])
        assert out.exit_code == 0, out.output
        assert json.loads(out.stdout)["deal_scores"] == scores
