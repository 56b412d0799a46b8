import CassetteProcess
import CassetteTestSupport
import Foundation

extension CommandRun {
    /// The binary SwiftPM built beside this test bundle (`.build/debug/cassette`).
    static let binary: URL = {
        let besideBundle = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("cassette")
        if FileManager.default.isExecutableFile(atPath: besideBundle.path) { return besideBundle }
        let besideExecutable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("cassette")
        if FileManager.default.isExecutableFile(atPath: besideExecutable.path) { return besideExecutable }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/debug/cassette")
    }()

    /// Runs the built `cassette arguments...` in `directory`, with `CASSETTE_USAGE_LEDGER` removed from
    /// the environment unless `environment` sets it.
    init(binary arguments: [String], in directory: URL, environment: [String: String] = [:]) throws {
        try self.init(executable: Self.binary, arguments, in: directory, environment: environment)
    }

    /// Runs `executable` with `arguments` in `directory`, with this process's environment (without
    /// `CASSETTE_USAGE_LEDGER`) and `environment` over it.
    init(executable: URL, _ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws {
        var variables = ProcessInfo.processInfo.environment
        variables.removeValue(forKey: "CASSETTE_USAGE_LEDGER")
        variables.merge(environment) { $1 }
        self = try CommandRun.capturing(executable: executable, arguments, in: directory, environment: variables) {
            $0.waitUntilExit()
        }
    }
}

extension ScratchPackage {
    /// Runs the built `cassette arguments...` in the package folder.
    func run(_ arguments: String..., environment: [String: String] = [:]) throws -> CommandRun {
        try CommandRun(binary: arguments, in: root, environment: environment)
    }
}
