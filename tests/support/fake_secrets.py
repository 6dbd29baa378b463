"""Fake credentials of every detect-secrets plugin type, generated at test time from a seeded RNG.

Prefixes are assembled from parts and bodies are random, so no realistic live key is ever committed.
"""

from __future__ import annotations

import base64
import json
import random
import string
from dataclasses import dataclass

ALNUM = string.ascii_letters + string.digits
UPPER_DIGITS = string.ascii_uppercase + "234567"
HEX = "0123456789abcdef"


@dataclass(frozen=True)
class Fake:
    """A planted credential: its detect-secrets type slug, the value, and a line of memory text carrying it."""

    kind: str
    value: str
    line: str


def _random(rng: random.Random, alphabet: str, length: int) -> str:
    while True:
        drawn = "".join(rng.choice(alphabet) for _ in range(length))
        if len(set(drawn)) > length // 3:
            return drawn


def _b64url(data: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def fakes(seed: int = 16) -> list[Fake]:
    """One fake per plugin type, each on a line the way an agent would write it in memory."""
    rng = random.Random(seed)
    github = "g" + "hp_" + _random(rng, ALNUM, 36)
    aws = "AK" + "IA" + _random(rng, UPPER_DIGITS, 16)
    slack = (
        "xo"
        + "xb-"
        + "-".join([_random(rng, string.digits, 12), _random(rng, string.digits, 13), _random(rng, ALNUM, 24)])
    )
    stripe = "sk" + "_live_" + _random(rng, ALNUM, 24)
    jwt = ".".join(
        [
            _b64url({"alg": "HS256", "typ": "JWT"}),
            _b64url({"sub": _random(rng, string.digits, 8)}),
            _random(rng, ALNUM + "-_", 43),
        ]
    )
    password = _random(rng, ALNUM, 14)
    keyword = _random(rng, ALNUM, 18)
    base64_value = _random(rng, ALNUM + "+/", 40)
    hex_value = _random(rng, HEX, 40)
    key_body = "\n".join(_random(rng, ALNUM + "+/", 64) for _ in range(3))
    kind = "RSA PRIVATE KEY"
    private_key = f"-----BEGIN {kind}-----\n{key_body}\n-----END {kind}-----"
    return [
        Fake("github-token", github, f"The deploy bot authenticates with {github} on CI."),
        Fake("aws-access-key", aws, f"Uploads use the access key id {aws} for the assets bucket."),
        Fake("slack-token", slack, f"Post release notes through the bot token {slack} please."),
        Fake("stripe-access-key", stripe, f"Billing tests ran against {stripe} by mistake."),
        Fake("json-web-token", jwt, f"The staging session cookie was {jwt} when it broke."),
        Fake(
            "basic-auth-credentials",
            password,
            f"Mirror lives at https://deployer:{password}@mirror.acme-corp.dev/pkgs now.",
        ),
        Fake("secret-keyword", keyword, f'Set db_password = "{keyword}" in the staging env.'),
        Fake("base64-high-entropy-string", base64_value, f'The signing salt is "{base64_value}" for webhooks.'),
        Fake("hex-high-entropy-string", hex_value, f'The webhook shared key is "{hex_value}" on both ends.'),
        Fake("private-key", private_key, f"The old deploy key:\n{private_key}"),
    ]


def frontmatter_value(fake: Fake) -> str:
    """How a fake sits in a topic file's frontmatter (a single-line value)."""
    if fake.kind == "private-key":
        return ""
    if fake.kind == "secret-keyword":
        return f"api_password: {fake.value}\n"
    if fake.kind in ("base64-high-entropy-string", "hex-high-entropy-string"):
        return f'signing: "{fake.value}"\n'
    return f"note: {fake.line}\n"
