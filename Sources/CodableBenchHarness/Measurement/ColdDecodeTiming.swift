import CodableBenchCore

/// The cold pass's timing, in the worker.
extension ColdDecodes {
    /// Decodes after the third whose median is the warm figure: enough that one slow decode does
    /// not set it, few enough that a fresh process per sample stays cheap.
    static let warmDecodes = 5

    /// Times `decode`'s first decodes in this process. `decode(1)` must not have run before.
    static func measure(_ decode: (Int) throws -> Void) throws -> ColdDecodes {
        func timed() throws -> (cpu: UInt64, wall: UInt64) {
            let wall0 = Clocks.wall()
            let cpu0 = Clocks.processCPU()
            try decode(1)
            return (max(Clocks.processCPU() - cpu0, 1), max(Clocks.wall() - wall0, 1))
        }
        let first = try timed()
        let second = try timed().cpu
        let third = try timed().cpu
        let warm = try (0..<warmDecodes).map { _ in try timed().cpu }.sorted()[warmDecodes / 2]
        return ColdDecodes(
            firstNanoseconds: first.cpu, firstWallNanoseconds: first.wall, secondNanoseconds: second,
            thirdNanoseconds: third, warmNanoseconds: warm)
    }
}
