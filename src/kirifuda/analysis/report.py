"""The designer's report: a self-contained directory with ``report.html``, its JSON twin ``report.json``, the
figures (SVG and PNG) and the game table ``games.parquet`` they were all read from.

``report.json`` holds every number the HTML shows (the summaries of :mod:`.metrics`); the HTML only formats
them. Headings are bilingual (日本語 / English); each section says in a sentence how to read it.
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..registry import game_class
from . import plots
from .metrics import metric_label
from .runner import GameRow

FORMAT = "kirifuda-report/1"


@dataclass
class Variant:
    """One variant's rows and summary (``name`` "" for a single-variant report, else "A" / "B")."""

    name: str
    options: dict[str, Any]
    rows: Sequence[GameRow]
    summary: dict[str, Any]


def finite(value: Any) -> Any:
    """JSON has no NaN or infinity: an interval over fewer than two games has no bounds (null)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [finite(v) for v in value]
    return value


def write(
    out: Path, variants: Sequence[Variant], *, ab: dict[str, Any] | None, meta: dict[str, Any], png: bool = False
) -> Path:
    """Write report.json, the figures (SVG; and PNG with ``png``) and report.html into ``out``; returns the
    HTML's path."""
    out.mkdir(parents=True, exist_ok=True)
    plots.FORMATS[:] = ["svg", "png"] if png else ["svg"]
    summaries = [(v.name, v.summary) for v in variants]
    by_rows = [(v.name, v.rows) for v in variants]
    figures: dict[str, str | None] = {
        "seats": plots.seats(summaries, out),
        "dealer": plots.dealer(summaries, out),
        "totals": plots.totals(by_rows, out),
        "deal_scores": plots.deal_scores(by_rows, out),
        "length": plots.length(by_rows, out),
        "leadership": plots.leadership(by_rows, out),
        "events": plots.events(summaries, out),
        "skill": plots.skill(summaries, out),
    }
    if ab is not None:
        figures["ab_balance"] = plots.forest(
            ab, out, name="ab_balance", prefixes=("advantage", "dealer_edge", "position_edge"),
            title="B − A: seat and dealer advantage",
        )  # fmt: skip
        figures["ab_flow"] = plots.forest(
            ab, out, name="ab_flow", prefixes=("deals", "decisions", "lead_changes", "last_deal_decided", "margin"),
            title="B − A: length and flow of the game",
        )  # fmt: skip
        figures["ab_events"] = plots.forest(
            ab, out, name="ab_events", prefixes=("event",), title="B − A: scoring events per deal"
        )
    cls = game_class(meta["game"])
    document = {
        "format": FORMAT,
        **meta,
        "title": cls.title,
        "title_ja": cls.title_ja,
        "variants": [{"name": v.name, "options": v.options, "summary": v.summary} for v in variants],
        "ab": ab,
        "figures": {k: v for k, v in figures.items() if v},
    }
    document = finite(document)
    (out / "report.json").write_text(json.dumps(document, ensure_ascii=False, indent=1), encoding="utf-8")
    path = out / "report.html"
    path.write_text(render(document), encoding="utf-8")
    return path


# --- HTML ---------------------------------------------------------------------------------------------

CSS = """
body { font-family: system-ui, 'Hiragino Sans', 'Noto Sans CJK JP', sans-serif; max-width: 1100px; margin: 2em auto;
       padding: 0 1em; color: #222; line-height: 1.45; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ccc; margin-top: 2em; } h3 { margin-top: 1.4em; }
table { border-collapse: collapse; margin: .6em 0; font-size: .92em; }
th, td { border: 1px solid #ddd; padding: .25em .55em; text-align: right; }
th { background: #f4f4f4; } td.l, th.l { text-align: left; }
.note { color: #555; font-size: .92em; } .warn { background: #fff3cd; padding: .5em 1em; border: 1px solid #e0c97f; }
.sig { font-weight: 600; } img { max-width: 100%; } code { background: #f4f4f4; padding: 0 .2em; }
.ja { color: #444; }
"""


