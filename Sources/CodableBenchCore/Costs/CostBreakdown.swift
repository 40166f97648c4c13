import Foundation

/// Where one decode's instructions go: every function that ran in the counted region, with its
/// category, per decode. Built from the callgrind pass, or read back from costs.csv.
package struct CostBreakdown: Equatable, Sendable {
    package struct Function: Codable, Equatable, Sendable {
        /// Readable name (`SymbolName.readable`); the functions of one name are one row.
        package var name: String
        /// The object file's name (`libFoundationEssentials.so`, the executable's name).
        package var object: String
        package var category: String
        package var selfInstructions: Int
        package var inclusiveInstructions: Int
        package var calls: Int
        /// Allocations (calls to malloc and its kin) this function asked for, itself or through the
        /// allocator's functions (`swift_allocObject` → `swift_slowAlloc` → `malloc`): see
        /// `AllocationSites`.
        package var allocations: Int = 0
        /// Its own simulated cycles (`SimulatedCycles`); 0 where the pass simulated no caches.
        package var selfCycles: Int = 0

        package init(
            name: String, object: String, category: String, selfInstructions: Int, inclusiveInstructions: Int, calls: Int,
            allocations: Int = 0, selfCycles: Int = 0
        ) {
            self.name = name
            self.object = object
            self.category = category
            self.selfInstructions = selfInstructions
            self.inclusiveInstructions = inclusiveInstructions
            self.calls = calls
            self.allocations = allocations
            self.selfCycles = selfCycles
        }
    }

    /// Most self instructions first.
    package var functions: [Function]

    /// Every instruction of the decode: the sum of the functions' own.
    package var total: Int { functions.reduce(0) { $0 + $1.selfInstructions } }

    /// Every simulated cycle of the decode (0 without the cache simulation).
    package var cycles: Int { functions.reduce(0) { $0 + $1.selfCycles } }

    /// Self instructions by category id.
    package var byCategory: [String: Int] {
        functions.reduce(into: [:]) { $0[$1.category, default: 0] += $1.selfInstructions }
    }

    /// Allocations by the category of the code that asked for them.
    var allocationsByCategory: [String: Int] {
        functions.reduce(into: [:]) { $0[$1.category, default: 0] += $1.allocations }
    }

    package init(functions: [Function]) {
        self.functions = functions.sorted {
            ($0.selfInstructions, $1.name, $1.object) > ($1.selfInstructions, $0.name, $0.object)
        }
    }

    /// `decodes` decodes counted by callgrind in a run of `executable`, folded by `categories`.
    /// A function that ran partly inside a category that claims its callees (key conversion,
    /// errors) has a row in each, its counts split by `CalleeAttribution`'s shares. Counts are
    /// divided by `decodes` (one, today), so each row is per decode.
    package init(_ output: CallgrindOutput, decodes: Int, executable: String, categories: CostCategories) {
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
        let allocations = AllocationSites.attribute(calls: output.calls, allocator: { own[$0] == "allocation" })
        var merged: [String: Function] = [:]
        for function in output.functions {
            let object = (function.object as NSString).lastPathComponent
            // self, inclusive, calls, allocations, self cycles: split by the shares, the rest in its
            // own category.
            let counts = [
                Double(function.selfCost), Double(min(function.inclusiveCost, output.total)), Double(function.calls),
                allocations[function.symbol] ?? 0, Double(function.selfCycles),
            ]
            var remaining = counts.map { Int($0.rounded()) }
            var parts: [(category: String, counts: [Int])] = []
            for (category, share) in (shares[function.symbol] ?? [:]).sorted(by: { $0.key < $1.key })
            where category != own[function.symbol] {
                let part = counts.map { Int($0 * share) }
                remaining = zip(remaining, part).map { $0 - $1 }
                parts.append((category, part))
            }
            parts.append((own[function.symbol]!, remaining))
            for (category, part) in parts {
                let name = readable[function.symbol]!
                let key = [name, object, category].joined(separator: "\u{0}")
                var row =
                    merged[key]
                    ?? Function(
                        name: name, object: object, category: category, selfInstructions: 0, inclusiveInstructions: 0,
                        calls: 0)
                row.selfInstructions += part[0]
                row.inclusiveInstructions += part[1]
                row.calls += part[2]
                row.allocations += part[3]
                row.selfCycles += part[4]
                merged[key] = row
            }
        }
        let perDecode = merged.values.map { function -> Function in
            var each = function
            each.selfInstructions /= max(decodes, 1)
            each.inclusiveInstructions = min(each.inclusiveInstructions, output.total) / max(decodes, 1)
            each.calls /= max(decodes, 1)
            each.allocations /= max(decodes, 1)
            each.selfCycles /= max(decodes, 1)
            return each
        }
        // Functions with no instructions of their own are the frames that called into the counted
        // region (main, the worker), recorded as callers only.
        self.init(functions: perDecode.filter { $0.selfInstructions > 0 })
    }
}
