"""Extract the claims an entry makes about the project: precise spots only (code, links, bold, set phrases)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from curator import lazyre as re
from curator.checks import commandclaims, toolclaims
from curator.checks.negation import is_destination, is_negated, struck_spans
from curator.checks.results import Claim, ClaimKind
from curator.checks.vocab import (
    EXTERNAL_COMMANDS,
    FILE_EXTENSIONS,
    FILE_OPTIONS,
    JS_MANAGERS,
    KNOWN_FILENAMES,
    NOT_FILE_OPTION_COMMANDS,
    NOT_IDENTIFIERS,
    NOT_PATH_PAIRS,
    TOOLS,
    WORDLIKE_COMMANDS,
)
from curator.model import Entry, Store

_FENCE = re.compile(r"^[ \t]*(```|~~~)[^\n]*\n.*?(?:^[ \t]*\1[ \t]*$|\Z)", re.DOTALL | re.MULTILINE)
_INLINE_CODE = re.compile(r"(?<!`)(`{1,3})(?!`)([^\n`]{1,300}?|[^\n]{1,300}?)(?<!`)\1(?!`)")
_LINK = re.compile(
    r"\[(?P<label>[^\[\]\n]{0,300})\]\((?P<target><[^>\n]{1,400}>|[^)\s]{1,400})(?:\s+\"[^\"\n]{0,200}\")?\)"
)
_WIKILINK = re.compile(r"\[\[[^\[\]\n]{1,200}\]\]")
_BOLD = re.compile(r"(\*\*|__)(?=\S)([^*\n]{1,200}?)(?<=\S)\1")
_AT_IMPORT = re.compile(r"(?<![\w@/.`])@((?:\.{1,2}/)?(?:[\w.\-]+/)*[\w.\-]+)")
_URL = re.compile(r"\bhttps?://[^\s<>`'\")\]]+", re.IGNORECASE)
_IDENT = re.compile(r"^[A-Za-z_$][\w$]*(?:(?:\.|::|#)[A-Za-z_$][\w$]*)*(?:\([^()]*\))?$")
_FLAG = re.compile(r"^--[A-Za-z][\w-]+$")
_PATH_CHARS = re.compile(r"^[\w@.+\-/~\\:\u4e00-\u9fff]+$")
_DECL = re.compile(
    r"^(?:async\s+)?(?:def|class|function|fn|func|const|let|var|interface|type|struct|enum)\s+"
    r"([A-Za-z_$][\w$]*)\s*(?:\([^()]*\))?\s*(?:[:{=]|->.*)?\s*$"
)
_PLACEHOLDER = re.compile(r"YYYY|MM-DD|\bDD\b|XXX|\.\.\.|[<>{}$%*?\[\]|]|^/[a-z][a-z-]*$")
_ANCHOR = re.compile(r"^(.+?)#[A-Za-z][\w\-]*$")
_LINE_SUFFIX = re.compile(r"(?:#L\d+(?:-L?\d+)?|:\d+(?:[-:]\d+)?)$")
_VERSION = re.compile(
    r"(?<![\w.\-/])(?P<tool>node(?:\.js|js)?|python|golang|go|pnpm|yarn|npm|bun|rust|ruby)"
    r"(?:\s*(?:版本|version)\s*(?:是|为|:|：|=|is)?\s*v?|\s+v?|\s*@\s*|\s*(?=>=|≥|\^|~))"
    r"(?P<op>>=|≥|\^|~)?\s*(?P<ver>\d+(?:\.\d+){0,2})(?P<plus>\+|\s*(?:or|and) (?:newer|later|above|up)|\s*及?以上)?"
    r"(?![\w.]*\d)",
    re.IGNORECASE,
)


MAX_EXTRACT_CHARS = 200_000
MAX_DECLARED = 50
_DOMAIN = re.compile(
    r"^(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|ai|app|co|cn|gov|edu|me|sh|so|xyz|info)(?:/|$)", re.IGNORECASE
)


def mask_fences(text: str) -> str:
    """The text with fenced code blocks blanked out (same length, newlines kept)."""
    return _FENCE.sub(lambda match: re.sub(r"[^\n]", " ", match.group(0)), text)


def extract_claims(entry: Entry, project: Path | None = None, *, store: Store | None = None) -> list[Claim]:
    """Every testable claim in the entry's body and its frontmatter `checks:` list, negated ones left out."""
    body = (entry.body or "")[:MAX_EXTRACT_CHARS]
    masked = mask_fences(body)
    struck = struck_spans(masked)
    found: list[Claim] = []
    taken = _Taken(len(masked))

    def add(claim: Claim) -> None:
        if claim.kind != "declared" and is_negated(masked, claim.span[0], claim.span[1], struck):
            return
        if claim.kind == "identifier" and claim.subject.startswith("-") and _third_party_flag(masked, claim.span):
            return
        if claim.kind == "path" and is_destination(masked, claim.span[0], claim.span[1]):
            return
        found.append(claim)

    for match in _WIKILINK.finditer(masked):
        taken.add(match.span())
    for match in _LINK.finditer(masked):
        if match.start() in taken:
            continue
        target = match.group("target").strip("<>")
        start = match.start("target") + (1 if match.group("target").startswith("<") else 0)
        span = (start, start + len(target))
        taken.add(match.span())
        if _URL.fullmatch(target):
            add(_claim("url", target, target, "not fetched", entry, span, "link"))
        elif not target.startswith(("#", "mailto:", "tel:")) and ":" not in target.split("/")[0][1:]:
            path = unquote(target.split("#")[0].split("?")[0])
            if path and not _is_memory_link(path, entry, store) and _pathlike(path, strict=False):
                add(_path_claim(path, entry, span, "link", body[span[0] : span[1]]))
    for match in _INLINE_CODE.finditer(masked):
        span = match.span(2)
        if span[0] in taken:
            continue
        taken.add(match.span())
        for claim in _classify_code(match.group(2), entry, span, store) or _cued_identifier(
            masked, match, entry, store
        ):
            add(claim)
    for match in _BOLD.finditer(masked):
        content = match.group(2).strip("`")
        span = (match.start(2), match.end(2))
        if span[0] in taken or "`" in match.group(2):
            continue
        if ("/" in content or has_extension(content)) and _pathlike(content, strict=True):
            add(_path_claim(content, entry, span, "bold", content))
    for match in _AT_IMPORT.finditer(masked):
        path = match.group(1).rstrip(".,;:")
        if match.start() not in taken and has_extension(path) and _pathlike(path, strict=True):
            add(_path_claim(path, entry, (match.start(1), match.start(1) + len(path)), "import", path))
    for match in _URL.finditer(masked):
        if match.start() not in taken:
            url = match.group(0).rstrip(".,;:!?。，")
            add(_claim("url", url, url, "not fetched", entry, (match.start(), match.start() + len(url)), "prose"))
    for claim in commandclaims.count_claims(masked, body, entry):
        add(claim)
    for claim in toolclaims.prose_tools(masked, entry, taken):
        add(claim)
    for claim in toolclaims.prose_libraries(masked, entry):
        add(claim)
    for claim in _prose_commands(masked, entry, taken):
        add(claim)
    for claim in _prose_paths(masked, entry, taken, store):
        add(claim)
    for claim in _versions(masked, body, entry):
        add(claim)
    counts = [claim.span for claim in found if claim.kind == "count"]
    found = [
        claim
        for claim in found
        if claim.kind != "path" or not any(start <= claim.span[0] and claim.span[1] <= end for start, end in counts)
    ]
    found.sort(key=lambda claim: claim.span)
    return _dedupe(found) + declared_claims(entry)


