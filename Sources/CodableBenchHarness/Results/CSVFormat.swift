import CodableBenchCore
import CSV
import Foundation

/// RFC 4180 CSV, written line by line (so rows reach the disk as each cell finishes) and read with
/// CSV.swift, which handles quoted separators and newlines.
package enum CSVFormat {
    package static func line(_ fields: [String]) -> String {
        fields.map(quote).joined(separator: ",") + "\n"
    }

    static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Appends text to a file and closes it, so what was written survives an interrupted run.
    static func append(_ text: String, to file: URL) throws {
        if !FileManager.default.fileExists(atPath: file.path) {
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// Header and rows of a CSV file. Errors are one line and name the file.
    static func read(_ file: URL) throws -> (header: [String], rows: [[String]]) {
        let text: String
        do { text = try String(contentsOf: file, encoding: .utf8) } catch {
            throw CommandError.input("cannot read \(file.path): not a readable UTF-8 file")
        }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw CommandError.input("\(file.path) is empty")
        }
        do {
            let reader = try CSVReader(string: text, hasHeaderRow: true)
            let header = reader.headerRow ?? []
            var rows: [[String]] = []
            while let row = reader.next() {
                guard row.count == header.count else {
                    throw CommandError.input("\(file.path): row \(rows.count + 2) has \(row.count) fields, the header \(header.count)")
                }
                rows.append(row)
            }
            if let error = reader.error { throw error }
            return (header, rows)
        } catch let error as CommandError {
            throw error
        } catch {
            throw CommandError.input("\(file.path) is not valid CSV (\(error))")
        }
    }
}
