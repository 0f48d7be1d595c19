"""The line mode (``--plain``) and the session it drives: any game's table drawn generically, numbered choices,
record notation, a whole game played through lines, quitting saves; seats from ``--seats``."""

from __future__ import annotations

import random

import pytest

from kirifuda.match import Match
from kirifuda.presentation import present
from kirifuda.presentation.common import symbol
from kirifuda.presentation.text import render
from kirifuda.records import load, replay
from kirifuda.registry import available, make
from kirifuda.tui.plain import run
from kirifuda.tui.session import SeatError, Session, parse_seats

SHORT = {"anarchy": {"deals": 1}, "anarchy-bomb": {"deals": 1}, "goninkan": {"rounds": 1, "players": 5}}


@pytest.mark.parametrize("game_id", available())
def test_every_game_is_drawn_in_lines_from_its_presentation(game_id):
    game = make(game_id, SHORT.get(game_id, {}))
    match = Match(game, seed=3)
    rng = random.Random(3)
    for _ in range(25):
        seat = rng.choice(sorted(match.to_act()))
        match.act(seat, rng.choice(match.legal_actions(seat)))
    seat = min(match.to_act())
    table = present(game, match.observation(seat))
    for lang in ("ja", "en"):
        text = render(table, lang)
        lines = text.splitlines()
        assert lines[0].startswith(table.title(lang)) and table.status(lang) in lines[0]
        for s in table.seats:
            assert any(line[2:].startswith(s.name(lang)) for line in lines), f"a line for {s.name(lang)}"
        hand_line = lines[-1]
        assert hand_line.startswith(table.hand.title(lang))
        assert hand_line.split(": ", 1)[1].split() == [symbol(c.card) for c in table.hand.cards]
        for zone in table.center:
            assert any(line.startswith(zone.title(lang) + ":") for line in lines)


def scripted(answers):
    """An ``ask`` that answers from a list, then picks a random choice number from the last list shown."""
    said: list[str] = []
    queue = list(answers)
    rng = random.Random(0)

    def ask(prompt: str) -> str:
        if "Enter" in prompt:  # the end of a deal: continue
            said.append(prompt)
            return ""
        if queue:
            return queue.pop(0)
        numbered = [line for line in said[-1].splitlines() if line.strip()[:1].isdigit()]
        return str(rng.randrange(1, len(numbered) + 1))

    return ask, said


def test_a_whole_game_in_lines_ends_with_the_winners_and_a_record_that_replays(tmp_path):
    game = make("anou", {"players": 3})
    session = Session(
        Match(game, seed=8), ["random", "me", "random"], record_path=tmp_path / "r.json", hint_bot="heuristic"
    )
    ask, said = scripted(["help", "rules", "hint", "nonsense", "99", "legal"])
    run(session, "en", ask=ask, say=said.append)
    text = "\n".join(said)
    assert session.finished
    assert "Choose by number" in text and "Anou — build your stone wall" in text and "Hint (heuristic):" in text
    assert "Not allowed" in text and "choose 1 to" in text
    assert text.count("Press Enter to continue") == len(session.match.deals) - 1, "every deal's end waits"
    assert "Game over — winners:" in text and f"Record saved: {tmp_path / 'r.json'}" in text
    again = replay(load(tmp_path / "r.json"))
    assert game.totals(again.state) == game.totals(session.match.state)


def test_record_notation_is_read_too_and_quit_saves_what_was_played(tmp_path):
    game = make("gogyo-sokoku")
    session = Session(
        Match(game, seed=2), ["me", "random", "random", "random", "random"], record_path=tmp_path / "q.json"
    )
    session.play_bots()
    seat = session.waiting_humans()[0]
    notation = str(session.match.legal_actions(seat)[-1])
    ask, said = scripted([notation.lower(), "quit"])  # lower case is record notation too
    run(session, "ja", ask=ask, say=said.append)
    assert (seat, notation) in session.match.actions
    assert "記録を保存しました" in "\n".join(said)
    assert replay(load(tmp_path / "q.json")).actions == session.match.actions


def test_seats_default_to_me_and_normal_bots_and_bad_entries_are_refused():
    game = make("anou")
    assert parse_seats(None, game) == ["me", "normal", "normal", "normal"]
    assert parse_seats("me,hard,normal,heuristic", game) == ["me", "hard", "normal", "heuristic"]
    with pytest.raises(SeatError, match="unknown bot") as unknown:
        parse_seats("me,normal,robot,normal", game)
    assert unknown.value.ja and "robot" in unknown.value.ja
    with pytest.raises(SeatError, match="evaluation only"):
        parse_seats("hard-cheat,me,normal,normal", game)
    with pytest.raises(SeatError, match="takes 6 entries"):
        parse_seats("me,normal", make("goninkan"))
