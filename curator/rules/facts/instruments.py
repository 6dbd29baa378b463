"""Tools named as the instrument of one job ("use gomock for interface mocks", "write interface mocks with testify/mock").

Two entries that name different tools as the instrument of the same job choose between them, even when
neither tool is in the built-in table: the role both names play in their sentences makes them exclusive.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations

from curator import lazyre as re
from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import stem, subject_tokens
from curator.rules.text import CJK_CHAR, STOPWORDS

_TOOL = r"`?(?P<tool>[a-z][\w.+-]*(?:/[a-z][\w.+-]*)?)`?"
_ZH_ADVERBS = r"(?:现在|目前|已经|已|全部|统一|都|一律|默认|也|就|以后|今后|全都|定了)*"
_ZH_CHANGES = r"改用|换成|改成|迁到|迁移到|切到|切换到|换用|转用"
_ZH_VERBS = r"使用|采用|" + _ZH_CHANGES + r"|用|走|放在|放到|放|部署在|部署到|建在|订"
_TOOL_END = r"(?=\s*(?:$|[.,;:!?)(]|(?:from|for|in|on|at|with|so|because|now)\b))"
_FOR_JOB = r"(?P<job>[a-z][\w-]*(?: [a-z][\w-]*){0,3}?)"
_STOP = r"(?=\s*(?:$|[.,;:!?)—–]|\b(?:and|so|because|since|instead|rather|but|when|if|in|on|inside|under)\b))"
_LEAD = r"^(?:please\s+)?(?:(?:we|i|you|the team)\s+(?:now\s+|still\s+)?)?(?:always\s+)?"
_PATTERNS = (
    re.compile(_LEAD + r"(?:use|prefer|pick|go with|stick with)\s+" + _TOOL + r"\s+for\s+" + _FOR_JOB + _STOP),
    re.compile(
        _LEAD
        + r"use\s+"
        + _TOOL
        + r"\s+to\s+(?P<job>(?:write|generate|build|run|make|create|produce|render|format|lint|test|manage|handle"
        r"|send|store|schedule|deploy)(?: [a-z][\w-]*){1,3}?)" + _STOP
    ),
    re.compile(
        _LEAD
        + r"(?P<job>(?:write|generate|build|run|make|create|produce|render|format|lint|test|manage|handle|send|store"
        r"|schedule|deploy)(?:s|es)?(?: [a-z][\w-]*){1,3}?)(?: by hand| manually| ourselves)?\s+(?:with|using|via|through)\s+"
        + _TOOL
        + r"(?=\s*(?:$|[.,;:!?)(]))"
    ),
    re.compile(
        r"^(?P<job>[a-z][\w-]*(?: [a-z][\w-]*){1,3}?)\s+(?:are|is)\s+(?:now\s+)?(?:written|generated|built|run|made"
        r"|created|produced|rendered|managed|handled|done|sent|routed|hosted|tracked|published|delivered)\s+"
        r"(?:with|using|via|by|through|on)\s+" + _TOOL + _TOOL_END
    ),
    re.compile(
        r"^(?P<job>[a-z][\w-]*(?: [a-z][\w-]*){1,3}?)\s+(?:now\s+)?(?:go|goes|run|runs|live|lives)\s+(?:now\s+)?"
        r"(?:through|via|on)\s+(?:self-hosted\s+)?" + _TOOL + _TOOL_END
    ),
    re.compile(
        r"^(?P<job>(?:[a-z][\w.-]*\s*)?["
        + CJK_CHAR
        + r"](?:["
        + CJK_CHAR
        + r"]|\s?[a-z][\w-]*\s?){1,10}?)\s*(?P<adverbs>"
        + _ZH_ADVERBS
        + r")(?P<verb>"
        + _ZH_VERBS
        + r")了?\s*(?:"
        + _TOOL
        + r"|(?P<place>["
        + CJK_CHAR
        + r"]{2,4}))(?=\s*(?:$|[，,。；;、+（(）)\s]|来|跑|写|做|生成|编译|发|部署|托管))"
    ),
)
_CUE = re.compile(r" (?:for|with|using|via|through|by|to|on) |用|换成|改成|迁|切到|走|放|部署|建在|订")
_PARENTHESES = re.compile(r"\s*(?:\([^()]{0,80}\)|（[^（）]{0,80}）)")
_NEGATION = re.compile(
    r"\b(?:never|not|don'?t|do not|no longer|stop|avoid|instead of|rather than)\b|不要|别|不再|不用|禁止|而不是"
)
_GENERIC = frozenset(
    stem(word)
    for word in "use do run make write generate create build produce handle manage by hand manually ourselves 用 写 做 跑 生成".split()
)
_NOT_TOOLS = STOPWORDS | frozenset(
    """it this that them these those one ones hand default defaults everything anything something nothing
    tests test code files file docs production prod staging local main master""".split()
)
MIN_JOB_WORDS = 2
MAX_PARTNERS = 200


@dataclass(frozen=True)
class Instrument:
    """One clause naming a tool as the instrument of a job: the tool, the job's concepts, the statement.

    `named` holds the words of the naming clause itself, which narrow nothing; `family` is how a Chinese clause
    chooses ("use" 用, "route" 走, "place" 放/建在/订; empty for a change, 换成, or an English clause), and two families are two jobs.
    """

    tool: str
    job: frozenset[str]
    statement: str
    named: frozenset[str] = frozenset()
    family: str = ""
    words: frozenset[str] = frozenset()


def instrument_claims(statement: str, clauses: list[str]) -> list[Instrument]:
    """The tools a statement's clauses name as the instrument of a job."""
    found: list[Instrument] = []
    for clause in clauses:
        if not _CUE.search(clause):
            continue
        bare = _PARENTHESES.sub("", clause).strip()
        if _NEGATION.search(bare):
            continue
        for pattern in _PATTERNS:
            match = pattern.search(bare)
            if match is None:
                continue
            if _HISTORY.match(match.group("job")):
                continue
            place = match.groupdict().get("place")
            if place and match.group("verb") not in _PLACING:
                continue
            tool = (match.group("tool") or place or "").strip("`").rstrip(".")
            if tool in _NOT_TOOLS or len(tool) < 2 or tool.isdigit() or tool.isascii() and len(tool) < 3:
                continue
            words = frozenset(
                word
                for word in subject_tokens(match.group("job"))
                if word not in _GENERIC and word not in _JOB_NOISE and word != tool
            )
            job = frozenset(concept(word) for word in words)
            if len(job) >= MIN_JOB_WORDS or job and _decided(match):
                named = frozenset(subject_tokens(bare))
                found.append(Instrument(tool, job, statement, named, _family(match), words))
            break
    return found


