"""The rate or interval a quantity is stated per ("per week", "/s", "每天", "every 5 minutes")."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.quantity_units import _UNIT_ALIASES, _singular
from curator.rules.text import STOPWORDS

_RATE = re.compile(
    r"(?:\b(?:per|a|an|each|every)|/)\s*(second|sec|minute|min|hour|hr|day|week|month|year|post|article|pr|request|run|session|file)s?\b"
    r"|\b(daily|weekly|monthly|hourly|yearly)\b|每(?:个)?(秒|分钟|小时|天晚上|天|日|晚|周|星期|月|年|篇|次|个)"
    r"|(?:(?<=\d)|(?<=[\d\s])[a-z]{1,12})/(s|m|h)\b(?![\w/-]|\.\w)"
)
_RATE_ALIASES = {
    "daily": "day",
    "weekly": "week",
    "monthly": "month",
    "hourly": "hour",
    "yearly": "year",
    "sec": "second",
    "s": "second",
    "m": "minute",
    "h": "hour",
    "min": "minute",
    "hr": "hour",
    "article": "post",
    "秒": "second",
    "分钟": "minute",
    "小时": "hour",
    "天": "day",
    "天晚上": "day",
    "晚": "day",
    "日": "day",
    "周": "week",
    "星期": "week",
    "月": "month",
    "年": "year",
    "篇": "post",
    "次": "time",
    "个": "item",
}


_INTERVAL = re.compile(r"\binterval\b|间隔|每隔")


_EVERY = re.compile(r"(?:\bevery|\beach|每隔|每)\s*$")
_ONCE_AFTER = re.compile(r"\s*(?:1|一)\s*(?:次|回|趟)")
_PER_TIME = re.compile(r"/\s*(?:s|sec|second|min|minute|h|hr|hour|d|day)\b")
_REQUEST_CONTEXT = re.compile(r"rate[- ]?limit|throttl|\brequests?\b|\bcalls?\b|\bqps\b|\brps\b|限流|请求|调用")


def _rate(lowered: str, unit: str) -> str | None:
    for match in _RATE.finditer(lowered):
        word = next(group for group in match.groups() if group)
        rate = _RATE_ALIASES.get(word, word)
        if rate != unit:
            return rate
    if _PER_SPAN.search(lowered):
        return None
    for match in _PER_NOUN.finditer(lowered):
        noun = _singular(match.group(1))
        if noun not in STOPWORDS and noun != unit:
            return _UNIT_ALIASES.get(noun, noun)
    return None


_PER_NOUN = re.compile(r"\bper\s+([a-z][a-z-]{2,})\b")
_PER_SPAN = re.compile(r"(?:\bper|/)\s*\d")
