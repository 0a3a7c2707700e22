# cython: language_level=3
"""Eminent Domain rules core: a fixed-size C state, cloned by memcpy, with every decision of the game.

Python code reaches it through gaia_ai.games.eminent_domain (EdState); nothing else imports this module.
"""
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy, memset
from cpython.pycapsule cimport PyCapsule_New

from core.game cimport GameInterface, Move, GAME_OK, GAME_ERR_RULES, INFO_HIDDEN, INFO_CHANCE, PRIOR_POINTWISE, hash_bytes
from core.rng cimport splitmix64

include "consts.pxi"
include "state.pxi"
include "rules.pxi"
include "flow.pxi"
include "moves.pxi"
include "interface.pxi"
include "core.pxi"
include "greedy.pxi"
include "core/relative_weight.pxi"
include "core/prior_args.pxi"
include "prior.pxi"
include "core/mlp.pxi"
include "net.pxi"