def _num(x: Any, digits: int = 3) -> str:
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return "–"
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, int):
        return f"{x:,}"
    if abs(x) < 1e-9:
        return "0"  # a difference that cancels exactly, up to rounding
    if abs(x) >= 100:
        return f"{x:,.1f}"
    return f"{x:.{digits}g}" if abs(x) < 1e-3 and x != 0 else f"{x:.{digits}f}".rstrip("0").rstrip(".") or "0"


def _ci(c: dict[str, Any] | None, *, zero_line: float | None = 0.0) -> str:
    """``mean [lo, hi]``; bold when the interval excludes ``zero_line``."""
    if not c:
        return "–"
    lo, hi = c.get("ci") or [None, None]
    text = f"{_num(c.get('mean'))} [{_num(lo)}, {_num(hi)}]"
    if zero_line is not None and lo is not None and hi is not None and (lo > zero_line or hi < zero_line):
        return f'<span class="sig">{text}</span>'
    return text


def _h(ja: str, en: str, level: int = 2, anchor: str = "") -> str:
    ident = f' id="{anchor}"' if anchor else ""
    return f"<h{level}{ident}>{html.escape(ja)} <span class='en'>/ {html.escape(en)}</span></h{level}>"


def _p(ja: str, en: str) -> str:
    return f"<p class='note'><span class='ja'>{html.escape(ja)}</span><br>{html.escape(en)}</p>"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1) -> str:
    out = ["<table><tr>"]
    out += [f"<th class='{'l' if i < left else ''}'>{h}</th>" for i, h in enumerate(head)]
    out.append("</tr>")
    for row in rows:
        out.append("<tr>" + "".join(f"<td class='{'l' if i < left else ''}'>{c}</td>" for i, c in enumerate(row)))
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def _img(document: dict[str, Any], key: str) -> str:
    name = document["figures"].get(key)
    return f"<p><img src='{name}' alt='{key}'></p>" if name else ""


def render(document: dict[str, Any]) -> str:
    """The HTML page of a report document (``report.json``'s content)."""
    variants = document["variants"]
    parts = [
        "<!DOCTYPE html><html lang='ja'><head><meta charset='utf-8'>",
        f"<title>{html.escape(document['title_ja'])} {html.escape(document['title'])} — kirifuda analyze</title>",
        f"<style>{CSS}</style></head><body>",
        f"<h1>{html.escape(document['title_ja'])} / {html.escape(document['title'])}"
        " — バランス報告 / balance report</h1>",
        _overview(document),
    ]
    if document.get("ab"):
        parts.append(_ab_section(document))
    for v in variants:
        parts.append(_variant_sections(document, v, many=len(variants) > 1))
    parts.append(_data_section(document))
    parts.append("</body></html>")
    return "\n".join(parts)


def _overview(document: dict[str, Any]) -> str:
    rows = [
        ["command", f"<code>{html.escape(document.get('command', ''))}</code>"],
        ["games per variant / 各バリアントのゲーム数", _num(document.get("games"))],
        ["deal seeds / 配札シード", html.escape(str(document.get("seeds")))],
        ["bots / ボット", html.escape(", ".join(document.get("bots", [])))],
        ["skill levels / 腕の比較", html.escape(", ".join(document.get("skill", [])) or "—")],
        ["workers / ワーカー", f"{document.get('jobs')} ({html.escape(str(document.get('backend')))})"],
        ["kirifuda", html.escape(str(document.get("version", "")))],
    ]
    for v in document["variants"]:
        label = f"options {v['name']}" if v["name"] else "options"
        rows.append([label, f"<code>{html.escape(json.dumps(v['options'], ensure_ascii=False))}</code>"])
    out = _table(["", ""], rows)
    if document.get("interrupted"):
        out = (
            f"<p class='warn'>中断されました: {document['finished']} / {document['planned']} ゲームのみ。"
            f"<br>Interrupted: only {document['finished']} of {document['planned']} games finished; "
            "the figures below are from those.</p>"
        ) + out
    return out


