import Foundation

/// `cassette import` and `cassette export` as file operations: read, map, scrub, write
/// atomically. The command-line tool parses options, calls these, and prints the summary.
package enum HARImporter {
    /// Imports the HAR file at `harURL` into the cassette at `cassetteURL`.
    ///
    /// The interactions go through the cassette's project scrubber and the canonical writer, as
    /// recorded ones do, in recording order: the order their requests started in
    /// (``HARImport/interactions(from:options:)``). With `append` they follow the cassette's own
    /// interactions, which keep their order. The cassette is written atomically, and only with bytes that read back; the
    /// folders its path names are created.
    ///
    /// - Parameters:
    ///   - harPath: The HAR file as messages name it.
    ///   - cassettePath: The cassette as messages name it.
    ///   - append: Add to the interactions of an existing cassette (which must be readable) rather
    ///     than replace it.
    ///   - configurations: Where the cassette's project configuration (scrubber, match rules) comes
    ///     from.
    /// - Throws: ``HARImportError``; nothing is written then.
    package static func importHAR(
        at harURL: URL, harPath: String, into cassetteURL: URL, cassettePath: String,
        options: HARImportOptions = HARImportOptions(), append: Bool = false,
        configurations: ProjectConfigurations = ProjectConfigurations()
    ) throws(HARImportError) -> HARImportSummary {
        let archive: HARArchive
        do {
            archive = try HARArchive.read(from: harURL, path: harPath)
        } catch {
            throw .har(error)
        }
        let result = HARImport.interactions(from: archive, options: options)
        let matcher: RequestMatcher
        do throws(ConfigurationError) {
            matcher = try configurations.configuration(forCassetteAt: cassetteURL).matcher()
        } catch {
            throw .configuration(error)
        }
        let scrubber = matcher.scrubber
        let exists = FileManager.default.fileExists(atPath: cassetteURL.path)
        var existing: [Interaction] = []
        if append && exists {
            existing = try readCassette(at: cassetteURL, path: cassettePath).interactions
        }
        // The cassette's interactions stay as they are; the HAR's follow, in recording order.
        let document = CassetteDocument(interactions: existing + result.interactions)
        let output = scrubber.scrub(document).encoded()
        do throws(CassetteReadError) {
            _ = try CassetteDocument.decode(output, path: cassettePath)
        } catch {
            throw .unreadableOutput(cassettePath, error.message)
        }
        do {
            try createFolder(of: cassetteURL)
            try AtomicFile.write(output, to: cassetteURL)
        } catch {
            throw .write(error)
        }
        return HARImportSummary(
            harPath: harPath, cassettePath: cassettePath, result: result, existingCount: existing.count,
            replaced: exists && !append)
    }

    /// Exports the cassette at `cassetteURL` as a HAR 1.2 file at `harURL`, written atomically.
    ///
    /// - Returns: How many interactions and HAR entries were written.
    /// - Throws: ``HARImportError``; nothing is written then.
    package static func exportCassette(at cassetteURL: URL, cassettePath: String, to harURL: URL)
        throws(HARImportError) -> (interactions: Int, entries: Int)
    {
        let document = try readCassette(at: cassetteURL, path: cassettePath)
        do {
            try createFolder(of: harURL)
            try AtomicFile.write(HARExport.data(of: document), to: harURL)
        } catch {
            throw .write(error)
        }
        let entries = document.interactions.reduce(0) { $0 + $1.redirects.count + 1 }
        return (document.interactions.count, entries)
    }

    /// Creates the folder `url` goes in, and the folders above it, as recording does for a cassette.
    private static func createFolder(of url: URL) throws(AtomicWriteError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw AtomicWriteError(
                path: url.path, step: "create the folder \(folder.path)", reason: error.localizedDescription)
        }
    }

    /// Reads a cassette, naming it `path` in errors.
    private static func readCassette(at url: URL, path: String) throws(HARImportError) -> CassetteDocument {
        do throws(CassetteReadError) {
            return try CassetteDocument.read(from: url, naming: path)
        } catch {
            throw .unreadableCassette(error)
        }
    }
}

