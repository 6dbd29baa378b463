"""Exclusive choices and stances: which tool a statement asserts ("use pnpm") or rejects ("不要用 npm")."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from curator import lazyre as re
from curator.rules.text import CJK_CHAR


@dataclass(frozen=True)
class ChoiceSet:
    """Members that cannot all be the answer to one job.

    A member may list aliases ("chinese|中文"); `cue` must appear when the names are ambiguous; with
    `scopes`, the job is per scope word (commit messages and replies may use different languages); with
    `destinations`, pushing or uploading to a member chooses it (a registry, not a package manager's registry); with
    `verbs`, members are actions, so one opening a clause is an order ("Squash-merge PRs into main").
    """

    job: str
    members: tuple[str, ...]
    cue: str | None = None
    scopes: tuple[tuple[str, str], ...] = ()
    destinations: bool = False
    verbs: bool = False


EXCLUSIVE_SETS: tuple[ChoiceSet, ...] = (
    ChoiceSet("JavaScript package manager", ("npm", "pnpm", "yarn", "bun")),
    ChoiceSet("Python package manager", ("pip", "uv", "poetry", "pipenv", "conda|mamba|micromamba", "pdm")),
    ChoiceSet("JavaScript test runner", ("jest", "vitest", "mocha", "jasmine", "ava")),
    ChoiceSet("Python test runner", ("pytest", "unittest", "nose2")),
    ChoiceSet("Ruby test framework", ("rspec", "minitest")),
    ChoiceSet("TeX engine", ("pdflatex", "xelatex", "lualatex", "tectonic")),
    ChoiceSet("reference manager", ("zotero", "mendeley", "jabref", "endnote")),
    ChoiceSet("Ruby job backend", ("sidekiq", "resque", "good_job|goodjob", "solid_queue|solid queue", "delayed_job")),
    ChoiceSet("Go logging library", ("zap", "zerolog", "logrus", "slog"), cue=r"log|日志"),
    ChoiceSet("JavaScript formatter", ("prettier", "biome", "dprint")),
    ChoiceSet("Python formatter", ("black", "yapf", "autopep8", "ruff"), cue=r"format|格式化"),
    ChoiceSet("JavaScript linter", ("eslint", "biome", "oxlint")),
    ChoiceSet("bundler", ("webpack", "vite", "parcel", "rspack")),
    ChoiceSet("indentation", ("tabs", "spaces"), cue=r"indent|缩进"),
    ChoiceSet("quote style", ("single quotes", "double quotes")),
    ChoiceSet("heading case", ("sentence case|句首大写", "title case|首字母全大写"), cue=r"heading|headline|标题"),
    ChoiceSet("on-call paging service", ("pagerduty", "opsgenie", "victorops|splunk on-call", "incident.io")),
    ChoiceSet("end-to-end test tool", ("playwright", "cypress", "puppeteer")),
    ChoiceSet("state management library", ("redux", "zustand", "mobx", "jotai", "recoil")),
    ChoiceSet("Flutter state management library", ("riverpod", "bloc|cubit", "getx")),
    ChoiceSet(
        "pull request merge method",
        (
            "squash-merge|squash merge|squash and merge|squash-and-merge|squash 合并|压缩合并",
            "rebase-and-merge|rebase and merge|rebase-merge|rebase merge|rebase 合并|变基合并",
        ),
        verbs=True,
    ),
    ChoiceSet("date library", ("moment", "dayjs", "date-fns", "luxon"), cue=r"date|time|日期|时间"),
    ChoiceSet("Python type checker", ("mypy", "pyright")),
    ChoiceSet("Python linter", ("flake8", "ruff", "pylint"), cue=r"lint|检查"),
    ChoiceSet("Node version manager", ("nvm", "fnm", "volta")),
    ChoiceSet(
        "relational database",
        ("postgresql|postgres", "mysql|mariadb", "sqlite", "sql server|mssql", "oracle"),
        cue=r"database|\bdb\b|数据库|元数据|metadata|backend|后端|存储|storage|用|use|迁|migrat|switch|改",
    ),
    ChoiceSet("experiment tracker", ("wandb|weights & biases|w&b", "mlflow", "neptune", "comet", "tensorboard")),
    ChoiceSet("workflow scheduler", ("airflow", "dolphinscheduler", "dagster", "prefect", "luigi", "argo workflows")),
    ChoiceSet(
        "search engine",
        (
            "elasticsearch|elastic",
            "opensearch",
            "meilisearch",
            "typesense",
            "postgres fts|postgres full-text search|postgres full-text|postgresql fts|postgresql full-text",
            "solr",
            "algolia",
        ),
    ),
    ChoiceSet("mixed precision", ("bf16|bfloat16", "fp16|float16")),
    ChoiceSet("Python dependency file", ("requirements.txt", "pyproject.toml", "pipfile")),
    ChoiceSet(
        "React Native chart library", ("victory-native", "react-native-skia|skia", "react-native-chart-kit", "echarts")
    ),
    ChoiceSet("message queue", ("kafka", "rabbitmq", "pulsar", "nats", "sqs")),
    ChoiceSet("mobile crash reporter", ("sentry", "crashlytics", "bugsnag")),
    ChoiceSet(
        "CI service",
        (
            "github actions|gh actions",
            "gitlab ci|gitlab-ci",
            "jenkins",
            "circleci|circle ci",
            "travis ci|travis",
            "buildkite",
            "teamcity",
            "azure pipelines",
            "drone ci",
        ),
    ),
    ChoiceSet("Python task queue", ("celery", "rq", "dramatiq", "huey", "arq")),
    ChoiceSet("Python HTTP client", ("requests", "httpx", "aiohttp"), cue=r"http|client|请求|api|call"),
    ChoiceSet("feature flag service", ("launchdarkly", "unleash", "flagsmith", "growthbook")),
    ChoiceSet("iOS dependency manager", ("cocoapods", "swift package manager|spm", "carthage")),
    ChoiceSet("JVM build tool", ("maven", "gradle")),
    ChoiceSet("Android dependency injection", ("hilt", "koin", "dagger")),
    ChoiceSet("identity provider", ("auth0", "cognito", "keycloak", "clerk", "firebase auth")),
    ChoiceSet(
        "Redis eviction policy",
        (
            "noeviction",
            "allkeys-lru",
            "allkeys-lfu",
            "allkeys-random",
            "volatile-lru",
            "volatile-lfu",
            "volatile-random",
            "volatile-ttl",
        ),
        cue=r"maxmemory|evict|淘汰|redis",
    ),
    ChoiceSet(
        "container registry",
        (
            "ghcr|ghcr.io|github container registry",
            "quay|quay.io",
            "docker hub|docker.io|dockerhub|registry.hub.docker.com",
            "ecr|amazon ecr",
            "gcr|gcr.io|google container registry",
            "artifact registry|pkg.dev",
            "acr|azurecr.io|azure container registry",
        ),
        cue=r"image|镜像|registry|push|pull|docker|container|容器|tag",
        destinations=True,
    ),
    ChoiceSet(
        "language",
        ("chinese|中文|汉语", "english|英文|英语", "japanese|日文|日语", "korean|韩文|韩语"),
        scopes=(
            ("commit message", r"commit|提交"),
            ("reply", r"repl(?:y|ies)|answer|respond|回复|回答|对话"),
            ("code comment", r"comment|注释"),
            ("documentation", r"\bdocs?\b|documentation|readme|文档"),
            ("pull request", r"\bprs?\b|pull request"),
            ("UI text", r"\bui\b|界面|文案"),
            ("log message", r"\blogs?\b|日志"),
            ("identifier", r"variable|identifier|变量|命名"),
        ),
    ),
)

_COMMANDS = (
    r"install|add|remove|run|test|i|ci|exec|dlx|x|build|dev|start|publish|sync|lock|format|check|lint"
    r"|audit|update|upgrade|watch|--"
)
_FILLER = (
    r"(?:[\s`'\"“”‘’(（,/、+&]|\d+|配合|搭配|加上|together with|along with"
    r"|the|a|an|or|nor|and|only|just|always|run|running|use|using|call|calling|invoke|firebase|google|aws|azure"
    r"|add|adding|introduce|reintroduce|bring back|self-hosted|hosted|managed|local|用|使用|跑|装|来|或|和|或者|写|加|引入|了|再"
    r"|[a-z][\w.-]*\s*(?:\+|&|配合|搭配|加上|和|跟)|[a-z][\w.-]* and)*"
)
_NEGATIVE = re.compile(
    r"(?:\bno new|\b(?:don'?t|do not|never) (?:add|create|write|introduce)(?: any)? new"
    r"|\b(?:don'?t|do not|never|no longer|stop) (?:create|creating|open|opening|start|starting|log|logging|send|sending"
    r"|report|reporting)(?: any| new| more)*"
    r"|\b(?:don'?t|do not|never|no longer|stop) (?:log|send|report|track)\w*(?: [\w-]+){0,3}? to|\bnever|\bused to|\bdon'?t|\bdo not|\bnot|\bno longer|\bavoid(?:ing)?|\bstop(?:ped)?(?: using)?|\binstead of|\brather than"
    r"|\bover|\b(?:migrat\w*|switch\w*|mov\w*|moving|came|coming) (?:away )?from|\b(?:migrat\w*|switch\w*|mov\w*|got|get|getting) off(?: of)?|\bban(?:ned)?|不要|别再|别|不用|不再|停用|禁止|禁用|而不是|而非|代替|替代|取代|弃用|不能|不准|不许|换掉|\bdropped|\bremoved|\bretired|\bditched|\bgot rid of|\breplaced|去掉了?|移除了?|下线了?)"
    + _FILLER
    + "$"
)
_POSITIVE = re.compile(
    r"(?:\buse[sd]?|\busing|\balways|\bprefer(?:s|red)?|\bswitch(?:ed)? to|\bmigrat\w* to|\bmov(?:e|ed) to|\bgo with|\bwent with"
    r"|\b(?:migrat|switch|mov|chang|convert|port)\w*\b[^,.;，。；]{0,25}\bto|\bstick with|\bstandardi[sz]ed? on|\bwith|\bvia|\bin|\brun|\bruns|\bchose|\bchoose|\bpicked|\bis|\bare"
    r"|\b(?:log|logs|logged|logging|send|sends|sent|report|reports|reported|track|tracks|tracked)\b(?: [\w-]+){0,3}? to|\b(?:handled|powered|provided|served|driven|replaced|superseded) by|\bthrough|\bruns? on|\bbuilt on|\bbased on|\bgo(?:es)? to|\bsent to|\blogged to|\blogs? to|\b(?:switched|moved|went|came) back to|\bback to|\bpolicy|策略|上报到|发到|发送到|记到|记录到|用|使用|改用|换成|换用|统一用|采用|选用|走|是|为|写|写成|迁移到|迁到|切换到|切到|换到|换回|换|切回|改回|回到|改成|改为|转到|搬到|(?<!了)[:：])"
    + _FILLER
    + "$"
)
_NEGATIVE_RIGHT = re.compile(
    r"^[`'\"”’)）]?\s*(?:is |are |was |were |has been |have been )?(?:deprecated|banned|forbidden|not allowed|removed|gone"
    r"|no longer|(?:replaced|superseded) by)|^[`'\"]?\s*(?:sdks?|packages?|plugins?|library|dependency)? (?:is |was |has been )?(?:removed|deleted|uninstalled)"
    r"|^\s*(?:已废弃|不再使用|被移除|已移除|禁用)"
    r"|^[`'\"]?\s*(?:build|site|account|instance|server|integration|subscription)?\s*(?:is|was|has been|got|are|were) "
    r"(?:now )?(?:switched off|turned off|shut down|decommissioned|cancell?ed)"
    r"|^[`'\"]?\s*(?:那套|这套|那个|这个|账号|账户)?\s*(?:也)?(?:不再用|不要再用|别再用|不要再加|别再加|不用了)"
    r"|^[`'\"]?\s*(?:sdk|包|插件|依赖|那套|这套)?\s*(?:已经|已)?(?:[从在][^，。；,;]{0,25}?)?(?:移除|删掉|删除|去掉|卸载|下线|拿掉|撤掉)"
    r"|^[`'\"]?\s*[\u4e00-\u9fff]{1,3}不了"
    r"|^\s*(?:已经|已)?被[^，。；,;]{0,20}?(?:替换|取代|替代|代替|换掉)"
)
_PART_OF_CODEBASE = re.compile(
    r"^[^,.;，。；]{0,12}?\b(?:on|in|inside|under|for|to)\s+(?:the\s+|any\s+|our\s+)?"
    r"(?:[^\s,.;]*/|(?:generated|vendored|vendor|third-party|legacy|migration|fixture|snapshot)\b|[\w.-]+\.\w{1,5}\b)"
    r"|^[^，。；]{0,12}?(?:目录|文件夹|生成的|第三方)"
)
_PART_OF_CODEBASE_LEFT = re.compile(r"(?:目录|文件夹|生成的|第三方|vendor/)[^，。；,;]{0,12}$")
_WEAK_CUE = re.compile(r"\s*(?:in|is|are|with|via|是|为)\b")
_SUBORDINATE = re.compile(r"\b(?:when|whenever|if|unless|whether|although|even though)\b|如果|即使|哪怕|当")
_PAST_USE_LEFT = re.compile(r"\b(?:used|were using|was using|ran|relied on)" + _FILLER + "$")
_PAST_USE = re.compile(
    r"(?:\b(?:until|till|before|through) (?:\d{4}|last \w+)\b[^,;]{0,20}?\b(?:used|ran|had|were using|was using)"
    r"|(?:以前|之前|原来|过去|曾经|早先|早期)(?:一直|都|是)?(?:用|使用|采用|跑))" + _FILLER + "$"
)
_PAST_USE_RIGHT = re.compile(
    r"^[`'\"]?\s*(?:was|were|had been) (?:used|in use|our \w+)\b[^,;.]{0,20}?\b(?:until|till|through|before)\b"
)
_UNTIL_RIGHT = re.compile(
    r"^[`'\"]?\s*(?:until|till|up until|through)\s+(?:\d{4}|last|early|mid|late|q[1-4]\b|the (?:end|start|middle))"
)
_IN_TOOL_LEFT = re.compile(r"在\s*$")
_IN_TOOL_RIGHT = re.compile(r"^[`'\"]?\s*(?:里|中|上)\s*(?:跑|写|做|执行|测|维护)")
_FROM_LEFT = re.compile(r"从\s*$")
_MIGRATE_RIGHT = re.compile(r"^[`'\"]?\s*(?:迁|换|切|改|转|搬|升级)")
_SUBJECT_USE_RIGHT = re.compile(
    r"^[`'\"]?\s+(?:now\s+|still\s+)?(?:runs|builds|handles|serves|hosts|deploys|powers|manages|stores|schedules"
    r"|is (?:our|the) (?:default|standard|only)\b)\b|^\s*(?:负责|来跑|跑着|现在负责)"
)
_COMMAND_RIGHT = re.compile(r"^[`'\"]?\s+(?:" + _COMMANDS + r")\b")
_NAMED_IN_PARENTHESES = re.compile(r"[`\w]\s*[（(]\s*$")
_OPENS_ASIDE = re.compile(r"[（(]\s*$")
_CLOSE_PARENTHESIS = re.compile(r"^\s*[)）]")
_AWAY_IN_CLAUSE = re.compile(
    r"\b(?:never|not|don'?t|no longer|removed|dropped|instead|rather|old|legacy|former|previous|used to)\b"
    r"|\bfrom\b|不要|别|不再|不用|旧|以前|原来|从"
)


@dataclass(frozen=True)
class Stance:
    """A statement's position on one member of a set: 'pos' (asserted) or 'neg' (rejected)."""

    set_index: int
    member: str
    polarity: str
    statement: str
    command: bool = False
    scope: str | None = None
    partial: bool = False

    @property
    def group(self) -> tuple[int, str | None]:
        """The job this stance answers: its set, narrowed by scope when the set has scopes."""
        return (self.set_index, self.scope)


def _alternatives(names: list[str]) -> str:
    latin = [re.escape(name).replace(r"\ ", r"[\s-]") for name in names if not re.search(f"[{CJK_CHAR}]", name)]
    cjk = [re.escape(name) for name in names if re.search(f"[{CJK_CHAR}]", name)]
    parts = []
    hosts = [name for name in latin if re.search(r"\\\.(?:io|com|dev|net|org)$", name)]
    if latin:
        parts.append(rf"(?<![\w\-./@])(?:{'|'.join(latin)})(?![\w\-/@]|\.\w|:[`\w/])")
        snake = "|".join(name.replace(r"[\s-]", "_") for name in latin)
        parts.append(rf"(?<=`)(?:[a-z0-9]+_)*(?:{snake})(?:_[a-z0-9]+)*(?=`)")
    if hosts:
        parts.append(rf"(?<![\w\-/@])(?:{'|'.join(hosts)})(?=/[\w-])")
    if cjk:
        parts.append(f"(?:{'|'.join(cjk)})")
    return "|".join(parts)


def _member_pattern(choice_set: ChoiceSet) -> tuple[re.Pattern[str], dict[str, str]]:
    canonical = {alias: member.split("|")[0] for member in choice_set.members for alias in member.split("|")}
    names = sorted(canonical, key=len, reverse=True)
    return re.compile(f"({_alternatives(names)})"), canonical


class ChoiceTable:
    """The built-in exclusive sets plus any from `.curator.toml`, compiled once."""

    def __init__(self, extra: list[list[str]] | None = None) -> None:
        sets = list(EXCLUSIVE_SETS)
        sets.extend(
            ChoiceSet(" / ".join(group) if len(group) > 1 else f"use of {group[0]}", tuple(group))
            for group in extra or []
        )
        self.sets = sets
        self.digest = hashlib.blake2b(json.dumps(extra or []).encode(), digest_size=8).hexdigest()
        self._patterns = [_member_pattern(choice_set) for choice_set in sets]
        self._cues = [re.compile(choice_set.cue) if choice_set.cue else None for choice_set in sets]
        self._scopes = [[(name, re.compile(cue)) for name, cue in choice_set.scopes] for choice_set in sets]
        self._destinations = [choice_set.destinations for choice_set in sets]
        self._verbs = [choice_set.verbs for choice_set in sets]
        every_name = sorted(
            {alias for choice_set in sets for member in choice_set.members for alias in member.split("|")},
            key=len,
            reverse=True,
        )
        self._any = re.compile(_alternatives(every_name))
        self.names = frozenset(word for name in every_name for word in name.split())

    def stances(self, statement: str) -> list[Stance]:
        """Every asserted or rejected member of an exclusive set in one statement."""
        lowered = statement.lower()
        if not self._any.search(lowered):
            return []
        found: list[Stance] = []
        for set_index, (pattern, canonical) in enumerate(self._patterns):
            cue = self._cues[set_index]
            if cue is not None and not cue.search(lowered):
                continue
            scopes: list[str | None] = [None]
            if self._scopes[set_index]:
                scopes = [name for name, scope_cue in self._scopes[set_index] if scope_cue.search(lowered)]
            for match in pattern.finditer(lowered):
                polarity = _polarity(lowered, match.start(), match.end(), self._any)
                if not polarity and self._destinations[set_index]:
                    polarity = _destination(lowered, match.start())
                if not polarity and self._verbs[set_index]:
                    polarity = _ordered(lowered, match.start())
                if not polarity:
                    continue
                member = _member(match.group(1), canonical)
                if not member or "_" in match.group(1) and not statement[match.start() : match.end()].islower():
                    continue
                command = lowered[match.start() - 1 : match.start()] == "`" or bool(
                    _COMMAND_RIGHT.match(lowered[match.end() : match.end() + 30])
                )
                partial = polarity == "neg" and bool(
                    _PART_OF_CODEBASE.search(lowered[match.end() : match.end() + 60])
                    or _PART_OF_CODEBASE_LEFT.search(lowered[max(0, match.start() - 30) : match.start()])
                )
                found.extend(
                    Stance(set_index, member, polarity, statement, command, scope, partial) for scope in scopes
                )
        return found


_DESTINATION = re.compile(
    r"(?:\b(?:push|upload)(?:ed|es|s|ing)?(?: [\w-]+){0,3}? to|推到|推送到|上传到|传到|改推到|改推)" + _FILLER + "$"
)


_REFUSED = re.compile(r"\b(?:never|don'?t|do not|not|no longer|stop(?:ped)?)\b|不要|别|禁止|严禁|不再|不能|不许")


def _destination(lowered: str, start: int) -> str | None:
    """'pos' when the clause pushes or uploads to the member ("push images to GHCR", "镜像推到 quay.io/…"), 'neg' when
    it says not to."""
    clause_start = max(lowered.rfind(mark, 0, start) for mark in (",", "，", ";", "；", "。", ". "))
    left = lowered[max(clause_start + 1, start - 60) : start]
    found = _DESTINATION.search(left)
    if found is None:
        return None
    return "neg" if _REFUSED.search(left[: found.start()]) else "pos"


_CLAUSE_OPENING = re.compile(r"(?:^|[,，;；。:：]|\. |—)[\s*>#`-]*(?:\d+[.)]\s*)?(?:please\s+|请|一律|统一)?$")


def _ordered(lowered: str, start: int) -> str | None:
    """'pos' when an action member opens its clause, as an order does ("squash-merge PRs into main", "一律 squash 合并")."""
    return "pos" if _CLAUSE_OPENING.search(lowered[max(0, start - 20) : start]) else None


def _member(name: str, canonical: dict[str, str]) -> str:
    """The member a matched name stands for; a package identifier (`google_maps_flutter`) stands for the longest alias its words contain."""
    member = canonical.get(name) or canonical.get(re.sub(r"[\s-]+", " ", name))
    if member or "_" not in name:
        return member or ""
    words = f"_{name}_"
    for alias in sorted(canonical, key=len, reverse=True):
        if "_" + re.sub(r"[\s-]+", "_", alias) + "_" in words:
            return canonical[alias]
    return ""


def _polarity(lowered: str, start: int, end: int, members: re.Pattern[str]) -> str | None:
    """'pos', 'neg' or None for the member at lowered[start:end]; other members listed before it are skipped.

    A member named in parentheses after what it runs ("`pnpm test:unit` (Vitest)") is asserted, never by the
    cue before that parenthesis ("迁到 reactable（DT 的导出…）"); one the
    statement says was used until a past time ("we used Jenkins until 2025") is rejected.
    """
    clause_start = max(lowered.rfind(mark, 0, start) for mark in (",", "，", ";", "；", "。", ". ", "—"))
    left = members.sub(" ", lowered[max(clause_start + 1, start - 60) : start])
    right = lowered[end : end + 30]
    if (
        _NEGATIVE.search(left)
        or _NEGATIVE_RIGHT.match(right)
        or (_FROM_LEFT.search(left) and _MIGRATE_RIGHT.match(right))
        or (_UNTIL_RIGHT.match(right) and _PAST_USE_LEFT.search(left))
        or _PAST_USE.search(left)
        or _PAST_USE_RIGHT.match(right)
    ):
        return "neg"
    aside = _OPENS_ASIDE.search(lowered[max(0, start - 3) : start])
    positive = None if aside else _POSITIVE.search(left)
    if positive and _WEAK_CUE.match(positive.group(0)) and _SUBORDINATE.search(left):
        return None
    if positive or _COMMAND_RIGHT.match(right) or _SUBJECT_USE_RIGHT.match(right):
        return "pos"
    if _IN_TOOL_LEFT.search(left) and _IN_TOOL_RIGHT.match(right):
        return "pos"
    if _NAMED_IN_PARENTHESES.search(left) and _CLOSE_PARENTHESIS.match(right) and not _AWAY_IN_CLAUSE.search(left):
        return "pos"
    return None
