"""``kirifuda analyze``: plan the games of a balance report (or an A/B comparison), play them, write the game
table, and build the report from what was written.

:func:`plan` checks everything before anything runs — the options of both variants make a valid game, the bots
exist and fit the table — and lists the games:

* **main**: ``games`` deal seeds ``seed … seed + games − 1``, the ``bots`` lineup (one per seat; a shorter list
  is filled with its last name; default every seat :data:`DEFAULT_BOT`);
* **skill sensitivity**, for each level of ``skill`` (default ``heuristic``): the same seeds with one bot of that
  level at seat ``seed mod n`` among random players, and the all-random baseline (group ``skill:random``);
* with ``vs_options`` every game again with variant B's options (A's options with those changed), on the same
  seeds with the same bots (and the same bot seeds); with ``sweep`` (an option's name and several values) every
  game once per value, named ``KEY=VALUE``, the first value the baseline the others are compared with.

The games are ordered main first, then each skill group, and within a group seed by seed with A and B side by
side — so a run stopped early has the main tables and A/B pairs on the same seeds.

:func:`execute` plays them (:func:`kirifuda.analysis.runner.run`: every core, or Ray), writing each finished
game to ``OUT/games.parquet`` as it comes; an interrupt keeps the finished games and the report says so. The
report (:mod:`.report`) is then built from the Parquet file read back, so a report never holds a number the
table does not.
"""

from __future__ import annotations

import contextlib
import json
import shlex
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from ..bots.registry import check_name
from ..core import KirifudaError, OptionError
from ..registry import make
from . import metrics, report, runner, table
from . import verdict as V
from .parallel import backend_name, default_jobs
from .tournament import complete_lineup

DEFAULT_BOT = "heuristic"
"""Every seat's bot unless ``--bots`` says otherwise: a sensible club player, cheap enough for thousands of
games (``normal`` is the search; docs/analysis.md says when to use it)."""
DEFAULT_SKILL = ("heuristic",)
DEFAULT_GAMES = 200
PARQUET = "games.parquet"


class AnalysisError(KirifudaError):
    """A request that makes no valid run (refused before anything is played)."""


@dataclass(frozen=True, kw_only=True)
class Plan:
    game: str
    options: dict[str, Any]
    vs_options: dict[str, Any] | None = None
    bots: tuple[str, ...] = ()
    games: int = DEFAULT_GAMES
    seed: int = 0
    skill: tuple[str, ...] = DEFAULT_SKILL
    sweep: tuple[str, tuple[Any, ...]] | None = None
    specs: list[runner.GameSpec] = field(default_factory=list)
    variants: dict[str, dict[str, Any]] = field(default_factory=dict)  # name → the options actually played


def parse_sweep(text: str) -> tuple[str, tuple[Any, ...]]:
    """``KEY=V1,V2,…`` → (key, values); each value is read as JSON where it is JSON (``2``, ``true``), else
    as text (``lap``). A list or table value is a JSON literal, its own commas inside its brackets:
    ``scoring.finish_points=[2,1,-1,-2],[3,1,-1,-3]``; one that does not parse is refused naming the key."""
    key, sep, rest = text.partition("=")
    key = key.strip()
    values = [v.strip() for v in _split_values(text, key, rest) if v.strip()]
    if not sep or not key or len(values) < 2:
        raise AnalysisError(
            f"--sweep {text!r}: expected KEY=V1,V2,… with at least two values",
            ja=f"--sweep {text!r}: KEY=V1,V2,… の形で値を2つ以上指定してください",
        )

    def value(v: str) -> Any:
        try:
            return json.loads(v)
        except json.JSONDecodeError:
            if v[0] in '[{"':
                raise AnalysisError(
                    f'{key}: the value {v} is not a JSON literal (a list is written [1,2,3], text in a list ["a","b"])',
                    ja=f'{key}: 値 {v} が JSON として読めません(リストは [1,2,3]、中の文字列は ["a","b"])',
                ) from None
            return v

    parsed = tuple(value(v) for v in values)
    if len({json.dumps(v) for v in parsed}) < len(parsed):
        raise AnalysisError(f"--sweep {text!r}: a value is repeated", ja=f"--sweep {text!r}: 値が重複しています")
    return key, parsed


def _split_values(text: str, key: str, rest: str) -> list[str]:
    """``rest`` split at the commas outside brackets and JSON strings."""
    values, depth, start, quoted, escaped = [], 0, 0, False, False
    for i, c in enumerate(rest):
        if quoted:
            quoted, escaped = (c != '"' or escaped), (c == "\\" and not escaped)
        elif c == '"':
            quoted = True
        elif c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
        elif c == "," and depth == 0:
            values.append(rest[start:i])
            start = i + 1
        if depth < 0:
            break
    if depth or quoted:
        raise AnalysisError(
            f"{key}: unbalanced brackets or quotes in {rest!r} (--sweep/--vary {text!r})",
            ja=f"{key}: {rest!r} の括弧か引用符が閉じていません(--sweep/--vary {text!r})",
        )
    values.append(rest[start:])
    return values


