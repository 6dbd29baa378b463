"""Secrets in memory text, found by Yelp's detect-secrets plugins and filters through its Python API."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
from detect_secrets.core.potential_secret import PotentialSecret
from detect_secrets.filters import allowlist, heuristic
from detect_secrets.plugins.base import RegexBasedDetector
from detect_secrets.plugins.high_entropy_strings import HighEntropyStringsPlugin
from detect_secrets.plugins.keyword import DENYLIST, KeywordDetector
from detect_secrets.settings import get_settings
from detect_secrets.util.code_snippet import get_code_snippet

from curator import lazyre as re
from curator.casefold import Folded
from curator.secrets.baseline import Baseline

DEFAULT_PLUGIN_SETTINGS: dict[str, dict[str, Any]] = {
    "Base64HighEntropyString": {"limit": 4.5},
    "HexHighEntropyString": {"limit": 3.0},
}
GENERIC_PLUGINS = frozenset({"Base64HighEntropyString", "HexHighEntropyString", "KeywordDetector"})
SKIPPED_PLUGINS = frozenset({"IPPublicDetector"})
SECRET_FILTERS = (
    heuristic.is_sequential_string,
    heuristic.is_potential_uuid,
    heuristic.is_templated_secret,
    heuristic.is_prefixed_with_dollar_sign,
    heuristic.is_not_alphanumeric_string,
)
FENCE_SUFFIX = {
    "yaml": ".yaml",
    "yml": ".yaml",
    "toml": ".toml",
    "ini": ".ini",
    "env": ".ini",
    "dotenv": ".ini",
    "properties": ".properties",
    "conf": ".ini",
    "cfg": ".ini",
    "bash": ".ini",
    "sh": ".ini",
    "shell": ".ini",
    "zsh": ".ini",
    "console": ".ini",
    "python": ".py",
    "py": ".py",
    "js": ".js",
    "javascript": ".js",
    "ts": ".js",
    "typescript": ".js",
    "go": ".go",
    "java": ".java",
    "swift": ".swift",
    "json": ".js",
    "tf": ".tf",
    "hcl": ".tf",
    "c": ".c",
    "cpp": ".cpp",
    "cs": ".cs",
}
_FENCE = re.compile(r"^\s{0,3}(```+|~~~+)\s*([\w+-]*)")
_PEM_END = re.compile(r"-----END[ A-Z0-9]*PRIVATE KEY[ A-Z0-9]*-----")
_CANDIDATE = re.compile(r"[A-Za-z0-9_+/=.:@~-]{16,}|-----BEGIN|://")
_INLINE_CODE = re.compile(r"`([^`\s]{8,})`")
_HEX = re.compile(r"[0-9a-fA-F]{7,128}")
_DIGEST_WORDS = re.compile(
    r"(?i)\b(commit|sha(?:1|256|512)?|hash|rev|revision|checksum|digest|md5|blob|tree|tag|object)\b"
)
_KEYWORDS = Folded("|".join(DENYLIST))
VERIFY_FILTER = "detect_secrets.filters.common.is_ignored_due_to_verification_policies"
_TOKEN_TAIL = re.compile(r"[A-Za-z0-9_\-+/=.]*")
_PLACEHOLDER = re.compile(
    r"(?i)(x{4,}|\*{3,}|\.{3}|…|your[_-]|^your|<[^>]*>|\{\{|redacted|placeholder|example|changeme|dummy|sample|"
    r"^(?:none|null|true|false|secret|password|token|string|required|optional|"
    r"postgres|mysql|redis|root|admin|guest|test|dev|local|pass|user|default)$)"
)


@dataclass(frozen=True)
class Hit:
    """One secret value found on one line of one file (1-based line)."""

    line: int
    label: str
    value: str
    digest: str

    @property
    def kind(self) -> str:
        """The plugin's type as a slug: `github-token`, `aws-access-key`, `secret-keyword`."""
        return re.sub(r"[^a-z0-9]+", "-", self.label.lower()).strip("-")