def declared_claims(entry: Entry) -> list[Claim]:
    """The entry's own frontmatter `checks: [{run: ..., expect: ...}]` (a bare string means run, expect exit 0)."""
    declared: Any = entry.fields.get("checks") or []
    if isinstance(declared, (str, dict)):
        declared = [declared]
    claims: list[Claim] = []
    if not isinstance(declared, list):
        return claims
    for item in declared[:MAX_DECLARED]:
        if isinstance(item, str):
            run, expect = item, "exit == 0"
        elif isinstance(item, dict) and isinstance(item.get("run"), str):
            run, expect = item["run"], str(item.get("expect") or "exit == 0")
        else:
            run, expect = repr(item), "?"
        claims.append(_claim("declared", run, run, expect, entry, (0, 0), "frontmatter"))
    return claims


def _claim(
    kind: ClaimKind,
    text: str,
    subject: str,
    expected: str,
    entry: Entry,
    span: tuple[int, int],
    source: str,
    **extra: Any,
) -> Claim:
    return Claim(
        kind=kind, text=text, subject=subject, expected=expected, entry_id=entry.id, span=span, source=source, **extra
    )


def _path_claim(path: str, entry: Entry, span: tuple[int, int], source: str, text: str) -> Claim:
    return _claim("path", text, path, "exists", entry, span, source)


