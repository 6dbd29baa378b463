"""One clause's stance on an action, and the verb a forbidding clause is read by ("QA 包不要勾 X": 勾)."""

from __future__ import annotations

from dataclasses import dataclass

from curator import lazyre as re
from curator.rules.facts.subject import stem
from curator.rules.polarity.action import _GENERIC_VERBS, _MANNER, Action, _object
from curator.rules.polarity.families import family
from curator.rules.polarity.opposites import _VERB_PREFIXES
from curator.rules.polarity.remembered import remembered_action


@dataclass(frozen=True)
class Stance:
    """One clause of an entry that forbids ("neg") or asks for or permits ("pos") an action."""

    owner: int
    polarity: str
    core: str
    action: Action
    asked: bool
    acting: tuple[str, ...] | None = None
    opening: str = ""
    lead: str = ""
    without: bool = False
    passive: tuple[str, ...] = ()
    reported: bool = False


_MANNER_LEAD = re.compile(
    r"^\s*(?:(?:manually|directly|by hand|yourself|locally|ever|just)\s+"
    r"|(?:手动|手工|直接|自己|亲自|随便|单独|临时|再|马上|立即|立刻|随手|轻易|擅自|也|都|先)\s*)+"
)
_GENERIC_LEAD = re.compile(
    r"^\s*(?:(?:use|using|do|run|make|have|go|get|put|try|keep)\b|用|使用|走|跑|执行|运行|做|搞|弄)"
)
_FIRST_WORD = re.compile(r"\s*([a-z][a-z'-]*)")


def _ways(stance: Stance) -> tuple[bool, ...]:
    """How a forbidden action's verb may be read: after its Chinese lead ("QA 包不要勾 X": 勾), then from its first word."""
    return (True, False) if stance.opening else (False,)


def _source(stance: Stance, after_lead: bool) -> str:
    """The part of a forbidden clause its verb opens, the manner words and a Chinese place before it left out
    ("在登录节点上跑训练" → "跑训练")."""
    return _MANNER_LEAD.sub("", _CJK_PLACE.sub("", _MANNER_LEAD.sub("", stance.opening if after_lead else stance.core)))


_CJK_PLACE = re.compile(r"^\s*在[^，,。；;]{1,12}?(?:上|里|中|下)\s*")


def _verb(stance: Stance, after_lead: bool = False) -> str | None:
    """The leading verb of a forbidden action (after_lead: the first word after a Chinese clause's negation), unless it
    is a generic one ("use", "run", 用) or it leads with no verb."""
    core = _source(stance, after_lead)
    if _GENERIC_LEAD.match(core) or not stance.action.verbal:
        return None
    opening = remembered_action("neg", core, stance.action.statement) if after_lead else None
    held = opening.words if opening is not None else stance.action.words
    words = [word for word in held if word not in _MANNER]
    if len(words) > 1 and words[0] in _VERB_PREFIXES:
        words = words[1:]
    return None if not words or words[0] in _GENERIC_VERBS else words[0].split("-")[0]


def _leads_with(core: str, verb: str) -> bool:
    """Whether an English clause opens with the verb, or one of its family, in its plain form ("squash-merge everything",
    not "calling X")."""
    opening = _plain_opening(core)
    return opening is not None and (opening == verb or family(opening) is not None and family(opening) == family(verb))


def _leads_with_any(core: str, verbs: set[str], verb_families: set[str]) -> bool:
    """`any(_leads_with(core, verb) for verb in verbs)` with the verbs' families given: one set lookup per clause."""
    opening = _plain_opening(core)
    return opening is not None and (opening in verbs or family(opening) in verb_families)


def _plain_opening(core: str) -> str | None:
    """The stem of an English clause's first word when it is a plain form (not "calling", "called", "calls"), or None."""
    first = _FIRST_WORD.match(core)
    if first is None or first.group(1).endswith(("ing", "ed")) or first.group(1)[-2:] in ("es", "ys", "ts"):
        return None
    return stem(first.group(1).split("-")[0])


def _named(stance: Stance) -> set[str]:
    """The first word after a ban's generic verb ("run `kubectl apply`" → kubectl), or nothing for another ban."""
    generic = _GENERIC_LEAD.match(_source(stance, False))
    if generic is None:
        return set()
    named = [word for word in _object(stance.action.words) if word not in _MANNER and word != stem(generic.group(0))]
    return set(named[:1])
