"""``make mutate``: mutation testing of the rules engines with mutmut, and the report.

Each mutant flips one rule (``<`` to ``<=``, ``+`` to ``-``, a number + 1, ``and`` to ``or``…)
inside a function of ``scoring/``; mutmut runs the tests that call that function (it records
which, once) and the mutant is killed when one fails. A survivor is a rule no test notices,
unless it is on ``mutation/equivalent.toml``: a mutant judged to change nothing a player can
tell. The report, per module, goes to ``mutation/results.json`` and ``mutation/summary.md``.

``python mutation/run.py`` runs every module of the scope (pyproject.toml's
``[tool.mutmut] only_mutate``); ``python mutation/run.py scoring/tago/ledger.py …`` runs those
modules and updates their rows of the report; ``python mutation/run.py --report`` only tallies
again what the runs left in ``mutants/``. See docs/development.md, "Mutation testing".
"""

from __future__ import annotations

import fnmatch
import json
import os
import sys
import time
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HERE = ROOT / "mutation"
RESULTS = HERE / "results.json"
SUMMARY = HERE / "summary.md"
EQUIVALENT = HERE / "equivalent.toml"
#: A module's row of the report, and the report (as JSON).
Row = dict[str, Any]
Report = dict[str, Any]

#: mutmut's operators that change a rule: a comparison, an arithmetic or boolean operator, a
#: number, ``is``/``in``, ``break``/``continue``, ``not`` dropped, ``+=`` made ``=``, ``True``
#: for ``False``, a ternary forced down one arm, a ``case`` dropped. Left out: a string's
#: letters, an argument dropped or made ``None``, ``x = None`` — they change what flows where,
#: not a rule, and mypy strict or the first call catches nearly all of them.
RULE_OPERATORS = (
    "operator_swap_op",
    "operator_number",
    "operator_keywords",
    "operator_name",
    "operator_remove_unary_ops",
    "operator_augmented_assignment",
    "operator_if_exp",
    "operator_match",
)
#: A mutant's fate as the report counts it (mutmut's own names on the left).
DETECTED = {"killed", "timeout", "segfault", "caught by type check"}
NOT_RUN = {"not checked", "check was interrupted by user", "skipped"}


@dataclass(frozen=True)
class Mutant:
    """One mutant: mutmut's name, where it is, the line before and after, and its fate."""

    name: str
    module: str
    function: str
    before: str
    after: str
    status: str

    @property
    def key(self) -> tuple[str, str, str, str]:
        """What identifies it across runs: not its number or line, which move with any edit."""
        return (self.module, self.function, self.before, self.after)


