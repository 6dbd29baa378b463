"""Tools a statement says were taken up or fell short ("改用 Maestro；XCUITest 太慢"), and tools it uses together
("latexmk + XeLaTeX")."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.choices import EXCLUSIVE_SETS
from curator.rules.facts.memo import decode_pairs
from curator.rules.tool_moves import _FORMATS, _NAME, _last_tool_word, _tool_like
from curator.scanmemo import remembered

_ADOPTED = re.compile(
    r"(?:\b(?:switched|moved|migrated|changed|ported|transitioned)(?: [\w-]+){0,4}? (?:to|onto|over to)"
    r"|\bso (?:we|i) (?:now |just |)(?:use|run|went with|picked|settled on)|\b(?:we|i) now use|\bnow we use"
    r"|\b(?:went with|settled on)|\bnow go(?:es)? (?:to|through)|\bare now (?:sent|routed) to"
    r"|改用|换成了?|换用|转用|切到|切换到|改成|换(?=\s*[A-Za-z`])|所以(?:改)?用|只好用|最后用|现在(?:改)?用|后来用)了?\s*"
    + _NAME.format("adopted"),
    re.I,
)
_TRIED = re.compile(r"(?:\btried|试过|试了|试用过|用过)\s*" + _NAME.format("tried"), re.I)
_FELL_SHORT = re.compile(
    r"(?P<after_words>\s(?:couldn'?t|could not|can'?t|cannot|didn'?t|did not|doesn'?t|does not|won'?t|wouldn'?t"
    r"|kept|keeps|broke|breaks|failed|fails|crashed|crashes|choked|chokes|conflicts?|clashe[sd]|timed out|times out"
    r"|(?:is|was|were|are|got|has been) (?:too|turned off|switched off|disabled|broken|unusable|flaky|unreliable)"
    r"|(?:is|are) (?:now )?only (?:kept|used|left) (?:for|as)"
    r"|too (?:slow|flaky|heavy|brittle))\b)"
    r"|不行|有问题|太慢|太脆|太重|冲突|报错|出错|崩|不稳|不兼容|跑不|装不|编不|连不|用不了|不支持|不好用"
    r"|关掉了|关了|停了|失败|挂|卡死|无法|没法|只留给|只保留给|只用于|只留着",
    re.I,
)
_SUBJECT_BEFORE_WORDS = re.compile(r"(?<![\w.-])" + _NAME.format("subject") + r"(?: (?-i:[a-z])[\w-]*){0,2}?$", re.I)
_SUBJECT_IN_CLAUSE = re.compile(r"(?<![\w.-])" + _NAME.format("subject"), re.I)
_CLAUSE_MARK = re.compile(r"[，。；,;!?（(]")
SUBJECT_REACH = 40
_ROLE_KEYS = re.compile(
    r"switch|mov|migrat|chang|port|transition|so (?:we|i)|now use|went with|settled on|改用|换成|换用|转用|切到|切换到"
    r"|改成|换|所以|只好|最后用|现在|后来|tried|试|不行|有问题|太|冲突|报错|出错|崩|不稳|不兼容|不了|不支持|关|停了|失败"
    r"|挂|卡死|无法|没法|只留|只保留|只用于|now go|only (?:kept|used|left)|now (?:sent|routed)"
    r"|too|couldn|can|cannot|didn|doesn|won|kept|broke|fail|crash|chok|conflict|clash|timed out|times out|disabled"
    r"|turned off|switched off|unusable|flaky|unreliable"
)
_COMBINED = re.compile(
    _NAME.format("first")
    + r"\s*(?:\+|&|配合|搭配|加上|together with|along with|alongside)\s*"
    + _NAME.format("second")
    + "|"
    + _NAME.format("one")
    + r" and "
    + _NAME.format("other")
    + r" together\b"
    + "|"
    + _NAME.format("left")
    + r"\s*(?:和|跟|与)\s*"
    + _NAME.format("right")
    + r"\s*(?:一起|配合|搭配)",
    re.I,
)
_COMBINED_KEYS = re.compile(r"[+&]|配合|搭配|加上|together|along with|alongside|一起")


def roles(statement: str) -> list[tuple[str, str]]:
    """('adopted' | 'failed', tool) for each tool a statement says was taken up or fell short, lower-cased."""
    if not _ROLE_KEYS.search(statement.lower()):
        return []
    found: list[tuple[str, str]] = []
    for match in _ADOPTED.finditer(statement):
        name = _last_tool_word(match.group("adopted"))
        if _tool_like(name) and name.lower() not in _FORMATS and ("adopted", name.lower()) not in found:
            found.append(("adopted", name.lower()))
    failed = [match.group("tried") for match in _TRIED.finditer(statement)]
    failed.extend(filter(None, (_subject(statement, match) for match in _FELL_SHORT.finditer(statement))))
    for name in map(_last_tool_word, failed):
        if _tool_like(name) and name.lower() not in _FORMATS and ("failed", name.lower()) not in found:
            found.append(("failed", name.lower()))
    return found


def _subject(statement: str, cue: re.Match[str]) -> str | None:
    """The tool a failure cue speaks of: the name just before "couldn't …", or the first name of the clause before "太慢"."""
    before = statement[max(0, cue.start() - SUBJECT_REACH) : cue.start()]
    if cue.group("after_words"):
        match = _SUBJECT_BEFORE_WORDS.search(before)
        start = cue.start() - len(before) + match.start() if match else 0
        if match and not _leading_modifier(statement, start, match.group("subject"), cue.start()):
            return match.group("subject")
        after = _NAME_AFTER_CUE.match(statement, cue.end())
        return after.group("subject") if after else None
    marks = list(_CLAUSE_MARK.finditer(before))
    match = _SUBJECT_IN_CLAUSE.search(before, marks[-1].end() if marks else 0)
    return match.group("subject") if match else None


_NAME_AFTER_CUE = re.compile(
    r"[^,.;，。；]{0,40}?\b(?:on|with|in|from|against) (?:the )?" + _NAME.format("subject") + r"(?=\s*(?:$|[,.;:)]))"
)


def _leading_modifier(statement: str, start: int, name: str, cue_start: int) -> bool:
    """A capitalised common word opening a sentence before a noun ("Customer clusters kept …"): a modifier, not a tool."""
    opens = start == 0 or bool(re.search(r"[.!?:]\s+$", statement[:start]))
    noun_follows = bool(re.match(r" [a-z]", statement[start + len(name) : cue_start]))
    return opens and noun_follows and bool(re.fullmatch(r"[A-Z][a-z]+", name)) and name.lower() not in _BUILT_IN_JOBS


def combined(statement: str) -> list[tuple[str, str]]:
    """Tool pairs a statement says are used together ("latexmk + XeLaTeX", "Zotero 配合 Better BibTeX"), lower-cased."""
    found: list[tuple[str, str]] = []
    if not _COMBINED_KEYS.search(statement.lower()):
        return found
    for match in _COMBINED.finditer(statement):
        first = match.group("first") or match.group("one") or match.group("left")
        second = match.group("second") or match.group("other") or match.group("right")
        found.append((_last_tool_word(first).lower(), _last_tool_word(second).lower()))
    return found


def _remembered_roles(statement: str) -> list[tuple[str, str]]:
    return remembered("migration-roles", statement, lambda: roles(statement), list, decode_pairs)


def _built_in_jobs() -> dict[str, frozenset[int]]:
    jobs: dict[str, set[int]] = {}
    for index, choice_set in enumerate(EXCLUSIVE_SETS):
        for member in choice_set.members:
            for alias in member.split("|"):
                jobs.setdefault(alias, set()).add(index)
    return {alias: frozenset(indices) for alias, indices in jobs.items()}


_BUILT_IN_JOBS = _built_in_jobs()


def _known_apart(one: str, other: str) -> bool:
    """The built-in table knows one tool's job and the other is no alternative there (Postgres vs Redis, Sentry vs Slack)."""
    one_jobs, other_jobs = _BUILT_IN_JOBS.get(one, frozenset()), _BUILT_IN_JOBS.get(other, frozenset())
    return bool(one_jobs or other_jobs) and not one_jobs & other_jobs
