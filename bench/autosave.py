"""How long the terminal table's autosave takes (``kirifuda play --record``: the record is written after every
action): a whole game of each id played at random, every action followed by ``Session.save`` (JSON with the
seating, a temporary file, ``os.replace``). Prints the mean and the largest save per game id; docs/performance.md
keeps the figures. Run: ``.venv/bin/python bench/autosave.py``."""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from kirifuda.match import Match
from kirifuda.registry import available, make
from kirifuda.tui.session import Session


def main() -> None:
    print("| game id | actions | mean save (ms) | largest save (ms) | record (bytes) |")
    print("|---|---:|---:|---:|---:|")
    for game_id in available():
        game = make(game_id)
        with tempfile.TemporaryDirectory() as work:
            path = Path(work) / "record.json"
            seats = ["me"] + ["random"] * (game.seat_count - 1)
            session = Session(Match(game, seed=1), seats, record_path=path)
            rng = random.Random(1)
            times: list[float] = []
            while not session.finished:
                if session.at_deal_end:
                    session.next_deal()
                    continue
                seat = min(session.match.to_act())
                session.act(seat, rng.choice(session.match.legal_actions(seat)))
                start = time.perf_counter()
                session.save()
                times.append(time.perf_counter() - start)
            size = path.stat().st_size
        mean, top = 1000 * sum(times) / len(times), 1000 * max(times)
        print(f"| {game_id} | {len(times)} | {mean:.2f} | {top:.2f} | {size} |")


if __name__ == "__main__":
    main()
