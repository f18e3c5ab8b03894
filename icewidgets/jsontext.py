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

__all__ = ["read_json"]


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
