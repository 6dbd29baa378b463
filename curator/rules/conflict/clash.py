"""A clash between two entries, and the pairing and scope checks every kind of clash shares."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from curator.rules.docs import Docs
from curator.rules.facts import named_parts, statement_facts
from curator.rules.facts import scope as scopes
from curator.rules.facts.glossary import concepts_of
from curator.rules.facts.versions import Version
from curator.rules.quantities import Quantity


@dataclass
class Clash:
    """One reason two entries disagree, with what each one says."""

    kind: str
    says: dict[int, str]
    detail: dict[str, object]


def may_pair(docs: Docs, left: int, right: int) -> bool:
    """Whether two entries may clash: two different entries, not both instruction files."""
    return left != right and not (docs.items[left].is_context and docs.items[right].is_context)


def named_relation(
    docs: Docs, left: int, one: Quantity | Version, right: int, other: Quantity | Version
) -> dict | None:
    """None when the two numbers belong to different keys or components; else {} or the scoped exception a component makes."""
    one_named, other_named = named_parts.named(one.statement, one.span), named_parts.named(other.statement, other.span)
    left_text, right_text = " ".join(docs.items[left].statements), " ".join(docs.items[right].statements)
    relation = named_parts.relation(one_named, left_text, other_named, right_text)
    if relation == "apart":
        return None
    if relation == "same":
        return {}
    narrow, wide, named = (left, right, one_named) if relation == "narrower-left" else (right, left, other_named)
    words = sorted(word for component in named.components for word in component)
    return {
        "scoped_exception": {"entry": docs.items[narrow].id, "general": docs.items[wide].id, "scope": " ".join(words)}
    }


def statement_scope_evidence(
    docs: Docs, left: int, left_statement: str, right: int, right_statement: str, names: AbstractSet[str | None]
) -> dict | None:
    """scope_evidence for two statements' own scopes, less the words naming what they choose (`names`)."""
    return scope_evidence(
        docs, left, statement_facts(left_statement).scope - names, right, statement_facts(right_statement).scope - names
    )


def scope_evidence(
    docs: Docs, left: int, left_scope: frozenset[str], right: int, right_scope: frozenset[str]
) -> dict | None:
    """None when two statements speak of disjoint scopes; else {} or the scoped exception one of them makes."""
    relation = scopes.relation(concepts_of(left_scope), concepts_of(right_scope))
    if relation == "disjoint":
        return None
    if relation == "same":
        return {}
    narrow, wide, words = (left, right, left_scope) if relation == "narrower-left" else (right, left, right_scope)
    return {
        "scoped_exception": {
            "entry": docs.items[narrow].id,
            "general": docs.items[wide].id,
            "scope": " ".join(sorted(words)),
        }
    }
