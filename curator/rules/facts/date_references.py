"""Statements whose deadline is a date said before them: "before then", "在那之前", "by the end of sprint 22", "until the meeting is over"."""

from __future__ import annotations

from curator import lazyre as re

_BACK_REFERENCE = re.compile(
    r"\b(?:before then|by then|until then|till then|by that (?:date|day|time)|before that)\b"
    r"|在那之前|那之前|在此之前|此前必须|届时|到时候?(?:必须|要|需)|那天之前|这之前"
)
_PERIODS_EN = r"sprint|iteration|milestone|phase|freeze|window|trial|pilot|beta|campaign|event|meeting|review|audit|offsite|call|demo"
_PERIODS_ZH = r"sprint|迭代|冲刺|里程碑|冻结期|封板期?|活动|会议|评审会?|审计|试用期|试点"
_PERIOD_REFERENCE = re.compile(
    rf"\b(?:by|before|until|till|at|around) (?:the )?end of (?:the |this |that )?(?P<en>{_PERIODS_EN})\b(?:\s*(?P<enn>\d+)\b)?"
    rf"|\b(?:until|till|before) the (?P<ev>{_PERIODS_EN})\s+(?:is over|ends|is done|has ended|has happened|happens|closes)\b"
    rf"|(?P<zh>{_PERIODS_ZH})\s*(?P<zhn>\d+)?\s*(?:结束|截止|完成)\s*(?:之前|以前|前)"
)


def refers_back(statement: str) -> bool:
    """Whether a statement points at a date said before it ("在那之前必须…", "before then")."""
    return bool(_BACK_REFERENCE.search(statement.lower()))


def referred_period(statement: str) -> re.Pattern[str] | None:
    """A pattern for the named period whose end a statement is due by ("by the end of sprint 22" → sprint 22), found in the statement that dated it."""
    match = _PERIOD_REFERENCE.search(statement.lower())
    if match is None:
        return None
    noun = match.group("en") or match.group("ev") or match.group("zh")
    number = match.group("enn") or match.group("zhn")
    return re.compile(re.escape(noun) + (rf"\s*{number}(?!\d)" if number else ""))
