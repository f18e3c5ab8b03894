"""Small helpers for the plain-English texts of events, errors and pictures.

>>> plural(1, "piece"), plural(3, "piece"), plural(2, "ply", "plies")
('1 piece', '3 pieces', '2 plies')
>>> name_list(["b3", "a1", "c2"])
'a1, b3 and c2'
>>> and_list(["the red large on c1", "the blue small on a1"])
'the red large on c1 and the blue small on a1'
"""

from __future__ import annotations

from typing import Iterable


def plural(n: int, noun: str, plural_noun: str | None = None) -> str:
    """``n`` (with thousands separators) and ``noun``, with an ``s`` unless ``n`` is 1 (or
    ``plural_noun``, when the plural is not made with an ``s``).

    >>> plural(12500, "game")
    '12,500 games'
    """
    if n == 1:
        return f"{n} {noun}"
    return f"{n:,} {plural_noun or noun + 's'}"


def name_list(names: Iterable[str]) -> str:
    """Sorted names joined as a sentence: ``"a1, b3 and c2"``; ``""`` for none."""
    names = sorted(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def and_list(items: Iterable[str]) -> str:
    """Phrases joined as a sentence in their own order: ``"the red large, the blue small and
    the clear medium"``; ``""`` for none."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def article(noun: str) -> str:
    """``noun`` after ``a`` or ``an``, by its first letter.

    >>> article("int"), article("Analyst"), article("list")
    ('an int', 'an Analyst', 'a list')
    """
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def ordinal(n: int) -> str:
    """``n`` as a place in a row: ``"1st"``, ``"2nd"``, ``"11th"``, ``"23rd"``.

    >>> ordinal(1), ordinal(12), ordinal(22), ordinal(113)
    ('1st', '12th', '22nd', '113th')
    """
    return f"{n:,}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def rate(value: float) -> str:
    """A rate (games a second) in as few digits as say it: whole from 10 up, else two
    significant digits, so a slow game's rate is not shown as 0.

    >>> rate(12345.6), rate(12.4), rate(3.44), rate(0.333), rate(0.0)
    ('12,346', '12', '3.4', '0.33', '0')
    """
    return f"{value:,.0f}" if value >= 10 or value == 0 else f"{value:.2g}"
