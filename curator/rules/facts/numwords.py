"""Number words to digits, so every rule reads one form: "two editors" → "2 editors", "两篇" → "2篇", "twice" → "2 times"."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from curator import lazyre as re
from curator.casefold import Folded, plain_lower

_ONES = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_SCALES = {"hundred": 100, "thousand": 1000}
_EN_WORD = "|".join(sorted([*_ONES, *_TENS], key=len, reverse=True))
_EN_NUMBER = re.compile(
    rf"\b(?:(?P<tens>{'|'.join(_TENS)})(?:[\s-](?P<unit>{'|'.join(k for k in _ONES if 0 < _ONES[k] < 10)}))?"
    rf"|(?P<ones>{'|'.join(sorted(_ONES, key=len, reverse=True))}))"
    rf"(?:\s+(?P<scale>hundred|thousand))?\b",
    re.I,
)
_DOZEN = re.compile(r"\b(?:(?P<half>half )?an? dozen|(?P<n>\d+) dozen)\b", re.I)
_TIMES = re.compile(r"\b(?P<word>twice|thrice)\b", re.I)
_ONCE = re.compile(
    r"\b(?:(?P<lead>only|just|exactly|at most|at least|no more than|more than|retry|retried|run|ran|tried|try|deploy|deployed)\s+)?once\b"
    r"(?=(?:\s+(?:a|an|per|every|each)\b)|\s*[,.;:)]|\s*$)",
    re.I,
)
_SINGLE = re.compile(r"\b(?:a |one )?single (?!quotes?\b|source\b|sign\b|page\b|file\b|line\b|point\b|quote\b)", re.I)
_COUPLE = re.compile(r"\b(?:a\s+)?(?:couple|pair)\s+of\s+", re.I)
_QUARTER_HOUR = re.compile(r"\b(?:(?P<three>three)\s+quarters|an?\s+quarter|one\s+quarter)\s+of\s+an\s+hour\b", re.I)
_HALF_HOUR = re.compile(r"\bhalf an? hour\b|\bhalf[- ]hour\b", re.I)
_HALF_UNIT = re.compile(
    r"\bhalf (?:an? )?(?P<unit>minute|second|day)\b|\b(?:(?:an?|one) )?(?P<whole>minute|second|day) and a half\b", re.I
)
_N_AND_HALF = re.compile(r"\b(?P<n>\d+)\s+and\s+a\s+half\s+(?P<unit>hours?|minutes?|seconds?|days?|weeks?)\b", re.I)
_HALF_VALUES = {"minute": (30, 90, "seconds"), "second": (500, 1500, "ms"), "day": (12, 36, "hours")}
_HOUR_AND_HALF = re.compile(r"\b(?:an?|one)\s+hour\s+and\s+a\s+half\b|\b(?P<n>\d+)\s+and\s+a\s+half\s+hours\b", re.I)
_A_UNIT = re.compile(
    r"\b(?P<lead>wait|waits|take|takes|took|last|lasts|than|most|least|under|within|after|about|around|for|is|are|was|were"
    r"|be|to|of)\s+an?\s+(?:(?:full|whole|entire|single)\s+)?"
    r"(?=(?:hour|minute|second|day|week|month|year)\b(?!\s*(?:ago|or two)))",
    re.I,
)

_CN_DIGITS = "零〇一二两三四五六七八九十百千万"
_CN_MEASURE = (
    r"个|篇|次|条|名|位|人|台|天|日|周|星期|小时|钟头|分钟|秒|毫秒|倍|项|份|遍|轮|种|家|张|页|行|字|年|月|季度|版|处|段|章|节|步|层"
    r"|核|线程|进程|副本|实例|节点|批|封|本|部|套|组|场|颗|枚|把|只|件|块|列|题|门|所|座|辆|周期|帧|波特|GB|MB|KB|ms|s|h"
)
_CN_NUMBER = re.compile(
    rf"(?<![第{_CN_DIGITS}])([{_CN_DIGITS}]+)(?=\s*(?:来|多|余)?\s*(?:{_CN_MEASURE})(?!性))"
    r"|(?<![第零〇一二两三四五六七八九十百千万])([二两三四五六七八九]|十[一二]?)(?=点(?![点儿]))"
)
_COLLOQUIAL = re.compile(r"(?<![他她你我咱它们])(?:俩|仨)")
_COLLOQUIAL_VALUES = {"俩": "2", "仨": "3"}
_QUARTERS = re.compile(r"([一两二三])刻钟")
_TEENS = re.compile(rf"(?<![{_CN_DIGITS}\d])([一二两三四五六七八九]?)十几(?=\s*(?:{_CN_MEASURE}))")
_CN_HALF = re.compile(rf"(?:(?P<n>[{_CN_DIGITS}\d]+)个)?(?<![上下前后])半(?P<unit>小时|钟头|天|年|个月)")
_HALF_UNITS = {"小时": ("分钟", 60), "钟头": ("分钟", 60), "天": ("小时", 24), "年": ("个月", 12), "个月": ("天", 30)}


@lru_cache(maxsize=4096)
def _cn_value(numeral: str) -> int | None:
    """A Chinese numeral's value through cn2an ("两" → 2, "三千" → 3000), or None."""
    if numeral in ("零", "〇"):
        return 0
    try:
        import cn2an

        value = cn2an.cn2an(numeral, "smart")
    except (ValueError, KeyError, ImportError, AttributeError, TypeError):
        return None
    return int(value) if float(value).is_integer() else None


