import Foundation

/// Which build's workers measure a cell: this one, or `ab`'s baseline build, at its executable.
enum Build: Hashable, Sendable {
    case this
    case baseline(URL)

    var isBaseline: Bool { self != .this }

    /// The executable whose workers measure the cell.
    var executable: URL {
        switch self {
        case .this: return CurrentExecutable.url
        case .baseline(let executable): return executable
        }
    }

    /// Its name in cold.csv's `build` column and in the cold pass's keys.
    var name: String { isBaseline ? ColdProcess.baselineBuild : ColdProcess.thisBuild }
}
