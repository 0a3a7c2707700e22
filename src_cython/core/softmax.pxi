# The softmax every game's move prior ends in (Gaia's value and policy priors; TM's value prior weighs
# each move alone by the same exponential, relative_weight).
from libc.math cimport exp, INFINITY


cdef void softmax(double* out, int n, double temperature) noexcept nogil:
    """out[:n] replaced by exp((out - max) / temperature), normalized."""
    cdef double best = -INFINITY, total = 0.0
    cdef int i
    for i in range(n):
        if out[i] > best:
            best = out[i]
    for i in range(n):
        out[i] = exp((out[i] - best) / temperature)
        total += out[i]
    for i in range(n):
        out[i] /= total


cdef inline double relative_weight(double value, double reference, double temperature) noexcept nogil:
    """exp((value - reference) / temperature), its exponent held to [-30, 30]: a softmax's weight of one
    move on a scale fixed by reference, not by the other moves (a pointwise prior)."""
    cdef double z = (value - reference) / temperature
    return exp(30.0 if z > 30.0 else -30.0 if z < -30.0 else z)
