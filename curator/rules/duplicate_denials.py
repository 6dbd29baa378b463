"""Whether one entry denies what the other states ("不做按天折算" beside "按剩余天数比例计算差价", "never proration" beside
"prorate the difference"): two entries saying yes and no on one policy are no duplicates."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.subject import stem
from curator.rules.polarity.negation import NOT_CLOSING_BIE
from curator.rules.text import IS_CJK

_NEGATION = re.compile(
    r"\b(?:not|never|no|no longer|don'?t|doesn'?t|didn'?t|won'?t|isn'?t|aren'?t|wasn'?t|weren'?t|cannot|can'?t"
    r"|shouldn'?t|mustn'?t)\b"
    r"|不(?![同少错过断久仅但论管然如足够一定太只光是很好意思止])|没有|没|无需|无须|未(?!来)|"
    + NOT_CLOSING_BIE
    + "别|禁止|勿",
    re.I,
)
_STATED_NEGATION = re.compile(
    r"\b(?:not|no longer|doesn'?t|didn'?t|won'?t|isn'?t|aren'?t|wasn'?t|weren'?t)\b"
    r"|不(?![同少错过断久仅但论管然如足够一定太只光是很好意思止要许准得该应])|没有|没|未(?!来)",
    re.I,
)
"""A negation that states how things are or waives a step ("are not prorated", 不做按天折算, 不用人看), not one that forbids
(don't, never, 不要, 禁止): a rule against an action and a warning of its cost may say the same."""
_DENIES_OTHERWISE = re.compile(
    r"\b(?:nothing|none|nobody|neither|nor|avoid(?:s|ed|ing)?|without|instead|rather than|free of|stop(?:s|ped)?|"
    r"disabled?|off)\b|避免|无(?!论)|免|非|拒绝|停止|停用|取消|去掉|禁用|关闭|关掉",
    re.I,
)
"""Words that deny without a plain negation ("nothing goes into", 避免阻塞): the other entry may say the same no."""
_TURNED = re.compile(
    r"\b(?:without|unless|otherwise|except|instead|only if|until|if|when)\b|除非|否则|不然|除了|才|只有|之前|以前|如果|若|要是",
    re.I,
)
"""A negation these turn around (never merge without tests, 不跑测试就不许合并) may state the same as a plain rule."""
_ASKS = re.compile(
    r"\b(?:can|may|always|must|should|need to|allowed|fine|ok|okay)\b|可以|允许|一律|必须|务必|总是|需要|应该|得", re.I
)
_NEGATION_WORDS = frozenset("not no never longer don't doesn't didn't won't isn't aren't wasn't cannot can't".split())
_CLAUSE = re.compile(r"[，,。；;！!？?\n]|\.(?:\s|$)|:\s|：")
_ZH_LEADING = re.compile(r"^(?:会|再|要|用|做|能|需要|需|额外|单独|另外|也|都|必|得|就|还|在|是|去|被|把)+")
_ZH_FILLER = frozenset("的了是在和与及或等个一张次会再也都就还把被")
_EN_FILLER = frozenset(
    "be is are was were do does did have has had will would to the a an any more longer ever again also it this that "
    "these those there we you they our your their its for of on in at by with as".split()
)


def denied_on_one_side(left: str, right: str) -> bool:
    """One entry denies, in a plain clause, an action whose words recur in the other, which denies nothing in any
    words (no, nothing, avoid, 避免) and asks nothing (no must, can or always)."""
    left_denials, right_denials = _denials(left), _denials(right)
    if bool(left_denials) == bool(right_denials):
        return False
    denials, other = (left_denials, right) if left_denials else (right_denials, left)
    if (
        _NEGATION.search(other)
        or _DENIES_OTHERWISE.search(other)
        or _ASKS.search(other)
        or _TURNED.search(left if left_denials else right)
    ):
        return False
    return any(_recurs(clause, denied, other) for clause, denied in denials)


def _denials(text: str) -> list[tuple[str, str]]:
    """Each clause with one negation that states how things are, and what it denies: the words after its negation."""
    found = []
    for clause in _CLAUSE.split(text):
        negations = list(_NEGATION.finditer(clause))
        if len(negations) == 1 and _STATED_NEGATION.match(clause, negations[0].start()):
            found.append((clause, clause[negations[0].end() :].strip()))
    return found


def _recurs(clause: str, denied: str, other: str) -> bool:
    """The denied action's verb and at least half its Chinese characters are in the other entry, or (in English) its
    verb and another word of its clause."""
    if IS_CJK.match(denied):
        characters = [char for char in _ZH_LEADING.sub("", denied) if IS_CJK.match(char) and char not in _ZH_FILLER]
        if len(characters) < 2 or characters[0] not in other:
            return False
        return sum(char in other for char in set(characters)) * 2 >= len(set(characters))
    said = {stem(word) for word in re.findall(r"[a-z][a-z-]+", other.lower())}
    verb = next((stem(word) for word in re.findall(r"[a-z][a-z-]+", denied.lower()) if word not in _EN_FILLER), "")
    words = {stem(word) for word in re.findall(r"[a-z][a-z-]+", clause.lower()) if word not in _EN_FILLER}
    return verb in said and bool((words - {verb} - _NEGATION_WORDS) & said)
