"""Dates that are deadlines without a deadline word: dated plans, windows, spans from the entry's date, festival days."""

from __future__ import annotations

import calendar
from datetime import date, timedelta

from curator import lazyre as re

_PART_DAY = {
    "early": 10,
    "beginning": 10,
    "start": 10,
    "mid": 20,
    "middle": 20,
    "上旬": 10,
    "初": 10,
    "中旬": 20,
    "中": 20,
    "first half": 15,
    "上半月": 15,
}
_SPAN_DAYS = {"day": 1, "business day": 7 / 5, "working day": 7 / 5, "week": 7, "month": 30}
_SPAN_DAYS_ZH = {"天": 1, "日": 1, "工作日": 7 / 5, "周": 7, "星期": 7, "礼拜": 7, "月": 30}

MONTH_PART = (
    r"(?P<mpart>\b(?:(?P<mpw>early|mid|late)(?:-|\s+)(?:in\s+)?|(?:the\s+)?(?P<mpw2>beginning|start|middle|first half|second half) of\s+)"
    r"(?!may\s+[a-z]){month}(?:,?\s+(?P<mpy>20\d\d))?\b"
    r"|(?:(?P<zpy>20\d\d)\s*年\s*)?(?P<zpm>\d{{1,2}})\s*月\s*(?P<zpw>上旬|中旬|下旬|上半月|下半月|初|末|中(?=\s*(?:前|之前|以前))))"
)
RELATIVE_PART = (
    r"(?P<rpart>(?P<zrpn>本|这个?|下个?)月\s*(?P<zrpw>上旬|中旬|下旬|初|中(?=\s*(?:前|之前|以前)))"
    r"|\b(?P<erpw>early|mid|late|later)[- ](?P<erpn>this|next) month\b"
    r"|\b(?:the\s+)?(?P<erpw2>beginning|start|middle) of (?P<erpn2>this|next) month\b)"
)
RANGE = (
    r"(?P<range>(?:(?P<zry>20\d\d)\s*年\s*)?(?P<zrm>\d{{1,2}})\s*月\s*(?P<zrd>\d{{1,2}})\s*[日号]?\s*(?:至|到|-|–|—|~|～)\s*"
    r"(?:(?P<zrm2>\d{{1,2}})\s*月\s*)?(?P<zrd2>\d{{1,2}})\s*[日号]"
    r"|\b{month1}\s+\d{{1,2}}(?:st|nd|rd|th)?\s*(?:-|–|—|to|through|thru|until)\s*(?:{month2}\s+)?"
    r"(?P<er1d>\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(?P<er1y>20\d\d))?"
    r"|\b\d{{1,2}}(?:st|nd|rd|th)?\s*(?:{month3}\s*)?(?:-|–|—|to|through|thru|until)\s*"
    r"(?P<er2d>\d{{1,2}})(?:st|nd|rd|th)?\s+{month4}\b(?:,?\s+(?P<er2y>20\d\d))?"
    r"|(?<![\d./\w])(?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])\s*(?:-|–|—|~|～|至|到|→|->)\s*"
    r"(?P<nrm>1[0-2]|0?[1-9])/(?P<nrd>3[01]|[12]\d|0?[1-9])(?![\d/%\w]|\.\d))"
)
_PROMOTION = r"(?:大促|促销|活动|购物节|狂欢节?|年中大促|周年庆)"
FESTIVAL = (
    r"(?P<festival>(?:(?<![\d.\w])(?P<fm>\d{{1,2}})\s*[·・]\s*(?P<fd>\d{{1,2}})(?![\d.])"
    r"|(?<![\d.\w])(?P<fm2>\d{{1,2}})\.(?P<fd2>\d{{1,2}})(?![\d.])(?=\s*{promotion})"
    r"|(?<!\d)(?P<f618>618)(?!\d)(?=\s*(?:{promotion}|前|之前))"
    r"|双\s*(?P<fdouble>1[12](?!\d)|十[一二]))(?:\s*{promotion})?)"
).format(promotion=_PROMOTION)
WITHIN = (
    r"(?P<within>\b(?:within|in the next|in the coming|over the next|inside of)\s+(?:the\s+next\s+)?"
    r"(?P<wn>\d+|a|an|one)\s+(?P<wu>business day|working day|day|week|month)s?\b"
    r"|\b(?P<wn2>\d+)\s+(?P<wu2>business day|working day|day|week|month)s?\s+from (?:now|today)\b"
    r"|(?P<zwn>\d+)\s*个?\s*(?P<zwu>工作日|天|日|周|星期|礼拜|月)\s*(?:之内|以内|内)"
    r"|(?<!\w[a-z]ed )(?<!takes )(?<!took )\bin\s+(?P<wn3>\d+|a|an|one)\s+(?P<wu3>business day|working day|day|week|month)s?\b"
    r"(?!\s+(?:of|after|from|before|since|per|each|every)\b)"
    r"|(?<![后每])(?P<zan>\d+)\s*个?\s*(?P<zau>周|星期|礼拜|月)\s*(?:之后|以后|后)"
    r"(?!\s*(?:自动|会|就|才|由|被|过期|失效|删除|清理|归档|关闭?|开始|起|生效|重试)))"
)

