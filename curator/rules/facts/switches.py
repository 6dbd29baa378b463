"""On/off states and permissions a statement gives a thing ("offline persistence is always on", 关闭了离线持久化,
`cacheEnabled: false`, "coupons never stack", 优惠券可以叠加)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from curator import lazyre as re
from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import subject_tokens
from curator.scanmemo import joinable, joined, remembered, split, string

_CLAUSE_BREAK = re.compile(r"[;；。!?！？，,：:]\s*|\.\s+|\s[—–]\s|——")
_CODE_BOOLEAN = re.compile(
    r"(?<![\w.-])(?P<key>[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*)`?\s*[:=]\s*`?(?P<value>true|false)(?![\w-])", re.I
)
_KEY_STATE = re.compile(
    r"^(?:(?P<prefix>enable|disable|use|allow|is)_)?(?P<rest>.+?)(?:_(?P<suffix>enabled|disabled|on|off))?$"
)
_STATE_AFTER = re.compile(
    r"^(?P<thing>.{2,60}?)\s*(?:\b(?:is|are|stays?|remains?|was|were|has been|have been|must be|should be|must stay"
    r"|should stay|gets?|got)\s+)(?:not\s+|never\s+|no longer\s+)?"
    r"(?:always\s+|now\s+|still\s+|permanently\s+|kept\s+|left\s+)?"
    r"(?P<state>turned on|turned off|switched on|switched off|enabled|disabled|on|off)\b"
    r"|^(?P<zh_thing>[^，。；,;]{2,30}?)\s*(?:一直|始终|默认|现在|已经|已|要|必须|保持|都|也)*\s*"
    r"(?P<zh_state>开着|打开着|开启着|是开的|关着|关闭着|是关的|已开启|已关闭|已禁用|已启用)"
)
_STATE_BEFORE = re.compile(
    r"\b(?P<verb>enable[sd]?|enabling|disable[sd]?|disabling)\s+(?P<thing>[^,.;]{2,50})"
    r"|\b(?P<particle_verb>turn(?:ed|s)?|switch(?:ed|es)?|keep|keeps|kept|leave|leaves|left)\s+(?P<held>[^,.;]{2,50}?)\s+"
    r"(?P<particle>on|off|enabled|disabled)\b"
    r"|\b(?P<verb_on>turn(?:ed|s)? on|switch(?:ed|es)? on|turn(?:ed|s)? off|switch(?:ed|es)? off)\s+(?P<object>[^,.;]{2,50})"
    r"|(?P<zh_verb>开启|打开|启用|开了|关闭|关掉|关了|禁用|停用)了?\s*(?P<zh_object>[^，。；,;（(]{2,30})"
)
_NEGATED = re.compile(
    r"(?:\b(?:never|not|don'?t|do not|no longer|mustn'?t|must not|shouldn'?t|should not|stop)\s+(?:\w+\s+)?|不要|别|不能|不许|禁止|不准|不再|没有?|勿)$"
)
_NEGATED_STATE = re.compile(r"(?:\b(?:not|never|no longer)\s*|不|没|别)$")
_CONDITIONAL = re.compile(
    r"^[\s*_>#-]*(?:(?:if|when|whenever|unless|once|after|before|while|then|else|otherwise|如果|假如|要是|若|当|一旦|等)\b"
    r"|如果|假如|要是|若|当|一旦|那么|否则|不然|则)"
)
"""A clause opening on a condition or on what follows one ("if the user agrees", "**THEN** set …", 否则…)."""
_OFF = re.compile(
    r"^(?:off|disabled?|disables|disabling|turned off|switched off|关着|关闭着|是关的|关闭|关掉|关了|禁用|停用|已关闭|已禁用)$"
)
_CONDITION_AFTER = re.compile(r"^\s*(?:while|when|whenever|if|unless|until|before|after|during|只在|仅在|的时候|时)")
_THING_CUT = re.compile(
    r"\s(?:so|because|since|to|for|until|when|if|in order|as|which|that|and then|in|on|during|across|at)\s.*$|(?:因为|为了|以便|所以|导致|，).*$"
)
_HISTORY = re.compile(
    r"\b(?:used to|previously|formerly|back then|in the past|at first)\b|以前|之前|曾经|过去|原来|当时|那时|起初"
)
_ALLOWED = re.compile(
    r"^(?P<subject>.{0,50}?)\s*\b(?:can|may|are allowed to|is allowed to|are free to|is free to)\s+(?:be\s+|still\s+|always\s+)?"
    r"(?P<verb>[a-z][^,;]{0,60})"
    r"|^(?P<fine>.{2,50}?)\s+(?:is|are)\s+(?:fine|ok|okay|allowed|permitted|acceptable)\b"
    r"|^(?P<zh_subject>[^，。；,;]{0,20}?)(?:可以|允许|能够|可)(?!能)\s*(?P<zh_verb>[^，。；,;]{1,20})"
)
_REFUSED = re.compile(
    r"^(?P<subject>.{0,50}?)\s*\b(?:never|cannot|can'?t|can not|may not|must not|mustn'?t|must never|should never"
    r"|(?:is|are) not allowed to|not allowed to)\s+(?:be\s+)?(?P<verb>[a-z][^,;]{0,60})"
    r"|^(?P<banned>.{2,50}?)\s+(?:is|are)\s+(?:not allowed|forbidden|prohibited|banned|not permitted)\b"
    r"|^(?P<zh_subject>[^，。；,;]{0,20}?)(?:不能|不可以|不允许|不得|不许|不准|禁止|不可)\s*(?P<zh_verb>[^，。；,;]{1,20})"
)
_VAGUE = frozenset("it this that them these those one feature option setting flag thing everything all".split())


@dataclass(frozen=True)
class Switch:
    """One thing a statement says is on or off (kind "state") or allowed or not (kind "permit"): its concepts, its
    code key when written as one, and whether it is on or allowed."""

    thing: frozenset[str]
    on: bool
    statement: str
    key: str = ""
    kind: str = "state"


def _concepts(thing: str) -> frozenset[str]:
    words = [concept(word) for word in subject_tokens(thing) if word not in _VAGUE]
    return frozenset(word for word in words if word and not _OFF.match(word) and word not in ("enabl", "disabl"))


def _key_switch(key: str, value: str, statement: str) -> Switch | None:
    """A code boolean (`persistenceEnabled: false`, `disable_cache = true`) as a switch of the key's thing."""
    snake = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", key.split(".")[-1]).lower()
    parts = _KEY_STATE.match(snake)
    if parts is None:
        return None
    rest = parts.group("rest")
    on = value.lower() == "true"
    if "disable" in (parts.group("prefix") or "") or (parts.group("suffix") or "") in ("disabled", "off"):
        on = not on
    thing = _concepts(rest.replace("_", " "))
    return Switch(thing, on, statement, key=rest) if thing else None


