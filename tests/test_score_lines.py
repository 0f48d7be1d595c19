"""Score lines (issue 25): every game's deal scores explain themselves as named lines (rule id + amount).

For every game id and every value of every option: a seat's lines in a deal sum exactly to its deal score, every
rule id a line cites is a row of the "Score lines" table of docs/rules/<game>.md with the same names in both
languages, and the observation carries the same lines (public). Golden records replay to lines that sum to their
stored scores too.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path

import pytest

from kirifuda.core import Game, KirifudaError, ScoreLine, line_totals
from kirifuda.match import Match
from kirifuda.records import replay
from kirifuda.registry import available, game_class, make, quick

GAMES = available()
DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"
GOLDEN = Path(__file__).resolve().parent / "golden"
DEALS = 3
"""Deals (battles, hands) played per option case."""


def rules_page(game: Game) -> Path:
    """docs/rules/<game>.md: the page of the game's rules module (the Anarchy family shares one)."""
    return DOCS / (type(game).__module__.rsplit(".", 1)[-1].replace("_", "-") + ".md")


def score_rows(game: Game) -> dict[str, tuple[str, str]]:
    """The rows of the page's "Score lines" table: id → (日本語, English)."""
    text = rules_page(game).read_text(encoding="utf-8")
    section = text[text.index("## Score lines") :]
    return {m[1]: (m[2], m[3]) for m in re.finditer(r"^\| (S\d+) \| ([^|]+?) \| ([^|]+?) \|", section, re.M)}


def option_cases(game_id: str) -> list[dict]:
    """Every value of every option, each once, the other options drawn at random (combinations the game refuses
    are drawn again)."""
    rng = random.Random(game_id)
    fields = [f for f in dataclasses.fields(game_class(game_id).Options) if f.metadata.get("choices")]
    cases = []
    for f in fields:
        for value in f.metadata["choices"]:
            for _ in range(50):
                case = {g.name: rng.choice(g.metadata["choices"]) for g in fields} | {f.name: value}
                try:
                    make(game_id, case | quick(game_id, deals=2))
                except KirifudaError:
                    continue
                cases.append(case | quick(game_id, deals=2))
                break
    return cases


def check_lines(game: Game, state: object) -> None:
    scores = game.deal_scores(state)
    lines = game.score_lines(state)
    assert len(lines) == len(scores)
    rows = score_rows(game)
    for deal_lines, deal_scores in zip(lines, scores, strict=True):
        assert line_totals(deal_lines, game.seat_count) == deal_scores
        for line in deal_lines:
            assert isinstance(line, ScoreLine) and line.amount != 0
            assert line.rule in rows, f"{line.rule} is not in {rules_page(game).name}'s score lines"
            assert rows[line.rule] == (line.ja, line.en)
            assert line.en.strip() and line.ja.strip()


@pytest.mark.parametrize("game_id", GAMES)
def test_lines_sum_to_deal_scores_for_every_option(game_id):
    for k, case in enumerate(option_cases(game_id)):
        game = make(game_id, case)
        rng = random.Random(k)
        match = Match(game, seed=k)
        while not match.finished and len(game.deal_scores(match.state)) < DEALS:
            seat = rng.choice(sorted(match.to_act()))
            before = len(game.deal_scores(match.state))
            match.act(seat, rng.choice(match.legal_actions(seat)))
            if len(game.deal_scores(match.state)) > before:
                check_lines(game, match.state)
                for viewer in (None, *range(game.seat_count)):
                    assert game.observation(match.state, viewer).deal_lines == game.score_lines(match.state)
        assert game.score_lines(match.state), "no deal was completed"


@pytest.mark.parametrize("path", sorted(set(GOLDEN.glob("*.json")) - {GOLDEN / "expected.json"}), ids=lambda p: p.stem)
def test_golden_records_explain_their_scores(path):
    match = replay(json.loads(path.read_text(encoding="utf-8")))
    check_lines(match.game, match.state)


def test_anou_lines_name_each_part_of_a_wall_score():
    """anou.md "Scoring a deal": 1 + 2 + 3 + 5 cards (the 4th column over plan) → +6 −5 = 1, no bonus."""
    from kirifuda.games.anou import wall_lines, wall_score

    wall = (0b1, 0b11, 0b111, 0b11111)
    lines = wall_lines(2, wall)
    assert [(line.rule, line.amount) for line in lines] == [("S1", 6), ("S2", -5)]
    assert wall_score(wall) == 1
    over = (0b11, 0b111, 0b1111, 0b11111)  # every column over plan: −14, floored at 0 (S4 gives it back)
    assert [(line.rule, line.amount) for line in wall_lines(0, over)] == [("S2", -14), ("S4", 14)]
    exact = (0b1, 0b11, 0b111, 0b1111)
    assert [(line.rule, line.amount) for line in wall_lines(0, exact)] == [("S1", 10), ("S3", 2)]
