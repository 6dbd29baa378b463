"""What a number is about: the content words of its clause, its scope, purpose and what a duration measures."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.glossary import concept
from curator.rules.facts.quantity_rates import _RATE
from curator.rules.facts.subject import segment, subject_tokens
from curator.rules.text import CJK_CHAR, IS_CJK, STOPWORDS, tokens

_FILLER = re.compile(
    r"(?<![a-z_])(?:at most|up to|no more than|not more than|maximum|max|at least|minimum|about|around|roughly|approximately"
    r"|capped at|rate[- ]?limit(?:ed|s)?|limit(?:s|ed|ing)?|raised to|lowered to|increased to|reduced to|bumped to|set to"
    r"|changed to|dropped to|moved to|switched to|went (?:up |down )?to|cut to|by default|defaults?(?: to)?)(?![a-z_])"
    r"|最多|至多|最大|最小|不超过|不得超过|上限|至少|不少于|约|大约|左右|以上|以内|可以|只能|能|应该|需要|控制在|改成|改为"
    r"|放到|开到|加到|扩到|缩到|放宽到|收紧到|限制为|限制在|限制|设的是|设的|默认"
    r"|设置为|设为|设成|定为|调整为|调到|调成|提高到|提到|降低到|降到|改到|增加到|减少到|[了的吗呢吧]"
)
_PURPOSE = re.compile(r"^\s*(?:for|on)\s+(?:the\s+|all\s+|our\s+)?([a-z][\w-]+)\b")
_NOT_PURPOSES = frozenset(
    "reference safety speed example instance now good sure free more less later each every all a an one two it them "
    "this that these those us you me everyone everything anything both either the first last next".split()
)


_MEASURED_FOR = re.compile(
    r"\b(?:ttl|timeout|limit|size|retention|budget|quota|cap|interval|threshold|retries|rate|expiry|lifetime)"
    r"\s+(?:for|of|on)\s+(?:the\s+|all\s+|our\s+)?([a-z][\w-]+(?:\s+(?!is\b|are\b|was\b|to\b|at\b)[a-z][\w-]+)?)"
)


def _measured_for(lowered: str) -> frozenset[str]:
    """What a measure is said to be for ("cache TTL for search results"): a scope of the statement's quantities."""
    found: set[str] = set()
    for match in _MEASURED_FOR.finditer(lowered):
        words = match.group(1).split()
        if words[0] not in _NOT_PURPOSES and words[0] not in STOPWORDS:
            found.update(subject_tokens(match.group(1)))
    return frozenset(found)


def _purpose(after: str) -> frozenset[str]:
    """What a quantity is for, right after it ("10 MB for avatars"): a scope of that quantity alone."""
    found = _PURPOSE.match(after)
    if not found or found.group(1) in _NOT_PURPOSES or found.group(1) in STOPWORDS:
        return frozenset()
    return frozenset(subject_tokens(found.group(1)))


def _action_before(before: str) -> str | None:
    """The verb counted by '... deploy 6 times' or '... retries up to 5 times', as a unit ('deploy', 'retry')."""
    words = [word for word in tokens(_FILLER.sub(" ", before)) if word != "#" and not IS_CJK.match(word)]
    verbs = [verb for verb in map(_counted_verb, words) if verb is not None]
    return verbs[-1] if verbs else words[-1] if words else None


def _counted_verb(word: str) -> str | None:
    """The counted verb a word inflects ("retried", "retries" → retry; "deployed" → deploy), or None."""
    if word in _COUNTED_VERBS:
        return word
    for ending, base in (("ied", "y"), ("ies", "y"), ("ed", ""), ("es", ""), ("s", ""), ("ing", "")):
        if word.endswith(ending) and word[: -len(ending)] + base in _COUNTED_VERBS:
            return word[: -len(ending)] + base
    return None


def _cjk_action_before(before: str) -> str | None:
    """The Chinese verb counted by '… 重试 5 次' as its English unit ('retry'), when the glossary knows it."""
    run = re.search(f"([{CJK_CHAR}]+)\\s*$", before)
    if not run:
        return None
    words = segment(run.group(1))
    english = concept(words[-1]) if words else ""
    return english if english in _COUNTED_VERBS else None


_COUNTED_VERBS = frozenset(
    "retry deploy run publish release push restart rerun ping poll call send merge review rotate backup build".split()
)


