"""Words around a number that make it a bound, an approximation or an alert threshold ("at most", "以上", "左右"), and the
perks an amount is the threshold of ("free delivery over ¥30", "满 30 元包邮")."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.text import CJK_CHAR

_UPPER_LEFT = re.compile(
    r"(?<![a-z])(?:at most|up to|no more than|not more than|maximum(?: of)?|max(?:imum)?\.?|under|below|less than|fewer than"
    r"|capped at|cap(?: of| at| is)?|limit(?:ed)? (?:of|to|at)|limits?(?: is| of)?|no longer than|<=?|≤|最多|至多|最大|不超过|不得超过|不能超过|上限|封顶)"
    r"[\s:：]*(?:[" + CJK_CHAR + r"]{1,3}\s*|[a-z][\w-]{1,15}\s+)?$"
)
_LOWER_LEFT = re.compile(
    r"(?<![a-z])(?:at least|minimum(?: of)?|min\.?|no less than|not less than|no fewer than|(?<!no )(?<!not )more than|(?<!no )over|above|>=?|≥|至少|不少于|不低于|最少|最小)"
    r"[\s:：]*(?:[" + CJK_CHAR + r"]{1,3}\s*|[a-z][\w-]{1,15}\s+)?$"
)
_APPROX_LEFT = re.compile(r"(?:about|around|roughly|approximately|approx\.?|~|≈|约|大约|大概|差不多)[\s:：]*$")
_UPPER_RIGHT = re.compile(
    r"^\s*(?:[^\s\d]{0,12}\s+)?(?:or (?:fewer|less)|max\b|以内|以下|之内)|^\s*(?:[a-z]{1,8}\s+){0,2}(?:at (?:the )?most|tops)\b"
    r"|^\s*内(?![容部存网])"
)
CAPPED_BEFORE = r"\b(?:caps|capped|limits|limited)\b[^.;:!?\d]{0,60}\s(?:at|to)\s*$"
_LIMIT_LABEL = re.compile(
    r"\b(?:cap|caps|limit|limits|max|maximum|ceiling|quota|budget)\b[^.;:!?]{0,40}[:：]\s*$|上限[^，。；]{0,10}[:：是为]?\s*$"
    r"|\b(?:max|maximum|cap|limit)\b[^.;:!?]{0,30}\s(?:is|=)\s*$"
    r"|" + CAPPED_BEFORE
)
_THRESHOLD_LEFT = re.compile(
    r"(?:\bexceeds?|\bexceeding|\bgoes (?:above|over|below)|\bdrops below|\babove|\bbelow|\b(?:more|greater|higher|less|lower|fewer) than"
    r"|\bover|\bunder|[<>]=?|超过|高于|低于|大于|小于)\s*$"
)
_TRIGGER = re.compile(
    r"\b(?:pag(?:e|es|ing)|alerts?|alarms?|fires?|triggers?|notify|wake)\b|\bwarn(?:s|ing)?(?![a-z])|告警|报警|触发"
)
_LOWER_RIGHT = re.compile(r"^\s*(?:[^\s\d]{0,12}\s+)?(?:or more|plus\b|以上|起)")
_APPROX_RIGHT = re.compile(r"^\s*(?:[^\s\d]{0,6}\s*)?(?:左右|上下)")
_PERK_KINDS = (
    (
        "delivery",
        r"\bfree[\s-]+(?:delivery|shipping|postage)\b|\bships? (?:for )?free\b|\b(?:delivery|shipping) is free\b"
        r"|免(?:配送费|运费|邮费?)|包邮",
    ),
    (
        "discount",
        r"\bdiscount(?:ed|s)?\b|\d\s?% off\b|立减|满减|减免|优惠|打\s?\d*\s?折|折扣|满\s?\d+(?:\.\d+)?\s?元?减",
    ),
    ("gift", r"\bfree[\s-]+gift|\bgift wrap|赠送|送赠品"),
    ("cashback", r"\bcash ?back\b|返现"),
    ("waiver", r"\bwaived?\b|\b(?:is|are|goes|go) free\b|免单"),
)
FLOOR_BEFORE = re.compile(
    r"(?:满|(?<![不没未])(?:超过|高于|大于))\s*$|\b(?:minimum|min)\b[^.;:!?\d]{0,30}\s(?:is|=)\s*(?:now\s+|still\s+)?[$€£¥￥]?\s*$",
    re.I,
)
_PERK_PATTERNS = tuple((kind, re.compile(pattern, re.I)) for kind, pattern in _PERK_KINDS)


def perks(text: str) -> frozenset[str]:
    """The kinds of perk a statement makes an amount the threshold of (delivery, discount, gift, cashback, waiver)."""
    return frozenset(kind for kind, pattern in _PERK_PATTERNS if pattern.search(text))
