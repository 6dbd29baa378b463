"""bloat: oversized entries, process narratives instead of conclusions, an always-loaded part near its limits."""

from __future__ import annotations

import re

from curator.config import Config
from curator.model import INDEX_MAX_BYTES, INDEX_MAX_LINES, Finding, Store
from curator.rules.docs import Docs
from curator.rules.registry import Rule, RuleContext

NARRATIVE_KINDS_EXEMPT = frozenset({"daily"})
_STEP_CUES = re.compile(
    r"\b(?:first(?:,)? (?:i|we)|then (?:i|we)|after that|afterwards|next,? (?:i|we)|(?:i|we) (?:then )?tried|tried to"
    r"|tried|(?:did ?n[o']?t|does ?n[o']?t) (?:help|work)|no luck|the culprit"
    r"|turned out|it turns out|finally(?:,)? (?:i|we|it|the)|eventually|at first|in the end|so (?:i|we) |which (?:failed|broke)"
    r"|(?:i|we) (?:noticed|realised|realized|discovered|spent))\b"
    r"|先(?:是)?试|试了|然后|接着|之后又|后来|结果(?:发现)?|最后(?:才)?|折腾|一开始|发现(?:原来)?|又试|再试|排查了"
)
NARRATIVE_MIN_CUES = 4
NARRATIVE_MIN_DISTINCT = 3


def analyze(store: Store, docs: Docs, config: Config) -> list[Finding]:
    findings = _always_loaded(store, config)
    covered = store.index.path if findings and store.index is not None else None
    for doc in docs.memory:
        size = doc.entry.bytes
        if size > config.entry_max_bytes and doc.entry.path != covered:
            findings.append(
                Finding(
                    "bloat",
                    "info",
                    [doc.id],
                    f"{doc.id} is {size / 1024:.1f} KB (~{doc.entry.tokens} tokens), over the "
                    f"{config.entry_max_bytes / 1024:.0f} KB an entry should stay under — keep the conclusions, "
                    "split the rest into separate entries or drop it.",
                    {"bytes": size, "tokens": doc.entry.tokens, "limit_bytes": config.entry_max_bytes},
                )
            )
            continue
        if doc.entry.kind in NARRATIVE_KINDS_EXEMPT:
            continue
        cues = [match.group(0).strip() for match in _STEP_CUES.finditer(doc.prose.lower())]
        if len(cues) >= NARRATIVE_MIN_CUES and len(set(cues)) >= NARRATIVE_MIN_DISTINCT:
            findings.append(
                Finding(
                    "bloat",
                    "info",
                    [doc.id],
                    f"{doc.id} reads as a process narrative ({', '.join(dict.fromkeys(cues))}) rather than a "
                    f"conclusion ({doc.entry.tokens} tokens) — rewrite it as the rule and why (e.g. “use B, because "
                    "A breaks the cache”).",
                    {"narrative_cues": cues, "bytes": size, "tokens": doc.entry.tokens},
                )
            )
    return findings


def _always_loaded(store: Store, config: Config) -> list[Finding]:
    found: list[Finding] = []
    index = store.index
    if index is not None and store.format == "claude-code":
        line_share = index.lines / INDEX_MAX_LINES
        byte_share = index.bytes / INDEX_MAX_BYTES
        if max(line_share, byte_share) >= config.near_limit:
            state = "over" if max(line_share, byte_share) > 1 else "near"
            found.append(
                Finding(
                    "bloat",
                    "info",
                    [index.path],
                    f"{index.path} is {state} its load limit: {index.lines} of {INDEX_MAX_LINES} lines, "
                    f"{index.bytes / 1024:.1f} of {INDEX_MAX_BYTES // 1024} KB (~{index.tokens_loaded} tokens loaded) "
                    "— merge or expire entries and shorten index lines before the end gets cut off.",
                    {
                        "lines": index.lines,
                        "bytes": index.bytes,
                        "max_lines": INDEX_MAX_LINES,
                        "max_bytes": INDEX_MAX_BYTES,
                        "tokens_loaded": index.tokens_loaded,
                    },
                )
            )
    always = store.always_loaded_tokens
    if not found and always >= config.near_limit * config.token_budget:
        found.append(
            Finding(
                "bloat",
                "info",
                [],
                f"the always-loaded part of memory costs ~{always} tokens every session, "
                f"{'over' if always > config.token_budget else 'near'} the budget of {config.token_budget} "
                "— move detail into on-demand topic files.",
                {
                    "always_loaded_tokens": always,
                    "token_budget": config.token_budget,
                    "on_demand_tokens": store.on_demand_tokens,
                },
            )
        )
    return found


def _run(ctx: RuleContext) -> list[Finding]:
    return analyze(ctx.store, ctx.docs, ctx.settings)


RULE = Rule(
    id="bloat",
    severity="info",
    summary="an index or entry near or over what the agent loads",
    analyze=_run,
    config_keys=frozenset({"bloat"}),
    order=70,
)
