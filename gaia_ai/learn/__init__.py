"""Game-agnostic learning helpers (numpy only): a game's package builds its encodings and targets, these
fit and evaluate the models."""