_DECIDED = re.compile(r"现在|已经|已|统一|一律|全部|全都|定了|默认|" + _ZH_CHANGES)
_PLACING = frozenset("订 放 放在 放到 部署在 部署到 建在 改成 换成".split())
_JOB_NOISE = frozenset(
    "以后 今后 现在 目前 新 所有 全部 整体 这边 那边 我们 大家 去年 今年 明年 年底 年初 年中 月底 月初 上周 本周 下周 上个月 "
    "这个月 下个月 最近 后来 当时 上次 这次".split()
)
_HISTORY = re.compile(r"^(?:[a-z][\w.-]*\s*)?(?:以前|之前|原来|过去|曾经|早先|早期|当初|早年)")


_PLACES = frozenset("订 放 放在 放到 部署在 部署到 建在".split())
_ROUTES = frozenset({"走"})
_CHANGES = frozenset(_ZH_CHANGES.split("|"))


def _family(match: re.Match[str]) -> str:
    verb = match.groupdict().get("verb")
    if not verb or verb in _CHANGES:
        return ""
    return "place" if verb in _PLACES else "route" if verb in _ROUTES else "use"


def _decided(match: re.Match[str]) -> bool:
    """A Chinese choice said as settled or changed ("工单已经迁到 X", "机票一律订 Y"): one job word is enough when the
    other side names the same one."""
    groups = match.groupdict()
    return bool(_DECIDED.search((groups.get("adverbs") or "") + (groups.get("verb") or "")))


def clashes(
    owners: list[int], found: list[Instrument], allowed: Callable[[int, int], bool], texts: Callable[[int], str]
) -> list[tuple[int, int, Instrument, Instrument]]:
    """Pairs of entries naming different tools for one job (one job's words all recur in the other's).

    Blocked on job words and their pairs; an entry that also names the other tool is left alone (it compares them).
    """
    blocks: dict[tuple[str, ...], list[int]] = defaultdict(list)
    for position, instrument in enumerate(found):
        for pair in combinations(sorted(instrument.job), 2):
            blocks[pair].append(position)
        for word in instrument.job:
            blocks[(word,)].append(position)
    seen: set[tuple[int, int]] = set()
    result: list[tuple[int, int, Instrument, Instrument]] = []
    for members in blocks.values():
        if len(members) > MAX_PARTNERS:
            continue
        for left, right in combinations(members, 2):
            one, other = found[left], found[right]
            key = (min(owners[left], owners[right]), max(owners[left], owners[right]))
            if key in seen or one.tool == other.tool or owners[left] == owners[right]:
                continue
            if one.family and other.family and one.family != other.family:
                continue
            if min(len(one.job), len(other.job)) < MIN_JOB_WORDS and one.words != other.words:
                continue
            if not (one.job <= other.job or other.job <= one.job) or not allowed(owners[left], owners[right]):
                continue
            if _names(other.tool, texts(owners[left])) or _names(one.tool, texts(owners[right])):
                continue
            seen.add(key)
            result.append((owners[left], owners[right], one, other))
    return result


_DEMOTED = re.compile(
    r"\b(?:never|not|don'?t|do not|no longer|stop\w*|avoid|only|old|legacy|former|deprecated|switched off|turned off)\b"
    r"|不再|别再|不要|别|停用|弃用|废弃|下线|只|仅|旧|以前|原来|之前"
)
_CLAUSE_MARKS = re.compile(r"[.;!?。；！？，,]")


def _names(tool: str, text: str) -> bool:
    """The text names the tool in a clause that does not reject, retire or confine it ("Zendesk 后台别再改" does not)."""
    lowered = text.lower()
    for match in re.finditer(r"(?<![\w/.-])" + re.escape(tool) + r"(?![\w/-])", lowered):
        starts = [mark.end() for mark in _CLAUSE_MARKS.finditer(lowered, 0, match.start())]
        end = _CLAUSE_MARKS.search(lowered, match.end())
        clause = lowered[starts[-1] if starts else 0 : end.start() if end else len(lowered)]
        if not _DEMOTED.search(clause):
            return True
    return False