def _variant_sections(document: dict[str, Any], v: dict[str, Any], *, many: bool) -> str:
    s = v["summary"]
    tag = f" [{v['name']}]" if many else ""
    anchor = f"-{v['name']}" if many else ""
    parts = []
    if many:
        parts.append(
            _h(f"バリアント {v['name']}", f"Variant {v['name']}", 2, f"variant{anchor}")
            + f"<p><code>{html.escape(json.dumps(v['options'], ensure_ascii=False))}</code></p>"
        )
    level = 3 if many else 2
    # seats
    parts.append(_h("席の有利" + tag, "Seat advantage" + tag, level))
    parts.append(
        _p(
            "各席の合計点からそのテーブルの平均を引いた値(公平なら0)、勝率(同点は等分)、正規化順位(公平なら0.5)。"
            "太字は95%信頼区間が公平な値を含まないもの。",
            "Each seat's total minus its table's mean (0 when fair), its win share (ties shared) and normalised "
            "rank (0.5 when fair), with 95% confidence intervals; bold: the interval excludes the fair value.",
        )
    )
    n = len(s["seats"])
    parts.append(
        _table(
            ["seat 席", "bot", "total 合計", "advantage 有利", "win share 勝率", "rank 順位"],
            [
                [
                    str(x["seat"]),
                    html.escape(",".join(x["bot"])),
                    _ci(x["total"], zero_line=None),
                    _ci(x["advantage"]),
                    _ci(x["win_share"], zero_line=1 / n),
                    _ci(x["rank"], zero_line=0.5),
                ]
                for x in s["seats"]
            ],
            left=2,
        )
    )
    if not many or v is document["variants"][0]:
        parts.append(_img(document, "seats"))
    # dealer
    parts.append(_h("親(スタートプレイヤー)の有利" + tag, "Dealer / start player advantage" + tag, level))
    parts.append(
        _p(
            "各ディールで、親から数えた位置ごとの得点からそのディールの平均を引いた値(ゲームごとに平均、公平なら0)と、"
            "そのディールで最高点だった割合。位置0が親(カットインはスタートプレイヤー、ゴニンカンは配り役)。",
            "Per deal, the score at each position counted from the dealer (0: the dealer; Cut-in: the start "
            "player; Gonin-kan: the dealer's position) minus that deal's mean (averaged per game; 0 when fair), "
            "and the share of deals that position topped.",
        )
    )
    parts.append(
        _table(
            ["position 位置", "edge 有利", "deal top share 最高点の割合"],
            [
                [
                    "dealer 親" if p["position"] == 0 else f"+{p['position']}",
                    _ci(p["edge"]),
                    _ci(p["deal_win_share"], zero_line=1 / max(1, len(s["dealer"]["positions"]))),
                ]
                for p in s["dealer"]["positions"]
            ],
        )
    )
    if not many or v is document["variants"][0]:
        parts.append(_img(document, "dealer"))
    # scores
    parts.append(_h("得点の分布" + tag, "Score distributions" + tag, level))
    parts.append(
        _p(
            "席ごとの合計点とディールごとの得点の分布(平均、標準偏差、5・25・50・75・95パーセンタイル)。",
            "Totals per seat and scores per deal: mean, standard deviation, and the 5th, 25th, 50th, 75th and "
            "95th percentiles.",
        )
    )
    dist_head = ["", "n", "mean", "sd", "min", "5%", "25%", "50%", "75%", "95%", "max"]
    dist_rows = [[f"seat {x['seat']} total", *_dist(x["distribution"])] for x in s["seats"]]
    dist_rows += [[f"deal {d['deal']}", *_dist(d["distribution"])] for d in s["deal_scores"][:12]]
    parts.append(_table(dist_head, dist_rows))
    if not many or v is document["variants"][0]:
        parts.append(_img(document, "totals") + _img(document, "deal_scores"))
    # length and flow
    parts.append(_h("ゲームの長さと展開" + tag, "Game length and flow" + tag, level))
    parts.append(
        _p(
            "1ゲームのディール数・判断数・秒数、首位の入れ替わり(ディールごとの累計首位の組が変わった回数)、最終ディールで"
            "勝者が決まった割合(最終ディール前の首位と勝者が違う)、1位と2位の差。",
            "Deals, decisions and seconds per game; lead changes (deals after which the set of leaders by running "
            "total changed); how often the last deal decided the game (the winners differ from the leaders before "
            "it); the margin between the winner and the runner-up.",
        )
    )
    length, lead = s["length"], s["leadership"]
    parts.append(
        _table(
            ["", "mean [95% CI]", "median", "5%–95%"],
            [
                [
                    label,
                    _ci(length[key], zero_line=None),
                    _num(length[key].get("q50")),
                    f"{_num(length[key].get('q05'))}–{_num(length[key].get('q95'))}",
                ]  # fmt: skip
                for key, label in (
                    ("deals", "deals ディール"),
                    ("decisions", "decisions 判断"),
                    ("seconds", "seconds 秒"),
                )
                if length[key].get("n")
            ]
            + [
                ["lead changes 首位交代", _ci(lead["lead_changes"], zero_line=None), "", ""],
                ["last deal decided 最終ディールで決着", _ci(lead["last_deal_decided"], zero_line=None), "", ""],
                ["margin 1位と2位の差", _ci(lead["margin"], zero_line=None), "", ""],
            ],
        )
    )
    if not many or v is document["variants"][0]:
        parts.append(_img(document, "length") + _img(document, "leadership"))
    # events
    parts.append(_h("得点イベント" + tag, "Scoring events" + tag, level))
    parts.append(
        _p(
            "各イベントの回数、1ディールあたりの回数(95%信頼区間)、値の平均(値はイベントごとの意味:列の枚数、ビッドの得点、"
            "勝ち=1負け=0 など)。",
            "Each event's count, occurrences per deal (95% CI) and the mean of its value over its occurrences "
            "(what the value is depends on the event: a column's cards, a bid's score, 1 for a win and 0 for a "
            "loss, …).",
        )
    )
    parts.append(
        _table(
            ["event", "イベント", "rule 規則", "count", "per deal", "mean value 値の平均"],
            [
                [
                    f"<code>{html.escape(e['name'])}</code><br>{html.escape(e['en'])}",
                    html.escape(e["ja"]),
                    html.escape(e["rule"]),
                    _num(e["count"]),
                    _ci(e["per_deal"], zero_line=None),
                    _ci(e["value"], zero_line=None),
                ]
                for e in s["events"]
            ],
            left=3,
        )
    )
    if not many or v is document["variants"][0]:
        parts.append(_img(document, "events"))
    # skill
    if "skill" in s:
        parts.append(_h("腕の差(判断は効くか)" + tag, "Skill sensitivity: do decisions matter?" + tag, level))
        parts.append(
            _p(
                "ランダムなプレイヤーの中に1人の上手なボットを座らせ(席はシードごとに回す)、同じ配札シードで比べる。"
                "edge: そのボットの合計 − 相手の平均。vs random: 同じシード・同じ席でランダムが取った点との差。"
                "0より大きいほど、判断が結果を左右するゲーム。",
                "One skilled bot among random players (its seat rotating with the seed), on the same deal seeds. "
                "edge: its total minus its opponents' mean; vs random: its total minus what a random player scored at "
                "the same seat on the same seed. The further above 0, the more decisions matter in this game.",
            )
        )
        skill = s["skill"]["levels"]
        parts.append(
            _table(
                ["bot", "games", "edge", "vs random", "rank 順位", "win share 勝率"],
                [
                    [
                        html.escape(level),
                        _num(x["games"]),
                        _ci(x["edge"]),
                        _ci(x["vs_random"]),
                        _ci(x["rank"], zero_line=0.5),
                        _ci(x["win_share"], zero_line=x["fair_win_share"]),
                    ]
                    for level, x in skill.items()
                ],
            )
        )
        if not many or v is document["variants"][0]:
            parts.append(_img(document, "skill"))
    return "\n".join(parts)


