"""Ice3's board and sets: the 8×8 grid, colours, sizes, the seven sets, directions, and their words.

>>> GRID.size, GROUPS[:4], DIRS[:3], GROUP_WORDS["2"]
(64, ('R', 'Y', 'G', 'B'), ('N', 'NE', 'E'), 'medium pieces')
"""

from __future__ import annotations

from ...grid import DIRECTIONS, Grid

GRID = Grid(8, 8)
COLOURS = "RYGB"
"""The four colours; 5 pieces of each colour and size make the 60 pieces."""
SIZES = (1, 2, 3)
GROUPS = ("R", "Y", "G", "B", "1", "2", "3")
"""The seven sets a move can choose, in the order ``legal_moves`` lists them."""
DIRS = tuple(DIRECTIONS)  # N NE E SE S SW W NW
MAX_DISTANCE = 7
"""The longest move that can change anything on an 8×8 board."""
CENTRE = ("d4", "e4", "d5", "e5")
"""The four squares that start empty."""
DIR_INDEX = {d: i for i, d in enumerate(DIRS)}
COLOUR_WORDS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
GROUP_WORDS = {"R": "red pieces", "Y": "yellow pieces", "G": "green pieces", "B": "blue pieces",
                "1": "small pieces", "2": "medium pieces", "3": "large pieces"}