def scope() -> list[str]:
    """The modules mutated: pyproject's ``only_mutate`` globs over ``source_paths``, less its
    ``do_not_mutate`` ones (as mutmut reads them)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    found = {
        str(path.relative_to(ROOT))
        for source in config["source_paths"]
        for path in (ROOT / source).rglob("*.py")
    }
    return sorted(
        m
        for m in found
        if any(fnmatch.fnmatch(m, g) for g in config["only_mutate"])
        and not any(fnmatch.fnmatch(m, g) for g in config.get("do_not_mutate", []))
    )


def mutant_glob(module: str) -> str:
    """mutmut's names for a module's mutants: ``scoring.tago.ledger.*``."""
    return module.removesuffix(".py").removesuffix("/__init__").replace("/", ".") + ".*"


def restrict_operators() -> None:
    """Keep only the operators that change a rule (mutmut forks its workers, so they inherit)."""
    from mutmut.mutation import mutators

    kept = [(t, op) for t, op in mutators.mutation_operators if op.__name__ in RULE_OPERATORS]
    missing = set(RULE_OPERATORS) - {op.__name__ for _, op in kept}
    if missing:
        sys.exit(f"mutmut no longer has the operators {sorted(missing)}: update RULE_OPERATORS")
    mutators.mutation_operators[:] = kept  # type: ignore[index]


def fast_tests_first() -> None:
    """Hand each mutant its tests quickest first (mutmut gives them in no order): a killed
    mutant fails on a quick test instead of after the slowest (Tagò's brute-force odds)."""
    from mutmut.state import state
    from mutmut.workers.isolation import ForkRunner

    submit = ForkRunner.submit

    def quickest_first(
        self: ForkRunner,
        mutant_name: str,
        tests: list[str],
        cpu_time_limit: int,
        estimated_time: float,
    ) -> None:
        durations = state().duration_by_test
        quickest = sorted(tests, key=lambda test: durations.get(test, 0.0))
        submit(self, mutant_name, quickest, cpu_time_limit, estimated_time)

    ForkRunner.submit = quickest_first  # type: ignore[method-assign]


def run_mutmut(modules: list[str]) -> None:
    """``mutmut run`` on the modules' mutants, every one tested again."""
    from mutmut.__main__ import cli

    # The hypothesis profile the runs share (mutation/derandomize.py), loaded by ``-p``.
    sys.path.insert(0, str(HERE))
    try:
        cli(["run", *map(mutant_glob, modules)], standalone_mode=False)
    except SystemExit as stop:
        if stop.code:
            raise


def diff_lines(diff: str) -> tuple[str, str]:
    """The lines a mutant changes, before and after, each stripped and joined by ``⏎``."""
    lines = [line for line in diff.splitlines() if not line.startswith(("---", "+++", "@@"))]
    before = " ⏎ ".join(line[1:].strip() for line in lines if line.startswith("-"))
    after = " ⏎ ".join(line[1:].strip() for line in lines if line.startswith("+"))
    return before, after


def read_mutants(module: str) -> list[Mutant]:
    """The module's mutants and their fate, as mutmut left them in ``mutants/``."""
    from mutmut.mutation.data import SourceFileMutationData
    from mutmut.mutation.diff_apply import get_diff_for_mutant
    from mutmut.stats import status_by_exit_code
    from mutmut.utils.format_utils import orig_function_and_class_names_from_key

    data = SourceFileMutationData(path=module)
    data.load()
    found = []
    for name, code in sorted(data.exit_code_by_key.items()):
        function, cls = orig_function_and_class_names_from_key(name)
        status = status_by_exit_code[code]
        before, after = ("", "")
        if status not in DETECTED:
            before, after = diff_lines(get_diff_for_mutant(name, path=module))
        qualified = f"{cls}.{function}" if cls else function
        found.append(Mutant(name, module, qualified, before, after, status))
    return found


def read_equivalent() -> dict[tuple[str, str, str, str], str]:
    """The judged list: each equivalent mutant's key and why it changes nothing."""
    entries = tomllib.loads(EQUIVALENT.read_text(encoding="utf-8")).get("mutant", [])
    return {(e["module"], e["function"], e["before"], e["after"]): e["why"] for e in entries}


def tally(mutants: list[Mutant], equivalent: dict[tuple[str, str, str, str], str]) -> Row:
    """A module's row: its counts, its score and what survived unjudged."""
    counts = Counter(m.status for m in mutants)
    judged = [m for m in mutants if m.status not in DETECTED | NOT_RUN and m.key in equivalent]
    gaps = [m for m in mutants if m.status not in DETECTED | NOT_RUN and m.key not in equivalent]
    killed = sum(counts[s] for s in DETECTED)
    counted = len(mutants) - sum(counts[s] for s in NOT_RUN) - len(judged)
    return {
        "mutants": len(mutants),
        "killed": counts["killed"] + counts["segfault"] + counts["caught by type check"],
        "timed_out": counts["timeout"],
        "survived": counts["survived"],
        "no_tests": counts["no tests"],
        "suspicious": counts["suspicious"],
        "not_run": sum(counts[s] for s in NOT_RUN),
        "equivalent": len(judged),
        "score": round(killed / counted, 4) if counted else 1.0,
        "gaps": [
            {"mutant": m.name, "function": m.function, "before": m.before, "after": m.after}
            | {"status": m.status}
            for m in gaps
        ],
    }


def stale(
    modules: list[str], mutants: list[Mutant], equivalent: dict[tuple[str, str, str, str], str]
) -> list[tuple[str, str, str, str]]:
    """Judged mutants of the modules run that no run made or saw survive: drop them."""
    alive = {m.key for m in mutants if m.status not in DETECTED}
    return sorted(k for k in equivalent if k[0] in modules and k not in alive)


def totals(rows: dict[str, Row]) -> Row:
    """The whole scope's counts and score, from its modules' rows."""
    fields = ("mutants", "killed", "timed_out", "survived", "no_tests", "suspicious", "not_run")
    summed = {field: sum(row[field] for row in rows.values()) for field in (*fields, "equivalent")}
    counted = summed["mutants"] - summed["not_run"] - summed["equivalent"]
    detected = summed["killed"] + summed["timed_out"]
    summed["gaps"] = sum(len(row["gaps"]) for row in rows.values())
    summed["score"] = round(detected / counted, 4) if counted else 1.0
    return summed


def write_report(report: Report) -> None:
    RESULTS.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    lines = [
        "# Mutation testing: the last report",
        "",
        f"Written by `make mutate` ({report['mutmut']}, {report['operators']}); "
        'see docs/development.md, "Mutation testing". Score: killed (or timed out) out of the '
        "mutants not judged equivalent.",
        "",
        _full_run(report.get("last_full_run")),
        "",
        "| module | mutants | killed | timed out | equivalent | gaps | not run | score | seconds |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for module, row in report["modules"].items():
        lines.append(
            f"| `{module}` | {row['mutants']} | {row['killed']} | {row['timed_out']} | "
            f"{row['equivalent']} | {len(row['gaps'])} | {row['not_run']} | {row['score']:.1%} | "
            f"{row['seconds'] or ''} |"
        )
    whole = report["total"]
    lines += [
        f"| **all** | {whole['mutants']} | {whole['killed']} | {whole['timed_out']} | "
        f"{whole['equivalent']} | {whole['gaps']} | {whole['not_run']} | {whole['score']:.1%} | |",
        "",
    ]
    for module, row in report["modules"].items():
        for gap in row["gaps"]:
            lines.append(
                f"- gap in `{module}` `{gap['function']}` ({gap['status']}): "
                f"`{gap['before']}` → `{gap['after']}` (`{gap['mutant']}`)"
            )
    SUMMARY.write_text("\n".join(lines).rstrip() + "\n", encoding="utf-8")


def _full_run(run: Row | None) -> str:
    if not run:
        return "No full run yet."
    minutes = run["seconds"] / 60
    said = f"The last full run took {minutes:.0f} minutes on {run['cores']} cores ({run['date']})"
    return f"{said}; {run['note']}" if run.get("note") else f"{said}."


def main(arguments: list[str]) -> int:
    """Run the modules named (all of the scope if none), or with ``--report`` only tally what
    the last runs left in ``mutants/`` again (after judging a survivor, say)."""
    os.chdir(ROOT)
    report_only = arguments[:1] == ["--report"]
    everything = scope()
    modules = [m.removeprefix("./") for m in arguments[report_only:]] or everything
    unknown = [m for m in modules if m not in everything]
    if unknown:
        sys.exit(f"not in the scope of make mutate (pyproject's [tool.mutmut]): {unknown}")

    import mutmut

    restrict_operators()
    fast_tests_first()
    started = time.monotonic()
    if not report_only:
        run_mutmut(modules)
    elapsed = round(time.monotonic() - started)

    equivalent = read_equivalent()
    before: Report = json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.exists() else {}
    rows = {m: r for m, r in before.get("modules", {}).items() if m in everything}
    mutants = [mutant for module in modules for mutant in read_mutants(module)]
    for module in modules:
        seconds = rows.get(module, {}).get("seconds")
        rows[module] = tally([m for m in mutants if m.module == module], equivalent)
        rows[module]["seconds"] = elapsed if len(modules) == 1 and not report_only else seconds
    full_run = before.get("last_full_run")
    if modules == everything and not report_only:
        full_run = {"seconds": elapsed, "date": time.strftime("%Y-%m-%d"), "cores": os.cpu_count()}
    report: Report = {
        "mutmut": f"mutmut {mutmut.__version__}",
        "operators": "rule operators only: " + ", ".join(RULE_OPERATORS),
        "last_full_run": full_run,
        "modules": dict(sorted(rows.items())),
    }
    report["total"] = totals(report["modules"])
    write_report(report)

    if not report_only:
        print(f"\nmutation testing of {len(modules)} module(s) in {elapsed} s")
    for module in modules:
        row = rows[module]
        print(
            f"  {module}: {row['mutants']} mutants, {row['killed']} killed, "
            f"{row['timed_out']} timed out, {row['equivalent']} equivalent, "
            f"{len(row['gaps'])} gaps: {row['score']:.1%}"
        )
        for gap in row["gaps"]:
            print(f"    GAP {gap['function']}: {gap['before']}  →  {gap['after']}")
            print(f"        ({gap['status']}; see it: .venv/bin/mutmut show {gap['mutant']})")
    for key in stale(modules, mutants, equivalent):
        print(f"  no longer survives, drop it from equivalent.toml: {' | '.join(key)}")
    whole = report["total"]
    print(f"whole scope (mutation/summary.md): {whole['score']:.1%}, {whole['gaps']} gaps")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
