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


_BARE_ORDER = re.compile(
    r"^\W*(?:(?:please|just|so|then)\s+)?(?:don'?t|do not|never|no need to|stop|avoid|skip|ignore|leave)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:it|them|those|these|that|this|one)(?:\s+(?:alone|again|anymore|for now|by hand|at all|yet))?"
    r"\s*[.!。]?\s*$"
    r"|^\W*(?:不用|不要|别|不必|无需|不需要|先别|暂时不用)(?:再)?[\u4e00-\u9fff]{0,3}?(?:它们?|这个|那个|这些|那些|这块|那块)"
    r"(?:了)?\s*[。！!.]?\s*$",
    re.I,
)


def bare_pronoun_order(statement: str) -> bool:
    """A statement that is only a short order on a pronoun ("Don't build them.", 不用管它。): what it forbids is not said."""
    return bool(_BARE_ORDER.match(statement.strip()))


def antecedent(before: str) -> str:
    """The thing the clause before a pronoun opens with ("The `schema.sql` file is generated …" → "`schema.sql` file"), or ''."""
    thing = _ANTECEDENT.match(before)
    return thing.group("thing").strip() if thing else ""
