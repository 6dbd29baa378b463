"""The Textual app: run_app(store_path) opens the memory browser."""
