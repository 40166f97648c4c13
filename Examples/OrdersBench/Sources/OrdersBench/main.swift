import CodableBench

// `swift run -c release orders-bench` runs every strategy on Payloads/orders.json;
// every subcommand of `benchmarks` (list, compare, check, report, ...) works the same way.
CommandLineTool.main(
    strategies: OrderStrategies.all, payloadFolders: ["Payloads"],
    claims: ["Claims/orders-claims.json"])
