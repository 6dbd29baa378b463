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
        r"^(?P<job>[a-z][\w-]*(?: [a-z][\w-]*){1,3}?)\s+(?:are|is)\s+(?:written|generated|built|run|made|created|produced|rendered|managed|handled|done)\s+(?:with|using|via|by)\s+"
        + _TOOL
        + r"(?=\s*(?:$|[.,;:!?)(]))"
    ),
    re.compile(
        r"^(?P<job>["
        + CJK_CHAR
        + r"]{2,8})(?:统一|都|一律)?(?:用|使用|采用)\s*"
        + _TOOL
        + r"(?=\s*(?:$|[，,。；;、+（(）)]|来|跑|写|做|生成))"
    ),
)
_CUE = re.compile(r" (?:for|with|using|via|through|by|to) |用")
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

    `named` holds the words of the naming clause itself, which narrow nothing.
    """

    tool: str
    job: frozenset[str]
    statement: str
    named: frozenset[str] = frozenset()


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
            tool = match.group("tool").strip("`").rstrip(".")
            if tool in _NOT_TOOLS or len(tool) < 3 or tool.isdigit():
                continue
            job = frozenset(
                concept(word) for word in subject_tokens(match.group("job")) if word not in _GENERIC and word != tool
            )
            if len(job) >= MIN_JOB_WORDS:
                found.append(Instrument(tool, job, statement, frozenset(subject_tokens(bare))))
            break
    return found


def clashes(
    owners: list[int], found: list[Instrument], allowed: Callable[[int, int], bool], texts: Callable[[int], str]
) -> list[tuple[int, int, Instrument, Instrument]]:
    """Pairs of entries naming different tools for one job (one job's words all recur in the other's).

    Blocked on pairs of job words; an entry that also names the other tool is left alone (it compares them).
    """
    blocks: dict[tuple[str, str], list[int]] = defaultdict(list)
    for position, instrument in enumerate(found):
        for pair in combinations(sorted(instrument.job), 2):
            blocks[pair].append(position)
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
            if not (one.job <= other.job or other.job <= one.job) or not allowed(owners[left], owners[right]):
                continue
            if _names(other.tool, texts(owners[left])) or _names(one.tool, texts(owners[right])):
                continue
            seen.add(key)
            result.append((owners[left], owners[right], one, other))
    return result


def _names(tool: str, text: str) -> bool:
    return re.search(r"(?<![\w/.-])" + re.escape(tool) + r"(?![\w/-])", text.lower()) is not None
