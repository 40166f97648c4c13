import Foundation
import CodableBenchCore

/// An interrupted run to continue (`run --resume`): its folder, its record, and the samples it
/// took, which its comparisons continue from (`LockstepComparison.resume`).
package struct ResumedRun {
    let folder: URL
    let runID: String
    package let info: RunJSON
    package let invocation: RunJSON.Invocation
    /// Its samples, cell by cell, each cell's in the order taken.
    let samples: [CellKey: [TimingSample]]
    /// How many samples it read back.
    var sampleCount: Int { samples.values.reduce(0) { $0 + $1.count } }

    /// The interrupted part's sampling time, which the run's budget counts on from (0 for a run
    /// killed before it recorded one).
    var sampledSeconds: Double { info.sampling?.sampledSeconds ?? info.interruption?.afterSeconds ?? 0 }

    /// Reads the run folder at `location`; a usage error where it cannot be continued here: not a
    /// run folder, a run that ended, one not started by `run` of harness 0.7.1 or later, or one
    /// another build measured.
    package static func load(_ location: String) throws -> ResumedRun {
        let folder = URL(fileURLWithPath: location).standardizedFileURL.resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError.usage("--resume takes a run's folder (results/runs/<id> or results/latest); '\(location)' is not one")
        }
        let recorded: RecordedRun
        do { recorded = try RecordedRun.load(folder.path) } catch {
            throw CommandError.usage("cannot resume \(location): \(error)")
        }
        guard let info = recorded.info, let invocation = info.invocation else {
            throw CommandError.usage(
                "cannot resume \(location): it was not started by 'run' of harness 0.7.1 or later (its run.json does not say how)")
        }
        if info.finished == true, info.interruption == nil {
            throw CommandError.usage("\(location) is a finished run; there is nothing to resume")
        }
        guard invocation.executableSHA256 == CurrentExecutable.sha256 else {
            throw CommandError.usage(
                "\(location) was measured by another build (its executable's SHA-256 \(invocation.executableSHA256.prefix(12))…, "
                    + "this one's \(CurrentExecutable.sha256.prefix(12))…): resume it with that build, or start a new run")
        }
        return ResumedRun(
            folder: folder, runID: info.provenance?.runID ?? folder.lastPathComponent, info: info, invocation: invocation,
            samples: recorded.samples)
    }
}
