#!/usr/bin/env bash
# Renders a run's report.html in headless Chromium (Debian's `chromium`) and writes a PNG, to check
# that every chart is visible in a real browser: scripts/screenshot-report.sh [RUN_DIR] [OUT.png]
set -euo pipefail
run="${1:-results/latest}"
out="${2:-report.png}"
command -v chromium >/dev/null || { echo "needs chromium (apt-get install -y chromium)" >&2; exit 2; }
chromium --headless --no-sandbox --disable-gpu --window-size=1200,6000 --screenshot="$out" "$run/report.html" 2>/dev/null
echo "wrote $out"
