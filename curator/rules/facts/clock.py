"""Clock times ("at 20:00", "9 pm", "10 CET", "晚上 8 点半", "每天 UTC 4 点", cron's `0 4 * * *`) as minutes after midnight, and
ranges of them ("9am-6pm")."""

from __future__ import annotations

from curator import lazyre as re

_ZH_PERIOD = (
    r"凌晨|清晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里|夜间|每晚|今晚|晚间"
    r"|每天|每日|工作日|今天|明天|(?:每)?(?:周|星期)[一二三四五六日天]"
)
_ZH_NUMERAL = r"(?:二十[一二三四]?|十[一二]?|[一两二三四五六七八九])"
_ZONES = r"utc|gmt|cet|cest|eet|bst|pst|pdt|est|edt|cdt|mst|mdt|jst|kst|aest|sgt|hkt"
_ZH_DIGITS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_CLOCK = re.compile(
    r"(?<![\d:.])(?P<hour>[01]?\d|2[0-3]):(?P<minute>[0-5]\d)(?![\d:])(?:\s*(?P<half>[ap])\.?m\b\.?)?"
    r"|(?<![\d:.])(?P<hour12>1[0-2]|0?[1-9])(?::(?P<minute12>[0-5]\d))?\s*(?P<half12>[ap])\.?m\b\.?"
    rf"|(?P<period>{_ZH_PERIOD})\s*(?:(?:utc|gmt|北京时间|东八区)\s*[+-]?\d{{0,2}}\s*)?(?P<zhour>[01]?\d|2[0-4]|{_ZH_NUMERAL})\s*[点點](?:钟)?(?P<zhalf>半)?(?:\s*(?P<zminute>[0-5]?\d)\s*分)?"
    r"|(?<![\w*/.,-]\s)(?<![\w*/.,-])(?P<cmin>[0-5]?\d) (?P<chour>[01]?\d|2[0-3]) \* \* [\d*,-]+(?![\w*/])"
    rf"|(?<![\d:.])(?P<zoned>[01]?\d|2[0-3])\s*(?:{_ZONES})\b"
    rf"|(?<![\d.])(?P<bare>[01]?\d|2[0-4]|{_ZH_NUMERAL})\s*[点點](?:(?P<oclock>钟)|(?P<bhalf>半)|\s*(?P<bminute>[0-5]?\d)\s*分)",
    re.I,
)
_RANGE_JOIN = re.compile(r"^\s*(?:-|–|—|~|～|to|until|till|到|至)\s*$", re.I)
_AFTERNOON = frozenset("中午 下午 傍晚 晚上 夜里 夜间 每晚 今晚 晚间".split())
DAY_MINUTES = 24 * 60


def clock_matches(lowered: str) -> list[tuple[int, int, float, float]]:
    """(start, end, low, high) of each clock time or range of clock times, in minutes after midnight."""
    times = [(match.start(), match.end(), _minutes(match)) for match in _CLOCK.finditer(lowered)]
    found: list[tuple[int, int, float, float]] = []
    index = 0
    while index < len(times):
        start, end, minutes = times[index]
        following = times[index + 1] if index + 1 < len(times) else None
        if following and _RANGE_JOIN.match(lowered[end : following[0]]):
            found.append((start, following[1], minutes, following[2]))
            index += 2
            continue
        found.append((start, end, minutes, minutes))
        index += 1
    return found


def _minutes(match: re.Match[str]) -> float:
    if match.group("hour") is not None:
        hour, minute, half = int(match.group("hour")), int(match.group("minute")), match.group("half")
    elif match.group("hour12") is not None:
        hour, minute, half = int(match.group("hour12")), int(match.group("minute12") or 0), match.group("half12")
    elif match.group("zoned") is not None:
        hour, minute, half = int(match.group("zoned")), 0, None
    elif match.group("chour") is not None:
        hour, minute, half = int(match.group("chour")), int(match.group("cmin")), None
    elif match.group("zhour") is not None:
        hour = _hour(match.group("zhour"))
        minute = 30 if match.group("zhalf") else int(match.group("zminute") or 0)
        half = "p" if match.group("period") in _AFTERNOON and hour < 12 else None
    else:
        hour = _hour(match.group("bare"))
        minute = 30 if match.group("bhalf") else int(match.group("bminute") or 0)
        half = None
    if half and half.lower() == "p" and hour < 12:
        hour += 12
    elif half and half.lower() == "a" and hour == 12:
        hour = 0
    return float(hour % 24 * 60 + minute)


def _hour(written: str) -> int:
    """An hour written in digits or Chinese numerals (8, 八, 十二, 二十一)."""
    if written.isdigit():
        return int(written)
    tens, _, ones = written.rpartition("十")
    if "十" not in written:
        return _ZH_DIGITS[written]
    return (_ZH_DIGITS[tens] if tens else 1) * 10 + (_ZH_DIGITS[ones] if ones else 0)
