"""Time budgets under load, with and without admission control:
``python bench/service_load.py [--clients 8 32] [--time-ms 500] [--seconds 8] [--max-concurrent N ...]``.

Starts `gaia-ai serve` on a free loopback port once per setting of --max-concurrent (``default``: the
server's own default, the machine's cores) and, for each client count, runs that many client threads for
--seconds: each calls SuggestMoves on the demo position with a time budget of --time-ms, one call after
another; a call refused with RESOURCE_EXHAUSTED (the server's searches, or gRPC's limit of calls in
progress, are full) is counted and retried after 100 ms.
Prints, per setting and client count: the calls admitted and refused, the admitted calls' p50, p99 and
max latency (client side, ms), p99 / budget (the promise: at most 1.10) and the same of the time the
server reports (stats.server_ms: without the client's own share of the machine). Wall-clock figures of a
shared machine: compare them, never gate on them.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from typing import Any

import grpc

from gaia_ai.cores import usable_cores
from gaia_ai.games.gaia.requests import demo_position
from gaia_ai.service.client import ServiceError, SuggestClient

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from service import percentile  # the service bench's, beside this file


def start_server(max_concurrent: str) -> tuple[subprocess.Popen[str], str]:
    extra = [] if max_concurrent == "default" else ["--max-concurrent", max_concurrent,
                                                    "--workers", str(int(max_concurrent) + 4)]
    process = subprocess.Popen([sys.executable, "-m", "gaia_ai", "serve", "--port", "0", *extra],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    started = json.loads(process.stderr.readline())
    threading.Thread(target=lambda: [None for _ in process.stderr], daemon=True).start()  # type: ignore[union-attr]
    return process, started["address"]


def run(target: str, clients: int, time_ms: int, seconds: float) -> dict[str, Any]:
    latencies: list[float] = []
    server_ms: list[float] = []
    counts = {"refused": 0, "failed": 0}
    lock = threading.Lock()
    barrier = threading.Barrier(clients + 1)
    position = demo_position()

    def loop(index: int) -> None:
        with SuggestClient(target, timeout=60) as client:
            grpc.channel_ready_future(client._channel).result(timeout=30)   # connected before the clock starts
            barrier.wait()
            end = time.perf_counter() + seconds
            i = 0
            while time.perf_counter() < end:
                i += 1
                start = time.perf_counter()
                try:
                    answer = client.suggest(position, time_ms=time_ms, seed=index * 100_000 + i, top_k=3)
                except ServiceError as e:
                    with lock:
                        counts["refused" if e.code == grpc.StatusCode.RESOURCE_EXHAUSTED else "failed"] += 1
                    time.sleep(0.1)
                    continue
                with lock:
                    latencies.append((time.perf_counter() - start) * 1000)
                    server_ms.append(answer.stats.server_ms)

    threads = [threading.Thread(target=loop, args=(c,)) for c in range(clients)]
    for t in threads:
        t.start()
    barrier.wait()
    for t in threads:
        t.join()
    return {"admitted": len(latencies), **counts,
            "p50": percentile(latencies, 50) if latencies else float("nan"),
            "p99": percentile(latencies, 99) if latencies else float("nan"),
            "max": max(latencies, default=float("nan")),
            "server_p99": percentile(server_ms, 99) if server_ms else float("nan")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[8, 32])
    parser.add_argument("--time-ms", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--max-concurrent", nargs="+", default=["default"],
                        help="server settings to compare: 'default' (the cores) or a number")
    args = parser.parse_args(argv)
    print(f"{usable_cores()} cores, time budget {args.time_ms} ms, {args.seconds:.0f} s a run")
    print(f"{'max-concurrent':>14} {'clients':>7} {'admitted':>8} {'refused':>7} {'p50 ms':>7} {'p99 ms':>7} "
          f"{'max ms':>7} {'p99/budget':>10} {'server p99/budget':>17}")
    for setting in args.max_concurrent:
        process, target = start_server(setting)
        try:
            run(target, 1, 100, 1.0)   # warm up
            for clients in args.clients:
                r = run(target, clients, args.time_ms, args.seconds)
                label = f"{setting} ({usable_cores()})" if setting == "default" else setting
                print(f"{label:>14} {clients:>7} {r['admitted']:>8} {r['refused']:>7} {r['p50']:7.0f} {r['p99']:7.0f} "
                      f"{r['max']:7.0f} {r['p99'] / args.time_ms:10.3f} {r['server_p99'] / args.time_ms:17.3f}"
                      + (f"   {r['failed']} failed otherwise" if r["failed"] else ""), flush=True)
        finally:
            process.terminate()
            process.wait(30)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