def sweep_name(key: str, value: Any) -> str:
    return f"{key}={json.dumps(value, ensure_ascii=False).strip(chr(34))}"


def plan(
    game: str,
    options: dict[str, Any] | None = None,
    *,
    vs_options: dict[str, Any] | None = None,
    bots: Sequence[str] = (),
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    skill: Sequence[str] = DEFAULT_SKILL,
    sweep: tuple[str, Sequence[Any]] | None = None,
    vary: Callable[[dict[str, Any], str, Any], dict[str, Any]] | None = None,
) -> Plan:
    """Every game of the run, or :class:`AnalysisError` / :class:`~kirifuda.core.OptionError` saying why not.

    ``vary(options, key, value)`` gives a sweep's options for one value (default: the option ``key`` set to it;
    ``kirifuda design sweep`` changes a key of the design, :func:`vary_design`)."""
    if games < 1:
        raise AnalysisError("--games must be at least 1", ja="--games は1以上です")
    if sweep is not None and vs_options is not None:
        raise AnalysisError(
            "--sweep and --vs-options: choose one (a sweep compares every value with its first)",
            ja="--sweep と --vs-options は同時に使えません",
        )
    options = dict(options or {})
    variants: dict[str, dict[str, Any]]
    if sweep is not None:
        change = vary or (lambda opts, key, value: {**opts, key: value})
        variants = {sweep_name(sweep[0], v): change(options, sweep[0], v) for v in sweep[1]}
    elif vs_options is not None:
        variants = {"A": options, "B": {**options, **vs_options}}
    else:
        variants = {"": options}
    played: dict[str, dict[str, Any]] = {}
    lineups: dict[str, tuple[str, ...]] = {}
    for name, opts in variants.items():
        label = f"variant {name}: " if name else ""
        try:
            g = make(game, opts)
        except OptionError as e:
            raise type(e)(f"{label}{e}", ja=f"{label}{e.ja}" if e.ja else None) from None
        played[name] = g.options.to_dict()
        try:
            for bot in bots:
                check_name(bot, cheats=True)
            lineups[name] = complete_lineup(list(bots) or [DEFAULT_BOT], g.seat_count)
        except ValueError as e:
            raise AnalysisError(
                f"{label}--bots: {e} ({game} with these options has {g.seat_count} seats)",
                ja=f"{label}--bots: ボットの数が席の数({g.seat_count})と合いません",
            ) from None
    if vs_options is not None and played["A"] == played["B"]:
        raise AnalysisError(
            "--vs-options changes nothing: variants A and B have the same options",
            ja="--vs-options で何も変わっていません(A と B が同じオプションです)",
        )
    if sweep is not None and len({json.dumps(o, sort_keys=True) for o in played.values()}) < len(played):
        raise AnalysisError(
            f"--sweep {sweep[0]}: two values make the same game", ja=f"--sweep {sweep[0]}: 同じゲームになる値があります"
        )
    for level in skill:
        check_name(level, cheats=True)
        if level == "random":
            raise AnalysisError(
                "--skill random: random play is the baseline every level is compared with",
                ja="--skill に random は指定できません(ランダムは比較の基準です)",
            )
    # main games first, then the skill groups; within a group seed by seed, A then B: a run stopped early has
    # the main tables before the rest, and A and B on the same seeds
    specs: list[runner.GameSpec] = []
    seeds = range(seed, seed + games)
    for group in ["main", *(["skill:random"] if skill else []), *(f"skill:{level}" for level in skill)]:
        for s in seeds:
            for name, opts in played.items():
                n = len(lineups[name])
                if group == "main":
                    seats, rotation = lineups[name], 0
                elif group == "skill:random":
                    seats, rotation = ("random",) * n, 0
                else:
                    rotation = s % n
                    seats = tuple(group.removeprefix("skill:") if k == rotation else "random" for k in range(n))
                specs.append(runner.GameSpec(game, opts, seats, s, rotation=rotation, variant=name, group=group))
    return Plan(
        game=game,
        options=options,
        vs_options=vs_options,
        bots=lineups[next(iter(lineups))],
        games=games,
        seed=seed,
        skill=tuple(skill),
        sweep=(sweep[0], tuple(sweep[1])) if sweep is not None else None,
        specs=specs,
        variants=played,
    )


@dataclass
class Outcome:
    """What :func:`execute` produced: the report's directory and document, and whether the run was cut short."""

    out: Path
    html: Path
    document: dict[str, Any]
    finished: int
    planned: int

    @property
    def interrupted(self) -> bool:
        return self.finished < self.planned


