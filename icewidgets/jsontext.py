"""JSON read from a user's file or paste: every way it can fail is one ValueError that says why.

>>> read_json('{"a": [1, 2]}')
{'a': [1, 2]}
>>> read_json("[" * 100_000)
Traceback (most recent call last):
...
ValueError: its lists or objects are nested too deeply
"""

from __future__ import annotations

import json
from typing import Any

from .checks import shown

__all__ = ["json_shown", "read_json"]


def read_json(text: str | bytes | bytearray) -> Any:
    """The value ``text`` holds; ValueError with the reason if it is not JSON (the callers add
    what the text should have been)."""
    if isinstance(text, str):
        text = text.removeprefix("\ufeff")  # a byte-order mark (an editor's or a spreadsheet's) is no text
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("its lists or objects are nested too deeply") from None
    except (ValueError, TypeError) as error:  # not JSON, not UTF-8, not text at all
        if "integer string conversion" in str(error):  # Python's own advice there is for programmers
            raise ValueError("it holds a number thousands of digits long") from None
        raise ValueError(str(error)) from None


def json_shown(value: Any) -> str:
    """A value read from a JSON file, for a message: null, true and false as the file writes
    them, anything else as :func:`icewidgets.checks.shown` shows it.

    >>> json_shown(None), json_shown(True), json_shown("1"), json_shown(10**5000)
    ('null', 'true', "'1'", 'a whole number of 5,001 digits')
    """
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    return shown(value)
