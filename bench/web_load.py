"""Load benchmark of the browser game (docs/performance.md, "The browser game under load").

N tables of one game on one ``kirifuda serve`` process (started here as a subprocess on 127.0.0.1), each with one
seat played over a real WebSocket from this process and bots in every other seat. The client plays its seat at
once whenever it is to act (a random legal action) and measures each move's round trip: from sending the act
message to receiving the state message that shows it applied — the server's own work (parse, check, apply,
commit to SQLite, build and send the seat's state), with no bot thinking in it (the bots think after that state
is sent). The server's own share of that (from the act message to every socket's new state queued, wall and CPU
time) comes from its ``/api/stats``. It also reads the server's memory (resident set, /proc) before and after the
tables are opened.

    python bench/web_load.py --tables 200 --bots heuristic --seconds 60
    python bench/web_load.py --tables 200 --bots normal --seconds 60

Fair bot work (issue 19): ``--hard-tables 4`` adds tables of ``hard`` bots only (a spectator watches each, so they
play), and the heuristic tables' *bot move time* is measured too: from the state showing a bot to act to the state
showing its move (the bot delay included). ``--server-bots ray`` runs the bots as Ray tasks (``kirifuda serve --bots
ray``).

    python bench/web_load.py --tables 100 --seconds 30 --json
    python bench/web_load.py --tables 100 --hard-tables 4 --seconds 30 --json
    python bench/web_load.py --tables 100 --hard-tables 4 --server-bots ray --seconds 30 --json

Traffic goes to 127.0.0.1 only; every loop is bounded by ``--seconds`` and the number of tables.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from rich.progress import Progress
from websockets.asyncio.client import connect

console = Console(stderr=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def rss_kib(pid: int) -> int:
    """Resident memory of a process (KiB)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry.name))
    return out


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Table:
    """One table's client: plays its seat, keeps the round trips of its moves."""

    def __init__(self, url: str, rng: random.Random) -> None:
        self.url = url
        self.rng = rng
        self.round_trips: list[float] = []
        self.sent_at: float | None = None
        self.acted = -1
        self.playing: str | None = None
        self.messages = 0
        self.finished = False
        self.errors = 0
        self.bot_moves: list[float] = []
        self.bot_turn: tuple[int, float] | None = None  # (version, when) a bot was seen to act

    async def run(self, stop: asyncio.Event, token: str | None = None) -> None:
        async with connect(self.url, max_size=2**24) as ws:
            if token is not None:
                await ws.send(json.dumps({"type": "auth", "token": token}))  # never in the URL
            waiter = asyncio.ensure_future(stop.wait())
            while not stop.is_set():
                receiver = asyncio.ensure_future(ws.recv())
                done, _ = await asyncio.wait({receiver, waiter}, return_when=asyncio.FIRST_COMPLETED)
                if receiver not in done:
                    receiver.cancel()
                    break
                now = time.perf_counter()
                message = json.loads(receiver.result())
                self.messages += 1
                if message["type"] == "error":
                    self.errors += 1
                    self.acted = -1
                    self.sent_at = None
                    continue
                if message["seat"] is None and token is not None:
                    continue  # the spectator's state before the auth message is answered
                if self.sent_at is not None and message["version"] > self.acted:
                    self.round_trips.append(now - self.sent_at)
                    self.sent_at = None
                if self.bot_turn is not None and message["version"] > self.bot_turn[0]:
                    self.bot_moves.append(now - self.bot_turn[1])
                    self.bot_turn = None
                bots_to_act = message["to_act"] and 0 not in message["to_act"]
                if bots_to_act and self.bot_turn is None:
                    self.bot_turn = (message["version"], now)
                self.playing = message["players"][1]["playing"]
                if message["seat"] is None:
                    self.messages = message["version"]  # a spectator: how far its table has come
                    continue
                if message["finished"]:
                    self.finished = True
                    break
                if message["legal"] and message["version"] != self.acted and self.sent_at is None:
                    self.acted = message["version"]
                    self.sent_at = time.perf_counter()
                    act = {"type": "act", "version": message["version"], "action": self.rng.choice(message["legal"])}
                    await ws.send(json.dumps(act))
            waiter.cancel()


