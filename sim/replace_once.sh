#!/usr/bin/env bash
# Injects a bug into a copy of the RTL: replaces the one occurrence of a text in a file, as the mutation campaign
# (sim/mutants.tsv), the live-mode bugs (sim/live_bugs.tsv) and the injected-bug tests do. "\n" in either text
# stands for a newline (a TAB-separated table holds no line breaks). A text that occurs 0 or 2+ times changes
# nothing: "<file>: pattern found N times" on stderr, exit 1.
# usage: replace_once.sh <file> <old text> <new text>
set -u
[ $# -eq 3 ] || { echo "usage: replace_once.sh <file> <old text> <new text>" >&2; exit 2; }
OLD="$2" NEW="$3" perl -0pi -e 's/\\n/\n/g for ($ENV{OLD}, $ENV{NEW});
  my $n = () = /\Q$ENV{OLD}\E/g;
  die "$ARGV: pattern found $n times\n" unless $n == 1;
  s/\Q$ENV{OLD}\E/$ENV{NEW}/;' "$1" || exit 1