def execute(
    p: Plan,
    out: Path,
    *,
    jobs: int | None = None,
    ray: str | None = None,
    progress: Callable[[int], None] | None = None,
    command: str | None = None,
    png: bool = False,
    figures: bool = True,
) -> Outcome:
    """Play the plan's games into ``out/games.parquet`` and write the report beside it (module docstring)."""
    out.mkdir(parents=True, exist_ok=True)
    parquet = out / PARQUET
    # an interrupt leaves every finished game in the sink; the report says how many
    with table.ParquetSink(parquet, batch=64) as sink, contextlib.suppress(runner.InterruptedRun):
        runner.run(p.specs, jobs=jobs, ray=ray, progress=progress, sink=sink.add, keep=False)
    rows = table.read(parquet)
    return build_report(
        rows,
        out,
        png=png,
        figures=figures,
        planned=len(p.specs),
        meta={
            "command": command or shlex.join(["kirifuda", *sys.argv[1:]]),
            "game": p.game,
            "bots": list(p.bots),
            "skill": list(p.skill),
            "games": p.games,
            "seeds": [p.seed, p.seed + p.games - 1],
            "jobs": jobs or default_jobs(),
            "backend": backend_name(jobs or default_jobs(), ray),
            "order": list(p.variants),
            "sweep": {"key": p.sweep[0], "values": list(p.sweep[1])} if p.sweep else None,
        },
    )


def build_report(
    rows: Sequence[runner.GameRow],
    out: Path,
    *,
    planned: int,
    meta: dict[str, Any],
    png: bool = False,
    figures: bool = True,
) -> Outcome:
    """The report of ``rows`` (read from a game table) in ``out``: every variant's summary, and each variant
    after the first compared with the first (:mod:`.verdict`), paired where both deal the same cards."""
    if not rows:
        raise AnalysisError("no game finished: nothing to report", ja="終わったゲームがないので報告できません")
    present = {r.variant for r in rows}
    names = [name for name in meta.get("order") or sorted(present) if name in present]
    variants = []
    for name in names:
        group = [r for r in rows if r.variant == name]
        summary = metrics.summarise(group)
        variants.append(report.Variant(name, group[0].options, group, summary))
    comparisons = []
    base = variants[0]
    for other in variants[1:]:
        seeds = sorted({r.seed for r in other.rows if r.group in ("", "main")})
        overlap = V.deal_overlap(meta["game"], base.options, other.options, seeds)
        comparison = V.compare(base.rows, other.rows, paired=overlap["paired"])
        comparison["pairing"] = {**overlap, **V.pairing_words(overlap)}
        if overlap["paired"]:
            skill_a = [r for r in base.rows if r.group.startswith("skill:")]
            skill_b = [r for r in other.rows if r.group.startswith("skill:")]
            if skill_a and skill_b:
                comparison["skill"] = metrics.paired_skill(skill_a, skill_b)
        comparison["baseline"], comparison["other"] = base.name, other.name
        comparison["verdict"] = V.verdict(
            meta["game"], comparison, baseline=_label(base, base, meta), other=_label(other, base, meta)
        )
        comparison["sample_size"] = V.sample_size(comparison)
        comparisons.append(comparison)
    document_meta = {
        **meta,
        "version": _version(),
        "parquet": PARQUET,
        "planned": planned,
        "finished": len(rows),
        "interrupted": len(rows) < planned,
    }
    html, document = report.write(out, variants, comparisons=comparisons, meta=document_meta, png=png, figures=figures)
    return Outcome(out=out, html=html, document=document, finished=len(rows), planned=planned)


def vary_design(options: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    """A design sweep's options for one value: the option ``design`` with its key ``key`` (``play.lock.enabled``)
    set to ``value`` (validated again: a bad value raises :class:`~kirifuda.design.DesignError` naming the key)."""
    from ..design import check_runnable, validate

    design = check_runnable(validate(options["design"]).with_values({key: value}))
    return {**options, "design": design.to_json()}


def changed_options(base: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    """The options ``other`` changes from ``base``; two designs (option ``design``) by the design keys they
    change (``play.revolution.enabled``), their names only when nothing else differs."""
    changed = {k: v for k, v in other.items() if base.get(k) != v and k != "design"}
    a, b = base.get("design"), other.get("design")
    if isinstance(a, dict) and isinstance(b, dict) and a != b:
        from ..design import validate

        flat_a, flat_b = validate(a).to_json_flat(), validate(b).to_json_flat()
        keys = {k: v for k, v in flat_b.items() if flat_a[k] != v}
        rules = {k: v for k, v in keys.items() if not k.startswith("game.")}
        changed |= rules or keys
    return changed


def _label(variant: report.Variant, base: report.Variant, meta: dict[str, Any]) -> str:
    """A variant's name for the verdict: a sweep's ``KEY=VALUE``; else its name and the options it changes."""
    if meta.get("sweep") or variant is base:
        return variant.name
    changed = changed_options(base.options, variant.options)
    return f"{variant.name} ({', '.join(f'{k}={json.dumps(v, ensure_ascii=False)}' for k, v in changed.items())})"


def _version() -> str:
    try:
        return metadata.version("kirifuda")
    except metadata.PackageNotFoundError:  # pragma: no cover - a source tree without installation
        return "unknown"
