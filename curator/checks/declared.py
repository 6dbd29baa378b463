"""Evaluate a frontmatter check's `expect:` ("count == 58", "exit == 0", "contains foo", "empty") on a probe."""

from __future__ import annotations

from curator import lazyre as re
from curator.checks.results import ProbeResult, Verdict

_NUMERIC = re.compile(r"^\s*(count|lines|exit)\s*(==|=|!=|>=|<=|>|<)\s*(\d+)\s*$", re.IGNORECASE)
_CONTAINS = re.compile(r"^\s*(?:output\s+)?(not\s+|!)?contains\s+(.+?)\s*$", re.IGNORECASE)
_OPS = {
    "==": lambda a, b: a == b,
    "=": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
}


def _count(probe: ProbeResult) -> int:
    lines = probe.lines()
    if probe.argv[:1] == ["wc"] and len(lines) == 1:
        first = lines[0].split()
        if first and first[0].isdigit():
            return int(first[0])
    return len(lines)


def evaluate_expect(expect: str, probe: ProbeResult, run: str) -> tuple[Verdict, str, str | None]:
    """(verdict, explanation, observed) for one declared check whose probe already ran."""
    if not probe.argv:
        return "unknown", f"refused `{run}`: {probe.output.removeprefix('refused: ')}", None
    if probe.timed_out:
        return "unknown", f"`{run}` timed out", None
    if probe.exit_code is None:
        return "unknown", f"`{run}` could not run: {probe.output.strip()[:120]}", None
    numeric = _NUMERIC.match(expect)
    if numeric:
        what, op, wanted = numeric.group(1).lower(), numeric.group(2), int(numeric.group(3))
        if what == "exit":
            observed = probe.exit_code
            said = f"exited {observed}"
        else:
            if probe.exit_code not in (0, 1) and what != "exit":
                return "fail", f"memory expects {expect}; `{run}` failed (exit {probe.exit_code})", None
            observed = _count(probe)
            lines = "line" if observed == 1 else "lines"
            said = f"printed {observed} {lines}" if probe.argv[:1] != ["wc"] else f"counted {observed}"
        verdict: Verdict = "pass" if _OPS[op](observed, wanted) else "fail"
        return verdict, f"memory expects {expect}; `{run}` {said}", str(observed)
    contains = _CONTAINS.match(expect)
    if contains:
        needle = contains.group(2).strip().strip("\"'")
        present = needle in probe.full_output
        verdict = "pass" if present != bool(contains.group(1)) else "fail"
        said = "contains" if present else "does not contain"
        return verdict, f"memory expects {expect}; the output of `{run}` {said} {needle!r}", str(present).lower()
    lowered = expect.strip().lower()
    if lowered in ("empty", "nonempty", "not empty", "non-empty"):
        empty = not probe.full_output.strip()
        verdict = "pass" if empty == (lowered == "empty") else "fail"
        return verdict, f"memory expects {lowered} output; `{run}` printed {_count(probe)} lines", str(_count(probe))
    return "unknown", f"cannot read expect {expect!r} (use count/exit OP N, contains TEXT, empty, nonempty)", None
