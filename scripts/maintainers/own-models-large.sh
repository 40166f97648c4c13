#!/usr/bin/env bash
# Run by: maintainers checking the example package on a large payload.
# A team's own package on one large payload, run as its user would run it (issue 60's own-models
# check): Examples/OrdersBench copied to a scratch folder, its CodableBench dependency pointed at
# this checkout, its payload grown to about 3.3 MB (the captured page's 150 orders repeated with
# new ids, as a large API response), built in release, then its default run (`orders-bench`, no
# options). Prints the run's closing lines: how long it sampled and why it stopped, what the host
# did, and the answers. A benchmark script (several minutes: a release build, then the run).
# Usage: bash scripts/maintainers/own-models-large.sh [RUN OPTIONS…]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R "$root/Examples/OrdersBench" "$work/OrdersBench"
rm -rf "$work/OrdersBench/results" "$work/OrdersBench/Package.resolved"
python3 - "$work/OrdersBench" "$root" <<'PY'
import json, sys
package, root = sys.argv[1], sys.argv[2]
manifest = open(f"{package}/Package.swift").read().replace('path: "../.."', f'path: "{root}"')
open(f"{package}/Package.swift", "w").write(manifest)
page = json.load(open(f"{package}/Payloads/orders.json"))
orders = []
for copy in range(25):
    for order in page["orders"]:
        order = json.loads(json.dumps(order))
        order["id"] += copy * 1_000_000
        order["number"] = f"{order['number']}-{copy}"
        orders.append(order)
page["orders"] = orders
text = json.dumps(page, ensure_ascii=False, indent=1)
open(f"{package}/Payloads/orders.json", "w").write(text)
print(f"payload: {len(orders)} orders, {len(text.encode()) / 1e6:.1f} MB", file=sys.stderr)
PY
cd "$work/OrdersBench"
swift build -c release --product orders-bench --scratch-path "$root/.build-own-models" >&2
start=$(date +%s)
set +e
"$root/.build-own-models/release/orders-bench" --out "$work/results" "$@" >"$work/out.txt" 2>"$work/err.txt"
status=$?
set -e
echo "exit $status after $(( $(date +%s) - start )) s"
grep -E "^(sampling on|the run |the host|wrote |This run left)" "$work/err.txt" || true
cat "$work/out.txt"
exit "$status"
