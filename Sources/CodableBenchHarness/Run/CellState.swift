import Foundation
import CodableBenchCore

/// What the parent knows about a cell while its forks run.
struct CellState {
    let cell: Cell
    let payload: PreparedPayload
    /// A worker's arguments: it generates or reads the payload and verifies the decode.
    let arguments: [String]
    /// The same for a later process generation: the payload from the parent's file and no
    /// verification. (The counting and instruction passes generate the payload as the first
    /// generation does: with the file's path, whose length changes with the run id, the
    /// instruction counts differed run to run by ~0.01%, and the peak heap moved by 1.2%.)
    let verifiedArguments: [String]
    /// Another build's executable whose workers measure this cell (`ab`'s baseline); nil: this one.
    var executable: URL? = nil

    init(cell: Cell, payload: PreparedPayload, arguments: [String], verifiedArguments: [String], executable: URL? = nil) {
        self.cell = cell
        self.payload = payload
        self.arguments = arguments
        self.verifiedArguments = verifiedArguments
        self.executable = executable
    }

    var identity: CellIdentity {
        CellIdentity(
            group: cell.strategy.group, strategy: cell.strategy.id,
            expectation: cell.strategy.expectation.rawValue, profile: cell.source.name,
            bytes: payload.bytes, sha256: payload.sha256, elements: payload.elements,
            seed: cell.source.seed, knobs: cell.source.knobs)
    }
}
