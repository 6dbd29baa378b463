"""A forbidden action whose object is a pronoun ("never edit it", 不要手动编辑它), read with the thing named before it."""

from __future__ import annotations

from curator import lazyre as re

_PRONOUN_OBJECT = re.compile(r"\b(?:it|them)\b|(?<!其)它们?")
_ANTECEDENT = re.compile(
    r"^\s*(?:the\s+)?(?P<thing>[^,，;；。]{2,40}?)\s*(?:\b(?:is|are|was|were|gets?|has|have|lives?)\b|由|是|被|会|已经|都|从)"
)


def resolved(core: str, before: str) -> str:
    """A forbidden action whose object is a pronoun with the thing the entry's clause before it opens with ("`refs.bib`
    由 Zotero 导出，不要手动编辑它" → "手动编辑 `refs.bib`"); other actions as they are."""
    pronoun = _PRONOUN_OBJECT.search(core)
    thing = _ANTECEDENT.match(before) if pronoun is not None else None
    if pronoun is None or thing is None:
        return core
    return core[: pronoun.start()] + " " + thing.group("thing").strip() + " " + core[pronoun.end() :]
