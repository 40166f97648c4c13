import Foundation

/// A callgrind output file read into per-function totals: what `callgrind_annotate` shows, without
/// the tool. The format (valgrind's "Callgrind Format Specification"): `ob=`/`fl=`/`fn=` set the
/// current object, file and function, names compressed as `(id) name` on first use and `(id)`
/// after; a cost line is positions then event counts; a `calls=` line says the next cost line is
/// the inclusive cost of a call to `cfn=` rather than the function's own cost.
package struct CallgrindOutput: Equatable, Sendable {
    struct Function: Equatable, Sendable {
        /// The symbol as callgrind wrote it (mangled when run with `--demangle=no`), with the
        /// recursion-level suffix (`'2`) removed: the levels of one function are one function.
        var symbol: String
        /// The object file (executable or shared library) the function is in.
        var object: String
        /// Instructions executed in the function itself.
        var selfCost: Int
        /// Its own instructions and those of every function it called (calls to itself not twice).
        var inclusiveCost: Int
        /// How many times it was called from inside the counted region.
        var calls: Int
        /// Its own simulated cycles (`SimulatedCycles`), with `--cache-sim=yes`; 0 without.
        var selfCycles: Int = 0
    }

    /// One caller → callee edge, its calls merged.
    struct Call: Equatable, Sendable {
        var caller: String
        var callee: String
        var count: Int
        /// Instructions inside those calls (the callee and what it called).
        var inclusiveCost: Int
    }

    /// The `summary:` (or `totals:`) line: every instruction collected.
    package var total: Int
    /// Every simulated cycle collected (`SimulatedCycles` over the summary's events); nil when the
    /// file has no cache simulation's events.
    package var totalCycles: Int?
    /// Every function that ran or was called, most self cost first (then by symbol).
    var functions: [Function]
    /// Every edge between two different functions (a function calling itself is not an edge),
    /// by caller then callee.
    var calls: [Call]

    /// Parses the text of one callgrind output file (one part, as `--callgrind-out-file` writes
    /// without dumps). Counts the first event (instructions, `Ir`), and each function's simulated
    /// cycles when the file has the cache simulation's events.
    package static func parse(_ text: String) throws -> CallgrindOutput {
        var names: [String: String] = [:]
        var objects: [String: String] = [:]
        var positionColumns = 1
        var total: Int?
        var totalCycles: Int?
        var cycles: SimulatedCycles?
        var object = "", function: String?, callee: String?, calleeObject: String?
        var pendingCall: (count: Int, callee: String, object: String)?
        var byName: [String: Function] = [:]
        var edges: [String: Call] = [:]

        func record(_ name: String, object: String) -> String {
            if byName[name] == nil {
                byName[name] = Function(symbol: name, object: object, selfCost: 0, inclusiveCost: 0, calls: 0)
            }
            return name
        }

        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            guard let first = line.first, first != "#" else { continue }
            if first.isNumber || first == "+" || first == "-" || first == "*" {
                let fields = line.split(separator: " ")
                let cost = fields.count > positionColumns ? Int(fields[positionColumns]) : 0
                guard let cost, let current = function else {
                    throw CallgrindError("line \(number + 1): a cost line outside a function or not a number")
                }
                if let call = pendingCall {
                    pendingCall = nil
                    byName[call.callee]!.calls += call.count
                    if call.callee != current {
                        byName[current]!.inclusiveCost += cost
                        let key = current + "\u{0}" + call.callee
                        edges[key, default: Call(caller: current, callee: call.callee, count: 0, inclusiveCost: 0)]
                            .count += call.count
                        edges[key]!.inclusiveCost += cost
                    }
                } else {
                    byName[current]!.selfCost += cost
                    byName[current]!.inclusiveCost += cost
                    if let cycles {
                        byName[current]!.selfCycles += cycles.of(fields.dropFirst(positionColumns).map { Int($0) ?? 0 })
                    }
                }
                continue
            }
            guard let equals = line.firstIndex(where: { $0 == "=" || $0 == ":" }) else { continue }
            let key = line[..<equals], value = line[line.index(after: equals)...]
            switch key {
            case "ob": object = Self.expand(value, in: &objects)
            case "cob": calleeObject = Self.expand(value, in: &objects)
            case "fn":
                let name = record(Self.withoutRecursionLevel(Self.expand(value, in: &names)), object: object)
                byName[name]!.object = object  // a call may have recorded it first, from its caller's cob=
                function = name
            case "cfn": callee = Self.withoutRecursionLevel(Self.expand(value, in: &names))
            case "calls":
                guard let count = value.split(separator: " ").first.flatMap({ Int($0) }), let name = callee else {
                    throw CallgrindError("line \(number + 1): a calls= line without a count or a cfn=")
                }
                pendingCall = (count, record(name, object: calleeObject ?? object), calleeObject ?? object)
                calleeObject = nil  // cob= names the object of the next call only
            case "positions": positionColumns = value.split(separator: " ").count
            case "events": cycles = SimulatedCycles(events: value.split(separator: " ").map(String.init))
            case "summary", "totals":
                let counts = value.split(separator: " ").map { Int($0) ?? 0 }
                total = Int(value.trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
                totalCycles = cycles?.of(counts)
            default: continue  // fl=, fi=, fe=, cfi=, events:, version:, desc: …
            }
        }
        guard let total else { throw CallgrindError("no summary: or totals: line (not a callgrind output file?)") }
        let functions = byName.values.map { function in
            var clipped = function
            // Mutual recursion (a parser's scanValue → scanObject → scanValue) counts the inner
            // calls inside the outer ones as well; no function costs more than everything.
            clipped.inclusiveCost = min(function.inclusiveCost, total)
            return clipped
        }
        return CallgrindOutput(
            total: total, totalCycles: totalCycles,
            functions: functions.sorted { ($0.selfCost, $1.symbol) > ($1.selfCost, $0.symbol) },
            calls: edges.values.sorted { ($0.caller, $0.callee) < ($1.caller, $1.callee) })
    }

    /// `(12) name` defines id 12; `(12)` refers to it; a bare name is itself.
    private static func expand(_ value: Substring, in table: inout [String: String]) -> String {
        let value = value.trimmingCharacters(in: .whitespaces)
        guard value.hasPrefix("("), let close = value.firstIndex(of: ")") else { return value }
        let id = String(value[value.index(after: value.startIndex)..<close])
        let rest = value[value.index(after: close)...].trimmingCharacters(in: .whitespaces)
        if rest.isEmpty { return table[id] ?? value }
        table[id] = rest
        return rest
    }

    /// `scanValue'2` (callgrind's second recursion level, `--separate-recs`) → `scanValue`.
    static func withoutRecursionLevel(_ name: String) -> String {
        guard let quote = name.lastIndex(of: "'"), name[name.index(after: quote)...].allSatisfy(\.isNumber),
            name.index(after: quote) != name.endIndex
        else { return name }
        return String(name[..<quote])
    }
}

/// A callgrind output this reader cannot use, in one line.
struct CallgrindError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = "callgrind output: \(description)" }
}
