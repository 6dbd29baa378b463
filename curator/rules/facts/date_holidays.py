"""Named holidays and festivals a deadline may name ("国庆前", "before Halloween", "端午前"), resolved from the entry's date."""

from __future__ import annotations

from datetime import date, timedelta

_FIXED_HOLIDAYS = {
    "国庆": (10, 1),
    "国庆节": (10, 1),
    "元旦": (1, 1),
    "五一": (5, 1),
    "劳动节": (5, 1),
    "christmas": (12, 25),
    "xmas": (12, 25),
    "new year's day": (1, 1),
    "new year": (1, 1),
    "new year's": (1, 1),
    "万圣节": (10, 31),
    "halloween": (10, 31),
    "圣诞": (12, 25),
    "圣诞节": (12, 25),
    "平安夜": (12, 24),
    "christmas eve": (12, 24),
    "情人节": (2, 14),
    "valentine's day": (2, 14),
    "valentine's": (2, 14),
    "儿童节": (6, 1),
    "清明": (4, 5),
    "清明节": (4, 5),
    "跨年": (12, 31),
    "new year's eve": (12, 31),
}
_LUNAR_HOLIDAYS = {
    "春节": {2025: (1, 29), 2026: (2, 17), 2027: (2, 6), 2028: (1, 26), 2029: (2, 13)},
    "中秋": {2025: (10, 6), 2026: (9, 25), 2027: (9, 15), 2028: (10, 3), 2029: (9, 22)},
    "中秋节": {2025: (10, 6), 2026: (9, 25), 2027: (9, 15), 2028: (10, 3), 2029: (9, 22)},
    "除夕": {2025: (1, 28), 2026: (2, 16), 2027: (2, 5), 2028: (1, 25), 2029: (2, 12)},
    "元宵": {2025: (2, 12), 2026: (3, 3), 2027: (2, 20), 2028: (2, 9), 2029: (2, 27)},
    "元宵节": {2025: (2, 12), 2026: (3, 3), 2027: (2, 20), 2028: (2, 9), 2029: (2, 27)},
    "端午": {2025: (5, 31), 2026: (6, 19), 2027: (6, 9), 2028: (5, 28), 2029: (6, 16)},
    "端午节": {2025: (5, 31), 2026: (6, 19), 2027: (6, 9), 2028: (5, 28), 2029: (6, 16)},
    "七夕": {2025: (8, 29), 2026: (8, 19), 2027: (8, 8), 2028: (8, 26), 2029: (8, 16)},
}
_HOLIDAY_ALIASES = {"感恩节": "thanksgiving", "黑五": "black friday"}
NAMES = (
    r"国庆节?|元旦|(?<![\d一二三四五六七八九十])五一(?![\d一二三四五六七八九十])|劳动节|春节|中秋节?"
    r"|万圣节|圣诞节?|平安夜|情人节|儿童节|清明节?|跨年|除夕|元宵节?|端午节?|七夕|感恩节|黑五"
    r"|\b(?:christmas(?: eve)?|xmas|new year(?:'s)?(?: day| eve)?|thanksgiving|black friday|halloween|valentine's(?: day)?"
    r"|labou?r day|memorial day)\b"
)


def holiday_day(said: str, anchor: date) -> date | None:
    """The next date of a named holiday on or after two months before the anchor (国庆 → 10-01, Thanksgiving → 4th Thursday of November, Labor Day → 1st Monday of September)."""
    name = _HOLIDAY_ALIASES.get(said, said)
    if name in _FIXED_HOLIDAYS:
        month, day_of_month = _FIXED_HOLIDAYS[name]
        this_year = date(anchor.year, month, day_of_month)
        return this_year if this_year >= anchor - timedelta(days=60) else date(anchor.year + 1, month, day_of_month)
    for year in (anchor.year, anchor.year + 1):
        if name in _LUNAR_HOLIDAYS:
            known = _LUNAR_HOLIDAYS[name].get(year)
            if known is None:
                return None
            day = date(year, *known)
        elif name.startswith("labo"):
            first = date(year, 9, 1)
            day = first + timedelta(days=(0 - first.weekday()) % 7)
        elif name == "memorial day":
            last = date(year, 5, 31)
            day = last - timedelta(days=last.weekday())
        else:
            first = date(year, 11, 1)
            thanksgiving = first + timedelta(days=(3 - first.weekday()) % 7 + 21)
            day = thanksgiving + timedelta(days=int(name == "black friday"))
        if day >= anchor - timedelta(days=60):
            return day
    return None