def chinese_numeral(numeral: str) -> int | None:
    """A Chinese numeral's value ("二" → 2, "十二" → 12), or None when it is none."""
    return _cn_value(numeral)


def _en_value(match: re.Match[str]) -> int:
    if match.group("ones"):
        value = _ONES[match.group("ones").lower()]
    else:
        value = _TENS[match.group("tens").lower()] + (_ONES[match.group("unit").lower()] if match.group("unit") else 0)
    if match.group("scale"):
        value *= _SCALES[match.group("scale").lower()]
    return value


def _english(text: str) -> str:
    """Each English number-word substitution in turn, skipping those whose words the text lacks."""
    lowered = text.lower() if plain_lower(text) else None
    for needles, pattern, replacement in _ENGLISH_STEPS:
        if needles and lowered is not None and not any(needle in lowered for needle in needles):
            continue
        changed = pattern.sub(replacement, text)
        if changed is not text:
            text = changed
            lowered = text.lower() if plain_lower(text) else None
    return text


def _half_unit(match: re.Match[str]) -> str:
    """'half a minute' → '30 seconds', 'a minute and a half' → '90 seconds'."""
    half, whole_and_half, unit = _HALF_VALUES[(match.group("unit") or match.group("whole")).lower()]
    return f"{whole_and_half if match.group('whole') else half} {unit}"


def _and_a_half(whole: int, unit: str) -> str:
    """'3 and a half hours' → '210 minutes', '3 and a half minutes' → '3.5 minutes'."""
    if unit.startswith("hour"):
        return f"{whole * 60 + 30} minutes"
    return f"{whole}.5 {unit.rstrip('s')}s"


Replacement = str | Callable[[re.Match[str]], str]
_ENGLISH_STEPS: tuple[tuple[tuple[str, ...], re.Pattern[str], Replacement], ...] = (
    (("couple", "pair"), _COUPLE, "2 "),
    (("quarter",), _QUARTER_HOUR, lambda m: "45 minutes" if m.group("three") else "15 minutes"),
    (("half",), _HOUR_AND_HALF, lambda m: f"{int(m.group('n')) * 60 + 30 if m.group('n') else 90} minutes"),
    (("half",), _HALF_HOUR, "30 minutes"),
    (("half",), _HALF_UNIT, _half_unit),
    (("dozen",), _DOZEN, lambda m: str(6 if m.group("half") else 12 * int(m.group("n") or 1))),
    (("twice", "thrice"), _TIMES, lambda m: "2 times" if m.group("word").lower() == "twice" else "3 times"),
    (("once",), _ONCE, lambda m: (m.group("lead") + " " if m.group("lead") else "") + "1 time"),
    ((), _EN_NUMBER, lambda m: str(_en_value(m))),
    (("half",), _N_AND_HALF, lambda m: _and_a_half(int(m.group("n")), m.group("unit").lower())),
    (("single",), _SINGLE, "1 "),
    (("hour", "minute", "second", "day", "week", "month", "year"), _A_UNIT, lambda m: m.group("lead") + " 1 "),
)
"""(words the pattern needs, pattern, replacement): none of the words in the lowered text means no match."""


def _chinese(text: str) -> str:
    text = _COLLOQUIAL.sub(lambda m: _COLLOQUIAL_VALUES[m.group(0)], text)
    text = _QUARTERS.sub(lambda m: f"{15 * (_cn_value(m.group(1)) or 1)}分钟", text)
    text = _TEENS.sub(
        lambda m: f"{(_cn_value(m.group(1)) or 1) * 10 + 1}-{(_cn_value(m.group(1)) or 1) * 10 + 9}", text
    )

    def half(match: re.Match[str]) -> str:
        whole = match.group("n")
        count = (int(whole) if whole.isdigit() else _cn_value(whole)) if whole else 0
        if count is None:
            return match.group(0)
        unit, per = _HALF_UNITS[match.group("unit")]
        return f"{count * per + per // 2}{unit}"

    text = _CN_HALF.sub(half, text)

    def numeral(match: re.Match[str]) -> str:
        written = match.group(1) or match.group(2)
        value = _cn_value(written)
        return written if value is None else str(value)

    return _CN_NUMBER.sub(numeral, text)


_HAS_WORD = Folded(
    rf"\b(?:{_EN_WORD}|twice|thrice|once|dozen|half|hundred|single|an? (?:(?:full|whole|entire|single) )?(?:hour|minute|second|day|week|month|year))\b"
    rf"|[{_CN_DIGITS}半俩仨]|\d\s*k\b|\b(?:couple|pair|quarter)\b"
)


def normalise(text: str) -> str:
    """The text with English and Chinese number words written as digits; everything else unchanged."""
    if not _HAS_WORD.search(text):
        return text
    return _MAGNITUDE.sub(_magnitude, _chinese(_english(text)))


_MAGNITUDE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(万|千|[kK](?![a-zA-Z]))")


def _magnitude(match: re.Match[str]) -> str:
    """'4 万' → '40000', '40k' → '40000'."""
    value = float(match.group(1)) * (10000 if match.group(2) == "万" else 1000)
    return str(int(value)) if value.is_integer() else str(value)