class _Taken:
    """Character positions already claimed by a link, code span or wikilink (O(1) lookups)."""

    def __init__(self, size: int) -> None:
        self.mask = bytearray(size + 1)

    def add(self, span: tuple[int, int]) -> None:
        self.mask[span[0] : span[1]] = b"\x01" * (span[1] - span[0])

    def __contains__(self, position: object) -> bool:
        return isinstance(position, int) and bool(self.mask[position])


def has_extension(text: str) -> bool:
    name = text.rstrip("/").rsplit("/", 1)[-1]
    if name in KNOWN_FILENAMES or (len(name) > 2 and re.fullmatch(r"\.[A-Za-z][\w.\-]*", name) is not None):
        return True
    return "." in name and name.rsplit(".", 1)[1].lower() in FILE_EXTENSIONS and bool(name.rsplit(".", 1)[0])


def _pathlike(text: str, *, strict: bool) -> bool:
    """True for text that reads as a file or directory path rather than prose, a glob or a placeholder."""
    if not text or " " in text or "://" in text or not _PATH_CHARS.match(text) or _PLACEHOLDER.search(text):
        return False
    if not re.search(r"[A-Za-z\u4e00-\u9fff]", text) or text.lower() in NOT_PATH_PAIRS:
        return False
    if re.search(r"\d{4}-\d{2}-\d{2}$", text) or re.fullmatch(r"[\d./-]+", text):
        return False
    segments = [segment for segment in re.split(r"[/\\]", text) if segment not in ("", ".", "..", "~")]
    if segments and all(segment in TOOLS for segment in segments):
        return False
    if "/" in text or "\\" in text:
        return bool(segments)
    return has_extension(text) or not strict


def _is_memory_link(path: str, entry: Entry, store: Store | None) -> bool:
    if store is None:
        return False
    here = os.path.dirname(entry.path)
    candidates = {os.path.normpath(os.path.join(here, path)), os.path.normpath(path)}
    if candidates & _memory_names(store)[0]:
        return True
    return store.format in ("claude-code", "openclaw") and "/" not in path and path.endswith(".md")


