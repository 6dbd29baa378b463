"""Load the labeled rule corpus (tests/labeled/*.toml) into stores, and score the rules on it."""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from curator import rules
from curator.model import Entry, Store

LABELED = Path(__file__).parents[1] / "labeled"
BLIND_LABELED = LABELED / "blind"
NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
DEFAULT_DAYS_AGO = 5


@dataclass
class Case:
    """One labeled case: entries (and project files) plus the finding expected, or none."""

    rule: str
    name: str
    label: str
    expect: list[str]
    entries: list[dict[str, Any]]
    project: dict[str, str] = field(default_factory=dict)
    config: str | None = None

    @property
    def id(self) -> str:
        return f"{self.rule}: {self.name}"


def load_cases(directory: Path = LABELED) -> list[Case]:
    """The cases of every `<rule>.toml` directly in `directory`."""
    cases: list[Case] = []
    for path in sorted(directory.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for raw in data.get("case", []):
            cases.append(
                Case(
                    rule=path.stem,
                    name=raw["name"],
                    label=raw["label"],
                    expect=raw.get("expect", []),
                    entries=raw["entry"],
                    project=raw.get("project", {}),
                    config=raw.get("config"),
                )
            )
    return cases


def _moment(raw: dict[str, Any], key: str) -> datetime | None:
    if key not in raw:
        return None
    return NOW - timedelta(days=raw[key])


def build_store(case: Case, base: Path) -> Store:
    """A store of the case's entries under `base`, with its project files written for real."""
    root = base / "memory"
    root.mkdir(parents=True, exist_ok=True)
    project: Path | None = None
    if case.project:
        project = base / "project"
        for rel, text in case.project.items():
            target = project / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    if case.config is not None:
        (root / ".curator.toml").write_text(case.config, encoding="utf-8")
    store = Store(root=root, format="claude-code", project=project)
    for raw in case.entries:
        days_ago = raw.get("days_ago", DEFAULT_DAYS_AGO)
        modified = NOW - timedelta(days=days_ago)
        text = raw["text"]
        entry = Entry(
            id=raw["id"],
            path=raw["id"].split("#")[0].split(":")[0],
            kind=raw.get("kind", "rule" if raw.get("origin") == "project" else "file"),
            name=raw.get("name", raw["id"]),
            description=raw.get("description", ""),
            type=raw.get("type"),
            body=text,
            text=text,
            fields=dict(raw.get("fields", {})),
            created=_moment(raw, "created_days_ago") or modified,
            modified=modified,
            date=_moment(raw, "date_days_ago"),
            reviewed=_moment(raw, "reviewed_days_ago"),
            expires=_moment(raw, "expires_days_ago"),
            origin=raw.get("origin", "store"),
            always_loaded=raw.get("always_loaded", False),
        )
        (store.context if entry.origin == "project" else store.entries).append(entry)
    return store


def drift_findings(store: Store) -> list:
    outcome = rules.analyze(store, now=NOW)
    return [finding for finding in outcome.findings if finding.rule in rules.RULE_IDS]


def hit(case: Case, findings: list) -> bool:
    return any(f.rule == case.rule and set(f.entries) == set(case.expect) for f in findings)


def score_cases(cases: list[Case], base: Path, *, own_rule_only: bool = False, verbose: bool = False) -> dict:
    """Per-rule planted/found/reported/correct counts; with `own_rule_only`, a case is scored on its file's rule alone."""
    found: Counter = Counter()
    planted: Counter = Counter()
    reported: Counter = Counter()
    correct: Counter = Counter()
    lines: list[str] = []
    for index, case in enumerate(cases):
        findings = drift_findings(build_store(case, base / str(index)))
        if case.label == "positive":
            planted[case.rule] += 1
            if hit(case, findings):
                found[case.rule] += 1
            elif verbose:
                lines.append(f"MISS {case.id}: {[(f.rule, f.entries) for f in findings]}")
        for finding in findings:
            if (case.label == "positive" or own_rule_only) and finding.rule != case.rule:
                continue
            reported[finding.rule] += 1
            if case.label == "positive" and finding.rule == case.rule and set(finding.entries) == set(case.expect):
                correct[finding.rule] += 1
            elif verbose:
                lines.append(f"EXTRA in {case.id}: {finding.rule} {finding.entries} {finding.message[:140]}")
    return {"found": found, "planted": planted, "reported": reported, "correct": correct, "lines": lines}


def assert_floors(scored: dict, rule: str, floors: dict[str, tuple[float, float]]) -> None:
    """Fail when one rule's recall or precision on a scored labeled set falls below its (recall, precision) floor."""
    recall = scored["found"][rule] / scored["planted"][rule]
    precision = scored["correct"][rule] / scored["reported"][rule] if scored["reported"][rule] else 1.0
    least_recall, least_precision = floors[rule]
    assert round(recall, 2) >= least_recall, f"{rule} recall {recall:.2f}"
    assert round(precision, 2) >= least_precision, f"{rule} precision {precision:.2f}"
