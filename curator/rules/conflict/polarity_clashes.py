"""Polarity clashes: an action or a code name one entry asks for and another forbids."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules import code_polarity
from curator.rules.conflict.carve_outs import excepted
from curator.rules.conflict.clash import Clash, may_pair, scope_evidence
from curator.rules.docs import Docs
from curator.rules.facts import statement_facts
from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import subject_tokens
from curator.rules.polarity import gating, imperatives, meaning, opposites, pronouns


def add_action_clashes(docs: Docs, clashes: dict[tuple[int, int], list[Clash]]) -> None:
    owners, found = imperatives.collect([doc.facts for doc in docs.items])
    for left, right, left_action, right_action, score in opposites.clashes(
        owners, found, lambda a, b: may_pair(docs, a, b)
    ):
        left_words, right_words = frozenset(left_action.words), frozenset(right_action.words)
        _add_polarity_clash(
            docs,
            clashes,
            (left, left_action.statement, left_action.scope | (left_words & right_action.scope)),
            (right, right_action.statement, right_action.scope | (right_words & left_action.scope)),
            {
                "job": "same action",
                "action": left_action.text,
                "similarity": round(score, 1),
                "stances": {docs.items[left].id: left_action.polarity, docs.items[right].id: right_action.polarity},
            },
        )


def add_meaning_action_clashes(docs: Docs, clashes: dict[tuple[int, int], list[Clash]]) -> None:
    """A clause that forbids an action and the nearest clause of another entry that asks for it in other words."""
    for forbidden, asked, cosine in meaning.clashes(
        [doc.facts for doc in docs.items], lambda a, b: may_pair(docs, a, b)
    ):
        left_words, right_words = frozenset(forbidden.action.words), frozenset(asked.action.words)
        _add_polarity_clash(
            docs,
            clashes,
            (forbidden.owner, forbidden.action.statement, forbidden.action.scope | (left_words & asked.action.scope)),
            (asked.owner, asked.action.statement, asked.action.scope | (right_words & forbidden.action.scope)),
            {
                "job": "same action",
                "action": forbidden.core,
                "action_similarity": round(cosine * 100, 1),
                "stances": {docs.items[forbidden.owner].id: "neg", docs.items[asked.owner].id: "pos"},
            },
        )


def add_code_name_clashes(docs: Docs, clashes: dict[tuple[int, int], list[Clash]]) -> None:
    """An entry that always uses a code name (a flag, a function) and another that says to stop using it."""
    held = [code_polarity.remembered_stances(doc.facts) for doc in docs.items]
    for negative, positive, rejected, used in code_polarity.clashes(held, lambda a, b: may_pair(docs, a, b)):
        _add_polarity_clash(
            docs,
            clashes,
            (negative, rejected.statement, statement_facts(rejected.statement).scope),
            (positive, used.statement, statement_facts(used.statement).scope),
            {
                "job": "same action",
                "action": rejected.name,
                "stances": {docs.items[negative].id: "neg", docs.items[positive].id: "pos"},
            },
        )


def add_gating_clashes(docs: Docs, clashes: dict[tuple[int, int], list[Clash]]) -> None:
    """An entry that tells an action as automatic and another that tells it as waiting for a person."""
    for automatic, gated, cosine in gating.clashes(
        [doc.facts for doc in docs.items], lambda a, b: may_pair(docs, a, b)
    ):
        _add_polarity_clash(
            docs,
            clashes,
            (automatic.owner, automatic.statement, automatic.scope),
            (gated.owner, gated.statement, gated.scope),
            {
                "job": "same action",
                "action": " ".join(sorted(automatic.concepts & gated.concepts)),
                "action_similarity": round(cosine * 100, 1),
                "stances": {
                    docs.items[automatic.owner].id: "automatic",
                    docs.items[gated.owner].id: "waits for a person",
                },
            },
        )


_EVERYWHERE = re.compile(
    r"(?:任何|所有|每个|各个|全部)(?:的)?环境|(?:无论|不管)(?:在)?(?:什么|哪个|哪种|哪)?(?:个)?环境"
    r"|\b(?:in |on |for )?(?:any|every|all) (?:environments?|envs?)\b|\beverywhere\b"
    r"|\bno matter (?:the|which|what) environment",
    re.I,
)


def _general(statement: str, scope: frozenset[str]) -> frozenset[str]:
    """No scope for a statement that names every environment ("任何环境（包括沙箱和本地）都不要打开 X"), else its own."""
    return frozenset() if _EVERYWHERE.search(statement) else scope


def _unnamed(docs: Docs, entry: int, statement: str, other: str) -> bool:
    """A short order on a pronoun ("Don't build them.") whose entry names no thing before it that the other side names
    by its head noun or its code name ("the 2021 release branches" is not "the release player")."""
    if not pronouns.bare_pronoun_order(statement):
        return False
    statements = docs.items[entry].statements
    position = statements.index(statement) if statement in statements else 0
    thing = pronouns.antecedent(statements[position - 1]) if position > 0 else ""
    words = subject_tokens(thing)
    named = {concept(word) for word in (*words[-1:], *_CODE.findall(thing))}
    return not named & {concept(word) for word in (*subject_tokens(other), *_CODE.findall(other))}


_CODE = re.compile(r"`([^`]+)`")


def _add_polarity_clash(
    docs: Docs,
    clashes: dict[tuple[int, int], list[Clash]],
    left: tuple[int, str, frozenset[str]],
    right: tuple[int, str, frozenset[str]],
    evidence: dict,
) -> None:
    """Record two (entry, statement, scope) sides as a polarity clash unless the pair already clashes or the scopes are disjoint."""
    (left_entry, left_statement, left_scope), (right_entry, right_statement, right_scope) = left, right
    left_scope, right_scope = _general(left_statement, left_scope), _general(right_statement, right_scope)
    key = (min(left_entry, right_entry), max(left_entry, right_entry))
    if clashes[key] or excepted(left_statement, right_statement) or excepted(right_statement, left_statement):
        return
    if _unnamed(docs, left_entry, left_statement, right_statement) or _unnamed(
        docs, right_entry, right_statement, left_statement
    ):
        return
    scoped = scope_evidence(docs, left_entry, left_scope, right_entry, right_scope)
    if scoped is None:
        return
    clashes[key].append(
        Clash("polarity", {left_entry: left_statement, right_entry: right_statement}, {**evidence, **scoped})
    )
