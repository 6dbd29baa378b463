"""`.curator.toml` at the store root: rule thresholds under `[rules]` and `[[ignore]]` suppressions."""

from __future__ import annotations

import tomllib
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from curator.model import Finding, Store

CONFIG_NAME = ".curator.toml"

RULE_TABLES = ("stale", "freshness", "bloat", "duplicate", "conflict", "unused")
DEFAULT_STALE_DAYS = {"project": 90, "feedback": 180, "reference": 365, "user": 365, "default": 180}
DEFAULT_SKIP_REVIEWED_DAYS = 7
DEFAULT_SNOOZE_WEEKS = 4
DEFAULT_FRESHNESS_DAYS = {"project": 30, "feedback": 60, "reference": 90, "user": 90, "default": 30}


@dataclass
class Suppression:
    """One `[[ignore]]` table: a rule ("*" for any) and, optionally, the exact set of entries."""

    rule: str
    entries: frozenset[str] | None = None
    reason: str = ""

    def matches(self, finding: Finding) -> bool:
        if self.rule not in ("*", finding.rule):
            return False
        return self.entries is None or self.entries == frozenset(finding.entries)


@dataclass
class Config:
    """Thresholds every rule reads, with the documented defaults."""

    stale_days: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_STALE_DAYS))
    freshness_days: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_FRESHNESS_DAYS))
    entry_max_bytes: int = 4096
    token_budget: int = 6000
    near_limit: float = 0.9
    duplicate_threshold: float = 80.0
    conflict_subject_threshold: float = 60.0
    exclusive_sets: list[list[str]] = field(default_factory=list)
    unused_sessions: int = 30
    disabled: frozenset[str] = frozenset()
    skip_reviewed_days: int = DEFAULT_SKIP_REVIEWED_DAYS
    snooze_weeks: int = DEFAULT_SNOOZE_WEEKS
    ignores: list[Suppression] = field(default_factory=list)
    private_allow: tuple[str, ...] = ()

    def stale_window(self, memory_type: str | None) -> int:
        return self.stale_days.get(memory_type or "default", self.stale_days["default"])

    def freshness_window(self, memory_type: str | None) -> int:
        return self.freshness_days.get(memory_type or "default", self.freshness_days["default"])


class ConfigError(ValueError):
    """A `.curator.toml` value that cannot be used."""


def config_path(store: Store) -> Path:
    root = Path(store.root)
    return (root if root.is_dir() else root.parent) / CONFIG_NAME


def load(
    store: Store, *, rule_keys: Collection[str] | None = None, rule_ids: Collection[str] | None = None
) -> tuple[Config, list[Finding]]:
    """Read the store's `.curator.toml`; problems become `parse-error` findings and defaults apply.

    `rule_keys` and `rule_ids` (from the rule registry) are the `[rules]` keys and rule ids it may name.
    """
    path = config_path(store)
    if not path.is_file():
        return Config(), []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        return Config(), [_problem(f"cannot read {CONFIG_NAME}: {error}")]
    except tomllib.TOMLDecodeError as error:
        return Config(), [_problem(f"{CONFIG_NAME} is not valid TOML ({error}); using default thresholds")]
    try:
        return parse(data, rule_keys=rule_keys, rule_ids=rule_ids), []
    except ConfigError as error:
        return Config(), [_problem(f"{CONFIG_NAME}: {error}; using default thresholds and no suppressions")]


