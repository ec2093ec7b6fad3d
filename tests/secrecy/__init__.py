"""Secrecy suites: no seat's private data ever reaches another viewer, in any registered game."""
