"""What a check pass shares across claim kinds: the project, its probe runner and facts, the memory files to leave
out of every search, and the project's file list read once."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from curator.checks.batch import IdentifierSearch
from curator.checks.listing import ProjectFiles
from curator.checks.memoryscope import MemoryScope
from curator.checks.probes import ProbeRunner, finish, narrowed
from curator.checks.project import ProjectFacts
from curator.checks.results import CheckResult, Claim, ProbeResult, Verdict
from curator.checks.toolcheck import ToolChecker


@dataclass
class CheckerBase:
    """Checks claims against one project with one probe runner (shared cache, shared facts)."""

    project: Path
    runner: ProbeRunner
    facts: ProjectFacts
    in_git: bool
    scope: MemoryScope
    memory_dirs: dict[str, str] = field(default_factory=dict)
    identifiers: IdentifierSearch | None = None
    _files: ProjectFiles | None = None
    tools: ToolChecker = field(init=False)

    def __post_init__(self) -> None:
        self.tools = ToolChecker(self.facts, self.runner, self.in_git, self._project_files)

    def _result(
        self, claim: Claim, verdict: Verdict, explanation: str, probe: ProbeResult | None, observed: str | None = None
    ) -> CheckResult:
        if probe is not None and probe.timed_out:
            return CheckResult(claim, "unknown", f"{probe.argv[0]} timed out; {explanation}", probe, observed)
        return CheckResult(claim, verdict, explanation, probe, observed)

    def _suffix_search(self, name: str, *, directory: bool) -> tuple[list[str], ProbeResult]:
        glob = f"**/{name}/**" if directory else f"**/{name}"
        files = self._project_files()
        if files is not None and files.complete:
            lines = files.ending_with(name, directory=directory)
            if self.in_git and files.probe is not None:
                probe = narrowed(files.probe, lines)
            else:
                probe = finish(
                    ["find", ".", "-path", f"*/{name}" + ("/*" if directory else ""), "-not", "-path", "./.git/*"],
                    0,
                    "".join(f"./{line}\n" for line in lines),
                    time.monotonic(),
                    fallback_used=True,
                )
        else:
            probe = self.runner.run(["git", "ls-files", "-c", "-o", "--exclude-standard", "--", f":(glob){glob}"])
            lines = probe.lines()
        suffix = "/" + name
        matches = []
        for line in lines:
            rel = line.strip()
            hit = rel.rsplit(suffix + "/", 1)[0] + suffix if directory and suffix + "/" in "/" + rel else rel
            if ("/" + hit).endswith(suffix) and hit not in matches and not self._in_memory(hit):
                matches.append(hit)
        return matches, probe

    def _project_files(self) -> ProjectFiles | None:
        """Every file in the project, listed once per check pass (git's view, or a walk outside git)."""
        if self._files is None:
            self._files = ProjectFiles.gather(self.runner, in_git=self.in_git)
        return self._files

    def _in_memory(self, found: str) -> bool:
        return self.scope.contains(found)
