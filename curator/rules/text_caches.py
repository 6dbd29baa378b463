"""The rules' per-text caches (module-level `lru_cache`s of 10,000 values or more), emptied between pairwise rules.

What one pairwise rule cached for every statement of a big store is rarely asked again by the next, and held it is
most of that rule's memory.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

PER_TEXT_MIN_VALUES = 10_000


def per_text_caches() -> Iterator[Any]:
    """Each loaded `curator.rules` module's lru_cache-wrapped function bounded at PER_TEXT_MIN_VALUES or more, once."""
    seen: set[int] = set()
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "curator.rules" or name.startswith("curator.rules.")):
            continue
        for value in list(vars(module).values()):
            info = getattr(value, "cache_info", None)
            if info is None or not hasattr(value, "cache_clear") or id(value) in seen:
                continue
            seen.add(id(value))
            bound = info().maxsize
            if bound is not None and bound >= PER_TEXT_MIN_VALUES:
                yield value


def forget_texts() -> int:
    """Empty every per-text cache; how many values were dropped."""
    dropped = 0
    for cached_function in per_text_caches():
        dropped += cached_function.cache_info().currsize
        cached_function.cache_clear()
    return dropped
