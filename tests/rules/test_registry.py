"""The rule registry: every drift rule is found, declares itself, runs once, and drives config and the TUI."""

from __future__ import annotations

import importlib
import pkgutil
from datetime import timedelta
from pathlib import Path
from typing import get_args

import pytest

from curator import rules
from curator.model import Entry, Finding, Store
from curator.rules import registry
from curator.tui.view import default_expire_reason, pair_findings
from tests.support.labeled_cases import NOW


def _store(tmp_path: Path, toml: str | None = None) -> Store:
    root = tmp_path / "memory"
    root.mkdir()
    if toml is not None:
        (root / ".curator.toml").write_text(toml, encoding="utf-8")
    moment = NOW - timedelta(days=40)
    entries = [
        Entry(
            id=name,
            path=name,
            kind="section",
            name=name,
            type="feedback",
            body=text,
            text=text,
            created=moment,
            modified=moment,
        )
        for name, text in (("a.md", "Publish at most 4 posts per week."), ("b.md", "Publish up to 6 posts per week."))
    ]
    return Store(root=root, format="notes", entries=entries)


def test_every_rule_id_is_registered_once_with_a_declaration() -> None:
    declared = registry.all_rules()
    assert sorted(rule.id for rule in declared) == sorted(get_args(registry.RuleId))
    assert len({rule.id for rule in declared}) == len(declared)
    for rule in declared:
        assert rule.severity in ("info", "warning", "error") and rule.summary and callable(rule.analyze)
    assert rules.RULE_IDS == tuple(rule.id for rule in declared)


def test_every_module_that_declares_a_rule_is_named_in_rule_modules() -> None:
    package = Path(registry.__file__).parent
    declaring = set()
    for module_info in pkgutil.walk_packages([str(package)], prefix="curator.rules."):
        module = importlib.import_module(module_info.name)
        if isinstance(getattr(module, "RULE", None), registry.Rule):
            declaring.add(module_info.name.removeprefix("curator.rules."))
    assert declaring == set(registry.RULE_MODULES)


def test_rules_run_in_declared_order_and_read_what_earlier_rules_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []
    wrapped = []
    for rule in registry.all_rules():

        def spy(ctx, rule=rule):
            seen.append(rule.id)
            return rule.analyze(ctx)

        wrapped.append(registry.Rule(**{**rule.__dict__, "analyze": spy}))
    monkeypatch.setattr(rules, "all_rules", lambda: tuple(wrapped))
    outcome = rules.analyze(_store(tmp_path), now=NOW)
    assert seen == [rule.id for rule in sorted(registry.all_rules(), key=lambda rule: rule.order)]
    assert "conflict" in {finding.rule for finding in outcome.findings}


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ('[rules]\ndisable = ["stael"]\n', "unknown rule id(s) stael"),
        ("[rules.stalest]\nproject = 3\n", "unknown key(s) in [rules]: stalest"),
    ],
)
def test_config_is_validated_against_the_registry(tmp_path: Path, toml: str, message: str) -> None:
    outcome = rules.analyze(_store(tmp_path, toml), now=NOW)
    problems = [finding for finding in outcome.findings if finding.rule == "parse-error"]
    assert len(problems) == 1 and message in problems[0].message


def test_config_keys_come_from_the_rules_that_read_them() -> None:
    assert registry.config_keys() == {"conflict", "duplicate", "freshness", "stale", "bloat"}


def test_tui_pairs_and_expiry_reasons_follow_rule_properties() -> None:
    conflict = Finding("conflict", "warning", ["a.md", "b.md"], "4 vs 6")
    duplicate = Finding("duplicate", "warning", ["a.md", "c.md"], "same")
    bloat = Finding("bloat", "info", ["a.md", "b.md"], "big")
    assert pair_findings([duplicate, bloat, conflict]) == [conflict, duplicate]
    assert default_expire_reason([bloat]) == ""
    assert default_expire_reason([bloat, conflict]).startswith("conflict: ")
    assert default_expire_reason([Finding("check-failed", "warning", ["a.md"], "ls finds 3")]).startswith(
        "check-failed"
    )
