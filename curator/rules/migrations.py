"""Exclusive tool pairs learned from the store's own migration phrasing ("moved off X to Y", "X, not Y", "从 X 换成 Y").

A store that says it moved from one tool to another has told us the two answer one job, so a later
"we use X" and "we use Y" disagree even when neither tool is in the built-in table; a tool the store
says it left ("we moved off goose", "dropped Yarn") is a set of its own, so "use X" elsewhere disagrees.
So are a tool an entry took up and one it says fell short ("改用 Maestro；XCUITest 太慢"), unless some
statement uses the two together ("latexmk + XeLaTeX").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from curator import lazyre as re
from curator.rules.choices import EXCLUSIVE_SETS
from curator.rules.facts.memo import decode_lessons, decode_pairs, encode_lessons
from curator.rules.text import STOPWORDS
from curator.scanmemo import joinable, joined, remembered

_NAME = (
    r"`?(?P<{0}>[A-Za-z](?:[A-Za-z0-9_+-]|\.(?=[A-Za-z0-9]))*(?: (?-i:[A-Z])(?:[A-Za-z0-9_+-]|\.(?=[A-Za-z0-9]))*)?)`?"
)
_PARENTHESES = re.compile(r"\s*(?:\([^()]{0,80}\)|（[^（）]{0,80}）)")
_PHRASES: tuple[tuple[tuple[str, ...], str], ...] = (
    (
        ("off ", "from "),
        r"\b(?:moved|moving|migrated|migrating|switched|switching|changed|ported|went|came|transitioned)"
        r"(?: [\w-]+){{0,3}}? (?:off|away from|from) {old} (?:to|onto|over to) {new}",
    ),
    (
        ("replac", "swapp", "dropped", "ditched"),
        r"\b(?:replaced|replacing|swapped|swapping|dropped|ditched) {old} (?:with|for|by|in favou?r of) {new}",
    ),
    (("replaced by", "superseded by"), r"{old} (?:was|has been|got|is being) (?:replaced|superseded) by {new}"),
    (("replace", "supersede"), r"{new} (?:replaced|replaces|supersedes|superseded) {old}\b"),
    ((" from ",), r"\b(?:switched|moved|migrated|went) (?:back )?to {new} from {old}"),
    (
        ("not ", "never ", "instead of", "rather than", "over "),
        r"\b(?:use|using|with|prefer|pick|choose|run|flash with|build with|deploy with) {new},? "
        r"(?:not|never|instead of|rather than|over) {old}\b",
    ),
    (("instead of",), r"{new} instead of {old}\b"),
    (("instead of",), r"\binstead of {old},? (?:we )?(?:now )?(?:use|run|go with|pick|build with|deploy with) {new}"),
    (("prefer",), r"\bprefer {new} (?:to|over) {old}(?=\s*(?:$|[.,;:!?)]|(?:for|in|when|because)\b))"),
    (("gave up", "give up"), r"\bg[ai]ve up on {old},? (?:and )?(?:moved|switched|went|migrated) (?:over )?to {new}"),
    (
        ("从", "由"),
        r"(?:从|由)\s*{old}\s*\s*(?:迁移到|迁到|换成|换到|切换到|切到|改成|改为|改用|转到|搬到|升级到)了?\s*{new}",
    ),
    (("换成", "替换", "迁", "改成"), r"{old}\s*(?:换成|替换成|替换为|迁移到|迁到|改成)了?\s*{new}"),
    (
        ("停止维护", "不再维护", "停更", "淘汰", "废弃", "弃用"),
        r"{old}\s*(?:已经|已)?(?:被[^，。；,;]{{0,15}}?)?(?:停止维护|不再维护|停更|淘汰|废弃|弃用)了?\s*[，,、；;]\s*"
        r"(?:我们|现在)?\s*(?:已经|已)?(?:全部|都|统一|全都)?\s*(?:改用|换成|转用|换用|迁到|迁移到|切到)了?\s*{new}",
    ),
    (
        ("deprecated", "discontinued", "unmaintained", "end-of-life"),
        r"{old} (?:is|was|has been|got) (?:deprecated|discontinued|unmaintained|end-of-life)\b[^.;]{{0,40}}?[,;:—–]\s*"
        r"(?:so )?(?:we(?:'ve| have)? )?(?:now )?(?:all )?(?:switched|moved|migrated)(?: everything| all)? (?:over )?to {new}",
    ),
    (("代替", "替代", "取代"), r"(?:用|使用|采用)\s*{new}\s*(?:来)?(?:代替|替代|取代)了?\s*{old}"),
    (("代替", "替代", "取代", "替换"), r"{new}\s*(?:已经|已)?(?:代替|替代|取代|替换)了\s*{old}"),
    (("被",), r"{old}\s*(?:已经|已)?被\s*{new}\s*(?:代替|替代|取代|替换|换掉)"),
    (
        ("不要", "不用", "别用", "而不是", "而非", "不再用"),
        r"(?:用|使用|采用)\s*{new}\s*了?\s*[，,、]?\s*(?:不要|不用|别用|而不是|而非|不再用)\s*(?:用|引入)?\s*{old}",
    ),
    (("弃用",), r"弃用\s*{old}\s*[，,、]?\s*(?:改用|换成|转用)\s*{new}"),
    (
        ("不再", "停用", "下掉", "不用", "别用", "不要用", "别再用"),
        r"(?:不再用|不再使用|停用|下掉|不用|别用|不要用|别再用)\s*{old}\s*了?\s*[，,、；;]?\s*"
        r"(?:改用|换成|转用|改成|换用|用|使用|采用)\s*{new}",
    ),
    (
        ("弃用", "废弃", "下线", "换掉", "弃了", "去掉"),
        r"{old}\s*(?:已|已经)?(?:弃用|废弃|下线|换掉|弃掉|弃|去掉|下掉)了?\s*[，,、；;]\s*"
        r"(?:改用|换成|转用|现在用|现在是|现在换成|用)\s*{new}",
    ),
)
_OWN = _NAME + r"(?![\w+-])(?!\s*(?:的|'s\b))"
"""A tool's name, not as the owner of another thing ("Unity 的 Animator", "Unity's Animator" name the Animator)."""
_PATTERNS = tuple(
    (keys, re.compile(pattern.format(old=_OWN.format("old"), new=_OWN.format("new")), re.I))
    for keys, pattern in _PHRASES
)
_NOT_TOOLS = frozenset(
    """it this that them these those there here one ones the a an our your their its my we you they he she me us
    main master staging prod production dev development local ci cd test tests testing release hotfix
    monday tuesday wednesday thursday friday saturday sunday january february march april may june july august
    september october november december q1 q2 q3 q4 eu us am pm v1 v2 v3 to from old new""".split()
)
MAX_LEARNED_SETS = 256
_PHRASE_END = re.compile(r"\s*(?:$|[.,;:!?)—–]|(?:in|last|this|since|entirely|altogether|for good)\b)")
_ABANDONED_CJK = re.compile(
    r"(?:不再用|不再使用|停用|弃用|下掉了?|去掉了?)\s*"
    + _NAME.format("old")
    + r"(?=\s*(?:$|[，,。；;、）)]|了|改|换|转))"
    r"|" + _NAME.format("gone") + r"\s*(?:已经|已)?(?:弃用|废弃|下线|停用)了?(?=\s*(?:$|[，,。；;]))"
    r"|(?:不要再用|别再用|不要再使用)\s*" + _NAME.format("refused") + r"(?=\s*(?:$|[，,。；;、）)]|了))"
    r"|" + _NAME.format("dropped") + r"\s*(?:那套|这套|那个|这个|账号|账户)?\s*(?:也)?"
    r"(?:不再用|不再使用|不要再用|别再用|不要再加|别再加|不用了)了?(?=\s*(?:$|[，,。；;]))",
    re.I,
)
_REMOVED = re.compile(
    r"(?<![\w.-])"
    + _NAME.format("removed")
    + r"(?: (?:SDK|package|plugin|library|dependency))? (?:(?:was |has been |got |is )(?:removed|deleted|uninstalled)\b"
    r"|(?:removed|deleted|uninstalled)\b(?! (?:the|a|an|our|its|their|his|her|all|every|this|that|these|those|it|them)\b))"
    r"|(?<![\w.-])"
    + _NAME.format("gone")
    + r"\s*(?P<part>SDK|包|插件|依赖|那套|这套)?\s*(?:已经|已)?(?:[从在][^，。；,;]{0,25}?)?(?:移除|删掉|删除|卸载|拿掉|撤掉)了?",
    re.I,
)
_PART_WORD = re.compile(r" (?:SDK|package|plugin|library|dependency)$", re.I)
_KEYS = re.compile("|".join(re.escape(key) for key in sorted({key for keys, _ in _PHRASES for key in keys})))