def _classify_code(content: str, entry: Entry, span: tuple[int, int], store: Store | None) -> list[Claim]:
    stripped = content.strip()
    offset = span[0] + content.index(stripped) if stripped else span[0]
    inner = (offset, offset + len(stripped))
    if not stripped:
        return []
    if _URL.fullmatch(stripped):
        return [_claim("url", stripped, stripped, "not fetched", entry, inner, "code")]
    words = stripped.split()
    if words[0] in TOOLS and len(words) == 1:
        category, ecosystem = TOOLS[words[0]]
        return [
            _claim(
                "tool",
                stripped,
                words[0],
                words[0],
                entry,
                inner,
                "code",
                category=category,
                extra={"ecosystem": ecosystem},
            )
        ]
    if words[0] in commandclaims.RUNNER_WORDS:
        return (
            commandclaims.command_claims(stripped, entry, inner)
            + _argument_paths(stripped, entry, inner[0])
            + _option_paths(stripped, entry, inner[0])
        )
    if len(words) > 2 and re.fullmatch(r"[a-z][\w.-]*", words[0]):
        return _option_paths(stripped, entry, inner[0])
    declared = _DECL.match(stripped)
    if declared:
        name = declared.group(1)
        return [_claim("identifier", stripped, name, "defined", entry, inner, "code")]
    if len(words) != 1:
        return []
    path = _LINE_SUFFIX.sub("", stripped).rstrip("\\")
    anchored = _ANCHOR.match(path)
    if anchored and has_extension(anchored.group(1)):
        path = anchored.group(1)
    if _DOMAIN.match(path) and not ("/" not in path and has_extension(path)):
        return [_claim("url", stripped, path, "not fetched", entry, inner, "code")]
    if ("/" in path or "\\" in path or has_extension(path)) and _pathlike(path, strict=True):
        if _is_memory_link(path, entry, store) and store is not None and path in _memory_names(store)[0]:
            return []
        return [_path_claim(path, entry, inner, "code", stripped)]
    if _FLAG.match(stripped):
        return [_claim("identifier", stripped, stripped, "mentioned", entry, inner, "code")]
    if _IDENT.match(stripped) and _identifier_signal(stripped):
        name = re.split(r"\.|::|#", stripped.split("(")[0])[-1]
        if name.lower() in NOT_IDENTIFIERS or len(name) < 3 or _memory_stem(name, store):
            return []
        return [_claim("identifier", stripped, name, "defined", entry, inner, "code")]
    return []


def _argument_paths(command: str, entry: Entry, offset: int) -> list[Claim]:
    """Paths a command names as arguments (`pytest tests/unit`, `pip install -r requirements.txt`)."""
    words = commandclaims.split_words(command)
    operands = commandclaims.operands(words[1:])
    if operands and operands[0] in commandclaims.PACKAGE_SUBCOMMANDS:
        operands = [
            word for flag, word in zip(words, words[1:]) if flag in ("-r", "--requirement", "-c", "--constraint")
        ]
    claims, cursor = [], 0
    for word in operands:
        found = command.find(word, cursor)
        if found < 0:
            continue
        cursor = found + len(word)
        if ("/" in word or has_extension(word)) and _pathlike(word, strict=True) and not word.startswith("@"):
            claims.append(_path_claim(word, entry, (offset + found, offset + cursor), "command", word))
    return claims


def _option_paths(command: str, entry: Entry, offset: int) -> list[Claim]:
    """Files a command takes as an option's value (`docker compose -f deploy/compose.yml`, `--config=x.json`)."""
    words = commandclaims.split_words(command)
    if not words or words[0] in NOT_FILE_OPTION_COMMANDS:
        return []
    claims, cursor = [], 0
    for index, word in enumerate(words[1:], start=1):
        option, equals, inline = word.partition("=")
        if equals and option in FILE_OPTIONS and option.startswith("--"):
            value = inline
        elif word in FILE_OPTIONS and index + 1 < len(words):
            value = words[index + 1]
        else:
            continue
        found = command.find(value, cursor)
        if found < 0 or not has_extension(value) or not _pathlike(value, strict=True):
            continue
        cursor = found + len(value)
        claims.append(_path_claim(value, entry, (offset + found, offset + cursor), "command", value))
    return claims


_NEAR_COMMAND = re.compile(r"[A-Za-z][\w.-]*")


