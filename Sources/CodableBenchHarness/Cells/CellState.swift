import Foundation
import CodableBenchCore

/// What the parent knows about a cell while its generations of workers run.
struct CellState {
    let cell: Cell
    let payload: PreparedPayload
    /// The run's sampling plan, as the workers read it (JSON).
    let planJSON: String
    /// The cell's source as a worker's argument: the profile it generates from, or the file.
    private let source: WorkerInvocation.Payload
    /// Which build's workers measure this cell.
    var build = Build.this

    init(cell: Cell, payload: PreparedPayload, planJSON: String, build: Build = .this) throws {
        self.cell = cell
        self.payload = payload
        self.planJSON = planJSON
        self.build = build
        switch cell.source {
        case .generated(let profile):
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            source = .profileJSON(String(decoding: try encoder.encode(profile), as: UTF8.self))
        case .file(let url):
            source = .file(url.path)
        }
    }

    /// A worker for `pass` that generates or reads its bytes as the cell's source says, as the
    /// first generation's does. The counting and instruction passes use it too: with the parent's
    /// file, whose path's length changes with the run id, instruction counts and the peak heap
    /// differed run to run (figures: Notebook, "Figures behind the code").
    func worker(_ pass: WorkerReport.Pass, verified: Bool = false) -> WorkerInvocation {
        WorkerInvocation(strategy: cell.strategy.id, planJSON: planJSON, payload: source, pass: pass, verified: verified)
    }

    /// A worker for `pass` of a later generation: the bytes the first one verified, from the
    /// parent's file, not verified again.
    func workerOnVerifiedBytes(_ pass: WorkerReport.Pass) -> WorkerInvocation {
        WorkerInvocation(
            strategy: cell.strategy.id, planJSON: planJSON, payload: .file(payload.file.path), pass: pass, verified: true)
    }

    var identity: CellIdentity {
        CellIdentity(
            group: cell.strategy.group, strategy: cell.strategy.id,
            expectation: cell.strategy.expectation.rawValue, profile: cell.source.name,
            bytes: payload.bytes, sha256: payload.sha256, elements: payload.elements,
            seed: cell.source.seed, knobs: cell.source.knobs)
    }
}
