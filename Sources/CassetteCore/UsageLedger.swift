import Foundation

/// Which recorded interactions one test process served, for `cassette prune`.
///
/// Each test process that opens cassettes writes one ledger file into the ledger folder
/// (`.build/cassette-usage/` of the package by default, outside the repository; `CASSETTE_USAGE_LEDGER`
/// names another folder, or `off` disables it). A ledger says whether its run selected tests
/// (`swift test --filter` or `--skip`), since such a run leaves other tests' interactions unused.
public struct UsageLedger: Sendable, Equatable {
    /// The environment variable naming the ledger folder, or `off`.
    public static let environmentVariable = "CASSETTE_USAGE_LEDGER"

    /// Whether the run selected a subset of tests.
    public var filtered: Bool
    /// The test process's arguments, for the message when prune refuses a filtered run.
    public var arguments: [String]
    /// Usage by cassette file, keyed by the path relative to the package root.
    public var cassettes: [String: CassetteUsage]

    /// How one cassette was used in a run.
    public struct CassetteUsage: Sendable, Equatable {
        /// The number of interactions the file held when it was opened.
        public var interactionCount: Int
        /// The positions of the interactions that were served, ascending.
        public var served: [Int]

        public init(interactionCount: Int, served: [Int]) {
            self.interactionCount = interactionCount
            self.served = served
        }
    }

    public init(filtered: Bool, arguments: [String], cassettes: [String: CassetteUsage] = [:]) {
        self.filtered = filtered
        self.arguments = arguments
        self.cassettes = cassettes
    }

    /// Whether test-runner arguments select a subset of tests.
    public static func selectsTests(_ arguments: [String]) -> Bool {
        arguments.contains {
            $0 == "--filter" || $0 == "--skip" || $0.hasPrefix("--filter=") || $0.hasPrefix("--skip=")
        }
    }

    /// The default ledger folder of a package.
    public static func defaultDirectory(packageRoot: URL) -> URL {
        packageRoot.appendingPathComponent(".build").appendingPathComponent("cassette-usage")
    }

    /// The canonical JSON of the ledger.
    public func encoded() -> Data {
        let entries = cassettes.map { path, usage in
            JSONValue.Member(
                path,
                .object([
                    .init("interactionCount", .integer(usage.interactionCount)),
                    .init("served", .array(usage.served.map { .integer($0) })),
                ]))
        }
        let value = JSONValue.object([
            .init("arguments", .array(arguments.map { .string($0) })),
            .init("cassettes", .object(sorting: entries)),
            .init("filtered", .bool(filtered)),
        ])
        var writer = JSONWriter(style: .pretty)
        writer.write(value)
        return Data(writer.takeOutput() + [0x0A])
    }

    /// Reads a ledger file written by ``encoded()``.
    public static func decode(_ data: Data, path: String) throws(CassetteReadError) -> UsageLedger {
        func invalid(_ why: String) -> CassetteReadError {
            CassetteReadError(path: path, reason: .invalid("not a usage ledger: \(why)"))
        }
        let value = try CassetteReadError.parseJSON(data, path: path)
        guard case .bool(let filtered)? = value["filtered"], case .array(let rawArguments)? = value["arguments"],
            case .object(let entries)? = value["cassettes"]
        else { throw invalid("expected \"arguments\", \"cassettes\" and \"filtered\"") }
        let arguments = rawArguments.compactMap { argument -> String? in
            if case .string(let text) = argument { return text }
            return nil
        }
        var cassettes: [String: CassetteUsage] = [:]
        for entry in entries {
            guard case .number(let count)? = entry.value["interactionCount"], let interactionCount = Int(count),
                case .array(let rawServed)? = entry.value["served"]
            else { throw invalid("bad entry for \(entry.key)") }
            let served = rawServed.compactMap { index -> Int? in
                if case .number(let literal) = index { return Int(literal) }
                return nil
            }
            cassettes[entry.key] = CassetteUsage(interactionCount: interactionCount, served: served)
        }
        return UsageLedger(filtered: filtered, arguments: arguments, cassettes: cassettes)
    }

    /// Every ledger file in `directory`, oldest first (file names start with a timestamp).
    public static func readAll(in directory: URL) throws -> [(file: URL, ledger: UsageLedger)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return try names.filter { $0.hasPrefix("run-") && $0.hasSuffix(".json") }.sorted().map { name in
            let file = directory.appendingPathComponent(name)
            return (file, try decode(Data(contentsOf: file), path: file.path))
        }
    }
}
