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
}
