"""Secrets and private data in memory: detect (Yelp's detect-secrets), locate per entry, mask every output.

Names load on first use, so commands that never look for secrets (the snapshot hook) do not pay for
importing detect-secrets.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_HOMES = {
    "Detector": "detect",
    "Hit": "detect",
    "is_placeholder": "detect",
    "Masker": "mask",
    "mask_value": "mask",
    "mask_diff": "output",
    "mask_findings": "output",
    "mask_json_strings": "output",
    "mask_text": "output",
    "masker_detecting": "output",
    "masked_entry": "output",
    "masked_history": "output",
    "secret_values": "output",
    "Located": "store",
    "StoreSecrets": "store",
    "default_detector": "store",
    "masker_for": "store",
    "scan_store": "store",
}

__all__ = [
    "Detector",
    "Hit",
    "Located",
    "Masker",
    "StoreSecrets",
    "default_detector",
    "is_placeholder",
    "mask_diff",
    "mask_findings",
    "mask_json_strings",
    "mask_text",
    "mask_value",
    "masker_detecting",
    "masked_entry",
    "masked_history",
    "masker_for",
    "scan_store",
    "secret_values",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{home}"), name)
