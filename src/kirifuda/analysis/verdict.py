"""Comparing rule variants and saying what the comparison found, in words (issue 23).

:func:`compare` takes the main games of a baseline variant and of another one and gives, for every per-game
metric of :func:`kirifuda.analysis.metrics.game_metrics`, the difference other − baseline with its 95 %
interval, a two-sided p-value, and the **minimum detectable effect** (MDE): the smallest true difference this
run would have found with 80 % power at the 5 % level. When both variants deal the same cards on the same seed
(:func:`deal_overlap`) the difference is **paired** — per seed, so the deal's luck cancels (Student's t on the
differences); otherwise it is **unpaired** — Welch's t on the two variants' means, with its wider interval.

The metrics tested together (:data:`TESTED`: the level of scores, every seat's advantage, the positions from the
dealer, the game's length and flow, the scoring events) are corrected for multiple comparisons with the
**Benjamini–Hochberg** procedure: the findings called changes keep the expected share of false discoveries
among them at 5 %. Totals, ranks and win shares are not tested on their own (the level and the advantages carry
them), nor are seconds (they measure the machine's load).

:func:`verdict` turns a comparison into findings — what changed and by how much, what did not (with the MDE)
and what needs more games (with the games it would take) — in Japanese and English. The HTML page, the
terminal summary and ``report.json`` all show the same findings list.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..core import PILES
from ..match import Match
from ..registry import make
from . import events as E
from .metrics import event_names, game_metrics, metric_label, pair_key, valued_names, wilson
from .runner import GameRow
from .tournament import t95

ALPHA = 0.05
"""The false discovery rate of the findings (Benjamini–Hochberg) and the level of each interval and MDE."""
POWER = 0.80
Z_POWER = 0.841621  # the standard normal's 80 % quantile
CORRECTION = "Benjamini–Hochberg"
SUGGESTIVE = 0.2
"""A metric not found changed whose raw p-value is below this "needs more games" (with the count it needs)."""
OVERLAP_SEEDS = 40
"""Deal seeds dealt in both variants to decide whether their deals are the same (:func:`deal_overlap`)."""

TESTED = ("mean_total", "advantage", "position_edge", "deal_win", "deals", "decisions", "lead_changes",
          "last_deal_decided", "margin", "event", "event_value")  # fmt: skip
"""The heads of the metrics tested together (the module docstring)."""
NOT_TESTED_WHY = {
    "total": "the level and the advantage carry it",
    "win": "the advantage carries it",
    "rank": "the advantage carries it",
    "seconds": "the machine's load, not the rules",
    "dealer_edge": "the same as position 0's edge",
}


def tested(metric: str) -> bool:
    return metric.split(".", 1)[0] in TESTED


# --- statistics ------------------------------------------------------------------------------------


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (Numerical Recipes 6.4)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c if abs(1.0 + aa / c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c if abs(1.0 + aa / c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-12:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_pvalue(t: float, df: float) -> float:
    """The two-sided p-value of Student's t statistic ``t`` with ``df`` degrees of freedom."""
    if math.isinf(t):
        return 0.0
    if df <= 0 or math.isnan(t):
        return 1.0
    return _betainc(df / 2.0, 0.5, df / (df + t * t))


def _test(diff: float, se: float, df: float) -> dict[str, Any]:
    """Interval, p-value and MDE of a difference ``diff`` with standard error ``se``."""
    if df < 1:
        return {"mean": diff, "ci": [math.nan, math.nan], "p": math.nan, "mde": math.nan}
    t_crit = t95(max(1, int(df)))
    # se 0: every pair moved by the same amount (or not at all)
    p = (1.0 if diff == 0 else 0.0) if se == 0 else t_pvalue(diff / se, df)
    return {"mean": diff, "ci": [diff - t_crit * se, diff + t_crit * se], "p": p, "mde": (t_crit + Z_POWER) * se}


def paired_test(diffs: Sequence[float]) -> dict[str, Any]:
    """The mean of per-seed differences, its t interval, p-value and MDE; ``sd`` the differences' sd."""
    n = len(diffs)
    mean = statistics.fmean(diffs) if diffs else math.nan
    sd = statistics.stdev(diffs) if n > 1 else math.nan
    out = _test(mean, sd / math.sqrt(n) if n > 1 else math.nan, n - 1)
    return {**out, "n": n, "sd": sd}


