"""Tool and library claims: which package manager, test runner, formatter, monorepo tool or library the project uses,
read from its manifests at the root and in nested packages."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from curator.checks.linters import evidence_of
from curator.checks.listing import ProjectFiles
from curator.checks.manifests import (
    Package,
    evidence_everywhere,
    manifest_texts,
    mentions,
    named_packages,
    nested_packages,
)
from curator.checks.probes import ProbeRunner
from curator.checks.project import Evidence, ProjectFacts
from curator.checks.results import CheckResult, Claim, ProbeResult, Verdict
from curator.checks.vocab import LIBRARIES, LINTING_TOOLS, TOOLS

NESTED_LOCKFILES = {
    "package-lock.json": "npm",
    "pnpm-lock.yaml": "pnpm",
    "yarn.lock": "yarn",
    "bun.lockb": "bun",
    "bun.lock": "bun",
}
TRACED_CATEGORIES = {"formatter", "test runner", "monorepo tool", "linter"}
ECOSYSTEM_FILES = {
    "js": ("package.json",),
    "python": ("pyproject.toml", "Pipfile", "setup.cfg", "tox.ini", ".pre-commit-config.yaml"),
    "go": ("go.mod",),
    "rust": ("Cargo.toml",),
}
TOOL_CONFIGS = {"Makefile", ".pre-commit-config.yaml", "tox.ini", "setup.cfg", "pytest.ini"}
MAX_SHOWN_FILES = 40
_REQUIREMENTS = re.compile(r"requirements[\w.\-]*\.txt")


@dataclass
class ToolChecker:
    """Checks tool and library claims against one project's manifests (nested packages read once, on demand)."""

    facts: ProjectFacts
    runner: ProbeRunner
    in_git: bool
    files: Callable[[], ProjectFiles | None]
    _nested: list[Package] | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def check(self, claim: Claim) -> CheckResult:
        """The verdict for a package manager, test runner, formatter, monorepo tool or single-role library claim."""
        if claim.extra.get("library"):
            return self._check_library(claim)
        tool, category = claim.subject, claim.category
        ecosystem = claim.extra.get("ecosystem") or TOOLS.get(tool, ("", ""))[1]
        evidence = evidence_of(self.facts, category, ecosystem)
        probe = self._tool_probe(category, ecosystem)
        if not evidence and category == "package manager" and ecosystem == "js" and self.facts.package_json is None:
            evidence, probe = self._nested_lockfiles(probe)
        scoped = (
            named_packages(self._packages(), claim.extra.get("context") or []) if category != "package manager" else []
        )
        scoped_evidence = evidence_everywhere(None, scoped, category, ecosystem)
        if scoped_evidence:
            evidence = scoped_evidence
        elif not any(item.tool == tool for item in evidence):
            everywhere = evidence_everywhere(self.facts, self._packages(), category, ecosystem)
            evidence = everywhere + [item for item in evidence if item not in everywhere]
        mine = [item for item in evidence if item.tool == tool]
        others = [item for item in evidence if item.tool != tool and item.strong]
        if category == "formatter" and others and not any(item.strong for item in mine):
            mine = []
        if mine:
            return _result(claim, "pass", f"memory says {tool}; the project has {mine[0].where}", probe, tool)
        if others and claim.extra.get("runs_script"):
            return _result(
                claim,
                "unknown",
                f"`{claim.text}` runs a package.json script, which npm does in any project; "
                f"the project's package manager is {others[0].tool} ({others[0].where})",
                probe,
            )
        if others:
            names = sorted({item.tool for item in others})
            shown = "; ".join(f"{item.where} ({item.tool})" for item in others[:3])
            return _result(
                claim, "fail", f"memory says {tool} as the {category}; the project has {shown}", probe, ", ".join(names)
            )
        untraced = self._untraced(claim, evidence)
        if untraced is not None:
            return untraced
        if not self._has_ecosystem(ecosystem):
            return _result(
                claim,
                "unknown",
                f"no {'package.json' if ecosystem == 'js' else 'Python project'}"
                f" files, so nothing shows which {category} is used",
                probe,
            )
        return _result(claim, "unknown", f"nothing in the project shows which {category} is used", probe)

    def _packages(self) -> list[Package]:
        """Nested packages, read once per pass and only when a claim needs them."""
        with self._lock:
            if self._nested is None:
                self._nested = nested_packages(self.facts, self.files())
            return self._nested

    def _has_ecosystem(self, ecosystem: str) -> bool:
        return self.facts.has_ecosystem(ecosystem) or any(
            package.facts.has_ecosystem(ecosystem) for package in self._packages()
        )

    def _untraced(self, claim: Claim, evidence: list[Evidence]) -> CheckResult | None:
        """A formatter, test runner or monorepo tool no manifest or config names at all, in a project whose files show
        another one (or, for a monorepo tool, which always leaves a config file or dependency): the claim is stale."""
        tool, category = claim.subject, claim.category
        if category not in TRACED_CATEGORIES:
            return None
        ecosystem = TOOLS[tool][1]
        if not self._has_ecosystem(ecosystem) or (category != "monorepo tool" and not evidence):
            return None
        texts = manifest_texts(self.facts, self._packages())
        files = [rel for rel in texts if _ecosystem_file(rel, ecosystem) or rel.rsplit("/", 1)[-1] in TOOL_CONFIGS]
        if not files or mentions({rel: texts[rel] for rel in files}, tool):
            return None
        probe = self.runner.run(["grep", "-n", "-i", "-w", "-e", tool, "--", *files[:MAX_SHOWN_FILES]])
        if probe.exit_code != 1:
            return None
        shown = "; ".join(f"{item.where} ({item.tool})" for item in evidence[:3])
        besides = f"; the project has {shown}" if shown else ""
        return _result(
            claim,
            "fail",
            f"memory says {tool} as the {category}; no manifest or config in the project names {tool}{besides}",
            probe,
            ", ".join(sorted({item.tool for item in evidence})) or "none",
        )

    def _check_library(self, claim: Claim) -> CheckResult:
        """A library that fills one role (the CLI library, the HTTP framework): the manifests name it or another."""
        name, role, ecosystem = claim.subject, claim.category, claim.extra.get("ecosystem", "")
        texts = manifest_texts(self.facts, self._packages())
        texts = {rel: text for rel, text in texts.items() if _ecosystem_file(rel, ecosystem)}
        if not texts:
            return CheckResult(claim, "unknown", f"no {ecosystem} manifest shows which {role} is used")
        rivals = {
            other: packages
            for other, (other_role, other_ecosystem, packages) in LIBRARIES.items()
            if other_role == role and other_ecosystem == ecosystem
        }
        pattern = "|".join(_ere(package) for packages in rivals.values() for package in packages.split("|"))
        probe = self.runner.run(["grep", "-n", "-i", "-E", "-e", pattern, "--", *sorted(texts)[:MAX_SHOWN_FILES]])

        def named(packages: str) -> list[str]:
            return [rel for package in packages.split("|") for rel in mentions(texts, package)]

        mine = named(rivals.pop(name, claim.extra["library"]))
        if mine:
            return _result(claim, "pass", f"memory says {name}; {mine[0]} names it", probe, name)
        others = {other: where for other, packages in rivals.items() if (where := named(packages))}
        if not others:
            return _result(claim, "unknown", f"no manifest names {name} or another {role}", probe)
        shown = "; ".join(f"{where[0]} names {other}" for other, where in sorted(others.items())[:3])
        return _result(
            claim, "fail", f"memory says {name} as the {role}; {shown}, not {name}", probe, ", ".join(sorted(others))
        )

    def _nested_lockfiles(self, fallback_probe: ProbeResult) -> tuple[list[Evidence], ProbeResult]:
        """Lockfiles of JavaScript packages below the root (a `web/` frontend inside a Python project)."""
        if not self.in_git:
            return [], fallback_probe
        probe = self.runner.run(["git", "ls-files", "--", *(f":(glob)**/{name}" for name in NESTED_LOCKFILES)])
        found = [
            Evidence(NESTED_LOCKFILES[rel.rsplit("/", 1)[-1]], rel)
            for rel in probe.lines()
            if "node_modules/" not in rel and rel.rsplit("/", 1)[-1] in NESTED_LOCKFILES
        ]
        return found[:20], probe

    def _tool_probe(self, category: str, ecosystem: str) -> ProbeResult:
        if category == "package manager":
            return self.runner.run(["ls", "-1", "-A", "--", "."])
        names = sorted(name for name, (cat, eco) in TOOLS.items() if cat == category and eco == ecosystem)
        if category == "linter":
            names += sorted(name for name, eco in LINTING_TOOLS.items() if eco == ecosystem)
        files = [
            name
            for name in ("package.json", "pyproject.toml", ".pre-commit-config.yaml", "setup.cfg", "tox.ini")
            if name in self.facts.texts and (name != "package.json" or ecosystem == "js")
        ]
        if not files:
            return self.runner.run(["ls", "-1", "-A", "--", "."])
        return self.runner.run(["grep", "-n", "-E", "-e", "|".join(names), "--", *files])


def _result(
    claim: Claim, verdict: Verdict, explanation: str, probe: ProbeResult | None, observed: str | None = None
) -> CheckResult:
    if probe is not None and probe.timed_out:
        return CheckResult(claim, "unknown", f"{probe.argv[0]} timed out; {explanation}", probe, observed)
    return CheckResult(claim, verdict, explanation, probe, observed)


def _ecosystem_file(rel: str, ecosystem: str) -> bool:
    name = rel.rsplit("/", 1)[-1]
    return name in ECOSYSTEM_FILES.get(ecosystem, ()) or (
        ecosystem == "python" and _REQUIREMENTS.fullmatch(name) is not None
    )


def _ere(text: str) -> str:
    return re.sub(r"([.\[\]()*+?{}|^$\\])", r"\\\1", text)