_CLAUSE_BREAK = re.compile(
    r"[,，;；。!?！？]|\s[—–-]\s|\s(?=(?:now that|because|since|so that|as long as|unless|while|once|which|where|when|whenever|if)\b)"
    r"|(?=因为|所以|由于|以便|等到)|(?<=[\u4e00-\u9fff])\s*[（(](?!\s*[a-z][a-z -]{0,30}[)）])"
    r"|\s(?=and (?:the|a|an|we|it|they|you|our|each|every)\b)"
)
_REASON_AFTER = re.compile(
    r"\s(?:after|following|due to|because of|in order to|so as to|to (?:cut|reduce|avoid|save|prevent|match|stop|fix|speed))\s"
    r"|(?<=[\u4e00-\u9fff])(?:以免|免得|为了)"
)
"""What follows a number and says why or after what it was set ("5 retries after last week's outage"): no part of
what the number is about."""
_GLOSS = re.compile(r"(?<=[\u4e00-\u9fff])\s*[（(]\s*([a-z][a-z -]{0,30}?)\s*[)）]")


_SEGMENT_BREAK = re.compile(r"[;；]|\s[—–]\s|—")


def _segment_of(statement: str, position: int) -> str:
    """The part of a statement between semicolons or dashes that holds `position`: a scope said after a dash is another point's."""
    if not _SEGMENT_BREAK.search(statement):
        return statement
    starts = [0] + [match.end() for match in _SEGMENT_BREAK.finditer(statement) if match.end() <= position]
    ends = [match.start() for match in _SEGMENT_BREAK.finditer(statement) if match.start() >= position]
    return statement[starts[-1] : min(ends, default=len(statement))]


_RETAINED = re.compile(r"\b(?:kept|keeps?|retained|retains?|retention)\b|保留|留存|(?<![\u4e00-\u9fff])留\s*$")
_LASTING = re.compile(r"\b(?:lasts?|lasted|takes|took|runs? for)\b|持续|耗时|要跑|跑了|占了")
RETAINED, LASTING = "retention", "lasting"


def _measured(before: str) -> str | None:
    """What a duration measures when its clause says so: how long something is kept, or how long something lasts."""
    if _RETAINED.search(before):
        return RETAINED
    if _LASTING.search(before):
        return LASTING
    return None


def _clause_bounds(lowered: str, start: int, end: int) -> tuple[int, int]:
    breaks = [match.start() for match in _CLAUSE_BREAK.finditer(lowered)]
    return max([b + 1 for b in breaks if b < start], default=0), min(
        [b for b in breaks if b >= end], default=len(lowered)
    )


def with_head(lowered: str, clause_start: int, sequence: tuple[str, ...], scope: frozenset[str]) -> tuple[str, ...]:
    """A bare later clause ("…, otherwise 4.90 EUR") takes the statement's first clause as its subject too."""
    if len([token for token in sequence if token]) > 1 or clause_start == 0:
        return sequence
    head_end = min((b.start() for b in _CLAUSE_BREAK.finditer(lowered)), default=len(lowered))
    return tuple(token for token in _content(_without_paths(lowered[:head_end])) if token not in scope) + sequence


def _subject(lowered: str, start: int, end: int) -> tuple[str, ...]:
    """Content tokens of the clause holding the number (and the clause before, when that one is bare); an aside in
    full-width parentheses after the number is not part of it."""
    breaks = [match.start() for match in _CLAUSE_BREAK.finditer(lowered)]
    clause_start = max([b + 1 for b in breaks if b < start], default=0)
    clause_end = min([b for b in breaks if b >= end], default=len(lowered))
    lead = _REPORTED_LEAD.match(lowered, clause_start)
    if lead and lead.end() <= start:
        clause_start = lead.end()
    reason = _REASON_AFTER.search(lowered, end, clause_end)
    clause_end = reason.start() if reason else clause_end
    subject = _glossed_content(lowered[clause_start:start] + " " + lowered[end:clause_end].split("（")[0])
    if clause_start > 0 and (
        not subject or _LEADING_COMPARATOR.match(lowered, clause_start) or _LEADING_CHANGE.match(lowered, clause_start)
    ):
        previous_start = max([b + 1 for b in breaks if b < clause_start - 1], default=0)
        previous = _content(_without_paths(lowered[previous_start : clause_start - 1]))
        subject = previous + ("",) + subject if subject else previous
    return subject


