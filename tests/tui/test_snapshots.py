"""One screen per game id, compared with the accepted picture (pytest-textual-snapshot; refresh with
``pytest tests/tui/test_snapshots.py --snapshot-update`` after looking at every changed SVG)."""

from __future__ import annotations

import pytest
from driver import new_app, settle

from kirifuda.registry import available

SNAPSHOT_SIZE = (100, 32)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", available())
def test_first_decision_screen(game_id, snap_compare, tmp_path):
    app = new_app(game_id, 11, tmp_path, lang="ja" if game_id in ("goninkan", "gogyo-sokoku", "cutin") else "en")

    async def until_the_person_chooses(pilot) -> None:
        await settle(app, pilot)

    assert snap_compare(app, terminal_size=SNAPSHOT_SIZE, run_before=until_the_person_chooses)