def file_lines(text: str) -> list[str]:
    """A file's lines split on `\n` only (as git and editors count them), without their `\r`."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


def is_placeholder(value: str) -> bool:
    """A documentation stand-in rather than a credential: `YOUR_API_KEY`, `xxxx`, `<token>`, `sk_live_...`."""
    stripped = value.strip()
    if _PLACEHOLDER.search(stripped):
        return True
    core = re.sub(r"^[A-Za-z]{2,5}[_-]", "", stripped)
    return len(core) >= 4 and max(core.count(char) for char in set(core)) * 2 >= len(core)


def _is_digest(value: str, line: str) -> bool:
    """A commit id or checksum the line names as one (`commit 3f2c1a7…`, `sha256: …`), not a credential."""
    return bool(_HEX.fullmatch(value)) and bool(_DIGEST_WORDS.search(line))


def whole_token(plugin: Any, line: str, value: str) -> str:
    """The full credential behind a plugin's value: a regex that captures only a prefix (`ghp`) gives its whole match, and
    a token cut short (a JWT's signature) runs on to its last token character."""
    if isinstance(plugin, RegexBasedDetector):
        for pattern in plugin.denylist:
            for match in pattern.finditer(line):
                if match.group(0) != value and match.group(0).startswith(value) and match.lastindex:
                    value = match.group(0)
                    break
    position = line.find(value)
    if position < 0:
        return value
    end = position + len(value)
    tail = _TOKEN_TAIL.match(line, end)
    if tail and tail.end() > end:
        value = line[position : tail.end()].rstrip(".")
    return value


class Detector:
    """detect-secrets plugins loaded once (from a baseline's `plugins_used` when given) and reused for many files."""

    def __init__(self, baseline: Baseline | None = None) -> None:
        get_settings().filters.pop(VERIFY_FILTER, None)
        self.baseline = baseline or Baseline()
        plugin_classes: list[Any] = list(get_mapping_from_secret_type_to_class().values())
        classes: dict[str, Any] = {plugin_class.__name__: plugin_class for plugin_class in plugin_classes}
        settings = self.baseline.plugins
        if settings is None:
            settings = [{"name": name, **DEFAULT_PLUGIN_SETTINGS.get(name, {})} for name in sorted(classes)]
        settings = sorted(settings, key=lambda item: item.get("name") in GENERIC_PLUGINS)
        self.plugins: list[Any] = []
        for item in settings:
            name = item.get("name")
            if name in SKIPPED_PLUGINS or name not in classes:
                continue
            options = {key: value for key, value in item.items() if key in ("limit", "keyword_exclude")}
            try:
                self.plugins.append(classes[name](**options))
            except (TypeError, ValueError, re.error):
                self.plugins.append(classes[name]())

    def scan_text(self, text: str, filename: str) -> list[Hit]:
        """Every secret in one file's text, with the file's own line numbers."""
        lines = file_lines(text)
        hits: list[Hit] = []
        for number, line, pseudo_name in _lines_with_kinds(lines, filename):
            if not line.strip() or self.baseline.excludes_line(line):
                continue
            hits.extend(self._scan_line(lines, number, line.rstrip(), pseudo_name))
        return _expand_private_keys(hits, lines)

    def _scan_line(self, lines: list[str], number: int, line: str, filename: str) -> Iterator[Hit]:
        found: list[tuple[Any, PotentialSecret]] = []
        quoted_code = _INLINE_CODE.sub(r'"\1"', line) if "`" in line else None
        has_keyword = _KEYWORDS.search(line)
        if not has_keyword and not _CANDIDATE.search(line):
            return
        for plugin in self.plugins:
            if isinstance(plugin, KeywordDetector) and not has_keyword:
                continue
            for secret in plugin.analyze_line(filename=filename, line=line, line_number=number) or ():
                found.append((plugin, secret))
            if quoted_code is not None and isinstance(plugin, HighEntropyStringsPlugin):
                for secret in plugin.analyze_line(filename=filename, line=quoted_code, line_number=number) or ():
                    found.append((plugin, secret))
        if not found:
            return
        context = get_code_snippet(lines=lines, line_number=number)
        if allowlist.is_line_allowlisted(filename, line, context) or heuristic.is_indirect_reference(line):
            return
        seen: set[str] = set()
        for plugin, secret in found:
            value = whole_token(plugin, line, secret.secret_value or "")
            if not value or value in seen or self._filtered(value, line, plugin):
                continue
            seen.add(value)
            yield Hit(line=number, label=secret.type, value=value, digest=PotentialSecret.hash_secret(value))

    def _filtered(self, value: str, line: str, plugin: Any) -> bool:
        if self.baseline.excludes_secret(value, PotentialSecret.hash_secret(value)):
            return True
        if is_placeholder(value) or _is_digest(value, line):
            return True
        if isinstance(plugin, KeywordDetector) and re.search(r"\s", value.strip()):
            return True
        if heuristic.is_likely_id_string(value, line, plugin):
            return True
        return any(secret_filter(value) for secret_filter in SECRET_FILTERS)


def _lines_with_kinds(lines: list[str], filename: str) -> Iterator[tuple[int, str, str]]:
    """Each line with the file name its syntax suggests: frontmatter as YAML, fenced code by its language."""
    stem = filename.rsplit(".", 1)[0] or "memory"
    in_frontmatter = bool(lines) and lines[0].lstrip("\ufeff").strip() == "---"
    fence: str | None = None
    fence_name = filename
    for index, line in enumerate(lines):
        number = index + 1
        if in_frontmatter:
            if index > 0 and line.strip() in ("---", "..."):
                in_frontmatter = False
                continue
            if index > 0:
                yield number, line, stem + ".yaml"
            continue
        opening = _FENCE.match(line)
        if opening and fence is None:
            fence = opening.group(1)[0] * 3
            fence_name = stem + FENCE_SUFFIX.get(opening.group(2).lower(), ".md")
            continue
        if fence is not None and line.strip().startswith(fence):
            fence = None
            continue
        yield number, line, fence_name if fence is not None else filename


def _expand_private_keys(hits: list[Hit], lines: list[str]) -> list[Hit]:
    """A private-key header hit becomes the whole PEM block, so masking and redaction cover the key itself."""
    expanded: list[Hit] = []
    for hit in hits:
        if hit.label != "Private Key":
            expanded.append(hit)
            continue
        first = lines[hit.line - 1]
        start = first.find("-----BEGIN")
        block = [first[start:] if start >= 0 else first]
        for following in lines[hit.line :]:
            end = _PEM_END.search(following)
            if end:
                block.append(following[: end.end()])
                break
            block.append(following)
        else:
            block = block[:1]
        value = "\n".join(block)
        expanded.append(Hit(line=hit.line, label=hit.label, value=value, digest=PotentialSecret.hash_secret(value)))
    return expanded
