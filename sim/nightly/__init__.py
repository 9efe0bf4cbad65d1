"""The nightly signoff runner (sim/nightly.py; sim/nightly/README.md)."""
