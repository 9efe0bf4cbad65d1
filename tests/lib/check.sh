# shellcheck shell=bash
# The counters every test script of `make test` keeps, and its last line. Source it (`. tests/lib/check.sh`, from
# the repository's root) before the first check and end the script with `summary`:
#   check <what> <condition>   counts <condition> (a shell expression, eval'ed in the caller's variables) as passed
#                               or failed, printing "ok   <what>" or "FAIL <what>"; returns the condition's status
#   ok <what>                   counts a pass
#   bad <what> [<line>...]      counts a failure; each further argument is printed indented below it
#   skipped <what> [<line>...]  counts a check that cannot run here and prints why (a skip is not a pass)
#   summary                     prints "N passed, N failed" (", N skipped" when any was), the line tests/run_one.sh
#                               reads, and returns non-zero when any check failed: the script's exit status
pass=0; fail=0; skip=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; shift; local l; for l in "$@"; do echo "  $l"; done; return 1; }
skipped() { skip=$((skip + 1)); echo "skip $1"; shift; local l; for l in "$@"; do echo "  $l"; done; }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }
summary() {
  echo "$pass passed, $fail failed$([ "$skip" -eq 0 ] || echo ", $skip skipped")"
  [ "$fail" -eq 0 ]
}
