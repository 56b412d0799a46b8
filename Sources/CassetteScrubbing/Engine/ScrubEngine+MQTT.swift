extension ScrubEngine {
    /// The password of an MQTT CONNECT packet at the start of a binary body (MQTT 3.1, 3.1.1 and 5,
    /// over a WebSocket or HTTP bridge): after the fixed header, the protocol name (`MQTT`,
    /// `MQIsdp`), level, flags and keep-alive, then (in 5) the properties, the payload's client id,
    /// will (when its flag is set), user name and password fields, each with its 16-bit length.
    /// `nil` when the body is no CONNECT packet or its flags say it carries no password.
    static func mqttConnectPassword(_ bytes: [UInt8]) -> Range<Int>? {
        guard bytes.count >= 14, bytes[0] == 0x10 else { return nil }
        var index = 1
        func varint() -> Int? {
            var value = 0
            for shift in stride(from: 0, to: 28, by: 7) {
                guard index < bytes.count else { return nil }
                let byte = bytes[index]
                index += 1
                value |= Int(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
            }
            return nil
        }
        func field() -> Range<Int>? {
            guard index + 2 <= bytes.count else { return nil }
            let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
            index += 2
            guard index + length <= bytes.count else { return nil }
            defer { index += length }
            return index..<(index + length)
        }
        guard let remaining = varint(), index + remaining <= bytes.count, let name = field(),
            bytes[name].elementsEqual("MQTT".utf8) || bytes[name].elementsEqual("MQIsdp".utf8),
            index + 4 <= bytes.count
        else { return nil }
        let level = bytes[index]
        let flags = bytes[index + 1]
        index += 4
        guard flags & 0x40 != 0, flags & 0x01 == 0 else { return nil }
        if level == 5 {
            guard let properties = varint(), index + properties <= bytes.count else { return nil }
            index += properties
        }
        guard field() != nil else { return nil }
        if flags & 0x04 != 0 {
            if level == 5 {
                guard let properties = varint(), index + properties <= bytes.count else { return nil }
                index += properties
            }
            guard field() != nil, field() != nil else { return nil }
        }
        if flags & 0x80 != 0 { guard field() != nil else { return nil } }
        guard let password = field(), !password.isEmpty else { return nil }
        return password
    }
}
