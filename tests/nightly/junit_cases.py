"""One line per test case of a nightly's junit.xml, read with junitparser: suite, name, verdict (pass, Failure,
Error) and every property but those of the run's place and time (wall, queue, host, farm, rerun, build), sorted:
two runs of the same tests by two launchers or harnesses print the same lines.
usage: /usr/bin/python3 tests/nightly/junit_cases.py <junit.xml> [<suite>...]   (only these suites, named as one)"""
import sys

import junitparser

PLACE = ("wall", "queue", "host", "farm", "rerun", "build")
for suite in junitparser.JUnitXml.fromfile(sys.argv[1]):
    if len(sys.argv) > 2 and suite.name not in sys.argv[2:]:
        continue
    for case in suite:
        props = {p.get("name"): p.get("value") for p in case._elem.iter("property")}
        keep = " ".join(f"{k}={props[k]}" for k in sorted(props) if k not in PLACE)
        verdict = case.result[0].__class__.__name__ if case.result else "pass"
        print("group" if len(sys.argv) > 2 else suite.name, case.name, verdict, keep)
