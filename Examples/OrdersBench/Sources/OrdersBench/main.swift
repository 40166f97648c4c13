import CodableBench
import OrderNative

// The package's C code (OrderNative) runs once, as an app's would, so it is linked in.
_ = order_native_fingerprint(nil, 0)

// `swift run -c release orders-bench` runs every strategy on Payloads/orders.json;
// every subcommand of `benchmarks` (list, compare, check, report, ...) works the same way.
CommandLineTool.main(
    strategies: OrderStrategies.all, payloadFolders: ["Payloads"],
    claims: ["Claims/orders-claims.json"])
