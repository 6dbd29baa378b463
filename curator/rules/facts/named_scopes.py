"""Named scopes: the named part of a system a clause is limited to ("the payments queue …", "on the report server",
"文档站用 …", "Tenant B gets …"), read where a sentence puts its scope: its opening subject or a scope preposition.

Two clauses that each name such a part, neither naming the other's, speak of two things, whatever key they share.
"""

from __future__ import annotations

from functools import lru_cache

from curator import lazyre as re
from curator.rules.facts.named_parts import words_of
from curator.rules.facts.subject import stem

_EN_HEADS = (
    r"apps?|sites?|servers?|services?|queues?|jobs?|workers?|endpoints?|apis?|clients?|repos?|repositor(?:y|ies)"
    r"|packages?|projects?|sub-?projects?|modules?|director(?:y|ies)|folders?|buckets?|clusters?|databases?|dbs?"
    r"|pipelines?|bots?|cli|sdks?|frontends?|backends?|dashboards?|portals?|regions?|tenants?|teams?|accounts?"
    r"|environments?|workspaces?|crates?|lambdas?|functions?|stacks?|targets?|branch(?:es)?|consumers?|producers?"
    r"|quer(?:y|ies)|requests?|calls?|rules?|tasks?|scripts?|routes?|screens?|pages?|handlers?|hooks?|commands?"
)
_EN_WORD = r"(?:`[^`\s]{1,40}`|[A-Za-z][\w.-]*)"
_EN_OPENING = re.compile(
    rf"^\s*(?:[-*>#•·]+\s*|\d+[.)]\s+)*(?:(?P<owner>[^\s，。；：]{{1,20}})\s*的\s*)?(?:(?P<article>the|our)\s+)?"
    rf"(?P<mods>{_EN_WORD}(?:\s+{_EN_WORD}){{0,2}})\s+(?P<head>{_EN_HEADS})"
    r"(?:'s)?(?=\s+(?!(?:and|or|of|for|to|with|vs|versus|nor)\b)[\w`]|\s*[:：,(—–])",
    re.I,
)
_EN_PLACED = re.compile(
    rf"\b(?:for|on|in|inside|within|under|across)\s+(?:the|our)\s+(?P<mods>{_EN_WORD}(?:\s+{_EN_WORD}){{0,2}})\s+"
    rf"(?P<head>{_EN_HEADS})\b(?!\s+(?:and|or)\b)",
    re.I,
)
_EN_NAMED_AFTER = re.compile(
    r"(?:^|\b(?:for|on|in|the)\s+)(?:tenant|region|customer|project|queue|server|service|cluster|team|account)\s+"
    r"(?P<mods>`[^`\s]{1,40}`|[A-Z][\w.-]*|[a-z]+[-_\d][\w.-]*)(?![\w`])",
    re.I,
)
NOT_NAMES = frozenset(
    "the a an our your their its my his her this that these those all every each any other another same new old main "
    "default whole entire shared common one two three four five some no both either which what such own only single "
    "separate different given current existing first second last next previous primary global local remote public "
    "private internal external is are was were be been has have had do does did will would should must can could may "
    "might not never always also still now then just it we they you he she i us them there here when if so "
    "in on at by of to for from with within inside under across into onto".split()
)
_KINDS = frozenset("http https grpc rest graphql tcp udp websocket api sdk cli ui web mobile".split())
"""Words that say what kind of part it is, not which one: two parts of one kind are still two parts."""
_LINKS = frozenset("the a an and or of for to with in on at by from as is are was were be".split())
_ORDERS = frozenset(
    "use run generate build set add install keep avoid prefer make put write call create deploy check test update remove "
    "delete enable disable configure store send pin bump ship push pull merge rebase start stop restart open close read "
    "fetch load import export move copy skip ignore mock wrap log cache retry ask let give take treat follow apply name "
    "tag cut commit review approve lint format compile bundle publish release upload download sync schedule rotate "
    "migrate limit give point route serve host split drop switch turn raise lower".split()
)
"""Verbs an order opens with ("Generate API clients …"): an opening that starts with one before a singular head is no
subject ("Export tasks set …" is one)."""
_ZH_HEADS = r"服务器|服务端|客户端|后台|网站|站点|站|端|服务|队列|任务|项目|仓库|目录|集群|区|租户|应用|小程序|模块|平台|机房|节点"
_ZH_WHOLE_HEAD = re.compile(_ZH_HEADS)
_ZH_NAME = r"(?P<mods>[\u4e00-\u9fffA-Za-z0-9][\u4e00-\u9fffA-Za-z0-9 .-]{0,7}?)\s*"
_ZH_OPENING = re.compile(
    rf"^\s*(?:[-*>#•·]+\s*|\d+[.)]\s+)*{_ZH_NAME}(?P<head>{_ZH_HEADS})(?=的|用|要|不|别|都|统一|一律|默认|每|上|里|中|[:：，,\s\d])"
)
_ZH_PLACED = re.compile(
    rf"(?:在|对于|对|针对|仅在|只在|仅对|只对)\s*{_ZH_NAME}(?P<head>{_ZH_HEADS})(?:上|里|中|下|的|来说|而言|[，,\s])"
)
ZH_NOT_NAMES = frozenset(
    "我们 你们 他们 咱们 整个 所有 全部 每个 各个 其他 其它 别的 这个 那个 任何 默认 当前 新 旧 主 该 本 此 这 那 各 每 全"
    " 一个 两个 同一个 同一 不同 单独 独立 线上 线下".split()
)


