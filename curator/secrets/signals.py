"""A cheap look for credential shapes, so callers import detect-secrets only when text may hold one."""

from __future__ import annotations

import re

SIGNALS = re.compile(
    r"(?i)(?:\bgh[pousr]_|github_pat_|glpat-|\bAKIA|\bASIA|\bxox[abposr]-|\b[sr]k_live_|\bsk-|-----BEGIN|"
    r"\beyJ[A-Za-z0-9_-]{8,}\.|://[^\s/:@]+:[^\s/@]+@|"
    r"(?:password|passwd|pwd|secret|api_?key|token|auth)\w*[\"']?\s*[:=]\s*\S|[A-Za-z0-9_+=-]{32,})"
)


def may_hold_secret(text: str) -> bool:
    """Whether `text` shows a provider token prefix, a key block, a JWT, a basic-auth URL, a keyword
    assignment or a long random-looking run; False means the detector need not run."""
    return bool(SIGNALS.search(text))
