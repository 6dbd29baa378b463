"""Claims prose makes without backticks: script commands after a run cue ("先跑 make bench"), file paths with a folder
and a known extension, and runtime versions ("needs Node 20+")."""

from __future__ import annotations

from curator import lazyre as re
from curator.checks import commandclaims
from curator.checks.claim_parts import _DOMAIN, _claim, _is_memory_link, _path_claim, _pathlike, _Taken
from curator.checks.results import Claim
from curator.checks.vocab import FILE_EXTENSIONS, JS_MANAGERS
from curator.model import Entry, Store

_VERSION = re.compile(
    r"(?<![\w.\-/])(?P<tool>node(?:\.js|js)?|python|golang|go|pnpm|yarn|npm|bun|rust|ruby)"
    r"(?:\s*(?:版本|version)\s*(?:是|为|:|：|=|is)?\s*v?|\s+v?|\s*@\s*|\s*(?=>=|≥|\^|~))"
    r"(?P<op>>=|≥|\^|~)?\s*(?P<ver>\d+(?:\.\d+){0,2})(?P<plus>\+|\s*(?:or|and) (?:newer|later|above|up)|\s*及?以上)?"
    r"(?![\w.]*\d)",
    re.IGNORECASE,
)


_PROSE_COMMAND = re.compile(
    r"(?:\b(?:run|runs|running|via|with|use|using|then|first)|先跑|跑|运行|执行|用|使用)\s*"
    r"(?P<command>(?:make|just)\s+[A-Za-z0-9][A-Za-z0-9_.:-]*|(?:npm|pnpm|yarn|bun)\s+run\s+[A-Za-z0-9][A-Za-z0-9_.:-]*"
    r"|(?:pnpm|yarn|bun)\s+[A-Za-z0-9][A-Za-z0-9_.-]*[:-][A-Za-z0-9_.:-]*[A-Za-z0-9])(?![\w:/-])",
    re.IGNORECASE,
)
_NOT_TARGETS = frozenset(
    "sure it sense the a an this that these those them things changes use your our any some no one room progress up "
    "certain all everything".split()
)


def _prose_commands(masked: str, entry: Entry, taken: _Taken) -> list[Claim]:
    """Script commands written without backticks after a run cue ("run make test-cov", "先跑 make bench")."""
    claims = []
    for match in _PROSE_COMMAND.finditer(masked):
        start, end = match.span("command")
        command = match.group("command").rstrip(".:")
        if (
            start in taken
            or command.split()[-1].lower() in _NOT_TARGETS
            or command.split()[0] != command.split()[0].lower()
        ):
            continue
        claims += [
            claim
            for claim in commandclaims.command_claims(command, entry, (start, start + len(command)))
            if claim.kind == "script"
        ]
    return claims


_PROSE_PATH = re.compile(
    r"(?<![\w/.@:~\\-])(?:\./)?[A-Za-z0-9_][\w.-]*(?:/[\w.-]+)+\.(?P<ext>[A-Za-z0-9]{1,10})(?![\w/-]|\.\w)"
)


_EXAMPLE_CUE = re.compile(
    r"(?:\blike|\be\.g\.,?|\bsuch as|\bfor example,?|\bfor instance,?|\bsay|比如|例如|如)\s*$", re.IGNORECASE
)


def _prose_paths(masked: str, entry: Entry, taken: _Taken, store: Store | None) -> list[Claim]:
    """File paths written in prose without backticks, with a folder and a known extension ("see src/api/order.ts")."""
    claims = []
    for match in _PROSE_PATH.finditer(masked):
        path = match.group(0)
        if match.start() in taken or match.group("ext").lower() not in FILE_EXTENSIONS or _DOMAIN.match(path):
            continue
        if _EXAMPLE_CUE.search(masked[max(0, match.start() - 24) : match.start()]):
            continue
        if _pathlike(path, strict=True) and not _is_memory_link(path, entry, store):
            claims.append(_path_claim(path, entry, match.span(), "prose", path))
    return claims


_VERSION_CUE = re.compile(
    r"(?:\b(?:needs?|requires?|required|on|uses?|using|targets?|upgraded? to|bump(?:ed)? to|pinned to|supports?)"
    r"|需要|要求|使用|用|基于|升级到)\s*$",
    re.IGNORECASE,
)


def _versions(masked: str, body: str, entry: Entry) -> list[Claim]:
    claims = []
    for match in _VERSION.finditer(masked):
        tool = match.group("tool").lower()
        runtime = "node" if tool.startswith("node") else ("go" if tool in ("go", "golang") else "python")
        runtime = tool if tool in (*JS_MANAGERS, "rust", "ruby") else runtime
        version = match.group("ver")
        major = int(version.split(".")[0])
        cued = bool(match.group("plus")) or bool(
            _VERSION_CUE.search(masked[max(0, match.start() - 30) : match.start()])
        )
        marked = "@" in match.group(0) or re.search(r"(?i)\bv\d|version|版本", match.group(0)) is not None
        if runtime in JS_MANAGERS and (not 1 <= major <= 20 or not (cued or marked or "." in version)):
            continue
        if runtime == "node" and (
            not 4 <= major <= 40 or (match.group("tool") == "node" and "." not in version and not cued)
        ):
            continue
        if runtime == "python" and major not in (2, 3):
            continue
        if runtime in ("rust", "ruby") and ("." not in version or not 1 <= major <= 3):
            continue
        if runtime == "go" and (tool == "go" and match.group("tool") != "Go" or "." not in version):
            continue
        op = match.group("op") or ""
        if match.group("plus"):
            op = ">="
        op = {"≥": ">="}.get(op, op)
        text = body[match.start() : match.end()]
        claims.append(
            _claim(
                "version",
                text,
                runtime,
                f"{op}{version}",
                entry,
                match.span(),
                "prose",
                comparator=op or "==",
                category=runtime,
            )
        )
    return claims
