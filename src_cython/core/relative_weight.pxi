# A softmax's weight of one move on a fixed scale: the pointwise move priors (PRIOR_POINTWISE, core/game.pxd)
# of Terraforming Mars and Eminent Domain; Gaia's priors normalize over the list (core/softmax.pxi).
from libc.math cimport exp


cdef inline double relative_weight(double value, double reference, double temperature) noexcept nogil:
    """exp((value - reference) / temperature), its exponent held to [-30, 30]: a softmax's weight of one
    move on a scale fixed by reference, not by the other moves (a pointwise prior)."""
    cdef double z = (value - reference) / temperature
    return exp(30.0 if z > 30.0 else -30.0 if z < -30.0 else z)
