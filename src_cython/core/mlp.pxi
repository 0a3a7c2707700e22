# A value network's numbers and its forward pass, the shape every game's network has: inputs
# standardized ((x - mean) / scale), two ReLU layers (MLP_H1, MLP_H2 units), one linear output scaled back
# (out * y_scale + y_mean). Included by each game's net.pxi, which owns the encoding (n_in inputs, at most
# MLP_MAX_IN), its slots and what the output means. The forward pass runs without the GIL and without
# allocation; mlp_load checks every size and number before it writes any. Trained in numpy by
# gaia_ai/learn/mlp.py, whose forward() gives the same numbers.
cdef enum:
    MLP_H1 = 64
    MLP_H2 = 32
    MLP_MAX_IN = 96

ctypedef struct Mlp:
    int n_in
    int loaded
    double mean[MLP_MAX_IN]
    double scale[MLP_MAX_IN]         # > 0 (mlp_load refuses others)
    double w1[MLP_MAX_IN][MLP_H1]    # by [input][unit]: the inner loop runs over units
    double b1[MLP_H1]
    double w2[MLP_H1][MLP_H2]
    double b2[MLP_H2]
    double w3[MLP_H2]
    double b3
    double y_mean
    double y_scale


cdef void mlp_hidden(const Mlp* net, const double* x, double* h2) noexcept nogil:
    """h2[0..MLP_H2): the last hidden layer at inputs x[0..n_in), before its ReLU (the trunk a policy
    head reads; a unit at or below 0 is off)."""
    cdef double z[MLP_MAX_IN]
    cdef double h1[MLP_H1]
    cdef double v
    cdef int i, j
    for i in range(net.n_in):
        z[i] = (x[i] - net.mean[i]) / net.scale[i]
    for j in range(MLP_H1):
        h1[j] = net.b1[j]
    for i in range(net.n_in):
        v = z[i]
        if v != 0:
            for j in range(MLP_H1):
                h1[j] += v * net.w1[i][j]
    for j in range(MLP_H2):
        h2[j] = net.b2[j]
    for i in range(MLP_H1):
        v = h1[i]
        if v > 0:   # ReLU: a unit at or below 0 adds nothing
            for j in range(MLP_H2):
                h2[j] += v * net.w2[i][j]


cdef double mlp_forward(const Mlp* net, const double* x) noexcept nogil:
    """The network's output at inputs x[0..n_in)."""
    cdef double h2[MLP_H2]
    cdef double out = net.b3
    cdef int j
    mlp_hidden(net, x, h2)
    for j in range(MLP_H2):
        if h2[j] > 0:
            out += h2[j] * net.w3[j]
    return out * net.y_scale + net.y_mean


def _finite_vector(name, values, int n, what="value network"):
    """values as n finite floats, or ValueError naming `what` and `name`."""
    import math

    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__") or len(values) != n:
        raise ValueError(f"{what} {name}: expected {n} numbers")
    row = [float(v) for v in values]
    if not all(math.isfinite(v) for v in row):
        raise ValueError(f"{what} {name}: not every number is finite")
    return row


def _finite_matrix(name, rows, int n, int m, what="value network"):
    """rows as n rows of m finite floats, or ValueError naming `what` and `name`."""
    if isinstance(rows, (str, bytes)) or not hasattr(rows, "__len__") or len(rows) != n:
        raise ValueError(f"{what} {name}: expected {n} rows of {m} numbers")
    return [_finite_vector(f"{name} row {i}", row, m, what) for i, row in enumerate(rows)]


cdef int mlp_check_slot(int slot, int slots) except -1:
    if slot < 0 or slot >= slots:
        raise ValueError(f"value network slot {slot}: 0 to {slots - 1}")
    return 0


cdef int mlp_load(Mlp* net, int n_in, mean, scale, w1, b1, w2, b2, w3, double b3, double y_mean,
                  double y_scale) except -1:
    """Write a network of n_in inputs into *net: the inputs' mean and scale (n_in each, scale > 0), w1
    (n_in rows of MLP_H1), b1 (MLP_H1), w2 (MLP_H1 rows of MLP_H2), b2 (MLP_H2), w3 (MLP_H2), b3, the
    output's y_mean and y_scale. Every size and number is checked first: a ValueError leaves *net as it
    was."""
    import math

    if not 0 < n_in <= MLP_MAX_IN:
        raise ValueError(f"value network: {n_in} inputs, at most {MLP_MAX_IN}")
    mean_ = _finite_vector("input mean", mean, n_in)
    scale_ = _finite_vector("input scale", scale, n_in)
    if not all(v > 0 for v in scale_):
        raise ValueError("value network input scale: every number must be > 0")
    w1_ = _finite_matrix("w1", w1, n_in, MLP_H1)
    b1_ = _finite_vector("b1", b1, MLP_H1)
    w2_ = _finite_matrix("w2", w2, MLP_H1, MLP_H2)
    b2_ = _finite_vector("b2", b2, MLP_H2)
    w3_ = _finite_vector("w3", w3, MLP_H2)
    if not (math.isfinite(b3) and math.isfinite(y_mean) and math.isfinite(y_scale)):
        raise ValueError("value network b3, y_mean, y_scale: must be finite")
    cdef int i, j
    net.n_in = n_in
    for i in range(n_in):
        net.mean[i] = mean_[i]
        net.scale[i] = scale_[i]
        for j in range(MLP_H1):
            net.w1[i][j] = w1_[i][j]
    for i in range(MLP_H1):
        net.b1[i] = b1_[i]
        for j in range(MLP_H2):
            net.w2[i][j] = w2_[i][j]
    for j in range(MLP_H2):
        net.b2[j] = b2_[j]
        net.w3[j] = w3_[j]
    net.b3 = b3
    net.y_mean = y_mean
    net.y_scale = y_scale
    net.loaded = 1
    return 0
