"""``kirifuda serve``: the browser game (docs/cli.md, docs/protocol.md, docs/hosting.md), and ``kirifuda admin``: the
served tables in its SQLite file — list them, abort one, purge old ones."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..core import KirifudaError
from .common import fail, need

if TYPE_CHECKING:
    from ..web.store import SqliteStore

LOOPBACK = ("127.0.0.1", "localhost", "::1")
DAY = 86_400.0


def register(app: typer.Typer) -> None:
    app.command()(serve)
    admin = typer.Typer(help="The served tables in a server's SQLite file (管理): list, abort, purge.")
    admin.command("list")(admin_list)
    admin.command("abort")(admin_abort)
    admin.command("purge")(admin_purge)
    app.add_typer(admin, name="admin")


DbOption = Annotated[Path, typer.Option("--db", help="the SQLite database of the tables")]


def serve(
    host: Annotated[
        str, typer.Option("--host", help="the address to listen on (0.0.0.0: every interface)")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="the port")] = 8000,
    db: DbOption = Path("kirifuda-web.db"),
    bot_delay: Annotated[float, typer.Option("--bot-delay", min=0, help="seconds a bot waits before it plays")] = 0.8,
    takeover_bot: Annotated[
        str, typer.Option("--takeover-bot", help="the bot that plays for a player who has left")
    ] = "normal",
    takeover_after: Annotated[
        float,
        typer.Option(
            "--takeover-after", min=0, help="seconds a player may be away (or not come at all) before the bot plays"
        ),
    ] = 30.0,
    bot_workers: Annotated[
        int,
        typer.Option(
            "--bot-workers",
            min=1,
            help="quick bots' decisions thinking at once, and as many searches (processes, or Ray tasks)",
        ),
    ] = 2,
    bots: Annotated[
        str,
        typer.Option(
            "--bots", help="where bots think: local (a process pool), ray (a local Ray runtime) or a Ray address"
        ),
    ] = "local",
    deal_pause: Annotated[
        float,
        typer.Option(
            "--deal-pause", min=0, help="seconds a deal's result stays when no player at the table is waited for"
        ),
    ] = 5.0,
    durable: Annotated[
        bool, typer.Option("--durable", help="sync every move to disk (survives a power cut, not only a crash)")
    ] = False,
    allowed_hosts: Annotated[
        str | None,
        typer.Option(
            "--allowed-hosts",
            help="comma-separated Host names the server answers (default: loopback names when it listens on "
            "loopback, else any)",
        ),
    ] = None,
    allowed_origins: Annotated[
        str,
        typer.Option(
            "--allowed-origins",
            help="comma-separated page origins whose WebSockets are accepted besides the served host's own",
        ),
    ] = "",
    pause_after: Annotated[
        float, typer.Option("--pause-after", min=1, help="seconds without any person before a table is paused")
    ] = 900.0,
    abort_after: Annotated[
        float, typer.Option("--abort-after", min=1, help="seconds a paused table waits before it is aborted")
    ] = DAY,
    retention_days: Annotated[
        float, typer.Option("--retention-days", min=0, help="days finished and aborted tables are kept")
    ] = 30.0,
    tables_per_minute: Annotated[
        int, typer.Option("--tables-per-minute", min=1, help="tables one client address may create a minute")
    ] = 10,
    open_tables_per_address: Annotated[
        int, typer.Option("--open-tables-per-address", min=1, help="tables in play one client address may have")
    ] = 20,
    max_deals: Annotated[int, typer.Option("--max-deals", min=1, help="the largest deals/rounds option")] = 20,
    bot_tables: Annotated[
        bool, typer.Option("--bot-tables", help="allow tables with no human seat (paused when nobody watches)")
    ] = False,
    max_body: Annotated[int, typer.Option("--max-body", min=256, help="the largest request body (bytes)")] = 16_384,
    sockets_per_table: Annotated[
        int, typer.Option("--sockets-per-table", min=1, help="WebSockets open at one table")
    ] = 64,
    sockets_per_address: Annotated[
        int, typer.Option("--sockets-per-address", min=1, help="WebSockets open from one client address")
    ] = 32,
    spectators_per_table: Annotated[
        int, typer.Option("--spectators-per-table", min=0, help="spectators' WebSockets at one table")
    ] = 32,
    rate: Annotated[float, typer.Option("--rate", min=0.1, help="messages a second one socket may send")] = 10.0,
    log_level: Annotated[str, typer.Option("--log-level", help="debug, info, warning or error")] = "info",
    designs: Annotated[
        Path | None,
        typer.Option(
            "--designs",
            help="a folder of go-out design files (*.toml) the lobby offers as the game goout (docs/design.md)",
        ),
    ] = None,
) -> None:
    """Serve the browser game: a lobby, tables for friends and bots, replays (ブラウザで対戦)."""
    need("web", "kirifuda serve")
    if bots != "local":
        need("analysis", "kirifuda serve --bots ray", ("ray",))
    import uvicorn

    from ..web import create_app
    from ..web.runtime import Settings

    served = {}
    if designs is not None:
        from ..web.designs import load_folder

        try:
            served = load_folder(designs)
        except KirifudaError as e:
            fail(e)
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    hosts = _names(allowed_hosts) if allowed_hosts is not None else LOOPBACK if host in LOOPBACK else ("*",)
    if hosts == ("*",):
        logging.getLogger("kirifuda.web").warning(
            "any Host header is answered: behind a public name, set --allowed-hosts (docs/hosting.md)"
        )
    settings = Settings(
        bot_delay=bot_delay,
        takeover_bot=takeover_bot,
        takeover_after=takeover_after,
        bot_workers=bot_workers,
        bots=bots,
        allowed_hosts=hosts,
        allowed_origins=_names(allowed_origins),
        pause_after=pause_after,
        abort_after=abort_after,
        retention=retention_days * DAY,
        tables_per_minute=tables_per_minute,
        open_tables_per_address=open_tables_per_address,
        max_deals=max_deals,
        bot_tables=bot_tables,
        max_body=max_body,
        sockets_per_table=sockets_per_table,
        sockets_per_address=sockets_per_address,
        spectators_per_table=spectators_per_table,
        rate=rate,
        deal_pause=deal_pause,
        designs=served,
    )
    try:
        app = create_app(db, settings=settings, durable=durable)
    except KirifudaError as e:
        fail(e)
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=64 * 1024, proxy_headers=True)


def _names(text: str) -> tuple[str, ...]:
    return tuple(name.strip() for name in text.split(",") if name.strip())


def admin_list(
    db: DbOption = Path("kirifuda-web.db"),
    status: Annotated[
        str | None, typer.Option("--status", help="only tables in this state: open, paused, finished, aborted")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON object per line")] = False,
) -> None:
    """List the tables: id, game, state, actions so far, seats, when a person was last there (一覧)."""
    from ..web.store import STATUSES

    if status is not None and status not in STATUSES:
        fail(
            KirifudaError(
                f"no table state {status!r} (one of {', '.join(STATUSES)})", ja=f"状態 {status!r} はありません"
            )
        )
    store = _store(db)
    where = "ORDER BY created" if status is None else "WHERE status = ? ORDER BY created"
    for table in store.summaries(where, () if status is None else (status,)):
        seats = " ".join(s.bot or ("open" if s.open else "taken" if s.taken else "invited") for s in table.seats)
        if as_json:
            row = {
                "id": table.id,
                "game": table.game,
                "status": table.status,
                "version": table.version,
                "practice": table.practice,
                "private": table.private,
                "created": table.created,
                "updated": table.updated,
                "last_person": table.last_person,
                "seats": seats.split(),
            }
            typer.echo(json.dumps(row, ensure_ascii=False))
        else:
            idle = (time.time() - table.last_person) / 60
            flags = "".join((" practice" if table.practice else "", " private" if table.private else ""))
            typer.echo(
                f"{table.id}  {table.game:<15} {table.status:<8} v{table.version:<5} "
                f"no person for {idle:.0f} min  [{seats}]{flags}"
            )
    store.close()


def admin_abort(
    table_id: Annotated[str, typer.Argument(help="the table's id")],
    db: DbOption = Path("kirifuda-web.db"),
) -> None:
    """Abort a table: it stays stored, marked aborted, and is never resumed (a running server stops it within its
    sweep) (中止)."""
    store = _store(db)
    stored = store.load(table_id)
    if stored is None:
        fail(KirifudaError(f"no table {table_id}", ja=f"テーブル {table_id} はありません"))
    if stored.status in ("finished", "aborted"):
        fail(
            KirifudaError(
                f"table {table_id} is {stored.status} already", ja=f"テーブル {table_id} はもう終わっています"
            )
        )
    store.set_status(table_id, "aborted")
    store.close()
    typer.echo(f"table {table_id} aborted")


def admin_purge(
    db: DbOption = Path("kirifuda-web.db"),
    older_than_days: Annotated[
        float, typer.Option("--older-than-days", min=0, help="purge finished and aborted tables older than this")
    ] = 30.0,
) -> None:
    """Delete the finished and aborted tables last changed more than ``--older-than-days`` ago (削除)."""
    store = _store(db)
    purged = store.purge(time.time() - older_than_days * DAY)
    store.close()
    typer.echo(f"purged {len(purged)} tables")


def _store(db: Path) -> SqliteStore:
    need("web", "kirifuda admin")
    from ..web.store import SqliteStore

    if not db.exists():
        fail(KirifudaError(f"no database {db}", ja=f"データベース {db} はありません"))
    return SqliteStore(db)
