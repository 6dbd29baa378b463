"""Paraphrase candidates for `duplicate`: sentence embeddings paired by approximate top-k, kept when they share enough
rare words, subject words, numbers or a choice over the same rivals."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from curator import lazyre as re
from curator.rules import embed
from curator.rules.choices import ChoiceTable
from curator.rules.docs import Doc, Docs

MEANING_THRESHOLD = 0.86
FACTS_AGREE_THRESHOLD = 0.55
SAME_CHOICE_THRESHOLD = 0.6
FACTS_AGREE_WORDS = 0.5
SHARED_WORDS_THRESHOLD = 0.66
MIN_SHARED_WORDS = 0.4
MIN_RARE_OVERLAP = 0.4
MUTUAL_THRESHOLD = 0.75
MIN_MUTUAL_OVERLAP = 0.25
MIN_ENTRIES_FOR_RARITY = 50
MAX_CHARS = 1500


def rare_word_overlap(token_ids: list[tuple[int, ...]]) -> Callable[[int, int], float]:
    """Dice overlap of two entries' words weighted by rarity (log N/df): template words shared by many entries count little.

    Below MIN_ENTRIES_FOR_RARITY entries document frequency says nothing, and every word weighs the same.
    """
    import numpy

    count = len(token_ids)
    flat = numpy.fromiter((token for ids in token_ids for token in ids), dtype=numpy.int64)
    frequency = numpy.bincount(flat) if len(flat) else numpy.zeros(1, dtype=numpy.int64)
    weights = (
        numpy.log((count + 1) / (frequency + 1.0)) if count >= MIN_ENTRIES_FOR_RARITY else numpy.ones(len(frequency))
    )

    def overlap(left: int, right: int) -> float:
        left_ids, right_ids = set(token_ids[left]), set(token_ids[right])
        total = weights[list(left_ids)].sum() + weights[list(right_ids)].sum() if left_ids and right_ids else 0.0
        return float(2 * weights[list(left_ids & right_ids)].sum() / total) if total > 0 else 0.0

    return overlap


def meaning_pairs(
    docs: Docs,
    subjects: Mapping[int, frozenset[str]],
    eligible: list[bool],
    overlap: Callable[[int, int], float],
    numbers: Mapping[int, frozenset[float]] | None = None,
    choices: Mapping[int, frozenset[tuple]] | None = None,
) -> list[tuple[int, int, float]]:
    """(i, j, similarity 0-100) for entries whose embeddings are close and which share enough subject words.

    A pair whose embeddings are only fairly close still counts when its facts agree: both state the same
    numbers and half their subject words are shared (the static model scores many paraphrases low), or both pick
    the same member of an exclusive set over the same rivals ("dayjs, not moment"), whatever other words they use.

    Instruction-file rules only pair with memory. Empty when no embedding model is available.
    """
    import numpy

    from curator.rules import semantic

    texts = embedding_texts(docs)
    if len(texts) < 2:
        return []
    vectors = embed.encode_remembered(texts)
    if vectors is None:
        return []
    memory = numpy.fromiter((not doc.is_context for doc in docs.items), dtype=bool, count=len(texts))
    allowed = numpy.asarray(eligible, dtype=bool)
    found: list[tuple[int, int, float]] = []
    neighbours = semantic.similar_pairs(vectors, FACTS_AGREE_THRESHOLD, allowed=allowed)
    del vectors
    nearest = _nearest(neighbours)
    for left, right, cosine in neighbours:
        if not (memory[left] or memory[right]):
            continue
        if docs.items[left].entry.kind == docs.items[right].entry.kind == "rule":
            continue
        if (
            choices is not None
            and cosine >= SAME_CHOICE_THRESHOLD
            and choices[left]
            and choices[left] == choices[right]
        ):
            found.append((left, right, round(cosine * 100, 1)))
            continue
        shared = overlap(left, right)
        mutual = cosine >= MUTUAL_THRESHOLD and nearest[left] == nearest[right] == cosine
        if shared < (MIN_MUTUAL_OVERLAP if mutual else MIN_RARE_OVERLAP):
            continue
        words = _shared(subjects[left], subjects[right])
        if cosine >= SHARED_WORDS_THRESHOLD and (cosine >= MEANING_THRESHOLD or words >= MIN_SHARED_WORDS):
            found.append((left, right, round(cosine * 100, 1)))
        elif numbers is not None and numbers[left] and numbers[left] == numbers[right] and words >= FACTS_AGREE_WORDS:
            found.append((left, right, round(cosine * 100, 1)))
    return found


def _nearest(neighbours: list[tuple[int, int, float]]) -> dict[int, float]:
    """Each entry's best cosine among the neighbour pairs."""
    best: dict[int, float] = {}
    for left, right, cosine in neighbours:
        best[left] = max(best.get(left, -1.0), cosine)
        best[right] = max(best.get(right, -1.0), cosine)
    return best


def choice_over_rivals(doc: Doc, table: ChoiceTable | None) -> frozenset[tuple]:
    """(set, chosen member, every member named) for each exclusive set where the entry picks one and names a rival."""
    if table is None:
        return frozenset()
    lowered = doc.prose.lower()
    found = set()
    for fact in doc.facts:
        for stance in fact.stances(table):
            if stance.polarity != "pos":
                continue
            members = table.sets[stance.set_index].members
            named = frozenset(
                member
                for member in members
                if any(re.search(rf"(?<![\w-]){re.escape(alias)}(?![\w-])", lowered) for alias in member.split("|"))
            )
            if len(named) >= 2:
                found.add((stance.set_index, stance.member, named))
    return frozenset(found)


def embedding_texts(docs: Docs) -> list[str]:
    """What `meaning_pairs` embeds: the start of each entry's prose."""
    return [doc.prose[:MAX_CHARS] for doc in docs.items]


def _shared(left: frozenset[str], right: frozenset[str]) -> float:
    """Dice overlap of two subject-word sets (CJK words count; paraphrases share most content words)."""
    if not left or not right:
        return 0.0
    return 2 * len(left & right) / (len(left) + len(right))
