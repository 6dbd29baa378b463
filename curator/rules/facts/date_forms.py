"""The forms a date is written in (calendar dates, quarters, halves, months, weekdays, spans, holidays; EN and ZH) and
the calendar day each names, anchored on the entry's date."""

from __future__ import annotations

from datetime import date, timedelta
from functools import lru_cache

from curator import lazyre as re
from curator.casefold import Folded
from curator.rules.facts import date_holidays as holidays
from curator.rules.facts import date_periods as periods
from curator.rules.facts import date_plans as plans

_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            "jan january",
            "feb february",
            "mar march",
            "apr april",
            "may",
            "jun june",
            "jul july",
            "aug august",
            "sep sept september",
            "oct october",
            "nov november",
            "dec december",
        ),
        start=1,
    )
    for name in names.split()
}
_MONTH = r"(?P<{name}>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_WEEKDAYS_EN = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6}
_WEEKDAYS_ZH = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_WEEKDAYS_ZH |= {str(number): number - 1 for number in range(1, 7)}
_WEEKDAY_EN = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_ZH_ORDINAL = {"一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4}
_MONTH_NAME = r"月|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
_EXTRA_FORMS = (
    (
        "range",
        plans.RANGE.format(**{f"month{n}": _MONTH.format(name=f"rm{n}") for n in range(1, 5)}),
        rf"(?s)\A(?:(?=.*(?:{_MONTH_NAME})).*(?:[-–—~～至到]|\b(?:to|through|thru|until)\b)|.*\d/\d{{1,2}}\s*(?:[-–—~～至到→]|->))",
    ),
    ("rpart", plans.RELATIVE_PART, r"[本这下]个?月|\b(?:this|next) month"),
    (
        "mpart",
        plans.MONTH_PART.format(month=_MONTH.format(name="mpm")),
        r"月\s*[上中下初末]|\b(?:early|mid|late|beginning|start|middle|half)\b",
    ),
    ("festival", plans.FESTIVAL, r"[·・双]|618|\d\.\d"),
    (
        "within",
        plans.WITHIN,
        r"\b(?:within|next|coming|inside|from now|from today)\b|内|\bin (?:\d|an? |one )|\d\s*个?\s*(?:周|星期|礼拜|月)\s*[之以]?后",
    ),
    ("ypart", periods.YEAR_PART, r"年|year|\beoy\b|end of 20\d\d"),
    ("rquarter", periods.RELATIVE_QUARTER, r"季度|quarter|\beoq\b"),
    ("mweek", periods.MONTH_WEEK.format(month=_MONTH.format(name="mwm")), r"\bweek of|月.{0,8}(?:周|星期)"),
    ("numeric", periods.NUMERIC, r"\d[/.]\d"),
    ("dom", periods.DAY_OF_MONTH, r"\bthe \d|\d\s*号"),
)
_EXTRA_CUES = tuple(re.compile(cue) for _, _, cue in _EXTRA_FORMS)
_BASE_DATE = (
    r"(?P<iso>(?P<y>20\d\d)[-/.](?P<m>\d{1,2})[-/.](?P<d>\d{1,2}))(?![\d])"
    r"|(?P<dmy>(?<![\d./-])(?P<dmy1>\d{1,2})(?P<dmys>[/.])(?P<dmy2>\d{1,2})(?P=dmys)(?P<dmyy>20\d\d))(?![\d])"
    r"|(?P<zh>(?:(?P<zy>20\d\d)\s*年\s*)?(?P<zm>\d{1,2})\s*月\s*(?P<zd>\d{1,2})\s*[日号])"
    rf"|(?P<en1>\b{_MONTH.format(name='e1m')}\s+(?P<e1d>\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(?P<e1y>20\d\d))?)"
    rf"|(?P<en2>\b(?P<e2d>\d{{1,2}})(?:st|nd|rd|th)?(?:\s+of)?\s+{_MONTH.format(name='e2m')}\b(?:,?\s+(?P<e2y>20\d\d))?)"
    r"|(?P<rel>\b(?:next|this)\s+(?P<rwd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b"
    r"|(?P<zrel>下|本|这)(?:周|星期|礼拜)(?P<zwd>[一二三四五六日天]|[1-6](?!\d|\s*(?:次|个|回|遍|天|小时|篇)))|\bend of (?:the )?(?P<eom>month|week)\b|(?P<zeom>月底|本月底|周末))"
    r"|(?P<zme>(?P<zmy>20\d\d)?\s*年?\s*(?P<zmm>\d{1,2})\s*月底)"
    rf"|(?P<eme>\bend of {_MONTH.format(name='emm')}(?:,?\s+(?P<emy>20\d\d))?)"
    r"|(?P<quarter>\bq(?P<qn>[1-4])\b(?:\s*(?:of\s+)?(?P<qy>20\d\d))?|(?P<qy2>20\d\d)[\s-]?q(?P<qn2>[1-4])\b"
    r"|(?:(?P<qy3>20\d\d)\s*年\s*)?(?:第\s*|(?<![\d一二三四五六七八九十上下本这每]))(?P<qn3>[一二三四1-4])\s*季度)"
    r"|(?P<half>\bh(?P<hn>[12])\b(?:\s*(?P<hy>20\d\d))?|(?P<hy2>20\d\d)[\s-]?h(?P<hn2>[12])\b"
    r"|(?:(?P<hy3>20\d\d)\s*年\s*)?(?P<zhalf>上半年|下半年))"
    rf"|(?P<holiday>{holidays.NAMES})"
    rf"|(?P<month>\b(?!may\b(?!\s+20\d\d)){_MONTH.format(name='mm')}(?:\s+(?P<my>20\d\d))?\b(?!\s*\d))"
    r"|(?P<zmonth>(?:(?P<zmy2>20\d\d)\s*年\s*)?(?P<zmm2>\d{1,2})\s*月(?!\s*\d|底))"
    rf"|(?P<weekday>\b(?P<wd>{_WEEKDAY_EN})\b|(?<![下本这每])(?:周|星期|礼拜)(?P<zwd2>[一二三四五六日天]|[1-6](?!\d|\s*(?:次|个|回|遍|天|小时|篇))))"
    r"|(?P<span>\b(?:eo(?P<eo>[dwm])|(?:the )?end of (?:the )?(?P<eonext>next )?(?P<eounit>day|week|month)"
    r"|(?P<enext>next|this) (?P<eunit>week|month)|(?P<today>today|tomorrow))\b"
    r"|(?P<zspan>(?P<znext>下个?|本|这个?)(?P<zunit>周|星期|礼拜|月)(?!底|[一二三四五六日天])|(?P<ztoday>今天|今日|明天)))"
)


@lru_cache(maxsize=None)
def _date_pattern(forms: tuple[bool, ...]) -> re.Pattern[str]:
    """The date pattern with only the extra forms whose cue the text holds (the others can never match, and each costs a try at every position)."""
    extras = [
        pattern if present else f"(?P<{name}>(?!))"
        for (name, pattern, _), present in zip(_EXTRA_FORMS, forms, strict=True)
    ]
    return re.compile("|".join((*extras, _BASE_DATE)))


def _resolve(match: re.Match[str], anchor: date) -> date | None:
    """The calendar date a match names; dates without a year take the anchor's year (or the next)."""
    try:
        return _calendar_date(match, anchor)
    except (ValueError, KeyError, OverflowError):
        return None


def _calendar_date(match: re.Match[str], anchor: date) -> date | None:
    """The date named by one match of _DATE (may raise on impossible dates)."""
    if match.group("range"):
        return _with_year(*plans.range_end(match, _MONTHS), anchor)
    if match.group("mpart"):
        part_month = int(match.group("zpm")) if match.group("zpm") else _MONTHS[match.group("mpm").rstrip(".")[:3]]
        first = _with_year(match.group("mpy") or match.group("zpy"), part_month, 1, anchor)
        return plans.month_part_end(match, first)
    if match.group("festival"):
        return plans.festival_day(match, anchor)
    if match.group("rpart"):
        return plans.relative_part_end(match, anchor)
    if match.group("ypart"):
        return periods.year_part_end(match, anchor)
    if match.group("rquarter"):
        return periods.relative_quarter_end(match, anchor)
    if match.group("mweek"):
        week_month = int(match.group("zmwm")) if match.group("zmwm") else _MONTHS[match.group("mwm").rstrip(".")[:3]]
        return periods.month_week_end(_with_year(None, week_month, 1, anchor), match)
    if match.group("dom"):
        return periods.day_of_month(match, anchor)
    if match.group("numeric"):
        return _with_year(None, int(match.group("nm")), int(match.group("nd")), anchor)
    if match.group("within"):
        return plans.span_end(match, anchor)
    if match.group("iso"):
        return date(int(match.group("y")), int(match.group("m")), int(match.group("d")))
    if match.group("dmy"):
        return _day_month_year(match)
    if match.group("zh"):
        year = match.group("zy")
        return _with_year(year, int(match.group("zm")), int(match.group("zd")), anchor)
    if match.group("en1") or match.group("en2"):
        month_name = match.group("e1m") or match.group("e2m") or ""
        day = match.group("e1d") or match.group("e2d")
        year = match.group("e1y") or match.group("e2y")
        return _with_year(year, _MONTHS[month_name.rstrip(".")[:3]], int(day), anchor)
    if match.group("zme") or match.group("eme"):
        month = int(match.group("zmm")) if match.group("zme") else _MONTHS[match.group("emm").rstrip(".")[:3]]
        year = match.group("zmy") or match.group("emy")
        first = _with_year(year, month, 1, anchor)
        return date(first.year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)
    if match.group("rwd") or match.group("zwd"):
        weekday = _WEEKDAYS_EN[match.group("rwd")] if match.group("rwd") else _WEEKDAYS_ZH[match.group("zwd")]
        is_next = (match.group(0).startswith("next")) or match.group("zrel") == "下"
        monday = anchor - timedelta(days=anchor.weekday())
        return monday + timedelta(days=weekday + (7 if is_next else 0))
    if match.group("quarter"):
        number = match.group("qn") or match.group("qn2") or match.group("qn3")
        year = match.group("qy") or match.group("qy2") or match.group("qy3")
        return _period_end(year, 3 * _ZH_ORDINAL[number], anchor)
    if match.group("half"):
        half = 1 if (match.group("hn") or match.group("hn2")) == "1" or match.group("zhalf") == "上半年" else 2
        return _period_end(match.group("hy") or match.group("hy2") or match.group("hy3"), 6 * half, anchor)
    if match.group("holiday"):
        return holidays.holiday_day(match.group("holiday"), anchor)
    if match.group("month") or match.group("zmonth"):
        month = _MONTHS[match.group("mm").rstrip(".")[:3]] if match.group("month") else int(match.group("zmm2"))
        return _period_end(match.group("my") or match.group("zmy2"), month, anchor)
    if match.group("span") or match.group("zspan"):
        return _span_end(match, anchor)
    if match.group("weekday"):
        weekday = _WEEKDAYS_EN[match.group("wd")] if match.group("wd") else _WEEKDAYS_ZH[match.group("zwd2")]
        return anchor + timedelta(days=(weekday - anchor.weekday()) % 7)
    if match.group("eom") == "week" or match.group("zeom") == "周末":
        return anchor + timedelta(days=6 - anchor.weekday())
    if match.group("eom") or match.group("zeom"):
        following = date(anchor.year + (anchor.month == 12), anchor.month % 12 + 1, 1)
        return following - timedelta(days=1)
    return None


def _day_month_year(match: re.Match[str]) -> date:
    """30/09/2026 or 09/30/2026: the part over 12 is the day; when both could be, a dot reads day first and a slash month first."""
    first, second, year = int(match.group("dmy1")), int(match.group("dmy2")), int(match.group("dmyy"))
    day_first = first > 12 or (second <= 12 and match.group("dmys") == ".")
    return date(year, second, first) if day_first else date(year, first, second)


def _span_end(match: re.Match[str], anchor: date) -> date:
    """The last day of a span named relative to the entry's date: EOD/EOW/EOM, this or next week or month, 本周, 下个月."""
    if match.group("today") or match.group("ztoday"):
        return anchor + timedelta(days=int((match.group("today") or match.group("ztoday")) in ("tomorrow", "明天")))
    unit = match.group("eo") or match.group("eounit") or match.group("eunit") or match.group("zunit") or ""
    following = bool(
        match.group("eonext") or match.group("enext") == "next" or (match.group("znext") or "").startswith("下")
    )
    if unit in ("d", "day"):
        return anchor
    if unit in ("m", "month", "月"):
        month = anchor.month + following
        first = date(anchor.year + (month > 12), (month - 1) % 12 + 1, 1)
        return date(first.year + (first.month == 12), first.month % 12 + 1, 1) - timedelta(days=1)
    sunday = anchor + timedelta(days=6 - anchor.weekday())
    return sunday + timedelta(days=7 * following)


def _period_end(year: str | None, month: int, anchor: date) -> date:
    """The last day of `month` (the end of a quarter, half or month), in `year` or the anchor's year (or the next)."""
    first = _with_year(year, month, 1, anchor)
    return date(first.year + (month == 12), month % 12 + 1, 1) - timedelta(days=1)


def _with_year(year: str | None, month: int, day: int, anchor: date) -> date:
    if year:
        return date(int(year), month, day)
    guess = date(anchor.year, month, day)
    return date(anchor.year + 1, month, day) if guess < anchor - timedelta(days=60) else guess


_MAY_HOLD_DATE = Folded(
    r"\d|next |this |end of|下周|本周|这周|月底|周末|季度|半年|周[一二三四五六日天1-6]|星期|\b(?:q[1-4]|h[12])\b"
    r"|\beo[dwm]\b|\btoday\b|\btomorrow\b|下个?月|本月|这个?月|今天|今日|明天"
    r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|day\b"
    r"|国庆|双十|双1[12]|元旦|五一|劳动节|春节|中秋|christmas|xmas|new year|thanksgiving|black friday"
    r"|万圣节|圣诞|平安夜|情人节|儿童节|清明|跨年|除夕|元宵|端午|七夕|感恩节|黑五|halloween|valentine"
    r"|年[底末初中]|year|\beo[qy]\b|quarter"
)


@lru_cache(maxsize=100_000)
def _may_hold_date(statement: str) -> bool:
    """A cheap test that the statement may name a date (both `mentioned_dates` and `deadlines` ask it)."""
    return _MAY_HOLD_DATE.search(statement)
