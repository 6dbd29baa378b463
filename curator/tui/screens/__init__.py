"""Screens of the curator app: main, editor, merge, conflicts, review, dialogs."""