_PLAN = re.compile(
    r"\b(?:must|will|shall|need(?:s)? to|ha(?:s|ve) to|(?:is|are) to|going to|scheduled|planned|plans? to|slated|set for"
    r"|targeted|targeting|aim(?:s|ing)? (?:for|to)|expected (?:on|to)|due|eta|target(?: date)?|go-live|on track for"
    r"|(?:launch|release|cutover|ship|delivery|go-live) date|pencill?ed in|booked for)\b|'ll\b"
    r"|要|必须|定在|定于|计划|安排在|赶|将|预计|预定|排在|准备|目标|上线时间|上线日期|发布日期|交付日期"
)
_HAPPENS = re.compile(
    r"\b(?:goes|go|comes|come|ships|lands|launches|starts|opens|closes|ends|expires|kicks off|is out|is due|happens)\b"
)
_GOAL = re.compile(r"\b(?:commit(?:s|ted)? to|wants?|hop(?:e|es|ing) to|promised?)\b|打算|争取|力争|希望|想要|承诺")
_DONE_BY = re.compile(
    r"^\s*[末底]?\s*(?:[之以]?前)?\s*(?:完成|上线|到位|交付|落地|发布|做完|考完|搞定|ready\b|done\b|complete\b)"
)
_WINDOW = re.compile(
    r"\b(?:during|freeze|frozen|window|blackout|outage|maintenance|no|don't|do not|never|avoid|sprint|iteration|campaign"
    r"|promo(?:tion)?|sale|trial|validity)\b|期间|试用期?|有效期|冻结|封板|停机|窗口|维护|禁止|不要|不许|别|暂停|活动|档期|大促|促销|冲刺|迭代"
)
_NOT_A_PLAN_BEFORE = re.compile(
    r"(?:\b(?!(?:scheduled|planned|booked|slated|targeted|expected|fixed|set)\b)[a-z]+ed (?:on|in|at)(?: the)?"
    r"|\b(?:since|as of|from(?: before)?|starting|beginning|effective|after|following)(?:\s+(?:on|the))?|\b(?:like|such as|e\.g\.?|for example|for instance|i\.e\.?)|从|自从?|以来|例如|比如|譬如|写成|格式为?|形如|[`=@/_\[(（【])\s*$"
)
_NOT_A_PLAN_AFTER = re.compile(
    r"^\s*(?:起|开始|以来|以后|之后|后|[\u4e00-\u9fff]{0,3}的|这种|这样|之类|onwards?\b|and later\b|[`:：\]】]|t\d)"
)
_GENERAL_SPAN = re.compile(
    r"\b(?:if|when|whenever|unless|once|each|every|any|all|per|usually|typically|normally|generally|always|by default"
    r"|sla|at most|at least|no more than|up to|are \w+ed)\b|如果|若|一旦|每|凡|任何|所有|一般|通常|默认|总是|(?:后|之后|以后|最近|过去|近)\s*$"
    r"|^\s*(?:all |any |new )?(?!(?:the|this|these|those|our|that|its|their)\b)(?:[a-z-]+\s+)?[a-z-]+s\s+(?:must|should|shall|need to|have to|are to|are|get)\s+(?:be\s+|get\s+)?\w+(?:ed|en)\s*$"
)
_RESPONSE = re.compile(
    r"\b(?:repl(?:y|ies|ied)|respond(?:s|ed)?|answer(?:s|ed)?|acknowledg(?:e|es|ed)|gets? back|turn(?:s|ed)? around"
    r"|sla)\b|回复|响应|答复|回应|回电|回访"
)
_REASON_LINE = re.compile(r"(?:^|\n)[\s>*_-]*(?:why|reason|because|原因|为什么|理由)[*_\s]*[:：][^\n]*$")
_GENERAL_SPAN_AFTER = re.compile(
    r"^\s*(?:of|after|from (?!now|today)|since|following|once|when|if)\b|^\s*(?:后|之后|最多|至多|最少|至少|不超过|只能|只|仅)"
)
_COHORT_BEFORE = re.compile(
    r"\b(?:signed up|registered|joined|created|opened|issued|dated|purchased|bought|subscribed|enrolled|placed|filed"
    r"|published|hired|onboarded)\s+(?:on or\s+)?(?:before|until|by|prior to)\s*$"
)
_COHORT_AFTER = re.compile(r"^\s*[之以]?前(?![把将要得都先])[\u4e00-\u9fff]{0,2}的")
YEARLY = re.compile(r"\b(?:every|each)\s+(?:\w+\s+)?years?\b|\b(?:annually|yearly|annual)\b|每年|每个?月|每季度|每周")


