"""Jūni (十二), a toy game that lives in the tests only: docs/adding-a-game.md, written while adding it."""
