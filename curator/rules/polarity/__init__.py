"""Imperatives with opposite polarity on the same action: "Always squash-merge PRs" vs "Never squash-merge PRs"."""
