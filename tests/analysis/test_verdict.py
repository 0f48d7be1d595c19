"""The verdict of a comparison (issue 23): the statistics it rests on, honest pairing for every knob that changes
the pack or the table, and a planted effect named while an option that changes nothing yields "no effect
detected"."""

from __future__ import annotations

import html
import json
import math
from dataclasses import dataclass
from typing import Any

import pytest

from kirifuda import registry
from kirifuda.analysis import analyze as A
from kirifuda.analysis import verdict as V
from kirifuda.analysis.metrics import wilson
from kirifuda.commands.analysis import print_verdict
from kirifuda.core import ScoreLine, ScoreRule, option
from kirifuda.games.cutin import Cutin, CutinOptions

# --- the statistics ---------------------------------------------------------------------------------


def test_student_t_p_values_match_the_tables():
    assert V.t_pvalue(2.228, 10) == pytest.approx(0.05, abs=5e-4)  # t(0.975, 10)
    assert V.t_pvalue(1.96, 10_000) == pytest.approx(0.05, abs=5e-4)
    assert V.t_pvalue(0.0, 5) == pytest.approx(1.0)
    assert V.t_pvalue(math.inf, 5) == 0.0


def test_benjamini_hochberg_adjusts_p_values_step_up():
    q = V.benjamini_hochberg({"a": 0.01, "b": 0.04, "c": 0.03, "d": 0.5})
    # sorted 0.01, 0.03, 0.04, 0.5 → 0.04, 0.0533, 0.0533, 0.5 (monotone from the top)
    assert q == pytest.approx({"a": 0.04, "c": 0.04 * 4 / 3, "b": 0.04 * 4 / 3, "d": 0.5})


def test_a_share_of_sixty_in_sixty_has_a_wilson_interval_not_a_point():
    w = wilson(60, 60)
    assert w["mean"] == 1.0 and w["ci"][0] == pytest.approx(0.94, abs=0.005) and w["ci"][1] == 1.0


def test_the_minimum_detectable_effect_and_the_games_needed_agree():
    diffs = [(-1) ** k * 2.0 + 0.1 for k in range(100)]  # sd ≈ 2
    t = V.paired_test(diffs)
    # the MDE of n games is the effect that n games detect: games_needed(MDE) ≈ n
    assert V.games_needed(t["sd"], t["mde"], paired=True) == pytest.approx(100, rel=0.05)


# --- pairing ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "a", "b", "paired"),
    [
        ("cutin", {}, {"lock": False}, True),
        ("cutin", {}, {"pass_style": "hard"}, True),
        ("cutin", {}, {"jokers": 2}, False),
        ("cutin", {}, {"jokers": 1}, False),
        ("cutin", {}, {"deck": "40"}, False),
        ("cutin", {}, {"players": 5}, False),
        ("anou", {}, {"root_stones": True}, True),
        ("anou", {"players": 3}, {"players": 3, "deck3": "52"}, False),
        ("anou", {}, {"players": 3}, False),
        ("anarchy-bomb", {"players": 5}, {"players": 5, "deck5": "65"}, False),
        ("goninkan", {}, {"joker_ban": "lead"}, True),
    ],
)
def test_deals_are_called_paired_only_when_both_variants_deal_the_same_cards(game, a, b, paired):
    overlap = V.deal_overlap(game, a, b, range(10))
    assert overlap["paired"] is paired
    words = V.pairing_words(overlap)["en"]
    assert words.startswith("Paired" if paired else "Unpaired")
    if not paired and overlap["seats"][0] == overlap["seats"][1]:
        assert overlap["cards_shared_per_seat"] < overlap["hand_size"]


def test_two_jokers_leave_a_seat_few_of_its_cards_and_the_report_says_unpaired():
    overlap = V.deal_overlap("cutin", {}, {"jokers": 2}, range(20))
    assert overlap["hand_size"] == 13 and overlap["cards_shared_per_seat"] < 6
    assert "luck cancels" not in V.pairing_words(overlap)["en"]


