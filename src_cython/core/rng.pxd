# The random numbers of the hot core: splitmix64, small and fast, seeded by the caller (every random
# choice of a playout or a search takes a seed, so the same seed gives the same game).

cdef inline unsigned long long splitmix64(unsigned long long* state) noexcept nogil:
    cdef unsigned long long z
    state[0] += 0x9E3779B97F4A7C15ULL
    z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)
