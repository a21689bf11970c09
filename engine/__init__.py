"""Rules engine for Saudi Baloot, Moroccan Belote and French Belote.

Pure Python (no Django): cards and notation, rule sets, auctions, legality,
projects and declarations, scoring with step-by-step explanations, whole
hands, and the ``python -m engine`` command line.
"""
