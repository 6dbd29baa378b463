"""Drift analyzers: analyze(store, now=...) runs every registered rule and returns what survived suppression."""

from __future__ import annotations

import gc
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from curator import config as config_module
from curator import pairscores, scanmemo
from curator.model import Finding, Store
from curator.pairscores import PairScores
from curator.rules import embed, structure
from curator.rules import usage as usage_rules
from curator.rules.choices import ChoiceTable
from curator.rules.docs import Docs
from curator.rules.duplicate_prints import discard_prefetch as discard_fingerprints
from curator.rules.duplicate_prints import prefetch_fingerprints
from curator.rules.facts.subject import cjk_runs, expect_runs, segment_in_child, stop_segmenting_in_child
from curator.rules.migrations import learned_sets
from curator.rules.paraphrase import embedding_texts
from curator.rules.project_facts import project_facts
from curator.rules.registry import Rule, RuleContext, all_rules, config_keys, get_rule, rule_ids
from curator.rules.text import IS_CJK
from curator.rules.text_caches import forget_texts
from curator.scancache import Pairwise, PairwiseCache, input_digest
from curator.scanmemo import TextMemo, using

if TYPE_CHECKING:
    from curator.forked import Forked
    from curator.secrets.store import StoreSecrets

__all__ = [
    "Rule",
    "RuleContext",
    "RuleOutcome",
    "all_rules",
    "analyze",
    "apply_suppressions",
    "get_rule",
    "load_settings",
    "rule_ids",
]


PAIRWISE_RULES = ("conflict", "duplicate")
SEGMENT_IN_CHILD_MIN_ENTRIES = 2000
SEGMENT_IN_CHILD_MIN_CJK = 50
SEGMENT_IN_CHILD_MIN_RUNS = 2000


def __getattr__(name: str) -> Any:
    if name == "RULE_IDS":
        return rule_ids()
    raise AttributeError(name)


SECRET_RULE_IDS = ("secret", "private-data")


@dataclass
class RuleOutcome:
    """Findings that survived suppression, and how many were suppressed."""

    findings: list[Finding] = field(default_factory=list)
    suppressed: int = 0


def apply_suppressions(
    store: Store, findings: list[Finding], settings: config_module.Config | None = None
) -> RuleOutcome:
    """Drop findings the store's `.curator.toml` ignores (read from disk unless `settings` is given)."""
    if settings is None:
        settings, _ = load_settings(store)
    kept: list[Finding] = []
    suppressed = 0
    for finding in findings:
        if any(rule.matches(finding) for rule in settings.ignores):
            suppressed += 1
        else:
            kept.append(finding)
    return RuleOutcome(findings=_unique(kept), suppressed=suppressed)


def analyze(store: Store, *, now: datetime, cache: PairwiseCache | None = None) -> RuleOutcome:
    """Reader findings, format-level rules, then every drift rule, then suppression.

    With a `cache`, the clock-independent pairwise stage (conflicts, duplicates) is reused when its inputs match,
    each unchanged statement's facts, fingerprint and embedding are read from the scan memo, and each candidate
    pair whose two texts were scored before keeps its similarity score.
    """
    collecting = gc.isenabled()
    gc.disable()
    memo = TextMemo.for_store(store) if cache is not None else None
    scores = PairScores.for_store(store, memo) if memo is not None else None
    try:
        with using(memo), pairscores.using(scores):
            return _analyze(store, now, cache)
    finally:
        embed.discard_prefetch()
        discard_fingerprints()
        stop_segmenting_in_child()
        if memo is not None:
            memo.save()
        if scores is not None:
            scores.save()
        if collecting:
            gc.enable()


def load_settings(store: Store) -> tuple[config_module.Config, list[Finding]]:
    """The store's `.curator.toml`, validated against the registered rules' ids and config keys."""
    return config_module.load(
        store,
        rule_keys=config_keys() | usage_rules.CONFIG_KEYS,
        rule_ids=(*rule_ids(), *SECRET_RULE_IDS, *usage_rules.RULE_IDS),
    )


def _analyze(store: Store, now: datetime, cache: PairwiseCache | None = None) -> RuleOutcome:
    """The rules proper; the cyclic GC is paused meanwhile (they build many small acyclic objects)."""
    from curator.secrets.mask import Masker
    from curator.secrets.store import scan_store, scan_store_forked

    moment = now if now.tzinfo else now.replace(tzinfo=timezone.utc)
    settings, config_problems = load_settings(store)
    memo = scanmemo.active()
    if memo is not None:
        found = scan_store(store, settings.private_allow)
        memo.withheld = Masker(located.hit.value for located in found.secrets + found.private)
    secrets_job = scan_store_forked(store, settings.private_allow)  # a big store's secrets, read by a second core
    try:
        return _run_rules(store, moment, settings, config_problems, secrets_job, cache)
    finally:
        if secrets_job is not None:
            secrets_job.cancel()