def cohort(before: str, after: str) -> bool:
    """Whether the date only picks out which things a statement covers ("accounts created before 2026-03-01", "3 月 1 日前注册的用户")."""
    return bool(_COHORT_BEFORE.search(before) or _COHORT_AFTER.match(after))


def plan_date(clause_before: str, clause: str, after: str) -> bool:
    """Whether a day-precise date is the date of a plan ("scheduled for 2026-10-14", "定在 10 月 14 日上线"), not a start."""
    return bool(_PLAN.search(clause)) and not _not_a_plan(clause_before, after)


def period_goal(clause_before: str, clause: str, after: str) -> bool:
    """Whether a quarter, half or part of a month is when a plan or goal is due ("committed to shipping in Q3 2026", "计划第三季度末上线", "Q3 末到位")."""
    if _GOAL.search(clause_before):
        return not _NOT_A_PLAN_AFTER.match(after)
    return bool(_PLAN.search(clause) or _DONE_BY.match(after)) and not _not_a_plan(clause_before, after)


def window_date(statement: str) -> bool:
    """Whether a range of days is a window a rule or plan holds for ("no migrations during Nov 23–29")."""
    return bool(_PLAN.search(statement) or _WINDOW.search(statement))


def not_a_plan(clause_before: str, after: str) -> bool:
    """Whether a date only starts something, looks back or is an example ("since March", "11 月 1 日起", "e.g. Q3")."""
    return _not_a_plan(clause_before, after)


def _not_a_plan(clause_before: str, after: str) -> bool:
    return bool(_NOT_A_PLAN_BEFORE.search(clause_before) or _NOT_A_PLAN_AFTER.match(after))


def unplanned_span(match: re.Match[str], clause: str) -> bool:
    """Whether "in 2 weeks" tells how long something takes ("replies in 2 days") rather than when a plan is due ("goes out in 2 weeks")."""
    return bool(match.group("wn3")) and not (_PLAN.search(clause) or _HAPPENS.search(clause))


def general_span(clause_before: str, clause: str, after: str) -> bool:
    """Whether "within 2 weeks" counts from some recurring or unknown event ("of each release", "上线后 3 天内", "if", a reply
    to each request) or looks back ("最近 7 天内")."""
    return bool(
        _GENERAL_SPAN.search(clause_before)
        or _GENERAL_SPAN_AFTER.match(after)
        or YEARLY.search(clause)
        or _RESPONSE.search(clause)
    )


_STANDING = re.compile(r"\b(?:anything|everything|whatever|any|all|every|each)\b|凡是|所有|任何|凡|每个|每次")


def standing_rule(clause_before: str) -> bool:
    """Whether a weekday is the day of a standing rule for whatever comes ("Anything not merged by Monday …")."""
    return bool(_STANDING.search(clause_before))


def told_as_reason(before: str) -> bool:
    """Whether a span sits in a Why: line ("Why: they need it within 2 days"): a reason for a rule, not a task due."""
    return bool(_REASON_LINE.search(before))


