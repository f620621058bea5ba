#!/usr/bin/env bash
# The crosscheck's two sizes timed against one reference tree: `--quick`
# (target: under 5 minutes on 2 cores) and the default (under 15). Not a
# timed test: it needs a labs-Voice-Agent clone and takes minutes.
#
#   bash bench/crosscheck/sizes.sh CLONE [COMMIT] [OUTDIR]
#
# CLONE: a labs-Voice-Agent clone (bare is fine); COMMIT (default 1a83139) is
# `git archive`d into a temporary tree. Runs the built CLI (`npm run build`
# first) under /usr/bin/time, which counts the reference driver's CPU too
# (it is the CLI's child). Prints, per size, the command, its exit code, the
# wall and CPU seconds, the peak RSS and the report's family lines; the JSON
# and Markdown reports stay in OUTDIR. On a host that other work keeps busy,
# the wall time says little: read the CPU seconds against the two cores.
set -euo pipefail
clone=${1:?usage: sizes.sh CLONE [COMMIT] [OUTDIR]}
commit=${2:-1a83139}
out=${3:-$(mktemp -d)}
here=$(cd "$(dirname "$0")/../.." && pwd)
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
git -C "$clone" archive "$commit" | tar -x -C "$tree"
mkdir -p "$out"
for size in quick default; do
  flag=$([ "$size" = quick ] && echo --quick || true)
  cmd=(node "$here/bin/evalsim" crosscheck --reference "$tree" $flag --json "$out/$size.json" --markdown "$out/$size.md")
  echo "== $size: evalsim crosscheck --reference <$commit tree> $flag --json $size.json --markdown $size.md"
  set +e
  /usr/bin/time -f "wall %e s, CPU user %U s + sys %S s, peak RSS %M KB" -o "$out/$size.time" "${cmd[@]}" >"$out/$size.out" 2>"$out/$size.err"
  code=$?
  set -e
  echo "exit $code; $(cat "$out/$size.time"); load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
  sed -n '2,7p' "$out/$size.out"
done
