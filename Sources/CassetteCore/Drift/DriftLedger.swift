import Foundation

/// The drift reports of one test process, for `cassette drift`: each test process that verifies
/// cassettes (`CASSETTE_MODE=verify`) writes one file into the drift folder (`.build/cassette-drift/`
/// of the package by default; `CASSETTE_DRIFT_REPORTS` names another folder, or `off`).
package struct DriftLedger: Sendable, Equatable {
    /// The environment variable naming the folder, or `off`.
    package static let environmentVariable = EnvironmentVariable.driftReports

    /// The test process's arguments.
    package var arguments: [String]
    /// The report of each cassette, keyed by its path relative to the package root.
    package var reports: [String: DriftReport]

    package init(arguments: [String], reports: [String: DriftReport] = [:]) {
        self.arguments = arguments
        self.reports = reports
    }

    /// The default folder of a package.
    package static func defaultDirectory(packageRoot: URL) -> URL {
        packageRoot.appendingPathComponent(".build").appendingPathComponent("cassette-drift")
    }

    /// The canonical JSON of the ledger.
    package func encoded() -> Data {
        func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
        let entries = reports.map { key, report in
            JSONValue.Member(
                key,
                .object([
                    .init("checked", .integer(report.checked)),
                    .init(
                        "interactions",
                        .array(
                            report.interactions.map { drift in
                                var members: [JSONValue.Member] = [
                                    .init("addedFields", strings(drift.addedFields)),
                                    .init("changedHeaders", strings(drift.changedHeaders)),
                                    .init("changedValues", strings(drift.changedValues)),
                                    .init("removedFields", strings(drift.removedFields)),
                                    .init("request", .string(drift.request)),
                                    .init("retypedFields", strings(drift.retypedFields)),
                                ]
                                if let index = drift.index { members.append(.init("index", .integer(index))) }
                                if let status = drift.status {
                                    members.append(
                                        .init(
                                            "status",
                                            .object([
                                                .init("live", .integer(status.live)),
                                                .init("recorded", .integer(status.recorded)),
                                            ])))
                                }
                                if let type = drift.contentType {
                                    members.append(
                                        .init(
                                            "contentType",
                                            .object([
                                                .init("live", .string(type.live)),
                                                .init("recorded", .string(type.recorded)),
                                            ])
                                        ))
                                }
                                if let error = drift.transportError {
                                    members.append(.init("transportError", .string(error)))
                                }
                                return .object(sorting: members)
                            })),
                ]))
        }
        let value = JSONValue.object([
            .init("arguments", strings(arguments)), .init("cassettes", .object(sorting: entries)),
        ])
        var writer = JSONWriter(style: .pretty)
        writer.write(value)
        return Data(writer.takeOutput() + [0x0A])
    }

    /// Reads a file written by ``encoded()``.
    ///
    /// - Throws: `CassetteReadError` naming the file and what does not fit.
    package static func decode(_ data: Data, path: String) throws(CassetteReadError) -> DriftLedger {
        let value = try CassetteReadError.parseJSON(data, path: path)
        do throws(JSONShapeError) {
            let top = try JSONObjectReader(value, path: [], what: "a drift report", keys: ["arguments", "cassettes"])
            let cassettes = try top.required("cassettes")
            guard case .object(let members) = cassettes else {
                throw JSONShapeError(
                    path: [.key("cassettes")], message: "expected an object, found \(cassettes.kindName)")
            }
            var reports: [String: DriftReport] = [:]
            for member in members {
                let entry = try JSONObjectReader(
                    member.value, path: [.key("cassettes"), .key(member.key)], what: "a cassette's drift",
                    keys: ["checked", "interactions"])
                let keys = [
                    "addedFields", "changedHeaders", "changedValues", "contentType", "index", "removedFields",
                    "request",
                    "retypedFields", "status", "transportError",
                ]
                var interactions: [InteractionDrift] = []
                for item in try entry.objects("interactions", what: "an interaction's drift", keys: keys) {
                    var drift = InteractionDrift(
                        cassettePath: member.key, index: try item.optionalInteger("index", in: 0...Int.max),
                        request: try item.string("request"))
                    drift.addedFields = try item.strings("addedFields")
                    drift.removedFields = try item.strings("removedFields")
                    drift.retypedFields = try item.strings("retypedFields")
                    drift.changedValues = try item.strings("changedValues")
                    drift.changedHeaders = try item.strings("changedHeaders")
                    drift.transportError = try item.optionalString("transportError")
                    if let status = try item.object("status", what: "a status change", keys: ["live", "recorded"]) {
                        drift.status = .init(
                            recorded: try status.integer("recorded", in: 0...999),
                            live: try status.integer("live", in: 0...999))
                    }
                    if let type = try item.object(
                        "contentType", what: "a media type change", keys: ["live", "recorded"])
                    {
                        drift.contentType = .init(recorded: try type.string("recorded"), live: try type.string("live"))
                    }
                    interactions.append(drift)
                }
                reports[member.key] = DriftReport(
                    cassettePath: member.key, checked: try entry.integer("checked", in: 0...Int.max),
                    interactions: interactions)
            }
            return DriftLedger(arguments: try top.strings("arguments", nonEmpty: false), reports: reports)
        } catch {
            throw CassetteReadError(
                shape: error, in: data, path: path, reason: .invalid("not a drift report: \(error.message)"))
        }
    }

    /// Every drift file in `directory`, oldest first (file names start with a timestamp).
    package static func readAll(in directory: URL) throws(CassetteReadError) -> [(file: URL, ledger: DriftLedger)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var result: [(file: URL, ledger: DriftLedger)] = []
        for name in names.filter({ $0.hasPrefix("run-") && $0.hasSuffix(".json") }).sorted() {
            let file = directory.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: file) else { continue }
            result.append((file, try decode(data, path: file.path)))
        }
        return result
    }
}