def relative_part_end(match: re.Match[str], anchor: date) -> date:
    """The end of the early, mid or late part of this or next month, from the entry's date ("下个月初", "mid next month")."""
    following = (match.group("zrpn") or "").startswith("下") or "next" in (
        match.group("erpn") or match.group("erpn2") or ""
    )
    month = anchor.month + following
    first = date(anchor.year + (month > 12), (month - 1) % 12 + 1, 1)
    part = match.group("zrpw") or match.group("erpw") or match.group("erpw2") or ""
    return first.replace(day=_PART_DAY.get(part, calendar.monthrange(first.year, first.month)[1]))


def month_part_end(match: re.Match[str], first: date) -> date:
    """The last day of the early, mid or late part of the month starting on `first` (the 10th, 20th or last day)."""
    part = match.group("mpw") or match.group("mpw2") or match.group("zpw") or ""
    last = calendar.monthrange(first.year, first.month)[1]
    return first.replace(day=_PART_DAY.get(part, last))


def range_end(match: re.Match[str], months: dict[str, int]) -> tuple[str | None, int, int]:
    """The (year if said, month, day) a range of days ends on ("Nov 23–29", "23 Oct – 2 Nov", "11 月 23 日至 29 日", "10/24–11/2")."""
    if match.group("zrd2"):
        return match.group("zry"), int(match.group("zrm2") or match.group("zrm")), int(match.group("zrd2"))
    if match.group("nrd"):
        return None, int(match.group("nrm")), int(match.group("nrd"))
    if match.group("er1d"):
        name = match.group("rm2") or match.group("rm1")
        return match.group("er1y"), months[name.rstrip(".")[:3]], int(match.group("er1d"))
    return match.group("er2y"), months[match.group("rm4").rstrip(".")[:3]], int(match.group("er2d"))


def festival_day(match: re.Match[str], anchor: date) -> date:
    """The next 6·18, 6.18 大促, 618 大促 or 双 11 on or after the entry's date."""
    if match.group("f618"):
        month, day = 6, 18
    elif match.group("fm") or match.group("fm2"):
        month, day = int(match.group("fm") or match.group("fm2")), int(match.group("fd") or match.group("fd2"))
    else:
        month = day = 12 if match.group("fdouble") in ("12", "十二") else 11
    return next_on_or_after(month, day, anchor)


def next_on_or_after(month: int, day: int, anchor: date) -> date:
    """The first `month`/`day` on or after the anchor."""
    this_year = date(anchor.year, month, day)
    return this_year if this_year >= anchor else date(anchor.year + 1, month, day)


def span_end(match: re.Match[str], anchor: date) -> date:
    """The day a span counted from the entry's date ends ("within 2 weeks", "in the next 10 days", "in 2 weeks", "3 天之内", "2 周后")."""
    if match.group("zwn") or match.group("zan"):
        count = int(match.group("zwn") or match.group("zan"))
        unit_days = _SPAN_DAYS_ZH[match.group("zwu") or match.group("zau")]
    else:
        raw = match.group("wn") or match.group("wn2") or match.group("wn3")
        count = int(raw) if raw.isdigit() else 1
        unit_days = _SPAN_DAYS[match.group("wu") or match.group("wu2") or match.group("wu3")]
    return anchor + timedelta(days=round(count * unit_days))


RECURRING = re.compile(
    r"每(?:个)?(?:周|星期|礼拜|月|天|日|晚|次|季度)|\b(?:every|each)\s+(?:\w+\s+)?(?:week|month|day|night|sprint|time|monday|tuesday"
    r"|wednesday|thursday|friday|saturday|sunday)s?\b|\b(?:weekly|monthly|daily|nightly|biweekly|fortnightly)\b"
    r"|\b(?:once|twice|\w+ times) a (?:week|month|day)\b|一周[一两二三四五]次|每两周|隔周|双周"
)
_WEEKDAY_ONLY = re.compile(
    r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|(?:周|星期|礼拜)[一二三四五六日天]", re.I
)
_DAY_OF_MONTH = re.compile(
    r"\d\s*[月/.-]\s*\d|\b20\d\d\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d", re.I
)


def recurs(text: str) -> bool:
    """Whether a text tells of something that recurs ("every second Tuesday", "twice a week", 周报, 每周)."""
    return bool(RECURRING.search(text.lower()))


def weekday_deadline(span: str) -> bool:
    """Whether a deadline's text names only a day of the week ("by Monday evening", 周四下午三点半前), no date."""
    return bool(_WEEKDAY_ONLY.search(span)) and not _DAY_OF_MONTH.search(span)
