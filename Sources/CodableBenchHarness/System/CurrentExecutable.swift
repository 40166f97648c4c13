import Foundation
import CodableBenchCore

/// This process's executable: workers and the counting passes run the same binary.
enum CurrentExecutable {
    static var url: URL {
        if let path = SystemCalls.executablePath() { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    }
}
