"""Numbers standing where a count would that count nothing: codes in an enumerated list ("0 pending, 1 paid, 2 shipped"), years ("在 2026 年第三季度末停用")."""

from __future__ import annotations

from curator import lazyre as re

_ITEM = re.compile(
    r"(?<![\w.,$€£¥-])(\d{1,3})(?![\d.,%])\s*(?:=>|->|=|:|：|→|-|–|—)?\s*[`'\"(（]?(?=[a-z_\u4e00-\u9fff])"
)
_LIST_GAP = re.compile(r"[^\d.;。；\n]{0,40}?(?:,|，|、|;|；|/|\|)\s*(?:and\s+|or\s+|和|及)?$")
_CODE_CUE = re.compile(
    r"\b(?:status(?:es)?|states?|codes?|values?|enums?|levels?|flags?|types?|kinds?|modes?|stages?|phases?)\b"
    r"|状态|枚举|取值|编码|代码|码值|类型|等级|级别|阶段"
)
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|[。！？\n]")


def enumerated(lowered: str, position: int) -> bool:
    """Whether the number at `position` is one code of a list that numbers states in order ("status: 0 pending, 1 paid, 2 shipped", "0 待支付、1 已支付、2 已发货")."""
    start, end = _sentence(lowered, position)
    run: list[tuple[int, int]] = []
    runs: list[list[tuple[int, int]]] = []
    previous_end = -1
    for match in _ITEM.finditer(lowered, start, end):
        value, at = int(match.group(1)), match.start(1)
        joined = run and previous_end >= 0 and _LIST_GAP.match(lowered[previous_end:at]) and value == run[-1][0] + 1
        if not joined:
            if len(run) >= 3:
                runs.append(run)
            run = []
        run.append((value, at))
        previous_end = match.end()
    if len(run) >= 3:
        runs.append(run)
    cued = bool(_CODE_CUE.search(lowered, start, end))
    return any(
        any(at == position for _, at in items) and (cued or items[0][0] == 0 or len(items) >= 4) and items[0][0] <= 1
        for items in runs
    )


_YEAR = re.compile(r"(?:19|20)\d\d")
_YEAR_AFTER = re.compile(r"\s*(?:年|财年|[-/.]\s?\d{1,2}(?!\d)|[-\s]?[qh][1-4]\b)")
_YEAR_BEFORE = re.compile(
    r"(?:\b(?:in|by|since|until|till|before|after|from|during|of|end of|early|mid|late|fy|cy|q[1-4]|h[12])"
    r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,?)\s*$|(?:在|于|到|从|自)\s*$"
)


def year_value(lowered: str, start: int, end: int) -> bool:
    """Whether the number at lowered[start:end] is a year ("2026 年第三季度末", "in 2027", "Q3 2026"), never a count or a metric."""
    if not _YEAR.fullmatch(lowered, start, end):
        return False
    return bool(_YEAR_AFTER.match(lowered, end) or _YEAR_BEFORE.search(lowered, max(0, start - 12), start))


def _sentence(lowered: str, position: int) -> tuple[int, int]:
    start = 0
    for match in _SENTENCE_END.finditer(lowered, 0, position):
        start = match.end()
    following = _SENTENCE_END.search(lowered, position)
    return start, following.start() if following else len(lowered)
