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
    out: Path,
    variants: Sequence[Variant],
    *,
    comparisons: Sequence[dict[str, Any]] = (),
    meta: dict[str, Any],
    png: bool = False,
    figures: bool = True,
) -> tuple[Path, dict[str, Any]]:
    """Write report.json, the figures (SVG; and PNG with ``png``) and report.html into ``out``; returns the
    HTML's path and the document (report.json's content). ``comparisons``: each variant after the first
    against the first (:mod:`.verdict`); ``figures`` False: the numbers without the figures (a quick check)."""
    out.mkdir(parents=True, exist_ok=True)
    plots.FORMATS[:] = ["svg", "png"] if png else ["svg"]
    summaries = [(v.name, v.summary) for v in variants]
    by_rows = [(v.name, v.rows) for v in variants]
    sweep = meta.get("sweep")
    drawn: dict[str, str | None] = (
        {}
        if not figures
        else {
            "seats": plots.seats(summaries, out),
            "dealer": plots.dealer(summaries, out),
            "totals": plots.totals(by_rows, out),
            "deal_scores": plots.deal_scores(by_rows, out),
            "length": plots.length(by_rows, out),
            "leadership": plots.leadership(by_rows, out),
            "events": plots.events(summaries, out),
            "skill": plots.skill(summaries, out),
        }
    )
    if not figures:
        pass
    elif sweep:
        drawn["sweep"] = plots.sweep(summaries, comparisons, out, key=sweep["key"])
    elif len(comparisons) == 1:
        ab = comparisons[0]
        drawn["ab_balance"] = plots.forest(
            ab, out, name="ab_balance", prefixes=("mean_total", "advantage", "position_edge"),
            title="B − A: level of scores, seat and dealer advantage", unit="points (95% CI)",
        )  # fmt: skip
        drawn["ab_flow"] = plots.forest(
            ab, out, name="ab_flow", prefixes=("deals", "decisions", "lead_changes", "last_deal_decided", "margin"),
            title="B − A: length and flow of the game", unit="per game (95% CI)",
        )  # fmt: skip
        drawn["ab_events"] = plots.forest(
            ab, out, name="ab_events", prefixes=("event",), title="B − A: scoring events per deal",
            unit="occurrences per deal (95% CI)",
        )  # fmt: skip
    cls = game_class(meta["game"])
    document = {
        "format": FORMAT,
        **meta,
        "title": cls.title,
        "title_ja": cls.title_ja,
        "variants": [{"name": v.name, "options": v.options, "summary": v.summary} for v in variants],
        "comparisons": list(comparisons),
        "verdict": [c["verdict"] for c in comparisons],
        "ab": comparisons[0] if len(comparisons) == 1 and not sweep else None,
        "figures": {k: v for k, v in drawn.items() if v},
    }
    document = finite(document)
    (out / "report.json").write_text(json.dumps(document, ensure_ascii=False, indent=1), encoding="utf-8")
    path = out / "report.html"
    path.write_text(render(document), encoding="utf-8")
    return path, document


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
.ja { color: #444; } pre { overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
.scroll { overflow-x: auto; max-width: 100%; } .verdict { border: 2px solid #888; padding: .4em 1.2em;
  background: #fafafa; } .verdict li { margin: .25em 0; } .verdict h2 { margin-top: .6em; }
code { overflow-wrap: anywhere; }
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
    out = ["<div class='scroll'><table><tr>"]
    out += [f"<th class='{'l' if i < left else ''}'>{h}</th>" for i, h in enumerate(head)]
    out.append("</tr>")
    for row in rows:
        out.append("<tr>" + "".join(f"<td class='{'l' if i < left else ''}'>{c}</td>" for i, c in enumerate(row)))
        out.append("</tr>")
    out.append("</table></div>")
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
        _verdict_section(document),
        _overview(document),
    ]
    if document.get("sweep"):
        key = html.escape(document["sweep"]["key"])
        parts.append(_h(f"{key} の値ごとの指標", f"Metrics across the values of {key}", 2, "sweep"))
        parts.append(
            _p(
                "各値での平均と95%信頼区間。最初の値が基準で、以下の比較はそれぞれ基準との差。",
                "Each value's mean with its 95 % CI; the first value is the baseline each comparison below is "
                "taken against.",
            )
        )
        parts.append(_img(document, "sweep"))
    for comparison in document.get("comparisons") or ():
        parts.append(_comparison_section(document, comparison))
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
            [
                "event",
                "イベント",
                "rule 規則",
                "count",
                "per deal",
                "mean value 値の平均",
                "value per deal by position 位置別(親=0)",
            ],
            [
                [
                    f"<code>{html.escape(e['name'])}</code><br>{html.escape(e['en'])}",
                    html.escape(e["ja"]),
                    html.escape(e["rule"]),
                    _num(e["count"]),
                    _ci(e["per_deal"], zero_line=None),
                    _ci(e["value"], zero_line=None),
                    " · ".join(f"{p}: {_num(v)}" for p, v in (e.get("by_position") or {}).items()),
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


def _verdict_section(document: dict[str, Any]) -> str:
    """The findings of every comparison, first on the page (the same list as the terminal and report.json)."""
    verdicts = document.get("verdict") or []
    if not verdicts:
        return ""
    parts = ["<div class='verdict'>", _h("結論", "Verdict", 2, "verdict")]
    for v in verdicts:
        parts.append(f"<h3>{html.escape(v['headline']['ja'])}<br><span class='en'>{html.escape(v['headline']['en'])}"
                     "</span></h3>")  # fmt: skip
        for key, ja, en in (
            ("changed", "変わったこと", "What changed"),
            ("unchanged", "変わらなかったこと", "What did not change"),
            ("more_games", "もっとゲームが必要なこと", "What needs more games"),
        ):
            findings = v.get(key) or []
            if not findings:
                continue
            parts.append(f"<p><b>{ja} / {en}</b></p><ul>")
            for f in findings:
                parts.append(f"<li>{html.escape(f['ja'])}<br>{html.escape(f['en'])}</li>")
            parts.append("</ul>")
    parts.append(
        _p(
            "変化の判定は Benjamini–Hochberg 補正(偽発見率5%)。「見えたはず」の大きさは検出力80%・有意水準5%の"
            "最小検出効果。",
            "Changes are called with the Benjamini–Hochberg correction (false discovery rate 5 %); the sizes a run "
            "“would have seen” are minimum detectable effects at 80 % power and the 5 % level.",
        )
    )
    parts.append("</div>")
    return "\n".join(parts)


def _comparison_section(document: dict[str, Any], c: dict[str, Any]) -> str:
    options = {v["name"]: v["options"] for v in document["variants"]}
    base, other = c["baseline"], c["other"]
    anchor = "ab" if document.get("ab") else f"vs-{other}"
    pairing = c["pairing"]
    parts = [
        _h("バリアント比較 A/B", "Variant A/B", 2, anchor)
        if document.get("ab")
        else _h(f"比較 {other} − {base}", f"Comparison {other} − {base}", 2, anchor),
        _table(
            ["", "options"],
            [
                [html.escape(n), f"<code>{html.escape(json.dumps(options[n], ensure_ascii=False))}</code>"]
                for n in (base, other)
            ],
        ),  # fmt: skip
        _p(pairing["ja"], pairing["en"]),
    ]
    if c["paired"]:
        sw = c["same_winners"]
        parts.append(
            f"<p>{_num(c['pairs'])} pairs of games 組のゲーム; same winners in both 勝者が同じ: "
            f"{_ci(sw, zero_line=None)} — by chance alone 偶然でも: {_num(sw.get('chance'))} "
            "(two independent games with these winners' frequencies)</p>"
        )
    else:
        parts.append(f"<p>games 対局数: {base} {_num(c['games'][0])}, {other} {_num(c['games'][1])}</p>")
    rows = []
    for metric, r in c["metrics"].items():
        q = _num(r.get("q")) if r.get("tested") else "not tested"
        rows.append(
            [
                html.escape(metric_label(metric)),
                _num(r.get("a")),
                _num(r.get("b")),
                _ci(r) if r.get("changed") else _ci(r, zero_line=None),
                q,
                _num(r.get("mde")),
            ]
        )
    parts.append(
        _p(
            "差(95%信頼区間)、Benjamini–Hochberg 補正後の q 値(太字: q < 0.05 で変化あり)、検出力80%の最小検出効果。"
            "合計・順位・勝率は水準と有利で、秒数は計算機の負荷で決まるので検定しない。",
            "The difference (95 % CI), its Benjamini–Hochberg q-value (bold: q < 0.05, a change), and the minimum "
            "detectable effect at 80 % power. Totals, ranks and win shares are not tested on their own (the level "
            "and the advantages carry them), nor seconds (the machine's load).",
        )
    )
    parts.append(
        _table(["metric", f"{html.escape(base)} (mean)", f"{html.escape(other)} (mean)",
                f"{html.escape(other)} − {html.escape(base)} [95% CI]", "q (BH)", "MDE 80%"], rows)
    )  # fmt: skip
    if c.get("skill"):
        parts.append(
            _table(
                ["skill level", f"{html.escape(other)} − {html.escape(base)} of its edge [95% CI]"],
                [[html.escape(level), _ci(x["edge"])] for level, x in c["skill"].items()],
            )
        )
    guidance = c.get("sample_size") or []
    if guidance:
        effects = sorted({e for g in guidance for e in g["games"]}, key=float)
        parts.append(_h("必要なゲーム数", "Games needed", 3))
        parts.append(
            _p(
                "この実行のばらつきで、表の大きさの差を検出力80%・有意水準5%で見つけるのに必要な各バリアントのゲーム数。",
                "Games per variant needed to detect a difference of the given size with 80 % power at the 5 % "
                "level, at this run's variance (per-seed differences when paired).",
            )
        )
        parts.append(
            _table(
                ["metric", "sd", "MDE now", *[f"Δ = {e}" for e in effects]],
                [
                    [html.escape(metric_label(g["metric"])), _num(g["sd"]), _num(g["mde"]),
                     *[_num(g["games"].get(e)) if g["games"].get(e) is not None else "" for e in effects]]
                    for g in guidance
                ],
            )
        )  # fmt: skip
    if document.get("ab"):
        parts += [_img(document, "ab_balance"), _img(document, "ab_flow"), _img(document, "ab_events")]
    return "\n".join(parts)


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
