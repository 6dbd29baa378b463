"""Clauses that report someone doing a forbidden action ("the on-call engineer pushes hotfixes straight to main")."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import stem, subject_tokens
from curator.rules.polarity.families import family
from curator.rules.text import CJK_CHAR

_NOT_PRACTICE = re.compile(
    r"^\s*(?:if|when|whenever|unless|because|since|why|how|what|whether|otherwise|so that|once|before|after|until)\b"
    r"|\b(?:last (?:year|month|quarter|time)|until|back when|anymore)\b|\?\s*$"
)
_QUESTION = re.compile(r"[?？]\s*$")
_SUBJECT_STOP = frozenset(
    """who which what to will would should could might may can must shall going plan plans planned planning want wants wanted need
    needs needed if when whether not no never don't doesn't didn't""".split()
)
MAX_SUBJECT_WORDS = 4


def _active_practice(core: str, verbs: set[str], verb_families: set[str]) -> str | None:
    """What an English clause says someone does, from a forbidden verb after its subject ("debug builds log full
    request bodies" → "log full request bodies") or a note's opening past tense ("pushed the fix to main"), or None
    when no forbidden verb follows a plain subject."""
    words = core.split()
    if len(words) > 1 and _PAST.fullmatch(words[0]) and _forbidden(words[0][:-2], verbs, verb_families):
        return core
    for position in range(1, min(len(words) - 1, MAX_SUBJECT_WORDS + 1)):
        if words[position - 1] in _SUBJECT_STOP or not re.fullmatch(r"[a-z][\w'-]*", words[position - 1]):
            return None
        word = words[position]
        if not re.fullmatch(r"[a-z][a-z-]*", word) or word.endswith("ing"):
            continue
        verb = concept(stem(word.split("-")[0]))
        if verb in verbs or family(verb) in verb_families:
            return " ".join(words[position:])
    return None


_PAST = re.compile(r"[a-z][a-z-]+ed")


def _forbidden(word: str, verbs: set[str], verb_families: set[str]) -> bool:
    """Whether a verb stem, or the same stem with its final e ("submitt" → "submit", "us" → "use"), is forbidden."""
    for form in (word, word[:-1] if len(word) > 2 and word[-1] == word[-2] else word, word + "e"):
        verb = concept(stem(form.split("-")[0]))
        if verb in verbs or family(verb) in verb_families:
            return True
    return False


def reported_practice(statement: str, lowered: str, core: str, verbs: set[str], verb_families: set[str]) -> str | None:
    """The action a plain clause reports being done with a forbidden verb, or None for a condition, a reason, history,
    a plan or a question."""
    if _NOT_PRACTICE.search(lowered) or _QUESTION.search(statement):
        return None
    return _active_practice(core, verbs, verb_families)


_CJK = re.compile(f"[{CJK_CHAR}]")
_NOT_CJK_PRACTICE = re.compile(
    r"^\s*(?:如果|假如|要是|万一|因为|由于|为了|以免|是否|只要|一旦|除非|等到|即使|哪怕|就算|假设)"
    r"|(?:打算|计划|准备|将要|考虑|建议|可能|也许|或许|想要|希望|以后|将来|下次|下周|下个月|下季度|明年|之后再)"
    r"|(?:吗|呢|么)\s*[。.]?\s*$|的话|能不能|要不要|是不是|可不可以|有没有|该不该"
    r"|的[\u4e00-\u9fff]{1,6}\s*[。.]?\s*$"
)
CONSEQUENCE = re.compile(
    r"(?:会让|会使|会导致|导致|会造成|造成|就会|会被|会崩|会挂|会炸|会闪退|的话)"
    r"|\b(?:will|would|could|can|might)\s+(?:cause|break|crash|corrupt|lose|wipe|fail|trigger|lead)\w*|\b(?:causes|leads to|breaks)\b"
)
"""A clause that tells what an action would lead to ("直接改会让老用户闪退", "editing it will break old clients"): a
warning, not a practice."""
_CJK_RESULT = re.compile(r"^([\u4e00-\u9fff]+?)[成到好掉完进出为了过]+$")


def chinese_practice(lowered: str, core: str, verbs: set[str], verb_families: set[str]) -> str | None:
    """What a plain Chinese clause reports someone doing with a forbidden verb ("上周直接把热修复推到了 main"), or None for
    a condition, a reason, a plan, a question, a warning or a noun phrase (改字段的注意事项); a Latin word counts as a verb
    only when its family is known, since in Chinese prose it is mostly a name."""
    if (
        not _CJK.search(core)
        or _NOT_CJK_PRACTICE.search(lowered)
        or _QUESTION.search(lowered)
        or CONSEQUENCE.search(core)
    ):
        return None
    for word in subject_tokens(core):
        bare = _CJK_RESULT.match(word)
        for form in (word, bare.group(1) if bare else ""):
            meaning = concept(form) if form and (not form.isascii() or family(form)) else ""
            if meaning and (meaning in verbs or family(meaning) in verb_families):
                return core
    return None
