"""Labeled cases merged into whole stores, so every pair of entries from two cases is a chance for a false alarm."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from tests.support.labeled_cases import LABELED, Case, build_store, drift_findings, load_cases

MERGED_SOURCES = (LABELED / "pairs10", LABELED / "blind", LABELED)
PAIR_RULES = ("conflict", "duplicate")
DOMAIN_COMMENT = re.compile(r"^# domain:\s*([\w-]+)", re.MULTILINE)
CJK = re.compile(r"[\u4e00-\u9fff]")


@dataclass
class MergedCase:
    """One labeled case inside a merged store: its tag, group and entry ids as renamed."""

    tag: str
    group: str
    case: Case
    strict: bool  # a negative of the main corpus must stay free of every drift rule, not only its own

    @property
    def label(self) -> str:
        return self.case.label

    def renamed(self, entry_id: str) -> str:
        return f"{self.tag}/{entry_id}"


@dataclass
class MergedScore:
    """What the rules found on merged stores, counted per rule."""

    planted: Counter = field(default_factory=Counter)
    found: Counter = field(default_factory=Counter)
    negatives: Counter = field(default_factory=Counter)
    violated: Counter = field(default_factory=Counter)
    reported: Counter = field(default_factory=Counter)
    correct: Counter = field(default_factory=Counter)
    within_extra: Counter = field(default_factory=Counter)
    cross: Counter = field(default_factory=Counter)
    entries: int = 0
    stores: int = 0
    skipped: int = 0
    lines: list[str] = field(default_factory=list)


def _domains(path: Path) -> list[str]:
    """The `# domain: X` comment before each `[[case]]` of a pairs file, in order (empty when there is none)."""
    domains: list[str] = []
    pending = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        comment = DOMAIN_COMMENT.match(line)
        if comment:
            pending = comment.group(1)
        elif line.strip() == "[[case]]":
            domains.append(pending)
            pending = ""
    return domains


def _language(case: Case) -> str:
    head = case.name.split(" ", 1)[0].lower()
    if head in {"en", "zh", "mixed"}:
        return head
    cjk = [bool(CJK.search(entry["text"])) for entry in case.entries]
    return "zh" if all(cjk) else "mixed" if any(cjk) else "en"


def merged_cases(sources: tuple[Path, ...] = MERGED_SOURCES) -> tuple[list[MergedCase], int]:
    """Every case of the sources that can share a store (no project files, no config), and how many could not."""
    merged: list[MergedCase] = []
    skipped = 0
    for number, directory in enumerate(sources):
        loaded = load_cases(directory)
        for path in sorted(directory.glob("*.toml")):
            cases = [case for case in loaded if case.rule == path.stem]
            domains = _domains(path)
            if len(domains) != len(cases) or not any(domains):
                domains = [""] * len(cases)
            for index, (case, domain) in enumerate(zip(cases, domains, strict=True)):
                if case.project or case.config is not None:
                    skipped += 1
                    continue
                group = f"{directory.name}:{domain or _language(case)}"
                tag = f"s{number}{path.stem[:4]}{index:03d}"
                merged.append(MergedCase(tag, group, case, strict=directory == LABELED))
    return merged, skipped


def chunks(cases: list[MergedCase], size: int | None) -> list[list[MergedCase]]:
    """All cases in one store, or the cases of each group in stores of about `size` entries."""
    if not size:
        return [cases]
    grouped: dict[str, list[MergedCase]] = {}
    for case in cases:
        grouped.setdefault(case.group, []).append(case)
    stores: list[list[MergedCase]] = []
    for members in grouped.values():
        current: list[MergedCase] = []
        for case in members:
            current.append(case)
            if sum(len(member.case.entries) for member in current) >= size:
                stores.append(current)
                current = []
        if current:
            stores.append(current)
    return stores


def _store_case(members: list[MergedCase]) -> Case:
    entries = []
    for member in members:
        for raw in member.case.entries:
            entries.append({**raw, "id": member.renamed(raw["id"])})
    return Case(rule="merged", name="merged", label="negative", expect=[], entries=entries)


def _kind(evidence: dict) -> str:
    """The kind of clash a finding reports, and whether it is a scoped exception."""
    kind = str(evidence.get("kind", "-"))
    return f"{kind}+scoped" if evidence.get("scoped_exception") else kind


def _text(entries: dict[str, str], entry_id: str) -> str:
    return " ".join(entries.get(entry_id, "").split())[:150]


def score_merged(base: Path, size: int | None = None, sources: tuple[Path, ...] = MERGED_SOURCES) -> MergedScore:
    """Score the rules on the merged stores: within-case hits and violations, and findings across cases."""
    cases, skipped = merged_cases(sources)
    result = MergedScore(skipped=skipped)
    for number, members in enumerate(chunks(cases, size)):
        owner = {member.renamed(raw["id"]): member for member in members for raw in member.case.entries}
        texts = {member.renamed(raw["id"]): raw["text"] for member in members for raw in member.case.entries}
        result.entries += len(owner)
        result.stores += 1
        for member in members:
            if member.case.label == "positive":
                result.planted[member.case.rule] += 1
            else:
                result.negatives[member.case.rule] += 1
        expected = {
            (member.case.rule, frozenset(member.renamed(i) for i in member.case.expect))
            for member in members
            if member.case.label == "positive"
        }
        findings = drift_findings(build_store(_store_case(members), base / str(number)))
        for finding in findings:
            result.reported[finding.rule] += 1
            owners = {owner[entry_id].tag: owner[entry_id] for entry_id in finding.entries if entry_id in owner}
            if len(owners) > 1:
                result.cross[finding.rule] += 1
                if finding.rule in PAIR_RULES:
                    result.lines.append(
                        f"CROSS {finding.rule} {_kind(finding.evidence)}: "
                        + "  |  ".join(f"[{e}] {_text(texts, e)}" for e in finding.entries)
                    )
                continue
            member = next(iter(owners.values()))
            if (finding.rule, frozenset(finding.entries)) in expected:
                result.correct[finding.rule] += 1
                result.found[finding.rule] += 1
                expected.discard((finding.rule, frozenset(finding.entries)))
            elif member.label == "negative" and (finding.rule == member.case.rule or member.strict):
                result.violated[finding.rule] += 1
                result.lines.append(f"NEGATIVE {member.case.id}: {finding.rule} {finding.entries}")
            else:
                result.within_extra[finding.rule] += 1
    return result
