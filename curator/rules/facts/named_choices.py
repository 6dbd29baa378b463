"""Names a statement chooses in prose ("everyone runs the local cluster on k3d now", 实验跟踪改用 MLflow).

A name is name-like text (inline code, a capitalised or mixed-case word inside a sentence, a word holding letters
and digits, a Latin word inside Chinese) that stands right after a word choosing it (use, on, through, moved to,
用, 改用, 迁到, 接, 是); the role it plays is what the rest of its clause says, with the name masked.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from curator import lazyre as re
from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import subject_tokens
from curator.rules.text import CJK_CHAR, STOPWORDS
from curator.scanmemo import remembered

_CLAUSE_BREAK = re.compile(r"[;；。!?！？，,]\s*|\.\s+|\s[—–-]\s|\s*——\s*|[:：]\s+(?=`)")
_CODE = r"`(?P<code>[^`\n]{1,40})`"
_WORDS = (
    r"(?P<words>(?:[A-Z][\w.+&-]*|[a-z]+[A-Z][\w.+-]*)(?:[ \t](?:[A-Z][\w.+&-]*|[a-z]+[A-Z][\w.+-]*)){0,3}"
    r"|[a-z][a-z-]*\d[\w.+-]*|[a-z][\w.+-]*)"
)
_NAME = re.compile(r"(?:" + _CODE + r"|" + _WORDS + r")")
_EN_CUE = (
    r"\b(?:use|uses|using|on|through|via|with|to|is|are|prefer|prefers|picked|chose|adopted|switched to|moved to"
    r"|migrated to|replaced \w+ with|instead|(?:lives?|stored|kept|hosted|runs?|deployed|written) (?:in|on|at))\s+(?:the\s+|a\s+|an\s+|self-hosted\s+|hosted\s+|managed\s+)?$"
)
_ZH_CUE = (
    r"(?:改用|换成|改成|换用|转用|迁到|迁移到|切到|切换到|用的是|接的是|用|接|是|选|走|放在|放到|放|部署在|部署到|托管在"
    r"|写成|跑在|定为|定成|建在|建到|存到|存进|记到|记在)\s*了?\s*$"
)
_CUE = re.compile(r"(?:" + _EN_CUE + r"|" + _ZH_CUE + r")", re.I)
_PLACE_CUE = re.compile(
    r"(?:\b(?:lives?|stored|kept|hosted|deployed|written) (?:in|on|at)|放在|放到|放|存到|存进|建在|建到|记到|记在|部署在|部署到"
    r"|托管在|跑在)\s*了?\s*$",
    re.I,
)
_VERB_CUE = re.compile(
    r"(?:\b(?:use|uses|using|prefer|prefers|picked|chose|adopted|switched to|moved to|migrated to|replaced \w+ with)"
    r"|改用|换成|改成|换用|转用|迁到|迁移到|切到|切换到|用的是|用)\s*(?:the\s+|a\s+|an\s+)?$",
    re.I,
)
_DECIDED = re.compile(
    r"\b(?:now|moved|switched|migrated|replaced|everyone|from now on|going forward|all new|standardi[sz]ed)\b"
    r"|统一|改用|换成|改成|换用|转用|迁到|迁移到|切到|切换到|已经|现在|定了|一律|以后|今后",
    re.I,
)
_REFUSED = re.compile(
    r"\b(?:never|don'?t|do not|no longer|stop\w*|avoid)\b|不再|别再|不要|别|停用|弃用|不用|禁止|不能|不许|不准", re.I
)
_HISTORY = re.compile(r"\b(?:used to|old|legacy|former|formerly)\b|以前|原来|之前|曾经|旧", re.I)
_DEMOTED = re.compile(
    r"\b(?:never|not|don'?t|do not|no longer|stop\w*|avoid|only|old|legacy|former|deprecated|instead of|rather than"
    r"|used to|until|except|unless|if|when|whenever)\b|不再|别再|不要|别|停用|弃用|废弃|下线|只|仅|旧|以前|原来|之前|曾经"
    r"|除了|如果|而不是|不用|无需|禁止|不能|不许|不准",
    re.I,
)
_NOT_NAMES = STOPWORDS | frozenset(
    """monday tuesday wednesday thursday friday saturday sunday january february march april may june july august
    september october november december utc gmt pst est cet ci pr prs api apis ui ux id ids url urls sql json yaml
    http https todo readme it the this that one all every each new old main master prod production staging dev
    local default true false null none yes no ok cdn svg png jpg jpeg gif webp sdk cli gpu cpu dns vpn ssh tls ssl db os
    ide app apps""".split()
)
_GENERIC_ROLE = frozenset(
    """use run now new all every everyone go through via with we our team self host hosted managed just also still
    never not no don't 禁止 不要 别 不 mov switch migrat replac rout adopt chose pick prefer live store kept deploy written
    统一 一律 全部 整体 以前 以后 直接 direct directly app apps 应用 今后 已经 现在 用 改用 换成 改成 迁 迁到 迁移 放 接 建 选 存 记 里 都 新 去年 今年 明年 年底 年初
    上周 本周 下周 上个月 这个月 下个月 最近 后来 当时 year last week month""".split()
)
_CJK = re.compile(f"[{CJK_CHAR}]")
_ADVERBS = frozenset("any anymore more again now too here there yet either instead only also still".split())
_VERSION_AFTER = re.compile(r"\s*v?\d")
_PLAIN_LATIN = re.compile(r"^[a-z]+$")
_OPENING = re.compile(r"^[\s*>#-]*(?:\d+[.)]\s*)?$")
_PLAIN_WORD = re.compile(r"^[A-Z][a-z]+(?: [A-Z]?[a-z]+)*$")
_ASIDE = re.compile(r"\s*(?:\([^()]{0,80}\)|（[^（）]{0,80}）)")
_CODE_PUNCTUATION = re.compile(r"[,;:，；：。]\s*")
_WHEN = re.compile(
    r"\b(?:(?:in|since|after|before|until|during|for)\s+)?(?:that|this|the|last|next|the last|the next)\s+"
    r"(?:release|version|sprint|week|month|quarter|year|cycle|iteration)\b",
    re.I,
)
_ANY_CODE = re.compile(r"`[^`\n]*`")
_SETTING_AFTER = re.compile(r"\s*(?:[=:]\s*[\w'\"./-]|：\s*\d)")
_UNIT_LIKE = re.compile(r"^\d|^[a-z]\d+$|^v\d", re.I)


@dataclass(frozen=True)
class NamedChoice:
    """One name a clause chooses: the name, its clause, the clause with names masked, the role's concepts, and
    whether the clause says the choice is settled or new ("now", 统一, 改用), and whether a verb chooses it ("use X",
    用 X) rather than a preposition or a copula ("on X", "is X")."""

    name: str
    clause: str
    masked: str
    role: frozenset[str]
    decided: bool
    statement: str
    order: tuple[str, ...] = ()
    by_verb: bool = False
    rejected: frozenset[str] = frozenset()
    refused: bool = False
    head: str = ""
    family: str = ""


def _name_of(match: re.Match[str], clause: str) -> str | None:
    """The name a match holds, or None when it is code, a path, a number with a unit or a common word."""
    code = match.group("code")
    if code is not None:
        text = code.strip()
        if re.search(r"[=(){}\[\]/<>$\"']|\s{2}|:\s|\s-", text) or len(text.split()) > 4:
            return None
        if " " in text and not all(word[:1].isupper() for word in text.split()):
            return None
    else:
        text = match.group("words").rstrip(".")
        in_chinese = bool(_CJK.search(clause))
        if text.islower() and not re.search(r"\d", text) and not in_chinese:
            return None
        if _OPENING.match(clause[: match.start()]) and _PLAIN_WORD.match(text) and not in_chinese:
            return None
    if _UNIT_LIKE.match(text) or text.lower() in _NOT_NAMES or len(text) < 2 or text.isdigit():
        return None
    return text.rstrip(".")


def _clauses(statement: str) -> list[str]:
    """The clauses of one statement, capitals kept; a short heading before a colon stays with what follows."""
    codes: list[str] = []

    def hold(code: re.Match[str]) -> str:
        codes.append(_CODE_PUNCTUATION.sub(" ", code.group(0)))
        return f"\x00{len(codes) - 1}\x00"

    held = _ASIDE.sub("", re.sub(r"`[^`\n]{1,120}`", hold, statement))
    text = re.sub(r"\x00(\d+)\x00", lambda mark: codes[int(mark.group(1))], held)
    return [part.strip() for part in _CLAUSE_BREAK.split(text) if part and part.strip()]


def _clause_names(clause: str) -> list[tuple[int, int, str]]:
    """(start, end, name) of every name-like text in a clause, outside code that is no name."""
    names: list[tuple[int, int, str]] = []
    code_spans = [(found.start(), found.end()) for found in _ANY_CODE.finditer(clause)]
    position = 0
    while (match := _NAME.search(clause, position)) is not None:
        position = match.end()
        words = match.group("words")
        if words and any(start < match.start() < end for start, end in code_spans):
            continue
        if _SETTING_AFTER.match(clause, match.end()):
            continue
        if words and " " in words and _OPENING.match(clause[: match.start()]) and _PLAIN_WORD.match(words.split()[0]):
            position = match.start() + len(words.split()[0])
            continue
        name = _name_of(match, clause)
        if name is not None:
            names.append((match.start(), match.end(), name))
    return names


def _head_after(after: str) -> str:
    """The noun a name qualifies right after it ("W&B artifacts" → artifact), or ''."""
    found = re.match(r"\s*([A-Za-z][\w-]*)", after)
    word = found.group(1).lower() if found else ""
    words = subject_tokens(word) if word not in STOPWORDS and word not in _ADVERBS else ()
    return concept(words[0]) if words else ""


def _role(masked: str) -> tuple[str, ...]:
    """The concepts a masked clause says its name is for, in order, without choosing words and times."""
    concepts = (
        concept(word) for word in subject_tokens(_WHEN.sub(" ", re.sub(r"\bX\b", " ", masked))) if "'" not in word
    )
    return tuple(word for word in concepts if word not in _GENERIC_ROLE)


@lru_cache(maxsize=50_000)
def named_choices(statement: str) -> tuple[NamedChoice, ...]:
    """`read_named_choices(statement)`, or what the scan memo holds for the same statement."""
    return remembered(
        "named-choices",
        statement,
        lambda: read_named_choices(statement),
        _encode,
        lambda raw: _decode(raw, statement),
    )


def _encode(choices: tuple[NamedChoice, ...]) -> list[list[Any]]:
    return [
        [
            choice.name,
            choice.clause,
            choice.masked,
            sorted(choice.role),
            choice.decided,
            list(choice.order),
            choice.by_verb,
            sorted(choice.rejected),
            choice.refused,
            choice.head,
            choice.family,
        ]
        for choice in choices
    ]


_FIELD_TYPES = (str, str, str, list, bool, list, bool, list, bool, str, str)


def _decode(raw: Any, statement: str) -> tuple[NamedChoice, ...]:
    """Named choices stored as [[name, clause, masked, role, decided, order, by_verb, rejected, refused, head,
    family], …] for `statement`."""
    if type(raw) is not list:
        raise TypeError("not a list of named choices")
    found = []
    for item in raw:
        if type(item) is not list or len(item) != len(_FIELD_TYPES):
            raise TypeError("not a named choice")
        if any(type(value) is not kind for value, kind in zip(item, _FIELD_TYPES, strict=True)):
            raise TypeError("a named choice field of the wrong type")
        name, clause, masked, role, decided, order, by_verb, rejected, refused, head, family = item
        if not all(type(word) is str for word in (*role, *order, *rejected)):
            raise TypeError("not a list of strings")
        found.append(
            NamedChoice(
                name,
                clause,
                masked,
                frozenset(role),
                decided,
                statement,
                tuple(order),
                by_verb,
                frozenset(rejected),
                refused,
                head,
                family,
            )
        )
    return tuple(found)


def read_named_choices(statement: str) -> tuple[NamedChoice, ...]:
    """The names the statement's clauses choose, each with its masked clause and role (a clause that names no role,
    "去年已经整体迁到 X", takes the role of the clause before it)."""
    found: list[NamedChoice] = []
    rejected: set[str] = set()
    refusals: list[NamedChoice] = []
    topic: tuple[str, ...] = ()
    for clause in _clauses(statement):
        names = [
            (start, end, name)
            for start, end, name in _clause_names(clause)
            if not _PLAIN_LATIN.match(name) or _CUE.search(clause[:start]) or _DEMOTED.search(clause[:start])
        ]
        masked = clause
        for start, end, _ in reversed(names):
            masked = masked[:start] + "X" + masked[end:]
        masked = re.sub(r"\d+(?:[.,]\d+)*", "#", masked)
        order = _role(masked) or topic
        topic = order
        decided = bool(_DECIDED.search(clause))
        for start, end, name in names:
            before = clause[:start]
            head = _head_after(clause[end:])
            if _DEMOTED.search(before):
                rejected.add(name)
                if _REFUSED.search(before) and not _HISTORY.search(before):
                    refusals.append(
                        NamedChoice(name, clause, masked, frozenset(order), decided, statement, order, head=head)
                    )
            elif _CUE.search(before) and not _VERSION_AFTER.match(clause, end):
                by_verb = bool(_VERB_CUE.search(before))
                family = "place" if _PLACE_CUE.search(before) else "use" if by_verb else ""
                found.append(
                    NamedChoice(
                        name,
                        clause,
                        masked,
                        frozenset(order),
                        decided,
                        statement,
                        order,
                        by_verb,
                        head=head,
                        family=family,
                    )
                )
    return tuple(replace(choice, rejected=frozenset(rejected)) for choice in found) + tuple(
        replace(refusal, refused=True) for refusal in refusals
    )
