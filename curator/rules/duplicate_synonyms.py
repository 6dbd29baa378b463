"""English paraphrase candidates for `duplicate`: two entries whose content words name the same concepts once
synonyms fold into one ("upset customer" and "angry customers"), blocked on those concepts, never all pairs."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from curator.rules import pairing
from curator.rules.anchors import code_spans, own_spans
from curator.rules.docs import Docs
from curator.rules.facts.subject import stem
from curator.rules.translations import chinese_entry

SYNONYM_FAMILIES = """
angry upset frustrated frustration annoyed irate furious
acknowledge empathize empathise sympathize sympathise
fix solution resolution remedy
fault blame
argue argument dispute quarrel
customer client
begin start
halt stop
use utilize utilise employ
need require requirement
forbid ban prohibit disallow
check verify confirm ensure
run execute invoke
store save persist
fetch retrieve
send submit
show display render
large big huge
small tiny little
fast quick rapid
error failure
reject refuse deny decline
call request
endpoint url
lack missing omit
placeholder dummy
ship deploy release rollout
documentation docs manual guide
explain describe
delete remove erase
create generate
change modify edit alter
allow permit let
note mention
book reserve
assist help
problem issue bug
wrong incorrect
reply respond answer
buy purchase
price cost
folder directory dir
picture image photo
often frequently
"""
"""One family a line: English words (stemmed on load) that name one concept, the first word naming the family."""

SYNONYM_SHARE = 0.7
MIN_CONCEPTS = 5
BLOCK_OVERLAP = 0.5
BLOCK_CAP = 50
_FUNCTION_WORDS = frozenset("never alway must every befor after don't do not can should go us".split())


def _family_of() -> dict[str, str]:
    found: dict[str, str] = {}
    for line in SYNONYM_FAMILIES.strip().splitlines():
        words = line.split()
        for word in words:
            found.setdefault(stem(word), stem(words[0]))
    return found


_FAMILY_OF = _family_of()


@lru_cache(maxsize=200_000)
def english_concept(word: str) -> str:
    """The concept an English subject word names: the first word of its synonym family, else the word itself."""
    return _FAMILY_OF.get(word, word)


def folded(words: frozenset[str]) -> frozenset[str]:
    """Subject words with synonyms folded into their family's concept and modal or negation words left out."""
    return frozenset(english_concept(word) for word in words) - _FUNCTION_WORDS


def synonym_pairs(
    docs: Docs, subject_words: Callable[[int], frozenset[str]], eligible: list[bool]
) -> list[tuple[int, int, float]]:
    """(i, j, Dice overlap 0-100) for two English memory entries whose folded concepts overlap by SYNONYM_SHARE,
    each naming at least MIN_CONCEPTS of them and neither writing a command the other has no form of."""
    english = [ok and not docs.items[position].is_context for position, ok in enumerate(eligible)]
    english = [ok and not chinese_entry(doc.prose) for ok, doc in zip(english, docs.items)]
    if sum(english) < 2:
        return []
    vocabulary: dict[str, int] = {}
    concepts: list[tuple[int, ...]] = [
        tuple(sorted(vocabulary.setdefault(word, len(vocabulary)) for word in folded(subject_words(position))))
        if ok
        else ()
        for position, ok in enumerate(english)
    ]
    del vocabulary
    pairs = pairing.candidate_pairs(
        [ids if len(ids) >= MIN_CONCEPTS else () for ids in concepts], min_overlap=BLOCK_OVERLAP, block_cap=BLOCK_CAP
    )
    found: list[tuple[int, int, float]] = []
    for left, right in pairs:
        shared = len(set(concepts[left]).intersection(concepts[right]))
        dice = 2 * shared / (len(concepts[left]) + len(concepts[right]))
        if dice >= SYNONYM_SHARE and not _own_commands(docs, left, right):
            found.append((left, right, round(dice * 100, 1)))
    return found


def _own_commands(docs: Docs, left: int, right: int) -> bool:
    """Each side writes a code span the other has no form of (`make release-check` and `make docs-check`)."""
    left_spans, right_spans = code_spans(docs.items[left].prose), code_spans(docs.items[right].prose)
    return bool(own_spans(left_spans, right_spans)) and bool(own_spans(right_spans, left_spans))
