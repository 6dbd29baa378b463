"""Widgets of the main screen: summary bar, entry table and the detail tabs."""
