"""``kirifuda analyze`` (docs/analysis.md, docs/cli.md): a designer's balance report, or an A/B comparison of two
rule variants on the same deals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..core import KirifudaError
from .common import fail, need, need_for_options, options_json, progress_bar, ray_help

if TYPE_CHECKING:
    from ..analysis.analyze import Plan


def register(app: typer.Typer) -> None:
    app.command()(analyze)


def analyze(
    game: Annotated[str | None, typer.Argument(help="a game id (none with --design)")] = None,
    options: Annotated[str | None, typer.Option("--options", help="game options as JSON (variant A)")] = None,
    vs_options: Annotated[
        str | None,
        typer.Option(
            "--vs-options", help="variant B: A's options with these changed (JSON); plays both on the same deals"
        ),
    ] = None,
    sweep: Annotated[
        str | None,
        typer.Option(
            "--sweep",
            help="KEY=V1,V2,…: play every value of one option on the same seeds; each compared with the first",
        ),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option("--bots", help="a bot per seat, comma-separated (the last fills the rest); default heuristic"),
    ] = None,
    games: Annotated[int, typer.Option("--games", min=1, help="deal seeds per variant (games per lineup)")] = 200,
    seed: Annotated[int, typer.Option("--seed", help="the first deal seed")] = 0,
    skill: Annotated[
        str,
        typer.Option("--skill", help="bots measured against a random field, comma-separated ('' for none)"),
    ] = "heuristic",
    out: Annotated[Path | None, typer.Option("--out", help="the report's directory (default reports/GAME)")] = None,
    jobs: Annotated[int | None, typer.Option("--jobs", min=1, help="worker processes (default: every core)")] = None,
    ray: Annotated[str | None, typer.Option("--ray", help=ray_help())] = None,
    png: Annotated[bool, typer.Option("--png", help="write every figure as PNG too (beside the SVG)")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print the report's JSON twin")] = False,
    design: Annotated[
        str | None, typer.Option("--design", help="a go-out design (a file or a preset): variant A, docs/design.md")
    ] = None,
    vs_design: Annotated[
        str | None,
        typer.Option("--vs-design", help="variant B: another design (a file or a preset), played on the same deals"),
    ] = None,
) -> None:
    """Balance report with plots, or an A/B comparison of two rule variants (バランス分析)."""
    need("analysis", "kirifuda analyze", ("matplotlib", "pyarrow"))
    need_for_options("kirifuda analyze", ray=ray)
    from ..analysis import analyze as A
    from .design import design_options, load_design

    values = options_json(options)
    vs_values = options_json(vs_options) if vs_options is not None else None
    if design is not None:
        game, values = design_options(design, values)
        values["design"] = values["design"].to_json()
    if vs_design is not None:
        if design is None:
            fail(KirifudaError("--vs-design needs --design (variant A)", ja="--vs-design には --design (A) が必要です"))
        vs_values = {**(vs_values or {}), "design": load_design(vs_design).to_json()}
    if game is None:
        fail(KirifudaError("give a game id, or --design FILE|PRESET", ja="ゲーム ID か --design を指定してください"))

    names = [name.strip() for name in (bots or "").split(",") if name.strip()]
    levels = [name.strip() for name in skill.split(",") if name.strip()]
    try:
        swept = A.parse_sweep(sweep) if sweep is not None else None
        plan = A.plan(
            game,
            values,
            vs_options=vs_values,
            bots=names,
            games=games,
            seed=seed,
            skill=levels,
            sweep=swept,
        )
    except KirifudaError as e:
        fail(e)
    suffix = f"-{swept[0]}" if swept else "-ab" if vs_values is not None else ""
    report(plan, out or Path("reports") / (game + suffix), jobs=jobs, ray=ray, png=png, as_json=as_json)


def report(plan: Plan, directory: Path, *, jobs: int | None, ray: str | None, png: bool, as_json: bool) -> None:
    """Play ``plan`` into ``directory`` and print the report (its verdict first), or its JSON twin."""
    from ..analysis import analyze as A

    with progress_bar() as bar:
        task = bar.add_task(f"analyze {plan.game}", total=len(plan.specs))
        outcome = A.execute(
            plan, directory, jobs=jobs, ray=ray, progress=lambda k: bar.update(task, completed=k), png=png
        )
    if outcome.interrupted:
        typer.echo(
            f"interrupted: {outcome.finished} of {outcome.planned} games finished; the report covers those "
            f"(中断: {outcome.finished}/{outcome.planned} ゲーム)",
            err=True,
        )
    if as_json:
        print(json.dumps(outcome.document, ensure_ascii=False))
        return
    _print(outcome.document, outcome.html)


def _ci(c: dict[str, Any] | None) -> str:
    if not c or c.get("mean") is None:
        return "–"
    lo, hi = c["ci"] if c.get("ci") else (None, None)
    if lo is None or hi is None:
        return f"{c['mean']:.3f}"
    mark = " *" if lo > 0 or hi < 0 else ""
    return f"{c['mean']:+.3f} [{lo:+.3f}, {hi:+.3f}]{mark}"


def _print(document: dict[str, Any], html: Path) -> None:
    print(f"{document['game']}: {document['finished']} games → {html}")
    print_verdict(document)
    for variant in document["variants"]:
        s = variant["summary"]
        tag = f"[{variant['name']}] " if variant["name"] else ""
        print(f"  {tag}seat advantage 席の有利 (total − table mean, 95% CI; * excludes 0):")
        for x in s["seats"]:
            print(f"    seat {x['seat']}: {_ci(x['advantage'])}   win share {x['win_share']['mean']:.3f}")
        print(f"  {tag}dealer edge 親の有利: {_ci(s['dealer']['dealer_edge'])}")
        lead = s["leadership"]
        print(
            f"  {tag}lead changes 首位交代 {lead['lead_changes']['mean']:.2f}, last deal decided 最終ディールで決着 "
            f"{lead['last_deal_decided']['mean']:.1%}"
        )
        for level, x in s.get("skill", {}).get("levels", {}).items():
            print(f"  {tag}skill 腕の差 {level} vs random: edge {_ci(x['edge'])}")


def print_verdict(document: dict[str, Any]) -> None:
    """The report's findings, as the HTML's verdict lists them (report.json "verdict")."""
    for v in document.get("verdict") or ():
        print(f"verdict 結論: {v['headline']['en']}")
        print(f"  {v['headline']['ja']}")
        for key, title in (
            ("changed", "changed 変わった"),
            ("unchanged", "did not change 変わらなかった"),
            ("more_games", "needs more games もっとゲームが必要"),
        ):
            findings = v.get(key) or []
            if findings:
                print(f"  {title}:")
            for f in findings:
                print(f"    - {f['en']}")
                print(f"      {f['ja']}")
