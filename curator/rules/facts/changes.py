"""Numbers stated as how much something changed ("saves 0.8 ms per tick", "快了 3 秒", "cut by 200 ms"), not what it is,
or as what one numbered run happened to use ("Run 17 used seed 1234"), not what is set."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.quantities import Quantity

_CHANGE_BEFORE = re.compile(
    r"(?:\b(?:saves?|saved|saving|shaves?|shaved|trims?|trimmed|gains?|gained|loses|lost)"
    r"|\b(?:reduced|raised|increased|decreased|lowered|dropped|grew|cut|bumped|shortened|extended|faster|slower|down|up) by"
    r"|省了?|省下|涨了|跌了|掉了|新增了?|节省了?|节约了?|减少了|缩短了|降低了|提升了|提高了|增加了|延长了|多了|少了|快了|慢了|加了|减了)"
    r"\s*(?:about|around|roughly|nearly|almost|~|大约|大概|约|近|将近)?\s*[~≈]?\s*$",
    re.I,
)
_CHANGE_AFTER = re.compile(r"^\s*[a-zµ%]*\s*(?:faster|slower|less|shorter|longer|quicker|sooner)\b", re.I)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_SPAN_MARGIN = 12


def change_amount(quantity: Quantity) -> bool:
    """Whether the quantity's number is the size of a change, read from the words right around it."""
    at = quantity.statement.find(quantity.span)
    if at < 0:
        return False
    numbers = list(_NUMBER.finditer(quantity.span))
    if not numbers:
        return False
    before_margin = [number for number in numbers if number.start() <= _SPAN_MARGIN]
    number = before_margin[-1] if before_margin else numbers[0]
    start, end = at + number.start(), at + number.end()
    statement = quantity.statement
    return bool(_CHANGE_BEFORE.search(statement[max(0, start - 24) : start]) or _CHANGE_AFTER.match(statement[end:]))


_RECORD = re.compile(
    r"\b(?:run|build|job|experiment|exp|trial|deploy(?:ment)?|release|sprint|pr|ticket|issue|episode)\s*#?\d+"
    r"\s+(?:used|ran|had|took|got|hit|needed|reached|was run|was trained)\b"
    r"|第\s*\d+\s*(?:次|轮|个)(?:运行|实验|训练|构建)\s*(?:用了|跑了|花了)",
    re.I,
)


def recorded_instance(quantity: Quantity) -> bool:
    """Whether the quantity is what one numbered run or build used, in the past ("Run 17 used seed 1234 and diverged"):
    a record of that run, which a default or a setting does not contradict."""
    return bool(_RECORD.search(quantity.statement))