# --- a planted effect -------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class PlantedOptions(CutinOptions):
    bonus: int = option(0, 3, doc="points added to seat 0's score in every hand (the planted effect)")
    label: str = option("plain", "tagged", doc="a name that changes nothing in play")


BONUS = ScoreRule("P1", "planted bonus", "仕込みのボーナス")


class Planted(Cutin):
    """Cut-in with a test's planted effect: ``bonus`` points to seat 0 every hand."""

    id = "planted-cutin"
    title = "Planted Cut-in"
    title_ja = "仕込みカットイン"
    Options = PlantedOptions
    options: PlantedOptions

    def deal_scores(self, state: Any) -> tuple[tuple[int, ...], ...]:
        bonus = self.options.bonus
        return tuple((s[0] + bonus, *s[1:]) for s in super().deal_scores(state))

    def score_lines(self, state: Any) -> tuple[tuple[ScoreLine, ...], ...]:
        extra = (BONUS.line(0, self.options.bonus),) if self.options.bonus else ()
        return tuple(lines + extra for lines in super().score_lines(state))


@pytest.fixture
def planted(monkeypatch):
    """The planted game in the registry, for this test's process (jobs=1: the games run here)."""
    monkeypatch.setitem(registry._MODULES, Planted.id, __name__)
    return Planted.id


def _verdict(game: str, vs: dict[str, Any], tmp_path, capsys) -> dict[str, Any]:
    p = A.plan(game, {}, vs_options=vs, bots=["random"], games=5, skill=[])
    outcome = A.execute(p, tmp_path, jobs=1, command="test", figures=False)
    document = json.loads((tmp_path / "report.json").read_text())
    assert document["verdict"] == outcome.document["verdict"]  # the JSON written is the one returned
    [v] = document["verdict"]
    # the terminal and the page list the same findings as report.json
    capsys.readouterr()
    print_verdict(document)
    terminal = capsys.readouterr().out
    page = (tmp_path / "report.html").read_text()
    for finding in [v["headline"], *v["changed"], *v["unchanged"], *v["more_games"]]:
        assert finding["en"] in terminal and finding["ja"] in terminal
        assert html.escape(finding["en"]) in page
    return v


def test_a_planted_bonus_to_one_seat_is_named_in_the_verdict(planted, tmp_path, capsys):
    v = _verdict(planted, {"bonus": 3}, tmp_path, capsys)
    assert v["paired"]
    changed = {f["metric"]: f for f in v["changed"]}
    # 3 points a hand, 4 hands: seat 0 +12, the table's mean +3, seat 0's edge over it +9
    assert changed["advantage.seat0"]["difference"] == pytest.approx(9.0)
    assert changed["mean_total"]["difference"] == pytest.approx(3.0)
    assert "seat 0's edge" in changed["advantage.seat0"]["en"] and "rose by 9.00" in changed["advantage.seat0"]["en"]
    assert "席0の有利" in changed["advantage.seat0"]["ja"]
    assert "no effect detected" not in v["headline"]["en"]
    # the planted rule's own score line: once a hand, worth 3, all to the dealer-independent seat 0
    assert changed["event.rule:P1"]["difference"] == pytest.approx(1.0)
    assert changed["event_value.rule:P1"]["difference"] == pytest.approx(3.0)
    assert "planted bonus" in changed["event_value.rule:P1"]["en"]
    # the other scoring events and the length are untouched: nothing else in play changed
    assert not any(m.startswith(("deals", "decisions")) or (m.startswith("event") and "P1" not in m) for m in changed)


def test_an_option_that_changes_nothing_yields_no_effect_detected(planted, tmp_path, capsys):
    v = _verdict(planted, {"label": "tagged"}, tmp_path, capsys)
    assert v["changed"] == [] and "no effect detected" in v["headline"]["en"]
    assert "効果は検出されず" in v["headline"]["ja"]
    assert {f["topic"] for f in v["unchanged"]} >= {"level", "seats", "length"}
