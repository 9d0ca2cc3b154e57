"""Matches, simulation statistics and benchmarks."""