def _clauses(statement: str) -> list[str]:
    return [
        part.strip()
        for part in _CLAUSE_BREAK.split(re.sub(r"[（(][^（）()]{0,80}[）)]", " ", statement))
        if part.strip()
    ]


def _prose_switch(clause: str, statement: str) -> Switch | None:
    """The switch one clause states, by a state after its thing ("X is always on", X 一直开着) or a verb before it."""
    lowered = clause.lower()
    if _CONDITIONAL.match(lowered) or _HISTORY.search(lowered):
        return None
    after = _STATE_AFTER.match(lowered)
    if after is not None:
        thing = _NEGATED_STATE.sub("", after.group("thing") or after.group("zh_thing") or "")
        group = "state" if after.group("state") else "zh_state"
        negated = bool(_NEGATED_STATE.search(lowered[: after.start(group)].rstrip()))
        if _CONDITION_AFTER.match(lowered[after.end() :]):
            return None
        return _switch(thing, after.group(group), negated, statement)
    before = _STATE_BEFORE.search(lowered)
    if before is None:
        return _permission(lowered, statement)
    negated = bool(_NEGATED.search(lowered[: before.start()]))
    if before.group("verb"):
        return _switch(before.group("thing"), before.group("verb"), negated, statement)
    if before.group("particle_verb"):
        if _CONDITION_AFTER.match(lowered[before.end() :]):
            return None
        return _switch(before.group("held"), before.group("particle"), negated, statement)
    if before.group("verb_on"):
        return _switch(before.group("object"), before.group("verb_on").split()[-1], negated, statement)
    return _switch(before.group("zh_object"), before.group("zh_verb"), negated, statement)


def _permission(lowered: str, statement: str) -> Switch | None:
    """Whether the clause allows a thing ("coupons can stack", 优惠券可以叠加) or forbids it ("coupons never stack")."""
    for pattern, allowed in ((_REFUSED, False), (_ALLOWED, True)):
        found = pattern.match(lowered)
        if found is None:
            continue
        parts = [found.group(name) or "" for name in found.groupdict()]
        concepts = _concepts(" ".join(parts))
        return Switch(concepts, allowed, statement, kind="permit") if len(concepts) >= 2 else None
    return None


def _switch(thing: str, state: str, negated: bool, statement: str) -> Switch | None:
    thing = _THING_CUT.sub("", re.sub(r"`[^`]*`", " ", thing)).strip()
    concepts = _concepts(thing)
    if not concepts:
        return None
    off = bool(_OFF.match(state.split()[-1] if state.startswith(("turn", "switch")) else state))
    return Switch(concepts, off == negated, statement)


@lru_cache(maxsize=50_000)
def switches(statement: str) -> tuple[Switch, ...]:
    """Every on/off state the statement gives a thing, in prose or as a code boolean; a thing given both states is left
    out (from the scan memo when it holds the statement)."""
    return remembered(
        "switches",
        statement,
        lambda: _read_switches(statement),
        _encode_switches,
        lambda raw: _decode_switches(raw, statement),
        keep=lambda found: all(joinable(switch.thing) for switch in found),
    )


def _encode_switches(found: tuple[Switch, ...]) -> Any:
    return [[joined(sorted(switch.thing)), int(switch.on), switch.key, switch.kind] for switch in found]


def _decode_switches(raw: Any, statement: str) -> tuple[Switch, ...]:
    if type(raw) is not list:
        raise TypeError("not a list of switches")
    found: list[Switch] = []
    for item in raw:
        if type(item) is not list or len(item) != 4 or type(item[1]) is not int or item[1] not in (0, 1):
            raise TypeError("not a switch")
        kind = string(item[3])
        if kind not in ("state", "permit"):
            raise ValueError("not a switch kind")
        found.append(Switch(frozenset(split(item[0])), bool(item[1]), statement, key=string(item[2]), kind=kind))
    return tuple(found)


def _read_switches(statement: str) -> tuple[Switch, ...]:
    found: list[Switch] = []
    conditional = bool(_CONDITIONAL.match(statement.lower()))
    for match in () if conditional else _CODE_BOOLEAN.finditer(statement):
        keyed = _key_switch(match.group("key"), match.group("value"), statement)
        if keyed is not None:
            found.append(keyed)
    for clause in _clauses(re.sub(r"`[^`]*`", lambda code: " " * len(code.group(0)), statement)):
        said = _prose_switch(clause, statement)
        if said is not None:
            found.append(said)
    both = {
        switch.thing
        for switch in found
        if any(other.thing == switch.thing and other.on != switch.on for other in found)
    }
    return tuple(switch for switch in found if switch.thing not in both)
