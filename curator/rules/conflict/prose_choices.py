"""Choice clashes proposed by meaning: two entries choosing different names for one role in prose.

The exclusive-set table and the instrument patterns miss a choice no table lists, said in free wording ("local
cluster: use `kind`" vs "everyone runs the local cluster on k3d now", 崩溃上报接的是 Firebase Crashlytics vs 崩溃收集统一接
Sentry). Here each clause choosing a name is embedded with its names masked; two clauses of different entries that
are each other's nearest are proposed, and a verifier keeps a pair only when one side says the choice is settled or
new (or is an instruction and a verb chooses on one side), the names differ and neither entry also names the other's choice in a clause that keeps
it, the roles share a concept, and the scopes meet.
"""

from __future__ import annotations

from curator import lazyre as re
from curator.rules import embed
from curator.rules.conflict.clash import Clash, may_pair, statement_scope_evidence
from curator.rules.conflict.neighbours import mutual_nearest
from curator.rules.docs import Docs
from curator.rules.facts.named_choices import NamedChoice, named_choices
from curator.rules.facts.subject import subject_tokens

MIN_CLAUSE_COSINE = 0.25
MAX_CHOICES = 20000


def _choices(docs: Docs, refused: bool = False) -> tuple[list[NamedChoice], list[int]]:
    """Every named choice (or, with `refused`, every name turned down) of every entry, and the entry each belongs to."""
    found: list[NamedChoice] = []
    owners: list[int] = []
    for position, doc in enumerate(docs.items):
        for statement in doc.statements:
            for choice in named_choices(statement):
                if choice.refused == refused:
                    found.append(choice)
                    owners.append(position)
    return found, owners


def _same_name(one: str, other: str) -> bool:
    """Whether two names are one tool ("Crashlytics" inside "Firebase Crashlytics", `sentry-unity` and Sentry)."""
    left, right = _parts(one), _parts(other)
    return bool(left) and bool(right) and (left <= right or right <= left)


def _roles_apart(one: NamedChoice, other: NamedChoice) -> bool:
    """Whether two clauses speak of different roles: few concepts shared, or one kind of thing qualified two ways."""
    shared = one.role & other.role
    smaller, larger = sorted((len(one.role), len(other.role)))
    if not shared or len(shared) * 2 < smaller or len(shared) * 3 < larger:
        return True
    return _qualified_apart(one.order, shared) and _qualified_apart(other.order, shared)


def _kinds_apart(one: tuple[str, ...], other: tuple[str, ...], shared: frozenset[str]) -> bool:
    """Whether each side qualifies the shared thing its own way, or one qualifies what the other says bare
    ("UI 动画" vs "角色动画", "截图测试" vs 测试)."""
    left, right = _qualified_apart(one, shared), _qualified_apart(other, shared)
    if left and right:
        return True
    return len(shared) == 1 and sorted((len(one), len(other))) == [1, 2] and (left or right)


def _qualified_apart(order: tuple[str, ...], shared: frozenset[str]) -> bool:
    """Whether a word of the role not shared stands right before a shared one, as "UI" in "UI 动画" qualifies 动画."""
    return any(word not in shared and following in shared for word, following in zip(order, order[1:]))


def _parts(name: str) -> frozenset[str]:
    return frozenset(part for part in re.split(r"[\W_]+", name.lower()) if part)


class Chosen:
    """Every entry's named choices, to ask whether an entry chooses a name and whether it says so as settled."""

    def __init__(self, found: list[NamedChoice], owners: list[int]) -> None:
        self.names: dict[int, list[NamedChoice]] = {}
        for choice, owner in zip(found, owners):
            self.names.setdefault(owner, []).append(choice)

    def chooses(self, owner: int, name: str) -> bool:
        return any(_same_name(choice.name, name) for choice in self.names.get(owner, []))

    def settled(self, owner: int, name: str) -> bool:
        return any(choice.decided and _same_name(choice.name, name) for choice in self.names.get(owner, []))


