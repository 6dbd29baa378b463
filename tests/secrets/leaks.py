"""What counts as echoing a planted secret: the whole value, a 10-character run from either end, or a key line."""

from __future__ import annotations

from tests.support.fake_secrets import Fake

RUN = 10


def leaked(text: str, planted: list[Fake]) -> list[str]:
    """The kinds of the planted values that `text` shows (a mask shows at most 4 characters at each end)."""
    found = []
    for fake in planted:
        pieces = [fake.value, fake.value[:RUN], fake.value[-RUN:]]
        if "\n" in fake.value:
            pieces = [line.strip()[:RUN] for line in fake.value.splitlines()[1:-1]]
        if any(piece and piece in text for piece in pieces):
            found.append(fake.kind)
    return found
