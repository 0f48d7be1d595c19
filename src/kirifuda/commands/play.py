"""``kirifuda play`` and ``kirifuda view`` (docs/cli.md): sit at the table, or step through a record.

``play`` seats people (``me``) and bots (``--seats``); with a person it opens the full-screen table (``--plain``:
the line mode), with bots only it plays the game to its end and writes the record. ``view`` replays a record and
steps through it from any seat's view or with every hand open.
"""

from __future__ import annotations

import locale
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from ..core import KirifudaError
from ..match import Match

if TYPE_CHECKING:
    from ..records import Seating
    from ..tui.session import Session
from .bots import review_of
from .common import err, fail, make_game, options_json, progress_bar

LANGS = ("ja", "en")


def register(app: typer.Typer) -> None:
    app.command()(play)
    app.command()(view)


def default_lang() -> str:
    """``ja`` when the locale (LC_ALL, LC_MESSAGES, LANG, then the system's) is Japanese, else ``en``."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    try:
        current = locale.getlocale()[0] or ""
    except ValueError:
        current = ""
    return "ja" if current.lower().startswith("ja") else "en"


def _lang(value: str | None) -> str:
    if value is None:
        return default_lang()
    if value not in LANGS:
        fail(KirifudaError(f"--lang is ja or en, not {value!r}", ja=f"--lang は ja か en です({value!r} は不可)"))
    return value


def _load(record: str) -> Match:
    return _load_seated(record)[0]


def _load_seated(record: str) -> tuple[Match, Seating | None]:
    """The record's match and its seating (None when it keeps none)."""
    from ..records import ReplayError, load, read_record, replay

    try:
        obj = load(record)
        return replay(obj), read_record(obj).seating
    except ReplayError as e:
        fail(e)


def play(
    game: str | None = typer.Argument(None, help="a game id (default anou; with --resume: the record's)"),
    seats: str | None = typer.Option(
        None,
        "--seats",
        help="one entry per seat: me or a bot name, e.g. me,hard,normal,heuristic (default: me,normal,…)",
    ),
    seed: int | None = typer.Option(
        None, "--seed", help="deal seed (default: random); the k-th deal depends on it only"
    ),
    options: str | None = typer.Option(None, "--options", help="game options as JSON (../shared/spec/records.md)"),
    record: str | None = typer.Option(
        None, "--record", help="where the record is saved (default: records/GAME-TIME-seedS.json; --resume: RECORD)"
    ),
    resume: str | None = typer.Option(None, "--resume", help="go on with a saved record"),
    lang: str | None = typer.Option(None, "--lang", help="ja or en (default: from the locale)"),
    plain: bool = typer.Option(False, "--plain", help="line mode: for scripts, pipes and screen readers"),
    hint_bot: str = typer.Option("normal", "--hint-bot", help="the bot that answers h (hint)"),
    design: str | None = typer.Option(None, "--design", help="a go-out design: a file or a preset (cutin, daifugo, …)"),
    delay: float = typer.Option(0.6, "--delay", min=0.0, help="seconds each bot's move stays before the next"),
) -> None:
    """Sit at the table: play GAME against bots in the terminal (対戦). With no 'me' seat, bots play it out."""
    from ..bots import BotError, check_name
    from ..tui.session import HUMAN, SeatError, Session, first_seat_with_cards, new_seed, parse_seats, seats_of

    language = _lang(lang)
    seating: Seating | None = None
    if resume is not None:
        if options is not None:
            fail(
                KirifudaError(
                    "--options comes from the record with --resume", ja="--resume では記録のオプションを使います"
                )
            )
        match, seating = _load_seated(resume)
        if game is not None and game != match.game.id:
            fail(
                KirifudaError(
                    f"the record is a game of {match.game.id}, not {game}",
                    ja=f"この記録は {match.game.id} のゲームです({game} ではありません)",
                )
            )
        if match.seed is None:  # a record without a seed: later deals from --seed, or the system's generator
            match.seed = new_seed() if seed is None else seed
            match.resolve_chance()
        if match.finished:
            fail(KirifudaError("the record's game is over: nothing to resume", ja="この記録のゲームは終わっています"))
        path: Path | None = Path(record or resume)
    else:
        game_id, values = game or "anou", options_json(options)
        if design is not None:  # a designed go-out game (docs/design.md)
            from .design import design_options

            game_id, values = design_options(design, values)
        match = Match(make_game(game_id, values), seed=new_seed() if seed is None else seed)
        path = None if record is None else Path(record)
    names: list[str | None] = []
    try:
        if seats is None and seating is not None:  # resume: the seats the record keeps
            entries, names = seats_of(seating)
            parse_seats(",".join(entries), match.game)
        else:
            entries = parse_seats(seats, match.game, person=first_seat_with_cards(match))
            if seating is not None:  # --seats overrides: names stay where the same player sits
                kept, kept_names = seats_of(seating)
                names = [name if kept[s] == entries[s] else None for s, name in enumerate(kept_names)]
        check_name(hint_bot)
    except (SeatError, BotError) as e:
        fail(e)
    people = entries.count(HUMAN)
    if people and not plain and not (sys.stdin.isatty() and sys.stdout.isatty()):
        fail(
            KirifudaError(
                "a 'me' seat needs a terminal: standard input or output is not one (use --plain for a pipe, "
                "or seat only bots to let them play it out)",
                ja="me の席には端末が必要です。標準入力か標準出力が端末ではありません"
                "(パイプなら --plain、ボットだけなら自動で対局)",
            )
        )
    session = Session(
        match,
        entries,
        bot_seed=match.seed or 0,
        hint_bot=hint_bot,
        record_path=path,
        names=names,
        autosave=path is not None and bool(people),  # --record or --resume: kept up to date as the game goes
    )
    if not people:
        _self_play(session)
    elif plain:
        from ..tui.plain import run

        run(session, language)
    else:
        from ..tui.app import PlayApp

        app = PlayApp(session, lang=language, delay=delay)
        app.run()
        if app.saved is not None:
            typer.echo(f"記録 record: {app.saved}")
        if app.failure is not None:
            typer.echo(app.failure, err=True)
        if app.return_code:
            raise typer.Exit(app.return_code)


