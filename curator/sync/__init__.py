"""Memory beyond one machine: project identity, the MEMORY.md merge driver, sync conflicts."""
