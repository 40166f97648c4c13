import Foundation
import CodableBenchCore

/// This process's executable: workers and the counting passes run the same binary. Found once:
/// a run asks for it at every worker's launch, thousands of times.
enum CurrentExecutable {
    static let url: URL = {
        if let path = SystemFiles.executablePath() { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    }()

    /// Its SHA-256, which names the build in run.json (`run --resume` continues a run only with
    /// the build that measured it).
    static let sha256: String = SHA256.hex(of: (try? Data(contentsOf: url, options: .alwaysMapped)) ?? Data())

    /// The SHA-256 of `executable`: this one's as above, another (`ab`'s baseline build) hashed
    /// once a process, for the count cache's keys and the counted copy's folder alike.
    static func sha256(of executable: URL) -> String {
        guard executable != url else { return sha256 }
        return otherDigests.withLock { known in
            if let digest = known[executable.path] { return digest }
            let digest = SHA256.hex(of: (try? Data(contentsOf: executable, options: .alwaysMapped)) ?? Data())
            known[executable.path] = digest
            return digest
        }
    }

    private static let otherDigests = Locked<[String: String]>([:])
}
