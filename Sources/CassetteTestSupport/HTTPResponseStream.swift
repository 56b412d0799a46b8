/// A streamed response body: each chunk is written and flushed on its own (one HTTP chunk each, so a
/// URLSession data delegate gets one `didReceive` per chunk), `pause` before each one after the first.
package struct HTTPResponseStream: Sendable {
    package var chunks: [[UInt8]]
    /// The wait before every chunk but the first (cut short by `TestHTTPServer.stop()`).
    package var pause: Duration
    /// Close the connection after the chunks without the terminating chunk, as a server that fails
    /// mid-stream does: the client sees the chunks, then an error.
    package var cutBeforeEnd: Bool

    package init(chunks: [[UInt8]], pause: Duration = .zero, cutBeforeEnd: Bool = false) {
        self.chunks = chunks
        self.pause = pause
        self.cutBeforeEnd = cutBeforeEnd
    }

    /// Each string as one chunk of UTF-8 bytes.
    package init(texts: [String], pause: Duration = .zero, cutBeforeEnd: Bool = false) {
        self.init(chunks: texts.map { Array($0.utf8) }, pause: pause, cutBeforeEnd: cutBeforeEnd)
    }

    /// The chunks joined: what `data(for:)` should get.
    package var body: [UInt8] { chunks.flatMap { $0 } }
}
