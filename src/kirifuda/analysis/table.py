"""The game table: one row per game as Arrow, written to and read from Parquet.

Every report reads this table (../shared/STYLE.md "Analysis": results are a table first). The columns:

| column | type | meaning |
|---|---|---|
| ``game`` | string | the game id |
| ``options`` | string | the game's options as JSON (sorted keys) |
| ``variant`` | string | an A/B run's variant ("A" / "B"), else "" |
| ``group`` | string | the part of a report the game belongs to ("main", "skill:random", "skill:heuristic", …) |
| ``lineup`` / ``rotation`` | int32 | a tournament's lineup, and how far it is rotated round the table |
| ``seed`` | int64 | the deal seed: the same seed deals the same cards (records.md) |
| ``seats`` | list<string> | the bot at each seat |
| ``deal_scores`` | list<list<int64>> | per deal (Gonin-kan: battle), each seat's score |
| ``totals`` | list<int64> | each seat's total |
| ``winners`` | list<int32> | the seats tied at the top total |
| ``lead_changes`` | int32 | deals after which the leaders changed (``runner.leadership``) |
| ``last_deal_decided`` | bool | the winners differ from the leaders before the last deal |
| ``decisions`` | int64 | player decisions in the game |
| ``seconds`` | float64 | time to play it (null where games were timed in bulk) |
| ``dealers`` | list<int32> | per deal, the dealer or start player (null: not recorded) |
| ``positions`` | list<list<int32>> | per deal, each seat's position from the dealer (0: the dealer) |
| ``events`` | list<struct<deal, seat, name, value>> | scoring events (seat null: the table) |
| ``roles`` | list<list<string>> | per deal, each seat's role (team games; null otherwise) |
| ``think`` | map<string, list<float64>> | per searching bot, seconds per decision |

Read it back with pandas (``pd.read_parquet``) or DuckDB (``SELECT … FROM 'games.parquet'``; docs/analysis.md).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ..extras import require

require("analysis", "kirifuda.analysis.table", ("pyarrow",))  # first: names the extra to install

import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]
import pyarrow.parquet as pq  # type: ignore[import-untyped,unused-ignore]

from .runner import GameRow

EVENT = pa.struct(
    [
        pa.field("deal", pa.int32()),
        pa.field("seat", pa.int32()),
        pa.field("name", pa.string()),
        pa.field("value", pa.float64()),
    ]
)

SCHEMA = pa.schema(
    [
        pa.field("game", pa.string()),
        pa.field("options", pa.string()),
        pa.field("variant", pa.string()),
        pa.field("group", pa.string()),
        pa.field("lineup", pa.int32()),
        pa.field("rotation", pa.int32()),
        pa.field("seed", pa.int64()),
        pa.field("seats", pa.list_(pa.string())),
        pa.field("deal_scores", pa.list_(pa.list_(pa.int64()))),
        pa.field("totals", pa.list_(pa.int64())),
        pa.field("winners", pa.list_(pa.int32())),
        pa.field("lead_changes", pa.int32()),
        pa.field("last_deal_decided", pa.bool_()),
        pa.field("decisions", pa.int64()),
        pa.field("seconds", pa.float64()),
        pa.field("dealers", pa.list_(pa.int32())),
        pa.field("positions", pa.list_(pa.list_(pa.int32()))),
        pa.field("events", pa.list_(EVENT)),
        pa.field("roles", pa.list_(pa.list_(pa.string()))),
        pa.field("think", pa.map_(pa.string(), pa.list_(pa.float64()))),
    ],
    metadata={"kirifuda": "game-table/1"},
)
"""The table's schema (the module docstring)."""

COLUMNS = tuple(SCHEMA.names)


def options_text(options: dict[str, Any]) -> str:
    return json.dumps(options, sort_keys=True, ensure_ascii=False)


def _record(row: GameRow) -> dict[str, Any]:
    return {
        "game": row.game,
        "options": options_text(row.options),
        "variant": row.variant,
        "group": row.group,
        "lineup": row.lineup,
        "rotation": row.rotation,
        "seed": row.seed,
        "seats": row.seats,
        "deal_scores": row.deal_scores,
        "totals": row.totals,
        "winners": row.winners,
        "lead_changes": row.lead_changes,
        "last_deal_decided": row.last_deal_decided,
        "decisions": row.decisions,
        "seconds": row.seconds,
        "dealers": row.dealers,
        "positions": row.positions,
        "events": row.events,
        "roles": row.roles,
        "think": list(row.think.items()) if row.think else None,
    }


def to_table(rows: Iterable[GameRow]) -> pa.Table:
    """The rows as an Arrow table of :data:`SCHEMA`."""
    records = [_record(row) for row in rows]
    return pa.Table.from_pylist(records, schema=SCHEMA)


def from_table(table: pa.Table) -> list[GameRow]:
    """The rows of a table written by :func:`to_table` (or read from Parquet)."""
    missing = [name for name in COLUMNS if name not in table.column_names]
    if missing:
        raise ValueError(f"not a kirifuda game table: no column {missing[0]!r}")
    out = []
    for r in table.select(list(COLUMNS)).to_pylist():
        out.append(
            GameRow(
                game=r["game"],
                options=json.loads(r["options"]),
                seats=r["seats"],
                seed=r["seed"],
                lineup=r["lineup"],
                rotation=r["rotation"],
                deal_scores=r["deal_scores"],
                totals=r["totals"],
                decisions=r["decisions"],
                seconds=r["seconds"],
                roles=r["roles"],
                think=dict(r["think"] or []),
                variant=r["variant"],
                group=r["group"],
                winners=r["winners"],
                lead_changes=r["lead_changes"],
                last_deal_decided=r["last_deal_decided"],
                dealers=r["dealers"],
                positions=r["positions"],
                events=r["events"],
            )
        )
    return out


class ParquetSink:
    """Writes rows to a Parquet file as they come, a row group every ``batch`` rows, so an interrupted run
    keeps every game it finished. Use as a context manager; :meth:`add` is the runner's ``sink``."""

    def __init__(self, path: str | Path, *, batch: int = 256) -> None:
        self.path = Path(path)
        self.batch = batch
        self.written = 0
        self._pending: list[GameRow] = []
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._writer = pq.ParquetWriter(str(self.path), SCHEMA, compression="zstd")

    def add(self, row: GameRow) -> None:
        self._pending.append(row)
        if len(self._pending) >= self.batch:
            self.flush()

    def extend(self, rows: Sequence[GameRow]) -> None:
        for row in rows:
            self.add(row)

    def flush(self) -> None:
        if self._pending:
            self._writer.write_table(to_table(self._pending))
            self.written += len(self._pending)
            self._pending = []

    def close(self) -> None:
        self.flush()
        self._writer.close()

    def __enter__(self) -> ParquetSink:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def write(rows: Sequence[GameRow], path: str | Path) -> Path:
    """Write ``rows`` to a Parquet file at ``path``."""
    with ParquetSink(path) as sink:
        sink.extend(rows)
    return Path(path)


def read(path: str | Path) -> list[GameRow]:
    """The rows of a Parquet game table."""
    return from_table(pq.read_table(str(path)))