def _glossed_content(text: str) -> tuple[str, ...]:
    """Content tokens of a clause in which an English gloss in parentheses after a Chinese word (体力（lives）) counts
    as that word's translation, never as a qualifier."""
    if not _GLOSS.search(text):
        return _content(text)
    found: list[str] = []
    position = 0
    for gloss in _GLOSS.finditer(text):
        found.extend(_content(text[position : gloss.start()]))
        found.extend(_gloss_word(word) for word in gloss.group(1).split())
        position = gloss.end()
    found.extend(_content(text[position:]))
    return tuple(found)


def _gloss_word(word: str) -> str:
    """A glossed English noun as subjects stem it, a plural in -ives as its singular (lives → life)."""
    return word[:-3] + "fe" if len(word) > 4 and word.endswith("ives") else (subject_tokens(word) or ("",))[0]


_REPORTED_LEAD = re.compile(
    r"[^,，;；。:：]{0,12}?(?:要求|说|决定|反馈|通知|规定|确认|拍板|提出|建议|\basked|\bsaid|\bsays|\bdecided|\bwants)"
    r"[^,，;；。:：]{0,6}[:：]\s*"
)
"""Who asked for or decided what follows ("运营要求放宽：", "Ops decided:"): a lead that names no part of the setting."""

_LEADING_CHANGE = re.compile(
    r"\s*(?:改成|改为|改到|换成|变成|调成|调整为|(?:now |was |were |got |been )?(?:changed|switched|moved) to)"
)
"""A clause that opens with the change it states ("…，改成每周一拉一次"): what changed is named in the clause before."""

_LEADING_COMPARATOR = re.compile(
    r"\s*(?:至少|最多|最少|不超过|不少于|不低于|不得超过|at least|at most|up to|no more than|no less than|no fewer than)"
)


def _first_phrase_end(sequence: tuple[str, ...]) -> str:
    """The last word of a subject's first unbroken run ("release tags are pruned" → tag): the noun a bare count counts."""
    words = list(sequence)
    while words and not words[0]:
        words.pop(0)
    run = words[: words.index("")] if "" in words else words
    return run[-1]


_CODE_PATH = re.compile(r"`[^`]*/[^`]*`")


def _without_paths(text: str) -> str:
    """A clause without the paths it names in code: where something goes is not what a later bare number counts."""
    return _CODE_PATH.sub(" | ", text)


_QUALIFIERS = re.compile(
    r"\b(?:now|currently|from now on|for now|temporarily|going forward|these days|this (?:week|month|quarter|sprint|year)"
    r"|(?:during|for|throughout|in|until|through) (?:the |this |our )?(?:[\w-]+ ){0,2}?"
    r"(?:push|period|launch|sprint|quarter|season|month|week|campaign|freeze|release|migration|holidays?)"
    r"|q[1-4]|we|our|us|they|you|can|may|should|must|will|need to|needs to|has to|have to"
    r"|target(?:s|ed|ing)?|goal|aim(?:s|ed)? (?:for|at)|settled on|decided on|agreed on|planned|plan(?:s)? (?:for|on)|stays? at|keep(?:s)?"
    r"|takes?|took|runs? with|is|are|was|were|set to|defaults? to|typically|usually|normally|only|just"
    r"|kept|keeps?|retain(?:s|ed)?|stored|expires?(?: after)?|lives?|lasts?|holds?|uses?|using|used|allows?|allowed|permits?|permitted|bump(?:s|ed)?"
    r"|rais(?:e|es|ed)|increas(?:e|es|ed)|lower(?:s|ed)?|reduc(?:e|es|ed)|dropp(?:ed)?|count)\b"
    r"|现在|目前|暂时|以后|今后|从现在起|保留|保存|留存|保持|维持|这段时间|本(?:周|月|季度)|[qQ][1-4]|[^，。；\s]{0,6}期间|[^，。；]{0,6}的时候|临时"
)


def _content(text: str) -> tuple[str, ...]:
    """Subject tokens with gap markers ("") where filler, qualifiers or punctuation stood."""
    text = _TIMES_OUT.sub("timeout", text) if "out" in text else text
    return subject_tokens(_FILLER.sub(" | ", _QUALIFIERS.sub(" | ", _RATE.sub(" | ", text))), gaps=True)


_TIMES_OUT = re.compile(r"\btim(?:e|es|ed|ing) out\b")
