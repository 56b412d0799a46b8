import CassetteCore
import Foundation

/// Interactions replay can never serve.
///
/// Replay serves an interaction when a live request's identity equals the recorded request's,
/// and a live request's URL is always `URL.absoluteString` of a `URL`. So a recorded URL that no
/// `URL` spells is unreachable: one `URL(string:)` rejects, or one it re-spells (an unescaped
/// space becomes `%20`), after the normalisation matching applies to both sides.
///
/// Not unreachable, measured on Linux with a session whose protocol classes hold a replay
/// protocol: URLs of other schemes (`ftp:`, `file:`, `mailto:`) and relative URLs reach the
/// protocol; a method that is not an HTTP token (`GE T`) is sent as set; `HTTPURLResponse` is made
/// for any status, so statuses outside 100–599 are served. Duplicate requests are served in
/// recorded order.
enum Reachability {
    /// Why the request can never be matched, or `nil` when a live request can match it.
    static func problem(with request: RecordedRequest) -> String? {
        guard let url = URL(string: request.url) else {
            return "its request URL \"\(request.url)\" does not parse (URL(string:) rejects it), "
                + "so no live request carries it"
        }
        let live = url.absoluteString
        guard live == request.url || RequestIdentity.normalizedURL(live) == RequestIdentity.normalizedURL(request.url)
        else {
            return "URLSession sends its request URL \"\(request.url)\" as \"\(live)\", which does not match it"
        }
        return nil
    }
}
