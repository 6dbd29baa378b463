"""Clauses whose date is no live deadline: told as past ("went out on", "History: …", 已上线) or a practice dropped ("no more holding … until Monday")."""

from __future__ import annotations

from curator import lazyre as re

_PAST = re.compile(
    r"(?<!\bbe )(?<!\bget )\b(?:was|were|had been|has been|have been|did|happened|removed|deleted|migrated|moved|went out|shipped|released"
    r"|ran|ended|lasted|took place)\b|^\s*(?:history|historically|background)\s*[:：,]|^\s*(?:历史|背景)\s*[:：]"
    r"|\b(?:the|our|this|that|its) (?:[a-z][\w-]* ){1,2}used (?:the|a|an|to)\b"
    r"|\b(?:we|i|they|the team)\s+(?:\w+ly\s+)?(?:(?!(?:need|proceed|exceed|succeed|speed)\b)\w+ed|built|ran|had|made|went|wrote|kept|sent|used to)\b"
    r"|~~"
    r"|已经(?!定|排|安排|计划|约)|已(?!经|知|有|定|排|约|安排|计划|确定|预|准备)[\u4e00-\u9fff]|了[，。,.]?$|了(?:\s|，|。)"
)
_DROPPED = re.compile(r"\b(?:no more|no longer|stop|stopped|quit)\s+[a-z]+ing\b|不再|不用再|不必再|别再|无需再")
_CONSEQUENCE = re.compile(r"^\s*(?:逾期|过期后|超期|否则|不然|otherwise\b|or else\b|else\b|if (?:not|missed|late)\b)")
_IMPERATIVE_LE = re.compile(r"(?:前|之前|以前)\s*(?:要|得|必须|务必|记得)?\s*把")


def no_longer_due(clause: str) -> bool:
    """Whether a clause tells what happened, drops a practice or says what follows a missed deadline ("逾期要等到下个季度"), so its date is no deadline."""
    return _told_as_past(clause) or bool(_DROPPED.search(clause) or _CONSEQUENCE.match(clause))


def _told_as_past(clause: str) -> bool:
    """Whether a clause tells what happened; a Chinese 了 after "X 前把 Y" ends an order ("下周一前把报告交了"), not a report."""
    found = _PAST.search(clause)
    if found is None or not found.group(0).startswith("了"):
        return found is not None
    return not _IMPERATIVE_LE.search(clause, 0, found.start())
