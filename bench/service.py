"""Service latency and throughput: ``python bench/service.py [--simulations 200 1000] [--time-ms 500]
[--clients 1 4 8] [--requests N] [--repeats R] [--server HOST:PORT] [--json]``.

Starts `gaia-ai serve` on a free loopback port (or uses --server) and calls SuggestMoves from client
threads, each with its own channel, one call after another; the positions alternate between the demo
position (a posted move log) and a boardgamers.space export, seeds vary by call, threads = 1.

Measured, each scenario repeated --repeats times:
- latency (p50/p95/p99, ms, client side) at each fixed simulation budget with 1 client;
- latency at the time budget with 1 client and with the most clients, and its p99 over the budget
  (target: within 10% at 8 clients);
- throughput (calls/second) at the first simulation budget with each client count.
Each figure is the median over the repeats, with the min-max spread. Wall-clock figures of a shared
machine: compare them, never gate on them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from gaia_ai.games.gaia.requests import demo_position, position_from_bgs
from gaia_ai.service.client import SuggestClient
from gaia_ai.v1 import suggest_pb2 as pb

EXPORT = Path(__file__).resolve().parents[1] / "tests" / "data" / "exports" / "bot-000-at-60.json"


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by linear interpolation between the closest ranks."""
    ordered = sorted(values)
    k = (len(ordered) - 1) * q / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def run_scenario(target: str, positions: list[pb.Position], clients: int, requests: int,
                 budget: dict[str, int]) -> dict[str, Any]:
    """`clients` threads, each making `requests` calls in a row; latencies (ms) and calls/second."""
    latencies: list[float] = []
    failures: list[str] = []
    lock = threading.Lock()
    barrier = threading.Barrier(clients + 1)

    def client_loop(index: int) -> None:
        with SuggestClient(target, timeout=120) as client:
            client.health()   # connect before the clock starts
            barrier.wait()
            for i in range(requests):
                position = positions[(index + i) % len(positions)]
                start = time.perf_counter()
                try:
                    client.suggest(position, seed=index * 1000 + i, top_k=5, **budget)
                except Exception as e:  # noqa: BLE001 (a benchmark counts failures, it does not stop)
                    with lock:
                        failures.append(str(e))
                    continue
                with lock:
                    latencies.append((time.perf_counter() - start) * 1000)

    threads = [threading.Thread(target=client_loop, args=(c,)) for c in range(clients)]
    for t in threads:
        t.start()
    barrier.wait()
    start = time.perf_counter()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    return {
        "p50": percentile(latencies, 50) if latencies else float("nan"),
        "p95": percentile(latencies, 95) if latencies else float("nan"),
        "p99": percentile(latencies, 99) if latencies else float("nan"),
        "calls_per_second": len(latencies) / wall,
        "failures": len(failures),
        "first_failure": failures[0] if failures else None,
    }


def summarise(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Median, min and max over the repeats of every figure."""
    out: dict[str, Any] = {}
    for key in ("p50", "p95", "p99", "calls_per_second"):
        values = [r[key] for r in runs]
        out[key] = {"median": statistics.median(values), "min": min(values), "max": max(values)}
    out["failures"] = sum(r["failures"] for r in runs)
    out["first_failure"] = next((r["first_failure"] for r in runs if r["first_failure"]), None)
    return out


def _spread(figure: dict[str, float]) -> str:
    return f"{figure['median']:8.1f} ({figure['min']:.0f}-{figure['max']:.0f})"


def start_server(max_concurrent: int) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "gaia_ai", "serve", "--port", "0", "--max-concurrent", str(max_concurrent),
         "--workers", str(max_concurrent + 4)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    started = json.loads(process.stderr.readline())
    # keep draining its log lines: a full pipe would block the server
    threading.Thread(target=lambda: [None for _ in process.stderr], daemon=True).start()  # type: ignore[union-attr]
    return process, started["address"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--simulations", type=int, nargs="+", default=[200, 1000], metavar="N")
    parser.add_argument("--time-ms", type=int, default=500, metavar="T")
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 4, 8], metavar="C")
    parser.add_argument("--requests", type=int, default=8, metavar="N", help="calls per client per scenario")
    parser.add_argument("--repeats", type=int, default=3, metavar="R")
    parser.add_argument("--server", metavar="HOST:PORT", help="an already running server (default: start one)")
    parser.add_argument("--json", action="store_true", help="end with one JSON line of every figure")
    args = parser.parse_args(argv)

    process = None
    target = args.server
    if target is None:
        process, target = start_server(max(args.clients))
    positions = [demo_position(), position_from_bgs(EXPORT.read_text())]
    most = max(args.clients)
    scenarios: list[tuple[str, int, dict[str, int]]] = [
        *((f"simulations={n}, 1 client", 1, {"simulations": n}) for n in args.simulations),
        (f"time_ms={args.time_ms}, 1 client", 1, {"time_ms": args.time_ms}),
        (f"time_ms={args.time_ms}, {most} clients", most, {"time_ms": args.time_ms}),
        *((f"simulations={args.simulations[0]}, {c} clients", c, {"simulations": args.simulations[0]})
          for c in args.clients),
    ]
    results: dict[str, Any] = {}
    try:
        run_scenario(target, positions, 1, 2, {"simulations": 50})   # warm up
        for name, clients, budget in scenarios:
            runs = [run_scenario(target, positions, clients, args.requests, budget) for _ in range(args.repeats)]
            results[name] = summarise(runs)
            r = results[name]
            line = (f"{name:<28} p50 {_spread(r['p50'])}  p95 {_spread(r['p95'])}  p99 {_spread(r['p99'])} ms   "
                    f"{r['calls_per_second']['median']:6.2f} calls/s")
            if "time_ms" in budget:
                line += f"   p99/budget {r['p99']['median'] / budget['time_ms']:.3f}"
            if r["failures"]:
                line += f"   {r['failures']} failed: {r['first_failure']}"
            print(line, flush=True)
    finally:
        if process is not None:
            process.terminate()
            process.wait(30)
    if args.json:
        print(json.dumps({"time_ms": args.time_ms, "requests": args.requests, "repeats": args.repeats,
                          "scenarios": results}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
