"""Bots: they see a seat's observation and its legal actions, nothing else (../shared/STYLE.md)."""
