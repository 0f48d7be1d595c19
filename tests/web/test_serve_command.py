"""``kirifuda serve``: its options, and a takeover bot that may not sit at a table refused before serving."""

from __future__ import annotations

from typer.testing import CliRunner

from kirifuda.cli import app

runner = CliRunner()


def test_serve_has_the_issues_options():
    result = runner.invoke(app, ["serve", "--help"], terminal_width=200)
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--bot-delay", "--takeover-bot", "--takeover-after"):
        assert option in result.output


def test_a_cheating_or_unknown_takeover_bot_is_refused(tmp_path):
    for name, says in (("hard-cheat", "evaluation only"), ("wizard", "unknown bot")):
        result = runner.invoke(app, ["serve", "--db", str(tmp_path / "t.db"), "--takeover-bot", name])
        assert result.exit_code == 2
        assert says in result.output
    assert not (tmp_path / "t.db").exists()  # nothing was served
