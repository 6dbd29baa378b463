"""The lead of a clause: the named thing it opens with ("tracking-api keeps …", "第三章的主表：…", "`orders` 表保留 …").

A clause that opens with its subject says what it is about before it says anything of it; an imperative, a stance
word or a speech frame ("Never …", "Use …", "用户说：") opens with no lead.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from curator import lazyre as re
from curator.rules.facts.glossary import concept
from curator.rules.facts.named_parts import parts
from curator.rules.facts.subject import subject_tokens
from curator.rules.facts.things import MEASURE_WORDS
from curator.rules.text import IS_CJK

_OPENING_MARKS = re.compile(r"^\s*(?:[-*>#•·]+\s*|\d+[.)]\s+)*")
_LABEL = re.compile(r"^(?P<label>[^:：;；,，。.!?（(\n]{1,40}?)\s*(?::\s|：)")
_EN_VERB = (
    r"is|are|was|were|has|have|had|keeps?|uses?|runs?|caches|stores|holds|takes|stays|lives|goes|gets|needs|handles"
    r"|sits|allows|owns|maintains|writes|reads|sends|calls|returns|serves|hosts|does|do|don't|doesn't|didn't|can|can't"
    r"|cannot|should|shouldn't|must|mustn't|will|won't|may|might|never|always|only|now|still|also|currently|defaults"
)
_EN_END = re.compile(rf"\s(?:{_EN_VERB})\b|[,;(（—–]|\s\d", re.I)
_EN_VERB_AFTER = re.compile(rf"\s(?:{_EN_VERB})\b", re.I)
MAX_EN_WORDS = 6
ZH_REACH = 24
CJK_REACH = 30
_THIRD_PERSON = re.compile(r"^(?P<name>`?[\w./-]*[-_./`][\w./-]*`?|`[^`]+`)\s+[a-z]+e?s\b")
_ZH_END = re.compile(
    r"(?:是|为|用(?!的)|在|要|不|别|必须|统一|一律|都|设为|设成|改为|改成|调到|调成|调整|跑|上限|下限|最多|至少|每|默认"
    r"|现在|目前|总共|一共|[，,。；;：:（(]|\d)"
)
_NO_LEAD = re.compile(
    r"^(?:never|always|don'?t|do not|do|please|must|note|notes|update|rule|rules|important|todo|fyi|tip|warning"
    r"|user said|the user said|user|remember|reminder|lesson|lessons|decision|context|why|how|when|if|so|but|and|or"
    r"|yes|no|ok|then|also|only|just|all|every|each|any)\b"
    r"|^(?:不要|别|禁止|必须|一律|统一|所有|全部|任何|每个|请|记得|注意|备注|更新|规则|用户说|用户|结论|经验|教训|决定|原因|为什么|如果|但是)",
    re.I,
)
_NAME = re.compile(
    r"`(?P<code>[^`]{2,60})`"
    r"|(?<![\w/.-])(?P<ident>[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)+|[A-Za-z]\w*_\w+|[a-z]+[A-Z]\w*|[A-Z][a-z0-9]+[A-Z]\w*"
    r"|[A-Za-z]+\d+\w*)(?![\w/])"
)
_ELSEWHERE = re.compile(
    r"\b(?:separate|other|another|different|sibling|legacy|old|its own|their own)\s+(?:[`\w.-]+\s+){0,2}"
    r"(?:repo|repos|repository|repositories)\b"
    r"|(?:单独的?|独立的?|另一个|另外的?|另一|旧的?|老的?)[^，。；,;]{0,16}?(?:仓库|repo)",
    re.I,
)
_ACTOR = re.compile(
    r"^(?P<actor>[A-Z][a-z]{2,})\s+(?:removed|deleted|dropped|ripped out|rewrote|wrote|owns|maintains|manages|leads"
    r"|took over|set up|approved|decided|asked|said)\s+(?:the|a|an|our|its|their|his|her|all|every|this|that|these|those"
    r"|it|them|over|to)\b"
)
QUALIFIERS = frozenset(
    "default global overall total current new old our the this that all every each general standard usual normal "
    "base main primary whole entire shared common 默认 全局 整体 总 新 旧 当前 统一 通用 所有 全部 整个 单个".split()
)


@dataclass(frozen=True)
class Lead:
    """What one clause opens with: its subject words, the code names among them, a repository of its own, its actor."""

    words: tuple[str, ...] = ()
    names: tuple[frozenset[str], ...] = ()
    elsewhere: bool = False
    actor: str = ""

    @property
    def core(self) -> tuple[str, ...]:
        """The subject words that name a thing: no measure words ("timeout", 超时) and no qualifiers ("default", 默认)."""
        kept = []
        for word in self.words:
            meaning = concept(word)
            if word in QUALIFIERS or meaning in QUALIFIERS or meaning in MEASURE_WORDS or word in MEASURE_WORDS:
                continue
            kept.append(meaning)
        return tuple(kept)


@lru_cache(maxsize=50_000)
def lead(clause: str) -> Lead:
    """The lead of one clause (a statement or a part of one); an empty Lead when it opens with no subject."""
    opening = _OPENING_MARKS.match(clause)
    text = clause[opening.end() :] if opening else clause
    elsewhere = bool(_ELSEWHERE.search(clause))
    actor = _ACTOR.match(text)
    phrase = _opening(text)
    if not phrase:
        return Lead(elsewhere=elsewhere, actor=actor.group("actor").lower() if actor else "")
    names = tuple(
        named for match in _NAME.finditer(phrase) if (named := parts(match.group("code") or match.group("ident")))
    )
    return Lead(subject_tokens(phrase), names, elsewhere, actor.group("actor").lower() if actor else "")


def _opening(text: str) -> str:
    """The words a clause opens with up to its first verb, colon or break: its subject, or '' for none."""
    if _NO_LEAD.match(text):
        return ""
    label = _LABEL.match(text)
    if label:
        return _cut(label.group("label").strip())
    third = _THIRD_PERSON.match(text)
    if third:
        return third.group("name")
    if IS_CJK.search(text[:CJK_REACH]):
        end = _ZH_END.search(text, 1)
        return text[: end.start()].strip() if end and end.start() <= ZH_REACH else ""
    end = _EN_END.search(text)
    if end is None or end.start() == 0 or len(text[: end.start()].split()) > MAX_EN_WORDS:
        return ""
    return text[: end.start()].strip() if _EN_VERB_AFTER.match(end.group(0)) else ""


def _cut(label: str) -> str:
    """A label up to its first predicate word (预约提醒短信现在发 → 预约提醒短信; "cache is" → "cache")."""
    end = _ZH_END.search(label, 1) if IS_CJK.search(label) else _EN_VERB_AFTER.search(label)
    return label[: end.start()].strip() if end else label