def welch_test(a: Sequence[float], b: Sequence[float]) -> dict[str, Any]:
    """Mean of b minus mean of a for independent samples: Welch's interval, p-value and MDE; ``sd`` the pooled
    per-game sd (what the sample-size guidance scales)."""
    na, nb = len(a), len(b)
    if na < 2 or nb < 2:
        return {"mean": math.nan, "ci": [math.nan, math.nan], "p": math.nan, "mde": math.nan, "n": min(na, nb)}
    va, vb = statistics.variance(a), statistics.variance(b)
    se2 = va / na + vb / nb
    df = se2 * se2 / ((va / na) ** 2 / (na - 1) + (vb / nb) ** 2 / (nb - 1)) if se2 > 0 else na + nb - 2
    out = _test(statistics.fmean(b) - statistics.fmean(a), math.sqrt(se2), df)
    return {**out, "n": min(na, nb), "sd": math.sqrt((va + vb) / 2)}


def benjamini_hochberg(pvalues: dict[str, float]) -> dict[str, float]:
    """Benjamini–Hochberg adjusted p-values (q-values): a metric is a finding when its q is below the FDR."""
    ordered = sorted((p, k) for k, p in pvalues.items() if math.isfinite(p))
    m = len(ordered)
    out: dict[str, float] = {}
    running = 1.0
    for rank in range(m, 0, -1):
        p, key = ordered[rank - 1]
        running = min(running, p * m / rank)
        out[key] = running
    return out


def games_needed(sd: float, effect: float, *, paired: bool, alpha: float = ALPHA) -> int | None:
    """Games per variant for 80 % power to find a true difference ``effect`` at level ``alpha`` (two-sided),
    where per-game values (paired: per-seed differences) have standard deviation ``sd``."""
    if not (math.isfinite(sd) and effect):
        return None
    z = statistics.NormalDist().inv_cdf(1 - alpha / 2) + Z_POWER
    factor = 1.0 if paired else 2.0  # two independent means: twice the variance of one
    return max(2, math.ceil(factor * (z * sd / abs(effect)) ** 2))


# --- pairing ---------------------------------------------------------------------------------------


def deal_overlap(
    game_id: str, options_a: dict[str, Any], options_b: dict[str, Any], seeds: Sequence[int]
) -> dict[str, Any]:
    """Whether the two variants deal the same cards on the same seeds: both first deals of up to
    :data:`OVERLAP_SEEDS` seeds, compared seat by seat and pile by pile. ``paired`` only when every hand and
    pile is the same (later deals come from the same seed in the same order, so they follow the first)."""
    game_a, game_b = make(game_id, options_a), make(game_id, options_b)
    shared: list[int] = []
    sizes: list[int] = []
    same = game_a.seat_count == game_b.seat_count
    checked = 0
    for seed in list(seeds)[:OVERLAP_SEEDS]:
        deals_a, deals_b = Match(game_a, seed=seed).deals, Match(game_b, seed=seed).deals
        if not deals_a or not deals_b:
            continue
        checked += 1
        a, b = deals_a[0], deals_b[0]
        if len(a.hands) != len(b.hands) or any(Counter(getattr(a, p)) != Counter(getattr(b, p)) for p in PILES):
            same = False  # the rest, a spare or a dummy stock differs
        for hand_a, hand_b in zip(a.hands, b.hands, strict=False):
            common = sum((Counter(hand_a) & Counter(hand_b)).values())
            shared.append(common)
            sizes.append(len(hand_a))
            same = same and Counter(hand_a) == Counter(hand_b)
    paired = same and checked > 0
    return {
        "paired": paired,
        "seeds_checked": checked,
        "seats": [game_a.seat_count, game_b.seat_count],
        "cards_shared_per_seat": statistics.fmean(shared) if shared else math.nan,
        "hand_size": statistics.fmean(sizes) if sizes else math.nan,
    }


