"""The pages' own resources: each game's rules page is shipped in the package (``kirifuda/web/rules``, so an
installed wheel serves it) and is the text of docs/rules; ``/rules/{game}`` serves it for every game id."""

from __future__ import annotations

from pathlib import Path

import pytest

from kirifuda.registry import available
from kirifuda.web.routers.pages import RULES, rules_file

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


@pytest.mark.parametrize("doc", sorted(p.name for p in DOCS.glob("*.md")))
def test_the_shipped_rules_are_the_text_of_docs_rules(doc):
    assert (RULES / doc).read_text(encoding="utf-8") == (DOCS / doc).read_text(encoding="utf-8"), (
        f"copy docs/rules/{doc} to src/kirifuda/web/rules/{doc}"
    )


def test_every_game_id_has_its_rules_page(server):
    for game_id in available():
        assert rules_file(game_id).exists()
        response = server.get(f"/rules/{game_id}")
        assert response.status_code == 200 and response.headers["content-type"].startswith("text/markdown")
        assert f"`{game_id}`" in response.text  # the page names the game id it covers
    assert server.get("/rules/chess").status_code == 404
