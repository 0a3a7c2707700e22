# The softmax Gaia's move priors end in (value and policy); the pointwise priors of TM and ED weigh each
# move alone by the same exponential instead (core/relative_weight.pxi).
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