def _run_rules(
    store: Store,
    moment: datetime,
    settings: config_module.Config,
    config_problems: list[Finding],
    secrets_job: Forked[StoreSecrets] | None,
    cache: PairwiseCache | None,
) -> RuleOutcome:
    from curator.secrets import findings as secret_rules
    from curator.secrets import mask_findings
    from curator.secrets.store import adopt_scan

    memo = scanmemo.active()
    big = len(store.entries) >= SEGMENT_IN_CHILD_MIN_ENTRIES
    if big and memo is None and _holds_cjk(store):
        segment_in_child()  # jieba loads and segments on a second core while this one reads the rest
    docs = Docs.from_store(store)
    learned = learned_sets(doc.statements for doc in docs.items)
    if big:
        _segment_ahead(docs, memo)
    context = RuleContext(
        store=store,
        docs=docs,
        settings=settings,
        choices=ChoiceTable(settings.exclusive_sets + learned),
        now=moment,
    )
    findings = list(store.findings) + list(structure.analyze(store))
    rules = all_rules()

    def pairwise() -> Pairwise:
        prefetch_fingerprints(context.docs)  # forked children fingerprint and encode while conflict runs
        embed.prefetch(embedding_texts(context.docs))
        found = {}
        for rule in rules:
            if rule.id in PAIRWISE_RULES:
                found[rule.id] = rule.analyze(context)
                forget_texts()
        conflicts, duplicates = found.get("conflict", []), found.get("duplicate", [])
        adopt_scan(store, settings.private_allow, secrets_job)
        mask_findings(store, conflicts + duplicates)  # masked before the cache writes them to disk
        return conflicts, context.conflicting, duplicates, context.restated

    if cache is None:
        conflicts, conflicting, duplicates, restated = pairwise()
    else:
        digest = input_digest(
            store,
            [(doc.is_context, doc.entry) for doc in context.docs.items],
            settings,
            code=f"{scanmemo.code_digest()} embeddings={'off' if embed.switched_off() else 'on'}",
            project_facts=project_facts(store.project),
        )
        conflicts, conflicting, duplicates, restated = cache.get_or_compute(digest, len(context.docs.items), pairwise)
    context.conflicting, context.restated = conflicting, restated
    pairwise_findings = {"conflict": conflicts, "duplicate": duplicates}
    for rule in rules:
        drift = pairwise_findings[rule.id] if rule.id in pairwise_findings else rule.analyze(context)
        if rule.id not in settings.disabled:
            findings.extend(drift)
    usage_findings = usage_rules.analyze(store, settings)
    findings.extend(finding for finding in usage_findings if finding.rule not in settings.disabled)
    unavailable = embed.note()
    if unavailable and unavailable not in store.notes:
        store.notes.append(unavailable)
    adopt_scan(store, settings.private_allow, secrets_job)
    findings.extend(secret_rules.analyze(store, settings.private_allow, settings.disabled))
    mask_findings(store, findings)
    outcome = apply_suppressions(store, findings, settings)
    outcome.findings.extend(config_problems)
    return outcome


def _segment_ahead(docs: Docs, memo: TextMemo | None) -> None:
    """Send the segmenting child the CJK runs of every statement; a memo scan starts the child only when most entries
    are new to the memo and their runs are many."""
    if memo is None:
        expect_runs(cjk_runs(fact.normalized for doc in docs.items for fact in doc.facts))
        return
    new_docs = [doc for doc in docs.items if not memo.held_before("statements", doc.prose)]
    if 2 * len(new_docs) < len(docs.items):
        return
    runs = cjk_runs(fact.normalized for doc in new_docs for fact in doc.facts)
    new = [run for run in runs if not memo.holds("segment", run)]
    if len(new) < SEGMENT_IN_CHILD_MIN_RUNS:
        return
    segment_in_child()
    expect_runs(new)


def _holds_cjk(store: Store) -> bool:
    """Whether enough entries hold Chinese or Japanese text for a segmenting child to pay."""
    holding = 0
    for entry in store.entries:
        if IS_CJK.search(entry.text or ""):
            holding += 1
            if holding >= SEGMENT_IN_CHILD_MIN_CJK:
                return True
    return False


def _unique(findings: list[Finding]) -> list[Finding]:
    seen: set[tuple[str, tuple[str, ...], str]] = set()
    result: list[Finding] = []
    for finding in findings:
        key = (finding.rule, tuple(finding.entries), finding.message)
        if key not in seen:
            seen.add(key)
            result.append(finding)
    return result