/// Which entries of a HAR file `cassette import` keeps.
package struct HARImportOptions: Sendable, Equatable {
    /// Keep only requests with one of these methods (compared case-insensitively); all when empty.
    package var methods: [String]
    /// Keep only requests whose URL matches one of these patterns (``RequestPattern``: a glob over the
    /// whole URL when it holds `*`, a substring otherwise); all when empty.
    package var urlPatterns: [RequestPattern]

    package init(methods: [String] = [], urlPatterns: [RequestPattern] = []) {
        self.methods = methods
        self.urlPatterns = urlPatterns
    }

    /// Whether a request (the first of a redirect chain) is kept. Both kinds of filter must pass
    /// when both are given; within a kind, any one match is enough.
    package func keeps(method: String, url: String) -> Bool {
        (methods.isEmpty || methods.contains { $0.uppercased() == method.uppercased() })
            && (urlPatterns.isEmpty || urlPatterns.contains { $0.matches(method: method, url: url) })
    }
}

/// What `cassette import` did, in the words its summary prints.
package struct HARImportSummary: Sendable, Equatable, CustomStringConvertible {
    package var harPath: String
    package var cassettePath: String
    package var result: HARImport.Result
    /// How many interactions the cassette had before an `--append`.
    package var existingCount: Int
    /// Whether an existing cassette was replaced (no `--append`).
    package var replaced: Bool

    /// One line per fact: what was imported, what was skipped and why, what the filters left out.
    package var description: String {
        let imported = result.interactions.count
        let entries = "\(result.entryCount) \(result.entryCount == 1 ? "entry" : "entries")"
        var line = "\(harPath): \(imported) \(imported == 1 ? "interaction" : "interactions") from \(entries)"
        if existingCount > 0 {
            line += " added to the \(existingCount) already in \(cassettePath)"
        } else {
            line += " written to \(cassettePath)\(replaced ? " (replaced)" : "")"
        }
        if result.mergedHops > 0 {
            line += " (\(result.mergedHops) \(result.mergedHops == 1 ? "entry" : "entries") merged as redirect hops)"
        }
        var lines = [line]
        let skippedCount = result.skipped.values.reduce(0, +)
        if skippedCount > 0 {
            let reasons = result.skipped.sorted { $0.key < $1.key }.map { $0.key.phrase(count: $0.value) }
            lines.append(
                "skipped \(skippedCount) \(skippedCount == 1 ? "entry" : "entries"): \(reasons.joined(separator: ", "))"
            )
        }
        if result.filteredOut > 0 {
            let count = result.filteredOut
            lines.append("left out \(count) \(count == 1 ? "request" : "requests") not matching --method/--url-pattern")
        }
        if result.withoutBodyText > 0 {
            let count = result.withoutBodyText
            lines.append(
                "warning: \(count) \(count == 1 ? "response has" : "responses have") a body size but no content.text "
                    + "in the HAR (exported without bodies?); imported without a body")
        }
        return lines.joined(separator: "\n")
    }
}

/// Why `cassette import` or `cassette export` wrote nothing.
package enum HARImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HAR file cannot be read or does not fit the mapping.
    case har(HARReadError)
    /// The cassette (to export, or to append to) cannot be read; it is left unchanged.
    case unreadableCassette(CassetteReadError)
    /// The project's `.cassette.json` cannot be used, so nothing can be scrubbed.
    case configuration(ConfigurationError)
    /// The output would not read back as a cassette (a bug: please report it).
    case unreadableOutput(String, String)
    /// The output file could not be written; the old one, if any, is unchanged.
    case write(AtomicWriteError)

    package var description: String {
        switch self {
        case .har(let error): return error.description
        case .unreadableCassette(let error): return "\(error); the cassette was left unchanged"
        case .configuration(let error): return "\(error)"
        case .unreadableOutput(let path, let message):
            return "\(path): error: the imported cassette would not read back (\(message)); nothing was written"
        case .write(let error): return error.description
        }
    }
}
