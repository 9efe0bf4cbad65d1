#!/usr/bin/env bash
# The nightly's pass rule, buckets, JUnit and description on crafted test directories (tests/nightly/test_rules.py).
# Debian's python3: python3-junitparser is installed for it (make deps).
cd "$(dirname "$0")/../.." && exec /usr/bin/python3 tests/nightly/test_rules.py 2>&1
