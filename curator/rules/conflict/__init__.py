"""conflict: two entries on the same subject that disagree on a number, a tool choice or a polarity."""

from __future__ import annotations

from collections import defaultdict

from curator.config import Config
from curator.model import Finding
from curator.rules.choices import ChoiceTable
from curator.rules.conflict.apart import drop_apart
from curator.rules.conflict.choice_clashes import add_choice_clashes, add_instrument_clashes
from curator.rules.conflict.clash import Clash
from curator.rules.conflict.findings import assemble_finding
from curator.rules.conflict.meaning_clashes import add_meaning_clashes
from curator.rules.conflict.number_clashes import add_number_clashes, number_claims
from curator.rules.conflict.polarity_clashes import (
    add_action_clashes,
    add_code_name_clashes,
    add_gating_clashes,
    add_meaning_action_clashes,
)
from curator.rules.conflict.prose_choices import add_prose_choice_clashes, add_refused_choice_clashes
from curator.rules.conflict.switch_clashes import add_switch_clashes
from curator.rules.conflict.version_clashes import add_version_clashes
from curator.rules.docs import Docs
from curator.rules.project_facts import project_facts
from curator.rules.registry import Rule, RuleContext


def analyze(
    docs: Docs, config: Config, table: ChoiceTable, facts: dict[str, list[str]] | None = None
) -> tuple[list[Finding], set[frozenset[int]]]:
    """Conflict findings, and the pairs of doc positions found to conflict (so duplicates can skip them).

    `facts` (tool -> the project files that establish it) decide a tool choice whatever the dates say.
    """
    clashes: dict[tuple[int, int], list[Clash]] = defaultdict(list)
    claims = number_claims(docs)
    checked: dict[int, Clash] = {}
    for add in (
        lambda: add_number_clashes(docs, config, claims, clashes),
        lambda: add_meaning_clashes(docs, claims, clashes),
        lambda: add_version_clashes(docs, clashes),
        lambda: add_choice_clashes(docs, table, clashes, facts or {}),
        lambda: add_instrument_clashes(docs, clashes),
        lambda: add_action_clashes(docs, clashes),
        lambda: add_code_name_clashes(docs, clashes),
        lambda: add_meaning_action_clashes(docs, clashes),
        lambda: add_prose_choice_clashes(docs, clashes),
        lambda: add_refused_choice_clashes(docs, clashes),
        lambda: add_switch_clashes(docs, clashes),
        lambda: add_gating_clashes(docs, clashes),
    ):
        add()
        drop_apart(clashes, checked)
    found_clashes = {pair: found for pair, found in clashes.items() if found}
    findings = [assemble_finding(docs, left, right, found) for (left, right), found in sorted(found_clashes.items())]
    return findings, {frozenset(pair) for pair in found_clashes}


def _run(ctx: RuleContext) -> list[Finding]:
    findings, ctx.conflicting = analyze(ctx.docs, ctx.settings, ctx.choices, project_facts(ctx.project))
    return findings


RULE = Rule(
    id="conflict",
    severity="warning",
    summary="two entries (or an entry and an instruction file) that say incompatible things",
    analyze=_run,
    config_keys=frozenset({"conflict"}),
    order=10,
    pairs_entries=True,
    reason_to_expire=True,
)
