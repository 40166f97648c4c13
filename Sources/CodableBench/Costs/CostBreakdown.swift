import Foundation

/// Where one decode's instructions go: every function that ran in the counted region, with its
/// category, per decode. Built from the callgrind pass, or read back from costs.csv.
struct CostBreakdown: Equatable, Sendable {
    struct Function: Equatable, Sendable {
        /// Readable name (`SymbolName.readable`); the functions of one name are one row.
        var name: String
        /// The object file's name (`libFoundationEssentials.so`, the executable's name).
        var object: String
        var category: String
        var selfInstructions: Int
        var inclusiveInstructions: Int
        var calls: Int
    }

    /// Most self instructions first.
    var functions: [Function]

    /// Every instruction of the decode: the sum of the functions' own.
    var total: Int { functions.reduce(0) { $0 + $1.selfInstructions } }

    /// Self instructions by category id.
    var byCategory: [String: Int] {
        functions.reduce(into: [:]) { $0[$1.category, default: 0] += $1.selfInstructions }
    }

    init(functions: [Function]) {
        self.functions = functions.sorted {
            ($0.selfInstructions, $1.name, $1.object) > ($1.selfInstructions, $0.name, $0.object)
        }
    }

    /// `decodes` decodes counted by callgrind in a run of `executable`, folded by `categories`.
    /// A function that ran partly inside a category that claims its callees (key conversion,
    /// errors) has a row in each, its counts split by `CalleeAttribution`'s shares. Counts are
    /// divided by `decodes` (one, today), so each row is per decode.
    init(_ output: CallgrindOutput, decodes: Int, executable: String, categories: CostCategories) {
        let executableName = (executable as NSString).lastPathComponent
        var own: [String: String] = [:], claims: [String: String] = [:], readable: [String: String] = [:]
        for function in output.functions {
            let name = SymbolName.readable(function.symbol)
            let object = (function.object as NSString).lastPathComponent
            let category = categories.category(of: name, object: object, inExecutable: object == executableName)
            readable[function.symbol] = name
            own[function.symbol] = category.id
            if category.includesCallees { claims[function.symbol] = category.id }
        }
        let shares = CalleeAttribution.shares(claims: claims, calls: output.calls)
        var merged: [String: Function] = [:]
        for function in output.functions {
            let object = (function.object as NSString).lastPathComponent
            let inclusive = min(function.inclusiveCost, output.total)
            var remaining = (function.selfCost, inclusive, function.calls)
            var parts: [(category: String, counts: (Int, Int, Int))] = []
            for (category, share) in (shares[function.symbol] ?? [:]).sorted(by: { $0.key < $1.key })
            where category != own[function.symbol] {
                let part = (
                    Int(Double(function.selfCost) * share), Int(Double(inclusive) * share),
                    Int(Double(function.calls) * share)
                )
                remaining = (remaining.0 - part.0, remaining.1 - part.1, remaining.2 - part.2)
                parts.append((category, part))
            }
            parts.append((own[function.symbol]!, remaining))
            for (category, counts) in parts {
                let key = [readable[function.symbol]!, object, category].joined(separator: "\u{0}")
                merged[
                    key,
                    default: Function(
                        name: readable[function.symbol]!, object: object, category: category,
                        selfInstructions: 0, inclusiveInstructions: 0, calls: 0)
                ]
                .selfInstructions += counts.0
                merged[key]!.inclusiveInstructions += counts.1
                merged[key]!.calls += counts.2
            }
        }
        let perDecode = merged.values.map { function -> Function in
            var each = function
            each.selfInstructions /= max(decodes, 1)
            each.inclusiveInstructions = min(each.inclusiveInstructions, output.total) / max(decodes, 1)
            each.calls /= max(decodes, 1)
            return each
        }
        // Functions with no instructions of their own are the frames that called into the counted
        // region (main, the worker), recorded as callers only.
        self.init(functions: perDecode.filter { $0.selfInstructions > 0 })
    }
}