@lru_cache(maxsize=50_000)
def named_scopes(clause: str) -> frozenset[frozenset[str]]:
    """The named parts a clause is limited to: the words naming each (an English head noun left out, a Chinese one kept)."""
    found: set[frozenset[str]] = set()
    for pattern in (_EN_OPENING, _EN_PLACED, _EN_NAMED_AFTER):
        for match in pattern.finditer(clause):
            owner = match.groupdict().get("owner")
            words = [word.strip("`") for word in ((owner or "") + " " + match.group("mods")).split()]
            lettered = pattern is _EN_NAMED_AFTER
            found_parts = match.groupdict()
            plural = (found_parts.get("head") or "").lower().endswith("s")
            ordered = pattern is _EN_OPENING and not found_parts.get("article") and not plural
            if ordered and words[0].lower() in _ORDERS:
                continue
            if _name(words[0], lettered) and not any(word.lower() in _LINKS and not word.isupper() for word in words):
                found.add(frozenset(stem(word.lower()) for word in words if _name(word, lettered)))
    for pattern in (_ZH_OPENING, _ZH_PLACED):
        for match in pattern.finditer(clause):
            name = re.sub(r"\s+", "", match.group("mods")).lower()
            head = match.group("head")
            if (
                (len(head) > 1 or len(name) > 1)
                and not _ZH_WHOLE_HEAD.fullmatch(name + head)
                and not any(name == word or len(word) > 1 and name.startswith(word) for word in ZH_NOT_NAMES)
            ):
                found.add(frozenset({name + head}))
    return frozenset(found)


def _name(word: str, lettered: bool) -> bool:
    """A word that can name a part: no article, pronoun or qualifier, unless written in capitals (US; a lone letter
    only after its head noun, "Tenant A")."""
    return word.lower() not in NOT_NAMES or word.isupper() and (lettered or len(word) > 1)


def scopes_apart(one: str, other: str, subject: frozenset[str] = frozenset()) -> bool:
    """Both clauses name a part of the system they are limited to, and neither mentions a part the other names; a part
    named by a word of what the two disagree on (`subject`: "python" of a Python package manager) is that, not a part."""
    first = frozenset(named for named in named_scopes(one) if named.isdisjoint(subject))
    second = frozenset(named for named in named_scopes(other) if named.isdisjoint(subject))
    if not first or not second:
        return False
    return not _mentions(other, first) and not _mentions(one, second)


def _mentions(text: str, scopes: frozenset[frozenset[str]]) -> bool:
    """Whether a text names any word of the scopes (or a part of a joined one), a Chinese name as written."""
    words = words_of(text)
    lowered = text.lower()
    return any(
        part in words or _written(part, lowered)
        for named in scopes
        for word in (named - _KINDS or named)
        for part in _parts(word)
    )


def _parts(word: str) -> tuple[str, ...]:
    """A name and, for a joined one ("stripe-go", "menu_sync"), each of its parts."""
    pieces = [piece for piece in re.split(r"[-_./]", word) if len(piece) > 1]
    return (word, *pieces) if len(pieces) > 1 else (word,)


def _written(word: str, lowered: str) -> bool:
    """A name as written in a lowered text: anywhere when Chinese, else at the start of a word."""
    if not word.isascii():
        return word in re.sub(r"\s+", "", lowered)
    return re.search(rf"(?<![\w-]){re.escape(word)}", lowered) is not None
