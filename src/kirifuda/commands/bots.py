"""``kirifuda suggest``, ``kirifuda review`` and ``kirifuda tournament`` (docs/cli.md)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..core import KirifudaError
from .common import fail, make_game, need_for_options, options_json, progress_bar, ray_help

if TYPE_CHECKING:
    from ..bots.review import Moment
    from ..match import Match


def register(app: typer.Typer) -> None:
    app.command()(suggest)
    app.command()(review)
    app.command()(tournament)


def suggest(
    record: str = typer.Argument(..., help="a kirifuda-record/1 file, or - for standard input"),
    bot: str = typer.Option("normal", "--bot", help="random, heuristic, easy, normal or hard"),
    seat: int | None = typer.Option(None, "--seat", help="the seat to advise (needed when several act at once)"),
    seed: int = typer.Option(0, "--seed", help="the bot's seed: the same record, bot and seed give the same action"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """What a bot would play for the seat to act at the end of RECORD (出す手の提案)."""
    from ..arena import Seating
    from ..bots import SearchBot, make_bot
    from ..records import ReplayError, load, replay

    try:
        match = replay(load(record))
    except ReplayError as e:
        fail(e)
    waiting = sorted(match.to_act())
    if not waiting:
        fail(
            KirifudaError(
                "nobody is to act at the end of this record"
                + (" (the game is over)" if match.finished else " (a deal or chance event is pending)"),
                ja="この記録の最後では誰の手番でもありません",
            )
        )
    if seat is None:
        if len(waiting) > 1:
            fail(f"several seats act at once ({', '.join(map(str, waiting))}): choose one with --seat")
        seat = waiting[0]
    elif seat not in waiting:
        fail(f"seat {seat} is not to act (to act: {', '.join(map(str, waiting))})")
    try:
        player = make_bot(bot, match.game, seed)
    except KirifudaError as e:
        fail(e)
    seating = Seating(match, {seat: player})
    info = seating.info(seat)
    action = player.act(info, match.legal_actions(seat))
    stats = player.last_stats.to_json() if isinstance(player, SearchBot) else {"iterations": 0, "seconds": 0.0}
    if as_json:
        out = {"seat": seat, "action": str(action), "info": info.to_json(), "stats": stats}
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(f"席 seat {seat}: {action}   ({bot}, {stats['iterations']} iterations, {stats['seconds']} s)")


def review(
    record: str = typer.Argument(..., help="a kirifuda-record/1 file, or - for standard input"),
    seat: int = typer.Option(0, "--seat", help="the seat whose decisions are reviewed"),
    bot: str = typer.Option("hard", "--bot", help="the reviewing search: easy, normal or hard"),
    seed: int = typer.Option(
        0, "--seed", help="the bot's seed: the same record, seat, bot and seed give the same review"
    ),
    threshold: float = typer.Option(
        1.0, "--threshold", min=0.0, help="flag a decision losing more than this (points of deal score)"
    ),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """Review a seat's decisions in RECORD: each legal action's value as a bot estimates it from that seat's
    information only, and what the played action gave up (棋譜の検討)."""
    from ..bots import SearchBot, make_bot
    from ..bots.kit import LEVELS
    from ..bots.review import review as review_moments
    from ..records import ReplayError, load, replay

    try:
        match = replay(load(record))
    except ReplayError as e:
        fail(e)
    game = match.game
    if not 0 <= seat < game.seat_count:
        fail(
            KirifudaError(
                f"no seat {seat} in {game.id}: seats are 0..{game.seat_count - 1}",
                ja=f"{game.id} に席 {seat} はありません(席は 0〜{game.seat_count - 1})",
            )
        )
    try:
        player = make_bot(bot, game, seed, time_cap=None)
    except KirifudaError as e:
        fail(e)
    if not isinstance(player, SearchBot):
        fail(
            KirifudaError(
                f"a review needs a searching bot ({', '.join(LEVELS)}), not {bot!r}",
                ja=f"検討には探索するボット({', '.join(LEVELS)})が必要です",
            )
        )
    moments = seat_moments(match, seat)
    with progress_bar() as bar:
        task = bar.add_task(f"review seat {seat}", total=len(moments))
        result = review_moments(
            player, seat, moments, threshold=threshold, progress=lambda k: bar.update(task, completed=k)
        )
    if as_json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
        return
    from ..bots.review import costliest_text

    print(
        f"{game.title} ({game.title_ja}) — 席 seat {seat}, 検討 reviewed by {bot} (seed {seed}): "
        f"{len(result.decisions)} decisions, {result.forced} forced"
    )
    for d in result.decisions:
        mark = "  ?? 悪手 mistake" if d.mistake else ""
        print(
            f"  action {d.index:4} deal {d.deal + 1}: played {d.played}  (bot: {d.choice}, best: {d.best})  "
            f"loss {d.loss:.2f} ± {d.loss_stderr:.2f}{mark}"
        )
        for text, value in d.values[:3]:
            print(f"      {text:24} {value.mean:+8.2f} ± {value.stderr:.2f}  ({value.visits} visits)")
    mistakes = sum(d.mistake for d in result.decisions)
    print(f"平均損失 mean loss per decision: {result.mean_loss:.3f}; 悪手 mistakes: {mistakes}")
    for line in costliest_text(result.costliest):
        print(f"  最大損失 costliest: {line}")


def seat_moments(match: Match, seat: int) -> list[Moment]:
    """Each decision of ``seat`` in the (replayed, legal) ``match``, as the seat knew it: the record walked again
    with the seat's information state taken before each of its actions (from its own view, as a bot is seated)."""
    from ..arena import Seating
    from ..bots.review import Moment
    from ..match import Match as Walk

    game = match.game
    walk = Walk(game, seed=match.seed, deals=match.deals, auto_chance=False)
    seating = Seating(walk, {})
    moments = []
    for index, (who, text) in enumerate(match.actions):
        if who == "chance":
            walk.resolve_chance(text)
            continue
        walk.resolve_chance()
        if who == seat:
            moments.append(
                Moment(
                    index=index,
                    event=len(walk.events),
                    info=seating.info(seat),
                    legal=tuple(walk.legal_actions(seat)),
                    played=game.parse_action(text),
                )
            )
        walk.act(who, text)
    return moments


