import CodableBenchCore

/// How long the counting passes still queued will take once sampling ends (`BackgroundPasses`
/// runs them on every CPU then), so that the run stops launching generations that much earlier
/// and ends within its budget. In a slow spell the lockstep workers' starts take nearly all of the
/// other CPU and the passes, at the lowest priority, fall behind (figures: Notebook, "Figures behind the code"). IO-free, so that the estimate is tested on made-up cells.
enum CountingBacklog {
    /// What one counting pass costs in decodes of its cell: the verification, the warm-up and
    /// `Worker.countedDecodes` counted ones, and the verification's comparison of the outputs,
    /// under the counting allocator (measured on `large`; figures: Notebook, "Figures behind the code").
    static let decodesPerPass = 6
    /// A pass's cost besides its decodes: the process's start, and the payload's generation and
    /// hashing, which grow with its size.
    static func fixedSeconds(payloadBytes: Int) -> Double { 0.01 + 3e-8 * Double(payloadBytes) }

    /// The queued passes' total, run `parallel` at a time. A pass whose decode time is not known
    /// yet (its comparison has not sampled) counts its fixed cost only: by the end of the budget,
    /// when the estimate matters, every comparison has.
    static func seconds(of passes: [(decodeSeconds: Double?, payloadBytes: Int)], parallel: Int) -> Double {
        let total = passes.reduce(0.0) { sum, pass in
            sum + fixedSeconds(payloadBytes: pass.payloadBytes) + Double(decodesPerPass) * (pass.decodeSeconds ?? 0)
        }
        return total / Double(max(parallel, 1))
    }
}
