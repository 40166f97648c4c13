#!/usr/bin/env bash
# Run by: maintainers checking that a report.html renders in a real browser.
# Renders a run's report.html in headless Chromium (Debian's `chromium`) and writes a PNG, to check
# that every chart is visible in a real browser: scripts/maintainers/screenshot-report.sh [RUN_DIR] [OUT.png] [GROUP]
# With GROUP, the page opens at that group's tables and charts (report.html#group-GROUP), one screen high.
# With --first-screen instead of GROUP: what a reader sees on opening the page, 1400×900 (every
# question's one-line answer should be on it).
set -euo pipefail
run="${1:-results/latest}"
out="${2:-report.png}"
group="${3:-}"
command -v chromium >/dev/null || { echo "needs chromium (apt-get install -y chromium)" >&2; exit 2; }
page="file://$(cd "$run" && pwd)/report.html"
if [ "$group" = --first-screen ]; then
  chromium --headless --no-sandbox --disable-gpu --window-size=1400,900 --screenshot="$out" "$page" 2>/dev/null
elif [ -n "$group" ]; then
  # Headless Chromium ignores a fragment in the page's own URL; an iframe scrolls to it.
  frames=$(mktemp -d)
  frame="$frames/frame.html"
  echo "<!doctype html><body style=\"margin:0\"><iframe src=\"$page#group-$group\" style=\"border:0\" width=\"1200\" height=\"1600\"></iframe></body>" > "$frame"
  chromium --headless --no-sandbox --disable-gpu --window-size=1200,1600 --screenshot="$out" "file://$frame" 2>/dev/null
  rm -rf "$frames"
else
  chromium --headless --no-sandbox --disable-gpu --window-size=1200,6000 --screenshot="$out" "$page" 2>/dev/null
fi
echo "wrote $out"
