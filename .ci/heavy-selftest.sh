#!/usr/bin/env bash
# linux-only: reads dpkg's package versions through .ci/heavy.
# Run by: .ci/heavy, as a heavy check when it or .ci/heavy changes (about half a minute); maintainers.
#
# That a heavy check's fingerprint sees what the check depends on, planted in a throwaway clone of
# HEAD: a change in a strategy folder that a check runs without listing it (the slow tests run
# LossyArrays' strategies, the fault battery KeyMapping's), a strategy newly named in a check's
# script, and another toolchain version each make `.ci/heavy --list` call the check stale; a change
# in a folder the check does not run, in a build folder git does not track, or in the
# documentation leaves its fingerprint as it was. And that `--record` commits the record of what passed, and only that.
set -euo pipefail
cd "$(dirname "$0")/.."

clone=$(mktemp -d)
trap 'rm -rf "$clone"' EXIT
git clone --quiet . "$clone/repo"
# The resolved package versions are part of a fingerprint: the clone has the same as this checkout.
[ -f Package.resolved ] && cp Package.resolved "$clone/repo/"
cd "$clone/repo"
git config user.email selftest@codablebench.invalid
git config user.name "heavy selftest"

failures=0
fail() { echo "heavy-selftest: $*" >&2; failures=$((failures + 1)); }
fingerprint() { bash .ci/heavy --fingerprint "$1" 2>/dev/null; }
state() { bash .ci/heavy --list | awk -v name="$1" '$1 == name { print $2 }' | tr -d :; }
plant() {
  echo "// planted by .ci/heavy-selftest.sh" >>"$1"
  git commit --quiet -am "plant in $1"
}

# A strategy folder each check runs but does not list.
for planted in "slow-tests Benchmarks/LossyArrays" "fault-battery Benchmarks/KeyMapping"; do
  set -- $planted
  before=$(fingerprint "$1")
  plant "$(git ls-files "$2" | grep '\.swift$' | head -n 1)"
  [ "$(fingerprint "$1")" != "$before" ] || fail "a change in $2 left $1's fingerprint as it was"
  [ "$(state "$1")" = "(stale)" ] || fail "a change in $2 did not make $1 stale"
done

# A folder the fault battery does not run: its fingerprint stays.
before=$(fingerprint fault-battery)
plant "$(git ls-files Benchmarks/Enums | grep '\.swift$' | head -n 1)"
[ "$(fingerprint fault-battery)" = "$before" ] || fail "a change in Benchmarks/Enums changed the fault battery's fingerprint"

# A documentation change: no check's fingerprint moves, so CI runs none of them (not even the quick
# run), and a strategy's folder makes the quick run stale.
fingerprints() { for name in $(bash .ci/heavy --list | cut -d' ' -f1); do fingerprint "$name"; done; }
before=$(fingerprints)
plant README.md
plant Documentation/Method.md
[ "$(fingerprints)" = "$before" ] || fail "a documentation change moved a check's fingerprint"
plant "$(git ls-files Benchmarks/Enums | grep '\.swift$' | head -n 1)"
[ "$(state quick-run)" = "(stale)" ] || fail "a change in Benchmarks/Enums did not make the quick run stale"

# A strategy newly named in the fault battery's script brings its folder in.
echo "# --strategy lossy-naive-try-loop" >>scripts/selftests/fault-battery.sh
git commit --quiet -am "name a lossy strategy"
inputs=$(bash .ci/heavy --fingerprint fault-battery 2>&1 >/dev/null)
grep -q "Benchmarks/LossyArrays" <<<"$inputs" \
  || fail "a strategy named in the fault battery's script did not bring its folder into the fingerprint"

# A check's own build folder (untracked) names strategies too; it is not what the check runs.
before=$(fingerprint crosscheck)
mkdir -p scripts/maintainers/crosscheck/.build/checkouts
echo 'let name = "grdb-codable-record"' >scripts/maintainers/crosscheck/.build/checkouts/Planted.swift
[ "$(fingerprint crosscheck)" = "$before" ] || fail "an untracked build folder changed the cross-check's fingerprint"

# Another toolchain: every check's fingerprint changes.
mkdir -p "$clone/bin"
cat >"$clone/bin/swift" <<'EOF'
#!/usr/bin/env bash
if [ "${1:-}" = --version ]; then echo "Swift version 9.9.9 (planted)"; else exec "$REAL_SWIFT" "$@"; fi
EOF
chmod +x "$clone/bin/swift"
before=$(fingerprint crosscheck)
after=$(REAL_SWIFT=$(command -v swift) PATH="$clone/bin:$PATH" bash .ci/heavy --fingerprint crosscheck 2>/dev/null)
[ "$after" != "$before" ] || fail "another toolchain version left the cross-check's fingerprint as it was"
total=$(bash .ci/heavy --list | wc -l | tr -d ' ')
stale=$(REAL_SWIFT=$(command -v swift) PATH="$clone/bin:$PATH" bash .ci/heavy --list | grep -c '(stale)' || true)
[ "$stale" = "$total" ] || fail "another toolchain version made $stale of $total checks stale"

# Recording commits its record: the checks stubbed (the recording is under test, not them), one
# failing; the record holds the one that passed, in a commit of .ci/checked alone, and the call
# fails; `--record stale` then records the rest and leaves nothing stale.
python3 - <<'PY'
text = open(".ci/heavy").read()
stub = 'run_check() {\n  echo "stub of $1"\n  [ "$1" != "${STUB_FAILS:-}" ]\n  return\n'
open(".ci/heavy", "w").write(text.replace("run_check() {\n", stub, 1))
PY
git commit --quiet -am "stub the checks"
# CI's call runs the stale checks, says that it ran them for want of a record, and fails with one.
ran=$(bash .ci/heavy 2>&1) || fail "bash .ci/heavy failed with every check passing"
grep -q "heavy checks run for want of a committed record" <<<"$ran" || fail "bash .ci/heavy did not say why it ran checks"
STUB_FAILS=simdjson bash .ci/heavy >/dev/null 2>&1 && fail "bash .ci/heavy exited 0 with a check failing"
head=$(git rev-parse HEAD)
if STUB_FAILS=app-size bash .ci/heavy --record fault-battery app-size >/dev/null 2>&1; then
  fail "--record exited 0 with a check failing"
fi
[ "$(git rev-list --count "$head"..HEAD)" = 1 ] || fail "--record did not commit its record once"
[ "$(git diff --name-only "$head" HEAD)" = .ci/checked ] || fail "--record's commit holds more than .ci/checked"
git log -1 --format=%s | grep -q "fault-battery" || fail "--record's commit does not name the check that passed"
git log -1 --format=%s | grep -q "app-size" && fail "--record's commit names the check that failed"
[ "$(state fault-battery)" = "(current)" ] || fail "the check that passed is not current after --record"
[ "$(state app-size)" = "(stale)" ] || fail "the check that failed is current after --record"
bash .ci/heavy --record stale >/dev/null 2>&1 || fail "--record stale failed with every check passing"
[ "$(bash .ci/heavy --list | grep -c '(current)')" = "$total" ] || fail "--record stale left a check stale"
echo "// uncommitted" >>Package.swift
bash .ci/heavy --record slow-tests >/dev/null 2>&1 && fail "--record recorded over an uncommitted change"

if [ "$failures" -gt 0 ]; then exit 1; fi
echo "heavy-selftest: every plant changed the fingerprints it should, and only those; --record commits what passed"
