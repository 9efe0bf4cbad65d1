#!/usr/bin/env python3
"""The nightly signoff: `python3 sim/nightly.py [--set nightly|regress|sim] [--launcher local|slurm|sge|lsf] [--out DIR]`
(make nightly, make regress and make sim run it). Options: --help; the runner is sim/nightly/runner.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nightly.runner import main  # noqa: E402

sys.exit(main())
