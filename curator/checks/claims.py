"""Extract the claims an entry makes about the project: precise spots only (code, links, bold, set phrases)."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import unquote

from curator import lazyre as re
from curator.checks import commandclaims, toolclaims
from curator.checks.claim_parts import (
    _URL,
    _claim,
    _is_memory_link,
    _path_claim,
    _pathlike,
    _Taken,
    has_extension,
)
from curator.checks.code_claims import _classify_code, _cued_identifier, _third_party_flag
from curator.checks.negation import is_destination, is_negated, struck_spans
from curator.checks.prose_claims import _prose_commands, _prose_paths, _versions
from curator.checks.results import Claim
from curator.model import Entry, Store

_FENCE = re.compile(r"^[ \t]*(```|~~~)[^\n]*\n.*?(?:^[ \t]*\1[ \t]*$|\Z)", re.DOTALL | re.MULTILINE)
_INLINE_CODE = re.compile(r"(?<!`)(`{1,3})(?!`)([^\n`]{1,300}?|[^\n]{1,300}?)(?<!`)\1(?!`)")
_LINK = re.compile(
    r"\[(?P<label>[^\[\]\n]{0,300})\]\((?P<target><[^>\n]{1,400}>|[^)\s]{1,400})(?:\s+\"[^\"\n]{0,200}\")?\)"
)
_WIKILINK = re.compile(r"\[\[[^\[\]\n]{1,200}\]\]")
_BOLD = re.compile(r"(\*\*|__)(?=\S)([^*\n]{1,200}?)(?<=\S)\1")
_AT_IMPORT = re.compile(r"(?<![\w@/.`])@((?:\.{1,2}/)?(?:[\w.\-]+/)*[\w.\-]+)")


MAX_EXTRACT_CHARS = 200_000
MAX_DECLARED = 50


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
