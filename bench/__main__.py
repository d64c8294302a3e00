"""``python -m bench``: every benchmark, one table, and ``bench/results.json``.

The machine these run on is shared and noisy, so no figure is judged on its own: each is
measured in the same run, side by side, with a reference that the noise hits the same way
(the durable floor of a hand, a bare echo handler, the same command under other conditions,
a plain matplotlib chart, a bare import), and judged by the ratio, or by an absolute limit
where the issue sets one.

``--quick`` is a smoke run of every benchmark, smaller (about 15 s); ``--only NAME`` runs
some of them. Both print the table but write no file unless ``--output`` says where: only a
whole, full run replaces ``bench/results.json``. The exit status is 0 even when a figure
fails: the table and the file say which.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import os
import platform
import sqlite3
import sys
import time
from collections.abc import Callable, Coroutine, Sequence
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

from bench.common import Figure

Measure = Callable[[bool], Coroutine[Any, Any, list[Figure]]]
#: Each benchmark's module, in the order they run; each has ``measure(quick)``. They are
#: imported when they run: a chart worker process (started with "spawn") imports this
#: module again, and has no use for the rest.
BENCHMARKS = (
    "mano", "webhook", "burst", "fairness", "classifica", "grafico", "history", "coldstart",
    "forecast", "macchiavelli", "macchiavelli_forecast", "tago", "punti", "punti_forecast", "board",
)  # fmt: skip
RESULTS = Path(__file__).with_name("results.json")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench",
        description="TamaloBot's benchmarks: one table, and bench/results.json.",
    )
    parser.add_argument("--quick", action="store_true", help="a fast, smaller smoke run")
    parser.add_argument(
        "--only",
        action="append",
        choices=BENCHMARKS,
        help="run this benchmark only (repeatable)",
    )
    parser.add_argument(
        "--postgres",
        metavar="URL",
        help="also measure the burst on this PostgreSQL server (postgresql+asyncpg://…; "
        "each run creates a database of its own and drops it), as TAMALO_TEST_POSTGRES_URL does",
    )
    parser.add_argument(
        "--output",
        type=Path,
        help=f"where to write the figures (default {RESULTS.name} next to this file; "
        "a --quick or --only run writes none unless told)",
    )
    return parser.parse_args(argv)


def machine() -> dict[str, object]:
    """What the figures were measured on."""
    cpu = "unknown"
    with open("/proc/cpuinfo") as info:
        for line in info:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return {
        "nproc": len(os.sched_getaffinity(0)),
        "cpu": cpu,
        "platform": platform.platform(),
        "python": platform.python_version(),
        "python-telegram-bot": metadata.version("python-telegram-bot"),
        "SQLAlchemy": metadata.version("SQLAlchemy"),
        "SQLite": sqlite3.sqlite_version,
        "aiosqlite": metadata.version("aiosqlite"),
        "matplotlib": metadata.version("matplotlib"),
    }


def _amount(value: float, unit: str) -> str:
    digits = 2 if abs(value) < 10 else 1 if abs(value) < 1000 else 0
    return f"{value:.{digits}f} {unit}"


def table(figures: Sequence[Figure]) -> str:
    """One aligned table: figure, value, reference, ratio, target, result."""
    header = ("figure", "value", "reference", "ratio", "target", "result")
    rows = [
        (
            f.name,
            _amount(f.value, f.unit),
            f"{_amount(f.reference, f.unit)}  {f.reference_name}",
            f"{f.ratio:.2f}×",
            f.target,
            f.verdict,
        )
        for f in figures
    ]
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    right = {1, 3}  # numbers line up on the right

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            cell.rjust(width) if i in right else cell.ljust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    rule = "  ".join("-" * width for width in widths)
    return "\n".join([line(header), rule, *(line(row) for row in rows)])


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.postgres:
        os.environ["TAMALO_BENCH_POSTGRES_URL"] = args.postgres
    chosen = [name for name in BENCHMARKS if name in (args.only or BENCHMARKS)]
    started = time.perf_counter()
    load_before = os.getloadavg()
    figures: list[Figure] = []
    for name in chosen:
        print(f"{name}…", end=" ", file=sys.stderr, flush=True)
        begun = time.perf_counter()
        measure: Measure = importlib.import_module(f"bench.{name}").measure
        figures += asyncio.run(measure(args.quick))
        print(f"{time.perf_counter() - begun:.1f} s", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - started
    print(table(figures))
    print()
    for figure in figures:
        if figure.note:
            print(f"- {figure.name}: {figure.note}")
    verdicts = [figure.verdict for figure in figures]
    print(
        f"\n{verdicts.count('PASS')} pass, {verdicts.count('FAIL')} fail, "
        f"{verdicts.count('info')} reported; {seconds:.0f} s in all"
        + (" (quick run)" if args.quick else "")
        + f"; load average {load_before[0]:.2f} before, {os.getloadavg()[0]:.2f} after"
    )
    # Only a whole, full run replaces the figures kept in the repository.
    output: Path | None = args.output or (None if args.quick or args.only else RESULTS)
    if output is not None:
        results = {
            "date": datetime.now(UTC).isoformat(timespec="seconds"),
            "quick": args.quick,
            "benchmarks": chosen,
            "seconds": round(seconds, 1),
            "machine": machine(),
            # Other work on the machine meanwhile (1-minute load average, before and after).
            "load_average": [round(load_before[0], 2), round(os.getloadavg()[0], 2)],
            "figures": [figure.as_json() for figure in figures],
        }
        output.write_text(json.dumps(results, ensure_ascii=False, indent=2) + "\n")
        print(f"written to {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
