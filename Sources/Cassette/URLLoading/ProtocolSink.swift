import CassetteCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An answer handed to a `URLProtocol`'s client, as URLSession expects it on each platform.
///
/// A redirected response is served as its final hop with the final URL, which is what the real
/// Linux stack shows the caller (a URLProtocol cannot hand a redirect to the session there).
///
/// A body goes to the client in one `didLoad` call at the end, unless `deliversChunks`: then each
/// chunk of a streamed body goes in a `didLoad` call of its own, as it is played. On Linux,
/// `data(for:)` and completion-handler tasks keep only the *last* of several `didLoad` calls (the
/// others are lost without an error), while a data delegate gets one `didReceive` per call; and a
/// `URLProtocol` cannot tell the two kinds of task apart there (`task.delegate` is the session's
/// delegate for both). So chunks are delivered one by one only to sessions made with a data
/// delegate (``Cassette/session(configuration:delegate:)``), and every other session gets the
/// whole body in one call. On Apple platforms every kind of task takes several calls (reported, not
/// measurable here), so chunks are delivered one by one to every session there.
///
/// Its methods run on the protocol's client queue, one at a time (``ClientQueue``), which is what
/// makes the unchecked `Sendable` sound.
final class ProtocolSink: AnswerSink, @unchecked Sendable {
    private let loader: UncheckedBox<ReplayProtocol>
    private var body = Data()
    private let deliversChunks: Bool
    /// Set by `stopLoading()`: nothing more goes to the client.
    private let stopped: Locked<Bool>
    /// Where the response head of an answer served as recorded is kept, and that answer's position
    /// in the cassette (``Playback/position``); `nil` to build the head for this request alone.
    private let reusedHead: (heads: ResponseHeads, position: Int)?

    init(
        _ loader: ReplayProtocol, deliversChunks: Bool, stopped: Locked<Bool> = Locked(false),
        reusing reusedHead: (heads: ResponseHeads, position: Int)? = nil
    ) {
        self.loader = UncheckedBox(value: loader)
        self.deliversChunks = deliversChunks
        self.stopped = stopped
        self.reusedHead = reusedHead
    }

    func head(_ recorded: RecordedResponse) {
        let loader = loader.value
        guard let client = loader.client else { return }
        let url = recorded.url.flatMap { URL(string: $0) } ?? loader.request.url ?? URL(fileURLWithPath: "/")
        let build = {
            HTTPURLResponse(
                url: url, statusCode: recorded.status, httpVersion: "HTTP/1.1",
                headerFields: ProtocolSink.fields(recorded.headers))
        }
        let response =
            if let reusedHead { reusedHead.heads.response(at: reusedHead.position, url: url, build: build) } else {
                build()
            }
        guard let response else {
            client.urlProtocol(loader, didFailWithError: URLError(.badServerResponse))
            return
        }
        client.urlProtocol(loader, didReceive: response, cacheStoragePolicy: .notAllowed)
    }

    func chunk(_ data: Data) {
        guard !stopped.withLock({ $0 }) else { return }
        guard deliversChunks else {
            // A body of one chunk (every buffered answer) is handed on as it is, not copied.
            if body.isEmpty { body = data } else { body.append(data) }
            return
        }
        let loader = loader.value
        loader.client?.urlProtocol(loader, didLoad: data)
    }

    func finish() {
        guard !stopped.withLock({ $0 }) else { return }
        let loader = loader.value
        guard let client = loader.client else { return }
        if !body.isEmpty { client.urlProtocol(loader, didLoad: body) }
        client.urlProtocolDidFinishLoading(loader)
    }

    func fail(_ error: any Error) {
        guard !stopped.withLock({ $0 }) else { return }
        let loader = loader.value
        // What arrived before a stream was cut, in one call (the chunks went one by one already).
        if !body.isEmpty { loader.client?.urlProtocol(loader, didLoad: body) }
        loader.client?.urlProtocol(loader, didFailWithError: error)
    }

    /// Header fields for `HTTPURLResponse`: fields of one name (in any case) joined with `, `.
    ///
    /// Built on every first serve of an answer, on the path a stub's request takes, so a response's
    /// few fields are compared with the ones before them in place (names of unequal length, nearly
    /// all, differ at once); only a head of many fields is indexed by folded name.
    private static func fields(_ headers: [HTTPHeader]) -> [String: String] {
        var fields: [String: String] = [:]
        fields.reserveCapacity(headers.count)
        guard headers.count <= 32 else {
            // The name each field was first spelled with, by its folded form.
            var spellings: [[UInt8]: String] = [:]
            for header in headers {
                let folded = header.foldedName
                if let existing = spellings[folded] {
                    fields[existing]! += ", " + header.value
                } else {
                    spellings[folded] = header.name
                    fields[header.name] = header.value
                }
            }
            return fields
        }
        for (index, header) in headers.enumerated() {
            if let first = headers[..<index].first(where: { HTTPHeader.namesEqual($0.name, header.name) }) {
                fields[first.name]! += ", " + header.value
            } else {
                fields[header.name] = header.value
            }
        }
        return fields
    }
}
