"""Scope qualifiers: the part of the world a statement is limited to ("for the billing service", "on CI", "在测试环境")."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from curator import lazyre as re
from curator.rules.facts.glossary import GLOSSARY
from curator.rules.facts.subject import stem, subject_tokens
from curator.scanmemo import remembered, strings

_TIME_WORDS = (
    r"now|today|the moment|a while|the time being|good|ever|example|instance|short|sure|free|more|less|each|every|all"
    r"|q[1-4]|\d|the (?:first|next|last)|this (?:week|month|quarter|sprint|year)|(?:a |the )?(?:week|month|day|year)s?\b"
    r"|the (?:morning|evening|night|weekend)|reference|later|review|speed|safety|consistency|clarity|readability|reasons?"
    r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|(?:mon|tues|wednes|thurs|fri|satur|sun)day"
)
_EN_SCOPE = re.compile(
    r"(?:^|\b)(?:for|on|in|inside|within|under|across)\s+(?!(?:" + _TIME_WORDS + r"))"
    r"(?P<scope>(?:(?:the|our|any|all|every|each)\s+)?[\w-]+(?:[./][\w-]+)*(?:\s+(?!(?:and|or|but|to|with|because|so|when|if|unless|before|after|than|at|by|of|is|are|was|were|as)\b)[\w-]+(?:[./][\w-]+)*){0,2})",
    re.I,
)
_EN_SCOPE_HEAD = re.compile(
    r"\b(ci|staging|production|prod|dev|development|local|windows|macos|linux|ios|android|http|https|grpc|web|mobile"
    r"|backend|frontend|infra|billing|payments?|hotfix(?:es)?|release branches|main|monorepo|laptops?|desktops?|simulators?"
    r"|emulators?|devices?|docker|containers?|servers?|debug|release builds?|sandbox|pc|consoles?)\b",
    re.I,
)
_PROPER = re.compile(r"(?<![.!?]\s)\b(?:[A-Z][a-z]+[A-Z]?\w*|[A-Z]{2,}\w*)\b")
_COMPONENT_NOUNS = (
    r"(?:service|job|api|endpoint|worker|queue|cluster|account|bucket|stack|pipeline|microservice|lambda|cron job)s?\b"
)
_COMPONENT = re.compile(r"\b((?:[^\W\u3400-\u9fff]|-)+)\s+" + _COMPONENT_NOUNS, re.I)
_ZH_NAMED_COMPONENT = re.compile(r"(?<![\u3400-\u9fff])([\u3400-\u9fff]{2,3})\s*" + _COMPONENT_NOUNS, re.I)
"""A Chinese word of its own before an English component noun ("公开 API"); a longer run is a verb phrase ("避免阻塞 API")."""
_NOT_COMPONENT = frozenset(
    "the a an this that each every any all our your their its one same other new old main same background "
    "whole entire limit limits call calls use uses using hit hits cap throttle query mock stub one two three four five "
    "six seven eight nine ten twelve few several many more multiple extra".split()
)
_MODEL_SIZE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?[MBK](?![A-Za-z])")
_ZH_SCOPE = re.compile(
    r"(?:在|对于|对|针对|仅在|只在|仅对|只对)(?![哪这那](?:里|儿))(?P<scope>[^，。；,;\s]{1,10}?)(?:环境|上|里|中|下|时|的时候|来说|而言|项目|服务)"
    r"|(?P<env>测试环境|生产环境|预发环境|开发环境|本地|线上)"
    r"|(?P<named>[A-Za-z][\w.-]*)\s*(?:服务|接口|任务|模块|集群|项目|仓库|环境|账号)"
    r"|(?<![所全每各该这那])(?P<owned>[\u4e00-\u9fff]{2})(?:服务|接口|模块|集群|仓库|账号)"
    r"|(?:^|(?<=[，。；,;\s]))(?:调用?|请求|访问|对接|接入)(?P<call>[^，。；,;时]{1,16}?)\s*(?:(?<!超)时(?![间长区效段刻])|的时候)"
)
_ZH_COMPONENT = re.compile(
    r"(?P<name>[\u4e00-\u9fff]{2,8}?)(?P<noun>接口|服务|任务|模块|集群|仓库|页面|队列|数据库|脚本|应用|小程序|回调|作业|流程|函数|钩子)"
)
_NOT_OWNERS = frozenset("所有 全部 每个 各个 其他 其它 别的 这个 那个 整个 任何".split())
_OWNER_CHARS = re.compile(
    r"[^的了是在和与也就都而及或把被着过有个一要会能对给让用还再又很更最只先后每次之其从到为以于并且但不别来去拿调]+"
)
_LOCALLY = re.compile(r"\blocally\b", re.I)
_ENVIRONMENT = re.compile(r"\b(?:production|prod|staging|sandbox|pre-?prod|uat)\b", re.I)
_SCOPE_NOUNS = frozenset(
    stem(word)
    for word in "service job task callback api endpoint client server branch repository module package team "
    "project environment pipeline queue worker script app site page screen pr prs account region cluster stack vpc "
    "sandbox staging prod production tenant platform device build target".split()
)


_THROTTLED = re.compile(
    r"\b(?:throttl(?:e|es|ed|ing)|rate[- ]limit(?:s|ed|ing))\s+(?:the\s+|all\s+|our\s+)?"
    r"(?P<object>[a-z][\w-]*(?:\s+(?!(?:at|to|per|by|for|with|on|in|and|or)\b)[a-z][\w-]*)?)",
    re.I,
)
_LANGUAGE = re.compile(
    r"\b(?:english|chinese|japanese|korean|german|french|spanish)\b|中文|汉语|英文|英语|日文|日语|韩文|韩语|德文|德语|法文|法语",
    re.I,
)
_LANGUAGE_NAMES = {
    "中文": "chinese",
    "汉语": "chinese",
    "英文": "english",
    "英语": "english",
    "日文": "japanese",
    "日语": "japanese",
    "韩文": "korean",
    "韩语": "korean",
    "德文": "german",
    "德语": "german",
    "法文": "french",
    "法语": "french",
}


def language_scope(text: str) -> frozenset[str]:
    """The languages a text names ("中文摘要", "the English abstract"): a measure of one language's text is not another's."""
    return frozenset(_LANGUAGE_NAMES.get(name, name.lower()) for name in _LANGUAGE.findall(text))


@lru_cache(maxsize=100_000)
def scope_tokens(text: str) -> frozenset[str]:
    """Tokens of the qualifiers that narrow where a statement applies (empty: it applies generally)."""
    return remembered("scope", text, lambda: _scope_tokens(text), sorted, lambda raw: _held(strings(raw)))


NO_SCOPE: frozenset[str] = frozenset()
"""The scope of a statement that applies generally, shared: most do, and an empty frozenset apiece is 216 bytes."""


def _held(found: Iterable[str]) -> frozenset[str]:
    return frozenset(found) or NO_SCOPE


def _scope_tokens(text: str) -> frozenset[str]:
    found: set[str] = set()
    for match in _EN_SCOPE.finditer(text):
        words = subject_tokens(match.group("scope"))
        if words and (
            any(word in _SCOPE_NOUNS for word in words)
            or _EN_SCOPE_HEAD.search(match.group("scope"))
            or _PROPER.search(match.group("scope"))
        ):
            found.update(words)
    found.update(size.lower() for size in _MODEL_SIZE.findall(text))
    for match in _COMPONENT.finditer(text):
        if match.group(1).lower() not in _NOT_COMPONENT and not match.group(1).isdigit():
            found.update(subject_tokens(match.group(0)))
    for match in _ZH_NAMED_COMPONENT.finditer(text):
        if match.group(1) not in _NOT_OWNERS and _OWNER_CHARS.fullmatch(match.group(1)):
            found.update(subject_tokens(match.group(0)))
    for match in _THROTTLED.finditer(text):
        if match.group("object").split()[0].lower() not in _NOT_COMPONENT:
            found.update(subject_tokens(match.group("object")))
    if _LOCALLY.search(text):
        found.add("local")
    found.update(stem(word.lower().replace("-", "")) for word in _ENVIRONMENT.findall(text))
    for match in _ZH_SCOPE.finditer(text):
        owned = match.group("owned")
        if owned in _NOT_OWNERS or (owned and not _OWNER_CHARS.fullmatch(owned)):
            continue
        found.update(
            subject_tokens(
                match.group("scope")
                or match.group("env")
                or match.group("named")
                or match.group("owned")
                or match.group("call")
            )
        )
    return _held(found)


@lru_cache(maxsize=100_000)
def component_tokens(text: str) -> frozenset[str]:
    """Chinese named components ("搜索接口", "支付回调"): a known word right before a component noun, and the noun."""
    found: set[str] = set()
    for match in _ZH_COMPONENT.finditer(text):
        words = [word for word in subject_tokens(match.group("name")) if word]
        if words and not words[-1].isascii() and words[-1] in GLOSSARY:
            found.update((words[-1], match.group("noun")))
    return frozenset(found)


def relation(left: frozenset[str], right: frozenset[str]) -> str:
    """'same', 'narrower-left', 'narrower-right' or 'disjoint': how two statements' scopes relate."""
    if left == right or (left and right and len(left & right) / len(left | right) >= 0.5):
        return "same"
    if not left:
        return "narrower-right"
    if not right:
        return "narrower-left"
    if left <= right:
        return "narrower-right"
    if right <= left:
        return "narrower-left"
    return "disjoint"
