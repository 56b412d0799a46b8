import Foundation

/// A HAR (HTTP Archive) file as `cassette import` reads it: the entries, each reduced to what a
/// cassette can hold plus the marks that decide whether it can be replayed at all.
///
/// Read with ``read(_:path:)`` (HAR 1.1 and 1.2, and later 1.x files with their unknown members
/// ignored, as the format asks). Extension members (`_`-prefixed) are accepted everywhere; the few
/// that matter here (`_fromCache`, `_resourceType`, `_webSocketMessages`, `_initiator`, `_error`, and
/// the ones `cassette export` writes) are read, the rest ignored.
package struct HARArchive: Sendable, Equatable {
    /// The `creator.name` that `cassette export` writes. A file with this creator is read back as the
    /// cassette it came from (``isCassetteExport``).
    package static let cassetteCreatorName = "Cassette"

    /// `log.version` (`1.1` when the file leaves it out or empty, as the format says).
    package var version: String
    /// `log.creator.name`, empty when absent.
    package var creatorName: String
    package var entries: [Entry]

    package init(version: String = "1.2", creatorName: String = "", entries: [Entry] = []) {
        self.version = version
        self.creatorName = creatorName
        self.entries = entries
    }

    /// Whether `cassette export` wrote the file: then its requests carry the headers the caller set
    /// (not what a browser put on the wire), and its redirect chains are marked, so it is read
    /// literally.
    package var isCassetteExport: Bool { creatorName == HARArchive.cassetteCreatorName }

    /// One `log.entries[]` element.
    package struct Entry: Sendable, Equatable {
        /// The entry's place in `log.entries`, for messages.
        package var index: Int
        /// `startedDateTime` as written.
        package var startedDateTime: String
        /// The UTC day of `startedDateTime` (`YYYY-MM-DD`).
        package var day: String
        package var request: Request
        package var response: Response
        /// `_resourceType` (Chrome, mitmproxy): `fetch`, `document`, `websocket`, `preflight`...
        package var resourceType: String?
        /// `_fromCache` (Chrome: `"memory"` or `"disk"`): the browser answered from its cache.
        package var fromCache = false
        /// Whether the entry has `_webSocketMessages` (Chrome, mitmproxy).
        package var hasWebSocketMessages = false
        /// `_initiator.type` (Chrome): `parser`, `script`, `preflight`, `other`...
        package var initiatorType: String?
        /// `_redirectHop` (written by `cassette export`): this entry is a redirect hop of the
        /// interaction that continues with the next entry.
        package var isRedirectHop = false
        /// `_cassetteRequest` (written by `cassette export` when an interaction's request differs
        /// from its first redirect hop): the method and URL the caller asked for.
        package var cassetteRequest: MethodAndURL?
        /// `_responseURL` (written by `cassette export` when the interaction's response has a URL of
        /// its own): the final URL after redirects.
        package var cassetteResponseURL: String?

    }

    /// A request's method and URL.
    package struct MethodAndURL: Sendable, Equatable {
        package var method: String
        package var url: String

    }

    /// An entry's `request`: method, URL, headers in file order, and the body from `postData`.
    package struct Request: Sendable, Equatable {
        package var method: String
        package var url: String
        package var headers: [HTTPHeader] = []
        /// The body: `postData.text` (base64-decoded when `postData` says `encoding: base64`), or
        /// `postData.params` encoded as the `mimeType` says; `nil` without `postData`.
        package var body: Data?

    }

    /// An entry's `response`.
    package struct Response: Sendable, Equatable {
        /// `status`; `0` when no response arrived.
        package var status: Int
        package var headers: [HTTPHeader] = []
        /// `content.text`, base64-decoded when `content.encoding` is `base64`; `nil` when the file
        /// holds no text.
        package var body: Data?
        /// Whether `content.text` was present (an empty text is a body known to be empty).
        package var hasText = false
        /// Whether `content.size` says the body had bytes (so a missing `text` lost them).
        package var declaresContent = false
        /// `redirectURL`, empty when absent.
        package var redirectURL = ""
        /// `_urlErrorCode` (written by `cassette export` for a transport error): the `URLError` code.
        package var urlErrorCode: Int?

    }
}
