import CassetteCore
import Foundation

/// `cassette drift`: what the last verify runs found, for a scheduled job to report.
enum DriftCommand: Command {
    static let name = "drift"
    static let abstract = "Report how the live API drifted from the cassettes (after CASSETTE_MODE=verify)."
    static let discussion = """
        Reads the drift reports that test processes write when they verify cassettes against the
        live API (CASSETTE_MODE=verify swift test): one file per process in .build/cassette-drift
        of the package; $CASSETTE_DRIFT_REPORTS or --reports names another folder. Prints each
        request whose live answer drifted (status, Content-Type, JSON fields added, removed or
        changed in type), then the value changes, which are often expected, and a summary.

        Exits 0 when nothing drifted, 1 when something did or there is no report.
        Typical scheduled job:
          rm -rf .build/cassette-drift && CASSETTE_MODE=verify swift test; swift run cassette drift
        """

    static let reports = CommandOption.value("--reports", valueName: "dir", help: "The folder of drift reports.")
    static let clear = CommandOption.flag("--clear", help: "Remove the reports after printing them.")
    static let options = [reports, clear]
    static let arguments: [CommandArgument] = []

    static func run(_ parsed: ParsedArguments, in context: CommandContext) throws(UsageError) -> ExitStatus {
        guard
            let (directory, _) = RunFolder.locate(
                option: parsed.value(of: Self.reports), variable: DriftLedger.environmentVariable,
                defaultDirectory: DriftLedger.defaultDirectory, in: context)
        else {
            context.console.error(
                "error: no Package.swift in \(context.currentDirectory.path) or above it, so there is no default "
                    + "drift folder; run cassette drift in your package, or pass --reports DIR")
            return .failure
        }
        let files: [(file: URL, ledger: DriftLedger)]
        do throws(CassetteReadError) {
            files = try DriftLedger.readAll(in: directory)
        } catch {
            context.console.error("\(error.description)")
            return .failure
        }
        guard !files.isEmpty else {
            context.console.error(
                "error: no drift reports in \(context.displayPath(directory.path)); run CASSETTE_MODE=verify swift "
                    + "test first (it needs the live API, and is refused when CI is set)")
            return .failure
        }
        // A cassette verified by several processes (or runs) adds up.
        var byCassette: [String: (checked: Int, interactions: [InteractionDrift])] = [:]
        for (_, ledger) in files {
            for (key, report) in ledger.reports {
                byCassette[key, default: (0, [])].checked += report.checked
                byCassette[key, default: (0, [])].interactions += report.interactions
            }
        }
        var drifted: [InteractionDrift] = []
        var checked = 0
        var values: [String] = []
        for key in byCassette.keys.sorted() {
            let (count, interactions) = byCassette[key]!
            checked += count
            for drift in interactions {
                let place = drift.index.map { "interactions[\($0)] " } ?? ""
                if drift.hasDrift {
                    drifted.append(drift)
                    context.console.out("\(key): \(place)\(drift.request): " + drift.summary.joined(separator: "; "))
                }
                values += drift.changedValues.map { "\(key) \(place)\($0)" }
            }
        }
        if !values.isEmpty {
            context.console.out("also changed in value, which is often expected:")
            for value in values { context.console.out("  " + value) }
        }
        let cassettes = byCassette.count == 1 ? "cassette" : "cassettes"
        let requests = checked == 1 ? "request" : "requests"
        if drifted.isEmpty {
            context.console.error(
                "the live API matches the recordings in \(checked) \(requests) of \(byCassette.count) \(cassettes)")
        } else {
            let endpoints = Set(drifted.map { endpoint(of: $0.request) }).count
            let driftedCassettes = Set(drifted.map(\.cassettePath)).count
            context.console.error(
                "the live API drifted in \(endpoints) \(endpoints == 1 ? "endpoint" : "endpoints") "
                    + "(\(drifted.count) of \(checked) \(requests), \(driftedCassettes) of \(byCassette.count) "
                    + "\(cassettes)); re-record with CASSETTE_MODE=record swift test --filter <test>")
        }
        if parsed.isSet(Self.clear) {
            for (file, _) in files { try? FileManager.default.removeItem(at: file) }
        }
        return drifted.isEmpty ? .success : .failure
    }

    /// `GET https://api.example.com/v1/users` of `GET https://api.example.com/v1/users?page=2`: a
    /// method and a URL without its query.
    static func endpoint(of request: String) -> String {
        String(request.prefix { $0 != "?" })
    }
}