def pairing_words(overlap: dict[str, Any]) -> dict[str, str]:
    """How a comparison was made, for the reader."""
    if overlap["paired"]:
        return {
            "en": "Paired: both variants deal the same cards on the same seed (checked on the first deal of "
            f"{overlap['seeds_checked']} seeds), so each difference is taken seed by seed and the deal's luck "
            "cancels.",
            "ja": "対応あり: 両バリアントは同じシードで同じ札を配る"
            f"({overlap['seeds_checked']}シードの最初のディールで確認)。"
            "差はシードごとに取るので配札の運が打ち消される。",
        }
    if overlap["seats"][0] != overlap["seats"][1]:
        why_en = f"the tables differ ({overlap['seats'][0]} and {overlap['seats'][1]} seats)"
        why_ja = f"席の数が違う({overlap['seats'][0]}席と{overlap['seats'][1]}席)"
    else:
        why_en = (
            f"the packs differ: on the same seed a seat shares only {overlap['cards_shared_per_seat']:.1f} of its "
            f"{overlap['hand_size']:.0f} cards between the variants"
        )
        why_ja = (
            f"札の組が違う: 同じシードでも各席の手札{overlap['hand_size']:.0f}枚のうち両バリアントで共通なのは"
            f"平均{overlap['cards_shared_per_seat']:.1f}枚"
        )
    return {
        "en": f"Unpaired: {why_en}. The deals are not the same, so the variants are compared as independent "
        "samples (Welch's t), with wider intervals than a paired run of the same size.",
        "ja": f"対応なし: {why_ja}。配札が同じではないので、独立な標本として比べる(ウェルチの t 検定)。"
        "同じ数の対応ありの比較より区間は広い。",
    }


# --- comparing two variants ------------------------------------------------------------------------


def _main(rows: Sequence[GameRow]) -> list[GameRow]:
    return [r for r in rows if r.group in ("", "main")]


def compare(rows_a: Sequence[GameRow], rows_b: Sequence[GameRow], *, paired: bool) -> dict[str, Any]:
    """Every per-game metric's difference B − A (the module docstring); ``paired`` pairs games by seed, lineup
    and rotation (those finished in both, after an interrupt)."""
    main_a, main_b = _main(rows_a), _main(rows_b)
    both = [*main_a, *main_b]
    names, valued = event_names(both), valued_names(both)
    per_a = {pair_key(r): game_metrics(r, names, valued) for r in main_a}
    per_b = {pair_key(r): game_metrics(r, names, valued) for r in main_b}
    keys = sorted(per_a.keys() & per_b.keys()) if paired else []
    metric_names = sorted({m for x in (*per_a.values(), *per_b.values()) for m in x}, key=_order)
    out: dict[str, Any] = {"paired": paired, "games": [len(per_a), len(per_b)], "pairs": len(keys)}
    results: dict[str, dict[str, Any]] = {}
    for metric in metric_names:
        values_a = [m[metric] for m in per_a.values() if metric in m]
        values_b = [m[metric] for m in per_b.values() if metric in m]
        if not values_a or not values_b:
            continue  # a seat or position only one variant has
        if paired:
            diffs = [per_b[k][metric] - per_a[k][metric] for k in keys if metric in per_a[k] and metric in per_b[k]]
            if not diffs:
                continue
            result = paired_test(diffs)
        else:
            result = welch_test(values_a, values_b)
        result["a"] = statistics.fmean(values_a)
        result["b"] = statistics.fmean(values_b)
        # a metric the same in every game of both variants (Anou's three deals) cannot show a change
        result["constant"] = len({*values_a, *values_b}) == 1
        result["tested"] = tested(metric) and not result["constant"]
        results[metric] = result
    q = benjamini_hochberg({m: r["p"] for m, r in results.items() if r["tested"]})
    for metric, r in results.items():
        r["q"] = q.get(metric, math.nan) if r["tested"] else math.nan
        r["changed"] = bool(r["tested"] and r["q"] < ALPHA)
    out["metrics"] = results
    out["tested"] = sum(1 for r in results.values() if r["tested"])
    if paired:
        out["same_winners"] = _same_winners(main_a, main_b, keys)
    return out