def _dist(d: dict[str, Any]) -> list[str]:
    keys = ("n", "mean", "sd", "min", "q05", "q25", "q50", "q75", "q95", "max")
    return [_num(d.get(k)) for k in keys]


def _ab_section(document: dict[str, Any]) -> str:
    ab = document["ab"]
    a, b = document["variants"][0], document["variants"][1]
    parts = [
        _h("バリアント比較 A/B", "Variant A/B", 2, "ab"),
        _p(
            "同じ配札シード・同じボットで両方のバリアントを遊び、ゲームごとの差 B − A の平均と95%信頼区間を示す"
            "(配札の運が打ち消される)。太字は区間が0を含まないもの。",
            "Both variants played on the same deal seeds by the same bots; each line is the mean of the per-game "
            "difference B − A with its 95% confidence interval (the deal's luck cancels). Bold: the interval "
            "excludes 0.",
        ),
        _table(
            ["", "options"],
            [[x["name"], f"<code>{html.escape(json.dumps(x['options'], ensure_ascii=False))}</code>"] for x in (a, b)],
        ),
        f"<p>{_num(ab['pairs'])} pairs of games 組のゲーム; same winners in both 勝者が同じ: "
        f"{_ci(ab['same_winners'], zero_line=None)}</p>",
    ]
    metrics = ab["metrics"]
    rows = []
    by_a = _flat_means(a["summary"], metrics)
    by_b = _flat_means(b["summary"], metrics)
    for metric, ci in metrics.items():
        if metric.startswith(("total.", "rank.", "win.", "seconds")):
            continue  # advantage carries the seats; seconds depend on the machine's load
        rows.append([html.escape(metric_label(metric)), _num(by_a.get(metric)), _num(by_b.get(metric)), _ci(ci)])
    parts.append(_table(["metric", "A (mean)", "B (mean)", "B − A [95% CI]"], rows))
    if ab.get("skill"):
        parts.append(
            _table(
                ["skill level", "B − A of its edge [95% CI]"],
                [[html.escape(level), _ci(x["edge"])] for level, x in ab["skill"].items()],
            )
        )
    parts += [_img(document, "ab_balance"), _img(document, "ab_flow"), _img(document, "ab_events")]
    return "\n".join(parts)


