"""The rule registry: every drift rule declares its id, default severity, config keys and `analyze(ctx)`.

A rule module ends with `RULE = Rule(...)` and is named in RULE_MODULES; `all_rules()` imports only those
modules, so a scan never loads the helpers (numpy, the embedding model) that a cached pairwise stage skips.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Literal

from curator.config import Config
from curator.model import Finding, Severity, Store
from curator.rules.choices import ChoiceTable
from curator.rules.docs import Docs

RULE_MODULES = ("bloat", "conflict", "dates", "derivable", "duplicate", "numbers", "stale")
RuleId = Literal["conflict", "duplicate", "outdated-number", "expired-date", "stale", "derivable", "bloat"]


@dataclass
class RuleContext:
    """What a rule reads: the store, its statements (`docs`), the settings, the moment, and earlier rules' results."""

    store: Store
    docs: Docs
    settings: Config
    choices: ChoiceTable
    now: datetime
    conflicting: set[frozenset[int]] = field(default_factory=set)
    restated: list[tuple[int, int, float]] = field(default_factory=list)

    @property
    def project(self) -> Path | None:
        return self.store.project


@dataclass(frozen=True)
class Rule:
    """One drift rule as the rest of curator sees it."""

    id: RuleId
    severity: Severity
    summary: str
    analyze: Callable[[RuleContext], list[Finding]]
    config_keys: frozenset[str] = frozenset()
    order: int = 50
    pairs_entries: bool = False
    reason_to_expire: bool = False


@cache
def all_rules() -> tuple[Rule, ...]:
    """Every registered rule, in the order they run (a rule may read what an earlier one left in the context)."""
    found = [importlib.import_module(f"{__package__}.{name}").RULE for name in RULE_MODULES]
    return tuple(sorted(found, key=lambda rule: (rule.order, rule.id)))


def rule_ids() -> tuple[str, ...]:
    return tuple(rule.id for rule in all_rules())


def get_rule(rule_id: str) -> Rule | None:
    """The registered rule with this id (None for reader, structure and check findings)."""
    return next((rule for rule in all_rules() if rule.id == rule_id), None)


def config_keys() -> frozenset[str]:
    """Every key a rule may read under `[rules]` in `.curator.toml`."""
    return frozenset(key for rule in all_rules() for key in rule.config_keys)
