"""Clauses whose date is no live deadline: told as past ("went out on", "History: …", 已上线) or a practice dropped ("no more holding … until Monday")."""

from __future__ import annotations

from curator import lazyre as re

_PAST = re.compile(
    r"(?<!\bbe )(?<!\bget )\b(?:was|were|had been|has been|have been|did|happened|removed|deleted|migrated|moved|went out|shipped|released"
    r"|ran|ended|lasted|took place)\b|^\s*(?:history|historically|background)(?: notes?)?\s*[:：,]|^\s*(?:历史|背景)[\u4e00-\u9fff]{0,2}\s*[:：]"
    r"|\b(?:the|our|this|that|its) (?:[a-z][\w-]* ){1,2}used (?:the|a|an|to)\b"
    r"|\b(?:we|i|they|the team)\s+(?:\w+ly\s+)?(?:(?!(?:need|proceed|exceed|succeed|speed)\b)\w+ed|built|ran|had|made|went|wrote|kept|sent|used to)\b"
    r"|\b(?:lived|sat|stayed|relied on|depended on|belonged to)\b|~~"
    r"|已经(?!定|排|安排|计划|约)|已(?!经|知|有|定|排|约|安排|计划|确定|预|准备)[\u4e00-\u9fff]|了[，。,.]?$|了(?:\s|，|。)"
)
_DROPPED = re.compile(r"\b(?:no more|no longer|stop|stopped|quit)\s+[a-z]+ing\b|不再|不用再|不必再|别再|无需再")
_CONSEQUENCE = re.compile(r"^\s*(?:逾期|过期后|超期|否则|不然|otherwise\b|or else\b|else\b|if (?:not|missed|late)\b)")
_IMPERATIVE_LE = re.compile(r"(?:前|之前|以前)\s*(?:要|得|必须|务必|记得)?\s*把")


_STATE_AFTER_BEFORE = re.compile(
    r"^\s*[，,]?\s*[^，。；,;]{0,16}?(?:一直|都是|都在|都跑在|是用|用的是|用的|跑在|放在|托管在|部署在|存放在|挂在|走的是|还是用|都用)"
)
_ORDER = re.compile(
    r"必须|要|得|需|务必|记得|把|请|应|不要|别|禁止|不能|不得|不许|冻结|完成|搞定|做完|迁完|切完|上线|\b(?:must|should|need|needs|have to|has to|will|shall)\b"
)
_AS_OF_BEFORE = re.compile(r"(?:截至|截止(?:到|至)?|\bas of)\s*$")
_AS_OF_AFTER = re.compile(r"^\s*(?:为止)?\s*[，,]")
_STATE_AS_OF = re.compile(
    r"还有|仍有|还剩|只剩|共有?|一共|累计|已经?|还在|仍在|都在|\d|\b(?:there (?:are|is|were)|still|have|has|had)\b"
)


def history_before(told: str) -> bool:
    """Whether the words after "<date> 之前" tell how things stood then ("2026 年 3 月之前构建跑在 X 上"), not what must happen by then."""
    return bool(_STATE_AFTER_BEFORE.match(told)) and not _ORDER.search(told)


_TURNED_BACK = re.compile(
    r"\b(?:since then|since that|from then on|since the [a-z-]+)\b"
    r"|那次[\u4e00-\u9fff]{0,6}?(?:之后|以后|后)|那之后|自那以后|从那以后|后来"
)


def turned_after(rest: str) -> bool:
    """Whether the words after "before <date>" go on to a turn already taken ("…那次迁移之后", "since the migration it …"):
    the date divides a story told back, not a time left to act."""
    return bool(_TURNED_BACK.search(rest))


_BEFORE_A_DATE = re.compile(r"之前|以前|\b(?:before|until|till|prior to)\b")


def turned_in_next(statement: str, following: str) -> bool:
    """Whether a "before <date>" statement is the first half of a story the next statement turns ("2025 年 3 月之前用 X。
    那次迁移之后换成了 Y。")."""
    return bool(_BEFORE_A_DATE.search(statement)) and turned_after(following)


def as_of(before: str, told: str) -> bool:
    """Whether "截至 <date>，…" dates a state ("截至 11 月 29 日，还有 4 台没升级"), not a deadline ("报名截至 11 月 29 日")."""
    if not (_AS_OF_BEFORE.search(before) and _AS_OF_AFTER.match(told)):
        return False
    return bool(_STATE_AS_OF.search(told)) and not _ORDER.search(told)


def no_longer_due(clause: str) -> bool:
    """Whether a clause tells what happened, drops a practice or says what follows a missed deadline ("逾期要等到下个季度"), so its date is no deadline."""
    return told_as_past(clause) or bool(_DROPPED.search(clause) or _CONSEQUENCE.match(clause))


def told_as_past(clause: str) -> bool:
    """Whether a clause tells what happened; a Chinese 了 after "X 前把 Y" ends an order ("下周一前把报告交了"), not a report."""
    found = _PAST.search(clause)
    if found is None or not found.group(0).startswith("了"):
        return found is not None
    return not _IMPERATIVE_LE.search(clause, 0, found.start())
