import CassetteModel

extension ScrubEngine {
    /// One message of an AWS event stream (`application/vnd.amazon.eventstream`: Bedrock's
    /// streamed answers, Transcribe, S3 Select): its headers' bytes and its payload's.
    struct EventStreamMessage {
        var headers: ArraySlice<UInt8>
        var payload: ArraySlice<UInt8>
    }

    /// The messages of an AWS event stream, each framed by its total length, its headers' length,
    /// a CRC-32 of that prelude and one of the whole message; `nil` unless the bytes are such
    /// messages end to end, every checksum true.
    static func eventStreamMessages(_ bytes: [UInt8]) -> [EventStreamMessage]? {
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        var messages: [EventStreamMessage] = []
        var index = 0
        while index < bytes.count {
            guard index + 16 <= bytes.count else { return nil }
            let total = word(index)
            let headersLength = word(index + 4)
            guard total >= 16 + headersLength, index + total <= bytes.count,
                crc32(bytes[index..<(index + 8)]) == UInt32(word(index + 8)),
                crc32(bytes[index..<(index + total - 4)]) == UInt32(word(index + total - 4))
            else { return nil }
            let headersStart = index + 12
            messages.append(
                EventStreamMessage(
                    headers: bytes[headersStart..<(headersStart + headersLength)],
                    payload: bytes[(headersStart + headersLength)..<(index + total - 4)]))
            index += total
        }
        return messages.isEmpty ? nil : messages
    }

    /// One message framed again: lengths and both checksums made true for its new payload.
    static func eventStreamMessage(headers: ArraySlice<UInt8>, payload: [UInt8]) -> [UInt8] {
        func word(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        var message = word(16 + headers.count + payload.count) + word(headers.count)
        message += word(Int(crc32(message)))
        message += headers
        message += payload
        message += word(Int(crc32(message)))
        return message
    }

    /// An AWS event stream with each message's text payload scrubbed as text (the JSON of a
    /// Bedrock chunk, its base64 `bytes` opened too) and the messages framed again around it, so a
    /// placeholder of another length keeps every length and checksum true: `nil` when the body is
    /// no event stream, `.some(nil)` when nothing changed.
    mutating func walkEventStream(_ bytes: [UInt8], path: [JSONPathComponent]) -> [UInt8]?? {
        guard bytes.count >= 16, let messages = ScrubEngine.eventStreamMessages(bytes) else { return nil }
        let saved = fitsLength
        fitsLength = false
        defer { fitsLength = saved }
        var output: [UInt8] = []
        var changed = false
        for (number, message) in messages.enumerated() {
            var payload = Array(message.payload)
            if let text = String(validating: message.payload, as: UTF8.self) {
                places.append("in the payload of event stream message \(number)")
                let scrubbed = process(text, kind: .text(nil), path: path)
                places.removeLast()
                if scrubbed != text {
                    payload = Array(scrubbed.utf8)
                    changed = true
                }
            }
            output += ScrubEngine.eventStreamMessage(headers: message.headers, payload: payload)
        }
        return .some(changed ? output : nil)
    }
}
