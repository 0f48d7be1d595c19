"""The game table: rows ↔ Arrow ↔ Parquet, readable by pandas and DuckDB (docs/analysis.md)."""

from __future__ import annotations

import duckdb
import pandas as pd
import pyarrow.parquet as pq
import pytest

from kirifuda.analysis import table
from kirifuda.analysis.runner import GameSpec, play_spec


@pytest.fixture(scope="module")
def rows():
    return [play_spec(GameSpec("cutin", {}, ("random",) * 4, seed, group="main")) for seed in range(5)]


def test_rows_survive_the_round_trip_through_parquet(rows, tmp_path):
    path = table.write(rows, tmp_path / "games.parquet")
    assert table.read(path) == rows
    assert pq.read_schema(path).names == list(table.COLUMNS)


def test_pandas_and_duckdb_read_the_table(rows, tmp_path):
    path = tmp_path / "games.parquet"
    table.write(rows, path)
    frame = pd.read_parquet(path)
    assert list(frame.seed) == [0, 1, 2, 3, 4]
    assert [list(t) for t in frame.totals] == [r.totals for r in rows]
    counts = dict(
        duckdb.sql(f"SELECT e.name, count(*) FROM (SELECT unnest(events) AS e FROM '{path}') GROUP BY ALL").fetchall()
    )
    expected: dict[str, int] = {}
    for r in rows:
        for e in r.events:
            expected[e["name"]] = expected.get(e["name"], 0) + 1
    assert counts == expected


def test_the_sink_writes_as_it_goes_and_keeps_what_it_wrote(rows, tmp_path):
    path = tmp_path / "partial.parquet"
    sink = table.ParquetSink(path, batch=2)
    sink.extend(rows[:3])
    assert sink.written == 2  # one full batch is on disk before the run ends
    sink.close()
    assert [r.seed for r in table.read(path)] == [0, 1, 2]


def test_a_file_that_is_not_a_game_table_is_refused(tmp_path):
    path = tmp_path / "other.parquet"
    pd.DataFrame({"x": [1]}).to_parquet(path)
    with pytest.raises(ValueError, match="not a kirifuda game table"):
        table.read(path)