def _flat_means(summary: dict[str, Any], metrics: dict[str, Any]) -> dict[str, float]:
    """Each A/B metric's mean in one variant's summary, where the summary has it."""
    out: dict[str, float] = {}
    for x in summary["seats"]:
        out[f"advantage.seat{x['seat']}"] = x["advantage"]["mean"]
    for p in summary["dealer"]["positions"]:
        out[f"position_edge.p{p['position']}"] = p["edge"]["mean"]
        out[f"deal_win.p{p['position']}"] = p["deal_win_share"]["mean"]
    out["dealer_edge"] = summary["dealer"]["dealer_edge"]["mean"]
    for key in ("deals", "decisions"):
        out[key] = summary["length"][key]["mean"]
    lead = summary["leadership"]
    out["lead_changes"] = lead["lead_changes"]["mean"]
    out["last_deal_decided"] = lead["last_deal_decided"]["mean"]
    out["margin"] = lead["margin"]["mean"]
    for metric in metrics:
        if metric.startswith(("event.", "event_value.")):
            out[metric] = 0.0  # an event that never happened in this variant
    for e in summary["events"]:
        out[f"event.{e['name']}"] = e["per_deal"]["mean"]
        out[f"event_value.{e['name']}"] = e["value_per_deal"]["mean"]
    return {k: v for k, v in out.items() if k in metrics}


def _data_section(document: dict[str, Any]) -> str:
    parquet = html.escape(document.get("parquet", "games.parquet"))
    return "\n".join(
        [
            _h("データ", "Data", 2, "data"),
            _p(
                "このページの数値はすべて report.json にあり、1行1ゲームの表 games.parquet から計算されています。",
                "Every number on this page is in report.json, computed from the one-row-per-game table below.",
            ),
            f"<p><a href='{parquet}'>{parquet}</a> · <a href='report.json'>report.json</a></p>",
            "<pre><code>import duckdb\n"
            f'duckdb.sql("SELECT variant, e.name, count(*) AS n, avg(e.value) AS mean FROM '
            f"(SELECT variant, unnest(events) AS e FROM '{parquet}') GROUP BY ALL ORDER BY 2, 1\").show()\n"
            f"import pandas as pd\ngames = pd.read_parquet('{parquet}')</code></pre>",
        ]
    )
