"""Placeholder command module; register(group) adds its commands."""

from __future__ import annotations

import click


def register(group: click.Group) -> None:
    """Add this module's commands to the group."""
