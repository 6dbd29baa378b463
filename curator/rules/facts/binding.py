"""A bare number bound to the noun phrase before it: "rate limit raised to 120", "MAPQ cutoff is 30 now", "阈值下调到 650"."""

from __future__ import annotations

from curator import lazyre as re

_CHANGE_VERB = (
    r"\b(?:rais|lower|increas|reduc|bump|set|chang|drop|cut|mov|tighten|loosen|adjust|updat|doubl|halv)\w*\s+(?:it\s+)?to"
    r"|(?:下调|上调|调整|调|改|设置|设|降低|降|提高|提|升|放宽|收紧|改成)(?:到|为|成)"
)
_COPULA = r"\b(?:is|are|was|were|=)(?:\s+(?:now|still|currently))?|[=:：]|是|为"
_MEASURE_NOUN = re.compile(
    r"\b(?:threshold|cutoff|cut-off|limit|cap|ceiling|floor|minimum|maximum|min|max|size|count|score|level|ratio|budget|quota"
    r"|target|setting|value)s?\b|阈值|门槛|上限|下限|分数|得分|分值|评分|水位|配额|额度"
)
_KEEP_BEFORE = re.compile(
    r"\b(?:keep|keeps|kept|retain|retains|retained)\s+(?:only\s+|just\s+)?(?:the\s+)?(?:(?:last|latest|newest|most recent)\s+)?$"
    r"|(?:保留|留)(?:最近|最新|最后)?的?\s*$"
)
_CHANGE_BEFORE = re.compile(f"(?:{_CHANGE_VERB})\\s*$")
_COPULA_BEFORE = re.compile(f"(?:{_COPULA})\\s*$")
_CEILING = re.compile(r"\b(?:limit|cap|ceiling|max|maximum|quota|budget)s?\b|上限|封顶|限流|额度|配额", re.I)
_NUMBER_ENDS_CLAUSE = re.compile(
    r"^\s*(?:now|today|instead|again|too|anymore)?\s*(?:[,，.。;；!！)）]|$|\s(?:for|on|in|at|from|since|after|because)\b)"
)


def bound_value(clause_before: str, after: str) -> str | None:
    """'upper' or 'exact' when a bare number is the value set for the noun phrase before it, else None.

    A change verb ("raised to", 调到) binds any noun phrase; a copula ("is", "=", 是) binds only a measure
    noun (threshold, cutoff, limit, 阈值) and only a number that ends its clause, as does a retention verb ("keep the last 5").
    """
    if not re.search(r"[a-z\u4e00-\u9fff]", clause_before):
        return None
    if _KEEP_BEFORE.search(clause_before) and _NUMBER_ENDS_CLAUSE.match(after):
        return "exact"
    changed = _CHANGE_BEFORE.search(clause_before)
    if not changed:
        copula = _COPULA_BEFORE.search(clause_before)
        if (
            not copula
            or not _MEASURE_NOUN.search(clause_before[: copula.start()])
            or not _NUMBER_ENDS_CLAUSE.match(after)
        ):
            return None
    return "upper" if _CEILING.search(clause_before) else "exact"


def names_ceiling(clause_before: str) -> bool:
    """Whether the noun phrase a number is set for names a ceiling (limit, cap, budget, quota, 上限)."""
    return bool(_CEILING.search(clause_before))