_FORMATS = frozenset(
    """json yaml yml toml csv tsv xml html css pdf png svg jpeg jpg webp markdown md http https http2 http3 tcp udp
    grpc websocket websockets sql api apis cli ui ux sdk ssh tls ssl utf-8 ascii""".split()
)


def _tool_like(name: str) -> bool:
    """A tool name: written with a capital, a digit or a dash/dot (Koin, OpenOCD, probe-rs), not a common word."""
    lowered = name.lower()
    if lowered in _NOT_TOOLS or len(lowered) < 2 or lowered.split()[0] in _NOT_TOOLS:
        return False
    return bool(re.search(r"[A-Z]|[-.+]\w|\d", name))


def _tools(old: str, new: str) -> bool:
    """Both names are tools; one lower-case name (spdlog, nginx) passes beside a name written like a tool."""
    if _tool_like(old) and _tool_like(new):
        return True
    return (_tool_like(old) and _plain_name(new)) or (_tool_like(new) and _plain_name(old))


def _plain_name(name: str) -> bool:
    lowered = name.lower()
    return " " not in lowered and len(lowered) >= 3 and lowered not in _NOT_TOOLS and lowered not in STOPWORDS


def pairs(statement: str) -> list[tuple[str, str]]:
    """(old, new) tool pairs one statement's migration or preference phrasing names, lower-cased."""
    if not _KEYS.search(statement.lower()):
        return []
    text = _PARENTHESES.sub("", statement)
    lowered = text.lower()
    found: list[tuple[str, str]] = []
    for keys, pattern in _PATTERNS:
        if not any(key in lowered for key in keys):
            continue
        for match in pattern.finditer(text):
            old, new = _last_tool_word(match.group("old")), _last_tool_word(match.group("new"))
            pair = (old.lower(), new.lower())
            commanded = _commanded(old, text) or _commanded(new, text)
            both_tools = _tools(old, new) or commanded and _plain_name(old) and _plain_name(new)
            if pair[0] != pair[1] and both_tools and pair not in found:
                found.append(pair)
    return found


