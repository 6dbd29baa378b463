"""Units after a number ("2h", "20 个 Redis 连接", "3 NAT gateways") and their conversion to one base per dimension."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import segment, subject_tokens
from curator.rules.text import CJK_CHAR, STOPWORDS

_CJK_UNITS = ("个工作日", "工作日", "分钟", "小时", "毫秒", "个月", "星期", "万字", "千字", "字节")
_UNIT_ALIASES = {
    "s": "second",
    "sec": "second",
    "secs": "second",
    "second": "second",
    "秒": "second",
    "m": "minute",
    "min": "minute",
    "mins": "minute",
    "minute": "minute",
    "分钟": "minute",
    "h": "hour",
    "hr": "hour",
    "hrs": "hour",
    "hour": "hour",
    "小时": "hour",
    "ms": "millisecond",
    "millisecond": "millisecond",
    "毫秒": "millisecond",
    "d": "day",
    "day": "day",
    "个工作日": "business-day",
    "工作日": "business-day",
    "天": "day",
    "日": "day",
    "week": "week",
    "wk": "week",
    "周": "week",
    "星期": "week",
    "month": "month",
    "个月": "month",
    "月": "month",
    "year": "year",
    "年": "year",
    "%": "percent",
    "percent": "percent",
    "word": "word",
    "字": "word",
    "post": "post",
    "篇": "post",
    "article": "post",
    "character": "char",
    "column": "char",
    "col": "char",
    "字符": "char",
    "char": "char",
    "line": "line",
    "行": "line",
    "request": "request",
    "req": "request",
    "call": "request",
    "doc": "document",
    "deployment": "deploy",
    "次": "time",
    "time": "time",
    "x": "time",
    "attempt": "attempt",
    "retry": "retry",
    "retri": "retry",
    "遍": "time",
    "worker": "worker",
    "job": "job",
    "thread": "thread",
    "线程": "thread",
    "步": "step",
    "轮": "epoch",
    "批": "batch",
    "editor": "editor",
    "reviewer": "reviewer",
    "approval": "approval",
    "replica": "replica",
    "副本": "replica",
    "kb": "kb",
    "mb": "mb",
    "gb": "gb",
    "tb": "tb",
    "byte": "byte",
    "kilobyte": "kb",
    "megabyte": "mb",
    "gigabyte": "gb",
    "terabyte": "tb",
    "kib": "kb",
    "mib": "mb",
    "gib": "gb",
    "ki": "kb",
    "mi": "mb",
    "gi": "gb",
    "gig": "gb",
    "meg": "mb",
    "hz": "hz",
    "khz": "khz",
    "mhz": "mhz",
    "ghz": "ghz",
    "baud": "baud",
    "bps": "baud",
    "波特": "baud",
    "rpm": "rpm",
    "fps": "fps",
    "帧": "fps",
    "元": "money:cny",
}
_NOT_UNITS = frozenset(
    "of the and or to in on at for from with is are was be by as it this that we i you they he she our your "
    "now today already again instead anymore currently then below above".split()
)
_KNOWN_UNITS = frozenset(_UNIT_ALIASES.values())


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "is", "us")) else word


_DAY = 86400.0
_CALENDAR_SPANS = {"month": (28 * _DAY, 31 * _DAY), "year": (365 * _DAY, 366 * _DAY)}
_HERTZ = {"hz": 1.0, "khz": 1e3, "mhz": 1e6, "ghz": 1e9}
_SECONDS = {
    "millisecond": 0.001,
    "second": 1.0,
    "minute": 60.0,
    "hour": 3600.0,
    "day": 86400.0,
    "business-day": 86400.0 * 7 / 5,
    "week": 604800.0,
}
"""Seconds per unit; a business day is the calendar time it averages (five of them make a week)."""
_BYTES = {"byte": 1.0, "kb": 1024.0, "mb": 1024.0**2, "gb": 1024.0**3, "tb": 1024.0**4}


def _canonical_unit(unit: str) -> tuple[str, float]:
    """Units compared after conversion ("2h" vs "90 min" are both durations in seconds), and the factor."""
    if unit in _SECONDS:
        return "duration", _SECONDS[unit]
    if unit in _BYTES:
        return "byte", _BYTES[unit]
    if unit in _HERTZ:
        return "frequency", _HERTZ[unit]
    if unit == "attempt":
        return "retry", 1.0
    return unit, 1.0


def _unit(after: str) -> tuple[str | None, int]:
    """The unit right after a number and how many characters it spans."""
    stripped = after.lstrip(" ")
    gap = len(after) - len(stripped)
    if not stripped:
        return None, 0
    hyphenated = _HYPHENATED_UNIT.match(stripped)
    if hyphenated:
        return _UNIT_ALIASES[hyphenated.group(1)], gap + hyphenated.end()
    if stripped[0] == "%":
        return "percent", gap + 1
    business = _BUSINESS_DAYS.match(stripped)
    if business:
        return "business-day", gap + business.end()
    for cjk_unit in _CJK_UNITS:
        if stripped.startswith(cjk_unit):
            return _UNIT_ALIASES.get(cjk_unit, cjk_unit), gap + len(cjk_unit)
    if stripped[0] in _CJK_PARTICLES:
        return None, 0
    if re.match(f"[{CJK_CHAR}]", stripped[0]):
        if stripped[0] not in _UNIT_ALIASES and stripped[0] not in _CLASSIFIERS and _starts_word(stripped):
            return None, 0
        return _UNIT_ALIASES.get(stripped[0], stripped[0]), gap + 1
    word = re.match(
        r"(?:(?:more|extra|new|old|open|separate|different|concurrent|parallel|simultaneous|active|total|human|required|consecutive|failed|most recent|recent|latest|newest) )*([a-z][a-z\-]*)",
        stripped,
    )
    if not word:
        return None, 0
    name = word.group(1)
    if name in _NOT_UNITS or name in STOPWORDS:
        return None, 0
    base = name[:-1] if len(name) > 3 and name.endswith("s") and not name.endswith(("ss", "is", "us")) else name
    if base.endswith("ie"):
        base = base[:-2] + "y"
    return _UNIT_ALIASES.get(base, _UNIT_ALIASES.get(name, base)), gap + word.end()


_BUSINESS_DAYS = re.compile(r"(?:business|working|work) days?\b")
_CONCURRENCY_UNITS = frozenset({"worker", "concurrency"})
_HYPHENATED_UNIT = re.compile(
    r"-(second|minute|hour|day|week|month|year|millisecond|line|character|word|worker|thread|replica)(?![\w-])"
)


def _starts_word(text: str) -> bool:
    """Whether the Chinese character at the start begins a longer word ("650 直接拦截"), so it is no measure word."""
    run = re.match(f"[{CJK_CHAR}]{{1,4}}", text)
    words = segment(run.group(0)) if run else ()
    return bool(words) and len(words[0]) > 1


_CLASSIFIERS = frozenset("个 条 份 名 位 台 项 张 只 件 套 组 家 处 颗 块 根 把".split())
_BARE_CLASSIFIERS = {"份": "copy", "名": "person", "位": "person", "台": "machin"}
_NOUN_RUN = re.compile(f"[\\s{CJK_CHAR}A-Za-z_-]{{1,16}}")


def _classified_nouns(after: str) -> list[str]:
    """The nouns a Chinese classifier counts, as English concepts: "20 个 Redis 连接" → [redis, connection]."""
    run = _NOUN_RUN.match(after)
    if not run:
        return []
    words = [word for word in subject_tokens(run.group(0)) if word]
    if words and not words[0].isascii() and concept(words[0]) == words[0]:
        return [words[0]]
    known: list[str] = []
    for word in words[:2]:
        if not (word.isascii() or concept(word) != word):
            break
        known.append(concept(word))
    return known


_CJK_PARTICLES = frozenset("了的吗呢吧啊是和与或就都也还在才再又即便则会要能可")
_HEAD_STOP = frozenset(
    "max min maximum minimum total each still left remaining now only ago later long old per plus more less once wide "
    "tall high deep thick".split()
)


def _head_noun(after: str, unit_length: int, written: str = "") -> str | None:
    """The noun a two-word unit names ("3 NAT gateways" → gateway, "5 Redis connections"), when the first word only qualifies it."""
    following = re.match(r" ([a-z][a-z-]{2,})\b", after[unit_length:])
    name = written[:1].isupper()
    if not following or (
        not name and after[:unit_length].strip().endswith("s") and not after[:unit_length].strip().endswith("ss")
    ):
        return None
    word = following.group(1)
    if word in _HEAD_STOP or word in _NOT_UNITS or word in STOPWORDS:
        return None
    base = word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word
    return _canonical_unit(_UNIT_ALIASES.get(base, base))[0]


SECONDS_PER = {"second": 1.0, "minute": 60.0, "hour": 3600.0, "day": 86400.0, "week": 604800.0}
