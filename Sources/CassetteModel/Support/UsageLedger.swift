import Foundation

/// Which recorded interactions one test process served, for `cassette prune`.
///
/// Each test process that opens cassettes writes one ledger file into the ledger folder
/// (`.build/cassette-usage/` of the package by default, outside the repository; `CASSETTE_USAGE_LEDGER`
/// names another folder, or `off` disables it). A ledger says whether its run selected tests
/// (`swift test --filter` or `--skip`), since such a run leaves other tests' interactions unused.
package struct UsageLedger: Sendable, Equatable {
    /// The environment variable naming the ledger folder, or `off`.
    package static let environmentVariable = EnvironmentVariable.usageLedger

    /// Whether the run selected a subset of tests.
    package var filtered: Bool
    /// The test process's arguments, for the message when prune refuses a filtered run.
    package var arguments: [String]
    /// Which test run the process belonged to: processes started by one `swift test` share it
    /// (``currentRun``); `nil` in ledgers written before it was kept.
    package var run: String?
    /// Usage by cassette file, keyed by the path relative to the package root.
    package var cassettes: [String: CassetteUsage]

    /// How one cassette was used in a run.
    package struct CassetteUsage: Sendable, Equatable {
        /// The SHA-256 of the file's bytes as the run saw them (read for replay, or written by a
        /// recording): usage counts only for the content it was seen with. `nil` in ledgers written
        /// before it was kept, which prune ignores.
        package var contentHash: String?
        /// The number of interactions the file held when it was opened.
        package var interactionCount: Int
        /// The positions of the interactions that were served, ascending.
        package var served: [Int]
        /// The `swift test --filter` patterns of the tests that used the cassette, sorted.
        package var tests: [String]
        /// Whether a test failed while it used the cassette (an error, a failed expectation, a replay
        /// miss): what that run served is then no evidence of what the cassette needs.
        package var failed: Bool
        /// The `--filter` patterns of the tests that failed, when they are known, sorted.
        package var failedTests: [String]

        package init(
            contentHash: String? = nil, interactionCount: Int, served: [Int], tests: [String] = [],
            failed: Bool = false,
            failedTests: [String] = []
        ) {
            self.contentHash = contentHash
            self.interactionCount = interactionCount
            self.served = served
            self.tests = tests
            self.failed = failed
            self.failedTests = failedTests
        }
    }

    package init(filtered: Bool, arguments: [String], run: String? = nil, cassettes: [String: CassetteUsage] = [:]) {
        self.filtered = filtered
        self.arguments = arguments
        self.run = run
        self.cassettes = cassettes
    }

    /// This process's test run: its parent's process id and start time, which the test processes one
    /// `swift test` starts share, and no later run does.
    package static var currentRun: String {
        let parent = getppid()
        #if os(Linux)
            // The 22nd field of /proc/PID/stat is the process's start time, in clock ticks since boot.
            if let stat = try? String(contentsOfFile: "/proc/\(parent)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            {
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                if fields.count > 19 { return "\(parent)-\(fields[19])" }
            }
        #endif
        return "\(parent)"
    }

    /// Whether test-runner arguments select a subset of tests.
    package static func selectsTests(_ arguments: [String]) -> Bool {
        arguments.contains {
            $0 == "--filter" || $0 == "--skip" || $0.hasPrefix("--filter=") || $0.hasPrefix("--skip=")
        }
    }

    /// The default ledger folder of a package.
    package static func defaultDirectory(packageRoot: URL) -> URL {
        packageRoot.appendingPathComponent(".build").appendingPathComponent("cassette-usage")
    }

    /// The canonical JSON of the ledger.
    package func encoded() -> Data {
        let entries = cassettes.map { path, usage in
            JSONValue.Member(
                path,
                .object(
                    sorting: (usage.contentHash.map { [JSONValue.Member("contentHash", .string($0))] } ?? [])
                        + (usage.failed ? [.init("failed", .bool(true))] : [])
                        + (usage.failedTests.isEmpty
                            ? [] : [.init("failedTests", .array(usage.failedTests.map { .string($0) }))])
                        + (usage.tests.isEmpty ? [] : [.init("tests", .array(usage.tests.map { .string($0) }))]) + [
                            .init("interactionCount", .integer(usage.interactionCount)),
                            .init("served", .array(usage.served.map { .integer($0) })),
                        ]))
        }
        var members: [JSONValue.Member] = [
            .init("arguments", .array(arguments.map { .string($0) })),
            .init("cassettes", .object(sorting: entries)),
            .init("filtered", .bool(filtered)),
        ]
        if let run { members.append(.init("run", .string(run))) }
        let value = JSONValue.object(sorting: members)
        var writer = JSONWriter(style: .pretty)
        writer.write(value)
        return Data(writer.takeOutput() + [0x0A])
    }

    /// Reads a ledger file written by ``encoded()``.
    ///
    /// - Throws: ``CassetteReadError`` naming the file, with the line, column and JSON path of what
    ///   does not fit a ledger.
    package static func decode(_ data: Data, path: String) throws(CassetteReadError) -> UsageLedger {
        let value = try CassetteReadError.parseJSON(data, path: path)
        do throws(JSONShapeError) {
            let top = try JSONObjectReader(
                value, path: [], what: "a usage ledger", keys: ["arguments", "cassettes", "filtered", "run"])
            let arguments = try top.strings("arguments", nonEmpty: false)
            let entries = try top.required("cassettes")
            guard case .object(let members) = entries else {
                throw JSONShapeError(
                    path: [.key("cassettes")], message: "expected an object, found \(entries.kindName)")
            }
            var cassettes: [String: CassetteUsage] = [:]
            for member in members {
                let entry = try JSONObjectReader(
                    member.value, path: [.key("cassettes"), .key(member.key)], what: "a cassette's usage",
                    keys: ["contentHash", "failed", "failedTests", "interactionCount", "served", "tests"])
                let served = try (entry.array("served") ?? []).enumerated().map {
                    index, element throws(JSONShapeError) in
                    try JSONObjectReader.integer(
                        element, path: entry.path + [.key("served"), .index(index)], in: 0...Int.max)
                }
                cassettes[member.key] = CassetteUsage(
                    contentHash: try entry.optionalString("contentHash"),
                    interactionCount: try entry.integer("interactionCount", in: 0...Int.max), served: served,
                    tests: try entry.strings("tests", nonEmpty: false),
                    failed: entry.optional("failed") == nil ? false : try entry.bool("failed"),
                    failedTests: try entry.strings("failedTests", nonEmpty: false))
            }
            return UsageLedger(
                filtered: try top.bool("filtered"), arguments: arguments, run: try top.optionalString("run"),
                cassettes: cassettes)
        } catch {
            throw CassetteReadError(
                shape: error, in: data, path: path, reason: .invalid("not a usage ledger: \(error.message)"))
        }
    }

    /// Every ledger file in `directory`, oldest first (file names start with a timestamp).
    package static func readAll(in directory: URL) throws -> [(file: URL, ledger: UsageLedger)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return try names.filter { $0.hasPrefix("run-") && $0.hasSuffix(".json") }.sorted().map { name in
            let file = directory.appendingPathComponent(name)
            return (file, try decode(Data(contentsOf: file), path: file.path))
        }
    }

    /// Removes the ledger files of `directory` that `cassette prune` no longer needs: every one but
    /// those of the test run `currentRun`, of the newest run before it that did not select tests, and
    /// those whose names sort at or after `keepingFrom` (processes that started since). Files that
    /// cannot be read are left alone.
    ///
    /// - Returns: The files removed.
    @discardableResult
    package static func removeStale(in directory: URL, currentRun: String, keepingFrom newest: String) -> [URL] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasPrefix("run-") && $0.hasSuffix(".json") }.sorted()
        var readable: [(name: String, ledger: UsageLedger)] = []
        for name in names where name < newest {
            let file = directory.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: file), let ledger = try? decode(data, path: file.path) else {
                continue
            }
            readable.append((name, ledger))
        }
        let complete = readable.last { !$0.ledger.filtered && $0.ledger.run != currentRun }
        let keptRun = complete.map { $0.ledger.run ?? "file:" + $0.name }
        var removed: [URL] = []
        for (name, ledger) in readable {
            let run = ledger.run ?? "file:" + name
            guard run != currentRun, run != keptRun else { continue }
            let file = directory.appendingPathComponent(name)
            if (try? FileManager.default.removeItem(at: file)) != nil { removed.append(file) }
        }
        return removed
    }

    /// The tests that used the cassette `key`, by the newest ledger of `ledgers` that names any:
    /// `swift test --filter` patterns.
    package static func tests(using key: String, in ledgers: [UsageLedger]) -> [String] {
        for ledger in ledgers.reversed() {
            let tests = ledger.cassettes[key]?.tests ?? []
            if !tests.isEmpty { return tests }
        }
        return []
    }
}