def tournament(
    game: Annotated[str | None, typer.Argument(help="a game id (none with --design)")] = None,
    bots: Annotated[
        list[str] | None,
        typer.Option(
            "--bots",
            help="a lineup, a bot per seat, comma-separated (the last fills the rest); repeat for more; "
            "policy:PATH is a saved RL policy (docs/rl.md)",
        ),
    ] = None,
    seeds: int = typer.Option(40, "--seeds", min=1, help="deal seeds; every lineup plays each in every rotation"),
    first_seed: int = typer.Option(0, "--first-seed", help="the first deal seed"),
    options: str | None = typer.Option(None, "--options", help="game options as JSON"),
    jobs: int | None = typer.Option(None, "--jobs", min=1, help="worker processes (default: every core)"),
    ray: Annotated[str | None, typer.Option("--ray", help=ray_help())] = None,
    parquet: Annotated[
        Path | None, typer.Option("--parquet", help="write one row per game to this Parquet file")
    ] = None,
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
    design: Annotated[
        str | None, typer.Option("--design", help="a go-out design: a file or a preset (docs/design.md)")
    ] = None,
) -> None:
    """Rotate lineups of bots through every seat over the same deals (トーナメント)."""
    need_for_options("kirifuda tournament", parquet=parquet, ray=ray)
    from ..analysis import runner
    from ..analysis import tournament as T

    values = options_json(options)
    if design is not None:
        from .design import design_options

        game, values = design_options(design, values)
    if game is None:
        fail(KirifudaError("give a game id, or --design FILE|PRESET", ja="ゲーム ID か --design を指定してください"))
    if not bots:
        fail(KirifudaError("give a lineup: --bots A,B,…", ja="--bots でボットの並びを指定してください"))
    g = make_game(game, values)
    lineups = [[name.strip() for name in spec.split(",") if name.strip()] for spec in bots]
    try:
        specs = T.specs(game, g.options.to_dict(), lineups, seeds, first_seed=first_seed)
    except (KirifudaError, ValueError) as e:
        fail(e if isinstance(e, KirifudaError) else str(e))
    sink = None
    if parquet is not None:
        from ..analysis.table import ParquetSink

        sink = ParquetSink(parquet)
    with progress_bar() as bar:
        task = bar.add_task(f"tournament {game}", total=len(specs))
        try:
            rows = runner.run(
                specs,
                jobs=jobs,
                ray=ray,
                progress=lambda k: bar.update(task, completed=k),
                sink=None if sink is None else sink.add,
            )
        except runner.InterruptedRun as stopped:
            rows = stopped.rows
            typer.echo(f"interrupted: {len(rows)} of {len(specs)} games finished", err=True)
        finally:
            if sink is not None:
                sink.close()
    result: dict[str, Any] = {"game": game, "options": g.options.to_dict(), "seeds": seeds, **T.summarise(rows)}
    if as_json:
        print(json.dumps(_finite(result), ensure_ascii=False))
        return
    print(f"{g.title} ({g.title_ja}) — {result['games']} games, {seeds} seeds × every rotation")
    for lineup in result["lineups"]:
        print(f"  lineup {','.join(lineup['lineup'])}:")
        for name, s in lineup["bots"].items():
            print(f"    {name:12} rank {_ci(s['rank'])}   score {_ci(s['mean_score'])}   win {_ci(s['win_share'])}")
            for role, r in s.get("roles", {}).items():
                print(f"      {role:10} score {_ci(r)} over {r['n']} deals")
    for entry in result.get("openskill", []):
        print(f"  OpenSkill {entry['bot']:12} μ {entry['mu']:6.2f} σ {entry['sigma']:5.2f}")
    for name, lat in result["latency"].items():
        print(f"  latency {name:12} p50 {lat['p50'] * 1000:7.1f} ms  p95 {lat['p95'] * 1000:7.1f} ms")


def _ci(s: dict[str, Any]) -> str:
    lo, hi = s["ci"]
    return f"{s['mean']:.3f} [{lo:.3f}, {hi:.3f}]"


def _finite(value: Any) -> Any:
    """JSON has no NaN: an interval over one seed has no bounds (null)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value