def _same_winners(rows_a: Sequence[GameRow], rows_b: Sequence[GameRow], keys: Sequence[Any]) -> dict[str, Any]:
    """The share of seeds with the same winners in both variants, and what chance alone would give: the
    probability that two independent games, one of each variant, have the same winners."""
    a_by = {pair_key(r): r for r in rows_a}
    b_by = {pair_key(r): r for r in rows_b}
    same = sum(1 for k in keys if a_by[k].winners == b_by[k].winners)
    out = wilson(same, len(keys))
    freq_a = Counter(tuple(a_by[k].winners) for k in keys)
    freq_b = Counter(tuple(b_by[k].winners) for k in keys)
    n = max(1, len(keys))
    out["chance"] = sum(freq_a[w] * freq_b[w] for w in freq_a) / (n * n)
    return out


_ORDER = ("mean_total", "total", "advantage", "win", "rank", "dealer_edge", "position_edge", "deal_win", "deals",
          "decisions", "seconds", "lead_changes", "last_deal_decided", "margin", "event", "event_value")  # fmt: skip


def _order(metric: str) -> tuple[int, str]:
    head = metric.split(".", 1)[0]
    return (_ORDER.index(head) if head in _ORDER else len(_ORDER), metric)


# --- words -----------------------------------------------------------------------------------------

SHARES = ("win", "deal_win", "last_deal_decided")


def describe(game_id: str, metric: str) -> dict[str, str]:
    """A metric in a designer's words (English and Japanese), with its unit."""
    head, _, tail = metric.partition(".")
    seat = tail[4:] if tail.startswith("seat") else ""
    position = tail[1:] if tail.startswith("p") and tail[1:].isdigit() else ""
    where = {"0": ("the dealer", "親")}.get(
        position, (f"position +{position} from the dealer", f"親から{position}番目")
    )
    words: dict[str, tuple[str, str]] = {
        "mean_total": ("points per seat per game", "1ゲーム1席あたりの得点"),
        "total": (f"seat {seat}'s total", f"席{seat}の合計点"),
        "advantage": (f"seat {seat}'s edge over its table (points a game)", f"席{seat}の有利(1ゲームの点差)"),
        "win": (f"seat {seat}'s win share", f"席{seat}の勝率"),
        "rank": (f"seat {seat}'s rank", f"席{seat}の順位"),
        "dealer_edge": ("the dealer's edge per deal", "親の有利(1ディール)"),
        "position_edge": (f"{where[0]}'s edge per deal", f"{where[1]}の有利(1ディール)"),
        "deal_win": (f"share of deals {where[0]} tops", f"{where[1]}がディールで最高点の割合"),
        "deals": ("deals per game", "1ゲームのディール数"),
        "decisions": ("decisions per game", "1ゲームの判断数"),
        "seconds": ("seconds per game", "1ゲームの秒数"),
        "lead_changes": ("lead changes per game", "1ゲームの首位交代"),
        "last_deal_decided": ("games decided by the last deal", "最終ディールで決着したゲームの割合"),
        "margin": ("winning margin (points)", "1位と2位の点差"),
    }
    if head in words:
        en, ja = words[head]
    elif head in ("event", "event_value"):
        d = _event_description(game_id, tail)
        en_name, ja_name = (d.en, d.ja) if d else (tail, tail)
        if tail.startswith(E.RULE_PREFIX):  # a score line: how often the rule scored a seat, and its points
            rule = tail.removeprefix(E.RULE_PREFIX)
            en, ja = (
                (
                    f"seats scored by “{en_name}” ({rule}) per deal",
                    f"「{ja_name}」({rule})で得点した席の1ディールあたりの数",
                )
                if head == "event"
                else (f"points from “{en_name}” ({rule}) per deal", f"「{ja_name}」({rule})の1ディールあたりの点")
            )
        else:
            en, ja = (
                (f"“{en_name}” per deal ({tail})", f"「{ja_name}」の1ディールあたりの回数({tail})")
                if head == "event"
                else (f"“{en_name}” summed per deal ({tail})", f"「{ja_name}」の1ディールあたりの値の合計({tail})")
            )
    else:
        en = ja = metric_label(metric)
    return {"en": en, "ja": ja}


def _event_description(game_id: str, name: str) -> Any:
    try:
        return E.describe(game_id, name)
    except ValueError:
        return None


def _fmt(x: float, share: bool = False) -> str:
    if not math.isfinite(x):
        return "–"
    if share:
        return f"{x * 100:.1f} %"
    if abs(x) >= 100:
        return f"{x:,.0f}"
    return f"{x:.2f}"