def _commanded(name: str, statement: str) -> bool:
    """The statement runs the name as a command in a code span ("`nrfutil device program …`")."""
    return bool(re.search(r"`" + re.escape(name) + r"[ `]", statement, re.I))


def _remembered_pairs(statement: str) -> list[tuple[str, str]]:
    return remembered("migrations", statement, lambda: pairs(statement), list, decode_pairs)


_ABANDONED = re.compile(
    r"\b(?:moved|moving|migrated|migrating|switched|switching|got|came|transitioned) (?:away )?off (?:of )?"
    + _NAME.format("plain")
    + r"(?![\w+-]|\.\w)(?! (?:to|onto|over to|in favou?r of)\b)"
    + r"|\b(?:stopped using|no longer use|dropped|ditched|retired|sunset|got rid of|abandoned) "
    + _NAME.format("named")
    + r"(?![\w+-]|\.\w)(?! (?:from|for|to|in favou?r of|with|by)\b)"
    + r"|\b(?:no new|(?:don'?t|do not|never) (?:add|create|write|introduce)(?: any)? new) "
    + _NAME.format("fresh")
    + r"(?= (?:code|slices?|components?|screens?|files?|pages?|jobs?|usages?|calls?|runs?|projects?|dependenc\w+)\b)"
    + r"|(?<![\w.-])"
    + _NAME.format("off")
    + r"(?: (?:build|site|account|instance|server|integration|subscription))? (?:is|was|has been|got|are|were) "
    r"(?:now )?(?:switched off|turned off|shut down|decommissioned|cancell?ed)\b",
    re.I,
)
_ABANDON_KEYS = re.compile(
    r" off |switched off|turned off|shut down|decommissioned|cancel|no new| new |stopped using|no longer use|dropped|ditched|retired|sunset|got rid of|abandoned|removed|deleted|uninstalled"
    r"|不再|停用|弃用|下掉|去掉|废弃|下线|移除|删掉|删除|卸载|拿掉|撤掉|别再|不要再|不用了"
)


def abandoned(statement: str) -> list[str]:
    """Tools a statement says the project moved off with no successor named ("We moved off goose in October", "停用 Jenkins"), lower-cased."""
    if not _ABANDON_KEYS.search(statement.lower()):
        return []
    found: list[str] = []
    text = _PARENTHESES.sub("", statement)
    for match in _ABANDONED.finditer(text):
        plain, named = match.group("plain"), match.group("named")
        fresh = _last_tool_word(match.group("fresh") or match.group("off") or "")
        ending = named and _plain_name(named) and _PHRASE_END.match(text[match.end() :])
        if plain and (_tool_like(plain) or _plain_name(plain)) or named and (_tool_like(named) or ending):
            found.append((plain or named).lower())
        elif fresh and _tool_like(fresh):
            found.append(fresh.lower())
    for match in _ABANDONED_CJK.finditer(statement):
        name = match.group("old") or match.group("gone") or match.group("refused") or match.group("dropped")
        if _tool_like(name) and name.lower() not in found:
            found.append(name.lower())
    found.extend(name for name in removed(statement) if name not in found)
    return found


