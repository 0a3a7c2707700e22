"""Gaia Project: rules data, board, setup and move notation."""
