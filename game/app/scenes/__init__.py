"""Scenes: menu, setup, table, results, rules, settings, pause."""