def _third_party_flag(masked: str, span: tuple[int, int]) -> bool:
    """A `--flag` whose sentence names another program (git, docker, pnpm, ...): an option of that program."""
    start = max(masked.rfind(mark, 0, span[0]) for mark in (".", "。", "\n", ";", "；")) + 1
    ends = [
        position for position in (masked.find(mark, span[1]) for mark in (". ", "。", "\n", ";", "；")) if position >= 0
    ]
    sentence = masked[start : min(ends) if ends else len(masked)]
    for word in _NEAR_COMMAND.finditer(sentence):
        name = word.group(0).lower()
        if name not in EXTERNAL_COMMANDS:
            continue
        if name not in WORDLIKE_COMMANDS or sentence[word.start() - 1 : word.start()] == "`":
            return True
        if _COMMAND_BEFORE.search(sentence, 0, word.start()):
            return True
    return False


_COMMAND_BEFORE = re.compile(r"\b(?:to|with|via|run|runs|running|pass|passes|of|for)\s+(?:the\s+)?$", re.IGNORECASE)


_KIND_BEFORE = re.compile(
    r"(?:\b(?:class|function|method|constant|const|type|struct|enum|interface|trait|component|hook)"
    r"|类|函数|方法|常量|接口|结构体)\s*$",
    re.IGNORECASE,
)
_KIND_AFTER = re.compile(
    r"^\s*(?:(?:class|function|method|constant|struct|enum|interface|trait|component|hook)\b"
    r"|类|函数|方法|常量|接口|结构体)",
    re.IGNORECASE,
)


def _cued_identifier(masked: str, match: re.Match[str], entry: Entry, store: Store | None) -> list[Claim]:
    """A bare name in backticks that the prose calls a class, function or constant ("the `Settings` class")."""
    name = match.group(2).strip()
    if not re.fullmatch(r"[A-Za-z_$][\w$]{2,}", name) or name.lower() in NOT_IDENTIFIERS or name in TOOLS:
        return []
    before = masked[max(0, match.start() - 24) : match.start()]
    after = masked[match.end() : match.end() + 24]
    if not (_KIND_BEFORE.search(before) or _KIND_AFTER.search(after)) or _memory_stem(name, store):
        return []
    start = match.start(2) + match.group(2).index(name)
    return [_claim("identifier", name, name, "defined", entry, (start, start + len(name)), "code")]


def _identifier_signal(text: str) -> bool:
    bare = text.split("(")[0]
    return (
        "(" in text
        or "_" in bare.strip("_")
        or re.search(r"[a-z][A-Z]", bare) is not None
        or re.search(r"\.|::|#", bare) is not None
        or re.fullmatch(r"[A-Z][a-z]+(?:[A-Z][a-z0-9]+)+", bare) is not None
    )


def _memory_stem(name: str, store: Store | None) -> bool:
    return store is not None and name in _memory_names(store)[1]


_NAMES_CACHE: dict[int, tuple[object, int, frozenset[str], frozenset[str]]] = {}


def _memory_names(store: Store) -> tuple[frozenset[str], frozenset[str]]:
    """The store's file paths and their stems, built once per store rather than once per claim."""
    cached = _NAMES_CACHE.get(id(store))
    if cached is None or cached[0] is not store.files or cached[1] != len(store.files):
        names = frozenset(store.files)
        cached = (store.files, len(store.files), names, frozenset(Path(rel).stem for rel in names))
        _NAMES_CACHE.clear()
        _NAMES_CACHE[id(store)] = cached
    return cached[2], cached[3]


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


def _dedupe(claims: list[Claim]) -> list[Claim]:
    seen: set[tuple[str, str, str]] = set()
    kept = []
    for claim in claims:
        key = (claim.kind, claim.subject, claim.expected if claim.kind in ("count", "version") else "")
        if claim.kind == "tool":
            key = (claim.kind, claim.subject, claim.category)
        if key in seen:
            continue
        seen.add(key)
        kept.append(claim)
    return kept
