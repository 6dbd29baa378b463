"""Periods a deadline may name beyond months and quarters (parts of a year, this or next quarter, a week of a month, "10/14"), and the year words around a date ("明年", "next year")."""

from __future__ import annotations

import calendar
from datetime import date, timedelta

from curator import lazyre as re

_YEAR_PART_MONTH = {"底": 12, "末": 12, "end": 12, "中": 6, "middle": 6, "mid": 6, "初": 1, "beginning": 1}
_YEAR_PART_MONTH |= {"start": 1, "early": 1, "late": 12}
_WEEK_NUMBER = {"first": 1, "second": 2, "third": 3, "fourth": 4, "一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2}
_WEEK_NUMBER |= {"3": 3, "4": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}

YEAR_PART = (
    r"(?P<ypart>(?:(?P<ypy>20\d\d)\s*年\s*|(?P<ypn>今年|明年|本年度?)\s*|(?<![去前后\d]))年?(?<=年)"
    r"(?P<ypw>底|末|初|中(?=\s*(?:前|之前|以前)))"
    r"|\b(?:the\s+)?(?P<eypw>end|middle|beginning|start) of (?:the |this |(?P<eypn>next) )?(?:calendar |fiscal )?year\b"
    r"|\b(?P<eypw2>early|mid|late)[- ](?:(?P<eypn2>this|next) )?year\b|\b(?:year[- ]end|eoy)\b"
    r"|\bend of (?P<eypy>20\d\d)\b)"
)
RELATIVE_QUARTER = r"(?P<rquarter>(?P<rqn>下个?|本|这个?)季度|\b(?P<rqe>this|next) quarter\b|\beoq\b|\bend of (?:the |this )?quarter\b)"
MONTH_WEEK = (
    r"(?P<mweek>\b(?:the\s+)?(?P<mwn>first|second|third|fourth|last|1st|2nd|3rd|4th) week of {month}"
    r"|(?P<zmwm>\d{{1,2}})\s*月\s*(?:的\s*)?(?:第\s*(?P<zmwn>[一二三四1-4])|(?P<zmwl>最后一))\s*(?:周|个?星期))"
)
DAY_OF_MONTH = (
    r"(?P<dom>\bthe\s+(?P<domd>\d{1,2})(?:st|nd|rd|th)\b(?!\s+[a-z])"
    r"|(?<![月\d.])(?P<zdomd>\d{1,2})\s*号(?=\s*(?:前|之前|以前)))"
)
NUMERIC = r"(?P<numeric>(?<![\d./\w])(?P<nm>1[0-2]|0?[1-9])(?P<nsep>[/.])(?P<nd>3[01]|[12]\d|0?[1-9])(?![\d/%\w]|\.\d))"

_NUMERIC_BEFORE = re.compile(
    r"(?:在|于|赶在|截止(?:到)?|定在|定于|最晚|最迟|\bbefore|\buntil|\btill|\bdue(?: on)?|\bdeadline:?|\bddl:?|\beta:?|\bno later than|\bends?(?: on)?|\bexpires?(?: on)?)\s*$"
)
_NUMERIC_BEFORE_SLASH = re.compile(r"\b(?:on|by)\s*$")
_FRACTION_BEFORE = re.compile(
    r"\b(?:reduc|cut|increas|decreas|grow|drop|shrink|improv|rais|lower|slash|scal|divid|multipl|down|up|fell|rose)\w*\b"
)
_NUMERIC_AFTER = re.compile(
    r"^\s*(?:前|之前|截止|到期|生效|起(?:生效|执行|涨价|停用|下线)|[(（]\s*(?:周|星期|礼拜|mon|tue|wed|thu|fri|sat|sun))"
)
EVERY_YEAR = re.compile(
    r"\b(?:every|each)\s+(?:\w+\s+)?years?\b|\b(?:annually|yearly|annual)\b|每一?年"
    r"|\b(?:our |the )?(?:fiscal|financial) year (?:ends|starts|begins|closes|runs)\b|(?:财年|财务年度|会计年度)(?:从|在|于)?"
)
_VERSION_BEFORE = re.compile(
    r"(?:\b(?:v|version|python|node|ruby|java|go|ios|android|release|to)|版本|到|升级|升到)\s*$"
)


def numeric_date_said(match: re.Match[str], before: str, after: str) -> bool:
    """Whether "10/14" or "10.14" is a date here: after "before", "在", "截止" or before "前", "(周三)"; never a version or fraction."""
    if _NUMERIC_BEFORE.search(before):
        return True
    if match.group("nsep") == "/" and _NUMERIC_BEFORE_SLASH.search(before):
        return not _FRACTION_BEFORE.search(before)
    return bool(_NUMERIC_AFTER.match(after)) and not _VERSION_BEFORE.search(before)


def numeric_range_said(before: str) -> bool:
    """Whether "10/24–11/2" is a range of days here, not fractions ("cut it by 1/3–1/2") or versions."""
    return not (_FRACTION_BEFORE.search(before) or _VERSION_BEFORE.search(before))


def day_of_month(match: re.Match[str], anchor: date) -> date:
    """The next such day of a month on or after the entry's date ("by the 15th", "15 号前")."""
    day = int(match.group("domd") or match.group("zdomd"))
    year, month = anchor.year, anchor.month
    if day < anchor.day:
        year, month = year + (month == 12), month % 12 + 1
    return date(year, month, min(day, calendar.monthrange(year, month)[1]))


def year_part_end(match: re.Match[str], anchor: date) -> date:
    """The last day of the part of a year named ("年底" → 12-31, "年中" → 06-30, "early next year" → 01-31)."""
    part = match.group("ypw") or match.group("eypw") or match.group("eypw2") or "end"
    month = _YEAR_PART_MONTH[part]
    year = anchor.year
    if match.group("ypy") or match.group("eypy"):
        year = int(match.group("ypy") or match.group("eypy"))
    elif match.group("ypn") == "明年" or match.group("eypn") or match.group("eypn2") == "next":
        year += 1
    elif not match.group("ypn") and month < anchor.month - 2:
        year += 1
    return date(year, month, calendar.monthrange(year, month)[1])


def relative_quarter_end(match: re.Match[str], anchor: date) -> date:
    """The last day of this or the next quarter, from the entry's date ("下季度", "by EOQ", "next quarter")."""
    following = (match.group("rqn") or "").startswith("下") or match.group("rqe") == "next"
    quarter_end_month = 3 * ((anchor.month - 1) // 3 + 1) + 3 * following
    year = anchor.year + (quarter_end_month > 12)
    month = (quarter_end_month - 1) % 12 + 1
    return date(year, month, calendar.monthrange(year, month)[1])


def month_week_end(first: date, match: re.Match[str]) -> date:
    """The last day of the numbered week of the month starting on `first` (the 7th for the first week, the last day for the last)."""
    last = calendar.monthrange(first.year, first.month)[1]
    number = _WEEK_NUMBER.get(match.group("mwn") or match.group("zmwn") or "", 5)
    return first.replace(day=min(7 * number, last))


_OTHER_YEAR_BEFORE = re.compile(r"(?P<next>明年|next year'?s?|来年)\s*$|(?P<last>去年|last year'?s?)\s*$")
_OTHER_YEAR_AFTER = re.compile(r"^,?\s*(?:(?P<next>next year|of next year)|(?P<last>last year|of last year))\b")
_WEEK_OF = re.compile(r"\bweek of\s*(?:the\s+)?$")
YEAR_SAID = re.compile(r"20\d\d")
_YEARLESS = (
    "zh",
    "en1",
    "en2",
    "range",
    "mpart",
    "month",
    "zmonth",
    "zme",
    "eme",
    "quarter",
    "half",
    "mweek",
    "numeric",
)


def in_named_year(match: re.Match[str], resolved: date, anchor: date, before: str, after: str) -> date:
    """The date moved into the year the words around it name ("明年 3 月 1 日", "March 1 next year"), or to the end of "the week of" it."""
    if _WEEK_OF.search(before):
        resolved += timedelta(days=6 - resolved.weekday())
    if not any(match.group(group) for group in _YEARLESS) or YEAR_SAID.search(match.group(0)):
        return resolved
    named = _OTHER_YEAR_BEFORE.search(before) or _OTHER_YEAR_AFTER.match(after)
    if named is None:
        return resolved
    year = anchor.year + (1 if named.group("next") else -1)
    try:
        return resolved.replace(year=year)
    except ValueError:
        return resolved.replace(year=year, day=28)
