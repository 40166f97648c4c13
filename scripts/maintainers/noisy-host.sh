#!/usr/bin/env bash
# linux-only: pins its load with stress-ng's --taskset and reads the CPU list from Linux's affinity.
# Run by: maintainers testing the method on a noisy host made on demand.
#
# Runs a command on a noisy host made on demand: this machine, with load switched on and off in
# spells of random length, as a CI runner or a laptop whose CPU other jobs share goes in and out of
# a slow state while a process runs. Which host it emulates: one where the timing CPU is shared,
# which slows wall time and hardly CPU time. It does not emulate a host whose shared cache other
# tenants contend for (memory-bound code slower in CPU time itself, compute-bound code not): no load
# made inside a guest reproduces that (../shared/contended-runs/README.md); judge the sampling for
# such hosts on the runs recorded there (`benchmarks replay`), or on such a host.
#
#   bash scripts/maintainers/noisy-host.sh [--slow-share F] [--spells MIN-MAX] [--seed N] [--] COMMAND [ARG...]
#
#   --slow-share F   share of the time spent in slow spells (default 0.6: the noisy host this was
#                    calibrated against spent 58% of its timing samples in its slow state)
#   --spells MIN-MAX a spell's length in milliseconds, uniform (default 200-3000)
#   --seed N         the spells' random sequence (default: the clock)
#
# A slow spell shares the timing CPU (the last one this process may use, where CodableBench pins
# its lockstep workers) with a stress-ng CPU hog, at full load (code there runs about 2x slower in
# wall time) or at 40% (about 1.4x), chosen at random per spell, and streams memory on the other
# CPUs. On the machines this project is built on, load on the other CPUs alone slowed no decode
# (Documentation/Method.md, "A noisy host on demand"): only sharing the CPU did. A fast spell stops
# them all (SIGSTOP), so nothing is started or torn down between spells.
#
# At the end it prints, on stderr, the share of the command's time spent in slow spells and
# exits with the command's status.
set -euo pipefail

slow_share=0.6
spells=200-3000
seed=$(date +%s)
while [ $# -gt 0 ]; do
  case "$1" in
  --slow-share) slow_share=$2 && shift 2 ;;
  --spells) spells=$2 && shift 2 ;;
  --seed) seed=$2 && shift 2 ;;
  --) shift && break ;;
  -*) echo "noisy-host.sh: unknown option $1" >&2 && exit 2 ;;
  *) break ;;
  esac
done
if [ $# -eq 0 ]; then
  echo "usage: bash scripts/maintainers/noisy-host.sh [--slow-share F] [--spells MIN-MAX] [--seed N] [--] COMMAND [ARG...]" >&2
  exit 2
fi
spell_min=${spells%-*}
spell_max=${spells#*-}
case "$slow_share$spell_min$spell_max$seed" in
*[!0-9.]*) echo "noisy-host.sh: --slow-share, --spells and --seed take numbers" >&2 && exit 2 ;;
esac
if ! command -v stress-ng >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y stress-ng >/dev/null 2>&1 \
      || { apt-get update >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y stress-ng >/dev/null 2>&1; } \
      || { echo "noisy-host.sh: cannot install stress-ng (apt-get install stress-ng)" >&2 && exit 2; }
  else
    echo "noisy-host.sh: needs stress-ng (apt-get install stress-ng)" >&2
    exit 2
  fi
fi

# The timing CPU: the last this process may use (Affinity.timingCPU); the others stream memory.
read -r timing_cpu other_cpus < <(python3 -c 'import os; c = sorted(os.sched_getaffinity(0)); print(c[-1], ",".join(map(str, c[:-1])) or c[-1])')

# Each hog in a process group of its own (stress-ng forks its workers), signalled as a whole: job
# control gives every background job its own group, set up before the job runs.
set -m
hogs=()
start_stopped() {
  stress-ng --quiet "$@" &
  hogs+=($!)
  kill -STOP -- "-$!"
}
# signal_hogs SIGNAL HOG...
signal_hogs() {
  local signal=$1
  shift
  for hog in "$@"; do kill "-$signal" -- "-$hog" 2>/dev/null || true; done
}
# KILL: a hog stopped early in its start-up may not have its TERM handler yet, and lingers.
# shellcheck disable=SC2329 # invoked by the EXIT trap
cleanup() {
  signal_hogs KILL "${hogs[@]}"
}
trap cleanup EXIT
trap 'kill -TERM "$command_pid" 2>/dev/null; exit 143' INT TERM HUP PIPE
start_stopped --cpu 1 --cpu-load 100 --taskset "$timing_cpu"
start_stopped --cpu 1 --cpu-load 40 --taskset "$timing_cpu"
start_stopped --stream 1 --taskset "$other_cpus"

"$@" &
command_pid=$!
set +m

RANDOM=$seed
microseconds() { echo "${EPOCHREALTIME/./}"; }
started=$(microseconds)
slow_us=0
# The spells, until the command ends: awk draws them (bash's $RANDOM has 15 bits).
while kill -0 "$command_pid" 2>/dev/null; do
  read -r slow length load < <(awk -v s="$RANDOM$RANDOM" -v p="$slow_share" -v lo="$spell_min" -v hi="$spell_max" \
    'BEGIN { srand(s); print (rand() < p) ? 1 : 0, int(lo + rand() * (hi - lo)), (rand() < 0.5) ? 0 : 1 }')
  spell_start=$(microseconds)
  [ "$slow" = 1 ] && signal_hogs CONT "${hogs[$load]}" "${hogs[2]}"
  # In steps of 0.1 s: the spell ends early when the command does.
  while [ $(($(microseconds) - spell_start)) -lt $((length * 1000)) ] && kill -0 "$command_pid" 2>/dev/null; do
    sleep 0.1
  done
  signal_hogs STOP "${hogs[@]}"
  [ "$slow" = 1 ] && slow_us=$((slow_us + $(microseconds) - spell_start))
done
total_us=$(($(microseconds) - started))
status=0
wait "$command_pid" || status=$?
awk -v s="$slow_us" -v t="$total_us" -v seed="$seed" \
  'BEGIN { printf "noisy-host.sh: slow spells %.0f%% of %.0f s (seed %s)\n", (t ? 100 * s / t : 0), t / 1e6, seed }' >&2
exit "$status"
