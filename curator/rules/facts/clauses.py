"""Clauses of a statement, split where an imperative may start or stop ("…, so …", "因为…")."""

from __future__ import annotations

from curator import lazyre as re

_CLAUSES = re.compile(
    r"[,，;；。!?！？:：]|\s[—–-]\s|\s*——\s*|\.\s"
    r"|\s(?=(?:so|so that|because|since|unless|when|while|which|to keep|to avoid|in order to|otherwise)\b)"
    r"|\s(?=as\s+(?:it|its|they|we|you|there|this|that|these|those)\b)"
    r"|(?=因为|所以|以便|否则|这样|以免)"
)


_INLINE_CODE = re.compile(r"`[^`\n]{1,80}`")
_CODE_PUNCTUATION = re.compile(r"[,;:]\s*")


def clauses(statement: str) -> list[str]:
    """The lower-cased clauses of one statement (punctuation inside inline code, as in `prune: true`, splits nothing)."""
    if "`" in statement:
        statement = _INLINE_CODE.sub(lambda match: _CODE_PUNCTUATION.sub(" ", match.group(0)), statement)
    return [lowered for lowered in (clause.strip().lower() for clause in _CLAUSES.split(statement)) if lowered]