def _signed(x: float, share: bool = False) -> str:
    if share:
        return f"{x * 100:+.1f} pt"
    return f"{x:+.2f}"


def _is_share(metric: str) -> bool:
    return metric.split(".", 1)[0] in SHARES


TOPICS = (
    ("level", ("mean_total",), "the level of scores", "得点の水準"),
    ("seats", ("advantage",), "seat balance", "席のバランス"),
    ("dealer", ("position_edge", "deal_win"), "the dealer's (start player's) edge", "親(スタートプレイヤー)の有利"),
    ("length", ("deals", "decisions"), "the game's length", "ゲームの長さ"),
    ("flow", ("lead_changes", "last_deal_decided", "margin"), "the game's flow (lead changes, last-deal decisions, "
     "margin)", "展開(首位交代・最終ディールでの決着・点差)"),
    ("events", ("event", "event_value"), "the scoring events", "得点イベント"),
)  # fmt: skip


def _topic_index(metric: str) -> int:
    head = metric.split(".", 1)[0]
    return next((k for k, (_, heads, _en, _ja) in enumerate(TOPICS) if head in heads), len(TOPICS))


def verdict(game_id: str, comparison: dict[str, Any], *, baseline: str, other: str) -> dict[str, Any]:
    """The findings of one comparison (module docstring): ``changed``, ``unchanged``, ``more_games``, each a list
    of findings with ``metric`` (where one metric), ``en`` and ``ja``; ``headline`` in both languages."""
    metrics: dict[str, dict[str, Any]] = comparison["metrics"]
    paired = comparison["paired"]
    changed = [m for m, r in metrics.items() if r["changed"]]

    def size(m: str) -> float:
        r = metrics[m]
        sd = r.get("sd") or 0.0
        return abs(r["mean"]) / sd if sd and math.isfinite(sd) else math.inf

    # the game's headline topics first (level, seats, dealer, length, flow), then the events; biggest first
    changed.sort(key=lambda m: (_topic_index(m), -size(m), _order(m)))
    out_changed = []
    for m in changed:
        r, words, share = metrics[m], describe(game_id, m), _is_share(m)
        lo, hi = r["ci"]
        direction_en = "rose" if r["mean"] > 0 else "fell"
        direction_ja = "増えた" if r["mean"] > 0 else "減った"
        out_changed.append(
            {
                "metric": m,
                "difference": r["mean"],
                "ci": r["ci"],
                "q": r["q"],
                "en": f"{words['en']} {direction_en} by {_signed(r['mean'], share).lstrip('+-')}: "
                f"{_fmt(r['a'], share)} → {_fmt(r['b'], share)} "
                f"(95 % CI of the difference {_signed(lo, share)} to {_signed(hi, share)})",
                "ja": f"{words['ja']}が{_signed(r['mean'], share).lstrip('+-')}{direction_ja}: "
                f"{_fmt(r['a'], share)} → {_fmt(r['b'], share)}(差の95%信頼区間 {_signed(lo, share)}〜"
                f"{_signed(hi, share)})",
            }
        )
    out_unchanged = []
    for _key, heads, en, ja in TOPICS:
        group = [m for m, r in metrics.items() if r["tested"] and m.split(".", 1)[0] in heads]
        if not group:
            continue
        quiet = [m for m in group if not metrics[m]["changed"]]
        if not quiet:
            continue
        widest = max(quiet, key=lambda m: metrics[m]["mde"] if math.isfinite(metrics[m]["mde"]) else -1)
        mde, share = metrics[widest]["mde"], _is_share(widest)
        w = describe(game_id, widest)
        rest_en = "no change detected" if len(quiet) == len(group) else "no other change detected"
        rest_ja = "変化は検出されず" if len(quiet) == len(group) else "ほかの変化は検出されず"
        out_unchanged.append(
            {
                "topic": _key,
                "metrics": quiet,
                "mde": mde,
                "en": f"{en.capitalize()}: {rest_en} ({len(quiet)} metric{'s' if len(quiet) > 1 else ''}); the run "
                f"would have seen a change of {_fmt(mde, share)} in {w['en']} (the least sensitive of them) with "
                "80 % power",
                "ja": f"{ja}: {rest_ja}({len(quiet)}項目)。最も感度の低い「{w['ja']}」でも "
                f"{_fmt(mde, share)} の変化なら80%の検出力で見えたはず",
            }
        )
    fixed = [m for m, r in metrics.items() if r.get("constant") and tested(m)]
    if fixed:
        en_list = ", ".join(f"{describe(game_id, m)['en']} ({_fmt(metrics[m]['a'])})" for m in fixed)
        ja_list = "、".join(f"{describe(game_id, m)['ja']}({_fmt(metrics[m]['a'])})" for m in fixed)
        out_unchanged.append(
            {
                "topic": "fixed",
                "metrics": fixed,
                "mde": 0.0,
                "en": f"Fixed by the rules, the same in every game of both: {en_list}",
                "ja": f"規則で決まっていて両方のすべてのゲームで同じ: {ja_list}",
            }
        )
    more = []
    for m, r in metrics.items():
        if not r["tested"] or r["changed"] or not (math.isfinite(r["p"]) and r["p"] < SUGGESTIVE):
            continue
        # at the Bonferroni level of the family: enough games for the change to survive the correction
        need = games_needed(r.get("sd", math.nan), r["mean"], paired=paired, alpha=ALPHA / comparison["tested"])
        if need is None:
            continue
        words, share = describe(game_id, m), _is_share(m)
        more.append(
            {
                "metric": m,
                "difference": r["mean"],
                "games_needed": need,
                "en": f"{words['en']} may have moved by {_signed(r['mean'], share)} (p = {r['p']:.2f} before the "
                f"correction): about {need:,} games per variant would tell at 80 % power, after the correction",
                "ja": f"{words['ja']}は{_signed(r['mean'], share)}動いたかもしれない(補正前 p = {r['p']:.2f}): "
                f"補正後も80%の検出力で確かめるには各バリアント約{need:,}ゲーム",
            }
        )
    more.sort(key=lambda f: f["games_needed"])
    tested_count = comparison["tested"]
    if changed:
        head_en = (
            f"{other} against {baseline}: {len(changed)} of {tested_count} metrics changed "
            f"({CORRECTION}, false discovery rate 5 %)"
        )
        head_ja = (
            f"{baseline} と比べた {other}: {tested_count}項目のうち{len(changed)}項目が変化"
            f"({CORRECTION} 補正、偽発見率5%)"
        )
    else:
        head_en = f"{other} against {baseline}: no effect detected in {tested_count} metrics ({CORRECTION}, 5 %)"
        head_ja = f"{baseline} と比べた {other}: {tested_count}項目で効果は検出されず({CORRECTION} 補正、5%)"
    return {
        "baseline": baseline,
        "other": other,
        "paired": paired,
        "correction": CORRECTION,
        "headline": {"en": head_en, "ja": head_ja},
        "changed": out_changed,
        "unchanged": out_unchanged,
        "more_games": more[:6],
    }


