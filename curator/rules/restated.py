"""Memory statements that repeat an instruction-file rule nearly word for word (CLAUDE.md, AGENTS.md ...)."""

from __future__ import annotations

from curator.rules import pairing
from curator.rules.docs import Docs
from curator.rules.duplicate_prints import fingerprint
from curator.rules.text import NUMBER, STOPWORDS

STATEMENT_SIMILARITY = 85.0
MIN_TOKENS = 4


def restated_statements(docs: Docs) -> list[tuple[int, int, str, float]]:
    """(memory position, context position, memory statement, similarity) for each restated rule."""
    context = [(position, doc) for position, doc in enumerate(docs.items) if doc.is_context]
    if not context:
        return []
    owners: list[int] = []
    texts: list[str] = []
    ordered: list[str] = []
    token_sets: list[frozenset[str]] = []
    for position, doc in context:
        _add(position, doc.prose, owners, texts, ordered, token_sets)
    context_count = len(owners)
    context_words = {word for text in texts for word in _words(text)}
    for position, doc in enumerate(docs.items):
        if doc.is_context:
            continue
        for statement in doc.statements:
            if not context_words.isdisjoint(_words(statement)):
                _add(position, statement, owners, texts, ordered, token_sets)
    pairs = pairing.candidate_pairs(
        token_sets,
        min_overlap=0.6,
        block_cap=50,
        skip=lambda left, right: (left < context_count) == (right < context_count),
    )
    if not pairs:
        return []
    from rapidfuzz import fuzz  # imported here: most scans restate no rule

    scores = pairing.score_pairs(ordered, pairs, scorer=fuzz.ratio)
    found: list[tuple[int, int, str, float]] = []
    for (left, right), score in zip(pairs, scores):
        if score >= STATEMENT_SIMILARITY:
            rule, memory = (left, right) if left < context_count else (right, left)
            if _numbers(texts[memory]) != _numbers(texts[rule]):
                continue
            found.append((owners[memory], owners[rule], texts[memory], score))
    return found


def _add(owner: int, text: str, owners: list[int], texts: list[str], ordered: list[str], token_sets: list) -> None:
    token_set, order, _ = fingerprint(text)
    if len(token_set) >= MIN_TOKENS:
        owners.append(owner)
        texts.append(text.strip())
        ordered.append(order)
        token_sets.append(token_set)


def _numbers(text: str) -> set[str]:
    """The numbers a statement states: a restatement with other numbers says something else."""
    return set(NUMBER.findall(text))


def _words(text: str) -> set[str]:
    """Cheap prefilter units: lower-cased words and each CJK run's characters."""
    lowered = text.lower()
    words = {word.strip("`'\"()[]*.,;:") for word in lowered.split()}
    return {word for word in words if len(word) > 2 and word not in STOPWORDS} | {
        char for char in lowered if "\u4e00" <= char <= "\u9fff"
    }