def _self_play(session: Session) -> None:
    """Bots only: play the game to its end and write the record (nothing is written if a bot fails)."""
    from ..tui.session import BotFailed

    match = session.match
    with progress_bar() as bar:
        task = bar.add_task(f"play {match.game.id}", total=None)
        try:
            while not match.finished:
                if not session.waiting_bots() and not session.at_deal_end:
                    break
                session.play_bots(through_deals=True)
                bar.update(task, completed=len(match.actions))
        except BotFailed as e:
            fail(e)
    path = session.save()
    game = match.game
    totals = list(game.totals(match.state))
    print(f"{game.title} ({game.title_ja}) — totals {totals}, winners {list(game.winners(match.state))}")
    err.print(f"record: {path}", highlight=False)


def view(
    record: str = typer.Argument(..., help="a kirifuda-record/1 file"),
    seat: int | None = typer.Option(None, "--seat", help="see the game from this seat (default: every hand open)"),
    spectator: bool = typer.Option(False, "--spectator", help="see the game as a spectator (no hand)"),
    step: int | None = typer.Option(
        None, "--step", help="start at event K (0: before the first deal; default: the end)"
    ),
    lang: str | None = typer.Option(None, "--lang", help="ja or en (default: from the locale)"),
    plain: bool = typer.Option(
        False, "--plain", help="print the table at --step as lines instead of opening the viewer"
    ),
    review: bool = typer.Option(
        False, "--review", help="review --seat's decisions first (seat 0 without --seat): each one's loss in the log"
    ),
    bot: str = typer.Option("normal", "--bot", help="the reviewing search with --review: easy, normal or hard"),
    review_seed: int = typer.Option(0, "--review-seed", help="the reviewing bot's seed"),
) -> None:
    """Step through a record forwards and backwards (棋譜を見る), from any seat's view or with every hand open;
    with --review, a seat's decisions judged by a bot (as ``kirifuda review`` does), mistakes flagged."""
    from ..tui.viewer import OPEN, SPECTATOR, Replay

    language = _lang(lang)
    match = _load(record)
    n = match.game.seat_count
    if seat is not None and not 0 <= seat < n:
        fail(KirifudaError(f"--seat must be 0..{n - 1}", ja=f"--seat は 0〜{n - 1} です"))
    if seat is not None and spectator:
        fail(KirifudaError("--seat and --spectator exclude each other", ja="--seat と --spectator は同時に使えません"))
    replay = Replay(match, review_of(match, 0 if seat is None else seat, bot, review_seed) if review else None)
    at = replay.length if step is None else step
    if not 0 <= at <= replay.length:
        fail(KirifudaError(f"--step must be 0..{replay.length}", ja=f"--step は 0〜{replay.length} です"))
    who = SPECTATOR if spectator else (OPEN if seat is None else seat)
    if plain:
        from ..presentation.text import render

        for line in replay.log(who, at):
            print(line(language))
        print(render(replay.table(who, at), language))  # at a deal's end, with its result
        return
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        fail(
            KirifudaError(
                "the viewer needs a terminal (use --plain)", ja="ビューアには端末が必要です(--plain を使ってください)"
            )
        )
    from ..tui.app import ViewApp

    ViewApp(replay, who=who, step=at, lang=language).run()
