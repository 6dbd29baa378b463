"""Version claims: the version a statement pins or runs a named thing at ("Node 18", "pin pydantic to 1.10", "~> 4.67").

Each claim is an interval of versions: "3.11" means 3.11.*, "5.x" 5.*, "^4.17" and "~> 4.67" up to the next
major, ">= 18" or "18+" from 18 on, "< 2.0" below 2.0. Two claims about one name conflict when their
intervals do not meet.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from curator import lazyre as re
from curator.rules.facts.glossary import concepts_of
from curator.rules.facts.scope import scope_tokens
from curator.rules.facts.subject import subject_tokens

INFINITY = (10**9,)
ZERO = (-1,)

_VERSION = re.compile(
    r"(?P<op>\^|~>|~=|~|>=|<=|==|=|>|<|≥|≤|@|\b[vV](?=\d))?\s*(?<![0-9A-Za-uw-z_.\-])(?P<ver>\d+(?:\.\d+){0,2})(?P<x>\.[x*])?(?P<plus>\+)?"
    r"(?![\w%/:-]|\.\d|\s*(?i:%|ms|s|m|h|d|gb|mb|kb|x|k|eur|usd|cny|rmb|gbp|jpy|dollars?|euros?|px|pt|em|rem|fps|hz|[kmg]hz|kg|g|km|cm|mm|元|块|秒|分钟|小时|天|个|次|步|年|月|日|号|倍)(?![A-Za-z]))"
)
_LATER = re.compile(
    r"^\s*(?:\+|or (?:later|newer|above|higher|up)|and (?:later|newer|above|up)|及以上|以上|或更高|起)", re.I
)
_EARLIER = re.compile(r"^\s*(?:or (?:earlier|older|below|lower)|及以下|以下|或更低)", re.I)
_CONNECTORS = frozenset(
    "is are was stays stay still now currently pinned pin pins pinning at to on of version versions ver v uses use using "
    "runs run running targets target targeting requires require needs need with the a an our its be been set "
    "locked lock held kept keep must should has have lts release 版本 版本号 是 为 用 在 固定 锁定 锁 升级到 升到 降到 降级到 "
    "改成 改为 提到 设为 还是 仍是 仍然是 要求 需要 到".split()
)
_NOT_NAMES = frozenset(
    "from than instead rather not no step steps page pages chapter section line lines item items phase stage level tier "
    "round day days week weeks month months year years q pr issue ticket sprint top rank figure table room port ports "
    "loss lr f1 accuracy precision recall auc bleu threshold temperature ratio rate weight dropout alpha beta gamma score "
    "p50 p90 p95 p99 latency coverage size timeout retries retry workers worker replicas epoch epochs batch price cost "
    "budget limit max min about around roughly approximately only just over under above below up bumping bump bumped "
    "upgrade upgrading upgraded move moving moved migrate migrating migrated going went switch switching switched "
    "and or but so because if when while after before until since by for in into per each every x release released "
    "releasing tag tagged ship shipped shipping build builds ip otherwise else also plus patch patches hotfix hotfixes "
    "milestone milestones".split()
)
_KNOWN = frozenset(
    "node python java jdk go golang ruby php react vue angular next nuxt django rails postgres mysql redis kafka "
    "elasticsearch ios android ubuntu debian centos alpine kotlin swift xcode gradle typescript terraform kubernetes "
    "helm spring dotnet net laravel flutter dart scala spark airflow mongodb sqlite nginx jenkins minsdk targetsdk "
    "compilesdk webpack vite eslint jest pnpm npm yarn pip cuda pytorch torch tensorflow numpy pandas pydantic "
    "sqlalchemy celery bootstrap tailwind electron chrome firefox safari windows macos unity godot es ecmascript "
    "provider openjdk temurin graalvm perl lua elixir erlang haskell ocaml clang gcc llvm cmake bazel maven".split()
)
_ALIASES = {
    "nodejs": "node",
    "node.js": "node",
    "postgresql": "postgres",
    "pg": "postgres",
    "golang": "go",
    "k8s": "kubernetes",
    "py": "python",
    "python3": "python",
    "torch": "pytorch",
    "mongo": "mongodb",
    "openjdk": "java",
    "jdk": "java",
    "reactjs": "react",
    "vuejs": "vue",
    "nextjs": "next",
    "next.js": "next",
    "vue.js": "vue",
    "minsdkversion": "minsdk",
    "targetsdkversion": "targetsdk",
    "compilesdkversion": "compilesdk",
}
_OWN_NOUN = re.compile(r"\s*(?:patch|hotfix|milestone|sprint|update|补丁|热更|迭代)\b", re.I)
"""A version with a noun of its own after it ("with the 1.2 patch") numbers that, not the name words before it."""
_LEFT_BEHIND = re.compile(r"(?<![自打])从[^,;，；。]{0,25}$")
_MOVED_ON = re.compile(r"(?:\s*[A-Za-z][\w-]*)?[^,;，；。]{0,6}?(?:升|降|迁|换|切|改|转|移)")
"""从 <name> <version> 升到/换成 …: the version left behind; 从 <version> 开始 is a lower bound and stays."""
_REJECTED = re.compile(
    r"(?:\binstead of|\brather than|\bnot\b|\bnever\b|\bavoid|\boff\b|\bfrom\b|\bno longer\b|\bdrop|\bdeprecat"
    r"|\bremov|\bunlike\b|\bexcept\b|\bold\b|\blegacy\b|\bformer\b|\bprevious\b"
    r"|不再|弃用|不要|别用|禁止|而不是|代替|替换掉|旧的?|老的|之前的|原来的)[^,;，；。]{0,25}$",
    re.I,
)
MAX_BARE_MAJOR = 200
_BARE_GAP = frozenset(
    "version ver v is was are to from 从 lts 版本 版本号 是 为 到 升级到 升到 降到 改成 改为 提到 still now currently pinned pin".split()
)
_PLATFORMS = frozenset("ios android windows macos ubuntu debian centos chrome safari firefox iphone ipad edge".split())
_REQUIREMENT = re.compile(
    r"\b(?:min(?:imum)?|target(?:s|ing)?|requires?|required|supports?|supported|drop(?:s|ped)?|deployment target|"
    r"floor|baseline)\b|最低|要求|支持|最高",
    re.I,
)
_NOT_A_CLAIM = re.compile(
    r"\b(?:if|unless|whether|had|has had|was|were|broke|breaks|broken|crash\w*|bugs?|leak\w*|regress\w*|issues?"
    r"|fail(?:s|ed|ing)?|added|adds|introduced|removed|deprecated|reached|end of life|eol|released|is out|came out"
    r"|evaluat\w*|consider\w*|tried|trying|experiment\w*|used to|ago|last (?:week|month|year)"
    r"|plan|plans|planned|planning|will|going to|roadmap|next (?:quarter|sprint|month|year))\b"
    r"|如果|之前|以前|曾经|出过|崩溃|报错|泄漏|评估|考虑|试过|计划|打算|准备|下个?季度",
    re.I,
)
_PLANNED = re.compile(
    r"\b(?:plan|plans|planned|planning|will|going to|roadmap|todo|eventually|someday|next (?:quarter|sprint|month|year|week)"
    r"|later this (?:quarter|month|year)|in q[1-4]|once (?:the|we|it)|(?:after|when|once) the [\w .,/+-]{1,40} (?:settles|lands|ships|is done|is merged|goes out)"
    r"|(?:is|are) (?:scheduled|slated|due)|scheduled for)\b|计划|打算|准备|排期|下个?(?:季度|月|版本|迭代)|下下?周|明年|以后|后续|将来"
    r"|要在[^，。；,;]{0,20}?(?:前|之前)完成",
    re.I,
)
_CHANGE_NOUN = re.compile(
    r"^\s*(?:(?:/|&|\+|,|and)\s*[A-Za-z][\w.+-]*\s+v?\d[\w.]*\s*)*(?:upgrade|bump|migration|rollout|cutover)s?\b"
    r"|^\s*的?(?:升级|迁移)",
    re.I,
)
_GENERIC_CONTEXT = frozenset(
    "run use us pin target requir need upgrad bump stay keep lock set built build test everywher default all "
    "project repo repository code codebase we always never must should now current still".split()
)
_WORD = re.compile(r"[A-Za-z][\w.+#-]*|[\u4e00-\u9fff]+")
_DIGIT = re.compile(r"\d")
_CLAUSE = re.compile(r"[,;；，。!?！？()（）]|\s[—–-]\s|\.\s")


GENERIC_NAMES = frozenset(
    "chart provider plugin image package module library lib sdk api client server schema protocol template spec "
    "driver extension addon add-on firmware bootloader".split()
)


_NOT_QUALIFIERS = frozenset("new old current latest stable legacy main default same that this its the our".split())


@dataclass(frozen=True)
class Version:
    """One version claim: the name, an optional qualifier word ("aws" provider), and its interval [low, high)."""

    statement: str
    span: str
    name: str
    qualifier: str | None
    low: tuple[int, ...]
    high: tuple[int, ...]
    context: frozenset[str] = frozenset()


@lru_cache(maxsize=100_000)
def versions(statement: str) -> tuple[Version, ...]:
    """Every version claim in one statement; "from 16 to 18" keeps only 18, a bare number needs a known name."""
    if not _DIGIT.search(statement):
        return ()
    found: list[Version] = []
    for match in _VERSION.finditer(statement):
        before = statement[: match.start()]
        clause_start = max((m.end() for m in _CLAUSE.finditer(before)), default=0)
        words = _WORD.findall(before[clause_start:])
        if clause_start and before[clause_start - 1] in "(（":
            words = _WORD.findall(before[: clause_start - 1])[-1:] + words
        named = _name(words)
        if named is None:
            continue
        name, qualifier, gap, written = named
        if not {"to", "到"} & set(gap) and (
            _REJECTED.search(before[: before.rfind(written)])
            or _LEFT_BEHIND.search(before[: before.rfind(written)])
            and _MOVED_ON.match(statement, match.end())
        ):
            continue
        clause_end = next((m.start() for m in _CLAUSE.finditer(statement, match.end())), len(statement))
        if not {"to", "到"} & set(gap) and _NOT_A_CLAIM.search(statement[clause_start:clause_end]):
            continue
        if _planned(statement, clause_end, statement[match.end() :]):
            continue
        if gap and _OWN_NOUN.match(statement, match.end()):
            continue
        operator = (match.group("op") or "").lower()
        dotted = "." in match.group("ver") or match.group("x")
        versioned = any(word in ("version", "ver") or "版本" in word for word in gap)
        bare = not dotted and not (operator and operator not in ("=", "@"))
        if bare and (
            not (name in _KNOWN or versioned)
            or not all(word in _BARE_GAP or "版本" in word for word in gap)
            or int(match.group("ver")) > MAX_BARE_MAJOR
        ):
            continue
        if name in _PLATFORMS and not (
            operator or versioned or _LATER.match(statement[match.end() :]) or _REQUIREMENT.search(before)
        ):
            continue
        interval = _interval(match, statement[match.end() :])
        if interval is None:
            continue
        span = statement[max(0, match.start() - 24) : match.end() + 8].strip()
        context = _context(before[clause_start : before.rfind(written)], name, qualifier) | (
            concepts_of(scope_tokens(statement)) - {name, qualifier or ""}
        )
        found.append(Version(statement, span, name, qualifier, *interval, context))
    return tuple(found)


def _planned(statement: str, clause_end: int, after: str) -> bool:
    """A version a plan names ("move to 3.13 next quarter", "after the Rails 8 bump"), not the one in use."""
    return bool(_PLANNED.search(statement[:clause_end]) or _CHANGE_NOUN.match(after))


def _context(text: str, name: str, qualifier: str | None) -> frozenset[str]:
    """What the clause says the version is for, before the name ("the ML service uses …"), as concepts."""
    words = concepts_of(frozenset(subject_tokens(text)))
    return words - _GENERIC_CONTEXT - {name, qualifier or ""}


def _name(words: list[str]) -> tuple[str, str | None, list[str], str] | None:
    """The named thing right before a version, skipping connector words, with the word before it as qualifier."""
    gap: list[str] = []
    for position in range(len(words) - 1, -1, -1):
        word = words[position]
        lowered = word.lower().rstrip(".")
        if lowered in _CONNECTORS or (
            word[0] >= "\u4e00" and any(lowered.endswith(c) for c in ("版本", "是", "到", "为"))
        ):
            gap.append(lowered)
            if len(gap) > 4:
                return None
            continue
        if lowered in ("from", "从") and any(word in ("to", "到") for word in gap):
            gap.append(lowered)
            continue
        if lowered in _NOT_NAMES or not word[0].isascii() or lowered.isdigit():
            return None
        name = _ALIASES.get(lowered, lowered)
        name = (
            _ALIASES.get(re.sub(r"(?:_?version|_?ver)$", "", name), re.sub(r"(?:_?version|_?ver)$", "", name)) or name
        )
        qualifier = None
        if position > 0:
            previous = words[position - 1]
            if (
                previous[0].isascii()
                and (previous[:1].isupper() or previous.isupper() or name in GENERIC_NAMES)
                and previous.lower() not in _CONNECTORS
                and previous.lower() not in _NOT_NAMES
                and previous.lower() not in _NOT_QUALIFIERS
            ):
                qualifier = previous.lower()
        return name, qualifier, gap, word
    return None


def _parts(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def _bump(parts: tuple[int, ...]) -> tuple[int, ...]:
    return (*parts[:-1], parts[-1] + 1)


def _interval(match: re.Match[str], after: str) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    parts = _parts(match.group("ver"))
    operator = (match.group("op") or "").lower()
    if match.group("plus") or _LATER.match(after) or operator in (">=", "≥"):
        return parts, INFINITY
    if operator == ">":
        return _bump(parts), INFINITY
    if operator in ("<",) or _EARLIER.match(after) and operator != "<=":
        return (ZERO, parts) if operator == "<" else (ZERO, _bump(parts))
    if operator in ("<=", "≤"):
        return ZERO, _bump(parts)
    if operator == "^":
        return parts, (parts[0] + 1,) if parts[0] > 0 or len(parts) == 1 else (0, parts[1] + 1)
    if operator in ("~>", "~="):
        return parts, _bump(parts[:-1]) if len(parts) > 1 else (parts[0] + 1,)
    if operator == "~":
        return parts, _bump(parts[:2]) if len(parts) > 1 else (parts[0] + 1,)
    return parts, _bump(parts)


def names_a_version(word: str) -> bool:
    """Whether a bare number after this word is a version of a known thing (JDK 17, Node 20), which `versions` reads."""
    return _ALIASES.get(word, word) in _KNOWN


def incompatible(left: Version, right: Version) -> bool:
    """Whether two claims about one name cannot both hold: their version intervals do not meet."""
    return _pad(left.high) <= _pad(right.low) or _pad(right.high) <= _pad(left.low)


def _pad(parts: tuple[int, ...]) -> tuple[int, ...]:
    return parts + (0,) * (4 - len(parts))


def same_thing(left: Version, right: Version) -> bool:
    """One name, no two different qualifiers ("AWS provider" vs "Google provider") and no two different
    things it is for ("the ML service uses Python 3.10" vs "the API uses Python 3.12")."""
    if left.name != right.name:
        return False
    if left.context and right.context and left.context.isdisjoint(right.context):
        return False
    return not (left.qualifier and right.qualifier and left.qualifier != right.qualifier)
