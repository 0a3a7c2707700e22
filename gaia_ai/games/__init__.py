"""Game rules packages: one folder per game behind the common state interface."""
