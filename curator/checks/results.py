"""The data a check produces: the claim, the probe that tested it and the verdict."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

ClaimKind = Literal["path", "identifier", "count", "script", "tool", "version", "declared", "url"]
Verdict = Literal["pass", "fail", "unknown"]
CHECK_FAILED = "check-failed"


@dataclass
class Claim:
    """One thing an entry asserts about the project that a probe can test."""

    kind: ClaimKind
    text: str
    subject: str
    expected: str
    entry_id: str
    span: tuple[int, int]
    source: str = "code"
    category: str = ""
    comparator: str = "=="
    number_span: tuple[int, int] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.text,
            "subject": self.subject,
            "expected": self.expected,
            "entry": self.entry_id,
            "span": list(self.span),
            "source": self.source,
            "category": self.category,
        }


@dataclass
class ProbeResult:
    """One process (or its pure-Python stand-in) run against the project, with what it printed."""

    argv: list[str]
    command: str
    exit_code: int | None
    output: str
    duration_s: float
    program_missing_fallback: bool = False
    output_lines: int = 0
    truncated: bool = False
    timed_out: bool = False
    full_output: str = field(default="", repr=False)
    capped: bool = False

    def lines(self) -> list[str]:
        """Every non-empty line the probe printed (up to the read cap)."""
        return [line for line in self.full_output.splitlines() if line.strip()]

    def to_json(self) -> dict[str, Any]:
        return {
            "argv": list(self.argv),
            "command": self.command,
            "exit_code": self.exit_code,
            "output": self.output,
            "output_lines": self.output_lines,
            "truncated": self.truncated,
            "timed_out": self.timed_out,
            "duration_s": round(self.duration_s, 4),
            "program_missing_fallback": self.program_missing_fallback,
        }


@dataclass
class CheckResult:
    """A claim, the probe that tested it and the verdict with a one-line explanation."""

    claim: Claim
    verdict: Verdict
    explanation: str
    probe: ProbeResult | None = None
    observed: str | None = None

    @property
    def failed(self) -> bool:
        return self.verdict == "fail"

    def to_json(self) -> dict[str, Any]:
        probe = self.probe
        return {
            "kind": self.claim.kind,
            "claim": self.claim.text,
            "subject": self.claim.subject,
            "expected": self.claim.expected,
            "span": list(self.claim.span),
            "verdict": self.verdict,
            "explanation": self.explanation,
            "observed": self.observed,
            "command": probe.command if probe else None,
            "exit_code": probe.exit_code if probe else None,
            "output": probe.output if probe else None,
            "duration_s": round(probe.duration_s, 4) if probe else None,
            "fallback": probe.program_missing_fallback if probe else False,
            "timed_out": probe.timed_out if probe else False,
        }
