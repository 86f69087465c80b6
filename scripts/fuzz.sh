#!/usr/bin/env bash
# Fuzzes the hand-written parsers of untrusted bytes (fuzz/targets.ts; docs/security.md, "Fuzzing").
#
#   bash scripts/fuzz.sh short          CI (scripts/test-all.sh): every target 2 s (FUZZ_SECONDS), one process, fixed
#                                       seed (FUZZ_SEED) so that CI is reproducible; well under 90 s on 2 cores.
#   bash scripts/fuzz.sh long [S]       S seconds per target (default 300), coverage-guided (FUZZ_UNGUIDED=1: plain
#                                       mutations, same figures), a new random seed, one process per target
#                                       under /usr/bin/time -v (its peak RSS), run with nice; prints a Markdown table.
#                                       FUZZ_TARGETS="pdf-inspect zip" limits it to those targets.
#
# A finding (crash, hang, memory) exits 1 and leaves its input in fuzz/findings/: minimise it into a regression test
# (fuzz/regressions/<target>/, replayed by fuzz/regressions.test.ts) and fix the parser.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-short}

case "$mode" in
  short)
    exec node fuzz/runner.ts --seconds "${FUZZ_SECONDS:-2}" --hang-seconds "${FUZZ_HANG_SECONDS:-30}" --seed "${FUZZ_SEED:-20261202}"
    ;;
  long)
    per=${2:-300}
    seed=${FUZZ_SEED:-$((RANDOM * 32768 + RANDOM))}
    log=$(mktemp -d)
    status=0
    rows=()
    # Coverage-guided (fuzz/coverage.ts) unless FUZZ_UNGUIDED=1, which runs the plain mutations and reports the same
    # coverage figures, to compare the two.
    guidance=--guided
    [ -n "${FUZZ_UNGUIDED:-}" ] && guidance=--measure-coverage
    for target in ${FUZZ_TARGETS:-$(node fuzz/runner.ts --list)}; do
      if /usr/bin/time -v -o "$log/$target.time" nice -n 10 node fuzz/runner.ts --targets "$target" --seconds "$per" \
        --hang-seconds "${FUZZ_HANG_SECONDS:-30}" --seed "$seed" "$guidance" >"$log/$target.out" 2>&1; then :; else status=1; fi
      cat "$log/$target.out"
      line=$(grep -E '^(ok  |FAIL) ' "$log/$target.out" | tail -1 || true)
      execs=$(sed -nE 's/.* ([0-9]+) execs.*/\1/p' <<<"$line")
      crashes=$(sed -nE 's/.*crashes ([0-9]+).*/\1/p' <<<"$line")
      hangs=$(sed -nE 's/.*hangs ([0-9]+).*/\1/p' <<<"$line")
      memory=$(sed -nE 's/.*memory ([0-9]+).*/\1/p' <<<"$line")
      blocks=$(sed -nE 's/.*blocks ([0-9]+).*/\1/p' <<<"$line")
      grown=$(sed -nE 's/.*corpus \+([0-9]+).*/\1/p' <<<"$line")
      rss=$(awk -F': ' '/Maximum resident set size/ { printf "%d", $2 / 1024 }' "$log/$target.time")
      rows+=("| $target | ${per} s | ${execs:-?} | ${blocks:-?} | ${grown:-?} | ${crashes:-?} | ${hangs:-?} | ${memory:-?} | ${rss:-?} MiB |")
    done
    printf '\nseed %s, %s s per target, %s\n\n| target | time | executions | blocks reached | corpus grown | crashes | hangs | memory | peak RSS |\n|---|---|---|---|---|---|---|---|---|\n' "$seed" "$per" "$guidance"
    printf '%s\n' "${rows[@]}"
    rm -rf "$log"
    exit $status
    ;;
  *)
    echo "usage: bash scripts/fuzz.sh short | long [seconds per target]" >&2
    exit 2
    ;;
esac
