import CodableBenchCore

import Foundation

/// The lines a lockstep worker and its parent exchange over the worker's standard input and a
/// private copy of its standard output (the strategy's own prints go to standard error instead):
///
/// - worker → parent, once: the `WorkerReport` as one JSON line (ready, or the outcome that ends it);
/// - parent → worker: `N K` (take one sample: K batches of N decodes each) or `q` (quit); end of
///   input also quits;
/// - worker → parent, per sample: `wall_ns cpu_ns`, the median of its batches' wall times and the
///   median of their process CPU times, or `error MESSAGE` if the strategy threw (the worker then
///   exits).
///
/// Why the median batch: the first batch after another process ran starts with cold caches, and
/// a timer interrupt or a flip of the machine's speed lands in one batch; the median leaves both
/// out, where a sample's total would carry them (±5% per 3 ms sample on this project's VMs).
package enum LockstepProtocol {
    /// Batches per sample, where the generation's slowest decode is short enough (else three or
    /// one, the same for every member: see `SampleSize`).
    static let batchesPerSample = SampleSize.mostBatches

    package struct WorkerSide {
        private let channel: Int32

        /// Takes standard output for the protocol and points descriptor 1 at standard error.
        package init() {
            channel = SystemCalls.takeStandardOutput()
        }

        func sendReport(_ report: WorkerReport) throws {
            let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
            send(json)
        }

        func sendSample(wallNanoseconds: UInt64, cpuNanoseconds: UInt64) {
            send("\(wallNanoseconds) \(cpuNanoseconds)")
        }

        func sendFailure(_ message: String) {
            send("error " + message.replacingOccurrences(of: "\n", with: " "))
        }

        /// The next sample's decodes per batch and batches, or nil when the parent says quit or
        /// closes the pipe.
        func nextRequest() -> (decodes: Int, batches: Int)? {
            guard let parts = readLine()?.split(separator: " "), parts.count == 2, let decodes = Int(parts[0]),
                let batches = Int(parts[1]), decodes > 0, batches > 0
            else { return nil }
            return (decodes, batches)
        }

        private func send(_ line: String) {
            let bytes = Array((line + "\n").utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { SystemCalls.write(channel, from: $0.baseAddress! + offset, count: $0.count - offset) }
                if written <= 0 { if SystemCalls.wasInterrupted { continue }; return }
                offset += written
            }
        }
    }

    /// One sample as the worker reports it, per decode.
    enum Reply: Equatable {
        case sample(wallNanoseconds: UInt64, cpuNanoseconds: UInt64)
        case failure(String)

        init?(line: String) {
            if line.hasPrefix("error ") {
                self = .failure(String(line.dropFirst(6)))
                return
            }
            let parts = line.split(separator: " ")
            guard parts.count == 2, let wall = UInt64(parts[0]), let cpu = UInt64(parts[1]) else { return nil }
            self = .sample(wallNanoseconds: wall, cpuNanoseconds: cpu)
        }
    }
}