def removed(statement: str) -> list[str]:
    """Tools or packages a statement says were taken out ("Crashlytics SDK removed", "`firebase_messaging` 已经从 pubspec 删掉"), lower-cased."""
    found: list[str] = []
    for match in _REMOVED.finditer(statement):
        name = _PART_WORD.sub("", _last_tool_word(match.group("removed") or match.group("gone")))
        backticked = statement[match.start() : match.start() + 1] == "`"
        in_chinese = bool(match.group("part")) and _plain_name(name)
        if (_tool_like(name) or backticked and "_" in name or in_chinese) and name.lower() not in found:
            found.append(name.lower())
    return found


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
FAILURE_REACH = 2


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


_LEADING_WORDS = frozenset(
    "use using run running build lint with via try tried always never prefer keep because since after once until then".split()
)


def _last_tool_word(name: str) -> str:
    """A two-word name led by a common word or verb ("The Zotero", "Use Vite") stands for its second word."""
    first, _, rest = name.partition(" ")
    lowered = first.lower()
    return rest if rest and (lowered in _NOT_TOOLS or lowered in _LEADING_WORDS or lowered in STOPWORDS) else name


def _remembered_roles(statement: str) -> list[tuple[str, str]]:
    return remembered("migration-roles", statement, lambda: roles(statement), list, decode_pairs)


def _adoption_pairs(statements: list[str]) -> list[tuple[str, str]]:
    """(failed, adopted) pairs of one entry: a tool taken up and one it says fell short up to FAILURE_REACH statements before or one after."""
    marked = [_remembered_roles(statement) for statement in statements]
    found: list[tuple[str, str]] = []
    for index, statement_roles in enumerate(marked):
        for role, adopted in statement_roles:
            if role != "adopted":
                continue
            near = marked[max(0, index - FAILURE_REACH) : index + FAILURE_REACH]
            for other_roles in near:
                found.extend(
                    (failed, adopted)
                    for kind, failed in other_roles
                    if kind == "failed" and failed != adopted and not _known_apart(failed, adopted)
                )
    return found


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


Lessons = tuple[list[tuple[str, str]], list[str], list[tuple[str, str]]]


def _lessons(statements: list[str]) -> Lessons:
    """What one entry teaches: (old, new) replacements, tools it left with no successor, tools it uses together."""
    replaced: list[tuple[str, str]] = []
    alone: list[str] = []
    together: list[tuple[str, str]] = []
    for statement in statements:
        replaced.extend(_remembered_pairs(statement))
        alone.extend(abandoned(statement))
        together.extend(combined(statement))
    replaced.extend(_adoption_pairs(statements))
    return replaced, alone, together


def _remembered_lessons(statements: list[str]) -> Lessons:
    """`_lessons`, kept in the scan memo per entry (one lookup instead of three per statement)."""
    if not joinable(statements):
        return _lessons(statements)
    return remembered(
        "migration-lessons", joined(statements), lambda: _lessons(statements), encode_lessons, decode_lessons
    )


def learned_sets(entries: Iterable[Sequence[str] | str]) -> list[list[str]]:
    """Groups of tools the store itself says replace one another (pairs joined when they share a tool).

    Each item is one entry's statements (a lone string is an entry of one statement). A tool the store
    says it moved off with no successor named is a group of its own: "we use it" disagrees. Two tools
    a statement says are used together are never alternatives.
    """
    parent: dict[str, str] = {}

    def root(name: str) -> str:
        while parent.setdefault(name, name) != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    alone: set[str] = set()
    together: set[frozenset[str]] = set()
    replaced: list[tuple[str, str]] = []
    for entry in entries:
        entry_replaced, entry_alone, entry_together = _remembered_lessons(
            [entry] if isinstance(entry, str) else list(entry)
        )
        replaced.extend(entry_replaced)
        alone.update(entry_alone)
        together.update(frozenset(pair) for pair in entry_together)
    for old, new in replaced:
        if frozenset((old, new)) not in together:
            parent[root(old)] = root(new)
    for name in alone:
        root(name)
    groups: dict[str, list[str]] = {}
    for name in parent:
        groups.setdefault(root(name), []).append(name)
    return [sorted(group) for group in groups.values() if len(group) > 1 or group[0] in alone][:MAX_LEARNED_SETS]