def parse(
    data: dict[str, Any], *, rule_keys: Collection[str] | None = None, rule_ids: Collection[str] | None = None
) -> Config:
    """Build a Config from parsed TOML, raising ConfigError on unknown keys, unknown rule ids or wrong types."""
    unknown = set(data) - {"rules", "ignore", "private-data", "review"}
    if unknown:
        raise ConfigError(
            f"unknown top-level key(s) {', '.join(sorted(unknown))} (expected [rules], [review], [[ignore]] and [private-data])"
        )
    config = Config()
    review = _table(data.get("review", {}), "[review]")
    _only(review, {"skip_reviewed_days", "snooze_weeks"}, "[review]")
    if review.get("skip_reviewed_days") != 0:
        config.skip_reviewed_days = _number(
            review.get("skip_reviewed_days", config.skip_reviewed_days), "skip_reviewed_days", int
        )
    else:
        config.skip_reviewed_days = 0
    config.snooze_weeks = _number(review.get("snooze_weeks", config.snooze_weeks), "snooze_weeks", int)
    rules = _table(data.get("rules", {}), "[rules]")
    allowed = {"disable", *(RULE_TABLES if rule_keys is None else rule_keys)}
    if set(rules) - allowed:
        raise ConfigError(f"unknown key(s) in [rules]: {', '.join(sorted(set(rules) - allowed))}")
    config.stale_days.update(_days(rules.get("stale", {}), "[rules.stale]"))
    config.freshness_days.update(_days(rules.get("freshness", {}), "[rules.freshness]"))
    bloat = _table(rules.get("bloat", {}), "[rules.bloat]")
    _only(bloat, {"entry_bytes", "token_budget", "near_limit"}, "[rules.bloat]")
    config.entry_max_bytes = _number(bloat.get("entry_bytes", config.entry_max_bytes), "entry_bytes", int)
    config.token_budget = _number(bloat.get("token_budget", config.token_budget), "token_budget", int)
    config.near_limit = _number(bloat.get("near_limit", config.near_limit), "near_limit", float)
    duplicate = _table(rules.get("duplicate", {}), "[rules.duplicate]")
    _only(duplicate, {"threshold"}, "[rules.duplicate]")
    config.duplicate_threshold = _number(duplicate.get("threshold", config.duplicate_threshold), "threshold", float)
    conflict = _table(rules.get("conflict", {}), "[rules.conflict]")
    _only(conflict, {"subject_threshold", "exclusive"}, "[rules.conflict]")
    config.conflict_subject_threshold = _number(
        conflict.get("subject_threshold", config.conflict_subject_threshold), "subject_threshold", float
    )
    unused = _table(rules.get("unused", {}), "[rules.unused]")
    _only(unused, {"sessions"}, "[rules.unused]")
    config.unused_sessions = _number(unused.get("sessions", config.unused_sessions), "[rules.unused] sessions", int)
    exclusive = conflict.get("exclusive", [])
    if not isinstance(exclusive, list) or not all(
        isinstance(group, list) and len(group) >= 2 and all(isinstance(name, str) for name in group)
        for group in exclusive
    ):
        raise ConfigError("[rules.conflict] exclusive must be a list of lists of two or more names")
    config.exclusive_sets = [[name.lower() for name in group] for group in exclusive]
    disabled = rules.get("disable", [])
    if not isinstance(disabled, list) or not all(isinstance(rule, str) for rule in disabled):
        raise ConfigError("[rules] disable must be a list of rule ids")
    unknown_ids = sorted(set(disabled) - set(rule_ids)) if rule_ids is not None else []
    if unknown_ids:
        raise ConfigError(
            f"[rules] disable names unknown rule id(s) {', '.join(unknown_ids)} (known: {', '.join(rule_ids or ())})"
        )
    config.disabled = frozenset(disabled)
    private = _table(data.get("private-data", {}), "[private-data]")
    _only(private, {"allow"}, "[private-data]")
    allow = private.get("allow", [])
    if not isinstance(allow, list) or not all(isinstance(pattern, str) and pattern for pattern in allow):
        raise ConfigError('[private-data] allow must be a list of values or globs, e.g. ["*@example.com"]')
    config.private_allow = tuple(allow)
    ignores = data.get("ignore", [])
    if not isinstance(ignores, list):
        raise ConfigError("ignore must be an array of tables: [[ignore]]")
    config.ignores = [_suppression(item, position) for position, item in enumerate(ignores, start=1)]
    return config


def _suppression(item: Any, position: int) -> Suppression:
    where = f"[[ignore]] #{position}"
    table = _table(item, where)
    _only(table, {"rule", "entries", "reason"}, where)
    rule = table.get("rule")
    if not isinstance(rule, str) or not rule:
        raise ConfigError(f'{where} needs rule = "<rule id>" (or "*")')
    entries = table.get("entries")
    if entries is not None and (not isinstance(entries, list) or not all(isinstance(e, str) for e in entries)):
        raise ConfigError(f"{where}: entries must be a list of entry ids")
    reason = table.get("reason", "")
    if not isinstance(reason, str):
        raise ConfigError(f"{where}: reason must be a string")
    return Suppression(rule=rule, entries=frozenset(entries) if entries is not None else None, reason=reason)


def _table(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ConfigError(f"{where} must be a table")
    return value


def _only(table: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = set(table) - allowed
    if unknown:
        raise ConfigError(f"unknown key(s) in {where}: {', '.join(sorted(unknown))}")


def _days(value: Any, where: str) -> dict[str, int]:
    table = _table(value, where)
    _only(table, {"project", "feedback", "reference", "user", "default"}, where)
    return {key: _number(days, f"{where} {key}", int) for key, days in table.items()}


def _number(value: Any, name: str, kind: type) -> Any:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise ConfigError(f"{name} must be a positive number, not {value!r}")
    return kind(value)


def _problem(message: str) -> Finding:
    return Finding(
        rule="parse-error", severity="error", entries=[CONFIG_NAME], message=message, evidence={"file": CONFIG_NAME}
    )
