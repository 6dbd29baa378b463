"""Running totals a statement reports as they stand: audiences, money owed or billed, stored volumes, daily averages, running pods.

("sits at about 4,800 members", "has 8,900 subscribers", "MRR is $42k", "holds roughly 18 TB", "粉丝 3.6 万", "日均崩溃 150 次左右")
"""

from __future__ import annotations

from curator import lazyre as re

_N = r"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
_ABOUT = r"(?:about|around|roughly|approximately|approx\.?|nearly|almost|over|just over|just under|some|~)"
_ABOUT_ZH = r"(?:约|大约|大概|差不多|将近|接近|近)"
_AUDIENCE = (
    r"subscribers|followers|members|stars|wishlists|customers|users|downloads|installs|reviews|ratings|views|visitors"
    r"|signups|sign-ups|readers|listeners|sponsors|patrons|backers|stargazers|watchers|fans|subscriptions"
)
_EN_AUDIENCE = re.compile(
    rf"(?:\b(?:has|have|had|is at|are at|sits at|stands at|hovers (?:at|around)|at|with|reached|counts|boasts|gets|gained)|有|是)\s*"
    rf"(?:{_ABOUT}\s*)?{_N}\s*k?\+?\s+(?:(?:active|paying|paid|monthly|weekly|daily|total|unique|registered|github|discord"
    rf"|steam|youtube|newsletter|email)\s+){{0,2}}(?:{_AUDIENCE})\b"
)
_MONEY_NAME = r"mrr|arr|revenue|bill|spend|burn(?: rate)?|balance|run[- ]rate|outstanding balance|debt"
_EN_MONEY = re.compile(
    rf"\b(?:{_MONEY_NAME})\b[^.;!?\d$€£¥]{{0,24}}?\b(?:is|are|sits at|stands at|running at|runs at|at|hovers (?:at|around)|of|came to|comes to)"
    rf"\s+(?:{_ABOUT}\s*)?[$€£¥]\s*{_N}\s*[km]?\b"
)
_SIZE = r"pb|tb|gb|mb|tib|gib|mib"
_EN_VOLUME = re.compile(
    rf"\b(?:holds|stores|uses|using|takes up|sits at|hovers around|contains|(?:is|are) (?:now |currently )?at)\s+{_ABOUT}\s*{_N}\s*(?:{_SIZE})\b"
)
_ZH_AUDIENCE_NAME = (
    r"粉丝|关注者|关注数|订阅数|订阅者|订阅用户|注册用户|付费用户|用户数|会员数|会员|(?<![a-z])stars?(?:\s*数)?|star\s*数|下载量|安装量"
    r"|阅读量|播放量|评论数|好评数|差评数|(?<![a-z])subscribers|(?<![a-z])followers"
)
_ZH_AUDIENCE = re.compile(
    rf"(?:{_ZH_AUDIENCE_NAME})\s*(?:数|量)?\s*(?:是|有|为|在|达到了?|到了|已经|已|破了?)?\s*{_ABOUT_ZH}?\s*{_N}\s*(?:万|千|k|w)?"
)
_ZH_OWED = re.compile(
    rf"(?:还欠|欠了|欠着|待还|未还|尚欠)\s*{_ABOUT_ZH}?\s*{_N}\s*(?:多|余)?\s*(?:万)?(?:元|块|美元|刀|rmb)"
)
_ZH_VOLUME = re.compile(
    rf"(?:流量|用量|占用|存储|容量|数据量|大小|体积|usage)\s*(?:是|在|有|为)?\s*{_ABOUT_ZH}\s*{_N}\s*(?:{_SIZE}|t|g)(?![a-z])"
    rf"|(?:流量|用量|占用|存储|数据量|usage)\s*(?:是|在|有|为)?\s*{_N}\s*(?:{_SIZE}|t|g)\s*左右"
)
_ZH_DAILY = re.compile(
    rf"(?:日均|每天平均|平均每天|周均|月均)\s*[\u4e00-\u9fffa-z ]{{0,6}}?\s*{_ABOUT_ZH}?\s*{_N}\s*(?:多|余)?\s*(?:次|个|条|单|笔|人|万)"
)
_ZH_RUNNING = re.compile(rf"(?:跑着|运行着|开着|挂着)\s*{_ABOUT_ZH}?\s*{_N}\s*(?:个|台|套)")
_ZH_UNOWNED = re.compile(
    rf"(?:有|还有)\s*{_ABOUT_ZH}?\s*{_N}\s*(?:多|余)?\s*(?:个|张|条|项|处|台)\s*[\u4e00-\u9fffa-z ]{{0,8}}?"
    r"(?:没有?|无)\s*(?:owner|负责人|人管|人认领|人跟进?)"
    rf"|(?:未解决|未处理|未关闭|未修复|未分配|待处理|open)\s*的\s*[\u4e00-\u9fffa-z ]{{1,10}}?\s*(?:有|还有|共)\s*{_ABOUT_ZH}?\s*{_N}\s*(?:个|条|项)"
)
_TALLIES = (
    _EN_AUDIENCE,
    _EN_MONEY,
    _EN_VOLUME,
    _ZH_AUDIENCE,
    _ZH_OWED,
    _ZH_VOLUME,
    _ZH_DAILY,
    _ZH_RUNNING,
    _ZH_UNOWNED,
)
_NOT_A_TALLY_BEFORE = re.compile(
    r"(?:\b(?:target|goal|aim|plan|budget|limit|cap|max(?:imum)?|min(?:imum)?|at least|at most|up to|no more than|expect(?:ed)?"
    r"|want|need|must|should|if|when|once|until|reach|hit)\b|目标|上限|下限|预算|计划|希望|争取|力争|如果|超过|不超过|至少|最多|达到后|一旦)"
    r"[^.;。；!?]{0,30}$"
)
_CUE = re.compile(r"\d")
_ROUGH = re.compile(rf"{_ABOUT}|{_ABOUT_ZH}|\d\s*(?:k|万|千|w)|左右|多")
_FEW = 100


def _sized(pattern: re.Pattern[str], match: re.Match[str], number: str) -> bool:
    """Whether an audience is told as one that grows (roughly, or in the hundreds and up), not a handful a design names ("a team of 5 members")."""
    if pattern not in (_EN_AUDIENCE, _ZH_AUDIENCE):
        return True
    return float(number.replace(",", "")) >= _FEW or bool(_ROUGH.search(match.group(0)))


def tally_spans(lowered: str, statement: str) -> list[tuple[str, str, int]]:
    """(number, span, position) of running totals a statement reports as they stand, targets and conditions left out."""
    if not _CUE.search(lowered):
        return []
    found: list[tuple[str, str, int]] = []
    for pattern in _TALLIES:
        for match in pattern.finditer(lowered):
            number_start = next(match.start(index) for index in range(1, len(match.groups()) + 1) if match.group(index))
            if _NOT_A_TALLY_BEFORE.search(lowered[max(0, match.start() - 40) : number_start]):
                continue
            number = next(group for group in match.groups() if group)
            if not _sized(pattern, match, number):
                continue
            found.append((number, statement[max(0, match.start() - 10) : match.end() + 12].strip(), match.start()))
    return found
