import Cassette
import CassetteCore
import CassetteHTTPServer
import Foundation

/// The cassettes a server answers from, and which one answers a request: the one file, or in a
/// folder the cassette the request names, opened when first asked for.
///
/// In a folder, the `Cassette-Name` header names the cassette (`Users/Create` is
/// `FOLDER/Users/Create.json`); without it the first segment of the path does, and is removed from
/// the path that is matched and forwarded (`/UserAPI/v1/users` is `/v1/users` of `UserAPI.json`;
/// `%2F` in the segment reaches a subfolder). A name cannot leave the folder.
final class CassetteShelf: Sendable {
    private let settings: ServeSettings
    private let single: ServedCassette?
    private let opened = Locked<[String: Result<ServedCassette, ServeFailure>]>([:])

    /// Opens the cassette of a one-file server now, so that a problem stops the server before it listens.
    ///
    /// - Throws: ``ServeFailure`` when the file cannot be served.
    init(_ settings: ServeSettings) throws(ServeFailure) {
        self.settings = settings
        single =
            settings.isFolder
            ? nil
            : try ServedCassette.open(
                settings.path, displayPath: settings.displayPath, settings: settings)
    }

    /// Every cassette opened so far, in the order of their names.
    var cassettes: [ServedCassette] {
        if let single { return [single] }
        return opened.withLock { $0 }.sorted { $0.key < $1.key }.compactMap { try? $0.value.get() }
    }

    /// The cassette that answers `request`, and the path and query it stands for there.
    func select(_ request: HTTPServerRequest) -> Result<(ServedCassette, String), ServeFailure> {
        if let single {
            guard request.header(WireHeaders.cassetteName) == nil else {
                return .failure(
                    ServeFailure(
                        "error: this server serves the one cassette \(settings.displayPath); the "
                            + "\(WireHeaders.cassetteName) header chooses a cassette only when serving a folder "
                            + "(cassette serve FOLDER)"))
            }
            return .success((single, request.pathAndQuery))
        }
        let name: String
        let rest: String
        if let header = request.header(WireHeaders.cassetteName) {
            (name, rest) = (header, request.pathAndQuery)
        } else {
            let target = request.pathAndQuery
            let afterSlash = target.dropFirst(target.hasPrefix("/") ? 1 : 0)
            let segmentEnd = afterSlash.firstIndex { $0 == "/" || $0 == "?" } ?? afterSlash.endIndex
            let segment = String(afterSlash[..<segmentEnd])
            name = segment.removingPercentEncoding ?? segment
            let tail = afterSlash[segmentEnd...]
            rest = tail.hasPrefix("/") ? String(tail) : "/" + tail
        }
        return cassette(named: name).map { ($0, rest) }
    }

    /// The cassette `name` of the folder, opened once; a failure to open it is kept too.
    private func cassette(named name: String) -> Result<ServedCassette, ServeFailure> {
        let relative = name.hasSuffix(".json") ? name : name + ".json"
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\\"),
            !name.unicodeScalars.contains(where: { $0.value < 0x20 }),
            parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
        else {
            let given = name.isEmpty ? "no cassette name" : "the cassette name '\(name)'"
            return .failure(
                ServeFailure(
                    "error: \(given) cannot be served from \(settings.displayPath): name a cassette of the folder "
                        + "by the first path segment (/NAME/v1/...) or the \(WireHeaders.cassetteName) header, "
                        + "without '..' or a leading '/'"))
        }
        return opened.withLock { opened in
            if let known = opened[relative] { return known }
            let url = settings.path.appendingPathComponent(relative)
            let display =
                (settings.displayPath.hasSuffix("/") ? settings.displayPath : settings.displayPath + "/")
                + relative
            var result: Result<ServedCassette, ServeFailure>
            do throws(ServeFailure) {
                if settings.mode != .replay {
                    // Recording may create a subfolder's cassette.
                    try? FileManager.default.createDirectory(
                        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                }
                result = .success(try ServedCassette.open(url, displayPath: display, settings: settings))
            } catch {
                result = .failure(error)
            }
            opened[relative] = result
            return result
        }
    }
}
