"""Vetoes for clauses about two variants of one thing ("KYC tier 1" vs "KYC tier 2", "mix v3" vs "mix v4", 一级 vs
二级), for a duration measured on one side against a duration set on the other ("takes 47 minutes" vs "timeout 30 min")
for a count observed on one side against a limit set on the other ("3 workers running" vs `max_workers=8`) and for a
reading against a target ("p99 sits at 640 ms" vs "keep p99 under 400 ms").
"""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.counts import count_spans

_DESIGNATION = r"(?:\d+(?:\.\d+)*|[A-Z])"
_ZH_DIGITS = r"[一二三四五六七八九十\d]+"
_VARIANT = re.compile(
    rf"\b(?P<word>tier|level|phase|stage|gen|generation|round|wave|cohort|sprint|milestone|grade|step|season|shard|"
    rf"pool|band|class|group|plan|track|chapter|part|lane|ring)\s*[-#]?\s*(?P<mark>{_DESIGNATION})(?![\w.%])"
    rf"|(?P<named>[A-Za-z][\w-]*)`?[\s_-]+(?P<version>v\d+(?:\.\d+)*)\b"
    rf"|第(?P<ordinal>{_ZH_DIGITS})(?P<counter>期|阶段|档|级|轮|批|章|节|代|层|组|档位)"
    rf"|(?<![第\d一二三四五六七八九十])(?P<rank>{_ZH_DIGITS})(?P<grade>级|档|期|代|类)(?=[\u4e00-\u9fff A-Za-z])",
    re.I,
)
_VARIANT_REACH = 40
"""A variant names what a clause is about only when it comes early (within this many characters)."""


def variant(clause: str) -> tuple[str, str] | None:
    """The kind and designation of the variant a clause opens on ("KYC tier 1" → ("tier", "1"), "lumen-mix v4" →
    ("lumen-mix", "v4"), "二级缓存" → ("级", "二")), or None."""
    found = _VARIANT.search(clause[:_VARIANT_REACH])
    if found is None:
        return None
    if found.group("word"):
        return found.group("word").lower(), found.group("mark").lower()
    if found.group("named"):
        return found.group("named").lower(), found.group("version").lower()
    if found.group("counter"):
        return found.group("counter"), found.group("ordinal")
    return found.group("grade"), found.group("rank")


def variants_apart(one: str, other: str) -> bool:
    """Both clauses open on a variant of one kind and the designations differ: two tiers, versions or grades of a thing."""
    first, second = variant(one), variant(other)
    return first is not None and second is not None and first[0] == second[0] and first[1] != second[1]


_MEASURED = re.compile(
    r"\b(?:takes?|took|taking|ran|runs? for|finish(?:es|ed)? in|completes? in|goes from|went from|"
    r"dropped|fell|came down|went down|down from|now about|about|around|roughly|approximately)\b"
    r"|~\s*\d|要跑|跑了|跑完|跑不完|耗时|花了|用了|占了|大约|大概|左右|差不多|降到|缩短到|从.{0,12}到",
    re.I,
)
_BOUND = re.compile(
    r"\b(?:time ?outs?|timed? out|limits?|limited|caps?|capped|max|maximum|at most|no more than|under|within|expire[sd]?|"
    r"expiry|ttl|deadline|must|should|set to|keep)\b|_timeout|timeout_|超时|上限|最多|不超过|以内|之内|过期|有效期|限制|设为|设成|"
    r"设置|必须|要在|改成|改为|调到|调成|调整为|申请|changed to|raised to|lowered to|bumped to",
    re.I,
)


def measured_against_set(one: str, other: str) -> bool:
    """One duration is measured (how long a run takes, "from 40 s to 20") with no bound or setting word near it and
    the other is not: a run time is no setting (two run times may well disagree)."""
    return _measured(one) != _measured(other)


def _measured(span: str) -> bool:
    return bool(_MEASURED.search(span)) and not _BOUND.search(span)


_OBSERVED = re.compile(
    r"\b(?:running|are up|are online|are live|are alive|currently|right now|at the moment|observed|saw|seeing|peaked)\b"
    r"|跑着|运行着|开着|挂着|在跑|现在有|目前有|当前有",
    re.I,
)
_LIMIT = re.compile(
    r"(?:\b|_)(?:max|min|maximum|minimum|limit|limits|cap|capped|ceiling|floor)(?:\b|_)|\b(?:at most|at least|no more than|up to)\b"
    r"|[a-z](?:Max|Min|Limit)|上限|下限|最多|最少|最大|最小|至多|不超过|封顶",
)


_SETTING = re.compile(r"`[^`]*?[\w.-]\s*[:=]\s*\d[^`]*`|\bset to\b|设为|设成|改成|改为|配置")
_CODE_NUMBER = re.compile(r"`[^`]*\d[^`]*`")


def observed_against_limit(one: str, other: str) -> bool:
    """One clause reports a count as it stands ("3 workers running", "线上跑着 3 个") and the other sets a limit or a
    value (`max_workers=8`, 上限, `jobs: 50`): a count seen is no setting."""
    first, second = _observed(one), _observed(other)
    setting = other if first else one
    return first != second and bool(_LIMIT.search(setting) or _SETTING.search(setting))


def _observed(clause: str) -> bool:
    return bool(_OBSERVED.search(clause)) and not (
        _LIMIT.search(clause) or _SETTING.search(clause) or _CODE_NUMBER.search(clause)
    )


_READING = re.compile(
    r"\b(?:last measured|measured|benchmarks? (?:show|shows|showed)|profil(?:ed|ing|er shows)|observed|we see|we saw"
    r"|sits at|sitting at|hovers?(?: at| around)?|hovering|averag(?:es|ed|ing)|peaks? at|peaked at|is at|are at|came in at"
    r"|clocks? in at|currently (?:at|uses|using|runs at)|right now)\b"
    r"|实测|测得|测下来|测出来|压测|目前(?:是|在|为|大约|大概|约)|现在(?:是|在|为|大约|大概|约)|当前(?:是|在|为)|跑到了",
    re.I,
)
_TARGET = re.compile(
    r"\b(?:targets?|goals?|budgets?|slos?|slas?|aim(?:ing)? for|keep (?:\w+\s+){0,3}?(?:under|below|within|above|at most)"
    r"|(?:must|should) (?:stay|be|remain) (?:under|below|within|above|at most|at least)|no more than|at most|at least"
    r"|ceiling|must not exceed|should not exceed)\b"
    r"|目标|预算|控制在|保持在|压到|不超过|不能超过|不得超过|不要超过|红线|以内|以下|之内|上限|要求",
    re.I,
)


def reading_against_target(one: str, other: str) -> bool:
    """One clause reports a reading as it stands ("last measured: 7.5 % of a core", "p95 sits at 420 ms", 实测 35%) and
    the other sets a target or budget ("target: under 5 %", 控制在 25% 以内): a reading is no rule (it may be
    outdated, a conflict it is not)."""
    first, second = _reading(one), _reading(other)
    return first != second and (_targeted(other) if first else _targeted(one))


def _reading(clause: str) -> bool:
    return bool(_READING.search(clause) or count_spans(clause)) and not _TARGET.search(clause)


def _targeted(clause: str) -> bool:
    return bool(_TARGET.search(clause)) and not (_READING.search(clause) or count_spans(clause))
