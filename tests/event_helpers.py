"""Helpers for reading the domain events a rules ``apply`` returns (scenario tests)."""
from __future__ import annotations


def kinds(events):
    return [e.kind for e in events]


def first(events, kind):
    return next(e for e in events if e.kind == kind)