def choice_verdict(
    docs: Docs, chosen: Chosen, one: NamedChoice, left: int, other: NamedChoice, right: int
) -> str | None:
    """The check that drops a proposed pair of named choices, or None when they clash."""
    settled = chosen.settled(left, one.name) or chosen.settled(right, other.name)
    instructed = (docs.items[left].is_context or docs.items[right].is_context) and (one.by_verb or other.by_verb)
    if not (settled or instructed):
        return "neither choice settled or new, nor an instruction choosing by a verb"
    if not settled and any(
        choice.rejected and not any(_same_name(name, partner.name) for name in choice.rejected)
        for choice, partner in ((one, other), (other, one))
    ):
        return "an unsettled side turns down another name than the other's"
    if _same_name(one.name, other.name):
        return "one name"
    if {one.family, other.family} == {"place", "use"}:
        return "one names a tool, the other a place"
    if chosen.chooses(left, other.name) or chosen.chooses(right, one.name):
        return "an entry chooses both"
    shared = one.role & other.role
    smaller, larger = sorted((len(one.role), len(other.role)))
    turned_down = any(_same_name(name, other.name) for name in one.rejected) or any(
        _same_name(name, one.name) for name in other.rejected
    )
    if not shared or not turned_down and (len(shared) * 2 < smaller or len(shared) * 3 < larger):
        return "roles share too little"
    if _kinds_apart(one.order, other.order, shared):
        return "one kind of thing qualified apart"
    return None


def add_prose_choice_clashes(docs: Docs, clashes: dict[tuple[int, int], list[Clash]]) -> None:
    """Choice clashes between nearest clauses naming different choices that no other stage found."""
    found, owners = _choices(docs)
    if len(found) < 2 or len(found) > MAX_CHOICES:
        return
    if not any(choice.decided or docs.items[owner].is_context for choice, owner in zip(found, owners)):
        return
    vectors = embed.encode_remembered([choice.masked for choice in found], leave_prefetch=True)
    if vectors is None:
        return
    members = list(range(len(found)))
    chosen = Chosen(found, owners)
    for first, second, cosine in mutual_nearest(
        vectors, members, owners, lambda a, b: may_pair(docs, a, b), MIN_CLAUSE_COSINE
    ):
        left, right = owners[first], owners[second]
        key = (min(left, right), max(left, right))
        if clashes.get(key):
            continue
        one, other = found[first], found[second]
        if choice_verdict(docs, chosen, one, left, other, right) is not None:
            continue
        name_words = frozenset(subject_tokens(one.name)) | frozenset(subject_tokens(other.name))
        scoped = statement_scope_evidence(docs, left, one.statement, right, other.statement, name_words)
        if scoped is None:
            continue
        clashes[key].append(
            Clash(
                "choice",
                {left: one.statement, right: other.statement},
                {
                    "job": " ".join(sorted(one.role & other.role)),
                    "choices": {docs.items[left].id: f"pos {one.name}", docs.items[right].id: f"pos {other.name}"},
                    "clause_similarity": round(cosine * 100, 1),
                    **scoped,
                },
            )
        )


def add_refused_choice_clashes(docs: Docs, clashes: dict[tuple[int, int], list[Clash]]) -> None:
    """A name one entry chooses for a role and another entry turns down for that role ("use Req for outbound HTTP" vs
    "出站 HTTP 不要再用 Req 了"), when no table lists it."""
    refusals, refusers = _choices(docs, refused=True)
    if not refusals:
        return
    by_name: dict[str, list[int]] = {}
    for index, refusal in enumerate(refusals):
        for part in _parts(refusal.name):
            by_name.setdefault(part, []).append(index)
    found, owners = _choices(docs)
    for choice, owner in zip(found, owners):
        partners = {index for part in _parts(choice.name) for index in by_name.get(part, ())}
        for index in sorted(partners):
            refusal, refuser = refusals[index], refusers[index]
            if not _same_name(choice.name, refusal.name) or not may_pair(docs, owner, refuser):
                continue
            key = (min(owner, refuser), max(owner, refuser))
            if clashes.get(key) or refusal.head or _roles_apart(choice, refusal):
                continue
            scoped = statement_scope_evidence(
                docs, owner, choice.statement, refuser, refusal.statement, _parts(choice.name)
            )
            if scoped is None:
                continue
            clashes[key].append(
                Clash(
                    "polarity",
                    {owner: choice.statement, refuser: refusal.statement},
                    {
                        "job": f"use of {choice.name} for {' '.join(sorted(choice.role & refusal.role))}",
                        "choices": {
                            docs.items[owner].id: f"pos {choice.name}",
                            docs.items[refuser].id: f"neg {choice.name}",
                        },
                        **scoped,
                    },
                )
            )
