"""The report's figures (matplotlib, Agg backend), each written as SVG and PNG.

Every figure draws numbers already in the summary (:mod:`.metrics`) or columns of the game table (:mod:`.table`):
nothing is computed here but the binning of a histogram. Labels are English (a Japanese font cannot be assumed
on a designer's machine); the report's headings carry both languages. With two variants (A/B) each figure
shows both, A in blue and B in orange.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..extras import require

require("analysis", "kirifuda.analysis.plots", ("matplotlib",))  # first: names the extra to install

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from .metrics import metric_label  # noqa: E402
from .runner import GameRow  # noqa: E402

COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b")
"""Variant A, variant B (a sweep's values in order)."""


def _colour(i: int) -> str:
    return COLOURS[i % len(COLOURS)]


FORMATS = ["svg"]
"""The formats every figure is written in (the report shows the SVG; ``kirifuda analyze --png`` adds PNG)."""


def _save(fig: Figure, out: Path, name: str) -> str:
    for fmt in FORMATS:
        fig.savefig(out / f"{name}.{fmt}", format=fmt, dpi=110, metadata=_metadata(fmt))
    plt.close(fig)
    return f"{name}.svg"


def _figure(*args: Any, **kw: Any) -> Any:
    """``plt.subplots`` with constrained layout (labels fit without a second drawing pass)."""
    return plt.subplots(*args, layout="constrained", **kw)


def _metadata(fmt: str) -> dict[str, Any]:
    # no creation date in the files: the same run gives the same report
    return {"Date": None} if fmt == "svg" else {}


def _err(ci: dict[str, Any]) -> tuple[float, float]:
    mean, (lo, hi) = ci["mean"], ci["ci"]
    if not (math.isfinite(lo) and math.isfinite(hi)):
        return 0.0, 0.0
    return mean - lo, hi - mean


def _finite(ci: dict[str, Any]) -> bool:
    return all(x is not None and math.isfinite(x) for x in ci["ci"])


def _bars(ax: Any, labels: Sequence[str], series: Sequence[tuple[str, Sequence[dict[str, Any]]]]) -> None:
    """Grouped bars with 95 % intervals: ``series`` is (name, one interval per label, or per its first labels: a
    variant with fewer seats than another has no bar for the seats it lacks)."""
    width = 0.8 / len(series)
    for i, (name, cis) in enumerate(series):
        xs = [k + (i - (len(series) - 1) / 2) * width for k in range(len(cis))]
        means = [c["mean"] for c in cis]
        errs = list(zip(*[_err(c) for c in cis], strict=True)) if cis else [(), ()]
        ax.bar(xs, means, width, yerr=errs, capsize=3, color=_colour(i), label=name or None, alpha=0.85)
    ax.set_xticks(range(len(labels)), labels)
    ax.axhline(0, color="#555", linewidth=0.8)
    if any(name for name, _ in series):
        ax.legend()


def seats(summaries: Sequence[tuple[str, dict[str, Any]]], out: Path) -> str:
    fig, (left, right) = _figure(1, 2, figsize=(10, 3.6))
    n = max(len(s["seats"]) for _, s in summaries)
    labels = [f"seat {k}" for k in range(n)]
    _bars(left, labels, [(v, [x["advantage"] for x in s["seats"]]) for v, s in summaries])
    left.set_title("Total minus table mean (95% CI)")
    _bars(right, labels, [(v, [x["win_share"] for x in s["seats"]]) for v, s in summaries])
    right.axhline(1 / n, color="#999", linestyle="--", linewidth=0.8)
    right.set_title("Win share (dashed: fair share)")
    return _save(fig, out, "seats")


def dealer(summaries: Sequence[tuple[str, dict[str, Any]]], out: Path) -> str | None:
    if not any(s["dealer"]["positions"] for _, s in summaries):
        return None
    fig, ax = _figure(figsize=(7, 3.6))
    positions = max((s["dealer"]["positions"] for _, s in summaries), key=len)
    labels = ["dealer" if p["position"] == 0 else f"+{p['position']}" for p in positions]
    _bars(
        ax,
        labels,
        [(v, [p["edge"] for p in s["dealer"]["positions"]][: len(labels)]) for v, s in summaries],
    )
    ax.set_title("Deal score minus the deal's mean, by position from the dealer (95% CI)")
    return _save(fig, out, "dealer")


def totals(variants: Sequence[tuple[str, Sequence[GameRow]]], out: Path) -> str:
    n = max(len(rows[0].totals) for _, rows in variants)
    fig, axes = _figure(1, n, figsize=(2.6 * n, 2.8), sharey=True, squeeze=False)
    values = [t for _, rows in variants for r in rows for t in r.totals]
    bins = _bins(values)
    for seat in range(n):
        ax = axes[0][seat]
        for i, (name, rows) in enumerate(variants):
            ax.hist([r.totals[seat] for r in rows if seat < len(r.totals)], bins=bins, histtype="step",
                    color=_colour(i), label=name or None, linewidth=1.4)  # fmt: skip
        ax.set_title(f"seat {seat}")
        ax.set_xlabel("total")
    axes[0][0].set_ylabel("games")
    if any(name for name, _ in variants):
        axes[0][-1].legend()
    return _save(fig, out, "totals")


def deal_scores(variants: Sequence[tuple[str, Sequence[GameRow]]], out: Path) -> str:
    fig, ax = _figure(figsize=(8, 3.6))
    most = max(len(r.deal_scores) for _, rows in variants for r in rows)
    shown = min(most, 12)
    width = 0.8 / len(variants)
    for i, (name, rows) in enumerate(variants):
        data = [[v for r in rows if len(r.deal_scores) > k for v in r.deal_scores[k]] for k in range(shown)]
        positions = [k + 1 + (i - (len(variants) - 1) / 2) * width for k in range(shown)]
        kept = [(p, d) for p, d in zip(positions, data, strict=True) if d]
        box = ax.boxplot([d for _, d in kept], positions=[p for p, _ in kept], widths=width * 0.9,
                         patch_artist=True, showfliers=False)  # fmt: skip
        for patch in box["boxes"]:
            patch.set_facecolor(_colour(i))
            patch.set_alpha(0.5)
        if name:
            ax.plot([], [], color=_colour(i), label=name, linewidth=6, alpha=0.5)
    ax.set_xticks(range(1, shown + 1), [str(k) for k in range(1, shown + 1)])
    ax.set_xlabel("deal" + (" (first 12)" if most > shown else ""))
    ax.set_ylabel("score of a seat")
    ax.set_title("Deal scores by deal (box: quartiles, whiskers: 1.5 IQR)")
    if any(name for name, _ in variants):
        ax.legend()
    return _save(fig, out, "deal_scores")


def length(variants: Sequence[tuple[str, Sequence[GameRow]]], out: Path) -> str | None:
    """Histograms of decisions and deals per game; a quantity that is the same in every game (Anou's three
    deals, its fixed number of decisions) is left out: its value is in the report's table."""
    panels = [
        (title, get, bins)
        for title, get, bins in (
            ("Decisions per game", lambda r: r.decisions, _bins),
            ("Deals per game", lambda r: len(r.deal_scores), _integer_bins),
        )
        if len({get(r) for _, rows in variants for r in rows}) > 1
    ]
    if not panels:
        return None
    fig, axes = _figure(1, len(panels), figsize=(5 * len(panels), 3.2), squeeze=False)
    for ax, (title, get, bins) in zip(axes[0], panels, strict=True):
        every = [get(r) for _, rows in variants for r in rows]
        for i, (name, rows) in enumerate(variants):
            ax.hist([get(r) for r in rows], bins=bins(every), histtype="step", color=_colour(i),
                    label=name or None, linewidth=1.4)  # fmt: skip
        ax.set_title(title)
        ax.set_ylabel("games")
    if any(name for name, _ in variants):
        axes[0][0].legend()
    return _save(fig, out, "length")


def leadership(variants: Sequence[tuple[str, Sequence[GameRow]]], out: Path) -> str:
    fig, ax = _figure(figsize=(6, 3.2))
    values = [r.lead_changes for _, rows in variants for r in rows]
    for i, (name, rows) in enumerate(variants):
        ax.hist([r.lead_changes for r in rows], bins=_integer_bins(values), histtype="step", color=_colour(i),
                label=name or None, linewidth=1.4, density=True)  # fmt: skip
    ax.set_xlabel("lead changes in a game")
    ax.set_ylabel("share of games")
    ax.set_title("Lead changes")
    if any(name for name, _ in variants):
        ax.legend()
    return _save(fig, out, "leadership")


def events(summaries: Sequence[tuple[str, dict[str, Any]]], out: Path) -> str | None:
    names = list(dict.fromkeys(e["name"] for _, s in summaries for e in s["events"]))
    if not names:
        return None
    fig, ax = _figure(figsize=(8, 0.32 * len(names) * len(summaries) + 1.2))
    height = 0.8 / len(summaries)
    for i, (variant, s) in enumerate(summaries):
        by_name = {e["name"]: e for e in s["events"]}
        ys = [k + (i - (len(summaries) - 1) / 2) * height for k in range(len(names))]
        cis: list[dict[str, Any]] = [
            by_name[n]["per_deal"] if n in by_name else {"mean": 0.0, "ci": [0.0, 0.0]} for n in names
        ]
        errs = list(zip(*[_err(c) for c in cis], strict=True))
        ax.barh(ys, [float(c["mean"]) for c in cis], height, xerr=errs, capsize=2, color=_colour(i),
                label=variant or None, alpha=0.85)  # fmt: skip
    ax.set_yticks(range(len(names)), names)
    ax.invert_yaxis()
    ax.set_xlabel("occurrences per deal (95% CI)")
    ax.set_title("Scoring events")
    if any(v for v, _ in summaries):
        ax.legend()
    return _save(fig, out, "events")


def skill(summaries: Sequence[tuple[str, dict[str, Any]]], out: Path) -> str | None:
    if not any("skill" in s for _, s in summaries):
        return None
    levels = list(dict.fromkeys(level for _, s in summaries for level in s.get("skill", {}).get("levels", {})))
    fig, ax = _figure(figsize=(6, 3.4))
    empty = {"mean": 0.0, "ci": [math.nan, math.nan]}
    _bars(ax, levels, [(v, [s.get("skill", {}).get("levels", {}).get(lv, {}).get("edge", empty) for lv in levels])
                       for v, s in summaries])  # fmt: skip
    ax.set_title("Skilled bot's total minus its random opponents' (95% CI)")
    return _save(fig, out, "skill")


def forest(ab: dict[str, Any], out: Path, *, name: str, prefixes: Sequence[str], title: str, unit: str) -> str | None:
    """Differences B − A with their intervals, one line per metric starting with one of ``prefixes``; ``unit``
    labels the axis (the same unit as the title's)."""
    rows = [(m, ci) for m, ci in ab["metrics"].items() if m.split(".", 1)[0] in prefixes and _finite(ci)]
    if not rows:
        return None
    fig, ax = _figure(figsize=(8, 0.3 * len(rows) + 1.2))
    for k, (_, ci) in enumerate(rows):
        lo, hi = ci["ci"]
        ax.plot([lo, hi], [k, k], color=COLOURS[1], linewidth=2)
        ax.plot([ci["mean"]], [k], "o", color=COLOURS[1])
    ax.axvline(0, color="#555", linewidth=0.8)
    ax.set_yticks(range(len(rows)), [metric_label(m) for m, _ in rows])
    ax.invert_yaxis()
    ax.set_title(title)
    ax.set_xlabel(f"B − A, {unit}")
    return _save(fig, out, name)


SWEEP_HEADS = ("mean_total", "advantage", "position_edge", "deals", "decisions", "lead_changes", "last_deal_decided",
               "margin")  # fmt: skip
SWEEP_MOST = 24


def sweep(
    summaries: Sequence[tuple[str, dict[str, Any]]], comparisons: Sequence[dict[str, Any]], out: Path, *, key: str
) -> str | None:
    """One small panel per metric: its mean and 95 % CI at each value of the swept option. The headline
    metrics, then every metric some comparison found changed; a metric constant across the run is left out."""
    changed = [m for c in comparisons for m, r in c["metrics"].items() if r.get("changed")]
    heads = list(dict.fromkeys(m for _, s in summaries for m in s["metrics"] if m.split(".", 1)[0] in SWEEP_HEADS))
    chosen = list(dict.fromkeys([*heads, *changed]))
    shown = []
    never = {"mean": 0.0, "ci": [0.0, 0.0]}  # an event a value never saw happened 0 times (as the comparisons count)
    for m in chosen:
        cis = [s["metrics"].get(m, never if m.startswith("event") else None) for _, s in summaries]
        values = [c for c in cis if c is not None]
        if len({round(c["mean"], 9) for c in values}) < 2 and all(c["ci"][0] == c["ci"][1] for c in values):
            continue  # the same constant at every value: nothing to draw
        shown.append((m, cis))
    shown = shown[:SWEEP_MOST]
    if not shown:
        return None
    columns = 4
    rows = math.ceil(len(shown) / columns)
    fig, axes = _figure(rows, columns, figsize=(3.1 * columns, 2.4 * rows), squeeze=False)
    labels = [name.split("=", 1)[-1] for name, _ in summaries]
    for k, (m, cis) in enumerate(shown):
        ax = axes[k // columns][k % columns]
        xs = [i for i, c in enumerate(cis) if c is not None]
        means = [cis[i]["mean"] for i in xs]
        errs = list(zip(*[_err(cis[i]) for i in xs], strict=True))
        ax.errorbar(xs, means, yerr=errs, fmt="o-", color=COLOURS[0], capsize=3)
        ax.set_xticks(range(len(labels)), labels)
        ax.set_title(metric_label(m), fontsize=9)
        ax.set_xlabel(key, fontsize=8)
    for k in range(len(shown), rows * columns):
        axes[k // columns][k % columns].set_visible(False)
    fig.suptitle(f"Each metric's mean (95% CI) by {key}")
    return _save(fig, out, "sweep")


def _bins(values: Sequence[float], most: int = 30) -> list[float]:
    lo, hi = min(values), max(values)
    if lo == hi:
        return [lo - 0.5, hi + 0.5]
    if all(float(v).is_integer() for v in values) and hi - lo <= most:
        return [x - 0.5 for x in range(int(lo), int(hi) + 2)]
    step = (hi - lo) / most
    return [lo + k * step for k in range(most + 1)]


def _integer_bins(values: Sequence[int]) -> list[float]:
    return [x - 0.5 for x in range(min(values), max(values) + 2)]
