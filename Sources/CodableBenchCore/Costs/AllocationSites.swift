/// Who asked for each allocation. Callgrind counts the calls into `malloc` (and its kin) by
/// caller; most come from the allocator's own functions (`swift_slowAlloc`, called by
/// `swift_allocObject`, called by the code that creates an object). Each call is carried up
/// through the allocator's functions to the first caller outside them, split among a function's
/// callers in proportion to how often each called it (the callers are known, the stacks are not;
/// exact when each allocator function has one caller of interest, as in a decode).
enum AllocationSites {
    /// The C library's allocation entry points; a call from one to another (realloc → malloc)
    /// is not a second allocation.
    static let entryPoints: Set<String> = [
        "malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign", "valloc",
    ]

    /// Allocations per function outside the allocator (fractions: the split is proportional).
    /// `allocator`: whether a function is one of the allocator's own (the allocation category).
    static func attribute(calls: [CallgrindOutput.Call], allocator: (String) -> Bool) -> [String: Double] {
        let byCallee = Dictionary(grouping: calls, by: \.callee)
        var pending: [String: Double] = [:]
        for call in calls where entryPoints.contains(call.callee) && !entryPoints.contains(call.caller) {
            pending[call.caller, default: 0] += Double(call.count)
        }
        var sites: [String: Double] = [:]
        // Carry what sits at allocator functions up to their callers; a few passes reach the top
        // (the allocator's call chains are short), and anything left in a cycle stays put.
        for _ in 0..<32 where !pending.isEmpty {
            var next: [String: Double] = [:]
            for (function, count) in pending {
                let callers = (byCallee[function] ?? []).filter { !entryPoints.contains($0.caller) }
                let total = callers.reduce(0) { $0 + $1.count }
                guard allocator(function), total > 0 else {
                    sites[function, default: 0] += count
                    continue
                }
                for caller in callers { next[caller.caller, default: 0] += count * Double(caller.count) / Double(total) }
            }
            pending = next
        }
        for (function, count) in pending { sites[function, default: 0] += count }
        return sites
    }
}
