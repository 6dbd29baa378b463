"""Code keys read as the setting another entry names in prose: `eval_batch_size: 32` beside "eval batch size 64",
`top_k: 4` beside "the top 8 chunks", `MIN_USERNAME_LENGTH = 6` beside "usernames need 4 characters"."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from curator import lazyre as re
from curator.rules.facts.glossary import concepts_of
from curator.rules.facts.setting_flags import GENERIC_KEY_WORDS
from curator.rules.facts.subject import subject_tokens
from curator.rules.quantities import Quantity

MEASURED_UNITS = frozenset({"duration", "byte", "percent", "clock", "port", "frequency", "version", "kb", "mb", "gb"})
"""Units whose numbers carry a scale a bare key does not state: a key's number is compared with them only when the key
names its unit itself (`cache_ttl_ms`), which the settings reader already does."""

MAX_ALIGNED_UNITS = 3
"""At most this many prose units one key is read in (a key whose words many kinds of statement share names none)."""

_LIMIT_WORDS = frozenset({"limit", "cap"})
_CODE_KEY = re.compile(r"[_=:`]|[a-z][A-Z]")
"""A key written as code (`top_k: 4`, `maxRetries = 3`), not a label read from prose ("variant calling is 20")."""


def key_words(quantity: Quantity) -> tuple[str, ...]:
    """The words of a code key's name that say what it is (`eval_batch_size` → eval, batch, size), without the generic
    words of setting names (max, num, count) and single letters (`top_k` → top)."""
    if not quantity.unit.startswith("value:") or not _CODE_KEY.search(quantity.span):
        return ()
    name = quantity.unit.removeprefix("value:").replace("_", " ").replace("-", " ")
    return tuple(
        dict.fromkeys(
            word
            for word in subject_tokens(name)
            if len(word) > 1 and word not in GENERIC_KEY_WORDS and word not in _LIMIT_WORDS
        )
    )


def aligned_keys(owners: list[int], quantities: list[Quantity]) -> list[tuple[int, Quantity, frozenset[str]]]:
    """(owner, quantity, key words) for each code key read in the unit of a prose quantity of another entry whose
    subject names every word of the key, in either language: the key's value as that setting."""
    named_by: dict[str, set[tuple[int, str]]] = defaultdict(set)
    for owner, quantity in zip(owners, quantities):
        if _alignable_target(quantity):
            for word in quantity.subject | concepts_of(quantity.subject):
                named_by[word].add((owner, quantity.unit))
    found: list[tuple[int, Quantity, frozenset[str]]] = []
    for owner, quantity in zip(owners, quantities):
        words = key_words(quantity)
        if not words or any(word not in named_by for word in words):
            continue
        common = set.intersection(*(named_by[word] for word in words))
        units = sorted({unit for partner, unit in common if partner != owner and unit != quantity.unit})
        if len(units) > MAX_ALIGNED_UNITS:
            continue
        for unit in units:
            found.append((owner, replace(quantity, unit=unit), frozenset(words)))
    return found


def _alignable_target(quantity: Quantity) -> bool:
    """A quantity a code key may be read as: a count of something, not a measure with a scale, and not itself a key."""
    unit = quantity.unit
    return (
        bool(quantity.subject)
        and unit not in MEASURED_UNITS
        and not unit.startswith("money:")
        and not (unit.startswith("value:") and frozenset(key_words(quantity)) == quantity.subject)
    )
