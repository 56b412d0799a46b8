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