# --- sample size ------------------------------------------------------------------------------------

EFFECTS_POINTS = (0.25, 0.5, 1.0, 2.0)
EFFECTS_SHARES = (0.02, 0.05, 0.1)
GUIDANCE = ("mean_total", "advantage", "position_edge.p0", "deals", "lead_changes", "last_deal_decided", "margin")


def sample_size(comparison: dict[str, Any]) -> list[dict[str, Any]]:
    """Games per variant needed to detect a difference of a given size at this run's variance, for the
    headline metrics (the per-seat advantages as the widest seat)."""
    metrics: dict[str, dict[str, Any]] = comparison["metrics"]
    paired = comparison["paired"]
    out = []
    seen: set[str] = set()
    for key in GUIDANCE:
        candidates = [m for m in metrics if (m == key or m.startswith(key + ".")) and not metrics[m].get("constant")]
        if not candidates:
            continue
        m = max(candidates, key=lambda c: metrics[c].get("sd") or 0.0)
        if m in seen:
            continue
        seen.add(m)
        sd = metrics[m].get("sd", math.nan)
        effects = EFFECTS_SHARES if _is_share(m) else EFFECTS_POINTS
        out.append(
            {
                "metric": m,
                "sd": sd,
                "mde": metrics[m]["mde"],
                "games": {str(e): games_needed(sd, e, paired=paired) for e in effects},
            }
        )
    return out
