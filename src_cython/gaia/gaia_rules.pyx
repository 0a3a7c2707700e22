# cython: language_level=3
"""Gaia Project rules core: a fixed-size C state, cloned by memcpy, and the commands of the real game.

Only gaia_ai.games.gaia imports it (tests/games/test_layering.py checks that no layer above the games
does); the rest of the toolkit reaches Gaia through the game protocol, the search through game_interface().
"""
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcmp, memcpy, memset
from cpython.exc cimport PyErr_Clear
from cpython.pycapsule cimport PyCapsule_New

from core.game cimport GameInterface, Move
from core.rng cimport splitmix64

include "consts.pxi"
include "tables.pxi"
include "state.pxi"
include "power.pxi"
include "board.pxi"
include "rules.pxi"
include "federation.pxi"
include "flow.pxi"
include "moves.pxi"
include "apply.pxi"
include "commands.pxi"
include "movegen.pxi"
include "fastgen.pxi"
include "playout.pxi"
include "searchmoves.pxi"
include "core/softmax.pxi"
include "interface.pxi"
include "core/mlp.pxi"
include "net.pxi"
