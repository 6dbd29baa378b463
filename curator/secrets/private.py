"""Private data in memory text: e-mail addresses, phone numbers, private-range IPs and internal hostnames."""

from __future__ import annotations

import fnmatch
import ipaddress
from collections.abc import Iterator
from dataclasses import dataclass

from curator import lazyre as re
from curator.casefold import Folded, lowered_contains

_EMAIL = re.compile(
    r"(?<![A-Za-z0-9_.%+:/-])([A-Za-z0-9._%+-]+)@((?:[A-Za-z0-9-]+\.)+([A-Za-z]{2,24}))(?![A-Za-z0-9_-]|\.[A-Za-z0-9])(:)?"
)
_IPV4 = re.compile(r"(?<![A-Za-z0-9_.])((?:\d{1,3}\.){3}\d{1,3})(/\d{1,2})?(?![A-Za-z0-9_]|\.\d)")
_HOST = re.compile(
    r"(?:(?<=//)|(?<![A-Za-z0-9_.@/-]))((?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+"
    r"(?:internal|intranet|corp|lan|local|localdomain|private|home\.arpa))(?![A-Za-z0-9_-]|\.[A-Za-z0-9])",
    re.IGNORECASE,
)
_PHONE = re.compile(
    r"(?<![A-Za-z0-9_+/.-])(\+\d{1,3}[ .-]?(?:\(\d{1,4}\)[ .-]?)?\d{1,4}(?:[ .-]\d{2,4}){1,4}|\(\d{3}\) ?\d{3}-\d{4}|\d{3}-\d{3}-\d{4})(?![A-Za-z0-9_/-]|\.\d)"
)
_VERSION_BEFORE = re.compile(r"(?i)\b(?:version|ver\.?|release|build|sdk|v)\s*$")
_CN_MOBILE = re.compile(r"(?<!\d)(1[3-9]\d{9})(?!\d)")
_PHONE_WORDS = Folded(r"(phone|tel\b|mobile|cell|call|whatsapp|sms|电话|手机|联系)")
_HOST_SUFFIXES = (".internal", ".intranet", ".corp", ".lan", ".local", ".private", ".home.arpa")
WELL_KNOWN_HOSTS = frozenset(
    {"host.docker.internal", "gateway.docker.internal", "metadata.google.internal", "localhost.localdomain"}
)
SHARED_SUFFIXES = (".cluster.local",)
PLACEHOLDER_DOMAINS = ("example.com", "example.org", "example.net", "example.edu")
PLACEHOLDER_SUFFIXES = (".example", ".test", ".invalid", ".localhost")
ROLE_LOCAL_PARTS = re.compile(r"(?i)^(no-?reply|do-?not-?reply|.*\+?noreply)$|noreply")
FILE_SUFFIXES = frozenset(
    [
        "png",
        "jpg",
        "jpeg",
        "gif",
        "svg",
        "webp",
        "ico",
        "md",
        "mdc",
        "txt",
        "json",
        "yaml",
        "yml",
        "toml",
        "py",
        "js",
        "ts",
        "tsx",
        "jsx",
        "css",
        "html",
        "lock",
        "sh",
        "go",
        "rs",
        "rb",
        "java",
    ]
)
PLACEHOLDER_LOCALS = frozenset(
    ["you", "your", "yourname", "your.name", "user", "username", "name", "me", "someone", "somebody", "foo", "bar"]
)
DOC_NETWORKS = tuple(ipaddress.ip_network(net) for net in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24"))
WELL_KNOWN_IPS = frozenset(
    {"10.0.2.2", "10.0.2.15", "10.0.3.2", "172.17.0.1", "192.168.0.1", "192.168.1.1", "192.168.49.2", "192.168.99.100"}
)
RFC1918_BLOCKS = frozenset({"10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10"})


@dataclass(frozen=True)
class PrivateHit:
    """One piece of private data on one line (1-based) of a file."""

    line: int
    kind: str
    value: str


class AllowList:
    """`[private-data] allow` globs from `.curator.toml`, matched case-insensitively against the value."""

    def __init__(self, patterns: list[str] | tuple[str, ...] = ()) -> None:
        self.patterns = [pattern.lower() for pattern in patterns]

    def allows(self, value: str) -> bool:
        lowered = value.lower()
        return any(fnmatch.fnmatchcase(lowered, pattern) for pattern in self.patterns)


def _email_is_private(local: str, domain: str, tld: str, scp_colon: str | None) -> bool:
    lowered = domain.lower()
    if scp_colon or tld.lower() in FILE_SUFFIXES:
        return False
    if lowered in PLACEHOLDER_DOMAINS or lowered.endswith(PLACEHOLDER_SUFFIXES) or lowered.startswith("example."):
        return False
    if any(lowered.endswith("." + placeholder) for placeholder in PLACEHOLDER_DOMAINS):
        return False
    return not (ROLE_LOCAL_PARTS.search(local) or local.lower() in PLACEHOLDER_LOCALS or local.lower() == "git")


def _ip_is_private(text: str, prefix: str | None) -> bool:
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return False
    if not address.is_private or address.is_loopback or address.is_link_local or address.is_unspecified:
        return False
    if address.is_reserved or address.is_multicast:
        return False
    if any(address in network for network in DOC_NETWORKS) or text.endswith(".255") or text in WELL_KNOWN_IPS:
        return False
    return not (prefix and f"{text}{prefix}" in RFC1918_BLOCKS)


def scan_line(line: str) -> Iterator[tuple[str, str]]:
    """(kind, value) for each piece of private data on one line."""
    for match in _EMAIL.finditer(line):
        if _email_is_private(match.group(1), match.group(2), match.group(3), match.group(4)):
            yield "email", f"{match.group(1)}@{match.group(2)}"
    for match in _IPV4.finditer(line):
        if _VERSION_BEFORE.search(line, 0, match.start()):
            continue
        if _ip_is_private(match.group(1), match.group(2)):
            yield "private-ip", match.group(1)
    if lowered_contains(_HOST_SUFFIXES, line) is not False:
        for match in _HOST.finditer(line):
            host = match.group(1).lower()
            if host not in WELL_KNOWN_HOSTS and not host.endswith(SHARED_SUFFIXES):
                yield "internal-host", match.group(1)
    for match in _PHONE.finditer(line):
        digits = re.sub(r"\D", "", match.group(1))
        if 8 <= len(digits) <= 15:
            yield "phone", match.group(1)
    if _PHONE_WORDS.search(line):
        for match in _CN_MOBILE.finditer(line):
            yield "phone", match.group(1)


def scan_text(text: str, allow: AllowList) -> list[PrivateHit]:
    """Every piece of private data in a file's text that the allow-list does not cover."""
    hits: list[PrivateHit] = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not any(marker in line for marker in ("@", ".", "+", "-", "(")) and not _PHONE_WORDS.search(line):
            continue
        for kind, value in scan_line(line):
            if not allow.allows(value):
                hits.append(PrivateHit(line=number, kind=kind, value=value))
    return hits
