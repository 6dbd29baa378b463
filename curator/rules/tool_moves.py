"""Tools a statement says were replaced ("moved off X to Y", "X, not Y", "从 X 换成 Y"), left with no successor ("we
moved off goose", "不再用 X") or removed ("the Y SDK was removed")."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.memo import decode_pairs
from curator.rules.text import STOPWORDS
from curator.scanmemo import remembered

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


_LEADING_WORDS = frozenset(
    "use using run running build lint with via try tried always never prefer keep because since after once until then".split()
)


def _last_tool_word(name: str) -> str:
    """A two-word name led by a common word or verb ("The Zotero", "Use Vite") stands for its second word."""
    first, _, rest = name.partition(" ")
    lowered = first.lower()
    return rest if rest and (lowered in _NOT_TOOLS or lowered in _LEADING_WORDS or lowered in STOPWORDS) else name
