import Foundation
import Testing

/// `scripts/fetch-corpora.py`, offline: from a local folder, from a local HTTP server on the
/// loopback address, with a digest that differs, and with no server at all.
@Suite("Fetching the corpora")
struct FetchCorporaTests {
    static let script = TestSupport.packageRoot.appendingPathComponent("scripts/fetch-corpora.py")
    static let python = URL(fileURLWithPath: "/usr/bin/env")
    static let corpora = TestSupport.shared.appendingPathComponent("corpora")
    static var hasCorpora: Bool { FileManager.default.fileExists(atPath: corpora.appendingPathComponent("canada.json").path) }

    static func fetch(_ arguments: [String]) throws -> TestSupport.Execution {
        try TestSupport.run(["python3", script.path] + arguments, program: python)
    }

    @Test(.enabled(if: hasCorpora, "needs ../shared/corpora (the project's shared folder)"))
    func fromAFolderTheFilesAreCopiedAndVerified() throws {
        let to = try TestSupport.temporaryDirectory()
        let first = try Self.fetch(["--from", Self.corpora.path, "--to", to.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("canada.json: fetched, digest verified"))
        for name in ["twitter.json", "citm_catalog.json", "canada.json", "NOTICE"] {
            #expect(FileManager.default.fileExists(atPath: to.appendingPathComponent(name).path), "\(name)")
        }
        let again = try Self.fetch(["--from", "/nonexistent", "--to", to.path])
        #expect(again.status == 0 && again.stdout.contains("twitter.json: already there, digest verified"))
    }

    /// A server on 127.0.0.1 with an ephemeral port, started by Python beside the script.
    @Test(.enabled(if: hasCorpora, "needs ../shared/corpora (the project's shared folder)"))
    func fromALocalHTTPServer() throws {
        let to = try TestSupport.temporaryDirectory()
        let program = """
            import functools, http.server, subprocess, sys, threading
            handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
            handler.log_message = lambda *args: None
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            url = f"http://127.0.0.1:{server.server_address[1]}/"
            status = subprocess.call([sys.executable, sys.argv[2], "--from", url, "--to", sys.argv[3]])
            server.shutdown()
            sys.exit(status)
            """
        let run = try TestSupport.run(
            ["python3", "-c", program, Self.corpora.path, Self.script.path, to.path], program: Self.python)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.components(separatedBy: "fetched, digest verified").count == 4, "\(run.stdout)")
    }

    @Test func aFileWhoseDigestDiffersIsNotKept() throws {
        let from = try TestSupport.temporaryDirectory(), to = try TestSupport.temporaryDirectory()
        try Data("{\"statuses\": []}".utf8).write(to: from.appendingPathComponent("twitter.json"))
        let run = try Self.fetch(["--from", from.path, "--to", to.path])
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix("error: twitter.json: SHA-256 ") && run.stderr.hasSuffix("; not kept\n")
                && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: to.appendingPathComponent("twitter.json").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: to.path).isEmpty)
    }

    @Test func offlineIsOneLineAndExitOne() throws {
        let to = try TestSupport.temporaryDirectory()
        // Port 9 (discard) on the loopback address: nothing listens, the connection is refused.
        let run = try Self.fetch(["--from", "http://127.0.0.1:9/", "--to", to.path])
        #expect(run.status == 1)
        #expect(
            run.stderr.hasPrefix("error: cannot fetch http://127.0.0.1:9/twitter.json (")
                && run.stderr.contains("offline? Pass --from with a folder that holds the files")
                && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }
}
