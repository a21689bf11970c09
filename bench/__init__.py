"""Benchmarks: each bench/bench_*.py module has a main() printing `BENCH <name> <value> <unit>` lines."""
