"""duplicate: two entries that say the same thing after normalisation (EN words, CJK characters)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from curator.config import Config
from curator.model import Entry, Finding
from curator.rules import pairing
from curator.rules.anchors import anchored_pairs, code_spans, same_verbatim
from curator.rules.choices import ChoiceTable
from curator.rules.docs import Docs, order, quote
from curator.rules.duplicate_prints import MIN_TOKENS, OnDemand, entry_prints
from curator.rules.duplicate_synonyms import synonym_pairs
from curator.rules.duplicate_vetoes import veto
from curator.rules.pair_verdicts import remembered_verdict
from curator.rules.paraphrase import choice_over_rivals, meaning_pairs, rare_word_overlap
from curator.rules.registry import Rule, RuleContext
from curator.rules.translations import translation_pairs

RESTATED_MEANING = 90.0
CORE_FLOOR = 60.0
BLOCKING_OVERLAP = 0.6
BLOCK_CAP = 20
RULE_LIST_THRESHOLD = 95.0
LENGTH_GUARD = 0.55


def analyze(
    docs: Docs, config: Config, conflicting: set[frozenset[int]], table: ChoiceTable | None = None
) -> tuple[list[Finding], list[tuple[int, int, float]]]:
    """Duplicate findings among memory entries, plus memory/instruction pairs that restate each other.

    Two signals find candidates: rapidfuzz on order-free token strings, and cosine on sentence
    embeddings (paraphrases). Either way the two entries' facts must match.
    """
    from rapidfuzz import fuzz  # imported here: a warm scan reuses the cached pairwise stage

    prints = entry_prints(docs, table)
    hits: list[tuple[int, int, float]] = []
    chunks = pairing.candidate_chunks(
        prints.token_ids,
        min_overlap=BLOCKING_OVERLAP,
        block_cap=BLOCK_CAP,
        skip=lambda left, right: docs.items[left].is_context and docs.items[right].is_context,
    )
    for chunk in chunks:
        pairs = [pair for pair in chunk if _comparable(prints.token_ids[pair[0]], prints.token_ids[pair[1]])]
        ordered = pairing.score_pairs(prints.ordered, pairs, scorer=fuzz.ratio)
        second = [(pair, full) for pair, full in zip(pairs, ordered) if CORE_FLOOR <= full < config.duplicate_threshold]
        cores = pairing.score_pairs(prints.cores, [pair for pair, _ in second], scorer=fuzz.ratio)
        best = {pair: core for (pair, _), core in zip(second, cores)}
        for pair, full in zip(pairs, ordered):
            score = max(full, best.get(pair, 0.0))
            if score >= min(config.duplicate_threshold, RULE_LIST_THRESHOLD):
                hits.append((pair[0], pair[1], score))
    prints.ordered, prints.cores = [], []  # read by the wording scores only; freed before the meaning stages
    lexical = {(left, right) for left, right, _ in hits}
    eligible = [len(ids) >= MIN_TOKENS for ids in prints.token_ids]
    overlap = rare_word_overlap(prints.token_ids)
    numbers = OnDemand(lambda position: prints.facts[position][0])
    rivals = OnDemand(lambda position: choice_over_rivals(docs.items[position], table))
    semantic_hits = (
        meaning_pairs(docs, prints.subjects, eligible, overlap, numbers, rivals)
        + translation_pairs(docs, prints.subjects.unkept, eligible, verbatim_codes(docs, prints.paths))
        + anchored_pairs(docs, prints.subjects, eligible, numbers, prints.scopes)
        + synonym_pairs(docs, prints.subjects.unkept, eligible)
    )
    unique_hits = {(left, right): score for left, right, score in sorted(semantic_hits, key=lambda hit: hit[2])}
    hits.extend((left, right, score) for (left, right), score in unique_hits.items() if (left, right) not in lexical)
    findings: list[Finding] = []
    restated: list[tuple[int, int, float]] = []
    for left, right, score in hits:
        threshold = config.duplicate_threshold
        if docs.items[left].entry.kind == docs.items[right].entry.kind == "rule":
            threshold = max(threshold, RULE_LIST_THRESHOLD)
        by_wording = (left, right) in lexical
        if (by_wording and score < threshold) or frozenset((left, right)) in conflicting:
            continue
        if (
            not by_wording
            and (docs.items[left].is_context or docs.items[right].is_context)
            and score < RESTATED_MEANING
        ):
            continue
        shared = f"{table.digest if table else '-'}\0{int(by_wording)}"
        found = remembered_verdict(
            "duplicate-veto",
            docs.items[left],
            docs.items[right],
            shared,
            partial(veto, docs, prints, numbers, left, right, by_wording),
        )
        if found:
            continue
        if docs.items[left].is_context or docs.items[right].is_context:
            restated.append((left, right, score))
            continue
        if _separate_instruction_files(docs.items[left].entry, docs.items[right].entry):
            continue
        older, newer = order(docs.items[left], docs.items[right])
        findings.append(
            Finding(
                "duplicate",
                "warning",
                [older.id, newer.id],
                f"{older.id} and {newer.id} say the same thing ({score:.0f}% alike{'' if by_wording else ' in meaning'}): "
                f"{quote(older.prose, 70)} — "
                f"merge them into one entry (keep {newer.id}, the newer) or expire one.",
                {
                    "similarity": round(score, 1),
                    "signal": "wording" if by_wording else "meaning",
                    "older": older.id,
                    "newer": newer.id,
                    "dates": {older.id: older.day(), newer.id: newer.day()},
                },
            )
        )
    return findings, restated


def _separate_instruction_files(left: Entry, right: Entry) -> bool:
    """Rules repeated across different instruction files (CLAUDE.md and AGENTS.md) are each read by a different tool."""
    return left.kind == right.kind == "rule" and left.path != right.path


def verbatim_codes(docs: Docs, paths: list[frozenset[str]]) -> Callable[[int, int], bool]:
    """Whether two entries keep the same code spans and paths word for word (`anchors.same_verbatim`)."""
    spans = OnDemand(lambda position: code_spans(docs.items[position].prose))

    def same(left: int, right: int) -> bool:
        return same_verbatim(spans[left], paths[left], spans[right], paths[right])

    return same


def _comparable(left: tuple[int, ...], right: tuple[int, ...]) -> bool:
    """Length guard: a short entry contained in a long one is not its duplicate."""
    if not left or not right:
        return False
    return min(len(left), len(right)) / max(len(left), len(right)) >= LENGTH_GUARD


def _run(ctx: RuleContext) -> list[Finding]:
    findings, ctx.restated = analyze(ctx.docs, ctx.settings, ctx.conflicting, ctx.choices)
    return findings


RULE = Rule(
    id="duplicate",
    severity="warning",
    summary="two entries that say the same thing",
    analyze=_run,
    config_keys=frozenset({"duplicate"}),
    order=20,
    pairs_entries=True,
    reason_to_expire=True,
)