async def drive(base: str, args: argparse.Namespace, server_pid: int) -> dict[str, Any]:
    rng = random.Random(args.seed)
    tables: list[Table] = []
    async with httpx.AsyncClient(timeout=60) as http:
        games = (await http.get(f"{base}/api/games")).json()
        assert args.game in [g["id"] for g in games["games"]]
        seats_count = (await http.post(f"{base}/api/games/{args.game}/check", json={})).json()["seats"]
        with Progress(console=console, transient=True) as progress:
            task = progress.add_task(f"opening {args.tables} tables", total=args.tables)
            tokens: list[str] = []
            for _ in range(args.tables):
                body = {"game": args.game, "seats": ["human"] + [args.bots] * (seats_count - 1)}
                created = (await http.post(f"{base}/api/tables", json=body)).json()
                ws = base.replace("http://", "ws://") + f"/ws/tables/{created['id']}"
                tables.append(Table(ws, random.Random(rng.random())))
                tokens.append(created["seats"][0]["token"])
                progress.advance(task)
            watchers: list[Table] = []
            for _ in range(args.hard_tables):
                body = {"game": args.game, "seats": ["hard"] * seats_count}
                created = (await http.post(f"{base}/api/tables", json=body)).json()
                watchers.append(Table(base.replace("http://", "ws://") + f"/ws/tables/{created['id']}", rng))
    stop = asyncio.Event()
    runners = [asyncio.ensure_future(t.run(stop, token)) for t, token in zip(tables, tokens, strict=True)]
    runners += [asyncio.ensure_future(w.run(stop)) for w in watchers]
    await asyncio.sleep(args.warmup)
    for table in tables:  # the measured window starts now
        table.round_trips.clear()
        table.bot_moves.clear()
    hard_start = sum(w.messages for w in watchers)
    rss_tables = rss_kib(server_pid)
    async with httpx.AsyncClient(timeout=60) as http:
        since = (await http.get(f"{base}/api/stats")).json()["now"]
    cpu_start, wall_start, client_start = cpu_seconds(server_pid), time.perf_counter(), time.process_time()
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(f"measuring {args.seconds:g} s", total=args.seconds)
        while (elapsed := time.perf_counter() - wall_start) < args.seconds:
            await asyncio.sleep(0.5)
            progress.update(task, completed=min(elapsed, args.seconds))
    cpu = cpu_seconds(server_pid) - cpu_start
    client_cpu = time.process_time() - client_start
    wall = time.perf_counter() - wall_start
    async with httpx.AsyncClient(timeout=60) as http:
        server_side = (await http.get(f"{base}/api/stats", params={"since": since})).json()
    rss_end = rss_kib(server_pid)
    workers = children(server_pid)
    hard_moves = sum(w.messages for w in watchers) - hard_start
    stop.set()
    await asyncio.gather(*runners, return_exceptions=True)
    trips = sorted(x for t in tables for x in t.round_trips)
    return {
        "trips": trips,
        "bot_moves": sorted(x for t in tables for x in t.bot_moves),
        "hard_moves": hard_moves,
        "wall": wall,
        "cpu": cpu,
        "rss_tables": rss_tables,
        "rss_end": rss_end,
        "workers_rss": sum(rss_kib(p) for p in workers if Path(f"/proc/{p}").exists()),
        "playing": sorted({t.playing for t in tables if t.playing}),
        "errors": sum(t.errors for t in tables),
        "finished": sum(t.finished for t in tables),
        "server_side": server_side,
        "client_cpu": client_cpu,
    }


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--bots", default="heuristic", help="the bot in every other seat (heuristic, normal, …)")
    parser.add_argument("--game", default="anou")
    parser.add_argument("--bot-delay", type=float, default=0.8, help="the server's --bot-delay (its default: 0.8)")
    parser.add_argument("--seconds", type=float, default=60, help="the measured window")
    parser.add_argument("--warmup", type=float, default=5, help="seconds of play before the window opens")
    parser.add_argument("--seed", type=int, default=1, help="the client's choices (deals come from the server's OS)")
    parser.add_argument("--hard-tables", type=int, default=0, help="tables of hard bots only, besides --tables")
    parser.add_argument("--server-bots", default="local", help="the server's --bots (local, ray, or a Ray address)")
    parser.add_argument("--bot-workers", type=int, default=2, help="the server's --bot-workers")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--raw", type=Path, help="also write every round trip and bot move (seconds) to this JSON file")
    parser.add_argument("--server-command", help="start the server with this command instead (e.g. under a profiler)")
    args = parser.parse_args()

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        command = [sys.executable, "-m", "kirifuda", "serve", "--db", f"{tmp}/bench.db", "--port", str(port)]
        if args.server_command:
            command = args.server_command.split() + ["serve", "--db", f"{tmp}/bench.db", "--port", str(port)]
        command += ["--bot-delay", str(args.bot_delay), "--log-level", "error", "--bots", args.server_bots]
        command += ["--bot-workers", str(args.bot_workers), "--bot-tables", "--tables-per-minute", "100000"]
        command += ["--open-tables-per-address", "100000", "--sockets-per-address", "100000"]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    if httpx.get(f"{base}/api/games", timeout=5).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("kirifuda serve did not start")
                time.sleep(0.2)
            time.sleep(2)  # the bot workers start
            rss_idle = rss_kib(server.pid)
            result = asyncio.run(drive(base, args, server.pid))
        finally:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
    trips = result["trips"]
    bot_moves = result["bot_moves"]
    out = {
        "game": args.game,
        "tables": args.tables,
        "hard_tables": args.hard_tables,
        "server_bots": args.server_bots,
        "bots": args.bots,
        "bots_playing": result["playing"],
        "bot_delay": args.bot_delay,
        "seconds": round(result["wall"], 1),
        "moves": len(trips),
        "moves_per_second": round(len(trips) / result["wall"], 1),
        "p50_ms": round(quantile(trips, 0.50) * 1000, 1),
        "p90_ms": round(quantile(trips, 0.90) * 1000, 1),
        "p99_ms": round(quantile(trips, 0.99) * 1000, 1),
        "max_ms": round((trips[-1] if trips else float("nan")) * 1000, 1),
        "mean_ms": round(statistics.fmean(trips) * 1000, 1) if trips else None,
        "bot_moves": len(bot_moves),
        "bot_move_p50_ms": round(quantile(bot_moves, 0.50) * 1000, 1),
        "bot_move_p99_ms": round(quantile(bot_moves, 0.99) * 1000, 1),
        "bot_move_mean_ms": round(statistics.fmean(bot_moves) * 1000, 1) if bot_moves else None,
        "hard_table_moves": result["hard_moves"],
        "server_p50_ms": round(result["server_side"]["wall_ms"].get("p50", float("nan")), 2),
        "server_p99_ms": round(result["server_side"]["wall_ms"].get("p99", float("nan")), 2),
        "server_cpu_p50_ms": round(result["server_side"]["cpu_ms"].get("p50", float("nan")), 2),
        "server_cpu_p99_ms": round(result["server_side"]["cpu_ms"].get("p99", float("nan")), 2),
        "server_cpu_percent": round(100 * result["cpu"] / result["wall"], 1),
        "client_cpu_percent": round(100 * result["client_cpu"] / result["wall"], 1),
        "rss_idle_mib": round(rss_idle / 1024, 1),
        "rss_with_tables_mib": round(result["rss_end"] / 1024, 1),
        "memory_per_table_kib": round((result["rss_end"] - rss_idle) / args.tables, 1),
        "bot_workers_rss_mib": round(result["workers_rss"] / 1024, 1),
        "refusals": result["errors"],
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
    }
    if args.raw:
        args.raw.write_text(json.dumps({"trips": trips, "bot_moves": bot_moves, "summary": out}))
    if args.json:
        print(json.dumps(out))
        return
    for key, value in out.items():
        print(f"{key:24} {value}")


if __name__ == "__main__":
    main()
