"""Exclusive tool pairs learned from the store's own migration phrasing ("moved off X to Y", "X, not Y", "从 X 换成 Y").

A store that says it moved from one tool to another has told us the two answer one job, so a later
"we use X" and "we use Y" disagree even when neither tool is in the built-in table; a tool the store
says it left ("we moved off goose", "dropped Yarn") is a set of its own, so "use X" elsewhere disagrees.
"""

from __future__ import annotations

from collections.abc import Iterable

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
    (("从",), r"从\s*{old}\s*(?:迁移到|迁到|换成|换到|切换到|切到|改成|改为|改用|转到|搬到|升级到)了?\s*{new}"),
    (("换成", "替换", "迁"), r"{old}\s*(?:换成|替换成|替换为|迁移到|迁到)了?\s*{new}"),
    (
        ("不要", "不用", "别用", "而不是", "而非", "不再用"),
        r"(?:用|使用|采用)\s*{new}\s*[，,、]?\s*(?:不要|不用|别用|而不是|而非|不再用)\s*(?:用|引入)?\s*{old}",
    ),
    (("弃用",), r"弃用\s*{old}\s*[，,、]?\s*(?:改用|换成|转用)\s*{new}"),
    (("不再", "停用", "下掉"), r"(?:不再用|不再使用|停用|下掉)\s*{old}\s*[，,、]?\s*(?:改用|换成|转用|改成)\s*{new}"),
    (
        ("弃用", "废弃", "下线"),
        r"{old}\s*(?:已|已经)?(?:弃用|废弃|下线)了?\s*[，,、]\s*(?:改用|换成|转用|现在用)\s*{new}",
    ),
)
_PATTERNS = tuple(
    (keys, re.compile(pattern.format(old=_NAME.format("old"), new=_NAME.format("new")), re.I))
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
    r"|" + _NAME.format("gone") + r"\s*(?:已经|已)?(?:弃用|废弃|下线|停用)了?(?=\s*(?:$|[，,。；;]))",
    re.I,
)
_KEYS = re.compile("|".join(re.escape(key) for key in sorted({key for keys, _ in _PHRASES for key in keys})))


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
            old, new = match.group("old"), match.group("new")
            pair = (old.lower(), new.lower())
            if pair[0] != pair[1] and _tools(old, new) and pair not in found:
                found.append(pair)
    return found


def _remembered_pairs(statement: str) -> list[tuple[str, str]]:
    return remembered("migrations", statement, lambda: pairs(statement), list, decode_pairs)


_ABANDONED = re.compile(
    r"\b(?:moved|moving|migrated|migrating|switched|switching|got|came|transitioned) (?:away )?off (?:of )?"
    + _NAME.format("plain")
    + r"(?![\w+-]|\.\w)(?! (?:to|onto|over to|in favou?r of)\b)"
    + r"|\b(?:stopped using|no longer use|dropped|ditched|retired|sunset|got rid of|abandoned) "
    + _NAME.format("named")
    + r"(?![\w+-]|\.\w)(?! (?:from|for|to|in favou?r of|with|by)\b)",
    re.I,
)
_ABANDON_KEYS = re.compile(
    r" off |stopped using|no longer use|dropped|ditched|retired|sunset|got rid of|abandoned|不再|停用|弃用|下掉|去掉|废弃|下线"
)


def abandoned(statement: str) -> list[str]:
    """Tools a statement says the project moved off with no successor named ("We moved off goose in October", "停用 Jenkins"), lower-cased."""
    if not _ABANDON_KEYS.search(statement.lower()):
        return []
    found: list[str] = []
    text = _PARENTHESES.sub("", statement)
    for match in _ABANDONED.finditer(text):
        plain, named = match.group("plain"), match.group("named")
        ending = named and _plain_name(named) and _PHRASE_END.match(text[match.end() :])
        if plain and (_tool_like(plain) or _plain_name(plain)) or named and (_tool_like(named) or ending):
            found.append((plain or named).lower())
    for match in _ABANDONED_CJK.finditer(statement):
        name = match.group("old") or match.group("gone")
        if _tool_like(name) and name.lower() not in found:
            found.append(name.lower())
    return found


def learned_sets(statements: Iterable[str]) -> list[list[str]]:
    """Groups of tools the store itself says replace one another (pairs joined when they share a tool).

    A tool the store says it moved off with no successor named is a group of its own: "we use it" disagrees.
    """
    parent: dict[str, str] = {}

    def root(name: str) -> str:
        while parent.setdefault(name, name) != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    alone: set[str] = set()
    for statement in statements:
        for old, new in _remembered_pairs(statement):
            parent[root(old)] = root(new)
        alone.update(abandoned(statement))
    for name in alone:
        root(name)
    groups: dict[str, list[str]] = {}
    for name in parent:
        groups.setdefault(root(name), []).append(name)
    return [sorted(group) for group in groups.values() if len(group) > 1 or group[0] in alone][:MAX_LEARNED_SETS]
