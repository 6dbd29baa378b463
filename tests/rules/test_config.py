"""`.curator.toml`: thresholds, suppressions counted not listed, and malformed files as findings."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from curator import config, rules
from curator.model import Entry, Finding, Store
from tests.support.labeled_cases import NOW


def _store(tmp_path: Path, toml: str | None, *entries: Entry) -> Store:
    root = tmp_path / "memory"
    root.mkdir()
    if toml is not None:
        (root / ".curator.toml").write_text(toml, encoding="utf-8")
    return Store(root=root, format="notes", entries=list(entries))


def _entry(entry_id: str, text: str, *, days_ago: int = 5, memory_type: str = "project") -> Entry:
    moment = NOW - timedelta(days=days_ago)
    return Entry(
        id=entry_id,
        path=entry_id,
        kind="section",
        name=entry_id,
        type=memory_type,
        body=text,
        text=text,
        created=moment,
        modified=moment,
    )


CADENCE = _entry("cadence.md", "Publish at most 4 posts per week.", days_ago=40, memory_type="feedback")
CADENCE_Q4 = _entry("cadence_q4.md", "For the Q4 push we publish up to 6 posts per week.", memory_type="feedback")
OLD = _entry("old.md", "The project is a static site generator.", days_ago=400)


@pytest.mark.parametrize(
    ("toml", "rules_left", "suppressed"),
    [
        (None, {"conflict", "stale"}, 0),
        (
            '[[ignore]]\nrule = "conflict"\nentries = ["cadence_q4.md", "cadence.md"]\nreason = "Q4 only"\n',
            {"stale"},
            1,
        ),
        ('[[ignore]]\nrule = "conflict"\n', {"stale"}, 1),
        ('[[ignore]]\nrule = "conflict"\nentries = ["cadence.md"]\n', {"conflict", "stale"}, 0),
        ('[[ignore]]\nrule = "*"\nentries = ["old.md"]\n', {"conflict"}, 1),
        ('[rules]\ndisable = ["stale"]\n', {"conflict"}, 0),
        ("[rules.stale]\nproject = 500\n", {"conflict"}, 0),
    ],
)
def test_suppressions_and_thresholds(tmp_path: Path, toml: str | None, rules_left: set[str], suppressed: int) -> None:
    outcome = rules.analyze(_store(tmp_path, toml, CADENCE, CADENCE_Q4, OLD), now=NOW)
    assert {finding.rule for finding in outcome.findings} == rules_left
    assert outcome.suppressed == suppressed


@pytest.mark.parametrize(
    ("toml", "expected"),
    [
        ("[rules\nstale = 3", "not valid TOML"),
        ('[rules.stale]\nproject = "soon"\n', "must be a positive number"),
        ("[rules.stale]\nprojects = 30\n", "unknown key(s) in [rules.stale]: projects"),
        ('[[ignore]]\nentries = ["a.md"]\n', "needs rule ="),
        ('[ignore]\nrule = "stale"\n', "array of tables"),
        ("colour = 1\n", "unknown top-level key(s) colour"),
        ('[rules.conflict]\nexclusive = [["black"]]\n', "two or more names"),
    ],
)
def test_malformed_config_is_a_parse_error_finding(tmp_path: Path, toml: str, expected: str) -> None:
    outcome = rules.analyze(_store(tmp_path, toml, OLD), now=NOW)
    problems = [finding for finding in outcome.findings if finding.rule == "parse-error"]
    assert len(problems) == 1 and expected in problems[0].message
    assert problems[0].entries == [".curator.toml"]
    assert any(finding.rule == "stale" for finding in outcome.findings)


def test_non_utf8_config_is_reported(tmp_path: Path) -> None:
    store = _store(tmp_path, None, OLD)
    (Path(store.root) / ".curator.toml").write_bytes(b"[rules]\n\xff\xfe = 1\n")
    settings, problems = config.load(store)
    assert settings == config.Config() and "cannot read" in problems[0].message


def test_extra_exclusive_set_from_config(tmp_path: Path) -> None:
    toml = '[rules.conflict]\nexclusive = [["make", "just"]]\n'
    left = _entry("a.md", "Use make for every build task.")
    right = _entry("b.md", "We switched to just for build tasks.", days_ago=2)
    outcome = rules.analyze(_store(tmp_path, toml, left, right), now=NOW)
    assert [(finding.rule, finding.entries) for finding in outcome.findings] == [("conflict", ["a.md", "b.md"])]


def test_apply_suppressions_keeps_what_is_not_ignored(tmp_path: Path) -> None:
    store = _store(tmp_path, '[[ignore]]\nrule = "check-failed"\nentries = ["x.md"]\n')
    findings = [
        Finding("check-failed", "warning", ["x.md"], "gone"),
        Finding("check-failed", "warning", ["y.md"], "kept"),
    ]
    outcome = rules.apply_suppressions(store, findings)
    assert [finding.message for finding in outcome.findings] == ["kept"] and outcome.suppressed == 1


def test_reader_findings_pass_through(tmp_path: Path) -> None:
    store = _store(tmp_path, None)
    store.findings.append(Finding("parse-error", "error", ["bad.md"], "bad.md cannot be read"))
    assert [finding.rule for finding in rules.analyze(store, now=NOW).findings] == ["parse-error"]


def test_a_broken_config_is_reported_once_even_with_checks(tmp_path: Path) -> None:
    from curator.scan import analyze_store

    store = _store(tmp_path, "[rules\nbroken = \n")
    store.project = tmp_path
    result = analyze_store(store, now=NOW, check=True)
    config_errors = [finding for finding in result.findings if finding.rule == "parse-error"]
    assert len(config_errors) == 1
    assert ".curator.toml" in config_errors[0].message
