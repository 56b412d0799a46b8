import CassetteCore
import CassetteHTTPServer
import Foundation

/// Header fields across the wire: what of a client's request is recorded and forwarded, and what of
/// a recorded response goes back on the wire.
///
/// The server frames bodies itself, and each hop has its own connection: the connection's fields
/// (`Connection`, `Keep-Alive`, `Transfer-Encoding`, ..., and those `Connection` names) and the
/// framing (`Content-Length`) belong to one hop and are neither recorded nor replayed.
/// `Accept-Encoding` is dropped too: a cassette stores bodies decoded, so a client is always
/// answered uncompressed, whatever it accepts, and URLSession asks the upstream for what it decodes.
package enum WireHeaders {
    /// Fields of one connection (RFC 9110 section 7.6.1), and the framing.
    static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade",
        "content-length",
    ]

    /// Fields of a client's request that are neither recorded nor forwarded.
    static let unrecorded: Set<String> = hopByHop.union(["host", "expect", "accept-encoding"])

    /// The header that names a cassette in a folder.
    package static let cassetteName = "Cassette-Name"

    /// The request headers to record and forward: the client's, in order, without the hop's own
    /// fields and without `dropping` (the selection header of a folder server).
    static func recorded(_ headers: [(name: String, value: String)], dropping: String? = nil) -> [HTTPHeader] {
        let named = Set(
            headers.filter { $0.name.lowercased() == "connection" }
                .flatMap { $0.value.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        let dropped = dropping?.lowercased()
        return headers.compactMap { field in
            let name = field.name.lowercased()
            guard !unrecorded.contains(name), !named.contains(name), name != dropped else { return nil }
            return HTTPHeader(field.name, field.value)
        }
    }

    /// A recorded response's headers for the wire: without the recorded hop's fields, and without
    /// `Content-Length` unless `keepingLength` (a HEAD or 304 answer, whose length describes a body it
    /// does not carry).
    static func wire(_ headers: [HTTPHeader], keepingLength: Bool) -> [(name: String, value: String)] {
        headers.compactMap { header in
            let name = header.name.lowercased()
            if name == "content-length" { return keepingLength ? (header.name, header.value) : nil }
            return hopByHop.contains(name) ? nil : (header.name, header.value)
        }
    }

    /// Whether the recorded response came chunked, and is streamed back chunk by chunk as it is played.
    static func isChunked(_ headers: [HTTPHeader]) -> Bool {
        headers.contains { $0.hasName("Transfer-Encoding") && $0.value.lowercased().contains("chunked") }
    }
}
