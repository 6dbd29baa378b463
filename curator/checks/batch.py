"""Many identifiers searched in one `git grep -f -` pass per project, the output split per identifier."""

from __future__ import annotations

import re
import shlex
from collections import defaultdict
from dataclasses import dataclass, field

from curator.checks.commands import build_batch_grep
from curator.checks.memoryscope import MemoryScope
from curator.checks.probes import BATCH_READ_CAP, ProbeRunner, narrowed
from curator.checks.results import ProbeResult

ANCHORS_PER_PATTERN = 200
_GREP_LINE = re.compile(r"^(.*?):(\d+):(.*)$")


@dataclass
class BatchPass:
    """One batched probe: its command, whether its output is complete, and its matches in output order."""

    probe: ProbeResult
    complete: bool
    options: list[str]
    pathspecs: list[str]
    patterns: int
    matches: list[tuple[str, str, str]] = field(default_factory=list)

    def result_for(self, pattern: str, lines: list[str]) -> ProbeResult:
        """This pass seen from one pattern: the one-pattern command it stands for, and only that pattern's lines."""
        argv = ["git", "grep", *self.options, "-e", pattern, "--", *self.pathspecs]
        note = f"  # ran as one git grep -f - for {self.patterns} patterns" if self.patterns > 1 else ""
        result = narrowed(self.probe, lines, shlex.join(argv) + note)
        result.argv = argv
        return result


def _searchable(name: str) -> bool:
    return bool(name) and "\n" not in name and "\r" not in name and "\x00" not in name


def run_pass(runner: ProbeRunner, options: list[str], patterns: list[str], scope: MemoryScope) -> BatchPass:
    """Run `git grep OPTIONS -f -` over the project (memory excluded) with `patterns` on stdin."""
    command = build_batch_grep(options, [".", *scope.excludes], runner.project)
    probe = runner.run_batch(
        command, "".join(f"{pattern}\n" for pattern in patterns).encode("utf-8"), read_cap=BATCH_READ_CAP
    )
    complete = probe.exit_code in (0, 1) and not probe.capped and not probe.timed_out
    matches = []
    for line in probe.full_output.splitlines():
        parsed = _GREP_LINE.match(line)
        if parsed and not scope.contains(parsed.group(1)):
            matches.append((parsed.group(1), parsed.group(2), parsed.group(3)))
    return BatchPass(
        probe=probe,
        complete=complete,
        options=options,
        pathspecs=command.paths,
        patterns=len(patterns),
        matches=matches,
    )


class IdentifierSearch:
    """Where each identifier occurs in the project, and which project words resemble the missing ones."""

    def __init__(self, runner: ProbeRunner, scope: MemoryScope) -> None:
        self.runner = runner
        self.scope = scope
        self.names: list[str] = []
        self.found: BatchPass | None = None
        self.lines_by_name: dict[str, list[str]] = {}
        self.nearby: BatchPass | None = None
        self.anchor_count = 0
        self._words_by_anchor: dict[str, list[int]] = {}
        self._found_text = ""

    def search(self, names: list[str]) -> None:
        """One `git grep -F -w` for every name; whole lines, so a hit's context (string, URL, code) stays visible."""
        self.names = sorted({name for name in names if _searchable(name)})
        if not self.names:
            return
        self.found = run_pass(self.runner, ["-n", "-I", "-F", "-w", "--untracked"], self.names, self.scope)
        words = {name: re.compile(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])") for name in self.names}
        by_name: dict[str, list[str]] = defaultdict(list)
        for path, number, text in self.found.matches:
            for name in self.names:
                if name in text and words[name].search(text):
                    by_name[name].append(f"{path}:{number}:{text}")
        self.lines_by_name = dict(by_name)
        self._found_text = "\n".join(self.lines_by_name)

    def result(self, name: str) -> ProbeResult | None:
        """The batch seen from `name`, or None when the batch cannot decide (rerun that name on its own)."""
        if self.found is None or name not in self.names:
            return None
        lines = self.lines_by_name.get(name)
        if lines:
            return self.found.result_for(name, lines)
        if not self.found.complete or self._shadowed(name):
            return None
        return self.found.result_for(name, [])

    def _shadowed(self, name: str) -> bool:
        """A name that `-o` may have reported as part of a longer match of another name."""
        return name in self._found_text

    def suggest(self, anchors_by_name: dict[str, list[str]]) -> None:
        """One `git grep -i -E -o` for the words containing any anchor of any missing name."""
        anchors = sorted({anchor.lower() for anchors in anchors_by_name.values() for anchor in anchors})
        if not anchors:
            return
        self.anchor_count = len(anchors)
        patterns = [
            f"[A-Za-z0-9_]*({'|'.join(_ere(anchor) for anchor in anchors[start : start + ANCHORS_PER_PATTERN])})"
            "[A-Za-z0-9_]*"
            for start in range(0, len(anchors), ANCHORS_PER_PATTERN)
        ]
        self.nearby = run_pass(self.runner, ["-n", "-I", "-o", "-i", "-E"], patterns, self.scope)
        wanted = set(anchors)
        lengths = sorted({len(anchor) for anchor in anchors})
        index: dict[str, list[int]] = defaultdict(list)
        for position, (_, _, word) in enumerate(self.nearby.matches):
            lowered = word.lower()
            contained = {lowered[start : start + size] for size in lengths for start in range(len(lowered) - size + 1)}
            for anchor in contained & wanted:
                index[anchor].append(position)
        self._words_by_anchor = dict(index)

    def near(self, anchors: list[str]) -> list[str] | None:
        """The `path:line:word` lines whose word contains one of `anchors`, in output order (None: not searched)."""
        if self.nearby is None or not self.nearby.complete:
            return None
        positions = sorted(
            {position for anchor in anchors for position in self._words_by_anchor.get(anchor.lower(), [])}
        )
        return [":".join(self.nearby.matches[position]) for position in positions]


def _ere(text: str) -> str:
    return re.sub(r"([.\[\]()*+?{}|^$\\])", r"\\\1", text)
